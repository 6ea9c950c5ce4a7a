//! Polygon (or box) against capsule.
//!
//! The candidate axes are the polygon's edge normals, the capsule's two sides (its segment's
//! normal, both ways), and, for each end of the segment, the direction from the polygon vertex
//! nearest that end to the end. The last ones separate a capsule whose rounded end sits off a
//! corner, exactly as the vertex axis does for a circle; a vertex whose nearest point of the
//! segment is inside it adds nothing, since that direction is the segment's normal.
//!
//! ```text
//!      +------+                        faces of a:     n₀ … nₖ
//!      |  a   |     ________           sides of b:     ±m
//!      |      v . (_b________)         vertex → end:   v → b.a, v' → b.b
//!      +------+
//! ```
//!
//! The manifold has two points when the capsule lies along a face (its segment is clipped to
//! the face like an incident edge), or when a polygon edge lies along the capsule's side, and
//! one point otherwise.

use crate::{
    pair::polygon_polygon::REFERENCE_BIAS, robust::unit, Axis, Capsule, Contact, ContactPoint, Feature,
    FeatureId, Manifold, Polygonal, Pose, Real, SatCache, Separation, Vector,
};

use crate::interval::{max, min};
use crate::manifold::{capsule_on_face, clip_segment, ClipVertex, ReferenceFace};
use crate::pair::polygon_circle::{vertex_axis, vertex_axis_max};

/// The capsule seen from the polygon's frame.
#[derive(Clone, Copy)]
pub(crate) struct Placed {
    /// The segment's ends.
    pub ends: [Vector; 2],
    /// The capsule's side-0 normal.
    pub normal: Vector,
    /// The radius.
    pub radius: Real,
}

#[inline]
pub(crate) fn place(pose_a: &Pose, b: &Capsule, pose_b: &Pose) -> Placed {
    let xf = pose_a.inv_mul(pose_b);
    Placed {
        ends: [xf.apply(b.a()), xf.apply(b.b())],
        normal: xf.rotation.apply(b.normal()),
        radius: b.radius(),
    }
}

/// The separation of the capsule from face `i`.
#[inline]
fn face_separation<A: Polygonal>(a: &A, i: usize, c: &Placed) -> Real {
    let n = a.normals()[i];
    n.dot(c.ends[0]).min(n.dot(c.ends[1])) - a.plane_offsets()[i] - c.radius
}

/// The separations of the polygon from the capsule's sides 0 and 1 (one pass over the polygon).
#[inline]
fn side_separations<A: Polygonal>(a: &A, c: &Placed) -> [Real; 2] {
    let (lo, hi) = a.vertices().iter().fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), v| {
        let d = v.dot(c.normal);
        (min(lo, d), max(hi, d))
    });
    let core = c.normal.dot(c.ends[0]);
    [lo - (core + c.radius), (core - c.radius) - hi]
}

/// The axis from the polygon vertex nearest end `e` to that end: (vertex, unit axis, separation).
#[inline]
fn end_separation<A: Polygonal>(a: &A, c: &Placed, e: usize) -> (usize, Vector, Real) {
    let (k, axis) = vertex_axis(a, c.ends[e]);
    // The capsule's whole shadow, not just this end's: the other end may reach further back.
    let capsule_min = axis.dot(c.ends[0]).min(axis.dot(c.ends[1])) - c.radius;
    (k, axis, capsule_min - vertex_axis_max(a, k, axis))
}

/// The best candidate: which kind, its direction from a to b (polygon frame), its separation.
#[derive(Clone, Copy)]
enum Best {
    Face(usize),
    Side(usize),
    End { vertex: usize },
}

#[inline]
fn search<A: Polygonal>(a: &A, c: &Placed) -> (Best, Vector, Real) {
    let mut best = (Best::Face(0), a.normals()[0], Real::NEG_INFINITY);
    for i in 0..a.vertices().len() {
        let s = face_separation(a, i, c);
        if s > best.2 {
            best = (Best::Face(i), a.normals()[i], s);
        }
    }
    for (side, s) in side_separations(a, c).into_iter().enumerate() {
        // Past side 0 the polygon lies on the capsule's +normal side, so from a to b is −normal.
        let direction = if side == 0 { -c.normal } else { c.normal };
        if s > best.2 {
            best = (Best::Side(side), direction, s);
        }
    }
    for end in 0..2 {
        let (vertex, axis, s) = end_separation(a, c, end);
        if s > best.2 {
            best = (Best::End { vertex }, axis, s);
        }
    }
    best
}

