//! `overlaps` of a cuboid or hull against a capsule, against the independent f64 reference.
//!
//! Before its edge axes, the hull–capsule test answers "overlapping" three ways from the face
//! pass alone: an end of the capsule's core inside the hull (below every face plane by the
//! rounding slack), the core passing through the hull (the segment clipped by every face's
//! half-space keeps a part), or an end above its highest face by less than the radius with its
//! foot on that face. Each is a proof of overlap only if it is applied with the right margins,
//! and a wrong one would answer "overlapping" for capsules that pass close by. So the pairs here
//! are placed from deep overlaps to just apart (b's centre at 0 to 1.1 times the bounding radii's
//! sum from a's), both ways round, and `overlaps` and `overlaps_cached` (with a fresh cache)
//! must give the reference's verdict (the signed distance between the shapes, exact in f64)
//! wherever it is further than 1e-4 of the scale from touching. The counts printed show how many
//! pairs overlap with the core inside the hull and how many through the radius alone.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{case_near, reference, Built, Kind, Report};
use rng::Rng;
use septa3d::{overlaps, overlaps_cached, SatCache};

const PAIRS: usize = 3000;

#[test]
fn verdicts_from_deep_to_just_apart() {
    let mut rng = Rng::for_test("hull_capsule_overlaps", 1);
    let mut report = Report::new("hull_capsule_overlaps");
    let (mut core_inside, mut radius_only, mut apart) = (0, 0, 0);
    for n in 0..PAIRS {
        let kind = if n % 3 == 0 { Kind::Cuboid } else { Kind::Hull };
        let a = Built::new(kind.random(&mut rng));
        let b = Built::new(Kind::Capsule.random(&mut rng));
        let case = case_near(&mut rng, a, b, (0.0, 1.1));
        let r = reference(&case);
        if r.signed_distance.abs() < 1e-4 * case.scale() {
            report.skipped += 1;
            continue;
        }
        let overlapping = r.signed_distance < 0.0;
        match (overlapping, r.inside_core) {
            (true, true) => core_inside += 1,
            (true, false) => radius_only += 1,
            (false, _) => apart += 1,
        }
        for case in [case.clone(), case.swapped()] {
            report.checked += 1;
            let (a, b) = (case.a.shape.clone(), case.b.shape.clone());
            let verdict = overlaps(&a, case.pose_a, &b, case.pose_b);
            report.check(&case, verdict == overlapping, || {
                format!("overlaps: {verdict}, reference signed distance {}", r.signed_distance)
            });
            let cached = overlaps_cached(&a, case.pose_a, &b, case.pose_b, &mut SatCache::new());
            report.check(&case, cached == overlapping, || {
                format!("overlaps_cached: {cached}, reference signed distance {}", r.signed_distance)
            });
        }
    }
    println!("{core_inside} pairs overlapping with the core inside, {radius_only} through the radius alone, {apart} apart");
    assert!(core_inside > 300 && radius_only > 300 && apart > 300, "{core_inside}, {radius_only}, {apart}");
    report.finish();
}
