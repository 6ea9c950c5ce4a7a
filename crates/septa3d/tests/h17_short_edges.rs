//! Fuzz finding 20 (fuzz/README.md): two hulls of the same four large points (±1e4) with
//! extra points 0.02–0.03 off two of them, whose merged faces hold edges a few hundredths long
//! and are planar only within the coplanarity tolerance. `overlaps` was true in one order and
//! false in the other: an edge pair whose axis separates the shapes by 247 was lost, because
//! the Gauss-map walk read the other hull's map off its vertices (borders normal to its
//! edges, tilted by up to 0.4 rad out of the planes of the arcs on such short edges) while the
//! Gauss-map test reads it off the stored face normals.
//!
//! Every answer here is checked against the f64 brute force of `reference/` (every face normal
//! and every edge-pair axis, no pruning, on hulls the reference builds itself from the same
//! input numbers), in both orders: the finding's own input, and generated hulls of the same
//! kind (a cube or a tetrahedron with extra points nudged 1e-6 to 1e-3 of its size off its
//! corners, often along one of the corner's faces, so that merged faces hold short edges), at
//! scales 1 and 1e4, in random poses.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;
mod rng;

use reference::{DQuat, DVec3, Polytope, RefPair, RefShape};
use rng::Rng;
use septa3d::{contact, overlaps, separation, ConvexHull, Pose, Real, Rotation, Vector};

/// Relative tolerance (× the pair's scale) of depths and gaps, as the other randomised tests.
const TOL: f64 = 1e-4;

