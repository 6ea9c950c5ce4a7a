//! Hull (or cuboid) against sphere.
//!
//! The sphere is its centre `c` grown by its radius `r`, so the pair overlaps exactly when `c`
//! is nearer the hull than `r`, and the answer is the signed distance from `c` to the hull,
//! minus `r`. SAT finds it with two kinds of candidate axis:
//!
//! * the hull's **face normals**: along face `i` the separation is `nᵢ·c − dᵢ − r` (the hull
//!   reaches exactly `dᵢ` along its face normal). When the centre is inside the hull the
//!   largest of these is exact: the shortest way out of a convex polyhedron is through its
//!   nearest face plane. It is also exact when the point of the hull nearest `c` is inside a
//!   face.
//! * the direction from the hull's **nearest feature** (a vertex, [`Axis::VertexA`], or an
//!   edge, [`Axis::EdgeA`]) to the centre. Without it a sphere off a corner or an edge, inside
//!   every face's slab but clear of the hull, would be reported as overlapping:
//!
//! ```text
//!            +--------+
//!           /        /|        every face normal shows overlap,
//!          +--------+ |        but along  v → c  there is a gap
//!          |        | +
//!          |   a    |/ .
//!          +--------v    .  ( c )
//! ```
//!
//! The nearest feature is looked for only when the best face does not settle it: not when the
//! centre is inside the hull (best face height below zero by more than rounding), and not when the centre projects into
//! the best face (then that face is nearest, as its height is the largest lower bound of the
//! distance and is attained). Otherwise the nearest point lies on an edge bordering a face the
//! centre is above (the direction from the nearest point to `c` lies in that point's normal
//! cone, so it makes an acute angle with one of the faces there), so only those edges are
//! measured. The new axis is projected in full (the hull's extent along it from a support
//! search), so rounding in a nearly-zero direction can never invent a gap.
//!
//! The manifold is one point, the sphere's deepest point into the hull (on the sphere's
//! surface), with ids `(Face/Edge/Vertex of the hull, Sphere)`.

use super::sphere_capsule::{across, bounding_apart, closest_on_segment, placed_from};
use super::sphere_sphere::{ball_shadow, unit};
use crate::trace::AxisStep;
use crate::{
    Axis, Contact, ContactPoint, ConvexHull, FaceLanes, Feature, FeatureId, Interval, Manifold, Polyhedral,
    Pose, Real, SatCache, Separation, Sphere, ToF64, Trace, Vector, Vector4,
};

/// The heights `n·p − d` of the point `p` above four face planes at once.
#[inline(always)]
pub(crate) fn lane_heights(lanes: &FaceLanes, p: Vector) -> Vector4 {
    lanes.nx * Vector4::splat(p.x) + lanes.ny * Vector4::splat(p.y) + lanes.nz * Vector4::splat(p.z) - lanes.d
}

/// The height of `p` above face `i`'s plane (`n·p − d`, negative below it).
#[inline]
pub(crate) fn height(hull: &ConvexHull, i: usize, p: Vector) -> Real {
    hull.face_normal(i).dot(p) - hull.face_offset(i)
}

/// The face `p` is highest above, with that height (the lowest index on ties).
#[inline]
pub(crate) fn highest_face(hull: &ConvexHull, p: Vector) -> (usize, Real) {
    highest_face_until(hull, p, Real::INFINITY).unwrap_or_else(|i| (i, height(hull, i, p)))
}

/// [`highest_face`], or, as `Err`, a face where the height reaches `stop` (the search stops
/// at the first group of four faces holding one).
#[inline]
fn highest_face_until(hull: &ConvexHull, p: Vector, stop: Real) -> Result<(usize, Real), usize> {
    let mut best = (0, Real::NEG_INFINITY);
    for (group, lanes) in hull.face_lanes().iter().enumerate() {
        // Padding lanes repeat the last face and never beat it (ties keep the first).
        for (k, h) in lane_heights(lanes, p).to_array().into_iter().enumerate() {
            if h > best.1 {
                best = (4 * group + k, h);
            }
        }
        if best.1 >= stop {
            return Err(best.0);
        }
    }
    Ok(best)
}

