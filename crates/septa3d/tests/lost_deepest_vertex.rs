//! A clip that cuts away the incident shape's deepest vertex, which lies inside the reference
//! shape beyond the reference face's side planes (over a nearly coplanar sliver beside it).
//!
//! Found by an adversarial sweep (an ellipsoid hull of 313 points against a jittered 58-sided
//! cylinder of 339, placed 0.0044 into each other; `collide` gave one point of depth 0 while
//! `contact` gave 0.0044 along the same normal), then shrunk by deleting points while the
//! manifold stayed that shallow: a tetrahedron against six points, three of them within 0.2
//! of each other, whose hull's best face is a sliver. Expected answers are worked out in f64
//! from the same input numbers (`reference/`): the penetration depth by the separating axis
//! test over every candidate axis, and each manifold point's distance to both placed hulls.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast, clippy::useless_conversion))]

mod reference;

use reference::sat::sat;
use reference::{DQuat, DVec3, Polytope};
use septa3d::{collide, contact, ConvexHull, Pose, Real, Rotation, Vector};

fn dv(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

fn placed(points: &[Vector], pose: Pose) -> Polytope {
    let local: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
    let q = pose.rotation;
    let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize();
    Polytope::hull(&local).expect("a solid").placed(q, dv(pose.translation))
}

fn v(p: [f32; 3]) -> Vector {
    Vector::new(p[0] as Real, p[1] as Real, p[2] as Real)
}

const TETRAHEDRON: [[f32; 3]; 4] = [
    [0.35897896, -0.037107214, 0.42028263],
    [-0.078815676, 0.41530094, -1.2317634],
    [0.4120358, 0.12844619, -0.34282205],
    [-0.034197684, 0.4109584, -1.2369308],
];

/// Points 0, 1 and 3 lie within 0.2 of each other: the hull's faces about them are slivers.
const SLIVERED: [[f32; 3]; 6] = [
    [-0.7170294, 0.7414295, 0.6549371],
    [-0.74187374, 0.7643723, 0.64264053],
    [0.16088474, -0.06996865, 1.0896114],
    [-0.5391397, 0.72437674, 0.70273966],
    [1.5016884, -0.0066600763, -0.005562246],
    [0.31605393, -0.06602086, 1.1261656],
];

fn poses() -> (Pose, Pose) {
    let pa = Pose::new(Vector::ZERO, Rotation::from_xyzw(-0.59500164, 0.0005601706, -0.690906, -0.41063568));
    let pb = Pose::new(
        Vector::new(-2.0848367, 0.7191594, -0.47620726),
        Rotation::from_xyzw(-0.5071094, -0.5430699, -0.17139311, -0.6469463),
    );
    (pa, pb)
}

#[test]
fn the_manifold_keeps_the_deepest_vertex_beyond_a_sliver_reference_face() {
    let a_points: Vec<Vector> = TETRAHEDRON.iter().map(|&p| v(p)).collect();
    let b_points: Vec<Vector> = SLIVERED.iter().map(|&p| v(p)).collect();
    let (a, b) = (ConvexHull::new(&a_points).unwrap(), ConvexHull::new(&b_points).unwrap());
    let (pa, pb) = poses();
    let (ra, rb) = (placed(&a_points, pa), placed(&b_points, pb));
    let exact = sat(&ra, &rb);
    assert!(exact.overlapping && exact.depth > 4e-3, "the case: overlapping 0.0044 deep ({exact:?})");
    let scale = 4.0; // both hulls lie within 2 of the world origin
    let tol = 1e-5 * scale;

    for (order, (x, px, rx), (y, py, ry)) in
        [("(a, b)", (&a, pa, &ra), (&b, pb, &rb)), ("(b, a)", (&b, pb, &rb), (&a, pa, &ra))]
    {
        let c = contact(x, px, y, py).expect("they overlap");
        assert!(
            (c.depth as f64 - exact.depth).abs() <= tol,
            "{order}: contact depth {} against {}",
            c.depth,
            exact.depth
        );
        let m = collide(x, px, y, py).expect("they overlap");
        let deepest = m.points().iter().map(|p| p.depth as f64).fold(0.0, f64::max);
        // The manifold's deepest point is as deep as the overlap (it was 0 before `collide`
        // looked beside the reference face's prism), and no deeper than the biases allow.
        assert!(
            deepest >= exact.depth - tol,
            "{order}: deepest manifold point {deepest}, overlap {}",
            exact.depth
        );
        assert!(
            deepest <= exact.depth * 1.1 + tol,
            "{order}: deepest manifold point {deepest}, overlap {}",
            exact.depth
        );
        // Every point lies in the overlap: within its own depth of both hulls (f64).
        for p in m.points() {
            let q = dv(p.point);
            let (dx, dy) = (rx.signed_distance(q).0, ry.signed_distance(q).0);
            assert!(
                dx <= p.depth as f64 + tol && dy <= p.depth as f64 + tol,
                "{order}: {p:?} lies {dx} from x, {dy} from y"
            );
        }
    }
}
