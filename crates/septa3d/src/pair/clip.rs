//! Contact manifolds of two polyhedra: clipping an incident face against a reference face, and
//! the single point of an edge–edge contact (see [`crate::manifold`] for the picture).
//!
//! Clipping is Sutherland–Hodgman: the incident polygon, moved into the reference frame, is cut
//! by the side plane through each edge of the reference face in turn,
//!
//! ```text
//!            side plane of reference edge k (normal s = edge × n, pointing out of the face)
//!                 :
//!   P •-----------x-----• Q      P inside, Q outside: keep P, add the crossing x
//!                 :
//! ```
//!
//! and each surviving point carries the pair of features that made it, so that the same
//! features touching next frame give the same ids: an incident vertex (reference face,
//! incident vertex); an incident edge cut by a side plane (reference edge, incident edge); a
//! reference corner where two side planes meet inside the incident face (reference vertex,
//! incident face). Buffers are fixed arrays (no allocation); a clipped polygon with more than
//! [`CLIP_CAPACITY`] corners keeps only the first ones, which are still points of the contact.

use glam::{DMat3, DVec3};

use crate::pose::Frame;
use crate::{
    ContactPoint, ConvexHull, Feature, FeatureId, Manifold, Pose, Real, ToF64, ToReal, Vector, Vector4,
};

/// The most corners a clipped polygon keeps.
pub(crate) const CLIP_CAPACITY: usize = 64;

/// What the polygon edge leaving a clip vertex runs along.
#[derive(Clone, Copy, Debug)]
enum Along {
    /// Incident edge (its edge index).
    Incident(u32),
    /// The side plane of reference edge `k` (position `k` round the reference face).
    Side(u32),
}

#[derive(Clone, Copy, Debug)]
struct ClipVertex {
    point: Vector,
    /// (reference feature, incident feature).
    id: FeatureId,
    along: Along,
}

impl ClipVertex {
    /// A blank corner, all zero bits, so that a buffer of them is one `memset` (a buffer is
    /// filled per call, and is only ever read where it was written).
    const BLANK: ClipVertex = ClipVertex {
        point: Vector::ZERO,
        id: FeatureId { a: Feature::Vertex(0), b: Feature::Vertex(0) },
        along: Along::Incident(0),
    };
}

/// A polygon in a fixed buffer of `N` corners.
struct Polygon<const N: usize> {
    corners: [ClipVertex; N],
    len: usize,
}

impl<const N: usize> Polygon<N> {
    #[inline]
    fn empty() -> Polygon<N> {
        Polygon { corners: [ClipVertex::BLANK; N], len: 0 }
    }

    #[inline]
    fn push(&mut self, corner: ClipVertex) {
        if self.len < N {
            self.corners[self.len] = corner;
            self.len += 1;
        }
    }
}

/// The face of `incident` most anti-parallel to `direction` (in the incident frame), the lowest
/// on a tie: every face measured, four at a time. (The faces round the incident shape's deepest
/// vertex, which an earlier version searched for large hulls, need not hold it: on the Gauss
/// map the region of a vertex holding `−direction` need not have the nearest face normal
/// among its corners.)
fn incident_face(incident: &ConvexHull, direction: Vector) -> usize {
    let (x, y, z) = (Vector4::splat(direction.x), Vector4::splat(direction.y), Vector4::splat(direction.z));
    let mut best = (0, Real::INFINITY);
    for (group, l) in incident.face_lanes().iter().enumerate() {
        let dots = l.nx * x + l.ny * y + l.nz * z;
        let least = dots.min_element();
        // A padding lane repeats the group's last face, after it: the lowest lane is a face's.
        if least < best.1 {
            best = (4 * group + dots.cmpeq(Vector4::splat(least)).bitmask().trailing_zeros() as usize, least);
        }
    }
    best.0
}

/// The manifold of face `r` of `reference` against `incident`, in the world (`pose` places the
/// reference shape there), with ids as (a: reference, b: incident) and the reference face's
/// normal, or with `flip` as b's against a's (normal turned around, ids swapped, as
/// [`Manifold::flipped`] makes them); `None` when no part of the clipped incident face lies
/// behind the reference face (a face chosen for stability rather than depth may not face the
/// overlap). `incident_in_reference` places the incident shape in the reference frame,
/// `reference_in_incident` the other way.
///
/// The manifold is made once, in the world: made in the reference frame and then moved, it was
/// copied whole (144 bytes, a call to `memcpy`) at each step.
pub(crate) fn clip_faces(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    (incident_in_reference, reference_in_incident): (&Frame, &Frame),
    (pose, flip): (&Pose, bool),
) -> Option<Manifold> {
    let direction = reference_in_incident.turn(reference.face_normal(r));
    let f = incident_face(incident, direction);
    let placed = (pose, flip);
    // (One variable returned on every path: the manifold is made where the caller takes it.)
    let mut manifold = clip_incident(reference, r, incident, f, incident_in_reference, placed);
    if manifold.is_none() {
        // Faces of a thin incident shape can tie for most anti-parallel (three faces of a sliver
        // tetrahedron within 1e-4 of each other), and the one picked may lie wholly outside the
        // reference face's side planes while a near twin covers the overlap. Try the near ties,
        // most anti-parallel first, before giving up on this reference face.
        let normals = incident.face_normals();
        let best = normals[f].dot(direction);
        let mut ties: [(Real, usize); 8] = [(Real::INFINITY, 0); 8];
        let mut count = 0;
        for (g, n) in normals.iter().enumerate() {
            let d = n.dot(direction);
            if g != f && d <= best + NEAR_TIE && count < ties.len() {
                ties[count] = (d, g);
                count += 1;
            }
        }
        ties[..count].sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        manifold = ties[..count]
            .iter()
            .find_map(|&(_, g)| clip_incident(reference, r, incident, g, incident_in_reference, placed));
    }
    manifold
}

