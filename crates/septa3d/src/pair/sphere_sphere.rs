//! Sphere against sphere: one candidate axis, the line through the centres.
//!
//! Two balls overlap exactly when their centres are nearer than the sum of the radii, and the
//! shortest way out is straight along the centre line, so SAT needs no other axis:
//!
//! ```text
//!      .-""-.          .-""-.
//!     /      \        /      \
//!    |   a •--|-------|--• b  |      separation = |b − a| − (ra + rb)
//!     \      /  u →   \      /
//!      '-..-'          '-..-'
//! ```
//!
//! **Coincident centres**: every direction is then as good as any other; septa3d returns
//! [`FALLBACK_AXIS`], the +y axis of a's frame (world +y when a is not rotated), with depth
//! `ra + rb`.

use crate::trace::AxisStep;
use crate::{
    Axis, Contact, ContactPoint, Feature, FeatureId, Interval, Manifold, Pose, Real, SatCache, Separation,
    Sphere, ToF64, ToReal, Trace, Vector,
};

/// The normal septa3d reports, in the local frame of shape a, when two round cores coincide
/// (or overlap along a line) and no direction is better than another: +y.
pub const FALLBACK_AXIS: Vector = Vector::Y;

/// The length of `v` and `v` scaled to unit length, or `None` for the direction when `v` is
/// zero. Computed in f64 and divided by the length (rather than multiplied by its reciprocal),
/// so an axis-aligned vector gets an exactly axis-aligned unit vector.
#[inline]
pub(crate) fn length_and_unit(v: Vector) -> (Real, Option<Vector>) {
    let w = v.to_f64();
    let length = w.length();
    let direction = (length > 0.0 && length.is_finite()).then(|| (w / length).to_real());
    (length as Real, direction)
}

/// `v` scaled to unit length (see [`length_and_unit`]), or `None` when it is zero.
#[inline]
pub(crate) fn unit(v: Vector) -> Option<Vector> {
    length_and_unit(v).1
}

/// The shadow of the ball of radius `r` about `center` on the unit `axis`.
#[inline]
pub(crate) fn ball_shadow(center: Vector, r: Real, axis: Vector) -> Interval {
    let c = center.dot(axis);
    Interval::new(c - r, c + r)
}

/// b's centre in a's frame.
#[inline]
fn center_of_b(pose_a: &Pose, b: &Sphere, pose_b: &Pose) -> Vector {
    pose_a.inv_mul(pose_b).apply(b.center())
}

/// The centre line in a's frame: (unit direction a → b, separation), given b's centre there.
#[inline]
fn centers(a: &Sphere, b: &Sphere, center_b: Vector) -> (Vector, Real) {
    let (distance, direction) = length_and_unit(center_b - a.center());
    (direction.unwrap_or(FALLBACK_AXIS), distance - (a.radius() + b.radius()))
}

/// Do the spheres overlap? Touching is not overlapping.
pub fn overlaps(a: &Sphere, pose_a: Pose, b: &Sphere, pose_b: Pose) -> bool {
    centers(a, b, center_of_b(&pose_a, b, &pose_b)).1 < 0.0
}

/// [`overlaps`], remembering the centre line when it separates (the only axis there is).
pub fn overlaps_cached(a: &Sphere, pose_a: Pose, b: &Sphere, pose_b: Pose, cache: &mut SatCache) -> bool {
    let hit = overlaps(a, pose_a, b, pose_b);
    if !hit {
        cache.set(Axis::Centers);
    }
    hit
}

/// The separation along the centre line: exactly the distance between the spheres (negative:
/// minus the penetration depth).
pub fn separation(a: &Sphere, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Separation {
    let (direction, distance) = centers(a, b, center_of_b(&pose_a, b, &pose_b));
    Separation { normal: pose_a.rotation * direction, distance, axis: Axis::Centers }
}

/// The minimum translation vector, or `None` when they do not overlap.
pub fn contact(a: &Sphere, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Option<Contact> {
    separation(a, pose_a, b, pose_b).contact()
}

/// The one-point manifold: b's deepest point into a (on b's surface, `center_b − normal × rb`),
/// with the MTV depth; ids `(Sphere, Sphere)`.
pub fn collide(a: &Sphere, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Option<Manifold> {
    let center_b = center_of_b(&pose_a, b, &pose_b);
    let (direction, distance) = centers(a, b, center_b);
    if distance >= 0.0 {
        return None;
    }
    let point = ContactPoint {
        point: center_b - direction * b.radius(),
        depth: -distance,
        id: FeatureId { a: Feature::Sphere, b: Feature::Sphere },
    };
    Some(Manifold::one(direction, point).to_world(&pose_a))
}

/// The step trace: the centre line, the one candidate axis.
pub fn trace(a: &Sphere, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Trace {
    let center_b = center_of_b(&pose_a, b, &pose_b);
    let (direction, _) = centers(a, b, center_b);
    let step = AxisStep::from_local(
        Axis::Centers,
        direction,
        a.project(direction),
        ball_shadow(center_b, b.radius(), direction),
        &pose_a,
    );
    Trace::from_steps(alloc::vec![step], collide(a, pose_a, b, pose_b))
}
