//! The minimum translation vector really is one: moving b by `normal × (depth + ε)` separates the
//! shapes, and moving it by `normal × (depth − ε)` leaves them overlapping, both judged by the
//! independent f64 reference (and by septa3d's `overlaps`, which must agree).
//!
//! Why the second holds for every pair, not only polytopes: b overlaps a after a move `t` iff `t`
//! is inside `D ⊕ ball(R)` (`reference/pair.rs`), and the ball of radius `depth` about the
//! origin lies inside that set, so every move shorter than the depth, in any direction, still
//! overlaps. The first holds only if the normal is right: along a wrong direction the way out is
//! longer than the depth.
//!
//! 250 overlapping pairs (depth at least 1e-3 × scale) of each of the 16 ordered kinds,
//! `ε = 1e-4 × scale`.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{dv, random_case, rv, Kind, Report};
use reference::RefPair;
use rng::Rng;
use septa3d::{contact, overlaps, Pose};

const PAIRS: usize = 250;
const EPS: f64 = 1e-4;

fn run(ka: Kind, kb: Kind) {
    let name = format!("pushout {ka:?}-{kb:?}");
    let mut rng = Rng::for_test(&name, 3);
    let mut report = Report::new(name);
    while report.checked < PAIRS {
        let case = random_case(ka, kb, &mut rng);
        let (a, pa, b, pb) = (&case.a.shape, case.pose_a, &case.b.shape, case.pose_b);
        let Some(c) = contact(a, pa, b, pb) else { continue };
        let scale = case.scale();
        if (c.depth as f64) < 1e-3 * scale {
            continue;
        }
        report.checked += 1;
        let (ra, rb) = (case.ref_a(), case.ref_b());
        let n = dv(c.normal).normalize();
        let eps = EPS * scale;
        for (amount, want) in [(c.depth as f64 + eps, false), (c.depth as f64 - eps, true)] {
            let r = RefPair::new(&ra, &rb.translated(n * amount));
            report.measure(
                if want {
                    "signed distance after depth - eps"
                } else {
                    "-(signed distance) after depth + eps"
                },
                if want { r.signed_distance } else { -r.signed_distance } / scale,
            );
            report.check(&case, r.overlapping() == want, || {
                format!(
                    "moved by normal {} × {amount} (depth {} {} ε): reference signed distance {}",
                    c.normal,
                    c.depth,
                    if want { "−" } else { "+" },
                    r.signed_distance
                )
            });
            let moved = Pose::new(rv(dv(pb.translation) + n * amount), pb.rotation);
            report.check(&case, overlaps(a, pa, b, moved) == want, || {
                format!("septa3d overlaps after moving b by normal × {amount}: want {want}")
            });
        }
    }
    report.finish();
}

const POLYTOPES: [Kind; 2] = [Kind::Cuboid, Kind::Hull];
const ALL: [Kind; 4] = [Kind::Cuboid, Kind::Hull, Kind::Sphere, Kind::Capsule];

#[test]
fn polytope_pairs() {
    for ka in POLYTOPES {
        for kb in POLYTOPES {
            run(ka, kb);
        }
    }
}

#[test]
fn pairs_with_a_sphere() {
    for k in ALL {
        run(k, Kind::Sphere);
        if k != Kind::Sphere {
            run(Kind::Sphere, k);
        }
    }
}

#[test]
fn pairs_with_a_capsule() {
    for k in ALL {
        if k != Kind::Sphere {
            run(k, Kind::Capsule);
            if k != Kind::Capsule {
                run(Kind::Capsule, k);
            }
        }
    }
}
