//! The JSON API answers what septa answers: the handlers are called directly (no network) and
//! compared with `septa::trace`, `contact`, `collide` and `time_of_impact` on the same shapes,
//! with cases worked out by hand, near the origin and up to 1e6 away from it.

use glam::{DVec2, Vec2};
use serde_json::{json, Value};

use septa::Verdict;
use septa_explorer::api;
use septa_explorer::server::handle;

fn square() -> Value {
    json!({"type": "polygon", "points": [[0, 0], [2, 0], [2, 2], [0, 2]]})
}

fn rect() -> Value {
    json!({"type": "polygon", "points": [[1.5, 0.5], [3.5, 0.5], [3.5, 1.5], [1.5, 1.5]]})
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn f(v: &Value) -> f32 {
    num(v) as f32
}

fn v2(v: &Value) -> Vec2 {
    Vec2::new(f(&v[0]), f(&v[1]))
}

fn d2(v: &Value) -> DVec2 {
    DVec2::new(num(&v[0]), num(&v[1]))
}

fn trace_of(a: &Value, b: &Value) -> Value {
    api::trace(&json!({"a": a, "b": b}).to_string()).expect("a valid request")
}

/// A convex shape as the API reads it.
#[track_caller]
fn convex(shape: &Value, path: &str) -> api::Placed {
    api::parse_shape(shape, path).unwrap().convex().expect("a convex shape").clone()
}

#[track_caller]
fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() <= tol, "{what}: {got} is not within {tol} of {want}");
}

#[track_caller]
fn close2(got: DVec2, want: DVec2, tol: f64, what: &str) {
    assert!((got - want).abs().max_element() <= tol, "{what}: {got} is not within {tol} of {want}");
}

/// The hand-derived case of the e2e test: A = [0,2]², B = [1.5,3.5]×[0.5,1.5].
#[test]
fn squares_by_hand() {
    let t = trace_of(&square(), &rect());
    let expected = [
        ("A0", 1.5),
        ("A1", 0.5),
        ("A2", 1.5),
        ("A3", -0.5),
        ("B0", 1.5),
        ("B1", 0.5),
        ("B2", 1.5),
        ("B3", -0.5),
    ];
    let steps = t["steps"].as_array().unwrap();
    assert_eq!(steps.len(), expected.len());
    for (step, (label, push)) in steps.iter().zip(expected) {
        assert_eq!(step["label"], label);
        assert_eq!(step["status"], "overlap");
        assert_eq!(f(&step["push"]), push, "{label}");
    }
    // A1 (+x): A's shadow [0, 2], B's [1.5, 3.5]; the bold edge runs from (2,0) to (2,2).
    assert_eq!((f(&steps[1]["a"]["min"]), f(&steps[1]["a"]["max"])), (0.0, 2.0));
    assert_eq!((f(&steps[1]["b"]["min"]), f(&steps[1]["b"]["max"])), (1.5, 3.5));
    assert_eq!(v2(&steps[1]["feature"]["from"]), Vec2::new(2.0, 0.0));
    assert_eq!(v2(&steps[1]["feature"]["to"]), Vec2::new(2.0, 2.0));
    assert_eq!(v2(&steps[1]["direction"]), Vec2::X);
    assert_eq!(t["verdict"], "colliding");
    assert_eq!(
        (t["step"].as_u64(), t["stop"].as_u64(), t["collides"].as_bool()),
        (Some(1), Some(8), Some(true))
    );
    assert_eq!(t["contact"]["label"], "A1");
    assert_eq!((v2(&t["contact"]["normal"]), f(&t["contact"]["depth"])), (Vec2::X, 0.5));
    let m = &t["manifold"];
    let points: Vec<(Vec2, f32)> =
        m["points"].as_array().unwrap().iter().map(|p| (v2(&p["point"]), f(&p["depth"]))).collect();
    assert_eq!(points, [(Vec2::new(1.5, 1.5), 0.5), (Vec2::new(1.5, 0.5), 0.5)]);
    assert_eq!((m["reference"]["shape"].as_str(), m["reference"]["index"].as_u64()), (Some("a"), Some(1)));
    assert_eq!((m["incident"]["shape"].as_str(), m["incident"]["index"].as_u64()), (Some("b"), Some(3)));

    // Moved one unit right, B is clear of A by 0.5 along A1, the second axis tested.
    let apart = json!({"type": "polygon", "points": [[2.5, 0.5], [4.5, 0.5], [4.5, 1.5], [2.5, 1.5]]});
    let t = trace_of(&square(), &apart);
    assert_eq!(
        (t["verdict"].as_str(), t["step"].as_u64(), t["stop"].as_u64()),
        (Some("separated"), Some(1), Some(2))
    );
    assert_eq!(t["steps"][1]["status"], "gap");
    assert_eq!(f(&t["steps"][1]["separation"]), 0.5);
    assert!(t["steps"][1]["push"].is_null() && t["contact"].is_null() && t["manifold"].is_null());
}

/// One shape of every kind (two polygons, circles, a box, capsules), in world coordinates.
fn shapes() -> Vec<Value> {
    // a regular pentagon of radius 1.7 about (0.4, −0.2), first corner at 0.3 rad
    let pentagon: Vec<[f64; 2]> = (0..5)
        .map(|k| {
            let t = 0.3 + k as f64 * std::f64::consts::TAU / 5.0;
            [0.4 + 1.7 * t.cos(), -0.2 + 1.7 * t.sin()]
        })
        .collect();
    vec![
        json!({"type": "polygon", "points": pentagon}),
        json!({"type": "polygon", "points": [[-0.43, -2.31], [2.0, -1.38], [1.43, 0.11], [-1.0, -0.82]]}),
        json!({"type": "circle", "center": [1.1, 0.6], "radius": 1.0}),
        json!({"type": "circle", "center": [3.5, 0.0], "radius": 0.8}),
        json!({"type": "box", "center": [0.8, -0.9], "half_extents": [1.2, 0.7], "angle": 0.35}),
        json!({"type": "capsule", "a": [-1.0, 1.2], "b": [1.3, 1.9], "radius": 0.55}),
        json!({"type": "capsule", "a": [2.5, -2.0], "b": [4.0, -1.0], "radius": 0.3}),
    ]
}

