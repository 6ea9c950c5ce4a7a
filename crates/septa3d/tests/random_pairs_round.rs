//! Randomised checks of every query on every pair with a sphere or a capsule, in both orders
//! (polytope–sphere, polytope–capsule, sphere–sphere, sphere–capsule, capsule–capsule), against
//! the independent f64 reference: 12 ordered kinds, 1,700 pairs each (20,400 in all).
//!
//! Spheres: radius 0.1–1.5, centred at the local origin or off it; capsules: half length
//! 0.1–1.5, radius 0.05–1 (a bare segment one time in twenty); polytopes as in
//! `random_pairs_polytope.rs`.
//!
//! The reference depth is exact in every case, including a capsule's segment reaching inside a
//! hull (`reference/pair.rs` derives it: the least push over the hull's faces and the cross
//! products of its edges with the segment, plus the radius). The checks are those of
//! `reference/checks.rs`, with `separation` equal to the exact distance when apart.
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

const PAIRS: usize = 1_700;

fn run(ka: Kind, kb: Kind) {
    let name = format!("{ka:?}-{kb:?}");
    let mut rng = Rng::for_test(&name, 2);
    let mut report = Report::new(name);
    let mut overlapping = 0;
    for _ in 0..PAIRS {
        let case = random_case(ka, kb, &mut rng);
        let r = reference(&case);
        overlapping += r.overlapping() as usize;
        check_case(&mut report, &case, &r, true);
    }
    println!("{ka:?}-{kb:?}: {overlapping} of {PAIRS} overlapping");
    assert!(overlapping > PAIRS / 4 && overlapping < 3 * PAIRS / 4, "{overlapping} overlapping");
    report.finish();
}

#[test]
fn cuboid_sphere() {
    run(Kind::Cuboid, Kind::Sphere);
}

#[test]
fn sphere_cuboid() {
    run(Kind::Sphere, Kind::Cuboid);
}

#[test]
fn hull_sphere() {
    run(Kind::Hull, Kind::Sphere);
}

#[test]
fn sphere_hull() {
    run(Kind::Sphere, Kind::Hull);
}

#[test]
fn cuboid_capsule() {
    run(Kind::Cuboid, Kind::Capsule);
}

#[test]
fn capsule_cuboid() {
    run(Kind::Capsule, Kind::Cuboid);
}

#[test]
fn hull_capsule() {
    run(Kind::Hull, Kind::Capsule);
}

#[test]
fn capsule_hull() {
    run(Kind::Capsule, Kind::Hull);
}

#[test]
fn sphere_sphere() {
    run(Kind::Sphere, Kind::Sphere);
}

#[test]
fn sphere_capsule() {
    run(Kind::Sphere, Kind::Capsule);
}

#[test]
fn capsule_sphere() {
    run(Kind::Capsule, Kind::Sphere);
}

#[test]
fn capsule_capsule() {
    run(Kind::Capsule, Kind::Capsule);
}
