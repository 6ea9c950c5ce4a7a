//! Nearly parallel edges (fuzz input `queries3d-nearly-parallel-edge-gap`): an 11-sided prism
//! whose long side edges are tilted by 0.0004 rad against a cube's edges. The cross product of
//! two such edges is an axis that rounding turns noticeably, and the gap between the two edges
//! along it (taken as the shapes' gap when the edges are extreme) overstated the separation by
//! 0.018 where 0.002 is the tolerance. The push along the reported normal is measured here in
//! f64 over every vertex of both shapes, independently of septa3d.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use glam::{DQuat, DVec3};
use septa3d::{separation, Collide, ConvexHull, Cuboid, Pose, Real, Rotation, Vector};

fn prism() -> ConvexHull {
    let p = |x: f32, y: f32, z: f32| Vector::new(x as Real, y as Real, z as Real);
    ConvexHull::new(&[
        p(-5.950001, 3.782116, -5.890297),
        p(5.950001, 3.7821162, -5.890297),
        p(-5.9500003, 6.3662534, -2.9104667),
        p(5.950001, 6.3662534, -2.9104664),
        p(-5.9500003, 6.92915, 0.9934168),
        p(5.9500003, 6.92915, 0.9934168),
        p(-5.9500003, 5.292091, 4.5818963),
        p(5.9500003, 5.2920914, 4.5818963),
        p(-5.9500003, 1.974829, 6.715657),
        p(5.95, 1.9748287, 6.7156563),
        p(-5.9500003, -1.9694266, 6.717243),
        p(5.950001, -1.9694266, 6.717243),
        p(-5.9500003, -5.288402, 4.5861535),
        p(5.9500003, -5.288402, 4.5861535),
        p(-5.950001, -6.928349, 0.99898934),
        p(5.9500003, -6.928349, 0.9989896),
        p(-5.950001, -6.3685923, -2.905345),
        p(5.95, -6.3685923, -2.905345),
        p(-5.950001, -3.7868543, -5.8872523),
        p(5.9500003, -3.7868543, -5.8872523),
        p(-5.950001, -0.0028140545, -7.0),
        p(5.9500003, -0.002813816, -6.9999995),
    ])
    .unwrap()
}

/// The world vertices of a polytope placed by `pose`, in f64.
fn world(vertices: &[Vector], pose: Pose) -> Vec<DVec3> {
    let q = pose.rotation;
    let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64);
    let t = pose.translation;
    let t = DVec3::new(t.x as f64, t.y as f64, t.z as f64);
    vertices.iter().map(|v| q * DVec3::new(v.x as f64, v.y as f64, v.z as f64) + t).collect()
}

/// How far b must move along `n` to clear a: a's highest point along it minus b's lowest.
fn push(a: &[DVec3], b: &[DVec3], n: DVec3) -> f64 {
    let high = a.iter().map(|v| v.dot(n)).fold(f64::NEG_INFINITY, f64::max);
    let low = b.iter().map(|v| v.dot(n)).fold(f64::INFINITY, f64::min);
    high - low
}

fn check<A: Collide<B>, B>(a: &A, va: &[Vector], b: &B, vb: &[Vector], pose: Pose) {
    let sep = separation(a, pose, b, pose);
    let n = DVec3::new(sep.normal.x as f64, sep.normal.y as f64, sep.normal.z as f64);
    let along = push(&world(va, pose), &world(vb, pose), n);
    // The separation is minus the depth along its own normal: the push there.
    assert!((along + sep.distance as f64).abs() < 1e-4 * 14.0, "{sep:?}: push along the normal {along}");
}

#[test]
fn nearly_parallel_edges_do_not_overstate_the_separation() {
    let cube = Cuboid::new(Vector::splat(8.0)).unwrap();
    let prism = prism();
    let pose = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let (vc, vp) = (cube.as_hull().vertices().to_vec(), prism.vertices().to_vec());
    check(&cube, &vc, &prism, &vp, pose);
    check(&prism, &vp, &cube, &vc, pose);
}

/// A hull 0.0015 across at (-1e4, -1e4, -1e4) beside a cube of half extent 1e4 (fuzz input
/// `queries3d-edge-axis-orientation-far`): carried into the cube's frame, the hull's centroid is
/// only as good as the frames' rounding there, about the hull's own size, so it cannot tell
/// which way an edge axis points out of the hull; turned by it, an edge gap measured to a cube
/// corner 27,000 away claimed a separation of 27,284 where the shapes are 2.7 apart along that
/// axis.
#[test]
fn edge_axes_of_a_small_hull_beside_a_huge_cube_point_the_right_way() {
    let p = |x: f32, y: f32, z: f32| Vector::new(x as Real, y as Real, z as Real);
    let small = ConvexHull::new(&[
        p(0.0009896249, 0.00150798, 0.00016643392),
        p(0.0011492611, 0.0015091851, 0.00028691138),
        p(0.00039118103, 0.0016305721, 0.0009581639),
        p(0.0005508172, 0.0016317772, 0.0010786413),
        p(3.2135926e-5, 0.0008323909, 0.0014418925),
        p(0.00019177224, 0.00083359587, 0.0015623699),
        p(0.00027153484, -8.8382396e-5, 0.0011338912),
        p(0.00043117104, -8.717738e-5, 0.0012543687),
        p(0.00086997874, -0.00021097448, 0.00034216134),
        p(0.0010296149, -0.00020976941, 0.00046263885),
        p(0.0012290237, 0.00058720703, -0.00014156732),
        p(0.0013886599, 0.00058841205, -2.10898e-5),
    ])
    .unwrap();
    let cube = Cuboid::new(Vector::splat(10000.0)).unwrap();
    let pose_small = Pose::new(Vector::splat(-10000.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let q = (0.37942073, 0.37942073, 0.37942073, -0.75373715);
    let pose_cube = Pose::new(
        Vector::new(4.5, 0.0015851923, 0.00071040133),
        Rotation::from_xyzw(q.0, q.1, q.2, q.3).normalize(),
    );
    let (vs, vc) = (small.vertices().to_vec(), cube.as_hull().vertices().to_vec());
    for (sep, va, pa, vb, pb) in [
        (separation(&small, pose_small, &cube, pose_cube), &vs, pose_small, &vc, pose_cube),
        (separation(&cube, pose_cube, &small, pose_small), &vc, pose_cube, &vs, pose_small),
    ] {
        let n = DVec3::new(sep.normal.x as f64, sep.normal.y as f64, sep.normal.z as f64);
        let along = push(&world(va, pa), &world(vb, pb), n);
        // The frames' rounding at 1e4 in f32 is about 1e-3 per coordinate.
        assert!((along + sep.distance as f64).abs() < 0.05, "{sep:?}: push along the normal {along}");
    }
}
