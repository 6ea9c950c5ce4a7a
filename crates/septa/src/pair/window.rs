//! The window search: for round polygons, only the faces that look along the line between the
//! polygons' centres can hold the largest separation, so only those are tested.
//!
//! Take a point `c` inside each polygon (its centroid, see [`Polygonal::inner_circle`]) and
//! the largest circle about it inside the polygon, of radius `ρ`. A polygon's support distance
//! about `c`, `h(u)` (how far it reaches from `c` along the unit direction `u`), is at least
//! `ρ`. With b's centre at `c_b` in a's frame, and `eᵢ = dᵢ − nᵢ · cₐ ≥ ρₐ` the distance from
//! a's centre to the line of face `i` (normal `nᵢ`, plane offset `dᵢ`), the separation of b
//! from face `i` is
//!
//! ```text
//!     sᵢ = nᵢ · (c_b − cₐ) − h_b(−nᵢ) − eᵢ   ≤   nᵢ · (c_b − cₐ) − ρ_b − eᵢ
//!                                           ≤   |c_b − cₐ| cos θᵢ − ρₐ − ρ_b
//! ```
//!
//! where `θᵢ` is the angle between the normal and the line from a's centre to b's. The last
//! bound falls as the normal turns away from that line, so once some face has separation `s`,
//! every face further round whose bound is below `s` can be passed over without projecting
//! anything. The search starts at the face that looks most directly at b's centre and walks
//! outwards both ways until the bound drops below the best separation found; on the way it
//! also passes over (without projecting b) each face whose own bound, the middle one, with the
//! face's own distance `eᵢ`, is below the best:
//!
//! ```text
//!              window
//!            .--\-|-/--.           .-~~-.
//!           /    \|/    \         /      \
//!          |  ρₐ  cₐ----------------> c_b  |      faces of a outside the window look away
//!           \            /        \      /       from b by so much that even the deepest
//!            `--------'            `-~~-'        reach of b cannot make them the best
//! ```
//!
//! How narrow the window is depends on how round the polygons are about their centres: with
//! `ρ` close to the farthest vertex (a 64-gon: within 0.1 %) it holds two or three faces, and
//! the search costs finding where to start (a table lookup and a step or two, see
//! [`Polygonal::face_toward`]) plus a handful of faces instead of every face. A long thin
//! rectangle has `ρ` far below its reach and its window holds every face. The centroid serves
//! better than the polygon's origin, which a user may put anywhere (a sprite's corner, a
//! hinge): for the irregular polygons of septa's benchmark, whose origins are off centre, `ρ`
//! about the centroid is 10 % larger on 16- and 32-gons.
//!
//! Faces are passed over only when their bound is below the best separation by a margin far
//! larger than the rounding in either, so the search finds the same face, and the same number,
//! as testing every face by walking: ties still go to the lower index.
//!
//! For deep overlaps about the centres, where the window is wide and the walks long, the search
//! first measures a fixed block of faces against a fixed run of vertices in lanes, without a
//! branch on the data ([`block`]), and walks only when the block cannot prove its answer.

use super::polygon_polygon::walk_down;
use crate::{Polygonal, Pose, Real, Vector, Vector4};

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

/// Can [`max_separation`] narrow the search for this pair? Both polygons must know a circle
/// inside them ([`Polygonal::inner_circle`] with a positive radius), which bounds their support
/// distances from below.
#[inline(always)]
pub(crate) fn applies<A: Polygonal, B: Polygonal>(a: &A, b: &B) -> bool {
    a.inner_circle().1 > 0.0 && b.inner_circle().1 > 0.0
}

/// The face of a from which b is farthest, and that separation: the same face (lowest index on
/// ties) and the same number as walking every face, found by testing only the faces in the
/// window (see the module docs). With `STOP_AT_GAP` the search ends at the first face that
/// separates (touching counts). `xf` places b in a's frame; see [`applies`] for when the
/// window is of use.
///
/// The boolean test runs this same search, after trying a point common to both polygons (see
/// [`overlaps`](super::polygon_polygon::overlaps)).
///
/// The search starts at `peak`, a's face most aligned with the line from a's centre to b's, and
/// b's lowest vertex along its normal is looked for from vertex `start`: b's face most aligned
/// with the line back starts there, and the two faces look at each other, so that vertex is at
/// most a step or two from the lowest (see [`Peaks`]).
///
/// With `BY_BLOCK`, deep overlaps about the centres try [`block`] first (`contact`, `collide`
/// and `separation`); the boolean test goes without, as the pairs it gets this far are mostly
/// apart, and the walk finds their gap at the first face it tests.
// Out of line: it serves large polygons, where a call costs nothing, and inlined it would crowd
// the small polygons' paths in the same functions.
#[inline(never)]
pub(crate) fn max_separation<const STOP_AT_GAP: bool, const BY_BLOCK: bool, A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    xf: &Pose,
    (peak, start, centred): (usize, usize, bool),
) -> (usize, Real) {
    match centred {
        false => search::<STOP_AT_GAP, false, false, _, _>(a, b, xf, (peak, start)),
        true => search::<STOP_AT_GAP, true, BY_BLOCK, _, _>(a, b, xf, (peak, start)),
    }
}

