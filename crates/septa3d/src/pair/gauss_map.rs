//! Edge axes, pruned on the Gauss map.
//!
//! Besides the face normals, the only directions that can separate two polyhedra are cross
//! products of an edge direction of each. Not every pair matters: the separating axes that
//! count are the face normals of the Minkowski difference `a − b`, and an edge pair forms a
//! face of it only when the two edges' arcs cross on the Gauss map (Gregorius, GDC 2013).
//!
//! ```text
//!   Gauss map: each face is a point (its normal) on the unit sphere; each edge an arc
//!   between the normals of its two faces. For a − b, b's map is turned around (−normals).
//!
//!            n0 ●                     an edge of a (arc n0–n1) and an edge of b (arc
//!                \      ● −m1         −m0 – −m1) give a face of a − b exactly when the arcs
//!                 \    /              cross: then the cross product of the edge directions
//!                  \  /               is that face's normal, and the edges are the two
//!                   \/                shapes' extreme features along it
//!                   /\
//!             −m0 ●   ● n1
//! ```
//!
//! The arc from `n0` to `n1` lies in the plane through the origin normal to the edge
//! direction `e = n0 × n1` (up to length). Two arcs cross when each one's ends lie on opposite
//! sides of the other's plane, and the crossing points agree (the two great circles meet twice,
//! at antipodal points; one sign test picks the same one for both arcs). Four dot products per
//! pair, no square root, decide; only pairs that pass get an axis, a normalisation and a
//! separation, which needs no support search: the two edges themselves are the extreme
//! features. So depth is exact, and a pair of polyhedra costs a few multiplications per edge
//! pair rather than a projection of every vertex per edge pair.
//!
//! Parallel edges (`|e_a × e_b|` below [`PARALLEL_TOLERANCE`] for unit directions) are
//! skipped: their cross product is rounding noise, and the faces next to them give the axis.

use core::cell::Cell;

use super::hull_hull::{ABSOLUTE_TOLERANCE, RELATIVE_EDGE_TOLERANCE};
use crate::pose::Frame;
use crate::real::{larger, smaller};
use crate::shape::{ArcLanes, ArcRecord, SKELETON_LANES};
use crate::{ConvexHull, HullEdge, Real, Vector, Vector4};
use glam::Vec4Swizzles;

/// Edge pairs whose unit directions' cross product is shorter than this (the sine of the
/// angle between them) are treated as parallel and skipped: `1e-4` in the f32 build, `1e-9` in
/// the f64 build.
#[cfg(not(feature = "f64"))]
pub const PARALLEL_TOLERANCE: Real = 1e-4;
/// Edge pairs whose unit directions' cross product is shorter than this are treated as
/// parallel and skipped: `1e-4` in the f32 build, `1e-9` in the f64 build.
#[cfg(feature = "f64")]
pub const PARALLEL_TOLERANCE: Real = 1e-9;

/// An edge pair's axis and separation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EdgeQuery {
    /// The edge of a.
    pub a: u32,
    /// The edge of b.
    pub b: u32,
    /// The gap along the axis (negative: overlap).
    pub separation: Real,
    /// The unit axis in b's frame, pointing from a to b.
    pub axis: Vector,
    /// The sine of the angle between the two edges (the length of the cross product of their
    /// unit directions): how well the axis is determined.
    pub sine: Real,
}

/// Do the arcs `n0`–`n1` (edge direction `e`, of a) and `−m0`–`−m1` (edge direction `f`, of b)
/// cross on the Gauss map? All in one frame; `e` along `n0 × n1`, `f` along `m0 × m1`.
#[inline(always)]
pub(crate) fn is_minkowski_face(
    n0: Vector,
    n1: Vector,
    e: Vector,
    m0: Vector,
    m1: Vector,
    f: Vector,
) -> bool {
    // b's turned-around normals on opposite sides of a's arc plane...
    let s0 = -m0.dot(e);
    let s1 = -m1.dot(e);
    if s0 * s1 >= 0.0 {
        return false;
    }
    // ...a's normals on opposite sides of b's arc plane...
    let t0 = n0.dot(f);
    let t1 = n1.dot(f);
    // ...and the crossing on the same side (the same one of the two antipodal meeting points).
    t0 * t1 < 0.0 && s0 * t1 > 0.0
}

/// Calls `visit(query)` for every edge pair (edge `i` of a, `j` of b) that forms a face of the
/// Minkowski difference and is not parallel; stops when `visit` returns true, returning that
/// pair. `a_in_b` places a in b's frame (the search runs there: a's edges are turned once each,
/// b's are read as stored).
///
/// When b's Gauss map can be walked over its vertices ([`ConvexHull::is_walkable`]: strictly
/// convex in its vertices as given, every edge normal to its faces' stored normals to within
/// a small angle), each of a's arcs is walked across b's Gauss map ([`walk`]), touching only
/// the pairs that cross and the few regions in between; otherwise (a hull whose faces are
/// planar only within the tolerance, or slivers with edges a few grid cells long) every pair
/// is tested ([`every_pair`]). The walk wins even for two boxes (12 × 12 pairs).
#[inline]
pub(crate) fn edge_axes(
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
    visit: impl FnMut(EdgeQuery) -> bool,
) -> Option<EdgeQuery> {
    if b.is_walkable() {
        match walk::<false>(a, b, a_in_b, None, visit, |_, _, _| false) {
            Some(Stopped::AtEdges(q)) => Some(q),
            _ => None,
        }
    } else {
        every_pair(a, b, a_in_b, visit)
    }
}

/// One edge of a, turned into b's frame: what every pair it forms needs.
struct EdgeOfA {
    index: u32,
    /// Its unit direction.
    e: Vector,
    /// Its tail.
    on_a: Vector,
}

impl EdgeOfA {
    #[inline(always)]
    fn new(a: &ConvexHull, i: usize, a_in_b: &Frame) -> EdgeOfA {
        let on_a = a_in_b.apply(a.vertices()[a.edges()[i].tail as usize]);
        EdgeOfA { index: i as u32, e: a_in_b.turn(a.edge_unit(i)), on_a }
    }

    /// The pair with edge `j` of b, which forms a face of the Minkowski difference: its axis
    /// (out of a, along `outward`: [`arc_middle`]) and the gap between the two edges along it,
    /// or `None` for parallel edges.
    #[inline(always)]
    fn pair(&self, b: &ConvexHull, j: usize, outward: Vector) -> Option<EdgeQuery> {
        self.pair_with(j as u32, b.edge_unit(j), b.vertices()[b.edges()[j].tail as usize], outward)
    }

    /// [`pair`](Self::pair) with edge `j` of b given by its unit direction `f` (either way
    /// round) and a point `on_b` of it, and the axis turned to point along `toward`.
    #[inline(always)]
    fn pair_with(&self, j: u32, f: Vector, on_b: Vector, toward: Vector) -> Option<EdgeQuery> {
        let cross = self.e.cross(f);
        if cross.length_squared() <= PARALLEL_TOLERANCE * PARALLEL_TOLERANCE {
            return None;
        }
        let sine = cross.length();
        // Turned to point along `toward` by a sign (a select, not a branch: which way the cross
        // product points is a coin toss), and made unit by one factor. The gap between the two
        // edges along the axis (the gap between the shapes when the edges are their extreme
        // features along it, as the Gauss map says they are) is measured along the cross
        // product while the root and the division are worked out, and scaled after: the pair
        // is compared with the best so far that much sooner (hull8-all `contact` 3 % faster).
        let scale = (if cross.dot(toward) < 0.0 { -1.0 } else { 1.0 }) / sine;
        let axis = cross * scale;
        let claim = cross.dot(on_b - self.on_a) * scale;
        Some(EdgeQuery { a: self.index, b: j, separation: claim, axis, sine })
    }
}

/// The middle of edge `i`'s arc on a's Gauss map (a's directions of contact at the edge), in
/// b's frame: pairs found without a walk turn their axes along it, out of a.
///
/// The arc from n0 to n1 turns about e by its angle θ < 180°; its middle m is along
/// n0 + n1 = 2 cos(θ/2) m and along e × (n0 − n1) = 2 sin(θ/2) m, so their sum is never short,
/// whatever θ. A Minkowski face's normal is a point of the arc, within 90° of m. (a's centroid
/// carried into b's frame, as this was, is only as good as the frames' rounding: for a hull
/// 0.001 across 1.7e18 from the other, noise, which turned edge axes inwards and lost a gap of
/// 1.6e18 in one order; fuzz, finding 22.) The walk needs none of this: it turns each axis by
/// the point where its path crosses.
#[inline]
fn arc_middle(a: &ConvexHull, i: usize, a_in_b: &Frame) -> Vector {
    let edge = a.edges()[i];
    let (n0, n1) = (a.face_normal(edge.faces[0] as usize), a.face_normal(edge.faces[1] as usize));
    a_in_b.turn(n0 + n1 + a.edge_unit(i).cross(n0 - n1))
}

/// [`edge_axes`] by testing every pair of edges on the Gauss map ([`is_minkowski_face`]): four
/// dot products per pair.
#[inline]
pub(crate) fn every_pair(
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
    mut visit: impl FnMut(EdgeQuery) -> bool,
) -> Option<EdgeQuery> {
    for i in 0..a.edge_count() {
        let (edge, out) = (EdgeOfA::new(a, i, a_in_b), arc_middle(a, i, a_in_b));
        if let Some(q) =
            crossing_edges_of_b(a, i, b, a_in_b, |j| edge.pair(b, j, out).is_some_and(&mut visit))
        {
            return Some(edge.pair(b, q, out).expect("the pair just visited"));
        }
    }
    None
}

/// Calls `found(j)` for every edge `j` of b whose arc crosses edge `i` of a's (turned
/// around), in index order, until it returns true; returns that `j`.
#[inline(always)]
fn crossing_edges_of_b(
    a: &ConvexHull,
    i: usize,
    b: &ConvexHull,
    a_in_b: &Frame,
    mut found: impl FnMut(usize) -> bool,
) -> Option<usize> {
    let (normals_a, normals_b) = (a.face_normals(), b.face_normals());
    let ea = a.edges()[i];
    let n0 = a_in_b.turn(normals_a[ea.faces[0] as usize]);
    let n1 = a_in_b.turn(normals_a[ea.faces[1] as usize]);
    let e = a_in_b.turn(a.edge_unit(i));
    for (j, eb) in b.edges().iter().enumerate() {
        let (m0, m1) = (normals_b[eb.faces[0] as usize], normals_b[eb.faces[1] as usize]);
        if is_minkowski_face(n0, n1, e, m0, m1, b.edge_unit(j)) && found(j) {
            return Some(j);
        }
    }
    None
}

/// Where a [`walk`] was stopped.
enum Stopped {
    /// At this edge pair.
    AtEdges(EdgeQuery),
    /// At a face of a.
    AtFace,
}

