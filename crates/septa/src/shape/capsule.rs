//! Capsules: a segment swept by a disc, i.e. all points within `radius` of the segment a–b.
//!
//! A capsule is the Minkowski sum of its *core* segment and a disc, which is what its queries
//! use: its shadow on a unit axis `u` is the segment's shadow widened by the radius on both
//! sides, and the only directions besides the other shape's normals that can separate it are
//! the segment's normal and the directions between closest points.
//!
//! ```text
//!          ______________________
//!        /            n ↑         \
//!       (  a •——————————————• b    )      radius r around the segment a–b
//!        \______________________ /
//! ```
//!
//! A radius of zero is allowed: the capsule is then the bare segment (it has no area, but SAT
//! works the same for it). A zero-length capsule is a circle.

use crate::{check_point, within_limit, Interval, Real, ShapeError, Vector};

/// A capsule in its local frame: the points within `radius` of the segment from `a` to `b`.
///
/// ```
/// use septa::{Capsule, Vector};
/// let c = Capsule::new(Vector::new(-1.0, 0.0), Vector::new(1.0, 0.0), 0.5).unwrap();
/// assert_eq!(c.normal(), Vector::new(0.0, -1.0)); // right-hand side of a → b
/// assert_eq!(c.closest_point(Vector::new(3.0, 2.0)), Vector::new(1.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule {
    a: Vector,
    b: Vector,
    radius: Real,
    normal: Vector,
}

impl Capsule {
    /// The capsule around the segment `a`–`b` with the given radius (zero for a bare segment).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::OutOfRange`] for an end point,
    /// [`ShapeError::InvalidCapsuleRadius`] for a negative, non-finite or too large radius, [`ShapeError::PointCapsule`] when the radius is zero
    /// and the ends coincide (a single point).
    pub fn new(a: Vector, b: Vector, radius: Real) -> Result<Capsule, ShapeError> {
        check_point(a, 0)?;
        check_point(b, 1)?;
        if !(within_limit(radius) && radius >= 0.0) {
            return Err(ShapeError::InvalidCapsuleRadius { radius });
        }
        if radius == 0.0 && a == b {
            return Err(ShapeError::PointCapsule);
        }
        // A zero-length capsule is a circle: any normal will do; its axis is then redundant.
        let direction = crate::robust::unit(b - a).unwrap_or(Vector::X);
        Ok(Capsule { a, b, radius, normal: Vector::new(direction.y, -direction.x) })
    }

    /// The capsule around the segment `a`–`b` given in f64 world coordinates, and the pose
    /// that places it: the ends are moved to a local frame about the segment's midpoint in f64
    /// and only then rounded to [`Real`] (see [`ConvexPolygon::from_world`](crate::ConvexPolygon::from_world)).
    ///
    /// ```
    /// use glam::DVec2;
    /// use septa::Capsule;
    /// let (a, b) = (DVec2::new(1e6, 3.0), DVec2::new(1e6 + 0.1, 3.0));
    /// let (capsule, pose) = Capsule::from_world(a, b, 0.01).unwrap();
    /// // The length survives: rounding the world ends to f32 (spacing 0.0625 there) would not.
    /// assert!(((capsule.b() - capsule.a()).x as f64 - 0.1).abs() < 1e-7);
    /// assert!((pose.translation.x as f64 - 1e6).abs() < 0.2);
    /// ```
    ///
    /// # Errors
    /// As [`Self::new`].
    pub fn from_world(
        a: glam::DVec2,
        b: glam::DVec2,
        radius: Real,
    ) -> Result<(Capsule, crate::Pose), ShapeError> {
        let (local, center) = crate::real::to_local_frame(&[a, b])?;
        Ok((Capsule::new(local[0], local[1], radius)?, crate::Pose::from_translation(center)))
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

    /// The unit normal of the segment on the right-hand side of a → b (`-normal` is the other
    /// side); for a zero-length capsule, `-y`.
    #[inline]
    pub fn normal(&self) -> Vector {
        self.normal
    }

    /// The shadow on the unit `axis` (local frame).
    #[inline]
    pub fn shadow(&self, axis: Vector) -> Interval {
        let (pa, pb) = (self.a.dot(axis), self.b.dot(axis));
        Interval::new(pa.min(pb) - self.radius, pa.max(pb) + self.radius)
    }

    /// The point of the core segment nearest `p` (local frame).
    #[inline]
    pub fn closest_point(&self, p: Vector) -> Vector {
        closest_on_segment(self.a, self.b, p)
    }
}

/// The point of the segment `a`–`b` nearest `p`.
#[inline]
fn closest_on_segment(a: Vector, b: Vector, p: Vector) -> Vector {
    let ab = b - a;
    let length2 = ab.length_squared();
    if length2 == 0.0 {
        return a;
    }
    // The ends are returned exactly (a + ab·1 need not round to b), so callers can tell an end
    // from a point inside the segment.
    let t = (p - a).dot(ab) / length2;
    if t <= 0.0 {
        a
    } else if t >= 1.0 {
        b
    } else {
        a + ab * t
    }
}

/// The closest points of two segments `p1`–`q1` and `p2`–`q2`, as the parameters `(s, t)` of
/// the points `p1 + s (q1 − p1)` and `p2 + t (q2 − p2)`.
///
/// Minimise |(p1 + s·d1) − (p2 + t·d2)|² over s, t in [0, 1]: solve the unconstrained 2×2
/// system, clamp s, recompute the best t for it, and if t had to be clamped, recompute s.
pub(crate) fn closest_between_segments(p1: Vector, q1: Vector, p2: Vector, q2: Vector) -> (Real, Real) {
    let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
    let (a, e, f) = (d1.length_squared(), d2.length_squared(), d2.dot(r));
    let (s, t);
    if a == 0.0 && e == 0.0 {
        (s, t) = (0.0, 0.0);
    } else if a == 0.0 {
        (s, t) = (0.0, (f / e).clamp(0.0, 1.0));
    } else {
        let c = d1.dot(r);
        if e == 0.0 {
            (s, t) = ((-c / a).clamp(0.0, 1.0), 0.0);
        } else {
            let b = d1.dot(d2);
            let denominator = a * e - b * b;
            // Parallel segments (denominator 0): any s works; start from p1.
            let s0 = if denominator > 0.0 { ((b * f - c * e) / denominator).clamp(0.0, 1.0) } else { 0.0 };
            let t0 = (b * s0 + f) / e;
            (s, t) = if t0 < 0.0 {
                ((-c / a).clamp(0.0, 1.0), 0.0)
            } else if t0 > 1.0 {
                (((b - c) / a).clamp(0.0, 1.0), 1.0)
            } else {
                (s0, t0)
            };
        }
    }
    (s, t)
}

/// The point at parameter `t` of the segment `p`–`q`, exact at the ends.
#[inline]
pub(crate) fn segment_point(p: Vector, q: Vector, t: Real) -> Vector {
    if t <= 0.0 {
        p
    } else if t >= 1.0 {
        q
    } else {
        p + (q - p) * t
    }
}
