//! `separation`, `overlaps` and `contact` on pairs of lopsided hulls (tall cones, domes, flat
//! and needle-like ellipsoids, 12–40 corners) against the reference separating axis test
//! (every face normal and every edge pair's cross product, no pruning, in f64, on hulls the
//! reference builds itself; for the separation, its largest gap over the Minkowski difference's
//! facet normals).
//!
//! What these shapes exercise: the face query passes over a group of faces when b's centroid,
//! lowered by the radius of the ball about it that b holds, lies below the best separation so
//! far. A lopsided hull's centroid sits near one face (its ball is small beside its reach), so
//! the bound is loose on one side and tight on the other, and a wrong radius or a plane in the
//! wrong frame passes over the winning face. About half of the pairs are apart, to exercise the
//! early stop (the group with the highest bound is measured first), and a fifth lie a few
//! thousand units from the origin, where the bound's rounding margin matters.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;
mod rng;

use glam::{DQuat, DVec3};
use reference::sat::{facet_gap, push_along, sat};
use reference::Polytope;
use rng::Rng;
use septa3d::{contact, overlaps, separation, ConvexHull, Pose, Real, Rotation, Vector};

const PAIRS: usize = 300;

fn rv(d: DVec3) -> Vector {
    Vector::new(d.x as Real, d.y as Real, d.z as Real)
}

fn dv(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

/// A cone: a ring of `n` corners (radius 0.4–1, jittered in angle) in the plane z = 0, exactly,
/// so that the base stays one face in both hulls, and an apex 1.5–4 above, off the axis. The
/// centroid sits a quarter of the way up, close to the base.
fn cone(rng: &mut Rng, n: usize) -> Vec<DVec3> {
    let (radius, height) = (rng.range(0.4, 1.0), rng.range(1.5, 4.0));
    let mut points: Vec<DVec3> = (0..n)
        .map(|k| {
            let angle = std::f64::consts::TAU * (k as f64 + rng.range(-0.2, 0.2)) / n as f64;
            DVec3::new(radius * angle.cos(), radius * angle.sin(), 0.0)
        })
        .collect();
    points.push(DVec3::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3), height));
    points
}

/// A dome: a ring of `n / 3` corners on the equator (z = 0 exactly: the flat base) and the
/// rest spread over the upper half of the unit sphere; the centroid lies 3/8 up.
fn dome(rng: &mut Rng, n: usize) -> Vec<DVec3> {
    let ring = (n / 3).max(4);
    let mut points: Vec<DVec3> = (0..ring)
        .map(|k| {
            let angle = std::f64::consts::TAU * (k as f64 + rng.range(-0.2, 0.2)) / ring as f64;
            DVec3::new(angle.cos(), angle.sin(), 0.0)
        })
        .collect();
    let cap = n - ring;
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    points.extend((0..cap).map(|k| {
        let z = 0.15 + 0.85 * (k as f64 + 0.5) / cap as f64;
        let r = (1.0 - z * z).sqrt();
        let angle = golden * k as f64 + rng.range(-0.1, 0.1);
        DVec3::new(r * angle.cos(), r * angle.sin(), z)
    }));
    points
}

/// An ellipsoid with one short or one long axis (a lentil or a needle), points on a jittered
/// Fibonacci lattice.
fn ellipsoid(rng: &mut Rng, n: usize) -> Vec<DVec3> {
    let odd = if rng.chance(0.5) { rng.range(0.1, 0.3) } else { rng.range(2.5, 4.0) };
    let axes = DVec3::new(rng.range(0.7, 1.3), rng.range(0.7, 1.3), odd);
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    (0..n)
        .map(|k| {
            let z = 1.0 - (2 * k + 1) as f64 / n as f64;
            let r = (1.0 - z * z).sqrt();
            let angle = golden * k as f64 + rng.range(-0.2, 0.2);
            DVec3::new(r * angle.cos(), r * angle.sin(), z) * axes
        })
        .collect()
}

/// A lopsided hull's corners (as septa receives them), kept only with clean geometry (no
/// near-coplanar neighbours, no tiny edges), so that septa's coplanarity tolerance merges
/// nothing the reference keeps apart.
fn lopsided(rng: &mut Rng) -> Vec<Vector> {
    loop {
        let n = rng.int(12, 41);
        let points = match rng.int(0, 3) {
            0 => cone(rng, n),
            1 => dome(rng, n),
            _ => ellipsoid(rng, n),
        };
        let points: Vec<Vector> = points.into_iter().map(rv).collect();
        let exact: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
        if let Some((_, quality)) = Polytope::hull_with_quality(&exact) {
            if quality.clean(1f64.to_radians(), 1e-3, 1e-2) {
                return points;
            }
        }
    }
}

