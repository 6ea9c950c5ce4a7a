//! Property tests (proptest) of septa's core invariants, for every ordered pair of shape kinds.
//!
//! What is checked:
//! * the MTV depth equals the independent f64 reference's (Minkowski difference, see
//!   `reference/mod.rs`), and `overlaps` agrees with it away from touching;
//! * symmetry: swapping a and b keeps the depth and turns the normal around;
//! * push-out: moving b by the MTV (plus 1e-4 of it and a tiny ε) separates the shapes by the
//!   brute-force test and by septa itself, while moving it 1 % less leaves them overlapping;
//! * the answer does not depend on the polygon's starting vertex or winding;
//! * translating both shapes together changes nothing (beyond f32 rounding of the new positions).
//!
//! How expected answers are derived: the shapes are generated as input points (convex, on an
//! ellipse with a minimum angular gap, or boxes with their parallel-edge ties) and rebuilt by the
//! reference in f64; nothing is derived by SAT. proptest shrinks a failure to a small case, and the
//! failure message carries a paste-able repro. Seeds are fixed and no regression files are
//! written, so runs are repeatable; the case count is modest so that the file runs in seconds in
//! the debug profile.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;

use std::f64::consts::{PI, TAU};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use reference::*;
use septa::{contact, overlaps, Contact, Pose, Real, Shape, Vector};

/// Pairs this close to touching (signed distance) are not compared on overlap.
const NEAR: f64 = 1e-4;

fn config() -> Config {
    Config {
        cases: 256,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x5e97a),
        max_shrink_iters: 2048,
        ..Config::default()
    }
}

fn f32v(x: f64, y: f64) -> Vector {
    Vector::new(x as Real, y as Real)
}

/// Convex polygons: 3–12 corners on an ellipse (aspect 1:1 to 1:4) with at least 40 % of the
/// even angular step between neighbours, or a box; extent 0.1–1.5, possibly off the local
/// origin; either winding, any starting vertex.
fn polygon() -> BoxedStrategy<Spec> {
    let ellipse = (3usize..=12, prop::collection::vec(0.0f64..1.0, 12), 0.25f64..1.0)
        .prop_map(|(n, jitter, aspect)| {
            (0..n)
                .map(|k| {
                    let t = TAU * (k as f64 + 0.6 * jitter[k]) / n as f64;
                    [t.cos(), aspect * t.sin()]
                })
                .collect::<Vec<P>>()
        })
        .boxed();
    let boxy = (0.2f64..1.0).prop_map(|h| vec![[-1.0, -h], [1.0, -h], [1.0, h], [-1.0, h]]).boxed();
    (
        prop_oneof![3 => ellipse, 1 => boxy],
        0.1f64..1.5,
        -PI..PI,
        (-1.0f64..1.0, -1.0f64..1.0),
        any::<bool>(),
        0usize..12,
    )
        .prop_map(|(unit, size, turn, (ox, oy), reverse, start)| {
            let mut points: Vec<Vector> = unit
                .iter()
                .map(|&q| {
                    let w = rotate(mul(q, size), turn);
                    f32v(w[0] + ox * size, w[1] + oy * size)
                })
                .collect();
            if reverse {
                points.reverse();
            }
            let k = start % points.len();
            points.rotate_left(k);
            Spec::Polygon { points, hull: false }
        })
        .boxed()
}

fn circle() -> BoxedStrategy<Spec> {
    (0.1f64..1.5, prop_oneof![Just((0.0, 0.0)), (-1.0f64..1.0, -1.0f64..1.0)])
        .prop_map(|(radius, (x, y))| Spec::Circle { center: f32v(x, y), radius: radius as Real })
        .boxed()
}

fn shape(round: bool) -> BoxedStrategy<Spec> {
    if round {
        circle()
    } else {
        polygon()
    }
}

/// A pair of the given kind: a within ±10 of the origin, b in a random direction at 0–1.2 times
/// the sum of the extents (so about half overlap), random angles.
fn pair(kind: Kind) -> BoxedStrategy<Case> {
    let (a_round, b_round) = match kind {
        Kind::PolygonPolygon => (false, false),
        Kind::PolygonCircle => (false, true),
        Kind::CirclePolygon => (true, false),
        Kind::CircleCircle => (true, true),
    };
    (shape(a_round), shape(b_round), (-10.0f64..10.0, -10.0f64..10.0), -PI..PI, -PI..PI, -PI..PI, 0.0f64..1.2)
        .prop_map(|(a, b, (x, y), angle_a, angle_b, direction, reach)| {
            let extent = |s: &Spec| {
                let l = s.local();
                l.bounding_radius() + norm(l.center())
            };
            let d = mul([direction.cos(), direction.sin()], reach * (extent(&a) + extent(&b)));
            Case {
                a,
                ta: f32v(x, y),
                angle_a: angle_a as Real,
                b,
                tb: f32v(x + d[0], y + d[1]),
                angle_b: angle_b as Real,
            }
        })
        .boxed()
}

