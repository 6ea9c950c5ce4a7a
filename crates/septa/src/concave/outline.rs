//! Validation: the input must be a simple polygon, optionally with simple holes strictly inside it.
//!
//! Each ring (the outline, then each hole) is cleaned the way
//! [`ConvexPolygon::new`](crate::ConvexPolygon::new) cleans its input: consecutive duplicates
//! go, and so do points on the line through their neighbours (within
//! [`COLLINEAR_TOLERANCE`]) that lie between them. A point on that
//! line but *beyond* a neighbour is a zero-width spike, the ring doubling back on itself:
//!
//! ```text
//!     a ———————— b                 a ———— c ==== b      b is a spike: edges a→b and b→c
//!                |   kept                         ↖     overlap along c–b
//!                c                  dropped: a — m — b (m between its neighbours)
//! ```
//!
//! Then every pair of edges of all the rings is tested for meeting (crossing, touching or
//! overlapping), with exact orientation tests ([`exact`](super::exact)), skipping only the shared
//! corner of consecutive edges. To keep that near-linear, edges are sorted by their smallest x
//! and each is compared only with those whose x-range overlaps its own (sort and sweep).
//!
//! A ring that meets no other edge is a simple polygon, and its orientation is that of its
//! lowest (then leftmost) corner, which is always convex. The outline is stored
//! counter-clockwise and holes clockwise, so that the polygon's interior is on the left of
//! every edge of every ring. Finally each hole must be inside the outline and outside every
//! other hole; with no edges meeting, one point of the hole decides (by its winding number).

use alloc::vec::Vec;
use glam::DVec2;

use super::error::{ConcaveError, Ring};
use super::exact::{segments_meet, turn};
use crate::{within_limit, ToF64, Vector, COLLINEAR_TOLERANCE};

/// A validated simple polygon with optional holes: the input of the decomposition.
///
/// The outline is stored counter-clockwise and each hole clockwise (either winding is accepted),
/// without duplicate or collinear points. Coordinates are the input values themselves, exactly.
///
/// ```
/// use septa::concave::SimplePolygon;
/// use septa::Vector;
/// // An L shape given clockwise, with a duplicate and a collinear point.
/// let l = SimplePolygon::new(&[
///     Vector::new(0.0, 0.0), Vector::new(0.0, 2.0), Vector::new(1.0, 2.0), Vector::new(1.0, 1.0),
///     Vector::new(2.0, 1.0), Vector::new(2.0, 0.0), Vector::new(2.0, 0.0), Vector::new(1.0, 0.0),
/// ])?;
/// assert_eq!(l.outline().len(), 6);
/// assert_eq!(l.area(), 3.0);
/// assert_eq!(l.reflex_count(), 1);
/// # Ok::<(), septa::concave::ConcaveError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SimplePolygon {
    /// Every vertex: the outline's, then each hole's.
    vertices: Vec<Vector>,
    /// The same in f64 (exact).
    points: Vec<DVec2>,
    /// Ring `k` is `vertices[starts[k]..starts[k + 1]]`; ring 0 is the outline.
    starts: Vec<usize>,
    /// Each vertex's index in its ring's input.
    source: Vec<usize>,
}

/// A cleaned ring: points in f64 with their input indices.
type Cleaned = Vec<(DVec2, usize)>;

impl SimplePolygon {
    /// A simple polygon from its outline, either winding.
    ///
    /// # Errors
    /// See [`with_holes`](Self::with_holes).
    pub fn new(outline: &[Vector]) -> Result<SimplePolygon, ConcaveError> {
        SimplePolygon::with_holes::<&[Vector]>(outline, &[])
    }