/// Every pair of shape kinds, both orders: the API's steps, verdict, MTV and manifold are
/// septa's for the shapes placed by their poses (the API computes about a's position and
/// moves the points out in f64, so world coordinates agree to rounding).
#[test]
fn answers_equal_the_library() {
    const TOL: f64 = 2e-5;
    let shapes = shapes();
    let mut colliding = 0;
    let mut mismatches = Vec::new();
    for a in &shapes {
        for b in &shapes {
            let got = trace_of(a, b);
            let (a, b) = (convex(a, "a"), convex(b, "b"));
            let want = septa::trace(&a.shape, a.pose, &b.shape, b.pose);
            let steps = got["steps"].as_array().unwrap();
            assert_eq!(steps.len(), want.steps.len());
            for (g, w) in steps.iter().zip(&want.steps) {
                assert_eq!(g["label"], w.axis.to_string());
                assert_eq!(g["axis"], serde_json::to_value(w.axis).unwrap());
                close2(d2(&g["direction"]), w.direction.as_dvec2(), 1e-6, "direction");
                for (side, p) in [("a", &w.a), ("b", &w.b)] {
                    close(num(&g[side]["min"]), p.interval.min.into(), TOL, "min");
                    close(num(&g[side]["max"]), p.interval.max.into(), TOL, "max");
                    close2(d2(&g[side]["min_point"]), p.min_point.as_dvec2(), TOL, "min point");
                    close2(d2(&g[side]["max_point"]), p.max_point.as_dvec2(), TOL, "max point");
                }
                close(num(&g["separation"]), w.separation.into(), TOL, "separation");
                assert_eq!(g["push"].is_null(), w.push.is_none());
                if let Some(push) = w.push {
                    close(num(&g["push"]), push.into(), TOL, "push");
                }
                assert_eq!(g["status"], if w.is_gap() { "gap" } else { "overlap" });
            }
            assert_eq!(got["collides"].as_bool(), Some(want.collides()));
            let contact = septa::contact(&a.shape, a.pose, &b.shape, b.pose);
            let manifold = septa::collide(&a.shape, a.pose, &b.shape, b.pose);
            match want.verdict {
                Verdict::Separated { step } => {
                    assert_eq!(got["step"].as_u64(), Some(step as u64));
                    assert_eq!(got["stop"].as_u64(), Some(step as u64 + 1));
                    assert!(got["contact"].is_null() && got["manifold"].is_null());
                    assert!(contact.is_none());
                }
                Verdict::Colliding { step, contact: c, manifold: m } => {
                    colliding += 1;
                    assert_eq!(got["step"].as_u64(), Some(step as u64));
                    assert_eq!(got["stop"].as_u64(), Some(steps.len() as u64));
                    close2(d2(&got["contact"]["normal"]), c.normal.as_dvec2(), 1e-6, "normal");
                    close(num(&got["contact"]["depth"]), c.depth.into(), TOL, "depth");
                    // the trace's minimum push is the fast path's MTV depth
                    let fast = contact.expect("septa::contact agrees they overlap");
                    assert!(
                        (fast.depth - c.depth).abs() <= 1e-5 * (1.0 + c.depth),
                        "{} vs {}",
                        fast.depth,
                        c.depth
                    );
                    if m != manifold {
                        mismatches.push(format!("{} vs {}", got["a"]["kind"], got["b"]["kind"]));
                    }
                    let m = manifold.expect("a manifold");
                    let g = &got["manifold"];
                    close2(d2(&g["normal"]), m.normal.as_dvec2(), 1e-6, "manifold normal");
                    let points = g["points"].as_array().unwrap();
                    assert_eq!(points.len(), m.points().len());
                    for (gp, mp) in points.iter().zip(m.points()) {
                        close2(d2(&gp["point"]), mp.point.as_dvec2(), TOL, "contact point");
                        close(num(&gp["depth"]), mp.depth.into(), TOL, "contact depth");
                        assert_eq!(gp["id"], serde_json::to_value(mp.id).unwrap());
                    }
                }
            }
        }
    }
    // The trace computes its manifold by the general polygon path; for two boxes septa::collide
    // takes the box–box path, which may pick the other face in an exact tie (a box against
    // itself). The API serves collide's.
    assert!(mismatches.iter().all(|m| m == "\"box\" vs \"box\""), "{mismatches:?}");
    assert!(colliding >= 10, "the set should have plenty of overlapping pairs: {colliding}");
}

/// Every number of `got` within `tol` of the same place in `want`; everything else equal.
#[track_caller]
fn assert_json_close(got: &Value, want: &Value, tol: f64) {
    match (got, want) {
        (Value::Number(g), Value::Number(w)) => {
            let (g, w) = (g.as_f64().unwrap(), w.as_f64().unwrap());
            assert!((g - w).abs() <= tol, "{g} is not within {tol} of {w}");
        }
        (Value::Array(g), Value::Array(w)) => {
            assert_eq!(g.len(), w.len(), "{got} vs {want}");
            g.iter().zip(w).for_each(|(g, w)| assert_json_close(g, w, tol));
        }
        (Value::Object(g), Value::Object(w)) => {
            assert_eq!(g.keys().collect::<Vec<_>>(), w.keys().collect::<Vec<_>>(), "{got} vs {want}");
            g.iter().zip(w).for_each(|((_, g), (_, w))| assert_json_close(g, w, tol));
        }
        _ => assert_eq!(got, want),
    }
}

/// A shape's JSON with every point moved by `d`.
fn moved(shape: &Value, d: DVec2) -> Value {
    let shift = |p: &Value| json!([num(&p[0]) + d.x, num(&p[1]) + d.y]);
    let mut s = shape.clone();
    match s["type"].as_str().unwrap() {
        "polygon" => s["points"] = s["points"].as_array().unwrap().iter().map(shift).collect(),
        "capsule" => (s["a"], s["b"]) = (shift(&s["a"]), shift(&s["b"])),
        _ => s["center"] = shift(&s["center"]),
    }
    s
}

