//! No ghost normals: every contact normal comes from the outline, never from a cut between
//! pieces.
//!
//! # The problem
//! Collided piece by piece, a concave polygon reports the contacts of each convex piece, and a
//! piece's internal edges are faces like any other. Where a shape sinks across a cut, its
//! shallowest way out of that one piece can be *through the cut*, sideways, although the
//! neighbouring piece is solid there: a box sliding along the ground snags on every seam, a ball
//! rolling over one is kicked sideways. Box2D meets this on chains of segments with "ghost
//! vertices", parry on triangle meshes with its internal-edge correction; here it is met on the
//! pieces themselves:
//!
//! ```text
//!              box sunk by d, its corner just across the cut
//!        +--------------------+
//!        |                    |
//!   =====|====================|=+=================   outline (normal ↑)
//!        +--------------------+ :
//!          piece L              :c   piece R          against R alone, the shallowest way
//!                               :u                    out is ← by c, through the cut: a
//!                               :t                    ghost normal. The outline says ↑ by d.
//! ```
//!
//! # Which normals are admissible
//! A contact normal `n` (pointing from the piece out towards the other shape) is admissible for
//! a piece when the piece's feature that `n` supports is part of the outline and `n` is a normal
//! the outline has there:
//!
//! * `n` is the normal of one of the piece's outline edges; or
//! * `n` supports the piece at a corner, and the outline at that corner admits it: any direction
//!   between the normals of the outline's two edges there when the outline turns convex, only
//!   those two normals when it turns reflex.
//!
//! ```text
//!        n₁   admitted        n₂              a piece corner on a convex turn of the outline:
//!          ↖  ↑  ↗                            every direction from n₁ round to n₂;
//!     ------+                                 where the turn is reflex, or the corner is
//!           |   piece                         only a piece's (a cut meets the outline
//!                                             straight), none between them
//! ```
//!
//! An internal edge's normal is never admitted (when `n` is, within [`NORMAL_TOLERANCE`], the
//! normal of one of the piece's own edges, the contact is that edge's, and admitted exactly
//! when the edge lies on the outline), nor the directions between it and its neighbours'
//! normals at a corner that is convex for the piece but not for the outline.
//!
//! # The correction
//! Each piece pair is first collided by septa's own function for the two convex shapes. When
//! its normal is admissible (for both shapes, in a concave–concave pair) the manifold stands.
//! Otherwise the pair is tested again by SAT over the admissible axes only, with the
//! depths measured as usual (the piece's furthest point along the axis against the other
//! shape's nearest):
//!
//! * the piece's outline edges;
//! * the outline edges that meet the piece's corners but belong to its neighbours (the *ghost*
//!   edges, as in Box2D), when admissible at that corner: a shape that reached this piece
//!   across a cut is pushed back out along its neighbour's outline, duplicating the
//!   neighbour's contact (the duplicates merge, see [`query`](super::query));
//! * the other shape's faces, and for a round shape the axis from each piece corner to the
//!   nearest point of its core, when admissible.
//!
//! The smallest depth wins, and its manifold is built as septa builds one: a reference face
//! (an outline edge, a ghost edge, or a face of the other shape), the incident edge clipped to
//! it, a depth per point. In the sketch above, R's admissible axes are its outline edges (the
//! top one at depth d) and its ghost edge (L's top, also d), so R's contact is ↑ by d, and it
//! merges with L's. When the winning axis's reference edge has no point of the other shape
//! behind it between its ends, the contact it describes is not at this pair: the shape reached
//! the piece only across cuts, and its neighbour reports the contact. Such a pair, and one with
//! no admissible axis at all (a shape deep inside the polygon, touching only pieces whose
//! corners all turn reflex), gives septa's manifold as it is, set aside and used only when no
//! other pair gives one.

use crate::manifold::{clip_segment, ClipVertex};
use crate::{robust::unit, ContactPoint, Feature, FeatureId, Manifold, Pose, Real, Vector};

use super::compound::ConcavePiece;
use super::part::Part;

/// How far a contact normal may be from an outline normal (as the sine of the angle between
/// them), or outside the range a convex corner admits, and still count as the outline's:
/// rotating shapes by their poses rounds a normal by far less.
pub const NORMAL_TOLERANCE: Real = 1e-4;

/// Is `d` the unit normal `n`, within [`NORMAL_TOLERANCE`]?
#[inline]
fn near(n: Vector, d: Vector) -> bool {
    n.dot(d) > 0.0 && n.perp_dot(d).abs() <= NORMAL_TOLERANCE
}

