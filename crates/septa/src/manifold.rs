//! Contact manifolds by reference/incident edge clipping.
//!
//! The MTV says how deep and along which normal; a physics engine also needs *where*. For two
//! polygons the manifold is built the way Box2D builds it:
//!
//! ```text
//!          side plane        side plane
//!              :    reference     :          1. reference edge: the face most aligned with
//!              v1 ============== v2             the normal (the one that gave the MTV)
//!              :        n ↑       :          2. incident edge: the edge of the other shape
//!         w2 ——:——————————————————:—— w1        most anti-parallel to n
//!              :                  :          3. clip the incident edge to the slab between
//!              x2                 x1            the side planes through v1 and v2
//!                                            4. keep the clipped points behind the reference
//!                                               face; each gets its own depth
//! ```
//!
//! A resting box needs two points or it rocks; when the incident edge is tilted only one point
//! may lie behind the face. The points lie **on the incident edge** (the incident shape's
//! surface), and each depth is the distance from the point to the reference face line. For
//! shallow penetration, as in a physics engine that pushes bodies apart each step, they sit at
//! the overlap region; for deep penetration the clipped points can lie outside the reference
//! polygon and are only an approximation.
//!
//! Near ties between a face of a and a face of b would make the reference edge flip between
//! frames and resting boxes jitter, so the choice is biased toward a (see
//! [`REFERENCE_BIAS`](crate::pair::polygon_polygon::REFERENCE_BIAS)).

use crate::{Real, Vector};

/// A feature of one shape: where a contact point or a projection end comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Feature {
    /// Vertex `k` of a polygon.
    Vertex(u32),
    /// Edge `i` of a polygon, from vertex `i` to vertex `i + 1`.
    Edge(u32),
    /// The boundary of a circle.
    Circle,
}

/// Which feature of a and which of b produced a contact point. It stays the same while the same
/// features touch, so a physics engine can match points between steps and warm-start them.
///
/// For clipped polygon points: an incident vertex behind the reference face is
/// `(reference Edge, incident Vertex)`; a point cut by a side plane is
/// `(reference Vertex, incident Edge)`; each put in a's and b's slots as the roles fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FeatureId {
    /// The feature of shape a.
    pub a: Feature,
    /// The feature of shape b.
    pub b: Feature,
}

impl FeatureId {
    /// The same id with a and b exchanged.
    #[inline]
    pub fn flipped(self) -> FeatureId {
        FeatureId { a: self.b, b: self.a }
    }
}

/// One point of a contact manifold.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactPoint {
    /// The point, in the world frame, on the incident shape's surface.
    pub point: Vector,
    /// How far the point lies behind the reference face (greater than zero).
    pub depth: Real,
    /// The features that produced it.
    pub id: FeatureId,
}

/// The two polygon edges a clipped manifold came from: the reference face, whose side planes
/// cut the incident edge and behind whose plane the points lie, and that incident edge.
///
/// ```text
///              incident edge (of the other shape)
///          ___x_______________x___
///         |   :               :   |   side planes through the reference
///   ------+---:---------------:---+------  face's ends; points kept behind
///         |   reference face  ↑ n |        the face's plane
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClipFaces {
    /// True when the reference face is b's (the manifold's normal is then its normal turned
    /// around); false when it is a's.
    pub reference_on_b: bool,
    /// The reference face: edge `reference` (from vertex `reference` to the next) of its shape.
    pub reference: u32,
    /// The incident edge, of the other shape.
    pub incident: u32,
}

/// A contact manifold: one or two points sharing a normal. Fixed size; no allocation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// Unit normal pointing from a to b (world frame): the reference face's normal, turned
    /// around when the reference face belongs to b.
    pub normal: Vector,
    points: [ContactPoint; 2],
    len: u8,
    faces: Option<ClipFaces>,
}

impl Manifold {
    /// A manifold of one point.
    #[inline]
    pub fn one(normal: Vector, point: ContactPoint) -> Manifold {
        Manifold { normal, points: [point; 2], len: 1, faces: None }
    }

    /// A manifold of two points.
    #[inline]
    pub fn two(normal: Vector, first: ContactPoint, second: ContactPoint) -> Manifold {
        Manifold { normal, points: [first, second], len: 2, faces: None }
    }

