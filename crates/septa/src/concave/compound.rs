//! The concave polygon as a compound shape: its convex pieces in one local frame, each with a
//! bounding box and what it knows about the outline around it, and a small tree over the boxes.
//!
//! ```text
//!     local frame of the concave polygon, placed by one Pose
//!     +-----------+------+           pieces: ConvexPolygon each, with
//!     |  piece 0  : p. 1 |             - for each edge: internal (:) or outline (|, -)
//!     |           :      |             - for each corner: the outline's own normals there,
//!     +------+....+------+               and whether the outline turns convex there
//!            |  p. 2 |                 - a bounding box and a bounding circle
//!            +-------+               a bounding-box tree when there are many pieces
//! ```

use alloc::vec::Vec;
use glam::DVec2;

use super::decompose::{ConvexPiece, Method};
use super::error::ConcaveError;
use super::outline::SimplePolygon;
use crate::{robust, ConvexPolygon, Real, ToReal, Vector};

/// An axis-aligned box `[min, max]`, in some local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The lowest corner.
    pub min: Vector,
    /// The highest corner.
    pub max: Vector,
}

impl Bounds {
    /// The box around the points.
    pub(crate) fn around(points: impl IntoIterator<Item = Vector>) -> Bounds {
        let mut b = Bounds { min: Vector::splat(Real::INFINITY), max: Vector::splat(Real::NEG_INFINITY) };
        for p in points {
            b.min = b.min.min(p);
            b.max = b.max.max(p);
        }
        b
    }

    /// The box around a disc.
    #[inline]
    pub(crate) fn disc(center: Vector, radius: Real) -> Bounds {
        Bounds { min: center - Vector::splat(radius), max: center + Vector::splat(radius) }
    }

    /// Both boxes together.
    #[inline]
    pub(crate) fn union(self, other: Bounds) -> Bounds {
        Bounds { min: self.min.min(other.min), max: self.max.max(other.max) }
    }

    /// Do the boxes overlap (touching counts, to stay on the safe side)?
    #[inline]
    pub fn overlaps(&self, other: &Bounds) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    #[inline]
    fn center(&self) -> Vector {
        (self.min + self.max) * 0.5
    }
}

/// What the outline looks like at a corner of a piece (a vertex of the polygon): the unit
/// outward normals of the outline's two edges there, and whether the outline turns convex.
/// A contact at the corner may push along any direction between the two normals when the
/// corner is convex, and only along one of them when it is reflex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Corner {
    /// The normal of the outline edge that ends at the corner.
    pub before: Vector,
    /// The normal of the outline edge that starts at the corner.
    pub after: Vector,
    /// Does the outline turn left (convex) here?
    pub convex: bool,
    /// Where the outline's edge before the corner starts.
    pub prev: Vector,
    /// Where the outline's edge after the corner ends.
    pub next: Vector,
}

/// One convex piece of a [`ConcavePolygon`], in the polygon's local frame.
#[derive(Clone, Debug, PartialEq)]
pub struct ConcavePiece {
    polygon: ConvexPolygon,
    /// For each edge of `polygon`: shared with another piece?
    internal: Vec<bool>,
    /// For each vertex of `polygon`: the outline there.
    pub(crate) corners: Vec<Corner>,
    /// The outline edges at the piece's corners that belong to other pieces: (unit outward
    /// normal, start, end, the piece's corner they meet).
    pub(crate) ghosts: Vec<(Vector, Vector, Vector, u32)>,
    bounds: Bounds,
}

impl ConcavePiece {
    /// The piece as a convex polygon (vertices counter-clockwise, in the concave polygon's local
    /// frame).
    #[inline]
    pub fn polygon(&self) -> &ConvexPolygon {
        &self.polygon
    }

    /// Is edge `i` of [`polygon`](Self::polygon) internal (shared with another piece) rather
    /// than part of the outline or of a hole's boundary?
    #[inline]
    pub fn is_internal(&self, i: usize) -> bool {
        self.internal[i]
    }

    /// For each edge of [`polygon`](Self::polygon), whether it is internal.
    #[inline]
    pub fn internal(&self) -> &[bool] {
        &self.internal
    }

    /// The piece's bounding box, in the concave polygon's local frame.
    #[inline]
    pub fn bounds(&self) -> Bounds {
        self.bounds
    }
}

/// A node of the bounding-box tree: a box, and either two children or one piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Node {
    pub bounds: Bounds,
    /// The children, for an inner node; for a leaf, `left` is the piece and `right` is
    /// `u32::MAX`.
    pub left: u32,
    pub right: u32,
}

impl Node {
    #[inline]
    pub fn leaf(&self) -> Option<usize> {
        (self.right == u32::MAX).then_some(self.left as usize)
    }
}

