//! Swept SAT: when do two shapes moving in straight lines first touch?
//!
//! Per-frame tests miss fast, thin objects: a bullet in front of a wall in one frame and
//! behind it in the next never overlaps it in any frame ("tunnelling"). Sweeping the motion
//! over the step catches it.
//!
//! septa3d sweeps every pair by **conservative advancement** on the SAT separation `s(t)`.
//! For shapes moving without turning, `s(t)` is a *convex* function of time: for two
//! polyhedra it is the largest of the gaps along a fixed set of axes (the relative orientation,
//! and so the candidate axes, does not change), each gap linear in time; for round shapes it is
//! the exact distance between convex sets moving linearly, which is convex too. The tangent of
//! a convex falling function meets zero no later than the function does, so stepping to the
//! tangent's zero, `t += s / closing speed` (a Newton step), never passes the first contact:
//!
//! ```text
//!   s(t) \
//!         \__  tangent at t0
//!          \ `--.___
//!   --------\-------`----- 0      t1 (tangent's zero) comes before the contact: no tunnelling
//!          t1  contact
//! ```
//!
//! For polyhedra, whose `s` is piecewise linear, the steps land on the exact contact time in a
//! few iterations. The sweep stops when the gap is below [`TOI_TOLERANCE`] times the smaller
//! shape's size, or when a step is too small to move the poses at the precision of `Real`
//! (the gap is then within the rounding of where the shapes are), so the time returned is at
//! most that gap (over the closing speed) early, never late; and when the gap stops closing
//! along its axis, the shapes never meet. Shapes already overlapping at
//! the start give time 0 and the MTV normal.

use glam::DVec3;

use crate::{Capsule, Collide, ConvexHull, Cuboid, Pose, Real, Shape, Sphere, ToF64, ToReal, Vector};

/// Conservative advancement stops when the gap is below this fraction of the smaller shape's
/// size (bounding radius, or radius).
pub const TOI_TOLERANCE: Real = 1e-4;

/// Conservative advancement stops after this many steps (Newton steps on a convex function
/// converge fast; this only bounds pathological rounding) and reports the last time reached,
/// where the shapes were still apart and closing: early, never late.
pub const TOI_MAX_STEPS: usize = 128;

/// The first contact of two moving shapes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Impact {
    /// The time of first contact, in `[0, max_t]` (in the units of the velocities).
    pub time: Real,
    /// Unit normal from a to b at that time (world frame).
    pub normal: Vector,
}

impl Impact {
    /// The same impact seen with a and b exchanged.
    #[inline]
    pub fn flipped(self) -> Impact {
        Impact { time: self.time, normal: -self.normal }
    }
}

/// A shape's size, which scales the conservative-advancement tolerance.
pub trait Extent {
    /// A typical length of the shape: its bounding radius (for a capsule, half its length plus
    /// its radius).
    fn extent(&self) -> Real;
}

impl Extent for ConvexHull {
    fn extent(&self) -> Real {
        self.bounding_radius()
    }
}

impl Extent for Cuboid {
    fn extent(&self) -> Real {
        self.half_extents().length()
    }
}

impl Extent for Sphere {
    fn extent(&self) -> Real {
        self.radius()
    }
}

impl Extent for Capsule {
    fn extent(&self) -> Real {
        self.half_length() + self.radius()
    }
}

impl Extent for Shape {
    fn extent(&self) -> Real {
        match self {
            Shape::Cuboid(s) => s.extent(),
            Shape::ConvexHull(s) => s.extent(),
            Shape::Sphere(s) => s.extent(),
            Shape::Capsule(s) => s.extent(),
        }
    }
}

/// The pose moved by `velocity × t` (computed in f64, so a fast body's small time stays exact).
#[inline]
pub(crate) fn advanced(pose: Pose, velocity: Vector, t: f64) -> Pose {
    let moved = pose.translation.to_f64() + velocity.to_f64() * t;
    Pose { translation: moved.to_real(), rotation: pose.rotation }
}