/// Does `p` project into face `i`, i.e. lie behind the side plane through each of its edges?
///
/// ```text
///        side plane: through the edge v → w, normal (w − v) × n (outwards)
///   w +----------+
///     |  face i  |   ← p projects inside when (w − v) × n · (p − v) ≤ 0 for every edge
///   v +----------+
/// ```
#[inline]
pub(crate) fn projects_inside(hull: &ConvexHull, i: usize, p: Vector) -> bool {
    let (n, vertices, corners) = (hull.face_normal(i), hull.vertices(), hull.face_vertices(i));
    let mut v = vertices[corners[corners.len() - 1] as usize];
    for &k in corners {
        let w = vertices[k as usize];
        if (w - v).cross(n).dot(p - v) > 0.0 {
            return false;
        }
        v = w;
    }
    true
}

/// The hull feature at parameter `t` of edge `j` (running from `tail` to `head`).
#[inline]
pub(crate) fn edge_feature(hull: &ConvexHull, j: usize, t: Real) -> Feature {
    let (tail, head) = hull.edge(j);
    if t <= 0.0 {
        Feature::Vertex(tail)
    } else if t >= 1.0 {
        Feature::Vertex(head)
    } else {
        Feature::Edge(j as u32)
    }
}

/// The axis that comes from hull feature `feature`, towards the round shape.
#[inline]
pub(crate) fn feature_axis(feature: Feature) -> Axis {
    match feature {
        Feature::Vertex(k) => Axis::VertexA(k),
        Feature::Edge(j) => Axis::EdgeA(j),
        Feature::Face(i) => Axis::FaceA(i),
        Feature::Sphere => Axis::ClosestPoints,
    }
}

/// A vertex of `feature` (a start for the support search along a direction near its normal
/// cone).
#[inline]
pub(crate) fn feature_vertex(hull: &ConvexHull, feature: Feature) -> u32 {
    match feature {
        Feature::Vertex(k) => k,
        Feature::Edge(j) => hull.edge(j as usize).0,
        Feature::Face(i) => hull.face_vertices(i as usize)[0],
        Feature::Sphere => 0,
    }
}

/// The hull's largest projection on the unit `u`, by a support search started at vertex `start`.
#[inline]
pub(crate) fn hull_reach(hull: &ConvexHull, u: Vector, start: u32) -> Real {
    hull.vertices()[hull.support_from(u, start) as usize].dot(u)
}

/// How far below a face plane `c` may be judged and still be above it: the rounding of the
/// heights `n·c − d`, a few ulps of `c`'s coordinates and of the hull's size.
///
/// A point just outside a thin hull can be below every face plane by rounding: beside a sheet
/// 0.008 thick and 9,700 across, in the sheet's plane and 25 past its rim, the rim faces lean
/// by 1e-6 and rise 2e-5 to the centre, under the 3e-4 that rounding at 4,870 moves a height
/// (fuzz finding 32: the sphere's depth was read from the sheet's face, 25 too deep). Heights
/// within this of zero then also look for the nearest feature; its axis is projected in full,
/// so it can only make the separation better, never wrong.
#[inline]
pub(crate) fn height_slack(hull: &ConvexHull, c: Vector) -> Real {
    16.0 * Real::EPSILON
        * (c.abs().element_sum() + hull.centroid().abs().element_sum() + hull.bounding_radius())
}

/// The point of the hull nearest `c` among the edges that border a face `c` is above (see the
/// module docs; above within `slack`, [`height_slack`]), with its feature (an edge, or a
/// vertex at an edge's end).
///
/// The distances are compared in f64: far from the hull (a sphere of radius 10,000 beside a box
/// 12 thick), the squared distances to an edge's inside and to its end differ by less than their
/// ulps in f32, and the end, met first by way of another edge, would win the tie; its axis
/// leans along the edge and bounds the overlap 2.4 too deep, so the face was taken instead, and
/// the contact point placed 13 off the box (fuzz finding 42).
fn nearest_on_edges(hull: &ConvexHull, c: Vector, slack: Real) -> (Vector, Feature) {
    let vertices = hull.vertices();
    let mut best = (vertices[0], Feature::Vertex(0), f64::INFINITY);
    for (j, edge) in hull.edges().iter().enumerate() {
        let [f0, f1] = edge.faces;
        if height(hull, f0 as usize, c) <= -slack && height(hull, f1 as usize, c) <= -slack {
            continue;
        }
        let (q, t) = closest_on_segment([vertices[edge.tail as usize], vertices[edge.head as usize]], c);
        let d2 = c.to_f64().distance_squared(q.to_f64());
        if d2 < best.2 {
            best = (q, edge_feature(hull, j, t), d2);
        }
    }
    (best.0, best.1)
}