/// How much less anti-parallel than the best (in the dot product of unit normals, about half
/// the square of the angle: 1e-3 is 2.6°) an incident face may be and still be tried when the
/// best one clips to nothing.
const NEAR_TIE: Real = 1e-3;

/// Below this cosine (in magnitude) between the incident and reference normals, a reference
/// corner carried onto the incident face keeps the crossing of the side planes rather than
/// dropping the corner onto the face's plane (whose error grows as one over the cosine).
const STEEP_INCIDENT: Real = 0.25;

/// The buffer size for two triangles or quadrilaterals (the faces of small random hulls): a
/// smaller buffer to set up than [`SMALL_CLIP`]'s.
const TINY_CLIP: usize = 8;

/// The buffer size for the common faces: a convex polygon of `n` corners cut by `m` half-planes
/// keeps at most `n + m` corners (each cut removes a chain of corners and adds two), so faces
/// this small never fill it, and a small buffer costs little to set up.
const SMALL_CLIP: usize = 16;

/// [`clip_faces`] with incident face `f` given.
#[inline]
fn clip_incident(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    f: usize,
    incident_in_reference: &Frame,
    placed: (&Pose, bool),
) -> Option<Manifold> {
    let corners = incident.face_vertices(f).len() + reference.face_vertices(r).len();
    if corners <= TINY_CLIP {
        clip_into::<TINY_CLIP>(reference, r, incident, f, incident_in_reference, placed)
    } else if corners <= SMALL_CLIP {
        clip_into::<SMALL_CLIP>(reference, r, incident, f, incident_in_reference, placed)
    } else {
        clip_into::<CLIP_CAPACITY>(reference, r, incident, f, incident_in_reference, placed)
    }
}

