//! One input line → one validated query: the id to echo, two septa shapes placed in the world,
//! and for `septa toi` their motion. Both commands share the line rules and the shapes; only the
//! top-level keys differ ([`Mode`]).
//!
//! The line is checked for JSON syntax as a whole, then decoded a level at a time ([`crate::json`]),
//! so that the id can be picked out even when the rest of the line is wrong, and every part is
//! checked by hand rather than by derived `Deserialize` impls: each message names its field path
//! (`a.points[2]`, `b.radius`), and unknown or repeated keys anywhere are refused instead of
//! ignored. Numbers are kept as text until checked, so `1e400` is refused with the field it sits
//! in.
//!
//! Shapes are built where the library is most precise. Coordinates are read as f64 (world
//! coordinates far from the origin need the digits), and shapes given by world points
//! (polygons, hulls, capsules) are moved to a local frame about their own centre **in f64**
//! before anything is rounded to f32 (`ConvexPolygon::from_world`, `Capsule::from_world`), then
//! placed by a pose there: a polygon that is convex as written stays convex, where rounding its
//! world coordinates to f32 first could bend it (the f32 spacing is 0.0078 at 1e5). Circles and
//! boxes are placed by a pose at their centre rounded to f32 and keep the remainder as their
//! local centre (`Circle::from_world`, `OrientedBox::from_world`). The queries then work on
//! small local coordinates even far from the world origin. Sizes, angles and times are read
//! straight from their decimal text into f32.

use glam::{DVec2, Vec2, Vec3};
use septa::concave::{ConcaveError, ConcavePolygon, Ring};
use septa::{Capsule, Circle, ConvexPolygon, OrientedBox, Pose, Shape, ShapeError};
use serde_json::value::RawValue;

use crate::json::{self, quote, Json};
use crate::request3d::{self, Placed3};

/// A shape and where it sits in the world.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The shape, in its local frame.
    pub shape: Shape,
    /// Its placement in the world.
    pub pose: Pose,
}

/// Which command reads the line: it decides the top-level keys and the query built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `septa collide`: `{"id", "a", "b"}`.
    Collide,
    /// `septa toi`: `{"id", "a", "b", "velocity_a", "velocity_b", "max_t"}`.
    Toi,
    /// `septa decompose`: `{"id", "points", "holes"}`.
    Decompose,
}

impl Mode {
    /// The command's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Collide => "collide",
            Mode::Toi => "toi",
            Mode::Decompose => "decompose",
        }
    }

    /// The keys allowed at the top level of a line.
    fn keys(self) -> &'static [&'static str] {
        match self {
            Mode::Collide => &["id", "a", "b"],
            Mode::Toi => &["id", "a", "b", "velocity_a", "velocity_b", "max_t"],
            Mode::Decompose => &["id", "points", "holes"],
        }
    }

    /// The top-level keys, for messages about a missing or unknown key.
    fn keys_hint(self) -> &'static str {
        match self {
            Mode::Collide => "a query has keys id (optional), a and b",
            Mode::Toi => {
                "a toi query has keys id (optional), a, b, velocity_a, velocity_b and max_t (optional)"
            }
            Mode::Decompose => "a decompose query has keys id (optional), points and holes (optional)",
        }
    }

    /// What a line looks like, for a line that is not an object.
    fn template(self) -> &'static str {
        match self {
            Mode::Collide => "{\"id\": …, \"a\": SHAPE, \"b\": SHAPE}",
            Mode::Toi => {
                "{\"id\": …, \"a\": SHAPE, \"b\": SHAPE, \"velocity_a\": [x, y], \"velocity_b\": [x, y], \
                 \"max_t\": T}"
            }
            Mode::Decompose => "{\"id\": …, \"points\": [[x, y], …], \"holes\": [[[x, y], …], …]}",
        }
    }
}

/// Shape a and shape b.
#[derive(Clone, Debug)]
pub struct Pair {
    /// Shape a (normals point from a to b).
    pub a: Placed,
    /// Shape b.
    pub b: Placed,
}