struct Pair {
    a: Shape,
    b: Shape,
    pa: Pose,
    pb: Pose,
    ra: RefShape,
    rb: RefShape,
    r: RefPair,
    scale: f64,
}

fn built(case: &Case) -> Pair {
    let (ra, rb) = (case.ref_a(), case.ref_b());
    let r = RefPair::new(&ra, &rb);
    let scale = ra.bounding_radius().max(rb.bounding_radius()).max(1.0);
    Pair { a: case.a.build(), b: case.b.build(), pa: case.pose_a(), pb: case.pose_b(), ra, rb, r, scale }
}

fn v(q: Vector) -> P {
    p(q)
}

fn depth_matches_reference(case: Case) -> Result<(), TestCaseError> {
    let t = built(&case);
    prop_assume!(t.r.signed_distance.abs() >= NEAR);
    let repro = case.repro();
    let got = overlaps(&t.a, t.pa, &t.b, t.pb);
    prop_assert_eq!(
        got,
        t.r.overlapping(),
        "overlaps; reference signed distance {}; {}",
        t.r.signed_distance,
        repro
    );
    let c = contact(&t.a, t.pa, &t.b, t.pb);
    prop_assert_eq!(c.is_some(), got, "contact {:?} vs overlaps; {}", c, repro);
    if let Some(c) = c {
        prop_assert!(
            (c.depth as f64 - t.r.depth()).abs() <= 1e-4 * t.scale,
            "depth {} vs reference {}; {}",
            c.depth,
            t.r.depth(),
            repro
        );
        if t.r.normal_unique(1e-3 * t.scale) {
            let tol = t.r.normal_tolerance(t.scale);
            prop_assert!(
                dist(v(c.normal), t.r.normal) <= tol,
                "normal {} vs reference {:?}; {}",
                c.normal,
                t.r.normal,
                repro
            );
        }
    }
    Ok(())
}

/// Contacts `c` and `d` of the pair `t` and of `t` built another way (`how`: "swapped",
/// "rebuilt", "moved"): the depths agree within `depth_tol` × scale and, where the reference
/// normal is unique, `turn` (how the change moves a direction) takes c's normal to d's.
fn same_depth_and_normal(
    t: &Pair,
    c: Contact,
    d: Contact,
    how: &str,
    depth_tol: f64,
    turn: impl Fn(P) -> P,
    repro: &str,
) -> Result<(), TestCaseError> {
    prop_assert!(
        (c.depth - d.depth).abs() as f64 <= depth_tol * t.scale,
        "depth {} vs {} {}; {}",
        c.depth,
        how,
        d.depth,
        repro
    );
    if t.r.normal_unique(1e-3 * t.scale) {
        let tol = t.r.normal_tolerance(t.scale);
        prop_assert!(
            dist(turn(v(c.normal)), v(d.normal)) <= tol,
            "normal {} vs {} {}; {}",
            c.normal,
            how,
            d.normal,
            repro
        );
    }
    Ok(())
}

fn swap_symmetry(case: Case) -> Result<(), TestCaseError> {
    let t = built(&case);
    let s = built(&case.swapped());
    let repro = case.repro();
    if t.r.signed_distance.abs() >= NEAR {
        prop_assert_eq!(
            overlaps(&t.a, t.pa, &t.b, t.pb),
            overlaps(&s.a, s.pa, &s.b, s.pb),
            "overlaps changed by the swap; {}",
            repro
        );
    }
    let (ab, ba) = (contact(&t.a, t.pa, &t.b, t.pb), contact(&s.a, s.pa, &s.b, s.pb));
    if let (Some(ab), Some(ba)) = (ab, ba) {
        // a ↔ b turns the normal around
        same_depth_and_normal(&t, ab, ba, "swapped", 1e-5, |n| mul(n, -1.0), &repro)?;
    } else if t.r.signed_distance.abs() >= NEAR {
        prop_assert!(ab.is_none() && ba.is_none(), "contact {:?} vs swapped {:?}; {}", ab, ba, repro);
    }
    Ok(())
}