/// From this many pieces on, queries find the pieces near the other shape through a tree of
/// bounding boxes (`O(log n)` boxes for a small shape) instead of testing every piece's box.
pub const TREE_FROM: usize = 8;

/// A concave polygon (optionally with holes), collided as a compound of convex pieces.
///
/// It holds its pieces in its local frame, like every septa shape, and one [`Pose`](crate::Pose)
/// places it. Construction validates the outline ([`SimplePolygon`]), decomposes it
/// ([`SimplePolygon::decompose`]: the minimum number of pieces when it can), builds each piece
/// as a [`ConvexPolygon`] and records which of its edges are internal and what the outline looks
/// like at its corners, which the queries use to keep contact normals off internal edges (see
/// [`concave`](super) for the queries).
///
/// ```
/// use septa::concave::ConcavePolygon;
/// use septa::Vector;
/// // An L: two pieces.
/// let l = ConcavePolygon::new(&[
///     Vector::new(0.0, 0.0), Vector::new(2.0, 0.0), Vector::new(2.0, 1.0),
///     Vector::new(1.0, 1.0), Vector::new(1.0, 2.0), Vector::new(0.0, 2.0),
/// ])?;
/// assert_eq!(l.pieces().len(), 2);
/// let internal: usize = l.pieces().iter().map(|p| p.internal().iter().filter(|&&i| i).count()).sum();
/// assert_eq!(internal, 2); // the one cut, seen from both sides
/// # Ok::<(), septa::concave::ConcaveError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ConcavePolygon {
    polygon: SimplePolygon,
    pieces: Vec<ConcavePiece>,
    method: Method,
    tree: Vec<Node>,
    bounds: Bounds,
    reach: Real,
}

impl ConcavePolygon {
    /// A concave (or convex) polygon from its outline, either winding.
    ///
    /// # Errors
    /// Any [`ConcaveError`] of [`SimplePolygon::new`], [`ConcaveError::Piece`] for a sliver
    /// piece that [`ConvexPolygon::new`] refuses and no neighbouring piece can take (nearly
    /// degenerate input; see `merge_slivers`), or [`ConcaveError::Degenerate`].
    pub fn new(outline: &[Vector]) -> Result<ConcavePolygon, ConcaveError> {
        ConcavePolygon::from_polygon(SimplePolygon::new(outline)?)
    }

    /// A polygon with holes; see [`SimplePolygon::with_holes`].
    ///
    /// # Errors
    /// As [`new`](Self::new), and the hole errors of [`SimplePolygon::with_holes`].
    pub fn with_holes<H: AsRef<[Vector]>>(
        outline: &[Vector],
        holes: &[H],
    ) -> Result<ConcavePolygon, ConcaveError> {
        ConcavePolygon::from_polygon(SimplePolygon::with_holes(outline, holes)?)
    }

    /// A polygon with holes (none: `&[]`) given in f64 world coordinates, and the pose that
    /// places it: every point is moved to a local frame about the outline's centre in f64 and
    /// only then rounded, as [`ConvexPolygon::from_world`] does, so that a shape far from the
    /// origin keeps its shape (rounding world coordinates to f32 first can make a simple outline
    /// touch itself).
    ///
    /// # Errors
    /// As [`with_holes`](Self::with_holes).
    pub fn from_world<H: AsRef<[DVec2]>>(
        outline: &[DVec2],
        holes: &[H],
    ) -> Result<(ConcavePolygon, crate::Pose), ConcaveError> {
        let (polygon, pose) = SimplePolygon::from_world(outline, holes)?;
        Ok((ConcavePolygon::from_polygon(polygon)?, pose))
    }

    /// The compound shape of a validated polygon, decomposed by [`SimplePolygon::decompose`].
    ///
    /// # Errors
    /// [`ConcaveError::Piece`] or [`ConcaveError::Degenerate`].
    pub fn from_polygon(polygon: SimplePolygon) -> Result<ConcavePolygon, ConcaveError> {
        let decomposition = polygon.decompose()?;
        ConcavePolygon::from_parts(polygon, decomposition.pieces(), decomposition.method())
    }

