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

use crate::pose::Frame;
use crate::{ContactPoint, ConvexHull, Feature, FeatureId, Manifold, Real, Vector};

/// The most corners a clipped polygon keeps.
pub(crate) const CLIP_CAPACITY: usize = 64;

/// Above this many faces, the incident face is sought among the faces round the incident
/// shape's deepest vertex rather than among all faces.
const SCAN_FACES_UP_TO: usize = 32;

/// What the polygon edge leaving a clip vertex runs along.
#[derive(Clone, Copy, Debug)]
enum Along {
    /// Incident edge (its edge index).
    Incident(u32),
    /// The side plane of reference edge `k` (position `k` round the reference face).
    Side(usize),
}

#[derive(Clone, Copy, Debug)]
struct ClipVertex {
    point: Vector,
    /// (reference feature, incident feature).
    id: FeatureId,
    along: Along,
}

/// A polygon in a fixed buffer.
struct Polygon {
    corners: [ClipVertex; CLIP_CAPACITY],
    len: usize,
}

impl Polygon {
    fn empty(fill: ClipVertex) -> Polygon {
        Polygon { corners: [fill; CLIP_CAPACITY], len: 0 }
    }

    #[inline]
    fn push(&mut self, corner: ClipVertex) {
        if self.len < CLIP_CAPACITY {
            self.corners[self.len] = corner;
            self.len += 1;
        }
    }
}

/// The face of `incident` most anti-parallel to `direction` (in the incident frame).
fn incident_face(incident: &ConvexHull, direction: Vector) -> usize {
    let normals = incident.face_normals();
    let mut best = (0, Real::INFINITY);
    if normals.len() <= SCAN_FACES_UP_TO {
        for (f, n) in normals.iter().enumerate() {
            let d = n.dot(direction);
            if d < best.1 {
                best = (f, d);
            }
        }
        return best.0;
    }
    // The most anti-parallel face lies round the deepest vertex (its Gauss-map cell holds −n).
    let deepest = incident.support(-direction) as usize;
    let half_edges = incident.half_edges();
    let first = incident.vertex_half_edge(deepest);
    let mut h = first;
    for _ in 0..half_edges.len() {
        let f = half_edges[h as usize].face as usize;
        let d = normals[f].dot(direction);
        if d < best.1 {
            best = (f, d);
        }
        h = half_edges[half_edges[h as usize].twin as usize].next;
        if h == first {
            break;
        }
    }
    best.0
}

/// The manifold of face `r` of `reference` against `incident`, in the reference frame, with
/// ids as (a: reference, b: incident) and the reference face's normal; `None` when no part of
/// the clipped incident face lies behind the reference face (a face chosen for stability
/// rather than depth may not face the overlap). `incident_in_reference` places the incident
/// shape in the reference frame, `reference_in_incident` the other way.
pub(crate) fn clip_faces(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    incident_in_reference: &Frame,
    reference_in_incident: &Frame,
) -> Option<Manifold> {
    let direction = reference_in_incident.turn(reference.face_normal(r));
    let f = incident_face(incident, direction);
    clip_incident(reference, r, incident, f, incident_in_reference).or_else(|| {
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
        ties[..count]
            .iter()
            .find_map(|&(_, g)| clip_incident(reference, r, incident, g, incident_in_reference))
    })
}

/// How much less anti-parallel than the best (in the dot product of unit normals, about half
/// the square of the angle: 1e-3 is 2.6°) an incident face may be and still be tried when the
/// best one clips to nothing.
const NEAR_TIE: Real = 1e-3;

