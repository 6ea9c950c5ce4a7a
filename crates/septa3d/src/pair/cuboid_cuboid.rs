//! Cuboid against cuboid: the fifteen axes in closed form.
//!
//! A cuboid is a convex polyhedron, and [`hull_hull`] answers every query for two of them. But a
//! box is regular enough that each of its candidate axes can be measured with a handful of
//! multiplications, no vertex visited and no Gauss map walked: the classic oriented bounding box
//! test (Gottschalk, 1996), which Box2D and Box3D also build their box manifolds on.
//! The answers are the general path's: the same axes and feature ids, the same separations (up to
//! rounding), the same biases in [`collide`], the same contact points with the same ids (listed
//! in another order, which matters only where the reduction to four points meets a tie).
//!
//! Everything runs in a's frame. b's axes there are the columns of the relative rotation `R`
//! (`R_ij`: how far b's axis `j` points along a's axis `i`), and b's centre is `c`; a's centre in
//! b's frame is `t = −Rᵀc`. A box's shadow on a unit axis `n` is its centre's projection plus or
//! minus its *projection radius*, the half extents weighted by how far each axis leans along `n`:
//!
//! ```text
//!            n ↗                       r = hx |n·x̂| + hy |n·ŷ| + hz |n·ẑ|
//!    +-------/-----+
//!    |      /      |    ● b's centre   gap along n = |c·n| − r_a − r_b
//!    |     o       |   /               (≥ 0: separated; touching is not overlapping)
//!    |   a's centre|  c
//!    +-------------+
//! ```
//!
//! The fifteen candidate axes, in test order:
//!
//! 1. a's face normals `a_i`: `r_a = ha_i` and `r_b = Σ_j hb_j |R_ij|` (a row of `|R|`);
//!    the better of the two faces on the axis is the one b's centre lies beyond;
//! 2. b's face normals `b_j`: `r_b = hb_j`, `r_a = Σ_i ha_i |R_ij|` (a column), `|c·n| = |t_j|`;
//! 3. the nine edge pairs `w = a_i × b_j`, unnormalised. With `(i, i1, i2)` and `(j, j1, j2)`
//!    cyclic, `w` has components `w_i1 = −R_i2j` and `w_i2 = R_i1j` (`|w|` is the sine of the
//!    angle between the edges), so `c·w = c_i2 R_i1j − c_i1 R_i2j` and
//!    `r_a |w| = ha_i1 |R_i2j| + ha_i2 |R_i1j|`, and b leans along `w` by
//!    `b_k·w = a_i·(b_j × b_k)`: the cofactors of `R`, so `r_b |w| = hb_j1 |C_ij2| + hb_j2 |C_ij1|`.
//!    For an exact rotation `C = R`, which is what Gottschalk uses, with an epsilon added to
//!    `|R|`: `R` is orthonormal only to rounding, and divided by a small `|w|` that rounding grows
//!    into a false gap. Here the three cross products `b_j × b_k` are computed once per call as
//!    they are: each cofactor on row `i` is a difference of products of `R_i1j` and `R_i2j`,
//!    which are at most `|w|`, so its rounding shrinks with `|w|`, and the gap divided by `|w|`
//!    is the gap along the axis to rounding, with no epsilon and for nearly parallel edges too.
//!    Parallel edges (`|w|` at most [`PARALLEL_TOLERANCE`]) are skipped, as in the general path.
//!
//! The separation on an axis is the gap divided by `|w|` (1 for face axes); `overlaps` needs only
//! its sign and never normalises. The largest separation over the fifteen is the general
//! path's, whose edge axes are those of the Minkowski faces of `a − b`: for two boxes every
//! pair of edge directions gives two such faces, with normals `±w`, and the better is the one
//! above. As in the general path, bounding spheres that are apart answer `overlaps`, `contact`
//! and `collide` before any axis, and `overlaps` first looks for a common interior point (a
//! centre inside the other box, or the point halfway between the centres inside both), which
//! proves a deep overlap with a few comparisons.
//!
//! The axes are measured three at a time, in the lanes of a [`Vector4`]: a's three face axes
//! (rows of `|R|`), b's three (columns), and the edge pairs of one of a's edge directions
//! against b's three. Each lane does the one-axis formula's operations in the same order, so
//! the numbers are the same to the bit (a unit test holds the two side by side). `contact` and
//! `collide` then pick the best edge pair only if one could matter: when every edge axis's
//! separation is clearly below the better face's (by `EDGE_MARGIN`, checked without roots),
//! no bias ever prefers an edge, and the pair is not sought. And before turning the pair into
//! a's frame at all, bounding spheres clearly apart in the world answer `contact` and
//! `collide` (see `spheres_clearly_apart`).
//!
//! Features are named as the boxes' hulls name them ([`Cuboid::as_hull`], laid out by
//! `ConvexHull::cuboid`: faces +x, −x, +y, −y, +z, −z are 0 to 5), so that [`Axis`], [`SatCache`]
//! and [`FeatureId`] values mean the same features whichever path produced them. An edge axis
//! names the edge of a that is extreme along the normal and the edge of b extreme against it.
//!
//! The manifold of a face contact clips the other box's face most anti-parallel to the reference
//! face against the reference face. Seen from above the reference face, in coordinates `(u, v)`
//! across it and `z` along its outward normal, the reference face is the rectangle
//! `|u| ≤ hu, |v| ≤ hv` and its side planes are lines, so the clipped polygon's corners can be
//! found directly rather than by cutting the polygon four times (see `clip_boxes`). An
//! edge–edge contact is one point midway between the closest points of the two edges.
//! `trace` lists the general path's steps; `time_of_impact` (in [`crate::sweep`]) advances on
//! [`separation`] for every pair.

use glam::Vec4Swizzles;

use super::clip::{clip_faces, deepest_vertex, edge_contact as hull_edge_contact};
use super::gauss_map::PARALLEL_TOLERANCE;
use super::hull_hull::{self, ABSOLUTE_TOLERANCE, RELATIVE_EDGE_TOLERANCE, RELATIVE_FACE_TOLERANCE};
use crate::pose::Frame;
use crate::{
    Axis, Contact, ContactPoint, Cuboid, Feature, FeatureId, Manifold, Matrix, Pose, Real, SatCache,
    Separation, Trace, Vector, Vector4,
};

/// The cuboid hull's face loops (`ConvexHull::cuboid`): vertex `k` has x = ±hx by bit 0, y by
/// bit 1, z by bit 2 (set: +); face `f` is the `+` or `−` face of axis `f / 2`.
static FACE_LOOPS: [[u32; 4]; 6] =
    [[1, 3, 7, 5], [0, 4, 6, 2], [2, 6, 7, 3], [0, 1, 5, 4], [4, 5, 7, 6], [0, 2, 3, 1]];

/// The hull's edge index of each face loop's edge from corner `k` to corner `k + 1`.
static FACE_EDGES: [[u32; 4]; 6] =
    [[0, 1, 2, 3], [4, 5, 6, 7], [6, 8, 1, 9], [10, 3, 11, 4], [11, 2, 8, 5], [7, 9, 0, 10]];

/// The hull's edge along axis `d` at the corner whose other coordinates (axes `d + 1` and
/// `d + 2`, cyclically) have signs given by `corner`: bit 0 set for `−` on axis `d + 1`,
/// bit 1 for `−` on axis `d + 2`.
static EDGE_ALONG: [[u32; 4]; 3] = [[8, 11, 9, 10], [2, 0, 5, 7], [1, 6, 3, 4]];

/// The axis each of the hull's twelve edges runs along.
static EDGE_DIRECTION: [usize; 12] = [1, 2, 1, 2, 2, 1, 2, 1, 0, 0, 0, 0];

/// How far the point `(u, v)` of a face's plane lies beyond the side lines through the face's
/// four loop edges, in loop order (negative: inside), for face `r` with half extents `hu`, `hv`
/// across it (`u` along axis `k + 1`, `v` along `k + 2`, `k` the face's axis). A `+` face's
/// loop runs counter-clockwise in `(u, v)`, starting with the edge at `v = −hv`; a `−` face's
/// runs clockwise, starting with the edge at `u = −hu`.
#[inline(always)]
fn side_distances(r: usize, u: Real, v: Real, hu: Real, hv: Real) -> Vector4 {
    // (right, top, left, bottom) are (u − hu, v − hv, −u − hu, −v − hv): a `+` face's loop
    // order is (bottom, right, top, left), a `−` face's (left, top, right, bottom).
    let (p, q, hp, hq) = if r % 2 == 0 { (v, u, hv, hu) } else { (u, v, hu, hv) };
    Vector4::new(-p, q, p, -q) - Vector4::new(hp, hq, hp, hq)
}

