//! Precision far from the world origin: unit-size shapes of every kind at offsets 1e3, 1e4 and
//! 1e5, placed there by their poses, must give the depth and normal of the exact answer within
//! 1e-3, the exact answer being computed by the independent reference in f64 from the same f32
//! inputs (shape numbers, pose translations and rotations).
//!
//! A query working on absolute world coordinates would lose about 1e-2 at 1e5 (f32 spacing there
//! is 0.0078); septa3d works in one shape's local frame with the relative pose instead.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{rq, rv, Built, Case, Kind, Report};
use reference::RefPair;
use rng::Rng;
use septa3d::{contact, overlaps, Pose};

const KINDS: [Kind; 4] = [Kind::Cuboid, Kind::Hull, Kind::Sphere, Kind::Capsule];

fn run(offset: f64) {
    let mut rng = Rng::for_test("far from origin", offset as u64);
    let mut report = Report::new(format!("offset {offset:e}"));
    let mut normals = 0;
    for _ in 0..1500 {
        let (ka, kb) = (KINDS[rng.int(0, 3)], KINDS[rng.int(0, 3)]);
        let (a, b) = (Built::new(ka.random(&mut rng)), Built::new(kb.random(&mut rng)));
        let base = rng.unit() * offset * rng.range(0.5, 1.0);
        let pose_a = Pose::new(rv(base), rq(rng.rotation()));
        let pose_b = Pose::new(rv(base + rng.in_cube(1.5)), rq(rng.rotation()));
        let case = Case { a, pose_a, b, pose_b };
        let exact = RefPair::new(&case.ref_a(), &case.ref_b());
        if exact.signed_distance.abs() < 1e-3 {
            report.skipped += 1;
            continue; // within the tolerance of touching: either verdict is right
        }
        report.checked += 1;
        let (sa, sb) = (&case.a.shape, &case.b.shape);
        let want = exact.overlapping();
        report.check(&case, overlaps(sa, pose_a, sb, pose_b) == want, || format!("overlaps: want {want}"));
        match contact(sa, pose_a, sb, pose_b) {
            Some(c) if want => {
                let err = (c.depth as f64 - exact.depth()).abs();
                report.measure("depth error", err);
                report.check(&case, err < 1e-3, || format!("depth {} want {}", c.depth, exact.depth()));
                if exact.normal_unique(1e-2) {
                    normals += 1;
                    let n = cases::dv(c.normal);
                    report.measure("normal error", n.distance(exact.normal));
                    report.check(&case, n.distance(exact.normal) < 1e-3, || {
                        format!("normal {} want {}", c.normal, exact.normal)
                    });
                }
            }
            None if !want => {}
            got => report.fail(&case, format!("contact {got:?}: want overlapping = {want}")),
        }
    }
    println!("offset {offset:e}: {normals} normals compared");
    assert!(report.checked > 1200 && normals > 200, "{} compared, {normals} normals", report.checked);
    report.finish();
}

#[test]
fn offset_1e3() {
    run(1e3);
}

#[test]
fn offset_1e4() {
    run(1e4);
}

#[test]
fn offset_1e5() {
    run(1e5);
}
