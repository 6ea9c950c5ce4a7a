//! Oriented box against oriented box: 4 axes, each in O(1).
//!
//! Opposite faces of a box share an axis, so the 8 face normals of two boxes give only 4
//! distinct axes, and a box's shadow on any axis costs two dot products
//! (see [`OrientedBox::shadow`]). On each axis both faces are read off the same pair of shadows:
//!
//! ```text
//!   axis u = normal of face f (and, turned around, of the opposite face f')
//!
//!        a.min      a.max
//!   a:     |==========|                  separation of b from face f  = b.min − a.max
//!   b:            |==========|           separation of b from face f' = a.min − b.max
//!               b.min      b.max
//! ```
//!
//! Everything else (the reference face bias, the clipping) is shared with
//! [`polygon_polygon`], and the answers are those of the same boxes
//! given as 4-gons.

use crate::{
    pair::polygon_polygon, Axis, Contact, Interval, Manifold, OrientedBox, Pose, Real, SatCache, Separation,
    Vector,
};

/// Both boxes' shadows on `u`, a unit axis in a's frame; `xf` places b in a's frame.
#[inline]
fn shadows(a: &OrientedBox, b: &OrientedBox, xf: &Pose, u: Vector) -> (Interval, Interval) {
    let b_shadow = b.shadow(xf.rotation.apply_inv(u)).shifted(u.dot(xf.translation));
    (a.shadow(u), b_shadow)
}

/// The four axes in a's frame, as (axis, face whose normal is +axis, face whose normal is −axis).
/// Faces are numbered as in [`OrientedBox`]: 0 bottom (−ey), 1 right (ex), 2 top (ey), 3 left.
#[inline]
fn axes(a: &OrientedBox, b: &OrientedBox, xf: &Pose) -> [(Vector, Axis, Axis); 4] {
    let (ax, ay) = a.directions();
    let (bx, by) = b.directions();
    let (bx, by) = (xf.rotation.apply(bx), xf.rotation.apply(by));
    [
        (ax, Axis::EdgeA(1), Axis::EdgeA(3)),
        (ay, Axis::EdgeA(2), Axis::EdgeA(0)),
        (bx, Axis::EdgeB(1), Axis::EdgeB(3)),
        (by, Axis::EdgeB(2), Axis::EdgeB(0)),
    ]
}

/// The separation of b from every face of a, and of a from every face of b, indexed by face.
#[inline]
fn face_separations(a: &OrientedBox, b: &OrientedBox, xf: &Pose) -> ([Real; 4], [Real; 4]) {
    let (mut of_a, mut of_b) = ([0.0; 4], [0.0; 4]);
    for (u, plus, minus) in axes(a, b, xf) {
        let (sa, sb) = shadows(a, b, xf, u);
        // On a's axes, b leaves face `plus` forwards; on b's axes, face `plus` is b's own face
        // facing +u, from which a lies backwards.
        let (forwards, backwards) = (sb.min - sa.max, sa.min - sb.max);
        match (plus, minus) {
            (Axis::EdgeA(p), Axis::EdgeA(m)) => {
                of_a[p as usize] = forwards;
                of_a[m as usize] = backwards;
            }
            (Axis::EdgeB(p), Axis::EdgeB(m)) => {
                of_b[p as usize] = backwards;
                of_b[m as usize] = forwards;
            }
            _ => {}
        }
    }
    (of_a, of_b)
}

/// The largest entry and its index (the first on a tie).
#[inline]
fn max_face(separations: [Real; 4]) -> (usize, Real) {
    let mut best = (0, separations[0]);
    for (i, &s) in separations.iter().enumerate().skip(1) {
        if s > best.1 {
            best = (i, s);
        }
    }
    best
}

/// Do the boxes overlap? Four axes, early exit; touching is not overlapping.
pub fn overlaps(a: &OrientedBox, pose_a: Pose, b: &OrientedBox, pose_b: Pose) -> bool {
    let xf = pose_a.inv_mul(&pose_b);
    axes(a, b, &xf).iter().all(|&(u, _, _)| {
        let (sa, sb) = shadows(a, b, &xf, u);
        sa.separation(sb) < 0.0
    })
}

/// [`overlaps`], trying the axis in `cache` first and remembering the face that separates.
pub fn overlaps_cached(
    a: &OrientedBox,
    pose_a: Pose,
    b: &OrientedBox,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    let xf = pose_a.inv_mul(&pose_b);
    let axes = axes(a, b, &xf);
    // A cached face names one of the four axes; trying the axis tests both of its faces.
    if let Some(cached) = cache.axis() {
        if let Some(&(u, _, _)) = axes.iter().find(|(_, p, m)| *p == cached || *m == cached) {
            let (sa, sb) = shadows(a, b, &xf, u);
            if sa.separation(sb) >= 0.0 {
                return false;
            }
        }
    }
    for (u, plus, minus) in axes {
        let (sa, sb) = shadows(a, b, &xf, u);
        let (forwards, backwards) = (sb.min - sa.max, sa.min - sb.max);
        if forwards >= 0.0 || backwards >= 0.0 {
            let a_face = matches!(plus, Axis::EdgeA(_));
            // forwards is a gap beyond a's `plus` face, or beyond b's `minus` face
            cache.set(match (forwards >= 0.0, a_face) {
                (true, true) | (false, false) => plus,
                _ => minus,
            });
            return false;
        }
    }
    true
}

/// The largest separation over both boxes' faces (see [`Separation`]).
pub fn separation(a: &OrientedBox, pose_a: Pose, b: &OrientedBox, pose_b: Pose) -> Separation {
    let (of_a, of_b) = face_separations(a, b, &pose_a.inv_mul(&pose_b));
    polygon_polygon::better_face(a, pose_a, b, pose_b, max_face(of_a), max_face(of_b))
}

/// The minimum translation vector, or `None` when the boxes do not overlap.
pub fn contact(a: &OrientedBox, pose_a: Pose, b: &OrientedBox, pose_b: Pose) -> Option<Contact> {
    separation(a, pose_a, b, pose_b).contact()
}

/// The contact manifold, by the same clipping as for polygons.
pub fn collide(a: &OrientedBox, pose_a: Pose, b: &OrientedBox, pose_b: Pose) -> Option<Manifold> {
    let b_in_a = pose_a.inv_mul(&pose_b);
    let (of_a, of_b) = face_separations(a, b, &b_in_a);
    let ((i, sa), (j, sb)) = (max_face(of_a), max_face(of_b));
    if sa >= 0.0 || sb >= 0.0 {
        return None;
    }
    let a_in_b = pose_b.inv_mul(&pose_a);
    polygon_polygon::manifold(a, pose_a, b, pose_b, (&b_in_a, &a_in_b), (i, sa), (j, sb), None)
}
