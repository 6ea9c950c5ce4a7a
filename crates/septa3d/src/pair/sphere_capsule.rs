//! Sphere against capsule: the sphere's centre against the capsule's core segment.
//!
//! Both shapes are cores grown by radii, so they overlap exactly when the centre `c` is nearer
//! the segment than `ra + rb`, and the shortest way out is straight away from the segment's
//! point `q` nearest the centre (the Minkowski difference is the segment grown by `ra + rb`,
//! and the way out of it nearest a point is along that point's closest direction):
//!
//! ```text
//!                  ( c )                 separation = |q − c| − (ra + rb)
//!                    |  ↓ u              normal u: from c towards q (from a to b)
//!        (  •————————q—————————•  )
//! ```
//!
//! Two candidate axes, both projected in full: the **closest-points** direction `q − c`, and
//! the direction **across** the segment from the centre to the segment's line (perpendicular
//! to the segment, computed in f64). They agree when `q` is inside the segment; the second
//! stays accurate when the centre lies (almost) on the segment, where `q − c` is rounding noise,
//! and is then the way out (depth exactly `ra + rb` when the centre is on the segment). When
//! the centre is on the line itself the across direction is any perpendicular of the segment
//! (glam's `any_orthonormal_vector`, fixed for a given segment); for a zero-length capsule on
//! the centre, [`FALLBACK_AXIS`].

use glam::DVec3;

use super::sphere_sphere::{ball_shadow, unit, FALLBACK_AXIS};
use crate::trace::AxisStep;
use crate::{
    Axis, Capsule, Contact, ContactPoint, Feature, FeatureId, Interval, Manifold, Pose, Real, SatCache,
    Separation, Sphere, ToF64, ToReal, Trace, Vector,
};

/// The point of the segment `ends` nearest `p` and its parameter `t` (the point is
/// `ends[0] + t (ends[1] − ends[0])`, `t` in [0, 1]). The ends are returned exactly, with
/// `t` exactly 0 or 1, so callers can tell an end from a point inside the segment.
#[inline]
pub(crate) fn closest_on_segment(ends: [Vector; 2], p: Vector) -> (Vector, Real) {
    let d = ends[1] - ends[0];
    let length2 = d.length_squared();
    if length2 == 0.0 {
        return (ends[0], 0.0);
    }
    let t = (p - ends[0]).dot(d) / length2;
    if t <= 0.0 {
        (ends[0], 0.0)
    } else if t >= 1.0 {
        (ends[1], 1.0)
    } else {
        (ends[0] + d * t, t)
    }
}

/// The point at parameter `t` of the segment `ends`, exact at the ends.
#[inline]
pub(crate) fn segment_point(ends: [Vector; 2], t: Real) -> Vector {
    if t <= 0.0 {
        ends[0]
    } else if t >= 1.0 {
        ends[1]
    } else {
        ends[0] + (ends[1] - ends[0]) * t
    }
}

/// The capsule feature at segment parameter `t`: an end (`Vertex(0)`, `Vertex(1)`) or the side
/// (`Edge(0)`).
#[inline]
pub(crate) fn capsule_feature(t: Real) -> Feature {
    if t <= 0.0 {
        Feature::Vertex(0)
    } else if t >= 1.0 {
        Feature::Vertex(1)
    } else {
        Feature::Edge(0)
    }
}

/// The shadow of a capsule (core `ends`, radius `r`) on the unit `axis`.
#[inline]
pub(crate) fn segment_shadow(ends: [Vector; 2], r: Real, axis: Vector) -> Interval {
    let (p, q) = (ends[0].dot(axis), ends[1].dot(axis));
    Interval::new(p.min(q) - r, p.max(q) + r)
}