/// How the two shapes of a `septa toi` line move: in straight lines, without turning.
#[derive(Clone, Copy, Debug)]
pub struct Motion {
    /// Shape a's velocity (world frame, distance per unit of time).
    pub velocity_a: Vec2,
    /// Shape b's velocity.
    pub velocity_b: Vec2,
    /// The end of the time interval searched, `[0, max_t]`: finite and ≥ 0.
    pub max_t: f32,
}

/// Two 3D shapes: a and b.
#[derive(Clone, Debug)]
pub struct Pair3 {
    /// Shape a (normals point from a to b).
    pub a: Placed3,
    /// Shape b.
    pub b: Placed3,
}

/// How two 3D shapes move: in straight lines, without turning.
#[derive(Clone, Copy, Debug)]
pub struct Motion3 {
    /// Shape a's velocity (world frame, distance per unit of time).
    pub velocity_a: Vec3,
    /// Shape b's velocity.
    pub velocity_b: Vec3,
    /// The end of the time interval searched, `[0, max_t]`: finite and ≥ 0.
    pub max_t: f32,
}

/// A validated query. A line's two shapes are both 2D or both 3D.
#[derive(Clone, Debug)]
pub enum Query {
    /// `septa collide`: do a and b overlap, and where?
    Collide(Pair),
    /// `septa toi`: when do a and b, moving, first touch?
    Toi(Pair, Motion),
    /// `septa collide` on two 3D shapes.
    Collide3(Pair3),
    /// `septa toi` on two 3D shapes.
    Toi3(Pair3, Motion3),
    /// `septa collide` on two 2D shapes, at least one of them concave.
    CollideConcave(Planar, Planar),
    /// `septa decompose`: the convex pieces of a simple polygon.
    Decompose(Outline),
}

/// A shape of either dimension, as read.
enum Parsed {
    Two(Placed),
    Concave(PlacedConcave),
    Three(Placed3),
}

/// A concave polygon (`"type": "concave"`) and where it sits in the world.
#[derive(Clone, Debug)]
pub struct PlacedConcave {
    /// The polygon and its convex pieces, in its local frame.
    pub shape: ConcavePolygon,
    /// Its placement in the world.
    pub pose: Pose,
}

/// A 2D shape of a pair with a concave polygon in it: either kind.
#[derive(Clone, Debug)]
pub enum Planar {
    /// A convex shape.
    Convex(Box<Placed>),
    /// A concave polygon.
    Concave(Box<PlacedConcave>),
}

/// A `septa decompose` line: a simple polygon in world coordinates, read as f64.
#[derive(Clone, Debug)]
pub struct Outline {
    /// The outline, in either winding.
    pub points: Vec<DVec2>,
    /// The holes (none when the key is absent).
    pub holes: Vec<Vec<DVec2>>,
}

/// One parsed input line.
#[derive(Debug)]
pub struct Request {
    /// The input's `"id"` as compact JSON text, to echo back verbatim; `null` when the line had
    /// none or it could not be read.
    pub id: Box<RawValue>,
    /// The query, or a message saying what is wrong with the line (naming the field).
    pub query: Result<Query, String>,
}

/// The keys of a polygon or hull shape.
const POLYGON_KEYS: &[&str] = &["type", "points"];
/// The keys of a circle shape.
const CIRCLE_KEYS: &[&str] = &["type", "center", "radius"];
/// The keys of a box shape; `angle` is optional (radians, default 0: axis-aligned, the most
/// common box there is).
const BOX_KEYS: &[&str] = &["type", "center", "half_extents", "angle"];
/// The keys of a capsule shape.
const CAPSULE_KEYS: &[&str] = &["type", "a", "b", "radius"];
/// The keys of a concave polygon.
const CONCAVE_KEYS: &[&str] = &["type", "points", "holes"];
/// The shape types, as written in `"type"`.
const SHAPE_TYPES: &[&str] =
    &["polygon", "hull", "circle", "box", "capsule", "concave", "cuboid", "convex", "sphere"];
/// [`SHAPE_TYPES`] for messages.
const SHAPE_LIST: &str =
    "polygon, hull, circle, box, capsule or concave in 2D; cuboid, convex, sphere or capsule in 3D";
