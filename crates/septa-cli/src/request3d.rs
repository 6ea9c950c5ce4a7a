//! The 3D shapes of a line, built with `septa3d`: cuboids, convex hulls, spheres and capsules
//! whose points have three components. The line rules are those of [`crate::request`]: every
//! field checked by hand, messages naming the field path, unknown keys refused, coordinates read
//! as f64 and shapes given by world points moved to a local frame about their own centre before
//! anything is rounded to f32.
//!
//! ```text
//! {"type":"cuboid","center":[x,y,z],"half_extents":[hx,hy,hz],"rotation":[x,y,z,w]}   rotation optional
//! {"type":"convex","points":[[x,y,z],...]}        the convex hull of the points
//! {"type":"sphere","center":[x,y,z],"radius":r}
//! {"type":"capsule","a":[x,y,z],"b":[x,y,z],"radius":r}
//! ```

use glam::{DQuat, DVec3, Quat, Vec3};
use septa3d::{Capsule, ConvexHull, Cuboid, Pose, Shape, ShapeError, Sphere};
use serde_json::value::RawValue;

use crate::json::Json;
use crate::request::{check_keys, decode, number, real, required, Members};

/// A 3D shape and where it sits in the world.
#[derive(Clone, Debug)]
pub struct Placed3 {
    /// The shape, in its local frame.
    pub shape: Shape,
    /// Its placement in the world.
    pub pose: Pose,
}

/// The keys of a cuboid.
const CUBOID_KEYS: &[&str] = &["type", "center", "half_extents", "rotation"];
/// The keys of a convex hull.
const CONVEX_KEYS: &[&str] = &["type", "points"];
/// The keys of a sphere.
const SPHERE_KEYS: &[&str] = &["type", "center", "radius"];
/// The keys of a capsule.
const CAPSULE_KEYS: &[&str] = &["type", "a", "b", "radius"];

/// Is this a 3D shape? The 3D types, and a capsule whose `a` has three components.
pub fn is_3d(kind: &str, members: &Members) -> bool {
    match kind {
        "cuboid" | "convex" | "sphere" => true,
        "capsule" => members.iter().any(|(key, value)| {
            key == "a" && matches!(Json::of(value), Ok(Json::Array(items)) if items.len() == 3)
        }),
        _ => false,
    }
}

/// The 3D shape of type `kind` (one for which [`is_3d`] holds), at field path `path`.
pub fn shape(kind: &str, members: &Members, path: &str) -> Result<Placed3, String> {
    let field = |key: &str| format!("{path}.{key}");
    let library = |e: ShapeError| format!("{path}: {e}");
    match kind {
        "cuboid" => {
            let what = "a cuboid has keys type, center, half_extents and rotation (optional)";
            check_keys(members, path, CUBOID_KEYS, what)?;
            let center = point(required(members, path, "center", what)?, &field("center"))?;
            let half = sizes(required(members, path, "half_extents", what)?, &field("half_extents"))?;
            let rotation = match members.iter().find(|(key, _)| key == "rotation") {
                None => Quat::IDENTITY,
                Some((_, raw)) => rotation(raw, &field("rotation"))?,
            };
            let cuboid = Cuboid::new(half).map_err(|e| match e {
                ShapeError::InvalidHalfExtents { .. } | ShapeError::FlatCuboid { .. } => {
                    format!("{}: {e}", field("half_extents"))
                }
                e => library(e),
            })?;
            Ok(Placed3 { shape: Shape::Cuboid(cuboid), pose: Pose::new(center.as_vec3(), rotation) })
        }
        "convex" => {
            let what = "a convex shape has keys type and points";
            check_keys(members, path, CONVEX_KEYS, what)?;
            let points_path = field("points");
            let points = points(required(members, path, "points", what)?, &points_path)?;
            let (hull, pose) = ConvexHull::from_world(&points).map_err(|e| match e {
                ShapeError::NonFinite { index } | ShapeError::OutOfRange { index } => {
                    format!("{points_path}[{index}]: {e}")
                }
                e => format!("{points_path}: {e}"),
            })?;
            Ok(Placed3 { shape: Shape::ConvexHull(hull), pose })
        }
        "sphere" => {
            let what = "a sphere has keys type, center and radius";
            check_keys(members, path, SPHERE_KEYS, what)?;
            let center = point(required(members, path, "center", what)?, &field("center"))?;
            let radius = number(required(members, path, "radius", what)?, &field("radius"))?;
            let (sphere, pose) = Sphere::from_world(center, radius).map_err(|e| match e {
                ShapeError::InvalidRadius { .. } => format!("{}: {e}", field("radius")),
                e => library(e),
            })?;
            Ok(Placed3 { shape: Shape::Sphere(sphere), pose })
        }
        "capsule" => {
            let what = "a capsule has keys type, a, b and radius";
            check_keys(members, path, CAPSULE_KEYS, what)?;
            let a = point(required(members, path, "a", what)?, &field("a"))?;
            let b = point(required(members, path, "b", what)?, &field("b"))?;
            let radius = number(required(members, path, "radius", what)?, &field("radius"))?;
            let (capsule, pose) = Capsule::from_world(a, b, radius).map_err(|e| match e {
                ShapeError::InvalidCapsuleRadius { .. } => format!("{}: {e}", field("radius")),
                ShapeError::PointCapsule => format!(
                    "{path}: a capsule of radius 0 needs two distinct ends, but {path}.a and {path}.b are \
                     the same point"
                ),
                e => library(e),
            })?;
            Ok(Placed3 { shape: Shape::Capsule(capsule), pose })
        }
        other => unreachable!("{other} is not a 3D shape type"),
    }
}