/// [`clip_incident`] with buffers of `N` corners.
fn clip_into<const N: usize>(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    f: usize,
    incident_in_reference: &Frame,
    (pose, flip): (&Pose, bool),
) -> Option<Manifold> {
    let normal = reference.face_normal(r);
    let offset = reference.face_offset(r);

    let (mut first_buffer, mut second_buffer) = (Polygon::<N>::empty(), Polygon::<N>::empty());
    // The polygon and the buffer its clipped version is written to; they trade places after
    // each cut (as references: the buffers themselves stay put).
    let (mut polygon, mut clipped) = (&mut first_buffer, &mut second_buffer);
    let half_edges = incident.half_edges();
    let first = incident.face_first_half_edge(f) as usize;
    for (k, &v) in incident.face_vertices(f).iter().enumerate() {
        polygon.push(ClipVertex {
            point: incident_in_reference.apply(incident.vertices()[v as usize]),
            id: FeatureId { a: Feature::Face(r as u32), b: Feature::Vertex(v) },
            along: Along::Incident(half_edges[first + k].edge),
        });
    }

    // The incident face's plane in the reference frame, for the corners carried from the
    // reference face (below).
    let incident_normal = incident_in_reference.turn(incident.face_normal(f));
    let incident_offset = incident_normal.dot(polygon.corners[0].point);
    let cosine = incident_normal.dot(normal);

    let corners = reference.face_vertices(r);
    let reference_first = reference.face_first_half_edge(r) as usize;
    let m = corners.len();
    for k in 0..m {
        // The neighbouring sides' indices round the loop, by a compare rather than `% m`: a
        // division by a number known only at run time, tens of cycles each, several per side.
        let (prev, next) = (if k == 0 { m - 1 } else { k - 1 }, if k + 1 == m { 0 } else { k + 1 });
        let p = reference.vertices()[corners[k] as usize];
        let q = reference.vertices()[corners[next] as usize];
        let side = (q - p).cross(normal);
        let limit = side.dot(p);
        let edge = reference.half_edges()[reference_first + k].edge;
        // Where the polygon edge `along` meets this side plane, and what made the point.
        // The reference corner between side plane j and this one, when they are neighbours.
        let shared_corner = |j: usize| match () {
            _ if j == prev => Some(corners[k]),
            _ if j == next => Some(corners[next]),
            _ => None,
        };
        let crossing_id = |along: Along| match along {
            Along::Incident(e) => FeatureId { a: Feature::Edge(edge), b: Feature::Edge(e) },
            Along::Side(j) => {
                // Two side planes meet at the reference corner between their edges.
                let corner = shared_corner(j as usize).unwrap_or(corners[next]);
                FeatureId { a: Feature::Vertex(corner), b: Feature::Face(f as u32) }
            }
        };
        clipped.len = 0;
        // Each polygon edge a → b in turn, the last back to the first corner; each corner's
        // height over the side plane is measured once and carried to the next edge.
        let first = (polygon.corners[0], side.dot(polygon.corners[0].point) - limit);
        let (mut a, mut da) = first;
        for i in 1..=polygon.len {
            let (b, db) = match i < polygon.len {
                true => (polygon.corners[i], side.dot(polygon.corners[i].point) - limit),
                false => first,
            };
            let cut = || {
                // A polygon edge along side plane j cut by side plane k is the reference
                // corner between them, carried straight down (along n) onto the incident
                // face. Placed as such, not as the crossing of the two planes: the side
                // planes of a sliver face are nearly parallel, and their crossing can slide
                // far along them (fuzz finding 34: 0.0034 past the corner of a sheet 7.5e-5
                // thick). The incident face is the most anti-parallel one, so the division by
                // the cosine is well conditioned; a steep one keeps the crossing.
                if let Along::Side(j) = a.along {
                    if let Some(c) = shared_corner(j as usize).filter(|_| cosine < -STEEP_INCIDENT) {
                        let c = reference.vertices()[c as usize];
                        return c + normal * ((incident_offset - incident_normal.dot(c)) / cosine);
                    }
                }
                // The signs differ, so da − db is not zero; t is in [0, 1].
                let t = da / (da - db);
                a.point + (b.point - a.point) * t
            };
            if db <= 0.0 {
                if da > 0.0 {
                    clipped.push(ClipVertex { point: cut(), id: crossing_id(a.along), along: a.along });
                }
                clipped.push(b);
            } else if da <= 0.0 {
                clipped.push(ClipVertex {
                    point: cut(),
                    id: crossing_id(a.along),
                    along: Along::Side(k as u32),
                });
            }
            (a, da) = (b, db);
        }
        core::mem::swap(&mut polygon, &mut clipped);
        if polygon.len == 0 {
            break;
        }
    }

    // Keep the points behind the reference face (in place), then at most four of them.
    let depth = |p: Vector| offset - normal.dot(p);
    let mut count = 0;
    for i in 0..polygon.len {
        if depth(polygon.corners[i].point) >= 0.0 {
            polygon.corners[count] = polygon.corners[i];
            count += 1;
        }
    }
    // The points must also lie on the reference face. That is the side planes' job, but the
    // side planes of a sliver face (three corners within an ulp of one line) are nearly
    // parallel, and a cut point can then satisfy every one of them within rounding while
    // lying far beyond the corner where they meet (fuzz finding 25: a point 9 beyond a hull
    // 0.002 across). The face lies inside its ball ([`ConvexHull::face_ball`]), so a point
    // outside the ball (beyond rounding) is no point of the face. The kept four are checked;
    // only if one fails are all the points sifted and the four chosen again.
    let (centre, reach) = reference.face_ball(r);
    let reach = reach + BALL_SLACK * (reach + centre.abs().max_element());
    let on_face = |p: Vector| {
        let off = p - centre;
        let height = normal.dot(off);
        off.length_squared() - height * height <= reach * reach
    };
    loop {
        if count == 0 {
            return None;
        }
        let behind = &polygon.corners[..count];
        let deepest = || argmax(count, |i| depth(behind[i].point)).0;
        let (chosen, len) =
            reduce(count, deepest, |i| behind[i].point, |u, v, x| (v - u).cross(x - u).dot(normal));
        if chosen[..len].iter().all(|&i| on_face(behind[i].point)) {
            // Into the world as they are made. Slots past `len` repeat the first point, as
            // `Manifold::from_points` fills them.
            let contact = |s: usize| {
                let c = &behind[chosen[if s < len { s } else { 0 }]];
                let id = if flip { c.id.flipped() } else { c.id };
                ContactPoint { point: pose.apply(c.point), depth: depth(c.point), id }
            };
            let kept = [contact(0), contact(1), contact(2), contact(3)];
            let normal = pose.rotation * normal;
            return Some(Manifold::from_array(if flip { -normal } else { normal }, kept, len));
        }
        let mut on = 0;
        for i in 0..count {
            if on_face(polygon.corners[i].point) {
                polygon.corners[on] = polygon.corners[i];
                on += 1;
            }
        }
        count = on;
    }
}

/// How far (as a fraction of the face's reach plus its largest coordinate, the scale of the
/// rounding of the ball and of the cut points) a clipped point may lie beyond the face's ball
/// and still count as on the face. A cut of an incident face much larger than the reference
/// face can be placed worse than that (its coordinates' ulps exceed the window); such a
/// point is dropped, and a face left with none gives way to [`deepest_vertex`].
const BALL_SLACK: Real = 1e-3;

