//! The JSON API answers what septa answers: the handlers are called directly (no network) and
//! compared with `septa::trace`, `contact`, `collide` and `time_of_impact` on the same shapes,
//! plus one case worked out by hand.

use glam::Vec2;
use serde_json::{json, Value};

use septa::{Capsule, Circle, ConvexPolygon, OrientedBox, Pose, Shape, Verdict};
use septa_explorer::api;
use septa_explorer::server::handle;

fn square() -> Value {
    json!({"type": "polygon", "points": [[0, 0], [2, 0], [2, 2], [0, 2]]})
}

fn rect() -> Value {
    json!({"type": "polygon", "points": [[1.5, 0.5], [3.5, 0.5], [3.5, 1.5], [1.5, 1.5]]})
}

fn f(v: &Value) -> f32 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")) as f32
}

fn v2(v: &Value) -> Vec2 {
    Vec2::new(f(&v[0]), f(&v[1]))
}

fn trace_of(a: &Value, b: &Value) -> Value {
    api::trace(&json!({"a": a, "b": b}).to_string()).expect("a valid request")
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

fn shapes() -> Vec<Shape> {
    let pentagon = ConvexPolygon::regular(5, 1.7, 0.3).unwrap();
    let moved: Vec<Vec2> = pentagon.vertices().iter().map(|&v| v + Vec2::new(0.4, -0.2)).collect();
    vec![
        Shape::Polygon(ConvexPolygon::new(&moved).unwrap()),
        Shape::Polygon(
            ConvexPolygon::new(&[
                Vec2::new(-0.43, -2.31),
                Vec2::new(2.0, -1.38),
                Vec2::new(1.43, 0.11),
                Vec2::new(-1.0, -0.82),
            ])
            .unwrap(),
        ),
        Shape::Circle(Circle::new(Vec2::new(1.1, 0.6), 1.0).unwrap()),
        Shape::Circle(Circle::new(Vec2::new(3.5, 0.0), 0.8).unwrap()),
        Shape::Box(OrientedBox::new(Vec2::new(0.8, -0.9), Vec2::new(1.2, 0.7), 0.35).unwrap()),
        Shape::Capsule(Capsule::new(Vec2::new(-1.0, 1.2), Vec2::new(1.3, 1.9), 0.55).unwrap()),
        Shape::Capsule(Capsule::new(Vec2::new(2.5, -2.0), Vec2::new(4.0, -1.0), 0.3).unwrap()),
    ]
}

/// Every pair of shape kinds, both orders: the API's steps, verdict, MTV and manifold are
/// septa's, number for number.
#[test]
fn answers_equal_the_library() {
    let shapes = shapes();
    let mut colliding = 0;
    let mut mismatches = Vec::new();
    for a in &shapes {
        for b in &shapes {
            let body = json!({"a": serde_json::to_value(a).unwrap(), "b": serde_json::to_value(b).unwrap()});
            let got = api::trace(&body.to_string()).unwrap();
            // the JSON round trip gives the same shapes
            let (a, b) =
                (api::parse_shape(&body["a"], "a").unwrap(), api::parse_shape(&body["b"], "b").unwrap());
            let want = septa::trace(&a, Pose::IDENTITY, &b, Pose::IDENTITY);
            let steps = got["steps"].as_array().unwrap();
            assert_eq!(steps.len(), want.steps.len());
            for (g, w) in steps.iter().zip(&want.steps) {
                assert_eq!(g["label"], w.axis.to_string());
                assert_eq!(g["axis"], serde_json::to_value(w.axis).unwrap());
                assert_eq!(v2(&g["direction"]), w.direction);
                for (side, p) in [("a", &w.a), ("b", &w.b)] {
                    assert_eq!((f(&g[side]["min"]), f(&g[side]["max"])), (p.interval.min, p.interval.max));
                    assert_eq!(v2(&g[side]["min_point"]), p.min_point);
                    assert_eq!(v2(&g[side]["max_point"]), p.max_point);
                }
                assert_eq!(f(&g["separation"]), w.separation);
                assert_eq!(g["push"].as_f64().map(|p| p as f32), w.push);
                assert_eq!(g["status"], if w.is_gap() { "gap" } else { "overlap" });
            }
            assert_eq!(got["collides"].as_bool(), Some(want.collides()));
            let contact = septa::contact(&a, Pose::IDENTITY, &b, Pose::IDENTITY);
            let manifold = septa::collide(&a, Pose::IDENTITY, &b, Pose::IDENTITY);
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
                    assert_eq!(v2(&got["contact"]["normal"]), c.normal);
                    assert_eq!(f(&got["contact"]["depth"]), c.depth);
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
                    assert_eq!(v2(&g["normal"]), m.normal);
                    let points = g["points"].as_array().unwrap();
                    assert_eq!(points.len(), m.points().len());
                    for (gp, mp) in points.iter().zip(m.points()) {
                        assert_eq!((v2(&gp["point"]), f(&gp["depth"])), (mp.point, mp.depth));
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
    // too slow to arrive within max_t
    let body = json!({"a": square(), "b": far, "velocity_b": [-1, 0]});
    assert_eq!(api::toi(&body.to_string()).unwrap()["hit"], false);

    for a in shapes() {
        for b in shapes() {
            let (va, vb) = (Vec2::new(0.5, 0.0), Vec2::new(-3.0, 1.5));
            let body =
                json!({"a": a, "b": b, "velocity_a": [0.5, 0.0], "velocity_b": [-3.0, 1.5], "max_t": 2.0});
            let got = api::toi(&body.to_string()).unwrap();
            let want = septa::time_of_impact(&a, Pose::IDENTITY, va, &b, Pose::IDENTITY, vb, 2.0);
            assert_eq!(got["hit"].as_bool(), Some(want.is_some()));
            if let Some(hit) = want {
                assert_eq!((f(&got["time"]), v2(&got["normal"])), (hit.time, hit.normal));
                let moved = api::parse_shape(&got["b_at"], "b_at").unwrap();
                assert_eq!(moved, api::translated(&b, vb * hit.time));
            }
        }
    }
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
    let bad = [
        (json!({"a": square()}).to_string(), "needs \"b\""),
        (json!({"a": square(), "b": rect(), "c": 1}).to_string(), "unknown key \"c\""),
        (json!({"a": square(), "b": {"type": "circle", "center": [0, 0], "radius": -1}}).to_string(), "b:"),
        (
            json!({"a": square(), "b": {"type": "circle", "center": [0, 0], "radius": 1, "r": 2}})
                .to_string(),
            "b:",
        ),
        (json!({"a": square(), "b": {"type": "triangle"}}).to_string(), "b.type"),
        (
            json!({"a": {"type": "polygon", "points": [[0, 0], [1, 1], [2, 2]]}, "b": rect()}).to_string(),
            "a:",
        ),
        ("{".to_string(), "not valid JSON"),
    ];
    for (body, message) in bad {
        let e = api::trace(&body).expect_err(&body);
        assert!(e.0.contains(message), "{body}: {e}");
    }
    let e = api::toi(&json!({"a": square(), "b": rect(), "max_t": -1}).to_string()).unwrap_err();
    assert!(e.0.contains("max_t"), "{e}");
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
        "result",
    ] {
        assert!(page.body.contains(&format!("data-testid=\"{testid}\"")), "{testid}");
    }
    // no asset comes from elsewhere
    for asset in ["/", "/app.js", "/style.css"] {
        let body = handle("GET", asset, "").body;
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
}
