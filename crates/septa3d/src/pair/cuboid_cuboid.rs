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

use super::clip::{clip_faces, deepest_vertex, edge_contact as hull_edge_contact};
use super::gauss_map::PARALLEL_TOLERANCE;
use super::hull_hull::{self, ABSOLUTE_TOLERANCE, RELATIVE_EDGE_TOLERANCE, RELATIVE_FACE_TOLERANCE};
use crate::pose::Frame;
use crate::{
    Axis, Contact, ContactPoint, Cuboid, Feature, FeatureId, Manifold, Matrix, Pose, Real, SatCache,
    Separation, Trace, Vector,
};

/// The cuboid hull's face loops (`ConvexHull::cuboid`): vertex `k` has x = ±hx by bit 0, y by
/// bit 1, z by bit 2 (set: +); face `f` is the `+` or `−` face of axis `f / 2`.
const FACE_LOOPS: [[u32; 4]; 6] =
    [[1, 3, 7, 5], [0, 4, 6, 2], [2, 6, 7, 3], [0, 1, 5, 4], [4, 5, 7, 6], [0, 2, 3, 1]];

/// The hull's edge index of each face loop's edge from corner `k` to corner `k + 1`.
const FACE_EDGES: [[u32; 4]; 6] =
    [[0, 1, 2, 3], [4, 5, 6, 7], [6, 8, 1, 9], [10, 3, 11, 4], [11, 2, 8, 5], [7, 9, 0, 10]];

/// The hull's edge along axis `d` at the corner whose other coordinates (axes `d + 1` and
/// `d + 2`, cyclically) have signs given by `corner`: bit 0 set for `−` on axis `d + 1`,
/// bit 1 for `−` on axis `d + 2`.
const EDGE_ALONG: [[u32; 4]; 3] = [[8, 11, 9, 10], [2, 0, 5, 7], [1, 6, 3, 4]];

/// The axis each of the hull's twelve edges runs along.
const EDGE_DIRECTION: [usize; 12] = [1, 2, 1, 2, 2, 1, 2, 1, 0, 0, 0, 0];

/// How far the point `(u, v)` of a face's plane lies beyond the side lines through the face's
/// four loop edges, in loop order (negative: inside), for face `r` with half extents `hu`, `hv`
/// across it (`u` along axis `k + 1`, `v` along `k + 2`, `k` the face's axis). A `+` face's
/// loop runs counter-clockwise in `(u, v)`, starting with the edge at `v = −hv`; a `−` face's
/// runs clockwise, starting with the edge at `u = −hu`.
#[inline(always)]
fn side_distances(r: usize, u: Real, v: Real, hu: Real, hv: Real) -> [Real; 4] {
    let (right, top, left, bottom) = (u - hu, v - hv, -u - hu, -v - hv);
    if r % 2 == 0 {
        [bottom, right, top, left]
    } else {
        [left, top, right, bottom]
    }
}

/// The pair seen from a: b's rotation and centre, a's centre seen from b.
struct Pair {
    b_in_a: Frame,
    a_in_b: Frame,
    ha: [Real; 3],
    hb: [Real; 3],
    /// `r[i][j]`: how far b's axis `j` points along a's axis `i`.
    r: [[Real; 3]; 3],
    /// `|r|`, entry by entry.
    abs: [[Real; 3]; 3],
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

/// The best face of each box and the best edge pair.
struct Queries {
    face_a: (u32, Real),
    face_b: (u32, Real),
    edge: Option<EdgeAxis>,
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
            abs: [0, 1, 2].map(|i| [0, 1, 2].map(|j| r[i][j].abs())),
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

