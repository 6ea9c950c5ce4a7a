//! A common point: the quickest proof that two convex polygons overlap.
//!
//! The separating axis theorem proves *separation* with one axis, but *overlap* only by testing
//! every candidate axis and finding none that separates. Overlap has a one-step proof of its
//! own: a point strictly inside both polygons. Whatever axis one projects on, that point's
//! projection lies inside both shadows, so no axis can separate them.
//!
//! ```text
//!          a                           p is strictly inside a (below every face line of a)
//!      +--------+                      and strictly inside b: the shadows of a and b on any
//!      |     cₐ |   b                  axis both contain p's shadow, with room on each side,
//!      |      · p ·--.                 so they overlap on every axis.
//!      +--------+    c_b
//!              `-----'
//! ```
//!
//! Testing a point against a convex polygon costs one dot product per face (four faces at a
//! time in [`NormalLanes`]), far less than projecting the other polygon on
//! every face, and needs no search. The point tried is the midpoint of the two polygons'
//! interior points ([`Polygonal::interior_point`], a polygon's centroid): when the polygons
//! overlap deeply it lies inside both; when they only graze each other or are apart it does
//! not, and the boolean test goes on to the axes, having spent a few operations per face.
//!
//! # Touching is not overlapping, and rounding
//!
//! The point must be inside both polygons by more than a margin ([`COMMON_POINT_MARGIN`] of the
//! sizes and distance involved), not merely inside. The test then never claims an overlap the
//! axis search could deny: if a disc of radius `m` about the point lies inside both polygons,
//! their shadows on every axis overlap by at least `2m`, far more than the rounding in any
//! separation septa computes, so every axis has a negative separation there too. A pair that
//! touches, or overlaps by less than the margin, is left to the axes, which decide it exactly as
//! they always have.

use crate::{NormalLanes, Polygonal, Pose, Real, Vector, Vector4};

/// How far inside both polygons, as a fraction of the sizes and distance involved, the common
/// point must lie (see the module docs): far more than the rounding in transforming the point
/// or in any separation, and far less than any overlap worth a shortcut.
pub const COMMON_POINT_MARGIN: Real = 1e-4;

/// Is the midpoint of the polygons' interior points inside both, by more than the margin? Then
/// they overlap (see the module docs). `false` when either polygon offers no interior point.
/// `b_in_a` places b in a's frame and `a_in_b` a in b's.
#[inline(always)]
pub(crate) fn certifies_overlap<A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    b_in_a: &Pose,
    a_in_b: &Pose,
) -> bool {
    let (Some(ca), Some(cb)) = (a.interior_point(), b.interior_point()) else {
        return false;
    };
    // The midpoint in each polygon's own frame: each interior point is moved into the other's
    // frame, both at once. (The two midpoints are the same point up to rounding, which the
    // margin covers.)
    let (cb_in_a, ca_in_b) = place_both(b_in_a, cb, a_in_b, ca);
    let (pa, pb) = ((ca + cb_in_a) * 0.5, (ca_in_b + cb) * 0.5);
    let t = b_in_a.translation;
    let margin = COMMON_POINT_MARGIN * (a.reach() + b.reach() + t.x.abs() + t.y.abs());
    inside_by(a, pa, margin) && inside_by(b, pb, margin)
}

/// `p` placed by `xp` and `q` placed by `xq`, side by side in four lanes: the same products and
/// sums as [`Pose::apply`] on each.
#[inline(always)]
fn place_both(xp: &Pose, p: Vector, xq: &Pose, q: Vector) -> (Vector, Vector) {
    let (rp, rq) = (xp.rotation, xq.rotation);
    let points = Vector4::new(p.x, p.y, q.x, q.y);
    let turned = Vector4::new(-p.y, p.x, -q.y, q.x);
    let cos = Vector4::new(rp.cos, rp.cos, rq.cos, rq.cos);
    let sin = Vector4::new(rp.sin, rp.sin, rq.sin, rq.sin);
    let shift = Vector4::new(xp.translation.x, xp.translation.y, xq.translation.x, xq.translation.y);
    let [px, py, qx, qy] = (cos * points + sin * turned + shift).to_array();
    (Vector::new(px, py), Vector::new(qx, qy))
}

/// Is `p` (in the polygon's frame) on the inner side of every face line by more than `margin`:
/// `nᵢ · p < dᵢ − margin` for every face `i`? Four faces at a time, without a branch; a polygon
/// whose faces come in opposite pairs tests both faces of a pair at once, as `|nᵢ · p| < dᵢ`.
#[inline(always)]
fn inside_by<P: Polygonal>(polygon: &P, p: Vector, margin: Real) -> bool {
    let (px, py, limit) = (Vector4::splat(p.x), Vector4::splat(p.y), Vector4::splat(-margin));
    let along = |lanes: &NormalLanes| lanes.nx * px + lanes.ny * py;
    // Lane by lane "inside every face so far"; a NaN (from a NaN pose) compares false, so no
    // overlap is claimed for it.
    let mut inside = Vector4::ZERO.cmpeq(Vector4::ZERO);
    match polygon.half_face_lanes() {
        Some(half) => {
            for lanes in half {
                inside &= (along(lanes).abs() - lanes.hi).cmplt(limit);
            }
        }
        None => {
            for lanes in polygon.face_lanes() {
                inside &= (along(lanes) - lanes.hi).cmplt(limit);
            }
        }
    }
    inside.all()
}
