//! Poses outside septa3d's domain: a `Pose` is plain data, not validated, so a NaN or an
//! infinity in a translation or a quaternion reaches the queries as it is. Whatever they answer
//! then, every query must return, for every pair of shape kinds in both orders: no panic (an
//! index out of bounds, an `unwrap` on a search that found nothing) and no hang (a walk or a
//! climb that only stops at a vertex no lower than the last would run forever on NaN heights,
//! which compare false with everything; and the edge search's bounds, which prune nothing when
//! they are NaN, must still let it end). The `queries3d` fuzz target checks the same with
//! `SEPTA_FUZZ_BROKEN=1`; this holds it in every test run, on hulls large enough to walk.
//!
//! Poses that are finite but far beyond the domain (translations of 1e30, 1e38) must give the
//! answer any reading of them agrees on: shapes of unit size that far apart do not overlap.

mod rng;

use rng::Rng;
use septa3d::{
    collide, contact, overlaps, overlaps_cached, separation, time_of_impact, trace, Capsule, ConvexHull,
    Cuboid, Pose, Real, Rotation, SatCache, Shape, Sphere, Vector,
};

/// One shape of every kind, hulls from 8 points (the small pairs' table and scan) to 64 (the
/// walk, with its table of face heights).
fn shapes() -> Vec<Shape> {
    let mut rng = Rng::for_test("broken poses", 0);
    let mut hull = |n: usize| {
        let points: Vec<Vector> = (0..n)
            .map(|_| {
                let u = rng.unit();
                Vector::new(u.x as Real, u.y as Real, u.z as Real)
            })
            .collect();
        Shape::from(ConvexHull::new(&points).expect("points on a sphere make a solid hull"))
    };
    vec![
        Shape::from(Cuboid::new(Vector::new(1.0, 0.75, 0.5)).unwrap()),
        hull(8),
        hull(16),
        hull(32),
        hull(64),
        Shape::from(Sphere::new(Vector::new(0.1, 0.0, 0.0), 0.8).unwrap()),
        Shape::from(Capsule::new(Vector::new(0.0, -0.5, 0.0), Vector::new(0.0, 0.5, 0.0), 0.4).unwrap()),
    ]
}

/// Every query on (a, b), for whatever it answers.
fn run_all(a: &Shape, pose_a: Pose, b: &Shape, pose_b: Pose) {
    let mut cache = SatCache::new();
    let _ = overlaps(a, pose_a, b, pose_b);
    let _ = overlaps_cached(a, pose_a, b, pose_b, &mut cache);
    let _ = overlaps_cached(a, pose_a, b, pose_b, &mut cache);
    let _ = contact(a, pose_a, b, pose_b);
    let _ = collide(a, pose_a, b, pose_b);
    let _ = separation(a, pose_a, b, pose_b);
    let _ = trace(a, pose_a, b, pose_b);
    let _ = time_of_impact(a, pose_a, Vector::X, b, pose_b, -Vector::X, 1.0);
}

#[test]
fn queries_return_on_poses_that_are_not_finite() {
    let (nan, inf) = (Real::NAN, Real::INFINITY);
    let turn = Rotation::from_axis_angle(Vector::new(1.0, 2.0, 3.0).normalize(), 0.7);
    let broken = [
        Pose::new(Vector::new(nan, 0.5, 0.0), turn),
        Pose::new(Vector::new(0.5, inf, 0.0), turn),
        Pose::new(Vector::new(-inf, inf, nan), turn),
        Pose::new(Vector::new(0.5, 0.0, 0.0), Rotation::from_xyzw(nan, 0.0, 0.0, 1.0)),
        Pose::new(Vector::new(0.5, 0.0, 0.0), Rotation::from_xyzw(inf, 0.0, 0.0, 1.0)),
        Pose::new(Vector::new(0.5, 0.0, 0.0), Rotation::from_xyzw(0.0, 0.0, 0.0, 0.0)),
    ];
    let shapes = shapes();
    let mut calls = 0;
    for a in &shapes {
        for b in &shapes {
            for pose in broken {
                run_all(a, Pose::IDENTITY, b, pose);
                run_all(a, pose, b, Pose::IDENTITY);
                run_all(a, pose, b, pose);
                calls += 3;
            }
        }
    }
    assert_eq!(calls, shapes.len() * shapes.len() * broken.len() * 3);
}

#[test]
fn shapes_far_beyond_the_domain_are_apart() {
    let turn = Rotation::from_axis_angle(Vector::new(-2.0, 1.0, 0.5).normalize(), 2.1);
    let shapes = shapes();
    for far in [1e30, -1e30, 1e38] {
        for (direction, rotation) in [(Vector::X, Rotation::IDENTITY), (Vector::new(0.6, 0.0, 0.8), turn)] {
            let pose = Pose::new(direction * far, rotation);
            for a in &shapes {
                for b in &shapes {
                    for (pose_a, pose_b) in [(Pose::IDENTITY, pose), (pose, Pose::IDENTITY)] {
                        let cache = &mut SatCache::new();
                        assert!(!overlaps(a, pose_a, b, pose_b), "{far:e}: overlaps");
                        assert!(!overlaps_cached(a, pose_a, b, pose_b, cache), "{far:e}: overlaps_cached");
                        assert!(contact(a, pose_a, b, pose_b).is_none(), "{far:e}: contact");
                        assert!(collide(a, pose_a, b, pose_b).is_none(), "{far:e}: collide");
                        assert!(!trace(a, pose_a, b, pose_b).collides(), "{far:e}: trace");
                        // However coarse the gap's rounding there, a gap.
                        let gap = separation(a, pose_a, b, pose_b).distance;
                        assert!(gap > 0.0, "{far:e}: separation {gap}");
                    }
                }
            }
        }
    }
}