/// The axis from the nearest edge or vertex to the centre, outside the hull, when the best face
/// (`i`, height `h`) does not settle the distance: (hull feature, unit direction, separation).
fn feature_candidate(
    hull: &ConvexHull,
    (i, h): (usize, Real),
    c: Vector,
    r: Real,
) -> Option<(Feature, Vector, Real)> {
    let slack = height_slack(hull, c);
    if h <= -slack || projects_inside(hull, i, c) {
        return None;
    }
    let (q, feature) = nearest_on_edges(hull, c, slack);
    // From a point inside an edge the way to the centre is at right angles to the edge: taken
    // so, in f64 from the edge's ends ([`across`]), not from the rounded nearest point, which
    // along an edge 18,000 long lies an ulp (1e-3) off and turns the axis by 1e-4, so that
    // the edge's shadow on it widens by 1 and a gap of 0.06 read as an overlap of 1 (fuzz).
    let u = match feature {
        Feature::Edge(j) => {
            let (tail, head) = hull.edge(j as usize);
            let ends = [hull.vertices()[tail as usize], hull.vertices()[head as usize]];
            across(ends, c).map(|u| -u).or_else(|| unit(c - q))?
        }
        _ => unit(c - q)?,
    };
    Some((feature, u, u.dot(c) - r - hull_reach(hull, u, feature_vertex(hull, feature))))
}

/// The best axis, in the hull's frame: (hull feature it comes from, unit direction from a to
/// b, separation). Faces win ties.
#[inline]
fn search(hull: &ConvexHull, c: Vector, r: Real) -> (Feature, Vector, Real) {
    let (i, h) = highest_face(hull, c);
    let face = (Feature::Face(i as u32), hull.face_normal(i), h - r);
    match feature_candidate(hull, (i, h), c, r) {
        Some(candidate) if candidate.2 > face.2 => candidate,
        _ => face,
    }
}

/// The sphere's centre in the hull's frame.
#[inline]
fn center_in(pose_a: &Pose, b: &Sphere, pose_b: &Pose) -> Vector {
    pose_a.inv_mul(pose_b).apply(b.center())
}

/// [`center_in`], and the magnitude of the coordinates it was computed from (see
/// [`spheres_apart`]).
#[inline]
fn placed_center(pose_a: &Pose, b: &Sphere, pose_b: &Pose) -> (Vector, Real) {
    let xf = pose_a.inv_mul(pose_b);
    (xf.apply(b.center()), placed_from(&xf, b.center()))
}

/// Are the hull's bounding sphere (about its centroid) and the sphere (centre `c` in the
/// hull's frame, placed there from coordinates of magnitude `placed`) apart? Conservatively,
/// so that a small shape next to a large one is not rounded away: see [`bounding_apart`].
#[inline]
fn spheres_apart(hull: &ConvexHull, c: Vector, r: Real, placed: Real) -> bool {
    let reach = hull.bounding_radius() as f64 + r as f64;
    bounding_apart(c - hull.centroid(), reach, placed + hull.centroid().abs().element_sum())
}

/// Do they overlap? Faces first, stopping at the first that separates; then, only when the
/// best face does not settle it, the axis from the nearest feature. Touching is not
/// overlapping.
pub fn overlaps<A: Polyhedral>(a: &A, pose_a: Pose, b: &Sphere, pose_b: Pose) -> bool {
    let (hull, (c, placed), r) = (a.hull(), placed_center(&pose_a, b, &pose_b), b.radius());
    if spheres_apart(hull, c, r, placed) {
        return false;
    }
    match highest_face_until(hull, c, r) {
        Err(_) => false,
        Ok(best) => feature_candidate(hull, best, c, r).is_none_or(|(_, _, s)| s < 0.0),
    }
}