/// `max_t` when a `septa toi` line has none.
const DEFAULT_MAX_T: f32 = 1.0;
/// How deeply an id may nest. Echoed inside the output object, it stays well within the
/// 128 levels that serde_json (and others) accept by default.
const MAX_ID_DEPTH: usize = 100;

/// An object's members.
pub(crate) type Members<'a> = [(String, &'a RawValue)];

/// The JSON `null`.
fn null() -> Box<RawValue> {
    RawValue::NULL.to_owned()
}

/// Parses and validates one line (without its line terminator) for the command `mode`. Never
/// panics.
pub fn parse_line(line: &[u8], mode: Mode) -> Request {
    let failed = |message: String| Request { id: null(), query: Err(message) };
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            return failed(format!(
                "the line is not valid UTF-8 (invalid byte at column {})",
                e.valid_up_to() + 1
            ))
        }
    };
    let raw = match json::parse(text) {
        Ok(raw) => raw,
        Err(e) => return failed(format!("invalid JSON: {e}")),
    };
    let members = match Json::of(raw) {
        Ok(Json::Object(members)) => members,
        Ok(other) => {
            return failed(format!("expected a JSON object {}, got {}", mode.template(), other.describe()))
        }
        Err(e) => return failed(format!("invalid JSON: {e}")),
    };
    let mut ids = members.iter().filter(|(key, _)| key == "id").map(|(_, value)| *value);
    let id = match (ids.next(), ids.next()) {
        (None, _) => null(),
        (Some(id), None) => match echoable(id) {
            Ok(id) => id,
            Err(message) => return failed(format!("id: {message}")),
        },
        (Some(_), Some(_)) => return failed("duplicate key \"id\"".into()),
    };
    Request { id, query: query(&members, mode) }
}

/// The id as compact JSON text, if it is safe to echo: readable by strict JSON readers (finite
/// numbers, decodable strings, nesting within [`MAX_ID_DEPTH`]).
fn echoable(id: &RawValue) -> Result<Box<RawValue>, String> {
    fn check(raw: &RawValue, depth: usize) -> Result<(), String> {
        if depth > MAX_ID_DEPTH {
            return Err(format!("nested more than {MAX_ID_DEPTH} levels deep"));
        }
        match Json::of(raw)? {
            Json::Number(n) if !n.parse::<f64>().is_ok_and(f64::is_finite) => {
                Err(format!("{} is not a finite number", json::shorten(n)))
            }
            Json::Array(items) => items.iter().try_for_each(|item| check(item, depth + 1)),
            Json::Object(members) => members.iter().try_for_each(|(_, value)| check(value, depth + 1)),
            _ => Ok(()),
        }
    }
    check(id, 1)?;
    RawValue::from_string(json::minify(id.get())).map_err(|e| e.to_string())
}