#[test]
fn time_of_impact_equals_the_library() {
    // By hand: B = [4,6]×[0.5,1.5] moving by (−4, 0) reaches A's right side x = 2 at t = 0.5.
    let far = json!({"type": "polygon", "points": [[4, 0.5], [6, 0.5], [6, 1.5], [4, 1.5]]});
    let body = json!({"a": square(), "b": far, "velocity_b": [-4, 0], "max_t": 1});
    let got = api::toi(&body.to_string()).unwrap();
    assert_eq!(got["hit"], true);
    assert_eq!((f(&got["time"]), v2(&got["normal"])), (0.5, Vec2::X));
    assert_eq!(
        got["b_at"],
        json!({"type": "polygon", "points": [[2.0, 0.5], [4.0, 0.5], [4.0, 1.5], [2.0, 1.5]]})
    );
    assert_eq!(
        got["a_at"],
        json!({"type": "polygon", "points": [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]]})
    );
    // too slow to arrive within max_t
    let body = json!({"a": square(), "b": far, "velocity_b": [-1, 0]});
    assert_eq!(api::toi(&body.to_string()).unwrap()["hit"], false);

    let (va, vb) = (Vec2::new(0.5, 0.0), Vec2::new(-3.0, 1.5));
    let mut hits = 0;
    for a in shapes() {
        for b in shapes() {
            let body =
                json!({"a": a, "b": b, "velocity_a": [0.5, 0.0], "velocity_b": [-3.0, 1.5], "max_t": 2.0});
            let got = api::toi(&body.to_string()).unwrap();
            let (pa, pb) = (convex(&a, "a"), convex(&b, "b"));
            let want = septa::time_of_impact(&pa.shape, pa.pose, va, &pb.shape, pb.pose, vb, 2.0);
            assert_eq!(got["hit"].as_bool(), Some(want.is_some()));
            if let Some(hit) = want {
                hits += 1;
                close(num(&got["time"]), hit.time.into(), 1e-5, "time");
                // The API works in a's frame, the library call here in the world's: their
                // rounding differs, and conservative advancement (round pairs) stops anywhere the
                // gap is within its tolerance, so the two may stop a hair apart, where a round
                // contact's normal has turned a little (1.5e-4 for a capsule met obliquely).
                close2(d2(&got["normal"]), hit.normal.as_dvec2(), 1e-3, "normal");
                // each shape moved to that time: the input moved by velocity × time
                let t = num(&got["time"]);
                assert_json_close(&got["a_at"], &moved(&a, va.as_dvec2() * t), 1e-5);
                assert_json_close(&got["b_at"], &moved(&b, vb.as_dvec2() * t), 1e-5);
            }
        }
    }
    assert!(hits >= 10, "the set should have plenty of hits: {hits}");
}

#[test]
fn shapes_as_septa_collide_reads_them() {
    // hull: any points, their convex hull
    let hull = json!({"type": "hull", "points": [[0, 0], [2, 0], [1, 1], [2, 2], [0, 2]]});
    let t = trace_of(&hull, &rect());
    assert_eq!(t["a"]["vertices"].as_array().unwrap().len(), 4);
    assert_eq!(t["a"]["kind"], "polygon");
    // clockwise input comes back counter-clockwise, as septa stores it, so labels match indices
    let cw = json!({"type": "polygon", "points": [[0, 0], [0, 2], [2, 2], [2, 0]]});
    let t = trace_of(&cw, &rect());
    assert_eq!(t["a"]["vertices"], json!([[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]]));
    assert_eq!(
        t["a"]["shape"],
        json!({"type": "polygon", "points": [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]]})
    );
    let circle = |extra: Value| {
        let mut c = json!({"type": "circle", "center": [0, 0], "radius": 1});
        c.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({"a": square(), "b": c}).to_string()
    };
    let bad = [
        (json!({"a": square()}).to_string(), "needs \"b\""),
        (json!({"a": square(), "b": rect(), "c": 1}).to_string(), "unknown key \"c\""),
        (circle(json!({"radius": -1})), "b.radius: "),
        (circle(json!({"r": 2})), "b: unknown key \"r\""),
        (circle(json!({"center": [0]})), "b.center: expected [x, y]"),
        (circle(json!({"center": [0, "1"]})), "b.center[1]: expected a number"),
        (circle(json!({"center": [2e18, 0]})), "b.center: a coordinate is beyond"),
        (
            json!({"a": square(), "b": {"type": "circle", "center": [0, 0]}}).to_string(),
            "b: missing key \"radius\"",
        ),
        (json!({"a": square(), "b": {"type": "triangle"}}).to_string(), "b.type"),
        (
            json!({"a": {"points": [[0, 0], [1, 0], [0, 1]]}, "b": rect()}).to_string(),
            "a: a shape needs \"type\"",
        ),
        (
            json!({"a": {"type": "polygon", "points": [[0, 0], [1, 1], [2, 2]]}, "b": rect()}).to_string(),
            "a.points: ",
        ),
        (
            json!({"a": {"type": "polygon", "points": [[0, 0], [2, 0], [0, 2], [2, 2]]}, "b": rect()})
                .to_string(),
            "a.points: the points are not in convex order",
        ),
        (
            json!({"a": {"type": "polygon", "points": [[0, 0], [2, 0], [0, 2]], "radius": 1}, "b": rect()})
                .to_string(),
            "a: unknown key \"radius\"",
        ),
        (json!({"a": {"type": "hull", "points": 3}, "b": rect()}).to_string(), "a.points: expected an array"),
        (
            json!({"a": square(), "b": {"type": "capsule", "a": [0, 0], "b": [0, 0], "radius": 0}})
                .to_string(),
            "b: ",
        ),
        (
            json!({"a": square(), "b": {"type": "capsule", "a": [0, 0], "b": [2e18, 0], "radius": 1}})
                .to_string(),
            "b.b: ",
        ),
        (
            json!({"a": square(), "b": {"type": "capsule", "a": [0, 0], "b": [1, 0], "radius": -1}})
                .to_string(),
            "b.radius: ",
        ),
        (
            json!({"a": square(), "b": {"type": "box", "center": [0, 0], "half_extents": [1, 0]}})
                .to_string(),
            "b.half_extents: ",
        ),
        ("{".to_string(), "not valid JSON"),
    ];
    for (body, message) in bad {
        let e = api::trace(&body).expect_err(&body);
        assert!(e.0.contains(message), "{body}: {e}");
    }
    let e = api::toi(&json!({"a": square(), "b": rect(), "max_t": -1}).to_string()).unwrap_err();
    assert!(e.0.contains("max_t"), "{e}");
    let e = api::toi(&json!({"a": square(), "b": rect(), "velocity_b": [1]}).to_string()).unwrap_err();
    assert!(e.0.contains("velocity_b: expected [x, y]"), "{e}");
}

/// Issue 14, item 4: an axis-aligned box needs no `angle`; a misspelt key is still refused.
#[test]
fn a_box_without_an_angle_is_axis_aligned() {
    let plain = json!({"type": "box", "center": [0, 0], "half_extents": [1, 1]});
    // By hand: the unit box about the origin against A = [0,2]² overlaps by 1 along ±x and ±y
    // (shadows [−1, 1] and [0, 2]); A's first face (−y) is the first minimum: depth 1.
    let t = trace_of(&square(), &plain);
    assert_eq!(t["b"]["kind"], "box");
    assert_eq!(
        t["b"]["shape"],
        json!({"type": "box", "center": [0.0, 0.0], "half_extents": [1.0, 1.0], "angle": 0.0})
    );
    assert_eq!(t["b"]["vertices"], json!([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]));
    assert_eq!((t["collides"].as_bool(), f(&t["contact"]["depth"])), (Some(true), 1.0));
    let with_angle = json!({"type": "box", "center": [0, 0], "half_extents": [1, 1], "angle": 0});
    assert_eq!(t, trace_of(&square(), &with_angle));
    let toi = api::toi(&json!({"a": plain, "b": square(), "velocity_b": [1, 0]}).to_string()).unwrap();
    assert_eq!(toi["hit"], true);
    for (shape, message) in [
        (
            json!({"type": "box", "center": [0, 0], "half_extents": [1, 1], "angel": 0}),
            "b: unknown key \"angel\"",
        ),
        (
            json!({"type": "box", "center": [0, 0], "half_extents": [1, 1], "angle": null}),
            "b.angle: expected a number",
        ),
        (json!({"type": "box", "center": [0, 0]}), "b: missing key \"half_extents\""),
        (json!({"type": "box", "half_extents": [1, 1]}), "b: missing key \"center\""),
    ] {
        let e = api::trace(&json!({"a": square(), "b": shape}).to_string()).unwrap_err();
        assert!(e.0.contains(message), "{shape}: {e}");
    }
}