/// The unit direction from `p` across to the line through `ends`, perpendicular to it: the
/// part of `ends[0] − p` at right angles to the segment. When `p` is on the line, any
/// perpendicular of the segment; `None` for a zero-length segment.
///
/// Computed in f64 from the inputs, so in the f32 build it is accurate even when `p` is a
/// hair from the line (where the difference of two f32 points would be all rounding).
#[inline]
pub(crate) fn across(ends: [Vector; 2], p: Vector) -> Option<Vector> {
    let (e0, e1, p) = (ends[0].to_f64(), ends[1].to_f64(), p.to_f64());
    let d = e1 - e0;
    let length = d.length();
    if !(length > 0.0 && length.is_finite()) {
        return None;
    }
    let along = d / length;
    let w = e0 - p;
    // Removing the part along the segment twice ("twice is enough", as in Gram–Schmidt): when
    // `p` is within rounding of the line, one pass leaves a remainder whose direction is noise
    // *and* not quite perpendicular; the second pass makes it perpendicular, which is all the
    // axis then needs (the segment's shadow on it is a point). But a remainder at the level of
    // rounding may still lie along the line: on a line such as x = y = z the rounding errors
    // of the three coordinates are alike, and both passes leave a vector parallel to it (the
    // MTV then ran along the core, several times too deep). So a remainder within rounding of
    // zero counts as none: `p` is on the line, and any perpendicular will do.
    let once = w - along * w.dot(along);
    let rejection = once - along * once.dot(along);
    let r = rejection.length();
    let rounding = 64.0 * f64::EPSILON * w.length();
    let direction: DVec3 = if r > rounding { rejection / r } else { along.any_orthonormal_vector() };
    Some(direction.to_real())
}

