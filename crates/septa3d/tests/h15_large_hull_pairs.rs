//! `overlaps`, `contact` and `collide` on pairs of larger hulls (24–64 corners, and prisms
//! whose caps have 10–24 corners) against the reference separating axis test (every face
//! normal and every edge pair's cross product, no pruning, in f64, on hulls the reference
//! builds itself), as `random_pairs_polytope` checks small ones (its full harness also
//! computes exact distances, too slow for hulls this size).
//!
//! What these shapes exercise that 4–24 point clouds rarely do: vertices of high degree (a
//! vertex's edges are measured four at a time in the Gauss-map walk, so degrees above four
//! take several groups), faces that start no walk (a's face axes are read off the walk, and a
//! face that is the first face of none of its edges is met at the end of an edge's walk
//! instead), and reference and incident faces with more than 16 corners between them (the
//! clipping then uses its large buffers).
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;
mod rng;

use glam::{DQuat, DVec3};
use reference::{sat, Polytope};
use rng::Rng;
use septa3d::{collide, contact, overlaps, ConvexHull, Pose, Real, Rotation, Vector};

const PAIRS: usize = 120;

fn rv(d: DVec3) -> Vector {
    Vector::new(d.x as Real, d.y as Real, d.z as Real)
}

fn dv(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

/// Points spread evenly over an ellipsoid (semi-axes 0.5–1.5; a Fibonacci lattice on the
/// sphere, each point jittered by a fifth of the spacing, stretched), turned at random, with a
/// few inside; kept only with clean geometry, as the small cases demand (no near-coplanar
/// neighbours, no tiny edges), so that septa's coplanarity tolerance merges nothing the
/// reference keeps apart. (Uniform random points on the sphere are rarely that clean.)
fn ellipsoid_cloud(rng: &mut Rng, corners: usize) -> Vec<Vector> {
    let spacing = (4.0 * std::f64::consts::PI / corners as f64).sqrt();
    loop {
        let axes = DVec3::new(rng.range(0.5, 1.5), rng.range(0.5, 1.5), rng.range(0.5, 1.5));
        let turn = rng.rotation();
        let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
        let mut points: Vec<DVec3> = (0..corners)
            .map(|k| {
                let z = 1.0 - (2 * k + 1) as f64 / corners as f64;
                let r = (1.0 - z * z).sqrt();
                let angle = golden * k as f64;
                let on_sphere = DVec3::new(r * angle.cos(), r * angle.sin(), z);
                let jittered = (on_sphere + rng.in_ball(0.2 * spacing)).normalize();
                turn * (jittered * axes)
            })
            .collect();
        points.extend((0..4).map(|_| rng.in_ball(0.3)));
        let points: Vec<Vector> = points.into_iter().map(rv).collect();
        let exact: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
        if let Some((_, quality)) = Polytope::hull_with_quality(&exact) {
            if quality.clean(1f64.to_radians(), 1e-3, 1e-2) {
                return points;
            }
        }
    }
}

/// A prism over a regular `n`-gon (radius 0.5–1.5, height 0.3–2), turned at random: two caps
/// of `n` corners and `n` quadrilateral sides.
fn prism(rng: &mut Rng, n: usize) -> Vec<Vector> {
    let (radius, height) = (rng.range(0.5, 1.5), rng.range(0.3, 2.0));
    let turn = rng.rotation();
    (0..2 * n)
        .map(|k| {
            let angle = std::f64::consts::TAU * (k % n) as f64 / n as f64;
            let z = if k < n { -0.5 * height } else { 0.5 * height };
            rv(turn * DVec3::new(radius * angle.cos(), radius * angle.sin(), z))
        })
        .collect()
}

fn random_points(rng: &mut Rng) -> Vec<Vector> {
    if rng.chance(0.3) {
        let n = rng.int(10, 25);
        prism(rng, n)
    } else {
        let corners = rng.int(24, 65);
        ellipsoid_cloud(rng, corners)
    }
}

/// The pose's rotation and translation in f64 (the f32 values, exactly).
fn wide(pose: Pose) -> (DQuat, DVec3) {
    let q = pose.rotation;
    let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64);
    (q, dv(pose.translation))
}

