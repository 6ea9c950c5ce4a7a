//! The exact answer (f64, brute force) that every 3D implementation is checked against.
//!
//! Two convex polytopes are apart exactly when some axis separates their shadows, and the
//! axes worth trying are the face normals of both and the cross products of an edge of each.
//! This reference tries **all** of them: every face normal of a and of b, and every edge of a
//! crossed with every edge of b (no Gauss-map pruning, nothing from any library), projecting
//! every vertex of both shapes on each. Each axis is tried both ways round.
//!
//! Both shapes are turned about their local origins (where the poses put them) and b is then
//! moved by `c`, its centre as seen from a's. Along a unit axis `u` the gap from a to b is
//!
//! ```text
//!   gap(u) = min over b of u·b + u·c − max over a of u·a           (b's shadow after a's)
//!
//!   a's shadow         b's shadow
//!   |=========|  gap  |=========|  ──► u
//! ```
//!
//! and the signed separation is the largest gap over all those axes: positive when some axis
//! separates the shapes, otherwise minus the exact penetration depth (the axes include every
//! face normal of the Minkowski difference, and no other direction gives a larger gap).
//!
//! **Skipping axes that cannot win.** Projecting both shapes on each of 34,596 edge-pair axes
//! (64-point hulls) is slow, so an axis is projected only if a cheap upper bound of its gap
//! beats the best gap so far. The bound uses points known to lie in the shapes: the edge's
//! own tail, and the ball of the inner radius `r` about the local origin:
//!
//! ```text
//!   min over b of u·b  ≤  min(u·q, −r_b)          q on b's edge
//!   max over a of u·a  ≥  max(u·p, r_a)           p on a's edge
//! ```
//!
//! A skipped axis could not have changed the maximum, so the answer is the brute force's.
//! The same reasoning gives [`reach`], the spread at which a pair stops overlapping.

use glam::{DQuat, DVec3};

use super::shapes::Polytope;

/// Edge pairs whose unit directions' cross product is shorter than this are parallel: their
/// "axis" is noise, and the faces beside them give the axis instead.
const PARALLEL: f64 = 1e-9;

/// A polytope turned about its local origin.
#[derive(Clone, Debug)]
pub struct Turned {
    vertices: Vec<DVec3>,
    normals: Vec<DVec3>,
    /// Each edge: its unit direction and its tail.
    edges: Vec<(DVec3, DVec3)>,
    /// The inner radius about the local origin.
    inner: f64,
}

impl Turned {
    /// `shape` turned by `rotation` (normalised here).
    pub fn new(shape: &Polytope, rotation: DQuat) -> Turned {
        let q = rotation.normalize();
        let vertices: Vec<DVec3> = shape.vertices.iter().map(|&v| q * v).collect();
        Turned {
            normals: shape.normals.iter().map(|&n| q * n).collect(),
            edges: shape
                .edges
                .iter()
                .map(|&[i, j]| ((vertices[j] - vertices[i]).normalize(), vertices[i]))
                .collect(),
            vertices,
            inner: shape.inner_radius(),
        }
    }
}

/// The shadow `[min, max]` of `points` on `u`.
#[inline]
fn shadow(points: &[DVec3], u: DVec3) -> (f64, f64) {
    points.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
        let x = u.dot(*p);
        (lo.min(x), hi.max(x))
    })
}

/// Calls `visit(u, edges)` for every candidate axis `u` (unit, one way round): a's face
/// normals, b's, then every non-parallel edge pair's cross product, with the pair's edge
/// tails `(p, q)`; `visit` then decides whether to project.
fn for_each_axis(a: &Turned, b: &Turned, mut visit: impl FnMut(DVec3, Option<(DVec3, DVec3)>)) {
    for &n in a.normals.iter().chain(&b.normals) {
        visit(n, None);
    }
    for &(ea, p) in &a.edges {
        for &(eb, q) in &b.edges {
            let cross = ea.cross(eb);
            let length = cross.length();
            if length > PARALLEL {
                visit(cross / length, Some((p, q)));
            }
        }
    }
}

/// The exact signed separation of a and b, b moved by `c` (see the module docs): positive
/// when they are apart (the largest gap over all the candidate axes), otherwise minus the
/// penetration depth. Zero when they touch.
pub fn separation(a: &Turned, b: &Turned, c: DVec3) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for_each_axis(a, b, |u, edges| {
        let uc = u.dot(c);
        if let Some((p, q)) = edges {
            let (pu, qu) = (u.dot(p), u.dot(q));
            let forward = qu.min(-b.inner) + uc - pu.max(a.inner);
            let backward = (-qu).min(-b.inner) - uc - (-pu).max(a.inner);
            if forward.max(backward) <= best {
                return;
            }
        }
        let (a_lo, a_hi) = shadow(&a.vertices, u);
        let (b_lo, b_hi) = shadow(&b.vertices, u);
        best = best.max(b_lo + uc - a_hi).max(a_lo - b_hi - uc);
    });
    best
}

