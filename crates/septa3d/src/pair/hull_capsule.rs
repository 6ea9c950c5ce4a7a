//! Hull (or cuboid) against capsule.
//!
//! The capsule is its core segment `p0–p1` (direction `s`) grown by its radius `r`, so the
//! answer is the signed distance between the hull and the segment, minus `r`. That signed
//! distance is a question about the Minkowski difference `M = hull ⊖ segment`, the hull swept
//! along the segment, whose faces are
//!
//! * the hull's faces (swept): candidate axes are the **face normals** ([`Axis::FaceA`]), along
//!   which the separation is `min(n·p0, n·p1) − d − r`;
//! * bands swept by the hull's edges: axes `e × s` for the edges `e` on the hull's silhouette
//!   seen along `s` (`Axis::Edges { a: edge, b: 0 }`, a capsule's segment being its edge 0).
//!   On the Gauss map an edge is the arc between its two faces' normals, and the segment's
//!   directions of contact are the great circle perpendicular to `s`; only edges whose arc
//!   crosses that circle (`n₀·s` and `n₁·s` of opposite signs) bound `M`, and for them the
//!   axis lies on the arc, so the hull's extent along it is reached at the edge itself. Edges
//!   whose arc misses the circle are skipped without computing a cross product (the
//!   Gregorius pruning, as for two hulls), and so are edges parallel to the segment.
//!
//! When the segment meets the hull, the least push over these faces of `M` is exactly the
//! core's penetration depth (the shortest way out of a convex polyhedron is through its
//! nearest face), and the capsule's depth is that plus `r`. When the segment is outside the
//! hull, the exact distance comes from its **closest features**: the segment's ends against
//! the faces they project into, and the segment against the edges bordering a face it rises
//! above; the direction between the closest points is the last candidate ([`Axis::VertexA`],
//! [`Axis::EdgeA`], or [`Axis::FaceA`] when a face is nearest), projected in full. So
//! `separation` is exact both ways: the gap when apart, minus the depth when overlapping.
//!
//! ```text
//!                  ___________________
//!                 (_p0_______________p1_)     lying on the top face: clipped to the face's
//!        +-------------------+                side planes, two points, so it does not rock
//!       /        a          /|
//!      +-------------------+ |
//! ```
//!
//! **Manifold.** A face of the hull is the reference when it is the best axis or within
//! [`FACE_BIAS`] of it (relative to the smaller shape), so a capsule resting on a face does not
//! flip to an edge axis from frame to frame. The segment is clipped to the face's side planes
//! and each clipped end behind the face (moved down by `r` to the capsule's surface) is a
//! point: two points when the capsule lies on the face, one when it is tilted. An edge or
//! closest-feature axis gives one point, the capsule's deepest point along the normal. Ids:
//! `(Face(i), Vertex(k))` for an unclipped end `k`, `(Edge(e), Edge(0))` where the side plane
//! through edge `e` cut the segment, `(hull feature, capsule end or side)` for one point.

use glam::DVec3;

use super::capsule_capsule::{closest_between_segments, unit_cross_of_units, unit_f64};
use super::hull_sphere::{
    edge_feature, feature_axis, feature_vertex, height, height_slack, highest_face, hull_reach, hull_shadow,
    lane_heights, projects_inside,
};
use super::sphere_capsule::{
    across, bounding_apart, capsule_feature, placed_from, segment_point, segment_shadow,
};
use super::sphere_sphere::unit;
use crate::trace::AxisStep;
use crate::{
    Axis, Capsule, Contact, ContactPoint, ConvexHull, Feature, FeatureId, Manifold, Polyhedral, Pose, Real,
    SatCache, Separation, ToF64, ToReal, Trace, Vector, Vector4,
};

/// How much better (as a fraction of the smaller shape's size: the hull's bounding radius, or
/// half the capsule's length plus its radius) an edge or closest-feature axis must be than the
/// best face of the hull to replace it as the manifold's reference. Near ties then resolve to
/// the face every frame. The manifold's point depths can exceed the MTV depth by at most this.
pub const FACE_BIAS: Real = 5e-4;

