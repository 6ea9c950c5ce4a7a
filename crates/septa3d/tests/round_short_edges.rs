//! Fuzz finding 16: a hull with edges 0.003 long against a segment reported a separation of
//! 12,967 along an edge axis, larger than the distance between the shapes (at most the distance
//! from any hull vertex to the segment, 9,068 here), and `time_of_impact` steps by `separation`.
//! The bound is computed here in f64 from the inputs, with no septa3d geometry.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use glam::DVec3;
use septa3d::{separation, Capsule, ConvexHull, Pose, Vector};

/// Distance from `p` to the segment `a`–`b`, in f64.
fn point_segment(p: DVec3, a: DVec3, b: DVec3) -> f64 {
    let d = b - a;
    let t = ((p - a).dot(d) / d.dot(d)).clamp(0.0, 1.0);
    (a + d * t - p).length()
}

#[test]
fn separation_never_exceeds_a_vertex_distance() {
    let points = [
        Vector::new(-19751.676, -20044.563, -20198.61),
        Vector::new(-5890.5527, -2531.996, -21284.563),
        Vector::new(-16746.504, -6994.7744, -1606.3535),
        Vector::new(-199.30273, -9579.319, -7038.689),
        Vector::new(-16746.506, -6994.778, -1606.3555),
        Vector::new(-199.30469, -9579.322, -7038.6914),
        Vector::new(-16746.504, -6994.7754, -1606.3535),
    ];
    let hull = ConvexHull::new(&points).unwrap();
    let (a, b) = (Vector::new(-7.0, -7.0, -7.0), Vector::new(-6.0, -3854.79, -8.0));
    let segment = Capsule::new(a, b, 0.0).unwrap();
    let wide = |v: Vector| DVec3::new(v.x as f64, v.y as f64, v.z as f64);
    let bound =
        points.iter().map(|&p| point_segment(wide(p), wide(a), wide(b))).fold(f64::INFINITY, f64::min);
    for s in [
        separation(&hull, Pose::IDENTITY, &segment, Pose::IDENTITY).distance,
        separation(&segment, Pose::IDENTITY, &hull, Pose::IDENTITY).distance,
    ] {
        assert!((s as f64) <= bound * (1.0 + 1e-6), "separation {s} > distance bound {bound}");
        assert!(s > 0.0, "they are apart: {s}");
    }
}
