//! A quick verdict for polyhedra that are near but perhaps apart: a search over directions of
//! the Minkowski difference `D = a − b`, GJK's boolean form, done with the hulls' supports.
//!
//! The shapes overlap exactly when the origin lies in `D`. Along any direction `d`, `D` reaches
//! no further than `h(d) = max over a of d·p − min over b of d·q`, one support of each shape:
//!
//! ```text
//!             a               b           h(d) < 0: a's shadow on d ends before b's begins,
//!         +-------+       +-------+        so d is a separating axis, whether or not it is
//!    d →  |       |  gap  |       |        one of SAT's candidates (a face normal or an edge
//!         +-------+ <---> +-------+        pair's cross product)
//! ```
//!
//! So any direction with `h(d) < 0` proves the shapes apart. SAT must find one of its
//! candidate axes to prove it, and for pairs whose bounding spheres meet but whose hulls do not
//! that means measuring many faces and walking edge pairs; GJK steers towards a separating
//! direction in a few support queries instead, whatever the size of the hulls. Its simplex of
//! points of `D` (their differences of supports) also proves an overlap once it encloses the
//! origin: four points of `D` span a tetrahedron inside `D`.
//!
//! Both proofs are exact only up to rounding, so each must hold by a margin:
//!
//! - apart: `h(d) < −margin · |d|`, the margin covering the rounding of the supports (a support
//!   found in rounded arithmetic lies within rounding of the highest) and of the placement;
//! - overlapping: the origin inside the tetrahedron by more than that margin, measured in f64
//!   from the points as rounded. Each point lies within the margin of a true point of `D`, and a
//!   tetrahedron whose corners move by at most δ still holds the ball of radius `r − δ` about a
//!   point it held by `r` (a fixed-point argument), so the true `D` holds the origin inside.
//!
//! Anything else (a pair within rounding of touching, a degenerate simplex, too many steps, or
//! shapes so tiny or huge, below about 1e-12 or above 1e15 across, that the squares the search
//! compares leave the range of normal numbers; in `f32` the simplex's cross products, which
//! scale as the cube of the size, overflow above about 1e12) is left undecided, for the SAT
//! queries to answer as they always have.

use crate::pose::Frame;
use crate::{ConvexHull, Real, Vector};
use glam::DVec3;

/// Steps before the search gives up and leaves the pair to SAT. Random near pairs settle in
/// three to six; pairs within rounding of touching can cycle.
const MAX_STEPS: usize = 16;

/// A direction is used when its length times the shapes' size lies between `2^−40` and `2^50`
/// (these bounds squared, [`in_scale`]): then no product in a support query, in `reach` or in
/// its square comes near overflow, nor near the subnormal numbers where rounding stops being
/// relative, in `f32` as in `f64`.
const SCALE2: (Real, Real) = (1.0 / (1u128 << 80) as Real, (1u128 << 100) as Real);

/// Is `scale2`, a direction's squared length times the shapes' squared size, in [`SCALE2`]?
#[inline(always)]
fn in_scale(scale2: Real) -> bool {
    (SCALE2.0..=SCALE2.1).contains(&scale2)
}

/// `towards` turned into a unit direction, with its [`SCALE2`] measure, for a direction whose
/// own length is out of scale (the simplex steps' cross products scale their directions by up
/// to the cube of the shapes' size, which for tiny or huge shapes goes towards underflow or
/// overflow); `None` where the unit direction is out of scale too (then the shapes are so
/// tiny or huge that the search leaves them to SAT), or `towards` is zero or not a number (the
/// origin on the simplex: touching, or degenerate). Divided by its largest component first, so
/// that its square neither underflows nor overflows. (Any direction is as good a proof of
/// being apart as any other, by the margin; a direction made of rounding only wastes a step.)
#[cold]
#[inline(never)]
fn unit(towards: Vector, size2: Real) -> Option<(Vector, Real)> {
    let largest = towards.abs().max_element();
    let usable = largest.is_finite() && largest > 0.0 && in_scale(size2);
    usable.then(|| {
        let towards = towards * (1.0 / largest);
        (towards * (1.0 / towards.length()), size2)
    })
}

