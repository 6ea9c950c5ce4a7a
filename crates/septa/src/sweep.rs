//! Swept SAT: when do two shapes moving in straight lines first touch?
//!
//! Per-frame tests miss fast, thin objects: a bullet that is in front of a wall in one frame and
//! behind it in the next never overlaps it in any frame ("tunnelling"). Sweeping the motion over
//! the step catches it.
//!
//! For two polygons (or boxes) moving without turning, the candidate axes do not change during
//! the step and each shadow slides along its axis at a constant speed, so on every axis the
//! shadows overlap during one interval of time:
//!
//! ```text
//!   axis u, b's shadow moves at s = (v_b − v_a) · u relative to a's
//!
//!   a:      |=======|
//!   b:  |===|  →  s        overlap from t_enter = (a.min − b.max) / s
//!                                   to  t_exit  = (a.max − b.min) / s
//! ```
//!
//! The shapes overlap when every axis does, so first contact is the **latest entry** and the
//! end of contact the **earliest exit**; there is a hit when the latest entry comes before the
//! earliest exit and lies within `[0, max_t]`. Its normal is the axis of the latest entry.
//! A pair that only grazes (touches without ever overlapping) is not a hit, as touching is not
//! overlapping. This is exact, up to f32 rounding.
//!
//! For circles and capsules the best axis depends on where the shapes are (the direction from
//! a vertex to a centre turns as they move), so the axes are not fixed. There septa uses
//! **conservative advancement**: the separation those pairs report is the exact distance
//! between the shapes, which for shapes moving without turning is a *convex* function of time
//! whose slope is the relative velocity along the contact normal. The tangent of a convex
//! falling function meets zero no later than the function does, so stepping to the tangent's
//! zero, `t += d / closing speed` (a Newton step), never passes the first contact; and once the
//! gap stops closing it never closes again. (Stepping by `d / |v|` instead, the relative speed,
//! is as safe but crawls on grazing approaches, where the gap closes far slower than the shapes
//! move: a circle passing another 0.001 too close took more steps than allowed and was reported
//! as missing it.) It stops when the gap is below [`TOI_TOLERANCE`] times the smaller shape's
//! size, or when a step no longer moves the poses at the precision of `Real`, so at the time
//! returned the shapes are apart by at most that much: a little *before* the exact contact (by
//! that gap over the speed at which it closes), never after it.
//!
//! Shapes already overlapping at the start give time 0 and the MTV normal.

use glam::DVec2;

use crate::{Collide, Polygonal, Pose, Real, ToF64, ToReal, Vector};

/// Conservative advancement stops when the gap is below this fraction of the smaller shape's
/// size (bounding radius, or radius).
pub const TOI_TOLERANCE: Real = 1e-4;

/// Conservative advancement stops after this many steps (Newton steps on a convex function
/// converge fast; this only bounds pathological rounding) and reports the last time reached,
/// where the shapes were still apart and closing: early, never late.
pub const TOI_MAX_STEPS: usize = 64;

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

/// The pose moved by `velocity × t`.
#[inline]
pub(crate) fn advanced(pose: Pose, velocity: Vector, t: Real) -> Pose {
    let moved = pose.translation.to_f64() + velocity.to_f64() * t as f64;
    Pose { translation: moved.to_real(), rotation: pose.rotation }
}

/// The exact swept SAT of two polygons (or boxes) moving without turning.
pub fn polygons<A: Polygonal, B: Polygonal>(
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
    if let Some(contact) = crate::pair::polygon_polygon::contact(a, pose_a, b, pose_b) {
        return Some(Impact { time: 0.0, normal: contact.normal });
    }
    // Everything in a's frame: b placed by the relative pose, the relative velocity rotated in.
    // Velocities and times are kept in f64: a relative velocity can overflow f32 (two bodies
    // at ±3e38), and a fast body's time of impact can be tiny.
    let xf = pose_a.inv_mul(&pose_b);
    let velocity = relative_velocity(velocity_a, velocity_b, &pose_a);
    let (mut entry, mut exit) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut normal = Vector::ZERO;
    let axes_a = a.normals().iter().copied();
    let axes_b = b.normals().iter().map(|&n| xf.rotation.apply(n));
    for u in axes_a.chain(axes_b) {
        let (sa, _, _) = a.project(u);
        let (sb, _, _) = b.project(xf.rotation.apply_inv(u));
        let sb = sb.shifted(u.dot(xf.translation));
        let speed = velocity.dot(u.to_f64());
        if speed == 0.0 {
            if sa.separation(sb) >= 0.0 {
                return None; // apart on this axis for ever
            }
            continue; // overlapping on this axis for ever
        }
        // b's shadow at time t is sb + speed·t; it overlaps a's between these two times.
        let t_min_meets_max = (sa.max as f64 - sb.min as f64) / speed;
        let t_max_meets_min = (sa.min as f64 - sb.max as f64) / speed;
        let (enter, leave, side) = if speed > 0.0 {
            (t_max_meets_min, t_min_meets_max, -u) // b comes from the −u side
        } else {
            (t_min_meets_max, t_max_meets_min, u)
        };
        if enter > entry {
            entry = enter;
            normal = side;
        }
        exit = exit.min(leave);
        if entry >= exit || entry > max_t as f64 || exit <= 0.0 {
            return None;
        }
    }
    (entry >= 0.0).then(|| Impact { time: entry as Real, normal: pose_a.rotation.apply(normal) })
}