/// `[[x, y, z], …]` at `path`.
fn points(raw: &RawValue, path: &str) -> Result<Vec<DVec3>, String> {
    match decode(raw, path)? {
        Json::Array(items) => {
            items.iter().enumerate().map(|(i, item)| point(item, &format!("{path}[{i}]"))).collect()
        }
        other => Err(format!("{path}: expected an array of [x, y, z] points, got {}", other.describe())),
    }
}

/// The members of `[…]` at `path`, which must number `n`.
fn members<'a>(raw: &'a RawValue, path: &str, n: usize, shape: &str) -> Result<Vec<&'a RawValue>, String> {
    match decode(raw, path)? {
        Json::Array(items) if items.len() == n => Ok(items),
        other => Err(format!("{path}: expected {shape} with {n} numbers, got {}", other.describe())),
    }
}

/// `[x, y, z]` at `path`: a point or a direction (3D), read as f64.
pub fn point(raw: &RawValue, path: &str) -> Result<DVec3, String> {
    let xyz = members(raw, path, 3, "[x, y, z]")?;
    let at = |i: usize| real(xyz[i], &format!("{path}[{i}]"));
    Ok(DVec3::new(at(0)?, at(1)?, at(2)?))
}

/// `[hx, hy, hz]` at `path`, each read straight into f32.
fn sizes(raw: &RawValue, path: &str) -> Result<Vec3, String> {
    let xyz = members(raw, path, 3, "[x, y, z]")?;
    let at = |i: usize| number(xyz[i], &format!("{path}[{i}]"));
    Ok(Vec3::new(at(0)?, at(1)?, at(2)?))
}

/// A rotation `[x, y, z, w]` at `path` (glam's order: the vector part, then the scalar),
/// normalised in f64; a zero quaternion has no direction and is an error.
fn rotation(raw: &RawValue, path: &str) -> Result<Quat, String> {
    let xyzw = members(raw, path, 4, "a quaternion [x, y, z, w]")?;
    let at = |i: usize| real(xyzw[i], &format!("{path}[{i}]"));
    let q = DQuat::from_xyzw(at(0)?, at(1)?, at(2)?, at(3)?);
    // The length is computed on a scaled copy so that tiny or huge components cannot underflow
    // or overflow on the way to a unit quaternion.
    let scale = q.x.abs().max(q.y.abs()).max(q.z.abs()).max(q.w.abs());
    if scale == 0.0 {
        return Err(format!("{path}: a rotation must not be zero (a unit quaternion [x, y, z, w])"));
    }
    let scaled = DQuat::from_xyzw(q.x / scale, q.y / scale, q.z / scale, q.w / scale);
    Ok(scaled.normalize().as_quat())
}
