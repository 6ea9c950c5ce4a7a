//! `collide` on small irregular polygons (the `Compact` path) checked against plain f64
//! geometry written here, for every pair of sizes from 3 to 8 vertices: the sizes whose faces
//! and vertices fill one group of four lanes, two groups, or two groups with padding.
//!
//! For each random pair placed by random rotated poses, the reference works from the input
//! points only, placed in the world in f64 with the pose's stored cosine, sine and translation:
//!
//! * the separation of b from each face of a (and of a from each face of b) by projecting every
//!   vertex, and so whether they overlap and the best face of each;
//! * when the best face of one polygon beats the other's by far more than the reference-face
//!   bias, the manifold must be clipped from that face: its index, its normal (pointing from a
//!   to b) and each point's depth behind it;
//! * every contact point must lie on the incident polygon's boundary.
//!
//! Pairs near a tie between the two best faces, or that barely touch, are counted but only
//! checked for agreeing on overlap where the margin is clear.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::{collide, ConvexPolygon, Pose, Real, Rot, Vector};

type P = [f64; 2];

/// A random convex polygon of exactly `sides` vertices, counter-clockwise, off its origin:
/// points at sorted random angles on an ellipse, rejected unless the angle gaps keep every
/// corner sharp enough that no vertex is dropped as collinear.
fn polygon(rng: &mut Rng, sides: usize) -> Vec<Vector> {
    loop {
        let mut angles: Vec<f64> = (0..sides).map(|_| rng.next() * std::f64::consts::TAU).collect();
        angles.sort_by(f64::total_cmp);
        let gaps = (0..sides).all(|k| {
            let next = if k + 1 == sides { angles[0] + std::f64::consts::TAU } else { angles[k + 1] };
            (0.15..2.8).contains(&(next - angles[k]))
        });
        if !gaps {
            continue;
        }
        let (rx, ry) = (0.5 + 0.7 * rng.next(), 0.3 + 0.6 * rng.next());
        let (c, s) = (rng.next() * 7.0).sin_cos();
        let shift = [0.6 * rng.next() - 0.3, 0.6 * rng.next() - 0.3];
        return angles
            .iter()
            .map(|t| {
                let (x, y) = (rx * t.cos(), ry * t.sin());
                Vector::new((c * x - s * y + shift[0]) as Real, (s * x + c * y + shift[1]) as Real)
            })
            .collect();
    }
}

/// The input points placed in the world in f64 by the pose's stored numbers.
fn world(points: &[Vector], pose: Pose) -> Vec<P> {
    let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
    let t = [pose.translation.x as f64, pose.translation.y as f64];
    points
        .iter()
        .map(|v| {
            let (x, y) = (v.x as f64, v.y as f64);
            [c * x - s * y + t[0], s * x + c * y + t[1]]
        })
        .collect()
}

/// The outward unit normal of edge `i` (from vertex `i` to the next) of a counter-clockwise
/// polygon.
fn normal(poly: &[P], i: usize) -> P {
    let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
    let (ex, ey) = (q[0] - p[0], q[1] - p[1]);
    let len = (ex * ex + ey * ey).sqrt();
    [ey / len, -ex / len]
}

fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// Each face of `a` with the separation of `b` from it (smallest projection of b's vertices on
/// the face normal, minus a's own reach along it).
fn separations(a: &[P], b: &[P]) -> Vec<f64> {
    (0..a.len())
        .map(|i| {
            let n = normal(a, i);
            let low = b.iter().map(|&v| dot(n, v)).fold(f64::INFINITY, f64::min);
            low - dot(n, a[i])
        })
        .collect()
}

/// The best face (largest separation) and the separation.
fn best(s: &[f64]) -> (usize, f64) {
    s.iter().copied().enumerate().fold((0, f64::NEG_INFINITY), |b, (i, x)| if x > b.1 { (i, x) } else { b })
}