/// The query of a line's top-level object: its keys are checked first, then its fields in
/// the order they are documented.
fn query(members: &Members, mode: Mode) -> Result<Query, String> {
    let hint = mode.keys_hint();
    check_keys(members, "", mode.keys(), hint)?;
    if mode == Mode::Decompose {
        let points = self::points(required(members, "", "points", hint)?, "points")?;
        let holes = optional_holes(members, "")?;
        return Ok(Query::Decompose(Outline { points, holes }));
    }
    let a = shape(required(members, "", "a", hint)?, "a")?;
    let b = shape(required(members, "", "b", hint)?, "b")?;
    let velocity = |key: &str| required(members, "", key, hint);
    let max_t = || match members.iter().find(|(key, _)| key == "max_t") {
        None => Ok(DEFAULT_MAX_T),
        Some((_, raw)) => match number(raw, "max_t")? {
            t if t >= 0.0 => Ok(t),
            t => Err(format!("max_t: must be zero or greater, got {t}")),
        },
    };
    // Decompose lines returned above: the rest are collide or toi lines.
    let toi = mode == Mode::Toi;
    match (a, b, toi) {
        (Parsed::Two(a), Parsed::Two(b), false) => Ok(Query::Collide(Pair { a, b })),
        (Parsed::Two(a), Parsed::Two(b), true) => {
            let velocity_a = point(velocity("velocity_a")?, "velocity_a")?.as_vec2();
            let velocity_b = point(velocity("velocity_b")?, "velocity_b")?.as_vec2();
            Ok(Query::Toi(Pair { a, b }, Motion { velocity_a, velocity_b, max_t: max_t()? }))
        }
        (Parsed::Three(a), Parsed::Three(b), false) => Ok(Query::Collide3(Pair3 { a, b })),
        (Parsed::Three(a), Parsed::Three(b), true) => {
            let velocity_a = request3d::point(velocity("velocity_a")?, "velocity_a")?.as_vec3();
            let velocity_b = request3d::point(velocity("velocity_b")?, "velocity_b")?.as_vec3();
            Ok(Query::Toi3(Pair3 { a, b }, Motion3 { velocity_a, velocity_b, max_t: max_t()? }))
        }
        (Parsed::Concave(_), _, true) | (_, Parsed::Concave(_), true) => {
            Err("septa toi does not take concave shapes (no time of impact for them yet)".into())
        }
        (Parsed::Concave(a), Parsed::Two(b), _) => {
            Ok(Query::CollideConcave(Planar::Concave(Box::new(a)), Planar::Convex(Box::new(b))))
        }
        (Parsed::Two(a), Parsed::Concave(b), _) => {
            Ok(Query::CollideConcave(Planar::Convex(Box::new(a)), Planar::Concave(Box::new(b))))
        }
        (Parsed::Concave(a), Parsed::Concave(b), _) => {
            Ok(Query::CollideConcave(Planar::Concave(Box::new(a)), Planar::Concave(Box::new(b))))
        }
        (Parsed::Two(_) | Parsed::Concave(_), Parsed::Three(_), _) => {
            Err("a is a 2D shape and b a 3D one: a line's shapes must be both 2D or both 3D".into())
        }
        (Parsed::Three(_), Parsed::Two(_) | Parsed::Concave(_), _) => {
            Err("a is a 3D shape and b a 2D one: a line's shapes must be both 2D or both 3D".into())
        }
    }
}

/// One shape, 2D or 3D, at field path `path`.
fn shape(raw: &RawValue, path: &str) -> Result<Parsed, String> {
    let members = match decode(raw, path)? {
        Json::Object(members) => members,
        other => {
            return Err(format!(
                "{path}: expected a shape object with a \"type\" key ({SHAPE_LIST}), got {}",
                other.describe()
            ))
        }
    };
    let type_path = format!("{path}.type");
    let expected = format!("expected {SHAPE_LIST}");
    let kind = match decode(required(&members, path, "type", &expected)?, &type_path)? {
        Json::String(kind) => kind,
        other => {
            return Err(format!("{type_path}: expected a string ({SHAPE_LIST}), got {}", other.describe()))
        }
    };
    if request3d::is_3d(&kind, &members) {
        return request3d::shape(&kind, &members, path).map(Parsed::Three);
    }
    if kind == "concave" {
        return concave(&members, path).map(Parsed::Concave);
    }
    shape_2d(&kind, &members, path).map(Parsed::Two)
}

