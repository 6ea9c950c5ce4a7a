//! The queries, one module per pair of shapes, each a set of flat functions.
//!
//! Every module offers `overlaps` (early exit), `overlaps_cached`, `separation`, `contact` (the
//! MTV) and `collide` (the manifold). Polygon modules are generic over [`Polygonal`], so they
//! serve convex polygons and oriented boxes alike (box against box has its own, faster module).
//! A pair in the other order (circle against polygon, say) is the same test with the roles
//! exchanged and the answer turned around; the generic functions at the crate root do that.
//!
//! [`Polygonal`]: crate::Polygonal

pub mod box_box;
pub mod capsule_capsule;
pub mod capsule_circle;
pub mod circle_circle;
pub mod common_point;
pub mod polygon_capsule;
pub mod polygon_circle;
pub mod polygon_polygon;
mod window;
