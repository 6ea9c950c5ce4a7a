//! Irregular convex polygons, the shapes users mostly have (hulls of sprite outlines, level
//! geometry, debris), for the `irrN-…` sets.
//!
//! A regular polygon is symmetric about its origin (its opposite faces are exact negatives) and,
//! with four sides, a parallelogram: the shapes septa's fast paths were built for. The polygons
//! drawn here have none of that: no two faces parallel, no symmetry, and an origin (the point
//! the body's pose places) that is well inside but not at the centre.
//!
//! # The generator
//!
//! ```text
//!            ___________                 1. a smooth convex body about the origin o,
//!          /      .      \___               reaching h(θ) along the direction at angle θ
//!         /    .  body  .    \           2. K face normals at random angles, no two parallel
//!        /  .       o     .   |          3. each face is the body's tangent line with that
//!        \    .         .    /              normal; neighbouring faces meet at the vertices
//!         \_____ . . . ____/             4. scaled so the farthest vertex is at distance 1
//! ```
//!
//! 1. **The body.** Its support function is
//!    `h(θ) = 1 + a₁ cos(θ − φ₁) + a₂ cos(2θ − φ₂) + a₃ cos(3θ − φ₃)` with random phases and
//!    amplitudes `a₁ ≤ 0.25` (a translation of the body: the origin off its centre),
//!    `a₂ ≤ 0.22` (an elongation, up to about 3 : 2) and `a₃ ≤ 0.04` (a slightly egg- or
//!    triangle-like outline). Its radius of curvature `h + h″ = 1 − 3a₂ cos(…) − 8a₃ cos(…)` is at
//!    least `1 − 0.66 − 0.32 > 0`, so the body is smooth and strictly convex, and
//!    `h ≥ 1 − 0.51 > 0`, so the origin is inside it.
//! 2. **The normals.** The K face directions taken modulo π (a face and one facing the opposite
//!    way lie along the same line) are K points on a circle of circumference π, spaced by
//!    random gaps of at least `d = max(0.2 π / K, 0.03)` (the excess `π − K d` split by
//!    exponential spacings, a uniform split). Each then faces one way or the other at random, and
//!    they are sorted by angle. Any two normals are therefore at least `d` apart modulo π, so the
//!    `|sin|` of the angle between any two edges is at least `sin d > 0.029`. The draw is
//!    redone if two neighbouring normals are π or more apart (the polygon would be unbounded).
//! 3. **The polygon.** Face `i` is the line `nᵢ · x = h(θᵢ)`, tangent to the body; vertex `i`
//!    is where faces `i` and `i + 1` meet. The body being strictly convex, each tangent line
//!    touches it at its own point, which lies on the polygon's boundary and on no other face:
//!    every face is an edge of positive length, and the polygon has exactly K vertices.
//! 4. **Scale and checks.** The vertices are scaled so the farthest is at distance 1 from the
//!    origin (a circumradius about the origin of 1, like the regular sets'), rounded to f32 (so
//!    the f64 geometry the cross-check calls exact is exactly what every implementation is
//!    given), and the rounded polygon must pass [`check`]: K vertices turning strictly left, no
//!    two edges closer to parallel than [`MIN_SIN`], the origin at least [`MARGIN`] from every
//!    edge line, and no edge or corner too small for Box2D or parry to keep (see [`min_edge`],
//!    [`MIN_TURN`] and [`min_corner`]). Otherwise the whole polygon is drawn again.
//!
//! No symmetry: a polygon symmetric about a point has its opposite faces parallel, which step 2
//! rules out; a mirror symmetry would need the random normals and amplitudes to line up exactly,
//! which happens with probability zero.

use glam::DVec2;

use crate::workload::Rng;

/// Every two edges' directions differ by an angle whose `|sin|` is larger than this.
pub const MIN_SIN: f64 = 0.02;

/// The origin is at least this far from every edge's line, as a fraction of the circumradius
/// about the origin (the farthest vertex's distance, 1).
pub const MARGIN: f64 = 0.25;

/// The fewest and most vertices the generator is meant for.
pub const SIDES: std::ops::RangeInclusive<usize> = 3..=64;

/// The shortest edge allowed on a `sides`-gon of circumradius 1: a tenth of the regular
/// polygon's edge (0.14 for 4-gons, 0.077 for 8-gons, 0.02 for 32-gons), well above the 0.02
/// within which Box2D's hull welds two points into one for every polygon Box2D takes (up to 8
/// vertices).
pub fn min_edge(sides: usize) -> f64 {
    0.1 * 2.0 * (core::f64::consts::PI / sides as f64).sin()
}

/// The smallest angle (radians) the boundary turns by at a vertex: parry merges the two edges
/// of a vertex turning by less than about 0.026 (`1 − n₁ · n₂ < √ε`); the normals are drawn at
/// least 0.03 apart.
pub const MIN_TURN: f64 = 0.028;