/// A 2D shape of type `kind`, at field path `path`.
fn shape_2d(kind: &str, members: &Members, path: &str) -> Result<Placed, String> {
    match kind {
        "polygon" | "hull" => {
            let what = format!("a {kind} has keys type and points");
            check_keys(members, path, POLYGON_KEYS, &what)?;
            let points_path = format!("{path}.points");
            let points = points(required(members, path, "points", &what)?, &points_path)?;
            let polygon = if kind == "polygon" {
                ConvexPolygon::from_world(&points)
            } else {
                ConvexPolygon::hull_from_world(&points)
            };
            let (shape, pose) = polygon.map_err(|e| match e {
                // The library's advice names its constructor; give the CLI's instead.
                ShapeError::NotConvex { index } => format!(
                    "{points_path}: the points are not in convex order: the boundary turns the wrong \
                     way at {points_path}[{index}] (use \"type\": \"hull\" for points in any order)"
                ),
                e => format!("{points_path}: {e}"),
            })?;
            Ok(Placed { shape: Shape::Polygon(shape), pose })
        }
        "circle" => {
            let what = "a circle has keys type, center and radius";
            check_keys(members, path, CIRCLE_KEYS, what)?;
            let center = point(required(members, path, "center", what)?, &format!("{path}.center"))?;
            let radius_path = format!("{path}.radius");
            let radius = number(required(members, path, "radius", what)?, &radius_path)?;
            let (circle, pose) = Circle::from_world(center, radius).map_err(|e| match e {
                ShapeError::InvalidRadius { .. } => format!("{radius_path}: {e}"),
                _ => format!("{path}: {e}"),
            })?;
            Ok(Placed { shape: Shape::Circle(circle), pose })
        }
        "box" => {
            let what = "a box has keys type, center, half_extents and angle (optional, default 0)";
            check_keys(members, path, BOX_KEYS, what)?;
            let center = point(required(members, path, "center", what)?, &format!("{path}.center"))?;
            let half_path = format!("{path}.half_extents");
            let half_extents = size_pair(required(members, path, "half_extents", what)?, &half_path)?;
            let angle = match members.iter().find(|(key, _)| key == "angle") {
                None => 0.0,
                Some((_, raw)) => number(raw, &format!("{path}.angle"))?,
            };
            let (shape, pose) =
                OrientedBox::from_world(center, half_extents, angle).map_err(|e| match e {
                    ShapeError::InvalidHalfExtents { .. } => format!("{half_path}: {e}"),
                    _ => format!("{path}: {e}"),
                })?;
            Ok(Placed { shape: Shape::Box(shape), pose })
        }
        "capsule" => {
            let what = "a capsule has keys type, a, b and radius";
            check_keys(members, path, CAPSULE_KEYS, what)?;
            let a = point(required(members, path, "a", what)?, &format!("{path}.a"))?;
            let b = point(required(members, path, "b", what)?, &format!("{path}.b"))?;
            let radius_path = format!("{path}.radius");
            let radius = number(required(members, path, "radius", what)?, &radius_path)?;
            let (capsule, pose) = Capsule::from_world(a, b, radius).map_err(|e| match e {
                ShapeError::InvalidCapsuleRadius { .. } => format!("{radius_path}: {e}"),
                ShapeError::PointCapsule => format!(
                    "{path}: a capsule of radius 0 needs two distinct ends, but {path}.a and {path}.b are \
                     the same point"
                ),
                e => format!("{path}: {e}"),
            })?;
            Ok(Placed { shape: Shape::Capsule(capsule), pose })
        }
        other => Err(format!(
            "{path}: unknown shape type {} ({}expected {SHAPE_LIST})",
            quote(other),
            suggestion(other, SHAPE_TYPES)
        )),
    }
}

/// A concave polygon, `{"type": "concave", "points": […], "holes": […]}`, at `path`.
fn concave(members: &Members, path: &str) -> Result<PlacedConcave, String> {
    let what = "a concave polygon has keys type, points and holes (optional)";
    check_keys(members, path, CONCAVE_KEYS, what)?;
    let points = points(required(members, path, "points", what)?, &format!("{path}.points"))?;
    let holes = optional_holes(members, path)?;
    let (shape, pose) = ConcavePolygon::from_world(&points, &holes).map_err(|e| concave_error(e, path))?;
    Ok(PlacedConcave { shape, pose })
}

/// The `"holes"` of an object at `path`, if present: an array of point arrays.
fn optional_holes(members: &Members, path: &str) -> Result<Vec<Vec<DVec2>>, String> {
    let holes_path = if path.is_empty() { "holes".to_string() } else { format!("{path}.holes") };
    match members.iter().find(|(key, _)| key == "holes") {
        None => Ok(Vec::new()),
        Some((_, raw)) => match decode(raw, &holes_path)? {
            Json::Array(items) => items
                .iter()
                .enumerate()
                .map(|(k, item)| points(item, &format!("{holes_path}[{k}]")))
                .collect(),
            other => Err(format!("{holes_path}: expected an array of holes, got {}", other.describe())),
        },
    }
}

