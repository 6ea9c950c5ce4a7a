//! Overlaps of larger hulls, deep and shallow, against the independent f64 reference, for the
//! bounds the edge-pair walk takes from b's skeleton (sixteen of its vertices) before any
//! support query, and, past 128 edges of a, for the walk's visiting only the arcs of a's hot
//! faces: a bound too low in either passes over an arc or a face that holds the least push,
//! and the depth or the manifold comes out wrong. Both ways round. (Both tests fail when the
//! skeleton's arc bound is lowered by 0.02, or the hot faces' floors raised by 0.1.)
//!
//! Shapes: hulls of 36–66 points on ellipsoids (every point a corner: up to 128 faces and 186
//! edges), stretched by up to 2 : 1 (where the skeleton's sixteen directions sample the hull
//! unevenly), turned and moved in their local frame, with clean geometry as in
//! `random_pairs_polytope`; poses anywhere in a cube of 10, b's centre within a fifth of the
//! radii's sum of a's (deep overlaps) or at six to nineteen twentieths of it (shallow ones and pairs
//! apart). Every query is checked as in `random_pairs_polytope` (`reference/checks.rs`).
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
#[path = "reference/checks.rs"]
mod checks;
mod reference;
mod rng;

use cases::{case_near, clean_hull, reference, Built, Case, Report};
use checks::check_case;
use reference::DVec3;
use rng::Rng;
use septa3d::Shape;

const PAIRS: usize = 150;

/// Local points of a solid of 36–66 corners on an ellipsoid of extent about `2 × size`: a
/// jittered spiral, evenly spread (uniform random points on a sphere of this many make faces
/// too thin for the reference's clean geometry).
fn ellipsoid(rng: &mut Rng, size: f64) -> Vec<DVec3> {
    let stretch = DVec3::new(1.0, rng.range(0.5, 1.0), rng.range(0.6, 1.4));
    let n = rng.int(36, 66);
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    (0..n)
        .map(|k| {
            let z = (1.0 - (2 * k + 1) as f64 / n as f64 + rng.range(-0.2, 0.2) / n as f64).clamp(-1.0, 1.0);
            let r = (1.0 - z * z).sqrt();
            let angle = golden * k as f64 + rng.range(-0.3, 0.3);
            DVec3::new(r * angle.cos(), r * angle.sin(), z) * stretch * size
        })
        .collect()
}

/// Does a have more edges than the walk tests one by one (its hot arcs are marked instead),
/// and few enough faces for the heights worked out up front?
fn marks_hot_arcs(case: &Case) -> bool {
    let Shape::ConvexHull(a) = &case.a.shape else { panic!("hull specs build hulls") };
    a.edge_count() > 128 && a.face_count() <= 128
}

fn run(seed: u64, near: (f64, f64), name: &str) -> (usize, usize) {
    let mut rng = Rng::for_test("skeleton_bounded_hulls", seed);
    let mut report = Report::new(name.to_string());
    let (mut marked, mut overlapping) = (0, 0);
    for _ in 0..PAIRS {
        let a = Built::new(clean_hull(&mut rng, ellipsoid));
        let b = Built::new(clean_hull(&mut rng, ellipsoid));
        let case = case_near(&mut rng, a, b, near);
        marked += marks_hot_arcs(&case) as usize + marks_hot_arcs(&case.swapped()) as usize;
        let r = reference(&case);
        overlapping += r.overlapping() as usize;
        check_case(&mut report, &case, &r, false);
        check_case(&mut report, &case.swapped(), &reference(&case.swapped()), false);
    }
    println!("{name}: {marked} of {} searches mark hot arcs, {overlapping} pairs overlap", 2 * PAIRS);
    report.finish();
    (marked, overlapping)
}

#[test]
fn deep_overlaps_of_larger_hulls_match_the_reference() {
    let (marked, overlapping) = run(1, (0.0, 0.2), "deep larger hulls");
    assert!(marked > PAIRS / 2, "{marked} searches marking hot arcs");
    assert_eq!(overlapping, PAIRS, "every pair overlaps");
}

#[test]
fn shallow_overlaps_of_larger_hulls_match_the_reference() {
    let (marked, overlapping) = run(2, (0.6, 0.95), "shallow larger hulls");
    assert!(marked > PAIRS / 2, "{marked} searches marking hot arcs");
    assert!(overlapping > PAIRS / 4 && overlapping < PAIRS, "{overlapping} of {PAIRS} overlapping");
}
