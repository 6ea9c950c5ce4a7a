//! Cuboids: boxes given by their half extents, centred on the local origin and aligned with the
//! local axes (a pose turns and places them).

use crate::{within_limit, ConvexHull, Real, ShapeError, Vector};

/// A box centred on its local origin with the given half extents along the local x, y and z
/// axes. In every query it answers as its 8-vertex, 6-face hull (built once here).
///
/// ```
/// use septa3d::{Cuboid, Vector};
/// let b = Cuboid::new(Vector::new(1.0, 2.0, 3.0)).unwrap();
/// assert_eq!(b.half_extents(), Vector::new(1.0, 2.0, 3.0));
/// assert_eq!(b.as_hull().vertices().len(), 8);
/// assert_eq!(b.as_hull().face_count(), 6);
/// assert!(Cuboid::new(Vector::new(1.0, 0.0, 1.0)).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Cuboid {
    half_extents: Vector,
    hull: ConvexHull,
}

impl Cuboid {
    /// The box with these half extents.
    ///
    /// # Errors
    /// [`ShapeError::InvalidHalfExtents`] unless all three are greater than zero and at most
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT); [`ShapeError::TooSmall`] when the largest
    /// is below [`ShapeError::MIN_SIZE`]; [`ShapeError::FlatCuboid`] when the smallest is below
    /// [`COPLANAR_TOLERANCE`](crate::COPLANAR_TOLERANCE) times the largest.
    pub fn new(half_extents: Vector) -> Result<Cuboid, ShapeError> {
        let Vector { x, y, z } = half_extents;
        let valid = |h: Real| within_limit(h) && h > 0.0;
        if !(valid(x) && valid(y) && valid(z)) {
            return Err(ShapeError::InvalidHalfExtents { x, y, z });
        }
        if half_extents.max_element() < ShapeError::MIN_SIZE {
            return Err(ShapeError::TooSmall { size: half_extents.max_element() });
        }
        if (half_extents.min_element() as f64) < crate::COPLANAR_TOLERANCE * half_extents.max_element() as f64
        {
            return Err(ShapeError::FlatCuboid { x, y, z });
        }
        Ok(Cuboid { half_extents, hull: ConvexHull::cuboid(half_extents) })
    }

    /// The half extents along the local x, y and z axes.
    #[inline]
    pub fn half_extents(&self) -> Vector {
        self.half_extents
    }

    /// The box as a convex hull: 8 vertices, 6 quadrilateral faces, 12 edges.
    #[inline]
    pub fn as_hull(&self) -> &ConvexHull {
        &self.hull
    }
}