/// A decomposition error at field path `path` (the shape's, or "" for a `septa decompose`
/// line), naming the ring it is in as a field.
pub(crate) fn concave_error(e: ConcaveError, path: &str) -> String {
    let prefix = if path.is_empty() { String::new() } else { format!("{path}.") };
    let ring = |ring: Ring| match ring {
        Ring::Outline => format!("{prefix}points"),
        Ring::Hole(k) => format!("{prefix}holes[{k}]"),
    };
    match e {
        ConcaveError::NonFinite { ring: r, index } | ConcaveError::OutOfRange { ring: r, index } => {
            format!("{}[{index}]: {e}", ring(r))
        }
        ConcaveError::TooFewVertices { ring: r, .. }
        | ConcaveError::ZeroArea { ring: r }
        | ConcaveError::SelfIntersecting { ring: r, .. } => format!("{}: {e}", ring(r)),
        ConcaveError::HoleCrossesOutline { hole, .. }
        | ConcaveError::HoleOutside { hole }
        | ConcaveError::HoleInsideHole { hole, .. } => format!("{}: {e}", ring(Ring::Hole(hole))),
        e if path.is_empty() => e.to_string(),
        e => format!("{path}: {e}"),
    }
}

/// `[[x, y], …]` at `path`.
fn points(raw: &RawValue, path: &str) -> Result<Vec<DVec2>, String> {
    match decode(raw, path)? {
        Json::Array(items) => {
            items.iter().enumerate().map(|(i, item)| point(item, &format!("{path}[{i}]"))).collect()
        }
        other => Err(format!("{path}: expected an array of [x, y] points, got {}", other.describe())),
    }
}

/// `[x, y]` at `path`: a point or a direction, read as f64.
fn point(raw: &RawValue, path: &str) -> Result<DVec2, String> {
    let [x, y] = two_members(raw, path)?;
    Ok(DVec2::new(real(x, &format!("{path}[0]"))?, real(y, &format!("{path}[1]"))?))
}

/// `[x, y]` at `path`: two sizes (half extents), each read straight into f32.
fn size_pair(raw: &RawValue, path: &str) -> Result<Vec2, String> {
    let [x, y] = two_members(raw, path)?;
    Ok(Vec2::new(number(x, &format!("{path}[0]"))?, number(y, &format!("{path}[1]"))?))
}

/// The two members of `[x, y]` at `path`.
fn two_members<'a>(raw: &'a RawValue, path: &str) -> Result<[&'a RawValue; 2], String> {
    match decode(raw, path)? {
        Json::Array(xy) if xy.len() == 2 => Ok([xy[0], xy[1]]),
        other => Err(format!("{path}: expected [x, y] with two numbers, got {}", other.describe())),
    }
}

/// The text of a number at `path`.
fn number_text<'a>(raw: &'a RawValue, path: &str) -> Result<&'a str, String> {
    match decode(raw, path)? {
        Json::Number(n) => Ok(n),
        other => Err(format!("{path}: expected a number, got {}", other.describe())),
    }
}

/// The message for a number beyond f32's range. Coordinates are read as f64, but everything
/// is placed and computed in f32, so the same range holds for every number.
fn out_of_range(n: &str, path: &str) -> String {
    format!(
        "{path}: {} is out of range (numbers must be finite and fit in a 32-bit float, \
         magnitude below about 3.4e38)",
        json::shorten(n)
    )
}

/// A coordinate at `path`: the decimal text read as f64, finite and within f32's range.
pub(crate) fn real(raw: &RawValue, path: &str) -> Result<f64, String> {
    let n = number_text(raw, path)?;
    match n.parse::<f64>() {
        Ok(x) if x.abs() <= f32::MAX as f64 => Ok(x),
        _ => Err(out_of_range(n, path)),
    }
}

/// A number at `path` that is finite as an f32.
pub(crate) fn number(raw: &RawValue, path: &str) -> Result<f32, String> {
    let n = number_text(raw, path)?;
    // The decimal text rounded to f32 directly (no double rounding through f64); out-of-range
    // text parses as infinity.
    match n.parse::<f32>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(out_of_range(n, path)),
    }
}

/// One level of the value at `path`.
pub(crate) fn decode<'a>(raw: &'a RawValue, path: &str) -> Result<Json<'a>, String> {
    Json::of(raw).map_err(|e| format!("{path}: {e}"))
}

