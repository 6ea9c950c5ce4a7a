//! Fuzz finding 7 (fuzz/README.md), 2D: the trace read its verdict off shadows shifted into
//! the world frame in f32, so an overlap smaller than the world grid (half an f32 ulp of the
//! shapes' coordinates) vanished, and the trace said `Separated` where `overlaps` said true.
//!
//! Shapes at x = 1e5 and 1e5 + 1.4921875 (both exact in f32), with half widths 1 and `h`,
//! overlap by `1 + h − 1.4921875` along x (exact in f64), which for `h` near 0.4921875 is below
//! half an ulp at 1e5 (0.0039). The trace's verdict must be that f64 one, in both orders.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use septa::{overlaps, trace, Circle, ConvexPolygon, OrientedBox, Pose, Real, Shape, Vector, Verdict};

const X: f64 = 1e5;
const OFFSET: f64 = 1.4921875;

/// The half widths `h` tried, around touching (`1 + h = OFFSET`), with their overlap.
fn widths() -> impl Iterator<Item = (Real, f64)> {
    (-8..=8).map(|k| {
        let h = (OFFSET - 1.0 + k as f64 * 4e-4) as Real;
        (h, 1.0 + h as f64 - OFFSET)
    })
}

/// Both orders of the trace agree with the f64 verdict, and with `overlaps`; a colliding
/// trace's depth is the overlap (the shapes are pushed apart along x, where they overlap least).
fn check(a: &Shape, b: &Shape, overlap: f64, what: &str) {
    let pa = Pose::from_translation(Vector::new(X as Real, 0.0));
    let pb = Pose::from_translation(Vector::new((X + OFFSET) as Real, 0.0));
    assert_eq!(pb.translation.x as f64, X + OFFSET, "exact in f32");
    let truth = overlap > 0.0;
    assert_eq!(overlaps(a, pa, b, pb), truth, "{what}: overlaps, overlap {overlap}");
    for (t, order) in [(trace(a, pa, b, pb), "(a, b)"), (trace(b, pb, a, pa), "(b, a)")] {
        assert_eq!(t.collides(), truth, "{what} {order}: trace {:?}, overlap {overlap}", t.verdict);
        if let Verdict::Colliding { contact, .. } = t.verdict {
            assert!(
                (contact.depth as f64 - overlap).abs() <= 1e-6,
                "{what} {order}: trace depth {} but overlap {overlap}",
                contact.depth
            );
        }
    }
}

#[test]
fn polygons_far_from_the_origin() {
    let a: Shape = ConvexPolygon::rectangle(Vector::ONE).unwrap().into();
    for (h, overlap) in widths() {
        let b: Shape = ConvexPolygon::rectangle(Vector::splat(h)).unwrap().into();
        check(&a, &b, overlap, &format!("rectangles, h = {h}"));
    }
}

#[test]
fn boxes_far_from_the_origin() {
    let a: Shape = OrientedBox::new(Vector::ZERO, Vector::ONE, 0.0).unwrap().into();
    for (h, overlap) in widths() {
        let b: Shape = OrientedBox::new(Vector::ZERO, Vector::splat(h), 0.0).unwrap().into();
        check(&a, &b, overlap, &format!("boxes, h = {h}"));
    }
}

#[test]
fn circles_far_from_the_origin() {
    let a: Shape = Circle::new(Vector::ZERO, 1.0).unwrap().into();
    for (h, overlap) in widths() {
        let b: Shape = Circle::new(Vector::ZERO, h).unwrap().into();
        check(&a, &b, overlap, &format!("circles, r = {h}"));
    }
}
