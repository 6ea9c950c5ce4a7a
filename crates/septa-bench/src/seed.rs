//! `seed`: a faithful port of the reference article's algorithm, the baseline septa is measured
//! against.
//!
//! Polygons are plain lists of world-space vertices (counter-clockwise in a y-up frame). Every
//! test walks the edges of a, then of b; per edge it computes the outward normal `(e.y, −e.x)`,
//! normalises it (except in [`overlaps_unnormalized`]), projects *all* vertices of *both*
//! shapes on it and compares the two intervals, stopping at the first gap. That is 2n axes ×
//! 2n projections: O(n²) per test for intersecting pairs. Nothing is precomputed and nothing is
//! allocated per test.
//!
//! The MTV takes, per axis, the shorter of the two ways out (`a.max − b.min` forwards,
//! `b.max − a.min` backwards) and the smallest over all axes. The manifold is the article's
//! Box2D-style clipping: from the MTV normal, the edge of a most face-on to it and the edge of b
//! most face-on to its reverse; the more face-on of the two is the reference edge; the other
//! (incident) edge is clipped by the reference edge's two side planes and points behind the
//! reference face are kept, each with its own depth.
//!
//! Polygon–circle adds one axis, from the polygon vertex nearest the centre to the centre; a
//! circle projects to its centre's projection ± its radius.

use glam::Vec2;

/// A convex polygon as the article stores it: world-space vertices, counter-clockwise.
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon {
    /// The vertices in the world, counter-clockwise (y up).
    pub vertices: Vec<Vec2>,
}

/// A circle in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// The centre.
    pub center: Vec2,
    /// The radius.
    pub radius: f32,
}

/// The minimum translation vector: move b by `normal × depth` to separate (normal from a to b).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mtv {
    /// Unit direction from a to b.
    pub normal: Vec2,
    /// Length of the push; greater than zero.
    pub depth: f32,
}

/// One manifold point: where, and how deep behind the reference face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactPoint {
    /// The point in the world (on the incident shape).
    pub point: Vec2,
    /// Its depth behind the reference face.
    pub depth: f32,
}

/// A contact manifold of one or two points sharing the MTV normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// The MTV normal, from a to b.
    pub normal: Vec2,
    /// The points; only the first `count` are used.
    pub points: [ContactPoint; 2],
    /// 1 or 2.
    pub count: usize,
}

impl Manifold {
    /// The points in use.
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.count]
    }
}

/// How much more face-on (in |cos| between edge and normal) b's edge must be than a's to become
/// the reference edge; the article's bias against frame-to-frame flip-flop.
pub const REFERENCE_BIAS: f32 = 1e-3;

/// The shadow `[min, max]` of `points` on `axis`.
#[inline]
fn project(points: &[Vec2], axis: Vec2) -> (f32, f32) {
    let mut lo = f32::INFINITY;
    let mut hi = f32::NEG_INFINITY;
    for p in points {
        let d = p.dot(axis);
        // Plain comparisons, as the article's C does (`f32::min` adds NaN handling).
        if d < lo {
            lo = d;
        }
        if d > hi {
            hi = d;
        }
    }
    (lo, hi)
}

/// The edges of a polygon as (start, end) pairs, the last closing the loop.
#[inline]
fn edges(vertices: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    vertices.iter().copied().zip(vertices[1..].iter().chain(vertices.first()).copied())
}

/// The outward normal of the counter-clockwise edge from `p` to `q`, not normalised.
#[inline]
fn edge_normal(p: Vec2, q: Vec2) -> Vec2 {
    let e = q - p;
    Vec2::new(e.y, -e.x)
}

/// Do the shadows on `axis` leave a gap? Touching (a zero-width overlap) counts as a gap.
#[inline]
fn gap(a: (f32, f32), b: (f32, f32)) -> bool {
    b.0 >= a.1 || a.0 >= b.1
}

/// Do the polygons overlap? Every edge normal of a, then of b, normalised; first gap ends it.
pub fn overlaps(a: &Polygon, b: &Polygon) -> bool {
    for poly in [a, b] {
        for (p, q) in edges(&poly.vertices) {
            let axis = edge_normal(p, q).normalize();
            if gap(project(&a.vertices, axis), project(&b.vertices, axis)) {
                return false;
            }
        }
    }
    true
}

