//! Tiny, large and sliver shapes: the same configurations at very different scales give the
//! hand-derived answers, relative to their size.

use septa::{collide, contact, overlaps, ConvexPolygon, OrientedBox, Pose, Real, Vector};

fn square(half: Real) -> ConvexPolygon {
    ConvexPolygon::rectangle(Vector::splat(half)).unwrap()
}

#[test]
fn the_same_overlap_at_every_scale() {
    // Two squares of half size h, the second moved right by 1.9h: they overlap by 0.1h along x,
    // and the manifold is b's left edge clipped to a: (0.9h, ±h), depth 0.1h each.
    for h in [1e-4 as Real, 1e-2, 1.0, 1e2, 1e4] {
        let (a, b) = (square(h), square(h));
        let pb = Pose::from_translation(Vector::new(1.9 * h, 0.0));
        let c = contact(&a, Pose::IDENTITY, &b, pb).unwrap();
        assert!(c.normal.abs_diff_eq(Vector::X, 1e-6), "h {h}: {c:?}");
        assert!((c.depth / (0.1 * h) - 1.0).abs() < 1e-4, "h {h}: depth {}", c.depth);
        let m = collide(&a, Pose::IDENTITY, &b, pb).unwrap();
        assert_eq!(m.points().len(), 2);
        for p in m.points() {
            assert!(
                (p.point.x / (0.9 * h) - 1.0).abs() < 1e-5 && (p.point.y.abs() / h - 1.0).abs() < 1e-5,
                "h {h}: {p:?}"
            );
            assert!((p.depth / (0.1 * h) - 1.0).abs() < 1e-4);
        }
        // and apart by 0.1h when moved to 2.1h
        assert!(!overlaps(&a, Pose::IDENTITY, &b, Pose::from_translation(Vector::new(2.1 * h, 0.0))));
    }
}

#[test]
fn slivers_with_aspect_ratio_a_million() {
    // A needle 2 long and 2e-6 thick (aspect 1e6), lying across the top of a unit square that it
    // sinks into by 0.5e-6 of its thickness: y from 1 - 0.5e-6 to 1 + 1.5e-6. Depth 0.5e-6 along
    // +y, both needle ends clipped to the square's top corners.
    let needle = ConvexPolygon::rectangle(Vector::new(1.0, 1e-6)).unwrap();
    assert_eq!(needle.len(), 4, "the sliver keeps its corners");
    let at = Pose::from_translation(Vector::new(0.0, 1.0 + 0.5e-6));
    let c = contact(&square(1.0), Pose::IDENTITY, &needle, at).unwrap();
    assert!(c.normal.abs_diff_eq(Vector::Y, 1e-6), "{c:?}");
    assert!((c.depth - 0.5e-6).abs() < 1e-7, "depth {}", c.depth);
    // The same needle as an oriented box, turned by 90°, standing on the square's right side.
    let standing = OrientedBox::new(Vector::ZERO, Vector::new(1.0, 1e-6), septa::consts::FRAC_PI_2).unwrap();
    let beside = Pose::from_translation(Vector::new(1.0 + 0.5e-6, 0.0));
    let c = contact(&square(1.0), Pose::IDENTITY, &standing, beside).unwrap();
    assert!(c.normal.abs_diff_eq(Vector::X, 1e-6) && (c.depth - 0.5e-6).abs() < 1e-7, "{c:?}");
    // Moved 1e-6 further out, the needle clears the square by 0.5e-6.
    let clear = Pose::from_translation(Vector::new(0.0, 1.0 + 1.5e-6));
    assert!(!overlaps(&square(1.0), Pose::IDENTITY, &needle, clear));
}