/// Is `d` in the range of directions from `from` counter-clockwise to `to` (less than half a
/// turn apart), within [`NORMAL_TOLERANCE`]?
#[inline]
fn between(from: Vector, to: Vector, d: Vector) -> bool {
    from.perp_dot(d) >= -NORMAL_TOLERANCE && d.perp_dot(to) >= -NORMAL_TOLERANCE && d.dot(from + to) > 0.0
}

impl ConcavePiece {
    /// May a contact push a shape out of this piece along the unit `d` (local frame)? See the
    /// module docs.
    pub(crate) fn admits(&self, d: Vector) -> bool {
        match self.face_along(d) {
            Some(outline) => outline,
            None => (0..self.polygon().len()).any(|v| self.corner_admits(v, d)),
        }
    }

    /// May a contact push a shape out along `d` at corner `v`, the piece's only point furthest
    /// along `d`? Not when `d` is the normal of one of the piece's edges: the contact is then
    /// that edge's, admitted or not on its own.
    pub(crate) fn admits_at(&self, v: usize, d: Vector) -> bool {
        self.face_along(d).is_none() && self.corner_admits(v, d)
    }

    /// When `d` is the normal of one of the piece's edges (within [`NORMAL_TOLERANCE`]), whether
    /// that edge lies on the outline; `None` when it is no edge's normal. An internal edge
    /// nearly parallel to an outline edge it meets does not borrow that edge's normal.
    fn face_along(&self, d: Vector) -> Option<bool> {
        let normals = self.polygon().normals();
        let mut found = None;
        for (e, &normal) in normals.iter().enumerate() {
            if near(normal, d) {
                found = Some(found.unwrap_or(true) && !self.is_internal(e));
            }
        }
        found
    }

    /// Does `d` support the piece at corner `v` only, and does the outline at that corner have
    /// `d` among its normals?
    fn corner_admits(&self, v: usize, d: Vector) -> bool {
        let normals = self.polygon().normals();
        let n = normals.len();
        let corner = &self.corners[v];
        if corner.convex {
            // The outline's range at the corner lies within the piece's own.
            between(corner.before, corner.after, d)
        } else {
            let supports = between(normals[(v + n - 1) % n], normals[v], d);
            supports && (near(corner.before, d) || near(corner.after, d))
        }
    }

    /// The number of ghost edges (see the module docs).
    pub(crate) fn ghost_count(&self) -> usize {
        self.ghosts.len()
    }

    /// Ghost edge `k`: unit outward normal, start, end, and the piece's corner it meets.
    pub(crate) fn ghost(&self, k: usize) -> (Vector, Vector, Vector, u32) {
        self.ghosts[k]
    }
}

/// What a piece pair gives.
#[derive(Clone, Copy, Debug)]
pub(crate) enum PairContact {
    /// septa's manifold, its normal admissible.
    Kept(Manifold),
    /// The manifold over the admissible axes (the normal septa found was not).
    Corrected(Manifold),
    /// septa's manifold, with no admissible contact (see [`PairOutcome::Interior`](super::PairOutcome::Interior)):
    /// used only when nothing else touches.
    Interior(Manifold),
}

/// The contact of piece `piece` of a concave polygon (placed by `pose_a`) with `b` (placed by
/// `pose_b`), without ghost normals; `None` when they do not overlap.
pub(crate) fn piece_contact<B: Part>(
    piece: &ConcavePiece,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
) -> Option<PairContact> {
    let manifold = b.collide_piece(piece.polygon(), pose_a, pose_b)?;
    let normal_a = pose_a.rotation.apply_inv(manifold.normal);
    let normal_b = pose_b.rotation.apply_inv(-manifold.normal);
    if piece.admits(normal_a) && b.admits(normal_b) {
        return Some(PairContact::Kept(manifold));
    }
    match admissible_manifold(piece, b, &pose_a.inv_mul(&pose_b)) {
        Some(local) => Some(PairContact::Corrected(local.to_world(&pose_a))),
        None => Some(PairContact::Interior(manifold)),
    }
}

/// Where the winning axis comes from.
#[derive(Clone, Copy)]
enum Reference {
    /// An edge on the piece's side (its own outline edge, or a ghost edge): outward normal,
    /// ends (counter-clockwise), the piece's feature.
    Piece { normal: Vector, ends: (Vector, Vector), feature: Feature },
    /// An edge on the other shape's side (a face, or a ghost edge of a piece): outward normal
    /// and ends in the piece's frame, the other shape's feature.
    Other { normal: Vector, ends: (Vector, Vector), feature: Feature },
    /// From piece corner `corner` to `core`, the nearest point of a round shape's core.
    Corner { corner: usize, axis: Vector, core: Vector, feature: Feature },
}

/// The most core points [`Placed`] keeps turned into the piece's frame (boxes, capsules,
/// circles and small polygons); a larger core is turned point by point as needed.
const KEPT: usize = 8;