/// [`clip_faces`] with incident face `f` given.
fn clip_incident(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    f: usize,
    incident_in_reference: &Frame,
) -> Option<Manifold> {
    let normal = reference.face_normal(r);
    let offset = reference.face_offset(r);

    let seed = ClipVertex {
        point: Vector::ZERO,
        id: FeatureId { a: Feature::Face(r as u32), b: Feature::Face(f as u32) },
        along: Along::Side(0),
    };
    let mut polygon = Polygon::empty(seed);
    let half_edges = incident.half_edges();
    let first = incident.face_first_half_edge(f) as usize;
    for (k, &v) in incident.face_vertices(f).iter().enumerate() {
        polygon.push(ClipVertex {
            point: incident_in_reference.apply(incident.vertices()[v as usize]),
            id: FeatureId { a: Feature::Face(r as u32), b: Feature::Vertex(v) },
            along: Along::Incident(half_edges[first + k].edge),
        });
    }

    let corners = reference.face_vertices(r);
    let reference_first = reference.face_first_half_edge(r) as usize;
    let m = corners.len();
    let mut clipped = Polygon::empty(seed);
    for k in 0..m {
        let p = reference.vertices()[corners[k] as usize];
        let q = reference.vertices()[corners[(k + 1) % m] as usize];
        let side = (q - p).cross(normal);
        let limit = side.dot(p);
        let edge = reference.half_edges()[reference_first + k].edge;
        // Where the polygon edge `along` meets this side plane, and what made the point.
        let crossing_id = |along: Along| match along {
            Along::Incident(e) => FeatureId { a: Feature::Edge(edge), b: Feature::Edge(e) },
            Along::Side(j) => {
                // Two side planes meet at the reference corner between their edges.
                let corner = if (j + 1) % m == k { corners[k] } else { corners[(k + 1) % m] };
                FeatureId { a: Feature::Vertex(corner), b: Feature::Face(f as u32) }
            }
        };
        clipped.len = 0;
        for i in 0..polygon.len {
            let a = polygon.corners[i];
            let b = polygon.corners[(i + 1) % polygon.len];
            let (da, db) = (side.dot(a.point) - limit, side.dot(b.point) - limit);
            let cut = || {
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
                clipped.push(ClipVertex { point: cut(), id: crossing_id(a.along), along: Along::Side(k) });
            }
        }
        core::mem::swap(&mut polygon, &mut clipped);
        if polygon.len == 0 {
            break;
        }
    }

    // Keep the points behind the reference face, each with its depth.
    let mut points = [ContactPoint { point: Vector::ZERO, depth: 0.0, id: seed.id }; CLIP_CAPACITY];
    let mut count = 0;
    for c in &polygon.corners[..polygon.len] {
        let depth = offset - normal.dot(c.point);
        if depth >= 0.0 {
            points[count] = ContactPoint { point: c.point, depth, id: c.id };
            count += 1;
        }
    }
    if count == 0 {
        return None;
    }
    let (kept, len) = reduce(&points[..count], normal);
    Manifold::from_points(normal, &kept[..len])
}

/// The one-point manifold of face `r` of `reference` against the incident shape's deepest
/// vertex below it, in the reference frame: the last resort when clipping leaves nothing on
/// the face that is the minimum translation's own axis (a rounding case).
pub(crate) fn deepest_vertex(
    reference: &ConvexHull,
    r: usize,
    incident: &ConvexHull,
    incident_in_reference: &Frame,
    reference_in_incident: &Frame,
) -> Manifold {
    let normal = reference.face_normal(r);
    let v = incident.support(reference_in_incident.turn(-normal));
    let point = incident_in_reference.apply(incident.vertices()[v as usize]);
    let depth = (reference.face_offset(r) - normal.dot(point)).max(0.0);
    let id = FeatureId { a: Feature::Face(r as u32), b: Feature::Vertex(v) };
    Manifold::one(normal, ContactPoint { point, depth, id })
}