/// The pair seen from a: b's rotation and centre, a's centre seen from b.
struct Pair {
    b_in_a: Frame,
    a_in_b: Frame,
    ha: [Real; 3],
    hb: [Real; 3],
    /// `r[i][j]`: how far b's axis `j` points along a's axis `i`.
    r: [[Real; 3]; 3],
    /// b's centre in a's frame.
    c: [Real; 3],
    /// a's centre in b's frame.
    t: [Real; 3],
}

/// The best (or a separating) edge axis, with the edges that are extreme along it.
#[derive(Clone, Copy)]
struct EdgeAxis {
    i: usize,
    j: usize,
    /// The unit normal in a's frame, from a to b.
    normal: Vector,
    separation: Real,
    /// `|w|²`.
    length2: Real,
    /// a's edge: the signs (`true`: −) of its coordinates on axes `i + 1` and `i + 2`.
    corner_a: [bool; 2],
    /// b's edge: the same, on b's axes `j + 1` and `j + 2`.
    corner_b: [bool; 2],
}

impl EdgeAxis {
    /// The hull edge indices of the two edges.
    #[inline]
    fn edges(&self) -> (u32, u32) {
        let index = |c: [bool; 2]| c[0] as usize + 2 * c[1] as usize;
        (EDGE_ALONG[self.i][index(self.corner_a)], EDGE_ALONG[self.j][index(self.corner_b)])
    }

    #[inline]
    fn axis(&self) -> Axis {
        let (a, b) = self.edges();
        Axis::Edges { a, b }
    }
}

/// The best edge pair as the search finds it: pair `e` (`3 i + j`), `|w|²` and its
/// separation. Most pairs of boxes that reach the edges end on a face all the same, so
/// the axis itself (normal, extreme edges) is made only where it is used
/// ([`Pair::edge_axis`]).
#[derive(Clone, Copy)]
struct EdgeBest {
    e: usize,
    length2: Real,
    separation: Real,
}

/// The nine edge pairs' gaps (times `|w|`) and `|w|²`, row `i` lane `j` for a's edge direction
/// `i` against b's `j` (lane 3 unused).
struct EdgeGaps {
    gaps: [Vector4; 3],
    lengths2: [Vector4; 3],
}

/// How far below the better face's separation (as a fraction of it) every edge axis's must lie
/// for the best edge pair not to be sought: far beyond the rounding of the separations
/// compared, and the biases only ever favour faces.
const EDGE_MARGIN: Real = 1e-3;

impl EdgeGaps {
    /// The first pair (`3 i + j`) whose axis separates.
    #[inline(always)]
    fn separating(&self) -> Option<usize> {
        let bits = |i: usize| (self.gaps[i].cmpge(Vector4::ZERO).bitmask() & 7) << (3 * i);
        let all = bits(0) | bits(1) | bits(2);
        (all != 0).then(|| all.trailing_zeros() as usize)
    }

    /// Is every pair's separation clearly below `floor` (< 0, the better face's), at most
    /// `(1 + EDGE_MARGIN) floor`, so that no bias can prefer its axis to a face? With every gap
    /// negative (none separating) the separation is `gap / |w|`, so the test is
    /// `gap² ≥ (1 + EDGE_MARGIN)² floor² |w|²`, with no root; it holds for parallel pairs
    /// (gap −∞). Any NaN answers no.
    #[inline(always)]
    fn all_below(&self, floor: Real) -> bool {
        let bound = Vector4::splat(floor * floor * (1.0 + EDGE_MARGIN) * (1.0 + EDGE_MARGIN));
        let below = |i: usize| (self.gaps[i] * self.gaps[i]).cmpge(self.lengths2[i] * bound).bitmask() & 7;
        floor < 0.0 && below(0) & below(1) & below(2) == 7
    }
}

/// Are the bounding spheres apart by a clear margin, measured in the world? Then the exact
/// test ([`Pair::spheres_apart`], in a's frame) would find them apart too, and the pair need
/// not be turned into a's frame at all. Turning the centres' offset by a's rotation changes its
/// squared length by a few ulps (a unit quaternion's rotation, rounded), far less than the
/// margin, which also allows for a quaternion off unit length by up to about 2e-4. (Not used
/// by [`overlaps`], whose pairs are mostly settled by a common point, and which the compiler
/// lays out worse with it.)
#[inline(always)]
fn spheres_clearly_apart(a: &Cuboid, pose_a: &Pose, b: &Cuboid, pose_b: &Pose) -> bool {
    let reach = a.as_hull().bounding_radius() + b.as_hull().bounding_radius();
    (pose_b.translation - pose_a.translation).length_squared() > reach * reach * SPHERE_MARGIN
}

/// How much further apart (as a factor on the squared distance) the bounding spheres must be
/// for [`spheres_clearly_apart`].
const SPHERE_MARGIN: Real = 1.001;

/// The best face of each box and the best edge pair.
struct Queries {
    face_a: (u32, Real),
    face_b: (u32, Real),
    edge: Option<EdgeBest>,
}

/// `±1`: the sign of a face's outward normal along its axis (even faces `+`).
#[inline(always)]
fn face_sign(face: u32) -> Real {
    if face % 2 == 0 {
        1.0
    } else {
        -1.0
    }
}

/// The unit vector along axis `k`, times `s`.
#[inline(always)]
fn along(k: usize, s: Real) -> Vector {
    let mut v = [0.0; 3];
    v[k] = s;
    Vector::from_array(v)
}

/// How far `b` turns from `a` in the plane of their first two lanes (`a × b`, upwards).
#[inline(always)]
fn perp_dot(a: Vector4, b: Vector4) -> Real {
    a.x * b.y - a.y * b.x
}

/// `v` in four lanes, the fourth zero: three axes tested at once.
#[inline(always)]
fn lanes(v: Vector) -> Vector4 {
    v.extend(0.0)
}

impl Pair {
    #[inline(always)]
    fn new(a: &Cuboid, pose_a: &Pose, b: &Cuboid, pose_b: &Pose) -> Pair {
        let (b_in_a, a_in_b) = Frame::between(pose_a, pose_b);
        let m = b_in_a.rotation;
        let r = [
            [m.x_axis.x, m.y_axis.x, m.z_axis.x],
            [m.x_axis.y, m.y_axis.y, m.z_axis.y],
            [m.x_axis.z, m.y_axis.z, m.z_axis.z],
        ];
        Pair {
            b_in_a,
            a_in_b,
            ha: a.half_extents().to_array(),
            hb: b.half_extents().to_array(),
            r,
            c: b_in_a.translation.to_array(),
            t: a_in_b.translation.to_array(),
        }
    }

    /// Are the bounding spheres apart? Then so are the boxes (the general path's first test).
    #[inline(always)]
    fn spheres_apart(&self, a: &Cuboid, b: &Cuboid) -> bool {
        let reach = a.as_hull().bounding_radius() + b.as_hull().bounding_radius();
        self.b_in_a.translation.length_squared() > reach * reach
    }

    /// A witness of overlap, as the general path looks for one: b's centre inside a, a's
    /// inside b, or the point halfway between them inside both, each by more than a rounding
    /// margin (`64 ε` times the box's and the point's size). Deep overlaps, the common case at
    /// rest, are then proved by a few comparisons instead of fifteen axes.
    #[inline(always)]
    fn common_point(&self, a: &Cuboid, b: &Cuboid) -> bool {
        let inside = |p: Vector, h: [Real; 3], radius: Real| {
            let margin = 64.0 * Real::EPSILON * (radius + p.length());
            (p.abs() - Vector::from_array(h)).max_element() < -margin
        };
        let (c, t) = (Vector::from_array(self.c), Vector::from_array(self.t));
        let (ra, rb) = (a.as_hull().bounding_radius(), b.as_hull().bounding_radius());
        inside(c, self.ha, ra)
            || inside(t, self.hb, rb)
            || (inside(c * 0.5, self.ha, ra) && inside(t * 0.5, self.hb, rb))
    }

