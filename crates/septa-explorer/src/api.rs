//! The JSON API: the page sends the two shapes, the server answers with septa's geometry.
//!
//! Shapes are written as in `septa collide`: `{"type":"polygon","points":[[x,y],…]}`,
//! `{"type":"hull","points":[…]}`, `{"type":"circle","center":[x,y],"radius":r}`,
//! `{"type":"box","center":[x,y],"half_extents":[hx,hy],"angle":a}` (`angle` may be left out:
//! 0), `{"type":"capsule","a":[x,y],"b":[x,y],"radius":r}` or
//! `{"type":"concave","points":[[x,y],…],"holes":[[[x,y],…],…]}` (a simple polygon in either
//! winding, `holes` optional: [`septa::concave`]). Unknown keys are refused.
//!
//! # World coordinates
//! Coordinates are world coordinates, read as f64: a map or a robot's world may put a shape of
//! size 0.3 a hundred kilometres from the origin, where f32 cannot tell points 0.0078 apart and
//! a small convex polygon, rounded to f32 as it stands, may no longer be convex. So each shape is
//! moved to a local frame about its own centre *in f64* and only then rounded to septa's f32
//! ([`ConvexPolygon::from_world`], [`septa::Capsule::from_world`]; a circle or box is placed at
//! its centre rounded to f32 and built about what the rounding left out): a [`Placed`] shape,
//! septa's shape and the [`Pose`] that puts it in the world.
//!
//! The queries run in a frame at a's position, where both poses' translations are small, and
//! every point sent back is moved out of it in f64. Lengths, depths and directions need no
//! moving; they are as precise as septa makes them, whatever the distance from the origin.
//!
//! Every number the page draws comes from here: the trace's steps ([`septa::trace()`]), the
//! verdict, the MTV ([`septa::contact()`]), the manifold ([`septa::collide()`]) and the time of
//! impact ([`septa::time_of_impact()`]); for a pair with a concave polygon, its convex pieces,
//! the piece pairs tested with the convex trace of each ([`septa::concave::trace()`]) and the
//! manifolds ([`septa::concave::collide()`]). The handlers are plain functions from request text
//! to response value, so they are tested without a network.

use glam::{DVec2, Vec2};
use serde_json::{json, Map, Value};

use septa::concave::{self, CompoundTrace, ConcaveError, ConcavePolygon, PairOutcome, PairTrace, Ring};
use septa::{
    Axis, AxisStep, Capsule, Circle, Contact, ConvexPolygon, OrientedBox, Polygonal, Pose, Projection, Shape,
    ShapeError, Verdict, COORDINATE_LIMIT,
};

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

// ---------- reading shapes ----------

/// A shape as the request gives it: septa's shape in its local frame, and where it sits.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed<S = Shape> {
    /// The shape, about its own centre.
    pub shape: S,
    /// Where its local frame sits in the world.
    pub pose: Pose,
}

/// Any shape a request may give: a convex one (septa's [`Shape`]) or a concave polygon, which
/// septa collides as a compound of convex pieces ([`septa::concave`]).
// A request holds two, so the convex variant's size (septa's `Shape`, inline) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// A polygon, hull, circle, box or capsule.
    Convex(Placed),
    /// A concave polygon (`"type": "concave"`), decomposed into convex pieces.
    Concave(Placed<ConcavePolygon>),
}

impl Body {
    /// Where the shape's local frame sits in the world.
    pub fn pose(&self) -> Pose {
        match self {
            Body::Convex(p) => p.pose,
            Body::Concave(p) => p.pose,
        }
    }

    /// The convex shape, if it is one.
    pub fn convex(&self) -> Option<&Placed> {
        match self {
            Body::Convex(p) => Some(p),
            Body::Concave(_) => None,
        }
    }

    /// The shape's convex parts placed by `pose` (in the frame), as the page draws them: a
    /// concave polygon's pieces, numbered as [`septa::concave::PairTrace`] numbers them, or the
    /// convex shape itself as part 0.
    fn parts(&self, pose: Pose) -> Vec<Outline> {
        match self {
            Body::Convex(p) => vec![Outline::of(&p.shape, pose)],
            Body::Concave(p) => p
                .shape
                .pieces()
                .iter()
                .map(|piece| Outline::polygonal("piece", piece.polygon(), pose, piece.polygon().centroid()))
                .collect(),
        }
    }
}

/// The value of `key`, which must be there; `what` lists a shape's keys for the message.
fn required<'v>(
    members: &'v Map<String, Value>,
    path: &str,
    key: &str,
    what: &str,
) -> Result<&'v Value, ApiError> {
    members.get(key).ok_or_else(|| ApiError(format!("{path}: missing key {key:?} ({what})")))
}

