//! Which face of a polygon looks along a direction: the face whose normal is most aligned with
//! it (the largest `nᵢ · u`).
//!
//! Round the loop of a convex polygon's faces, `nᵢ · u` rises to one peak and falls again (it is
//! `cos` of the angle between the normal and `u`), so from any face a climb reaches the peak;
//! from a face near it, in a step or two. A polygon keeps, for each of [`SECTORS`] equal
//! sectors of directions, the face looking at the sector's middle, and starts there:
//!
//! ```text
//!          4   3   2          sector k holds the directions at angles
//!        5  \  |  /  1        [k, k + 1) × 22.5°; its face looks at
//!      6 ----- o ----- 0      (k + ½) × 22.5°, so for a direction in the
//!        .  /  |  \  .        sector the face looking along it is at most
//!          .   .   .          a sector's turn away
//! ```

use glam::DVec2;

use crate::consts::SQRT_2;
use crate::{Real, ToReal, Vector};

/// How many sectors of directions a polygon keeps a face for.
pub(crate) const SECTORS: usize = 16;

/// tan 22.5° = √2 − 1.
const TAN_SIXTEENTH_TURN: Real = SQRT_2 - 1.0;

/// The sector of `u`: its angle (counter-clockwise from +x) in units of 22.5°, rounded down.
/// The signs of `x` and `y` and which of them is larger in size give the eighth of the circle;
/// whether the smaller is at least tan 22.5° times the larger gives the half of that eighth. A
/// direction within rounding of a boundary may land in the sector next to it, which only adds
/// a step to the climb.
///
/// Only comparisons and a table, no branches: the directions queries ask about are as good as
/// random, so a branch here would be mispredicted half the time, at more cost than all the
/// arithmetic.
#[inline(always)]
pub(crate) fn sector(u: Vector) -> usize {
    // The eighth from (below the x axis, left of the y axis, steeper than 45°), e.g. (no, no,
    // yes) is [45°, 90°) and (yes, no, no) is [315°, 360°).
    const EIGHTH: [usize; 8] = [0, 1, 3, 2, 7, 6, 4, 5];
    let (ax, ay) = (u.x.abs(), u.y.abs());
    let eighth = EIGHTH[4 * (u.y < 0.0) as usize + 2 * (u.x < 0.0) as usize + (ay > ax) as usize];
    // Past 22.5° from the nearer axis; in odd eighths the angle runs towards that axis.
    let far_from_axis = ax.min(ay) >= ax.max(ay) * TAN_SIXTEENTH_TURN;
    2 * eighth + (far_from_axis ^ (eighth % 2 == 1)) as usize
}

/// For each sector, the face most aligned with the sector's middle direction.
pub(crate) fn sector_faces(normals: &[Vector]) -> [u32; SECTORS] {
    core::array::from_fn(|k| {
        let angle = (k as f64 + 0.5) * core::f64::consts::TAU / SECTORS as f64;
        let middle = DVec2::from_angle(angle).to_real();
        climb(normals, middle, 0) as u32
    })
}

/// The face most aligned with `u`, lowest index on ties, climbing from face `k`.
#[inline]
pub(crate) fn climb(normals: &[Vector], u: Vector, mut k: usize) -> usize {
    let n = normals.len();
    let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
    let prev = |i: usize| if i == 0 { n - 1 } else { i - 1 };
    let dot = |i: usize| normals[i].dot(u);
    // At most two faces tie (they sit symmetrically about u), and the lower index wins; a face
    // left behind by a step is strictly worse, so only the neighbour not yet stepped from can.
    let (mut here, mut ahead) = (dot(k), dot(next(k)));
    if ahead > here {
        while ahead > here {
            (k, here) = (next(k), ahead);
            ahead = dot(next(k));
        }
        return if ahead == here && next(k) < k { next(k) } else { k };
    }
    let mut behind = dot(prev(k));
    while behind > here {
        (k, ahead, here) = (prev(k), here, behind);
        behind = dot(prev(k));
    }
    if behind == here && prev(k) < k {
        prev(k)
    } else if ahead == here && next(k) < k {
        next(k)
    } else {
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sectors_are_sixteenths_of_a_turn() {
        for k in 0..3600 {
            let angle = (k as f64 + 0.5) * core::f64::consts::TAU / 3600.0;
            let expected = (angle / (core::f64::consts::TAU / 16.0)).floor() as usize;
            let u = Vector::new(angle.cos() as Real, angle.sin() as Real) * 3.0;
            assert_eq!(sector(u), expected, "angle {angle}");
        }
        // On the boundaries, rounding may give either neighbour.
        for k in 0..16 {
            let angle = k as f64 * core::f64::consts::TAU / 16.0;
            let u = Vector::new(angle.cos() as Real, angle.sin() as Real);
            let found = sector(u);
            assert!(found == k || found == (k + 15) % 16, "boundary {k}: {found}");
        }
    }
}
