//! Triangulation by ear clipping, with holes bridged into the outline first.
//!
//! # Ears
//! A vertex `c` with neighbours `p` and `n` is an *ear* when it is convex and no other vertex
//! lies in (or on) the triangle `p, c, n`: the triangle can then be cut off along `p–n`, and the
//! rest is still a simple polygon. Every simple polygon with more than three vertices has at
//! least two ears (Meisters), so clipping one after another always finishes. Only vertices that
//! are not convex can lie inside an ear candidate without a reflex one doing so too, so only
//! they are tested; cutting an ear only ever makes its neighbours more convex, so a vertex
//! leaves that list for good once convex.
//!
//! # Holes
//! Each hole is joined to the outline by a *bridge*, a segment to a vertex the hole can see,
//! walked in both directions, which turns the polygon with holes into one ring that touches
//! itself along the bridges:
//!
//! ```text
//!     +-----------------------+         ring: … v → m → (round the hole) → m → v → …
//!     |        +-----+        |
//!     |        |hole m=======v|         (m and v appear twice, the bridge twice, once
//!     |        +-----+        |          each way; triangles use it like a diagonal)
//!     +-----------------------+
//! ```
//!
//! Holes are bridged from their rightmost vertex, rightmost hole first (Eberly's order), to
//! the nearest vertex of the ring built so far for which the bridge stays inside the polygon,
//! meeting no edge of the ring or of any hole.

use alloc::vec::Vec;
use glam::DVec2;

use super::error::ConcaveError;
use super::exact::{segments_meet, turn};
use super::outline::SimplePolygon;

/// A node of the ring being clipped: a polygon vertex (which may appear at several nodes once
/// holes are bridged) and its neighbours round the ring.
#[derive(Clone, Copy, Debug)]
struct Node {
    vertex: usize,
    prev: usize,
    next: usize,
}

/// The ring as a doubly linked list of nodes.
struct Ring<'a> {
    points: &'a [DVec2],
    nodes: Vec<Node>,
}

impl Ring<'_> {
    #[inline]
    fn at(&self, node: usize) -> DVec2 {
        self.points[self.nodes[node].vertex]
    }

    /// The turn at `node`: positive convex, zero straight, negative reflex.
    #[inline]
    fn turn_at(&self, node: usize) -> i8 {
        let Node { prev, next, .. } = self.nodes[node];
        turn(self.at(prev), self.at(node), self.at(next))
    }

    /// Does the direction from `node` to point `q` point strictly into the ring's interior angle
    /// at `node` (the interior on the left of the ring's edges)?
    fn in_cone(&self, node: usize, q: DVec2) -> bool {
        let Node { prev, next, .. } = self.nodes[node];
        let (c, prev, next) = (self.at(node), self.at(prev), self.at(next));
        let (left_of_next, left_of_prev) = (turn(c, next, q), turn(c, prev, q));
        if turn(prev, c, next) > 0 {
            left_of_next > 0 && left_of_prev < 0
        } else {
            !(left_of_next <= 0 && left_of_prev >= 0)
        }
    }
}

/// The triangles of a polygon (holes included), each counter-clockwise, as indices into
/// [`SimplePolygon::vertices`].
pub(crate) fn triangulate(polygon: &SimplePolygon) -> Result<Vec<[usize; 3]>, ConcaveError> {
    let mut ring = Ring { points: polygon.points(), nodes: Vec::new() };
    let outline = polygon.ring(0).len();
    for v in 0..outline {
        ring.nodes.push(Node { vertex: v, prev: (v + outline - 1) % outline, next: (v + 1) % outline });
    }
    bridge_holes(polygon, &mut ring)?;
    clip_ears(&mut ring)
}

/// Bridges every hole into the ring (see the module docs).
fn bridge_holes(polygon: &SimplePolygon, ring: &mut Ring<'_>) -> Result<(), ConcaveError> {
    let points = polygon.points();
    // Each hole's rightmost vertex (largest x, then largest y).
    let rightmost = |k: usize| {
        let start = polygon.ring_start(k);
        (start..start + polygon.ring(k).len())
            .max_by(|&a, &b| points[a].x.total_cmp(&points[b].x).then(points[a].y.total_cmp(&points[b].y)))
            .unwrap_or(start)
    };
    let mut holes: Vec<(usize, usize)> = (1..polygon.ring_count()).map(|k| (k, rightmost(k))).collect();
    holes.sort_by(|a, b| points[b.1].x.total_cmp(&points[a.1].x));
    for (done, &(hole, m)) in holes.iter().enumerate() {
        let target = bridge_target(polygon, ring, m, &holes[done..]).ok_or(ConcaveError::Degenerate)?;
        splice(polygon, ring, hole, m, target);
    }
    Ok(())
}