/// A JSON number (serde_json's are always finite).
fn number(value: &Value, path: &str) -> Result<f64, ApiError> {
    value.as_f64().ok_or_else(|| ApiError(format!("{path}: expected a number, got {value}")))
}

/// `[x, y]`, in f64 as written.
fn pair_of_numbers(value: &Value, path: &str) -> Result<DVec2, ApiError> {
    match value.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok(DVec2::new(number(x, &format!("{path}[0]"))?, number(y, &format!("{path}[1]"))?)),
        _ => err(format!("{path}: expected [x, y] with two numbers, got {value}")),
    }
}

/// A world point: `[x, y]` within septa's [`COORDINATE_LIMIT`].
fn world_point(value: &Value, path: &str) -> Result<DVec2, ApiError> {
    let p = pair_of_numbers(value, path)?;
    if p.abs().max_element() > f64::from(COORDINATE_LIMIT) {
        return err(format!(
            "{path}: a coordinate is beyond ±{COORDINATE_LIMIT:e}, the largest septa accepts"
        ));
    }
    Ok(p)
}

/// `[[x, y], …]`.
fn world_points(value: &Value, path: &str) -> Result<Vec<DVec2>, ApiError> {
    let Some(items) = value.as_array() else {
        return err(format!("{path}: expected an array of [x, y] points, got {value}"));
    };
    items.iter().enumerate().map(|(i, p)| pair_of_numbers(p, &format!("{path}[{i}]"))).collect()
}

/// A shape from its JSON, in world coordinates (`path` names it in messages).
pub fn parse_shape(value: &Value, path: &str) -> Result<Body, ApiError> {
    let Some(members) = value.as_object() else {
        return err(format!("{path}: a shape must be a JSON object"));
    };
    let at = |key: &str| format!("{path}.{key}");
    match members.get("type").and_then(Value::as_str) {
        Some(kind @ ("polygon" | "hull")) => {
            object(value, &["type", "points"], path)?;
            let what = format!("a {kind} has keys type and points");
            let points = world_points(required(members, path, "points", &what)?, &at("points"))?;
            let built = if kind == "polygon" {
                ConvexPolygon::from_world(&points)
            } else {
                ConvexPolygon::hull_from_world(&points)
            };
            let (polygon, pose) = built.map_err(|e| match e {
                ShapeError::NotConvex { index } => ApiError(format!(
                    "{path}.points: the points are not in convex order: the boundary turns the wrong way \
                     at {path}.points[{index}] (use \"type\": \"hull\" for points in any order)"
                )),
                e => ApiError(format!("{path}.points: {e}")),
            })?;
            Ok(Body::Convex(Placed { shape: Shape::Polygon(polygon), pose }))
        }
        Some("circle") => {
            object(value, &["type", "center", "radius"], path)?;
            let what = "a circle has keys type, center and radius";
            let center = world_point(required(members, path, "center", what)?, &at("center"))?;
            let radius = number(required(members, path, "radius", what)?, &at("radius"))?;
            let (pose, residual) = placed_at(center);
            let circle =
                Circle::new(residual, radius as f32).map_err(|e| ApiError(format!("{path}.radius: {e}")))?;
            Ok(Body::Convex(Placed { shape: Shape::Circle(circle), pose }))
        }
        Some("box") => {
            object(value, &["type", "center", "half_extents", "angle"], path)?;
            let what = "a box has keys type, center, half_extents and angle (optional, 0 when left out)";
            let center = world_point(required(members, path, "center", what)?, &at("center"))?;
            let half_extents =
                pair_of_numbers(required(members, path, "half_extents", what)?, &at("half_extents"))?;
            // An axis-aligned box is the most common kind: no angle means 0.
            let angle = members.get("angle").map_or(Ok(0.0), |a| number(a, &at("angle")))?;
            let (pose, residual) = placed_at(center);
            let shape =
                OrientedBox::new(residual, half_extents.as_vec2(), angle as f32).map_err(|e| match e {
                    ShapeError::InvalidHalfExtents { .. } => ApiError(format!("{path}.half_extents: {e}")),
                    e => ApiError(format!("{path}.angle: {e}")),
                })?;
            Ok(Body::Convex(Placed { shape: Shape::Box(shape), pose }))
        }
        Some("capsule") => {
            object(value, &["type", "a", "b", "radius"], path)?;
            let what = "a capsule has keys type, a, b and radius";
            let a = pair_of_numbers(required(members, path, "a", what)?, &at("a"))?;
            let b = pair_of_numbers(required(members, path, "b", what)?, &at("b"))?;
            let radius = number(required(members, path, "radius", what)?, &at("radius"))?;
            let (capsule, pose) = Capsule::from_world(a, b, radius as f32).map_err(|e| match e {
                ShapeError::NonFinite { index } | ShapeError::OutOfRange { index } => {
                    ApiError(format!("{path}.{}: {e}", ["a", "b"][index.min(1)]))
                }
                ShapeError::InvalidCapsuleRadius { .. } => ApiError(format!("{path}.radius: {e}")),
                e => ApiError(format!("{path}: {e}")),
            })?;
            Ok(Body::Convex(Placed { shape: Shape::Capsule(capsule), pose }))
        }
        Some("concave") => {
            object(value, &["type", "points", "holes"], path)?;
            let what = "a concave polygon has keys type, points and holes (optional)";
            let outline = world_points(required(members, path, "points", what)?, &at("points"))?;
            let holes = match members.get("holes") {
                None => Vec::new(),
                Some(Value::Array(holes)) => holes
                    .iter()
                    .enumerate()
                    .map(|(k, hole)| world_points(hole, &format!("{path}.holes[{k}]")))
                    .collect::<Result<Vec<_>, _>>()?,
                Some(other) => {
                    return err(format!(
                    "{path}.holes: expected an array of holes, each an array of [x, y] points, got {other}"
                ))
                }
            };
            let (polygon, pose) =
                ConcavePolygon::from_world(&outline, &holes).map_err(|e| concave_error(e, path))?;
            Ok(Body::Concave(Placed { shape: polygon, pose }))
        }
        Some(other) => {
            err(format!("{path}.type: {other:?} is not polygon, hull, circle, box, capsule or concave"))
        }
        None => {
            err(format!("{path}: a shape needs \"type\" (polygon, hull, circle, box, capsule or concave)"))
        }
    }
}

