//! Circle against polygon: the polygon–circle test with the roles exchanged.
//!
//! Every answer is [`polygon_circle`]'s, seen from the other side: normals
//! turn around, axes and feature ids swap their a/b labels, points and depths stay.

use crate::pair::polygon_circle;
use crate::{Circle, Contact, Manifold, Polygonal, Pose, SatCache, Separation};

/// Do the circle and the polygon overlap?
pub fn overlaps<B: Polygonal>(a: &Circle, pose_a: Pose, b: &B, pose_b: Pose) -> bool {
    polygon_circle::overlaps(b, pose_b, a, pose_a)
}

/// [`overlaps`] with an axis cache.
pub fn overlaps_cached<B: Polygonal>(
    a: &Circle,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    let mut seen_from_b = cache.flipped();
    let hit = polygon_circle::overlaps_cached(b, pose_b, a, pose_a, &mut seen_from_b);
    *cache = seen_from_b.flipped();
    hit
}

/// The largest separation over the candidate axes.
pub fn separation<B: Polygonal>(a: &Circle, pose_a: Pose, b: &B, pose_b: Pose) -> Separation {
    polygon_circle::separation(b, pose_b, a, pose_a).flipped()
}

/// The minimum translation vector.
pub fn contact<B: Polygonal>(a: &Circle, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Contact> {
    polygon_circle::contact(b, pose_b, a, pose_a).map(Contact::flipped)
}

/// The one-point manifold (the circle's deepest point into the polygon).
pub fn collide<B: Polygonal>(a: &Circle, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Manifold> {
    polygon_circle::collide(b, pose_b, a, pose_a).map(Manifold::flipped)
}
