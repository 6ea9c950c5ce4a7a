//! Concave polygons: validation, minimum convex decomposition, and collision as a compound of
//! convex pieces.
//!
//! The separating axis theorem holds for convex shapes only. A concave polygon is therefore
//! first split into convex pieces, each an ordinary [`ConvexPolygon`](crate::ConvexPolygon),
//! and collided piece by piece.
//!
//! 1. [`SimplePolygon`] validates the input: a simple polygon in either winding, optionally with
//!    holes; duplicate and collinear points are dropped, and anything else wrong is a typed
//!    [`ConcaveError`] naming the problem (two crossing edges by index, a hole outside, …).
//! 2. [`SimplePolygon::decompose`] splits it into the **minimum** number of convex pieces that
//!    use only its own vertices (Keil's dynamic programme, up to [`OPTIMAL_UP_TO`] vertices),
//!    or by Hertel–Mehlhorn above that and for polygons with holes; the [`Decomposition`] says
//!    which ran. Each [`ConvexPiece`] knows which of its edges are internal (shared with another
//!    piece).
//! 3. [`ConcavePolygon`] holds the pieces in one local frame, placed by one
//!    [`Pose`](crate::Pose), with a bounding box per piece and a tree of boxes for shapes of
//!    [`TREE_FROM`] pieces or more.
//! 4. [`overlaps`], [`collide`] and [`trace`] work between a concave polygon and any shape
//!    (convex polygon, box, circle, capsule, [`Shape`](crate::Shape), another concave polygon),
//!    in either order ([`ConcaveCollide`]). `collide` returns [`Manifolds`] (fixed capacity, no
//!    allocation): one per touching pair of pieces, merged where neighbouring pieces touch the
//!    other shape along one line, and **never with a normal from an internal edge** (see
//!    [`contact`] for how ghost normals are kept out).
//!
//! ```
//! use septa::concave::{collide, overlaps, ConcavePolygon, Method};
//! use septa::{Circle, Pose, Vector};
//!
//! // Terrain: a slope, a valley and a ledge, sitting on a flat bottom.
//! let ground = ConcavePolygon::new(&[
//!     Vector::new(0.0, -2.0), Vector::new(12.0, -2.0), Vector::new(12.0, 1.0),
//!     Vector::new(8.0, 1.0), Vector::new(6.0, 0.0), Vector::new(3.0, 0.0), Vector::new(0.0, 2.0),
//! ])?;
//! assert_eq!(ground.method(), Method::Optimal);
//! // The minimum: the valley floor's two reflex corners share no diagonal, so one cut each.
//! assert_eq!(ground.pieces().len(), 3);
//!
//! // A ball resting on the valley floor, 0.05 deep.
//! let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
//! let at = Pose::from_translation(Vector::new(3.6, 0.45));
//! assert!(overlaps(&ground, Pose::IDENTITY, &ball, at));
//! let contacts = collide(&ground, Pose::IDENTITY, &ball, at);
//! assert_eq!(contacts.len(), 1);
//! let m = contacts.deepest().unwrap().manifold;
//! assert!(m.normal.abs_diff_eq(Vector::Y, 1e-6)); // straight up: the floor's normal
//! assert!((m.depth() - 0.05).abs() < 1e-5);
//! # Ok::<(), septa::concave::ConcaveError>(())
//! ```

mod compound;
pub mod contact;
mod decompose;
mod error;
mod exact;
mod hertel_mehlhorn;
mod optimal;
mod outline;
mod part;
pub mod query;
mod triangulate;

pub use compound::{Bounds, ConcavePiece, ConcavePolygon, TREE_FROM};
pub use contact::NORMAL_TOLERANCE;
pub use decompose::{ConvexPiece, Decomposition, Method, OPTIMAL_UP_TO};
pub use error::{ConcaveError, Ring};
pub use outline::SimplePolygon;
pub use query::{
    collide, overlaps, trace, CompoundTrace, ConcaveCollide, Manifolds, PairOutcome, PairTrace,
    PieceManifold, MAX_MANIFOLDS,
};