    /// The compound shape of a polygon and a decomposition of it made by
    /// [`SimplePolygon::decompose_with`].
    ///
    /// # Errors
    /// [`ConcaveError::Piece`] for a piece [`ConvexPolygon::new`] refuses.
    pub fn from_parts(
        polygon: SimplePolygon,
        pieces: &[ConvexPiece],
        method: Method,
    ) -> Result<ConcavePolygon, ConcaveError> {
        let build = |pieces: &[ConvexPiece]| -> Result<Vec<ConcavePiece>, ConcaveError> {
            let built = pieces.iter().enumerate().map(|(k, piece)| {
                build_piece(&polygon, piece).map_err(|error| ConcaveError::Piece { piece: k, error })
            });
            built.collect()
        };
        // Slivers are rare: the pieces are built once, and only if one is refused merged and
        // built again.
        let pieces = match build(pieces) {
            Ok(built) => built,
            Err(_) => build(&merge_slivers(&polygon, pieces))?,
        };
        let bounds =
            pieces.iter().map(|p| p.bounds).reduce(Bounds::union).unwrap_or(Bounds::disc(Vector::ZERO, 0.0));
        let reach = polygon.vertices().iter().map(|v| robust::length(*v)).fold(0.0, Real::max);
        let mut shape = ConcavePolygon { polygon, pieces, method, tree: Vec::new(), bounds, reach };
        if shape.pieces.len() >= TREE_FROM {
            let mut order: Vec<u32> = (0..shape.pieces.len() as u32).collect();
            build_tree(&shape.pieces, &mut order, &mut shape.tree);
        }
        Ok(shape)
    }

    /// The convex pieces.
    #[inline]
    pub fn pieces(&self) -> &[ConcavePiece] {
        &self.pieces
    }

    /// The validated outline and holes the pieces were made from.
    #[inline]
    pub fn polygon(&self) -> &SimplePolygon {
        &self.polygon
    }

    /// Which decomposition made the pieces: [`Method::Optimal`] (the fewest possible) or
    /// [`Method::HertelMehlhorn`] (large polygons, polygons with holes).
    #[inline]
    pub fn method(&self) -> Method {
        self.method
    }

    /// The bounding box of the whole shape, in its local frame.
    #[inline]
    pub fn bounds(&self) -> Bounds {
        self.bounds
    }

    /// The largest distance from the local origin to a point of the shape.
    #[inline]
    pub fn reach(&self) -> Real {
        self.reach
    }

    /// Calls `visit` with the index of every piece whose bounding box overlaps `region` (in the
    /// local frame), through the tree when there is one, until `visit` returns true. Never
    /// allocates.
    #[inline]
    pub(crate) fn for_pieces_near(&self, region: &Bounds, mut visit: impl FnMut(usize) -> bool) {
        if self.tree.is_empty() {
            for (k, piece) in self.pieces.iter().enumerate() {
                if piece.bounds.overlaps(region) && visit(k) {
                    return;
                }
            }
            return;
        }
        // The tree is balanced (median splits), so its depth is about log2 of the piece count;
        // 64 entries hold any tree that fits in memory.
        let mut stack = [0u32; 64];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let node = &self.tree[stack[top] as usize];
            if !node.bounds.overlaps(region) {
                continue;
            }
            match node.leaf() {
                Some(piece) => {
                    if visit(piece) {
                        return;
                    }
                }
                None => {
                    stack[top] = node.left;
                    stack[top + 1] = node.right;
                    top += 2;
                }
            }
        }
    }
}

/// The pieces, each sliver that [`ConvexPolygon::new`] refuses merged into a neighbour across
/// an internal edge, where the union is a convex polygon it accepts.
///
/// The decompositions decide convexity exactly, and [`ConvexPolygon::new`] within
/// [`COLLINEAR_TOLERANCE`](crate::COLLINEAR_TOLERANCE). Where corners of the outline lie
/// nearly but not exactly on one line, they disagree: a comb turned by 0.01 rad and rounded to
/// f32 has its tooth roots a few ulps off the line through them; the base piece could not pass
/// straight through the roots that turn a hair to the right, and the decomposition closed them
/// in a piece of their own, four corners on one line within 1e-8 of area, which
/// `ConvexPolygon::new` refuses. 139 of 628 turns of a 4-tooth comb were refused so (an
/// adversarial sweep; `tests/concave_rotated_combs.rs`). The union with the neighbour is the
/// piece the unturned comb gets: its corners there straight within the tolerance, dropped as
/// [`ConvexPolygon::new`] drops them, and its edge along them internal only where every piece
/// edge it spans is (`build_piece`), as for the unturned comb.
///
/// ```text
///    tooth   tooth        the sliver: roots r₁ … r₄, nearly on one line, closed by a cut;
///    |   |   |   |        merged into the base below it, whose top edge then runs through
///  --r₁  r₂--r₃  r₄--     them, nearly straight
///         base
/// ```
///
/// A sliver with no neighbour that takes it stays, and its error is reported as before.
fn merge_slivers(polygon: &SimplePolygon, pieces: &[ConvexPiece]) -> Vec<ConvexPiece> {
    let mut pieces = pieces.to_vec();
    let mut k = 0;
    while k < pieces.len() {
        if ConvexPolygon::new(pieces[k].points()).is_ok() {
            k += 1;
            continue;
        }
        let merged = (0..pieces.len()).filter(|&j| j != k).find_map(|j| {
            let union = union_across(&pieces[k], &pieces[j])?;
            let union = polygon.piece(union);
            ConvexPolygon::new(union.points()).is_ok().then_some((j, union))
        });
        match merged {
            Some((j, union)) => {
                pieces[j] = union;
                pieces.remove(k);
                k = 0; // the merged piece may be checked again, and indices moved
            }
            None => k += 1,
        }
    }
    pieces
}

