//! Circles.

use crate::{check_point, within_limit, Interval, Real, ShapeError, Vector};

/// A circle: a centre in the local frame and a radius.
///
/// With [`Pose::IDENTITY`](crate::Pose::IDENTITY) the centre is in world coordinates; with a pose
/// the centre is usually zero and the pose's translation places the circle.
///
/// ```
/// use septa::{Circle, Vector};
/// let c = Circle::new(Vector::new(1.0, 2.0), 0.5).unwrap();
/// assert_eq!(c.radius(), 0.5);
/// assert!(Circle::new(Vector::ZERO, 0.0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    center: Vector,
    radius: Real,
    /// How far the circle reaches from the local origin, `|center| + radius`, kept for the
    /// bounding-circle test that starts every polygon–circle query.
    reach: Real,
}

impl Circle {
    /// A circle with the given centre and radius.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::OutOfRange`] for the centre,
    /// [`ShapeError::InvalidRadius`] unless the radius is greater than zero and at most
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT).
    pub fn new(center: Vector, radius: Real) -> Result<Circle, ShapeError> {
        check_point(center, 0)?;
        if !(within_limit(radius) && radius > 0.0) {
            return Err(ShapeError::InvalidRadius { radius });
        }
        Ok(Circle { center, radius, reach: center.length() + radius })
    }

    /// A circle whose centre is given in f64 world coordinates, and the pose that places it:
    /// the pose sits at the centre rounded to [`Real`], and the circle keeps the rounding's
    /// remainder as its local centre, so the circle lies where it was given to within f32's
    /// precision near the origin, not near the centre (see
    /// [`ConvexPolygon::from_world`](crate::ConvexPolygon::from_world)).
    ///
    /// # Errors
    /// As [`Self::new`].
    pub fn from_world(center: glam::DVec2, radius: Real) -> Result<(Circle, crate::Pose), ShapeError> {
        let (local, origin) = crate::real::to_local_frame(&[center])?;
        Ok((Circle::new(local[0], radius)?, crate::Pose::from_translation(origin)))
    }

    /// The centre, in the local frame.
    #[inline]
    pub fn center(&self) -> Vector {
        self.center
    }

    /// The radius.
    #[inline]
    pub fn radius(&self) -> Real {
        self.radius
    }

    /// The largest distance from the local origin to a point of the circle: `|center| + radius`.
    #[inline]
    pub fn reach(&self) -> Real {
        self.reach
    }

    /// The projection on a unit `axis` (local frame): the centre's projection ± the radius.
    #[inline]
    pub fn project(&self, axis: Vector) -> Interval {
        let c = self.center.dot(axis);
        Interval::new(c - self.radius, c + self.radius)
    }
}
