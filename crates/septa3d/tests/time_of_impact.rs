//! `time_of_impact` against brute-force stepping with the independent reference.
//!
//! Along a straight motion, the reference's signed distance `sd(t)` (the exact distance, or for
//! two polytopes SAT's largest gap over every axis, which has the same sign) is a **convex**
//! function of time: the signed distance to a convex set along a line, or a maximum of linear
//! functions. So the times of overlap form one interval, and the first contact lies between
//! the last apart sample and the first overlapping one, where bisection finds it (`t*`). With no
//! overlapping sample, the motion is a miss for certain when the smallest sample exceeds the
//! largest dip possible between samples (`sd` changes no faster than the relative speed).
//!
//! Checked: a hit is found exactly when the reference overlaps clearly (deeper than 1e-3 ×
//! scale) somewhere along the motion, none when it certainly misses by more than that; septa3d's
//! time is no later than the first overlapping sample, and at that time the shapes overlap by no
//! more than rounding (1e-4 × scale: not late) and are apart by at most 1e-3 × scale (not early
//! by more than the documented stopping gap); its normal separates them there. Near-grazing motions are skipped and counted.
//!
//! And a bullet through a thin plate, which stepping at ten frames misses entirely (every coarse
//! sample apart), while fine stepping and septa3d find the hit.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{dv, random_case, rq, rv, Built, Case, Kind, Report, Spec};
use reference::{push_along, sat, DVec3, RefPair, RefShape};
use rng::Rng;
use septa3d::{time_of_impact, Pose, Real, Vector};

/// Samples of the motion over `[0, max_t]`.
const STEPS: usize = 300;
/// The largest gap allowed at the returned time, × scale (the sweep stops within 1e-4 × the
/// smaller shape's size of contact; this leaves room for SAT's separation being a lower bound).
const GAP: f64 = 1e-3;

/// A signed quantity with the sign of the truth, convex along a straight motion and changing no
/// faster than the relative displacement: for two polytopes minus the least SAT push over every
/// axis (cheaper than the distance), otherwise the exact signed distance.
fn indicator(a: &RefShape, b: &RefShape) -> f64 {
    match (a.as_polytope(), b.as_polytope()) {
        (Some(pa), Some(pb)) => -sat(pa, pb).depth,
        _ => RefPair::new(a, b).signed_distance,
    }
}

/// The motion of a case: b's velocity relative to a's, and the reference shapes at a time.
struct Motion {
    a: RefShape,
    b: RefShape,
    relative: DVec3,
}

impl Motion {
    fn at(&self, t: f64) -> f64 {
        indicator(&self.a, &self.b.translated(self.relative * t))
    }
    fn exact_at(&self, t: f64) -> RefPair {
        RefPair::new(&self.a, &self.b.translated(self.relative * t))
    }
}

/// What fine stepping says.
#[derive(Debug)]
enum Stepped {
    /// Overlapping from the start.
    AtStart,
    /// First contact at `t*` (bisection between the last apart and first overlapping sample at
    /// `first_overlap`); `deepest` is the least sampled indicator.
    Hit { time: f64, first_overlap: f64, deepest: f64 },
    /// Certainly no contact: every sample apart by more than the largest dip between samples;
    /// `closest` is the least lower bound of the gap.
    Miss { closest: f64 },
}

fn step(m: &Motion, max_t: f64, steps: usize) -> Stepped {
    let dt = max_t / steps as f64;
    let samples: Vec<f64> = (0..=steps).map(|k| m.at(k as f64 * dt)).collect();
    if samples[0] < 0.0 {
        return Stepped::AtStart;
    }
    if let Some(k) = samples.iter().position(|&s| s < 0.0) {
        let (mut lo, mut hi) = ((k - 1) as f64 * dt, k as f64 * dt);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if m.at(mid) < 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let deepest = samples.iter().copied().fold(f64::INFINITY, f64::min);
        return Stepped::Hit { time: hi, first_overlap: k as f64 * dt, deepest };
    }
    // between two samples the indicator dips at most half the displacement below the mean
    let travel = m.relative.length() * dt;
    let closest = samples.windows(2).map(|w| 0.5 * (w[0] + w[1] - travel)).fold(f64::INFINITY, f64::min);
    Stepped::Miss { closest }
}

