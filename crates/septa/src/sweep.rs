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
//! between the shapes, and moving without turning, two shapes cannot close a gap `d` faster
//! than their relative speed `|v|`, so advancing time by `d / |v|` never steps past the first
//! contact. It stops when the gap is below [`TOI_TOLERANCE`] times the smaller shape's size, so
//! at the time returned the shapes are apart by at most that much: a little *before* the exact
//! contact (by that gap over the speed at which it closes), never after it.
//!
//! Shapes already overlapping at the start give time 0 and the MTV normal.

use glam::DVec2;

use crate::{Collide, Polygonal, Pose, Real, ToF64, ToReal, Vector};

/// Conservative advancement stops when the gap is below this fraction of the smaller shape's
/// size (bounding radius, or radius).
pub const TOI_TOLERANCE: Real = 1e-4;

/// Conservative advancement gives up after this many steps; grazing approaches converge slowly,
/// and a pair still apart then is reported as not hitting.
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

/// Conservative advancement on the exact separation (pairs with a circle or a capsule).
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
    let speed = relative.length();
    let tolerance = TOI_TOLERANCE * a.extent().min(b.extent());
    let mut t = 0.0f64;
    for _ in 0..TOI_MAX_STEPS {
        let at = t as Real;
        let separation = a.separation(advanced(pose_a, velocity_a, at), b, advanced(pose_b, velocity_b, at));
        if separation.distance < 0.0 && t == 0.0 {
            return Some(Impact { time: 0.0, normal: separation.normal });
        }
        if separation.distance <= tolerance {
            // Close enough, but a hit only if the gap is closing: the distance between convex
            // shapes moving in straight lines is a convex function of time, so once it stops
            // falling it never falls again (shapes touching and moving apart do not hit).
            let closing = relative.dot(separation.normal.to_f64()) < 0.0;
            return closing.then_some(Impact { time: at, normal: separation.normal });
        }
        if speed == 0.0 {
            return None;
        }
        t += separation.distance as f64 / speed;
        if t > max_t as f64 {
            return None;
        }
    }
    None
}
