//! Capsule against capsule: the closest points of two segments.
//!
//! Each capsule is its core segment grown by its radius, so the pair overlaps exactly when the
//! segments are nearer than `ra + rb`, and the penetration depth is `ra + rb − distance`: the
//! Minkowski difference of two segments is a parallelogram (a segment when they are parallel),
//! which has no inside, so the shortest way out of it grown by `ra + rb` is straight away from
//! its point nearest the origin, and that point is the difference of the closest points.
//!
//! ```text
//!          a0 •————————————q_a——————• a1
//!                           |  u                  separation = |q_b − q_a| − (ra + rb)
//!               b0 •————————q_b———————————• b1
//! ```
//!
//! **Closest points**, robustly (`closest_between_segments`): the smallest of the four
//! end-against-segment distances and, when it lies inside both segments, the stationary point
//! of the distance between the two lines (solved with cross products in f64, so nearly
//! parallel segments do not lose it to cancellation). Parallel segments need no special case:
//! their closest points are then always an end against the other segment.
//!
//! **Candidate axes**, both projected in full, the larger separation wins:
//! * the closest-points direction `q_b − q_a` ([`Axis::ClosestPoints`]);
//! * the cross product of the two segment directions, oriented towards b
//!   (`Axis::Edges { a: 0, b: 0 }`: a capsule's segment is its edge 0), computed in f64. When
//!   the closest points lie inside both segments it is the same direction, but it stays exact
//!   when the segments cross or nearly cross (then `q_b − q_a` is zero or rounding noise), and
//!   gives the right way out of crossing cores: depth exactly `ra + rb`.
//! * For parallel segments the second axis is instead the direction across a's line to b's
//!   first end (perpendicular to both); when the segments overlap on one line, any
//!   perpendicular (glam's `any_orthonormal_vector` of a's direction, fixed for a given
//!   segment). Two zero-length capsules on one point: [`FALLBACK_AXIS`].
//! * When the closest points are two ends, also the directions straight across each segment
//!   from the other's end (rounding cannot always tell an end from a point just inside).
//!
//! **Manifold**: when the segments are side by side (parallel within [`SIDE_BY_SIDE`]) b's
//! segment is clipped to the slab between a's ends and both clipped ends become points, so a
//! capsule lying on another one does not rock; the closest pair is added as a third point when
//! it is clearly deeper than both (segments crossing at a small angle). Otherwise one point.

use glam::DVec3;

use super::sphere_capsule::{
    across, bounding_apart, capsule_feature, closest_on_segment, placed_from, segment_point, segment_shadow,
};
use super::sphere_sphere::{length_and_unit, unit, FALLBACK_AXIS};
use crate::trace::AxisStep;
use crate::{
    Axis, Capsule, Contact, ContactPoint, FeatureId, Manifold, Pose, Real, SatCache, Separation, ToF64,
    ToReal, Trace, Vector,
};

/// Two directions whose angle has a sine below this are parallel: their cross product is
/// not used as an axis. The cross product is formed in f64 from unit vectors, where it is
/// accurate to about 1e-16, so this threshold only keeps a zero (or denormal) cross product
/// from being normalised; a nearly parallel pair still gets its (accurate) axis.
pub const PARALLEL_SINE: Real = 1e-9;

/// Segments whose angle has a sine at most this (about 3°) count as side by side for the
/// manifold: b's segment is clipped to a's and may give two points.
pub const SIDE_BY_SIDE: Real = 0.05;

/// The unit cross product `a × b / |a × b|`, computed in f64 from the unit directions, or `None`
/// when `a` and `b` are parallel (sine of their angle at most [`PARALLEL_SINE`]) or one is zero.
#[inline]
pub(crate) fn unit_cross(a: Vector, b: Vector) -> Option<Vector> {
    unit_cross_of_units(unit_f64(a.to_f64())?, unit_f64(b.to_f64())?)
}

/// [`unit_cross`] of two unit vectors given in f64.
#[inline]
pub(crate) fn unit_cross_of_units(a: DVec3, b: DVec3) -> Option<Vector> {
    let n = a.cross(b);
    let sine = n.length();
    (sine > PARALLEL_SINE as f64).then(|| (n / sine).to_real())
}