    /// How far b reaches along each of a's axes (`Σ_j hb_j |R_ij|`, a row of `|R|`), lane `i`,
    /// and a along each of b's (`Σ_i ha_i |R_ij|`, a column), lane `j`: three axes at once,
    /// each lane summed in the order a dot product sums.
    #[inline(always)]
    fn reaches(&self) -> (Vector4, Vector4) {
        // Columns of R (b's axes in a), and of Rᵀ (a's axes in b: the rows of R).
        let (m, back) = (&self.b_in_a.rotation, &self.a_in_b.rotation);
        let (ha, hb) = (self.ha, self.hb);
        let reach_b =
            lanes(m.x_axis).abs() * hb[0] + lanes(m.y_axis).abs() * hb[1] + lanes(m.z_axis).abs() * hb[2];
        let reach_a = lanes(back.x_axis).abs() * ha[0]
            + lanes(back.y_axis).abs() * ha[1]
            + lanes(back.z_axis).abs() * ha[2];
        (reach_b, reach_a)
    }

    /// The separation along a's face `face` (its own side only, as a cached face is tested).
    #[inline(always)]
    fn face_a_gap(&self, face: u32) -> Real {
        let i = (face / 2) as usize;
        face_sign(face) * self.c[i] - self.ha[i] - self.reaches().0[i]
    }

    /// The separation along b's face `face`.
    #[inline(always)]
    fn face_b_gap(&self, face: u32) -> Real {
        let j = (face / 2) as usize;
        face_sign(face) * self.t[j] - self.hb[j] - self.reaches().1[j]
    }

    /// The face that holds the other box off furthest, of the three axes' better faces (the one
    /// the other's centre lies beyond, + on a tie) with gaps `gaps` (the first on a tie, in face
    /// order); with `STOP`, the first that separates.
    #[inline(always)]
    fn best_face<const STOP: bool>(centre: [Real; 3], gaps: Vector4) -> (u32, Real) {
        let gaps = gaps.to_array();
        let mut best = (0, Real::NEG_INFINITY);
        for i in 0..3 {
            if gaps[i] > best.1 {
                best = (2 * i as u32 + (centre[i] < 0.0) as u32, gaps[i]);
                if STOP && gaps[i] >= 0.0 {
                    break;
                }
            }
        }
        best
    }

    /// a's face that holds b off furthest; with `STOP`, the first that separates.
    #[inline(always)]
    fn best_face_a<const STOP: bool>(&self) -> (u32, Real) {
        let c = lanes(Vector::from_array(self.c));
        let gaps = c.abs() - lanes(Vector::from_array(self.ha)) - self.reaches().0;
        Pair::best_face::<STOP>(self.c, gaps)
    }

    /// b's face that holds a off furthest; with `STOP`, the first that separates.
    #[inline(always)]
    fn best_face_b<const STOP: bool>(&self) -> (u32, Real) {
        let t = lanes(Vector::from_array(self.t));
        let gaps = t.abs() - lanes(Vector::from_array(self.hb)) - self.reaches().1;
        Pair::best_face::<STOP>(self.t, gaps)
    }

    /// The cofactors of `R`: `C[i][l]` is component `i` of `b_l1 × b_l2` (`l, l1, l2` cyclic),
    /// how far b's axis `j + 1` leans along `a_i × b_j` is `C[i][j + 2]`, and axis `j + 2`
    /// leans by `−C[i][j + 1]`.
    #[inline(always)]
    fn cofactors(&self) -> [[Real; 3]; 3] {
        let m = self.b_in_a.rotation;
        let [c0, c1, c2] = [m.y_axis.cross(m.z_axis), m.z_axis.cross(m.x_axis), m.x_axis.cross(m.y_axis)];
        [[c0.x, c1.x, c2.x], [c0.y, c1.y, c2.y], [c0.z, c1.z, c2.z]]
    }

    /// Edge direction `i` of a against `j` of b (module docs, item 3): the gap along
    /// `w = a_i × b_j` times `|w|`, with `|w|²`; the gap is −∞ when the edges are parallel.
    /// (One pair, for a cached axis; [`Pair::edge_row`] measures three at once, the same way.)
    #[inline(always)]
    fn edge_gap(&self, cofactors: &[[Real; 3]; 3], i: usize, j: usize) -> (Real, Real) {
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let (p, q) = (self.r[i1][j], self.r[i2][j]);
        let length2 = p * p + q * q;
        let toward = self.c[i2] * p - self.c[i1] * q;
        let reach_a = self.ha[i1] * q.abs() + self.ha[i2] * p.abs();
        let reach_b = self.hb[j1] * cofactors[i][j2].abs() + self.hb[j2] * cofactors[i][j1].abs();
        let gap = toward.abs() - reach_a - reach_b;
        let parallel = length2 <= PARALLEL_TOLERANCE * PARALLEL_TOLERANCE;
        (if parallel { Real::NEG_INFINITY } else { gap }, length2)
    }

    /// [`Pair::edge_gap`] for a's edge direction `i` against all three of b's, lane `j`. Lane by
    /// lane the same operations in the same order, so the same numbers: with `p` and `q` rows
    /// `i + 1` and `i + 2` of `R` (lanes `j`), cofactor `C[i][l]` is `p_l1 q_l2 − p_l2 q_l1`,
    /// the cross product's component written out, and the rotated lanes (`yzx`: lane `j` holds
    /// entry `j + 1`) line up `hb_j1` with `C[i][j2]`.
    #[inline(always)]
    fn edge_row(&self, i: usize) -> (Vector4, Vector4) {
        let (i1, i2) = NEXT[i];
        let back = &self.a_in_b.rotation;
        let (p, q) = (lanes(back.col(i1)), lanes(back.col(i2)));
        let length2 = p * p + q * q;
        let toward = p * self.c[i2] - q * self.c[i1];
        let reach_a = q.abs() * self.ha[i1] + p.abs() * self.ha[i2];
        let cofactors = p.yzxw() * q.zxyw() - p.zxyw() * q.yzxw();
        let hb = lanes(Vector::from_array(self.hb));
        let reach_b = hb.yzxw() * cofactors.zxyw().abs() + hb.zxyw() * cofactors.yzxw().abs();
        let gap = toward.abs() - reach_a - reach_b;
        let parallel = length2.cmple(Vector4::splat(PARALLEL_TOLERANCE * PARALLEL_TOLERANCE));
        (Vector4::select(parallel, Vector4::splat(Real::NEG_INFINITY), gap), length2)
    }

    /// The nine edge gaps, row `i` lane `j` for edge direction `i` of a and `j` of b, measured
    /// all at once (straight-line code, no early exit: cheaper than stopping part way).
    #[inline(always)]
    fn edge_gaps(&self) -> EdgeGaps {
        let rows = [self.edge_row(0), self.edge_row(1), self.edge_row(2)];
        // (Arrays written out: `array::map` compiles to a copy loop here.)
        let [(g0, l0), (g1, l1), (g2, l2)] = rows;
        EdgeGaps { gaps: [g0, g1, g2], lengths2: [l0, l1, l2] }
    }

    /// The cofactor `C[i][l]` of `R` ([`Pair::cofactors`]) on its own, as [`Pair::edge_row`]
    /// computes it: `p_l1 q_l2 − p_l2 q_l1`, with `p` and `q` rows `i + 1` and `i + 2` of `R`.
    #[inline(always)]
    fn cofactor(&self, i: usize, l: usize) -> Real {
        let ((i1, i2), (l1, l2)) = (NEXT[i], NEXT[l]);
        self.r[i1][l1] * self.r[i2][l2] - self.r[i1][l2] * self.r[i2][l1]
    }

    /// Pair `e` (`3 i + j`), with its gap times `|w|` and `|w|²`, found best.
    #[inline(always)]
    fn edge_best(e: usize, gap: Real, length2: Real) -> EdgeBest {
        EdgeBest { e, length2, separation: gap / crate::real::sqrt(length2) }
    }

    /// The best pair as an axis, normalised, with its extreme edges.
    #[inline(always)]
    fn edge_axis(&self, best: EdgeBest) -> EdgeAxis {
        let EdgeBest { e, length2, separation } = best;
        let (i, j) = (e / 3, e % 3);
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let (p, q) = (self.r[i1][j], self.r[i2][j]);
        let length = crate::real::sqrt(length2);
        // ±w, turned to point from a to b (along c), over its length.
        let toward = self.c[i2] * p - self.c[i1] * q;
        let scale = if toward < 0.0 { -1.0 / length } else { 1.0 / length };
        let mut n = [0.0; 3];
        n[i1] = -q * scale;
        n[i2] = p * scale;
        // a's extreme edge along n is on n's side of its other two axes; b's extreme edge
        // against n, on the other side of its (b_j1 · n ∝ C[i][j2], b_j2 · n ∝ −C[i][j1]).
        let corner_a = [n[i1] < 0.0, n[i2] < 0.0];
        let corner_b = [self.cofactor(i, j2) * scale > 0.0, -self.cofactor(i, j1) * scale > 0.0];
        let normal = Vector::from_array(n);
        EdgeAxis { i, j, normal, separation, length2, corner_a, corner_b }
    }