// ---------- far from the origin (issue 14, item 2) ----------

/// A small deterministic generator (SplitMix64), so that the far-away cases are the same on
/// every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [lo, hi).
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A point whose coordinates have magnitude `offset` × [0.5, 1], either sign.
    fn far(&mut self, offset: f64) -> DVec2 {
        let sign = |r: &mut Random| if r.next() & 1 == 0 { 1.0 } else { -1.0 };
        DVec2::new(sign(self) * offset * self.range(0.5, 1.0), sign(self) * offset * self.range(0.5, 1.0))
    }
}

/// The corners of a regular `n`-gon of circumradius `r` about `c`, the first at angle `turn`.
fn regular(n: usize, r: f64, c: DVec2, turn: f64) -> Vec<DVec2> {
    (0..n).map(|k| c + r * DVec2::from_angle(turn + k as f64 * std::f64::consts::TAU / n as f64)).collect()
}

fn polygon_json(kind: &str, points: &[DVec2]) -> Value {
    json!({"type": kind, "points": points.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>()})
}

const OFFSETS: [f64; 4] = [1e3, 1e4, 1e5, 1e6];

/// The example of the issue: a 16-gon of radius 0.3 at (1e5, 1e5), whose corners rounded to f32
/// (spacing 0.0078 there) are no longer in convex order.
#[test]
fn the_issues_sixteen_gon_is_accepted() {
    let points = regular(16, 0.3, DVec2::new(1e5, 1e5), 0.0);
    let body = json!({"a": polygon_json("polygon", &points), "b": {"type": "circle", "center": [1e5, 1e5], "radius": 0.1}});
    let t = api::trace(&body.to_string()).expect("a convex 16-gon");
    let vertices = t["a"]["vertices"].as_array().unwrap();
    assert_eq!(vertices.len(), 16);
    for (v, p) in vertices.iter().zip(&points) {
        close2(d2(v), *p, 1e-6, "vertex");
    }
    // By hand: the circle sits at the polygon's centre, so the push out is the apothem plus its
    // radius: 0.3 cos(π/16) + 0.1.
    close(num(&t["contact"]["depth"]), 0.3 * (std::f64::consts::PI / 16.0).cos() + 0.1, 1e-5, "depth");
}

/// Convex polygons (regular and irregular, 3–64 corners, radius 0.1–2) 1e3–1e6 from the
/// origin, sent as f64 decimal text, are accepted, and come back where they were sent.
#[test]
fn far_polygons_are_accepted_where_they_are() {
    let mut rng = Random(14);
    let mut count = 0;
    for offset in OFFSETS {
        for _ in 0..60 {
            let n = 3 + (rng.next() % 62) as usize;
            let r = rng.range(0.1, 2.0);
            let c = rng.far(offset);
            // corners on a circle at jittered angles: convex, none closer than 0.4 steps apart
            let step = std::f64::consts::TAU / n as f64;
            let turn = rng.range(0.0, step);
            let mut points: Vec<DVec2> = (0..n)
                .map(|k| c + r * DVec2::from_angle(turn + step * (k as f64 + rng.range(-0.3, 0.3))))
                .collect();
            if rng.next() & 1 == 0 {
                points.reverse(); // either winding
            }
            let kind = if rng.next() % 4 == 0 { "hull" } else { "polygon" };
            let shape = polygon_json(kind, &points);
            let other = json!({"type": "circle", "center": [c.x + 3.0 * r, c.y], "radius": r});
            let t = api::trace(&json!({"a": shape, "b": other}).to_string())
                .unwrap_or_else(|e| panic!("{shape} refused: {e}"));
            let vertices = t["a"]["vertices"].as_array().unwrap();
            assert_eq!(vertices.len(), n, "{shape}");
            // every corner kept, where it was sent
            for v in vertices.iter().map(d2) {
                assert!(
                    points.iter().any(|p| (*p - v).abs().max_element() <= 1e-6),
                    "{v} is not an input corner"
                );
            }
            // by hand: the circle's centre is 3r from the polygon's, its radius r, and the
            // polygon within r of its centre, so they are at least r apart
            assert_eq!(t["verdict"], "separated");
            count += 1;
        }
    }
    assert_eq!(count, 240);
}

/// Two copies of a regular polygon far from the origin, the second shifted by `s` along the
/// outward normal n₀ of the first one's face 0: by hand, their shadows on n₀ are
/// `[−h, a]` and `[s − h, s + a]` (`a` the apothem, `h` the support in −n₀: the apothem again for
/// an even number of sides, the circumradius for an odd one), so they overlap by `a + h − s`
/// along n₀; on every other face normal the shift shows less (its cosine is smaller) while
/// both shadows are as wide, so that is the MTV: depth `a + h − s` along n₀ when `s < a + h`,
/// and otherwise a gap of `s − a − h`, the largest separation over the axes.
#[test]
fn far_polygons_overlap_by_the_depth_worked_out_by_hand() {
    let mut rng = Random(1400);
    let (mut overlapping, mut apart) = (0, 0);
    for offset in OFFSETS {
        for _ in 0..40 {
            let n = 3 + (rng.next() % 62) as usize;
            let r = rng.range(0.1, 2.0);
            let c = rng.far(offset);
            let turn = rng.range(0.0, std::f64::consts::TAU);
            let step = std::f64::consts::TAU / n as f64;
            let apothem = r * (step / 2.0).cos();
            let h = if n % 2 == 0 { apothem } else { r };
            let n0 = DVec2::from_angle(turn + step / 2.0); // face 0 runs from corner 0 to corner 1
            let width = apothem + h;
            let s = width * if rng.next() % 4 == 0 { rng.range(1.02, 1.5) } else { rng.range(0.05, 0.95) };
            let a = regular(n, r, c, turn);
            let b: Vec<DVec2> = a.iter().map(|&p| p + s * n0).collect();
            let t = trace_of(&polygon_json("polygon", &a), &polygon_json("polygon", &b));
            // The tolerance of the issue is 1e-3 (at 1e6, f32's spacing there, 0.0625); working
            // about each shape's centre, the API does much better everywhere.
            let tol = 1e-4;
            if s < width {
                overlapping += 1;
                assert_eq!(t["verdict"], "colliding", "n {n} r {r} at {c}");
                close(num(&t["contact"]["depth"]), width - s, tol, "depth");
                close2(d2(&t["contact"]["normal"]), n0, tol, "normal");
                close(num(&t["manifold"]["depth"]), width - s, tol, "manifold depth");
                // The deepest point is b's corner or face farthest along −n₀ (at s − h); with an
                // odd number of sides the other point, on an edge at that corner, is shallower.
                let points = t["manifold"]["points"].as_array().unwrap();
                let deepest = points.iter().map(|p| num(&p["depth"])).fold(0.0, f64::max);
                close(deepest, width - s, tol, "deepest point");
                for p in points {
                    assert!(num(&p["depth"]) > 0.0, "{p}");
                    // on b, behind a's face 0: between b's lowest point and that face along n₀
                    let along = (d2(&p["point"]) - c).dot(n0);
                    assert!(along <= apothem + tol && along >= s - h - tol, "{along}");
                }
            } else {
                apart += 1;
                assert_eq!(t["verdict"], "separated", "n {n} r {r} at {c}");
                let widest = t["steps"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| num(&s["separation"]))
                    .fold(f64::MIN, f64::max);
                close(widest, s - width, tol, "gap");
            }
        }
    }
    assert!(overlapping >= 80 && apart >= 20, "{overlapping} overlapping, {apart} apart");
}

