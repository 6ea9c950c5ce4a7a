//! Why a concave polygon could not be built.

use crate::ShapeError;

/// Which ring of the input a problem is in: the outline, or one of the holes (by its position
/// in the list of holes given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ring {
    /// The outer boundary.
    Outline,
    /// Hole `k` (0-based, in the order given).
    Hole(usize),
}

impl core::fmt::Display for Ring {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Ring::Outline => write!(f, "the outline"),
            Ring::Hole(k) => write!(f, "hole {k}"),
        }
    }
}

/// A refusal by [`SimplePolygon::new`](super::SimplePolygon::new) (and so by
/// [`ConcavePolygon::new`](super::ConcavePolygon::new)): the input is not a simple polygon
/// (with simple holes strictly inside it), and what is wrong with it.
///
/// Edges are named by the input index of the point they start at: edge `k` runs from point
/// `k` to the next point of its ring that is not a duplicate of it.
///
/// ```
/// use septa::concave::{ConcaveError, Ring, SimplePolygon};
/// use septa::Vector;
/// // A bow tie: edge 0 (from point 0) crosses edge 2 (from point 2).
/// let bow_tie = [
///     Vector::new(0.0, 0.0), Vector::new(2.0, 2.0), Vector::new(2.0, 0.0), Vector::new(0.0, 2.0),
/// ];
/// let err = SimplePolygon::new(&bow_tie).unwrap_err();
/// assert_eq!(err, ConcaveError::SelfIntersecting { ring: Ring::Outline, edges: [0, 2] });
/// assert_eq!(err.to_string(), "the outline crosses or touches itself: edges 0 and 2 meet");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConcaveError {
    /// A coordinate is NaN or infinite.
    NonFinite {
        /// The ring of the offending point.
        ring: Ring,
        /// Its index in that ring's input.
        index: usize,
    },
    /// A coordinate is finite but larger in magnitude than
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT).
    OutOfRange {
        /// The ring of the offending point.
        ring: Ring,
        /// Its index in that ring's input.
        index: usize,
    },
    /// Fewer than three distinct points (after dropping consecutive duplicates).
    TooFewVertices {
        /// The ring.
        ring: Ring,
        /// How many distinct points it has.
        distinct: usize,
    },
    /// All points of the ring lie on one line (within
    /// [`COLLINEAR_TOLERANCE`](crate::COLLINEAR_TOLERANCE)): it encloses no area.
    ZeroArea {
        /// The ring.
        ring: Ring,
    },
    /// Two edges of one ring cross, touch, overlap or double back on each other: the ring is
    /// not a simple polygon.
    SelfIntersecting {
        /// The ring.
        ring: Ring,
        /// The two edges, by the input index of the point each starts at (lower first).
        edges: [usize; 2],
    },
    /// A hole's edge crosses or touches the outline.
    HoleCrossesOutline {
        /// The hole.
        hole: usize,
        /// Its edge, by the index of the point it starts at in the hole's input.
        hole_edge: usize,
        /// The outline's edge.
        outline_edge: usize,
    },
    /// Two holes cross or touch each other.
    HolesCross {
        /// The two holes (lower first).
        holes: [usize; 2],
        /// An edge of each, in the same order.
        edges: [usize; 2],
    },
    /// A hole lies outside the outline.
    HoleOutside {
        /// The hole.
        hole: usize,
    },
    /// A hole lies inside another hole.
    HoleInsideHole {
        /// The inner hole.
        hole: usize,
        /// The hole around it.
        outer: usize,
    },
    /// A convex piece could not be built as a [`ConvexPolygon`](crate::ConvexPolygon): a sliver
    /// thinner than [`COLLINEAR_TOLERANCE`](crate::COLLINEAR_TOLERANCE) allows, which only
    /// nearly degenerate input produces.
    Piece {
        /// The piece, by its index in the decomposition.
        piece: usize,
        /// Why `ConvexPolygon::new` refused it.
        error: ShapeError,
    },
    /// The decomposition met a configuration it could not resolve (a hole that no straight
    /// bridge reaches, or no ear left to clip). Not expected for valid input; reported instead
    /// of a panic or a wrong answer.
    Degenerate,
}

impl core::fmt::Display for ConcaveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ConcaveError::NonFinite { ring, index } => {
                write!(f, "point {index} of {ring} has a coordinate that is not a finite number")
            }
            ConcaveError::OutOfRange { ring, index } => write!(
                f,
                "point {index} of {ring} has a coordinate beyond ±{:e}, the largest septa accepts",
                crate::COORDINATE_LIMIT
            ),
            ConcaveError::TooFewVertices { ring, distinct } => {
                write!(f, "{ring} needs at least 3 distinct points, got {distinct}")
            }
            ConcaveError::ZeroArea { ring } => {
                write!(f, "the points of {ring} are collinear: it has no area")
            }
            ConcaveError::SelfIntersecting { ring, edges: [a, b] } => {
                write!(f, "{ring} crosses or touches itself: edges {a} and {b} meet")
            }
            ConcaveError::HoleCrossesOutline { hole, hole_edge, outline_edge } => write!(
                f,
                "hole {hole} crosses or touches the outline: its edge {hole_edge} meets outline edge {outline_edge}"
            ),
            ConcaveError::HolesCross { holes: [a, b], edges: [ea, eb] } => {
                write!(f, "holes {a} and {b} cross or touch: edge {ea} of hole {a} meets edge {eb} of hole {b}")
            }
            ConcaveError::HoleOutside { hole } => write!(f, "hole {hole} lies outside the outline"),
            ConcaveError::HoleInsideHole { hole, outer } => {
                write!(f, "hole {hole} lies inside hole {outer}")
            }
            ConcaveError::Piece { piece, error } => {
                write!(f, "convex piece {piece} is too thin to build: {error}")
            }
            ConcaveError::Degenerate => {
                write!(f, "the polygon is too degenerate to decompose (no bridge or ear found)")
            }
        }
    }
}

impl core::error::Error for ConcaveError {}