    /// The edge axes: with `STOP`, `Err` at the first that separates; otherwise (and when
    /// none separates) the best one (the first on a tie); `None` when all are parallel, and
    /// with `STOP` also when none can matter: when every edge axis holds the boxes apart by
    /// clearly less than `floor` (the better face's separation), which any face beats.
    #[inline(always)]
    fn best_edge<const STOP: bool>(&self, floor: Real) -> Result<Option<EdgeBest>, Axis> {
        let edges = self.edge_gaps();
        let at = |e: usize| (edges.gaps[e / 3][e % 3], edges.lengths2[e / 3][e % 3]);
        let found = |e: usize| {
            let (gap, length2) = at(e);
            Pair::edge_best(e, gap, length2)
        };
        if STOP {
            if let Some(e) = edges.separating() {
                return Err(self.edge_axis(found(e)).axis());
            }
            if edges.all_below(floor) {
                return Ok(None);
            }
        }
        let mut best = usize::MAX;
        if STOP {
            // Every gap is negative now (or −∞, parallel): the largest separation gap / |w| is
            // the smallest gap² / |w|², found by cross-multiplying, with no root or division.
            // (A parallel pair's gap squares to +∞, which is below nothing.)
            let mut least = (Real::INFINITY, 1.0);
            for e in 0..9 {
                let (gap, length2) = at(e);
                if gap * gap * least.1 < least.0 * length2 {
                    (best, least) = (e, (gap * gap, length2));
                }
            }
        } else {
            let mut most = Real::NEG_INFINITY;
            for e in 0..9 {
                let (gap, length2) = at(e);
                let s = gap / crate::real::sqrt(length2);
                if s > most {
                    (best, most) = (e, s);
                }
            }
        }
        Ok((best < 9).then(|| found(best)))
    }

    /// The first edge axis that separates, by the sign of its gap alone (nothing normalised).
    #[inline(always)]
    fn separating_edge(&self) -> Option<Axis> {
        let edges = self.edge_gaps();
        let e = edges.separating()?;
        let (gap, length2) = (edges.gaps[e / 3][e % 3], edges.lengths2[e / 3][e % 3]);
        Some(self.edge_axis(Pair::edge_best(e, gap, length2)).axis())
    }

    /// The three queries, stopping with `Err` at the first separating feature.
    #[inline(always)]
    fn queries(&self) -> Result<Queries, Axis> {
        let face_a = self.best_face_a::<true>();
        if face_a.1 >= 0.0 {
            return Err(Axis::FaceA(face_a.0));
        }
        let face_b = self.best_face_b::<true>();
        if face_b.1 >= 0.0 {
            return Err(Axis::FaceB(face_b.0));
        }
        let edge = self.best_edge::<true>(face_a.1.max(face_b.1))?;
        Ok(Queries { face_a, face_b, edge })
    }

    /// The first separating feature, if any, in the order of [`Pair::queries`].
    #[inline(always)]
    fn separating_axis(&self) -> Option<Axis> {
        let face_a = self.best_face_a::<true>();
        if face_a.1 >= 0.0 {
            return Some(Axis::FaceA(face_a.0));
        }
        let face_b = self.best_face_b::<true>();
        if face_b.1 >= 0.0 {
            return Some(Axis::FaceB(face_b.0));
        }
        self.separating_edge()
    }

    /// The largest separation (a's face on a tie, then b's), normal in a's frame.
    #[inline(always)]
    fn best(&self, q: &Queries) -> Separation {
        let ((i, sa), (j, sb)) = (q.face_a, q.face_b);
        let mut best =
            Separation { normal: along((i / 2) as usize, face_sign(i)), distance: sa, axis: Axis::FaceA(i) };
        if sb > best.distance {
            // b's face normal points from b towards a: turned around, from a to b.
            let normal = -self.b_in_a.rotation.col((j / 2) as usize) * face_sign(j);
            best = Separation { normal, distance: sb, axis: Axis::FaceB(j) };
        }
        if let Some(e) = q.edge {
            if e.separation > best.distance {
                let e = self.edge_axis(e);
                best = Separation { normal: e.normal, distance: e.separation, axis: e.axis() };
            }
        }
        best
    }

    /// The one-point manifold of an edge–edge contact, in the world: midway between the
    /// closest points of the two edges, as `clip::edge_contact` puts it. When the closest
    /// points of the two lines fall off the edges (rare), that function decides.
    fn edge_contact(&self, a: &Cuboid, b: &Cuboid, e: &EdgeAxis, pose_a: &Pose) -> Manifold {
        let EdgeAxis { i, j, normal, separation, length2, corner_a, corner_b } = *e;
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let signed = |negative: bool, h: Real| if negative { -h } else { h };
        // a's edge: mid + s a_i, |s| ≤ ha_i. b's edge: mid + t b_j, |t| ≤ hb_j.
        let mut mid_a = [0.0; 3];
        mid_a[i1] = signed(corner_a[0], self.ha[i1]);
        mid_a[i2] = signed(corner_a[1], self.ha[i2]);
        let mid_a = Vector::from_array(mid_a);
        let m = &self.b_in_a.rotation;
        let mid_b = self.b_in_a.translation
            + m.col(j1) * signed(corner_b[0], self.hb[j1])
            + m.col(j2) * signed(corner_b[1], self.hb[j2]);
        let v = m.col(j);
        // Minimising |mid_a + s a_i − mid_b − t b_j|² over s and t: with d = mid_a − mid_b and
        // cos = a_i · b_j, s (1 − cos²) = cos (b_j·d) − a_i·d and t = b_j·d + s cos, where
        // 1 − cos² is |w|², known accurately.
        let d = (mid_a - mid_b).to_array();
        let cos = self.r[i][j];
        let along_b = v.dot(Vector::from_array(d));
        let s = (cos * along_b - d[i]) / length2;
        let t = along_b + s * cos;
        let (edge_a, edge_b) = e.edges();
        if !(s.abs() <= self.ha[i] && t.abs() <= self.hb[j]) {
            let (a, b) = (a.as_hull(), b.as_hull());
            return hull_edge_contact(a, edge_a, b, edge_b, &self.b_in_a, (normal, -separation), pose_a);
        }
        let point = (mid_a + along(i, s) + mid_b + v * t) * 0.5;
        let id = FeatureId { a: Feature::Edge(edge_a), b: Feature::Edge(edge_b) };
        let point = ContactPoint { point: pose_a.apply(point), depth: -separation, id };
        Manifold::one(pose_a.rotation * normal, point)
    }
}

