//! The JSON API: the page sends the two shapes, the server answers with septa's geometry.
//!
//! Shapes are written exactly as in `septa collide`: `{"type":"polygon","points":[[x,y],…]}`,
//! `{"type":"hull","points":[…]}`, `{"type":"circle","center":[x,y],"radius":r}`,
//! `{"type":"box","center":[x,y],"half_extents":[hx,hy],"angle":a}` or
//! `{"type":"capsule","a":[x,y],"b":[x,y],"radius":r}`, in world coordinates (each is placed
//! with the identity pose). Unknown keys are refused.
//!
//! Every number the page draws comes from here: the trace's steps ([`septa::trace()`]), the
//! verdict, the MTV ([`septa::contact()`]), the manifold ([`septa::collide()`]) and the time of
//! impact ([`septa::time_of_impact()`]). The handlers are plain functions from request text to
//! response value, so they are tested without a network.

use glam::Vec2;
use serde_json::{json, Map, Value};

use septa::{Axis, AxisStep, ConvexPolygon, Polygonal, Pose, Projection, Shape, Verdict};

/// How far a face normal may be from the manifold normal (1 − cos) and still be taken for the
/// reference face.
const FACE_TOLERANCE: f32 = 1e-4;

/// The time interval searched by `/api/toi` when the request has no `max_t`.
pub const DEFAULT_MAX_T: f32 = 1.0;

/// A request the API refuses, with a message for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

impl core::fmt::Display for ApiError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ApiError {}

fn err<T>(message: impl Into<String>) -> Result<T, ApiError> {
    Err(ApiError(message.into()))
}

/// The request body as a JSON object whose keys are all among `allowed`.
fn object<'v>(value: &'v Value, allowed: &[&str], what: &str) -> Result<&'v Map<String, Value>, ApiError> {
    let Some(members) = value.as_object() else {
        return err(format!("{what} must be a JSON object"));
    };
    if let Some(key) = members.keys().find(|k| !allowed.contains(&k.as_str())) {
        return err(format!("{what}: unknown key {key:?} (allowed: {})", allowed.join(", ")));
    }
    Ok(members)
}

fn parse_body(body: &str) -> Result<Value, ApiError> {
    serde_json::from_str(body).map_err(|e| ApiError(format!("the request is not valid JSON: {e}")))
}

/// A shape from its JSON, as `septa collide` reads it (`path` names it in messages).
pub fn parse_shape(value: &Value, path: &str) -> Result<Shape, ApiError> {
    let Some(members) = value.as_object() else {
        return err(format!("{path}: a shape must be a JSON object"));
    };
    match members.get("type").and_then(Value::as_str) {
        Some("hull") => {
            object(value, &["type", "points"], path)?;
            let points = members
                .get("points")
                .map(|p| serde_json::from_value::<Vec<Vec2>>(p.clone()))
                .ok_or_else(|| ApiError(format!("{path}: a hull needs \"points\"")))?
                .map_err(|e| ApiError(format!("{path}.points: {e}")))?;
            ConvexPolygon::hull(&points).map(Shape::Polygon).map_err(|e| ApiError(format!("{path}: {e}")))
        }
        Some("polygon" | "circle" | "box" | "capsule") => {
            serde_json::from_value(value.clone()).map_err(|e| ApiError(format!("{path}: {e}")))
        }
        Some(other) => err(format!("{path}.type: {other:?} is not polygon, hull, circle, box or capsule")),
        None => err(format!("{path}: a shape needs \"type\" (polygon, hull, circle, box or capsule)")),
    }
}

fn vec2(value: Option<&Value>, path: &str) -> Result<Vec2, ApiError> {
    let Some(value) = value else { return err(format!("{path}: missing")) };
    let v: Vec2 = serde_json::from_value(value.clone()).map_err(|e| ApiError(format!("{path}: {e}")))?;
    if !v.is_finite() {
        return err(format!("{path}: must be finite"));
    }
    Ok(v)
}