/// septa's refusal of a concave polygon, with the field it is about: `a.points[3]` for a point
/// of the outline, `a.holes[1]` for a hole, `a.points` for the outline as a whole.
fn concave_error(e: ConcaveError, path: &str) -> ApiError {
    let ring = |ring: Ring| match ring {
        Ring::Outline => format!("{path}.points"),
        Ring::Hole(k) => format!("{path}.holes[{k}]"),
    };
    let field = match e {
        ConcaveError::NonFinite { ring: r, index } | ConcaveError::OutOfRange { ring: r, index } => {
            format!("{}[{index}]", ring(r))
        }
        ConcaveError::TooFewVertices { ring: r, .. }
        | ConcaveError::ZeroArea { ring: r }
        | ConcaveError::SelfIntersecting { ring: r, .. } => ring(r),
        ConcaveError::HoleCrossesOutline { hole, .. }
        | ConcaveError::HoleOutside { hole }
        | ConcaveError::HoleInsideHole { hole, .. } => ring(Ring::Hole(hole)),
        ConcaveError::HolesCross { .. } => format!("{path}.holes"),
        ConcaveError::Piece { .. } => ring(Ring::Outline),
        ConcaveError::Degenerate => path.to_string(),
    };
    // Edges are named by the point they start at; say so where an edge is named.
    let edges = match e {
        ConcaveError::SelfIntersecting { .. }
        | ConcaveError::HoleCrossesOutline { .. }
        | ConcaveError::HolesCross { .. } => " (edge k runs from point k to the next)",
        _ => "",
    };
    ApiError(format!("{field}: {e}{edges}"))
}

/// The pose and local centre of a shape given by its world centre: the pose at the centre
/// rounded to f32, and the local centre at what the rounding left out (at most half of f32's
/// spacing there: 0.03 a million units out), rounded in turn. A circle or box built about that
/// local centre sits where it was asked to within f32's precision at its own size, not at its
/// distance from the origin.
fn placed_at(center: DVec2) -> (Pose, Vec2) {
    let rounded = center.as_vec2();
    (Pose::from_translation(rounded), (center - rounded.as_dvec2()).as_vec2())
}

/// A velocity `[x, y]`.
fn velocity(value: Option<&Value>, path: &str) -> Result<Vec2, ApiError> {
    let Some(value) = value else { return Ok(Vec2::ZERO) };
    let v = pair_of_numbers(value, path)?.as_vec2();
    if !v.is_finite() {
        return err(format!("{path}: must fit in a 32-bit float"));
    }
    Ok(v)
}

// ---------- the frame the queries run in ----------

/// The frame the queries run in: parallel to the world's, with its origin at a's position.
///
/// ```text
///   world origin                               frame origin, at a
///        · ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ 1e6 ─ ─ ─ ─ ─ ─ ─ ─ ▸ ┼─▸ a  b   coordinates as small
///                                                          as the shapes here
/// ```
///
/// Both poses are handed to septa relative to it, so septa's f32 numbers stay as small as the
/// shapes and the distance between them, and its answers (points, shadows) come back in it;
/// [`Frame::world`] moves a point out in f64, exactly.
#[derive(Clone, Copy, Debug)]
struct Frame {
    origin: DVec2,
}