/// The one-point manifold of face `r` of `reference` against the deepest point of the incident
/// shape within the face's side planes, in the reference frame: the last resort when clipping
/// leaves nothing on the face that is the minimum translation's own axis.
///
/// That happens when the incident face is no good window on the overlap (a sliver reference
/// face a millionth of the incident shape's size, or a huge incident face clipped to a small
/// window in f32, whose cut points then scatter by more than the window). The incident shape's
/// deepest vertex, the obvious fallback, can lie anywhere along the reference plane: the far
/// corner of a cube engulfing a small hull, at 1.7 times the cube's size from the hull (fuzz
/// finding 10). The contact belongs where the incident shape reaches below the reference face
/// itself, inside the prism its side planes bound (the region clipping looks in):
///
/// ```text
///          +-----------------------------+
///          |  incident shape             |        ↑ n
///          |        :              :     |
///     - - -|- - - - :==============: - - | - -    reference face (=) in its plane
///          |        :              :    /
///          |        x              :   /         x: the incident shape's deepest point
///          |       /:   reference  :  /             between the side planes (:)
///          |     /  :    shape     : /           v: its deepest vertex, beyond them
///          |   /    :              :/
///          v /      :              /
/// ```
///
/// The deepest point of the incident shape within the prism is the lowest vertex of their
/// intersection (a convex polyhedron), and each of its vertices is one of: an incident vertex
/// inside the prism; an incident edge crossing a side plane; or a vertical edge of the prism
/// (through a reference corner, along `n`) leaving an incident face. All three kinds are
/// measured, in f64 (the incident shape placed in the reference frame without rounding), and
/// the deepest point wins. It lies on the incident shape, and directly below a point of the
/// reference face by its depth: within that depth of both shapes. Points above the face's
/// plane are not points of the overlap and are passed over (beyond rounding, which counts as
/// depth zero): a point above the plane lies outside the reference shape by its height.
///
/// Should the incident shape miss the prism below the face altogether, the overlap lies beside
/// the prism, under an obtuse edge of the face (fuzz finding 43), and the answer is the deepest
/// point of the two shapes' intersection along `n` (`deepest_of_overlap`); so too, where that
/// lies deeper, when the prism holds nothing nearly as deep as `depth` (the reference face's
/// depth, minus its separation: how far the incident shape reaches below it). Should no edge of
/// either shape meet the other, the answer is the point of the incident face most anti-parallel
/// to `n` (the face clipping used) nearest the reference face's centre: on the incident shape,
/// and as near the reference face as that face comes. Not its deepest vertex, which can again
/// lie anywhere along the plane: a hull 18,000 across beside a cube of half extent 1e18 is placed in f32 no
/// better than 1e10, its prism then misses the cube, and the cube's deepest corner lay 1e18
/// from the hull (fuzz finding 41). The cost, a pass over the incident shape's vertices,
/// edges and faces for each reference corner, is paid only here.
pub(crate) fn deepest_vertex(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    (incident_in_reference, reference_in_incident): (&Frame, &Frame),
    depth: Real,
) -> Manifold {
    let normal = reference.face_normal(r);
    let (n, offset) = (normal.to_f64(), reference.face_offset(r) as f64);
    let place = WideFrame::of(incident_in_reference);
    let corners = reference.face_vertices(r);
    let m = corners.len();
    let corner = |k: usize| reference.vertices()[corners[k % m] as usize].to_f64();
    // How far `x` lies outside the side plane of reference edge `k` (positive: outside).
    let beyond = |k: usize, x: DVec3| (corner(k + 1) - corner(k)).cross(n).dot(x - corner(k));
    let inside_but = |skip: usize, x: DVec3| (0..m).all(|k| k == skip || beyond(k, x) <= 0.0);

    // A point above the reference face's plane is no point of the overlap: such a point (a
    // corner's line meeting the incident shape only above the face, fuzz finding 36: 1,228 above
    // a needle-faced hull's face, 763 outside it) is not offered, beyond the rounding of a point
    // on the plane.
    let above = -ABOVE_SLACK * reference.bounding_radius() as f64;
    let mut best: Option<(f64, DVec3, FeatureId)> = None;
    let mut offer = |x: DVec3, id: FeatureId| {
        let depth = offset - n.dot(x);
        if depth >= above && best.is_none_or(|(d, _, _)| depth > d) {
            best = Some((depth, x, id));
        }
    };
    let vertices = incident.vertices();
    for (v, &p) in vertices.iter().enumerate() {
        let x = place.apply(p);
        if inside_but(m, x) {
            offer(x, FeatureId { a: Feature::Face(r as u32), b: Feature::Vertex(v as u32) });
        }
    }
    let reference_first = reference.face_first_half_edge(r) as usize;
    for (e, edge) in incident.edges().iter().enumerate() {
        let (p, q) = (place.apply(vertices[edge.tail as usize]), place.apply(vertices[edge.head as usize]));
        for k in 0..m {
            let (dp, dq) = (beyond(k, p), beyond(k, q));
            if (dp > 0.0) != (dq > 0.0) {
                let x = p + (q - p) * (dp / (dp - dq));
                if inside_but(k, x) {
                    let side = reference.half_edges()[reference_first + k].edge;
                    offer(x, FeatureId { a: Feature::Edge(side), b: Feature::Edge(e as u32) });
                }
            }
        }
    }
    for (k, &c) in corners.iter().enumerate() {
        // The line c − t n is inside the incident shape for t in [enter, leave]; the deepest
        // point on it is at `leave`, where it crosses face `exit`.
        let c64 = corner(k);
        let (mut enter, mut leave, mut exit) = (f64::NEG_INFINITY, f64::INFINITY, None);
        for (g, (&mg, &eg)) in incident.face_normals().iter().zip(incident.face_offsets()).enumerate() {
            let mg = place.turn(mg);
            // Height above face g's plane along the line: (mg·c − eg') − t (mg·n) ≤ 0.
            let height = mg.dot(c64) - (eg as f64 + mg.dot(place.translation));
            let rate = -mg.dot(n);
            if rate > 0.0 {
                if -height / rate < leave {
                    (leave, exit) = (-height / rate, Some(g));
                }
            } else if rate < 0.0 {
                enter = enter.max(-height / rate);
            } else if height > 0.0 {
                enter = f64::INFINITY; // parallel to a face plane, and outside it
            }
        }
        if let Some(g) = exit.filter(|_| enter <= leave) {
            offer(c64 - n * leave, FeatureId { a: Feature::Vertex(c), b: Feature::Face(g as u32) });
        }
    }

    // Nothing of the incident shape below the face within its prism: the overlap, if the
    // shapes overlap, lies beside the prism (under an obtuse edge of the face, fuzz finding 43).
    // Its deepest point along n, from the two shapes' edges clipped to each other. So too when
    // the prism holds only points far shallower than the face's own depth says the incident
    // shape reaches (`LOST_DEPTH`): where the reference face is a sliver among nearly coplanar
    // faces, the deepest vertex can lie inside the reference shape beside the prism, over the
    // sliver next to it, and the prism only a point on the plane (an adversarial sweep: depth 0
    // for an overlap 0.0044 deep, `tests/lost_deepest_vertex.rs`). Then the deeper of the two.
    let g = incident_face(incident, reference_in_incident.turn(normal));
    let shallow = best.is_none_or(|(d, _, _)| d < LOST_DEPTH * depth as f64);
    let best = match shallow.then(|| deepest_of_overlap(reference, r, incident, &place, g as u32)).flatten() {
        Some(beside) if best.is_none_or(|(d, _, _)| beside.0 > d) => Some(beside),
        _ => best,
    };
    let (point, depth, id) = match best {
        Some((depth, x, id)) => (x.to_real(), depth.max(0.0) as Real, id),
        None => {
            // No edge of either shape meets the other (they meet only within rounding, or f32
            // placed them apart): the point of the incident face most anti-parallel to n (the
            // face clipping would have used) nearest the reference face's centre.
            let loop_ = incident.face_vertices(g);
            let corner = |i: usize| place.apply(vertices[loop_[i % loop_.len()] as usize]);
            let centre = reference.face_ball(r).0.to_f64();
            let x = nearest_on_face(loop_.len(), corner, place.turn(incident.face_normal(g)), centre);
            let depth = (offset - n.dot(x)).max(0.0);
            (x.to_real(), depth as Real, FeatureId { a: Feature::Face(r as u32), b: Feature::Face(g as u32) })
        }
    };
    Manifold::one(normal, ContactPoint { point, depth, id })
}

