//! The one geometric question decomposition asks, answered exactly: which way does a turn go?
//!
//! Every decision about a polygon's outline (is a vertex reflex? do two edges cross? does a
//! diagonal stay inside?) is the sign of the orientation determinant
//!
//! ```text
//!   orient(a, b, c) = (a − c) × (b − c)     > 0: a → b → c turns left (counter-clockwise)
//!                                           = 0: the three points are collinear
//!                                           < 0: it turns right
//! ```
//!
//! Computed in floating point the sign can come out wrong for nearly collinear points, and a
//! decomposition built on inconsistent answers can produce overlapping or non-convex pieces.
//! So the sign is computed the way Shewchuk's adaptive predicates do: the plain f64 formula,
//! trusted when its value clears a bound on its rounding error (almost always), and otherwise
//! the determinant expanded into six products, each split exactly into two f64s, summed as an
//! exact *expansion* whose largest component carries the sign.
//!
//! Input points are f32 or f64 values widened to f64. In the f32 build every product of two
//! coordinates is exact in f64 already; in the f64 build the expansion is exact as long as no
//! product underflows (coordinates above about 1e-145 in magnitude) or overflows (below about
//! 1e150, which [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT) guarantees).

use glam::DVec2;

/// Half an f64 ulp at 1: the unit roundoff.
const EPSILON: f64 = f64::EPSILON * 0.5;

/// Shewchuk's `ccwerrboundA`: when `|det| > BOUND · (|left| + |right|)`, the rounded
/// determinant has the sign of the exact one.
const BOUND: f64 = (3.0 + 16.0 * EPSILON) * EPSILON;

/// Splits an f64 into two halves of 26 bits each (Dekker): `2^27 + 1`.
const SPLITTER: f64 = 134_217_729.0;

/// The orientation of the triangle `a, b, c`: positive when counter-clockwise, negative when
/// clockwise, zero when collinear, with the **exact** sign (see the module docs). The magnitude
/// is the rounded determinant (twice the signed area) when the filter decides, otherwise ±1.
#[inline]
pub(crate) fn orient(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    let left = (a.x - c.x) * (b.y - c.y);
    let right = (a.y - c.y) * (b.x - c.x);
    let det = left - right;
    if det.abs() > BOUND * (left.abs() + right.abs()) {
        return det;
    }
    exact_sign(a, b, c)
}

/// The sign of `orient(a, b, c)` as −1, 0 or 1, exactly.
#[inline]
pub(crate) fn turn(a: DVec2, b: DVec2, c: DVec2) -> i8 {
    let o = orient(a, b, c);
    if o > 0.0 {
        1
    } else if o < 0.0 {
        -1
    } else {
        0
    }
}

/// `a·b` as `x + y` exactly (Dekker's product, no fused multiply-add needed).
#[inline]
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let x = a * b;
    let (a_hi, a_lo) = split(a);
    let (b_hi, b_lo) = split(b);
    let err = x - a_hi * b_hi - a_lo * b_hi - a_hi * b_lo;
    (x, a_lo * b_lo - err)
}

/// `a` as `hi + lo`, each with at most 26 significant bits.
#[inline]
fn split(a: f64) -> (f64, f64) {
    let c = SPLITTER * a;
    let big = c - a;
    let hi = c - big;
    (hi, a - hi)
}

/// `a + b` as `x + y` exactly (Knuth's two-sum).
#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let b_virtual = x - a;
    let a_virtual = x - b_virtual;
    (x, (a - a_virtual) + (b - b_virtual))
}

/// The exact sign of the determinant, written as the sum of six products
/// `ax·by − ay·bx + bx·cy − by·cx + cx·ay − cy·ax` (the `c·c` terms of the translated form
/// cancel), each split into two f64s and added into a growing expansion (Shewchuk's
/// Grow-Expansion): its components stay non-overlapping and increasing in magnitude, so the
/// last non-zero one has the sign of the whole sum.
#[cold]
fn exact_sign(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    let products = [(a.x, b.y), (-a.y, b.x), (b.x, c.y), (-b.y, c.x), (c.x, a.y), (-c.y, a.x)];
    let mut expansion = [0.0f64; 12];
    let mut len = 0;
    for (p, q) in products {
        let (x, y) = two_product(p, q);
        for term in [y, x] {
            let mut carry = term;
            for component in expansion.iter_mut().take(len) {
                let (sum, tail) = two_sum(carry, *component);
                *component = tail;
                carry = sum;
            }
            expansion[len] = carry;
            len += 1;
        }
    }
    expansion[..len].iter().rev().find(|&&e| e != 0.0).map_or(0.0, |&e| e.signum())
}

/// Where the point `p`, known to be collinear with `a` and `b`, lies relative to the closed
/// segment `a`–`b`: on it (ends included) or not. Collinear, so comparing coordinates is exact.
#[inline]
pub(crate) fn on_segment(a: DVec2, b: DVec2, p: DVec2) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Do the closed segments `a`–`b` and `c`–`d` share a point? Exact: crossings, touchings and
/// collinear overlaps all count.
pub(crate) fn segments_meet(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> bool {
    // Bounding boxes first: most pairs are far apart.
    if a.x.max(b.x) < c.x.min(d.x)
        || c.x.max(d.x) < a.x.min(b.x)
        || a.y.max(b.y) < c.y.min(d.y)
        || c.y.max(d.y) < a.y.min(b.y)
    {
        return false;
    }
    let (o1, o2) = (turn(a, b, c), turn(a, b, d));
    if o1 * o2 > 0 {
        return false;
    }
    let (o3, o4) = (turn(c, d, a), turn(c, d, b));
    if o3 * o4 > 0 {
        return false;
    }
    if o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 {
        return true; // a proper crossing
    }
    (o1 == 0 && on_segment(a, b, c))
        || (o2 == 0 && on_segment(a, b, d))
        || (o3 == 0 && on_segment(c, d, a))
        || (o4 == 0 && on_segment(c, d, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearly_collinear_points_get_the_exact_sign() {
        // b is exactly on the line through a and c; nudged by one ulp either way.
        let a = DVec2::new(0.5, 0.5);
        let c = DVec2::new(12.0, 12.0);
        let b = DVec2::new(24.0, 24.0);
        assert_eq!(turn(a, b, c), 0);
        let up = DVec2::new(24.0, f64::from_bits(24.0f64.to_bits() + 1));
        let down = DVec2::new(24.0, f64::from_bits(24.0f64.to_bits() - 1));
        // a → c → (24, 24 + ulp): the point is above the line y = x, a left turn.
        assert_eq!(turn(a, c, up), 1);
        assert_eq!(turn(a, c, down), -1);
    }

    #[test]
    fn exact_path_agrees_with_integer_arithmetic() {
        // Large coordinates whose products round in f64: compare with i128 arithmetic.
        let pts = [
            (1_234_567_891_i64, 987_654_321_i64),
            (-3_000_000_001, 2_999_999_999),
            (4_000_000_003, -1_999_999_997),
            (1_234_567_891 * 2, 987_654_321 * 2),
        ];
        for &(ax, ay) in &pts {
            for &(bx, by) in &pts {
                for &(cx, cy) in &pts {
                    let exact = (ax as i128 - cx as i128) * (by as i128 - cy as i128)
                        - (ay as i128 - cy as i128) * (bx as i128 - cx as i128);
                    let d = |x: i64, y: i64| DVec2::new(x as f64, y as f64);
                    let got = exact_sign(d(ax, ay), d(bx, by), d(cx, cy));
                    assert_eq!(got, exact.signum() as f64);
                }
            }
        }
    }
}
