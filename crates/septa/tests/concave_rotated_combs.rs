//! Combs turned by any angle: tooth roots a few ulps off the line through them.
//!
//! A comb's base passes straight through the roots of its teeth. Turned and rounded to f32, the
//! roots lie a hair off one line; the decomposition, which decides convexity exactly, closed
//! the roots that turn right in a sliver piece of their own, and `ConvexPolygon::new`, which
//! drops corners within `COLLINEAR_TOLERANCE` of a line, refused it: 139 of 628 turns (steps of
//! 0.01 rad) of a 4-tooth comb failed with `ConcaveError::Piece { .. ZeroArea }` (found by an
//! adversarial sweep). Expected here, from f64 arithmetic on the same input numbers: every turn
//! builds, the pieces' areas sum to the outline's, and points inside and outside the outline
//! (even-odd test) are answered so by `overlaps`.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use septa::concave::{overlaps, ConcavePolygon};
use septa::{Circle, Pose, Real, Vector};

/// A comb of `teeth` teeth, 0.4 wide and 1.0 tall, on a base 0.3 tall, counter-clockwise.
fn comb(teeth: usize) -> Vec<[f64; 2]> {
    let width = 1.0 * teeth as f64 - 0.6;
    let mut points = vec![[0.0, 0.0], [width, 0.0]];
    for t in (0..teeth).rev() {
        let right = 1.0 * t as f64 + 0.4;
        let left = 1.0 * t as f64;
        points.extend([[right, 1.3], [left, 1.3]]);
        if t > 0 {
            points.extend([[left, 0.3], [left - 0.6, 0.3]]);
        }
    }
    // (The last tooth's left side runs down to the origin.)
    points
}

/// `points` turned by `angle` about the origin in f64, then rounded to f32 (as a user's f32
/// data would be).
fn turned(points: &[[f64; 2]], angle: f64) -> Vec<[f64; 2]> {
    let (s, c) = angle.sin_cos();
    points.iter().map(|&[x, y]| [((c * x - s * y) as f32) as f64, ((s * x + c * y) as f32) as f64]).collect()
}

fn area(points: &[[f64; 2]]) -> f64 {
    let n = points.len();
    0.5 * (0..n)
        .map(|i| points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1])
        .sum::<f64>()
}

/// Even-odd test on the outline.
fn inside(points: &[[f64; 2]], q: [f64; 2]) -> bool {
    let n = points.len();
    let mut odd = false;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        if (a[1] > q[1]) != (b[1] > q[1]) {
            let x = a[0] + (q[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if q[0] < x {
                odd = !odd;
            }
        }
    }
    odd
}

fn distance_to_outline(points: &[[f64; 2]], q: [f64; 2]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            let (ex, ey) = (b[0] - a[0], b[1] - a[1]);
            let t = (((q[0] - a[0]) * ex + (q[1] - a[1]) * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
            ((a[0] + t * ex - q[0]).powi(2) + (a[1] + t * ey - q[1]).powi(2)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn turned_combs_build_and_their_pieces_cover_the_outline() {
    for teeth in [3, 4, 6] {
        let base = comb(teeth);
        assert!(area(&base) > 0.0, "the comb runs counter-clockwise");
        for k in 0..628 {
            let outline = turned(&base, 0.01 * k as f64);
            let vectors: Vec<Vector> =
                outline.iter().map(|&[x, y]| Vector::new(x as Real, y as Real)).collect();
            let shape = ConcavePolygon::new(&vectors)
                .unwrap_or_else(|e| panic!("{teeth} teeth turned by {:.2} rad: {e}", 0.01 * k as f64));
            let pieces: f64 = shape
                .pieces()
                .iter()
                .map(|p| {
                    area(&p.polygon().vertices().iter().map(|v| [v.x as f64, v.y as f64]).collect::<Vec<_>>())
                })
                .sum();
            let whole = area(&outline);
            assert!(
                (pieces - whole).abs() <= 1e-6 * whole,
                "{teeth} teeth, turn {k}: pieces {pieces} against the outline's {whole}"
            );
            // Probes on a grid (the tooth roots included), well inside or well outside.
            for i in 0..=16 {
                for j in 0..=12 {
                    let q = turned(
                        &[[-0.2 + (teeth as f64 + 0.4) * i as f64 / 16.0, -0.2 + 1.7 * j as f64 / 12.0]],
                        0.01 * k as f64,
                    )[0];
                    let r = 0.01;
                    if distance_to_outline(&outline, q) < 2.0 * r {
                        continue;
                    }
                    let probe = Circle::new(Vector::ZERO, r as Real).unwrap();
                    let at = Pose::from_translation(Vector::new(q[0] as Real, q[1] as Real));
                    assert_eq!(
                        overlaps(&shape, Pose::IDENTITY, &probe, at),
                        inside(&outline, q),
                        "{teeth} teeth, turn {k}, probe at {q:?}"
                    );
                }
            }
        }
    }
}
