//! What the `f64` build adds over the f32 one: precision where f32 has none left. Every other
//! suite also runs under `--features f64`; these cases only make sense there (in f32 the
//! coordinates below are not even representable). Expected answers are by hand.
#![cfg(feature = "f64")]

use septa::{collide, contact, separation, Capsule, Circle, ConvexPolygon, Pose, Real, Vector};

fn v(x: Real, y: Real) -> Vector {
    Vector::new(x, y)
}

/// The axis-aligned square [x0, x0 + 1] × [0, 1], in world coordinates.
fn square_at(x0: Real) -> ConvexPolygon {
    ConvexPolygon::new(&[v(x0, 0.0), v(x0 + 1.0, 0.0), v(x0 + 1.0, 1.0), v(x0, 1.0)]).unwrap()
}

#[test]
fn real_is_f64() {
    assert_eq!(core::mem::size_of::<Real>(), 8);
    assert_eq!(core::mem::size_of::<Vector>(), 16);
}

#[test]
fn world_coordinates_a_billion_out_keep_micrometres() {
    // Two unit squares at x = 1e9, the second shifted by 0.75 (every coordinate is exact in
    // f64): they overlap by 0.25 along x, and by 1 along y, so the MTV is 0.25 along +x. In f32
    // the spacing of numbers near 1e9 is 64, so the squares could not even be written down.
    // No recentring: the shapes are built from absolute coordinates and placed at the origin.
    let x0: Real = 1e9;
    let a = square_at(x0);
    let b = square_at(x0 + 0.75);
    let c = contact(&a, Pose::IDENTITY, &b, Pose::IDENTITY).unwrap();
    assert!((c.normal - v(1.0, 0.0)).length() < 1e-9, "{c:?}");
    assert!((c.depth - 0.25).abs() < 1e-6, "{c:?}");
    // The manifold: b's left edge x = 1e9 + 0.75 clipped to a's right face's side planes
    // y ∈ [0, 1], both points 0.25 deep.
    let m = collide(&a, Pose::IDENTITY, &b, Pose::IDENTITY).unwrap();
    assert_eq!(m.points().len(), 2);
    for p in m.points() {
        assert!((p.depth - 0.25).abs() < 1e-6, "{p:?}");
        assert!((p.point.x - (x0 + 0.75)).abs() < 1e-6, "{p:?}");
    }
}

#[test]
fn poses_far_out_keep_nanometres() {
    // The same pair placed by poses 1e9 out: the query works in a's frame, where the relative
    // translation 0.75 is exact, so the depth is 0.25 to within a few ulps of 1.
    let (a, b) =
        (ConvexPolygon::rectangle(v(0.5, 0.5)).unwrap(), ConvexPolygon::rectangle(v(0.5, 0.5)).unwrap());
    let pa = Pose::from_translation(v(1e9, -3e9));
    let pb = Pose::from_translation(v(1e9 + 0.75, -3e9));
    let c = contact(&a, pa, &b, pb).unwrap();
    assert!((c.depth - 0.25).abs() < 1e-9, "{c:?}");
}

#[test]
fn distances_beyond_f64_squares_stay_finite() {
    // Centres 2e200 apart: the distance squared (4e400) overflows f64, so a naive length would
    // be infinite. The separation is 2e200 − 2 ≈ 2e200 along +x.
    let unit = Circle::new(Vector::ZERO, 1.0).unwrap();
    let s = separation(
        &unit,
        Pose::from_translation(v(-1e200, 0.0)),
        &unit,
        Pose::from_translation(v(1e200, 0.0)),
    );
    assert!((s.distance / 2e200 - 1.0).abs() < 1e-12, "{s:?}");
    assert!((s.normal - v(1.0, 0.0)).length() < 1e-12, "{s:?}");
    // A capsule's closest-point direction goes through the same path.
    let capsule = Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), 0.5).unwrap();
    let s = separation(&capsule, Pose::IDENTITY, &unit, Pose::from_translation(v(0.0, 3e200)));
    assert!((s.distance / 3e200 - 1.0).abs() < 1e-12, "{s:?}");
    assert!((s.normal - v(0.0, 1.0)).length() < 1e-12, "{s:?}");
}

#[test]
fn directions_below_f64_squares_stay_unit() {
    // Circles whose centres are 3e-200 apart along (0.6, 0.8) (so 1.8e-200, 2.4e-200): the
    // squares (≈ 1e-400) underflow to zero, so a naive normalisation would find no direction.
    // Deep overlap: depth 2 − 3e-200 = 2, normal (0.6, 0.8).
    let unit = Circle::new(Vector::ZERO, 1.0).unwrap();
    let c = contact(&unit, Pose::IDENTITY, &unit, Pose::from_translation(v(1.8e-200, 2.4e-200))).unwrap();
    assert!((c.normal - v(0.6, 0.8)).length() < 1e-12, "{c:?}");
    assert!((c.normal.length() - 1.0).abs() < 1e-12, "{c:?}");
    assert!((c.depth - 2.0).abs() < 1e-12, "{c:?}");
}