/// [`overlaps`] without normalising the normals: a gap is a gap at any scale of the axis.
pub fn overlaps_unnormalized(a: &Polygon, b: &Polygon) -> bool {
    for poly in [a, b] {
        for (p, q) in edges(&poly.vertices) {
            let axis = edge_normal(p, q);
            if gap(project(&a.vertices, axis), project(&b.vertices, axis)) {
                return false;
            }
        }
    }
    true
}

/// The running minimum push over the axes tested so far.
#[derive(Clone, Copy)]
struct Best(Mtv);

impl Best {
    fn new() -> Best {
        Best(Mtv { normal: Vec2::ZERO, depth: f32::INFINITY })
    }

    /// Offers the shorter way out on a unit `axis` where the shadows overlap.
    #[inline]
    fn offer(&mut self, axis: Vec2, a: (f32, f32), b: (f32, f32)) {
        let forwards = a.1 - b.0;
        let backwards = b.1 - a.0;
        if forwards <= backwards {
            if forwards < self.0.depth {
                self.0 = Mtv { normal: axis, depth: forwards };
            }
        } else if backwards < self.0.depth {
            self.0 = Mtv { normal: -axis, depth: backwards };
        }
    }
}

/// The MTV of two polygons, or `None` when they do not overlap.
pub fn contact(a: &Polygon, b: &Polygon) -> Option<Mtv> {
    let mut best = Best::new();
    for poly in [a, b] {
        for (p, q) in edges(&poly.vertices) {
            let axis = edge_normal(p, q).normalize();
            let (sa, sb) = (project(&a.vertices, axis), project(&b.vertices, axis));
            if gap(sa, sb) {
                return None;
            }
            best.offer(axis, sa, sb);
        }
    }
    Some(best.0)
}

/// The polygon's own edge normals plus the circle's extra axis, each normalised, in test order.
/// The extra axis runs from the polygon vertex nearest the centre to the centre; a zero
/// direction (centre on the vertex) falls back to +x.
#[inline]
fn circle_axis(a: &Polygon, c: Vec2) -> Vec2 {
    let mut nearest = a.vertices[0];
    for v in &a.vertices[1..] {
        if v.distance_squared(c) < nearest.distance_squared(c) {
            nearest = *v;
        }
    }
    (c - nearest).try_normalize().unwrap_or(Vec2::X)
}

/// The circle's shadow on a unit axis.
#[inline]
fn project_circle(b: &Circle, axis: Vec2) -> (f32, f32) {
    let c = b.center.dot(axis);
    (c - b.radius, c + b.radius)
}

/// Does the polygon overlap the circle? Its edge normals, then the vertex-to-centre axis.
pub fn overlaps_circle(a: &Polygon, b: &Circle) -> bool {
    for (p, q) in edges(&a.vertices) {
        let axis = edge_normal(p, q).normalize();
        if gap(project(&a.vertices, axis), project_circle(b, axis)) {
            return false;
        }
    }
    let axis = circle_axis(a, b.center);
    !gap(project(&a.vertices, axis), project_circle(b, axis))
}

/// The MTV of a polygon and a circle, or `None` when they do not overlap.
pub fn contact_circle(a: &Polygon, b: &Circle) -> Option<Mtv> {
    let mut best = Best::new();
    for (p, q) in edges(&a.vertices) {
        let axis = edge_normal(p, q).normalize();
        let (sa, sb) = (project(&a.vertices, axis), project_circle(b, axis));
        if gap(sa, sb) {
            return None;
        }
        best.offer(axis, sa, sb);
    }
    let axis = circle_axis(a, b.center);
    let (sa, sb) = (project(&a.vertices, axis), project_circle(b, axis));
    if gap(sa, sb) {
        return None;
    }
    best.offer(axis, sa, sb);
    Some(best.0)
}

/// An edge chosen for clipping: its endpoints in counter-clockwise order and its deepest vertex.
#[derive(Clone, Copy)]
struct Edge {
    from: Vec2,
    to: Vec2,
    /// The polygon's vertex farthest along the search direction (an endpoint).
    support: Vec2,
}

impl Edge {
    fn direction(&self) -> Vec2 {
        (self.to - self.from).normalize()
    }
}