/// A knife edge `i` of a ([`ConvexHull::is_knife_edge`]), which the walk does not follow: its
/// arc tested against every edge of b, each axis turned out of a by the middle of the arc
/// ([`arc_middle`]); and the face it closes, if it closes one, met as a walk would have met it.
/// Kept out of line: rare, and the walk's loop stays small without it.
#[cold]
#[inline(never)]
fn knife_arc(
    a: &ConvexHull,
    i: usize,
    b: &ConvexHull,
    a_in_b: &Frame,
    visit: &mut impl FnMut(EdgeQuery) -> bool,
    face_seen: &mut impl FnMut(u32, u32, Vector) -> bool,
    u1: Vector,
) -> Option<Stopped> {
    let (edge, out) = (EdgeOfA::new(a, i, a_in_b), arc_middle(a, i, a_in_b));
    if let Some(j) = crossing_edges_of_b(a, i, b, a_in_b, |j| edge.pair(b, j, out).is_some_and(&mut *visit)) {
        return edge.pair(b, j, out).map(Stopped::AtEdges);
    }
    let closed = a.edges()[i].faces[1];
    if a.closes_face(i) && face_seen(closed, b.support_scan(u1), u1) {
        return Some(Stopped::AtFace);
    }
    None
}

/// What lets [`walk`] pass over faces of a and whole arcs that cannot hold the best axis: the
/// best separation found so far, and bounds from the ball about b's centroid `c` that b holds
/// (radius ρ, [`ConvexHull::inner_radius`]).
///
/// b's lowest point along any unit `u` lies at least ρ below `c`, so the separation along a
/// face normal `n` of a (plane `n · x = d`) is at most `n · c − d − ρ`. Along an edge pair's
/// axis `u`, a point on a's edge (its tail `p`) is a's highest along `u` at best, so the
/// separation is at most `u · (c − p) − ρ`; `u` lies on the edge's arc, between the normals
/// `n₀`, `n₁` of its faces, as `α₀ n₀ + α₁ n₁` with weights summing to between 1 and the
/// arc's secant ([`ConvexHull::arc_secant`]), and `p` lies on both faces' planes, so
/// `u · (c − p)` is at most the larger `h` of `n₀ · c − d₀` and `n₁ · c − d₁`, times the
/// secant when `h` is positive: one dot product per face of a bounds all of its arcs.
///
/// ```text
///            n₀   u   n₁        the arc of a's edge on the Gauss map; every axis the
///             \   |   /         edge forms lies on it, and every unit vector on it is
///              \  |  /          a combination α₀ n₀ + α₁ n₁ with α₀ + α₁ ≤ sec(θ/2)
///               \ | /
///                 p             (θ: the angle between n₀ and n₁)
/// ```
///
/// Anything bounded below the best so far (less a margin for rounding) cannot be the best.
/// Faces are held to a lower floor: [`collide`](super::hull_hull::collide) prefers a face to
/// an edge pair up to [`RELATIVE_EDGE_TOLERANCE`] (and a's face to b's by less), so a face a
/// little worse than the best edge pair may still be its reference face.
pub(crate) struct Prune<'t> {
    /// b's centroid, in a's frame.
    centre: Vector,
    /// a's [`ConvexHull::plane_slack`]: how far an edge's tail may lie below its faces' planes.
    slack: Real,
    /// b's inner radius, less the margin for rounding.
    reach: Real,
    /// The margin for rounding.
    margin: Real,
    /// The absolute part of [`collide`](super::hull_hull::collide)'s biases.
    slop: Real,
    /// Are faces held to the lower floor ([`Prune::face_floor`])?
    biased: bool,
    /// The best separation found so far.
    best: Cell<Real>,
    /// Every face's height ([`Prune::height`]), worked out four at a time up front, when a has
    /// at most [`HEIGHT_TABLE`] faces and no small pairs' table holds them ([`Lowest`]) (each
    /// is read once as a first face and once or more as a second one).
    heights: Option<&'t [Real; HEIGHT_TABLE]>,
    /// b's lowest vertex under every face of a, for small hulls ([`LOWEST_TABLE`]).
    lowest: Option<&'t Lowest>,
}

/// The most faces of a whose heights [`Prune`] works out up front (a table on the stack).
const HEIGHT_TABLE: usize = 128;
const _: () = assert!(HEIGHT_TABLE.is_power_of_two());

/// The most products of a's face count and b's vertex count for which b's lowest vertex under
/// every face of a is found up front ([`Lowest`]): four faces at a time against every vertex,
/// cheaper for small hulls than a support query per face, what lets [`Prune::corner_bound`]
/// pass over most arcs, and what lets the rest be tested against all of b's arcs at once
/// ([`scan`]) rather than walked. Two hulls of 8 points make 12 × 8. Larger pairs, up to
/// [`OVERLAP_TABLE`], get the table only when b's best face shows them overlapping.
const LOWEST_TABLE: usize = 256;

/// The most products of a's face count and b's vertex count for which a pair that overlaps on
/// b's best face (known before a's faces are looked at) finds b's lowest vertex under every
/// face of a up front, where b's arcs can be scanned (b's [`ConvexHull::arc_lanes`]): two hulls
/// of 16 points make 28 × 16. A support query per face that the bounds do not pass over costs
/// more than the table, mostly in branches the processor cannot guess (the instructions are
/// about the same). Pairs whose faces show a gap are answered by it, with no need of a's faces
/// or edges at all when [`collide`](super::hull_hull::collide) stops at it, and are left to the
/// walk otherwise ([`separation`](super::hull_hull::separation)). Two hulls of 32 points,
/// 60 × 32 (and 90 edges, past [`ConvexHull::arc_lanes`]), are left to the walk even when deep:
/// the table and the scan took 39 to 45 % more instructions there.
///
/// (Until the table read b's vertices four at a time from its lanes, only deep overlaps, below
/// −¾ of b's bounding radius on b's best face, took it: on pairs that barely overlap
/// (`hull16-30%`) the table then cost 1 to 3 % by the clock. With the cheaper table, every
/// overlap: five alternating `--sets` runs, hull16-30 % `collide` 11 % faster, `contact` 8 to
/// 9 %, hull16-all unchanged.)
const OVERLAP_TABLE: usize = 1024;

impl<'t> Prune<'t> {
    /// The bounds for a walk of a's arcs over b's Gauss map, given the best separation already
    /// found (b's best face).
    #[inline]
    pub(crate) fn new(
        a: &ConvexHull,
        b: &ConvexHull,
        b_in_a: &Frame,
        best: Real,
        biased: bool,
        table: Option<&'t Lowest>,
        storage: &'t mut Option<[Real; HEIGHT_TABLE]>,
    ) -> Prune<'t> {
        let centre = b_in_a.apply(b.centroid());
        let sizes = centre.length() + b.centroid().length() + b.bounding_radius();
        let margin = 32.0 * Real::EPSILON * (sizes + a.centroid().length() + a.bounding_radius());
        let slack = a.plane_slack();
        // (Written where the caller keeps it: a table this large moved into the `Prune` is
        // copied, and small pairs, which need none, paid for the copy.)
        let heights = (table.is_none() && a.face_count() <= HEIGHT_TABLE).then(|| {
            let heights = storage.insert([0.0; HEIGHT_TABLE]);
            let (x, y, z) = (Vector4::splat(centre.x), Vector4::splat(centre.y), Vector4::splat(centre.z));
            let slack = Vector4::splat(slack);
            for (four, l) in heights.chunks_exact_mut(4).zip(a.face_lanes()) {
                four.copy_from_slice(&(l.nx * x + l.ny * y + l.nz * z - l.d + slack).to_array());
            }
            &*heights
        });
        // a's best face separation, where known, raises the floor before any arc is walked.
        let best = table.map_or(best, |t| best.max(t.most));
        Prune {
            centre,
            slack,
            reach: b.inner_radius() - margin,
            margin,
            slop: ABSOLUTE_TOLERANCE * a.bounding_radius().min(b.bounding_radius()),
            best: Cell::new(best),
            biased,
            heights,
            lowest: table,
        }
    }

    /// `n · c − d` for face `f` of a, raised by a's plane slack.
    #[inline(always)]
    fn height(&self, a: &ConvexHull, f: usize) -> Real {
        match self.heights {
            // (Held only for hulls of at most `HEIGHT_TABLE` faces, a power of two: the mask
            // changes no index, and spares the bounds check.)
            Some(heights) => heights[f & (HEIGHT_TABLE - 1)],
            None => a.face_normal(f).dot(self.centre) - a.face_offset(f) + self.slack,
        }
    }

    /// The bound (before ρ) on every axis along an arc whose faces have heights `h0` and `h1`
    /// ([`Prune::height`]): the larger, times the arc's secant when it is positive.
    #[inline(always)]
    fn arc_bound(&self, h0: Real, h1: Real, secant: Real) -> Real {
        let top = larger(h0, h1);
        // The secant is at least 1: the product is the larger when `top` is positive, the
        // smaller otherwise (rounding keeps that order).
        larger(top * secant, top)
    }

    /// A face of a whose height is below this cannot be the best axis nor, `biased`, be
    /// preferred to it.
    #[inline(always)]
    fn face_floor(&self) -> Real {
        let best = self.best.get();
        match self.biased {
            true => smaller(best, (best - self.slop) / RELATIVE_EDGE_TOLERANCE) + self.reach,
            false => best + self.reach,
        }
    }

    /// An arc whose bound is below this holds no axis as good as the best.
    #[inline(always)]
    fn edge_floor(&self) -> Real {
        self.best.get() + self.reach
    }

    /// The best separation found so far, less the margin for rounding: an arc bounded below
    /// this by [`Prune::corner_bound`] holds no axis as good as the best.
    #[inline(always)]
    fn best(&self) -> Real {
        self.best.get() - self.margin
    }

    /// A bound on every axis along the arc of a's edge between faces with turned-around
    /// normals `u0`, `u1` (b's frame) and plane offsets `d0`, `d1` (a's frame), from b's lowest
    /// vertices `v0` under the first face and `v1` under the second (`t`: a's origin in b's
    /// frame), far tighter than the ball's where b is not round.
    ///
    /// Along a unit `u = k((1 − s) m₀ + s m₁)` on the arc (`mᵢ = −uᵢ`, `k` between 1 and the
    /// arc's secant), the separation is at most `u · (v − p)` for any vertex `v` of b and the
    /// edge's tail `p`, which lies on both planes (within a's plane slack). With `v0` that is
    /// `k((1 − s) g₀₀ + s g₁₀)`, `gⱼᵢ = mⱼ · vᵢ − dⱼ` the height of `vᵢ` over face `j`; with
    /// `v1`, `k((1 − s) g₀₁ + s g₁₁)`. The first line starts lower (`g₀₀`, the least height
    /// over face 0) and ends higher (`g₁₀` ≥ `g₁₁`, the least over face 1), so they cross; the
    /// lower of the two is highest where they cross, or at an end where a line runs downhill
    /// (two faces at very different heights: lopsided hulls). Any two vertices of b give a
    /// bound; where b's lowest under the second face is not known, `v1 = v0` gives the larger
    /// of `g₀₀` and `g₁₀`, still tight between neighbouring faces of a large hull, whose lowest
    /// vertices are near each other.
    ///
    /// ```text
    ///   g₀₁ ●.                 .● g₁₀    height over the arc, s from 0 to 1, by
    ///          ` .         . `           v0 and by v1: every axis on the arc is
    ///              ` . ● . `             below the lower line, at most ● here
    ///          . `         ` .
    ///   g₀₀ ●`                 `● g₁₁
    /// ```
    #[inline(always)]
    fn corner_bound(
        &self,
        (u0, u1): (Vector, Vector),
        (d0, d1): (Real, Real),
        (v0, v1): (Vector, Vector),
        t: Vector,
        secant: Real,
    ) -> Real {
        let (w0, w1) = (v0 - t, v1 - t);
        let (g00, g10) = (-u0.dot(w0) - d0, -u1.dot(w0) - d1);
        let (g01, g11) = (-u0.dot(w1) - d0, -u1.dot(w1) - d1);
        // The lower of two lines is highest at an end or where they cross (s = (g₀₁ − g₀₀) /
        // (rise + fall), where the first rises past the second). Clamped into the arc, the first
        // line's height there is at least the lower one's: still a bound. Raised by the slack.
        let (rise, fall) = (g10 - g00, g01 - g11);
        let ends = larger(smaller(g00, g01), smaller(g10, g11));
        let crossing = match rise + fall > 0.0 {
            true => g00 + ((g01 - g00) / (rise + fall)).clamp(0.0, 1.0) * rise,
            false => Real::NEG_INFINITY,
        };
        let top = larger(ends, crossing) + self.slack;
        larger(top * secant, top)
    }

    /// A face of a whose separation is below this cannot be the best axis nor, `biased`, be
    /// preferred to it: [`Prune::face_floor`] without the ball's reach, less the margin for
    /// rounding (for bounds from b's own vertices, [`Skeleton`]).
    #[inline(always)]
    fn face_cut(&self) -> Real {
        self.face_floor() - self.reach - 2.0 * self.margin
    }

    /// The arcs of a whose bound from the ball may reach the floors now, or whose faces may need
    /// handing over ([`HotArcs`]), where the heights are known up front; `None` otherwise.
    ///
    /// A face is cold when its height is below the face floor and the arc bound of its height
    /// alone, with the largest secant of its arcs ([`ConvexHull::face_secants`]), is below the
    /// edge floor; an arc both of whose faces are cold has its bound below the edge floor (the
    /// larger height times a secant no larger), opens no face and closes none that counts: the
    /// walk would pass it over now, and, the floors only rising, at any later point. Every other
    /// arc is hot, and still tested one by one. Four faces at a time, and a few bits per hot face
    /// instead of a test per arc, for hulls of more than [`HOT_ARCS_FROM`] edges.
    #[inline]
    fn hot_arcs(&self, a: &ConvexHull) -> Option<HotArcs> {
        let heights = self.heights?;
        if a.edge_count() <= HOT_ARCS_FROM || a.edge_count() > 64 * ARC_WORDS {
            return None;
        }
        let (edge_floor, face_floor) = (Vector4::splat(self.edge_floor()), Vector4::splat(self.face_floor()));
        let mut faces = [0u64; 2];
        for (g, &secants) in a.face_secants().iter().enumerate() {
            let h = Vector4::from_slice(&heights[(4 * g) & (HEIGHT_TABLE - 1)..][..4]);
            let raised = h * secants;
            // [`Prune::arc_bound`] lane by lane, and "cold" asked so that a NaN is hot.
            let bound = Vector4::select(raised.cmpgt(h), raised, h);
            let cold = h.cmplt(face_floor) & bound.cmplt(edge_floor);
            faces[(g / 16) & 1] |= u64::from(!cold.bitmask() & 0xF) << (4 * (g % 16));
        }
        let count = a.face_count();
        let mut arcs = HotArcs { words: [0; ARC_WORDS], word: 0 };
        let half_edges = a.half_edges();
        for (w, mut bits) in faces.into_iter().enumerate() {
            while bits != 0 {
                let f = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if f >= count {
                    break; // the last group's padding lanes
                }
                let (first, end) = (a.face_first_half_edge(f), a.face_first_half_edge(f + 1));
                for h in &half_edges[first as usize..end as usize] {
                    let e = h.edge as usize;
                    arcs.words[(e / 64) % ARC_WORDS] |= 1 << (e % 64);
                }
            }
        }
        Some(arcs)
    }

    /// Takes in a separation found.
    #[inline(always)]
    fn raise(&self, separation: Real) {
        if separation > self.best.get() {
            self.best.set(separation);
        }
    }
}

