//! The window search: for round polygons, only the faces that look along the line between the
//! origins can hold the largest separation, so only those are tested.
//!
//! A polygon's support distance `h(u)` (how far it reaches from its local origin along the unit
//! direction `u`) lies between its inner reach `ρ` (the largest circle about the origin inside
//! it) and its reach (the smallest about the origin around it). With b's origin at `t` in a's
//! frame, the separation of b from face `i` of a (normal `nᵢ`, plane offset `dᵢ ≥ ρₐ`) is
//!
//! ```text
//!     sᵢ = nᵢ · t − h_b(−nᵢ) − dᵢ   ≤   nᵢ · t − ρ_b − ρₐ   =   |t| cos θᵢ − ρₐ − ρ_b
//! ```
//!
//! where `θᵢ` is the angle between the normal and `t`. The bound falls as the normal turns
//! away from `t`, so once some face has separation `s`, every face whose bound is below `s` can
//! be passed over without projecting anything. The search starts at the face that looks most
//! directly at b and walks outwards both ways until the bound drops below the best separation
//! found:
//!
//! ```text
//!              window
//!            .--\-|-/--.           .-~~-.
//!           /    \|/    \         /      \
//!          |  ρₐ  oₐ----------t--->  o_b  |      faces of a outside the window look away
//!           \            /        \      /       from b by so much that even the deepest
//!            `--------'            `-~~-'        reach of b cannot make them the best
//! ```
//!
//! How narrow the window is depends on how round the polygons are about their origins: with
//! `ρ` close to the reach (a 64-gon: within 0.1 %) it holds two or three faces, and the search
//! costs finding where to start (a table lookup and a step or two, see
//! [`Polygonal::face_toward`]) plus a handful of faces instead of every face. A long thin rectangle
//! has `ρ` far below its reach and its window holds every face; polygons whose origin lies
//! outside them have no useful `ρ` at all, and are searched the usual way.
//!
//! Faces are passed over only when their bound is below the best separation by a margin far
//! larger than the rounding in either, so the search finds the same face, and the same number,
//! as testing every face by walking: ties still go to the lower index.

use super::polygon_polygon::walk_down;
use crate::{Polygonal, Pose, Real};

/// How far below the best separation (as a fraction of the sizes and distance involved) a
/// face's bound must fall before the face is passed over: far more than the rounding in the
/// separations and the bounds, so that no face that rounding could make the best is skipped.
const WINDOW_MARGIN: Real = 1e-4;

/// The next index round a loop of `n`, counter-clockwise or clockwise (without a division).
#[inline(always)]
fn step(i: usize, forwards: bool, n: usize) -> usize {
    match (forwards, i) {
        (true, i) if i + 1 == n => 0,
        (true, i) => i + 1,
        (false, 0) => n - 1,
        (false, i) => i - 1,
    }
}

/// Can [`max_separation`] narrow the search for this pair? Both polygons must contain their
/// origin, so that their inner reaches bound their support distances from below.
#[inline(always)]
pub(crate) fn applies<A: Polygonal, B: Polygonal>(a: &A, b: &B) -> bool {
    a.inner_reach() > 0.0 && b.inner_reach() > 0.0
}

/// The face of a from which b is farthest, and that separation: the same face (lowest index on
/// ties) and the same number as walking every face, found by testing only the faces in the
/// window (see the module docs). With `STOP_AT_GAP` the search ends at the first face that
/// separates (touching counts). `xf` places b in a's frame; see [`applies`] for when the
/// window is of use.
///
/// The boolean test runs this same search. It could pass over every face whose bound is below
/// 0 instead of below the best separation, and stop at once whenever the circles of radius `ρ`
/// overlap; septa deliberately does not (see [`overlaps`](super::polygon_polygon::overlaps)).
///
/// The search starts at `peak`, a's face most aligned with b's origin, and b's lowest vertex
/// along its normal is looked for from vertex `start`: b's face most aligned with a's origin
/// starts there, and the two faces look at each other, so that vertex is at most a step or two
/// from the lowest (see [`Peaks`]).
// Out of line: it serves large polygons, where a call costs nothing, and inlined it would crowd
// the small polygons' paths in the same functions.
#[inline(never)]
pub(crate) fn max_separation<const STOP_AT_GAP: bool, A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    xf: &Pose,
    (peak, start): (usize, usize),
) -> (usize, Real) {
    let (normals, offsets, vertices) = (a.normals(), a.plane_offsets(), b.vertices());
    let n = normals.len();
    let t = xf.translation;
    let inner = a.inner_reach() + b.inner_reach();
    let margin = WINDOW_MARGIN * (a.reach() + b.reach() + t.x.abs() + t.y.abs());
    // The separation from face i (given nᵢ · t), with b's lowest vertex along its normal found
    // by walking from `cursor`: the same arithmetic as every other path.
    let separation = |i: usize, along: Real, cursor: usize, forwards: Option<bool>| {
        let direction = xf.rotation.apply_inv(normals[i]);
        let (j, low) = match forwards {
            Some(forwards) => walk_down(vertices, direction, cursor, forwards),
            // From the start, either way: forwards first, and backwards if that did not fall.
            None => match walk_down(vertices, direction, cursor, true) {
                (j, _) if j == cursor => walk_down(vertices, direction, cursor, false),
                lowest => lowest,
            },
        };
        (j, low + along - offsets[i])
    };

    let (cursor, s) = separation(peak, normals[peak].dot(t), start, None);
    let mut best = (peak, s);
    if STOP_AT_GAP && s >= 0.0 {
        return best;
    }
    // Counter-clockwise from the peak, then clockwise; between them no face is tested twice.
    let mut tested = 1;
    for forwards in [true, false] {
        let (mut i, mut cursor) = (peak, cursor);
        while tested < n {
            i = step(i, forwards, n);
            // nᵢ · t only falls from here on, so once the bound is below the best, so are the
            // bounds of every face further this way.
            let along = normals[i].dot(t);
            if along - inner < best.1 - margin {
                break;
            }
            tested += 1;
            // As a's normal turns, b's lowest vertex along it turns the same way, never back.
            let (j, s) = separation(i, along, cursor, Some(forwards));
            cursor = j;
            if s > best.1 || (s == best.1 && i < best.0) {
                best = (i, s);
                if STOP_AT_GAP && s >= 0.0 {
                    return best;
                }
            }
        }
    }
    best
}

/// Where the window search starts on each polygon: its face most aligned with the other's
/// origin, which is where the bound of the module docs is largest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peaks {
    /// a's face looking most directly at b's origin.
    pub a: usize,
    /// b's face looking most directly at a's origin.
    pub b: usize,
}

impl Peaks {
    /// The peaks of a pair, given b's pose in a's frame and a's in b's.
    #[inline(never)]
    pub(crate) fn of<A: Polygonal, B: Polygonal>(a: &A, b: &B, b_in_a: &Pose, a_in_b: &Pose) -> Peaks {
        Peaks { a: a.face_toward(b_in_a.translation), b: b.face_toward(a_in_b.translation) }
    }

    /// (a's, b's): where the search over a's faces starts, and where it starts looking for
    /// b's lowest vertex.
    #[inline(always)]
    pub(crate) fn for_a(self) -> (usize, usize) {
        (self.a, self.b)
    }

    /// (b's, a's), for the search over b's faces.
    #[inline(always)]
    pub(crate) fn for_b(self) -> (usize, usize) {
        (self.b, self.a)
    }
}