impl Frame {
    /// The frame at a's position, `a` its pose (an f32 value, so the frame's a-pose is exact).
    fn at(a: Pose) -> Frame {
        Frame { origin: a.translation.as_dvec2() }
    }

    /// A world pose in this frame: its translation less the origin, in f64 and rounded once.
    fn pose(&self, pose: Pose) -> Pose {
        Pose { translation: (pose.translation.as_dvec2() - self.origin).as_vec2(), rotation: pose.rotation }
    }

    /// A point of this frame in the world.
    fn world(&self, p: Vec2) -> DVec2 {
        self.origin + p.as_dvec2()
    }

    /// How far this frame's origin is along `direction` from the world's: what turns a
    /// projection measured from one into one measured from the other.
    fn along(&self, direction: Vec2) -> f64 {
        direction.as_dvec2().dot(self.origin)
    }
}

// ---------- a shape's geometry, in the frame ----------

/// An edge of a shape as the page draws it: a polygon's edge, or one side of a capsule.
#[derive(Clone, Copy, Debug)]
struct Edge {
    index: u32,
    from: Vec2,
    to: Vec2,
    normal: Vec2,
}

/// What the page draws a shape from, in the frame: septa's shape (polygons counter-clockwise,
/// collinear points dropped) placed by its pose, so that labels match the trace's indices.
#[derive(Clone, Debug)]
struct Outline {
    kind: &'static str,
    /// A polygon's or box's vertices, a capsule's segment ends, a circle's centre.
    vertices: Vec<Vec2>,
    /// A polygon's edges (edge `i` from vertex `i` to `i + 1`) or a capsule's two sides (side 0 on
    /// the right of a → b, side 1 on the left); none for a circle.
    edges: Vec<Edge>,
    /// A point inside the shape, where the page puts its name and rotation pivot.
    center: Vec2,
    /// A circle's or capsule's radius.
    radius: Option<f32>,
    /// A circle's centre (twice) or a capsule's segment: the core a round shape is a radius around.
    core: Option<[Vec2; 2]>,
}

impl Outline {
    /// The outline of `shape` placed by `pose` (in the frame).
    fn of(shape: &Shape, pose: Pose) -> Outline {
        match shape {
            Shape::Polygon(p) => Outline::polygonal("polygon", p, pose, p.centroid()),
            Shape::Box(b) => Outline::polygonal("box", b, pose, b.center()),
            Shape::Circle(c) => {
                let center = pose.apply(c.center());
                Outline {
                    kind: "circle",
                    vertices: vec![center],
                    edges: Vec::new(),
                    center,
                    radius: Some(c.radius()),
                    core: Some([center, center]),
                }
            }
            Shape::Capsule(c) => {
                let (a, b) = (pose.apply(c.a()), pose.apply(c.b()));
                let (n, r) = (pose.rotation.apply(c.normal()), c.radius());
                Outline {
                    kind: "capsule",
                    vertices: vec![a, b],
                    edges: vec![
                        Edge { index: 0, from: a + n * r, to: b + n * r, normal: n },
                        Edge { index: 1, from: b - n * r, to: a - n * r, normal: -n },
                    ],
                    center: (a + b) * 0.5,
                    radius: Some(r),
                    core: Some([a, b]),
                }
            }
        }
    }

    fn polygonal<P: Polygonal>(kind: &'static str, p: &P, pose: Pose, center: Vec2) -> Outline {
        let vertices: Vec<Vec2> = p.vertices().iter().map(|&v| pose.apply(v)).collect();
        let n = vertices.len();
        let edges = (0..n)
            .map(|i| Edge {
                index: i as u32,
                from: vertices[i],
                to: vertices[(i + 1) % n],
                normal: pose.rotation.apply(p.normals()[i]),
            })
            .collect();
        Outline { kind, vertices, edges, center: pose.apply(center), radius: None, core: None }
    }
}

// ---------- the answer ----------

/// Writes the answer's geometry: points moved from the frame to the world.
#[derive(Clone, Copy, Debug)]
struct Writer {
    frame: Frame,
}

impl Writer {
    /// A world point of the frame, in f64.
    fn point(&self, p: Vec2) -> Value {
        let w = self.frame.world(p);
        json!([w.x, w.y])
    }

    /// A shape placed by `pose` (in the frame) in the request's format, in world coordinates,
    /// moved by `offset`: what septa made of the input.
    fn shape(&self, shape: &Shape, pose: Pose, offset: DVec2) -> Value {
        let at = |p: Vec2| {
            let w = self.frame.world(pose.apply(p)) + offset;
            json!([w.x, w.y])
        };
        match shape {
            Shape::Polygon(p) => {
                json!({"type": "polygon", "points": p.vertices().iter().map(|&v| at(v)).collect::<Vec<_>>()})
            }
            Shape::Circle(c) => json!({"type": "circle", "center": at(c.center()), "radius": c.radius()}),
            Shape::Box(b) => json!({
                "type": "box",
                "center": at(b.center()),
                "half_extents": [b.half_extents().x, b.half_extents().y],
                "angle": pose.rotation.compose(b.rotation()).angle(),
            }),
            Shape::Capsule(c) => {
                json!({"type": "capsule", "a": at(c.a()), "b": at(c.b()), "radius": c.radius()})
            }
        }
    }

