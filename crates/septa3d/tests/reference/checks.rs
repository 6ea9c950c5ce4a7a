//! The differential check of one case: every septa3d query on the pair against the reference
//! answer. Shared by `random_pairs_polytope.rs` and `random_pairs_round.rs`; included with
//! `#[path = "reference/checks.rs"] mod checks;` after `cases`.
//!
//! Each failure message starts with its kind, up to the first colon, so that the report can
//! count failures by kind.
#![allow(dead_code)]

use septa3d::pair::hull_hull::{ABSOLUTE_TOLERANCE, RELATIVE_EDGE_TOLERANCE, RELATIVE_FACE_TOLERANCE};
use septa3d::{collide, contact, overlaps, overlaps_cached, separation, trace, SatCache, Vector};

use crate::cases::{dv, Case, Report};
use crate::reference::{push_along, DVec3, RefPair};

/// Pairs whose signed distance is within this × scale of touching are not compared (either
/// verdict is right within f32 rounding); they are counted as skipped.
pub const NEAR: f64 = 1e-4;
/// Depth, distance and push tolerance, × scale (f32 rounding of coordinates up to ~20 is ~2e-6).
pub const TOL: f64 = 1e-4;
/// With a round shape: how much deeper than the MTV depth the manifold's reference feature may
/// be, × scale (septa3d prefers a hull face within `FACE_BIAS = 5e-4` of the smaller size).
pub const ROUND_MANIFOLD_SLACK: f64 = 1e-3;

/// A septa3d direction as a unit f64 vector.
pub fn unit(v: Vector) -> DVec3 {
    dv(v).normalize()
}

fn is_unit(v: Vector) -> bool {
    ((v.length() as f64) - 1.0).abs() <= 1e-5
}

/// How much deeper than the MTV depth a manifold may be. For two polytopes septa3d documents
/// a bias (`pair::hull_hull`): an edge contact only if its separation beats
/// `E × (best face's) + slop`, b's face only if it beats `F × (a's) + slop`, `slop =
/// ABSOLUTE_TOLERANCE × smaller bounding radius`. Chasing those inequalities, the chosen face's
/// depth is at most `((depth + slop) / E + slop) / F`. With a round shape: a fixed
/// [`ROUND_MANIFOLD_SLACK`].
pub fn manifold_slack(case: &Case, depth: f64) -> f64 {
    let scale = case.scale();
    if case.a.spec.is_polytope() && case.b.spec.is_polytope() {
        let (e, f) = (RELATIVE_EDGE_TOLERANCE as f64, RELATIVE_FACE_TOLERANCE as f64);
        let slop =
            ABSOLUTE_TOLERANCE as f64 * case.a.local.bounding_radius().min(case.b.local.bounding_radius());
        ((depth + slop) / e + slop) / f - depth + TOL * scale
    } else {
        ROUND_MANIFOLD_SLACK * scale + TOL * scale
    }
}

