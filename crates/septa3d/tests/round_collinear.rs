//! Round cores on one line that is not a coordinate axis (fuzz finding 14): the closest points
//! coincide, so the only way out is sideways, and the depth is the sum of the radii (by hand).
//! The direction across the core used to come out of rounding noise that, on a line such as
//! x = y = z, lies along the line itself: the MTV then ran along the core, several times too deep.

use septa3d::{contact, overlaps, Capsule, Pose, Real, Sphere, Vector};

/// The normal must be perpendicular to the core direction `d`, of unit length.
fn sideways(normal: Vector, d: Vector) -> bool {
    (normal.length() - 1.0).abs() < 1e-5 && normal.dot(d.normalize()).abs() < 1e-5
}

#[test]
fn sphere_centred_on_a_diagonal_core() {
    // Sphere r = 1 at the origin, capsule r = 0.1 from (-5,-5,-5) to (5,5,5) through it: depth 1.1.
    let sphere = Sphere::new(Vector::ZERO, 1.0).unwrap();
    let capsule = Capsule::new(Vector::splat(-5.0), Vector::splat(5.0), 0.1).unwrap();
    for (c, flipped) in [
        (contact(&sphere, Pose::IDENTITY, &capsule, Pose::IDENTITY).unwrap(), false),
        (contact(&capsule, Pose::IDENTITY, &sphere, Pose::IDENTITY).unwrap(), true),
    ] {
        assert!((c.depth - 1.1).abs() < 1e-5, "flipped {flipped}: {c:?}");
        assert!(sideways(c.normal, Vector::ONE), "flipped {flipped}: {c:?}");
    }
    // Elsewhere along other diagonals and off-axis lines too.
    for d in [Vector::new(1.0, -1.0, 1.0), Vector::new(0.3, 0.7, -0.2), Vector::new(2.0, 2.0, 0.0)] {
        let capsule = Capsule::new(-d * 3.0, d * 3.0, 0.25).unwrap();
        let c = contact(&sphere, Pose::IDENTITY, &capsule, Pose::IDENTITY).unwrap();
        assert!((c.depth - 1.25).abs() < 1e-5 && sideways(c.normal, d), "{d}: {c:?}");
    }
}

#[test]
fn collinear_overlapping_capsules() {
    // Both cores on the line x = y = z, overlapping along it from -0.5 to 0 (in each coordinate):
    // the way out is sideways, by the sum of the radii, 1.0.
    let a = Capsule::new(Vector::ZERO, -Vector::ONE, 0.5).unwrap();
    let b = Capsule::new(Vector::splat(-0.5), Vector::splat(4.0), 0.5).unwrap();
    let c = contact(&a, Pose::IDENTITY, &b, Pose::IDENTITY).unwrap();
    assert!((c.depth - 1.0).abs() < 1e-5, "{c:?}");
    assert!(sideways(c.normal, Vector::ONE), "{c:?}");
    // Pushed out along the MTV (and a hair more), they no longer overlap.
    let moved = Pose::from_translation(c.normal * (c.depth + 1e-3 as Real));
    assert!(!overlaps(&a, Pose::IDENTITY, &b, moved));
}