/// The heights of b's skeleton vertices ([`ConvexHull::skeleton`]) over one face plane of a,
/// measured in b's frame (`u` the face's normal turned into b's frame and around, `d` its
/// offset, `t` a's origin in b's frame): sixteen vertices of b, so that the lowest of them
/// bounds the face's separation (b's lowest vertex lies no higher), and the lowest over an arc
/// of the larger of a vertex's two heights bounds every axis along the arc (as in
/// [`Prune::corner_bound`], with one vertex for both faces).
///
/// ```text
///      b's skeleton: sixteen of its vertices    ●       ●
///      spread round it; b holds their hull,        ●  b    ●
///      so it reaches at least as low        .......●...●..........  lowest skeleton vertex
///                                           ════════════════════════  a's face
/// ```
///
/// Far tighter than b's inner ball where b is not round or the pair overlaps deeply, and each
/// face or arc passed over so needs no support query for b's lowest vertex under it: on the
/// bench's 32-point hulls, every pair overlapping (`hull32-all`), a `collide` made 12.9
/// support queries and handed 13.9 of a's faces over before, 4.2 and 4.7 with the skeleton
/// (`icount3d`), its arcs walked 6.7 and 4.5.
#[derive(Clone, Copy)]
struct Skeleton([Vector4; SKELETON_LANES]);

impl Skeleton {
    /// The skeleton's heights over the plane of a's face (`u`, `d`; `t` a's origin; b's frame).
    #[inline(always)]
    fn heights(b: &ConvexHull, u: Vector, d: Real, t: Vector) -> Skeleton {
        let (ux, uy, uz) = (Vector4::splat(u.x), Vector4::splat(u.y), Vector4::splat(u.z));
        let shift = Vector4::splat(u.dot(t) - d);
        Skeleton(b.skeleton().map(|l| shift - (ux * l.x + uy * l.y + uz * l.z)))
    }

    /// The lowest height: at least the face's separation (up to rounding).
    #[inline(always)]
    fn lowest(&self) -> Real {
        self.0.iter().fold(Vector4::INFINITY, |m, &h| m.min(h)).min_element()
    }

    /// The lowest over the vertices of the larger of their heights over this face and `other`.
    #[inline(always)]
    fn lowest_of_larger(&self, other: &Skeleton) -> Real {
        self.0.iter().zip(&other.0).fold(Vector4::INFINITY, |m, (&a, &b)| m.min(a.max(b))).min_element()
    }
}

/// Up to this many edges of a, [`walk`] tests every arc against the ball's bound one by one
/// rather than first marking the arcs of a's hot faces ([`Prune::hot_arcs`]): marking costs a
/// bit per arc of each hot face and a loop per face whose end the processor cannot foresee,
/// testing a few instructions per arc. Where every pair overlaps, a's hot faces were 14.5 of
/// 60 on the bench's 32-point hulls (90 edges) and 21 of 124 on its 64-point ones (186
/// edges); marked, `collide` took 4 to 9 % fewer instructions on both, and by the clock
/// 6 to 10 % less time on the 64-point rows and 1 to 2 % more on the 32-point rows.
const HOT_ARCS_FROM: usize = 128;

/// Words of [`HotArcs`]: a hull of at most [`HEIGHT_TABLE`] faces has at most 3 × 128 − 6
/// edges (every vertex meets three edges or more).
const ARC_WORDS: usize = 6;

/// A bit per arc of a that a [`walk`] must look at ([`Prune::hot_arcs`]), taken in order.
struct HotArcs {
    words: [u64; ARC_WORDS],
    /// The first word that may still hold a bit.
    word: usize,
}

impl HotArcs {
    /// The lowest arc left, taken out.
    #[inline(always)]
    fn take(&mut self) -> Option<usize> {
        while self.word < ARC_WORDS {
            let bits = &mut self.words[self.word];
            if *bits != 0 {
                let k = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(64 * self.word + k);
            }
            self.word += 1;
        }
        None
    }
}

/// [`Lowest`] finds b's lowest vertex under every face of a up front, four faces at a time,
/// when b has at most this many lanes of four vertices (8 points) or the pair overlaps deeply
/// ([`EAGER_DEPTH`]); otherwise under each face only when the search first needs it. Where the
/// pair barely overlaps, the bounds pass over most faces and most arcs, and a search needs the
/// lowest vertex under a third of a's faces (10.5 of 28 on the bench's hull16-30 % overlapping
/// pairs, 16.3 on hull16-all, 9.9 of 12 on hull8-all): one face at a time, only those cost fewer
/// instructions than all of them four at a time (`icount3d`, hull16-30 % `collide` 10 % fewer in
/// all). Where most are needed, the faces four at a time cost less, and so does a search that
/// never asks whether a vertex is known yet: on hull8-all and hull16-all every face taken one
/// at a time and on demand cost 2 to 4 % more by the clock.
const EAGER_LANES: usize = 2;

/// A pair overlaps deeply, for [`EAGER_LANES`], when b's best face separation (known before
/// a's faces are looked at) is below this times b's bounding radius.
const EAGER_DEPTH: Real = -0.75;

/// The most faces of a for which [`Lowest`] is found up front (a hull of 8 points has at most
/// 12, one of 16 points 28; the table is on the stack, and kept small).
const LOWEST_FACES: usize = 32;

/// What small pairs (and overlapping medium ones, [`OVERLAP_TABLE`]) find up front, four faces
/// of a at a time ([`Lowest::fill`]), in b's frame: per face of a, the face's normal turned into
/// b's frame and around (`u = −R n`, as x, y and z), its height ([`Prune::height`]: [`scan`]
/// reads it here, and [`Prune`] keeps no table of its own for such pairs; a [`walk`] with this
/// table works it out face by face), and b's lowest vertex under it, with the largest of a's
/// face separations, up front or on demand ([`EAGER_LANES`]).
pub(crate) struct Lowest {
    /// b's lowest vertex under each face, where `found` has the face's bit.
    vertex: [Cell<u8>; LOWEST_FACES],
    /// A bit per face whose lowest vertex is known; every bit when all were found up front.
    found: Cell<u32>,
    height: [Real; LOWEST_FACES],
    x: [Real; LOWEST_FACES],
    y: [Real; LOWEST_FACES],
    z: [Real; LOWEST_FACES],
    most: Real,
}

impl Lowest {
    /// Whether a pair is small enough ([`LOWEST_TABLE`]), or small enough and overlapping on
    /// b's best face, whose separation is `known` ([`OVERLAP_TABLE`]). (b's vertex indices fit
    /// the table's bytes: a has at least four faces, so b has at most 256 vertices.)
    #[inline(always)]
    fn fits(a: &ConvexHull, b: &ConvexHull, known: Real) -> bool {
        let size = a.face_count() * b.vertices().len();
        a.face_count() <= LOWEST_FACES
            && (size <= LOWEST_TABLE || size <= OVERLAP_TABLE && !b.arc_lanes().is_empty() && known < 0.0)
    }