/// `v / |v|` in f64, or `None` when `v` is zero (or too small to square).
#[inline]
pub(crate) fn unit_f64(v: DVec3) -> Option<DVec3> {
    let length = v.length();
    (length > 0.0 && length.is_finite()).then(|| v / length)
}

/// The closest points of two segments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SegmentPair {
    /// The parameter of the point on the first segment, in [0, 1] (exactly 0 or 1 at an end).
    pub s: Real,
    /// The parameter of the point on the second segment.
    pub t: Real,
    /// The point on the first segment.
    pub on_a: Vector,
    /// The point on the second segment.
    pub on_b: Vector,
}

/// The closest points of the segments `a` and `b` (either may have zero length).
///
/// `|p(s) − q(t)|²` is a convex function on the square `[0, 1]²`: its minimum is the stationary
/// point of the two lines when that lies inside the square, and otherwise on the square's
/// boundary, where one parameter is 0 or 1, i.e. an end of one segment against the other
/// segment. All five candidates are real pairs of points, so taking the nearest is safe even
/// where rounding blurs which case holds.
pub(crate) fn closest_between_segments(a: [Vector; 2], b: [Vector; 2]) -> SegmentPair {
    let from_a = |k: usize| {
        let (on_b, t) = closest_on_segment(b, a[k]);
        SegmentPair { s: k as Real, t, on_a: a[k], on_b }
    };
    let from_b = |k: usize| {
        let (on_a, s) = closest_on_segment(a, b[k]);
        SegmentPair { s, t: k as Real, on_a, on_b: b[k] }
    };
    let mut best = from_a(0);
    let mut best_d2 = best.on_a.distance_squared(best.on_b);
    let candidates = [Some(from_a(1)), Some(from_b(0)), Some(from_b(1)), line_stationary(a, b)];
    for pair in candidates.into_iter().flatten() {
        let d2 = pair.on_a.distance_squared(pair.on_b);
        if d2 < best_d2 {
            (best, best_d2) = (pair, d2);
        }
    }
    best
}

/// The closest points of the two lines through the segments, when they are not parallel and
/// both lie strictly inside their segments.
///
/// With unit directions `u`, `v`, `n = u × v` and `r = b0 − a0`, the points `a0 + σu` and
/// `b0 + τv` are closest when their difference is a multiple of `n`; crossing that condition
/// with `v` and with `u` and dotting with `n` gives `σ = (r × v)·n / |n|²` and
/// `τ = (r × u)·n / |n|²` (lengths along the segments). In f64, from unit directions, so
/// nothing overflows and nearly parallel lines keep their digits.
#[inline]
fn line_stationary(a: [Vector; 2], b: [Vector; 2]) -> Option<SegmentPair> {
    let (a0, b0) = (a[0].to_f64(), b[0].to_f64());
    let (da, db) = (a[1].to_f64() - a0, b[1].to_f64() - b0);
    let (la, lb) = (da.length(), db.length());
    let (u, v) = (unit_f64(da)?, unit_f64(db)?);
    let n = u.cross(v);
    let nn = n.length_squared();
    if nn.is_nan() || nn <= 0.0 {
        return None;
    }
    let r = b0 - a0;
    let (s, t) = (r.cross(v).dot(n) / nn / la, r.cross(u).dot(n) / nn / lb);
    if !(s > 0.0 && s < 1.0 && t > 0.0 && t < 1.0) {
        return None;
    }
    let (s, t) = (s as Real, t as Real);
    Some(SegmentPair { s, t, on_a: segment_point(a, s), on_b: segment_point(b, t) })
}

/// Both capsules' cores in a's frame, with their radii.
#[derive(Clone, Copy, Debug)]
struct Cores {
    a: [Vector; 2],
    b: [Vector; 2],
    ra: Real,
    rb: Real,
}