/// A time in `[before.0, after]` at which the gap is in `[0, tolerance]`, or failing that the
/// last time found with a positive gap; `before` has a positive gap, `after` an overlap.
fn bisect(
    gap_at: &impl Fn(f64) -> crate::Separation,
    before: (f64, crate::Separation),
    after: f64,
    tolerance: Real,
) -> Impact {
    let (mut lo, mut gap) = before;
    let mut hi = after;
    for _ in 0..64 {
        let mid = 0.5 * (lo + hi);
        let at = gap_at(mid);
        if at.distance < 0.0 {
            hi = mid;
        } else {
            (lo, gap) = (mid, at);
            if at.distance <= tolerance {
                break;
            }
        }
    }
    Impact { time: lo as Real, normal: gap.normal }
}

/// Conservative advancement on the SAT separation, for any pair. See the module docs and
/// [`time_of_impact`](crate::time_of_impact()).
pub fn advance<A: Collide<B> + Extent, B: Extent>(
    a: &A,
    pose_a: Pose,
    velocity_a: Vector,
    b: &B,
    pose_b: Pose,
    velocity_b: Vector,
    max_t: Real,
) -> Option<Impact> {
    if max_t.is_nan() || max_t < 0.0 {
        return None; // an empty window (or NaN): nothing can happen in it
    }
    let relative: DVec3 = velocity_b.to_f64() - velocity_a.to_f64();
    let tolerance = TOI_TOLERANCE * a.extent().min(b.extent());
    let gap_at = |t: f64| a.separation(advanced(pose_a, velocity_a, t), b, advanced(pose_b, velocity_b, t));
    let mut t = 0.0f64;
    let mut gap = gap_at(0.0);
    if gap.distance < 0.0 {
        return Some(Impact { time: 0.0, normal: gap.normal });
    }
    for _ in 0..TOI_MAX_STEPS {
        // How fast the gap closes along its axis. The separation is a convex function of time
        // (the exact distance, or the largest of gaps along fixed axes, each linear in time),
        // so if it is not falling now it never falls again...
        let closing = -relative.dot(gap.normal.to_f64());
        if closing.is_nan() || closing <= 0.0 {
            return None;
        }
        if (gap.distance as f64) <= tolerance as f64 {
            return Some(Impact { time: t as Real, normal: gap.normal });
        }
        // ...and the tangent of a convex falling function meets zero no later than the function
        // does: stepping to the tangent's zero (a Newton step) never passes the first contact.
        let next = t + gap.distance as f64 / closing;
        if next.is_nan() || next > max_t as f64 {
            return None;
        }
        let still =
            |pose: Pose, velocity: Vector| advanced(pose, velocity, next) == advanced(pose, velocity, t);
        if still(pose_a, velocity_a) && still(pose_b, velocity_b) {
            // The step is below what the poses resolve in `Real`: so is the gap, and the shapes
            // touch to within the rounding of where they are. (Fuzz finding 33: shapes 1e4
            // from their origins 3e-7 apart, against a tolerance of 9e-8 set by a capsule 0.002
            // long; every remaining step measured the same poses, and the sweep ran out of
            // steps and reported no hit where the shapes met.)
            return Some(Impact { time: t as Real, normal: gap.normal });
        }
        let next_gap = gap_at(next);
        if next_gap.distance < 0.0 {
            // Only rounding makes a Newton step on a convex function overshoot, by a hair: the
            // step lands on the contact. Were the overshoot larger, the contact lies between t
            // and next; bisection finds a time just before it.
            if -next_gap.distance <= tolerance {
                return Some(Impact { time: next as Real, normal: gap.normal });
            }
            return Some(bisect(&gap_at, (t, gap), next, tolerance));
        }
        (t, gap) = (next, next_gap);
    }
    // Out of steps while apart and closing: t is still before any contact (module docs).
    Some(Impact { time: t as Real, normal: gap.normal })
}
