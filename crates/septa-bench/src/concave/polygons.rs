//! The concave section's geometry: random simple polygons of two families, and boxes placed
//! over a concave shape.
//!
//! ```text
//!   star                               terrain
//!        .   /\                         /\    _/\        /\__
//!    \  / \_/  \__/|                   /  \__/   \  /\__/    \/\_
//!   _/ (origin)    /                  |           \/            |
//!   \_   .   _/\  <                   |_________________________|
//!     \/\_/\/   \/                     flat bottom, heights a random walk
//! ```
//!
//! Both are simple by construction, whatever the random numbers: a star's corners go round its
//! centre at strictly increasing angles, less than half a turn apart, so each edge stays in its
//! own wedge; a terrain's top is the graph of a function (x strictly decreasing along it) above
//! a flat bottom. The tests check that with a brute-force test of every pair of edges.

use glam::{DVec2, Vec2};

use crate::workload::Rng;

/// The polygon families of the decomposition sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Corners at jittered, evenly spaced angles around the origin, radii uniform in
    /// `[0.35, 1]`: spiky, about half the corners reflex, no structure to exploit.
    Star,
    /// A strip: a flat bottom `[0, n] × {0}` under a top of `n − 2` corners at jittered,
    /// evenly spaced x whose heights take a random walk: long runs, valleys and peaks, like a
    /// level's ground.
    Terrain,
}

impl Family {
    /// A random polygon of this family with `n` corners (counter-clockwise).
    pub fn polygon(self, n: usize, rng: &mut Rng) -> Vec<DVec2> {
        match self {
            Family::Star => star(n, rng),
            Family::Terrain => terrain(n, 0.6, rng),
        }
    }
}

/// A random star-shaped polygon of `n ≥ 4` corners about the origin, counter-clockwise: corner
/// `k` at angle `(k + j) · 2π/n` with `j` uniform in `[−0.35, 0.35]`, radius uniform in
/// `[0.35, 1]`. Consecutive angles differ by at most `1.7 · 2π/n < π`, so every edge keeps to
/// its own wedge and no two edges meet but at shared corners.
pub fn star(n: usize, rng: &mut Rng) -> Vec<DVec2> {
    assert!(n >= 4, "a star needs 4 corners or more");
    let step = core::f64::consts::TAU / n as f64;
    (0..n)
        .map(|k| {
            let angle = (k as f64 + rng.uniform(-0.35, 0.35)) * step;
            DVec2::from_angle(angle) * rng.uniform(0.35, 1.0)
        })
        .collect()
}

/// A random terrain strip of `n ≥ 4` corners, counter-clockwise: the bottom corners `(0, 0)`
/// and `(w, 0)` with `w = n − 1`, then `n − 2` top corners from right to left at x = `w − k −
/// j` (k = 1…n−2, j uniform in `[−0.35, 0.35]`), heights a random walk of steps uniform in
/// `[−step, step]` kept within `[0.5, 4]`. The top is the graph of a function above the bottom.
pub fn terrain(n: usize, step: f64, rng: &mut Rng) -> Vec<DVec2> {
    assert!(n >= 4, "a terrain needs 4 corners or more");
    let w = (n - 1) as f64;
    let mut points = vec![DVec2::new(0.0, 0.0), DVec2::new(w, 0.0)];
    let mut height = rng.uniform(1.0, 3.0);
    for k in 1..n - 1 {
        height = (height + rng.uniform(-step, step)).clamp(0.5, 4.0);
        points.push(DVec2::new(w - k as f64 - rng.uniform(-0.35, 0.35), height));
    }
    points
}

/// The points rounded to f32 (what septa is given).
pub fn to_f32(points: &[DVec2]) -> Vec<Vec2> {
    points.iter().map(|p| p.as_vec2()).collect()
}

/// One box of the collide set, in the concave shape's local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// The box's centre.
    pub center: DVec2,
    /// Its rotation (radians).
    pub angle: f64,
    /// Its half extents.
    pub half_extents: DVec2,
    /// Was it placed at a seam (a corner where a cut meets the outline)?
    pub at_seam: bool,
}