    /// A simple polygon with holes: each hole a simple polygon (either winding) strictly inside
    /// the outline, not touching it or any other hole.
    ///
    /// ```
    /// use septa::concave::SimplePolygon;
    /// use septa::{Real, Vector};
    /// let square = |c: Real, h: Real| {
    ///     [Vector::new(c - h, c - h), Vector::new(c + h, c - h), Vector::new(c + h, c + h), Vector::new(c - h, c + h)]
    /// };
    /// let framed = SimplePolygon::with_holes(&square(0.0, 2.0), &[square(0.0, 1.0)])?;
    /// assert_eq!(framed.area(), 12.0);
    /// assert_eq!(framed.hole_count(), 1);
    /// # Ok::<(), septa::concave::ConcaveError>(())
    /// ```
    ///
    /// # Errors
    /// [`ConcaveError::NonFinite`], [`ConcaveError::OutOfRange`] (a coordinate beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT)), [`ConcaveError::TooFewVertices`],
    /// [`ConcaveError::ZeroArea`], [`ConcaveError::SelfIntersecting`] (naming two edges),
    /// [`ConcaveError::HoleCrossesOutline`], [`ConcaveError::HolesCross`],
    /// [`ConcaveError::HoleOutside`], [`ConcaveError::HoleInsideHole`].
    pub fn with_holes<H: AsRef<[Vector]>>(
        outline: &[Vector],
        holes: &[H],
    ) -> Result<SimplePolygon, ConcaveError> {
        let mut rings: Vec<Cleaned> = Vec::with_capacity(1 + holes.len());
        rings.push(clean(outline, Ring::Outline)?);
        for (k, hole) in holes.iter().enumerate() {
            rings.push(clean(hole.as_ref(), Ring::Hole(k))?);
        }
        check_crossings(&rings)?;
        for (k, ring) in rings.iter_mut().enumerate() {
            // Outline counter-clockwise, holes clockwise: the interior on the left of every edge.
            if counter_clockwise(ring) != (k == 0) {
                ring[1..].reverse();
            }
        }
        check_nesting(&rings)?;

        let mut polygon = SimplePolygon {
            vertices: Vec::new(),
            points: Vec::new(),
            starts: Vec::with_capacity(rings.len() + 1),
            source: Vec::new(),
        };
        polygon.starts.push(0);
        for ring in &rings {
            for &(p, index) in ring {
                polygon.points.push(p);
                polygon.vertices.push(crate::ToReal::to_real(p));
                polygon.source.push(index);
            }
            polygon.starts.push(polygon.points.len());
        }
        Ok(polygon)
    }

    /// A simple polygon with holes (none: `&[]`) given in f64 world coordinates, and the pose
    /// that places it: every point is moved to a local frame about the outline's centre in f64
    /// and only then rounded, as [`ConvexPolygon::from_world`](crate::ConvexPolygon::from_world)
    /// does, so that a shape far from the origin keeps its shape (rounding world coordinates to
    /// f32 first can make a simple outline touch itself). Indices in errors and in
    /// [`source`](Self::source) are those of the input.
    ///
    /// # Errors
    /// As [`with_holes`](Self::with_holes).
    pub fn from_world<H: AsRef<[DVec2]>>(
        outline: &[DVec2],
        holes: &[H],
    ) -> Result<(SimplePolygon, crate::Pose), ConcaveError> {
        // Refuse what the f32 constructor would refuse, by ring and index, before recentring.
        let check = |ring: Ring, points: &[DVec2]| {
            points.iter().enumerate().try_for_each(|(index, p)| {
                if !p.is_finite() {
                    Err(ConcaveError::NonFinite { ring, index })
                } else if p.abs().max_element() > crate::COORDINATE_LIMIT as f64 {
                    Err(ConcaveError::OutOfRange { ring, index })
                } else {
                    Ok(())
                }
            })
        };
        check(Ring::Outline, outline)?;
        for (k, hole) in holes.iter().enumerate() {
            check(Ring::Hole(k), hole.as_ref())?;
        }
        let center = crate::real::local_origin(outline);
        let local = |points: &[DVec2]| crate::real::to_local(points, center);
        let holes: Vec<Vec<Vector>> = holes.iter().map(|h| local(h.as_ref())).collect();
        Ok((SimplePolygon::with_holes(&local(outline), &holes)?, crate::Pose::from_translation(center)))
    }

    /// The outline's vertices, counter-clockwise.
    #[inline]
    pub fn outline(&self) -> &[Vector] {
        &self.vertices[..self.starts[1]]
    }

    /// The number of holes.
    #[inline]
    pub fn hole_count(&self) -> usize {
        self.starts.len() - 2
    }