/// The nearest node of the ring that hole vertex `m` can be bridged to; `pending` lists the
/// holes not yet in the ring (this one included), whose edges the bridge must not meet either.
fn bridge_target(
    polygon: &SimplePolygon,
    ring: &Ring<'_>,
    m: usize,
    pending: &[(usize, usize)],
) -> Option<usize> {
    let points = polygon.points();
    let pm = points[m];
    let (m_prev, m_next) = (points[polygon.prev(m)], points[polygon.next(m)]);
    let mut candidates: Vec<usize> = (0..ring.nodes.len()).collect();
    candidates
        .sort_by(|&a, &b| (ring.at(a) - pm).length_squared().total_cmp(&(ring.at(b) - pm).length_squared()));
    candidates.into_iter().find(|&node| {
        let v = ring.nodes[node].vertex;
        let pv = points[v];
        // Into the polygon at both ends (at m the hole's own edges bound the interior angle).
        let into_m = {
            let (left_of_next, left_of_prev) = (turn(pm, m_next, pv), turn(pm, m_prev, pv));
            if turn(m_prev, pm, m_next) > 0 {
                left_of_next > 0 && left_of_prev < 0
            } else {
                !(left_of_next <= 0 && left_of_prev >= 0)
            }
        };
        if !into_m || !ring.in_cone(node, pm) {
            return false;
        }
        let clear = |a: usize, b: usize| {
            a == v || b == v || a == m || b == m || !segments_meet(pm, pv, points[a], points[b])
        };
        let ring_clear = ring.nodes.iter().all(|node| clear(node.vertex, ring.nodes[node.next].vertex));
        ring_clear
            && pending.iter().all(|&(hole, _)| {
                let start = polygon.ring_start(hole);
                (start..start + polygon.ring(hole).len()).all(|a| clear(a, polygon.next(a)))
            })
    })
}

/// Joins hole `hole` into the ring by the bridge from its vertex `m` to ring node `target`:
/// `target → m → (round the hole) → m′ → target′ → (what followed target)`.
fn splice(polygon: &SimplePolygon, ring: &mut Ring<'_>, hole: usize, m: usize, target: usize) {
    let after = ring.nodes[target].next;
    let first = ring.nodes.len();
    let length = polygon.ring(hole).len();
    // The hole's vertices from m round to m again, then the copy of the target.
    let mut v = m;
    for step in 0..=length {
        let node = first + step;
        ring.nodes.push(Node { vertex: v, prev: if step == 0 { target } else { node - 1 }, next: node + 1 });
        v = polygon.next(v);
    }
    let back = ring.nodes.len();
    ring.nodes.push(Node { vertex: ring.nodes[target].vertex, prev: back - 1, next: after });
    ring.nodes[target].next = first;
    ring.nodes[after].prev = back;
}

/// Clips ears until one triangle is left (see the module docs).
fn clip_ears(ring: &mut Ring<'_>) -> Result<Vec<[usize; 3]>, ConcaveError> {
    let total = ring.nodes.len();
    let mut triangles = Vec::with_capacity(total.saturating_sub(2));
    let mut alive = total;
    // Nodes that are not convex: the only ones that can block an ear.
    let mut blocking: Vec<usize> = (0..total).filter(|&node| ring.turn_at(node) <= 0).collect();
    let mut removed = alloc::vec![false; total];
    let mut node = 0;
    let mut stalled = 0;
    while alive > 3 {
        if is_ear(ring, node, &mut blocking, &removed) {
            let Node { prev, next, vertex } = ring.nodes[node];
            triangles.push([ring.nodes[prev].vertex, vertex, ring.nodes[next].vertex]);
            ring.nodes[prev].next = next;
            ring.nodes[next].prev = prev;
            removed[node] = true;
            alive -= 1;
            node = prev;
            stalled = 0;
        } else {
            node = ring.nodes[node].next;
            stalled += 1;
            if stalled > alive {
                return Err(ConcaveError::Degenerate);
            }
        }
    }
    if ring.turn_at(node) > 0 {
        let Node { prev, next, vertex } = ring.nodes[node];
        triangles.push([ring.nodes[prev].vertex, vertex, ring.nodes[next].vertex]);
    }
    Ok(triangles)
}

/// Is `node` an ear? Drops nodes that have become convex from `blocking` as it meets them.
fn is_ear(ring: &Ring<'_>, node: usize, blocking: &mut Vec<usize>, removed: &[bool]) -> bool {
    if ring.turn_at(node) <= 0 {
        return false;
    }
    let Node { prev, next, vertex } = ring.nodes[node];
    let corners = [ring.nodes[prev].vertex, vertex, ring.nodes[next].vertex];
    let (a, b, c) = (ring.at(prev), ring.at(node), ring.at(next));
    let mut k = 0;
    while k < blocking.len() {
        let q = blocking[k];
        if removed[q] || ring.turn_at(q) > 0 {
            blocking.swap_remove(k);
            continue;
        }
        k += 1;
        if corners.contains(&ring.nodes[q].vertex) {
            continue;
        }
        let p = ring.at(q);
        if turn(a, b, p) >= 0 && turn(b, c, p) >= 0 && turn(c, a, p) >= 0 {
            return false;
        }
    }
    true
}