/// How far each vertex of a `sides`-gon of circumradius 1 must at least stand out from the line
/// through its two neighbours: 0.02 on polygons Box2D takes (up to 8 vertices), twice the 0.01
/// within which its hull drops a vertex as collinear; beyond, only [`MIN_TURN`] applies.
pub fn min_corner(sides: usize) -> f64 {
    if sides <= 8 {
        0.02
    } else {
        0.0
    }
}

/// The radius of the largest circle about the origin inside the polygon (counter-clockwise): the
/// distance from the origin to the nearest edge's line (negative if the origin is outside).
pub fn inner_radius(vertices: &[DVec2]) -> f64 {
    let n = vertices.len();
    (0..n)
        .map(|i| {
            let (p, q) = (vertices[i], vertices[(i + 1) % n]);
            let e = q - p;
            DVec2::new(e.y, -e.x).normalize().dot(p)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Why a polygon was refused by [`check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// Not the number of vertices asked for.
    Count,
    /// A turn that is not strictly to the left (counter-clockwise).
    NotConvex,
    /// Two edges within [`MIN_SIN`] of parallel.
    Parallel,
    /// The origin nearer than [`MARGIN`] to an edge's line.
    OffCentre,
    /// An edge shorter than [`min_edge`].
    ShortEdge,
    /// A vertex turning by less than [`MIN_TURN`], or nearer than [`min_corner`] to its
    /// neighbours' line.
    FlatCorner,
}

/// Checks a polygon (counter-clockwise, about its origin, circumradius about 1) against every
/// promise of the generator for `sides` vertices.
pub fn check(vertices: &[DVec2], sides: usize) -> Result<(), Flaw> {
    let n = vertices.len();
    if n != sides {
        return Err(Flaw::Count);
    }
    let edge = |i: usize| vertices[(i + 1) % n] - vertices[i];
    let circumradius = vertices.iter().map(|v| v.length()).fold(0.0, f64::max);
    for i in 0..n {
        let (e, next) = (edge(i), edge((i + 1) % n));
        if e.perp_dot(next) <= 0.0 {
            return Err(Flaw::NotConvex);
        }
        if e.length() < min_edge(sides) * circumradius {
            return Err(Flaw::ShortEdge);
        }
        // The vertex between edges i and i + 1, against the chord of its neighbours.
        let chord = e + next;
        let turn = e.angle_to(next);
        if turn < MIN_TURN || e.perp_dot(chord).abs() / chord.length() < min_corner(sides) * circumradius {
            return Err(Flaw::FlatCorner);
        }
        for j in i + 1..n {
            let f = edge(j);
            if (e.perp_dot(f) / (e.length() * f.length())).abs() <= MIN_SIN {
                return Err(Flaw::Parallel);
            }
        }
    }
    if inner_radius(vertices) < MARGIN * circumradius {
        return Err(Flaw::OffCentre);
    }
    Ok(())
}

/// The smooth convex body of step 1: its support function's amplitudes and phases.
struct Body {
    amplitude: [f64; 3],
    phase: [f64; 3],
}

impl Body {
    fn new(rng: &mut Rng) -> Body {
        let tau = core::f64::consts::TAU;
        Body {
            amplitude: [rng.uniform(0.0, 0.25), rng.uniform(0.0, 0.22), rng.uniform(0.0, 0.04)],
            phase: [rng.uniform(0.0, tau), rng.uniform(0.0, tau), rng.uniform(0.0, tau)],
        }
    }

    /// How far the body reaches along the direction at angle `theta`.
    fn support(&self, theta: f64) -> f64 {
        let mut h = 1.0;
        for (k, (a, phi)) in self.amplitude.iter().zip(&self.phase).enumerate() {
            h += a * ((k + 1) as f64 * theta - phi).cos();
        }
        h
    }
}

/// Step 2: `sides` normal angles in `[0, 2π)`, sorted, no two within `d` of parallel; `None` if
/// two neighbours are π or more apart.
fn normal_angles(rng: &mut Rng, sides: usize) -> Option<Vec<f64>> {
    let pi = core::f64::consts::PI;
    let d = (0.2 * pi / sides as f64).max(0.03);
    let spacings: Vec<f64> = (0..sides).map(|_| -(1.0 - rng.unit()).ln()).collect();
    let total: f64 = spacings.iter().sum();
    let start = rng.uniform(0.0, pi);
    let mut angle = start;
    let mut angles: Vec<f64> = Vec::with_capacity(sides);
    for s in &spacings {
        let flip = if rng.unit() < 0.5 { pi } else { 0.0 };
        angles.push((angle + flip).rem_euclid(core::f64::consts::TAU));
        angle += d + (pi - sides as f64 * d) * s / total;
    }
    angles.sort_by(f64::total_cmp);
    let widest = (0..sides)
        .map(|i| (angles[(i + 1) % sides] - angles[i]).rem_euclid(core::f64::consts::TAU))
        .fold(0.0, f64::max);
    (widest < pi).then_some(angles)
}

/// Steps 1 to 3 once: the circumscribed polygon, scaled to circumradius 1 and rounded to f32.
fn draw(rng: &mut Rng, sides: usize) -> Option<Vec<DVec2>> {
    let body = Body::new(rng);
    let angles = normal_angles(rng, sides)?;
    let faces: Vec<(DVec2, f64)> = angles.iter().map(|&t| (DVec2::from_angle(t), body.support(t))).collect();
    // Vertex i: n_i · x = h_i and n_{i+1} · x = h_{i+1}, by Cramer's rule.
    let vertices: Vec<DVec2> = (0..sides)
        .map(|i| {
            let ((n, h), (m, g)) = (faces[i], faces[(i + 1) % sides]);
            let det = n.perp_dot(m);
            DVec2::new(h * m.y - g * n.y, n.x * g - m.x * h) / det
        })
        .collect();
    let circumradius = vertices.iter().map(|v| v.length()).fold(0.0, f64::max);
    Some(vertices.iter().map(|&v| (v / circumradius).as_vec2().as_dvec2()).collect())
}

/// A random irregular convex polygon of exactly `sides` vertices about its origin,
/// counter-clockwise, circumradius about the origin 1 (to f32 rounding), every coordinate an
/// f32: see the [module documentation](self) for how it is drawn and what it promises.
///
/// # Panics
/// If `sides` is outside [`SIDES`].
pub fn polygon(rng: &mut Rng, sides: usize) -> Vec<DVec2> {
    assert!(SIDES.contains(&sides), "irregular polygons have {SIDES:?} vertices, not {sides}");
    // A few percent of the draws fail a check (mostly 4-gons pushed off-centre by a wide gap
    // between normals); hundreds in a row would mean a broken generator.
    for _ in 0..1000 {
        if let Some(vertices) = draw(rng, sides).filter(|v| check(v, sides).is_ok()) {
            return vertices;
        }
    }
    panic!("no irregular {sides}-gon passed the checks in 1000 draws");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every promise, checked with plain geometry written here (not with [`check`]): for each
    /// vertex count, on many polygons.
    #[test]
    fn polygons_keep_their_promises() {
        for sides in [3, 4, 5, 6, 8, 12, 16, 32, 64] {
            let mut rng = Rng::new(0x1EE + sides as u64);
            for _ in 0..300 {
                let v = polygon(&mut rng, sides);
                assert_eq!(v.len(), sides);
                // f32 coordinates, circumradius 1 (to f32 rounding).
                assert!(v.iter().all(|p| p.as_vec2().as_dvec2() == *p));
                let far = v.iter().map(|p| (p.x * p.x + p.y * p.y).sqrt()).fold(0.0, f64::max);
                assert!((far - 1.0).abs() < 1e-6, "{sides}: circumradius {far}");
                for i in 0..sides {
                    let (p, q, r) = (v[i], v[(i + 1) % sides], v[(i + 2) % sides]);
                    // Convex, counter-clockwise: every turn strictly left.
                    let turn = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x);
                    assert!(turn > 0.0, "{sides}: turn {turn} at vertex {}", i + 1);
                    // The origin inside, at least MARGIN × circumradius from the edge's line.
                    let (ex, ey) = (q.x - p.x, q.y - p.y);
                    // (left of the edge: e × (o − p) > 0)
                    let distance = (ey * p.x - ex * p.y) / (ex * ex + ey * ey).sqrt();
                    assert!(distance >= MARGIN * far, "{sides}: origin {distance} from edge {i}");
                    // No two edges within MIN_SIN of parallel.
                    for j in i + 1..sides {
                        let (s, t) = (v[j], v[(j + 1) % sides]);
                        let (fx, fy) = (t.x - s.x, t.y - s.y);
                        let sin = (ex * fy - ey * fx) / ((ex * ex + ey * ey) * (fx * fx + fy * fy)).sqrt();
                        assert!(sin.abs() > MIN_SIN, "{sides}: edges {i} and {j}, sin {sin}");
                    }
                }
            }
        }
    }

    /// Two draws differ (no fixed template), and a 4-gon is no parallelogram.
    #[test]
    fn polygons_are_irregular() {
        let mut rng = Rng::new(99);
        let a = polygon(&mut rng, 4);
        let b = polygon(&mut rng, 4);
        assert_ne!(a, b);
        // A parallelogram's diagonals bisect each other: here their midpoints differ.
        assert!(((a[0] + a[2]) - (a[1] + a[3])).length() > 1e-3);
    }

    #[test]
    fn inner_radius_of_a_square() {
        let square =
            [DVec2::new(1.0, 0.0), DVec2::new(0.0, 1.0), DVec2::new(-1.0, 0.0), DVec2::new(0.0, -1.0)];
        assert!((inner_radius(&square) - 0.5f64.sqrt()).abs() < 1e-12);
        let shifted: Vec<DVec2> = square.iter().map(|&p| p + DVec2::new(0.5, 0.0)).collect();
        assert!((inner_radius(&shifted) - 0.5 * 0.5f64.sqrt()).abs() < 1e-12);
    }
}