    /// The contact points (one or two).
    #[inline]
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.len as usize]
    }

    /// The reference and incident edges, for manifolds made by clipping one polygon edge
    /// against another's face (polygon and box pairs); `None` for the others.
    #[inline]
    pub fn clip_faces(&self) -> Option<ClipFaces> {
        self.faces
    }

    /// The same manifold, recording the edges it was clipped from.
    #[inline]
    pub(crate) fn with_faces(mut self, faces: ClipFaces) -> Manifold {
        self.faces = Some(faces);
        self
    }

    /// The largest depth of its points.
    #[inline]
    pub fn depth(&self) -> Real {
        self.points().iter().fold(0.0, |d, p| d.max(p.depth))
    }

    /// The manifold computed in a local frame, moved to the world by `pose`.
    #[inline]
    pub(crate) fn to_world(mut self, pose: &crate::Pose) -> Manifold {
        self.normal = pose.rotation.apply(self.normal);
        for p in &mut self.points {
            p.point = pose.apply(p.point);
        }
        self
    }

    /// The same manifold seen with a and b exchanged: the normal turns around, feature ids swap,
    /// the points and depths stay.
    #[inline]
    pub fn flipped(mut self) -> Manifold {
        self.normal = -self.normal;
        for p in &mut self.points {
            p.id = p.id.flipped();
        }
        if let Some(faces) = &mut self.faces {
            faces.reference_on_b = !faces.reference_on_b;
        }
        self
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{ClipFaces, ContactPoint, Manifold};
    use crate::Vector;
    use alloc::vec::Vec;

    #[derive(serde::Serialize)]
    struct ManifoldRef<'a> {
        normal: Vector,
        points: &'a [ContactPoint],
        #[serde(skip_serializing_if = "Option::is_none")]
        faces: Option<ClipFaces>,
    }

    #[derive(serde::Deserialize)]
    struct ManifoldData {
        normal: Vector,
        points: Vec<ContactPoint>,
        #[serde(default)]
        faces: Option<ClipFaces>,
    }

    impl serde::Serialize for Manifold {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            ManifoldRef { normal: self.normal, points: self.points(), faces: self.faces }.serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Manifold {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Manifold, D::Error> {
            let data = ManifoldData::deserialize(d)?;
            let manifold = match data.points[..] {
                [p] => Manifold::one(data.normal, p),
                [p, q] => Manifold::two(data.normal, p, q),
                _ => return Err(serde::de::Error::custom("a manifold has 1 or 2 points")),
            };
            Ok(Manifold { faces: data.faces, ..manifold })
        }
    }
}

/// A point of the incident edge during clipping, with the features that produced it, as
/// (reference feature, incident feature).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClipVertex {
    pub point: Vector,
    pub id: FeatureId,
}

/// Keeps the part of the segment on the inner side of the plane `normal · x ≤ offset`. A point
/// beyond it is replaced by the segment's crossing of the plane, tagged `clip_id`; `None` when
/// the whole segment lies beyond.
#[inline]
pub(crate) fn clip_segment(
    segment: [ClipVertex; 2],
    normal: Vector,
    offset: Real,
    clip_id: FeatureId,
) -> Option<[ClipVertex; 2]> {
    let [p, q] = segment;
    let dp = normal.dot(p.point) - offset;
    let dq = normal.dot(q.point) - offset;
    match (dp <= 0.0, dq <= 0.0) {
        (true, true) => Some(segment),
        (false, false) => None,
        (p_inside, _) => {
            // Signs differ, so dp - dq is not zero; t is in [0, 1].
            let t = dp / (dp - dq);
            let crossing = ClipVertex { point: p.point + (q.point - p.point) * t, id: clip_id };
            Some(if p_inside { [p, crossing] } else { [crossing, q] })
        }
    }
}

/// A reference face for [`capsule_on_face`]: the segment `corners[0] → corners[1]` with outward
/// `normal`, and the features for the ids (the face itself, and its two ends).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReferenceFace {
    pub corners: [Vector; 2],
    pub normal: Vector,
    pub face: Feature,
    pub ends: [Feature; 2],
}