/// The capsule's core seen from the hull's frame.
#[derive(Clone, Copy, Debug)]
struct Placed {
    ends: [Vector; 2],
    radius: Real,
}

impl Placed {
    /// [`height_slack`] for the core: how far below a face plane an end may be judged and still
    /// be above it (fuzz finding 32, for a sphere's centre beside a thin hull).
    #[inline]
    fn slack(&self, hull: &ConvexHull) -> Real {
        height_slack(hull, self.ends[0].abs().max(self.ends[1].abs()))
    }

    #[inline]
    fn direction(&self) -> Vector {
        self.ends[1] - self.ends[0]
    }

    /// The core's smallest projection on `u`.
    #[inline]
    fn low(&self, u: Vector) -> Real {
        self.ends[0].dot(u).min(self.ends[1].dot(u))
    }
}

#[inline]
fn place(pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> Placed {
    let xf = pose_a.inv_mul(pose_b);
    Placed { ends: [xf.apply(b.a()), xf.apply(b.b())], radius: b.radius() }
}

/// Are the bounding spheres (the hull's about its centroid, the capsule's about its midpoint)
/// apart? Conservatively, so that a small shape next to a large one is not rounded away: see
/// [`bounding_apart`].
#[inline]
fn spheres_apart(hull: &ConvexHull, pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> bool {
    let xf = pose_a.inv_mul(pose_b);
    let gap = xf.apply(b.center()) - hull.centroid();
    let reach = hull.bounding_radius() as f64 + b.half_length() as f64 + b.radius() as f64;
    bounding_apart(gap, reach, placed_from(&xf, b.center()) + hull.centroid().abs().element_sum())
}

/// What the pass over the faces learns: the best face for the segment as a whole (its core
/// separation `min(n·p0, n·p1) − d`), and for each end the face it is highest above.
#[derive(Clone, Copy, Debug)]
struct Faces {
    core: (usize, Real),
    ends: [(usize, Real); 2],
}

/// The pass over the faces, four at a time; or, as `Err`, a face whose core separation
/// reaches `stop`.
#[inline]
fn face_pass(hull: &ConvexHull, c: &Placed, stop: Real) -> Result<Faces, usize> {
    let mut best = Faces { core: (0, Real::NEG_INFINITY), ends: [(0, Real::NEG_INFINITY); 2] };
    for (group, lanes) in hull.face_lanes().iter().enumerate() {
        let (h0, h1) = (lane_heights(lanes, c.ends[0]), lane_heights(lanes, c.ends[1]));
        let (h0, h1, core) = (h0.to_array(), h1.to_array(), h0.min(h1).to_array());
        // Padding lanes repeat the last face and never beat it (ties keep the first).
        for k in 0..4 {
            let i = 4 * group + k;
            raise(&mut best.core, i, core[k]);
            raise(&mut best.ends[0], i, h0[k]);
            raise(&mut best.ends[1], i, h1[k]);
        }
        if best.core.1 >= stop {
            return Err(best.core.0);
        }
    }
    Ok(best)
}

/// Whether the core passes through the hull shrunk by `slack` (every face plane moved in by
/// it): the segment clipped by each face's half-space in turn (Cyrus–Beck), four faces at a
/// time, keeps a part of positive length. With heights `a` and `b` of the ends over a shrunk
/// face, the part below it starts at `a / (a − b)` when the first end is above (`a > 0 ≥ b`)
/// and ends there when the second is (`b > 0 ≥ a`); both above, nothing is below. (The heights
/// are the face pass's once more: kept out of [`face_pass`], which `contact` and `collide`
/// share, so that they do not pay for a clip only `overlaps` asks.)
///
/// ```text
///        end 0 ●                     face plane (shrunk)
///   ------------\------------------  a > 0 above, b ≤ 0 below: the segment enters
///                \   hull            at t = a / (a − b)
///                 ● end 1
/// ```
#[inline]
fn core_passes_through(hull: &ConvexHull, c: &Placed, slack: Real) -> bool {
    let shrink = Vector4::splat(slack);
    let (zero, one) = (Vector4::ZERO, Vector4::ONE);
    let (mut enter, mut leave) = (zero, one);
    for lanes in hull.face_lanes() {
        let a = lane_heights(lanes, c.ends[0]) + shrink;
        let b = lane_heights(lanes, c.ends[1]) + shrink;
        let (a_above, b_above) = (a.cmpgt(zero), b.cmpgt(zero));
        if (a_above & b_above).any() {
            return false;
        }
        // Only lanes with exactly one end above divide by a nonzero a − b; the others keep
        // the interval as it is.
        let t = a / (a - b);
        enter = enter.max(Vector4::select(a_above, t, zero));
        leave = leave.min(Vector4::select(b_above, t, one));
    }
    enter.max_element() < leave.min_element()
}

/// Keeps `(i, h)` in `best` when `h` is larger.
#[inline(always)]
fn raise(best: &mut (usize, Real), i: usize, h: Real) {
    if h > best.1 {
        *best = (i, h);
    }
}

/// The segment's direction `s`, and as a unit vector in f64 (`None` for a zero-length capsule,
/// which has no edge axes).
#[derive(Clone, Copy, Debug)]
struct Direction {
    s: Vector,
    unit: DVec3,
}

impl Placed {
    #[inline]
    fn unit_direction(&self) -> Option<Direction> {
        let s = self.direction();
        Some(Direction { s, unit: unit_f64(s.to_f64())? })
    }
}

/// The axis of edge `j` crossed with the segment direction `s`, when edge `j` is on the
/// silhouette (its Gauss-map arc crosses the great circle perpendicular to `s`; see the module
/// docs): (unit axis pointing out of the hull, core separation along it).
#[inline]
fn edge_axis(hull: &ConvexHull, j: usize, c: &Placed, s: Direction) -> Option<(Vector, Real)> {
    let edge = hull.hull_edge(j);
    let (n0, n1) = (hull.face_normal(edge.faces[0] as usize), hull.face_normal(edge.faces[1] as usize));
    let (a0, a1) = (n0.dot(s.s), n1.dot(s.s));
    if !((a0 > 0.0 && a1 < 0.0) || (a0 < 0.0 && a1 > 0.0)) {
        return None;
    }
    let u = unit_cross_of_units(unit_f64(hull.edge_direction(j).to_f64())?, s.unit)?;
    // On the arc, u is a positive mix of the two face normals: outwards.
    let u = if u.dot(n0 + n1) < 0.0 { -u } else { u };
    // The hull's reach along u is its own support, not the edge's ends: for an edge whose faces
    // are nearly parallel (a short edge), u computed from rounded directions need not lie on the
    // edge's arc, and the edge's ends then understate the reach and overstate the gap (fuzz
    // finding 16: 12,967 where the distance was at most 9,068), which `time_of_impact` would
    // step by. The support makes every gap a true one, so a lower bound of the distance.
    let reach = hull.vertices()[hull.support(u) as usize].dot(u);
    Some((u, c.low(u) - reach))
}

/// The best edge axis (edge, unit axis, core separation); or, as `Err`, an edge whose core
/// separation reaches `stop`.
#[inline]
fn edge_pass(hull: &ConvexHull, c: &Placed, stop: Real) -> Result<Option<(usize, Vector, Real)>, usize> {
    let Some(s) = c.unit_direction() else { return Ok(None) };
    let mut best: Option<(usize, Vector, Real)> = None;
    for j in 0..hull.edge_count() {
        if let Some((u, sep)) = edge_axis(hull, j, c, s) {
            if sep >= stop {
                return Err(j);
            }
            if best.is_none_or(|b| sep > b.2) {
                best = Some((j, u, sep));
            }
        }
    }
    Ok(best)
}

/// The closest features of the hull and the segment, the segment being outside the hull.
#[derive(Clone, Copy, Debug)]
struct Nearest {
    /// The hull's feature holding the closest point.
    feature: Feature,
    /// The closest point of the hull.
    on_hull: Vector,
    /// The segment parameter of the closest point of the segment.
    t: Real,
    /// The closest point of the segment.
    on_core: Vector,
}

/// The closest features (see the module docs): each end against the face it is highest above,
/// when it projects into that face, and the segment against every edge that borders a face
/// some end of the segment is above.
fn nearest(hull: &ConvexHull, c: &Placed, faces: &Faces) -> Nearest {
    let vertices = hull.vertices();
    let mut best = Nearest { feature: Feature::Vertex(0), on_hull: vertices[0], t: 0.0, on_core: c.ends[0] };
    let mut best_d2 = Real::INFINITY;
    for (k, &(i, h)) in faces.ends.iter().enumerate() {
        let p = c.ends[k];
        if h > 0.0 && h * h < best_d2 && projects_inside(hull, i, p) {
            let on_hull = p - hull.face_normal(i) * h;
            best = Nearest { feature: Feature::Face(i as u32), on_hull, t: k as Real, on_core: p };
            best_d2 = h * h;
        }
    }
    // Only edges of faces the segment is above (within rounding) can be nearest, unless it is above
    // none: a core that touches the hull (an end on a corner, say) can be judged outside in
    // f64 (`core_inside`) and on every face plane or below it here, in `Real`; then every edge
    // is measured, so that the nearest is never the placeholder corner 0 (fuzz: a point
    // 12,000 from a sphere centred on another corner of the hull).
    let slack = c.slack(hull);
    let above = |f: u32| c.ends.iter().any(|&p| height(hull, f as usize, p) > -slack);
    let any_above = (0..hull.face_count() as u32).any(above);
    for (j, edge) in hull.edges().iter().enumerate() {
        if any_above && !(above(edge.faces[0]) || above(edge.faces[1])) {
            continue;
        }
        let pair =
            closest_between_segments([vertices[edge.tail as usize], vertices[edge.head as usize]], c.ends);
        let d2 = pair.on_a.distance_squared(pair.on_b);
        if d2 < best_d2 {
            best = Nearest {
                feature: edge_feature(hull, j, pair.s),
                on_hull: pair.on_a,
                t: pair.t,
                on_core: pair.on_b,
            };
            best_d2 = d2;
        }
    }
    best
}

/// The closest-features axis (segment outside the hull): the nearest features, the unit
/// direction from the hull to the segment, and the core separation along it (projected in
/// full: the hull's extent from a support search).
#[inline]
fn nearest_axis(hull: &ConvexHull, c: &Placed, faces: &Faces) -> Option<(Nearest, Vector, Real)> {
    let near = nearest(hull, c, faces);
    // Where one closest point lies inside an edge or inside the core, the way between them is
    // at right angles to that edge or core: taken so, in f64 from its ends (`across`), not from
    // the two rounded points, whose rounding along a long edge or core turns the axis and
    // widens that feature's shadow on it by its length times the turn (fuzz findings 29 and
    // 30, for two capsules and for a hull and a sphere).
    let inside_core = near.t > 0.0 && near.t < 1.0;
    let straight = match near.feature {
        Feature::Edge(j) if !inside_core => {
            let (tail, head) = hull.edge(j as usize);
            let ends = [hull.vertices()[tail as usize], hull.vertices()[head as usize]];
            across(ends, near.on_core).map(|u| -u)
        }
        Feature::Vertex(_) if inside_core => across(c.ends, near.on_hull),
        _ => None,
    };
    let u = straight.or_else(|| unit(near.on_core - near.on_hull))?;
    Some((near, u, c.low(u) - hull_reach(hull, u, feature_vertex(hull, near.feature))))
}

/// Which candidate won.
#[derive(Clone, Copy, Debug)]
enum Best {
    Face(usize),
    Edge(usize),
    Nearest(Nearest),
}

/// The search's answer: the best candidate, its unit direction from a to b, its separation
/// (radius included), and the face pass (the manifold needs the best face).
#[derive(Clone, Copy, Debug)]
struct Found {
    best: Best,
    direction: Vector,
    separation: Real,
    faces: Faces,
}

/// Every candidate axis (in the hull's frame); faces win ties, then edges.
fn search(hull: &ConvexHull, c: &Placed) -> Found {
    let faces = face_pass(hull, c, Real::INFINITY).unwrap_or_else(|_| Faces {
        core: highest_core_face(hull, c),
        ends: [highest_face(hull, c.ends[0]), highest_face(hull, c.ends[1])],
    });
    let (i, core) = faces.core;
    let mut best = (Best::Face(i), hull.face_normal(i), core);
    if let Ok(Some((j, u, s))) = edge_pass(hull, c, Real::INFINITY) {
        if s > best.2 {
            best = (Best::Edge(j), u, s);
        }
    }
    if best.2 > -c.slack(hull) {
        // The core is outside the hull (or within rounding of it): the closest features give
        // the exact distance.
        if let Some((near, u, s)) = nearest_axis(hull, c, &faces) {
            if s > best.2 {
                best = (Best::Nearest(near), u, s);
            }
        }
    }
    Found { best: best.0, direction: best.1, separation: best.2 - c.radius, faces }
}

/// The face with the largest core separation, one face at a time (only reached if a face pass
/// with no stop stopped, which needs an infinite height).
fn highest_core_face(hull: &ConvexHull, c: &Placed) -> (usize, Real) {
    (0..hull.face_count())
        .map(|i| (i, height(hull, i, c.ends[0]).min(height(hull, i, c.ends[1]))))
        .fold((0, Real::NEG_INFINITY), |m, x| if x.1 > m.1 { x } else { m })
}

/// The axis a candidate reports.
#[inline]
fn axis_of(best: Best) -> Axis {
    match best {
        Best::Face(i) => Axis::FaceA(i as u32),
        Best::Edge(j) => Axis::Edges { a: j as u32, b: 0 },
        Best::Nearest(near) => feature_axis(near.feature),
    }
}

/// Faces, then silhouette edges, each stopping at the first that separates by the radius; then
/// the closest features, only when the core is outside the hull. Returns the separating axis,
/// if any.
fn separating_axis(hull: &ConvexHull, c: &Placed) -> Option<Axis> {
    let faces = match face_pass(hull, c, c.radius) {
        Err(i) => return Some(Axis::FaceA(i as u32)),
        Ok(faces) => faces,
    };
    // A point of the core below every face plane by the slack lies inside the hull with a ball
    // of that radius about it, so along every axis, edge axes included, the core reaches at
    // least that far into the hull: the core meets it, as the test below would find after the
    // edges. (Deep overlaps, most of them, end here: the edge pass costs several times the
    // face pass.)
    let slack = c.slack(hull);
    if faces.ends[0].1.min(faces.ends[1].1) <= -slack || core_passes_through(hull, c, slack) {
        return None;
    }
    // An end above its highest face by less than the radius, over the face itself (its foot on
    // the face's plane inside the face): that foot is a point of the hull nearer the end than
    // the radius. (Margins of a few slacks for the rounding of the height and of the test.)
    for (end, &(i, h)) in c.ends.iter().zip(&faces.ends) {
        if h > 0.0 && h + 8.0 * slack < c.radius && projects_inside(hull, i, *end) {
            return None;
        }
    }
    let edge = match edge_pass(hull, c, c.radius) {
        Err(j) => return Some(Axis::Edges { a: j as u32, b: 0 }),
        Ok(edge) => edge,
    };
    let core = edge.map_or(faces.core.1, |e| e.2.max(faces.core.1));
    if core <= -slack {
        return None; // the core meets the hull
    }
    match nearest_axis(hull, c, &faces) {
        Some((near, _, s)) if s >= c.radius => Some(feature_axis(near.feature)),
        _ => None,
    }
}

/// Do they overlap? Stops at the first separating axis; touching is not overlapping.
pub fn overlaps<A: Polyhedral>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> bool {
    let hull = a.hull();
    !spheres_apart(hull, &pose_a, b, &pose_b) && separating_axis(hull, &place(&pose_a, b, &pose_b)).is_none()
}

/// [`overlaps`], trying a cached face or edge axis first and remembering the axis that
/// separates. (A cached closest-feature axis is not retried: it is recomputed anyway.)
pub fn overlaps_cached<A: Polyhedral>(
    a: &A,
    pose_a: Pose,
    b: &Capsule,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    let (hull, c) = (a.hull(), place(&pose_a, b, &pose_b));
    let cached = match cache.axis() {
        Some(Axis::FaceA(i)) if (i as usize) < hull.face_count() => {
            let i = i as usize;
            Some(height(hull, i, c.ends[0]).min(height(hull, i, c.ends[1])))
        }
        Some(Axis::Edges { a: j, b: 0 }) if (j as usize) < hull.edge_count() => {
            c.unit_direction().and_then(|s| edge_axis(hull, j as usize, &c, s)).map(|(_, s)| s)
        }
        _ => None,
    };
    if cached.is_some_and(|s| s >= c.radius) {
        return false;
    }
    match separating_axis(hull, &c) {
        Some(axis) => {
            cache.set(axis);
            false
        }
        None => true,
    }
}

/// The largest separation over the candidate axes: exactly the signed distance between the
/// shapes (positive: the gap; negative: minus the penetration depth).
pub fn separation<A: Polyhedral>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Separation {
    let found = search(a.hull(), &place(&pose_a, b, &pose_b));
    Separation {
        normal: pose_a.rotation * found.direction,
        distance: found.separation,
        axis: axis_of(found.best),
    }
}

/// The minimum translation vector, or `None` when they do not overlap.
pub fn contact<A: Polyhedral>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Contact> {
    if spheres_apart(a.hull(), &pose_a, b, &pose_b) {
        return None;
    }
    separation(a, pose_a, b, pose_b).contact()
}

/// The contact manifold: one or two points on the capsule's surface (see the module docs).
///
/// ```
/// use septa3d::{pair::hull_capsule, Capsule, Cuboid, Pose, Vector};
/// let ground = Cuboid::new(Vector::new(5.0, 1.0, 5.0)).unwrap();
/// let log = Capsule::new(Vector::new(-1.0, 0.0, 0.0), Vector::new(1.0, 0.0, 0.0), 0.25).unwrap();
/// let resting = Pose::from_translation(Vector::new(0.0, 1.125, 0.0)); // sunk 0.125
/// let m = hull_capsule::collide(&ground, Pose::IDENTITY, &log, resting).unwrap();
/// assert_eq!(m.points().len(), 2); // under both ends: it lies still
/// assert_eq!(m.normal, Vector::Y);
/// assert!(m.points().iter().all(|p| (p.depth - 0.125).abs() < 1e-6));
/// ```
pub fn collide<A: Polyhedral>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Manifold> {
    let hull = a.hull();
    if spheres_apart(hull, &pose_a, b, &pose_b) {
        return None;
    }
    let c = place(&pose_a, b, &pose_b);
    let found = search(hull, &c);
    if found.separation >= 0.0 {
        return None;
    }
    let (i, face_core) = found.faces.core;
    let tolerance = FACE_BIAS * hull.bounding_radius().min(b.half_length() + b.radius());
    // A face within the bias is the reference when clipping leaves a point behind it; a face
    // that only won by the bias but has the capsule beside it (clipped away) is not.
    let face_first =
        matches!(found.best, Best::Face(_)) || face_core - c.radius >= found.separation - tolerance;
    let face = if face_first { face_manifold(hull, i, &c) } else { None };
    let manifold = match (face, found.best) {
        (Some(manifold), _) => manifold,
        (None, Best::Face(i)) => fallback_point(hull, i, &c, &found.faces),
        (None, Best::Edge(j)) => {
            let (tail, head) = hull.edge(j);
            let edge = [hull.vertices()[tail as usize], hull.vertices()[head as usize]];
            let pair = closest_between_segments(edge, c.ends);
            one_point(
                &c,
                found,
                pair.on_b,
                FeatureId { a: Feature::Edge(j as u32), b: capsule_feature(pair.t) },
            )
        }
        (None, Best::Nearest(near)) => {
            one_point(&c, found, near.on_core, FeatureId { a: near.feature, b: capsule_feature(near.t) })
        }
    };
    Some(manifold.to_world(&pose_a))
}

/// The one-point manifold at the core point `q`: the capsule's point `q − normal × r`, with the
/// MTV depth.
#[inline]
fn one_point(c: &Placed, found: Found, q: Vector, id: FeatureId) -> Manifold {
    let point = ContactPoint { point: q - found.direction * c.radius, depth: -found.separation, id };
    Manifold::one(found.direction, point)
}

/// Face `i` of the hull is the reference: the segment is clipped to the face's side planes
/// (each through an edge of the face, facing out of it), and each clipped end behind the face,
/// moved to the capsule's surface, is a point (in the hull's frame); `None` when no clipped end
/// is behind the face.
///
/// ```text
///                p0 •================x——————• p1      x: cut by the side plane of edge e
///        +---------------------------+
///        |        face i             | e
/// ```
fn face_manifold(hull: &ConvexHull, i: usize, c: &Placed) -> Option<Manifold> {
    let (normal, offset) = (hull.face_normal(i), hull.face_offset(i));
    let (vertices, corners) = (hull.vertices(), hull.face_vertices(i));
    let first_half_edge = hull.face_first_half_edge(i) as usize;
    let end_id = |k: u32| FeatureId { a: Feature::Face(i as u32), b: Feature::Vertex(k) };
    let mut lo = (0.0 as Real, end_id(0));
    let mut hi = (1.0 as Real, end_id(1));
    let mut v = vertices[corners[corners.len() - 1] as usize];
    for (k, &corner) in corners.iter().enumerate() {
        // The side plane through the edge from the previous corner to corner k, which is the
        // face's half-edge before corner k's.
        let w = vertices[corner as usize];
        let side = (w - v).cross(normal);
        let (f0, f1) = (side.dot(c.ends[0] - v), side.dot(c.ends[1] - v));
        let before = first_half_edge + if k == 0 { corners.len() - 1 } else { k - 1 };
        let cut = FeatureId { a: Feature::Edge(hull.half_edges()[before].edge), b: Feature::Edge(0) };
        match (f0 > 0.0, f1 > 0.0) {
            (true, true) => return None,
            (true, false) if f0 / (f0 - f1) > lo.0 => lo = (f0 / (f0 - f1), cut),
            (false, true) if f0 / (f0 - f1) < hi.0 => hi = (f0 / (f0 - f1), cut),
            _ => {}
        }
        v = w;
    }
    if lo.0 > hi.0 {
        return None;
    }
    let point_at = |(lambda, id): (Real, FeatureId)| {
        let point = segment_point(c.ends, lambda) - normal * c.radius;
        ContactPoint { point, depth: offset - normal.dot(point), id }
    };
    let (p, q) = (point_at(lo), point_at(hi));
    let two = lo.0 < hi.0 && c.ends[0] != c.ends[1];
    match (p.depth > 0.0, two && q.depth > 0.0) {
        (true, true) => Manifold::from_points(normal, &[p, q]),
        (true, false) => Some(Manifold::one(normal, p)),
        (false, true) => Some(Manifold::one(normal, q)),
        (false, false) => None,
    }
}

/// The fallback when face `i` is the best axis but clipping the core to the face's side planes
/// left no point behind it: a point of the overlap itself, at the depth below face `i`.
///
/// That happens when the face is no good window on the overlap: a sliver face (its side planes
/// a hair apart) whose neighbours, nearly parallel to it, are where the capsule goes in, or a
/// capsule reaching in past the face's edge. The capsule's deepest end, the obvious fallback,
/// can then lie anywhere along the face's plane, far from the hull (fuzz: 221 away beside a
/// sliver), as the deepest vertex could for two hulls (fuzz finding 10). As there, the point
/// must come from where the shapes actually meet. For a capsule that region is known directly:
///
/// ```text
///        ______________                    core through the hull: the lower end (along n) of
///       (__•==x=====•__)    ↑ n            the part of the core inside the hull (x), moved
///     +--------x--------+                  down by as much as both shapes allow (the radius,
///     |        ↓        |                  and the hull's own extent below it);
///     |      hull       |                  core outside the hull: the hull's point closest to
///     +-----------------+                  the core, which the radius covers
/// ```
///
/// Either way the point lies in both shapes, so within any depth of both. Its depth below face
/// `i` is at most the MTV depth (the capsule reaches no lower along `−n`), and at least zero
/// (the point is in the hull, below every face plane), up to rounding. Computed in f64; the
/// cost, a pass over the faces (and the edges, for the closest features), is paid only here.
fn fallback_point(hull: &ConvexHull, i: usize, c: &Placed, faces: &Faces) -> Manifold {
    let (normal, offset) = (hull.face_normal(i), hull.face_offset(i));
    let n = normal.to_f64();
    let (x, t) = match core_inside(hull, c) {
        Some((lo, hi)) => {
            let (p0, p1) = (c.ends[0].to_f64(), c.ends[1].to_f64());
            let at = |t: f64| p0 + (p1 - p0) * t;
            let t = if n.dot(at(hi)) < n.dot(at(lo)) { hi } else { lo };
            let q = at(t);
            let down = hull_below(hull, q, n).min(c.radius as f64).max(0.0);
            (q - n * down, t as Real)
        }
        None => {
            let near = nearest(hull, c, faces);
            (near.on_hull.to_f64(), near.t)
        }
    };
    let depth = (offset as f64 - n.dot(x)).max(Real::MIN_POSITIVE as f64) as Real;
    let id = FeatureId { a: Feature::Face(i as u32), b: capsule_feature(t) };
    Manifold::one(normal, ContactPoint { point: x.to_real(), depth, id })
}

/// The part of the core inside the hull (each face plane cuts the segment, Cyrus–Beck), as
/// segment parameters `(lo, hi)`, or `None` when the core misses the hull. In f64.
fn core_inside(hull: &ConvexHull, c: &Placed) -> Option<(f64, f64)> {
    let (p0, p1) = (c.ends[0].to_f64(), c.ends[1].to_f64());
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (&m, &d) in hull.face_normals().iter().zip(hull.face_offsets()) {
        let m = m.to_f64();
        let (h0, h1) = (m.dot(p0) - d as f64, m.dot(p1) - d as f64);
        match (h0 > 0.0, h1 > 0.0) {
            (true, true) => return None,
            (true, false) => lo = lo.max(h0 / (h0 - h1)),
            (false, true) => hi = hi.min(h0 / (h0 - h1)),
            (false, false) => {}
        }
    }
    (lo <= hi).then_some((lo, hi))
}

/// How far the hull reaches below `q` (a point inside it) along `−n`: the distance to the first
/// face plane the line `q − s n` leaves through. In f64.
fn hull_below(hull: &ConvexHull, q: DVec3, n: DVec3) -> f64 {
    let mut leave = f64::INFINITY;
    for (&m, &d) in hull.face_normals().iter().zip(hull.face_offsets()) {
        let m = m.to_f64();
        // Height above face plane m at q − s n: (m·q − d) − s (m·n), rising when m·n < 0.
        let rate = -m.dot(n);
        if rate > 0.0 {
            leave = leave.min(-(m.dot(q) - d as f64) / rate);
        }
    }
    leave
}

/// The step trace: every face normal, then the cross product of each silhouette edge with the
/// segment, then (when the core is outside the hull) the direction between the closest
/// features.
pub fn trace<A: Polyhedral>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Trace {
    let (hull, c) = (a.hull(), place(&pose_a, b, &pose_b));
    let found = search(hull, &c);
    let faces = (0..hull.face_count()).map(|i| (Axis::FaceA(i as u32), hull.face_normal(i)));
    let s = c.unit_direction();
    let edges = (0..hull.edge_count()).filter_map(|j| {
        s.and_then(|s| edge_axis(hull, j, &c, s)).map(|(u, _)| (Axis::Edges { a: j as u32, b: 0 }, u))
    });
    let core_outside = found.separation + c.radius > 0.0;
    let nearest = nearest_axis(hull, &c, &found.faces)
        .filter(|(near, _, _)| core_outside && !matches!(near.feature, Feature::Face(_)))
        .map(|(near, u, _)| (feature_axis(near.feature), u));
    let steps = faces
        .chain(edges)
        .chain(nearest)
        .map(|(axis, u)| {
            AxisStep::from_local(axis, u, hull_shadow(hull, u), segment_shadow(c.ends, c.radius, u), &pose_a)
        })
        .collect();
    Trace::from_steps(steps, collide(a, pose_a, b, pose_b))
}