/// The edge of `poly` most face-on to `direction`: of the two edges at the vertex farthest
/// along it, the one more nearly perpendicular to it.
fn best_edge(poly: &Polygon, direction: Vec2) -> Edge {
    let v = &poly.vertices;
    let n = v.len();
    let mut k = 0;
    for i in 1..n {
        if v[i].dot(direction) > v[k].dot(direction) {
            k = i;
        }
    }
    let (prev, here, next) = (v[(k + n - 1) % n], v[k], v[(k + 1) % n]);
    let into = (here - prev).normalize(); // edge prev → here
    let out = (next - here).normalize(); // edge here → next
    if out.dot(direction).abs() <= into.dot(direction).abs() {
        Edge { from: here, to: next, support: here }
    } else {
        Edge { from: prev, to: here, support: here }
    }
}

/// Keeps the part of segment `[p, q]` where `direction · x ≥ offset`.
fn clip(p: Vec2, q: Vec2, direction: Vec2, offset: f32) -> Option<(Vec2, Vec2)> {
    let (dp, dq) = (direction.dot(p) - offset, direction.dot(q) - offset);
    match (dp >= 0.0, dq >= 0.0) {
        (true, true) => Some((p, q)),
        (false, false) => None,
        (true, false) => Some((p, p + (q - p) * (dp / (dp - dq)))),
        (false, true) => Some((p + (q - p) * (dp / (dp - dq)), q)),
    }
}

/// The manifold of two polygons (1–2 points), or `None` when they do not overlap.
pub fn collide(a: &Polygon, b: &Polygon) -> Option<Manifold> {
    let mtv = contact(a, b)?;
    let n = mtv.normal;
    let edge_a = best_edge(a, n);
    let edge_b = best_edge(b, -n);
    // The more face-on edge is the reference; near ties stay with a.
    let (reference, incident) =
        if edge_b.direction().dot(n).abs() + REFERENCE_BIAS < edge_a.direction().dot(n).abs() {
            (edge_b, edge_a)
        } else {
            (edge_a, edge_b)
        };
    let tangent = reference.direction();
    let clipped = clip(incident.from, incident.to, tangent, tangent.dot(reference.from))
        .and_then(|(p, q)| clip(p, q, -tangent, -tangent.dot(reference.to)));
    // The reference face's outward normal and plane offset: depth = how far behind it.
    let face = Vec2::new(tangent.y, -tangent.x);
    let plane = face.dot(reference.support);
    let point = |p: Vec2| ContactPoint { point: p, depth: plane - face.dot(p) };
    let mut manifold = Manifold { normal: n, points: [point(Vec2::ZERO); 2], count: 0 };
    if let Some((p, q)) = clipped {
        for c in [point(p), point(q)] {
            if c.depth > 0.0 {
                manifold.points[manifold.count] = c;
                manifold.count += 1;
            }
        }
    }
    if manifold.count == 0 {
        // Numerical error left nothing: keep the incident edge's deeper endpoint.
        let (p, q) = (point(incident.from), point(incident.to));
        let deeper = if q.depth > p.depth { q } else { p };
        manifold.points[0] = ContactPoint { depth: deeper.depth.max(f32::MIN_POSITIVE), ..deeper };
        manifold.count = 1;
    }
    Some(manifold)
}

/// The one-point manifold of a polygon and a circle: the circle's deepest point, MTV depth.
pub fn collide_circle(a: &Polygon, b: &Circle) -> Option<Manifold> {
    let mtv = contact_circle(a, b)?;
    let p = ContactPoint { point: b.center - mtv.normal * b.radius, depth: mtv.depth };
    Some(Manifold { normal: mtv.normal, points: [p; 2], count: 1 })
}

/// The article's temporal-coherence variant, instrumented: the separating axis index
/// (0..n for a's edges, n..2n for b's) remembered per pair, and the number of axes tested.
pub mod coherence {
    use super::{edge_normal, edges, gap, project, Polygon};

