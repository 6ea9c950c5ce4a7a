//! Face axes: how far one polyhedron's faces hold the other off.
//!
//! For face `i` of a, with outward unit normal `n` and plane `n · x = d`, the separation is the
//! height of b's lowest point above the plane:
//!
//! ```text
//!        b  /\
//!          /  \
//!          \  /   <- b's support in −n: its lowest vertex
//!   ........\/............   separation (+: a gap, −: b sinks that deep)
//!   ========================  face i of a: n · x = d       n ↑
//! ```
//!
//! b's vertices stay in b's frame: the plane is turned into b's frame instead (`m = Rᵀ n`,
//! offset `d − n · t`), one turn per face rather than one per vertex. Four faces are measured
//! at once, one per lane ([`FaceLanes`](crate::FaceLanes)): each vertex of b is projected on
//! four normals with three multiply-adds, and each lane keeps its minimum. A large b is not
//! scanned: its lowest vertex is climbed to along its edges, starting where the last face's
//! climb ended (neighbouring faces have nearby lowest vertices).

use crate::pose::Frame;
use crate::{ConvexHull, Real, Vector, Vector4};

/// Above this many vertices, b's lowest vertex is climbed to instead of found by a scan. A
/// climb looks round a handful of vertices per step and takes a few steps from where the last
/// face's ended; the scan measures every vertex, but for four faces at once. Measured with
/// callgrind on random hulls, the scan is cheaper up to about 100 vertices.
pub(crate) const CLIMB_ABOVE: usize = 64;

/// The face of `a` whose plane holds `b` (placed in a's frame by `b_in_a`) off furthest, with
/// that separation; the first such face on a tie. With `STOP`, the first face with a
/// separation of zero or more (a separating axis) is returned at once.
#[inline]
pub(crate) fn best_face<const STOP: bool>(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame) -> (u32, Real) {
    let faces = a.face_count();
    let [c0, c1, c2] = [b_in_a.rotation.x_axis, b_in_a.rotation.y_axis, b_in_a.rotation.z_axis];
    let t = b_in_a.translation;
    let scan = b.vertices().len() <= CLIMB_ABOVE || !b.is_climbable();
    let mut start = 0;
    let (mut best, mut best_separation) = (0u32, Real::NEG_INFINITY);
    for (group, lanes) in a.face_lanes().iter().enumerate() {
        // The four planes in b's frame: normals Rᵀn, offsets d − n·t.
        let (nx, ny, nz) = (lanes.nx, lanes.ny, lanes.nz);
        let mx = nx * c0.x + ny * c0.y + nz * c0.z;
        let my = nx * c1.x + ny * c1.y + nz * c1.z;
        let mz = nx * c2.x + ny * c2.y + nz * c2.z;
        let shift = nx * t.x + ny * t.y + nz * t.z - lanes.d;
        let lowest = if scan {
            let mut lo = Vector4::splat(Real::INFINITY);
            for v in b.vertices() {
                lo = lo.min(mx * v.x + my * v.y + mz * v.z);
            }
            lo
        } else {
            let (mx, my, mz) = (mx.to_array(), my.to_array(), mz.to_array());
            let mut lo = [0.0; 4];
            for k in 0..4 {
                let m = Vector::new(mx[k], my[k], mz[k]);
                start = b.support_from(-m, start);
                lo[k] = m.dot(b.vertices()[start as usize]);
            }
            Vector4::from_array(lo)
        };
        let separations = (lowest + shift).to_array();
        for (k, &s) in separations.iter().enumerate() {
            let face = 4 * group + k;
            if face >= faces {
                break;
            }
            if s > best_separation {
                (best, best_separation) = (face as u32, s);
                if STOP && s >= 0.0 {
                    return (best, best_separation);
                }
            }
        }
    }
    (best, best_separation)
}

/// The separation along face `i` of `a` alone (the cached-feature test).
#[inline]
pub(crate) fn face_separation(a: &ConvexHull, i: usize, b: &ConvexHull, b_in_a: &Frame) -> Real {
    let n = a.face_normal(i);
    let m = b_in_a.rotation.transpose() * n;
    let lowest = b.vertices()[b.support(-m) as usize];
    m.dot(lowest) + n.dot(b_in_a.translation) - a.face_offset(i)
}