    /// Hole `k`'s vertices, clockwise (the polygon's interior on the left of each edge).
    ///
    /// # Panics
    /// When `k` is not below [`hole_count`](Self::hole_count).
    #[inline]
    pub fn hole(&self, k: usize) -> &[Vector] {
        &self.vertices[self.starts[k + 1]..self.starts[k + 2]]
    }

    /// Every vertex, the outline's first, then each hole's in turn: the numbering that
    /// [`ConvexPiece::indices`](super::ConvexPiece::indices) refers to.
    #[inline]
    pub fn vertices(&self) -> &[Vector] {
        &self.vertices
    }

    /// Where vertex `v` (of [`vertices`](Self::vertices)) came from: its ring and its index in
    /// that ring's input.
    pub fn source(&self, v: usize) -> (Ring, usize) {
        let ring = self.ring_of(v);
        (if ring == 0 { Ring::Outline } else { Ring::Hole(ring - 1) }, self.source[v])
    }

    /// The enclosed area (the outline's less the holes'), computed in f64.
    pub fn area(&self) -> f64 {
        (0..self.starts.len() - 1).map(|k| signed_area(self.ring(k))).sum::<f64>() * 0.5
    }

    /// How many vertices of the outline and the holes are reflex (an interior angle above
    /// 180°). A polygon without holes and without reflex vertices is convex; any convex
    /// decomposition needs at least `⌈r/2⌉ + 1` pieces for `r` reflex vertices, since each cut
    /// resolves at most two.
    pub fn reflex_count(&self) -> usize {
        (0..self.points.len()).filter(|&v| self.is_reflex(v)).count()
    }

    /// The f64 points.
    #[inline]
    pub(crate) fn points(&self) -> &[DVec2] {
        &self.points
    }

    /// The points of ring `k` (0: the outline).
    #[inline]
    pub(crate) fn ring(&self, k: usize) -> &[DVec2] {
        &self.points[self.starts[k]..self.starts[k + 1]]
    }

    /// The number of rings (the outline and the holes).
    #[inline]
    pub(crate) fn ring_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// Where ring `k` starts in the vertex numbering.
    #[inline]
    pub(crate) fn ring_start(&self, k: usize) -> usize {
        self.starts[k]
    }

    /// The ring that vertex `v` belongs to.
    pub(crate) fn ring_of(&self, v: usize) -> usize {
        self.starts.partition_point(|&s| s <= v) - 1
    }

    /// The vertex after `v` round its ring (the polygon's interior on the left of `v → next`).
    #[inline]
    pub(crate) fn next(&self, v: usize) -> usize {
        let k = self.ring_of(v);
        if v + 1 == self.starts[k + 1] {
            self.starts[k]
        } else {
            v + 1
        }
    }

    /// The vertex before `v` round its ring.
    #[inline]
    pub(crate) fn prev(&self, v: usize) -> usize {
        let k = self.ring_of(v);
        if v == self.starts[k] {
            self.starts[k + 1] - 1
        } else {
            v - 1
        }
    }

    /// Is the polygon's interior angle at `v` above 180°?
    #[inline]
    pub(crate) fn is_reflex(&self, v: usize) -> bool {
        let p = &self.points;
        turn(p[self.prev(v)], p[v], p[self.next(v)]) < 0
    }
}

/// One ring's points checked and cleaned (see the module docs), with their input indices.
fn clean(input: &[Vector], ring: Ring) -> Result<Cleaned, ConcaveError> {
    // Every point finite first, so that a NaN anywhere is reported as such.
    if let Some(index) = input.iter().position(|p| !p.is_finite()) {
        return Err(ConcaveError::NonFinite { ring, index });
    }
    if let Some(index) = input.iter().position(|p| !(within_limit(p.x) && within_limit(p.y))) {
        return Err(ConcaveError::OutOfRange { ring, index });
    }
    let mut tagged: Cleaned = Vec::with_capacity(input.len());
    for (index, p) in input.iter().enumerate() {
        let p = p.to_f64();
        if tagged.last().map(|last| last.0) != Some(p) {
            tagged.push((p, index));
        }
    }
    while tagged.len() > 1 && tagged[0].0 == tagged[tagged.len() - 1].0 {
        tagged.pop();
    }
    if tagged.len() < 3 {
        return Err(ConcaveError::TooFewVertices { ring, distinct: tagged.len() });
    }
    if all_collinear(&tagged) {
        return Err(ConcaveError::ZeroArea { ring });
    }
    let cleaned = drop_collinear(tagged, ring)?;
    if cleaned.len() < 3 {
        return Err(ConcaveError::ZeroArea { ring });
    }
    Ok(cleaned)
}

