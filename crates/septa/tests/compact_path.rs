//! `collide` on two small polygons without a shortcut of their own (irregular 3- to 8-gons)
//! reads only the `Compact` blocks the polygons hold; it must give exactly the answers of the
//! general path, which reads the polygons' lists:
//!
//! * which polygons keep a `Compact` block (small ones that are neither parallelograms nor
//!   symmetric about their origin);
//! * the same bits as the general path (the polygons behind a wrapper that hides every
//!   shortcut) on random irregular pairs, from deep overlaps through grazing ones to apart;
//! * a hand-computed manifold: a quadrilateral resting on a pentagon, turned by an exact quarter
//!   turn and by an arbitrary angle.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod plain;
mod rng;

use plain::Plain;
use rng::Rng;
use septa::pair::polygon_polygon::{collide, contact, overlaps};
use septa::{ConvexPolygon, Feature, Polygonal, Pose, Real, Rot, Vector, COMPACT_MAX};

/// A random irregular convex polygon of `sides` vertices: points on a random ellipse at sorted
/// random angles (in strictly convex position), off the origin by up to `shift`.
fn irregular(rng: &mut Rng, sides: usize, shift: Real) -> ConvexPolygon {
    loop {
        let mut angles: Vec<Real> = (0..sides).map(|_| rng.range(0.0, septa::consts::TAU)).collect();
        angles.sort_by(Real::total_cmp);
        let gaps_ok = (0..sides).all(|k| {
            let next = if k + 1 == sides { angles[0] + septa::consts::TAU } else { angles[k + 1] };
            (0.1..3.0).contains(&(next - angles[k]))
        });
        if !gaps_ok {
            continue;
        }
        let (rx, ry, turn) = (rng.range(0.5, 1.2), rng.range(0.3, 0.9), Rot::from_angle(rng.range(0.0, 7.0)));
        let centre = rng.vec(shift);
        let points: Vec<Vector> =
            angles.iter().map(|&t| turn.apply(Vector::new(rx * t.cos(), ry * t.sin())) + centre).collect();
        let polygon = ConvexPolygon::new(&points).unwrap();
        if polygon.len() == sides {
            return polygon;
        }
    }
}

#[test]
fn small_polygons_without_a_shortcut_keep_a_compact_block() {
    let mut rng = Rng(0xc0a1);
    for sides in 3..=COMPACT_MAX {
        let polygon = irregular(&mut rng, sides, 0.3);
        let compact = polygon.compact().expect("an irregular polygon of at most 8 vertices");
        assert_eq!(compact.len(), sides);
    }
    // Larger ones do not; nor do those with a shortcut of their own.
    assert!(irregular(&mut rng, COMPACT_MAX + 1, 0.3).compact().is_none());
    let rectangle = ConvexPolygon::rectangle(Vector::new(2.0, 0.5)).unwrap();
    assert!(rectangle.parallelogram().is_some() && rectangle.compact().is_none());
    let hexagon = ConvexPolygon::regular(6, 1.0, 0.2).unwrap();
    assert!(hexagon.symmetric().is_some() && hexagon.compact().is_none());
    // A regular pentagon has no opposite faces: it is compact.
    assert!(ConvexPolygon::regular(5, 1.0, 0.0).unwrap().compact().is_some());
}