fn axis_of(best: Best) -> Axis {
    match best {
        Best::Face(i) => Axis::EdgeA(i as u32),
        Best::Side(s) => Axis::EdgeB(s as u32),
        Best::End { vertex } => Axis::VertexA(vertex as u32),
    }
}

/// Do they overlap? Faces, then sides, then the two end axes, stopping at the first gap.
pub fn overlaps<A: Polygonal>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> bool {
    let c = place(&pose_a, b, &pose_b);
    (0..a.vertices().len()).all(|i| face_separation(a, i, &c) < 0.0)
        && side_separations(a, &c).iter().all(|&s| s < 0.0)
        && (0..2).all(|e| end_separation(a, &c, e).2 < 0.0)
}

/// [`overlaps`], trying a cached face or side first and remembering the axis that separates.
pub fn overlaps_cached<A: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &Capsule,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    let c = place(&pose_a, b, &pose_b);
    let n = a.vertices().len();
    let cached = match cache.axis() {
        Some(Axis::EdgeA(i)) if (i as usize) < n => face_separation(a, i as usize, &c),
        Some(Axis::EdgeB(s)) if s < 2 => side_separations(a, &c)[s as usize],
        _ => Real::NEG_INFINITY,
    };
    if cached >= 0.0 {
        return false;
    }
    if let Some(i) = (0..n).find(|&i| face_separation(a, i, &c) >= 0.0) {
        cache.set(Axis::EdgeA(i as u32));
        return false;
    }
    if let Some(s) = side_separations(a, &c).iter().position(|&s| s >= 0.0) {
        cache.set(Axis::EdgeB(s as u32));
        return false;
    }
    for e in 0..2 {
        let (vertex, _, s) = end_separation(a, &c, e);
        if s >= 0.0 {
            cache.set(Axis::VertexA(vertex as u32));
            return false;
        }
    }
    true
}

/// The largest separation over the candidate axes (exactly the distance when separated).
pub fn separation<A: Polygonal>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Separation {
    let (best, direction, distance) = search(a, &place(&pose_a, b, &pose_b));
    Separation { normal: pose_a.rotation.apply(direction), distance, axis: axis_of(best) }
}

/// The minimum translation vector.
pub fn contact<A: Polygonal>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Contact> {
    separation(a, pose_a, b, pose_b).contact()
}

/// The contact manifold: 1 or 2 points (see the module notes).
pub fn collide<A: Polygonal>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Option<Manifold> {
    let c = place(&pose_a, b, &pose_b);
    let (mut best, mut direction, distance) = search(a, &c);
    if distance >= 0.0 {
        return None;
    }
    // Prefer a face of the polygon over a capsule side in near ties, so the reference does not
    // flip between frames (a capsule resting on a box); a zero-length capsule has no real side.
    let zero_length = c.ends[0] == c.ends[1];
    if let Best::Side(_) = best {
        let (i, s) = (0..a.vertices().len())
            .map(|i| (i, face_separation(a, i, &c)))
            .fold((0, Real::NEG_INFINITY), |m, x| if x.1 > m.1 { x } else { m });
        let half_length = 0.5 * (c.ends[1] - c.ends[0]).length();
        let tolerance = REFERENCE_BIAS * a.bounding_radius().min(half_length + c.radius);
        if zero_length || s >= distance - tolerance {
            (best, direction) = (Best::Face(i), a.normals()[i]);
        }
    }
    let world_normal = pose_a.rotation.apply(direction);
    Some(match best {
        Best::Face(i) => face_manifold(a, i, &c, &pose_a),
        Best::Side(side) => side_manifold(a, side, &c, &pose_a, world_normal),
        Best::End { vertex } => {
            // The axis runs from the vertex towards one end, but the capsule's shadow may reach
            // furthest back at its other end: the point is the deepest along the axis.
            let end = if direction.dot(c.ends[0]) <= direction.dot(c.ends[1]) { 0 } else { 1 };
            let point = ContactPoint {
                point: pose_a.apply(c.ends[end] - direction * c.radius),
                depth: -distance,
                id: FeatureId { a: Feature::Vertex(vertex as u32), b: Feature::Vertex(end as u32) },
            };
            Manifold::one(world_normal, point)
        }
    })
}