/// Do all the points lie on one line, within the collinearity tolerance? The line runs from the
/// first point to the point farthest from it.
fn all_collinear(points: &[(DVec2, usize)]) -> bool {
    let origin = points[0].0;
    let far = points.iter().map(|p| p.0).fold(origin, |best, p| {
        if (p - origin).length_squared() > (best - origin).length_squared() {
            p
        } else {
            best
        }
    });
    let span = far - origin;
    let limit = COLLINEAR_TOLERANCE * span.length_squared();
    points.iter().all(|p| span.perp_dot(p.0 - origin).abs() <= limit)
}

/// Is `mid` on the segment from `prev` to `next` (drop it: `Some(true)`), off the line
/// (`Some(false)`), or on the line but beyond an end, a spike (`None`)? The same test, with the
/// same tolerance, as [`ConvexPolygon::new`](crate::ConvexPolygon::new) applies, so that pieces
/// built from these vertices keep all of them.
fn collinear(prev: DVec2, mid: DVec2, next: DVec2) -> Option<bool> {
    let span = next - prev;
    if span.perp_dot(mid - prev).abs() > COLLINEAR_TOLERANCE * span.length_squared() {
        return Some(false);
    }
    ((mid - prev).dot(next - mid) > 0.0).then_some(true)
}

/// Drops the points between collinear neighbours, in one pass with a stack, then settles the
/// seam where the ring closes; a spike is an error naming its two edges.
fn drop_collinear(points: Cleaned, ring: Ring) -> Result<Cleaned, ConcaveError> {
    let spike = |a: usize, b: usize| ConcaveError::SelfIntersecting { ring, edges: [a.min(b), a.max(b)] };
    let mut out: Cleaned = Vec::with_capacity(points.len());
    for p in points {
        while out.len() >= 2 {
            let (prev, mid) = (out[out.len() - 2], out[out.len() - 1]);
            match collinear(prev.0, mid.0, p.0) {
                Some(true) => {
                    out.pop();
                }
                Some(false) => break,
                None => return Err(spike(prev.1, mid.1)),
            }
        }
        out.push(p);
    }
    loop {
        let n = out.len();
        if n < 3 {
            return Ok(out);
        }
        match collinear(out[n - 2].0, out[n - 1].0, out[0].0) {
            Some(true) => {
                out.pop();
                continue;
            }
            Some(false) => {}
            None => return Err(spike(out[n - 2].1, out[n - 1].1)),
        }
        match collinear(out[n - 1].0, out[0].0, out[1].0) {
            Some(true) => {
                out.remove(0);
                continue;
            }
            Some(false) => {}
            None => return Err(spike(out[n - 1].1, out[0].1)),
        }
        return Ok(out);
    }
}

/// Twice the signed area of a ring (positive when counter-clockwise), about its first point.
pub(crate) fn signed_area(ring: &[DVec2]) -> f64 {
    let origin = ring[0];
    (1..ring.len().saturating_sub(1)).map(|i| (ring[i] - origin).perp_dot(ring[i + 1] - origin)).sum()
}

/// The orientation of a simple ring: that of its lowest, then leftmost, corner, which is convex
/// (no other point is below it, or level with it to its left), so the turn there is never zero.
fn counter_clockwise(ring: &[(DVec2, usize)]) -> bool {
    let n = ring.len();
    let low = (0..n)
        .min_by(|&i, &j| {
            let (p, q) = (ring[i].0, ring[j].0);
            p.y.total_cmp(&q.y).then(p.x.total_cmp(&q.x))
        })
        .unwrap_or(0);
    turn(ring[(low + n - 1) % n].0, ring[low].0, ring[(low + 1) % n].0) > 0
}