/// Checks septa3d's time of impact for one case moving with `va`, `vb` over `[0, 1]`; returns
/// whether the reference says they meet.
fn check(report: &mut Report, case: &Case, va: Vector, vb: Vector) -> bool {
    let scale = case.scale();
    let (a, pa, b, pb) = (&case.a.shape, case.pose_a, &case.b.shape, case.pose_b);
    let m = Motion { a: case.ref_a(), b: case.ref_b(), relative: dv(vb) - dv(va) };
    let got = time_of_impact(a, pa, va, b, pb, vb, 1.0);
    match step(&m, 1.0, STEPS) {
        Stepped::AtStart => {
            if m.at(0.0) > -1e-4 * scale {
                report.skipped += 1;
                return true;
            }
            report.checked += 1;
            report.check(case, got.is_some_and(|h| h.time == 0.0), || {
                format!("overlapping at the start: got {got:?}")
            });
            true
        }
        Stepped::Hit { time, first_overlap, deepest } => {
            if deepest > -GAP * scale {
                report.skipped += 1; // grazing: either answer is right within the tolerance
                return true;
            }
            report.checked += 1;
            let Some(hit) = got else {
                report.fail(case, format!("no hit; the reference first touches at {time} (first overlapping sample {first_overlap})"));
                return true;
            };
            let t = hit.time as f64;
            report.measure("time after t*", t - time);
            report.check(case, t <= first_overlap + 1e-9, || {
                format!("hit late: at {t}, after the first overlapping sample {first_overlap} (first contact {time})")
            });
            // not late by more than rounding (the shapes barely overlap then), and not early by
            // more than the stopping gap (they nearly touch)
            let r = m.exact_at(t);
            report.measure("gap at the returned time /scale", r.signed_distance / scale);
            report.measure("penetration at the returned time /scale", -r.signed_distance / scale);
            report.check(
                case,
                r.signed_distance <= GAP * scale && r.signed_distance >= -1e-4 * scale,
                || {
                    format!(
                        "returned time off: at {t} (first contact {time}) the signed distance is {}",
                        r.signed_distance
                    )
                },
            );
            let n = dv(hit.normal);
            let (a_t, b_t) = (m.a.clone(), m.b.translated(m.relative * t));
            let gap_along = -push_along(&a_t, &b_t, n.normalize());
            report.check(case, (n.length() - 1.0).abs() < 1e-5 && gap_along >= -1e-4 * scale, || {
                format!(
                    "impact normal {} does not separate at time {t}: gap along it {gap_along}",
                    hit.normal
                )
            });
            true
        }
        Stepped::Miss { closest } => {
            if closest < GAP * scale {
                report.skipped += 1;
                return false;
            }
            report.checked += 1;
            report.check(case, got.is_none(), || {
                format!("hit {got:?}, but the reference misses by at least {closest}")
            });
            false
        }
    }
}

/// Random pairs of the given kinds: b starts 1–4 beyond touching distance from a and moves
/// towards a's side, aimed off by up to 1.2 times the sum of the reaches (about half meet); a drifts
/// slowly. Speeds carry b about twice the starting distance in the unit of time.
fn run(ka: Kind, kb: Kind, pairs: usize) {
    let name = format!("toi {ka:?}-{kb:?}");
    let mut rng = Rng::for_test(&name, 4);
    let mut report = Report::new(name);
    let mut hits = 0;
    for _ in 0..pairs {
        let case = random_case(ka, kb, &mut rng);
        let (ca, cb) = (case.ref_a().center(), case.ref_b().center());
        let reach = case.ref_a().bounding_radius() + case.ref_b().bounding_radius();
        let dir = rng.unit();
        let start = ca + dir * (reach + rng.range(1.0, 4.0));
        let pose_b = Pose::new(rv(dv(case.pose_b.translation) + start - cb), case.pose_b.rotation);
        let case = case.with_pose_b(pose_b);
        let aim = ca + rng.in_ball(1.2 * reach);
        let va = rng.in_cube(0.3);
        let vb = va + (aim - start) * rng.range(1.5, 2.5);
        hits += check(&mut report, &case, rv(va), rv(vb)) as usize;
    }
    println!("{hits} of {pairs} meet");
    assert!(hits > pairs / 10 && hits < pairs * 9 / 10, "{hits} of {pairs} meet");
    assert!(report.checked > pairs * 3 / 4, "only {} of {pairs} checked", report.checked);
    report.finish();
}

