//! Fuzz finding 5 (fuzz/README.md): lengths below about 1e-19 underflow when squared in f32.
//! Shapes smaller than `ShapeError::MIN_SIZE` are refused with a typed error; a capsule's half
//! length is measured without squaring its tiny core; and two capsule cores meeting within
//! rounding get a normal along which the push is the depth. Expected answers by hand.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use glam::{DQuat, DVec3};
use septa3d::{separation, Capsule, ConvexHull, Cuboid, Pose, Real, Rotation, ShapeError, Sphere, Vector};

/// Below the smallest size a cuboid, a sphere and a capsule are refused, naming their size;
/// at it they are built.
#[test]
fn shapes_below_the_smallest_size_are_refused() {
    let min = ShapeError::MIN_SIZE;
    let tiny = min / 2.0;
    assert_eq!(Cuboid::new(Vector::splat(tiny)), Err(ShapeError::TooSmall { size: tiny }));
    assert_eq!(Cuboid::new(Vector::new(tiny, tiny / 2.0, tiny)), Err(ShapeError::TooSmall { size: tiny }));
    assert!(Cuboid::new(Vector::splat(min)).is_ok());
    assert_eq!(Sphere::new(Vector::ONE, tiny), Err(ShapeError::TooSmall { size: tiny }));
    assert!(Sphere::new(Vector::ONE, min).is_ok());
    // A bare segment `tiny` long (half length tiny / 2) and a capsule of radius `tiny`.
    let (a, b) = (Vector::ZERO, Vector::new(tiny, 0.0, 0.0));
    assert_eq!(Capsule::new(a, b, 0.0), Err(ShapeError::TooSmall { size: tiny / 2.0 }));
    assert_eq!(Capsule::new(a, a, tiny), Err(ShapeError::TooSmall { size: tiny }));
    assert!(Capsule::new(a, Vector::new(2.0 * min, 0.0, 0.0), 0.0).is_ok());
    assert!(Capsule::new(a, b, min).is_ok(), "a tiny core with a radius is a sphere, and fine");
    // The message names the problem.
    let message = ShapeError::TooSmall { size: tiny }.to_string();
    assert!(message.contains("smallest size"), "{message}");
    // In the f32 build, finding 5's cuboid (its bounding radius was 0).
    #[cfg(not(feature = "f64"))]
    assert_eq!(Cuboid::new(Vector::splat(1e-40)), Err(ShapeError::TooSmall { size: 1e-40 }));
}

/// Finding 5's hull, 1.2e-38 across (in the f64 build, the same shape scaled to 1e-151): its
/// depth against a sphere came out 4.2e-32 where the push along x was 1.2e-38. Refused.
#[test]
fn hulls_below_the_smallest_size_are_refused() {
    let s = ShapeError::MIN_SIZE / 1e2 as Real;
    let points = [
        Vector::ZERO,
        Vector::new(0.0, s, 0.0),
        Vector::new(0.0, s / 4.0, s),
        Vector::new(s, s / 4.0, s / 4.0),
    ];
    assert!(
        matches!(ConvexHull::new(&points), Err(ShapeError::TooSmall { .. })),
        "{:?}",
        ConvexHull::new(&points)
    );
    // Scaled up to a millimetre it is an ordinary tetrahedron.
    assert!(ConvexHull::new(&points.map(|p| p * (1e-3 / s))).is_ok());
}

/// Finding 5: a capsule whose ends are 1e-30 apart had half length 0 in f32 (the squared
/// length 1e-60 underflows); with a radius it is a valid shape, and its half length is 5e-31.
#[test]
fn capsule_half_length_does_not_underflow() {
    let c = Capsule::new(Vector::new(1e-30, 0.0, 0.0), Vector::ZERO, 1.0).unwrap();
    assert_eq!(c.half_length(), 5e-31);
    let c = Capsule::new(Vector::new(3e-30, 4e-30, 0.0), Vector::ZERO, 1.0).unwrap();
    assert!((c.half_length() as f64 - 2.5e-30).abs() <= 1e-6 * 2.5e-30, "{}", c.half_length());
}

/// Finding 5: two capsules whose cores meet within 1e-45 (both pass through the point
/// (1e-45, 1e-45, 1e-45) of their own frames, placed by different rotations about the
/// origin). Their closest points are rounding noise apart, and the direction between them,
/// measured the wrong way round, was reported with the shadows' backward gap: distance −1
/// along a normal whose push was 1.144. The cores cross, so the depth is the sum of the radii,
/// 1 (by hand); the push along the reported normal must be that depth, in both orders.
#[test]
fn cores_meeting_within_rounding_give_a_normal_along_the_depth() {
    let t = Vector::splat(1e-45 as Real);
    let (a0, a1, ra) = (t, Vector::new(0.25, 0.25, -1.0), 1.0);
    let (b0, b1, rb) = (t, Vector::new(0.0, 1.0, 0.0), 0.0);
    let a = Capsule::new(a0, a1, ra).unwrap();
    let b = Capsule::new(b0, b1, rb).unwrap();
    let pa = Pose::new(Vector::ZERO, Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let pb = Pose::new(Vector::ZERO, Rotation::from_xyzw(0.37813172, -0.75626343, -0.37813172, -0.3769595));
    let dv = |v: Vector| DVec3::new(v.x as f64, v.y as f64, v.z as f64);
    let place = |p: Pose, v: Vector| {
        let q = DQuat::from_xyzw(
            p.rotation.x as f64,
            p.rotation.y as f64,
            p.rotation.z as f64,
            p.rotation.w as f64,
        );
        q.normalize() * dv(v) + dv(p.translation)
    };
    let core_a = [place(pa, a0), place(pa, a1)];
    let core_b = [place(pb, b0), place(pb, b1)];
    // The push that moves b out of a along unit n: a's reach along n minus b's low end.
    let push = |n: DVec3, first: &[DVec3; 2], r1: f64, second: &[DVec3; 2], r2: f64| {
        let hi = first[0].dot(n).max(first[1].dot(n)) + r1;
        let lo = second[0].dot(n).min(second[1].dot(n)) - r2;
        hi - lo
    };
    let depth = ra as f64 + rb as f64;
    let s = separation(&b, pb, &a, pa);
    assert!((s.distance as f64 + depth).abs() <= 1e-5, "(b, a): {s:?}");
    let along = push(dv(s.normal), &core_b, rb as f64, &core_a, ra as f64);
    assert!((along - depth).abs() <= 1e-5, "(b, a): {s:?}, but the push along its normal is {along}");
    let s = separation(&a, pa, &b, pb);
    assert!((s.distance as f64 + depth).abs() <= 1e-5, "(a, b): {s:?}");
    let along = push(dv(s.normal), &core_a, ra as f64, &core_b, rb as f64);
    assert!((along - depth).abs() <= 1e-5, "(a, b): {s:?}, but the push along its normal is {along}");
}
