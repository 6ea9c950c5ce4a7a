//! The separating axis test for two polytopes, with no pruning, in f64; and the flawed variant
//! of the reference text that crosses face normals instead of edge directions.
//!
//! # Why the minimum push over these axes is the exact penetration depth
//! Let `D = A ⊖ B = { x − y }`. Moving b by `t` makes the shapes overlap iff `t` is inside `D`,
//! so the shortest move that separates them is the distance from the origin to `D`'s boundary.
//! Along a unit direction `u`, moving b by `p·u` with `p = h_A(u) − min_B(u) = h_D(u)` (the
//! support function of `D`) puts them exactly in touch, and for a convex `D` with the origin
//! inside, `h_D(u)` is at least the distance to the boundary, with equality at the normal of the
//! nearest facet. `D`'s facets have normals among the face normals of A, the face normals of B
//! and the cross products of an edge direction of A with one of B (a face of `D` is a face of
//! one plus a vertex of the other, or an edge of each). So over all of these axes, each taken
//! the shorter of its two ways (`u` or `−u`), the least push is the depth, and an axis where the
//! two shadows do not overlap (push ≤ 0) separates the shapes. Non-facet axes only add larger
//! pushes, which is why the reference can test every pair and still be exact.
//!
//! # What SAT's separation is when the shapes are apart
//! The largest gap over the axes is a lower bound of the distance (each axis's gap is one).
//! Over the outward facet normals of `D` alone, each taken in its own direction (what a library
//! that prunes edge pairs on the Gauss map tests), it can be smaller than over all the axes both
//! ways, but it is still positive whenever the shapes are apart; [`facet_gap`] computes that
//! version, deciding which edge pairs give facets of `D` directly (both edges in the supporting
//! sets of their shapes along the cross product), without the Gauss map.

use glam::DVec3;

use super::hull::Polytope;

/// Which candidate axis: a face normal of a, of b, or the cross product of edge `a` of a with
/// edge `b` of b (indices into the reference polytopes' own lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefAxis {
    FaceA(usize),
    FaceB(usize),
    Edges(usize, usize),
}

/// One candidate axis: the unit direction along which moving b by `push` separates the
/// shapes (the shorter of the two ways out; `push ≤ 0` means a gap of `−push`).
#[derive(Clone, Copy, Debug)]
pub struct AxisPush {
    pub axis: RefAxis,
    pub direction: DVec3,
    pub push: f64,
}

/// Edge pairs whose cross product is shorter than this fraction of the product of the edge
/// lengths are parallel: they span no facet and their cross product is noise.
pub const PARALLEL: f64 = 1e-6;

/// How far b must move along `u` (unit) to leave a: `h_A(u) − min_B(u)`; negative is a gap.
pub fn push_along(a: &Polytope, b: &Polytope, u: DVec3) -> f64 {
    a.support(u) - b.min_along(u)
}

fn axis_push(a: &Polytope, b: &Polytope, axis: RefAxis, u: DVec3) -> AxisPush {
    let (forward, backward) = (push_along(a, b, u), push_along(a, b, -u));
    if forward <= backward {
        AxisPush { axis, direction: u, push: forward }
    } else {
        AxisPush { axis, direction: -u, push: backward }
    }
}

/// Every candidate axis with its push: face normals of a, face normals of b, then every
/// non-parallel edge pair.
pub fn all_axes(a: &Polytope, b: &Polytope) -> Vec<AxisPush> {
    let mut out = Vec::with_capacity(a.faces.len() + b.faces.len() + a.edges.len() * b.edges.len());
    for (i, f) in a.faces.iter().enumerate() {
        out.push(axis_push(a, b, RefAxis::FaceA(i), f.normal));
    }
    for (i, f) in b.faces.iter().enumerate() {
        out.push(axis_push(a, b, RefAxis::FaceB(i), f.normal));
    }
    for i in 0..a.edges.len() {
        let ea = a.edge_vector(i);
        for j in 0..b.edges.len() {
            let eb = b.edge_vector(j);
            let c = ea.cross(eb);
            if c.length() <= PARALLEL * ea.length() * eb.length() {
                continue;
            }
            out.push(axis_push(a, b, RefAxis::Edges(i, j), c.normalize()));
        }
    }
    out
}

/// The SAT answer for two polytopes.
#[derive(Clone, Copy, Debug)]
pub struct SatAnswer {
    /// No axis separates (every push > 0). Touching (push 0) is not overlapping.
    pub overlapping: bool,
    /// The least push: the penetration depth when overlapping, minus the largest gap otherwise.
    pub depth: f64,
    /// The direction of the least push (from a to b).
    pub normal: DVec3,
    pub axis: RefAxis,
    /// How much the least push of an axis with a different direction exceeds `depth` (how well
    /// defined the normal is).
    pub margin: f64,
}