/// The distance from `q` to the polygon's boundary.
fn boundary_distance(q: P, poly: &[P]) -> f64 {
    (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            let ab = [b[0] - a[0], b[1] - a[1]];
            let t = (dot([q[0] - a[0], q[1] - a[1]], ab) / dot(ab, ab)).clamp(0.0, 1.0);
            let c = [a[0] + t * ab[0], a[1] + t * ab[1]];
            ((q[0] - c[0]).powi(2) + (q[1] - c[1]).powi(2)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn small_irregular_pairs_against_plain_f64_geometry() {
    let mut rng = Rng(0x6a16_c0de_5eed_0001);
    // Far beyond f32 rounding at these sizes (within 60 of the origin), far below the bias.
    let tolerance = 2e-4;
    let (mut checked, mut overlapping) = (0, 0);
    for round in 0..3600 {
        let (n, m) = (3 + round % 6, 3 + (round / 6) % 6);
        let (pa_pts, pb_pts) = (polygon(&mut rng, n), polygon(&mut rng, m));
        let (a, b) = (ConvexPolygon::new(&pa_pts).unwrap(), ConvexPolygon::new(&pb_pts).unwrap());
        assert_eq!((a.len(), b.len()), (n, m), "no vertex dropped");
        let pose_a =
            Pose::new(Vector::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0)), rng.range(-4.0, 4.0));
        // Mostly deep overlaps, some grazing, some apart.
        let offset = Rot::from_angle(rng.range(0.0, 7.0)).apply(Vector::X) * rng.range(0.0, 1.6);
        let pose_b = Pose::new(pose_a.translation + offset, rng.range(-4.0, 4.0));
        let (wa, wb) = (world(&pa_pts, pose_a), world(&pb_pts, pose_b));
        let (sa, sb) = (separations(&wa, &wb), separations(&wb, &wa));
        let ((i, best_a), (j, best_b)) = (best(&sa), best(&sb));
        let gap = best_a.max(best_b);
        let manifold = collide(&a, pose_a, &b, pose_b);
        if gap.abs() < tolerance {
            continue; // touching within rounding: either answer is right
        }
        assert_eq!(manifold.is_some(), gap < 0.0, "{round}: overlap by f64 SAT is {}", gap < 0.0);
        let Some(manifold) = manifold else { continue };
        overlapping += 1;
        // The reference face: a's unless b's is better by the bias (5e-4 of the smaller
        // radius, at most ~6e-4 here); skip pairs within reach of that threshold.
        let bias_band = 1e-3;
        if (best_b - best_a).abs() < bias_band || (best_b - best_a - 6e-4).abs() < bias_band {
            continue;
        }
        // Two faces of one polygon within rounding of each other: either may be the best.
        let runner_up = |s: &[f64], k: usize| {
            s.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, &x)| x).fold(f64::NEG_INFINITY, f64::max)
        };
        if best_a - runner_up(&sa, i) < bias_band || best_b - runner_up(&sb, j) < bias_band {
            continue;
        }
        let faces = manifold.clip_faces().expect("a clipped polygon manifold");
        let (reference, incident, face, expected_normal) = if best_b > best_a {
            (&wb, &wa, j, normal(&wb, j).map(|x| -x))
        } else {
            (&wa, &wb, i, normal(&wa, i))
        };
        assert_eq!((faces.reference_on_b, faces.reference as usize), (best_b > best_a, face), "{round}");
        let got = [manifold.normal.x as f64, manifold.normal.y as f64];
        assert!(
            (got[0] - expected_normal[0]).abs() < tolerance
                && (got[1] - expected_normal[1]).abs() < tolerance,
            "{round}: normal {got:?}, expected {expected_normal:?}"
        );
        let (n_ref, on_face) = (normal(reference, face), reference[face]);
        for point in manifold.points() {
            let q = [point.point.x as f64, point.point.y as f64];
            let depth = dot(n_ref, on_face) - dot(n_ref, q);
            assert!(
                (depth - point.depth as f64).abs() < tolerance,
                "{round}: depth {} vs {depth}",
                point.depth
            );
            assert!(depth > -tolerance, "{round}: point in front of the reference face");
            assert!(boundary_distance(q, incident) < tolerance, "{round}: point off the incident polygon");
        }
        checked += 1;
    }
    assert!(overlapping > 2000, "{overlapping} of 3600 overlap");
    assert!(checked > 1500, "{checked} manifolds checked");
}
