//! Randomised checks of every query on pairs of polytopes (cuboid–cuboid, cuboid–hull,
//! hull–cuboid, hull–hull) against the independent f64 reference, 5,000 pairs per kind.
//!
//! Shapes: cuboids with half extents 0.1–1.5; hulls of 4–24 points (clouds with interior
//! points, points on ellipsoids, prisms with quad faces and parallel edges, pyramids,
//! tetrahedra), size 0.1–1.5, with clean geometry (see `cases::random_hull`); random rotations
//! given as quaternions; b near a, so that about half of the pairs overlap.
//!
//! For each pair (`reference/checks.rs`): `overlaps`, `overlaps_cached` (twice) and `trace`'s
//! verdict agree with the reference except within 1e-4 × scale of touching (counted as skipped);
//! `contact`'s depth is the reference minimum push over every face and edge-pair axis (no
//! pruning) within 1e-4 × scale, the push along its normal equals its depth, and where the
//! reference normal is unique the normal is it; `separation` is minus the depth when
//! overlapping, and when apart lies between SAT's gap over the Minkowski facet normals and the
//! exact distance, with that gap along its normal; `collide` gives 1–4 points, each with a depth
//! in [0, depth + slack] and within its own depth of both shapes, and a normal whose push is
//! within the slack of the depth. The slack is what septa3d documents for its manifold bias
//! (`pair::hull_hull`: a face is preferred to an edge pair unless 5 % worse, a's face to b's
//! unless 2 % worse, plus a slop of 5e-4 × the smaller bounding radius), worked out from its
//! public constants in `checks::manifold_slack`: about 7.4 % of the depth plus twice the slop.
//!
//! Run with `--nocapture` for the counts and the largest errors.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
#[path = "reference/checks.rs"]
mod checks;
mod reference;
mod rng;

use cases::{random_case, reference, Kind, Report};
use checks::check_case;
use rng::Rng;

const PAIRS: usize = 5_000;

fn run(ka: Kind, kb: Kind) {
    let name = format!("{ka:?}-{kb:?}");
    let mut rng = Rng::for_test(&name, 1);
    let mut report = Report::new(name);
    let mut overlapping = 0;
    for _ in 0..PAIRS {
        let case = random_case(ka, kb, &mut rng);
        let r = reference(&case);
        overlapping += r.overlapping() as usize;
        check_case(&mut report, &case, &r, false);
    }
    println!("{ka:?}-{kb:?}: {overlapping} of {PAIRS} overlapping");
    assert!(overlapping > PAIRS / 4 && overlapping < 3 * PAIRS / 4, "{overlapping} overlapping");
    report.finish();
}

#[test]
fn cuboid_cuboid() {
    run(Kind::Cuboid, Kind::Cuboid);
}

#[test]
fn cuboid_hull() {
    run(Kind::Cuboid, Kind::Hull);
}

#[test]
fn hull_cuboid() {
    run(Kind::Hull, Kind::Cuboid);
}

#[test]
fn hull_hull() {
    run(Kind::Hull, Kind::Hull);
}