/// The manifold of a capsule (core `ends`, `radius`) pressed against a reference face; points
/// in the frame the arguments are given in, on the capsule's surface, ids as (reference,
/// incident). `side` and `facing` are the capsule side that faces the face and its outward
/// normal.
///
/// The capsule is `core ⊕ disk(radius)`. Its deepest point comes from the lower end of its core
/// cut to the slab between the face's side planes, as Box2D clips a rounded polygon: the bottom
/// of that end's disk, `p − n·radius` (a capsule standing on the face touches it with its round
/// end, not its side). Where the core is cut by a side plane, the capsule may reach deeper along
/// that plane than the disk of the cut point (a round end poking past the corner), so the point
/// there is the capsule's lowest point on the side line; and when the whole core lies past a
/// side plane, that line's lowest point is the only one:
///
/// ```text
///                 n ↑              side plane
///     ======================== v2   :
///     reference face          ( ‾‾‾‾‾‾‾‾ )   core beyond the plane,
///                              ‾‾x‾‾‾‾‾‾‾    cap reaching back over it:
///                                :           x = lowest capsule point on the line
/// ```
///
/// The second point belongs to the other end of the core: the capsule's facing side cut to the
/// slab, as an incident edge (for the upper end the bottom of its disk would lie inside the
/// capsule). A capsule lying on the face so gets both ends and does not rock; one standing on
/// it gets one point, its second lying above the face.
///
/// Every point is then a capsule surface point inside the slab, behind the face by its depth,
/// so it is within that depth of the reference shape: in the overlap.
pub(crate) fn capsule_on_face(
    face: &ReferenceFace,
    ends: [Vector; 2],
    radius: Real,
    (side, facing): (u32, Vector),
) -> Manifold {
    let n = face.normal;
    let [v1, v2] = face.corners;
    let offset = n.dot(v1);
    let tangent = Vector::new(-n.y, n.x); // along the face, from v1 to v2
    let cut_at = |k: usize| FeatureId { a: face.ends[k], b: Feature::Edge(side) };
    let to_slab = |segment: [ClipVertex; 2]| {
        clip_segment(segment, -tangent, -tangent.dot(v1), cut_at(0))
            .and_then(|s| clip_segment(s, tangent, tangent.dot(v2), cut_at(1)))
    };
    let at = |point: Vector, id: FeatureId| ContactPoint { point, depth: offset - n.dot(point), id };
    let on_side_line = |k: usize| {
        let corner = face.corners[k];
        lowest_on_line(corner, n, ends, radius).map(|t| at(corner + n * t, cut_at(k)))
    };
    let end = |e: usize, lift: Vector| ClipVertex {
        point: ends[e] + lift,
        id: FeatureId { a: face.face, b: Feature::Vertex(e as u32) },
    };
    let round = ends[0] == ends[1]; // a zero-length capsule: one disk
    let (deepest, second) = match to_slab([end(0, Vector::ZERO), end(1, Vector::ZERO)]) {
        Some(core) => {
            let low = if round || n.dot(core[0].point) <= n.dot(core[1].point) { 0 } else { 1 };
            let deepest = match core[low].id {
                id if id == cut_at(0) => on_side_line(0),
                id if id == cut_at(1) => on_side_line(1),
                id => Some(at(core[low].point - n * radius, id)),
            };
            let lift = facing * radius;
            let second = if round { None } else { to_slab([end(0, lift), end(1, lift)]).map(|s| s[1 - low]) };
            (deepest, second.map(|v| at(v.point, v.id)))
        }
        // The whole core lies past one side plane: the one on the side of its first end.
        None if tangent.dot(ends[0]) < tangent.dot(v1) => (on_side_line(0), None),
        None => (on_side_line(1), None),
    };
    match (deepest, second) {
        (Some(p), Some(q)) if p.depth > 0.0 && q.depth > 0.0 && q.id != p.id => Manifold::two(n, p, q),
        (Some(p), _) if p.depth > 0.0 => Manifold::one(n, p),
        _ => {
            // Rounding left no point behind the face (the shapes barely overlap): the capsule's
            // deepest point along the normal, at a depth of zero.
            let e = if n.dot(ends[0]) <= n.dot(ends[1]) { 0 } else { 1 };
            let p = deepest.unwrap_or_else(|| at(ends[e] - n * radius, end(e, Vector::ZERO).id));
            Manifold::one(n, ContactPoint { depth: p.depth.max(Real::MIN_POSITIVE), ..p })
        }
    }
}

/// The lowest `t` at which the line `origin + t·n` (`n` unit) meets the capsule with core
/// `ends` and `radius`, or `None` if it misses. The capsule is the union of its two end disks
/// and the band of half-width `radius` along the core, so the line's lowest point in it is the
/// lowest of the three entries.
fn lowest_on_line(origin: Vector, n: Vector, ends: [Vector; 2], radius: Real) -> Option<Real> {
    let mut lowest = Real::INFINITY;
    for e in ends {
        // |origin + t n − e|² = r²: t² + 2 b t + c = 0
        let w = origin - e;
        let (b, c) = (n.dot(w), w.dot(w) - radius * radius);
        let discriminant = b * b - c;
        if discriminant >= 0.0 {
            lowest = lowest.min(-b - crate::real::sqrt(discriminant));
        }
    }
    let d = ends[1] - ends[0];
    let length_squared = d.dot(d);
    let m = crate::robust::unit(Vector::new(-d.y, d.x)).unwrap_or(Vector::ZERO); // the core's normal
    let across = m.dot(n);
    if across != 0.0 {
        let h = m.dot(origin - ends[0]);
        for s in [-radius, radius] {
            let t = (s - h) / across;
            let along = d.dot(origin + n * t - ends[0]);
            if (0.0..=length_squared).contains(&along) {
                lowest = lowest.min(t);
            }
        }
    }
    lowest.is_finite().then_some(lowest)
}
