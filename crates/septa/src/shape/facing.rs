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

/// For each sector, the face most aligned with the sector's middle direction. Held in 16 bits
/// to keep the table in half a cache line: a polygon of more than 65,536 faces keeps face
/// 65,535 for the sectors whose face lies beyond it, and climbs the rest of the way (any start
/// leads to the peak).
pub(crate) fn sector_faces(normals: &[Vector]) -> [u16; SECTORS] {
    core::array::from_fn(|k| {
        let angle = (k as f64 + 0.5) * core::f64::consts::TAU / SECTORS as f64;
        let middle = DVec2::from_angle(angle).to_real();
        climb(normals, middle, 0).min(u16::MAX as usize) as u16
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

    /// A loop of more faces than the table's 16 bits can name: the sectors whose face lies
    /// beyond face 65,535 start there, and the climb still ends on the face most aligned with
    /// the direction, found here by trying every face. (In f32 the faces round the peak are
    /// within rounding of each other, 70,000 normals being 9e-5 radians apart, and the climb
    /// may stop on any of them: it must end within a millionth of the best.)
    #[test]
    fn faces_past_the_table_are_climbed_to() {
        let n = 70_000;
        let normals: alloc::vec::Vec<Vector> = (0..n)
            .map(|k| {
                let angle = (k as f64 + 0.5) * core::f64::consts::TAU / n as f64;
                DVec2::from_angle(angle).to_real()
            })
            .collect();
        let table = sector_faces(&normals);
        assert!(table.contains(&u16::MAX), "some sector's face lies past the table");
        for k in 0..64 {
            let angle = (k as f64 + 0.25) * core::f64::consts::TAU / 64.0;
            let u = DVec2::from_angle(angle).to_real();
            let climbed = climb(&normals, u, table[sector(u)] as usize);
            let best =
                (0..n).fold(0, |best, i| if normals[i].dot(u) > normals[best].dot(u) { i } else { best });
            let (found, wanted) = (normals[climbed].dot(u), normals[best].dot(u));
            assert!(found >= wanted - 1e-6, "direction {k}: {found} against {wanted}");
        }
    }
}
