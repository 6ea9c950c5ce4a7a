//! The queries between a concave polygon and any shape: `overlaps`, `collide`, `trace`.
//!
//! 1. **Bounds.** The other shape's bounding box, in the concave polygon's local frame, picks
//!    the pieces worth testing: by each piece's box, or through the tree of boxes for shapes of
//!    [`TREE_FROM`](super::TREE_FROM) pieces or more, so that far pieces cost one box test or
//!    none. Two concave polygons: each piece of one near the other, then the pieces of the other
//!    near that piece.
//! 2. **Pieces.** Each remaining pair is tested by septa's flat function for the two convex
//!    shapes (see [`pair`](crate::pair)): `overlaps` stops at the first pair that overlaps;
//!    `collide` keeps one manifold per touching pair, its normal kept off internal edges (see
//!    [`contact`](super::contact)).
//! 3. **Merging.** Manifolds that neighbouring pieces give for one flat contact (the same normal,
//!    the same plane, and touching or overlapping spans along it) become one, keeping the two
//!    extreme points: a box lying across a cut gets one two-point manifold, as on a single piece,
//!    and a ball over a cut one point, not two.
//!
//! Results are [`Manifolds`], a fixed-capacity list: queries never allocate, except
//! [`trace`].

use alloc::vec::Vec;

use crate::{
    Capsule, Circle, ContactPoint, ConvexPolygon, Feature, FeatureId, Manifold, OrientedBox, Pose, Real,
    Shape, Trace, Vector,
};

use super::compound::{Bounds, ConcavePolygon};
use super::contact::{piece_contact, PairContact};
use super::part::{Part, PieceOf};

/// The most manifolds one query returns. A shape touching more piece pairs than this (after
/// merging) keeps the deepest, and [`Manifolds::dropped`] counts the rest.
pub const MAX_MANIFOLDS: usize = 16;

/// How far apart two manifolds' normals may be (as the sine of the angle) and still merge.
const MERGE_ANGLE: Real = 1e-3;

/// How far apart two manifolds' planes and spans may be, as a fraction of the smaller shape's
/// size, and still merge.
const MERGE_DISTANCE: Real = 1e-3;

/// One manifold of a concave query: the contact of piece `piece_a` of a with piece `piece_b` of
/// b (0 for a convex shape). A merged manifold names the deepest of the pairs it came from.
/// Feature ids in the manifold refer to those pieces' vertices and edges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceManifold {
    /// The contact: normal from a to b, points, depths.
    pub manifold: Manifold,
    /// The piece of a (0 when a is convex).
    pub piece_a: u32,
    /// The piece of b (0 when b is convex).
    pub piece_b: u32,
}

impl PieceManifold {
    /// The same contact with a and b exchanged.
    #[inline]
    pub fn flipped(self) -> PieceManifold {
        PieceManifold { manifold: self.manifold.flipped(), piece_a: self.piece_b, piece_b: self.piece_a }
    }
}

/// The manifolds of a concave query, at most [`MAX_MANIFOLDS`]; no allocation.
///
/// ```
/// use septa::concave::{collide, ConcavePolygon};
/// use septa::{OrientedBox, Pose, Vector};
/// // A U-shaped cup, and a box resting on its floor, 0.01 deep.
/// let cup = ConcavePolygon::new(&[
///     Vector::new(0.0, 0.0), Vector::new(4.0, 0.0), Vector::new(4.0, 3.0), Vector::new(3.0, 3.0),
///     Vector::new(3.0, 1.0), Vector::new(1.0, 1.0), Vector::new(1.0, 3.0), Vector::new(0.0, 3.0),
/// ])?;
/// let crate_ = OrientedBox::new(Vector::ZERO, Vector::new(0.5, 0.5), 0.0).unwrap();
/// let m = collide(&cup, Pose::IDENTITY, &crate_, Pose::from_translation(Vector::new(2.0, 1.49)));
/// assert_eq!(m.len(), 1);
/// let floor = m.deepest().unwrap().manifold;
/// assert_eq!(floor.normal, Vector::Y);
/// assert_eq!(floor.points().len(), 2);
/// # Ok::<(), septa::concave::ConcaveError>(())
/// ```
#[derive(Clone)]
pub struct Manifolds {
    items: [PieceManifold; MAX_MANIFOLDS],
    len: usize,
    dropped: usize,
}