/// The corners (indices into the polygon) of the union of two pieces that share an internal
/// edge, `u → v` in `a` and `v → u` in `b`, counter-clockwise: `a` from `v` round to `u`, then
/// `b` on from `u` to just before `v`. `None` when they share no edge.
fn union_across(a: &ConvexPiece, b: &ConvexPiece) -> Option<Vec<usize>> {
    let (ia, ib) = (a.indices(), b.indices());
    let (n, m) = (ia.len(), ib.len());
    let (e, f) = (0..n).find_map(|e| {
        let (u, v) = (ia[e], ia[(e + 1) % n]);
        (0..m).find(|&f| ib[f] == v && ib[(f + 1) % m] == u).map(|f| (e, f))
    })?;
    // a: from v (index e + 1) round to u (index e); b: from after u (index f + 2) to before v.
    let from_a = (1..=n).map(|s| ia[(e + s) % n]);
    let from_b = (2..m).map(|s| ib[(f + s) % m]);
    Some(from_a.chain(from_b).collect())
}

/// Builds a piece: the convex polygon, and its edges' and corners' relation to the outline.
fn build_piece(polygon: &SimplePolygon, piece: &ConvexPiece) -> Result<ConcavePiece, crate::ShapeError> {
    let convex = ConvexPolygon::new(piece.points())?;
    // `ConvexPolygon::new` keeps the corners in order but may drop straight ones: find where each
    // kept corner is in the piece, so that each of its edges knows the piece edges it spans.
    let position: Vec<usize> =
        convex.vertices().iter().map(|v| piece.points().iter().position(|p| p == v).unwrap_or(0)).collect();
    let m = piece.len();
    let n = position.len();
    let internal: Vec<bool> = (0..n)
        .map(|e| {
            let (from, to) = (position[e], position[(e + 1) % n]);
            let span = (to + m - from) % m;
            (0..span.max(1)).all(|s| piece.is_internal((from + s) % m))
        })
        .collect();
    let points = polygon.points();
    let corners: Vec<Corner> = position
        .iter()
        .map(|&at| {
            let v = piece.indices()[at];
            let (prev, next) = (polygon.prev(v), polygon.next(v));
            let outward = |a: DVec2, b: DVec2| {
                let e = b - a;
                robust::unit_f64(DVec2::new(e.y, -e.x)).unwrap_or(DVec2::Y).to_real()
            };
            Corner {
                before: outward(points[prev], points[v]),
                after: outward(points[v], points[next]),
                convex: !polygon.is_reflex(v),
                prev: points[prev].to_real(),
                next: points[next].to_real(),
            }
        })
        .collect();
    let ghosts = (0..n)
        .flat_map(|v| {
            let c: &Corner = &corners[v];
            let vertex = convex.vertices()[v];
            let before = internal[(v + n - 1) % n].then_some((c.before, c.prev, vertex, v as u32));
            let after = internal[v].then_some((c.after, vertex, c.next, v as u32));
            before.into_iter().chain(after)
        })
        .collect();
    let bounds = Bounds::around(convex.vertices().iter().copied());
    Ok(ConcavePiece { polygon: convex, internal, corners, ghosts, bounds })
}

/// Builds the tree over the pieces in `order` (top-down, splitting at the median of the longer
/// side of the box around their centres), appending its nodes; returns the root's index.
fn build_tree(pieces: &[ConcavePiece], order: &mut [u32], tree: &mut Vec<Node>) -> u32 {
    let bounds = order
        .iter()
        .map(|&k| pieces[k as usize].bounds)
        .reduce(Bounds::union)
        .unwrap_or(Bounds::disc(Vector::ZERO, 0.0));
    let at = tree.len() as u32;
    if order.len() == 1 {
        tree.push(Node { bounds, left: order[0], right: u32::MAX });
        return at;
    }
    tree.push(Node { bounds, left: 0, right: 0 });
    let centers = Bounds::around(order.iter().map(|&k| pieces[k as usize].bounds.center()));
    let extent = centers.max - centers.min;
    let key = |k: &u32| {
        let c = pieces[*k as usize].bounds.center();
        if extent.x >= extent.y {
            c.x
        } else {
            c.y
        }
    };
    order.sort_by(|a, b| key(a).total_cmp(&key(b)));
    let (low, high) = order.split_at_mut(order.len() / 2);
    let left = build_tree(pieces, low, tree);
    let right = build_tree(pieces, high, tree);
    tree[at as usize].left = left;
    tree[at as usize].right = right;
    at
}