/// The other shape's core in the piece's frame.
struct Placed<'a, B: Part> {
    b: &'a B,
    xf: &'a Pose,
    kept: [Vector; KEPT],
}

impl<'a, B: Part> Placed<'a, B> {
    fn new(b: &'a B, xf: &'a Pose) -> Placed<'a, B> {
        let mut kept = [Vector::ZERO; KEPT];
        for (i, p) in kept.iter_mut().enumerate().take(b.core_len()) {
            *p = xf.apply(b.core(i));
        }
        Placed { b, xf, kept }
    }

    #[inline]
    fn core(&self, i: usize) -> Vector {
        if i < KEPT {
            self.kept[i]
        } else {
            self.xf.apply(self.b.core(i))
        }
    }

    /// The other shape's smallest projection on `d` (piece frame).
    fn lowest(&self, d: Vector) -> Real {
        (0..self.b.core_len()).map(|i| d.dot(self.core(i))).fold(Real::INFINITY, Real::min) - self.b.radius()
    }

    /// The core point nearest `p`, and which (an end of a capsule's segment, its middle, or the
    /// circle's centre).
    fn nearest(&self, p: Vector) -> (Vector, Feature) {
        match self.b.core_len() {
            1 => (self.core(0), Feature::Circle),
            _ => {
                let (a, c) = (self.core(0), self.core(1));
                let ac = c - a;
                let t = if ac.length_squared() > 0.0 {
                    ((p - a).dot(ac) / ac.length_squared()).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let feature = if t <= 0.0 {
                    Feature::Vertex(0)
                } else if t >= 1.0 {
                    Feature::Vertex(1)
                } else {
                    Feature::Edge(0)
                };
                (a + ac * t, feature)
            }
        }
    }
}

/// SAT over the admissible axes only (see the module docs), and the manifold of the winner, in
/// the piece's frame; `xf` places `b` there. `None` when no admissible axis gives a contact
/// (none exists, the best shows a gap, which only rounding near touching produces, or its
/// manifold finds no point).
fn admissible_manifold<B: Part>(piece: &ConcavePiece, b: &B, xf: &Pose) -> Option<Manifold> {
    let polygon = piece.polygon();
    let (vertices, normals) = (polygon.vertices(), polygon.normals());
    let n = vertices.len();
    let other = Placed::new(b, xf);
    let highest = |d: Vector| vertices.iter().map(|v| v.dot(d)).fold(Real::NEG_INFINITY, Real::max);
    // May the other shape be pushed along d (piece frame), i.e. out of it along −d?
    let other_admits = |d: Vector| b.admits(xf.rotation.apply_inv(-d));
    let mut best: Option<(Real, Reference)> = None;
    let mut consider = |depth: Real, reference: Reference| {
        if best.is_none_or(|(least, _)| depth < least) {
            best = Some((depth, reference));
        }
    };

    // The piece's outline edges and its ghost edges.
    for e in (0..n).filter(|&e| !piece.is_internal(e)) {
        let d = normals[e];
        if other_admits(d) {
            let ends = (vertices[e], vertices[(e + 1) % n]);
            consider(
                highest(d) - other.lowest(d),
                Reference::Piece { normal: d, ends, feature: Feature::Edge(e as u32) },
            );
        }
    }
    for &(d, start, end, corner) in &piece.ghosts {
        if piece.admits_at(corner as usize, d) && other_admits(d) {
            let reference =
                Reference::Piece { normal: d, ends: (start, end), feature: Feature::Vertex(corner) };
            consider(highest(d) - other.lowest(d), reference);
        }
    }
    // The other shape's faces and ghost edges, turned into the piece's frame.
    let mut other_edge = |outward: Vector, ends: (Vector, Vector), feature: Feature| {
        let m = xf.rotation.apply(outward);
        if piece.admits(-m) {
            let reference =
                Reference::Other { normal: m, ends: (xf.apply(ends.0), xf.apply(ends.1)), feature };
            consider(highest(-m) - other.lowest(-m), reference);
        }
    };
    for k in (0..b.face_count()).filter(|&k| b.face_admitted(k)) {
        let (outward, i, j) = b.face(k);
        other_edge(outward, (b.core(i), b.core(j)), Feature::Edge(k as u32));
    }
    for k in 0..b.ghost_count() {
        let (outward, start, end, corner) = b.ghost(k);
        if b.admits(outward) {
            other_edge(outward, (start, end), Feature::Vertex(corner));
        }
    }
    // A round shape: from each piece corner to the nearest point of its core.
    if b.radius() > 0.0 {
        for (v, &corner) in vertices.iter().enumerate() {
            let (core, feature) = other.nearest(corner);
            let Some(axis) = unit(core - corner) else { continue };
            if piece.admits_at(v, axis) {
                consider(
                    highest(axis) - other.lowest(axis),
                    Reference::Corner { corner: v, axis, core, feature },
                );
            }
        }
    }

    let (depth, reference) = best.filter(|(depth, _)| *depth > 0.0)?;
    build(piece, &other, depth, reference)
}

