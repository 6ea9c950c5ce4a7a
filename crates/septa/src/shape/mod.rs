//! The shapes. Each owns its geometry (vertices, normals, projections); the queries between two
//! shapes live in [`crate::pair`].

mod capsule;
mod circle;
mod oriented_box;
mod polygon;
#[cfg(feature = "serde")]
mod serde_impl;

pub use capsule::Capsule;
pub(crate) use capsule::{closest_between_segments, segment_point};
pub use circle::Circle;
pub use oriented_box::OrientedBox;
pub use polygon::{ConvexPolygon, COLLINEAR_TOLERANCE};

use glam::Vec2;

use crate::Interval;

/// The precomputed geometry every polygon algorithm reads: counter-clockwise vertices, the unit
/// outward normal of each edge (edge `i` runs from vertex `i` to vertex `i + 1`) and its plane
/// offset `normals[i] · vertices[i]`, in the shape's local frame.
///
/// [`ConvexPolygon`] and [`OrientedBox`] both have it, so the polygon queries run unchanged on
/// boxes (a box *is* a 4-gon) and give the same answers.
pub trait Polygonal {
    /// The vertices, counter-clockwise, in the local frame.
    fn vertices(&self) -> &[Vec2];
    /// The unit outward normal of each edge.
    fn normals(&self) -> &[Vec2];
    /// The plane offset of each edge: the largest projection of the shape on that edge's normal.
    fn plane_offsets(&self) -> &[f32];
    /// The largest distance from the centroid to a vertex.
    fn bounding_radius(&self) -> f32;

    /// The projection on `axis` (local frame), with the indices of the vertices at its ends.
    fn project(&self, axis: Vec2) -> (Interval, usize, usize) {
        let vertices = self.vertices();
        let (mut lo, mut hi) = (0, 0);
        let first = vertices[0].dot(axis);
        let mut interval = Interval::new(first, first);
        for (i, v) in vertices.iter().enumerate().skip(1) {
            let d = v.dot(axis);
            if d < interval.min {
                interval.min = d;
                lo = i;
            }
            if d > interval.max {
                interval.max = d;
                hi = i;
            }
        }
        (interval, lo, hi)
    }
}

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
    /// An oriented box.
    #[cfg_attr(feature = "serde", serde(rename = "box"))]
    Box(OrientedBox),
    /// A capsule.
    Capsule(Capsule),
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

impl From<OrientedBox> for Shape {
    fn from(b: OrientedBox) -> Shape {
        Shape::Box(b)
    }
}

impl From<Capsule> for Shape {
    fn from(c: Capsule) -> Shape {
        Shape::Capsule(c)
    }
}