/// Are both polygons' inner circles about their origins ([`Polygonal::inner_circle`])? Then
/// the search needs no centres (regular polygons, and any polygon whose origin serves as well
/// as its centroid).
#[inline(always)]
fn about_origins<A: Polygonal, B: Polygonal>(a: &A, b: &B) -> bool {
    a.inner_circle().0 == Vector::ZERO && b.inner_circle().0 == Vector::ZERO
}

/// b's lowest vertex along `direction` and its projection, walking from `cursor` the preferred
/// way, and with `EITHER` the other way too if that did not fall. Round a convex polygon the
/// projections fall to the lowest vertex and rise after it, so one way or the other leads there
/// from any vertex.
#[inline(always)]
fn lowest_from<const EITHER: bool>(
    vertices: &[Vector],
    direction: Vector,
    cursor: usize,
    forwards: bool,
) -> (usize, Real) {
    match walk_down(vertices, direction, cursor, forwards) {
        (j, _) if EITHER && j == cursor => walk_down(vertices, direction, cursor, !forwards),
        lowest => lowest,
    }
}

/// [`max_separation`], about the polygons' origins or, when `CENTRED`, about the centres of
/// their inner circles, where it also passes over faces by their own bounds.
#[inline(always)]
fn search<const STOP_AT_GAP: bool, const CENTRED: bool, const BY_BLOCK: bool, A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    xf: &Pose,
    (peak, start): (usize, usize),
) -> (usize, Real) {
    let (normals, offsets, vertices) = (a.normals(), a.plane_offsets(), b.vertices());
    let n = normals.len();
    let t = xf.translation;
    // About the origins the circles are the inner reaches (see `Polygonal::inner_circle`).
    let ((centre_a, radius_a), (centre_b, radius_b)) = match CENTRED {
        true => (a.inner_circle(), b.inner_circle()),
        false => ((Vector::ZERO, a.inner_reach()), (Vector::ZERO, b.inner_reach())),
    };
    // b's centre in a's frame, and the line from a's centre to it (about the origins: b's
    // origin, and the line to it).
    let centre_b = if CENTRED { xf.apply(centre_b) } else { t };
    let between = if CENTRED { centre_b - centre_a } else { t };
    let inner = radius_a + radius_b;
    let margin = WINDOW_MARGIN * (a.reach() + b.reach() + t.x.abs() + t.y.abs());
    // b's lowest vertex along a's normal i turned into b's frame: the same arithmetic as every
    // other path.
    let direction = |i: usize| xf.rotation.apply_inv(normals[i]);

    // The block for deep overlaps only (the centres closer than the inner circles' radii
    // together): there the window is wide and the walks long; a pair further apart has a
    // window of two or three faces, a walk of a step or two, and little for the block to save.
    if BY_BLOCK && between.length_squared() < inner * inner {
        let window = (centre_b, between, inner, radius_b, margin);
        if let Some(best) = block::<STOP_AT_GAP, _, _>(a, b, xf, (peak, start), window) {
            return best;
        }
    }

    // From the start, either way.
    let (cursor, low) = lowest_from::<true>(vertices, direction(peak), start, true);
    let mut best = (peak, low + normals[peak].dot(t) - offsets[peak]);
    if STOP_AT_GAP && best.1 >= 0.0 {
        return best;
    }
    // Counter-clockwise from the peak, then clockwise; between them no face is tested twice.
    let mut tested = 1;
    for forwards in [true, false] {
        let (mut i, mut cursor, mut passed_over) = (peak, cursor, false);
        while tested < n {
            i = step(i, forwards, n);
            // nᵢ · (c_b − cₐ) only falls from here on, so once the bound is below the best, so
            // are the bounds of every face further this way.
            let normal = normals[i];
            let along = normal.dot(between);
            if along - inner < best.1 - margin {
                break;
            }
            tested += 1;
            // The face's own bound, with its distance from a's centre in place of ρₐ (see the
            // module docs): faces that stand far from the centre are passed over unprojected.
            if CENTRED && normal.dot(centre_b) - offsets[i] - radius_b < best.1 - margin {
                passed_over = true;
                continue;
            }
            // As a's normal turns from one face to the next, by less than half a turn, b's
            // lowest vertex along it turns the same way, never back: the walk goes on from the
            // last face's. Across faces passed over the normal may have turned further, and the
            // last lowest vertex may lie on the rising side: then the walk goes back.
            let (j, low) = match CENTRED && passed_over {
                true => lowest_from::<true>(vertices, direction(i), cursor, forwards),
                false => lowest_from::<false>(vertices, direction(i), cursor, forwards),
            };
            (cursor, passed_over) = (j, false);
            let s = low + if CENTRED { normal.dot(t) } else { along } - offsets[i];
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

/// How many of a's faces [`block`] measures at once (two groups of four lanes), and against how
/// many of b's vertices.
const BLOCK: usize = 8;

/// The window search without its branches, where it can: a's eight faces from three before the
/// peak to four after it, each against b's eight vertices from three before `start` to four
/// after it, all 64 projections in lanes, and none of the walk's steps whose every `if` the
/// processor must guess. On pairs that are not the same few again and again (a game's bodies,
/// a benchmark's thousands of irregular pairs) the walks, a few steps each way and a stop
/// wherever the bound falls, cost a mispredicted branch every step or two: on 16-gons, more
/// than the arithmetic. (`examples/icount.rs`, the bench's 10,000 `irr16-all` pairs: 80 ns per
/// `collide` with the walks when each chunk of 100 pairs is run again and again, so that the
/// predictor learns their branches by heart; 218 ns in chunks of 1,000, at the same
/// instructions. With the block, 181 ns in chunks of 1,000.)
///
/// ```text
///      b's vertices   start−3 … start … start+4      the projections of b's vertices along
///                                                    one of a's normals fall to one lowest and
///      a's faces      peak−3 … peak … peak+4         rise again round the loop: a lowest
///                                                    strictly inside the run is b's lowest
/// ```
///
/// The answer is the search's, or `None` (the search then runs as before) unless the block
/// proves it: every face of the block whose lowest lies at an end of b's run must be bounded
/// below the best by its own bound (see the module docs), and every face outside the block by
/// the bound `nᵢ · (c_b − cₐ) − ρₐ − ρ_b` of the two faces just beyond it (that bound rises to one
/// peak round the loop and falls to one low, so those two bound all the faces between them the
/// long way round). Separations are the search's numbers (the same operations in the same
/// order), ties go to the lower index, and with `STOP_AT_GAP` any face that separates will do
/// (its callers ask only whether one does).
///
/// The two runs are read as slices of the polygons' [`Rings`](crate::Rings), with no index
/// wrapped round the loop one at a time: that bookkeeping had cost more instructions than the
/// 64 projections (`examples/icount.rs`, `irr16-all` `collide`: 2,169 instructions a call
/// with it, 1,843 from the rings). A shape without rings goes without the block.
#[inline(always)]
fn block<const STOP_AT_GAP: bool, A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    xf: &Pose,
    (peak, start): (usize, usize),
    (centre_b, between, inner, radius_b, margin): (Vector, Vector, Real, Real, Real),
) -> Option<(usize, Real)> {
    let (normals, vertices) = (a.normals(), b.vertices());
    let (n, m) = (normals.len(), vertices.len());
    // Faces enough that the block and the two beyond it are all different, vertices enough
    // that the run holds none twice; and both polygons' lists as rings, so that each run is
    // one slice.
    let (Some(ring_a), Some(ring_b)) = (a.rings(), b.rings()) else {
        return None;
    };
    if n < BLOCK + 2 || m < BLOCK {
        return None;
    }
    let wrap = |i: usize, n: usize| if i >= n { i - n } else { i };
    let first = wrap(peak + n - 3, n);
    let face = |k: usize| wrap(first + k, n);
    let (run_normals, run_offsets) =
        (&ring_a.normals[first..first + BLOCK], &ring_a.offsets[first..first + BLOCK]);
    let nx = |k: usize| run_normals[k].x;
    let ny = |k: usize| run_normals[k].y;
    let d = |k: usize| run_offsets[k];
    let (nx0, nx1, ny0, ny1) = (lanes(nx, 0), lanes(nx, 1), lanes(ny, 0), lanes(ny, 1));
    let (offset0, offset1) = (lanes(d, 0), lanes(d, 1));
    // The normals turned into b's frame, as `Rotation::apply_inv` turns them.
    let splat = Vector4::splat;
    let (cos, sin) = (splat(xf.rotation.cos), splat(xf.rotation.sin));
    let (dx0, dx1) = (cos * nx0 + sin * ny0, cos * nx1 + sin * ny1);
    let (dy0, dy1) = (-sin * nx0 + cos * ny0, -sin * nx1 + cos * ny1);
    let (tx, ty) = (splat(xf.translation.x), splat(xf.translation.y));
    let (rise0, rise1) = (nx0 * tx + ny0 * ty, nx1 * tx + ny1 * ty);
    let (cx, cy, rb) = (splat(centre_b.x), splat(centre_b.y), splat(radius_b));
    let (own0, own1) = (nx0 * cx + ny0 * cy - offset0 - rb, nx1 * cx + ny1 * cy - offset1 - rb);
    // b's run of vertices projected on all eight directions: the lowest, and the two ends.
    let v0 = wrap(start + m - 3, m);
    let run = &ring_b.vertices[v0..v0 + BLOCK];
    let project = |j: usize| {
        let v = run[j];
        let (x, y) = (splat(v.x), splat(v.y));
        (x * dx0 + y * dy0, x * dx1 + y * dy1)
    };
    let (head0, head1) = project(0);
    let (mut low0, mut low1) = (head0, head1);
    let (mut tail0, mut tail1) = (head0, head1);
    for j in 1..BLOCK {
        (tail0, tail1) = project(j);
        (low0, low1) = (low0.min(tail0), low1.min(tail1));
    }
    // A lowest strictly inside the run is b's lowest of all.
    let exact0 = low0.cmplt(head0) & low0.cmplt(tail0);
    let exact1 = low1.cmplt(head1) & low1.cmplt(tail1);
    let (s0, s1) = (low0 + rise0 - offset0, low1 + rise1 - offset1);
    let none = splat(Real::NEG_INFINITY);
    let (kept0, kept1) = (Vector4::select(exact0, s0, none), Vector4::select(exact1, s1, none));
    let best = kept0.max(kept1).max_element();
    // No face measured exactly (or a NaN from a pose that is no rotation): nothing to give.
    if best == Real::NEG_INFINITY || best.is_nan() {
        return None;
    }
    if STOP_AT_GAP && best >= 0.0 {
        let k = (kept0.cmpge(Vector4::ZERO).bitmask() | kept1.cmpge(Vector4::ZERO).bitmask() << 4)
            .trailing_zeros();
        return Some((face(k as usize), best));
    }
    // Every face of the block not measured exactly, and every face beyond it, must be bounded
    // below the best.
    let floor = splat(best - margin);
    let loose = (!exact0 & own0.cmpge(floor)).any() || (!exact1 & own1.cmpge(floor)).any();
    let beyond = |i: usize| normals[i].dot(between) - inner;
    if loose || beyond(face(BLOCK)) >= best - margin || beyond(face(n - 1)) >= best - margin {
        return None;
    }
    // The lowest face index among the lanes holding the best: the block's order, except that
    // faces past the wrap round the loop have the lower indices.
    let ties = kept0.cmpeq(splat(best)).bitmask() | kept1.cmpeq(splat(best)).bitmask() << 4;
    let split = (n - first).min(BLOCK) as u32;
    let k = match ties >> split {
        0 => ties.trailing_zeros(),
        wrapped => split + wrapped.trailing_zeros(),
    };
    Some((face(k as usize), best))
}

/// Group `g` of four lanes: `get(4g)` to `get(4g + 3)`.
#[inline(always)]
fn lanes(get: impl Fn(usize) -> Real, g: usize) -> Vector4 {
    Vector4::new(get(4 * g), get(4 * g + 1), get(4 * g + 2), get(4 * g + 3))
}

/// Where the window search starts on each polygon: its face most aligned with the line from its
/// centre to the other's, which is where the bound of the module docs is largest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peaks {
    /// a's face looking most directly at b's centre.
    pub a: usize,
    /// b's face looking most directly at a's centre.
    pub b: usize,
    /// Whether the search works about the polygons' inner circles' centres rather than their
    /// origins (see [`about_origins`]), worked out once for both searches.
    pub centred: bool,
}

impl Peaks {
    /// The peaks of a pair, given b's pose in a's frame and a's in b's.
    #[inline(never)]
    pub(crate) fn of<A: Polygonal, B: Polygonal>(a: &A, b: &B, b_in_a: &Pose, a_in_b: &Pose) -> Peaks {
        if about_origins(a, b) {
            let (a, b) = (a.face_toward(b_in_a.translation), b.face_toward(a_in_b.translation));
            return Peaks { a, b, centred: false };
        }
        let ((centre_a, _), (centre_b, _)) = (a.inner_circle(), b.inner_circle());
        Peaks {
            a: a.face_toward(b_in_a.apply(centre_b) - centre_a),
            b: b.face_toward(a_in_b.apply(centre_a) - centre_b),
            centred: true,
        }
    }

    /// (a's, b's, centred): where the search over a's faces starts, where it starts looking for
    /// b's lowest vertex, and about which points it works.
    #[inline(always)]
    pub(crate) fn for_a(self) -> (usize, usize, bool) {
        (self.a, self.b, self.centred)
    }

    /// (b's, a's, centred), for the search over b's faces.
    #[inline(always)]
    pub(crate) fn for_b(self) -> (usize, usize, bool) {
        (self.b, self.a, self.centred)
    }
}