    /// Result of one instrumented test.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Outcome {
        /// Do the polygons overlap?
        pub overlaps: bool,
        /// How many axes were projected on (including a cached one).
        pub axes: u32,
        /// Did the cached axis alone separate?
        pub hit: bool,
    }

    /// The unit normal of axis `k` (a's edges first, then b's).
    #[inline]
    fn axis(a: &Polygon, b: &Polygon, k: usize) -> glam::Vec2 {
        let (poly, i) = if k < a.vertices.len() { (a, k) } else { (b, k - a.vertices.len()) };
        let v = &poly.vertices;
        edge_normal(v[i], v[(i + 1) % v.len()]).normalize()
    }

    /// [`super::overlaps`], trying the axis in `cache` first and remembering the one that
    /// separates. After a miss the full test runs as in [`super::overlaps`] (the cached axis
    /// is tested again in its turn, as the article's version does).
    pub fn overlaps_cached(a: &Polygon, b: &Polygon, cache: &mut Option<usize>) -> Outcome {
        let mut axes = 0;
        if let Some(k) = *cache {
            axes += 1;
            let n = axis(a, b, k);
            if gap(project(&a.vertices, n), project(&b.vertices, n)) {
                return Outcome { overlaps: false, axes, hit: true };
            }
        }
        let mut k = 0;
        for poly in [a, b] {
            for (p, q) in edges(&poly.vertices) {
                axes += 1;
                let n = edge_normal(p, q).normalize();
                if gap(project(&a.vertices, n), project(&b.vertices, n)) {
                    *cache = Some(k);
                    return Outcome { overlaps: false, axes, hit: false };
                }
                k += 1;
            }
        }
        Outcome { overlaps: true, axes, hit: false }
    }

    /// [`super::overlaps`], counting the axes tested.
    pub fn overlaps_counted(a: &Polygon, b: &Polygon) -> Outcome {
        overlaps_cached(a, b, &mut None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(c: Vec2, h: f32) -> Polygon {
        Polygon {
            vertices: vec![
                c + Vec2::new(-h, -h),
                c + Vec2::new(h, -h),
                c + Vec2::new(h, h),
                c + Vec2::new(-h, h),
            ],
        }
    }

    #[test]
    fn squares() {
        let a = square(Vec2::ZERO, 1.0);
        assert!(!overlaps(&a, &square(Vec2::new(2.0, 0.0), 1.0))); // touching
        assert!(overlaps(&a, &square(Vec2::new(1.9, 0.5), 1.0)));
        assert!(overlaps_unnormalized(&a, &square(Vec2::new(1.9, 0.5), 1.0)));
        let mtv = contact(&a, &square(Vec2::new(1.5, 0.2), 1.0)).unwrap();
        assert!(mtv.normal.abs_diff_eq(Vec2::X, 1e-6) && (mtv.depth - 0.5).abs() < 1e-6);
        // b inside a: the shorter way out, not the overlap length
        let mtv = contact(&a, &square(Vec2::new(0.6, 0.0), 0.2)).unwrap();
        assert!((mtv.depth - 0.6).abs() < 1e-6);
        let m = collide(&square(Vec2::ZERO, 10.0), &square(Vec2::new(0.0, 10.49), 0.5)).unwrap();
        assert_eq!(m.count, 2);
        assert!(m.points().iter().all(|p| (p.depth - 0.01).abs() < 1e-4));
    }

    #[test]
    fn circle_off_a_corner() {
        let a = square(Vec2::ZERO, 1.0);
        let off = Circle { center: Vec2::new(1.4, 1.4), radius: 0.5 };
        assert!(!overlaps_circle(&a, &off));
        let on = Circle { center: Vec2::new(1.3, 1.3), radius: 0.5 };
        assert!(overlaps_circle(&a, &on));
        let mtv = contact_circle(&a, &on).unwrap();
        assert!((mtv.depth - (0.5 - 0.3 * 2f32.sqrt())).abs() < 1e-5);
    }

    #[test]
    fn cache_hits_after_a_miss() {
        let a = square(Vec2::ZERO, 1.0);
        let b = square(Vec2::new(0.0, 3.0), 1.0);
        let mut cache = None;
        let first = coherence::overlaps_cached(&a, &b, &mut cache);
        assert!(!first.overlaps && !first.hit && cache.is_some());
        let second = coherence::overlaps_cached(&a, &b, &mut cache);
        assert_eq!(second, coherence::Outcome { overlaps: false, axes: 1, hit: true });
    }
}