fn point(v: Vec2) -> Value {
    json!([v.x, v.y])
}

/// An edge of a shape as the page draws it: a polygon's edge, or one side of a capsule.
#[derive(Clone, Copy, Debug)]
struct Edge {
    index: u32,
    from: Vec2,
    to: Vec2,
    normal: Vec2,
}

/// The edges of a shape: a polygon's (edge `i` from vertex `i` to `i + 1`) or a capsule's two
/// sides (side 0 on the right of a → b, side 1 on the left); none for a circle.
fn edges(shape: &Shape) -> Vec<Edge> {
    fn polygonal<P: Polygonal>(p: &P) -> Vec<Edge> {
        let (v, n) = (p.vertices(), p.normals());
        (0..v.len())
            .map(|i| Edge { index: i as u32, from: v[i], to: v[(i + 1) % v.len()], normal: n[i] })
            .collect()
    }
    match shape {
        Shape::Polygon(p) => polygonal(p),
        Shape::Box(b) => polygonal(b),
        Shape::Circle(_) => Vec::new(),
        Shape::Capsule(c) => {
            let (n, r) = (c.normal(), c.radius());
            vec![
                Edge { index: 0, from: c.a() + n * r, to: c.b() + n * r, normal: n },
                Edge { index: 1, from: c.b() - n * r, to: c.a() - n * r, normal: -n },
            ]
        }
    }
}

/// The points a shape is drawn from, and where its vertex labels go: a polygon's or box's
/// vertices, a capsule's segment ends, a circle's centre.
fn vertices(shape: &Shape) -> Vec<Vec2> {
    match shape {
        Shape::Polygon(p) => p.vertices().to_vec(),
        Shape::Box(b) => b.vertices().to_vec(),
        Shape::Circle(c) => vec![c.center()],
        Shape::Capsule(c) => vec![c.a(), c.b()],
    }
}

/// A point inside the shape, where the page puts its name and rotation pivot.
fn center(shape: &Shape) -> Vec2 {
    match shape {
        Shape::Polygon(p) => p.centroid(),
        Shape::Box(b) => b.center(),
        Shape::Circle(c) => c.center(),
        Shape::Capsule(c) => (c.a() + c.b()) * 0.5,
    }
}

fn kind(shape: &Shape) -> &'static str {
    match shape {
        Shape::Polygon(_) => "polygon",
        Shape::Circle(_) => "circle",
        Shape::Box(_) => "box",
        Shape::Capsule(_) => "capsule",
    }
}

/// The geometry the page draws a shape from: what septa made of the input (polygons
/// counter-clockwise, collinear points dropped), so that labels match the trace's indices.
fn shape_json(shape: &Shape) -> Value {
    let radius = match shape {
        Shape::Circle(c) => Some(c.radius()),
        Shape::Capsule(c) => Some(c.radius()),
        _ => None,
    };
    json!({
        "kind": kind(shape),
        "vertices": vertices(shape).into_iter().map(point).collect::<Vec<_>>(),
        "center": point(center(shape)),
        "radius": radius,
        "edges": edges(shape).iter().map(edge_json).collect::<Vec<_>>(),
        "shape": serde_json::to_value(shape).expect("shapes serialise"),
    })
}

fn edge_json(e: &Edge) -> Value {
    json!({"index": e.index, "from": point(e.from), "to": point(e.to), "normal": point(e.normal)})
}

fn projection_json(p: &Projection) -> Value {
    json!({
        "min": p.interval.min,
        "max": p.interval.max,
        "min_point": point(p.min_point),
        "max_point": point(p.max_point),
        "min_vertex": p.min_vertex,
        "max_vertex": p.max_vertex,
    })
}