fn push_out(case: Case) -> Result<(), TestCaseError> {
    let t = built(&case);
    prop_assume!(t.r.signed_distance.abs() >= NEAR);
    let Some(c) = contact(&t.a, t.pa, &t.b, t.pb) else { return Ok(()) };
    let repro = case.repro();
    let (n, depth) = (v(c.normal), c.depth as f64);
    let eps = 2e-5 * t.scale;
    let out = mul(n, depth * (1.0 + 1e-4) + eps);
    prop_assert!(
        !direct_overlap(&t.ra, &t.rb.translated(out)),
        "still overlapping after the MTV {} × {}; {}",
        c.normal,
        c.depth,
        repro
    );
    let moved =
        Pose { translation: t.pb.translation + c.normal * (depth * (1.0 + 1e-4) + eps) as Real, ..t.pb };
    prop_assert!(!overlaps(&t.a, t.pa, &t.b, moved), "septa: still overlapping after its own MTV; {}", repro);
    if 0.01 * depth > 10.0 * eps {
        let short = mul(n, 0.99 * depth);
        prop_assert!(
            direct_overlap(&t.ra, &t.rb.translated(short)),
            "99 % of the MTV {} × {} already separates; {}",
            c.normal,
            c.depth,
            repro
        );
    }
    Ok(())
}

fn start_and_winding(
    case: Case,
    start_a: usize,
    start_b: usize,
    reverse_a: bool,
    reverse_b: bool,
) -> Result<(), TestCaseError> {
    let rebuilt =
        Case { a: case.a.rebuilt(start_a, reverse_a), b: case.b.rebuilt(start_b, reverse_b), ..case.clone() };
    let (t, u) = (built(&case), built(&rebuilt));
    let repro = format!("{}; rebuilt: {}", case.repro(), rebuilt.repro());
    // the same edges in another order: overlap is decided by the same numbers
    prop_assert_eq!(
        overlaps(&t.a, t.pa, &t.b, t.pb),
        overlaps(&u.a, u.pa, &u.b, u.pb),
        "overlaps; {}",
        repro
    );
    let (c, d) = (contact(&t.a, t.pa, &t.b, t.pb), contact(&u.a, u.pa, &u.b, u.pb));
    prop_assert_eq!(c.is_some(), d.is_some(), "contact {:?} vs rebuilt {:?}; {}", c, d, repro);
    if let (Some(c), Some(d)) = (c, d) {
        same_depth_and_normal(&t, c, d, "rebuilt", 1e-6, |n| n, &repro)?;
    }
    Ok(())
}

fn translation(case: Case, shift: (f64, f64)) -> Result<(), TestCaseError> {
    let moved = Case {
        ta: f32v(case.ta.x as f64 + shift.0, case.ta.y as f64 + shift.1),
        tb: f32v(case.tb.x as f64 + shift.0, case.tb.y as f64 + shift.1),
        ..case.clone()
    };
    let (t, u) = (built(&case), built(&moved));
    prop_assume!(t.r.signed_distance.abs() >= NEAR && u.r.signed_distance.abs() >= NEAR);
    let repro = format!("{}; moved: {}", case.repro(), moved.repro());
    prop_assert_eq!(
        overlaps(&t.a, t.pa, &t.b, t.pb),
        overlaps(&u.a, u.pa, &u.b, u.pb),
        "overlaps; {}",
        repro
    );
    let (c, d) = (contact(&t.a, t.pa, &t.b, t.pb), contact(&u.a, u.pa, &u.b, u.pb));
    if let (Some(c), Some(d)) = (c, d) {
        same_depth_and_normal(&t, c, d, "moved", 1e-4, |n| n, &repro)?;
    }
    Ok(())
}

macro_rules! properties {
    ($module:ident, $kind:expr, $has_polygon:tt) => {
        mod $module {
            use super::*;
            const KIND: Kind = $kind;

            proptest! {
                #![proptest_config(config())]

                #[test]
                fn contact_depth_matches_reference(case in pair(KIND)) {
                    depth_matches_reference(case)?;
                }

                #[test]
                fn swapping_a_and_b_flips_the_normal(case in pair(KIND)) {
                    swap_symmetry(case)?;
                }

                #[test]
                fn mtv_pushes_out_and_99_percent_does_not(case in pair(KIND)) {
                    push_out(case)?;
                }

                #[test]
                fn translating_both_changes_nothing(case in pair(KIND), x in -50.0f64..50.0, y in -50.0f64..50.0) {
                    translation(case, (x, y))?;
                }
            }

            properties!(@winding $has_polygon);
        }
    };
    (@winding true) => {
        proptest! {
            #![proptest_config(config())]

            #[test]
            fn start_vertex_and_winding_do_not_matter(
                case in pair(KIND), sa in 0usize..12, sb in 0usize..12, ra in any::<bool>(), rb in any::<bool>()
            ) {
                start_and_winding(case, sa, sb, ra, rb)?;
            }
        }
    };
    (@winding false) => {};
}

properties!(polygon_polygon, Kind::PolygonPolygon, true);
properties!(polygon_circle, Kind::PolygonCircle, true);
properties!(circle_polygon, Kind::CirclePolygon, true);
properties!(circle_circle, Kind::CircleCircle, false);