/// The margin for rounding, as a fraction of the shapes' size (module docs).
const MARGIN: Real = 64.0 * Real::EPSILON;

/// What the search proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// A direction along which the shadows are apart by more than rounding.
    Apart,
    /// A tetrahedron of points of `a − b` holding the origin by more than rounding.
    Overlapping,
    /// Neither, within the steps allowed: ask SAT.
    Undecided,
}

/// The supports of both shapes, each climbed from where its last climb ended on large hulls.
struct Supports<'h> {
    a: &'h ConvexHull,
    b: &'h ConvexHull,
    b_in_a: &'h Frame,
    at_a: u32,
    at_b: u32,
}

impl Supports<'_> {
    /// The point of `D = a − b` furthest along `d` (a's frame): a's highest vertex less b's
    /// lowest, b's measured in its own frame along the turned direction.
    #[inline(always)]
    fn of(&mut self, d: Vector) -> Vector {
        // Rᵀ d, a column at a time (no transposed matrix built).
        let r = &self.b_in_a.rotation;
        let m = Vector::new(r.x_axis.dot(d), r.y_axis.dot(d), r.z_axis.dot(d));
        self.at_a = highest(self.a, d, self.at_a);
        self.at_b = highest(self.b, -m, self.at_b);
        let p = self.a.vertices()[self.at_a as usize];
        let q = self.b_in_a.apply(self.b.vertices()[self.at_b as usize]);
        p - q
    }
}

/// A highest vertex of `hull` along `d`: a climb from `start` on hulls that climb, else a scan,
/// four vertices at a time past two groups of four. (On two groups the plain scan, inlined, is
/// faster by the clock than the lanes' call and second pass, although it counts more
/// instructions: hull8-30 % `overlaps` 172 against 179 ns in alternating runs.)
#[inline(always)]
fn highest(hull: &ConvexHull, d: Vector, start: u32) -> u32 {
    if hull.is_climbable() {
        hull.support_from(d, start)
    } else if hull.vertices().len() > 8 {
        hull.support_lanes(d)
    } else {
        hull.support_scan(d)
    }
}

/// `(u × v) × u`: the part of `v` square to `u`, scaled by `|u|²`.
#[inline(always)]
fn square_to(u: Vector, v: Vector) -> Vector {
    u.cross(v).cross(u)
}

/// Are `a` and `b` (placed in a's frame by `b_in_a`) apart, overlapping, or too close to tell by
/// this search? See the module docs.
///
/// Kept out of line: the callers answer most overlapping pairs before it, and inlined it would
/// cost them its stack frame.
#[inline(never)]
pub(crate) fn verdict(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame) -> Verdict {
    let b_centre = b_in_a.apply(b.centroid());
    // Every vertex lies within its hull's bounding radius of the centroid; the placed points
    // of D are differences of such, so their rounding is a few ulps of this size.
    let size = a.centroid().length()
        + a.bounding_radius()
        + b.centroid().length()
        + b.bounding_radius()
        + b_in_a.translation.length();
    let margin = MARGIN * size;
    let size2 = size * size;
    let mut supports = Supports { a, b, b_in_a, at_a: 0, at_b: 0 };

    // The first direction: from a's centroid towards b's, the line the shapes most likely
    // part along. D holds `a.centroid() − b_centre`; the origin lies the other way.
    let mut towards = b_centre - a.centroid();
    let mut simplex = [Vector::ZERO; 4];
    let mut n = 0;
    for _ in 0..MAX_STEPS {
        // The direction as it comes, where its length is in scale: the supports along it are
        // those along the unit direction, and `reach` is the reach along that times the
        // length, compared with the margin times the length by their squares. Turned into a
        // unit direction first (a root and a division), it held up every support query by
        // their latency: `overlaps` on the bench's hull8-30 % pairs took 122 ns a call, 90
        // without (`icount3d`: 124; 106 with the root still taken for the tests below, 87
        // without). Otherwise (the simplex steps' cross products scale their directions by up
        // to the cube of the shapes' size, which for tiny or huge shapes goes towards
        // underflow or overflow) a unit direction, from a function kept out of the loop.
        let length2 = towards.length_squared();
        let (d, scale2) = match length2 * size2 {
            scale2 if length2 > Real::MIN_POSITIVE && in_scale(scale2) => (towards, scale2),
            _ => match unit(towards, size2) {
                Some(unit) => unit,
                None => return Verdict::Undecided,
            },
        };
        let w = supports.of(d);
        let reach = d.dot(w);
        // |reach| > margin |d|, by the squares: (margin |d|)² = MARGIN² (size |d|)², in scale.
        if reach * reach <= MARGIN * MARGIN * scale2 {
            return Verdict::Undecided; // D reaches the origin only within rounding along d
        }
        if reach < 0.0 {
            return Verdict::Apart;
        }
        simplex[n] = w;
        n += 1;
        match next(&mut simplex, &mut n) {
            Some(next_towards) => towards = next_towards,
            None => {
                return if encloses(&simplex, margin) { Verdict::Overlapping } else { Verdict::Undecided }
            }
        }
    }
    Verdict::Undecided
}