/// The capsule's core in the sphere's frame.
#[inline]
fn core_of_b(pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> [Vector; 2] {
    let xf = pose_a.inv_mul(pose_b);
    [xf.apply(b.a()), xf.apply(b.b())]
}

/// The separation along the unit `u` (from a to b) of the full shadows, and `u` turned to
/// the side the separation is measured on.
///
/// Both candidate axes point from a towards b, so the shadows' separation is their forward
/// gap, except where rounding put the closest point at an end of the segment it is not
/// nearest: a sphere of radius 1e18 whose centre lies 3.5 from a segment's end along a core
/// 1.7e18 long gets the end itself, as the segment parameter rounds to 1; the core then runs
/// back past the centre along `q − c`, and the shadows' separation is their backward gap (the
/// push forwards was 2.4e18 for a separation of −1e18; fuzz finding 8, seen with 14). The
/// separation of the shadows is the same either way; the normal must be the way it is measured.
#[inline]
fn separation_along(a: &Sphere, ends: [Vector; 2], rb: Real, u: Vector) -> (Vector, Real) {
    let (on_a, on_b) = (ball_shadow(a.center(), a.radius(), u), segment_shadow(ends, rb, u));
    let (forwards, backwards) = (on_b.min - on_a.max, on_a.min - on_b.max);
    if backwards > forwards {
        (-u, backwards)
    } else {
        (u, forwards)
    }
}

/// The candidate axes in test order (closest points, then across), each as (unit direction
/// a → b, separation); the fallback when neither exists.
#[inline]
fn candidates(a: &Sphere, ends: [Vector; 2], rb: Real, q: Vector) -> [Option<(Vector, Real)>; 2] {
    let c = a.center();
    let mut axes = [unit(q - c), across(ends, c)];
    if axes == [None, None] {
        axes[0] = Some(FALLBACK_AXIS);
    }
    axes.map(|u| u.map(|u| separation_along(a, ends, rb, u)))
}

/// The best candidate: (unit direction a → b, separation, the segment parameter of the point
/// of b's core nearest a's centre). The closest-points axis wins ties.
#[inline]
fn search(a: &Sphere, ends: [Vector; 2], rb: Real) -> (Vector, Real, Real) {
    let (q, t) = closest_on_segment(ends, a.center());
    let mut best = (FALLBACK_AXIS, Real::NEG_INFINITY);
    for (u, s) in candidates(a, ends, rb, q).into_iter().flatten() {
        if s > best.1 {
            best = (u, s);
        }
    }
    (best.0, best.1, t)
}

/// Are two bounding spheres certainly apart? `gap` runs between their centres (in a's frame),
/// `reach` is the sum of their radii, and `placed` bounds the coordinates the centres were
/// computed from (the relative pose's translation and the local centres), whose rounding the
/// gap carries.
///
/// A quick reject must never turn away a pair that the exact test would find overlapping,
/// and in f32 it can: next to a segment 7e7 long, a unit cube's bounding radius (1.7) is less
/// than half an ulp of the sum `3.5e7 + 1.7`, which rounds to the half length alone, so a
/// segment with an end at the cube's centre looked exactly touching (fuzz finding 8). So the
/// reach and the gap are compared in f64, and the gap must exceed the reach by a margin of a
/// few f32 ulps of the magnitudes involved, for the rounding of the centres' placement (and of
/// a stored radius). Pairs within that margin go on to the exact test, which costs nothing in
/// the common case of shapes far apart or clearly overlapping.
#[inline]
pub(crate) fn bounding_apart(gap: Vector, reach: f64, placed: Real) -> bool {
    let gap = gap.to_f64();
    let margin = PLACEMENT_ROUNDING * (gap.abs().element_sum() + reach + placed as f64);
    let limit = reach + margin;
    gap.length_squared() > limit * limit
}

/// The relative rounding that [`bounding_apart`] allows for: 16 units of roundoff of [`Real`].
const PLACEMENT_ROUNDING: f64 = 16.0 * Real::EPSILON as f64;

/// The magnitude of the coordinates a centre placed by `xf` from local `center` was computed
/// from (for [`bounding_apart`]).
#[inline]
pub(crate) fn placed_from(xf: &Pose, center: Vector) -> Real {
    xf.translation.abs().element_sum() + center.abs().element_sum()
}

/// Are the bounding spheres (the sphere itself, and the capsule's about its midpoint) apart?
#[inline]
fn spheres_apart(a: &Sphere, pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> bool {
    let xf = pose_a.inv_mul(pose_b);
    let gap = xf.apply(b.center()) - a.center();
    let reach = a.radius() as f64 + b.half_length() as f64 + b.radius() as f64;
    bounding_apart(gap, reach, placed_from(&xf, b.center()) + a.center().abs().element_sum())
}

/// Do they overlap? Touching is not overlapping.
pub fn overlaps(a: &Sphere, pose_a: Pose, b: &Capsule, pose_b: Pose) -> bool {
    if spheres_apart(a, &pose_a, b, &pose_b) {
        return false;
    }
    search(a, core_of_b(&pose_a, b, &pose_b), b.radius()).1 < 0.0
}

/// [`overlaps`], remembering the closest-points axis when it separates (the only kind there is).
pub fn overlaps_cached(a: &Sphere, pose_a: Pose, b: &Capsule, pose_b: Pose, cache: &mut SatCache) -> bool {
    let hit = overlaps(a, pose_a, b, pose_b);
    if !hit {
        cache.set(Axis::ClosestPoints);
    }
    hit
}

/// The largest separation over the candidate axes: exactly the distance between the shapes
/// (negative: minus the penetration depth).
pub fn separation(a: &Sphere, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Separation {
    let (direction, distance, _) = search(a, core_of_b(&pose_a, b, &pose_b), b.radius());
    Separation { normal: pose_a.rotation * direction, distance, axis: Axis::ClosestPoints }
}

/// The minimum translation vector, or `None` when they do not overlap.
pub fn contact(a: &Sphere, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Contact> {
    if spheres_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    separation(a, pose_a, b, pose_b).contact()
}

/// The one-point manifold: the capsule's deepest point into the sphere (on the capsule's
/// surface, `q − normal × rb`), ids `(Sphere, the capsule's end or side)`.
pub fn collide(a: &Sphere, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Manifold> {
    if spheres_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    let ends = core_of_b(&pose_a, b, &pose_b);
    let (direction, distance, t) = search(a, ends, b.radius());
    if distance >= 0.0 {
        return None;
    }
    let point = ContactPoint {
        point: segment_point(ends, t) - direction * b.radius(),
        depth: -distance,
        id: FeatureId { a: Feature::Sphere, b: capsule_feature(t) },
    };
    Some(Manifold::one(direction, point).to_world(&pose_a))
}

/// The step trace: the closest-points axis and the axis across the segment.
pub fn trace(a: &Sphere, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Trace {
    let ends = core_of_b(&pose_a, b, &pose_b);
    let (q, _) = closest_on_segment(ends, a.center());
    let steps = candidates(a, ends, b.radius(), q)
        .into_iter()
        .flatten()
        .map(|(u, _)| {
            let (shadow_a, shadow_b) = (a.project(u), segment_shadow(ends, b.radius(), u));
            AxisStep::from_local(Axis::ClosestPoints, u, shadow_a, shadow_b, &pose_a)
        })
        .collect();
    Trace::from_steps(steps, collide(a, pose_a, b, pose_b))
}