#[inline]
fn cores(a: &Capsule, pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> Cores {
    let xf = pose_a.inv_mul(pose_b);
    Cores { a: [a.a(), a.b()], b: [xf.apply(b.a()), xf.apply(b.b())], ra: a.radius(), rb: b.radius() }
}

impl Cores {
    /// The separation of the full shadows along the unit `u` (from a to b), and `u` turned to
    /// the side that separation is measured on.
    ///
    /// The closest-points axis points from a's closest point to b's, which is the way out
    /// unless the two points are closer than rounding: cores that meet within 1e-45 (fuzz
    /// finding 5) give a direction of pure noise, along which the shadows' separation may be
    /// their backward gap (a normal whose push was 1.144 for a separation of −1.0). The
    /// separation of the shadows is the same either way; the normal must be the way it is
    /// measured (as for a sphere and a capsule).
    #[inline]
    fn separation_along(&self, u: Vector) -> (Vector, Real) {
        let (on_a, on_b) = (segment_shadow(self.a, self.ra, u), segment_shadow(self.b, self.rb, u));
        let (forwards, backwards) = (on_b.min - on_a.max, on_a.min - on_b.max);
        if backwards > forwards {
            (-u, backwards)
        } else {
            (u, forwards)
        }
    }

    /// The candidate axes in test order, each unit and pointing from a to b (see the module
    /// docs); at least one is present.
    fn candidates(&self, pair: &SegmentPair) -> [Option<(Axis, Vector)>; 4] {
        // When one closest point is an end and the other lies inside its segment, the way
        // between them is at right angles to that segment: taken so, from the inputs in f64,
        // not from the difference of the two rounded points, which for cores 8.5 apart and
        // 17,000 long at 1e4 turned it by 4e-4 rad, so that the long core's shadow on it was
        // 6 wide and the depth 6 too large in one order (fuzz, the input first taken for
        // finding 11).
        let inside = |x: Real| x > 0.0 && x < 1.0;
        let closest = match (inside(pair.s), inside(pair.t)) {
            (true, false) => across(self.a, pair.on_b).map(|u| -u),
            (false, true) => across(self.b, pair.on_a),
            _ => unit(pair.on_b - pair.on_a),
        }
        .map(|u| (Axis::ClosestPoints, u));
        let (da, db) = (self.a[1] - self.a[0], self.b[1] - self.b[0]);
        let second = match unit_cross(da, db) {
            Some(n) => {
                // Which way b lies: the signed distance between the two lines, in f64.
                let side = n.to_f64().dot(self.b[0].to_f64() - self.a[0].to_f64());
                Some((Axis::Edges { a: 0, b: 0 }, if side < 0.0 { -n } else { n }))
            }
            None => match across(self.a, self.b[0]) {
                Some(from_b) => Some((Axis::ClosestPoints, -from_b)),
                None => across(self.b, self.a[0]).map(|u| (Axis::ClosestPoints, u)),
            },
        };
        // Two ends closest: rounding may have put one of them there where the true closest
        // point lies just inside its segment (the end-against-segment distances differ by far
        // less than their rounding when the segments are long and far apart). The way between
        // the two ends is then turned off the right one by as much as the true point's
        // distance from the end over the gap, and a long core's shadow on it widens by its
        // length times that (fuzz: 1.2 too little separation for a core 6,700 long at 9,500,
        // in one order). The ways straight across each segment from the other's end are
        // candidates too: each is a real direction, so its gap never exceeds the distance, and
        // the right one has the exact gap.
        let ends = !inside(pair.s) && !inside(pair.t);
        let (across_a, across_b) = if ends {
            (
                across(self.a, pair.on_b).map(|u| (Axis::ClosestPoints, -u)),
                across(self.b, pair.on_a).map(|u| (Axis::ClosestPoints, u)),
            )
        } else {
            (None, None)
        };
        match (closest, second) {
            (None, None) => [Some((Axis::ClosestPoints, FALLBACK_AXIS)), None, across_a, across_b],
            pair => [pair.0, pair.1, across_a, across_b],
        }
    }

    /// The best candidate: (axis, unit direction a → b, separation), with the closest points.
    fn search(&self) -> (Axis, Vector, Real, SegmentPair) {
        let pair = closest_between_segments(self.a, self.b);
        let mut best = (Axis::ClosestPoints, FALLBACK_AXIS, Real::NEG_INFINITY);
        for (axis, u) in self.candidates(&pair).into_iter().flatten() {
            let (u, s) = self.separation_along(u);
            if s > best.2 {
                best = (axis, u, s);
            }
        }
        (best.0, best.1, best.2, pair)
    }
}

/// Are the bounding spheres (about the segments' midpoints) apart? Conservatively: see
/// [`bounding_apart`].
#[inline]
fn spheres_apart(a: &Capsule, pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> bool {
    let xf = pose_a.inv_mul(pose_b);
    let gap = xf.apply(b.center()) - a.center();
    let reach = [a.half_length(), a.radius(), b.half_length(), b.radius()].map(|x| x as f64);
    let placed = placed_from(&xf, b.center()) + a.center().abs().element_sum();
    bounding_apart(gap, reach.iter().sum(), placed)
}

/// Do they overlap? Touching is not overlapping.
pub fn overlaps(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> bool {
    !spheres_apart(a, &pose_a, b, &pose_b) && cores(a, &pose_a, b, &pose_b).search().2 < 0.0
}

/// [`overlaps`], remembering the axis that separates. (Nothing is gained by trying it first:
/// the axes are recomputed from the closest points each time.)
pub fn overlaps_cached(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose, cache: &mut SatCache) -> bool {
    if spheres_apart(a, &pose_a, b, &pose_b) {
        cache.set(Axis::ClosestPoints);
        return false;
    }
    let (axis, _, s, _) = cores(a, &pose_a, b, &pose_b).search();
    if s >= 0.0 {
        cache.set(axis);
    }
    s < 0.0
}

/// The largest separation over the candidate axes: exactly the distance between the capsules
/// (negative: minus the penetration depth).
pub fn separation(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Separation {
    let (axis, direction, distance, _) = cores(a, &pose_a, b, &pose_b).search();
    Separation { normal: pose_a.rotation * direction, distance, axis }
}

/// The minimum translation vector, or `None` when they do not overlap.
pub fn contact(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Contact> {
    if spheres_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    separation(a, pose_a, b, pose_b).contact()
}

/// The contact manifold: two (or three) points when the capsules lie side by side, else one
/// (see the module docs). Points lie on b's surface.
///
/// ```
/// use septa3d::{pair::capsule_capsule, Capsule, Pose, Vector};
/// let log = Capsule::new(Vector::new(-1.0, 0.0, 0.0), Vector::new(1.0, 0.0, 0.0), 0.5).unwrap();
/// // one log on another, 0.875 apart: sunk 0.125, two points (the ends of the overlap)
/// let m = capsule_capsule::collide(&log, Pose::IDENTITY, &log, Pose::from_translation(Vector::new(0.5, 0.875, 0.0)))
///     .unwrap();
/// assert_eq!(m.points().len(), 2);
/// assert_eq!(m.normal, Vector::Y);
/// // crossed logs touch in one point
/// let across = Capsule::new(Vector::new(0.0, 0.0, -1.0), Vector::new(0.0, 0.0, 1.0), 0.5).unwrap();
/// let m = capsule_capsule::collide(&log, Pose::IDENTITY, &across, Pose::from_translation(Vector::new(0.0, 0.875, 0.0)))
///     .unwrap();
/// assert_eq!(m.points().len(), 1);
/// ```
pub fn collide(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Manifold> {
    if spheres_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    let cores = cores(a, &pose_a, b, &pose_b);
    let (_, direction, distance, pair) = cores.search();
    if distance >= 0.0 {
        return None;
    }
    let closest = ContactPoint {
        point: pair.on_b - direction * cores.rb,
        depth: -distance,
        id: FeatureId { a: capsule_feature(pair.s), b: capsule_feature(pair.t) },
    };
    let manifold = side_by_side(&cores, direction, closest).unwrap_or(Manifold::one(direction, closest));
    Some(manifold.to_world(&pose_a))
}

/// The manifold of capsules lying side by side, or `None` when they do not (not parallel within
/// [`SIDE_BY_SIDE`], no overlap along a's segment, or no clipped end in contact).
///
/// b's segment is clipped to the slab between the planes through a's ends perpendicular to a;
/// each clipped end `q` gets its own depth `ra + rb − dist(q, a's segment)` (at most the MTV
/// depth) and the point of b's surface straight across b's segment from `q`, on the side facing
/// a's core. Ids: an unclipped end `k` of b is
/// `(Edge(0), Vertex(k))`, a point cut by the plane through a's end `k` is `(Vertex(k), Edge(0))`.
///
/// ```text
///      a0 •———————————————————• a1
///           :                 :
///   b0 •————x=================x—————• b1     x: the clipped ends
/// ```
fn side_by_side(cores: &Cores, normal: Vector, closest: ContactPoint) -> Option<Manifold> {
    let (da, db) = (cores.a[1] - cores.a[0], cores.b[1] - cores.b[0]);
    let (ua, ub) = (unit_f64(da.to_f64())?, unit_f64(db.to_f64())?);
    if ua.cross(ub).length() > SIDE_BY_SIDE as f64 {
        return None;
    }
    // Distances along a's axis from a0: b's ends at τ0, τ1; a's slab is [0, length].
    let along = ua.to_real();
    let length = da.dot(along);
    let tau = [along.dot(cores.b[0] - cores.a[0]), along.dot(cores.b[1] - cores.a[0])];
    let end_id = |k: u32| FeatureId { a: crate::Feature::Edge(0), b: crate::Feature::Vertex(k) };
    let cut_id = |k: u32| FeatureId { a: crate::Feature::Vertex(k), b: crate::Feature::Edge(0) };
    let mut lo = (0.0 as Real, end_id(0));
    let mut hi = (1.0 as Real, end_id(1));
    // Keep f(λ) ≤ 0 for f = −τ (past a0) and f = τ − length (past a1), f linear in λ.
    for (k, f) in [(0, [-tau[0], -tau[1]]), (1, [tau[0] - length, tau[1] - length])] {
        match (f[0] > 0.0, f[1] > 0.0) {
            (true, true) => return None,
            (true, false) if f[0] / (f[0] - f[1]) > lo.0 => lo = (f[0] / (f[0] - f[1]), cut_id(k)),
            (false, true) if f[0] / (f[0] - f[1]) < hi.0 => hi = (f[0] / (f[0] - f[1]), cut_id(k)),
            _ => {}
        }
    }
    if lo.0 >= hi.0 {
        return None;
    }
    // The point of b's surface under q: q moved by rb straight across b's segment, on the side
    // facing a's core (the part of q − c perpendicular to b), so that it lies on b's cylinder.
    let along_b = ub.to_real();
    let across_b = |w: Vector| unit(w - along_b * w.dot(along_b));
    let point_at = |(lambda, id): (Real, FeatureId)| {
        let q = segment_point(cores.b, lambda);
        let (c, _) = closest_on_segment(cores.a, q);
        let (gap, _) = length_and_unit(q - c);
        let depth = cores.ra + cores.rb - gap;
        let down = across_b(q - c).or_else(|| across_b(normal)).unwrap_or(normal);
        (depth > 0.0).then(|| ContactPoint { point: q - down * cores.rb, depth, id })
    };
    let mut points = [closest; 3];
    let mut len = 0;
    for p in [point_at(lo), point_at(hi)].into_iter().flatten() {
        points[len] = p;
        len += 1;
    }
    if len == 0 {
        return None;
    }
    // Segments crossing at a small angle touch deepest between the clipped ends: keep that
    // point too, so the manifold is as deep as the MTV.
    let shallowest_end = points[..len].iter().fold(Real::INFINITY, |m, p| m.min(p.depth));
    let deepest_end = points[..len].iter().fold(0.0, |m: Real, p| m.max(p.depth));
    if closest.depth - deepest_end > 1e-3 * closest.depth && shallowest_end < closest.depth {
        points[len] = closest;
        len += 1;
    }
    Manifold::from_points(normal, &points[..len])
}

/// The step trace: the closest-points axis, then the cross product of the segments (or, for
/// parallel segments, the direction across them).
pub fn trace(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Trace {
    let cores = cores(a, &pose_a, b, &pose_b);
    let pair = closest_between_segments(cores.a, cores.b);
    let steps = cores
        .candidates(&pair)
        .into_iter()
        .flatten()
        .map(|(axis, u)| {
            let (shadow_a, shadow_b) =
                (segment_shadow(cores.a, cores.ra, u), segment_shadow(cores.b, cores.rb, u));
            AxisStep::from_local(axis, u, shadow_a, shadow_b, &pose_a)
        })
        .collect();
    Trace::from_steps(steps, collide(a, pose_a, b, pose_b))
}
