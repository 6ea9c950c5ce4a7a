//! The queries, one module per pair of shapes, each a set of flat functions.
//!
//! Every module offers `overlaps` (early exit), `overlaps_cached`, `separation`, `contact` (the
//! MTV) and `collide` (the manifold). The generic functions at the crate root only pick the
//! module for the two shape types.

pub mod box_box;
pub mod circle_circle;
pub mod circle_polygon;
pub mod polygon_circle;
pub mod polygon_polygon;