/// At most four of `points` (not empty): all when there are four or fewer; else the deepest,
/// the point furthest from it, and the two that, with those, span the largest area (one on
/// each side of the line through the first two, where there are points on both sides).
fn reduce(points: &[ContactPoint], normal: Vector) -> ([ContactPoint; 4], usize) {
    let mut kept = [points[0]; 4];
    if points.len() <= 4 {
        kept[..points.len()].copy_from_slice(points);
        return (kept, points.len());
    }
    let mut deepest = 0;
    for (i, p) in points.iter().enumerate() {
        if p.depth > points[deepest].depth {
            deepest = i;
        }
    }
    let p0 = points[deepest].point;
    let (i1, _) = argmax(points, |x| (x - p0).length_squared());
    let p1 = points[i1].point;
    // Twice the signed area of (u, v, x) about the normal.
    let area = |u: Vector, v: Vector, x: Vector| (v - u).cross(x - u).dot(normal);
    let (i2, left) = argmax(points, |x| area(p0, p1, x));
    let (i3, right) = argmax(points, |x| -area(p0, p1, x));
    kept[0] = points[deepest];
    kept[1] = points[i1];
    if left > 0.0 && right > 0.0 {
        kept[2] = points[i2];
        kept[3] = points[i3];
        return (kept, 4);
    }
    // All on one side: the furthest from the line, then the point that adds most beyond the
    // triangle's other two sides.
    let (i2, _) = argmax(points, |x| area(p0, p1, x).abs());
    let p2 = points[i2].point;
    let sense = if area(p0, p1, p2) >= 0.0 { 1.0 } else { -1.0 };
    let (i3, beyond) = argmax(points, |x| (-sense * area(p1, p2, x)).max(-sense * area(p2, p0, x)));
    kept[2] = points[i2];
    if beyond > 0.0 {
        kept[3] = points[i3];
        return (kept, 4);
    }
    (kept, 3)
}

/// The index of the point maximising `score`, and that score (the first on a tie).
#[inline]
fn argmax(points: &[ContactPoint], score: impl Fn(Vector) -> Real) -> (usize, Real) {
    let mut best = (0, Real::NEG_INFINITY);
    for (i, p) in points.iter().enumerate() {
        let s = score(p.point);
        if s > best.1 {
            best = (i, s);
        }
    }
    best
}

/// The one-point manifold of an edge–edge contact, in a's frame: the point midway between the
/// closest points of edge `i` of a and edge `j` of b, with depth `depth` along `normal`.
pub(crate) fn edge_contact(
    a: &ConvexHull,
    i: u32,
    b: &ConvexHull,
    j: u32,
    b_in_a: &Frame,
    normal: Vector,
    depth: Real,
) -> Manifold {
    let (ta, ha) = a.edge(i as usize);
    let (tb, hb) = b.edge(j as usize);
    let (p1, q1) = (a.vertices()[ta as usize], a.vertices()[ha as usize]);
    let (p2, q2) = (b_in_a.apply(b.vertices()[tb as usize]), b_in_a.apply(b.vertices()[hb as usize]));
    let (s, t) = closest_between_segments(p1, q1, p2, q2);
    let on_a = p1 + (q1 - p1) * s;
    let on_b = p2 + (q2 - p2) * t;
    let id = FeatureId { a: Feature::Edge(i), b: Feature::Edge(j) };
    Manifold::one(normal, ContactPoint { point: (on_a + on_b) * 0.5, depth, id })
}

/// The parameters `(s, t)` in `[0, 1]` of the closest points `p1 + s (q1 − p1)` and
/// `p2 + t (q2 − p2)` of two segments.
///
/// Minimising `|p1 + s d1 − p2 − t d2|²` over the square `[0, 1]²`: for parallel segments any
/// `s` works and the middle of the overlap is not needed here, so `s` starts at 0.
pub(crate) fn closest_between_segments(p1: Vector, q1: Vector, p2: Vector, q2: Vector) -> (Real, Real) {
    let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
    let (a, e, f) = (d1.dot(d1), d2.dot(d2), d2.dot(r));
    if a <= Real::MIN_POSITIVE && e <= Real::MIN_POSITIVE {
        return (0.0, 0.0); // both points
    }
    if a <= Real::MIN_POSITIVE {
        return (0.0, (f / e).clamp(0.0, 1.0)); // the first is a point
    }
    let c = d1.dot(r);
    if e <= Real::MIN_POSITIVE {
        return ((-c / a).clamp(0.0, 1.0), 0.0); // the second is a point
    }
    let b = d1.dot(d2);
    let denominator = a * e - b * b; // ≥ 0; zero for parallel segments
    let mut s = if denominator > 0.0 { ((b * f - c * e) / denominator).clamp(0.0, 1.0) } else { 0.0 };
    // The best t for that s, and if it must be clamped, the best s for the clamped t.
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    (s, t)
}