impl Default for Manifolds {
    fn default() -> Self {
        Manifolds::new()
    }
}

impl Manifolds {
    /// No manifolds.
    pub fn new() -> Manifolds {
        let id = FeatureId { a: Feature::Circle, b: Feature::Circle };
        let nothing = PieceManifold {
            manifold: Manifold::one(Vector::ZERO, ContactPoint { point: Vector::ZERO, depth: 0.0, id }),
            piece_a: 0,
            piece_b: 0,
        };
        Manifolds { items: [nothing; MAX_MANIFOLDS], len: 0, dropped: 0 }
    }

    /// The manifolds, in the order the pieces were met.
    #[inline]
    pub fn as_slice(&self) -> &[PieceManifold] {
        &self.items[..self.len]
    }

    /// The number of manifolds.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// No contact?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The manifolds one by one.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, PieceManifold> {
        self.as_slice().iter()
    }

    /// The manifold with the deepest point.
    pub fn deepest(&self) -> Option<&PieceManifold> {
        self.iter().reduce(|a, b| if b.manifold.depth() > a.manifold.depth() { b } else { a })
    }

    /// How many manifolds were left out for lack of room (the shallowest go first).
    #[inline]
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// The same manifolds with a and b exchanged.
    pub fn flipped(mut self) -> Manifolds {
        for m in &mut self.items[..self.len] {
            *m = m.flipped();
        }
        self
    }

    /// Adds a manifold, merged into one it continues (see the module docs); when full, it
    /// replaces the shallowest if deeper.
    fn push(&mut self, new: PieceManifold, tolerance: Real) {
        for old in &mut self.items[..self.len] {
            if let Some(merged) = merge(&old.manifold, &new.manifold, tolerance) {
                let deeper = if new.manifold.depth() > old.manifold.depth() { new } else { *old };
                *old = PieceManifold { manifold: merged, ..deeper };
                return;
            }
        }
        if self.len < MAX_MANIFOLDS {
            self.items[self.len] = new;
            self.len += 1;
            return;
        }
        self.dropped += 1;
        let shallowest = (0..self.len)
            .min_by(|&i, &j| self.items[i].manifold.depth().total_cmp(&self.items[j].manifold.depth()))
            .unwrap_or(0);
        if new.manifold.depth() > self.items[shallowest].manifold.depth() {
            self.items[shallowest] = new;
        }
    }

    /// Merges what became mergeable as pieces came in (a third manifold bridging two).
    fn settle(&mut self, tolerance: Real) {
        let mut i = 0;
        while i < self.len {
            let mut j = i + 1;
            while j < self.len {
                if let Some(merged) = merge(&self.items[i].manifold, &self.items[j].manifold, tolerance) {
                    let (a, b) = (self.items[i], self.items[j]);
                    let deeper = if b.manifold.depth() > a.manifold.depth() { b } else { a };
                    self.items[i] = PieceManifold { manifold: merged, ..deeper };
                    self.items.copy_within(j + 1..self.len, j);
                    self.len -= 1;
                    j = i + 1;
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
    }
}

impl core::fmt::Debug for Manifolds {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Manifolds").field("items", &self.as_slice()).field("dropped", &self.dropped).finish()
    }
}

impl PartialEq for Manifolds {
    fn eq(&self, other: &Manifolds) -> bool {
        self.as_slice() == other.as_slice() && self.dropped == other.dropped
    }
}

impl<'a> IntoIterator for &'a Manifolds {
    type Item = &'a PieceManifold;
    type IntoIter = core::slice::Iter<'a, PieceManifold>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// `x` and `y` as one manifold, when they are one flat contact: normals parallel, the same
/// plane (a point's position along the normal plus its depth), and spans along the tangent
/// that touch or overlap. The merged manifold keeps the two extreme points along the tangent
/// (one when they coincide) and the deeper manifold's normal.
fn merge(x: &Manifold, y: &Manifold, tolerance: Real) -> Option<Manifold> {
    let n = x.normal;
    if !(n.dot(y.normal) > 0.0 && n.perp_dot(y.normal).abs() <= MERGE_ANGLE) {
        return None;
    }
    let plane = |m: &Manifold| {
        let p = m.points()[0];
        n.dot(p.point) + p.depth
    };
    if (plane(x) - plane(y)).abs() > tolerance {
        return None;
    }
    let t = Vector::new(-n.y, n.x);
    let span = |m: &Manifold| {
        m.points().iter().fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), p| {
            let s = t.dot(p.point);
            (lo.min(s), hi.max(s))
        })
    };
    let (sx, sy) = (span(x), span(y));
    if sx.0 > sy.1 + tolerance || sy.0 > sx.1 + tolerance {
        return None;
    }
    let points = x.points().iter().chain(y.points());
    let low = points.clone().min_by(|p, q| t.dot(p.point).total_cmp(&t.dot(q.point)))?;
    let high = points.clone().max_by(|p, q| t.dot(p.point).total_cmp(&t.dot(q.point)))?;
    let normal = if y.depth() > x.depth() { y.normal } else { n };
    Some(if t.dot(high.point) - t.dot(low.point) <= tolerance {
        let deepest = points.max_by(|p, q| p.depth.total_cmp(&q.depth))?;
        Manifold::one(normal, *deepest)
    } else {
        Manifold::two(normal, *low, *high)
    })
}

