//! Why a shape could not be built.

use crate::Real;

/// A shape constructor's refusal. Every constructor validates its input and returns one of
/// these instead of panicking or building a shape that would give wrong answers.
///
/// ```
/// use septa::{ConvexPolygon, ShapeError, Vector};
/// let err = ConvexPolygon::new(&[Vector::ZERO, Vector::X]).unwrap_err();
/// assert_eq!(err, ShapeError::TooFewVertices { distinct: 2 });
/// assert_eq!(err.to_string(), "a polygon needs at least 3 distinct vertices, got 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShapeError {
    /// Fewer than three distinct points were given.
    TooFewVertices {
        /// How many distinct points there were.
        distinct: usize,
    },
    /// A coordinate is NaN or infinite.
    NonFinite {
        /// Index of the offending point in the input.
        index: usize,
    },
    /// A coordinate is finite but larger in magnitude than [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT),
    /// beyond which septa's arithmetic could overflow.
    OutOfRange {
        /// Index of the offending point in the input.
        index: usize,
    },
    /// The points are not the corners of a convex polygon in order: the boundary turns the
    /// wrong way at this point, doubles back, or winds around more than once.
    NotConvex {
        /// Index in the input of the point where the boundary turns the wrong way.
        index: usize,
    },
    /// All points lie on one line (within the collinearity tolerance), so the area is zero.
    ZeroArea,
    /// A radius is negative, zero (where not allowed), NaN, infinite or beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT).
    InvalidRadius {
        /// The radius given.
        radius: Real,
    },
    /// A capsule's radius is negative, not a finite number or beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT) (zero is allowed: a segment).
    InvalidCapsuleRadius {
        /// The radius given.
        radius: Real,
    },
    /// A capsule of radius zero whose two ends coincide: a single point.
    PointCapsule,
    /// A box half extent is zero, negative, NaN or beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT).
    InvalidHalfExtents {
        /// The half extent along the box's x axis.
        x: Real,
        /// The half extent along the box's y axis.
        y: Real,
    },
    /// A regular polygon was asked for with fewer than 3 sides.
    TooFewSides {
        /// The number of sides asked for.
        sides: usize,
    },
}

impl core::fmt::Display for ShapeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ShapeError::TooFewVertices { distinct } => {
                write!(f, "a polygon needs at least 3 distinct vertices, got {distinct}")
            }
            ShapeError::NonFinite { index } => {
                write!(f, "point {index} has a coordinate that is not a finite number")
            }
            ShapeError::OutOfRange { index } => write!(
                f,
                "point {index} has a coordinate beyond ±{:e}, the largest septa accepts",
                crate::COORDINATE_LIMIT
            ),
            ShapeError::NotConvex { index } => write!(
                f,
                "the points are not in convex order: the boundary turns the wrong way at point {index} \
                 (use a convex hull constructor for points in any order)"
            ),
            ShapeError::ZeroArea => write!(f, "the points are collinear: the polygon has no area"),
            ShapeError::InvalidRadius { radius } => {
                write!(
                    f,
                    "radius must be a finite number greater than zero and at most {:e}, got {radius}",
                    crate::COORDINATE_LIMIT
                )
            }
            ShapeError::InvalidCapsuleRadius { radius } => {
                write!(
                    f,
                    "a capsule's radius must be a finite number, zero or greater and at most {:e}, got {radius}",
                    crate::COORDINATE_LIMIT
                )
            }
            ShapeError::PointCapsule => write!(f, "a capsule of radius 0 needs two distinct ends"),
            ShapeError::InvalidHalfExtents { x, y } => {
                write!(
                    f,
                    "box half extents must both be greater than zero and at most {:e}, got [{x}, {y}]",
                    crate::COORDINATE_LIMIT
                )
            }
            ShapeError::TooFewSides { sides } => {
                write!(f, "a regular polygon needs at least 3 sides, got {sides}")
            }
        }
    }
}

impl core::error::Error for ShapeError {}
