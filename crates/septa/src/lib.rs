//! # septa: collision detection by the separating axis theorem
//!
//! Two convex shapes are disjoint exactly when some direction exists along which their shadows
//! (projections) do not overlap. For polygons only finitely many directions need testing, the
//! edge normals of both shapes; a circle against a polygon adds one, from the polygon vertex
//! nearest the centre to the centre; capsules add their segment's normal and the directions
//! between closest points. septa turns that theorem into the queries a game or physics engine
//! needs:
//!
//! | query | answers |
//! |---|---|
//! | [`overlaps`] | do they overlap? (stops at the first separating axis) |
//! | [`overlaps_cached`] | the same, trying last frame's separating axis first ([`SatCache`]) |
//! | [`contact()`] | the minimum translation vector: unit normal from a to b, and depth |
//! | [`separation`] | the largest signed separation over the candidate axes |
//! | [`collide`] | a contact manifold of 1–2 points by reference/incident edge clipping |
//! | [`trace()`] | every candidate axis with both projections, for teaching and debugging |
//! | [`time_of_impact`] | swept SAT: when two shapes moving in straight lines first touch |
//!
//! Shapes ([`ConvexPolygon`], [`OrientedBox`], [`Circle`], [`Capsule`], and [`Shape`] for any of
//! them) live in their local frame, validated and with their normals, plane offsets and
//! distinct axes computed once; a [`Pose`] places each in the world. The generic
//! functions above pick the flat function for the pair of shape types in [`pair`]; call those
//! directly if you prefer. Queries never allocate (except [`trace()`]).
//!
//! ```
//! use septa::{collide, contact, overlaps, Circle, ConvexPolygon, Pose, Vector};
//!
//! let crate_box = ConvexPolygon::rectangle(Vector::new(1.0, 0.5))?;
//! let ball = Circle::new(Vector::ZERO, 0.5)?;
//! let box_pose = Pose::new(Vector::new(0.0, 0.0), 0.3);
//! let ball_pose = Pose::from_translation(Vector::new(1.2, 0.6));
//!
//! assert!(overlaps(&crate_box, box_pose, &ball, ball_pose));
//! let mtv = contact(&crate_box, box_pose, &ball, ball_pose).unwrap();
//! // moving the ball by the MTV leaves the two just touching
//! let moved = Pose::from_translation(ball_pose.translation + mtv.normal * (mtv.depth + 1e-4));
//! assert!(!overlaps(&crate_box, box_pose, &ball, moved));
//! let manifold = collide(&crate_box, box_pose, &ball, ball_pose).unwrap();
//! assert_eq!(manifold.points().len(), 1);
//! # Ok::<(), septa::ShapeError>(())
//! ```
//!
//! Conventions: counter-clockwise polygons in a y-up frame (input of either winding is
//! normalised); normals point from a to b; touching is not overlapping; [`Real`] (f32 unless
//! the `f64` feature is on, see [Precision](#precision)) throughout, with each query working in one shape's local frame so that results stay accurate far from the
//! world origin when shapes are placed by poses (see [`ConvexPolygon::recentered`]): unit-size
//! shapes at 1e5 from the origin get depth and normal within 1e-3 of the exact answer computed
//! in f64 from the same f32 inputs (tested at 1e3, 1e4 and 1e5), where absolute coordinates
//! would lose about 1e-2.
//!
//! Features: `std` (default; without it the crate is `no_std` + `alloc`), `serde`,
//! `deterministic`, `f64`.
//!
//! # Precision
//! septa computes in [`Real`], `f32` by default: coordinates are [`Vector`]s (`glam::Vec2`). The
//! `f64` feature makes [`Real`] `f64` and [`Vector`] `glam::DVec2` for the whole crate, for
//! worlds whose size or resolution f32 cannot hold (unit shapes a billion units out, where f32
//! cannot even represent the coordinates, get depths within 1e-6). The algorithms, the
//! reference-face bias and the time-of-impact tolerance are the same in both builds; only
//! [`COLLINEAR_TOLERANCE`], which is about rounding, shrinks (from 2.5e-7 to 1e-12), and the
//! domain ([`COORDINATE_LIMIT`]) grows from 1e18 to 1e150. Every test suite runs in both.
//! Write coordinates as [`Vector`] and constants from [`consts`], as the examples here do, and
//! code compiles in either build. The feature changes types, so it is the final application's
//! choice; a library built on septa should leave it alone. In the f64 build the four-lane paths
//! use `glam::DVec4`, which glam computes without SIMD.
//!
//! # Domain
//! Constructors refuse coordinates and sizes beyond [`COORDINATE_LIMIT`] (1e18 in f32) with a
//! typed [`ShapeError`]. For shapes they accept, placed by poses whose translations are within
//! the limit too, every query answers with finite numbers (checked by the `queries` fuzz target
//! over millions of inputs, extremes included). Poses further out are not refused (a `Pose` is
//! plain data), and may give infinite distances, never a panic.
//!
//! # Determinism
//! The same input gives bit-identical output on every run and from every thread: queries are
//! pure functions of their arguments (no global state, no caches but the [`SatCache`] you pass).
//! Across platforms: all query arithmetic is IEEE-754 (f32, or f64 in that build) addition,
//! multiplication, division, square root, comparison and min/max, each exactly rounded; Rust
//! never fuses `a * b + c` into an FMA on its own, and the four-lane (SIMD) paths do the same
//! operations in the same order as the one-lane paths, so SSE, NEON and scalar builds agree
//! bit for bit. The one exception
//! is sine, cosine and arc tangent, used where an angle is turned into a rotation
//! ([`Rot::from_angle`], [`Pose::new`], [`OrientedBox::new`], [`ConvexPolygon::regular`]):
//! platform maths libraries may differ in the last bit there. The `deterministic` feature takes
//! them from the portable `libm` instead, making results bit-identical everywhere; or build
//! poses from `Rot { cos, sin }` values you computed yourself.

#![no_std]
#![deny(missing_docs)]
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod axis;
mod cache;
pub mod concave;
mod contact;
mod error;
mod interval;
pub mod manifold;
pub mod pair;
mod pose;
mod query;
mod real;
mod robust;
mod shape;
pub mod sweep;
pub mod trace;

pub use axis::Axis;
pub use cache::SatCache;
pub use concave::{ConcaveError, ConcavePolygon};
pub use contact::{Contact, Separation};
pub use error::ShapeError;
pub use interval::Interval;
pub use manifold::{ClipFaces, ContactPoint, Feature, FeatureId, Manifold};
pub use pose::{Pose, Rot};
pub use query::{collide, contact, overlaps, overlaps_cached, separation, time_of_impact, trace, Collide};
pub(crate) use real::{check_point, within_limit, ToF64, ToReal};
pub use real::{consts, Real, Vector, Vector4, COORDINATE_LIMIT};
pub use shape::{
    Capsule, Circle, Compact, ConvexPolygon, Lanes, NormalLanes, OrientedBox, Parallelogram, Polygonal,
    Rings, SatAxis, Shape, Symmetric, COLLINEAR_TOLERANCE, COMPACT_MAX, RING_PAD, SYMMETRIC_MAX,
};
pub use sweep::Impact;
pub use trace::{AxisStep, Projection, Trace, Verdict};

/// The README's example is compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