    /// The geometry the page draws a shape from, and the shape itself.
    fn outline(&self, o: &Outline, shape: &Shape, pose: Pose) -> Value {
        json!({
            "kind": o.kind,
            "vertices": o.vertices.iter().map(|&v| self.point(v)).collect::<Vec<_>>(),
            "center": self.point(o.center),
            "radius": o.radius,
            "edges": o.edges.iter().map(|e| self.edge(e)).collect::<Vec<_>>(),
            "shape": self.shape(shape, pose, DVec2::ZERO),
        })
    }

    fn edge(&self, e: &Edge) -> Value {
        json!({"index": e.index, "from": self.point(e.from), "to": self.point(e.to), "normal": direction(e.normal)})
    }

    /// A shadow, measured from the world origin along `direction`.
    fn projection(&self, p: &Projection, direction: Vec2) -> Value {
        let shift = self.frame.along(direction);
        json!({
            "min": f64::from(p.interval.min) + shift,
            "max": f64::from(p.interval.max) + shift,
            "min_point": self.point(p.min_point),
            "max_point": self.point(p.max_point),
            "min_vertex": p.min_vertex,
            "max_vertex": p.max_vertex,
        })
    }

    /// What generated a step's axis, for drawing: an edge (bold, with its normal), a vertex
    /// (with the line to the round shape), or the line between two cores.
    fn feature(&self, step: &AxisStep, a: &Outline, b: &Outline) -> Value {
        let edge = |o: &Outline, side: &str, i: u32| match o.edges.get(i as usize) {
            Some(e) => json!({
                "kind": "edge", "shape": side, "index": i, "from": self.point(e.from), "to": self.point(e.to),
            }),
            None => Value::Null,
        };
        let vertex = |o: &Outline, side: &str, k: u32| match o.vertices.get(k as usize) {
            Some(&v) => json!({"kind": "vertex", "shape": side, "index": k, "point": self.point(v)}),
            None => Value::Null,
        };
        match step.axis {
            Axis::EdgeA(i) => edge(a, "a", i),
            Axis::EdgeB(j) => edge(b, "b", j),
            Axis::VertexA(k) => vertex(a, "a", k),
            Axis::VertexB(k) => vertex(b, "b", k),
            Axis::Centers | Axis::ClosestPoints => match (a.core, b.core) {
                (Some(p), Some(q)) => {
                    let (from, to) = closest_between(p, q);
                    json!({"kind": "line", "from": self.point(from), "to": self.point(to)})
                }
                _ => Value::Null,
            },
        }
    }

    fn step(&self, index: usize, step: &AxisStep, a: &Outline, b: &Outline) -> Value {
        json!({
            "index": index,
            "label": step.axis.to_string(),
            "axis": serde_json::to_value(step.axis).expect("axes serialise"),
            "direction": direction(step.direction),
            "a": self.projection(&step.a, step.direction),
            "b": self.projection(&step.b, step.direction),
            "separation": step.separation,
            "push": step.push,
            "status": if step.is_gap() { "gap" } else { "overlap" },
            "feature": self.feature(step, a, b),
        })
    }

    fn manifold(&self, manifold: &septa::Manifold, a: &Outline, b: &Outline) -> Value {
        let with = |side: &str, e: &Edge| {
            let mut v = self.edge(e);
            v["shape"] = json!(side);
            v
        };
        let faces = reference_incident(manifold, a, b);
        let reference = faces.map(|(side, r, _)| with(side, &r));
        let incident =
            faces.and_then(|(side, _, i)| i.map(|i| with(if side == "a" { "b" } else { "a" }, &i)));
        json!({
            "normal": direction(manifold.normal),
            "depth": manifold.depth(),
            "points": manifold.points().iter().map(|p| json!({
                "point": self.point(p.point),
                "depth": p.depth,
                "id": serde_json::to_value(p.id).expect("feature ids serialise"),
            })).collect::<Vec<_>>(),
            "reference": reference,
            "incident": incident,
        })
    }

    /// A side of a compound answer: a convex shape as [`outline`](Self::outline) writes it, or a
    /// concave polygon with its outline, holes and pieces (`parts`, placed).
    fn body(&self, body: &Body, pose: Pose, parts: &[Outline]) -> Value {
        match body {
            Body::Convex(p) => self.outline(&parts[0], &p.shape, pose),
            Body::Concave(p) => self.concave(&p.shape, pose, parts),
        }
    }