/// Boxes placed over the outline of a polygon (counter-clockwise): each at a point of the
/// outline, a third of them at one of `seams` (outline corners where a cut between pieces
/// ends) and the rest uniform by length along the outline, moved along the outward normal
/// there by `s` uniform in `[−1, 1]` (negative: into the polygon), turned at random, half
/// extents uniform in `[0.15, 0.6]`. So some lie across seams, some sink deep, some stand
/// apart (in a valley's mouth, off a slope).
pub fn place_boxes(outline: &[DVec2], seams: &[usize], count: usize, rng: &mut Rng) -> Vec<Placement> {
    let n = outline.len();
    let edge = |i: usize| (outline[i], outline[(i + 1) % n]);
    let normal = |i: usize| {
        let (a, b) = edge(i);
        let e = (b - a).normalize();
        DVec2::new(e.y, -e.x)
    };
    let lengths: Vec<f64> = (0..n).map(|i| edge(i).0.distance(edge(i).1)).collect();
    let perimeter: f64 = lengths.iter().sum();
    (0..count)
        .map(|_| {
            let at_seam = !seams.is_empty() && rng.unit() < 1.0 / 3.0;
            let (point, outward) = if at_seam {
                let v = seams[(rng.next_u64() % seams.len() as u64) as usize];
                let mean = normal((v + n - 1) % n) + normal(v);
                (outline[v], mean.try_normalize().unwrap_or(normal(v)))
            } else {
                let mut s = rng.uniform(0.0, perimeter);
                let mut i = 0;
                while i + 1 < n && s > lengths[i] {
                    s -= lengths[i];
                    i += 1;
                }
                let (a, b) = edge(i);
                (a + (b - a) * (s / lengths[i]).min(1.0), normal(i))
            };
            Placement {
                center: point + outward * rng.uniform(-1.0, 1.0),
                angle: rng.uniform(0.0, core::f64::consts::TAU),
                half_extents: DVec2::new(rng.uniform(0.15, 0.6), rng.uniform(0.15, 0.6)),
                at_seam,
            }
        })
        .collect()
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// Twice the signed area (positive: counter-clockwise).
    fn doubled_area(points: &[DVec2]) -> f64 {
        let n = points.len();
        (0..n).map(|i| points[i].perp_dot(points[(i + 1) % n])).sum()
    }

    /// Do the closed segments `ab` and `cd` meet? (Plain orientation tests in f64; the
    /// generators' points are far from degenerate.)
    fn segments_meet(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> bool {
        let turn = |p: DVec2, q: DVec2, r: DVec2| (q - p).perp_dot(r - p);
        let on = |p: DVec2, q: DVec2, r: DVec2| {
            turn(p, q, r) == 0.0 && r.cmpge(p.min(q)).all() && r.cmple(p.max(q)).all()
        };
        let (d1, d2) = (turn(a, b, c), turn(a, b, d));
        let (d3, d4) = (turn(c, d, a), turn(c, d, b));
        (d1 * d2 < 0.0 && d3 * d4 < 0.0) || on(a, b, c) || on(a, b, d) || on(c, d, a) || on(c, d, b)
    }

    /// Is the closed polygon simple: no two edges meet, but consecutive ones at their shared
    /// corner (brute force over every pair of edges), and no corner repeated?
    pub fn is_simple(points: &[DVec2]) -> bool {
        let n = points.len();
        for i in 0..n {
            for j in i + 1..n {
                if points[i] == points[j] {
                    return false;
                }
                let consecutive = j == i + 1 || (i == 0 && j == n - 1);
                let (a, b) = (points[i], points[(i + 1) % n]);
                let (c, d) = (points[j], points[(j + 1) % n]);
                if consecutive {
                    // They share one corner; they may not overlap along a line.
                    let shared = if j == i + 1 { b } else { a };
                    let (p, q) = if j == i + 1 { (a, d) } else { (b, c) };
                    let (u, v) = (p - shared, q - shared);
                    if u.perp_dot(v) == 0.0 && u.dot(v) > 0.0 {
                        return false;
                    }
                } else if segments_meet(a, b, c, d) {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn the_brute_force_check_catches_crossings() {
        let p = |x, y| DVec2::new(x, y);
        assert!(is_simple(&[p(0.0, 0.0), p(2.0, 0.0), p(2.0, 2.0), p(0.0, 2.0)]));
        // A bow tie, and a square whose fourth corner touches its first edge.
        assert!(!is_simple(&[p(0.0, 0.0), p(2.0, 2.0), p(2.0, 0.0), p(0.0, 2.0)]));
        assert!(!is_simple(&[p(0.0, 0.0), p(2.0, 0.0), p(2.0, 2.0), p(1.0, 0.0)]));
        // A spike doubling back along its own edge.
        assert!(!is_simple(&[p(0.0, 0.0), p(2.0, 0.0), p(1.0, 0.0), p(1.0, 1.0)]));
    }

    #[test]
    fn generated_polygons_are_simple_and_counter_clockwise() {
        let mut rng = Rng::new(99);
        for family in [Family::Star, Family::Terrain] {
            for n in [4, 5, 9, 30, 100, 300] {
                for _ in 0..20 {
                    let points = family.polygon(n, &mut rng);
                    assert_eq!(points.len(), n);
                    assert!(doubled_area(&points) > 0.0, "{family:?} {n}: clockwise");
                    assert!(is_simple(&points), "{family:?} {n}: not simple: {points:?}");
                    // As septa sees them, in f32.
                    let rounded: Vec<DVec2> = to_f32(&points).iter().map(|p| p.as_dvec2()).collect();
                    assert!(is_simple(&rounded), "{family:?} {n}: not simple in f32");
                }
            }
        }
        // A steep terrain too (the collide set's walk).
        for _ in 0..20 {
            assert!(is_simple(&terrain(50, 1.5, &mut rng)));
        }
    }

    #[test]
    fn reflex_corners_are_many() {
        // Not tuned to be easy: about half a star's corners are reflex, and a good share of a
        // terrain's.
        let reflex = |points: &[DVec2]| {
            let n = points.len();
            (0..n)
                .filter(|&i| {
                    let (a, b, c) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
                    (b - a).perp_dot(c - b) < 0.0
                })
                .count()
        };
        let mut rng = Rng::new(5);
        let star_share = reflex(&star(1000, &mut rng)) as f64 / 1000.0;
        let terrain_share = reflex(&terrain(1000, 0.6, &mut rng)) as f64 / 1000.0;
        assert!((0.35..0.65).contains(&star_share), "{star_share}");
        assert!((0.3..0.65).contains(&terrain_share), "{terrain_share}");
    }

    #[test]
    fn boxes_lie_around_the_outline() {
        let mut rng = Rng::new(3);
        let outline = terrain(30, 1.0, &mut rng);
        let boxes = place_boxes(&outline, &[3, 7], 3000, &mut rng);
        let seams = boxes.iter().filter(|b| b.at_seam).count() as f64 / 3000.0;
        assert!((0.28..0.38).contains(&seams), "{seams}");
        for b in &boxes {
            // Within 1 of the outline (its centre moved at most 1 from an outline point).
            let n = outline.len();
            let distance = (0..n)
                .map(|i| {
                    let (p, q) = (outline[i], outline[(i + 1) % n]);
                    let t = ((b.center - p).dot(q - p) / (q - p).length_squared()).clamp(0.0, 1.0);
                    b.center.distance(p + (q - p) * t)
                })
                .fold(f64::INFINITY, f64::min);
            assert!(distance <= 1.0 + 1e-9, "{distance}");
            assert!(b.half_extents.min_element() >= 0.15 && b.half_extents.max_element() <= 0.6);
        }
    }
}