/// The point of a convex face nearest `x`, in f64: `x` dropped onto the face's plane (normal
/// `m`) where it lands inside the face, else the nearest point of its nearest edge. The face
/// is given by its `k` corners in order round it (`corner(i)`, `i` taken round the loop).
fn nearest_on_face(k: usize, corner: impl Fn(usize) -> DVec3, m: DVec3, x: DVec3) -> DVec3 {
    let first = corner(0);
    let dropped = x - m * (m.dot(x - first) / m.length_squared());
    // Inside: on the same side of every edge (whichever way round the loop runs).
    let turn = |i: usize| (corner(i + 1) - corner(i)).cross(dropped - corner(i)).dot(m);
    if (0..k).all(|i| turn(i) >= 0.0) || (0..k).all(|i| turn(i) <= 0.0) {
        return dropped;
    }
    let on_edge = |i: usize| {
        let (p, d) = (corner(i), corner(i + 1) - corner(i));
        let length2 = d.length_squared();
        match length2 > 0.0 {
            true => p + d * (d.dot(dropped - p) / length2).clamp(0.0, 1.0),
            false => p,
        }
    };
    (0..k)
        .map(on_edge)
        .min_by(|u, v| u.distance_squared(x).total_cmp(&v.distance_squared(x)))
        .unwrap_or(first)
}

/// The deepest point along face `r`'s inward normal of the intersection of `reference` and
/// `incident` (placed in the reference frame by `place`), in f64, with its depth below the
/// face's plane and an id; `None` when no edge of either meets the other shape.
///
/// Every corner of the intersection of two convex polyhedra is where an edge of one enters or
/// leaves the other (an edge's end inside the other shape included): each edge is clipped to
/// the other shape's half-spaces (Cyrus–Beck), and the ends of what is left are the
/// candidates. Only [`deepest_vertex`]'s last resort needs it: a pass over every edge against
/// every face plane of the other shape.
///
/// ```text
///         reference face r         the face's prism (:) holds nothing of the
///        :=================:       incident shape below the face; the overlap (x)
///        :                 :\      lies under the obtuse edge, beside the prism,
///        :    reference    : \  x  where an incident edge crosses the neighbouring
///        :                 :  \/   face
/// ```
fn deepest_of_overlap(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    place: &WideFrame,
    g: u32,
) -> Option<(f64, DVec3, FeatureId)> {
    let (n, offset) = (reference.face_normal(r).to_f64(), reference.face_offset(r) as f64);
    // Each shape's face planes (`m · x ≤ e`) in the reference frame, made as they are read.
    let reference_planes = || {
        (reference.face_normals().iter().zip(reference.face_offsets())).map(|(&m, &e)| (m.to_f64(), e as f64))
    };
    let incident_planes = || {
        (incident.face_normals().iter().zip(incident.face_offsets())).map(|(&m, &e)| {
            let m = place.turn(m);
            (m, e as f64 + m.dot(place.translation))
        })
    };
    let mut best: Option<(f64, DVec3, FeatureId)> = None;
    let mut offer = |x: DVec3, id: FeatureId| {
        let depth = offset - n.dot(x);
        if best.is_none_or(|(d, _, _)| depth > d) {
            best = Some((depth, x, id));
        }
    };
    // Each end left: the edge's own end (an id with that vertex) or where a face plane of the
    // other shape cut it (an id with that face).
    for (e, edge) in incident.edges().iter().enumerate() {
        let ends = [edge.tail, edge.head];
        for end in
            clip_segment(ends.map(|v| place.apply(incident.vertices()[v as usize])), reference_planes())
                .into_iter()
                .flatten()
        {
            let id = match end.cut {
                Some(f) => FeatureId { a: Feature::Face(f), b: Feature::Edge(e as u32) },
                None => FeatureId { a: Feature::Face(r as u32), b: Feature::Vertex(ends[end.of]) },
            };
            offer(end.point, id);
        }
    }
    for (e, edge) in reference.edges().iter().enumerate() {
        let ends = [edge.tail, edge.head];
        for end in clip_segment(ends.map(|v| reference.vertices()[v as usize].to_f64()), incident_planes())
            .into_iter()
            .flatten()
        {
            let id = match end.cut {
                Some(f) => FeatureId { a: Feature::Edge(e as u32), b: Feature::Face(f) },
                None => FeatureId { a: Feature::Vertex(ends[end.of]), b: Feature::Face(g) },
            };
            offer(end.point, id);
        }
    }
    best
}

