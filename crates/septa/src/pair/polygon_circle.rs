//! Polygon against circle.
//!
//! The candidate axes are the polygon's edge normals plus one more: the direction from the
//! polygon vertex nearest the circle's centre to the centre. Without it a circle sitting off a
//! corner, inside every face's slab but clear of the corner, would be reported as overlapping.
//!
//! ```text
//!        +--------+
//!        |        |          every face normal shows overlap,
//!        |   a    |          but along  v → c  there is a gap
//!        |        v .
//!        +--------+   .  ( c )
//! ```
//!
//! The work happens in the polygon's frame, with the centre moved there. When the centre sits
//! exactly on the nearest vertex the direction is zero; the axis then falls back to the normal
//! of the edge that starts at that vertex, which gives the right answer there (the circle
//! overlaps by its radius). The vertex axis is computed only when the best face is not sure to
//! separate at least as far, and the vertex it starts from is one end of that face (see
//! `vertex_candidate`), so the queries never measure the distance to every vertex.

use crate::pair::polygon_polygon::{first_lane_equal, origins_apart, paired_best};
use crate::{
    interval::max, robust::unit, Axis, Circle, Contact, ContactPoint, Feature, FeatureId, Manifold,
    Polygonal, Pose, Real, SatCache, Separation, Vector, Vector4,
};

/// Are the polygon's bounding circle (about its origin, radius [`Polygonal::reach`]) and the
/// circle clearly apart? Then so are the shapes; see the polygon–polygon version of this test.
#[inline(always)]
fn bounding_circles_apart<A: Polygonal>(a: &A, pose_a: &Pose, b: &Circle, pose_b: &Pose) -> bool {
    origins_apart(pose_a, pose_b, a.reach() + b.reach())
}

/// The circle's separation from four faces at once, per lane computed exactly as the one-face
/// `n · c − d − r` is, for group `group` of the face lanes.
#[inline(always)]
fn lane_separations<A: Polygonal>(a: &A, group: usize, c: Vector, r: Real) -> Vector4 {
    let faces = &a.face_lanes()[group];
    faces.nx * Vector4::splat(c.x) + faces.ny * Vector4::splat(c.y) - faces.hi - Vector4::splat(r)
}

/// For a polygon whose faces come in opposite pairs and whose first half fits one group of four
/// (see [`Polygonal::half_face_lanes`]): the circle's separations from the first half's faces
/// and from the second's, and the half. Face `i + half`'s normal is face `i`'s negated and its
/// plane offset the same, so its separation is `−(nᵢ · c) − dᵢ − r`: the same numbers as
/// [`lane_separations`] on every face, from one group.
#[inline(always)]
fn paired_separations<A: Polygonal>(a: &A, c: Vector, r: Real) -> Option<(Vector4, Vector4, usize)> {
    let [faces] = a.half_face_lanes()? else { return None };
    let dots = faces.nx * Vector4::splat(c.x) + faces.ny * Vector4::splat(c.y);
    let r = Vector4::splat(r);
    Some((dots - faces.hi - r, -dots - faces.hi - r, a.normals().len() / 2))
}

/// The circle's centre in the polygon's frame.
#[inline]
pub(crate) fn center_in(pose_a: &Pose, b: &Circle, pose_b: &Pose) -> Vector {
    pose_a.inv_mul(pose_b).apply(b.center())
}

/// The separation of the circle (centre `c`, radius `r`, polygon frame) from face `i`.
#[inline]
fn face_separation<A: Polygonal>(a: &A, i: usize, c: Vector, r: Real) -> Real {
    a.normals()[i].dot(c) - a.plane_offsets()[i] - r
}

/// The vertex nearest `c` and the unit axis from it to `c` (with the fallback above).
#[inline]
pub(crate) fn vertex_axis<A: Polygonal>(a: &A, c: Vector) -> (usize, Vector) {
    let k = nearest_vertex(a, c);
    (k, axis_from(a, k, c))
}

/// The vertex nearest `c` (the lowest index on ties).
#[inline]
fn nearest_vertex<A: Polygonal>(a: &A, c: Vector) -> usize {
    let vertices = a.vertices();
    let mut k = 0;
    let mut best = vertices[0].distance_squared(c);
    for (i, v) in vertices.iter().enumerate().skip(1) {
        let d = v.distance_squared(c);
        if d < best {
            k = i;
            best = d;
        }
    }
    k
}