/// The value of a key that must be present.
pub(crate) fn required<'a>(
    members: &Members<'a>,
    path: &str,
    key: &str,
    hint: &str,
) -> Result<&'a RawValue, String> {
    members
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, value)| *value)
        .ok_or_else(|| format!("{}missing key {} ({hint})", prefix(path), quote(key)))
}

/// Refuses keys not in `allowed` (suggesting the closest allowed key for a likely misspelling)
/// and keys given twice.
pub(crate) fn check_keys(members: &Members, path: &str, allowed: &[&str], what: &str) -> Result<(), String> {
    for (i, (key, _)) in members.iter().enumerate() {
        if !allowed.contains(&key.as_str()) {
            return Err(format!(
                "{}unknown key {} ({}{what})",
                prefix(path),
                quote(key),
                suggestion(key, allowed)
            ));
        }
        if members[..i].iter().any(|(k, _)| k == key) {
            return Err(format!("{}duplicate key {}", prefix(path), quote(key)));
        }
    }
    Ok(())
}

/// `"a: "` for a shape's path, nothing at the top level.
fn prefix(path: &str) -> String {
    if path.is_empty() {
        String::new()
    } else {
        format!("{path}: ")
    }
}

/// `did you mean "radius"? ` when `word` is within two edits of one of `candidates`.
fn suggestion(word: &str, candidates: &[&str]) -> String {
    let lowered = word.to_lowercase();
    candidates
        .iter()
        .map(|c| (edit_distance(&lowered, c), c))
        .filter(|(d, c)| *d <= 2 && *d < c.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| format!("did you mean \"{c}\"? "))
        .unwrap_or_default()
}