/// An end of a clipped segment ([`clip_segment`]).
struct SegmentEnd {
    point: DVec3,
    /// The plane that cut the segment here, or `None` where this is the segment's own end.
    cut: Option<u32>,
    /// Which of the segment's ends it lies towards (0 or 1).
    of: usize,
}

/// The part of the segment between `ends` on the inner side of every plane (`m · x ≤ e`), as
/// its two ends, or `None` when nothing is left.
fn clip_segment(ends: [DVec3; 2], planes: impl Iterator<Item = (DVec3, f64)>) -> Option<[SegmentEnd; 2]> {
    let [p, q] = ends;
    let d = q - p;
    let ((mut t0, mut cut0), (mut t1, mut cut1)) = ((0.0f64, None), (1.0f64, None));
    for (i, (m, e)) in planes.enumerate() {
        // The height over the plane along the segment: h(t) = (m · p − e) + t (m · d) ≤ 0.
        let (h, rate) = (m.dot(p) - e, m.dot(d));
        if rate > 0.0 && -h / rate < t1 {
            (t1, cut1) = (-h / rate, Some(i as u32));
        } else if rate < 0.0 && -h / rate > t0 {
            (t0, cut0) = (-h / rate, Some(i as u32));
        } else if rate == 0.0 && h > 0.0 {
            return None;
        }
        if t0 > t1 {
            return None;
        }
    }
    Some([
        SegmentEnd { point: p + d * t0, cut: cut0, of: 0 },
        SegmentEnd { point: p + d * t1, cut: cut1, of: 1 },
    ])
}

/// A fraction of the reference face's depth (minus its separation): where the deepest point
/// [`deepest_vertex`] finds below the face, within its prism, is shallower than this, it looks
/// beside the prism too. Far from 1, so that rounding between the face query's numbers and
/// these never sends a prism that holds the deepest vertex there.
const LOST_DEPTH: f64 = 0.9;

/// How far above the reference face's plane (as a fraction of the reference shape's bounding
/// radius) [`deepest_vertex`] still offers a point, as one on the plane up to rounding.
const ABOVE_SLACK: f64 = 1e-4;

/// A frame's motion in f64. Its f32 entries are exact there, so points placed by it carry no
/// rounding beyond f64's: this module's rare paths use it where f32 placement of a shape many
/// times larger than the other would blur the small one's position.
struct WideFrame {
    rotation: DMat3,
    translation: DVec3,
}

impl WideFrame {
    #[inline]
    fn of(frame: &Frame) -> WideFrame {
        let m = &frame.rotation;
        WideFrame {
            rotation: DMat3::from_cols(m.x_axis.to_f64(), m.y_axis.to_f64(), m.z_axis.to_f64()),
            translation: frame.translation.to_f64(),
        }
    }

    #[inline]
    fn apply(&self, p: Vector) -> DVec3 {
        self.rotation * p.to_f64() + self.translation
    }

    #[inline]
    fn turn(&self, v: Vector) -> DVec3 {
        self.rotation * v.to_f64()
    }

    /// The inverse motion applied to `x`.
    #[inline]
    fn unapply(&self, x: DVec3) -> DVec3 {
        self.rotation.transpose() * (x - self.translation)
    }
}

/// Which of `n` contact points (`n ≥ 1`; point `i` at `point(i)`, behind the reference face,
/// `deepest()` the first of the deepest) to keep, at most four: all when there are four or
/// fewer; else the deepest, the point furthest from it, and the two that, with those, span the
/// largest area (one on each side of the line through the first two, where there are points on
/// both sides), the first on a tie. `area(u, v, x)` is twice the signed area of the triangle
/// `u v x` about the reference normal. Shared by the general clipping and the closed-form
/// box–box one, so both keep the same points. (The deepest is the caller's to find: the box–box
/// clipping notes it as the points come, off the path to the answer.)
#[inline]
pub(crate) fn reduce(
    n: usize,
    deepest: impl FnOnce() -> usize,
    point: impl Fn(usize) -> Vector,
    area: impl Fn(Vector, Vector, Vector) -> Real,
) -> ([usize; 4], usize) {
    if n <= 4 {
        return ([0, 1, 2, 3], n);
    }
    let deepest = deepest();
    let p0 = point(deepest);
    let (i1, _) = argmax(n, |i| (point(i) - p0).length_squared());
    let p1 = point(i1);
    let (i2, left) = argmax(n, |i| area(p0, p1, point(i)));
    let (i3, right) = argmax(n, |i| -area(p0, p1, point(i)));
    if left > 0.0 && right > 0.0 {
        return ([deepest, i1, i2, i3], 4);
    }
    // All on one side: the furthest from the line, then the point that adds most beyond the
    // triangle's other two sides.
    let (i2, _) = argmax(n, |i| area(p0, p1, point(i)).abs());
    let p2 = point(i2);
    let sense = if area(p0, p1, p2) >= 0.0 { 1.0 } else { -1.0 };
    let (i3, beyond) = argmax(n, |i| (-sense * area(p1, p2, point(i))).max(-sense * area(p2, p0, point(i))));
    if beyond > 0.0 {
        return ([deepest, i1, i2, i3], 4);
    }
    ([deepest, i1, i2, i2], 3)
}

