//! `overlaps` on hull pairs that are near but possibly apart (bounding spheres meeting, hulls a
//! hair apart or a hair into each other), against the reference separating axis test (every
//! face normal and every edge pair's cross product, no pruning, in f64, on hulls the reference
//! builds itself from the same points).
//!
//! What these pairs exercise: the quick search for a separating direction (or a tetrahedron
//! of the Minkowski difference holding the origin) that `overlaps` runs before SAT. It must
//! never call a pair apart that overlaps, nor the reverse, by more than rounding: the pairs are
//! placed a small distance (10⁻³·⁵ to 10⁻¹ of the size) either side of touching, along the
//! reference's own best axis, where a careless margin or a simplex step in the wrong region
//! would show. Hulls have 8 to 64 corners (small ones are scanned, large ones climbed), a third
//! of the pairs lie about a thousand units from the origin, and each pair is asked both ways
//! round.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;
mod rng;

use glam::{DQuat, DVec3};
use reference::sat::sat;
use reference::Polytope;
use rng::Rng;
use septa3d::{overlaps, ConvexHull, Pose, Real, Rotation, Vector};

/// Distinct hulls the pairs pick from.
const POOL: usize = 24;

/// Pairs; each is asked both ways round.
const PAIRS: usize = 2400;

fn rv(d: DVec3) -> Vector {
    Vector::new(d.x as Real, d.y as Real, d.z as Real)
}

fn dv(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

/// The pose's rotation and translation in f64 (the stored values, exactly).
fn wide(pose: Pose) -> (DQuat, DVec3) {
    let q = pose.rotation;
    let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64);
    (q, dv(pose.translation))
}

/// `n` points on a jittered Fibonacci lattice over a sphere stretched by up to 40 % along each
/// axis, kept only with clean geometry (no near-coplanar neighbouring faces, no points nearly
/// on the surface, no tiny edges), so that septa's coplanarity tolerance merges nothing the
/// reference keeps apart.
fn hull_points(rng: &mut Rng, n: usize) -> (Vec<Vector>, Polytope) {
    loop {
        let stretch = DVec3::new(rng.range(0.7, 1.4), rng.range(0.7, 1.4), rng.range(0.7, 1.4));
        let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
        let twist = rng.range(0.0, std::f64::consts::TAU);
        let points: Vec<Vector> = (0..n)
            .map(|k| {
                let z =
                    (1.0 - (2 * k + 1) as f64 / n as f64 + rng.range(-0.3, 0.3) / n as f64).clamp(-1.0, 1.0);
                let r = (1.0 - z * z).sqrt();
                let angle = twist + golden * k as f64 + rng.range(-0.3, 0.3);
                rv(DVec3::new(r * angle.cos(), r * angle.sin(), z) * stretch)
            })
            .collect();
        let exact: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
        if let Some((hull, quality)) = Polytope::hull_with_quality(&exact) {
            if quality.clean(0.5f64.to_radians(), 1e-3, 5e-3) {
                return (points, hull);
            }
        }
    }
}

fn rotation(rng: &mut Rng) -> Rotation {
    let q = rng.rotation();
    Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real).normalize()
}

#[test]
fn near_hull_pairs_match_the_reference() {
    let mut rng = Rng::for_test("h22_near_pairs", 1);
    let pool: Vec<(Vec<Vector>, ConvexHull, Polytope)> = (0..POOL)
        .map(|k| {
            let n = [8, 12, 16, 24, 32, 48, 64][k % 7];
            let (points, reference) = hull_points(&mut rng, n);
            let hull = ConvexHull::new(&points).unwrap();
            (points, hull, reference)
        })
        .collect();
    let (mut checked, mut overlapping, mut near_apart) = (0, 0, 0);
    for case in 0..PAIRS {
        let (i, j) = (rng.int(0, POOL - 1), rng.int(0, POOL - 1));
        let ((points_a, a, ref_a), (points_b, b, ref_b)) = (&pool[i], &pool[j]);
        let far = rng.chance(1.0 / 3.0);
        let pose_a = Pose::new(rv(rng.in_cube(if far { 1000.0 } else { 5.0 })), rotation(&mut rng));
        let (qa, ta) = wide(pose_a);
        let reach = ref_a.bounding_radius() + ref_b.bounding_radius();
        // A first placement: b's centre 0.3–1 times the sum of the bounding radii from a's.
        let rotation_b = rotation(&mut rng);
        let mut center_b = qa * ref_a.center() + ta + rng.unit() * rng.range(0.3, 1.0) * reach;
        let wide_b = |center: DVec3| wide(Pose::new(rv(center), rotation_b));
        // Then, for most pairs, moved along the reference's best axis to a small distance
        // either side of touching (the least push along it undone, and a little more or less).
        if !rng.chance(0.2) {
            let (qb, tb) = wide_b(center_b);
            let first = sat(&ref_a.placed(qa, ta), &ref_b.placed(qb, tb));
            let offset = 10f64.powf(rng.range(-3.5, -1.0)) * reach * if rng.chance(0.5) { 1.0 } else { -1.0 };
            center_b += first.normal * (first.depth + offset);
        }
        let pose_b = Pose::new(rv(center_b), rotation_b);
        let (qb, tb) = wide(pose_b);
        let (world_a, world_b) = (ref_a.placed(qa, ta), ref_b.placed(qb, tb));
        let truth = sat(&world_a, &world_b);
        // f32 poses place the shapes within a few ulps of the translation; the reference
        // places the same f32 numbers exactly.
        let tolerance = 1e-4 * reach.max(1.0) + 1e-5 * ta.length().max(tb.length());
        if truth.depth.abs() < tolerance {
            continue; // within rounding of touching: either answer is right
        }
        checked += 1;
        overlapping += truth.overlapping as usize;
        let spheres_meet = (qa * ref_a.center() + ta).distance(qb * ref_b.center() + tb) < reach;
        near_apart += (spheres_meet && !truth.overlapping) as usize;
        let repro = || {
            format!(
                "case {case}: a = {points_a:?}, pose_a = {pose_a:?}, b = {points_b:?}, pose_b = {pose_b:?}"
            )
        };
        assert_eq!(
            overlaps(a, pose_a, b, pose_b),
            truth.overlapping,
            "a, b: depth {}, {}",
            truth.depth,
            repro()
        );
        assert_eq!(
            overlaps(b, pose_b, a, pose_a),
            truth.overlapping,
            "b, a: depth {}, {}",
            truth.depth,
            repro()
        );
    }
    println!("{checked} checked, {overlapping} overlapping, {near_apart} apart with meeting spheres");
    assert!(checked > PAIRS * 3 / 4, "{checked}");
    assert!(overlapping > checked / 4 && overlapping < checked * 3 / 4, "{overlapping} of {checked}");
    assert!(near_apart > checked / 4, "{near_apart} of {checked}");
}