/// The separating axis test over every candidate axis.
pub fn sat(a: &Polytope, b: &Polytope) -> SatAnswer {
    let axes = all_axes(a, b);
    let best = *axes.iter().min_by(|x, y| x.push.total_cmp(&y.push)).expect("a polytope has faces");
    let runner_up = axes
        .iter()
        .filter(|x| x.direction.distance(best.direction) > 1e-6)
        .map(|x| x.push)
        .fold(f64::INFINITY, f64::min);
    SatAnswer {
        overlapping: best.push > 0.0,
        depth: best.push,
        normal: best.direction,
        axis: best.axis,
        margin: runner_up - best.push,
    }
}

/// The directions in which edge pair `(i, j)` spans a facet of `A ⊖ B` (usually none or one):
/// those `v = ±(e_a × e_b)` (unit) along which edge `i` lies in a's supporting set and edge `j`
/// in b's supporting set along `−v` (within `tol`); `v` is then that facet's outward normal.
pub fn facet_directions(a: &Polytope, b: &Polytope, i: usize, j: usize, tol: f64) -> Vec<DVec3> {
    let (ea, eb) = (a.edge_vector(i), b.edge_vector(j));
    let c = ea.cross(eb);
    if c.length() <= PARALLEL * ea.length() * eb.length() {
        return Vec::new();
    }
    let u = c.normalize();
    let ((a0, a1), (b0, b1)) = (a.edges[i], b.edges[j]);
    [u, -u]
        .into_iter()
        .filter(|&v| {
            let (top, bottom) = (a.support(v), b.min_along(v));
            top - a.vertices[a0].dot(v) <= tol
                && top - a.vertices[a1].dot(v) <= tol
                && b.vertices[b0].dot(v) - bottom <= tol
                && b.vertices[b1].dot(v) - bottom <= tol
        })
        .collect()
}

/// Does edge pair `(i, j)` span a facet of `A ⊖ B` (in either direction)?
pub fn is_facet_pair(a: &Polytope, b: &Polytope, i: usize, j: usize, tol: f64) -> bool {
    !facet_directions(a, b, i, j, tol).is_empty()
}

/// The largest gap over the outward facet normals `n` of `A ⊖ B` only, each in its own
/// direction: `−h_D(n) = min_B(n) − max_A(n)`, over a's face normals, b's face normals turned
/// around, and the facet-spanning edge pairs' facet directions. This is SAT's separation with
/// edge pairs pruned to the ones that matter and each axis taken the way its facet faces (as a
/// Gauss-map search does); it is positive exactly when the shapes are apart (the origin is
/// outside some facet's plane), at most the largest gap over all axes both ways, and minus the
/// depth when they overlap.
pub fn facet_gap(a: &Polytope, b: &Polytope) -> f64 {
    let coords = a.vertices.iter().chain(&b.vertices).map(|v| v.abs().max_element()).fold(1.0, f64::max);
    let tol = 1e-9 * coords;
    let mut best = f64::NEG_INFINITY;
    for f in &a.faces {
        best = best.max(-push_along(a, b, f.normal));
    }
    for f in &b.faces {
        best = best.max(-push_along(a, b, -f.normal));
    }
    for i in 0..a.edges.len() {
        for j in 0..b.edges.len() {
            for v in facet_directions(a, b, i, j, tol) {
                best = best.max(-push_along(a, b, v));
            }
        }
    }
    best
}

/// The reference text's 3D test, kept to show its flaw: the axes are the face normals of both
/// shapes and the cross products of every face normal of a with every face normal of b (zero
/// products skipped). For boxes these are the edge-direction products; for other polytopes
/// they are not, and the axis that separates an edge-against-edge configuration is missed.
/// (The text counts touching as colliding; the cases here are never touching.)
pub fn face_cross_face_collide(a: &Polytope, b: &Polytope) -> bool {
    let mut axes: Vec<DVec3> = a.faces.iter().chain(&b.faces).map(|f| f.normal).collect();
    for fa in &a.faces {
        for fb in &b.faces {
            let c = fa.normal.cross(fb.normal);
            if c.length() > 1e-12 {
                axes.push(c.normalize());
            }
        }
    }
    axes.iter().all(|&u| push_along(a, b, u) >= 0.0 && push_along(a, b, -u) >= 0.0)
}
