//! Capsule against circle: one candidate axis, between the closest points of the cores.
//!
//! The capsule is its segment grown by its radius, the circle its centre grown by its radius,
//! so the pair overlaps when the centre is nearer the segment than the sum of the radii, and the
//! shortest way out is straight away from the segment's nearest point. With the centre exactly
//! on the segment the direction is the capsule's [`normal`](crate::Capsule::normal).

use glam::Vec2;

use crate::{
    Axis, Capsule, Circle, Contact, ContactPoint, Feature, FeatureId, Manifold, Pose, SatCache, Separation,
};

/// The capsule feature at `q` (a point of the core segment) facing `direction`.
#[inline]
pub(crate) fn capsule_feature(c: &Capsule, q: Vec2, direction: Vec2) -> Feature {
    if q == c.a() {
        Feature::Vertex(0)
    } else if q == c.b() {
        Feature::Vertex(1)
    } else if direction.dot(c.normal()) >= 0.0 {
        Feature::Edge(0)
    } else {
        Feature::Edge(1)
    }
}

/// In the capsule's frame: the segment's nearest point, the unit direction from it to the
/// centre, and the separation.
#[inline]
fn closest(a: &Capsule, pose_a: &Pose, b: &Circle, pose_b: &Pose) -> (Vec2, Vec2, f32) {
    let center = pose_a.inv_mul(pose_b).apply(b.center());
    let q = a.closest_point(center);
    let d = center - q;
    let distance = d.length();
    let direction = if distance > 0.0 { d / distance } else { a.normal() };
    (q, direction, distance - a.radius() - b.radius())
}

/// Do they overlap? Touching is not overlapping.
pub fn overlaps(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> bool {
    closest(a, &pose_a, b, &pose_b).2 < 0.0
}

/// [`overlaps`], remembering the only axis there is when it separates.
pub fn overlaps_cached(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose, cache: &mut SatCache) -> bool {
    let hit = overlaps(a, pose_a, b, pose_b);
    if !hit {
        cache.set(Axis::ClosestPoints);
    }
    hit
}

/// The separation between the closest points (exactly the distance between the shapes).
pub fn separation(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> Separation {
    let (_, direction, distance) = closest(a, &pose_a, b, &pose_b);
    Separation { normal: pose_a.rotation.apply(direction), distance, axis: Axis::ClosestPoints }
}

/// The minimum translation vector.
pub fn contact(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Contact> {
    separation(a, pose_a, b, pose_b).contact()
}

/// The one-point manifold: the circle's deepest point (on the circle's surface).
pub fn collide(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Manifold> {
    let (q, direction, distance) = closest(a, &pose_a, b, &pose_b);
    if distance >= 0.0 {
        return None;
    }
    let center = pose_a.inv_mul(&pose_b).apply(b.center());
    let point = ContactPoint {
        point: pose_a.apply(center - direction * b.radius()),
        depth: -distance,
        id: FeatureId { a: capsule_feature(a, q, direction), b: Feature::Circle },
    };
    Some(Manifold::one(pose_a.rotation.apply(direction), point))
}