/// Levenshtein distance, counting a swap of two neighbouring characters as one edit (so
/// "raduis" is one edit from "radius"). Gives up early on long words: they are never close.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 2 {
        return usize::MAX;
    }
    // d[i][j]: distance between a[..i] and b[..j]
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: &str) -> String {
        parse_line(line.as_bytes(), Mode::Collide).query.unwrap_err()
    }

    fn toi_error(line: &str) -> String {
        parse_line(line.as_bytes(), Mode::Toi).query.unwrap_err()
    }

    #[test]
    fn edit_distance_counts_swaps_as_one() {
        assert_eq!(edit_distance("raduis", "radius"), 1);
        assert_eq!(edit_distance("centre", "center"), 1); // "re" → "er"
        assert_eq!(edit_distance("radii", "radius"), 2);
        assert_eq!(edit_distance("sqare", "polygon"), 7);
        assert_eq!(edit_distance("sq", "polygon"), usize::MAX); // lengths 5 apart: never close
        assert_eq!(edit_distance("", "ab"), 2);
    }

    #[test]
    fn suggestions_only_for_near_misses() {
        assert_eq!(suggestion("raduis", CIRCLE_KEYS), "did you mean \"radius\"? ");
        assert_eq!(suggestion("Circle", SHAPE_TYPES), "did you mean \"circle\"? ");
        assert_eq!(suggestion("sqare", SHAPE_TYPES), "");
        assert_eq!(suggestion("x", Mode::Collide.keys()), ""); // one edit from "a", but that is no hint
        assert_eq!(suggestion("capsul", SHAPE_TYPES), "did you mean \"capsule\"? ");
        assert_eq!(suggestion("velocity", Mode::Toi.keys()), "did you mean \"velocity_a\"? ");
        assert_eq!(suggestion("half_extent", BOX_KEYS), "did you mean \"half_extents\"? ");
    }

    #[test]
    fn ids_are_echoed_compact_and_verbatim() {
        let id = |line: &str| parse_line(line.as_bytes(), Mode::Collide).id.get().to_string();
        assert_eq!(id(r#"{"id": [ 1E5, "a b", {"k" : -0.0} ] }"#), r#"[1E5,"a b",{"k":-0.0}]"#);
        assert_eq!(id(r#"{"a":1}"#), "null");
        assert_eq!(id(r#"{"id":1e400,"a":1}"#), "null");
        assert_eq!(error(r#"{"id":[1,1e400]}"#), "id: 1e400 is not a finite number");
        assert_eq!(error(r#"{"id":"\ud800"}"#), "id: unexpected end of hex escape");
        let deep = format!("{{\"id\":{}{}}}", "[".repeat(101), "]".repeat(101));
        assert_eq!(error(&deep), "id: nested more than 100 levels deep");
        let deep = format!("{{\"id\":{}{}}}", "[".repeat(99), "]".repeat(99));
        assert!(error(&deep).starts_with("missing key"));
        assert_eq!(error(r#"{"id":1,"id":2}"#), "duplicate key \"id\"");
    }

    #[test]
    fn messages_name_the_field() {
        let circle = r#"{"a":{"type":"circle","center":[0,0],"raduis":1},"b":{"type":"circle","center":[0,0],"radius":1}}"#;
        assert!(error(circle).starts_with("a: unknown key \"raduis\" (did you mean \"radius\"?"));
        let point = r#"{"a":{"type":"hull","points":[[0,0],[1,0],[1,1,1]]},"b":{}}"#;
        assert_eq!(error(point), "a.points[2]: expected [x, y] with two numbers, got an array of 3 elements");
        let big = r#"{"id":7,"a":{"type":"circle","center":[0,1e39],"radius":1},"b":{}}"#;
        assert!(error(big).starts_with("a.center[1]: 1e39 is out of range"));
        assert_eq!(parse_line(big.as_bytes(), Mode::Collide).id.get(), "7");
    }

    const A: &str = r#""a":{"type":"circle","center":[0,0],"radius":1}"#;
    const B: &str = r#""b":{"type":"box","center":[3,0],"half_extents":[1,1],"angle":0}"#;

    #[test]
    fn toi_lines() {
        let line = format!(r#"{{{A},{B},"velocity_a":[1,0],"velocity_b":[0,0]}}"#);
        let Ok(Query::Toi(_, motion)) = parse_line(line.as_bytes(), Mode::Toi).query else { panic!() };
        assert_eq!((motion.velocity_a, motion.max_t), (Vec2::X, 1.0));
        let line = format!(r#"{{{A},{B},"velocity_a":[1,0],"velocity_b":[0,0],"max_t":-0}}"#);
        let Ok(Query::Toi(_, motion)) = parse_line(line.as_bytes(), Mode::Toi).query else { panic!() };
        assert_eq!(motion.max_t, 0.0);
        assert_eq!(
            toi_error(&format!(r#"{{{A},{B},"velocity_b":[0,0]}}"#)),
            "missing key \"velocity_a\" (a toi query has keys id (optional), a, b, velocity_a, velocity_b \
             and max_t (optional))"
        );
        let line = format!(r#"{{{A},{B},"velocity_a":[1,0],"velocity_b":[0,0],"max_t":-0.5}}"#);
        assert_eq!(toi_error(&line), "max_t: must be zero or greater, got -0.5");
        // a toi line given to collide, and the other way round
        let line = format!(r#"{{{A},{B},"velocity_a":[1,0],"velocity_b":[0,0]}}"#);
        assert!(error(&line).starts_with("unknown key \"velocity_a\" (a query has keys"));
        assert!(toi_error("[]")
            .starts_with("expected a JSON object {\"id\": …, \"a\": SHAPE, \"b\": SHAPE, \"velocity_a\""));
    }

    #[test]
    fn capsules_are_placed_at_their_midpoint() {
        let line = r#"{"a":{"type":"capsule","a":[10001,3],"b":[10003,3],"radius":0.5},"b":{"type":"capsule","a":[0,0],"b":[0,0],"radius":1}}"#;
        let Ok(Query::Collide(pair)) = parse_line(line.as_bytes(), Mode::Collide).query else { panic!() };
        assert_eq!(pair.a.pose.translation, Vec2::new(10002.0, 3.0));
        let Shape::Capsule(c) = pair.a.shape else { panic!() };
        assert_eq!((c.a(), c.b(), c.radius()), (Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), 0.5));
        let zero = r#"{"a":{"type":"capsule","a":[1,2],"b":[1,2],"radius":0},"b":{}}"#;
        assert_eq!(
            error(zero),
            "a: a capsule of radius 0 needs two distinct ends, but a.a and a.b are the same point"
        );
    }
}