/// The index in `0..n` maximising `score`, and that score (the first on a tie).
#[inline(always)]
pub(crate) fn argmax(n: usize, score: impl Fn(usize) -> Real) -> (usize, Real) {
    let mut best = (0, Real::NEG_INFINITY);
    for i in 0..n {
        let s = score(i);
        if s > best.1 {
            best = (i, s);
        }
    }
    best
}

/// The one-point manifold of an edge–edge contact, in the world (`pose_a` places a there): the
/// point midway between the closest points of edge `i` of a and edge `j` of b, with depth
/// `depth` along `normal` (a's frame, like the edges; b is placed there by `b_in_a`).
///
/// When the two edges are the shapes' extreme features along the normal, seen along it they
/// cross, and their closest points are those of the two lines, `depth` apart along the
/// normal: the common case. The closest points are computed in f64, where the products of
/// squared lengths cannot overflow (in f32, two edges 1e10 long gave a NaN point, longer ones
/// an edge's far end; fuzz finding 9).
///
/// When the edges do not cross (a closest point is at an end), the pair may not be what
/// touches, though its axis is right. A short edge takes its direction from its two faces'
/// normals, so its axis is that of the ridge between those faces, while its own segment is a
/// stub at one end of the ridge: the stub's closest point to the other edge lay 3,666 outside
/// the overlap, beyond its depth (fuzz finding 15). Or rounding ties an edge axis with a face
/// axis far from the shapes' origins, and the edge of the other shape lies across the overlap.
/// So the candidates are tried in turn, each a pair of witness points, one on each shape, no
/// more than `depth` apart (then their midpoint is within half the depth of both shapes):
///
/// 1. the closest points of the two segments, when they are that close (an edge's end touching);
/// 2. the closest points of the lines along the edges' directions (as the axis used them),
///    when each lies on its shape (by the face planes): for a short edge, the point on the
///    ridge its direction stands for;
/// 3. failing both, the closest point on one edge, on its shape by construction, whichever
///    lies less far outside the other shape: a point at least in or on one of them.
///
/// Only these rare cases cost a pass over the faces.
pub(crate) fn edge_contact(
    a: &ConvexHull,
    i: u32,
    b: &ConvexHull,
    j: u32,
    b_in_a: &Frame,
    (normal, depth): (Vector, Real),
    pose_a: &Pose,
) -> Manifold {
    let place = WideFrame::of(b_in_a);
    let (ta, ha) = a.edge(i as usize);
    let (tb, hb) = b.edge(j as usize);
    let edge_a = [a.vertices()[ta as usize].to_f64(), a.vertices()[ha as usize].to_f64()];
    let edge_b = [place.apply(b.vertices()[tb as usize]), place.apply(b.vertices()[hb as usize])];
    let (s, t, crossing) = closest_between_segments(edge_a, edge_b);
    let at = |e: [DVec3; 2], s: f64| e[0] + (e[1] - e[0]) * s;
    let (on_a, on_b) = (at(edge_a, s), at(edge_b, t));
    let point = if crossing {
        (on_a + on_b) * 0.5
    } else {
        // Rounding allowed in "on its shape" and "no more than `depth` apart".
        let slack = WITNESS_SLACK * (a.bounding_radius() as f64 + b.bounding_radius() as f64);
        let close = |x: DVec3, y: DVec3| x.distance(y) <= depth as f64 + slack;
        let outside_a = |x: DVec3| outside_by(a, x);
        let outside_b = |x: DVec3| outside_by(b, place.unapply(x));
        let on_lines = || {
            let (u, v) = (a.edge_unit(i as usize).to_f64(), place.turn(b.edge_unit(j as usize)));
            closest_between_lines(edge_a[0], u, edge_b[0], v)
        };
        if close(on_a, on_b) {
            (on_a + on_b) * 0.5
        } else if let Some((x, y)) =
            on_lines().filter(|&(x, y)| close(x, y) && outside_a(x) <= slack && outside_b(y) <= slack)
        {
            (x + y) * 0.5
        } else if outside_b(on_a) <= outside_a(on_b) {
            on_a
        } else {
            on_b
        }
    };
    let id = FeatureId { a: Feature::Edge(i), b: Feature::Edge(j) };
    // In the world (`pose_a` places a there), made there rather than moved (see `clip_faces`).
    let point = pose_a.apply(point.to_real());
    Manifold::one(pose_a.rotation * normal, ContactPoint { point, depth, id })
}

/// In [`edge_contact`]'s rare cases, how far (as a fraction of the two bounding radii) a witness
/// point may lie outside its shape's face planes, or two witnesses exceed `depth` apart: the
/// rounding of nearly coplanar faces and of the normal.
const WITNESS_SLACK: f64 = 1e-4;