/// One piece pair that a query tested, for [`CompoundTrace`].
#[derive(Clone, Debug, PartialEq)]
pub struct PairTrace {
    /// The piece of a (0 when a is convex).
    pub piece_a: u32,
    /// The piece of b (0 when b is convex).
    pub piece_b: u32,
    /// septa's step trace of the two convex shapes ([`trace()`](crate::trace())).
    pub trace: Trace,
    /// What became of the pair in `collide`.
    pub outcome: PairOutcome,
}

/// What `collide` made of one piece pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PairOutcome {
    /// The pieces do not overlap.
    Apart,
    /// septa's manifold, its normal admissible (from the outline).
    Kept(Manifold),
    /// septa's normal came from an internal edge (a ghost normal); this is the manifold over the
    /// admissible axes instead.
    Corrected {
        /// septa's manifold for the convex pair, with the ghost normal.
        ghost: Manifold,
        /// The manifold kept.
        manifold: Manifold,
    },
    /// The pieces overlap, but give no admissible contact: no admissible axis, or the one that
    /// wins finds no point of the other shape behind its edge (the shape reached this piece
    /// only across cuts, or sank deep inside). septa's manifold (ghost normal and all) is set
    /// aside, and used only when no pair gives another.
    Interior(Manifold),
}

/// The step trace of a concave query: each piece pair whose bounding boxes overlap, with the
/// convex trace of the pair and what `collide` made of it, and the resulting manifolds.
#[derive(Clone, Debug, PartialEq)]
pub struct CompoundTrace {
    /// The pairs tested, in order. Pieces not listed were ruled out by bounding boxes.
    pub pairs: Vec<PairTrace>,
    /// The manifolds, as [`collide`] returns them.
    pub manifolds: Manifolds,
}

impl CompoundTrace {
    /// Do the shapes overlap (some pair collides)?
    pub fn collides(&self) -> bool {
        self.pairs.iter().any(|p| p.trace.collides())
    }

    /// The same trace with a and b exchanged.
    pub fn flipped(self) -> CompoundTrace {
        let flip = |m: Manifold| m.flipped();
        let pairs = self
            .pairs
            .into_iter()
            .map(|p| PairTrace {
                piece_a: p.piece_b,
                piece_b: p.piece_a,
                trace: p.trace.flipped(),
                outcome: match p.outcome {
                    PairOutcome::Apart => PairOutcome::Apart,
                    PairOutcome::Kept(m) => PairOutcome::Kept(flip(m)),
                    PairOutcome::Corrected { ghost, manifold } => {
                        PairOutcome::Corrected { ghost: flip(ghost), manifold: flip(manifold) }
                    }
                    PairOutcome::Interior(m) => PairOutcome::Interior(flip(m)),
                },
            })
            .collect();
        CompoundTrace { pairs, manifolds: self.manifolds.flipped() }
    }
}

