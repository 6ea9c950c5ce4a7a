//! Projection intervals: the "shadow" of a shape on an axis.
//!
//! Two convex shapes are disjoint exactly when some axis exists on which their shadows do not
//! overlap. On an axis where they do overlap, shape b can leave in two ways:
//!
//! ```text
//!            a.min            a.max
//!   a:         |================|
//!   b:              |=====|
//!                 b.min  b.max
//!
//!   forwards  (+axis): move b by a.max - b.min   (its min must clear a's max)
//!   backwards (-axis): move b by b.max - a.min   (its max must clear a's min)
//! ```
//!
//! The push on the axis is the *shorter* of the two. It is not the length of the overlap
//! (`min(a.max, b.max) - max(a.min, b.min)`): when one interval contains the other, as in the
//! sketch, the overlap length (b's width) is shorter than either way out, and pushing b by it
//! leaves the shapes still overlapping.

use crate::Real;

/// A closed interval `[min, max]` on a line: the projection of a shape onto an axis.
///
/// ```
/// use septa3d::Interval;
/// let a = Interval::new(0.0, 10.0);
/// let b = Interval::new(6.0, 8.0);
/// assert_eq!(a.separation(b), -4.0);   // they overlap...
/// assert_eq!(a.push(b), 4.0);          // ...and b leaves forwards by 4 (backwards it would need 8)
/// assert_eq!(Interval::new(0.0, 1.0).separation(Interval::new(1.0, 2.0)), 0.0); // touching
/// assert!(!Interval::new(0.0, 1.0).overlaps(Interval::new(1.0, 2.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Interval {
    /// The smallest projection.
    pub min: Real,
    /// The largest projection.
    pub max: Real,
}

impl Interval {
    /// The interval `[min, max]`.
    #[inline]
    pub const fn new(min: Real, max: Real) -> Interval {
        Interval { min, max }
    }

    /// The signed distance between the two intervals: positive is the width of the gap between
    /// them, zero means they touch, negative means they overlap (by at least that much).
    ///
    /// A zero-width overlap counts as touching, which SAT treats as *not* overlapping.
    #[inline]
    pub fn separation(self, b: Interval) -> Real {
        (b.min - self.max).max(self.min - b.max)
    }

    /// The shorter way out for `b` along the axis, signed: move `b` by `push × axis` and the two
    /// intervals just touch. Positive is forwards (`self.max - b.min`), negative backwards
    /// (`-(b.max - self.min)`); a tie goes forwards. Meaningful when the intervals overlap.
    #[inline]
    pub fn push(self, b: Interval) -> Real {
        let forwards = self.max - b.min;
        let backwards = b.max - self.min;
        if forwards <= backwards {
            forwards
        } else {
            -backwards
        }
    }

    /// Do the intervals overlap? Touching (a zero-width overlap) is not overlapping.
    #[inline]
    pub fn overlaps(self, b: Interval) -> bool {
        self.separation(b) < 0.0
    }

    /// The width `max - min`.
    #[inline]
    pub fn length(self) -> Real {
        self.max - self.min
    }

    /// The interval moved by `offset`.
    #[inline]
    pub fn shifted(self, offset: Real) -> Interval {
        Interval::new(self.min + offset, self.max + offset)
    }
}