    /// A table to [`fill`](Lowest::fill). (Each use is a fresh table, which is what the lint
    /// on constants with cells warns of and what is wanted here: a table made in place, not
    /// made by a function and copied.)
    #[allow(clippy::declare_interior_mutable_const)]
    const EMPTY: Lowest = Lowest {
        vertex: [const { Cell::new(0) }; LOWEST_FACES],
        found: Cell::new(0),
        height: [0.0; LOWEST_FACES],
        x: [0.0; LOWEST_FACES],
        y: [0.0; LOWEST_FACES],
        z: [0.0; LOWEST_FACES],
        most: 0.0,
    };

    /// Fills the table: b's lowest vertex under every face of a, up front where [`EAGER_LANES`]
    /// says so (`known`: b's best face separation), and otherwise none, nor the largest face
    /// separation (left at −∞).
    ///
    /// The vertices (the first on a tie): the same products, and so the same vertices, as a
    /// support query along each turned-around normal ([`ConvexHull::support_lanes`]); the
    /// turned normals are the same numbers, bit for bit,
    /// as `−a_in_b.turn(n)` (the same products summed in the same order). Filled in place: a
    /// value this large returned or moved into an `Option` is copied.
    ///
    /// b's vertices are read four at a time from its lanes and spread one by one in registers,
    /// the highest height kept by `max` and the index counted in a lane of its own: 22
    /// instructions a vertex against 31 when each vertex was loaded and spread coordinate by
    /// coordinate, its index converted, and the height kept by a select (`collide` on
    /// hull16-all, where this table is most of the work before the scan, 7 % fewer
    /// instructions in all). A padding lane repeats the last vertex at a higher index, and is
    /// never strictly higher than it.
    #[inline(always)]
    fn fill(&mut self, a: &ConvexHull, b: &ConvexHull, (b_in_a, a_in_b): (&Frame, &Frame), known: Real) {
        let table = self;
        let mut most = Vector4::splat(Real::NEG_INFINITY);
        // The heights, as [`Prune::new`] works them out for larger hulls (the same bits).
        let centre = b_in_a.apply(b.centroid());
        let (cx, cy, cz) = (Vector4::splat(centre.x), Vector4::splat(centre.y), Vector4::splat(centre.z));
        let slack = Vector4::splat(a.plane_slack());
        let t = a_in_b.translation;
        let r = a_in_b.rotation;
        let turn = |l: &crate::shape::FaceLanes| {
            let x = Vector4::splat(r.x_axis.x) * l.nx + Vector4::splat(r.y_axis.x) * l.ny;
            let y = Vector4::splat(r.x_axis.y) * l.nx + Vector4::splat(r.y_axis.y) * l.ny;
            let z = Vector4::splat(r.x_axis.z) * l.nx + Vector4::splat(r.y_axis.z) * l.ny;
            (
                -(x + Vector4::splat(r.z_axis.x) * l.nz),
                -(y + Vector4::splat(r.z_axis.y) * l.nz),
                -(z + Vector4::splat(r.z_axis.z) * l.nz),
            )
        };
        let eager = b.vertex_lanes().len() <= EAGER_LANES || known < EAGER_DEPTH * b.bounding_radius();
        for (g, l) in a.face_lanes().iter().enumerate() {
            let (ux, uy, uz) = turn(l);
            let four = 4 * g..4 * g + 4;
            ux.write_to_slice(&mut table.x[four.clone()]);
            uy.write_to_slice(&mut table.y[four.clone()]);
            uz.write_to_slice(&mut table.z[four.clone()]);
            (l.nx * cx + l.ny * cy + l.nz * cz - l.d + slack).write_to_slice(&mut table.height[four.clone()]);
            if !eager {
                continue;
            }
            let (mut top, mut at) = (Vector4::splat(Real::NEG_INFINITY), Vector4::ZERO);
            let mut k = Vector4::ZERO;
            for l in b.vertex_lanes() {
                let mut vertex = |x: Vector4, y: Vector4, z: Vector4| {
                    let height = ux * x + uy * y + uz * z;
                    let higher = height.cmpgt(top);
                    top = height.max(top);
                    at = Vector4::select(higher, k, at);
                    k += Vector4::ONE;
                };
                vertex(l.x.xxxx(), l.y.xxxx(), l.z.xxxx());
                vertex(l.x.yyyy(), l.y.yyyy(), l.z.yyyy());
                vertex(l.x.zzzz(), l.y.zzzz(), l.z.zzzz());
                vertex(l.x.wwww(), l.y.wwww(), l.z.wwww());
            }
            for (slot, k) in table.vertex[four].iter().zip(at.to_array()) {
                slot.set(k as u8);
            }
            // The separation along a's face: the lowest vertex's height over its plane, which
            // lies at d + m · t in b's frame (m = −u the turned normal).
            let shift = ux * Vector4::splat(t.x) + uy * Vector4::splat(t.y) + uz * Vector4::splat(t.z);
            most = most.max(shift - top - l.d);
        }
        if eager {
            table.found.set(u32::MAX);
        }
        table.most = most.max_element();
    }

    /// b's lowest vertex under face `f` of a, found now if it is not known yet.
    #[inline(always)]
    fn vertex(&self, f: usize, b: &ConvexHull) -> u32 {
        self.vertex_of::<true>(f, b)
    }

    /// Were all of b's lowest vertices found up front?
    #[inline(always)]
    fn all_found(&self) -> bool {
        self.found.get() == u32::MAX
    }

    /// [`vertex`](Self::vertex), asking whether it is known yet only when `LAZY` (a table
    /// filled up front, [`all_found`](Self::all_found), need not). Found on demand, it is the
    /// vertex the table would have held: the first highest along the turned normal, from the
    /// same products ([`ConvexHull::highest_lanes`]).
    #[inline(always)]
    fn vertex_of<const LAZY: bool>(&self, f: usize, b: &ConvexHull) -> u32 {
        let bit = 1u32 << (f & (LOWEST_FACES - 1));
        if LAZY && self.found.get() & bit == 0 {
            self.vertex[f].set(b.highest_lanes(self.turned(f)) as u8);
            self.found.set(self.found.get() | bit);
        }
        self.vertex[f].get() as u32
    }

    /// Face `f`'s normal turned into b's frame and around.
    #[inline(always)]
    fn turned(&self, f: usize) -> Vector {
        Vector::new(self.x[f], self.y[f], self.z[f])
    }
}