/// Circles, boxes and capsules far from the origin, in pairs whose answers are worked out by
/// hand, for the trace and for the time of impact.
#[test]
fn far_round_shapes_and_boxes_by_hand() {
    for offset in OFFSETS {
        let c = DVec2::new(offset + 0.37, -0.71 * offset);
        let at = |d: DVec2| [c.x + d.x, c.y + d.y];
        // circles of radius 0.3 and 0.2 with centres 0.4 apart: 0.1 deep along the centre line
        let (a, b) = (
            json!({"type": "circle", "center": at(DVec2::ZERO), "radius": 0.3}),
            json!({"type": "circle", "center": at(DVec2::new(0.24, 0.32)), "radius": 0.2}),
        );
        let t = trace_of(&a, &b);
        close(num(&t["contact"]["depth"]), 0.1, 1e-5, "circles");
        close2(d2(&t["contact"]["normal"]), DVec2::new(0.6, 0.8), 1e-5, "circles' normal");
        // axis-aligned boxes 2 × 1 and 1 × 1, centres 1.4 apart in x: 0.1 deep along x
        let (a, b) = (
            json!({"type": "box", "center": at(DVec2::ZERO), "half_extents": [1.0, 0.5]}),
            json!({"type": "box", "center": at(DVec2::new(1.4, 0.2)), "half_extents": [0.5, 0.5]}),
        );
        let t = trace_of(&a, &b);
        close(num(&t["contact"]["depth"]), 0.1, 1e-5, "boxes");
        let points = t["manifold"]["points"].as_array().unwrap();
        assert_eq!(points.len(), 2);
        for p in points {
            // on b's left side x = 0.9, or a's right side x = 1, within a's y range
            let local = d2(&p["point"]) - c;
            assert!((0.9 - 1e-5..=1.0 + 1e-5).contains(&local.x) && local.y.abs() <= 0.5 + 1e-5, "{local}");
        }
        // parallel capsules of radius 0.25 along x, cores 0.4 apart in y: 0.1 deep along y
        let (a, b) = (
            json!({"type": "capsule", "a": at(DVec2::new(-1.0, 0.0)), "b": at(DVec2::new(1.0, 0.0)), "radius": 0.25}),
            json!({"type": "capsule", "a": at(DVec2::new(-0.5, 0.4)), "b": at(DVec2::new(0.5, 0.4)), "radius": 0.25}),
        );
        let t = trace_of(&a, &b);
        close(num(&t["contact"]["depth"]), 0.1, 1e-5, "capsules");
        close2(d2(&t["contact"]["normal"]), DVec2::Y, 1e-5, "capsules' normal");
        // the box of half width 0.5 moving at 2 towards the 2 × 1 box 0.3 away: contact at 0.15
        let b = json!({"type": "box", "center": at(DVec2::new(1.8, 0.0)), "half_extents": [0.5, 0.5]});
        let box_a = json!({"type": "box", "center": at(DVec2::ZERO), "half_extents": [1.0, 0.5]});
        let hit = api::toi(&json!({"a": box_a, "b": b, "velocity_b": [-2.0, 0.0]}).to_string()).unwrap();
        close(num(&hit["time"]), 0.15, 1e-5, "time of impact");
        close2(d2(&hit["b_at"]["center"]), DVec2::new(c.x + 1.5, c.y), 1e-5, "b at the time of impact");
    }
}

#[test]
fn routes() {
    let page = handle("GET", "/?a=%7B%7D", "");
    assert_eq!((page.status, page.content_type), (200, "text/html; charset=utf-8"));
    for testid in [
        "canvas",
        "step",
        "run",
        "reset",
        "shape-b-polygon",
        "shape-b-circle",
        "shape-b-box",
        "shape-b-capsule",
        "shape-b-concave",
        "shape-a-polygon",
        "shape-a-concave",
        "result",
    ] {
        assert!(page.body.contains(&format!("data-testid=\"{testid}\"")), "{testid}");
    }
    // no asset comes from elsewhere (the icon names the SVG namespace, which is no request)
    for asset in ["/", "/app.js", "/style.css", "/favicon.svg"] {
        let body = handle("GET", asset, "").body.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        assert!(!body.contains("http://") && !body.contains("https://"), "{asset} refers to the network");
    }
    assert_eq!(handle("GET", "/app.js", "").content_type, "text/javascript; charset=utf-8");
    let body = json!({"a": square(), "b": rect()}).to_string();
    let ok = handle("POST", "/api/trace", &body);
    assert_eq!(ok.status, 200);
    assert_eq!(serde_json::from_str::<Value>(&ok.body).unwrap(), api::trace(&body).unwrap());
    let bad = handle("POST", "/api/trace", "{}");
    assert_eq!(bad.status, 400);
    assert!(serde_json::from_str::<Value>(&bad.body).unwrap()["error"].is_string());
    assert_eq!(handle("GET", "/api/trace", "").status, 405);
    assert_eq!(handle("GET", "/nope", "").status, 404);
}