    fn concave(&self, c: &ConcavePolygon, pose: Pose, parts: &[Outline]) -> Value {
        let polygon = c.polygon();
        let ring = |points: &[Vec2]| points.iter().map(|&p| self.point(pose.apply(p))).collect::<Vec<_>>();
        let outline = ring(polygon.outline());
        let holes: Vec<Vec<Value>> = (0..polygon.hole_count()).map(|k| ring(polygon.hole(k))).collect();
        // The name goes in the largest piece: the middle of the outline's box may lie outside
        // the polygon (in a U's notch).
        let area = |o: &Outline| {
            let v = &o.vertices;
            (0..v.len()).map(|i| v[i].perp_dot(v[(i + 1) % v.len()])).sum::<f32>()
        };
        let label =
            parts.iter().max_by(|x, y| area(x).total_cmp(&area(y))).map_or(pose.translation, |o| o.center);
        let pieces: Vec<Value> = c
            .pieces()
            .iter()
            .zip(parts)
            .enumerate()
            .map(|(k, (piece, o))| {
                let edges: Vec<Value> = o
                    .edges
                    .iter()
                    .zip(piece.internal())
                    .map(|(e, &internal)| {
                        let mut v = self.edge(e);
                        v["internal"] = json!(internal);
                        v
                    })
                    .collect();
                json!({
                    "index": k,
                    "vertices": o.vertices.iter().map(|&v| self.point(v)).collect::<Vec<_>>(),
                    "center": self.point(o.center),
                    "edges": edges,
                })
            })
            .collect();
        json!({
            "kind": "concave",
            "vertices": outline,
            "holes": holes,
            "center": self.point(pose.translation),
            "label": self.point(label),
            "radius": null,
            "method": c.method().to_string(),
            "pieces": pieces,
            "shape": {"type": "concave", "points": outline, "holes": holes},
        })
    }

    /// One piece pair of a compound trace: the convex trace of the two parts `a` and `b`, and
    /// what `collide` made of it.
    fn pair(&self, p: &PairTrace, a: &Outline, b: &Outline) -> Value {
        let steps: Vec<Value> =
            p.trace.steps.iter().enumerate().map(|(i, s)| self.step(i, s, a, b)).collect();
        let (verdict, step, contact) = match p.trace.verdict {
            Verdict::Separated { step } => ("separated", step, None),
            Verdict::Colliding { step, contact, .. } => ("colliding", step, Some(contact)),
        };
        let stop = if verdict == "separated" { step + 1 } else { steps.len() };
        let (outcome, manifold, ghost) = match p.outcome {
            PairOutcome::Apart => ("apart", None, None),
            PairOutcome::Kept(m) => ("kept", Some(m), None),
            PairOutcome::Corrected { ghost, manifold } => ("corrected", Some(manifold), Some(ghost)),
            PairOutcome::Interior(m) => ("interior", Some(m), None),
        };
        json!({
            "piece_a": p.piece_a,
            "piece_b": p.piece_b,
            "steps": steps,
            "verdict": verdict,
            "step": step,
            "stop": stop,
            "collides": verdict == "colliding",
            "contact": contact.as_ref().map(contact_json),
            "outcome": outcome,
            "manifold": manifold.map(|m| self.manifold(&m, a, b)),
            "ghost": ghost.map(|m| self.manifold(&m, a, b)),
        })
    }
}