/// Checks `overlaps`, `overlaps_cached`, `trace`'s verdict, `contact`, `separation` and `collide`
/// of one case against the reference answer `r`. `exact_separation`: the pair's separation is
/// the exact distance when apart (every pair with a round shape); otherwise (two polytopes) it
/// must lie between SAT's gap over the Minkowski facet normals and the distance.
pub fn check_case(report: &mut Report, case: &Case, r: &RefPair, exact_separation: bool) {
    let (a, pa, b, pb) = (&case.a.shape, case.pose_a, &case.b.shape, case.pose_b);
    let (ra, rb) = (case.ref_a(), case.ref_b());
    let scale = case.scale();
    let tol = TOL * scale;
    if r.signed_distance.abs() < NEAR * scale {
        report.skipped += 1;
        return;
    }
    report.checked += 1;
    let want = r.overlapping();
    let sd = r.signed_distance;

    report.check(case, overlaps(a, pa, b, pb) == want, || {
        format!("overlaps: want {want} (signed distance {sd})")
    });
    let mut cache = SatCache::new();
    for call in 0..2 {
        let got = overlaps_cached(a, pa, b, pb, &mut cache);
        report.check(case, got == want, || format!("overlaps_cached: want {want} (call {call})"));
    }
    let t = trace(a, pa, b, pb);
    report.check(case, t.collides() == want, || format!("trace verdict: {:?}, want {want}", t.verdict));

    // contact: the exact depth, and a normal along which the push is that depth
    match contact(a, pa, b, pb) {
        Some(c) if want => {
            let depth = r.depth();
            let err = (c.depth as f64 - depth).abs();
            report.measure("depth error/scale", err / scale);
            report.check(case, err <= tol, || {
                format!("contact depth: {} ({:?}), want {depth}", c.depth, c.axis)
            });
            report.check(case, is_unit(c.normal), || format!("contact normal not unit: {}", c.normal));
            let push = push_along(&ra, &rb, unit(c.normal));
            report.measure("push along normal - depth /scale", (push - c.depth as f64).abs() / scale);
            report.check(case, (push - c.depth as f64).abs() <= tol, || {
                format!(
                    "push along contact normal: {} ({:?}) gives {push}, depth {}",
                    c.normal, c.axis, c.depth
                )
            });
            if r.normal_unique(tol) {
                let angle = unit(c.normal).angle_between(r.normal);
                report.measure("normal angle", angle);
                report.check(case, angle <= r.normal_tolerance(scale), || {
                    format!(
                        "contact normal direction: {} ({:?}), reference {} (angle {angle})",
                        c.normal, c.axis, r.normal
                    )
                });
            }
        }
        None if !want => {}
        got => {
            report.fail(case, format!("contact: {got:?}, want overlapping = {want} (signed distance {sd})"))
        }
    }

    // separation: minus the depth when overlapping; a lower bound of the distance when apart
    let s = separation(a, pa, b, pb);
    report.check(case, is_unit(s.normal), || format!("separation normal not unit: {}", s.normal));
    let gap = -push_along(&ra, &rb, unit(s.normal));
    let distance = s.distance as f64;
    if want {
        report.check(case, (distance - sd).abs() <= tol, || {
            format!("separation when overlapping: {distance} ({:?}), want -depth = {sd}", s.axis)
        });
    } else {
        report.check(case, distance > 0.0 && distance <= sd + tol, || {
            format!("separation not in (0, distance]: {distance} ({:?}), distance {sd}", s.axis)
        });
        report.check(case, (gap - distance).abs() <= tol, || {
            format!(
                "separation not the gap along its normal: {distance} along {} ({:?}), gap {gap}",
                s.normal, s.axis
            )
        });
        if exact_separation {
            report.measure("separation error/scale", (distance - sd).abs() / scale);
            report.check(case, (distance - sd).abs() <= tol, || {
                format!("separation not the distance: {distance} ({:?}), distance {sd}", s.axis)
            });
        } else if let Some(facets) = r.facet_gap {
            report.measure("facet gap - separation /scale", (facets - distance) / scale);
            report.check(case, distance >= facets - tol, || {
                format!(
                    "separation below the largest gap over the Minkowski facet normals: {distance} ({:?}), \
                     facet gap {facets}",
                    s.axis
                )
            });
        }
    }

    // collide: 1–4 points in the overlap, depths in [0, depth + slack]
    match collide(a, pa, b, pb) {
        Some(m) if want => {
            let depth = r.depth();
            let slack = manifold_slack(case, depth);
            let n = m.points().len();
            report.check(case, (1..=4).contains(&n), || format!("manifold size: {n} points"));
            report.check(case, is_unit(m.normal), || format!("manifold normal not unit: {}", m.normal));
            let push = push_along(&ra, &rb, unit(m.normal));
            report.measure("(manifold push - depth) / slack", (push - depth) / slack);
            report.check(case, push <= depth + slack, || {
                format!("manifold normal push above depth + slack: {} gives {push}, depth {depth}", m.normal)
            });
            for p in m.points() {
                let pd = p.depth as f64;
                report.check(case, p.depth >= 0.0 && pd <= depth + slack, || {
                    format!(
                        "manifold point depth not in [0, depth + slack]: {} ({:?}), depth {depth}",
                        p.depth, p.id
                    )
                });
                let q = dv(p.point);
                let (da, db) = (ra.distance(q), rb.distance(q));
                report.measure("point distance to a shape - point depth /scale", (da.max(db) - pd) / scale);
                report.check(case, da <= pd + tol && db <= pd + tol, || {
                    format!(
                        "manifold point farther than its depth from a shape: {} (depth {}, {:?}) is {da} from a, \
                         {db} from b",
                        p.point, p.depth, p.id
                    )
                });
            }
        }
        None if !want => {}
        got => {
            report.fail(case, format!("collide: {got:?}, want overlapping = {want} (signed distance {sd})"))
        }
    }
}