/// One edge for the sweep: its ring, its index in the ring, its ends, and its x-range.
#[derive(Clone, Copy)]
struct Edge {
    ring: usize,
    index: usize,
    a: DVec2,
    b: DVec2,
}

impl Edge {
    fn min_x(&self) -> f64 {
        self.a.x.min(self.b.x)
    }
    fn max_x(&self) -> f64 {
        self.a.x.max(self.b.x)
    }
}

/// Finds two edges (of any rings) that meet where they should not, with a sort and sweep over
/// x: each edge is tested against the edges before it in x order whose range reaches its own.
fn check_crossings(rings: &[Cleaned]) -> Result<(), ConcaveError> {
    let mut edges: Vec<Edge> = Vec::new();
    for (ring, points) in rings.iter().enumerate() {
        let n = points.len();
        for index in 0..n {
            edges.push(Edge { ring, index, a: points[index].0, b: points[(index + 1) % n].0 });
        }
    }
    edges.sort_by(|e, f| e.min_x().total_cmp(&f.min_x()));
    // Edges whose x-range may still reach the current one, by position in `edges`.
    let mut active: Vec<usize> = Vec::new();
    for current in 0..edges.len() {
        let e = edges[current];
        active.retain(|&k| edges[k].max_x() >= e.min_x());
        for &k in &active {
            let f = edges[k];
            if f.ring == e.ring {
                let n = rings[e.ring].len();
                if (f.index + 1) % n == e.index || (e.index + 1) % n == f.index {
                    continue; // consecutive edges share a corner (and cleaning ruled out overlap)
                }
            }
            if segments_meet(e.a, e.b, f.a, f.b) {
                return Err(meeting(rings, e, f));
            }
        }
        active.push(current);
    }
    Ok(())
}

/// The error for edges `e` and `f` meeting, naming them by input indices.
fn meeting(rings: &[Cleaned], e: Edge, f: Edge) -> ConcaveError {
    let (e, f) = if (e.ring, e.index) <= (f.ring, f.index) { (e, f) } else { (f, e) };
    let (ie, jf) = (rings[e.ring][e.index].1, rings[f.ring][f.index].1);
    match (e.ring, f.ring) {
        (0, 0) => ConcaveError::SelfIntersecting { ring: Ring::Outline, edges: [ie.min(jf), ie.max(jf)] },
        (0, h) => ConcaveError::HoleCrossesOutline { hole: h - 1, hole_edge: jf, outline_edge: ie },
        (g, h) if g == h => {
            ConcaveError::SelfIntersecting { ring: Ring::Hole(g - 1), edges: [ie.min(jf), ie.max(jf)] }
        }
        (g, h) => ConcaveError::HolesCross { holes: [g - 1, h - 1], edges: [ie, jf] },
    }
}

/// Each hole inside the outline and outside the other holes (no edges meet, so one point of the
/// hole decides).
fn check_nesting(rings: &[Cleaned]) -> Result<(), ConcaveError> {
    for h in 1..rings.len() {
        let p = rings[h][0].0;
        if winding(&rings[0], p) == 0 {
            return Err(ConcaveError::HoleOutside { hole: h - 1 });
        }
        for (g, other) in rings.iter().enumerate().skip(1) {
            if g != h && winding(other, p) != 0 {
                return Err(ConcaveError::HoleInsideHole { hole: h - 1, outer: g - 1 });
            }
        }
    }
    Ok(())
}

/// The winding number of the ring about `p` (not on it), by Sunday's crossing rule with exact
/// orientation tests.
pub(crate) fn winding(ring: &[(DVec2, usize)], p: DVec2) -> i32 {
    let n = ring.len();
    let mut w = 0;
    for i in 0..n {
        let (a, b) = (ring[i].0, ring[(i + 1) % n].0);
        if a.y <= p.y {
            if b.y > p.y && turn(a, b, p) > 0 {
                w += 1;
            }
        } else if b.y <= p.y && turn(a, b, p) < 0 {
            w -= 1;
        }
    }
    w
}
