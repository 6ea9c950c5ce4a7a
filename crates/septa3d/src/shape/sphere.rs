//! Spheres: all points within `radius` of a centre.
//!
//! A sphere is the simplest round shape: its *core* is one point, grown by the radius. Its
//! shadow on a unit axis `u` is the centre's projection widened by the radius on both sides,
//!
//! ```text
//!              .-"""-.
//!             /       \
//!            |    c    |  ----→ u      shadow: [u·c − r, u·c + r]
//!             \       /
//!              '-...-'
//! ```
//!
//! so it has no faces or edges of its own to offer as candidate axes; against another shape the
//! only extra axis is the direction from that shape's nearest feature to the centre.

use crate::{check_point, within_limit, Interval, Real, ShapeError, Vector};

/// A sphere: a centre in the local frame and a radius.
///
/// With [`Pose::IDENTITY`](crate::Pose::IDENTITY) the centre is in world coordinates; with a
/// pose the centre is usually zero and the pose's translation places the sphere.
///
/// ```
/// use septa3d::{Real, ShapeError, Sphere, Vector};
/// let s = Sphere::new(Vector::new(1.0, 2.0, 3.0), 0.5).unwrap();
/// assert_eq!(s.radius(), 0.5);
/// assert_eq!(s.center(), Vector::new(1.0, 2.0, 3.0));
/// assert_eq!(Sphere::new(Vector::ZERO, 0.0), Err(ShapeError::InvalidRadius { radius: 0.0 }));
/// assert_eq!(Sphere::new(Vector::new(Real::NAN, 0.0, 0.0), 1.0), Err(ShapeError::NonFinite { index: 0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sphere {
    center: Vector,
    radius: Real,
}

impl Sphere {
    /// A sphere with the given centre and radius.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::OutOfRange`] for the centre,
    /// [`ShapeError::InvalidRadius`] unless the radius is greater than zero and at most
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT); [`ShapeError::TooSmall`] when it is below
    /// [`ShapeError::MIN_SIZE`].
    pub fn new(center: Vector, radius: Real) -> Result<Sphere, ShapeError> {
        check_point(center, 0)?;
        if !(within_limit(radius) && radius > 0.0) {
            return Err(ShapeError::InvalidRadius { radius });
        }
        if radius < ShapeError::MIN_SIZE {
            return Err(ShapeError::TooSmall { size: radius });
        }
        Ok(Sphere { center, radius })
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

    /// The shadow on the unit `axis` (local frame): the centre's projection ± the radius.
    #[inline]
    pub fn project(&self, axis: Vector) -> Interval {
        let c = self.center.dot(axis);
        Interval::new(c - self.radius, c + self.radius)
    }
}