/// A direction or normal: the same in every frame parallel to the world's.
fn direction(v: Vec2) -> Value {
    json!([v.x, v.y])
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

/// The reference and incident edges of a manifold: the side ("a" or "b") the reference face is
/// on, that face, and the other shape's incident edge. Polygon and box manifolds name them
/// ([`septa::Manifold::clip_faces`]). Others (a capsule's side clipped against a polygon, or
/// two capsules) are read off the geometry: the reference face is a face of a whose normal is
/// the manifold normal, or a face of b whose normal is its opposite; the incident edge is the
/// other shape's edge most anti-parallel to it. When both shapes have such a face (parallel
/// faces), the reference is the one whose *opposite* edge the contact points lie on, as septa
/// puts the points on the incident edge.
fn reference_incident(
    manifold: &septa::Manifold,
    a: &Outline,
    b: &Outline,
) -> Option<(&'static str, Edge, Option<Edge>)> {
    let n = manifold.normal;
    let (ea, eb) = (&a.edges, &b.edges);
    if let Some(faces) = manifold.clip_faces() {
        let (side, reference, incident) = if faces.reference_on_b { ("b", eb, ea) } else { ("a", ea, eb) };
        if let (Some(&r), Some(&i)) =
            (reference.get(faces.reference as usize), incident.get(faces.incident as usize))
        {
            return Some((side, r, Some(i)));
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
    let (ref_a, ref_b) = (face(ea, n), face(eb, -n));
    let (inc_for_a, inc_for_b) = (best(eb, -n), best(ea, n));
    match (ref_a, ref_b) {
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
    }
}

/// Reads `{"a": SHAPE, "b": SHAPE}` plus any of `extra` keys.
fn pair(body: &str, extra: &[&str]) -> Result<(Value, Body, Body), ApiError> {
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
/// For two convex shapes the answer has `a` and `b` (each with `kind`, `vertices`, `center`,
/// `radius`, `edges` and `shape`, the shape in the request's format as septa made it), `steps`
/// (each with `label`, `direction`, both projections with the points at their ends,
/// `separation`, `push`, `status` and the `feature` that generated the axis), `verdict`
/// (`"separated"` or `"colliding"`), `step` (the first gap, or the minimum push), `stop` (how
/// many steps the stepper shows: up to the first gap, or all), `collides`, `contact` (the
/// trace's minimum push) and `manifold` ([`septa::collide()`]'s, with the reference and incident
/// edges), or `null`s.
///
/// When a or b is a concave polygon the answer is the compound one of [`trace_bodies`]. Points
/// and projections are in world coordinates.
pub fn trace(body: &str) -> Result<Value, ApiError> {
    let (_, a, b) = pair(body, &[])?;
    Ok(trace_bodies(&a, &b))
}

/// [`trace`] on shapes already read: [`trace_placed`] for two convex shapes; otherwise the trace
/// of a compound, where each side is a list of convex parts (a concave polygon's pieces, or the
/// convex shape as its one part 0) and septa tests the part pairs whose bounding boxes overlap
/// ([`septa::concave::trace()`]).
///
/// The compound answer has `compound: true`; `a` and `b` (a convex shape as for two convex
/// shapes; a concave polygon with `kind: "concave"`, `vertices` (its outline, counter-clockwise),
/// `holes`, `center` (its pose, the rotation pivot), `label` (a point inside for its name),
/// `method` (the decomposition that ran), `pieces` (each with `index`, `vertices`, `center` and
/// `edges`, each edge with `internal`: shared with another piece) and `shape`); `pairs`, the
/// piece pairs in the order tested, each with `piece_a`, `piece_b`, its convex trace as above
/// (`steps`, `verdict`, `step`, `stop`, `collides`, `contact`), its `outcome` (`"apart"`;
/// `"kept"`: septa's manifold for the two pieces, its normal on the outline; `"corrected"`:
/// septa's normal was a ghost, the normal of an internal edge, and `ghost` holds that manifold;
/// `"interior"`: the pieces overlap but give no contact of their own, their manifold set aside
/// and used only when no pair gives one) and its `manifold`; `stop` (the steps the stepper shows:
/// each pair's `stop`, added up), `verdict`, `collides`, `manifolds` ([`septa::concave::collide`]'s,
/// all of them, each with `normal`, `depth`, `points`, `depths`, `piece_a` and `piece_b`),
/// `deepest` (the index of the deepest, or `null`) and `dropped` (manifolds left out for lack of
/// room).
pub fn trace_bodies(a: &Body, b: &Body) -> Value {
    let frame = Frame::at(a.pose());
    let (pose_a, pose_b) = (frame.pose(a.pose()), frame.pose(b.pose()));
    let t: CompoundTrace = match (a, b) {
        (Body::Convex(a), Body::Convex(b)) => return trace_placed(a, b),
        (Body::Concave(x), Body::Convex(y)) => concave::trace(&x.shape, pose_a, &y.shape, pose_b),
        (Body::Convex(x), Body::Concave(y)) => concave::trace(&x.shape, pose_a, &y.shape, pose_b),
        (Body::Concave(x), Body::Concave(y)) => concave::trace(&x.shape, pose_a, &y.shape, pose_b),
    };
    let out = Writer { frame };
    let (parts_a, parts_b) = (a.parts(pose_a), b.parts(pose_b));
    let pairs: Vec<Value> = t
        .pairs
        .iter()
        .map(|p| out.pair(p, &parts_a[p.piece_a as usize], &parts_b[p.piece_b as usize]))
        .collect();
    let stop: u64 = pairs.iter().filter_map(|p| p["stop"].as_u64()).sum();
    let manifolds: Vec<Value> = t
        .manifolds
        .iter()
        .map(|pm| {
            let (oa, ob) = (&parts_a[pm.piece_a as usize], &parts_b[pm.piece_b as usize]);
            let mut m = out.manifold(&pm.manifold, oa, ob);
            m["depths"] = pm.manifold.points().iter().map(|p| json!(p.depth)).collect();
            m["piece_a"] = json!(pm.piece_a);
            m["piece_b"] = json!(pm.piece_b);
            m
        })
        .collect();
    let deepest = t.manifolds.deepest().and_then(|d| t.manifolds.iter().position(|m| m == d));
    let collides = t.collides();
    json!({
        "compound": true,
        "a": out.body(a, pose_a, &parts_a),
        "b": out.body(b, pose_b, &parts_b),
        "pairs": pairs,
        "stop": stop,
        "verdict": if collides { "colliding" } else { "separated" },
        "collides": collides,
        "manifolds": manifolds,
        "deepest": deepest,
        "dropped": t.manifolds.dropped(),
    })
}

/// [`trace`] on two convex shapes already read.
pub fn trace_placed(a: &Placed, b: &Placed) -> Value {
    let frame = Frame::at(a.pose);
    let (pose_a, pose_b) = (frame.pose(a.pose), frame.pose(b.pose));
    let (oa, ob) = (Outline::of(&a.shape, pose_a), Outline::of(&b.shape, pose_b));
    let out = Writer { frame };
    let t = septa::trace(&a.shape, pose_a, &b.shape, pose_b);
    let steps: Vec<Value> = t.steps.iter().enumerate().map(|(i, s)| out.step(i, s, &oa, &ob)).collect();
    // The manifold is `septa::collide`'s, the one an engine gets. (The trace carries one too;
    // for two boxes it comes from the general polygon path rather than the box–box one, which
    // can pick the other reference face in exact ties.)
    let (verdict, step, contact, manifold) = match t.verdict {
        Verdict::Separated { step } => ("separated", step, None, None),
        Verdict::Colliding { step, contact, .. } => {
            ("colliding", step, Some(contact), septa::collide(&a.shape, pose_a, &b.shape, pose_b))
        }
    };
    let stop = if verdict == "separated" { step + 1 } else { steps.len() };
    json!({
        "a": out.outline(&oa, &a.shape, pose_a),
        "b": out.outline(&ob, &b.shape, pose_b),
        "steps": steps,
        "verdict": verdict,
        "step": step,
        "stop": stop,
        "collides": verdict == "colliding",
        "contact": contact.as_ref().map(contact_json),
        "manifold": manifold.map(|m| out.manifold(&m, &oa, &ob)),
    })
}

/// The trace's minimum push: the MTV.
fn contact_json(c: &Contact) -> Value {
    json!({
        "normal": direction(c.normal),
        "depth": c.depth,
        "label": c.axis.to_string(),
        "axis": serde_json::to_value(c.axis).expect("axes serialise"),
    })
}

/// `POST /api/toi`: `{"a", "b", "velocity_a": [x, y], "velocity_b": [x, y], "max_t": T}`
/// (velocities default to zero, `max_t` to [`DEFAULT_MAX_T`]) → `{"hit": bool, "time",
/// "normal", "a_at", "b_at", "max_t"}`: when the shapes, moving in straight lines, first touch,
/// and each shape moved to that time, in the request's format (`null`s when they do not touch
/// within `[0, max_t]`). Convex shapes only: septa's time of impact is for convex shapes, and a
/// concave polygon is refused.
pub fn toi(body: &str) -> Result<Value, ApiError> {
    let (value, a, b) = pair(body, &["velocity_a", "velocity_b", "max_t"])?;
    let convex = |body: Body, path: &str| match body {
        Body::Convex(p) => Ok(p),
        Body::Concave(_) => err(format!(
            "{path}: the swept test (time of impact) takes convex shapes only, not a concave polygon"
        )),
    };
    let (a, b) = (convex(a, "a")?, convex(b, "b")?);
    let (va, vb) =
        (velocity(value.get("velocity_a"), "velocity_a")?, velocity(value.get("velocity_b"), "velocity_b")?);
    let max_t = match value.get("max_t") {
        None => DEFAULT_MAX_T,
        Some(t) => match t.as_f64() {
            Some(t) if t.is_finite() && t >= 0.0 => t as f32,
            _ => return err("max_t: must be a number, zero or greater"),
        },
    };
    let frame = Frame::at(a.pose);
    let (pose_a, pose_b) = (frame.pose(a.pose), frame.pose(b.pose));
    let out = Writer { frame };
    let impact = septa::time_of_impact(&a.shape, pose_a, va, &b.shape, pose_b, vb, max_t);
    Ok(match impact {
        None => {
            json!({"hit": false, "time": null, "normal": null, "a_at": null, "b_at": null, "max_t": max_t})
        }
        Some(hit) => {
            let moved = |shape: &Shape, pose: Pose, v: Vec2| {
                out.shape(shape, pose, v.as_dvec2() * f64::from(hit.time))
            };
            json!({
                "hit": true,
                "time": hit.time,
                "normal": direction(hit.normal),
                "a_at": moved(&a.shape, pose_a, va),
                "b_at": moved(&b.shape, pose_b, vb),
                "max_t": max_t,
            })
        }
    })
}