/// [`edge_axes`] by walking each of a's arcs across b's Gauss map.
///
/// On b's Gauss map each vertex `v` owns a region: the directions along which `v` is b's
/// highest point. The regions' borders are b's edge arcs. a's edge between faces `n0` and
/// `n1`, turned around for `a − b`, is the arc from `−n0` to `−n1`; it starts in the region of
/// b's lowest vertex under face `n0` and, crossing borders, ends in that of b's lowest vertex
/// under `n1`. Each border it crosses is an edge of b that forms a Minkowski face with it, and
/// no other edge does, so the walk visits exactly the pairs [`every_pair`] tests true, at a
/// cost of the crossings (and the regions' corners) rather than b's edge count:
///
/// ```text
///          region of v1 | region of v2     d(t) = (1 − t)(−n0) + t(−n1), t from 0 to 1:
///     −n0 ●-------------x---------● −n1    at each vertex, the neighbour w that gets higher
///          crossing edge v1–v2             first, at t = p / (p − q) with p = (w − v)·(−n0)
///                                          and q = (w − v)·(−n1) > 0, is the next region
/// ```
///
/// Each step climbs along `−n1` (`q > 0`), so the walk ends; it is capped at b's vertex count
/// all the same (rounding could only ever make it wander), after which that arc is finished by
/// testing all of b's edges. The walks of a face's edges start at one lowest vertex. a's edges
/// are stored face by face and a hull's faces in depth-first order, so most faces follow a
/// neighbour, and a walk from that neighbour has already ended at the face's lowest vertex;
/// other faces climb to it from where the last walk ended. The walk needs b's vertex graph to
/// be a convex polyhedron's (b strictly convex in its vertices as given), and its borders,
/// normal to b's edges, to run along the arcs of b's stored face normals that
/// [`is_minkowski_face`] tests (every edge normal to both its faces' normals, to within a
/// small angle): [`ConvexHull::is_walkable`].
///
/// On the way the walk meets b's lowest vertex under every face of a (where each face's
/// walks start, or, for a face that starts none, where one ends): it hands each to
/// `face_seen(i, v, u)` (face `i` of a, b's vertex `v`, `u` the face's normal turned into b's
/// frame and around), once per face, so that a's face axes cost one dot product each here.
/// Returns where `visit` or `face_seen` stopped it. Each vertex's edges are measured against
/// the arc four at a time (the hull stores them so, `StepLanes`): no branch per edge.
///
/// With `prune` ([`Prune`]), faces and arcs bounded below the best separation so far are
/// passed over: such a face is not handed to `face_seen` (nor is its lowest vertex looked
/// for, unless one of its arcs is walked), and such an arc is not walked.
///
/// Out of line: inlined into [`best_face_and_edge_pair`] (the larger pairs' path), its code
/// cost the small pairs' path there 1 to 2 % more instructions and 2 to 5 % by the clock
/// (hull8 and hull16 `collide`), where the call costs the large pairs nothing measurable.
#[inline(never)]
fn walk<const TABLE: bool>(
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
    prune: Option<&Prune>,
    mut visit: impl FnMut(EdgeQuery) -> bool,
    mut face_seen: impl FnMut(u32, u32, Vector) -> bool,
) -> Option<Stopped> {
    let normals_a = a.face_normals();
    let vertices = b.vertices();
    let knives = a.has_knife_edges();
    // b's lowest vertex under each face of a, where found up front ([`LOWEST_TABLE`]); the
    // walk is compiled apart for that case, so that large hulls' walks are laid out as before.
    let table = prune.filter(|_| TABLE).and_then(|p| p.lowest);
    let (mut face, mut at) = (u32::MAX, 0u32);
    // b's lowest vertex under `face`, found when first needed (a pruned face and its pruned
    // arcs need none).
    let mut lowest: Option<u32> = None;
    // b's lowest vertex under face `face + 1`, when a walk has ended there.
    let mut next_lowest = None;
    let (mut u0, mut height0) = (Vector::ZERO, 0.0);
    // The skeleton's heights over the current face (see [`Skeleton`]), once needed; skeleton
    // bounds only where no table knows b's lowest vertices.
    let mut skeleton0: Option<Skeleton> = None;
    let skeletal = !TABLE;
    let (t, offset) = (a_in_b.translation, |f: u32| a.face_offset(f as usize));
    let (edges_a, records_a) = (a.edges(), a.arc_records());
    let mut arcs = edges_a.iter().zip(records_a).enumerate();
    // The arcs the ball's bound cannot pass over now, where the heights are known up front:
    // the others are never looked at.
    let mut hot = prune.and_then(|p| p.hot_arcs(a));
    // Otherwise, where the heights are known up front, the arcs' records are read from here on.
    let mut cursor = 0;
    loop {
        // The heights of an arc's faces ([`Prune::height`]). An arc that the ball's bound passes
        // over, and that neither opens a face to hand over nor closes one, is skipped before
        // anything else is done for it: that is most arcs of a large hull (162 of a 64-point
        // hull's 186 where every pair overlaps), and the bookkeeping below cost them more than
        // this test. Skipped arcs come in runs with nothing found between them: the floors are
        // worked out once a run, and the run is one small loop of its own.
        // (A `match`, not `Option::map_or`, which was left out of line: a call per arc kept.)
        let heights = |ea: &HullEdge| match prune {
            Some(p) => (p.height(a, ea.faces[0] as usize), p.height(a, ea.faces[1] as usize)),
            None => (0.0, 0.0),
        };
        let next = match prune {
            Some(p) => {
                let (edge_floor, face_floor) = (p.edge_floor(), p.face_floor());
                let keep = |(h0, h1): (Real, Real), r: &ArcRecord| {
                    !(p.arc_bound(h0, h1, r.secant) < edge_floor
                        && (r.faces[0] == face || h0 < face_floor)
                        && (!r.closes || h1 < face_floor))
                };
                match (p.heights, hot.as_mut()) {
                    (Some(table), hot) => {
                        let heights =
                            |r: &ArcRecord| r.faces.map(|f| table[f as usize & (HEIGHT_TABLE - 1)]).into();
                        match hot {
                            Some(hot) => loop {
                                let Some(i) = hot.take() else {
                                    break None;
                                };
                                if keep(heights(&records_a[i]), &records_a[i]) {
                                    break Some((i, (&edges_a[i], &records_a[i])));
                                }
                            },
                            None => {
                                // Read from the arcs' records alone (one list, not three).
                                let records = &records_a[cursor..];
                                let kept = records.iter().position(|r| keep(heights(r), r));
                                let i = cursor + kept.unwrap_or(records.len());
                                cursor = i + kept.is_some() as usize;
                                kept.map(|_| (i, (&edges_a[i], &records_a[i])))
                            }
                        }
                    }
                    (None, _) => arcs.find(|&(_, (ea, r))| keep(heights(ea), r)),
                }
            }
            None => arcs.next(),
        };
        let Some((i, (ea, &ArcRecord { secant, closes, .. }))) = next else {
            break;
        };
        let (h0, h1) = heights(ea);
        if ea.faces[0] != face {
            lowest = next_lowest.take().filter(|_| ea.faces[0] == face.wrapping_add(1));
            face = ea.faces[0];
            u0 = -a_in_b.turn(normals_a[face as usize]);
            skeleton0 = None;
            if prune.is_some() {
                height0 = h0;
                if let Some(t) = table {
                    lowest = Some(t.vertex(face as usize, b));
                }
            }
            // A face whose bound is below the floor is passed over (its arcs are bounded one by
            // one below): the ball's bound first, then, unless b's lowest vertex under it is
            // known already, the skeleton's.
            if prune.is_none_or(|p| {
                height0 >= p.face_floor()
                    && (!skeletal
                        || lowest.is_some()
                        || skeleton0.insert(Skeleton::heights(b, u0, offset(face), t)).lowest()
                            >= p.face_cut())
            }) && face_seen(face, *lowest.get_or_insert_with(|| b.support_from(u0, at)), u0)
            {
                return Some(Stopped::AtFace);
            }
        }
        let second = ea.faces[1];
        let turned = || -a_in_b.turn(normals_a[second as usize]);
        // The second face's normal turned into b's frame and around, where needed (many arcs
        // are passed over on the ball's bound alone).
        let mut u1 = None;
        let mut skeleton1: Option<Skeleton> = None;
        if let Some(p) = prune {
            // The bound on every axis along this arc from b's ball (see [`Prune`]).
            let height1 = h1;
            let knife = knives && a.is_knife_edge(i);
            if p.arc_bound(height0, height1, secant) < p.edge_floor()
                || skeletal && !knife && lowest.is_none() && {
                    // The skeleton's bound (see [`Skeleton`]), before any support query (where
                    // b's lowest vertex under the face is known, the corner bound below costs
                    // less and bounds tighter).
                    let h0 = *skeleton0.get_or_insert_with(|| Skeleton::heights(b, u0, offset(face), t));
                    let h1 = skeleton1.insert(Skeleton::heights(b, *u1.insert(turned()), offset(second), t));
                    let top = h0.lowest_of_larger(h1) + p.slack;
                    larger(top * secant, top) < p.best()
                }
                || !knife && {
                    // Then from b's lowest vertex under the arc's first face, where the walk
                    // would start, and, where known up front, under its second, where it would
                    // end ([`Prune::corner_bound`]). Not for a knife edge: its faces' normals
                    // nearly opposite, the positive combinations of the two stored normals follow
                    // their rounding, not the arc about the edge (fuzz: a flat tetrahedron's arc
                    // passed over, `separation` 156.27 for 184.82 the other way round).
                    let faces = (a.face_offset(face as usize), a.face_offset(second as usize));
                    let v0 = vertices[*lowest.get_or_insert_with(|| b.support_from(u0, at)) as usize];
                    let v1 = table.map_or(v0, |t| vertices[t.vertex(second as usize, b) as usize]);
                    let u1 = *u1.get_or_insert_with(turned);
                    p.corner_bound((u0, u1), faces, (v0, v1), a_in_b.translation, secant) < p.best()
                }
            {
                // The face this arc's walk would have met at its end is bounded by the arc's
                // bound too, but faces are kept against a lower floor: it may still count.
                if closes
                    && height1 >= p.face_floor()
                    && (!skeletal || {
                        let u1 = *u1.get_or_insert_with(turned);
                        let h1 = skeleton1.get_or_insert_with(|| Skeleton::heights(b, u1, offset(second), t));
                        h1.lowest() >= p.face_cut()
                    })
                {
                    let u1 = u1.unwrap_or_else(turned);
                    at = match table {
                        Some(t) => t.vertex(second as usize, b),
                        None => b.support_from(u1, lowest.unwrap_or(at)),
                    };
                    if face_seen(second, at, u1) {
                        return Some(Stopped::AtFace);
                    }
                }
                continue;
            }
        }
        let u1 = u1.unwrap_or_else(turned);
        if knives && a.is_knife_edge(i) {
            // A knife edge: its faces' normals nearly opposite, its arc nearly a half circle.
            // The walk's path d(t) then passes close to zero halfway, where the order of the
            // crossings (and so the path) is decided by the rounding of u0 + u1 (fuzz: a
            // flat tetrahedron's edge lost its crossing with a hull's edge, depth 1.9037 for
            // 1.8579). Such arcs are not walked ([`knife_arc`]).
            match knife_arc(a, i, b, a_in_b, &mut visit, &mut face_seen, u1) {
                Some(stopped) => return Some(stopped),
                None => continue,
            }
        }
        // Turned into b's frame only once the walk crosses a border (many arcs cross none).
        let mut edge: Option<EdgeOfA> = None;
        at = *lowest.get_or_insert_with(|| b.support_from(u0, at));
        let mut steps = 0;
        loop {
            // The neighbour that gets higher than `at` first as d(t) moves on: four at a time,
            // the first on a tie.
            let next = next_step(b.step_lanes(at as usize), u0, u1)
                .map(|(k, t, inside)| (&b.steps(at as usize)[k], t, inside));
            let Some((step, first, inside)) = next else {
                // `at` is highest along −n1: the arc's end, and b's lowest vertex under face n1.
                if ea.faces[1] == face + 1 {
                    next_lowest = Some(at);
                }
                if closes && face_seen(ea.faces[1], at, u1) {
                    return Some(Stopped::AtFace);
                }
                break;
            };
            // A neighbour already as high at the arc's start (p ≥ 0) is a tie, or a start that
            // rounding put one vertex off: the step moves on, but crosses no border inside the
            // arc (at its very start the border's axis would be a's face normal anyway).
            if inside {
                // The crossing direction d(t) is turned around for a − b: the Minkowski face's
                // normal, the way out of a, known from a's unit normals alone (a's centroid,
                // carried into b's frame, is only as good as the frames' rounding, which for a
                // small shape far out can be its whole size).
                let toward = -(u0 + (u1 - u0) * first);
                let edge = edge.get_or_insert_with(|| EdgeOfA::new(a, i, a_in_b));
                if let Some(q) = edge.pair_with(step.edge, step.unit, vertices[at as usize], toward) {
                    if visit(q) {
                        return Some(Stopped::AtEdges(q));
                    }
                }
            }
            at = step.to;
            steps += 1;
            if steps > vertices.len() {
                // Rounding made the walk wander: finish this arc by testing every edge of b.
                let edge = edge.get_or_insert_with(|| EdgeOfA::new(a, i, a_in_b));
                let out = arc_middle(a, i, a_in_b);
                let j =
                    crossing_edges_of_b(a, i, b, a_in_b, |j| edge.pair(b, j, out).is_some_and(&mut visit));
                if let Some(j) = j {
                    return edge.pair(b, j, out).map(Stopped::AtEdges);
                }
                if closes && face_seen(ea.faces[1], b.support_scan(u1), u1) {
                    return Some(Stopped::AtFace);
                }
                break;
            }
        }
    }
    None
}