/// Do the boxes overlap? Bounding spheres, a common interior point (a centre inside the other
/// box, or the point halfway between the centres inside both), then a's three face axes, b's
/// three and the nine edge axes, stopping at the first that separates. Touching is not
/// overlapping.
///
/// ```
/// use septa3d::pair::cuboid_cuboid::overlaps;
/// use septa3d::{Cuboid, Pose, Rotation, Vector};
/// let cube = Cuboid::new(Vector::splat(1.0)).unwrap();
/// // Turned 45° about z, the cube reaches √2 along x: 2.3 away it overlaps, 2.5 away not.
/// let turned = |x| Pose::new(Vector::new(x, 0.0, 0.0), Rotation::from_rotation_z(septa3d::consts::FRAC_PI_4));
/// assert!(overlaps(&cube, Pose::IDENTITY, &cube, turned(2.3)));
/// assert!(!overlaps(&cube, Pose::IDENTITY, &cube, turned(2.5)));
/// ```
pub fn overlaps(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> bool {
    let pair = Pair::new(a, &pose_a, b, &pose_b);
    !pair.spheres_apart(a, b) && (pair.common_point(a, b) || pair.separating_axis().is_none())
}

/// [`overlaps`], trying the feature in `cache` first (a face of a, a face of b, or an edge
/// pair, by the hull's numbering; one a box does not have is ignored), then a common interior
/// point, and remembering the feature that separates. Pairs whose bounding spheres are apart
/// are answered from those alone and leave the cache as it was; so do overlapping pairs.
pub fn overlaps_cached(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose, cache: &mut SatCache) -> bool {
    if spheres_clearly_apart(a, &pose_a, b, &pose_b) {
        return false;
    }
    let pair = Pair::new(a, &pose_a, b, &pose_b);
    if pair.spheres_apart(a, b) {
        return false;
    }
    let cached = match cache.axis() {
        Some(Axis::FaceA(i)) if i < 6 => pair.face_a_gap(i),
        Some(Axis::FaceB(j)) if j < 6 => pair.face_b_gap(j),
        Some(Axis::Edges { a: i, b: j }) if i < 12 && j < 12 => {
            let (i, j) = (EDGE_DIRECTION[i as usize], EDGE_DIRECTION[j as usize]);
            pair.edge_gap(&pair.cofactors(), i, j).0
        }
        _ => Real::NEG_INFINITY, // nothing cached, or a feature boxes do not have
    };
    if cached >= 0.0 {
        return false;
    }
    if pair.common_point(a, b) {
        return true;
    }
    match pair.separating_axis() {
        None => true,
        Some(axis) => {
            cache.set(axis);
            false
        }
    }
}

/// The largest separation over the fifteen axes (see [`Separation`]): for separated boxes a
/// lower bound of their distance, for overlapping ones minus the exact penetration depth.
pub fn separation(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> Separation {
    let pair = Pair::new(a, &pose_a, b, &pose_b);
    let all = Queries {
        face_a: pair.best_face_a::<false>(),
        face_b: pair.best_face_b::<false>(),
        edge: pair.best_edge::<false>(Real::NEG_INFINITY).unwrap_or(None),
    };
    let best = pair.best(&all);
    Separation { normal: pose_a.rotation * best.normal, ..best }
}

/// The minimum translation vector, or `None` when the boxes do not overlap. The depth is exact:
/// the smallest push over the fifteen axes.
pub fn contact(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> Option<Contact> {
    if spheres_clearly_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    contact_near(a, pose_a, b, pose_b)
}

/// [`contact`] once the bounding spheres are not clearly apart. (Kept out of line: the
/// compiler lays the fifteen axes out better in a function of their own.)
#[inline(never)]
fn contact_near(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> Option<Contact> {
    let pair = Pair::new(a, &pose_a, b, &pose_b);
    if pair.spheres_apart(a, b) {
        return None;
    }
    let all = pair.queries().ok()?;
    let best = pair.best(&all);
    Separation { normal: pose_a.rotation * best.normal, ..best }.contact()
}

/// The contact manifold (1 to 4 points), or `None` when the boxes do not overlap.
///
/// The axis is chosen as [`hull_hull::collide`] chooses it (a's best face, unless b's or the
/// best edge pair is clearly better), and the manifold is the same: the incident face clipped
/// to the reference face, with the general path's feature ids, or one point midway between the
/// closest points of two edges. (Only the order of the points differs; where more than four
/// points tie for the reduction, the two paths may keep different ones.)
///
/// ```
/// use septa3d::pair::cuboid_cuboid::collide;
/// use septa3d::{Cuboid, Pose, Vector};
/// let ground = Cuboid::new(Vector::new(4.0, 0.5, 4.0)).unwrap();
/// let block = Cuboid::new(Vector::splat(0.5)).unwrap();
/// let resting = Pose::from_translation(Vector::new(0.3, 0.98, -0.2)); // 0.02 deep
/// let m = collide(&ground, Pose::IDENTITY, &block, resting).unwrap();
/// assert_eq!(m.points().len(), 4);
/// assert!(m.normal.abs_diff_eq(Vector::Y, 1e-6));
/// assert!(m.points().iter().all(|p| (p.depth - 0.02).abs() < 1e-5));
/// ```
pub fn collide(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> Option<Manifold> {
    if spheres_clearly_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    collide_near(a, pose_a, b, pose_b)
}

/// [`collide`] once the bounding spheres are not clearly apart. (Kept out of line: the
/// compiler lays the fifteen axes and the clipping out better in a function of their own.)
#[inline(never)]
fn collide_near(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> Option<Manifold> {
    let pair = Pair::new(a, &pose_a, b, &pose_b);
    if pair.spheres_apart(a, b) {
        return None;
    }
    let all = pair.queries().ok()?;
    let ((i, sa), (j, sb)) = (all.face_a, all.face_b);
    if sa.max(sb).max(all.edge.map_or(Real::NEG_INFINITY, |e| e.separation)) >= 0.0 {
        return None; // touching (with no axis stopping early): not overlapping
    }
    let slop = ABSOLUTE_TOLERANCE * a.as_hull().bounding_radius().min(b.as_hull().bounding_radius());
    let face_a = |i: u32| face_contact(a, i, b, &pair.b_in_a, &pair.a_in_b, &pose_a, false);
    let face_b = |j: u32| face_contact(b, j, a, &pair.a_in_b, &pair.b_in_a, &pose_b, true);
    if let Some(e) = all.edge {
        if e.separation > RELATIVE_EDGE_TOLERANCE * sa.max(sb) + slop {
            return Some(pair.edge_contact(a, b, &pair.edge_axis(e), &pose_a));
        }
    }
    let preferred = if sb > RELATIVE_FACE_TOLERANCE * sa + slop { face_b(j) } else { face_a(i) };
    if preferred.is_some() {
        return preferred;
    }
    // As in the general path: a face preferred for stability may not face the overlap at all;
    // then the minimum translation's own axis gives the manifold.
    match pair.best(&all).axis {
        Axis::Edges { .. } => all.edge.map(|e| pair.edge_contact(a, b, &pair.edge_axis(e), &pose_a)),
        Axis::FaceB(j) => face_b(j).or_else(|| {
            let m = deepest_vertex(b.as_hull(), j as usize, a.as_hull(), (&pair.a_in_b, &pair.b_in_a), -sb);
            Some(m.to_world(&pose_b).flipped())
        }),
        _ => face_a(i).or_else(|| {
            let m = deepest_vertex(a.as_hull(), i as usize, b.as_hull(), (&pair.b_in_a, &pair.a_in_b), -sa);
            Some(m.to_world(&pose_a))
        }),
    }
}

/// The step trace: the general path's steps (a's six face normals, b's six, then the edge
/// pairs that bound the Minkowski difference, each with both boxes projected vertex by
/// vertex), with [`collide`]'s manifold.
pub fn trace(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> Trace {
    let steps = hull_hull::trace(a, pose_a, b, pose_b).steps;
    Trace::from_steps(steps, collide(a, pose_a, b, pose_b))
}

/// The manifold of face `r` of `reference` against `incident` (placed in the reference frame by
/// `incident_in_reference`), in the world (the reference placed by `pose`), ids (reference,
/// incident); `None` when nothing of the incident face lies behind the reference face. Should
/// the incident face clip to nothing, the general clipping tries the incident faces nearly as
/// anti-parallel (a rounding case).
fn face_contact(
    reference: &Cuboid,
    r: u32,
    incident: &Cuboid,
    incident_in_reference: &Frame,
    reference_in_incident: &Frame,
    pose: &Pose,
    flip: bool,
) -> Option<Manifold> {
    let clipped = clip_boxes(reference, r, incident, incident_in_reference, pose, flip);
    if clipped.is_some() {
        return clipped;
    }
    let (reference, incident) = (reference.as_hull(), incident.as_hull());
    let frames = (incident_in_reference, reference_in_incident);
    clip_faces(reference, r as usize, incident, frames, (pose, flip))
}

/// What made a clipped point. Kept in a few bytes while clipping, and turned into a
/// [`FeatureId`] (by [`Made::id`]) only for the points kept.
#[derive(Clone, Copy)]
enum Made {
    /// An incident corner inside the reference rectangle: the incident box's vertex `v`.
    Corner(u8),
    /// Incident edge `edge` crossing the side line of the reference face's loop edge `side`.
    Crossing { side: u8, edge: u8 },
    /// The reference face's loop corner `k` (a vertex of the reference box) over the incident
    /// face.
    Reference(u8),
}

impl Made {
    /// The general clipping's id for the point, for reference face `r` and incident face `f`:
    /// (reference face, incident vertex) for an incident corner; (reference edge, incident
    /// edge) where a side line cuts an incident edge; (reference vertex, incident face) where
    /// two side lines meet inside the incident face.
    #[inline]
    fn id(self, r: usize, f: usize) -> FeatureId {
        match self {
            Made::Corner(v) => FeatureId { a: Feature::Face(r as u32), b: Feature::Vertex(v as u32) },
            Made::Crossing { side, edge } => {
                FeatureId { a: Feature::Edge(FACE_EDGES[r][side as usize]), b: Feature::Edge(edge as u32) }
            }
            Made::Reference(k) => {
                FeatureId { a: Feature::Vertex(FACE_LOOPS[r][k as usize]), b: Feature::Face(f as u32) }
            }
        }
    }
}

/// The most points the clipping makes: a quadrilateral and a rectangle meet in at most eight
/// corners. (Should rounding add a twin beyond that, it is dropped: still a point of the
/// contact, and next to one kept.)
const CAPACITY: usize = 8;

/// Points of the clipped polygon, in the reference face's coordinates `(u, v, z)`, kept
/// coordinate by coordinate: each coordinate of the [`CAPACITY`] points is a row of eight
/// lanes, two [`Vector4`]s, so that [`reduce`] scores four points at once.
#[derive(Clone, Copy)]
struct Points {
    u: [Real; CAPACITY],
    v: [Real; CAPACITY],
    z: [Real; CAPACITY],
}

impl Points {
    #[inline(always)]
    fn get(&self, i: usize) -> Vector {
        Vector::new(self.u[i], self.v[i], self.z[i])
    }

    #[inline(always)]
    fn set(&mut self, i: usize, p: Vector) {
        (self.u[i], self.v[i], self.z[i]) = (p.x, p.y, p.z);
    }
}

/// A row of eight lanes as two [`Vector4`]s (lanes 0 to 3, then 4 to 7).
#[inline(always)]
fn halves(row: &[Real; CAPACITY]) -> [Vector4; 2] {
    [Vector4::from_slice(&row[..4]), Vector4::from_slice(&row[4..])]
}

/// The clipped points behind the reference face, in a fixed buffer. Points are kept or dropped
/// as they are made (a point above the face is no contact), but the first [`CAPACITY`] made
/// are the candidates whether kept or not, so what is kept is what clipping everything and
/// then dropping the points above the face would keep.
struct Clipped {
    points: Points,
    made: [Made; CAPACITY],
    len: usize,
    /// How many points the clipping has made (up to [`CAPACITY`]), kept or not.
    count: usize,
    /// The reference face's height `hk`.
    top: Real,
    /// The first of the deepest points kept so far, and its depth `hk − z`. (Found as the
    /// points come, off the critical path: at the end, [`reduce`] would otherwise begin by
    /// waiting on a scan of all of them.)
    deepest: (usize, Real),
}

impl Clipped {
    #[inline(always)]
    fn push(&mut self, point: Vector, made: Made) {
        if self.count < CAPACITY {
            self.count += 1;
            if point.z <= self.top {
                let depth = self.top - point.z;
                if depth > self.deepest.1 {
                    self.deepest = (self.len, depth);
                }
                self.points.set(self.len, point);
                self.made[self.len] = made;
                self.len += 1;
            }
        }
    }
}

/// The reference corners passed running along the rectangle from side line `from` to `to`,
/// the way the incident loop turns (`forward`: the rectangle's loop's way), each placed on the
/// incident face by `corner`. (From a line back to the same line the boundary runs straight: a
/// convex face that leaves the rectangle by a side line and comes back in by it holds what lies
/// between.) Always inlined, so that `corner` is too.
#[inline(always)]
fn run(clipped: &mut Clipped, from: usize, to: usize, forward: bool, corner: impl Fn(usize) -> Vector) {
    let mut s = from;
    while s != to {
        let k = if forward { (s + 1) % 4 } else { s };
        clipped.push(corner(k), Made::Reference(k as u8));
        s = if forward { (s + 1) % 4 } else { (s + 3) % 4 };
    }
}

/// `QUARTER[f][l]`: corner `l` of face `f`'s loop as an index into `clip_boxes`'s corners
/// `middle ± e1 ± e2` of the face (bit 0 set: − along the box's axis `n + 1`, bit 1: − along
/// `n + 2`, where `n = f / 2` is the face's axis).
static QUARTER: [[usize; 4]; 6] = {
    let mut quarter = [[0; 4]; 6];
    let mut f = 0;
    while f < 6 {
        let (n1, n2) = ((f / 2 + 1) % 3, (f / 2 + 2) % 3);
        let mut l = 0;
        while l < 4 {
            let v = FACE_LOOPS[f][l] as usize;
            quarter[f][l] = (((v >> n1) & 1) ^ 1) | ((((v >> n2) & 1) ^ 1) << 1);
            l += 1;
        }
        f += 1;
    }
    quarter
};

/// `(k + 1) % 3` and `(k + 2) % 3`.
static NEXT: [(usize, usize); 3] = [(1, 2), (2, 0), (0, 1)];

/// The clipping itself (see [`face_contact`]), in the reference face's coordinates: `u` along
/// the reference box's axis `k + 1`, `v` along `k + 2` and `z` along the face's outward
/// normal (axis `k`), where the face is the rectangle `|u| ≤ hu`, `|v| ≤ hv` at `z = hk`.
/// With `flip`, the manifold is b's against a's (normal turned around, ids swapped), as
/// [`Manifold::flipped`] would make it.
///
/// The general clipping (Sutherland–Hodgman) cuts the incident polygon by one side line after
/// another. The polygon it ends with has three kinds of corner, and here each is found
/// directly, with the ids that clipping gives it:
///
/// ```text
///          v ↑
///      +-------------+
///      |             |          ○ an incident corner inside the rectangle
///      |      o-→ u  |          × an incident edge crossing a side line, where it enters or
///      |        ○----×-----○      leaves the rectangle (of the part of the edge inside all
///      |       /     |    /       four lines, the ends)
///      +------×------●   /      ● a reference corner inside the incident face: passed
///            /          /         where the boundary, having left by one side line, runs
///           ○----------○          along the rectangle to the side line it comes back in by
/// ```
///
/// The side lines are the rectangle's own edges, so how far a corner lies beyond each of them
/// is one subtraction (four at once, in a [`Vector4`]), and which lines it lies beyond is a
/// four-bit mask. An edge from corner `i` to corner `j` with masks `oi` and `oj` crosses the
/// lines of both masks (none that both corners lie beyond, or it would miss the rectangle):
/// it enters where it crosses the last of `oi`'s lines and leaves where it crosses the first
/// of `oj`'s, so only those lines' crossings are compared (the four divided out at once).
///
/// Each point lies on the incident face; those behind the reference face (`z ≤ hk`) are kept,
/// with depth `hk − z`, and reduced to four as the general clipping reduces them. The
/// points come in a different order than the general clipping's, which matters only to which
/// of two equally good points the reduction keeps.
#[inline]
fn clip_boxes(
    reference: &Cuboid,
    r: u32,
    incident: &Cuboid,
    frame: &Frame,
    pose: &Pose,
    flip: bool,
) -> Option<Manifold> {
    let r = r as usize;
    let k = r / 2;
    let (k1, k2) = NEXT[k];
    let up = face_sign(r as u32);
    let h = reference.half_extents().to_array();
    let g = incident.half_extents().to_array();
    // (In four lanes, the fourth unused: each corner is a few lane-wise sums.)
    let to_face = |x: Vector| {
        let x = x.to_array();
        Vector4::new(x[k1], x[k2], up * x[k], 0.0)
    };
    // The incident box's axes and centre, seen from the reference face.
    let m = &frame.rotation;
    let axes = [to_face(m.x_axis), to_face(m.y_axis), to_face(m.z_axis)];
    let centre = to_face(frame.translation);
    // The incident face: the one most anti-parallel to the reference normal, on the axis that
    // leans furthest along it (the first on a tie), on the side facing the reference face.
    let lean = [axes[0].z.abs(), axes[1].z.abs(), axes[2].z.abs()];
    let mut n = if lean[1] > lean[0] { 1 } else { 0 };
    if lean[2] > lean[n] {
        n = 2;
    }
    let f = 2 * n + (axes[n].z > 0.0) as usize;
    // Its corners: the face's centre plus or minus the half extents along the other two axes.
    let (n1, n2) = NEXT[n];
    let middle = centre + axes[n] * (g[n] * if f % 2 == 0 { 1.0 } else { -1.0 });
    let (e1, e2) = (axes[n1] * g[n1], axes[n2] * g[n2]);
    let (plus, minus) = (middle + e1, middle - e1);
    // By the vertex's signs on axes n1 and n2 (bit set: −).
    let quarters = [plus + e2, minus + e2, plus - e2, minus - e2];
    let [q0, q1, q2, q3] = QUARTER[f];
    let corners = [quarters[q0], quarters[q1], quarters[q2], quarters[q3]];

    // How far beyond each side line each incident corner lies, and on which (bit s set:
    // beyond side line s).
    let side = |c: Vector4| side_distances(r, c.x, c.y, h[k1], h[k2]);
    let [d0, d1, d2, d3] = [side(corners[0]), side(corners[1]), side(corners[2]), side(corners[3])];
    let mask = |d: Vector4| d.cmpgt(Vector4::ZERO).bitmask() as u8;
    let outside = [mask(d0), mask(d1), mask(d2), mask(d3)];
    let beyond = [d0, d1, d2, d3];
    let mut clipped = Clipped {
        points: Points { u: [0.0; CAPACITY], v: [0.0; CAPACITY], z: [0.0; CAPACITY] },
        made: [Made::Corner(0); CAPACITY],
        len: 0,
        count: 0,
        top: h[k],
        deepest: (0, Real::NEG_INFINITY),
    };
    // Which way the incident loop turns in (u, v), and whether that is the way the rectangle's
    // loop turns (as `up` says), for the walk along the rectangle (`run`); and the reference
    // face's loop corner `k` there, on the incident face's plane.
    let turn = perp_dot(corners[1] - corners[0], corners[2] - corners[1]);
    let forward = (turn > 0.0) == (up > 0.0);
    let normal = axes[n];
    let (hu, hv) = (h[k1], h[k2]);
    let on_incident = move |k: usize| {
        let v = FACE_LOOPS[r][k];
        let negative = |axis: usize| (v >> axis) & 1 == 0;
        let u = if negative(k1) { -hu } else { hu };
        let w = if negative(k2) { -hv } else { hv };
        let z = middle.z - (normal.x * (u - middle.x) + normal.y * (w - middle.y)) / normal.z;
        Vector::new(u, w, z)
    };

    // Walk the incident loop: the corners inside, and where each edge enters and leaves.
    let (mut left_by, mut first_entry) = (None, None);
    for i in 0..4 {
        let j = (i + 1) % 4;
        let (oi, oj) = (outside[i], outside[j]);
        if oi == 0 {
            clipped.push(corners[i].truncate(), Made::Corner(FACE_LOOPS[f][i] as u8));
        }
        if oi & oj != 0 || oi | oj == 0 {
            continue; // beyond one side line all along, or inside all along
        }
        // The part of the edge inside every side line: from the last entry (a line corner i
        // is beyond) to the first exit (a line corner j is beyond), the first line on a tie.
        // Each cut is at 0 ≤ t ≤ 1, the corners being on the two sides of its line. (The cuts
        // of all four lines are divided out at once; only those of the lines crossed are read.)
        let cuts = (beyond[i] / (beyond[i] - beyond[j])).to_array();
        let cut = |s: usize| cuts[s];
        let (mut enter, mut leave) = ((Real::NEG_INFINITY, 0), (Real::INFINITY, 0));
        let mut lines = oi;
        while lines != 0 {
            let s = lines.trailing_zeros() as usize;
            let t = cut(s);
            if t > enter.0 {
                enter = (t, s);
            }
            lines &= lines - 1;
        }
        let mut lines = oj;
        while lines != 0 {
            let s = lines.trailing_zeros() as usize;
            let t = cut(s);
            if t < leave.0 {
                leave = (t, s);
            }
            lines &= lines - 1;
        }
        if oi != 0 && oj != 0 && enter.0 >= leave.0 {
            continue; // passes the rectangle by
        }
        let (a, b, edge) = (corners[i], corners[j], FACE_EDGES[f][i] as u8);
        if oi != 0 {
            let (t, side) = enter;
            clipped.push((a + (b - a) * t).truncate(), Made::Crossing { side: side as u8, edge });
            match left_by.take() {
                Some(from) => run(&mut clipped, from, side, forward, on_incident),
                None => first_entry = Some(side),
            }
        }
        if oj != 0 {
            let (t, side) = leave;
            clipped.push((a + (b - a) * t).truncate(), Made::Crossing { side: side as u8, edge });
            left_by = Some(side);
        }
    }
    if let (Some(from), Some(to)) = (left_by, first_entry) {
        run(&mut clipped, from, to, forward, on_incident);
    }
    if clipped.count == 0 {
        // Nothing made: no incident corner inside and no edge through. The incident face holds
        // the whole rectangle (then it holds its centre) or misses it.
        let inside = (0..4).all(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % 4]);
            (perp_dot(b - a, -a) > 0.0) == (turn > 0.0)
        });
        if !inside {
            return None;
        }
        for k in 0..4 {
            clipped.push(on_incident(k), Made::Reference(k as u8));
        }
    }

    if clipped.len == 0 {
        return None;
    }
    let (chosen, len) = reduce(&clipped.points, clipped.len, clipped.deepest.0, up);
    // Into the world: u, v and z along the reference pose's axes k + 1, k + 2 and ±k.
    let world = Matrix::from_quat(pose.rotation);
    let columns = [world.x_axis, world.y_axis, world.z_axis];
    let (wu, wv, wz) = (columns[k1], columns[k2], columns[k] * up);
    // (In four lanes, each the sum in the same order.)
    let (origin, lane_u, lane_v, lane_z) = (lanes(pose.translation), lanes(wu), lanes(wv), lanes(wz));
    let contact = |s: usize| {
        // Slots past `len` repeat the first point, as `Manifold::from_points` fills them.
        let i = chosen[if s < len { s } else { 0 }];
        let (c, made) = (clipped.points.get(i), clipped.made[i]);
        let point = (origin + lane_u * c.x + lane_v * c.y + lane_z * c.z).truncate();
        let id = made.id(r, f);
        ContactPoint { point, depth: h[k] - c.z, id: if flip { id.flipped() } else { id } }
    };
    let normal = if flip { -wz } else { wz };
    // (All four slots made in place, straight-line: no buffer to fill and then copy.)
    Some(Manifold::from_array(normal, [contact(0), contact(1), contact(2), contact(3)], len))
}

/// Which of the first `n` of `points` (at least one, behind the reference face; the first of
/// the deepest is point `deepest`) to keep, at most four, chosen by the general clipping's
/// rule ([`clip::reduce`](super::clip::reduce)).
///
/// The general clipping measures the areas about the reference normal in the reference frame;
/// `(u, v, z)` is that frame's axes permuted, and mirrored for a `−` face (`up` = −1), where
/// the normal is `(0, 0, up)`: the areas are `up` times those in the `(u, v)` plane, to the bit.
/// Its scans are made here four points at a time ([`argmax_lanes`]), each score computed lane
/// by lane with the same operations in the same order, so the same numbers.
#[inline]
fn reduce(points: &Points, n: usize, deepest: usize, up: Real) -> ([usize; 4], usize) {
    if n <= 4 {
        return ([0, 1, 2, 3], n);
    }
    let ([u0, u1], [v0, v1], [z0, z1]) = (halves(&points.u), halves(&points.v), halves(&points.z));
    let p0 = points.get(deepest);
    let (x0, y0, w0) = (Vector4::splat(p0.x), Vector4::splat(p0.y), Vector4::splat(p0.z));
    // (p − p0)·(p − p0), summed as `length_squared` sums.
    let distance2 = |u: Vector4, v: Vector4, z: Vector4| {
        let (du, dv, dz) = (u - x0, v - y0, z - w0);
        du * du + dv * dv + dz * dz
    };
    let (i1, _) = argmax_lanes([distance2(u0, v0, z0), distance2(u1, v1, z1)], n);
    let d = points.get(i1) - p0;
    let (dx, dy, up4) = (Vector4::splat(d.x), Vector4::splat(d.y), Vector4::splat(up));
    // area(p0, p1, p): the general rule's two scans for the points furthest to either side of
    // the line through the first two.
    let area4 = |u: Vector4, v: Vector4| (dx * (v - y0) - (u - x0) * dy) * up4;
    let areas = [area4(u0, v0), area4(u1, v1)];
    let ((i2, left), (i3, right)) = (argmax_lanes(areas, n), argmax_lanes([-areas[0], -areas[1]], n));
    if left > 0.0 && right > 0.0 {
        return ([deepest, i1, i2, i3], 4);
    }
    // All on one side (rare): the general rule from the start.
    let area = |a: Vector, b: Vector, x: Vector| {
        let (d, e) = (b - a, x - a);
        (d.x * e.y - e.x * d.y) * up
    };
    super::clip::reduce(n, || deepest, |i| points.get(i), area)
}

/// [`argmax`](super::clip::argmax) over the first `n` lanes of `scores` (lanes 0 to 7, `n` at
/// least one): the first lane holding the largest score, and the largest score (that lane's,
/// up to the sign of a zero). `argmax`'s strict comparisons from −∞ keep the first lane of the
/// largest value and step over NaN; here a NaN counts as −∞, as the lanes past `n` do, which
/// comes to the same: should no score be above −∞, both answer lane 0.
#[inline(always)]
fn argmax_lanes(scores: [Vector4; 2], n: usize) -> (usize, Real) {
    let lane = Vector4::new(0.0, 1.0, 2.0, 3.0);
    let counted = |s: Vector4, first: Real| {
        let live = lane.cmplt(Vector4::splat(n as Real - first)) & s.cmpeq(s);
        Vector4::select(live, s, Vector4::splat(Real::NEG_INFINITY))
    };
    let [a, b] = [counted(scores[0], 0.0), counted(scores[1], 4.0)];
    let most = a.max(b).max_element();
    let equal = |s: Vector4| s.cmpeq(Vector4::splat(most)).bitmask();
    ((equal(a) | equal(b) << 4).trailing_zeros() as usize, most)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hull() -> crate::ConvexHull {
        Cuboid::new(Vector::new(1.0, 2.0, 3.0)).unwrap().as_hull().clone()
    }

    /// The sign pattern of a vertex of the hull (true: −).
    fn negative(hull: &crate::ConvexHull, v: u32) -> [bool; 3] {
        hull.vertices()[v as usize].to_array().map(|x| x < 0.0)
    }

    #[test]
    fn faces_are_the_hulls() {
        let hull = hull();
        for (f, (corners, edges)) in FACE_LOOPS.iter().zip(&FACE_EDGES).enumerate() {
            assert_eq!(hull.face_vertices(f), corners, "face {f}");
            assert_eq!(hull.face_normal(f), along(f / 2, face_sign(f as u32)), "face {f}");
            let first = hull.face_first_half_edge(f) as usize;
            for (k, &edge) in edges.iter().enumerate() {
                assert_eq!(hull.half_edges()[first + k].edge, edge, "face {f} edge {k}");
            }
        }
    }

    #[test]
    fn edges_are_the_hulls() {
        let hull = hull();
        for (e, edge) in hull.edges().iter().enumerate() {
            let d = EDGE_DIRECTION[e];
            let (tail, head) = (negative(&hull, edge.tail), negative(&hull, edge.head));
            assert_ne!(tail[d], head[d], "edge {e} runs along axis {d}");
            let (d1, d2) = ((d + 1) % 3, (d + 2) % 3);
            assert_eq!((tail[d1], tail[d2]), (head[d1], head[d2]), "edge {e}");
            let corner = tail[d1] as usize + 2 * tail[d2] as usize;
            assert_eq!(EDGE_ALONG[d][corner], e as u32, "edge {e}");
        }
    }

    #[test]
    fn sides_point_out_of_each_face() {
        // The general clipping's side direction (q − p) × n for loop edge p → q: side_distances
        // must grow along it, from zero on the edge's line.
        let hull = hull();
        let h = [1.0, 2.0, 3.0];
        for (f, corners) in FACE_LOOPS.iter().enumerate() {
            let n = hull.face_normal(f);
            let (k1, k2) = ((f / 2 + 1) % 3, (f / 2 + 2) % 3);
            for k in 0..4 {
                let p = hull.vertices()[corners[k] as usize];
                let q = hull.vertices()[corners[(k + 1) % 4] as usize];
                let side = (q - p).cross(n).normalize();
                let beyond = |x: Vector| side_distances(f, x[k1], x[k2], h[k1], h[k2])[k];
                assert_eq!(beyond(p), 0.0, "face {f} side {k}");
                assert_eq!(beyond(p + side), 1.0, "face {f} side {k}");
                assert_eq!(beyond(p + (q - p) * 0.5), 0.0, "face {f} side {k}");
            }
        }
    }

    /// A few random numbers for the tests below (SplitMix64).
    struct Numbers(u64);

    impl Numbers {
        fn next(&mut self) -> Real {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 11) as Real / (1u64 << 53) as Real * 2.0 - 1.0
        }

        fn vector(&mut self) -> Vector {
            Vector::new(self.next(), self.next(), self.next())
        }

        /// A rotation, now and then one that leaves some axes (nearly) parallel.
        fn rotation(&mut self) -> crate::Rotation {
            let q = crate::Rotation::from_xyzw(self.next(), self.next(), self.next(), self.next() + 1e-3);
            match (self.next() * 4.0) as i32 {
                0 => crate::Rotation::IDENTITY,
                1 => crate::Rotation::from_rotation_z(1e-5 * self.next()),
                _ => q.normalize(),
            }
        }

        fn pair(&mut self) -> (Cuboid, Pose, Cuboid, Pose) {
            let mut size = || Cuboid::new(self.vector().abs() * 2.0 + Vector::splat(0.01)).unwrap();
            let (a, b) = (size(), size());
            let pose_a = Pose::new(self.vector() * 1e3, self.rotation());
            let pose_b = Pose::new(pose_a.translation + self.vector() * 3.0, self.rotation());
            (a, pose_a, b, pose_b)
        }
    }

    #[test]
    fn edge_rows_are_the_scalar_gaps() {
        // The nine edge gaps three lanes at a time are, bit for bit, the one-pair formula's.
        let mut numbers = Numbers(1);
        for case in 0..2000 {
            let (a, pose_a, b, pose_b) = numbers.pair();
            let pair = Pair::new(&a, &pose_a, &b, &pose_b);
            let (edges, cofactors) = (pair.edge_gaps(), pair.cofactors());
            for e in 0..9 {
                let (i, l) = (e / 3, e % 3);
                assert_eq!(pair.cofactor(i, l).to_bits(), cofactors[i][l].to_bits(), "case {case} {e}");
                let (gap, length2) = pair.edge_gap(&cofactors, e / 3, e % 3);
                let (lane_gap, lane_length2) = (edges.gaps[e / 3][e % 3], edges.lengths2[e / 3][e % 3]);
                assert_eq!(gap.to_bits(), lane_gap.to_bits(), "case {case} pair {e}");
                assert_eq!(length2.to_bits(), lane_length2.to_bits(), "case {case} pair {e}");
            }
        }
    }

    #[test]
    fn edges_passed_over_hold_the_boxes_apart_by_less_than_any_face() {
        // When every edge axis is passed over, each one's separation is clearly below the
        // better face's; and some pairs are passed over (else the test shows nothing).
        let (mut numbers, mut passed) = (Numbers(2), 0);
        for case in 0..4000 {
            let (a, pose_a, b, pose_b) = numbers.pair();
            let pair = Pair::new(&a, &pose_a, &b, &pose_b);
            let (sa, sb) = (pair.best_face_a::<false>().1, pair.best_face_b::<false>().1);
            let edges = pair.edge_gaps();
            let floor = sa.max(sb);
            if edges.separating().is_some() || !edges.all_below(floor) {
                continue;
            }
            passed += 1;
            for e in 0..9 {
                let (gap, length2) = (edges.gaps[e / 3][e % 3], edges.lengths2[e / 3][e % 3]);
                let separation = gap / crate::real::sqrt(length2);
                assert!(separation < floor * (1.0 + 0.5 * EDGE_MARGIN), "case {case} pair {e}");
            }
        }
        assert!(passed > 100, "{passed}");
    }

    #[test]
    fn reduce_is_the_general_rule() {
        // The scans four points at a time keep the points the general clipping's rule keeps,
        // whatever the lanes past `n` hold (stale points), and with a NaN among the points.
        let mut numbers = Numbers(3);
        for case in 0..4000 {
            let n = 5 + (case % 4);
            let mut points = Points { u: [0.0; CAPACITY], v: [0.0; CAPACITY], z: [0.0; CAPACITY] };
            for i in 0..CAPACITY {
                // Coarse coordinates now and then, for ties.
                let x = numbers.vector();
                points.set(i, if case % 3 == 0 { (x * 4.0).round() } else { x });
            }
            if case % 50 == 7 {
                points.u[case % n] = Real::NAN;
            }
            let (top, up) = (0.5, if case % 2 == 0 { 1.0 } else { -1.0 });
            let area = |a: Vector, b: Vector, x: Vector| {
                let (d, e) = (b - a, x - a);
                (d.x * e.y - e.x * d.y) * up
            };
            let (deepest, _) = super::super::clip::argmax(n, |i| top - points.z[i]);
            let general = super::super::clip::reduce(n, || deepest, |i| points.get(i), area);
            assert_eq!(reduce(&points, n, deepest, up), general, "case {case}");
        }
    }
}
