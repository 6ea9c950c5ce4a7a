//! Circle against circle: one candidate axis, the line through the centres.
//!
//! When the centres coincide every direction is as good as any other; septa then returns the
//! +y axis of a's frame (world +y when a is not rotated).

use crate::robust::{length, unit};
use crate::{
    Axis, Circle, Contact, ContactPoint, Feature, FeatureId, Manifold, Pose, Real, Separation, Vector,
};

/// The separation along the centre line, in a's frame: (unit direction a → b, separation).
#[inline]
pub(crate) fn centers(a: &Circle, pose_a: &Pose, b: &Circle, pose_b: &Pose) -> (Vector, Real) {
    let d = pose_a.inv_mul(pose_b).apply(b.center()) - a.center();
    let distance = length(d);
    let direction = unit(d).unwrap_or(Vector::Y);
    (direction, distance - a.radius() - b.radius())
}

/// Do the circles overlap? Touching is not overlapping.
pub fn overlaps(a: &Circle, pose_a: Pose, b: &Circle, pose_b: Pose) -> bool {
    centers(a, &pose_a, b, &pose_b).1 < 0.0
}

/// The separation along the centre line (exactly the distance between the circles).
pub fn separation(a: &Circle, pose_a: Pose, b: &Circle, pose_b: Pose) -> Separation {
    let (direction, distance) = centers(a, &pose_a, b, &pose_b);
    Separation { normal: pose_a.rotation.apply(direction), distance, axis: Axis::Centers }
}

/// The minimum translation vector, or `None` when they do not overlap.
pub fn contact(a: &Circle, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Contact> {
    separation(a, pose_a, b, pose_b).contact()
}

/// The one-point manifold: b's deepest point into a (on b's surface), with the MTV depth.
pub fn collide(a: &Circle, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Manifold> {
    let contact = contact(a, pose_a, b, pose_b)?;
    let center_b = pose_b.apply(b.center());
    let point = ContactPoint {
        point: center_b - contact.normal * b.radius(),
        depth: contact.depth,
        id: FeatureId { a: Feature::Circle, b: Feature::Circle },
    };
    Some(Manifold::one(contact.normal, point))
}

/// [`overlaps`], remembering the centre line when it separates (the only axis there is).
pub fn overlaps_cached(
    a: &Circle,
    pose_a: Pose,
    b: &Circle,
    pose_b: Pose,
    cache: &mut crate::SatCache,
) -> bool {
    let hit = overlaps(a, pose_a, b, pose_b);
    if !hit {
        cache.set(Axis::Centers);
    }
    hit
}