/// Issue 14, item 3: a browser asks for an icon on every page load and logs a console error on
/// a 404. The page declares one, and /favicon.ico (where browsers look otherwise) answers too.
#[test]
fn the_page_has_an_icon() {
    let page = handle("GET", "/", "").body;
    assert!(page.contains("<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">"));
    for path in ["/favicon.svg", "/favicon.ico"] {
        let icon = handle("GET", path, "");
        assert_eq!((icon.status, icon.content_type), (200, "image/svg+xml"), "{path}");
        assert!(icon.body.starts_with("<svg ") && icon.body.trim_end().ends_with("</svg>"), "{path}");
        assert_eq!(handle("HEAD", path, "").status, 200);
        assert_eq!(handle("POST", path, "").status, 405);
    }
}

/// The binary's server over a real socket on 127.0.0.1 (port 0: a free one).
#[test]
fn serves_on_loopback() {
    use std::io::{Read, Write};
    let listener = septa_explorer::server::bind(0).unwrap();
    let addr = listener.local_addr().unwrap();
    assert!(addr.ip().is_loopback());
    std::thread::spawn(move || septa_explorer::server::serve(listener));
    let body = json!({"a": square(), "b": rect()}).to_string();
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(stream, "POST /api/trace HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}", body.len())
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    let json_text = answer.split("\r\n\r\n").nth(1).unwrap();
    assert_eq!(serde_json::from_str::<Value>(json_text).unwrap(), api::trace(&body).unwrap());

    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(stream, "GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\nContent-Type: image/svg+xml\r\n"), "{answer}");
}

// ---------- concave polygons (issue 17) ----------

/// The height of the kink in the seam terrain's top: small enough that the top is flat to the
/// eye and to the merge of manifolds, large enough that the outline keeps the vertex.
const KINK: f64 = 1e-4;

/// A terrain whose top is flat but for a kink of depth [`KINK`] at x = 0, and whose bottom rises
/// to a point under it: one reflex vertex in the top, (0, −KINK), and one in the bottom,
/// (0, −1.5). Every convex decomposition cuts at both; one cut joining them does it, so the
/// minimum is that cut, x = 0, and two pieces.
///
/// ```text
///   (−4,0) +------------------+------------------+ (4,0)      top: y = −KINK·(1 − |x|/4)
///          |      left        :       right      |
///          |                  :                  |
///  (−4,−2) +------------______+______------------+ (4,−2)
///                           (0,−1.5)
/// ```
fn seam_terrain(at: DVec2) -> Value {
    let points: Vec<[f64; 2]> =
        [(-4.0, -2.0), (0.0, -1.5), (4.0, -2.0), (4.0, 0.0), (0.0, -KINK), (-4.0, 0.0)]
            .iter()
            .map(|&(x, y)| [at.x + x, at.y + y])
            .collect();
    json!({"type": "concave", "points": points})
}

/// The terrain's top at x (relative to the terrain).
fn seam_surface(x: f64) -> f64 {
    -KINK * (1.0 - x.abs() / 4.0)
}

/// Issue 17: a box resting across a seam gets one manifold, its normal perpendicular to the
/// surface, as if the terrain were one piece.
///
/// The 2 × 1 box sits with its bottom at y = −0.05, from x = −1.97 to 0.03: sunk about 0.05
/// into the terrain, and across the cut x = 0 by 0.03. Against the right piece alone, the
/// shortest way out is sideways through the cut (0.03 < 0.05): septa's convex answer for that
/// pair has the ghost normal (−1, 0), 0.03 deep, which the compound query must replace. By
/// hand the answer is the surface's: normal (0, 1) within the kink's slope KINK/4, points at
/// the box's bottom corners, each 0.05 + top(x) deep; one manifold, the two pieces' contacts
/// merged.
#[test]
fn a_box_across_a_seam_gets_the_surface_normal_by_hand() {
    for offset in [DVec2::ZERO, DVec2::new(1e5 + 0.25, -1e5 + 0.5)] {
        let terrain = seam_terrain(offset);
        let b =
            json!({"type": "box", "center": [offset.x - 0.97, offset.y + 0.45], "half_extents": [1, 0.5]});
        let t = trace_of(&terrain, &b);
        assert_eq!(t["compound"], true);
        assert_eq!(t["a"]["kind"], "concave");
        assert_eq!(t["a"]["method"], "optimal");
        assert_eq!(t["a"]["shape"]["type"], "concave");
        assert_eq!(t["a"]["vertices"].as_array().unwrap().len(), 6);
        // two pieces, each with one internal edge: the cut from (0, −1.5) to (0, −KINK)
        let pieces = t["a"]["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 2);
        for piece in pieces {
            let cuts: Vec<&Value> =
                piece["edges"].as_array().unwrap().iter().filter(|e| e["internal"] == true).collect();
            assert_eq!(cuts.len(), 1, "{piece}");
            let mut ends = [d2(&cuts[0]["from"]) - offset, d2(&cuts[0]["to"]) - offset];
            ends.sort_by(|p, q| p.y.total_cmp(&q.y));
            close2(ends[0], DVec2::new(0.0, -1.5), 1e-6, "the cut's foot");
            close2(ends[1], DVec2::new(0.0, -KINK), 1e-6, "the cut's top");
        }
        // both pieces are tested, each a quadrilateral against the box: 4 + 4 axes, all
        // overlapping, so the stepper shows all 16
        let pairs = t["pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), 2);
        for pair in pairs {
            assert_eq!((pair["steps"].as_array().unwrap().len(), pair["stop"].as_u64()), (8, Some(8)));
            assert_eq!(pair["collides"], true);
        }
        assert_eq!(t["stop"].as_u64(), Some(16));
        let right = pairs
            .iter()
            .find(|p| {
                let piece = &pieces[p["piece_a"].as_u64().unwrap() as usize];
                piece["vertices"].as_array().unwrap().iter().any(|v| num(&v[0]) - offset.x > 3.0)
            })
            .expect("the right piece's pair");
        assert_eq!(right["outcome"], "corrected", "{right}");
        close2(d2(&right["ghost"]["normal"]), DVec2::NEG_X, 1e-6, "the ghost normal");
        close(num(&right["ghost"]["depth"]), 0.03, 1e-5, "the ghost depth");
        // the answer
        assert_eq!((t["verdict"].as_str(), t["collides"].as_bool()), (Some("colliding"), Some(true)));
        let manifolds = t["manifolds"].as_array().unwrap();
        assert_eq!(manifolds.len(), 1, "{manifolds:?}");
        let m = &manifolds[0];
        let n = d2(&m["normal"]);
        assert!(n.x.abs() <= KINK / 4.0 + 1e-6 && (n.y - 1.0).abs() <= 1e-6, "normal {n}");
        let points = m["points"].as_array().unwrap();
        assert_eq!(points.len(), 2);
        let mut xs = Vec::new();
        for (p, depth) in points.iter().zip(m["depths"].as_array().unwrap()) {
            let at = d2(&p["point"]) - offset;
            close(at.y, -0.05, 1e-5, "a point on the box's bottom");
            close(num(&p["depth"]), 0.05 + seam_surface(at.x), 2e-6, "point depth");
            assert_eq!(&p["depth"], depth);
            xs.push(at.x);
        }
        xs.sort_by(f64::total_cmp);
        close(xs[0], -1.97, 1e-5, "the left corner");
        close(xs[1], 0.03, 1e-5, "the right corner");
        close(num(&m["depth"]), 0.05 + seam_surface(-1.97), 2e-6, "manifold depth");
        assert_eq!(t["deepest"].as_u64(), Some(0));
        assert_eq!(t["dropped"].as_u64(), Some(0));
        assert!(m["piece_a"].as_u64().unwrap() < 2 && m["piece_b"].as_u64() == Some(0));

        // the other way round: the same contact, the normal from a (the box) to b turned over
        let t = trace_of(&b, &terrain);
        assert_eq!((t["a"]["kind"].as_str(), t["b"]["kind"].as_str()), (Some("box"), Some("concave")));
        let manifolds = t["manifolds"].as_array().unwrap();
        assert_eq!(manifolds.len(), 1);
        let n = d2(&manifolds[0]["normal"]);
        assert!(n.x.abs() <= KINK / 4.0 + 1e-6 && (n.y + 1.0).abs() <= 1e-6, "normal {n}");
        close(num(&manifolds[0]["depth"]), 0.05 + seam_surface(-1.97), 2e-6, "flipped depth");
        assert!(manifolds[0]["piece_a"] == 0 && manifolds[0]["piece_b"].as_u64().unwrap() < 2);
        let ghost = t["pairs"].as_array().unwrap().iter().find(|p| p["outcome"] == "corrected").unwrap();
        close2(d2(&ghost["ghost"]["normal"]), DVec2::X, 1e-6, "the flipped ghost normal");
    }
}

/// Issue 17: two concave polygons. A U-shaped cup, [0,4] × [0,3] less the notch [1,3] × [1,3],
/// and a T whose bar [0.5,3.5] × [2.95,3.45] rests on both walls, 0.05 deep, its stem
/// [1.6,2.4] × [1.5,2.95] hanging in the notch clear of the walls and the floor. By hand: two
/// contacts, the bar's bottom on each wall's top, normal (0, 1), 0.05 deep, points at the bar's
/// bottom where it is over the wall (x = 0.5 and 1 on the left, 3 and 3.5 on the right, y =
/// 2.95). They lie on one line but are 2 apart, so they stay two manifolds.
#[test]
fn a_concave_polygon_resting_on_another_by_hand() {
    let cup = json!({"type": "concave", "points": [[0, 0], [4, 0], [4, 3], [3, 3], [3, 1], [1, 1], [1, 3], [0, 3]]});
    let tee = json!({"type": "concave", "points": [
        [1.6, 1.5], [2.4, 1.5], [2.4, 2.95], [3.5, 2.95], [3.5, 3.45], [0.5, 3.45], [0.5, 2.95], [1.6, 2.95],
    ]});
    for (a, b, up) in [(&cup, &tee, 1.0), (&tee, &cup, -1.0)] {
        let t = trace_of(a, b);
        assert_eq!((t["a"]["kind"].as_str(), t["b"]["kind"].as_str()), (Some("concave"), Some("concave")));
        assert_eq!(t["collides"], true);
        let pairs = t["pairs"].as_array().unwrap();
        assert!(pairs.iter().all(|p| p["outcome"] == if p["collides"] == true { "kept" } else { "apart" }));
        let mut found: Vec<(f64, f64)> = Vec::new();
        for m in t["manifolds"].as_array().unwrap() {
            close2(d2(&m["normal"]), DVec2::new(0.0, up), 1e-6, "normal");
            close(num(&m["depth"]), 0.05, 1e-5, "depth");
            let points: Vec<DVec2> =
                m["points"].as_array().unwrap().iter().map(|p| d2(&p["point"])).collect();
            assert_eq!(points.len(), 2);
            // the points lie on b's incident face: the bar's bottom, or the wall's top
            let y = if up > 0.0 { 2.95 } else { 3.0 };
            assert!(points.iter().all(|p| (p.y - y).abs() <= 1e-5), "{points:?}");
            let (lo, hi) = (points[0].x.min(points[1].x), points[0].x.max(points[1].x));
            found.push((lo, hi));
            // the pieces named are those the contact is between: a wall of the cup and the bar
            for (side, piece) in [("a", &m["piece_a"]), ("b", &m["piece_b"])] {
                let piece = &t[side]["pieces"][piece.as_u64().unwrap() as usize];
                let top =
                    piece["vertices"].as_array().unwrap().iter().map(|v| num(&v[1])).fold(f64::MIN, f64::max);
                assert!(top > 2.9, "{side}'s piece reaches the contact: {piece}");
            }
        }
        found.sort_by(|p, q| p.0.total_cmp(&q.0));
        assert_eq!(found.len(), 2, "{found:?}");
        close(found[0].0, 0.5, 1e-5, "left contact from");
        close(found[0].1, 1.0, 1e-5, "left contact to");
        close(found[1].0, 3.0, 1e-5, "right contact from");
        close(found[1].1, 3.5, 1e-5, "right contact to");
    }
}

/// Bad concave input is refused with the field it is about, as for the other shapes.
#[test]
fn bad_concave_polygons_name_the_field() {
    let with = |b: Value| json!({"a": square(), "b": b}).to_string();
    let square_hole = |hole: Value| {
        with(json!({"type": "concave", "points": [[0, 0], [4, 0], [4, 4], [0, 4]], "holes": [hole]}))
    };
    let bad = [
        (
            with(json!({"type": "concave", "points": [[0, 0], [2, 2], [2, 0], [0, 2]]})),
            "b.points: the outline crosses or touches itself: edges 0 and 2 meet",
        ),
        (
            with(json!({"type": "concave", "points": [[0, 0], [1, 0], [0, 0]]})),
            "b.points: the outline needs at least 3",
        ),
        (
            with(json!({"type": "concave", "points": [[0, 0], [1, 1], [2, 2]]})),
            "b.points: the points of the outline are collinear",
        ),
        (
            with(json!({"type": "concave", "points": [[0, 0], [1, 0], [2e18, 1]]})),
            "b.points[2]: point 2 of the outline has a coordinate beyond",
        ),
        (with(json!({"type": "concave", "points": [[0, 0], [1, 0], [1]]})), "b.points[2]: expected [x, y]"),
        (with(json!({"type": "concave"})), "b: missing key \"points\""),
        (
            with(json!({"type": "concave", "points": [[0, 0], [1, 0], [0, 1]], "radius": 1})),
            "b: unknown key \"radius\"",
        ),
        (
            with(json!({"type": "concave", "points": [[0, 0], [1, 0], [0, 1]], "holes": 3})),
            "b.holes: expected an array of holes",
        ),
        (square_hole(json!([[5, 5], [6, 5], [6, 6]])), "b.holes[0]: hole 0 lies outside the outline"),
        (square_hole(json!([[1, 1], [3, 1], [1]])), "b.holes[0][2]: expected [x, y]"),
        (
            square_hole(json!([[1, 1], [3, 1], [1, 2e18]])),
            "b.holes[0][2]: point 2 of hole 0 has a coordinate beyond",
        ),
        (square_hole(json!([[1, 1], [5, 1], [1, 3]])), "b.holes[0]: hole 0 crosses or touches the outline"),
        (square_hole(json!("nope")), "b.holes[0]: expected an array of [x, y] points"),
        (
            with(json!({"type": "concavo", "points": []})),
            "b.type: \"concavo\" is not polygon, hull, circle, box, capsule or concave",
        ),
    ];
    for (body, message) in bad {
        let e = api::trace(&body).expect_err(&body);
        assert!(e.0.contains(message), "{body}: {e}");
    }
    // the swept test is for convex shapes: a concave one is refused, naming its side
    let terrain = seam_terrain(DVec2::ZERO);
    let e = api::toi(&json!({"a": terrain, "b": rect(), "velocity_b": [1, 0]}).to_string()).unwrap_err();
    assert!(e.0.starts_with("a: the swept test (time of impact) takes convex shapes only"), "{e}");
    let e = api::toi(&json!({"a": rect(), "b": terrain}).to_string()).unwrap_err();
    assert!(e.0.starts_with("b: "), "{e}");
    // a hole makes a frame: its pieces cover the frame and leave the hole out
    let frame = api::trace(&square_hole(json!([[1, 1], [3, 1], [3, 3], [1, 3]]))).unwrap();
    assert_eq!(frame["b"]["holes"].as_array().unwrap().len(), 1);
    assert_eq!(frame["b"]["shape"]["holes"], frame["b"]["holes"]);
    let area: f64 = frame["b"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let v: Vec<DVec2> = p["vertices"].as_array().unwrap().iter().map(d2).collect();
            (0..v.len()).map(|i| v[i].perp_dot(v[(i + 1) % v.len()])).sum::<f64>() / 2.0
        })
        .sum();
    close(area, 16.0 - 4.0, 1e-9, "the pieces' area");
    // a convex pair answers as before, without the compound keys
    let t = trace_of(&square(), &rect());
    assert!(t.get("compound").is_none() && t.get("pairs").is_none() && t["steps"].is_array());
}

/// The compound answers are septa's (`septa::concave::trace` and `collide`), written out: for
/// the seam terrain against a shape of every kind in both orders, and against another concave
/// polygon, every pair's pieces, steps, verdict and outcome, and every manifold.
#[test]
fn compound_answers_are_the_librarys() {
    use septa::concave::{self, PairOutcome};
    const TOL: f64 = 2e-5;
    let terrain = seam_terrain(DVec2::ZERO);
    let others = vec![
        json!({"type": "box", "center": [-0.97, 0.45], "half_extents": [1, 0.5], "angle": 0.1}),
        json!({"type": "circle", "center": [0.2, 0.4], "radius": 0.5}),
        json!({"type": "capsule", "a": [-1, 0.3], "b": [1, 0.35], "radius": 0.35}),
        json!({"type": "polygon", "points": [[-0.5, -0.2], [0.5, -0.1], [0.2, 0.8]]}),
        json!({"type": "concave", "points": [[-1, -0.1], [1, -0.1], [1, 1], [0.6, 1], [0.6, 0.3], [-1, 0.3]]}),
        json!({"type": "circle", "center": [9.0, 9.0], "radius": 0.5}),
    ];
    let mut compared = 0;
    for other in &others {
        for (a, b) in [(&terrain, other), (other, &terrain)] {
            let got = trace_of(a, b);
            let (pa, pb) = (api::parse_shape(a, "a").unwrap(), api::parse_shape(b, "b").unwrap());
            let (ta, tb) = (pa.pose(), pb.pose());
            let want = match (&pa, &pb) {
                (api::Body::Concave(x), api::Body::Convex(y)) => concave::trace(&x.shape, ta, &y.shape, tb),
                (api::Body::Convex(x), api::Body::Concave(y)) => concave::trace(&x.shape, ta, &y.shape, tb),
                (api::Body::Concave(x), api::Body::Concave(y)) => concave::trace(&x.shape, ta, &y.shape, tb),
                _ => unreachable!("one side is the terrain"),
            };
            let pairs = got["pairs"].as_array().unwrap();
            assert_eq!(pairs.len(), want.pairs.len());
            let mut stop = 0;
            for (g, w) in pairs.iter().zip(&want.pairs) {
                assert_eq!(
                    (g["piece_a"].as_u64(), g["piece_b"].as_u64()),
                    (Some(w.piece_a.into()), Some(w.piece_b.into()))
                );
                let steps = g["steps"].as_array().unwrap();
                assert_eq!(steps.len(), w.trace.steps.len());
                for (gs, ws) in steps.iter().zip(&w.trace.steps) {
                    assert_eq!(gs["label"], ws.axis.to_string());
                    close(num(&gs["separation"]), ws.separation.into(), TOL, "separation");
                    close2(d2(&gs["direction"]), ws.direction.as_dvec2(), 1e-6, "direction");
                }
                assert_eq!(g["collides"].as_bool(), Some(w.trace.collides()));
                let outcome = match w.outcome {
                    PairOutcome::Apart => "apart",
                    PairOutcome::Kept(_) => "kept",
                    PairOutcome::Corrected { .. } => "corrected",
                    PairOutcome::Interior(_) => "interior",
                };
                assert_eq!(g["outcome"], outcome);
                stop += g["stop"].as_u64().unwrap();
                compared += 1;
            }
            assert_eq!(got["stop"].as_u64(), Some(stop));
            assert_eq!(got["collides"].as_bool(), Some(want.collides()));
            let manifolds = got["manifolds"].as_array().unwrap();
            assert_eq!(manifolds.len(), want.manifolds.len());
            for (g, w) in manifolds.iter().zip(want.manifolds.iter()) {
                assert_eq!(
                    (g["piece_a"].as_u64(), g["piece_b"].as_u64()),
                    (Some(w.piece_a.into()), Some(w.piece_b.into()))
                );
                close2(d2(&g["normal"]), w.manifold.normal.as_dvec2(), 1e-6, "manifold normal");
                close(num(&g["depth"]), w.manifold.depth().into(), TOL, "manifold depth");
                for (gp, wp) in g["points"].as_array().unwrap().iter().zip(w.manifold.points()) {
                    close2(d2(&gp["point"]), wp.point.as_dvec2(), TOL, "contact point");
                }
            }
        }
    }
    assert!(compared >= 12, "{compared}");
}