/// [`walk`] for small pairs (and overlapping medium ones): b's lowest vertex under every face of a
/// known up front or found on demand (`LAZY`, [`Lowest`]) and b's arcs held four at a time
/// ([`ConvexHull::arc_lanes`]).
/// Each of a's faces above the floor is handed to `face_seen` with its lowest vertex, and each
/// of a's arcs that the bounds cannot pass over ([`Prune`]) is tested against every arc of b at
/// once, four to a group ([`crossing_lanes`]), which costs less than walking it across b's map
/// and has no branch on the way: only the crossings found are visited, each axis turned out of
/// a by the middle of the arc (as [`arc_middle`] finds it, from the normals already turned). An
/// arc tested meets the pairs [`every_pair`] would give it, in the same order.
#[inline]
fn scan<const LAZY: bool>(
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
    (prune, table): (&Prune, &Lowest),
    mut visit: impl FnMut(EdgeQuery) -> bool,
    mut face_seen: impl FnMut(u32, u32, Vector) -> bool,
) -> Option<Stopped> {
    for f in 0..a.face_count() {
        if table.height[f] >= prune.face_floor()
            && face_seen(f as u32, table.vertex_of::<LAZY>(f, b), table.turned(f))
        {
            return Some(Stopped::AtFace);
        }
    }
    let (vertices, knives) = (b.vertices(), a.has_knife_edges());
    for (i, ea) in a.edges().iter().enumerate() {
        let [f0, f1] = ea.faces.map(|f| f as usize);
        let secant = a.arc_secant(i);
        if prune.arc_bound(table.height[f0], table.height[f1], secant) < prune.edge_floor() {
            continue;
        }
        let (u0, u1) = (table.turned(f0), table.turned(f1));
        if knives && a.is_knife_edge(i) {
            // Bounded by the ball alone, as in the walk; its face was handed over above.
            match knife_arc(a, i, b, a_in_b, &mut visit, &mut |_: u32, _: u32, _: Vector| false, u1) {
                Some(stopped) => return Some(stopped),
                None => continue,
            }
        }
        let corners = (
            vertices[table.vertex_of::<LAZY>(f0, b) as usize],
            vertices[table.vertex_of::<LAZY>(f1, b) as usize],
        );
        let offsets = (a.face_offset(f0), a.face_offset(f1));
        if prune.corner_bound((u0, u1), offsets, corners, a_in_b.translation, secant) < prune.best() {
            continue;
        }
        // Both ends in one vertex's region of b's map: that region is convex and the arc
        // shorter than half a turn, so the arc stays in it and crosses no edge of b. (It can
        // meet a border only at an end, where the axis is that face's, or along it, where the
        // edges are parallel; a near tie for the lowest vertex at an end errs by rounding.)
        if table.vertex_of::<LAZY>(f0, b) == table.vertex_of::<LAZY>(f1, b) {
            continue;
        }
        let (n0, n1, e) = (-u0, -u1, a_in_b.turn(a.edge_unit(i)));
        // The edge's tail and the middle of its arc ([`arc_middle`], from the normals already
        // turned), once a crossing needs them.
        let mut edge: Option<(EdgeOfA, Vector)> = None;
        for (g, lanes) in b.arc_lanes().iter().enumerate() {
            let mut crossing = crossing_lanes(lanes, (n0, n1), e);
            while crossing != 0 {
                let j = 4 * g + crossing.trailing_zeros() as usize;
                crossing &= crossing - 1;
                let (edge, out) = edge.get_or_insert_with(|| {
                    let on_a = a_in_b.apply(a.vertices()[ea.tail as usize]);
                    (EdgeOfA { index: i as u32, e, on_a }, n0 + n1 + e.cross(n0 - n1))
                });
                if let Some(q) = edge.pair(b, j, *out) {
                    if visit(q) {
                        return Some(Stopped::AtEdges(q));
                    }
                }
            }
        }
    }
    None
}

/// [`is_minkowski_face`] for the arc `n0`–`n1` of a (edge direction `e`, b's frame) against four
/// arcs of b at once: a bit per lane whose arc crosses it. The same products in the same
/// order, so the same answers, lane by lane; padding lanes (zeros) cross nothing.
#[inline(always)]
fn crossing_lanes(lanes: &ArcLanes, (n0, n1): (Vector, Vector), e: Vector) -> u32 {
    let splat = |v: Vector| (Vector4::splat(v.x), Vector4::splat(v.y), Vector4::splat(v.z));
    let ((ex, ey, ez), (n0x, n0y, n0z), (n1x, n1y, n1z)) = (splat(e), splat(n0), splat(n1));
    // −s0 and −s1 of the scalar test (b's normals not yet turned around), then t0 and t1.
    let s0 = lanes.m0x * ex + lanes.m0y * ey + lanes.m0z * ez;
    let s1 = lanes.m1x * ex + lanes.m1y * ey + lanes.m1z * ez;
    let t0 = n0x * lanes.fx + n0y * lanes.fy + n0z * lanes.fz;
    let t1 = n1x * lanes.fx + n1y * lanes.fy + n1z * lanes.fz;
    // s0 s1 < 0, t0 t1 < 0 and s0 t1 > 0 (that is −s0 t1 < 0).
    let zero = Vector4::ZERO;
    ((s0 * s1).cmplt(zero) & (t0 * t1).cmplt(zero) & (s0 * t1).cmplt(zero)).bitmask()
}

/// The step a [`walk`] takes from a vertex whose steps are `lanes`, along the path from `u0`
/// to `u1`: the neighbour that gets higher first (the first on a tie), as (its step's index,
/// the path's parameter there, whether it was lower at the path's start), or `None` when no
/// neighbour gets higher (the path ends in this vertex's region).
///
/// Every group's lanes are measured and the first lane holding the soonest is picked from one
/// mask, with no branch on which group holds it: which one does is data the processor cannot
/// guess, and a guess missed costs more than the arithmetic.
#[inline(always)]
fn next_step(lanes: &[crate::shape::StepLanes], u0: Vector, u1: Vector) -> Option<(usize, Real, bool)> {
    const GROUPS: usize = 8;
    let measure = |lanes: &crate::shape::StepLanes| {
        let q = lanes.dx * u1.x + lanes.dy * u1.y + lanes.dz * u1.z;
        let p = lanes.dx * u0.x + lanes.dy * u0.y + lanes.dz * u0.z;
        let below = p.min(Vector4::ZERO);
        let rising = q.cmpgt(Vector4::ZERO);
        (Vector4::select(rising, below / (below - q), Vector4::INFINITY), p)
    };
    if lanes.len() > GROUPS {
        // A vertex of more than 32 edges: group by group.
        let (mut next, mut first, mut inside) = (None, Real::INFINITY, false);
        for (g, l) in lanes.iter().enumerate() {
            let (t, p) = measure(l);
            let soonest = t.min_element();
            if soonest < first {
                let lane = t.cmpeq(Vector4::splat(soonest)).bitmask().trailing_zeros() as usize;
                (next, first, inside) = (Some(4 * g + lane), soonest, p.to_array()[lane] < 0.0);
            }
        }
        return next.map(|k| (k, first, inside));
    }
    let mut ts = [Vector4::INFINITY; GROUPS];
    let mut ps = [Vector4::ZERO; GROUPS];
    let mut soonest = Vector4::INFINITY;
    for (g, l) in lanes.iter().enumerate() {
        (ts[g], ps[g]) = measure(l);
        soonest = soonest.min(ts[g]);
    }
    let soonest = soonest.min_element();
    if soonest == Real::INFINITY {
        return None;
    }
    let at =
        (0..lanes.len()).fold(0u32, |at, g| at | ts[g].cmpeq(Vector4::splat(soonest)).bitmask() << (4 * g));
    if at == 0 {
        return None; // no lane holds it: a NaN among the lanes (a pose that is not finite)
    }
    let k = at.trailing_zeros() as usize;
    Some((k, soonest, ps[k / 4].to_array()[k % 4] < 0.0))
}

/// The gap between the shapes' shadows on the pair's unit axis (b's frame, pointing from a to
/// b), from their supports: exact for any axis. The supports are climbed to from the edge
/// pair's tails, which are usually supports already (the climb then only looks round them).
#[inline]
pub(crate) fn support_gap(a: &ConvexHull, b: &ConvexHull, a_in_b: &Frame, q: &EdgeQuery) -> Real {
    let axis = q.axis;
    let on_a = a_in_b.rotation.transpose() * axis;
    let top_a = a.support_from(on_a, a.edges()[q.a as usize].tail);
    let highest_a = on_a.dot(a.vertices()[top_a as usize]) + axis.dot(a_in_b.translation);
    let bottom_b = b.support_from(-axis, b.edges()[q.b as usize].tail);
    axis.dot(b.vertices()[bottom_b as usize]) - highest_a
}

/// Edge pairs at a smaller angle than this (its sine) have their edge gap checked against the
/// shapes' supports even between hulls with exact edges. The axis of nearly parallel edges is
/// ill-conditioned: rounding in the edges' directions (about `ε` each) turns it by about
/// `ε / sine`, and the edge gap, measured between points far apart, moves by that times their
/// distance; and the two arcs lie almost on one great circle, where crossing or not is decided
/// by rounding. Above it the gap is good to about `ε / WELL_CROSSED` times the shapes' size.
pub(crate) const WELL_CROSSED: Real = 1e-2;

/// The same rule for edges whose own rounding is larger than an ulp or two
/// ([`ConvexHull::edge_rounding`], in units of `ε`): a pair is checked against the supports
/// when its edges' rounding over its sine exceeds this, the `4 / WELL_CROSSED` that two edges
/// as long as their coordinates (about 2 each) reach at [`WELL_CROSSED`]. A short edge far
/// from its origin turns by many ulps: one 0.0118 long with coordinates of 118 by 6.4e-4 rad,
/// which against a box 2e18 across put an edge gap 6.4e14 above the shapes' gap (fuzz
/// finding 39).
const ROUNDING_OVER_SINE: Real = 4.0 / WELL_CROSSED;

/// The edge pair with the largest separation (the first on a tie); with `STOP`, the first with
/// a separation of zero or more. `None` when no pair forms a face of the Minkowski difference.
///
/// Each pair's separation is first taken as the gap between its two edges, which is the gap
/// between the shapes when the edges are their extreme features along the axis, and never
/// less than it otherwise (an edge's points are points of its shape). Where that cannot be
/// trusted, a pair whose edge gap could beat the best so far is measured by the shapes'
/// supports, and that measure is kept: on a hull whose faces are planar only within the
/// tolerance, a Gauss-map test on
/// nearly flat or knife-like edges can pass where the edges are not extreme, and an edge so
/// short that its direction comes from its faces' normals need not be perpendicular to the
/// axis; the edge gap alone would then overstate the separation. Between two hulls with
/// neither ([`ConvexHull::has_exact_edges`]) the edge gap of two edges that are not nearly
/// parallel ([`WELL_CROSSED`]) is the shapes' gap, up to rounding, and is kept as it is.
#[inline]
pub(crate) fn best_edge_pair<const STOP: bool>(
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
) -> Option<EdgeQuery> {
    let mut best: Option<EdgeQuery> = None;
    let exact = a.has_exact_edges() && b.has_exact_edges();
    // The visitor keeps the pair as measured (its separation and way round may differ from the
    // edge gap the search hands it), so the answer is `best`, stopped early or not.
    edge_axes(a, b, a_in_b, |q| {
        let separation = keep_better(&mut best, q, a, b, a_in_b, exact);
        STOP && separation >= 0.0
    });
    best
}

/// [`best_edge_pair`]'s visitor: measures the pair `q` (its edge gap checked against the
/// supports where that cannot be trusted), keeps it in `best` if it is better, and returns its
/// separation as measured (negative infinity for a pair that cannot beat `best`).
#[inline(always)]
fn keep_better(
    best: &mut Option<EdgeQuery>,
    mut q: EdgeQuery,
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
    exact: bool,
) -> Real {
    if best.is_some_and(|b| q.separation <= b.separation) {
        return Real::NEG_INFINITY;
    }
    let rounding = a.edge_rounding(q.a as usize) + b.edge_rounding(q.b as usize);
    if !exact || q.sine < WELL_CROSSED || rounding > ROUNDING_OVER_SINE * q.sine {
        q.separation = q.separation.min(support_gap(a, b, a_in_b, &q));
    }
    if best.is_none_or(|b| q.separation > b.separation) {
        *best = Some(q);
    }
    q.separation
}

