//! Why a shape could not be built.

use crate::Real;

/// A shape constructor's refusal. Every constructor validates its input and returns one of
/// these instead of panicking or building a shape that would give wrong answers.
///
/// ```
/// use septa3d::{ConvexHull, ShapeError, Vector};
/// let flat = [Vector::ZERO, Vector::X, Vector::Y, Vector::new(1.0, 1.0, 0.0)];
/// assert_eq!(ConvexHull::new(&flat).unwrap_err(), ShapeError::Coplanar);
/// assert_eq!(
///     ShapeError::TooFewPoints { distinct: 3 }.to_string(),
///     "a convex hull needs at least 4 distinct points, got 3"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShapeError {
    /// Fewer than four distinct points were given for a convex hull.
    TooFewPoints {
        /// How many distinct points there were.
        distinct: usize,
    },
    /// A coordinate is NaN or infinite.
    NonFinite {
        /// Index of the offending point in the input.
        index: usize,
    },
    /// A coordinate is finite but larger in magnitude than [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT),
    /// beyond which septa3d's arithmetic could overflow.
    OutOfRange {
        /// Index of the offending point in the input.
        index: usize,
    },
    /// All points lie in one plane (within the hull's tolerance), so the hull has no volume.
    Coplanar,
    /// All points lie on one line (within the hull's tolerance).
    Collinear,
    /// A sphere's radius is zero, negative, NaN, infinite or beyond
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
    /// A cuboid half extent is zero, negative, NaN or beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT).
    InvalidHalfExtents {
        /// The half extent along the cuboid's x axis.
        x: Real,
        /// The half extent along its y axis.
        y: Real,
        /// The half extent along its z axis.
        z: Real,
    },
    /// A cuboid's smallest half extent is less than
    /// [`COPLANAR_TOLERANCE`](crate::COPLANAR_TOLERANCE) times its largest: it is flat to the
    /// precision septa3d computes in (a point cloud that flat is refused as
    /// [`ShapeError::Coplanar`]), and its nearly opposite faces would lose edge axes to rounding.
    FlatCuboid {
        /// The half extent along the cuboid's x axis.
        x: Real,
        /// The half extent along its y axis.
        y: Real,
        /// The half extent along its z axis.
        z: Real,
    },
    /// A rotation given as a quaternion is zero (or not finite), so it cannot be normalised.
    ZeroRotation,
    /// The whole shape is smaller than [`ShapeError::MIN_SIZE`]: a cuboid whose largest half
    /// extent, a sphere whose radius, or a capsule whose radius and half length are all below
    /// it. The squares of its lengths would not be normal floating-point numbers, so its
    /// distances and unit directions would lose their digits (fuzz finding 5).
    TooSmall {
        /// The shape's size: the largest half extent, the radius, or the larger of a capsule's
        /// radius and half length.
        size: Real,
    },
}

impl ShapeError {
    /// The smallest size a shape may have: `1e-18` in the f32 build, `1e-150` in the f64 build,
    /// the reciprocals of [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT).
    ///
    /// Queries square lengths (distances, the lengths of directions before they are made
    /// unit). Below about `sqrt(MIN_POSITIVE)` (1.1e-19 in f32) the square of a length is no
    /// longer a normal floating-point number: it underflows to zero or keeps only a few
    /// significant bits, and a shape that small got depths off by orders of magnitude and unit
    /// normals 12 % too long (fuzz finding 5). The limit keeps a margin of ten above that, as
    /// `COORDINATE_LIMIT` does below the overflow of squares. A shape at least this large may
    /// still have smaller features (a short edge, a thin capsule); those are handled where
    /// they are used.
    ///
    /// ```
    /// use septa3d::{Cuboid, ShapeError, Sphere, Vector};
    /// assert!(Sphere::new(Vector::ZERO, ShapeError::MIN_SIZE).is_ok());
    /// let tiny = ShapeError::MIN_SIZE / 2.0;
    /// assert_eq!(Sphere::new(Vector::ZERO, tiny), Err(ShapeError::TooSmall { size: tiny }));
    /// assert!(Cuboid::new(Vector::new(1e-12, 1e-12, 1e-12)).is_ok());
    /// ```
    #[cfg(not(feature = "f64"))]
    pub const MIN_SIZE: Real = 1e-18;
    /// The smallest size a shape may have: `1e-18` in the f32 build, `1e-150` in the f64 build.
    /// See the f32 build's documentation for the reasoning.
    #[cfg(feature = "f64")]
    pub const MIN_SIZE: Real = 1e-150;
}

impl core::fmt::Display for ShapeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let limit = crate::COORDINATE_LIMIT;
        match self {
            ShapeError::TooFewPoints { distinct } => {
                write!(f, "a convex hull needs at least 4 distinct points, got {distinct}")
            }
            ShapeError::NonFinite { index } => {
                write!(f, "point {index} has a coordinate that is not a finite number")
            }
            ShapeError::OutOfRange { index } => {
                write!(f, "point {index} has a coordinate beyond ±{limit:e}, the largest septa3d accepts")
            }
            ShapeError::Coplanar => write!(f, "the points all lie in one plane: the hull has no volume"),
            ShapeError::Collinear => write!(f, "the points all lie on one line: the hull has no volume"),
            ShapeError::InvalidRadius { radius } => write!(
                f,
                "radius must be a finite number greater than zero and at most {limit:e}, got {radius}"
            ),
            ShapeError::InvalidCapsuleRadius { radius } => write!(
                f,
                "a capsule's radius must be a finite number, zero or greater and at most {limit:e}, got {radius}"
            ),
            ShapeError::PointCapsule => write!(f, "a capsule of radius 0 needs two distinct ends"),
            ShapeError::InvalidHalfExtents { x, y, z } => write!(
                f,
                "cuboid half extents must all be greater than zero and at most {limit:e}, got [{x}, {y}, {z}]"
            ),
            ShapeError::FlatCuboid { x, y, z } => write!(
                f,
                "a cuboid's smallest half extent must be at least {:e} times its largest (thinner, it is \
                 flat to septa3d's precision), got [{x}, {y}, {z}]",
                crate::COPLANAR_TOLERANCE
            ),
            ShapeError::ZeroRotation => {
                write!(f, "the rotation quaternion is zero or not finite, so it cannot be normalised")
            }
            ShapeError::TooSmall { size } => write!(
                f,
                "the shape is {size:e} across, below the smallest size septa3d accepts ({:e}): the \
                 squares of its lengths would underflow",
                ShapeError::MIN_SIZE
            ),
        }
    }
}

impl core::error::Error for ShapeError {}
