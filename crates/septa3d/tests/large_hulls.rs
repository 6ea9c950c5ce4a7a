//! Large hulls against the independent f64 reference: the edge-pair search of two hulls with
//! hundreds of edge pairs walks the Gauss map instead of testing every pair, and this is where
//! a walk that lost its way would miss a separating edge axis (a wrong verdict) or the axis of
//! the least push (a wrong depth).
//!
//! Shapes: hulls of 24–80 points in four families (points on an ellipsoid: all corners,
//! triangles; clouds with interior points; prisms over 8–24-gons: long quad faces and parallel
//! edges; bipyramids over 8–24-gons: many faces meeting at two apexes, long thin triangles),
//! stretched, turned and moved in their local frame, with clean geometry as in
//! `random_pairs_polytope`; poses anywhere in a cube of 10, b near a so that about half of the
//! pairs overlap. Every query is checked as in `random_pairs_polytope` (`reference/checks.rs`):
//! verdicts, the exact depth against every face and edge-pair axis without pruning, the push
//! along the normal, separation bounds, manifold points.
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

const PAIRS: usize = 300;

/// Local points of a large convex solid of extent about `2 × size`.
fn large_solid(rng: &mut Rng, size: f64) -> Vec<DVec3> {
    let stretch = DVec3::new(1.0, rng.range(0.4, 1.0), rng.range(0.4, 1.0));
    let polygon = |rng: &mut Rng, k: usize| -> Vec<(f64, f64)> {
        let mut angles: Vec<f64> = (0..k).map(|_| rng.range(0.0, std::f64::consts::TAU)).collect();
        angles.sort_by(f64::total_cmp);
        angles.iter().map(|a| (a.cos(), a.sin())).collect()
    };
    let points: Vec<DVec3> = match rng.int(0, 3) {
        0 => (0..rng.int(24, 80)).map(|_| rng.unit()).collect(),
        1 => (0..rng.int(40, 80)).map(|_| rng.in_ball(1.0)).collect(),
        2 => {
            let height = rng.range(0.3, 1.0);
            let k = rng.int(8, 24);
            let base = polygon(rng, k);
            base.iter().flat_map(|&(x, y)| [DVec3::new(x, y, -height), DVec3::new(x, y, height)]).collect()
        }
        _ => {
            let k = rng.int(8, 24);
            let mut pts: Vec<DVec3> = polygon(rng, k).iter().map(|&(x, y)| DVec3::new(x, y, 0.0)).collect();
            pts.push(DVec3::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3), rng.range(0.5, 1.5)));
            pts.push(DVec3::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3), -rng.range(0.5, 1.5)));
            pts
        }
    };
    points.into_iter().map(|p| p * stretch * size).collect()
}

fn large_case(rng: &mut Rng) -> Case {
    let (a, b) = (Built::new(clean_hull(rng, large_solid)), Built::new(clean_hull(rng, large_solid)));
    case_near(rng, a, b, (0.0, 1.1))
}

#[test]
fn large_hull_pairs_match_the_reference() {
    let mut rng = Rng::for_test("large_hulls", 1);
    let mut report = Report::new("large hulls".to_string());
    let (mut overlapping, mut walked) = (0, 0);
    for _ in 0..PAIRS {
        let case = large_case(&mut rng);
        let (Shape::ConvexHull(a), Shape::ConvexHull(b)) = (&case.a.shape, &case.b.shape) else {
            panic!("hull specs build hulls");
        };
        walked += (a.edge_count() * b.edge_count() > 4 * 144) as usize;
        let r = reference(&case);
        overlapping += r.overlapping() as usize;
        check_case(&mut report, &case, &r, false);
        check_case(&mut report, &case.swapped(), &reference(&case.swapped()), false);
    }
    println!("{overlapping} of {PAIRS} overlapping, {walked} with over 576 edge pairs");
    assert!(overlapping > PAIRS / 4 && overlapping < 3 * PAIRS / 4, "{overlapping} overlapping");
    assert!(walked > PAIRS / 2, "{walked} large pairs");
    report.finish();
}