/// The manifold for the winning axis, in the piece's frame: the incident edge clipped to the
/// reference edge's ends, points behind it, as [`crate::manifold`] describes. `None` when no
/// point of the incident edge lies behind the reference edge within its ends: the axis is
/// admissible, but the contact it describes is not there (a shape sunk deep across several
/// pieces), and the pair is left to the others.
fn build<B: Part>(
    piece: &ConcavePiece,
    other: &Placed<'_, B>,
    depth: Real,
    reference: Reference,
) -> Option<Manifold> {
    let polygon = piece.polygon();
    let (vertices, normals) = (polygon.vertices(), polygon.normals());
    let n = vertices.len();
    let b = other.b;
    let r = b.radius();
    match reference {
        Reference::Piece { normal, ends, feature } => {
            let offset = normal.dot(ends.0);
            let incident: [ClipVertex; 2] = match b.core_len() {
                1 => {
                    // A circle: its deepest point along the axis, at the axis's depth, if it lies
                    // between the reference edge's ends.
                    let id = FeatureId { a: feature, b: Feature::Circle };
                    let point = other.core(0) - normal * r;
                    let tangent = Vector::new(-normal.y, normal.x);
                    let along = tangent.dot(point);
                    let within = along >= tangent.dot(ends.0) && along <= tangent.dot(ends.1);
                    return within.then(|| Manifold::one(normal, ContactPoint { point, depth, id }));
                }
                _ => {
                    // The other shape's face most against the normal (a capsule's side facing
                    // the piece), moved out to its surface.
                    let k = (0..b.face_count())
                        .min_by(|&x, &y| {
                            let (mx, my) =
                                (other.xf.rotation.apply(b.face(x).0), other.xf.rotation.apply(b.face(y).0));
                            mx.dot(normal).total_cmp(&my.dot(normal))
                        })
                        .unwrap_or(0);
                    let (_, i, j) = b.face(k);
                    let end = |c: usize| ClipVertex {
                        point: other.core(c) - normal * r,
                        id: FeatureId { a: feature, b: Feature::Vertex(c as u32) },
                    };
                    [end(i), end(j)]
                }
            };
            let cut = FeatureId { a: feature, b: Feature::Edge(0) };
            clipped(normal, offset, ends, incident, cut, normal)
        }
        Reference::Other { normal: m, ends, feature } => {
            // The piece's edge most against the other shape's face.
            let e =
                (0..n).max_by(|&x, &y| (-normals[x].dot(m)).total_cmp(&(-normals[y].dot(m)))).unwrap_or(0);
            let (face_start, face_end) = (ends.0 + m * r, ends.1 + m * r);
            let end = |v: usize| ClipVertex {
                point: vertices[v],
                id: FeatureId { a: Feature::Vertex(v as u32), b: feature },
            };
            let incident = [end(e), end((e + 1) % n)];
            let cut = FeatureId { a: Feature::Edge(e as u32), b: feature };
            clipped(m, m.dot(face_start), (face_start, face_end), incident, cut, -m)
        }
        Reference::Corner { corner, axis, core, feature } => {
            let point = ContactPoint {
                point: core - axis * r,
                depth,
                id: FeatureId { a: Feature::Vertex(corner as u32), b: feature },
            };
            Some(Manifold::one(axis, point))
        }
    }
}

/// Clips the incident edge to the slab between the reference edge's ends (outward normal
/// `normal`, plane offset `offset`) and keeps the points behind its plane, each with its depth;
/// `None` when none is. `contact_normal` is the manifold's normal, from the piece to the other
/// shape.
fn clipped(
    normal: Vector,
    offset: Real,
    (start, end): (Vector, Vector),
    incident: [ClipVertex; 2],
    cut: FeatureId,
    contact_normal: Vector,
) -> Option<Manifold> {
    let tangent = Vector::new(-normal.y, normal.x);
    let [p, q] = clip_segment(incident, -tangent, -tangent.dot(start), cut)
        .and_then(|s| clip_segment(s, tangent, tangent.dot(end), cut))?
        .map(|v| ContactPoint { point: v.point, depth: offset - normal.dot(v.point), id: v.id });
    match (p.depth > 0.0, q.depth > 0.0) {
        (true, true) => Some(Manifold::two(contact_normal, p, q)),
        (true, false) => Some(Manifold::one(contact_normal, p)),
        (false, true) => Some(Manifold::one(contact_normal, q)),
        (false, false) => None,
    }
}
