//! Capsules: a segment swept by a ball, i.e. all points within `radius` of the segment a–b.
//!
//! A capsule is the Minkowski sum of its *core* segment and a ball, which is what its queries
//! use: its shadow on a unit axis `u` is the segment's shadow widened by the radius on both
//! sides, and the distance between a capsule and another shape is the distance from the core
//! minus the radius.
//!
//! ```text
//!          ______________________
//!        /                        \
//!       (  a •——————————————• b    )      radius r around the segment a–b
//!        \______________________ /
//! ```
//!
//! A radius of zero is allowed: the capsule is then the bare segment (it has no volume, but SAT
//! works the same for it). A zero-length capsule with a radius is a sphere.
//!
//! In contact ids ([`Feature`](crate::Feature)) end `k` of the core is `Vertex(k)` and the
//! inside of the core (the cylindrical side) is `Edge(0)`.

use crate::{check_point, within_limit, Interval, Real, ShapeError, Vector};

/// A capsule in its local frame: the points within `radius` of the segment from `a` to `b`.
///
/// ```
/// use septa3d::{Capsule, ShapeError, Vector};
/// let c = Capsule::new(Vector::new(-1.0, 0.0, 0.0), Vector::new(1.0, 0.0, 0.0), 0.5).unwrap();
/// assert_eq!(c.center(), Vector::ZERO);
/// assert_eq!(c.half_length(), 1.0);
/// assert_eq!(c.closest_point(Vector::new(3.0, 2.0, 0.0)), Vector::new(1.0, 0.0, 0.0));
/// assert_eq!(c.closest_point(Vector::new(0.5, 2.0, 1.0)), Vector::new(0.5, 0.0, 0.0));
/// // a bare segment is fine, a bare point is not
/// assert!(Capsule::new(Vector::ZERO, Vector::X, 0.0).is_ok());
/// assert_eq!(Capsule::new(Vector::X, Vector::X, 0.0), Err(ShapeError::PointCapsule));
/// assert_eq!(
///     Capsule::new(Vector::ZERO, Vector::X, -1.0),
///     Err(ShapeError::InvalidCapsuleRadius { radius: -1.0 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule {
    a: Vector,
    b: Vector,
    radius: Real,
    /// The midpoint of the core, centre of the bounding sphere used by the quick rejects.
    center: Vector,
    /// Half the core's length: the bounding sphere's radius is this plus `radius`.
    half_length: Real,
}

impl Capsule {
    /// The capsule around the segment `a`–`b` with the given radius (zero for a bare segment).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::OutOfRange`] for an end point (index 0 for
    /// `a`, 1 for `b`), [`ShapeError::InvalidCapsuleRadius`] for a negative, non-finite or too
    /// large radius, [`ShapeError::PointCapsule`] when the radius is zero and the ends coincide,
    /// [`ShapeError::TooSmall`] when the radius and half the length are both below
    /// [`ShapeError::MIN_SIZE`].
    pub fn new(a: Vector, b: Vector, radius: Real) -> Result<Capsule, ShapeError> {
        check_point(a, 0)?;
        check_point(b, 1)?;
        if !(within_limit(radius) && radius >= 0.0) {
            return Err(ShapeError::InvalidCapsuleRadius { radius });
        }
        if radius == 0.0 && a == b {
            return Err(ShapeError::PointCapsule);
        }
        // Halve before subtracting and adding: a and b within the coordinate limit keep the
        // midpoint and the half length far from overflow.
        let (half_a, half_b) = (a * 0.5, b * 0.5);
        let half_length = scaled_length(half_b - half_a);
        if radius.max(half_length) < ShapeError::MIN_SIZE {
            return Err(ShapeError::TooSmall { size: radius.max(half_length) });
        }
        Ok(Capsule { a, b, radius, center: half_a + half_b, half_length })
    }

    /// The first end of the core segment.
    #[inline]
    pub fn a(&self) -> Vector {
        self.a
    }

    /// The second end of the core segment.
    #[inline]
    pub fn b(&self) -> Vector {
        self.b
    }

    /// The radius.
    #[inline]
    pub fn radius(&self) -> Real {
        self.radius
    }

    /// The midpoint of the core segment.
    #[inline]
    pub fn center(&self) -> Vector {
        self.center
    }

    /// Half the length of the core segment; the capsule lies in the ball of radius
    /// `half_length() + radius()` about [`center`](Self::center).
    #[inline]
    pub fn half_length(&self) -> Real {
        self.half_length
    }

    /// The shadow on the unit `axis` (local frame): the segment's shadow ± the radius.
    #[inline]
    pub fn project(&self, axis: Vector) -> Interval {
        let (pa, pb) = (self.a.dot(axis), self.b.dot(axis));
        Interval::new(pa.min(pb) - self.radius, pa.max(pb) + self.radius)
    }

    /// The point of the core segment nearest `p` (local frame).
    #[inline]
    pub fn closest_point(&self, p: Vector) -> Vector {
        crate::pair::sphere_capsule::closest_on_segment([self.a, self.b], p).0
    }
}

/// The length of `v`, scaled before squaring so that a short vector's square does not
/// underflow (a capsule of radius 1 whose ends are 1e-30 apart has half length 5e-31, not 0:
/// fuzz finding 5). Also exact for vectors whose squares would overflow.
#[inline]
fn scaled_length(v: Vector) -> Real {
    let largest = v.abs().max_element();
    if largest == 0.0 {
        0.0
    } else {
        largest * (v / largest).length()
    }
}
