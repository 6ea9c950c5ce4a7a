//! Capsule against circle: the axis between the closest points of the cores, and the sides.
//!
//! The capsule is its segment grown by its radius, the circle its centre grown by its radius,
//! so the pair overlaps when the centre is nearer the segment than the sum of the radii, and the
//! shortest way out is straight away from the segment's nearest point. The capsule's sides (its
//! segment's normal, both ways) are candidates too: they decide when the centre lies on the
//! segment, where the direction from the nearest point is undefined.

use crate::{
    robust::unit, Axis, Capsule, Circle, Contact, ContactPoint, Feature, FeatureId, Manifold, Pose, Real,
    SatCache, Separation, Vector,
};

/// The capsule feature at `q` (a point of the core segment) facing `direction`.
#[inline]
pub(crate) fn capsule_feature(c: &Capsule, q: Vector, direction: Vector) -> Feature {
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

/// The circle's centre in the capsule's frame.
#[inline]
fn center_in(pose_a: &Pose, b: &Circle, pose_b: &Pose) -> Vector {
    pose_a.inv_mul(pose_b).apply(b.center())
}

/// The separations on the capsule's two sides (the segment's normal, both ways).
#[inline]
fn side_separations(a: &Capsule, c: Vector, r: Real) -> [Real; 2] {
    let offset = a.normal().dot(c - a.a());
    let reach = a.radius() + r;
    [offset - reach, -offset - reach]
}

/// The axis from the segment's nearest point to the centre, with the separation of the full
/// shadows on it; `None` when the centre lies on the segment.
#[inline]
fn closest(a: &Capsule, c: Vector, r: Real) -> Option<(Vector, Real)> {
    let u = unit(c - a.closest_point(c))?;
    let capsule_max = u.dot(a.a()).max(u.dot(a.b())) + a.radius();
    Some((u, u.dot(c) - r - capsule_max))
}

/// The best of the candidate axes (capsule frame): (axis, direction from a to b, separation).
/// The closest-points axis alone is exact whenever the centre is off the segment; the sides
/// cover a centre on it (and a zero-length capsule's side is just one more valid axis).
#[inline]
fn search(a: &Capsule, c: Vector, r: Real) -> (Axis, Vector, Real) {
    let [s0, s1] = side_separations(a, c, r);
    let mut best = if s1 > s0 { (Axis::EdgeA(1), -a.normal(), s1) } else { (Axis::EdgeA(0), a.normal(), s0) };
    if let Some((u, s)) = closest(a, c, r) {
        if s >= best.2 {
            best = (Axis::ClosestPoints, u, s);
        }
    }
    best
}

/// Do they overlap? Touching is not overlapping.
pub fn overlaps(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> bool {
    let c = center_in(&pose_a, b, &pose_b);
    side_separations(a, c, b.radius()).iter().all(|&s| s < 0.0)
        && closest(a, c, b.radius()).is_none_or(|(_, s)| s < 0.0)
}

/// [`overlaps`], remembering the axis that separates.
pub fn overlaps_cached(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose, cache: &mut SatCache) -> bool {
    let c = center_in(&pose_a, b, &pose_b);
    let (axis, _, s) = search(a, c, b.radius());
    if s >= 0.0 {
        cache.set(axis);
    }
    s < 0.0
}

/// The largest separation over the candidate axes (exactly the distance when separated).
pub fn separation(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> Separation {
    let (axis, direction, distance) = search(a, center_in(&pose_a, b, &pose_b), b.radius());
    Separation { normal: pose_a.rotation.apply(direction), distance, axis }
}

/// The minimum translation vector.
pub fn contact(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Contact> {
    separation(a, pose_a, b, pose_b).contact()
}

/// The one-point manifold: the circle's deepest point (on the circle's surface).
pub fn collide(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Manifold> {
    let c = center_in(&pose_a, b, &pose_b);
    let (_, direction, distance) = search(a, c, b.radius());
    if distance >= 0.0 {
        return None;
    }
    let point = ContactPoint {
        point: pose_a.apply(c - direction * b.radius()),
        depth: -distance,
        id: FeatureId { a: capsule_feature(a, a.closest_point(c), direction), b: Feature::Circle },
    };
    Some(Manifold::one(pose_a.rotation.apply(direction), point))
}