/// The queries between a concave polygon and `B` (any shape), in either order. Prefer the
/// free functions [`overlaps`], [`collide`] and [`trace`].
pub trait ConcaveCollide<B> {
    /// See [`overlaps`].
    fn overlaps(&self, pose: Pose, b: &B, pose_b: Pose) -> bool;
    /// See [`collide`].
    fn collide(&self, pose: Pose, b: &B, pose_b: Pose) -> Manifolds;
    /// See [`trace`].
    fn trace(&self, pose: Pose, b: &B, pose_b: Pose) -> CompoundTrace;
}

/// Do a and b overlap (some piece of one overlaps the other, or a piece of it)? Stops at the
/// first pair that does; touching is not overlapping.
///
/// ```
/// use septa::concave::{overlaps, ConcavePolygon};
/// use septa::{Circle, Pose, Vector};
/// let l = ConcavePolygon::new(&[
///     Vector::new(0.0, 0.0), Vector::new(2.0, 0.0), Vector::new(2.0, 1.0),
///     Vector::new(1.0, 1.0), Vector::new(1.0, 2.0), Vector::new(0.0, 2.0),
/// ])?;
/// let ball = Circle::new(Vector::ZERO, 0.3).unwrap();
/// // In the notch of the L, clear of both arms: inside its convex hull, yet apart.
/// assert!(!overlaps(&l, Pose::IDENTITY, &ball, Pose::from_translation(Vector::new(1.5, 1.5))));
/// assert!(overlaps(&ball, Pose::from_translation(Vector::new(1.2, 1.2)), &l, Pose::IDENTITY));
/// # Ok::<(), septa::concave::ConcaveError>(())
/// ```
#[inline]
pub fn overlaps<A: ConcaveCollide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> bool {
    a.overlaps(pose_a, b, pose_b)
}

/// The contact manifolds: one per touching piece pair, merged where neighbouring pieces touch
/// the other shape along one line, with normals from the outline only (never from an internal
/// edge, see [`contact`](super::contact)); empty when the shapes do not overlap.
#[inline]
pub fn collide<A: ConcaveCollide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Manifolds {
    a.collide(pose_a, b, pose_b)
}

/// The step trace: the piece pairs considered, septa's convex trace of each, what `collide`
/// made of it, and the manifolds. Allocates.
pub fn trace<A: ConcaveCollide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> CompoundTrace {
    a.trace(pose_a, b, pose_b)
}

/// The merge tolerance for a concave polygon and a shape of size `other`.
fn tolerance(a: &ConcavePolygon, other: Real) -> Real {
    let own = 0.5 * (a.bounds().max - a.bounds().min).length();
    MERGE_DISTANCE * own.min(other)
}

/// Calls `visit(piece_a, piece_b, part)` for every piece pair whose boxes overlap, `part` the
/// other shape (or its piece) as a [`Part`]; stops when `visit` returns true.
fn pairs_convex<B: Part>(
    a: &ConcavePolygon,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    visit: impl FnMut(usize) -> bool,
) {
    let region = b.bounds_in(&pose_a.inv_mul(&pose_b));
    if a.bounds().overlaps(&region) {
        a.for_pieces_near(&region, visit);
    }
}

fn overlaps_convex<B: Part>(a: &ConcavePolygon, pose_a: Pose, b: &B, pose_b: Pose) -> bool {
    let mut hit = false;
    pairs_convex(a, pose_a, b, pose_b, |k| {
        hit = b.overlaps_piece(a.pieces()[k].polygon(), pose_a, pose_b);
        hit
    });
    hit
}

