//! Overlaps of medium hulls, deep and shallow, against the independent f64 reference. Where b's
//! best face shows an overlap, a hull of up to 32 faces against one of up to 48 edges finds b's
//! lowest vertex under every face of a up front and scans b's arcs four at a time, where pairs
//! that are apart or larger walk b's Gauss map: whichever search a pair takes (both ways round
//! are checked), its verdicts, depths and manifolds must be the reference's. (Only deep overlaps
//! took the table at first; the shallow ones, which the bounds prune far less, are tested on
//! their own.)
//!
//! Shapes: hulls of 10–18 points (on an ellipsoid, or a cloud with interior points), stretched,
//! turned and moved in their local frame, with clean geometry as in `random_pairs_polytope`;
//! poses anywhere in a cube of 10, b's centre within a fifth of the radii's sum of a's, so that
//! every pair overlaps and most of them deeply; for the shallow test, b's centre at three to seven
//! tenths of that sum, where pairs overlap by a little or are apart. Every query is checked as in
//! `random_pairs_polytope` (`reference/checks.rs`): verdicts, the exact depth against every face
//! and edge-pair axis without pruning, the push along the normal, separation bounds, manifold
//! points.
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

/// Local points of a medium convex solid of extent about `2 × size`.
fn medium_solid(rng: &mut Rng, size: f64) -> Vec<DVec3> {
    let stretch = DVec3::new(1.0, rng.range(0.5, 1.0), rng.range(0.5, 1.0));
    let points: Vec<DVec3> = match rng.int(0, 1) {
        0 => (0..rng.int(10, 18)).map(|_| rng.unit()).collect(),
        _ => (0..rng.int(12, 18)).map(|_| rng.in_ball(1.0)).collect(),
    };
    points.into_iter().map(|p| p * stretch * size).collect()
}

fn medium_case(rng: &mut Rng, near: (f64, f64)) -> Case {
    let (a, b) = (Built::new(clean_hull(rng, medium_solid)), Built::new(clean_hull(rng, medium_solid)));
    case_near(rng, a, b, near)
}

/// Pairs past the small pairs' table (a's faces times b's vertices above 256) that the rule for
/// overlapping medium pairs can take: a of at most 32 faces, b of at most 48 edges.
fn is_medium(case: &Case) -> bool {
    let (Shape::ConvexHull(a), Shape::ConvexHull(b)) = (&case.a.shape, &case.b.shape) else {
        panic!("hull specs build hulls");
    };
    let size = a.face_count() * b.vertices().len();
    size > 256 && size <= 1024 && a.face_count() <= 32 && b.edge_count() <= 48
}

#[test]
fn deep_medium_hull_pairs_match_the_reference() {
    let mut rng = Rng::for_test("deep_medium_hulls", 1);
    let mut report = Report::new("deep medium hulls".to_string());
    let (mut deep, mut medium) = (0, 0);
    for _ in 0..PAIRS {
        let case = medium_case(&mut rng, (0.0, 0.2));
        let Shape::ConvexHull(b) = &case.b.shape else { panic!("hull specs build hulls") };
        medium += is_medium(&case) as usize;
        let r = reference(&case);
        assert!(r.overlapping(), "every pair overlaps");
        // Deep: the depth is more than three quarters of b's bounding radius (b's best face is
        // then at least as deep, as the depth is the least push over all axes).
        deep += (r.depth() > 0.75 * b.bounding_radius() as f64) as usize;
        check_case(&mut report, &case, &r, false);
        check_case(&mut report, &case.swapped(), &reference(&case.swapped()), false);
    }
    println!("{medium} of {PAIRS} medium pairs, {deep} deep");
    assert!(medium > PAIRS / 3, "{medium} medium pairs");
    assert!(deep > PAIRS / 3, "{deep} deep pairs");
    report.finish();
}

#[test]
fn shallow_medium_hull_pairs_match_the_reference() {
    let mut rng = Rng::for_test("deep_medium_hulls", 2);
    let mut report = Report::new("shallow medium hulls".to_string());
    let (mut shallow, mut apart) = (0, 0);
    for _ in 0..PAIRS {
        let case = medium_case(&mut rng, (0.3, 0.7));
        let Shape::ConvexHull(b) = &case.b.shape else { panic!("hull specs build hulls") };
        let r = reference(&case);
        // Shallow: medium, overlapping, by less than a quarter of b's bounding radius.
        let overlapping = r.overlapping();
        shallow +=
            (is_medium(&case) && overlapping && r.depth() < 0.25 * b.bounding_radius() as f64) as usize;
        apart += !overlapping as usize;
        check_case(&mut report, &case, &r, false);
        check_case(&mut report, &case.swapped(), &reference(&case.swapped()), false);
    }
    println!("{shallow} of {PAIRS} shallow medium overlaps, {apart} apart");
    assert!(shallow > PAIRS / 8, "{shallow} shallow medium overlaps");
    assert!(apart > PAIRS / 10, "{apart} pairs apart");
    report.finish();
}
