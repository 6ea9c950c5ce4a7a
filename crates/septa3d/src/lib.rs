//! # septa3d: 3D collision detection by the separating axis theorem
//!
//! Two convex shapes are disjoint exactly when some plane separates them, and for convex
//! polyhedra such a plane can always be found parallel to a face of one of them or to an edge
//! of each. So the candidate axes are the face normals of both shapes and the cross products of
//! one **edge direction** of each; septa3d prunes the edge pairs on the Gauss map (only pairs
//! whose arcs cross can bound the Minkowski difference) and adds, for spheres and capsules, the
//! directions from hull features to their cores. It turns that into the queries a game or
//! physics engine needs:
//!
//! | query | answers |
//! |---|---|
//! | [`overlaps`] | do they overlap? (stops at the first separating axis) |
//! | [`overlaps_cached`] | the same, trying last frame's separating feature first ([`SatCache`]) |
//! | [`contact()`] | the minimum translation vector: unit normal from a to b, and depth |
//! | [`separation`] | the largest signed separation over the candidate axes |
//! | [`collide`] | a contact manifold of 1–4 points by reference/incident face clipping |
//! | [`trace()`] | every candidate axis with both projections, for teaching and debugging |
//! | [`time_of_impact`] | when two shapes moving in straight lines first touch |
//!
//! Shapes ([`Cuboid`], [`ConvexHull`], [`Sphere`], [`Capsule`], and [`Shape`] for any of them)
//! live in their local frame, validated and with their face planes, edges and adjacency
//! computed once; a [`Pose`] places each in the world. The generic functions above pick the
//! flat function for the pair of shape types in [`pair`]; call those directly if you prefer.
//! Queries never allocate (except [`trace()`]).
//!
//! ```
//! use septa3d::{collide, contact, overlaps, ConvexHull, Cuboid, Pose, Rotation, Vector};
//!
//! let crate_box = Cuboid::new(Vector::new(1.0, 0.5, 0.5))?;
//! let tetrahedron = ConvexHull::new(&[
//!     Vector::new(0.0, 0.0, 0.0),
//!     Vector::new(1.0, 0.0, 0.0),
//!     Vector::new(0.0, 1.0, 0.0),
//!     Vector::new(0.0, 0.0, 1.0),
//! ])?;
//! let box_pose = Pose::new(Vector::ZERO, Rotation::from_rotation_y(0.3));
//! let tet_pose = Pose::from_translation(Vector::new(0.2, 0.3, 0.1));
//!
//! assert!(overlaps(&crate_box, box_pose, &tetrahedron, tet_pose));
//! let mtv = contact(&crate_box, box_pose, &tetrahedron, tet_pose).unwrap();
//! // moving b by the MTV leaves the two just touching
//! let moved = Pose::from_translation(tet_pose.translation + mtv.normal * (mtv.depth + 1e-4));
//! assert!(!overlaps(&crate_box, box_pose, &tetrahedron, moved));
//! let manifold = collide(&crate_box, box_pose, &tetrahedron, tet_pose).unwrap();
//! assert!((1..=4).contains(&manifold.points().len()));
//! # Ok::<(), septa3d::ShapeError>(())
//! ```
//!
//! Conventions, as in the 2D crate `septa`: normals point from a to b; touching is not
//! overlapping; faces are counter-clockwise seen from outside; [`Real`] is f32 unless the `f64`
//! feature is on. Each query works in shape a's local frame with b's pose relative to a's
//! ([`Pose::inv_mul`]), so results stay accurate far from the world origin: unit-size shapes at
//! 1e5 from the origin get depth and normal within 1e-3 of the exact answer in f32.
//!
//! Domain: constructors refuse coordinates and sizes beyond [`COORDINATE_LIMIT`] (and NaNs and
//! infinities) with a typed [`ShapeError`]. For shapes they accept, placed by poses within the
//! limit, every query answers with finite numbers (the `queries3d` fuzz target checks it). A
//! [`Pose`] is plain data and is not refused: poses further out may give infinite distances, and
//! a NaN or an infinity in a pose gives answers that mean nothing, but every query still returns,
//! never a panic or a hang (`tests/broken_poses.rs`; [`Pose::is_finite`] checks a pose).
//!
//! Features: `std` (default; without it the crate is `no_std` + `alloc`), `serde`,
//! `deterministic`, `f64`.

#![no_std]
#![deny(missing_docs)]
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod axis;
mod cache;
mod contact;
mod error;
mod interval;
pub mod manifold;
pub mod pair;
mod pose;
mod query;
mod real;
mod shape;
pub mod sweep;
#[cfg(test)]
mod test_rng;
pub mod trace;

pub use axis::Axis;
pub use cache::SatCache;
pub use contact::{Contact, Separation};
pub use error::ShapeError;
pub use interval::Interval;
pub use manifold::{ContactPoint, Feature, FeatureId, Manifold};
pub use pose::Pose;
pub use query::{collide, contact, overlaps, overlaps_cached, separation, time_of_impact, trace, Collide};
pub(crate) use real::{check_point, within_limit, Matrix, ToF64, ToReal};
pub use real::{consts, Real, Rotation, Vector, Vector4, COORDINATE_LIMIT};
pub use shape::{
    Capsule, ConvexHull, Cuboid, FaceLanes, HalfEdge, HullEdge, Polyhedral, Shape, Sphere, COPLANAR_TOLERANCE,
};
pub use sweep::Impact;
pub use trace::{AxisStep, Trace, Verdict};