/// The spread at which the pair stops overlapping when b's centre is at `R w` from a's: the
/// pair overlaps exactly when `R < reach(a, b, w)`.
///
/// Along an axis `u` with `u·w > 0` the gap is `R u·w − (max over a of u·a − min over b of
/// u·b)`, which turns positive at `R = (a's top − b's bottom) / u·w`; the reach is the least
/// such `R` over every candidate axis, either way round. (Both shapes hold their origins, so
/// the numerators are positive.)
pub fn reach(a: &Turned, b: &Turned, w: DVec3) -> f64 {
    let mut best = f64::INFINITY;
    for_each_axis(a, b, |u, edges| {
        let uw = u.dot(w);
        if uw == 0.0 {
            return;
        }
        // Along s·u (s = ±1, chosen so that s·u·w > 0).
        let s = uw.signum();
        if let Some((p, q)) = edges {
            let least = ((s * u.dot(p)).max(a.inner) + (-s * u.dot(q)).max(b.inner)) / uw.abs();
            if least >= best {
                return;
            }
        }
        let (a_lo, a_hi) = shadow(&a.vertices, u);
        let (b_lo, b_hi) = shadow(&b.vertices, u);
        let extent = if s > 0.0 { a_hi - b_lo } else { b_hi - a_lo };
        best = best.min(extent / uw.abs());
    });
    best
}

#[cfg(test)]
mod tests {
    use super::super::shapes::{cuboid, hull_of, random_hull, random_rotation, Polytope};
    use super::*;
    use crate::workload::Rng;

    /// The cube of half extent `h` about the origin.
    fn cube(h: f64) -> Polytope {
        let mut c = cuboid();
        let scale = |v: DVec3| v.signum() * h;
        c.vertices = c.vertices.iter().map(|&v| scale(v)).collect();
        c.offsets = vec![h; 6];
        c
    }

    /// Two unit cubes (half extent 0.5) offset by 0.5 on every axis overlap by 0.5 along each
    /// axis: depth 0.5. Moved to 1.25 along x, they are 0.25 apart.
    #[test]
    fn unit_cubes_offset_by_half_on_every_axis() {
        let a = Turned::new(&cube(0.5), DQuat::IDENTITY);
        let s = separation(&a, &a, DVec3::splat(0.5));
        assert!((s + 0.5).abs() < 1e-12, "{s}");
        assert!((separation(&a, &a, DVec3::new(1.25, 0.0, 0.0)) - 0.25).abs() < 1e-12);
        // Turned 45° about z, b's edge reaches √2/2 towards a: along x it sinks by
        // 0.5 + √2/2 − 1.2 at centre distance 1.2.
        let b = Turned::new(&cube(0.5), DQuat::from_rotation_z(std::f64::consts::FRAC_PI_4));
        let expected = 1.2 - 0.5 - std::f64::consts::FRAC_1_SQRT_2;
        assert!((separation(&a, &b, DVec3::new(1.2, 0.0, 0.0)) - expected).abs() < 1e-12);
        // Reach along x: a's half extent plus b's.
        assert!((reach(&a, &a, DVec3::X) - 1.0).abs() < 1e-12);
    }

    /// Two cubes crossed edge on edge: a turned 45° about z, b 45° about x, b above a. Only
    /// the cross product of the two edges separates them; no face normal does.
    #[test]
    fn edge_on_edge_needs_the_edge_axis() {
        let a = Turned::new(&cube(0.5), DQuat::from_rotation_x(std::f64::consts::FRAC_PI_4));
        let b = Turned::new(&cube(0.5), DQuat::from_rotation_y(std::f64::consts::FRAC_PI_4));
        // a's top edge runs along x at height √2/2, b's bottom edge along y at −√2/2: they
        // are 2·(√2/2) apart in z at centre distance √2, and touch there.
        let touch = std::f64::consts::SQRT_2;
        let gap = separation(&a, &b, DVec3::new(0.0, 0.0, touch + 0.1));
        assert!((gap - 0.1).abs() < 1e-12, "{gap}");
        let depth = separation(&a, &b, DVec3::new(0.0, 0.0, touch - 0.1));
        assert!((depth + 0.1).abs() < 1e-12, "{depth}");
        assert!((reach(&a, &b, DVec3::Z) - touch).abs() < 1e-12);
    }

    /// The pruned brute force equals the plain one (every axis projected), and the reach is
    /// where the separation changes sign, on random hull pairs.
    #[test]
    fn pruning_changes_nothing_and_reach_is_the_sign_change() {
        let plain = |a: &Turned, b: &Turned, c: DVec3| {
            let mut best = f64::NEG_INFINITY;
            for_each_axis(a, b, |u, _| {
                let (a_lo, a_hi) = shadow(&a.vertices, u);
                let (b_lo, b_hi) = shadow(&b.vertices, u);
                best = best.max(b_lo + u.dot(c) - a_hi).max(a_lo - b_hi - u.dot(c));
            });
            best
        };
        let mut rng = Rng::new(3);
        for k in [8, 16] {
            let (h1, _) = random_hull(k, &mut rng);
            let (h2, _) = random_hull(k, &mut rng);
            for _ in 0..20 {
                let a = Turned::new(&h1, random_rotation(&mut rng));
                let b = Turned::new(&h2, random_rotation(&mut rng));
                let w = super::super::shapes::in_unit_ball(&mut rng);
                let c = w * rng.uniform(0.0, 2.5);
                assert_eq!(separation(&a, &b, c), plain(&a, &b, c));
                let r = reach(&a, &b, w);
                assert!(separation(&a, &b, w * r * 0.999) < 0.0 && separation(&a, &b, w * r * 1.001) > 0.0);
            }
        }
        assert!(hull_of(&cube(1.0).vertices).is_none());
    }
}
