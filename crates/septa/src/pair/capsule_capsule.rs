//! Capsule against capsule.
//!
//! The candidate axes are each segment's normal (both sides of each capsule) and the direction
//! between the closest points of the two segments. Why these suffice: the two capsules overlap
//! when the origin lies in (segment a ⊖ segment b) grown by `ra + rb`. That difference of two
//! segments is a parallelogram with edges along the two segments, and growing it rounds its
//! corners; the nearest way out crosses either a grown edge (a segment normal) or a rounded
//! corner, which is the end-to-end direction of the closest pair of points.
//!
//! Two points when one capsule lies along the other's side (the incident segment clipped to
//! the reference segment's ends), one point otherwise.

use crate::{
    pair::polygon_polygon::REFERENCE_BIAS, robust::unit, Axis, Capsule, Contact, ContactPoint, Feature,
    FeatureId, Manifold, Pose, Real, SatCache, Separation, Vector,
};

use crate::manifold::{capsule_on_face, ReferenceFace};
use crate::shape::{closest_between_segments, segment_point};

/// One capsule's core in a's frame.
#[derive(Clone, Copy)]
struct Core {
    ends: [Vector; 2],
    normal: Vector,
    radius: Real,
}

fn cores(a: &Capsule, pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> (Core, Core) {
    let xf = pose_a.inv_mul(pose_b);
    (
        Core { ends: [a.a(), a.b()], normal: a.normal(), radius: a.radius() },
        Core {
            ends: [xf.apply(b.a()), xf.apply(b.b())],
            normal: xf.rotation.apply(b.normal()),
            radius: b.radius(),
        },
    )
}

/// The separations of `other` from `core`'s sides 0 and 1.
#[inline]
fn side_separations(core: &Core, other: &Core) -> [Real; 2] {
    let (p, q) = (core.normal.dot(other.ends[0]), core.normal.dot(other.ends[1]));
    let at = core.normal.dot(core.ends[0]);
    let reach = core.radius + other.radius;
    [p.min(q) - at - reach, at - p.max(q) - reach]
}

/// The closest points of the two segments, as (point, segment parameter) for a and for b.
#[inline]
fn closest_points(a: &Core, b: &Core) -> ((Vector, Real), (Vector, Real)) {
    let (s, t) = closest_between_segments(a.ends[0], a.ends[1], b.ends[0], b.ends[1]);
    ((segment_point(a.ends[0], a.ends[1], s), s), (segment_point(b.ends[0], b.ends[1], t), t))
}

/// The unit direction from a's closest point to b's and the separation of the shadows along it;
/// `None` when the segments cross (the direction is undefined, and the sides decide).
///
/// For disjoint segments the shadows' gap on this axis is exactly their distance, but the
/// shadows are projected in full anyway: when the segments (nearly) cross, rounding makes the
/// direction meaningless, and only an honest projection keeps the axis from claiming a gap.
#[inline]
fn closest(a: &Core, b: &Core) -> Option<(Vector, Real)> {
    let ((qa, _), (qb, _)) = closest_points(a, b);
    let u = unit(qb - qa)?;
    let a_max = u.dot(a.ends[0]).max(u.dot(a.ends[1])) + a.radius;
    let b_min = u.dot(b.ends[0]).min(u.dot(b.ends[1])) - b.radius;
    Some((u, b_min - a_max))
}

/// The feature of a capsule at segment parameter `t`, facing `direction`.
#[inline]
fn feature(core: &Core, t: Real, direction: Vector) -> Feature {
    if t <= 0.0 {
        Feature::Vertex(0)
    } else if t >= 1.0 {
        Feature::Vertex(1)
    } else if direction.dot(core.normal) >= 0.0 {
        Feature::Edge(0)
    } else {
        Feature::Edge(1)
    }
}

#[derive(Clone, Copy)]
enum Best {
    SideA(usize),
    SideB(usize),
    Closest,
}

fn search(a: &Core, b: &Core) -> (Best, Vector, Real) {
    let mut best = (Best::SideA(0), a.normal, Real::NEG_INFINITY);
    for (side, s) in side_separations(a, b).into_iter().enumerate() {
        if s > best.2 {
            best = (Best::SideA(side), if side == 0 { a.normal } else { -a.normal }, s);
        }
    }
    for (side, s) in side_separations(b, a).into_iter().enumerate() {
        if s > best.2 {
            // a lies past b's side, so from a to b points back across it
            best = (Best::SideB(side), if side == 0 { -b.normal } else { b.normal }, s);
        }
    }
    if let Some((direction, s)) = closest(a, b) {
        if s > best.2 {
            best = (Best::Closest, direction, s);
        }
    }
    best
}

fn axis_of(best: Best) -> Axis {
    match best {
        Best::SideA(s) => Axis::EdgeA(s as u32),
        Best::SideB(s) => Axis::EdgeB(s as u32),
        Best::Closest => Axis::ClosestPoints,
    }
}

/// Do they overlap? Touching is not overlapping.
pub fn overlaps(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> bool {
    let (ca, cb) = cores(a, &pose_a, b, &pose_b);
    side_separations(&ca, &cb).iter().chain(&side_separations(&cb, &ca)).all(|&s| s < 0.0)
        && closest(&ca, &cb).is_none_or(|c| c.1 < 0.0)
}

/// [`overlaps`], remembering the axis that separates (a cached side is tried first).
pub fn overlaps_cached(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose, cache: &mut SatCache) -> bool {
    let (ca, cb) = cores(a, &pose_a, b, &pose_b);
    let (of_a, of_b) = (side_separations(&ca, &cb), side_separations(&cb, &ca));
    let cached = match cache.axis() {
        Some(Axis::EdgeA(s)) if s < 2 => of_a[s as usize],
        Some(Axis::EdgeB(s)) if s < 2 => of_b[s as usize],
        _ => Real::NEG_INFINITY,
    };
    if cached >= 0.0 {
        return false;
    }
    let sides = of_a
        .iter()
        .map(|&s| (s, Axis::EdgeA as fn(u32) -> Axis))
        .chain(of_b.iter().map(|&s| (s, Axis::EdgeB as fn(u32) -> Axis)));
    for (i, (s, axis)) in sides.enumerate() {
        if s >= 0.0 {
            cache.set(axis((i % 2) as u32));
            return false;
        }
    }
    if closest(&ca, &cb).is_some_and(|c| c.1 >= 0.0) {
        cache.set(Axis::ClosestPoints);
        return false;
    }
    true
}

/// The largest separation over the candidate axes (exactly the distance when separated).
pub fn separation(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Separation {
    let (ca, cb) = cores(a, &pose_a, b, &pose_b);
    let (best, direction, distance) = search(&ca, &cb);
    Separation { normal: pose_a.rotation.apply(direction), distance, axis: axis_of(best) }
}

/// The minimum translation vector.
pub fn contact(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Contact> {
    separation(a, pose_a, b, pose_b).contact()
}

/// The contact manifold: 1 or 2 points (see the module notes).
pub fn collide(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Manifold> {
    let (ca, cb) = cores(a, &pose_a, b, &pose_b);
    let (mut best, direction, distance) = search(&ca, &cb);
    if distance >= 0.0 {
        return None;
    }
    // Near ties between a's side and b's side go to a; a zero-length capsule has no side.
    if let Best::SideB(_) = best {
        let (side, s) = side_separations(&ca, &cb)
            .into_iter()
            .enumerate()
            .fold((0, Real::NEG_INFINITY), |m, x| if x.1 > m.1 { x } else { m });
        let size = |c: &Core| 0.5 * (c.ends[1] - c.ends[0]).length() + c.radius;
        if s >= distance - REFERENCE_BIAS * size(&ca).min(size(&cb)) {
            best = Best::SideA(side);
        }
    }
    let sided = |c: &Core| c.ends[0] != c.ends[1];
    let manifold = match best {
        Best::SideA(side) if sided(&ca) => Some(side_manifold(&ca, side, &cb)),
        Best::SideB(side) if sided(&cb) => Some(side_manifold(&cb, side, &ca).flipped()),
        _ => None,
    };
    let manifold = manifold.unwrap_or_else(|| {
        // One point: b's deepest point along the normal, from the closest points of the cores
        // (when the cores cross, the normal is a side's and the point sits over the crossing).
        let ((_, s), (qb, t)) = closest_points(&ca, &cb);
        let (deepest, t) = match best {
            Best::Closest => (qb, t),
            // crossing cores: the end of b's segment furthest back along the normal
            _ if direction.dot(cb.ends[0]) <= direction.dot(cb.ends[1]) => (cb.ends[0], 0.0),
            _ => (cb.ends[1], 1.0),
        };
        let id = FeatureId { a: feature(&ca, s, direction), b: feature(&cb, t, -direction) };
        Manifold::one(
            direction,
            ContactPoint { point: deepest - direction * cb.radius, depth: -distance, id },
        )
    });
    Some(manifold.to_world(&pose_a))
}

/// `reference`'s side `side` is the reference face: the segment between its ends moved out by
/// its radius, with side planes through the ends. The incident capsule is clipped against it
/// through its core (see [`capsule_on_face`]). Points on the incident capsule's surface; in
/// a's frame, ids as (reference, incident).
fn side_manifold(reference: &Core, side: usize, incident: &Core) -> Manifold {
    let outward = if side == 0 { reference.normal } else { -reference.normal };
    let lift = outward * reference.radius;
    // Side 0 is on the right of a → b: seen from outside it runs from end 0 to end 1 (the
    // reference face's corners go counter-clockwise about the capsule), side 1 back again.
    let (first, second) = if side == 0 { (0, 1) } else { (1, 0) };
    let face = ReferenceFace {
        corners: [reference.ends[first] + lift, reference.ends[second] + lift],
        normal: outward,
        face: Feature::Edge(side as u32),
        ends: [Feature::Vertex(first as u32), Feature::Vertex(second as u32)],
    };
    let facing =
        if incident.normal.dot(outward) <= 0.0 { (0, incident.normal) } else { (1, -incident.normal) };
    capsule_on_face(&face, incident.ends, incident.radius, facing)
}