/// How far beyond its face planes `x` (in the hull's frame) lies: the largest of its heights
/// above them (zero or less inside).
fn outside_by(hull: &ConvexHull, x: DVec3) -> f64 {
    hull.face_normals()
        .iter()
        .zip(hull.face_offsets())
        .map(|(n, &d)| n.to_f64().dot(x) - d as f64)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// How far (as a fraction of a segment's length) the closest points of the two lines may lie
/// beyond a segment's end and still count as on it: the edges then cross, within rounding.
const END_SLACK: f64 = 1e-3;

/// The parameters `(s, t)` in `[0, 1]` of the closest points `p1 + s (q1 − p1)` and
/// `p2 + t (q2 − p2)` of the segments `e1 = [p1, q1]` and `e2 = [p2, q2]`, and whether they are
/// the closest points of the two lines (within [`END_SLACK`]): whether the segments cross when
/// seen along the line between those points.
///
/// Minimising `|p1 + s d1 − p2 − t d2|²` over the square `[0, 1]²`, in f64: for parallel
/// segments any `s` works and the middle of the overlap is not needed here, so `s` starts at
/// 0.
fn closest_between_segments(e1: [DVec3; 2], e2: [DVec3; 2]) -> (f64, f64, bool) {
    let (d1, d2, r) = (e1[1] - e1[0], e2[1] - e2[0], e1[0] - e2[0]);
    let (a, e, f) = (d1.dot(d1), d2.dot(d2), d2.dot(r));
    if a <= f64::MIN_POSITIVE && e <= f64::MIN_POSITIVE {
        return (0.0, 0.0, false); // both points
    }
    if a <= f64::MIN_POSITIVE {
        return (0.0, (f / e).clamp(0.0, 1.0), false); // the first is a point
    }
    let c = d1.dot(r);
    if e <= f64::MIN_POSITIVE {
        return ((-c / a).clamp(0.0, 1.0), 0.0, false); // the second is a point
    }
    let b = d1.dot(d2);
    let denominator = a * e - b * b; // ≥ 0; zero for parallel segments
    let on_segment = |x: f64| (-END_SLACK..=1.0 + END_SLACK).contains(&x);
    let s = if denominator > 0.0 { (b * f - c * e) / denominator } else { 0.0 };
    let mut crossing = denominator > 0.0 && on_segment(s);
    let mut s = s.clamp(0.0, 1.0);
    // The best t for that s, and if it must be clamped, the best s for the clamped t.
    let mut t = (b * s + f) / e;
    crossing &= on_segment(t);
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    (s, t, crossing)
}

/// The closest points of the lines `p + σ u` and `q + τ v`, or `None` when they are parallel.
///
/// With `w = u × v` and `r = q − p` the closest points differ by a multiple of `w`; crossing
/// `σ u − τ v − λ w = r` with `v × w` and with `u × w` gives `σ = (r × v)·w / |w|²` and
/// `τ = (r × u)·w / |w|²`.
fn closest_between_lines(p: DVec3, u: DVec3, q: DVec3, v: DVec3) -> Option<(DVec3, DVec3)> {
    let w = u.cross(v);
    let ww = w.length_squared();
    (ww > 0.0).then(|| {
        let r = q - p;
        let (sigma, tau) = (r.cross(v).dot(w) / ww, r.cross(u).dot(w) / ww);
        (p + u * sigma, q + v * tau)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_on_face_is_no_further_than_any_point_of_the_face() {
        // Convex faces (points on a circle, in a turned plane, either way round) and points on
        // every side of them: the answer lies on the face, and no point of the face (a fine
        // grid over its fan of triangles and its edges) is nearer.
        let mut rng = crate::test_rng::Lcg(0x9e37_79b9_7f4a_7c15);
        let mut unit = || rng.unit();
        for case in 0..300 {
            let k = 3 + case % 5;
            let turn = glam::DQuat::from_euler(glam::EulerRot::XYZ, 6.0 * unit(), 6.0 * unit(), 6.0 * unit());
            let mut angles: alloc::vec::Vec<f64> = (0..k).map(|_| core::f64::consts::TAU * unit()).collect();
            angles.sort_by(f64::total_cmp);
            if case % 2 == 1 {
                angles.reverse();
            }
            let corners: alloc::vec::Vec<DVec3> = angles
                .iter()
                .map(|&t| turn * DVec3::new(2.0 * t.cos(), 2.0 * t.sin(), 0.0) + DVec3::new(5.0, -3.0, 1.0))
                .collect();
            let m = turn * DVec3::Z * if case % 3 == 0 { -3.0 } else { 0.5 };
            let x = DVec3::new(5.0, -3.0, 1.0) + DVec3::new(unit() - 0.5, unit() - 0.5, unit() - 0.5) * 8.0;
            let corner = |i: usize| corners[i % k];
            let got = nearest_on_face(k, corner, m, x);
            // On the face: in its plane, and on the inner side of every edge.
            let normal = m.normalize();
            assert!(normal.dot(got - corners[0]).abs() < 1e-9, "case {case}: off the plane");
            let side = (corner(1) - corner(0)).cross(corner(2) - corner(1)).dot(normal).signum();
            for i in 0..k {
                let inner = (corner(i + 1) - corner(i)).cross(got - corner(i)).dot(normal) * side;
                assert!(inner > -1e-9, "case {case}: outside edge {i}");
            }
            let mut nearest = f64::INFINITY;
            let steps = 40;
            for i in 1..k - 1 {
                let (p, q, r) = (corner(0), corner(i), corner(i + 1));
                for s in 0..=steps {
                    for t in 0..=steps - s {
                        let (u, v) = (s as f64 / steps as f64, t as f64 / steps as f64);
                        nearest = nearest.min((p + (q - p) * u + (r - p) * v).distance(x));
                    }
                }
            }
            for i in 0..k {
                for s in 0..=400 {
                    nearest = nearest
                        .min((corner(i) + (corner(i + 1) - corner(i)) * (s as f64 / 400.0)).distance(x));
                }
            }
            assert!(got.distance(x) <= nearest + 1e-9, "case {case}: {} against {nearest}", got.distance(x));
        }
    }
}