/// a's best face (as [`best_face`](super::face_query::best_face) finds it) and the best edge
/// pair (as [`best_edge_pair`]), from one walk where b allows it: the walk meets b's lowest
/// vertex under each of a's faces anyway ([`walk`]), so a's face axes cost a dot product
/// each instead of a pass over b. With `STOP`, it stops at the first face or pair with a
/// separation of zero or more, which is then the one returned.
///
/// A face's separation is the height of b's lowest vertex `v` above its plane, measured in
/// b's frame: with the plane `n · x = d` turned to `m · y = d + m · t` (`m = R n`, `a_in_b`
/// = `(R, t)`), it is `m · (v − t) − d`.
///
/// `known` is a separation already found (b's best face): faces and arcs that cannot beat it
/// are passed over ([`Prune`]). With `biased` (for `collide`), not the faces its biases could
/// still pick: the face that comes back is then a's best, where otherwise it is a's best only
/// if that is the best axis (else some face no better than the best axis, or none).
#[inline]
pub(crate) fn best_face_and_edge_pair<const STOP: bool>(
    a: &ConvexHull,
    b: &ConvexHull,
    b_in_a: &Frame,
    a_in_b: &Frame,
    known: Real,
    biased: bool,
) -> ((u32, Real), Option<EdgeQuery>) {
    if !b.is_walkable() {
        let face = super::face_query::best_face::<STOP>(a, b, b_in_a);
        if STOP && face.1 >= 0.0 {
            return (face, None);
        }
        return (face, best_edge_pair::<STOP>(a, b, a_in_b));
    }
    let mut found: Option<Lowest> = None;
    if Lowest::fits(a, b, known) {
        found.insert(Lowest::EMPTY).fill(a, b, (b_in_a, a_in_b), known);
    }
    let table = found.as_ref();
    let (vertices, t) = (b.vertices(), a_in_b.translation);
    // A face of a's: the height over its plane of b's lowest vertex `v` under it, measured in
    // b's frame (`u` = −m, the turned normal around; module docs).
    let separation = |i: u32, v: u32, u: Vector| -u.dot(vertices[v as usize] - t) - a.face_offset(i as usize);
    if let Some(table) = table.filter(|t| STOP && t.most >= 0.0) {
        // A face of a separates: the first that does, with nothing walked. (Should rounding
        // put the table's largest separation on the other side of zero, the walk decides.)
        let separating = (0..a.face_count() as u32).find_map(|i| {
            let s = separation(i, table.vertex(i as usize, b), table.turned(i as usize));
            (s >= 0.0).then_some((i, s))
        });
        if let Some(face) = separating {
            return (face, None);
        }
    }
    let mut best: Option<EdgeQuery> = None;
    let exact = a.has_exact_edges() && b.has_exact_edges();
    let mut face = (0u32, Real::NEG_INFINITY);
    let mut heights = None;
    let prune = Prune::new(a, b, b_in_a, known, biased, table, &mut heights);
    let visit = |q: EdgeQuery| {
        // A pair's edge gap is never less than the shapes' gap along its axis (an edge's points
        // are its shape's), so a pair whose edge gap is below the best so far (a face, to
        // begin with) cannot be the best axis, and is not measured by the supports.
        if q.separation < prune.best() {
            return false;
        }
        let separation = keep_better(&mut best, q, a, b, a_in_b, exact);
        prune.raise(separation);
        STOP && separation >= 0.0
    };
    let face_seen = |i, v, u| {
        let s = separation(i, v, u);
        // The first (lowest-numbered) face on a tie, as the plain face query keeps.
        if s > face.1 || (s == face.1 && i < face.0) {
            face = (i, s);
        }
        prune.raise(s);
        STOP && s >= 0.0
    };
    match prune.lowest {
        Some(table) if !b.arc_lanes().is_empty() => match table.all_found() {
            true => scan::<false>(a, b, a_in_b, (&prune, table), visit, face_seen),
            false => scan::<true>(a, b, a_in_b, (&prune, table), visit, face_seen),
        },
        Some(_) => walk::<true>(a, b, a_in_b, Some(&prune), visit, face_seen),
        None => walk::<false>(a, b, a_in_b, Some(&prune), visit, face_seen),
    };
    (face, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pose, Rotation};
    use alloc::vec::Vec;
    use glam::{DMat3, DVec3};

    /// Random hulls and poses, from the unit tests' generator.
    struct Rng(crate::test_rng::Lcg);

    impl Rng {
        fn unit(&mut self) -> f64 {
            self.0.unit()
        }

        fn signed(&mut self) -> f64 {
            self.0.signed()
        }

        fn vector(&mut self, scale: f64) -> Vector {
            let v = DVec3::new(self.signed(), self.signed(), self.signed()) * scale;
            Vector::new(v.x as Real, v.y as Real, v.z as Real)
        }

        /// Round hulls of 5 to 12 points, or lopsided ones: a disc of 6 to 10 points and an apex
        /// far off its centre (long thin faces, arcs between nearly opposite normals).
        fn hull(&mut self) -> ConvexHull {
            let points: Vec<Vector> = if self.unit() < 0.5 {
                (0..5 + (self.unit() * 8.0) as usize).map(|_| self.vector(1.0).normalize()).collect()
            } else {
                let n = 6 + (self.unit() * 5.0) as usize;
                let mut disc: Vec<Vector> = (0..n)
                    .map(|k| {
                        let angle = (k as f64 + 0.4 * self.unit()) * core::f64::consts::TAU / n as f64;
                        Vector::new(angle.cos() as Real, angle.sin() as Real, 0.0)
                    })
                    .collect();
                let apex = self.vector(0.5);
                disc.push(Vector::new(apex.x, apex.y, (2.0 + 2.0 * self.unit()) as Real));
                disc
            };
            ConvexHull::new(&points).expect("a solid hull")
        }

        /// The hull of `n` random points on the unit sphere, stretched.
        fn ellipsoid(&mut self, n: usize, stretch: Vector) -> ConvexHull {
            let points: Vec<Vector> = (0..n).map(|_| self.vector(1.0).normalize() * stretch).collect();
            ConvexHull::new(&points).expect("a solid hull")
        }

        fn pose(&mut self) -> Pose {
            let q = Rotation::from_xyzw(
                self.signed() as Real,
                self.signed() as Real,
                self.signed() as Real,
                self.signed() as Real,
            );
            Pose::new(self.vector(1.5), q.normalize())
        }
    }

    fn wide(v: Vector) -> DVec3 {
        DVec3::new(v.x as f64, v.y as f64, v.z as f64)
    }

    /// a's vertices placed by `frame`, in f64.
    fn placed(a: &ConvexHull, frame: &Frame) -> Vec<DVec3> {
        let r = DMat3::from_cols(
            wide(frame.rotation.x_axis),
            wide(frame.rotation.y_axis),
            wide(frame.rotation.z_axis),
        );
        a.vertices().iter().map(|&v| r * wide(v) + wide(frame.translation)).collect()
    }

    #[test]
    fn lowest_vertices_on_demand_are_those_found_up_front() {
        // For every face of a, b's lowest vertex found on demand (a table filled for a shallow
        // pair) is the one found up front (a table filled for a deep one), and in f64 no vertex
        // of b lies lower under the face than it, beyond rounding.
        let mut rng = Rng(crate::test_rng::Lcg(0x10a7_e57a_b1e5_0001));
        let (mut lazy, mut faces) = (0, 0);
        for _ in 0..300 {
            let (a, b) = (rng.hull(), rng.hull());
            let (b_in_a, a_in_b) = Frame::between(&rng.pose(), &rng.pose());
            if a.face_count() > LOWEST_FACES {
                continue;
            }
            let (mut up_front, mut on_demand) = (Lowest::EMPTY, Lowest::EMPTY);
            up_front.fill(&a, &b, (&b_in_a, &a_in_b), Real::NEG_INFINITY);
            on_demand.fill(&a, &b, (&b_in_a, &a_in_b), 0.0);
            assert!(up_front.all_found());
            lazy += !on_demand.all_found() as usize;
            for f in 0..a.face_count() {
                let v = on_demand.vertex(f, &b);
                assert_eq!(v, up_front.vertex(f, &b), "face {f}");
                let u = wide(-a_in_b.turn(a.face_normal(f)));
                let height = |k: usize| u.dot(wide(b.vertices()[k]));
                let highest = (0..b.vertices().len()).map(height).fold(f64::NEG_INFINITY, f64::max);
                assert!(height(v as usize) >= highest - 1e-5, "face {f}: vertex {v} not lowest");
                faces += 1;
            }
        }
        assert!(lazy > 50 && faces > 2000, "{lazy} tables on demand, {faces} faces");
    }

    #[test]
    fn crossing_lanes_agree_with_the_scalar_test() {
        // Every arc of a against every arc of b, four at a time, gives the bits the scalar
        // Gauss-map test gives pair by pair (the same products, so the same answers, ties and
        // zeros included): on random hulls in random poses, on a box against itself turned by
        // quarter turns (exact zeros and parallel arcs), and padded lanes never cross.
        let mut rng = Rng(crate::test_rng::Lcg(0x0a7c_1a4e_5eed_0001));
        let mut shapes: Vec<(ConvexHull, ConvexHull, Pose, Pose)> =
            (0..300).map(|_| (rng.hull(), rng.hull(), rng.pose(), rng.pose())).collect();
        let cube: Vec<Vector> = (0..8)
            .map(|k| Vector::new([-1.0, 1.0][k & 1], [-1.0, 1.0][(k >> 1) & 1], [-1.0, 1.0][(k >> 2) & 1]))
            .collect();
        let cube = ConvexHull::new(&cube).expect("a cube");
        let quarter = Rotation::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real);
        shapes.push((cube.clone(), cube.clone(), Pose::IDENTITY, Pose::new(Vector::X, quarter)));
        shapes.push((cube.clone(), cube, Pose::IDENTITY, Pose::IDENTITY));
        let (mut pairs, mut crossings, mut checked) = (0, 0, 0);
        for (a, b, pose_a, pose_b) in &shapes {
            assert!(!b.arc_lanes().is_empty(), "hulls of at most 12 points hold their arcs in lanes");
            let (_, a_in_b) = Frame::between(pose_a, pose_b);
            for (i, ea) in a.edges().iter().enumerate() {
                let [n0, n1] = ea.faces.map(|f| a_in_b.turn(a.face_normal(f as usize)));
                let e = a_in_b.turn(a.edge_unit(i));
                for (g, lanes) in b.arc_lanes().iter().enumerate() {
                    let bits = crossing_lanes(lanes, (n0, n1), e);
                    for lane in 0..4 {
                        let j = 4 * g + lane;
                        let expected = j < b.edge_count() && {
                            let [m0, m1] = b.edges()[j].faces.map(|f| b.face_normal(f as usize));
                            is_minkowski_face(n0, n1, e, m0, m1, b.edge_unit(j))
                        };
                        let crossed = bits >> lane & 1 == 1;
                        assert_eq!(crossed, expected, "arc {i} of a, arc {j} of b");
                        // And away from ties, what the geometry says in f64, derived apart: the
                        // two great circles meet at ±p, and the arcs cross when one of those
                        // lies strictly inside both arcs (between their ends, on the short way).
                        if j < b.edge_count() {
                            let [m0, m1] = b.edges()[j].faces.map(|f| -wide(b.face_normal(f as usize)));
                            if let Some(truth) = arcs_cross((wide(n0), wide(n1)), (m0, m1)) {
                                assert_eq!(crossed, truth, "arc {i} of a, arc {j} of b, in f64");
                                checked += 1;
                            }
                        }
                        pairs += 1;
                        crossings += expected as usize;
                    }
                }
            }
        }
        assert!(pairs > 50_000 && crossings > 2_000, "{pairs} pairs, {crossings} crossings");
        assert!(checked > pairs / 2, "{checked} of {pairs} pairs away from ties");
    }

    /// Do the great-circle arcs from `p0` to `p1` and from `q0` to `q1` (unit vectors, each arc
    /// the short way round) cross? `None` within 1e-6 of a tie (an end on the other circle, or
    /// parallel circles), where rounding decides.
    fn arcs_cross((p0, p1): (DVec3, DVec3), (q0, q1): (DVec3, DVec3)) -> Option<bool> {
        let (n, m) = (p0.cross(p1), q0.cross(q1));
        let meet = n.cross(m);
        if meet.length() < 1e-6 || n.length() < 1e-6 || m.length() < 1e-6 {
            return None;
        }
        // x lies strictly inside the arc from u to v (its plane normal w) when it is on w's
        // great circle between them: u × x and x × v both point along w.
        let inside = |x: DVec3, u: DVec3, v: DVec3, w: DVec3| {
            let (s, t) = (u.cross(x).dot(w), x.cross(v).dot(w));
            (s.abs() > 1e-6 && t.abs() > 1e-6).then_some(s > 0.0 && t > 0.0)
        };
        let mut crosses = false;
        for x in [meet.normalize(), -meet.normalize()] {
            crosses |= inside(x, p0, p1, n)? && inside(x, q0, q1, m)?;
        }
        Some(crosses)
    }

    #[test]
    fn every_arc_the_walk_would_look_at_is_hot() {
        // An arc left out of the hot arcs fails the walk's own test, arc by arc, at the floors
        // they were marked at and at every higher floor (the floors only rise): its bound from
        // the ball is below the edge floor and neither of its faces can be handed over. On
        // hulls of 48 to 65 points on ellipsoids (more than `HOT_ARCS_FROM` edges), some round
        // and some lopsided, at floors from deep overlap to a gap, biased and not.
        let mut rng = Rng(crate::test_rng::Lcg(0x4071_a4c5_0000_0001));
        let (mut cold, mut hot_count) = (0, 0);
        for case in 0..120 {
            let hull = |rng: &mut Rng| {
                let n = 48 + (rng.unit() * 18.0) as usize;
                let stretch = Vector::new(1.0, (0.2 + rng.unit()) as Real, (0.1 + 2.0 * rng.unit()) as Real);
                rng.ellipsoid(n, stretch)
            };
            let (a, b) = (hull(&mut rng), hull(&mut rng));
            if a.edge_count() <= HOT_ARCS_FROM || a.face_count() > HEIGHT_TABLE {
                continue;
            }
            let (b_in_a, _) = Frame::between(&rng.pose(), &rng.pose());
            let known = (rng.signed() * 1.5) as Real;
            let biased = case % 2 == 0;
            let mut storage = None;
            let prune = Prune::new(&a, &b, &b_in_a, known, biased, None, &mut storage);
            let mut hot = prune.hot_arcs(&a).expect("heights up front, and enough edges");
            let mut marked = alloc::vec![false; a.edge_count()];
            while let Some(i) = hot.take() {
                marked[i] = true;
            }
            for raise in [0.0, 0.1, 0.5] {
                prune.raise(known + raise);
                for (i, edge) in a.edges().iter().enumerate() {
                    if marked[i] {
                        hot_count += 1;
                        continue;
                    }
                    let (h0, h1) =
                        (prune.height(&a, edge.faces[0] as usize), prune.height(&a, edge.faces[1] as usize));
                    assert!(
                        prune.arc_bound(h0, h1, a.arc_secant(i)) < prune.edge_floor(),
                        "case {case}: arc {i}"
                    );
                    assert!(
                        h0 < prune.face_floor() && h1 < prune.face_floor(),
                        "case {case}: arc {i}'s faces"
                    );
                    cold += 1;
                }
            }
        }
        assert!(cold > 10_000 && hot_count > 1_000, "{cold} cold arcs, {hot_count} hot");
    }

    #[test]
    fn skeleton_bounds_hold_over_faces_and_arcs() {
        // Every axis on the arc of each of a's edges, sampled finely and measured in f64 from
        // every vertex of both shapes, is no more separated than the skeleton's bound, and each
        // face's separation no more than its skeleton's lowest height: on round hulls of 5 to
        // 12 points (the skeleton is every vertex), on lopsided ones, and on hulls of 20 to 70
        // points on an ellipsoid (sixteen vertices of many).
        let mut rng = Rng(crate::test_rng::Lcg(0x5e1e_7011_b0de_0001));
        let (mut arcs, mut large, mut tight) = (0, 0, 0);
        for case in 0..240 {
            let big = |rng: &mut Rng| {
                let n = 20 + (rng.unit() * 50.0) as usize;
                let stretch = Vector::new(1.0, (0.3 + rng.unit()) as Real, (0.2 + rng.unit()) as Real);
                rng.ellipsoid(n, stretch)
            };
            let (a, b) = match case % 3 {
                0 => (rng.hull(), rng.hull()),
                1 => (rng.hull(), big(&mut rng)),
                _ => (big(&mut rng), big(&mut rng)),
            };
            let (b_in_a, a_in_b) = Frame::between(&rng.pose(), &rng.pose());
            let mut heights = None;
            let prune = Prune::new(&a, &b, &b_in_a, Real::NEG_INFINITY, false, None, &mut heights);
            let placed_a = placed(&a, &a_in_b);
            let gap = |u: DVec3| {
                let low_b = b.vertices().iter().map(|&v| u.dot(wide(v))).fold(f64::INFINITY, f64::min);
                let high_a = placed_a.iter().map(|&v| u.dot(v)).fold(f64::NEG_INFINITY, f64::max);
                low_b - high_a
            };
            let skeleton = |f: usize| {
                let u = -a_in_b.turn(a.face_normal(f));
                (u, Skeleton::heights(&b, u, a.face_offset(f), a_in_b.translation))
            };
            large += (b.vertices().len() > 16) as usize;
            for f in 0..a.face_count() {
                let (u, h) = skeleton(f);
                let exact = gap(-wide(u));
                assert!(exact <= h.lowest() as f64 + 1e-4, "face {f}: {exact} above {}", h.lowest());
                tight += (exact > h.lowest() as f64 - 0.05) as usize;
            }
            for (i, edge) in a.edges().iter().enumerate() {
                let [f0, f1] = edge.faces.map(|f| f as usize);
                if a.is_knife_edge(i) {
                    continue; // never bounded so (the walk's rule)
                }
                let ((u0, h0), (u1, h1)) = (skeleton(f0), skeleton(f1));
                let top = h0.lowest_of_larger(&h1) + prune.slack;
                let bound = larger(top * a.arc_secant(i), top) as f64;
                let (m0, m1) = (-wide(u0), -wide(u1));
                let worst = (0..=64)
                    .map(|k| gap(m0.lerp(m1, k as f64 / 64.0).normalize()))
                    .fold(f64::NEG_INFINITY, f64::max);
                assert!(worst <= bound + 1e-4, "arc {i}: {worst} above the skeleton's bound {bound}");
                arcs += 1;
            }
        }
        assert!(
            arcs > 10_000 && large > 100 && tight > 1_000,
            "{arcs} arcs, {large} large b, {tight} tight faces"
        );
    }

    #[test]
    fn corner_bound_holds_along_the_whole_arc() {
        // Every axis on the arc of each of a's edges, sampled finely, measured in f64 from every
        // vertex of both shapes, is no more separated than the bound from the two lowest
        // vertices: on round hulls and on lopsided ones, where the bound's first line falls
        // along the arc (a bound taken where the two lines cross alone is then too low).
        let mut rng = Rng(crate::test_rng::Lcg(0x51ee_d0c0_ffee_1234));
        let (mut arcs, mut falling) = (0, 0);
        for _ in 0..400 {
            let (a, b) = (rng.hull(), rng.hull());
            let (pose_a, pose_b) = (rng.pose(), rng.pose());
            if !Lowest::fits(&a, &b, Real::NEG_INFINITY) {
                continue; // the table is only ever made for small pairs (or overlapping ones)
            }
            let (b_in_a, a_in_b) = Frame::between(&pose_a, &pose_b);
            let mut table = Lowest::EMPTY;
            table.fill(&a, &b, (&b_in_a, &a_in_b), Real::NEG_INFINITY);
            let mut heights = None;
            let prune = Prune::new(&a, &b, &b_in_a, Real::NEG_INFINITY, false, Some(&table), &mut heights);
            let (placed_a, t) = (placed(&a, &a_in_b), wide(a_in_b.translation));
            for (i, edge) in a.edges().iter().enumerate() {
                let [f0, f1] = edge.faces.map(|f| f as usize);
                let (u0, u1) = (-a_in_b.turn(a.face_normal(f0)), -a_in_b.turn(a.face_normal(f1)));
                let corners = (
                    b.vertices()[table.vertex(f0, &b) as usize],
                    b.vertices()[table.vertex(f1, &b) as usize],
                );
                let faces = (a.face_offset(f0), a.face_offset(f1));
                let bound = |corners| {
                    prune.corner_bound((u0, u1), faces, corners, a_in_b.translation, a.arc_secant(i)) as f64
                };
                // With both lowest vertices, and with the first alone (large hulls' walks).
                let (both, first) = (bound(corners), bound((corners.0, corners.0)));
                let (m0, m1) = (-wide(u0), -wide(u1));
                let mut worst = f64::NEG_INFINITY;
                for k in 0..=64 {
                    let u = m0.lerp(m1, k as f64 / 64.0).normalize();
                    let low_b = b.vertices().iter().map(|&v| u.dot(wide(v))).fold(f64::INFINITY, f64::min);
                    let high_a = placed_a.iter().map(|&v| u.dot(v)).fold(f64::NEG_INFINITY, f64::max);
                    worst = worst.max(low_b - high_a);
                }
                let w0 = wide(corners.0) - t;
                let (g00, g10) = (m0.dot(w0) - faces.0 as f64, m1.dot(w0) - faces.1 as f64);
                falling += (g10 < g00 && worst > g00.min(g10) + 1e-3) as usize;
                arcs += 1;
                assert!(worst <= both + 1e-4, "arc {i}: {worst} above the bound {both}");
                assert!(worst <= first + 1e-4, "arc {i}: {worst} above the first corner's bound {first}");
            }
        }
        // The lopsided hulls make the case that needs the ends.
        assert!(arcs > 5_000 && falling > 100, "{arcs} arcs, {falling} with a falling first line");
    }
}
