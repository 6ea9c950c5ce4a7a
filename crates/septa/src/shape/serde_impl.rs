//! serde support for shapes: `{"points": [[x, y], …]}` for a polygon, `{"center": [x, y],
//! "radius": r}` for a circle, `{"center": [x, y], "half_extents": [hx, hy], "angle": a}` for a
//! box, `{"a": [x, y], "b": [x, y], "radius": r}` for a capsule, and [`Shape`](super::Shape)
//! tagged with `"type"` (`polygon`, `circle`, `box`, `capsule`). Deserialising
//! runs the same validation as the constructors; unknown keys are errors.

use crate::{Real, Vector};
use alloc::string::ToString;
use alloc::vec::Vec;
use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

use super::{Capsule, Circle, ConvexPolygon, OrientedBox};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolygonData {
    points: Vec<Vector>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CircleData {
    center: Vector,
    radius: Real,
}

impl Serialize for ConvexPolygon {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PolygonData { points: self.vertices().to_vec() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for ConvexPolygon {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ConvexPolygon, D::Error> {
        let data = PolygonData::deserialize(d)?;
        ConvexPolygon::new(&data.points).map_err(|e| D::Error::custom(e.to_string()))
    }
}

impl Serialize for Circle {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        CircleData { center: self.center(), radius: self.radius() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Circle {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Circle, D::Error> {
        let data = CircleData::deserialize(d)?;
        Circle::new(data.center, data.radius).map_err(|e| D::Error::custom(e.to_string()))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoxData {
    center: Vector,
    half_extents: Vector,
    angle: Real,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CapsuleData {
    a: Vector,
    b: Vector,
    radius: Real,
}

impl Serialize for OrientedBox {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BoxData { center: self.center(), half_extents: self.half_extents(), angle: self.rotation().angle() }
            .serialize(s)
    }
}

impl<'de> Deserialize<'de> for OrientedBox {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OrientedBox, D::Error> {
        let data = BoxData::deserialize(d)?;
        OrientedBox::new(data.center, data.half_extents, data.angle)
            .map_err(|e| D::Error::custom(e.to_string()))
    }
}

impl Serialize for Capsule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        CapsuleData { a: self.a(), b: self.b(), radius: self.radius() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Capsule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Capsule, D::Error> {
        let data = CapsuleData::deserialize(d)?;
        Capsule::new(data.a, data.b, data.radius).map_err(|e| D::Error::custom(e.to_string()))
    }
}