/// The closest points of two segments (a capsule's core; a point is a segment of length 0).
fn closest_between(p: [Vec2; 2], q: [Vec2; 2]) -> (Vec2, Vec2) {
    let on = |s: [Vec2; 2], x: Vec2| {
        let d = s[1] - s[0];
        let t = if d.length_squared() > 0.0 {
            ((x - s[0]).dot(d) / d.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        s[0] + d * t
    };
    // The closest pair has an end of one segment in it, or the segments cross (distance 0).
    let mut best = (p[0], on(q, p[0]));
    let candidates = [(p[1], on(q, p[1])), (on(p, q[0]), q[0]), (on(p, q[1]), q[1])];
    for c in candidates {
        if c.0.distance_squared(c.1) < best.0.distance_squared(best.1) {
            best = c;
        }
    }
    best
}

fn core(shape: &Shape) -> Option<[Vec2; 2]> {
    match shape {
        Shape::Circle(c) => Some([c.center(), c.center()]),
        Shape::Capsule(c) => Some([c.a(), c.b()]),
        _ => None,
    }
}

/// What generated a step's axis, for drawing: an edge (bold, with its normal), a vertex (with the
/// line to the round shape), or the line between two cores.
fn feature_json(step: &AxisStep, a: &Shape, b: &Shape) -> Value {
    let edge = |shape: &Shape, side: &str, i: u32| match edges(shape).get(i as usize) {
        Some(e) => {
            json!({"kind": "edge", "shape": side, "index": i, "from": point(e.from), "to": point(e.to)})
        }
        None => Value::Null,
    };
    let vertex = |shape: &Shape, side: &str, k: u32| match vertices(shape).get(k as usize) {
        Some(&v) => json!({"kind": "vertex", "shape": side, "index": k, "point": point(v)}),
        None => Value::Null,
    };
    match step.axis {
        Axis::EdgeA(i) => edge(a, "a", i),
        Axis::EdgeB(j) => edge(b, "b", j),
        Axis::VertexA(k) => vertex(a, "a", k),
        Axis::VertexB(k) => vertex(b, "b", k),
        Axis::Centers | Axis::ClosestPoints => match (core(a), core(b)) {
            (Some(p), Some(q)) => {
                let (from, to) = closest_between(p, q);
                json!({"kind": "line", "from": point(from), "to": point(to)})
            }
            _ => Value::Null,
        },
    }
}

fn step_json(index: usize, step: &AxisStep, a: &Shape, b: &Shape) -> Value {
    json!({
        "index": index,
        "label": step.axis.to_string(),
        "axis": serde_json::to_value(step.axis).expect("axes serialise"),
        "direction": point(step.direction),
        "a": projection_json(&step.a),
        "b": projection_json(&step.b),
        "separation": step.separation,
        "push": step.push,
        "status": if step.is_gap() { "gap" } else { "overlap" },
        "feature": feature_json(step, a, b),
    })
}

/// The reference and incident edges of a manifold. Polygon and box manifolds name them
/// ([`septa::Manifold::clip_faces`]). Others (a capsule's side clipped against a polygon, or
/// two capsules) are read off the geometry: the reference face is a face of a whose normal is
/// the manifold normal, or a face of b whose normal is its opposite; the incident edge is the
/// other shape's edge most anti-parallel to it. When both shapes have such a face (parallel
/// faces), the reference is the one whose *opposite* edge the contact points lie on, as septa
/// puts the points on the incident edge.
fn reference_incident(manifold: &septa::Manifold, a: &Shape, b: &Shape) -> Value {
    let n = manifold.normal;
    let (ea, eb) = (edges(a), edges(b));
    let with = |side: &str, e: &Edge| {
        let mut v = edge_json(e);
        v["shape"] = json!(side);
        v
    };
    if let Some(faces) = manifold.clip_faces() {
        let (reference, incident) =
            if faces.reference_on_b { (("b", &eb), ("a", &ea)) } else { (("a", &ea), ("b", &eb)) };
        if let (Some(r), Some(i)) =
            (reference.1.get(faces.reference as usize), incident.1.get(faces.incident as usize))
        {
            return json!({"reference": with(reference.0, r), "incident": with(incident.0, i)});
        }
    }
    let best = |edges: &[Edge], dir: Vec2| {
        edges.iter().copied().max_by(|x, y| x.normal.dot(dir).total_cmp(&y.normal.dot(dir)))
    };
    let face =
        |edges: &[Edge], dir: Vec2| best(edges, dir).filter(|e| e.normal.dot(dir) >= 1.0 - FACE_TOLERANCE);
    let on_line = |e: &Edge| {
        let scale = 1e-3 * (1.0 + e.from.abs().max_element().max(e.to.abs().max_element()));
        manifold.points().iter().all(|p| (p.point - e.from).dot(e.normal).abs() <= scale)
    };
    let (ref_a, ref_b) = (face(&ea, n), face(&eb, -n));
    let (inc_for_a, inc_for_b) = (best(&eb, -n), best(&ea, n));
    let choice = match (ref_a, ref_b) {
        (Some(r), None) => Some(("a", r, inc_for_a)),
        (None, Some(r)) => Some(("b", r, inc_for_b)),
        (Some(ra), Some(rb)) => {
            if inc_for_b.is_some_and(|e| on_line(&e)) && !inc_for_a.is_some_and(|e| on_line(&e)) {
                Some(("b", rb, inc_for_b))
            } else {
                Some(("a", ra, inc_for_a))
            }
        }
        (None, None) => None,
    };
    match choice {
        None => json!({"reference": null, "incident": null}),
        Some((side, r, inc)) => {
            let other = if side == "a" { "b" } else { "a" };
            json!({"reference": with(side, &r), "incident": inc.map(|e| with(other, &e))})
        }
    }
}

fn manifold_json(manifold: &septa::Manifold, a: &Shape, b: &Shape) -> Value {
    let edges = reference_incident(manifold, a, b);
    json!({
        "normal": point(manifold.normal),
        "depth": manifold.depth(),
        "points": manifold.points().iter().map(|p| json!({
            "point": point(p.point),
            "depth": p.depth,
            "id": serde_json::to_value(p.id).expect("feature ids serialise"),
        })).collect::<Vec<_>>(),
        "reference": edges["reference"],
        "incident": edges["incident"],
    })
}

/// Reads `{"a": SHAPE, "b": SHAPE}` plus any of `extra` keys.
fn pair(body: &str, extra: &[&str]) -> Result<(Value, Shape, Shape), ApiError> {
    let value = parse_body(body)?;
    let mut allowed = vec!["a", "b"];
    allowed.extend_from_slice(extra);
    let members = object(&value, &allowed, "the request")?;
    let a = parse_shape(members.get("a").ok_or_else(|| ApiError("the request needs \"a\"".into()))?, "a")?;
    let b = parse_shape(members.get("b").ok_or_else(|| ApiError("the request needs \"b\"".into()))?, "b")?;
    Ok((value, a, b))
}

/// `POST /api/trace`: `{"a": SHAPE, "b": SHAPE}` → the shapes as septa sees them, every step of
/// the trace, the verdict, and when they collide the MTV and the manifold.
///
/// The answer has `steps` (each with `label`, `direction`, both projections with the points at
/// their ends, `separation`, `push`, `status` and the `feature` that generated the axis),
/// `verdict` (`"separated"` or `"colliding"`), `step` (the first gap, or the minimum push),
/// `stop` (how many steps the stepper shows: up to the first gap, or all), `collides`,
/// `contact` (the trace's minimum push) and `manifold` ([`septa::collide()`]'s, with the
/// reference and incident edges), or `null`s.
pub fn trace(body: &str) -> Result<Value, ApiError> {
    let (_, a, b) = pair(body, &[])?;
    Ok(trace_shapes(&a, &b))
}

/// [`trace`] on shapes already read.
pub fn trace_shapes(a: &Shape, b: &Shape) -> Value {
    let t = septa::trace(a, Pose::IDENTITY, b, Pose::IDENTITY);
    let steps: Vec<Value> = t.steps.iter().enumerate().map(|(i, s)| step_json(i, s, a, b)).collect();
    // The manifold is `septa::collide`'s, the one an engine gets. (The trace carries one too;
    // for two boxes it comes from the general polygon path rather than the box–box one, which
    // can pick the other reference face in exact ties.)
    let (verdict, step, contact, manifold) = match t.verdict {
        Verdict::Separated { step } => ("separated", step, None, None),
        Verdict::Colliding { step, contact, .. } => {
            ("colliding", step, Some(contact), septa::collide(a, Pose::IDENTITY, b, Pose::IDENTITY))
        }
    };
    let stop = if verdict == "separated" { step + 1 } else { steps.len() };
    json!({
        "a": shape_json(a),
        "b": shape_json(b),
        "steps": steps,
        "verdict": verdict,
        "step": step,
        "stop": stop,
        "collides": verdict == "colliding",
        "contact": contact.map(|c| json!({
            "normal": point(c.normal),
            "depth": c.depth,
            "label": c.axis.to_string(),
            "axis": serde_json::to_value(c.axis).expect("axes serialise"),
        })),
        "manifold": manifold.map(|m| manifold_json(&m, a, b)),
    })
}

/// `POST /api/toi`: `{"a", "b", "velocity_a": [x, y], "velocity_b": [x, y], "max_t": T}`
/// (velocities default to zero, `max_t` to [`DEFAULT_MAX_T`]) → `{"hit": bool, "time",
/// "normal", "a_at", "b_at"}`: when the shapes, moving in straight lines, first touch, and each
/// shape moved to that time (`null`s when they do not touch within `[0, max_t]`).
pub fn toi(body: &str) -> Result<Value, ApiError> {
    let (value, a, b) = pair(body, &["velocity_a", "velocity_b", "max_t"])?;
    let velocity = |key: &str| match value.get(key) {
        None => Ok(Vec2::ZERO),
        some => vec2(some, key),
    };
    let (va, vb) = (velocity("velocity_a")?, velocity("velocity_b")?);
    let max_t = match value.get("max_t") {
        None => DEFAULT_MAX_T,
        Some(t) => match t.as_f64() {
            Some(t) if t.is_finite() && t >= 0.0 => t as f32,
            _ => return err("max_t: must be a number, zero or greater"),
        },
    };
    let impact = septa::time_of_impact(&a, Pose::IDENTITY, va, &b, Pose::IDENTITY, vb, max_t);
    Ok(match impact {
        None => {
            json!({"hit": false, "time": null, "normal": null, "a_at": null, "b_at": null, "max_t": max_t})
        }
        Some(hit) => json!({
            "hit": true,
            "time": hit.time,
            "normal": point(hit.normal),
            "a_at": serde_json::to_value(translated(&a, va * hit.time)).expect("shapes serialise"),
            "b_at": serde_json::to_value(translated(&b, vb * hit.time)).expect("shapes serialise"),
            "max_t": max_t,
        }),
    })
}

/// The shape moved by `offset`.
pub fn translated(shape: &Shape, offset: Vec2) -> Shape {
    let moved = match shape {
        Shape::Polygon(p) => {
            let points: Vec<Vec2> = p.vertices().iter().map(|&v| v + offset).collect();
            ConvexPolygon::new(&points).map(Shape::Polygon)
        }
        Shape::Circle(c) => septa::Circle::new(c.center() + offset, c.radius()).map(Shape::Circle),
        Shape::Box(b) => septa::OrientedBox::new(b.center() + offset, b.half_extents(), b.rotation().angle())
            .map(Shape::Box),
        Shape::Capsule(c) => {
            septa::Capsule::new(c.a() + offset, c.b() + offset, c.radius()).map(Shape::Capsule)
        }
    };
    moved.unwrap_or_else(|_| shape.clone())
}
