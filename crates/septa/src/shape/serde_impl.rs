//! serde support for shapes: `{"points": [[x, y], …]}` for a polygon, `{"center": [x, y],
//! "radius": r}` for a circle, and [`Shape`](super::Shape) tagged with `"type"`. Deserialising
//! runs the same validation as the constructors; unknown keys are errors.

use alloc::string::ToString;
use alloc::vec::Vec;
use glam::Vec2;
use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

use super::{Circle, ConvexPolygon};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolygonData {
    points: Vec<Vec2>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CircleData {
    center: Vec2,
    radius: f32,
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