/// `velocity_b − velocity_a` in f64, turned into a's frame.
#[inline]
fn relative_velocity(velocity_a: Vector, velocity_b: Vector, pose_a: &Pose) -> DVec2 {
    let v = velocity_b.to_f64() - velocity_a.to_f64();
    let (c, s) = (pose_a.rotation.cos as f64, pose_a.rotation.sin as f64);
    DVec2::new(c * v.x + s * v.y, -s * v.x + c * v.y)
}

/// A shape's size, which scales the conservative-advancement tolerance.
pub trait Extent {
    /// A typical length of the shape: its bounding radius (for a capsule, half its length plus
    /// its radius).
    fn extent(&self) -> Real;
}

impl Extent for crate::ConvexPolygon {
    fn extent(&self) -> Real {
        self.bounding_radius()
    }
}

impl Extent for crate::OrientedBox {
    fn extent(&self) -> Real {
        self.half_extents().length()
    }
}

impl Extent for crate::Circle {
    fn extent(&self) -> Real {
        self.radius()
    }
}

impl Extent for crate::Capsule {
    fn extent(&self) -> Real {
        0.5 * (self.b() - self.a()).length() + self.radius()
    }
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

/// Conservative advancement on the exact separation (pairs with a circle or a capsule): Newton
/// steps on the gap, a convex function of time (module docs).
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
    let relative = velocity_b.to_f64() - velocity_a.to_f64();
    let tolerance = TOI_TOLERANCE * a.extent().min(b.extent());
    let poses_at =
        |t: f64| (advanced(pose_a, velocity_a, t as Real), advanced(pose_b, velocity_b, t as Real));
    let gap_at = |t: f64| {
        let (qa, qb) = poses_at(t);
        a.separation(qa, b, qb)
    };
    let mut t = 0.0f64;
    let mut gap = gap_at(0.0);
    if gap.distance < 0.0 {
        return Some(Impact { time: 0.0, normal: gap.normal });
    }
    for _ in 0..TOI_MAX_STEPS {
        // How fast the gap closes: its slope, the relative velocity along the contact normal.
        // Not falling now, it never falls again (the distance is convex in time)...
        let closing = -relative.dot(gap.normal.to_f64());
        if closing.is_nan() || closing <= 0.0 {
            return None;
        }
        if gap.distance <= tolerance {
            return Some(Impact { time: t as Real, normal: gap.normal });
        }
        // ...and falling, its tangent meets zero no later than it does.
        let next = t + gap.distance as f64 / closing;
        if next.is_nan() || next > max_t as f64 {
            return None;
        }
        if poses_at(next) == poses_at(t) {
            // The step is below what the poses resolve in `Real`: so is the gap, and the
            // shapes touch to within the rounding of where they are.
            return Some(Impact { time: t as Real, normal: gap.normal });
        }
        let next_gap = gap_at(next);
        if next_gap.distance < 0.0 {
            // Only rounding makes a Newton step on a convex function overshoot, by a hair;
            // were it more, the contact lies between t and next, and bisection finds it.
            if -next_gap.distance <= tolerance {
                return Some(Impact { time: next as Real, normal: gap.normal });
            }
            return Some(bisect(&gap_at, (t, gap), next, tolerance));
        }
        (t, gap) = (next, next_gap);
    }
    // Out of steps while apart and closing: t is still before any contact.
    Some(Impact { time: t as Real, normal: gap.normal })
}