/// Gathers the manifolds of the pairs into `out`, keeping the deepest interior one aside (see
/// [`PairContact::Interior`]).
struct Gather<'a> {
    out: &'a mut Manifolds,
    interior: Option<PieceManifold>,
    tolerance: Real,
}

impl<'a> Gather<'a> {
    fn new(out: &'a mut Manifolds, tolerance: Real) -> Gather<'a> {
        Gather { out, interior: None, tolerance }
    }

    fn add(&mut self, contact: Option<PairContact>, piece_a: usize, piece_b: usize) {
        let tag =
            |manifold: Manifold| PieceManifold { manifold, piece_a: piece_a as u32, piece_b: piece_b as u32 };
        match contact {
            Some(PairContact::Kept(m)) | Some(PairContact::Corrected(m)) => {
                self.out.push(tag(m), self.tolerance)
            }
            Some(PairContact::Interior(m))
                if self.interior.is_none_or(|old| m.depth() > old.manifold.depth()) =>
            {
                self.interior = Some(tag(m));
            }
            Some(PairContact::Interior(_)) => {}
            None => {}
        }
    }

    fn finish(self) {
        if self.out.is_empty() {
            if let Some(m) = self.interior {
                self.out.push(m, self.tolerance);
            }
        }
        self.out.settle(self.tolerance);
    }
}

fn collide_convex<B: Part>(a: &ConcavePolygon, pose_a: Pose, b: &B, pose_b: Pose) -> Manifolds {
    let mut out = Manifolds::new();
    let mut gather = Gather::new(&mut out, tolerance(a, b.size()));
    pairs_convex(a, pose_a, b, pose_b, |k| {
        gather.add(piece_contact(&a.pieces()[k], pose_a, b, pose_b), k, 0);
        false
    });
    gather.finish();
    out
}

/// The outcome of one pair, for the trace.
fn outcome<B: Part>(piece: &super::ConcavePiece, pose_a: Pose, b: &B, pose_b: Pose) -> PairOutcome {
    match piece_contact(piece, pose_a, b, pose_b) {
        None => PairOutcome::Apart,
        Some(PairContact::Kept(m)) => PairOutcome::Kept(m),
        Some(PairContact::Corrected(m)) => PairOutcome::Corrected {
            ghost: b.collide_piece(piece.polygon(), pose_a, pose_b).unwrap_or(m),
            manifold: m,
        },
        Some(PairContact::Interior(m)) => PairOutcome::Interior(m),
    }
}

fn trace_convex<B: Part>(a: &ConcavePolygon, pose_a: Pose, b: &B, pose_b: Pose) -> CompoundTrace {
    let mut pairs = Vec::new();
    pairs_convex(a, pose_a, b, pose_b, |k| {
        let piece = &a.pieces()[k];
        let trace = b.trace_piece(piece.polygon(), pose_a, pose_b);
        pairs.push(PairTrace {
            piece_a: k as u32,
            piece_b: 0,
            trace,
            outcome: outcome(piece, pose_a, b, pose_b),
        });
        false
    });
    CompoundTrace { pairs, manifolds: collide_convex(a, pose_a, b, pose_b) }
}

/// Calls `visit(k, l)` for each piece `k` of a and piece `l` of b whose boxes overlap (each
/// piece of a near b's box, then b's pieces near that piece's bounding circle); stops when
/// `visit` returns true.
fn pairs_concave(
    a: &ConcavePolygon,
    pose_a: Pose,
    b: &ConcavePolygon,
    pose_b: Pose,
    mut visit: impl FnMut(usize, usize) -> bool,
) {
    let b_in_a = pose_a.inv_mul(&pose_b);
    let a_in_b = pose_b.inv_mul(&pose_a);
    let bb = b.bounds();
    let corners = [bb.min, Vector::new(bb.max.x, bb.min.y), bb.max, Vector::new(bb.min.x, bb.max.y)];
    let region = Bounds::around(corners.map(|c| b_in_a.apply(c)));
    if !a.bounds().overlaps(&region) {
        return;
    }
    let mut stop = false;
    a.for_pieces_near(&region, |k| {
        let piece = a.pieces()[k].polygon();
        let near = Bounds::disc(a_in_b.apply(piece.centroid()), piece.bounding_radius());
        b.for_pieces_near(&near, |l| {
            stop = visit(k, l);
            stop
        });
        stop
    });
}

fn overlaps_concave(a: &ConcavePolygon, pose_a: Pose, b: &ConcavePolygon, pose_b: Pose) -> bool {
    let mut hit = false;
    pairs_concave(a, pose_a, b, pose_b, |k, l| {
        hit = PieceOf(&b.pieces()[l]).overlaps_piece(a.pieces()[k].polygon(), pose_a, pose_b);
        hit
    });
    hit
}

fn collide_concave(a: &ConcavePolygon, pose_a: Pose, b: &ConcavePolygon, pose_b: Pose) -> Manifolds {
    let size = 0.5 * (b.bounds().max - b.bounds().min).length();
    let mut out = Manifolds::new();
    let mut gather = Gather::new(&mut out, tolerance(a, size));
    pairs_concave(a, pose_a, b, pose_b, |k, l| {
        gather.add(piece_contact(&a.pieces()[k], pose_a, &PieceOf(&b.pieces()[l]), pose_b), k, l);
        false
    });
    gather.finish();
    out
}

fn trace_concave(a: &ConcavePolygon, pose_a: Pose, b: &ConcavePolygon, pose_b: Pose) -> CompoundTrace {
    let mut pairs = Vec::new();
    pairs_concave(a, pose_a, b, pose_b, |k, l| {
        let (piece, other) = (&a.pieces()[k], PieceOf(&b.pieces()[l]));
        let trace = other.trace_piece(piece.polygon(), pose_a, pose_b);
        let outcome = outcome(piece, pose_a, &other, pose_b);
        pairs.push(PairTrace { piece_a: k as u32, piece_b: l as u32, trace, outcome });
        false
    });
    CompoundTrace { pairs, manifolds: collide_concave(a, pose_a, b, pose_b) }
}

macro_rules! convex_pair {
    ($b:ty) => {
        impl ConcaveCollide<$b> for ConcavePolygon {
            #[inline]
            fn overlaps(&self, pose: Pose, b: &$b, pose_b: Pose) -> bool {
                overlaps_convex(self, pose, b, pose_b)
            }
            fn collide(&self, pose: Pose, b: &$b, pose_b: Pose) -> Manifolds {
                collide_convex(self, pose, b, pose_b)
            }
            fn trace(&self, pose: Pose, b: &$b, pose_b: Pose) -> CompoundTrace {
                trace_convex(self, pose, b, pose_b)
            }
        }

        impl ConcaveCollide<ConcavePolygon> for $b {
            #[inline]
            fn overlaps(&self, pose: Pose, b: &ConcavePolygon, pose_b: Pose) -> bool {
                overlaps_convex(b, pose_b, self, pose)
            }
            fn collide(&self, pose: Pose, b: &ConcavePolygon, pose_b: Pose) -> Manifolds {
                collide_convex(b, pose_b, self, pose).flipped()
            }
            fn trace(&self, pose: Pose, b: &ConcavePolygon, pose_b: Pose) -> CompoundTrace {
                trace_convex(b, pose_b, self, pose).flipped()
            }
        }
    };
}

convex_pair!(ConvexPolygon);
convex_pair!(OrientedBox);
convex_pair!(Circle);
convex_pair!(Capsule);
convex_pair!(Shape);

impl ConcaveCollide<ConcavePolygon> for ConcavePolygon {
    #[inline]
    fn overlaps(&self, pose: Pose, b: &ConcavePolygon, pose_b: Pose) -> bool {
        overlaps_concave(self, pose, b, pose_b)
    }
    fn collide(&self, pose: Pose, b: &ConcavePolygon, pose_b: Pose) -> Manifolds {
        collide_concave(self, pose, b, pose_b)
    }
    fn trace(&self, pose: Pose, b: &ConcavePolygon, pose_b: Pose) -> CompoundTrace {
        trace_concave(self, pose, b, pose_b)
    }
}