/// How far `x` lies outside the polytope (its largest height above a face plane).
fn outside(p: &Polytope, x: DVec3) -> f64 {
    p.faces.iter().map(|f| f.normal.dot(x) - f.offset).fold(f64::NEG_INFINITY, f64::max)
}

#[test]
fn large_hull_pairs_match_the_reference() {
    let mut rng = Rng::for_test("h15_large_hull_pairs", 1);
    let (mut overlapping, mut checked) = (0, 0);
    for case in 0..PAIRS {
        let (points_a, points_b) = (random_points(&mut rng), random_points(&mut rng));
        let (a, b) = (ConvexHull::new(&points_a).unwrap(), ConvexHull::new(&points_b).unwrap());
        let local = |points: &[Vector]| {
            Polytope::hull(&points.iter().map(|&p| dv(p)).collect::<Vec<_>>()).expect("a solid")
        };
        let (ref_a, ref_b) = (local(&points_a), local(&points_b));
        let rotation = |rng: &mut Rng| {
            let q = rng.rotation();
            Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real).normalize()
        };
        let pose_a = Pose::new(rv(rng.in_cube(10.0)), rotation(&mut rng));
        let (qa, ta) = wide(pose_a);
        // b's centre 0–0.9 times the sum of the bounding radii from a's: most pairs overlap,
        // many nearly touch.
        let reach = ref_a.bounding_radius() + ref_b.bounding_radius();
        let center_b = qa * ref_a.center() + ta + rng.unit() * rng.range(0.0, 0.9) * reach;
        let rotation_b = rotation(&mut rng);
        let (qb, _) = wide(Pose::new(Vector::ZERO, rotation_b));
        let pose_b = Pose::new(rv(center_b - qb * ref_b.center()), rotation_b);
        let (qb, tb) = wide(pose_b);
        let (world_a, world_b) = (ref_a.placed(qa, ta), ref_b.placed(qb, tb));
        let truth = sat(&world_a, &world_b);
        let scale = reach.max(1.0);
        let repro = format!(
            "case {case}: a = {points_a:?}, pose_a = {pose_a:?}, b = {points_b:?}, pose_b = {pose_b:?}"
        );
        if truth.depth.abs() < 1e-4 * scale {
            continue; // within rounding of touching: either answer is right
        }
        checked += 1;
        overlapping += truth.overlapping as usize;
        assert_eq!(overlaps(&a, pose_a, &b, pose_b), truth.overlapping, "overlaps, {repro}");
        let mtv = contact(&a, pose_a, &b, pose_b);
        let manifold = collide(&a, pose_a, &b, pose_b);
        if !truth.overlapping {
            assert!(mtv.is_none() && manifold.is_none(), "apart, {repro}");
            continue;
        }
        let mtv = mtv.unwrap_or_else(|| panic!("contact missing, {repro}"));
        let error = (mtv.depth as f64 - truth.depth).abs();
        assert!(error < 1e-4 * scale, "depth {} vs {}, {repro}", mtv.depth, truth.depth);
        let manifold = manifold.unwrap_or_else(|| panic!("manifold missing, {repro}"));
        assert!((1..=4).contains(&manifold.points().len()), "{repro}");
        // Each point lies within its depth (and rounding) of both shapes; no depth exceeds the
        // penetration by more than the documented bias (a face preferred to an edge pair up to
        // 5 % worse, a's face to b's up to 2 %, plus a slop).
        for p in manifold.points() {
            let x = dv(p.point);
            let slack = 1e-3 * scale;
            assert!(p.depth >= 0.0 && (p.depth as f64) < 1.1 * truth.depth + slack, "{p:?}, {repro}");
            let reach = p.depth as f64 + slack;
            assert!(outside(&world_a, x) < reach && outside(&world_b, x) < reach, "{p:?}, {repro}");
        }
    }
    println!("{checked} checked, {overlapping} overlapping");
    assert!(checked > PAIRS * 3 / 4 && overlapping > checked / 4 && overlapping < checked, "{overlapping}");
}