#[test]
fn polytope_pairs() {
    run(Kind::Cuboid, Kind::Cuboid, 60);
    run(Kind::Cuboid, Kind::Hull, 60);
    run(Kind::Hull, Kind::Hull, 60);
}

#[test]
fn pairs_with_round_shapes() {
    for (ka, kb) in [
        (Kind::Cuboid, Kind::Sphere),
        (Kind::Capsule, Kind::Hull),
        (Kind::Sphere, Kind::Sphere),
        (Kind::Sphere, Kind::Capsule),
        (Kind::Capsule, Kind::Capsule),
        (Kind::Hull, Kind::Capsule),
    ] {
        run(ka, kb, 80);
    }
}

/// A plate 0.01 thick and a small fast bullet crossing it in a tenth of the time: sampled at
/// ten frames the bullet is always clear of the plate (it tunnels), sampled finely it is not,
/// and septa3d finds the first contact.
#[test]
fn a_fast_bullet_through_a_thin_plate() {
    let plate_specs = [
        Spec::Cuboid { half_extents: Vector::new(1.0, 1.0, 0.005) },
        Spec::Hull {
            points: (0..12)
                .map(|k| {
                    let t = std::f64::consts::TAU * (k % 6) as f64 / 6.0;
                    Vector::new(t.cos() as Real, t.sin() as Real, if k < 6 { -0.005 } else { 0.005 })
                })
                .collect(),
        },
    ];
    let bullets = [
        Spec::Hull {
            points: vec![
                Vector::new(0.05, 0.0, 0.0),
                Vector::new(-0.05, 0.03, 0.0),
                Vector::new(-0.05, -0.03, 0.02),
                Vector::new(0.0, 0.0, -0.04),
            ],
        },
        Spec::Sphere { center: Vector::ZERO, radius: 0.03 },
        Spec::Capsule { a: Vector::new(0.0, 0.0, -0.05), b: Vector::new(0.0, 0.0, 0.05), radius: 0.01 },
    ];
    let mut rng = Rng::for_test("bullet", 0);
    let mut report = Report::new("bullet");
    for plate in &plate_specs {
        for bullet in &bullets {
            for _ in 0..4 {
                let turn = rng.rotation();
                let plate_pose = Pose::new(rv(rng.in_cube(3.0)), rq(turn));
                let up = turn * DVec3::Z; // the plate's normal
                                          // from 4.63 below the plate to 5.37 above it: samples at k/10 sit at odd tenths
                let start =
                    dv(plate_pose.translation) + up * -4.63 + (turn * DVec3::X) * rng.range(-0.3, 0.3);
                let case = Case {
                    a: Built::new(plate.clone()),
                    pose_a: plate_pose,
                    b: Built::new(bullet.clone()),
                    pose_b: Pose::new(rv(start), rq(rng.rotation())),
                };
                let velocity = rv(up * 10.0);
                let m = Motion { a: case.ref_a(), b: case.ref_b(), relative: dv(velocity) };
                report.checked += 1;
                let coarse_apart = (0..=10).all(|k| m.at(k as f64 / 10.0) > 0.0);
                report
                    .check(&case, coarse_apart, || "a coarse sample overlaps: not a tunnelling case".into());
                let Stepped::Hit { time, first_overlap, .. } = step(&m, 1.0, 4000) else {
                    report.fail(&case, "fine stepping finds no hit".into());
                    continue;
                };
                let got = time_of_impact(
                    &case.a.shape,
                    plate_pose,
                    Vector::ZERO,
                    &case.b.shape,
                    case.pose_b,
                    velocity,
                    1.0,
                );
                let Some(hit) = got else {
                    report.fail(&case, format!("tunnelled: no hit, first contact at {time}"));
                    continue;
                };
                // as in `check`: no later than the first overlapping sample, barely overlapping
                // at most, and nearly touching
                let t = hit.time as f64;
                let sd = m.exact_at(t).signed_distance;
                report.check(&case, t <= first_overlap + 1e-9 && (-1e-4..=GAP).contains(&sd), || {
                    format!("hit off: at {t}, signed distance {sd} (first contact {time})")
                });
            }
        }
    }
    report.finish();
}
