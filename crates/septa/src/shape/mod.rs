//! The shapes. Each owns its geometry (vertices, normals, projections); the queries between two
//! shapes live in [`crate::pair`].

mod circle;
mod polygon;
#[cfg(feature = "serde")]
mod serde_impl;

pub use circle::Circle;
pub use polygon::{ConvexPolygon, COLLINEAR_TOLERANCE};

/// Any shape septa knows, for code that picks shapes at run time (a scene, a file, the CLI).
///
/// Queries on `Shape` values `match` on both kinds and call the pair's function, so the
/// algorithm that runs is always the one for the two concrete shapes; code that knows its shape
/// types statically can call the typed functions directly and skip the `match`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "lowercase"))]
pub enum Shape {
    /// A convex polygon.
    Polygon(ConvexPolygon),
    /// A circle.
    Circle(Circle),
}

impl From<ConvexPolygon> for Shape {
    fn from(p: ConvexPolygon) -> Shape {
        Shape::Polygon(p)
    }
}

impl From<Circle> for Shape {
    fn from(c: Circle) -> Shape {
        Shape::Circle(c)
    }
}