/// The polygon's largest projection on the unit `axis` from vertex `k` towards the centre.
#[inline]
pub(crate) fn vertex_axis_max<A: Polygonal>(a: &A, k: usize, axis: Vector) -> Real {
    let n = a.vertices().len();
    let normals = a.normals();
    // When the axis lies between the normals of the two edges meeting at vertex k, that vertex
    // is the polygon's support along it (the usual case when this axis matters); otherwise
    // project every vertex.
    let before = normals[(k + n - 1) % n];
    if before.perp_dot(axis) >= 0.0 && axis.perp_dot(normals[k]) >= 0.0 {
        a.vertices()[k].dot(axis)
    } else {
        a.vertices().iter().fold(Real::NEG_INFINITY, |m, v| max(m, v.dot(axis)))
    }
}

/// The separation along the vertex axis.
#[inline]
fn vertex_separation<A: Polygonal>(a: &A, k: usize, axis: Vector, c: Vector, r: Real) -> Real {
    axis.dot(c) - r - vertex_axis_max(a, k, axis)
}

/// The vertex axis and the separation along it, with the vertex it starts from, unless the
/// best face `i` (separation `s`) is sure to separate at least as far as any direction:
///
/// * when the centre is inside the polygon (behind every face: `s + r ≤ 0`), the shortest way
///   out is through a face;
/// * when the centre is beyond face `i` and between its side lines, the point of the polygon
///   nearest it is on that face, and the face's separation is the centre's distance minus `r`.
///
/// Otherwise the centre lies beyond one of the face's side lines, and the polygon's vertex
/// nearest it is that end of the face. (When the nearest point of the polygon is a vertex `w`,
/// `c − w` lies between the normals of the two faces meeting at `w`; any other face's normal is
/// further round from `c − w` than one of those two, and its plane no nearer `c`, so the best
/// face is one of them, and `c` is beyond its side line through `w`.) The tests are linear in
/// `c`: far from the polygon, squared distances to its vertices round to the same number, and
/// comparing them could pick the wrong vertex.
///
/// ```text
///                  face i's region
///           :  c here: face i       :
///     ------v1=====================v2------     c beyond v1's side line, outside:
///           |        polygon        |           the axis from v1 is computed
/// ```
#[inline(always)]
fn vertex_candidate<A: Polygonal>(
    a: &A,
    (i, s): (usize, Real),
    c: Vector,
    r: Real,
) -> Option<(usize, Vector, Real)> {
    let (vertices, normal) = (a.vertices(), a.normals()[i]);
    let i2 = if i + 1 == vertices.len() { 0 } else { i + 1 };
    // The edge runs from v1 to v2 along the normal turned a quarter counter-clockwise.
    let along = Vector::new(-normal.y, normal.x);
    if s + r <= 0.0 {
        return None;
    }
    let k = if along.dot(c - vertices[i]) < 0.0 {
        i
    } else if along.dot(c - vertices[i2]) > 0.0 {
        i2
    } else {
        return None;
    };
    let axis = axis_from(a, k, c);
    Some((k, axis, vertex_separation(a, k, axis, c, r)))
}

/// The polygon's vertex nearest `c` and the unit axis from it to `c` (see [`vertex_axis`]),
/// given that vertex's index.
#[inline]
fn axis_from<A: Polygonal>(a: &A, k: usize, c: Vector) -> Vector {
    unit(c - a.vertices()[k]).unwrap_or(a.normals()[k])
}

/// The largest separation over the polygon's normals and the vertex axis, in the polygon's
/// frame: (axis, its unit direction, separation). Faces win ties. The faces are tested four at
/// a time: the lowest lane holding a group's largest separation wins, and a later group only
/// with a strictly larger one, so ties go to the lower index; padding lanes repeat the last
/// face and never beat it.
#[inline(always)]
fn search<A: Polygonal>(a: &A, c: Vector, r: Real) -> (Axis, Vector, Real) {
    let best = match paired_separations(a, c, r) {
        Some((front, back, half)) => paired_best(front, back, half),
        None => {
            let mut best = (0, Real::NEG_INFINITY);
            for group in 0..a.face_lanes().len() {
                let s = lane_separations(a, group, c, r);
                let most = s.max_element();
                if most > best.1 {
                    best = (4 * group + first_lane_equal(s, most), most);
                }
            }
            best
        }
    };
    match vertex_candidate(a, best, c, r) {
        Some((k, axis, s)) if s > best.1 => (Axis::VertexA(k as u32), axis, s),
        _ => (Axis::EdgeA(best.0 as u32), a.normals()[best.0], best.1),
    }
}