/// GJK's simplex step: the newest point is `simplex[n − 1]`, and it lies beyond the origin
/// along the last direction. Keeps the smallest part of the simplex nearest the origin (the
/// regions of the newest point's line, triangle or faces) and returns the direction from it
/// towards the origin, or `None` when a tetrahedron holds the origin.
#[inline]
fn next(simplex: &mut [Vector; 4], n: &mut usize) -> Option<Vector> {
    match *n {
        1 => Some(-simplex[0]),
        2 => {
            let (b, a) = (simplex[0], simplex[1]);
            let (ab, ao) = (b - a, -a);
            if ab.dot(ao) > 0.0 {
                Some(square_to(ab, ao))
            } else {
                simplex[0] = a;
                *n = 1;
                Some(ao)
            }
        }
        3 => Some(triangle(simplex, n)),
        _ => {
            // The origin lies beyond the base bcd towards a (a passed it); look through the
            // three faces through a.
            let (d, c, b, a) = (simplex[0], simplex[1], simplex[2], simplex[3]);
            let ao = -a;
            for (p, q, r) in [(b, c, d), (c, d, b), (d, b, c)] {
                // Face a p q, with r the corner off it.
                let normal = (p - a).cross(q - a);
                let outward = if normal.dot(r - a) > 0.0 { -normal } else { normal };
                if outward.dot(ao) > 0.0 {
                    // Beyond this face: continue from the triangle (q, p, a), a newest.
                    *simplex = [q, p, a, Vector::ZERO];
                    *n = 3;
                    return Some(triangle(simplex, n));
                }
            }
            None
        }
    }
}

/// The triangle case of [`next`]: `simplex[0..3]` with `simplex[2]` newest.
#[inline]
fn triangle(simplex: &mut [Vector; 4], n: &mut usize) -> Vector {
    let (c, b, a) = (simplex[0], simplex[1], simplex[2]);
    let (ab, ac, ao) = (b - a, c - a, -a);
    let abc = ab.cross(ac);
    let line = |simplex: &mut [Vector; 4], n: &mut usize, far: Vector, edge: Vector| {
        // The region of edge a–far if the origin lies along it, else of a alone.
        if edge.dot(ao) > 0.0 {
            *simplex = [far, a, Vector::ZERO, Vector::ZERO];
            *n = 2;
            square_to(edge, ao)
        } else {
            *simplex = [a, Vector::ZERO, Vector::ZERO, Vector::ZERO];
            *n = 1;
            ao
        }
    };
    if abc.cross(ac).dot(ao) > 0.0 {
        if ac.dot(ao) > 0.0 {
            *simplex = [c, a, Vector::ZERO, Vector::ZERO];
            *n = 2;
            square_to(ac, ao)
        } else {
            line(simplex, n, b, ab)
        }
    } else if ab.cross(abc).dot(ao) > 0.0 {
        line(simplex, n, b, ab)
    } else if abc.dot(ao) > 0.0 {
        abc // above the triangle: keep it as it is
    } else {
        // Below: the same triangle, wound the other way, so that its normal faces the origin.
        *simplex = [b, c, a, Vector::ZERO];
        -abc
    }
}