/// Face `i` of the polygon is the reference and the capsule is clipped against it through its
/// core (see [`capsule_on_face`]). Points on the capsule's surface.
fn face_manifold<A: Polygonal>(a: &A, i: usize, c: &Placed, pose_a: &Pose) -> Manifold {
    let n = a.vertices().len();
    let normal = a.normals()[i];
    let j = if i + 1 == n { 0 } else { i + 1 };
    let face = ReferenceFace {
        corners: [a.vertices()[i], a.vertices()[j]],
        normal,
        face: Feature::Edge(i as u32),
        ends: [Feature::Vertex(i as u32), Feature::Vertex(j as u32)],
    };
    // The capsule side whose outward normal opposes the face normal.
    let facing = if normal.dot(c.normal) <= 0.0 { (0, c.normal) } else { (1, -c.normal) };
    capsule_on_face(&face, c.ends, c.radius, facing).to_world(pose_a)
}

/// Side `side` of the capsule is the reference: clip the polygon edge most anti-parallel to it
/// to the slab between the capsule's ends. Points on the polygon's surface.
fn side_manifold<A: Polygonal>(
    a: &A,
    side: usize,
    c: &Placed,
    pose_a: &Pose,
    world_normal: Vector,
) -> Manifold {
    let n = a.vertices().len();
    let outward = if side == 0 { c.normal } else { -c.normal };
    let normals = a.normals();
    let mut k = 0;
    for (e, m) in normals.iter().enumerate().skip(1) {
        if m.dot(outward) < normals[k].dot(outward) {
            k = e;
        }
    }
    let k2 = if k + 1 == n { 0 } else { k + 1 };
    let vertex = |v: usize| ClipVertex {
        point: a.vertices()[v],
        id: FeatureId { a: Feature::Vertex(v as u32), b: Feature::Edge(side as u32) },
    };
    let edge = [vertex(k), vertex(k2)];
    let tangent = unit(c.ends[1] - c.ends[0]).unwrap_or(Vector::X);
    let cut_at = |e| FeatureId { a: Feature::Edge(k as u32), b: Feature::Vertex(e) };
    let clipped = clip_segment(edge, -tangent, -tangent.dot(c.ends[0]), cut_at(0))
        .and_then(|s| clip_segment(s, tangent, tangent.dot(c.ends[1]), cut_at(1)));
    let offset = outward.dot(c.ends[0]) + c.radius;
    let to_point = |v: ClipVertex| ContactPoint {
        point: pose_a.apply(v.point),
        depth: offset - outward.dot(v.point),
        id: v.id,
    };
    finish(
        clipped.map(|[p, q]| [to_point(p), to_point(q)]),
        [to_point(edge[0]), to_point(edge[1])],
        world_normal,
    )
}

/// Keeps the clipped points that are behind the reference (depth > 0); if rounding left none,
/// falls back to the deeper of the unclipped incident ends.
pub(crate) fn finish(
    clipped: Option<[ContactPoint; 2]>,
    unclipped: [ContactPoint; 2],
    normal: Vector,
) -> Manifold {
    if let Some([p, q]) = clipped {
        match (p.depth > 0.0, q.depth > 0.0) {
            (true, true) => return Manifold::two(normal, p, q),
            (true, false) => return Manifold::one(normal, p),
            (false, true) => return Manifold::one(normal, q),
            (false, false) => {}
        }
    }
    let [p, q] = unclipped;
    let deeper = if q.depth > p.depth { q } else { p };
    Manifold::one(normal, ContactPoint { depth: deeper.depth.max(Real::MIN_POSITIVE), ..deeper })
}