/// The pose's rotation and translation in f64 (the f32 values, exactly).
fn wide(pose: Pose) -> (DQuat, DVec3) {
    let q = pose.rotation;
    let q = DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64);
    (q, dv(pose.translation))
}

#[test]
fn lopsided_hull_pairs_match_the_reference() {
    let mut rng = Rng::for_test("h19_lopsided_hulls", 1);
    let (mut checked, mut overlapping, mut face_axes) = (0, 0, 0);
    for case in 0..PAIRS {
        let (points_a, points_b) = (lopsided(&mut rng), lopsided(&mut rng));
        let (a, b) = (ConvexHull::new(&points_a).unwrap(), ConvexHull::new(&points_b).unwrap());
        let local = |points: &[Vector]| {
            Polytope::hull(&points.iter().map(|&p| dv(p)).collect::<Vec<_>>()).expect("a solid")
        };
        let (ref_a, ref_b) = (local(&points_a), local(&points_b));
        let rotation = |rng: &mut Rng| {
            let q = rng.rotation();
            Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real).normalize()
        };
        let far = rng.chance(0.2);
        let pose_a = Pose::new(rv(rng.in_cube(if far { 3000.0 } else { 10.0 })), rotation(&mut rng));
        let (qa, ta) = wide(pose_a);
        // b's centre 0–1 times the sum of the bounding radii from a's: more than half apart.
        let reach = ref_a.bounding_radius() + ref_b.bounding_radius();
        let center_b = qa * ref_a.center() + ta + rng.unit() * rng.range(0.0, 1.0) * reach;
        let pose_b = Pose::new(rv(center_b), rotation(&mut rng));
        let (qb, tb) = wide(pose_b);
        let (world_a, world_b) = (ref_a.placed(qa, ta), ref_b.placed(qb, tb));
        let truth = sat(&world_a, &world_b);
        // f32 poses place the shapes within a few ulps of the translation; the reference
        // places the same f32 numbers exactly.
        let tolerance = 1e-4 * reach.max(1.0) + 1e-5 * ta.length().max(tb.length());
        let repro = format!(
            "case {case}: a = {points_a:?}, pose_a = {pose_a:?}, b = {points_b:?}, pose_b = {pose_b:?}"
        );
        if truth.depth.abs() < tolerance {
            continue; // within rounding of touching: either answer is right
        }
        checked += 1;
        overlapping += truth.overlapping as usize;
        assert_eq!(overlaps(&a, pose_a, &b, pose_b), truth.overlapping, "overlaps, {repro}");
        // The largest separation over the Minkowski difference's facet normals (for apart
        // shapes a non-facet edge axis may show a wider gap, which the Gauss map skips).
        let s = separation(&a, pose_a, &b, pose_b);
        let gap = facet_gap(&world_a, &world_b);
        let error = (s.distance as f64 - gap).abs();
        assert!(error < tolerance, "separation {} vs {gap}, {repro}", s.distance);
        // No face's separation exceeds the best (a face passed over by its bound must not be
        // the winner); where a face is the best axis, count it.
        let face_a = world_a.faces.iter().map(|f| -push_along(&world_a, &world_b, f.normal));
        let face_b = world_b.faces.iter().map(|f| -push_along(&world_a, &world_b, -f.normal));
        let faces = face_a.chain(face_b).fold(f64::NEG_INFINITY, f64::max);
        assert!(faces < s.distance as f64 + tolerance, "face {faces} vs {}, {repro}", s.distance);
        face_axes += (faces > gap - tolerance) as usize;
        match contact(&a, pose_a, &b, pose_b) {
            Some(mtv) if truth.overlapping => {
                let error = (mtv.depth as f64 - truth.depth).abs();
                assert!(error < tolerance, "depth {} vs {}, {repro}", mtv.depth, truth.depth);
            }
            None if !truth.overlapping => {}
            other => panic!("contact {other:?} vs overlapping {}, {repro}", truth.overlapping),
        }
    }
    println!("{checked} checked, {overlapping} overlapping, {face_axes} face axes winning");
    assert!(checked > PAIRS * 3 / 4, "{checked}");
    assert!(overlapping > checked / 4 && overlapping < checked * 3 / 4, "{overlapping} of {checked}");
    assert!(face_axes > checked / 4, "{face_axes} of {checked}");
}
