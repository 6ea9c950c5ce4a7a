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

use crate::pose::Frame;
use crate::{ConvexHull, Real, Vector};

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

/// Calls `visit(i, j, query)` for every edge pair (edge `i` of a, `j` of b) that forms a face of
/// the Minkowski difference and is not parallel; stops when `visit` returns true, returning
/// that pair. `a_in_b` places a in b's frame (the test runs there: a's edges are turned once
/// each, b's are read as stored).
#[inline]
pub(crate) fn edge_axes(
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
    mut visit: impl FnMut(EdgeQuery) -> bool,
) -> Option<EdgeQuery> {
    let (normals_a, normals_b) = (a.face_normals(), b.face_normals());
    let centroid = a_in_b.apply(a.centroid());
    let tolerance = PARALLEL_TOLERANCE * PARALLEL_TOLERANCE;
    for (i, ea) in a.edges().iter().enumerate() {
        let n0 = a_in_b.turn(normals_a[ea.faces[0] as usize]);
        let n1 = a_in_b.turn(normals_a[ea.faces[1] as usize]);
        let e = a_in_b.turn(a.edge_unit(i));
        let on_a = a_in_b.apply(a.vertices()[ea.tail as usize]);
        let outward = on_a - centroid;
        for (j, eb) in b.edges().iter().enumerate() {
            let f = b.edge_unit(j);
            let (m0, m1) = (normals_b[eb.faces[0] as usize], normals_b[eb.faces[1] as usize]);
            if !is_minkowski_face(n0, n1, e, m0, m1, f) {
                continue;
            }
            let cross = e.cross(f);
            if cross.length_squared() <= tolerance {
                continue;
            }
            let mut axis = cross / cross.length();
            if axis.dot(outward) < 0.0 {
                axis = -axis;
            }
            // The gap between the two edges along the axis: the gap between the shapes when the
            // edges are their extreme features along it, as the test says they are.
            let claim = axis.dot(b.vertices()[eb.tail as usize] - on_a);
            let query = EdgeQuery { a: i as u32, b: j as u32, separation: claim, axis };
            if visit(query) {
                return Some(query);
            }
        }
    }
    None
}

/// The gap between the shapes' shadows on the unit `axis` (b's frame, pointing from a to b),
/// from their supports: exact for any axis.
#[inline]
pub(crate) fn support_gap(a: &ConvexHull, b: &ConvexHull, a_in_b: &Frame, axis: Vector) -> Real {
    let on_a = a_in_b.rotation.transpose() * axis;
    let highest_a = on_a.dot(a.vertices()[a.support(on_a) as usize]) + axis.dot(a_in_b.translation);
    let lowest_b = axis.dot(b.vertices()[b.support(-axis) as usize]);
    lowest_b - highest_a
}

/// The edge pair with the largest separation (the first on a tie); with `STOP`, the first with
/// a separation of zero or more. `None` when no pair forms a face of the Minkowski difference.
///
/// Each pair's separation is first taken as the gap between its two edges, which is the gap
/// between the shapes when the edges are their extreme features along the axis, and never
/// less than it otherwise (an edge's points are points of its shape). Only a pair whose edge
/// gap could beat the best so far is measured by the shapes' supports, and that measure is
/// kept: on a hull whose faces are planar only within the tolerance, a Gauss-map test on
/// nearly flat or knife-like edges can pass where the edges are not extreme, and the edge gap
/// alone would then overstate the separation.
#[inline]
pub(crate) fn best_edge_pair<const STOP: bool>(
    a: &ConvexHull,
    b: &ConvexHull,
    a_in_b: &Frame,
) -> Option<EdgeQuery> {
    let mut best: Option<EdgeQuery> = None;
    let stopped = edge_axes(a, b, a_in_b, |mut q| {
        if best.is_some_and(|b| q.separation <= b.separation) {
            return false;
        }
        q.separation = q.separation.min(support_gap(a, b, a_in_b, q.axis));
        if best.is_none_or(|b| q.separation > b.separation) {
            best = Some(q);
        }
        STOP && q.separation >= 0.0
    });
    stopped.or(best)
}