fn dv(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

fn rv(d: DVec3) -> Vector {
    Vector::new(d.x as Real, d.y as Real, d.z as Real)
}

/// Points given as f32 numbers (as the fuzz target made them), in the build's precision.
fn points(raw: &[[f32; 3]]) -> Vec<Vector> {
    raw.iter().map(|&[x, y, z]| Vector::new(x as Real, y as Real, z as Real)).collect()
}

/// The brute-force hull of `points`, placed by `pose`, in f64.
fn placed(points: &[Vector], pose: Pose) -> RefShape {
    let local: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
    let q = pose.rotation;
    let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize();
    RefShape::polytope(Polytope::hull(&local).expect("a solid").placed(q, dv(pose.translation)))
}

/// `overlaps`, `separation` and `contact` of hull `a` (from `pa`) placed by `pose_a` and `b`
/// (from `pb`) by `pose_b` against the brute force, in both orders:
///
/// * away from touching (more than `tol`), the verdict is the reference's;
/// * overlapping: the depth is the reference's, and the push along the contact normal is
///   the depth; `separation` is minus the depth;
/// * apart: `separation` is at most the distance, and at least the largest gap (measured by
///   the brute force) along the hulls' own face normals, which it tests. (Not at least the
///   reference's gap over every facet normal of the Minkowski difference: points within the
///   coplanarity tolerance of a face are merged into it, and the tiny facets they would have
///   made, whose normals can lie closer to the direction of the distance, are gone.)
fn check(what: &str, (pa, pose_a): (&[Vector], Pose), (pb, pose_b): (&[Vector], Pose)) {
    let (a, b) = (ConvexHull::new(pa).unwrap(), ConvexHull::new(pb).unwrap());
    let (ra, rb) = (placed(pa, pose_a), placed(pb, pose_b));
    let scale = ra.bounding_radius().max(rb.bounding_radius()).max(1.0);
    let tol = TOL * scale;
    let orders = [(&a, pose_a, &ra, &b, pose_b, &rb, "(a, b)"), (&b, pose_b, &rb, &a, pose_a, &ra, "(b, a)")];
    for (x, px, rx, y, py, ry, order) in orders {
        let r = RefPair::with_facet_gap(rx, ry);
        let hit = overlaps(x, px, y, py);
        let sep = separation(x, px, y, py).distance as f64;
        let c = contact(x, px, y, py);
        let context =
            || format!("{what} {order}: reference {r:?}, overlaps {hit}, separation {sep}, contact {c:?}");
        if r.signed_distance.abs() > tol {
            assert_eq!(hit, r.overlapping(), "{}", context());
            assert_eq!(c.is_some(), r.overlapping(), "{}", context());
            assert_eq!(sep < 0.0, r.overlapping(), "{}", context());
        }
        if let Some(c) = c {
            let depth = c.depth as f64;
            assert!((depth - r.depth()).abs() <= tol, "depth {depth}: {}", context());
            let along = reference::push_along(rx, ry, dv(c.normal));
            assert!((along - depth).abs() <= tol, "push {along} along the normal: {}", context());
            assert!((sep + depth).abs() <= tol, "{}", context());
        } else if r.signed_distance > tol {
            let faces = face_gap(x, px, y, py, rx, ry);
            assert!(sep >= faces - tol && sep <= r.signed_distance + tol, "face gap {faces}: {}", context());
        }
    }
}

/// The largest gap between `rx` and `ry` (the brute force) along the face normals of hulls `x`
/// and `y` (placed by `px` and `py`), each turned from x to y.
fn face_gap(x: &ConvexHull, px: Pose, y: &ConvexHull, py: Pose, rx: &RefShape, ry: &RefShape) -> f64 {
    let world = |h: &ConvexHull, p: Pose, sign: f64| -> Vec<DVec3> {
        let q = p.rotation;
        let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize();
        h.face_normals().iter().map(|&n| q * dv(n) * sign).collect()
    };
    let mut normals = world(x, px, 1.0);
    normals.extend(world(y, py, -1.0));
    normals.into_iter().map(|n| -reference::push_along(rx, ry, n)).fold(f64::NEG_INFINITY, f64::max)
}

/// The finding's input, as the fuzz target built it
/// (`fuzz/regressions/queries3d-short-edge-hulls-edge-axis-lost`). Apart by 247 along the axis
/// of edge 9 of a (from (0, 10000, −10000) to (−5000.03, 0.015, 10000.016)) and edge 2 of b;
/// a's face holding that edge and b's merged pentagon have edges 0.018 to 0.05 long.
#[test]
fn finding_20_edge_axis_is_kept_in_both_orders() {
    let a = points(&[
        [-10000.0, -10000.0, -10000.0],
        [0.0, 10000.0, -10000.0],
        [-5000.0, 0.0, 10000.0],
        [10000.0, 2000.0, 1000.0],
        [-5000.008, -0.0075683594, 9999.992],
        [-4999.985, -0.0075683594, 9999.992],
        [-4999.985, 0.014892578, 10000.016],
        [-4999.9775, -0.030029297, 10000.016],
        [10000.016, 1999.9707, 1000.0149],
        [-5000.0, 0.014892578, 10000.016],
        [-5000.03, 0.014892578, 10000.016],
    ]);
    let b = points(&[
        [-10000.0, -10000.0, -10000.0],
        [0.0, 10000.0, -10000.0],
        [-5000.0, 0.0, 10000.0],
        [10000.0, 2000.0, 1000.0],
        [-5000.008, -0.011474609, 9999.992],
        [-5000.008, -0.0075683594, 9999.978],
        [-9999.985, -10000.007, -10000.008],
        [-4999.985, 0.014892578, 10000.016],
        [-4999.985, 0.014892578, 10000.016],
        [-4999.985, 0.014892578, 10000.0],
        [-4999.9854, 0.014892578, 9999.97],
    ]);
    let q = |[x, y, z, w]: [f32; 4]| Rotation::from_xyzw(x as Real, y as Real, z as Real, w as Real);
    let pose_a = Pose::new(
        Vector::new(10000.0, 10000.0, -120.61719f32 as Real),
        q([-0.25002334, -0.2563614, -0.6602148, -0.6602148]),
    );
    let pose_b = Pose::new(Vector::splat(4.0), q([-0.5011263, -0.5011263, -0.4988712, -0.4988712]));
    // The brute force agrees that they are apart, by far more than the tolerance (2.7 here).
    let r = RefPair::with_facet_gap(&placed(&a, pose_a), &placed(&b, pose_b));
    assert!(r.signed_distance > 200.0, "reference {r:?}");
    check("finding 20", (&a, pose_a), (&b, pose_b));
}

/// A unit cube's corners or a tetrahedron's, times `size`, with 1–6 extra points each
/// nudged 1e-6 to 1e-3 of `size` off a corner: half the time along one of the corner's faces
/// (so that the face, merged or not, gets a short edge), otherwise in any direction.
fn nudged_solid(rng: &mut Rng, size: f64) -> Vec<Vector> {
    let (corners, normals): (Vec<DVec3>, Vec<DVec3>) = if rng.chance(0.5) {
        let corners = (0..8)
            .map(|k| {
                let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
                DVec3::new(s(1), s(2), s(4))
            })
            .collect();
        (corners, vec![DVec3::X, DVec3::Y, DVec3::Z])
    } else {
        let corners = vec![
            DVec3::new(1.0, 1.0, 1.0),
            DVec3::new(1.0, -1.0, -1.0),
            DVec3::new(-1.0, 1.0, -1.0),
            DVec3::new(-1.0, -1.0, 1.0),
        ];
        let normals = corners.iter().map(|c| -*c / 3f64.sqrt()).collect();
        (corners, normals)
    };
    let mut points: Vec<DVec3> = corners.iter().map(|&c| c * size).collect();
    for _ in 0..rng.int(1, 6) {
        let corner = corners[rng.int(0, corners.len() - 1)];
        let mut d = rng.unit();
        if rng.chance(0.5) {
            // Along a face through this corner (its normal is orthogonal to the face).
            let n = normals[rng.int(0, normals.len() - 1)];
            d = d - n * n.dot(d);
        }
        points.push((corner + d * rng.log_range(1e-6, 1e-3)) * size);
    }
    points.into_iter().map(rv).collect()
}

#[test]
fn nudged_corners_against_brute_force_in_both_orders() {
    let mut rng = Rng::for_test("h17_nudged_corners", 0);
    for size in [1.0, 1e4] {
        for case in 0..300 {
            let (pa, pb) = (nudged_solid(&mut rng, size), nudged_solid(&mut rng, size));
            let pose_a = Pose::new(rv(rng.in_cube(2.0 * size)), reference_rotation(&mut rng));
            // b's centre 1 to 3.4 sizes from a's: overlapping, crossing edge to edge, or apart.
            let offset = rng.unit() * rng.range(1.0, 3.4) * size;
            let pose_b = Pose::new(rv(dv(pose_a.translation) + offset), reference_rotation(&mut rng));
            check(&format!("size {size}, case {case}"), (&pa, pose_a), (&pb, pose_b));
        }
    }
}

fn reference_rotation(rng: &mut Rng) -> Rotation {
    let q = rng.rotation();
    Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real)
}