/// Do the polygon and the circle overlap? Stops at the first separating axis; touching is not
/// overlapping.
pub fn overlaps<A: Polygonal>(a: &A, pose_a: Pose, b: &Circle, pose_b: Pose) -> bool {
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return false;
    }
    let c = center_in(&pose_a, b, &pose_b);
    let r = b.radius();
    if let Some((front, back, half)) = paired_separations(a, c, r) {
        if (front.cmpge(Vector4::ZERO) | back.cmpge(Vector4::ZERO)).any() {
            return false;
        }
        return vertex_candidate(a, paired_best(front, back, half), c, r).is_none_or(|(_, _, s)| s < 0.0);
    }
    let mut best = (0, Real::NEG_INFINITY);
    for group in 0..a.face_lanes().len() {
        let s = lane_separations(a, group, c, r);
        if s.cmpge(Vector4::ZERO).any() {
            return false;
        }
        let most = s.max_element();
        if most > best.1 {
            best = (4 * group + first_lane_equal(s, most), most);
        }
    }
    vertex_candidate(a, best, c, r).is_none_or(|(_, _, s)| s < 0.0)
}

/// [`overlaps`], trying the axis in `cache` first and remembering the axis that separates.
pub fn overlaps_cached<A: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &Circle,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    let c = center_in(&pose_a, b, &pose_b);
    let r = b.radius();
    if let Some(Axis::EdgeA(i)) = cache.axis() {
        if (i as usize) < a.vertices().len() && face_separation(a, i as usize, c, r) >= 0.0 {
            return false;
        }
    }
    // A cached vertex axis is not retried: which vertex is nearest changes as the circle moves,
    // and the axis is recomputed below anyway.
    let mut best = (0, Real::NEG_INFINITY);
    for i in 0..a.vertices().len() {
        let s = face_separation(a, i, c, r);
        if s >= 0.0 {
            cache.set(Axis::EdgeA(i as u32));
            return false;
        }
        if s > best.1 {
            best = (i, s);
        }
    }
    if let Some((k, _, s)) = vertex_candidate(a, best, c, r) {
        if s >= 0.0 {
            cache.set(Axis::VertexA(k as u32));
            return false;
        }
    }
    true
}

/// The largest separation over the candidate axes (see [`Separation`]).
pub fn separation<A: Polygonal>(a: &A, pose_a: Pose, b: &Circle, pose_b: Pose) -> Separation {
    let (axis, direction, distance) = search(a, center_in(&pose_a, b, &pose_b), b.radius());
    Separation { normal: pose_a.rotation.apply(direction), distance, axis }
}

/// The minimum translation vector, or `None` when they do not overlap.
pub fn contact<A: Polygonal>(a: &A, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Contact> {
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    separation(a, pose_a, b, pose_b).contact()
}

/// The one-point manifold: the circle's deepest point into the polygon (on the circle's
/// surface), with the MTV depth. The polygon is the reference shape.
pub fn collide<A: Polygonal>(a: &A, pose_a: Pose, b: &Circle, pose_b: Pose) -> Option<Manifold> {
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    let c = center_in(&pose_a, b, &pose_b);
    let (axis, direction, distance) = search(a, c, b.radius());
    if distance >= 0.0 {
        return None;
    }
    let feature = match axis {
        Axis::VertexA(k) => Feature::Vertex(k),
        Axis::EdgeA(i) => Feature::Edge(i),
        _ => unreachable!("search returns only axes of a"),
    };
    let (point, normal) = pose_a.apply_and_turn(c - direction * b.radius(), direction);
    let point = ContactPoint { point, depth: -distance, id: FeatureId { a: feature, b: Feature::Circle } };
    Some(Manifold::one(normal, point))
}