/// Does the tetrahedron `simplex` hold the origin by more than `margin` from each face? In
/// f64 from the points as rounded (module docs).
fn encloses(simplex: &[Vector; 4], margin: Real) -> bool {
    let p = simplex.map(|v| DVec3::new(v.x as f64, v.y as f64, v.z as f64));
    let margin = margin as f64;
    [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)].iter().all(|&(i, j, k, l)| {
        let normal = (p[j] - p[i]).cross(p[k] - p[i]);
        let (origin, corner) = (-normal.dot(p[i]), normal.dot(p[l] - p[i]));
        // The origin on the corner's side of the face, further than the margin from it (and so
        // the corner further still: a flat tetrahedron holds nothing).
        let reach = margin * normal.length();
        corner.abs() > reach && origin * corner.signum() > reach
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pose, Rotation};

    /// Two cubes of half extent `h`, the second turned about a skew axis and moved `gap` beyond
    /// touching along x (where the turned cube reaches `reach_x` along x).
    fn cubes(h: Real, offset: Real) -> (ConvexHull, ConvexHull, Frame) {
        let cube = ConvexHull::cuboid(Vector::splat(h));
        let turn = Rotation::from_axis_angle(Vector::new(1.0, 2.0, 3.0).normalize(), 0.7);
        let pose_b = Pose::new(Vector::new(offset, 0.3 * h, -0.2 * h), turn);
        let (b_in_a, _) = Frame::between(&Pose::IDENTITY, &pose_b);
        (cube.clone(), cube, b_in_a)
    }

    #[test]
    fn decides_far_apart_and_deep_pairs_at_every_scale_it_claims() {
        // Along x the turned cube reaches at most h√3 from its centre, so an offset of
        // h (1 + √3) + h/2 leaves a gap of at least h/2: apart, which the first direction (the
        // centres' offset) shows. An offset of h/2 puts each centre inside the other cube:
        // overlapping, which takes the simplex's steps, whose directions scale as the cube of
        // the size (in f32 they overflow above about 1e12). Either way far beyond rounding, so
        // the search must decide, with or without a unit direction.
        #[cfg(not(feature = "f64"))]
        let (apart_scales, deep_scales) = ([1e-11, 1e-6, 1.0, 1e6, 1e14], [1e-11, 1e-6, 1.0, 1e6, 1e11]);
        #[cfg(feature = "f64")]
        let (apart_scales, deep_scales) = ([1e-11, 1e-6, 1.0, 1e6, 1e14], [1e-11, 1e-6, 1.0, 1e6, 1e14]);
        for h in apart_scales {
            let (a, b, apart) = cubes(h, h * (1.0 + 1.8) + 0.5 * h);
            assert_eq!(verdict(&a, &b, &apart), Verdict::Apart, "half extent {h:e}");
        }
        for h in deep_scales {
            let (a, b, deep) = cubes(h, 0.5 * h);
            assert_eq!(verdict(&a, &b, &deep), Verdict::Overlapping, "half extent {h:e}");
        }
    }

    #[test]
    fn leaves_shapes_beyond_its_scale_to_sat() {
        // Below about 1e-12 across, the squares the search compares leave the normal numbers:
        // it answers nothing rather than something rounding made up.
        for h in [1e-15, 1e-14] {
            let (a, b, apart) = cubes(h, h * (1.0 + 1.8) + 0.5 * h);
            assert_eq!(verdict(&a, &b, &apart), Verdict::Undecided, "half extent {h:e}");
        }
    }
}