#[test]
fn compact_pairs_collide_with_the_same_bits_as_the_general_path() {
    let mut rng = Rng(0x5eed_c0a1);
    let (mut compact, mut overlapping) = (0, 0);
    for round in 0..6000 {
        let (n, m) = (3 + round % 6, 3 + (round / 6) % 6);
        let (a, b) = (irregular(&mut rng, n, 0.4), irregular(&mut rng, m, 0.4));
        let reach = Polygonal::bounding_radius(&a) + Polygonal::bounding_radius(&b);
        let pa = Pose::new(rng.vec(50.0), rng.range(-4.0, 4.0));
        let pb = Pose::new(pa.translation + rng.vec(reach), rng.range(-4.0, 4.0));
        compact += (a.compact().is_some() && b.compact().is_some()) as usize;
        let expected = collide(&Plain(&a), pa, &Plain(&b), pb);
        assert_eq!(collide(&a, pa, &b, pb), expected, "{round}: {pa:?} {pb:?}");
        // The generic entry dispatches to the same function.
        assert_eq!(septa::collide(&a, pa, &b, pb), expected);
        // And the manifold exists exactly when the polygons overlap.
        assert_eq!(expected.is_some(), overlaps(&Plain(&a), pa, &Plain(&b), pb));
        assert_eq!(expected.is_some(), contact(&a, pa, &b, pb).is_some());
        overlapping += expected.is_some() as usize;
    }
    assert_eq!(compact, 6000);
    assert!((1500..4500).contains(&overlapping), "{overlapping} of 6000 overlap");
}

#[test]
fn a_quadrilateral_resting_on_a_pentagon() {
    // a's top edge runs from (2.5, 1) to (−2, 1); b's bottom edge from (−1, −0.5) to (1.5, −0.5).
    // With b's origin at (0, 1.375) its bottom edge lies at y = 0.875, 0.125 below a's top:
    //
    //            b  ______
    //             /       \
    //    ----(-1, .875)===(1.5, .875)----   a's top, y = 1
    //          |         a         |
    //
    // Both best faces separate by −0.125 (they are parallel), and ties go to a: a's top face is
    // the reference face, b's bottom edge the incident edge, within a's side planes, so the
    // points are b's two bottom corners, 0.125 deep each, and the normal points up, from a to b.
    let a = ConvexPolygon::new(&[
        Vector::new(-3.0, -1.0),
        Vector::new(3.0, -1.5),
        Vector::new(2.5, 1.0),
        Vector::new(-2.0, 1.0),
        Vector::new(-3.5, 0.0),
    ])
    .unwrap();
    let b = ConvexPolygon::new(&[
        Vector::new(-1.0, -0.5),
        Vector::new(1.5, -0.5),
        Vector::new(1.0, 1.0),
        Vector::new(-0.5, 0.75),
    ])
    .unwrap();
    assert!(a.compact().is_some() && b.compact().is_some());
    let expected_points = [(Vector::new(-1.0, 0.875), 0), (Vector::new(1.5, 0.875), 1)];
    // Unturned and turned a quarter turn (exact), the numbers are exact; turned by an
    // arbitrary angle, within rounding.
    let quarter = Rot { cos: 0.0, sin: 1.0 };
    let arbitrary = Rot::from_angle(0.7);
    for (rotation, tolerance) in [(Rot::IDENTITY, 0.0), (quarter, 0.0), (arbitrary, 1e-5)] {
        let place = |p: Vector| rotation.apply(p) + Vector::new(5.0, -3.0);
        let pa = Pose { translation: place(Vector::ZERO), rotation };
        let pb = Pose { translation: place(Vector::new(0.0, 1.375)), rotation };
        let m = collide(&a, pa, &b, pb).expect("b is sunk 0.125 into a");
        assert!((m.normal - rotation.apply(Vector::Y)).length() <= tolerance, "{:?}", m.normal);
        assert_eq!(m.points().len(), 2);
        for (point, (at, vertex)) in m.points().iter().zip(expected_points) {
            assert!((point.point - place(at)).length() <= 4.0 * tolerance, "{point:?}");
            assert!((point.depth - 0.125).abs() <= tolerance, "{point:?}");
            assert_eq!(point.id.a, Feature::Edge(2), "a's top face, from vertex 2 to vertex 3");
            assert_eq!(point.id.b, Feature::Vertex(vertex));
        }
        // b first: the same manifold turned around.
        let flipped = collide(&b, pb, &a, pa).unwrap();
        assert!((flipped.normal + m.normal).length() <= 2.0 * tolerance);
    }
}