    /// How far b reaches along each of a's axes (`Σ_j hb_j |R_ij|`, a row of `|R|`), and a along
    /// each of b's (`Σ_i ha_i |R_ij|`, a column).
    #[inline(always)]
    fn reaches(&self) -> (Vector, Vector) {
        let [ha, hb] = [self.ha, self.hb].map(Vector::from_array);
        let [r0, r1, r2] = self.abs;
        let (r0, r1, r2) = (Vector::from_array(r0), Vector::from_array(r1), Vector::from_array(r2));
        let reach_b = Vector::new(r0.dot(hb), r1.dot(hb), r2.dot(hb));
        let reach_a = r0 * ha.x + r1 * ha.y + r2 * ha.z;
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
    fn best_face<const STOP: bool>(centre: [Real; 3], gaps: [Real; 3]) -> (u32, Real) {
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
        let c = Vector::from_array(self.c);
        let gaps = c.abs() - Vector::from_array(self.ha) - self.reaches().0;
        Pair::best_face::<STOP>(self.c, gaps.to_array())
    }

    /// b's face that holds a off furthest; with `STOP`, the first that separates.
    #[inline(always)]
    fn best_face_b<const STOP: bool>(&self) -> (u32, Real) {
        let t = Vector::from_array(self.t);
        let gaps = t.abs() - Vector::from_array(self.hb) - self.reaches().1;
        Pair::best_face::<STOP>(self.t, gaps.to_array())
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
    #[inline(always)]
    fn edge_gap(&self, cofactors: &[[Real; 3]; 3], i: usize, j: usize) -> (Real, Real) {
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let (p, q) = (self.r[i1][j], self.r[i2][j]);
        let length2 = p * p + q * q;
        let toward = self.c[i2] * p - self.c[i1] * q;
        let reach_a = self.ha[i1] * self.abs[i2][j] + self.ha[i2] * self.abs[i1][j];
        let reach_b = self.hb[j1] * cofactors[i][j2].abs() + self.hb[j2] * cofactors[i][j1].abs();
        let gap = toward.abs() - reach_a - reach_b;
        let parallel = length2 <= PARALLEL_TOLERANCE * PARALLEL_TOLERANCE;
        (if parallel { Real::NEG_INFINITY } else { gap }, length2)
    }

    /// The nine edge gaps, pair `3 i + j` for edge direction `i` of a and `j` of b, measured
    /// all at once (straight-line code, no early exit: cheaper than stopping part way).
    #[inline(always)]
    fn edge_gaps(&self, cofactors: &[[Real; 3]; 3]) -> ([Real; 9], [Real; 9]) {
        let (mut gaps, mut lengths2) = ([0.0; 9], [0.0; 9]);
        for i in 0..3 {
            for j in 0..3 {
                (gaps[3 * i + j], lengths2[3 * i + j]) = self.edge_gap(cofactors, i, j);
            }
        }
        (gaps, lengths2)
    }

    /// Pair `e` (`3 i + j`) as an axis, normalised, with its extreme edges.
    #[inline(always)]
    fn edge_axis(&self, cofactors: &[[Real; 3]; 3], e: usize, gap: Real, length2: Real) -> EdgeAxis {
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
        let corner_b = [cofactors[i][j2] * scale > 0.0, -cofactors[i][j1] * scale > 0.0];
        let normal = Vector::from_array(n);
        EdgeAxis { i, j, normal, separation: gap / length, length2, corner_a, corner_b }
    }

    /// The edge axes: with `STOP`, `Err` at the first that separates; otherwise (and when
    /// none separates) the best one (the first on a tie); `None` when all are parallel.
    #[inline(always)]
    fn best_edge<const STOP: bool>(&self) -> Result<Option<EdgeAxis>, Axis> {
        let cofactors = self.cofactors();
        let (gaps, lengths2) = self.edge_gaps(&cofactors);
        if STOP {
            if let Some(e) = gaps.iter().position(|&g| g >= 0.0) {
                return Err(self.edge_axis(&cofactors, e, gaps[e], lengths2[e]).axis());
            }
        }
        let mut best = usize::MAX;
        if STOP {
            // Every gap is negative now (or −∞, parallel): the largest separation gap / |w| is
            // the smallest gap² / |w|², found by cross-multiplying, with no root or division.
            let mut least = (Real::INFINITY, 1.0);
            for (e, (&gap, &length2)) in gaps.iter().zip(&lengths2).enumerate() {
                if gap > Real::NEG_INFINITY && gap * gap * least.1 < least.0 * length2 {
                    (best, least) = (e, (gap * gap, length2));
                }
            }
        } else {
            let mut most = Real::NEG_INFINITY;
            for (e, (&gap, &length2)) in gaps.iter().zip(&lengths2).enumerate() {
                let s = gap / crate::real::sqrt(length2);
                if s > most {
                    (best, most) = (e, s);
                }
            }
        }
        Ok((best < 9).then(|| self.edge_axis(&cofactors, best, gaps[best], lengths2[best])))
    }

    /// The first edge axis that separates, by the sign of its gap alone (nothing normalised).
    #[inline(always)]
    fn separating_edge(&self) -> Option<Axis> {
        let cofactors = self.cofactors();
        let (gaps, lengths2) = self.edge_gaps(&cofactors);
        let e = gaps.iter().position(|&g| g >= 0.0)?;
        Some(self.edge_axis(&cofactors, e, gaps[e], lengths2[e]).axis())
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
        let edge = self.best_edge::<true>()?;
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
            return hull_edge_contact(
                a.as_hull(),
                edge_a,
                b.as_hull(),
                edge_b,
                &self.b_in_a,
                normal,
                -separation,
            )
            .to_world(pose_a);
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
        edge: pair.best_edge::<false>().unwrap_or(None),
    };
    let best = pair.best(&all);
    Separation { normal: pose_a.rotation * best.normal, ..best }
}

/// The minimum translation vector, or `None` when the boxes do not overlap. The depth is exact:
/// the smallest push over the fifteen axes.
pub fn contact(a: &Cuboid, pose_a: Pose, b: &Cuboid, pose_b: Pose) -> Option<Contact> {
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
    let face_a = |i: u32| face_contact(a, i, b, &pair.b_in_a, &pair.a_in_b, &pose_a);
    let face_b = |j: u32| face_contact(b, j, a, &pair.a_in_b, &pair.b_in_a, &pose_b).map(Manifold::flipped);
    if let Some(e) = all.edge {
        if e.separation > RELATIVE_EDGE_TOLERANCE * sa.max(sb) + slop {
            return Some(pair.edge_contact(a, b, &e, &pose_a));
        }
    }
    let preferred = if sb > RELATIVE_FACE_TOLERANCE * sa + slop { face_b(j) } else { face_a(i) };
    // As in the general path: a face preferred for stability may not face the overlap at all;
    // then the minimum translation's own axis gives the manifold.
    preferred.or_else(|| match pair.best(&all).axis {
        Axis::Edges { .. } => all.edge.map(|e| pair.edge_contact(a, b, &e, &pose_a)),
        Axis::FaceB(j) => face_b(j).or_else(|| {
            let m = deepest_vertex(b.as_hull(), j as usize, a.as_hull(), &pair.a_in_b, &pair.b_in_a);
            Some(m.to_world(&pose_b).flipped())
        }),
        _ => face_a(i).or_else(|| {
            let m = deepest_vertex(a.as_hull(), i as usize, b.as_hull(), &pair.b_in_a, &pair.a_in_b);
            Some(m.to_world(&pose_a))
        }),
    })
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
) -> Option<Manifold> {
    clip_boxes(reference, r, incident, incident_in_reference, pose).or_else(|| {
        let (reference, incident) = (reference.as_hull(), incident.as_hull());
        clip_faces(reference, r as usize, incident, incident_in_reference, reference_in_incident)
            .map(|m| m.to_world(pose))
    })
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

/// A point of the clipped polygon, in the reference face's coordinates `(u, v, z)`.
#[derive(Clone, Copy)]
struct ClipPoint {
    point: Vector,
    made: Made,
}

/// The most points the clipping keeps: a quadrilateral and a rectangle meet in at most eight
/// corners. (Should rounding add a twin beyond that, it is dropped: still a point of the
/// contact, and next to one kept.)
const CAPACITY: usize = 8;

/// The clipped points, in a fixed buffer.
struct Clipped {
    points: [ClipPoint; CAPACITY],
    len: usize,
}

impl Clipped {
    #[inline(always)]
    fn push(&mut self, point: Vector, made: Made) {
        if self.len < CAPACITY {
            self.points[self.len] = ClipPoint { point, made };
            self.len += 1;
        }
    }
}

/// The clipping itself (see [`face_contact`]), in the reference face's coordinates: `u` along
/// the reference box's axis `k + 1`, `v` along `k + 2` and `z` along the face's outward
/// normal (axis `k`), where the face is the rectangle `|u| ≤ hu`, `|v| ≤ hv` at `z = hk`.
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
/// Each point lies on the incident face; those behind the reference face (`z ≤ hk`) are kept,
/// with depth `hk − z`, and reduced to four as the general clipping reduces them. The
/// points come in a different order than the general clipping's, which matters only to which
/// of two equally good points the reduction keeps.
fn clip_boxes(reference: &Cuboid, r: u32, incident: &Cuboid, frame: &Frame, pose: &Pose) -> Option<Manifold> {
    let r = r as usize;
    let k = r / 2;
    let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
    let up = face_sign(r as u32);
    let h = reference.half_extents().to_array();
    let g = incident.half_extents().to_array();
    let to_face = |x: Vector| {
        let x = x.to_array();
        Vector::new(x[k1], x[k2], up * x[k])
    };
    // The incident box's axes and centre, seen from the reference face.
    let m = &frame.rotation;
    let axes = [to_face(m.x_axis), to_face(m.y_axis), to_face(m.z_axis)];
    let centre = to_face(frame.translation);
    // The incident face: the one most anti-parallel to the reference normal, on the axis that
    // leans furthest along it (the first on a tie), on the side facing the reference face.
    let mut n = 0;
    for l in 1..3 {
        if axes[l].z.abs() > axes[n].z.abs() {
            n = l;
        }
    }
    let f = 2 * n + (axes[n].z > 0.0) as usize;
    // Its corners: the face's centre plus or minus the half extents along the other two axes.
    let (n1, n2) = ((n + 1) % 3, (n + 2) % 3);
    let middle = centre + axes[n] * (g[n] * if f % 2 == 0 { 1.0 } else { -1.0 });
    let (e1, e2) = (axes[n1] * g[n1], axes[n2] * g[n2]);
    let (plus, minus) = (middle + e1, middle - e1);
    // By the vertex's signs on axes n1 and n2 (bit set: −).
    let quarters = [plus + e2, minus + e2, plus - e2, minus - e2];
    let negative = |vertex: u32, axis: usize| (vertex >> axis) & 1 == 0;
    let corner = |vertex: u32| quarters[negative(vertex, n1) as usize | (negative(vertex, n2) as usize) << 1];
    let [c0, c1, c2, c3] = FACE_LOOPS[f];
    let corners = [corner(c0), corner(c1), corner(c2), corner(c3)];

    // How far beyond each side line each incident corner lies, and on which (bit s set:
    // beyond side line s).
    let (mut beyond, mut outside) = ([[0.0; 4]; 4], [0u8; 4]);
    for (c, (d, bits)) in corners.iter().zip(beyond.iter_mut().zip(&mut outside)) {
        *d = side_distances(r, c.x, c.y, h[k1], h[k2]);
        *bits = (d[0] > 0.0) as u8
            | ((d[1] > 0.0) as u8) << 1
            | ((d[2] > 0.0) as u8) << 2
            | ((d[3] > 0.0) as u8) << 3;
    }
    let mut clipped =
        Clipped { points: [ClipPoint { point: Vector::ZERO, made: Made::Corner(0) }; CAPACITY], len: 0 };
    // The reference corners passed running along the rectangle from side line `from` to `to`,
    // the way the incident loop turns (the rectangle's loop turns as `up` says in (u, v)).
    let turn = (corners[1] - corners[0]).truncate().perp_dot((corners[2] - corners[1]).truncate());
    let forward = (turn > 0.0) == (up > 0.0);
    let normal = axes[n];
    let on_incident = |k: usize| {
        let v = FACE_LOOPS[r][k];
        let u = if negative(v, k1) { -h[k1] } else { h[k1] };
        let w = if negative(v, k2) { -h[k2] } else { h[k2] };
        let z = middle.z - (normal.x * (u - middle.x) + normal.y * (w - middle.y)) / normal.z;
        Vector::new(u, w, z)
    };
    let run = |clipped: &mut Clipped, from: usize, to: usize| {
        // (From a line back to the same line the boundary runs straight: a convex face that
        // leaves the rectangle by a side line and comes back in by it holds what lies between.)
        let mut s = from;
        while s != to {
            let k = if forward { (s + 1) % 4 } else { s };
            clipped.push(on_incident(k), Made::Reference(k as u8));
            s = if forward { (s + 1) % 4 } else { (s + 3) % 4 };
        }
    };

    // Walk the incident loop: the corners inside, and where each edge enters and leaves.
    let (mut left_by, mut first_entry) = (None, None);
    for i in 0..4 {
        let j = (i + 1) % 4;
        if outside[i] == 0 {
            clipped.push(corners[i], Made::Corner(FACE_LOOPS[f][i] as u8));
        }
        if outside[i] & outside[j] != 0 || outside[i] | outside[j] == 0 {
            continue; // beyond one side line all along, or inside all along
        }
        // The part of the edge inside every side line: from the last entry to the first exit.
        let (mut enter, mut leave) = ((0.0, None), (1.0, None));
        for (s, (&da, &db)) in beyond[i].iter().zip(&beyond[j]).enumerate() {
            // (The corners are on opposite sides of this line, or both inside it.)
            if da > 0.0 {
                let t = da / (da - db);
                if enter.1.is_none() || t > enter.0 {
                    enter = (t, Some(s));
                }
            } else if db > 0.0 {
                let t = da / (da - db);
                if leave.1.is_none() || t < leave.0 {
                    leave = (t, Some(s));
                }
            }
        }
        if enter.1.is_some() && leave.1.is_some() && enter.0 >= leave.0 {
            continue; // passes the rectangle by
        }
        let (a, b, edge) = (corners[i], corners[j], FACE_EDGES[f][i] as u8);
        if let (t, Some(side)) = enter {
            clipped.push(a + (b - a) * t, Made::Crossing { side: side as u8, edge });
            match left_by.take() {
                Some(from) => run(&mut clipped, from, side),
                None => first_entry = Some(side),
            }
        }
        if let (t, Some(side)) = leave {
            clipped.push(a + (b - a) * t, Made::Crossing { side: side as u8, edge });
            left_by = Some(side);
        }
    }
    if let (Some(from), Some(to)) = (left_by, first_entry) {
        run(&mut clipped, from, to);
    }
    if outside.iter().all(|&o| o != 0) && clipped.len == 0 {
        // No incident corner inside and no edge through: the incident face holds the whole
        // rectangle (then it holds its centre) or misses it.
        let inside = (0..4).all(|i| {
            let (a, b) = (corners[i].truncate(), corners[(i + 1) % 4].truncate());
            ((b - a).perp_dot(-a) > 0.0) == (turn > 0.0)
        });
        if !inside {
            return None;
        }
        for k in 0..4 {
            clipped.push(on_incident(k), Made::Reference(k as u8));
        }
    }

    // Keep the points behind the reference face (depth hk − z ≥ 0).
    let mut behind = 0;
    for i in 0..clipped.len {
        if clipped.points[i].point.z <= h[k] {
            clipped.points[behind] = clipped.points[i];
            behind += 1;
        }
    }
    let behind = &clipped.points[..behind];
    if behind.is_empty() {
        return None;
    }
    let (chosen, len) = reduce(behind, h[k], up);
    // Into the world: u, v and z along the reference pose's axes k + 1, k + 2 and ±k.
    let world = Matrix::from_quat(pose.rotation);
    let (wu, wv, wz) = (world.col(k1), world.col(k2), world.col(k) * up);
    let unset = FeatureId { a: Feature::Face(0), b: Feature::Face(0) };
    let mut kept = [ContactPoint { point: Vector::ZERO, depth: 0.0, id: unset }; 4];
    for (p, &i) in kept.iter_mut().zip(&chosen[..len]) {
        let c = &behind[i];
        let point = pose.translation + wu * c.point.x + wv * c.point.y + wz * c.point.z;
        *p = ContactPoint { point, depth: h[k] - c.point.z, id: c.made.id(r, f) };
    }
    Manifold::from_points(wz, &kept[..len])
}

/// Which of `points` (not empty, behind the reference face at height `top`) to keep, at most
/// four, chosen by the general clipping's rule ([`clip::reduce`](super::clip::reduce)).
///
/// The general clipping measures the areas about the reference normal in the reference frame;
/// `(u, v, z)` is that frame's axes permuted, and mirrored for a `−` face (`up` = −1), where
/// the normal is `(0, 0, up)`: the areas are `up` times those in the `(u, v)` plane, to the bit.
#[inline]
fn reduce(points: &[ClipPoint], top: Real, up: Real) -> ([usize; 4], usize) {
    let area = |a: Vector, b: Vector, x: Vector| {
        let (d, e) = (b - a, x - a);
        (d.x * e.y - e.x * d.y) * up
    };
    super::clip::reduce(points.len(), |i| points[i].point, |i| top - points[i].point.z, area)
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
}