/// [`overlaps`], trying a cached face first and remembering the axis that separates. (A cached
/// vertex or edge axis is not retried: which feature is nearest changes as the sphere moves,
/// and it is recomputed anyway.)
pub fn overlaps_cached<A: Polyhedral>(
    a: &A,
    pose_a: Pose,
    b: &Sphere,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    let (hull, c, r) = (a.hull(), center_in(&pose_a, b, &pose_b), b.radius());
    if let Some(Axis::FaceA(i)) = cache.axis() {
        if (i as usize) < hull.face_count() && height(hull, i as usize, c) >= r {
            return false;
        }
    }
    match highest_face_until(hull, c, r) {
        Err(i) => {
            cache.set(Axis::FaceA(i as u32));
            false
        }
        Ok(best) => match feature_candidate(hull, best, c, r) {
            Some((feature, _, s)) if s >= 0.0 => {
                cache.set(feature_axis(feature));
                false
            }
            _ => true,
        },
    }
}

/// The largest separation over the candidate axes: exactly the signed distance between the
/// shapes (positive: the gap; negative: minus the penetration depth).
pub fn separation<A: Polyhedral>(a: &A, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Separation {
    let (feature, direction, distance) = search(a.hull(), center_in(&pose_a, b, &pose_b), b.radius());
    Separation { normal: pose_a.rotation * direction, distance, axis: feature_axis(feature) }
}

/// The minimum translation vector, or `None` when they do not overlap.
pub fn contact<A: Polyhedral>(a: &A, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Option<Contact> {
    let (c, placed) = placed_center(&pose_a, b, &pose_b);
    if spheres_apart(a.hull(), c, b.radius(), placed) {
        return None;
    }
    separation(a, pose_a, b, pose_b).contact()
}

/// The one-point manifold: the sphere's deepest point into the hull (`c − normal × r`, on the
/// sphere's surface), with the MTV depth.
pub fn collide<A: Polyhedral>(a: &A, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Option<Manifold> {
    let (hull, (c, placed), r) = (a.hull(), placed_center(&pose_a, b, &pose_b), b.radius());
    if spheres_apart(hull, c, r, placed) {
        return None;
    }
    let (feature, direction, distance) = search(hull, c, r);
    if distance >= 0.0 {
        return None;
    }
    let point = ContactPoint {
        point: c - direction * r,
        depth: -distance,
        id: FeatureId { a: feature, b: Feature::Sphere },
    };
    Some(Manifold::one(direction, point).to_world(&pose_a))
}

/// The hull's shadow on the unit `u`, by projecting every vertex (the trace's plain way).
pub(crate) fn hull_shadow(hull: &ConvexHull, u: Vector) -> Interval {
    let (lo, hi) = hull.vertices().iter().fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), v| {
        let x = v.dot(u);
        (lo.min(x), hi.max(x))
    });
    Interval::new(lo, hi)
}

/// The step trace: every face normal of the hull, then (when the best face does not settle it)
/// the axis from the nearest vertex or edge to the centre.
pub fn trace<A: Polyhedral>(a: &A, pose_a: Pose, b: &Sphere, pose_b: Pose) -> Trace {
    let (hull, c, r) = (a.hull(), center_in(&pose_a, b, &pose_b), b.radius());
    let faces = (0..hull.face_count()).map(|i| (Axis::FaceA(i as u32), hull.face_normal(i)));
    let best = highest_face(hull, c);
    let nearest = feature_candidate(hull, best, c, r).map(|(feature, u, _)| (feature_axis(feature), u));
    let steps = faces
        .chain(nearest)
        .map(|(axis, u)| AxisStep::from_local(axis, u, hull_shadow(hull, u), ball_shadow(c, r, u), &pose_a))
        .collect();
    Trace::from_steps(steps, collide(a, pose_a, b, pose_b))
}
