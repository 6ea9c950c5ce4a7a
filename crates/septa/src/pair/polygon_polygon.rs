//! Polygon against polygon.
//!
//! The candidate axes are the edge normals of both polygons. Work happens in one polygon's
//! local frame with the other placed by the relative pose, and per normal of a only b's
//! *smallest* projection is needed: a's own largest projection on its normal `i` is the plane
//! offset `dᵢ` precomputed at construction.
//!
//! ```text
//!        a                       separation of b from face i of a:
//!    +-------+  nᵢ →     b
//!    |       |     |   /\          sᵢ = min over b's vertices of nᵢ · v  −  dᵢ
//!    |       |-dᵢ--|  /  \
//!    +-------+     | <    >      sᵢ > 0 (a gap): face i separates; touching (sᵢ = 0) too.
//!                  |<-sᵢ->\/     sᵢ < 0: b must move forwards by −sᵢ to clear face i.
//! ```
//!
//! How the faces are searched depends on the size of the polygons: small ones project every
//! vertex on four normals at a time; large ones that know a circle inside them (a convex
//! polygon: about its centroid) test only a window of faces about the line between the
//! circles' centres (see [`WINDOW_FROM`]), and other large ones follow the other polygon's
//! lowest vertex round by walking (see [`WALK_ABOVE`]). Two parallelograms (boxes), two polygons
//! symmetric about their origins with at most eight faces (hexagons, octagons), and two other
//! polygons with at most eight faces, have `collide` functions of their own, which read only
//! what the polygons hold inline ([`Parallelogram`], [`Symmetric`], [`Compact`]).

use super::common_point;
use super::window::{self, Peaks};
use crate::shape::{climb, lane, shadow_of};
use crate::{
    Axis, ClipFaces, Compact, Contact, ContactPoint, Feature, FeatureId, Manifold, NormalLanes,
    Parallelogram, Polygonal, Pose, Real, Rot, SatAxis, SatCache, Separation, Symmetric, Vector, Vector4,
};

/// How much better (in separation, as a fraction of the smaller polygon's bounding radius) a
/// face of b must be than the best face of a to become the reference face in [`collide`]. Near
/// ties then resolve to a every frame instead of flipping with rounding noise, which would make
/// resting boxes jitter. The manifold's depth can exceed the MTV depth by at most this much.
pub const REFERENCE_BIAS: Real = 5e-4;

/// b's pose in a's frame and a's in b's. The second is the inverse of the first: its rotation
/// is the same one turned back (bit for bit what `pose_b.inv_mul(&pose_a)` gives, as the
/// products are the same), its translation the first's turned back and negated, which saves
/// composing the world poses a second time.
#[inline(always)]
fn relative_poses(pose_a: &Pose, pose_b: &Pose) -> (Pose, Pose) {
    let b_in_a = pose_a.inv_mul(pose_b);
    (b_in_a, inverse(&b_in_a))
}

/// The inverse of a relative pose (see [`relative_poses`]).
#[inline(always)]
fn inverse(b_in_a: &Pose) -> Pose {
    let Rot { cos, sin } = b_in_a.rotation;
    Pose { translation: -b_in_a.rotation.apply_inv(b_in_a.translation), rotation: Rot { cos, sin: -sin } }
}

/// How far apart, as a fraction of the sum of the reaches, the origins must be for
/// [`bounding_circles_apart`] to answer without SAT: far more than the rounding in the reaches
/// and the relative pose, so that whatever it rejects SAT would find separated too.
const CIRCLE_MARGIN: Real = 1e-4;

/// Are the polygons' bounding circles (about their local origins, of radius [`Polygonal::reach`])
/// clearly apart? Then so are the polygons, and no axis needs testing: a handful of operations
/// instead of projecting every vertex. Pairs from a broad phase are often like this (bounding
/// boxes overlap, circles do not); for pairs that do overlap it costs one comparison.
///
/// ```text
///      .-~~-.          .-~~-.
///     /  /\  \  |t| > /  __  \     |t| > (reachₐ + reach_b)(1 + margin): apart
///    |  <oa> |<-----> | |ob| |
///     \  \/  /        \  ‾‾  /
///      `-..-'          `-..-'
/// ```
#[inline(always)]
fn bounding_circles_apart<A: Polygonal, B: Polygonal>(a: &A, pose_a: &Pose, b: &B, pose_b: &Pose) -> bool {
    origins_apart(pose_a, pose_b, a.reach() + b.reach())
}

/// Are the shapes' local origins more than `reach` (plus the margin) apart? The distance does
/// not depend on the frame it is measured in, so the world translations give it before any
/// rotation is composed.
#[inline(always)]
pub(crate) fn origins_apart(pose_a: &Pose, pose_b: &Pose, reach: Real) -> bool {
    let reach = reach * (1.0 + CIRCLE_MARGIN);
    (pose_b.translation - pose_a.translation).length_squared() > reach * reach
}

/// The separation of b from face `i` of a; `xf` places b in a's frame.
#[inline]
fn face_separation<A: Polygonal, B: Polygonal>(a: &A, i: usize, b: &B, xf: &Pose) -> Real {
    let normal = a.normals()[i];
    // Turn the normal into b's frame rather than moving b's vertices into a's.
    let normal_in_b = xf.rotation.apply_inv(normal);
    shadow_of(b.lanes(), normal_in_b).0 + normal.dot(xf.translation) - a.plane_offsets()[i]
}

/// Above this many steps of projecting (one vertex of b on a group of four of a's normals), a
/// polygon is searched by walking, following the lowest vertex; below, by projecting every
/// vertex, which has no branches to mispredict. Symmetric polygons halve the steps twice: b
/// projects only half its vertices (see [`Polygonal::half_lanes`]) and a's opposite faces share
/// one projection (see [`Polygonal::half_face_lanes`]). So 16-gons project all 16 vertices on
/// four groups, and symmetric 64-gons 32 vertices on eight groups. The boolean test, which
/// walks both ends of the shadow, walks only above twice this.
pub const WALK_ABOVE: usize = 256;

/// Does projecting b on the groups of normals `lanes` take at most `limit` steps (see
/// [`WALK_ABOVE`])? The groups times b's vertex count bounds the steps (b's half lanes, where it
/// has them, are fewer), which settles small pairs without looking further.
#[inline(always)]
fn projects_within<B: Polygonal>(lanes: &[NormalLanes], b: &B, limit: usize) -> bool {
    lanes.len() * b.vertices().len() <= limit
        || b.half_lanes().is_some_and(|half| lanes.len() * 4 * half.len() <= limit)
}

/// The face of a from which b is farthest (Box2D's "max separation"), and that separation.
/// Ties go to the lower index. With `STOP_AT_GAP`, the search ends at the first face (or group
/// of four faces) that separates (touching counts), for callers that only need to know there is
/// a gap.
///
/// For each face that needs b's lowest vertex along the face normal. Projecting all of b's
/// vertices for each of a's faces costs n·m; but as a's normal turns counter-clockwise face
/// by face, b's lowest vertex along it moves counter-clockwise too, never back (the same
/// monotone merge of edge directions that builds a Minkowski sum). So for larger polygons b's
/// lowest vertex is found once and then followed, a step at a time, for n + m work in all.
#[inline(always)]
fn max_separation<const STOP_AT_GAP: bool, A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    xf: &Pose,
    peaks: Option<(usize, usize, bool)>,
) -> (usize, Real) {
    if let Some(peaks) = peaks {
        return window::max_separation::<STOP_AT_GAP, true, _, _>(a, b, xf, peaks);
    }
    let mut best = (0, Real::NEG_INFINITY);
    let half = a.half_face_lanes();
    if projects_within(half.unwrap_or(a.face_lanes()), b, WALK_ABOVE) {
        if let Some(half) = half {
            return max_separation_paired::<STOP_AT_GAP, _>(half, a.normals().len() / 2, b, xf);
        }
        if b.half_lanes().is_none() {
            return max_separation_projected::<STOP_AT_GAP, _>(a.face_lanes(), b, xf);
        }
        // Four faces at a time. Within a group the lowest lane holding the group's largest
        // separation wins, and a later group only with a strictly larger one, so ties still go
        // to the lower index; the padding lanes repeat the last face and never beat it.
        for (group, lanes) in a.face_lanes().iter().enumerate() {
            let (lo, _) = lane_shadows(lanes, b, xf);
            let separations = lo - lanes.hi;
            let s = separations.max_element();
            if s > best.1 {
                best = (4 * group + first_lane_equal(separations, s), s);
                if STOP_AT_GAP && s >= 0.0 {
                    return best;
                }
            }
        }
        return best;
    }
    max_separation_walking::<STOP_AT_GAP, _, _>(a, b, xf)
}

/// [`max_separation`] by projecting every vertex of b on every face of a, for b without half
/// lanes (not symmetric about its origin): each vertex is spread once and measured on up to
/// sixteen of a's normals (four groups of four lanes, twelve registers) before the next is read,
/// and only b's lowest projection is kept (`collide`, `contact` and `separation` need no
/// highest). The same products, sums and minima as [`lane_shadows`], so the same separations
/// to the bit, and ties go to the lower face as in its scan. Irregular 9- to 11-gons, below
/// [`WINDOW_FROM`], whose deep pairs took `lane_shadows`' both ends group by group:
/// `examples/icount.rs` `collide` on all-overlapping pairs 1,511 → 1,330 instructions (9-gons),
/// 1,515 → 1,380 (10), 1,517 → 1,428 (11); `contact` 1,178 → 989, 1,181 → 1,038, 1,182 →
/// 1,085; by the clock (chunks of 500 pairs, each run after another chunk, alternating
/// builds) 91 → 70 ns, 91 → 78, 92 → 78. Out of line: inlined, it moved the regular
/// polygons' code about (10- and 12-gons 1–2 % more instructions; out of line, regular 10-,
/// 12- and 16-gons time as before within noise). From [`WINDOW_FROM`] faces on the window
/// still costs less: on irregular 16-gons this path took 1,920 instructions a `collide`
/// against the window's 1,843.
#[inline(never)]
fn max_separation_projected<const STOP_AT_GAP: bool, B: Polygonal>(
    faces: &[NormalLanes],
    b: &B,
    xf: &Pose,
) -> (usize, Real) {
    let mut best = (0, Real::NEG_INFINITY);
    for (chunk, groups) in faces.chunks(4).enumerate() {
        let mut keep = |g: usize, separations: Vector4| {
            let s = separations.max_element();
            if s > best.1 {
                best = (16 * chunk + 4 * g + first_lane_equal(separations, s), s);
            }
        };
        match groups {
            [g0] => separations_of([g0], b, xf).into_iter().enumerate().for_each(|(g, s)| keep(g, s)),
            [g0, g1] => separations_of([g0, g1], b, xf).into_iter().enumerate().for_each(|(g, s)| keep(g, s)),
            [g0, g1, g2] => {
                separations_of([g0, g1, g2], b, xf).into_iter().enumerate().for_each(|(g, s)| keep(g, s))
            }
            [g0, g1, g2, g3] => {
                separations_of([g0, g1, g2, g3], b, xf).into_iter().enumerate().for_each(|(g, s)| keep(g, s))
            }
            _ => {}
        }
        if STOP_AT_GAP && best.1 >= 0.0 {
            break;
        }
    }
    best
}

/// b's separation from each of `G` groups of a's faces (`G` at most four), vertex by vertex;
/// see [`max_separation_projected`].
#[inline(always)]
fn separations_of<const G: usize, B: Polygonal>(groups: [&NormalLanes; G], b: &B, xf: &Pose) -> [Vector4; G] {
    let (c, s) = (Vector4::splat(xf.rotation.cos), Vector4::splat(xf.rotation.sin));
    let dx: [Vector4; G] = core::array::from_fn(|g| c * groups[g].nx + s * groups[g].ny);
    let dy: [Vector4; G] = core::array::from_fn(|g| -s * groups[g].nx + c * groups[g].ny);
    let mut lo = [Vector4::INFINITY; G];
    for v in b.vertices() {
        let (x, y) = (Vector4::splat(v.x), Vector4::splat(v.y));
        for g in 0..G {
            lo[g] = lo[g].min(dx[g] * x + dy[g] * y);
        }
    }
    let (tx, ty) = (Vector4::splat(xf.translation.x), Vector4::splat(xf.translation.y));
    core::array::from_fn(|g| lo[g] + (groups[g].nx * tx + groups[g].ny * ty) - groups[g].hi)
}

/// From this many faces on (in either polygon), [`contact`] and [`collide`] search by the
/// window about the line between their centres when both know a circle inside them
/// ([`Polygonal::inner_circle`]): only the faces that look along that line far enough to hold
/// the largest separation are tested. For
/// round polygons that is two or three faces whatever the vertex count, after a step or two to
/// find where to start ([`Polygonal::face_toward`]). Below this, testing every face four at a
/// time costs less.
pub const WINDOW_FROM: usize = 12;

/// From this many faces on, [`overlaps`] searches by the window too, or from
/// [`OVERLAPS_WINDOW_AXES`] distinct axes on. It starts later than [`WINDOW_FROM`]: the boolean
/// test needs no best face, stops at the first gap, and tests a symmetric polygon's opposite
/// faces as one axis, so it stays cheaper longer.
pub const OVERLAPS_WINDOW_FROM: usize = 20;

/// From this many distinct axes on (in either polygon), [`overlaps`] searches by the window, as
/// [`collide`] does from this many faces. A polygon without parallel faces (an irregular one)
/// has as many axes as faces, and testing them all then costs more than the window where most
/// pairs are apart, which made `overlaps` cost more than `collide` on the same pairs. Measured
/// in instructions per call on irregular polygons under rotated poses (testing every axis /
/// by the window / `collide`): 16-gons 30 % intersecting 710 / 502 / 646, all intersecting
/// 1,747 / 1,909 / 2,270; 14-gons 30 % 696 / 469 / 611; 12-gons all intersecting 1,129 /
/// 1,615 / 1,972. The window can cost more where every pair overlaps, but never more than
/// `collide`.
pub const OVERLAPS_WINDOW_AXES: usize = WINDOW_FROM;

/// Does [`overlaps`] search by the window (when it applies)? See [`OVERLAPS_WINDOW_FROM`].
#[inline(always)]
fn window_for_overlaps<A: Polygonal, B: Polygonal>(a: &A, b: &B) -> bool {
    a.normals().len().max(b.normals().len()) >= OVERLAPS_WINDOW_FROM
        || a.axes().len().max(b.axes().len()) >= OVERLAPS_WINDOW_AXES
}

/// Where the window search starts, when it applies to the pair: the polygons are `large`
/// enough for it to pay, and both know a circle inside them.
#[inline(always)]
fn peaks<A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    b_in_a: &Pose,
    a_in_b: &Pose,
    large: bool,
) -> Option<Peaks> {
    (large && window::applies(a, b)).then(|| Peaks::of(a, b, b_in_a, a_in_b))
}

/// [`max_separation`] by walking (kept out of line: the projecting path above is small enough
/// to inline, and is what most calls take).
#[inline(never)]
fn max_separation_walking<const STOP_AT_GAP: bool, A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    xf: &Pose,
) -> (usize, Real) {
    let (normals, offsets) = (a.normals(), a.plane_offsets());
    let mut best = (0, Real::NEG_INFINITY);
    let vertices = b.vertices();
    let mut lowest = None;
    for (i, &normal) in normals.iter().enumerate() {
        let direction = xf.rotation.apply_inv(normal);
        let (j, low) = match lowest {
            None => lowest_vertex(vertices, direction),
            Some(j) => walk_down(vertices, direction, j, true),
        };
        lowest = Some(j);
        let s = low + normal.dot(xf.translation) - offsets[i];
        if s > best.1 {
            best = (i, s);
            if STOP_AT_GAP && s >= 0.0 {
                break;
            }
        }
    }
    best
}

/// [`max_separation`] for a polygon whose face `i + half` is face `i` turned around (see
/// [`Polygonal::half_face_lanes`]): b's shadow `[lo, hi]` on the first half's normals gives the
/// separations from both, `lo − dᵢ` and `−hi − dᵢ`. All of the first half's faces have lower
/// indices than the second half's, so the best of each half is kept apart and the second wins
/// only when strictly better: the same face, ties included, as the scan over every face.
#[inline(always)]
fn max_separation_paired<const STOP_AT_GAP: bool, B: Polygonal>(
    half_lanes: &[NormalLanes],
    half: usize,
    b: &B,
    xf: &Pose,
) -> (usize, Real) {
    if let [lanes] = half_lanes {
        // One group holds both halves: the largest of both separations lane by lane is the
        // best, and its face is the lowest lane of the first half holding it, else of the
        // second. No branch on which half wins, which random pairs would mispredict.
        let (lo, hi) = lane_shadows(lanes, b, xf);
        return paired_best(lo - lanes.hi, -hi - lanes.hi, half);
    }
    let (mut front, mut back) = ((0, Real::NEG_INFINITY), (0, Real::NEG_INFINITY));
    for (group, lanes) in half_lanes.iter().enumerate() {
        let (lo, hi) = lane_shadows(lanes, b, xf);
        let (ahead, behind) = (lo - lanes.hi, -hi - lanes.hi);
        let (s, t) = (ahead.max_element(), behind.max_element());
        if s > front.1 {
            front = (4 * group + first_lane_equal(ahead, s), s);
        }
        if t > back.1 {
            back = (half + 4 * group + first_lane_equal(behind, t), t);
        }
        if STOP_AT_GAP && s.max(t) >= 0.0 {
            break;
        }
    }
    if back.1 > front.1 {
        back
    } else {
        front
    }
}

/// b's shadows on four of a's normals at once, in a's frame: per lane, b's lowest and highest
/// projection. The normals are turned into b's frame and b's vertices projected one by one on
/// all four; each lane's arithmetic is exactly that of the one-normal path (the same products
/// and sums in the same order), so the two give the same numbers.
///
/// b's vertices are read four at a time from its [`Lanes`](crate::Lanes), so the loop body is
/// straight-line code for four vertices with no remainder to handle (the padding repeats a
/// vertex, which changes no minimum or maximum).
#[inline(always)]
fn lane_shadows<B: Polygonal>(lanes: &NormalLanes, b: &B, xf: &Pose) -> (Vector4, Vector4) {
    let (c, s) = (Vector4::splat(xf.rotation.cos), Vector4::splat(xf.rotation.sin));
    let dx = c * lanes.nx + s * lanes.ny;
    let dy = -s * lanes.nx + c * lanes.ny;
    let shift = lanes.nx * Vector4::splat(xf.translation.x) + lanes.ny * Vector4::splat(xf.translation.y);
    if let Some(half) = b.half_lanes() {
        // b is symmetric about its origin: its shadow is [−h, h] (see `Polygonal::half_lanes`).
        let h = half_extent(half, dx, dy);
        return (shift - h, h + shift);
    }
    let (mut lo, mut hi) = (Vector4::INFINITY, Vector4::NEG_INFINITY);
    for group in b.lanes() {
        let (xs, ys) = (group.xs.to_array(), group.ys.to_array());
        for k in 0..4 {
            let p = dx * Vector4::splat(xs[k]) + dy * Vector4::splat(ys[k]);
            lo = lo.min(p);
            hi = hi.max(p);
        }
    }
    (lo + shift, hi + shift)
}

/// Per lane, the largest `|v · d|` over the vertices `v` of `half` (each dot product computed as
/// `x·dx + y·dy`): the half extent of a shape symmetric about its origin on four directions.
#[inline(always)]
fn half_extent(half: &[crate::Lanes], dx: Vector4, dy: Vector4) -> Vector4 {
    let mut h = Vector4::ZERO;
    for group in half {
        let (xs, ys) = (group.xs.to_array(), group.ys.to_array());
        h = h.max(extent_of_four(dx, dy, |k| (xs[k], ys[k])));
    }
    h
}

/// [`half_extent`] of four vertices given as points.
#[inline(always)]
fn half_extent_of(vertices: &[Vector; 4], dx: Vector4, dy: Vector4) -> Vector4 {
    Vector4::ZERO.max(extent_of_four(dx, dy, |k| (vertices[k].x, vertices[k].y)))
}

/// Per lane, the largest `|v · d|` over four vertices, vertex `k` at `point(k)`.
#[inline(always)]
fn extent_of_four(dx: Vector4, dy: Vector4, point: impl Fn(usize) -> (Real, Real)) -> Vector4 {
    let p = |k: usize| {
        let (x, y) = point(k);
        (dx * Vector4::splat(x) + dy * Vector4::splat(y)).abs()
    };
    // A tree, not a chain: the four maxima wait on two others, not three.
    p(0).max(p(1)).max(p(2).max(p(3)))
}

/// The lanes of one group of a's axes on which b's shadow clears a's (touching counts), as a
/// bit mask: beyond the face, or beyond the opposite side where a parallel face looks that way
/// (elsewhere `lo` is −∞).
#[inline(always)]
fn separating_lanes<B: Polygonal>(lanes: &NormalLanes, b: &B, xf: &Pose) -> u32 {
    let (lo, hi) = lane_shadows(lanes, b, xf);
    ((lo - lanes.hi).cmpge(Vector4::ZERO) | (lanes.lo - hi).cmpge(Vector4::ZERO)).bitmask()
}

/// Both polygons' shadows on all four axes of two parallelograms (boxes, rectangles, rhombi), in
/// one pass: such a polygon has four vertices, and both polygons' axes fit in one group of four
/// lanes. Lanes 0 and 1 hold a's axes, turned into b's frame and tested against b's vertices;
/// lanes 2 and 3 hold b's, turned into a's frame and tested against a's vertices. One pass over
/// four vertex pairs then does the work of two calls to [`lane_shadows`], with the same
/// arithmetic in every lane. Returns per lane the other polygon's (lowest, highest) projection,
/// in the axis owner's frame. Everything read is held in the two [`Parallelogram`]s.
#[inline(always)]
fn parallelogram_shadows(
    pa: &Parallelogram,
    pb: &Parallelogram,
    b_in_a: &Pose,
    a_in_b: &Pose,
) -> (Vector4, Vector4) {
    // The axes are faces 0 and 1: a's in lanes 0 and 1, b's in 2 and 3.
    let join = |p: Vector4, q: Vector4| Vector4::new(p.x, p.y, q.x, q.y);
    let (nx, ny) = (join(pa.faces.nx, pb.faces.nx), join(pa.faces.ny, pb.faces.ny));
    let c = Vector4::splat(b_in_a.rotation.cos);
    let s = Vector4::new(b_in_a.rotation.sin, b_in_a.rotation.sin, a_in_b.rotation.sin, a_in_b.rotation.sin);
    let (t, u) = (b_in_a.translation, a_in_b.translation);
    let dx = c * nx + s * ny;
    let dy = -s * nx + c * ny;
    let shift = nx * Vector4::new(t.x, t.x, u.x, u.x) + ny * Vector4::new(t.y, t.y, u.y, u.y);
    // Vertex k of b in lanes 0 and 1, of a in lanes 2 and 3.
    let x = |k: usize| Vector4::new(pb.xs[k], pb.xs[k], pa.xs[k], pa.xs[k]);
    let y = |k: usize| Vector4::new(pb.ys[k], pb.ys[k], pa.ys[k], pa.ys[k]);
    if pa.symmetric && pb.symmetric {
        // Both symmetric about their origins (boxes, rectangles): two vertices each give the
        // shadows (see `Polygonal::half_lanes`).
        let h = (dx * x(0) + dy * y(0)).abs().max((dx * x(1) + dy * y(1)).abs());
        return (shift - h, h + shift);
    }
    let (mut lo, mut hi) = (Vector4::INFINITY, Vector4::NEG_INFINITY);
    for k in 0..4 {
        let p = dx * x(k) + dy * y(k);
        lo = lo.min(p);
        hi = hi.max(p);
    }
    (lo + shift, hi + shift)
}

/// Both polygons as [`Parallelogram`]s, when both are.
#[inline(always)]
fn parallelograms<'s, A: Polygonal, B: Polygonal>(
    a: &'s A,
    b: &'s B,
) -> Option<(&'s Parallelogram, &'s Parallelogram)> {
    Some((a.parallelogram()?, b.parallelogram()?))
}

/// The shadow bounds the other polygon's shadows are compared against: per lane the axis
/// owner's own (largest, smallest) projection, a's in lanes 0 and 1 and b's in 2 and 3. On the
/// normal of face 0 or 1 those are that face's plane offset and the opposite face's (face 2 or
/// 3) negated.
#[inline(always)]
fn parallelogram_bounds(pa: &Parallelogram, pb: &Parallelogram) -> (Vector4, Vector4) {
    let (a, b) = (pa.faces.hi, pb.faces.hi);
    (Vector4::new(a.x, a.y, b.x, b.y), -Vector4::new(a.z, a.w, b.z, b.w))
}

/// Is there a gap between two parallelograms? On each of the four axes, the other polygon's
/// shadow clears the face or the opposite face (touching counts).
#[inline(always)]
fn parallelograms_separated(pa: &Parallelogram, pb: &Parallelogram, b_in_a: &Pose, a_in_b: &Pose) -> bool {
    let (lo, hi) = parallelogram_shadows(pa, pb, b_in_a, a_in_b);
    let (top, bottom) = parallelogram_bounds(pa, pb);
    ((lo - top).cmpge(Vector4::ZERO) | (bottom - hi).cmpge(Vector4::ZERO)).any()
}

/// Each parallelogram's best face and its separation, as [`max_separation`] finds them, from
/// the one pass of [`parallelogram_shadows`]. A parallelogram's axes are faces 0 and 1, with
/// faces 2 and 3 opposite them (see [`Parallelogram`]); the separation from an opposite face is
/// `−d − hi`, the same number as projecting on its own normal.
#[inline(always)]
fn parallelogram_faces(
    pa: &Parallelogram,
    pb: &Parallelogram,
    b_in_a: &Pose,
    a_in_b: &Pose,
) -> ((usize, Real), (usize, Real)) {
    let (lo, hi) = parallelogram_shadows(pa, pb, b_in_a, a_in_b);
    let (top, bottom) = parallelogram_bounds(pa, pb);
    let (ahead, behind) = (lo - top, bottom - hi);
    // Faces 0 to 3 of a, then of b; the lowest lane holding the largest wins, as in the scan.
    let best = |s: Vector4| {
        let most = s.max_element();
        (first_lane_equal(s, most), most)
    };
    (
        best(Vector4::new(ahead.x, ahead.y, behind.x, behind.y)),
        best(Vector4::new(ahead.z, ahead.w, behind.z, behind.w)),
    )
}

/// Each polygon's best face with its separation, or `None` when either polygon has a face that
/// separates (touching counts): what [`contact`] and [`collide`] start from. Also where the
/// window search started, when it was used (see [`WINDOW_FROM`]); parallelograms are answered
/// before that is even asked.
#[allow(clippy::type_complexity)]
#[inline(always)]
fn best_faces<A: Polygonal, B: Polygonal>(
    a: &A,
    b: &B,
    (b_in_a, a_in_b): (&Pose, &Pose),
) -> Option<((usize, Real), (usize, Real), Option<Peaks>)> {
    if let Some((pa, pb)) = parallelograms(a, b) {
        let (best_a, best_b) = parallelogram_faces(pa, pb, b_in_a, a_in_b);
        return (best_a.1 < 0.0 && best_b.1 < 0.0).then_some((best_a, best_b, None));
    }
    let large = a.normals().len().max(b.normals().len()) >= WINDOW_FROM;
    let peaks = peaks(a, b, b_in_a, a_in_b, large);
    let best_a = max_separation::<true, _, _>(a, b, b_in_a, peaks.map(Peaks::for_a));
    if best_a.1 >= 0.0 {
        return None;
    }
    let best_b = max_separation::<true, _, _>(b, a, a_in_b, peaks.map(Peaks::for_b));
    (best_b.1 < 0.0).then_some((best_a, best_b, peaks))
}

/// Of a polygon whose face `i + half` is face `i` turned around, with `front` and `back` holding
/// one separation per face of the first half and of the second: the best face and its
/// separation, as the scan over every face finds them (the lowest index on ties; see
/// [`paired_face`]).
#[inline(always)]
pub(crate) fn paired_best(front: Vector4, back: Vector4, half: usize) -> (usize, Real) {
    let most = front.max(back).max_element();
    (paired_face(front, back, most, half), most)
}

/// Of a polygon whose face `i + half` is face `i` turned around, with `front` and `back` holding
/// one number per face of the first half and of the second: the lowest face holding `value`
/// (first-half faces come first), chosen without a branch. When no lane holds it (a NaN), some
/// face, never one out of range.
#[inline(always)]
pub(crate) fn paired_face(front: Vector4, back: Vector4, value: Real, half: usize) -> usize {
    let value = Vector4::splat(value);
    let (f, b) = (front.cmpeq(value).bitmask(), back.cmpeq(value).bitmask());
    // A first-half lane that holds it is below `half` (padding lanes repeat a real one), a
    // second-half one at least `half`, and an empty mask gives 32: the smaller wins.
    let k = (f.trailing_zeros() as usize).min(half + b.trailing_zeros() as usize);
    k.min(2 * half - 1)
}

/// The lowest lane of `v` that holds `value`.
#[inline(always)]
pub(crate) fn first_lane_equal(v: Vector4, value: Real) -> usize {
    v.cmpeq(Vector4::splat(value)).bitmask().trailing_zeros() as usize
}

/// The face of `incident` whose normal has the smallest dot product with `direction` (the most
/// anti-parallel one), lowest index on ties; four normals at a time, each dot product computed
/// as [`Vec2::dot`](glam::Vec2::dot) does.
#[inline(always)]
fn most_antiparallel(lanes: &[NormalLanes], direction: Vector) -> usize {
    let (dx, dy) = (Vector4::splat(direction.x), Vector4::splat(direction.y));
    if let [lanes] = lanes {
        // One group (at most four faces): no loop, and no comparison with a running best. The
        // lowest lane holding the least is a real face (padding repeats the last); no lane
        // holds it only for a NaN direction, whose 32 becomes face 0, as in the loop below.
        let dots = lanes.nx * dx + lanes.ny * dy;
        return first_lane_equal(dots, dots.min_element()) % 4;
    }
    let mut best = (0, Real::INFINITY);
    for (group, lanes) in lanes.iter().enumerate() {
        let dots = lanes.nx * dx + lanes.ny * dy;
        let d = dots.min_element();
        if d < best.1 {
            best = (4 * group + first_lane_equal(dots, d), d);
        }
    }
    best.0
}

/// [`most_antiparallel`] for a polygon whose faces come in opposite pairs and whose first half
/// fits one group of four (see [`Polygonal::half_face_lanes`]): face `i + half`'s dot product
/// is face `i`'s negated, exactly, so the smallest over all faces is `−max |nᵢ · d|`, found
/// from the first half alone.
#[inline(always)]
fn most_antiparallel_paired(lanes: &NormalLanes, half: usize, direction: Vector) -> usize {
    let dots = lanes.nx * Vector4::splat(direction.x) + lanes.ny * Vector4::splat(direction.y);
    let least = -dots.abs().max_element();
    paired_face(dots, -dots, least, half)
}

/// The vertex lowest along `direction` and its projection, by projecting every vertex.
#[inline]
fn lowest_vertex(vertices: &[Vector], direction: Vector) -> (usize, Real) {
    let mut best = (0, vertices[0].dot(direction));
    for (j, v) in vertices.iter().enumerate().skip(1) {
        let d = v.dot(direction);
        if d < best.1 {
            best = (j, d);
        }
    }
    best
}

/// The vertex lowest along `direction`, walking from `start` while the next vertex is lower,
/// counter-clockwise (`forwards`) or clockwise. On a convex polygon the projections along the
/// boundary fall to the lowest vertex and rise after it, so the walk stops there when it starts
/// on the side that falls towards it. At most one lap: a NaN direction (from a NaN pose)
/// compares false with everything and would otherwise never stop.
#[inline]
pub(crate) fn walk_down(
    vertices: &[Vector],
    direction: Vector,
    start: usize,
    forwards: bool,
) -> (usize, Real) {
    let n = vertices.len();
    let (mut j, mut low) = (start, vertices[start].dot(direction));
    for _ in 0..n {
        let next = match (forwards, j) {
            (true, j) if j + 1 == n => 0,
            (true, j) => j + 1,
            (false, 0) => n - 1,
            (false, j) => j - 1,
        };
        let d = vertices[next].dot(direction);
        if d >= low {
            break;
        }
        (j, low) = (next, d);
    }
    (j, low)
}

/// How far b's shadow clears a's on one of a's axes, on each side, given b's shadow `[lo, hi]`
/// along it (in b's frame): (beyond `axis.face`, beyond the opposite side); `xf` places b in a's
/// frame.
#[inline]
fn clearances(axis: &SatAxis, lo: Real, hi: Real, xf: &Pose) -> (Real, Real) {
    let shift = axis.normal.dot(xf.translation);
    (lo + shift - axis.shadow.max, axis.shadow.min - (hi + shift))
}

/// The first of a's distinct axes on which b's shadow clears a's (touching counts), as the face
/// of a beyond which b lies.
///
/// One pass over b's vertices gives both ends of its shadow, testing both faces of a parallel
/// pair; for larger polygons both ends are followed by walking, as in [`max_separation`].
#[inline]
fn first_separating_axis<A: Polygonal, B: Polygonal>(a: &A, b: &B, xf: &Pose) -> Option<u32> {
    let vertices = b.vertices();
    if projects_within(a.axis_lanes(), b, 2 * WALK_ABOVE) {
        // Four axes at a time: a lane separates when b clears a's shadow beyond the face, or
        // beyond the opposite side where a parallel face looks that way (elsewhere lo is −∞).
        let axes = a.axes();
        for (group, lanes) in a.axis_lanes().iter().enumerate() {
            let (lo, hi) = lane_shadows(lanes, b, xf);
            let beyond_face = (lo - lanes.hi).cmpge(Vector4::ZERO).bitmask();
            let any = beyond_face | (lanes.lo - hi).cmpge(Vector4::ZERO).bitmask();
            if any != 0 {
                let k = any.trailing_zeros();
                let axis = &axes[(4 * group + k as usize).min(axes.len() - 1)];
                return if beyond_face & (1 << k) != 0 { Some(axis.face) } else { axis.opposite };
            }
        }
        return None;
    }
    let (mut low, mut high) = (None, None);
    for axis in a.axes() {
        let direction = xf.rotation.apply_inv(axis.normal);
        let (j, lo) = low
            .map_or_else(|| lowest_vertex(vertices, direction), |j| walk_down(vertices, direction, j, true));
        let (k, minus_hi) = high.map_or_else(
            || lowest_vertex(vertices, -direction),
            |k| walk_down(vertices, -direction, k, true),
        );
        (low, high) = (Some(j), Some(k));
        let (beyond_face, beyond_opposite) = clearances(axis, lo, -minus_hi, xf);
        if beyond_face >= 0.0 {
            return Some(axis.face);
        }
        // The far side counts only where a face of a looks that way: every separation found is
        // then a face's, which the cache can name and which is all SAT needs.
        if let Some(opposite) = axis.opposite.filter(|_| beyond_opposite >= 0.0) {
            return Some(opposite);
        }
    }
    None
}

/// Do the polygons overlap? Tests a's distinct axes, then b's, and stops at the first that
/// separates; parallel faces share one axis (see [`SatAxis`]). Touching (a zero-width overlap)
/// is not overlapping. Large round polygons are searched by the window, as in [`contact`] (see
/// [`OVERLAPS_WINDOW_FROM`]).
///
/// Proving overlap by the axes means testing every one of them; a point inside both polygons
/// proves it at once (see [`common_point`]). So the midpoint of the
/// polygons' centroids is tried first: a few operations per face, which answer most deeply
/// overlapping pairs. (Polygons of at most four vertices skip it: one group of projections
/// tests all of a polygon's axes for less.) The point is trusted only when it lies inside both
/// by a margin far above rounding, so the answer is always the axes' answer: pairs that touch
/// or graze are decided by the axes, exactly as before.
#[inline]
pub fn overlaps<A: Polygonal, B: Polygonal>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> bool {
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return false;
    }
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    overlaps_placed(a, b, &b_in_a, &a_in_b)
}

/// [`overlaps`] after the bounding circles, given the relative poses.
#[inline(always)]
fn overlaps_placed<A: Polygonal, B: Polygonal>(a: &A, b: &B, b_in_a: &Pose, a_in_b: &Pose) -> bool {
    if let Some((pa, pb)) = parallelograms(a, b) {
        return !parallelograms_separated(pa, pb, b_in_a, a_in_b);
    }
    if let ([lanes_a], [lanes_b], [_], [_]) = (a.axis_lanes(), b.axis_lanes(), a.lanes(), b.lanes()) {
        // At most four axes and four vertices each: one group of projections tests all of a
        // polygon's axes for less than the common point would cost, so the point is not tried.
        // a's axes reject about half the separated pairs that get this far, and then b's are
        // not projected at all. (Measured on irregular 4-gons under rotated poses, in
        // instructions per call, 30 % intersecting / all: both groups without a branch
        // 215 / 255; this 159 / 229; a's group, then the point, then b's 191 / 281.)
        if separating_lanes(lanes_a, b, b_in_a) != 0 {
            return false;
        }
        return separating_lanes(lanes_b, a, a_in_b) == 0;
    }
    // Larger polygons: the common point first, as proving overlap by the axes costs more the
    // more faces there are.
    if common_point::certifies_overlap(a, b, b_in_a, a_in_b) {
        return true;
    }
    if let Some(peaks) = peaks(a, b, b_in_a, a_in_b, window_for_overlaps(a, b)) {
        // Without the block of lanes: the pairs that get here are mostly apart, and the walk
        // finds their gap at the first face it tests (see `window::max_separation`).
        return window::max_separation::<true, false, _, _>(a, b, b_in_a, peaks.for_a()).1 < 0.0
            && window::max_separation::<true, false, _, _>(b, a, a_in_b, peaks.for_b()).1 < 0.0;
    }
    if let ([lanes_a], [lanes_b]) = (a.axis_lanes(), b.axis_lanes()) {
        if projects_within(a.axis_lanes(), b, 2 * WALK_ABOVE)
            && projects_within(b.axis_lanes(), a, 2 * WALK_ABOVE)
        {
            // At most four axes each: test all of both without stopping at the first gap. One
            // group of projections costs less than a branch on whether it found a gap, which
            // random pairs make the processor mispredict half the time.
            return separating_lanes(lanes_a, b, b_in_a) | separating_lanes(lanes_b, a, a_in_b) == 0;
        }
    }
    first_separating_axis(a, b, b_in_a).is_none() && first_separating_axis(b, a, a_in_b).is_none()
}

/// [`overlaps`], trying the face in `cache` first and remembering the face that separates.
/// Pairs whose bounding circles are clearly apart are answered from those alone, and leave the
/// cache as it was.
pub fn overlaps_cached<A: Polygonal, B: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    // Bounding circles apart: answered with no axis, and the cache keeps the one it had.
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return false;
    }
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    let cached = match cache.axis() {
        Some(Axis::EdgeA(i)) if (i as usize) < a.vertices().len() => {
            face_separation(a, i as usize, b, &b_in_a)
        }
        Some(Axis::EdgeB(j)) if (j as usize) < b.vertices().len() => {
            face_separation(b, j as usize, a, &a_in_b)
        }
        _ => Real::NEG_INFINITY, // no axis, or one these shapes do not have
    };
    if cached >= 0.0 {
        return false;
    }
    // Most pairs that get this far overlap, and proving that costs the same with or without
    // the cache: the plain test answers them (no separating axis to remember); only a pair
    // it finds apart is searched again for the face to cache.
    if overlaps_placed(a, b, &b_in_a, &a_in_b) {
        return true;
    }
    if let Some(i) = first_separating_axis(a, b, &b_in_a) {
        cache.set(Axis::EdgeA(i));
        return false;
    }
    if let Some(j) = first_separating_axis(b, a, &a_in_b) {
        cache.set(Axis::EdgeB(j));
    }
    false
}

/// The largest separation over both polygons' normals (see [`Separation`]).
pub fn separation<A: Polygonal, B: Polygonal>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Separation {
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    let large = a.normals().len().max(b.normals().len()) >= WINDOW_FROM;
    let peaks = peaks(a, b, &b_in_a, &a_in_b, large);
    let best_a = max_separation::<false, _, _>(a, b, &b_in_a, peaks.map(Peaks::for_a));
    let best_b = max_separation::<false, _, _>(b, a, &a_in_b, peaks.map(Peaks::for_b));
    better_face(a, pose_a, b, pose_b, best_a, best_b)
}

/// The better of a's best face and b's best face (a's on a tie), as a separation from a to b:
/// a face of b has its normal turned around, since it points from b to a.
pub(crate) fn better_face<A: Polygonal, B: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    (i, sa): (usize, Real),
    (j, sb): (usize, Real),
) -> Separation {
    if sb > sa {
        Separation {
            normal: -pose_b.rotation.apply(b.normals()[j]),
            distance: sb,
            axis: Axis::EdgeB(j as u32),
        }
    } else {
        Separation {
            normal: pose_a.rotation.apply(a.normals()[i]),
            distance: sa,
            axis: Axis::EdgeA(i as u32),
        }
    }
}

/// The minimum translation vector, or `None` when the polygons do not overlap.
pub fn contact<A: Polygonal, B: Polygonal>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Contact> {
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    // Two small irregular polygons read their compact blocks, as in `collide`. Only a's tag is
    // read here, one comparison for a polygon without the block, and the rest is a jump to a
    // function of its own, with nothing to keep for after it. Asked of both polygons here (or
    // with a call to come back from), it cost regular polygons six to ten instructions.
    if a.is_compact() {
        return contact_compact_a(a, pose_a, b, pose_b);
    }
    contact_placed(a, pose_a, b, pose_b)
}

/// [`contact`] after the bounding circles, for polygons without the compact block (or pairs
/// where only one has it).
#[inline(always)]
fn contact_placed<A: Polygonal, B: Polygonal>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Contact> {
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    let (best_a, best_b, _) = best_faces(a, b, (&b_in_a, &a_in_b))?;
    better_face(a, pose_a, b, pose_b, best_a, best_b).contact()
}

/// [`contact`] after the bounding circles when a is [`Compact`]: by the blocks when b is too,
/// else the general way.
#[inline(never)]
fn contact_compact_a<A: Polygonal, B: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
) -> Option<Contact> {
    match (a.compact(), b.compact()) {
        (Some(ca), Some(cb)) => contact_compact((ca, pose_a), (cb, pose_b)),
        _ => contact_placed(a, pose_a, b, pose_b),
    }
}

/// [`contact`] for two [`Compact`] polygons, after the bounding circles: each polygon's best
/// face from [`compact_best`] (the same face and separation as [`max_separation`] finds), and
/// the better of the two as [`better_face`] picks it, its normal read from the block. The same
/// numbers as the general path, bit for bit, from the few cache lines of the two blocks.
#[inline(always)]
fn contact_compact((pa, pose_a): (&Compact, Pose), (pb, pose_b): (&Compact, Pose)) -> Option<Contact> {
    let ((i, sa), (j, sb), _) = compact_faces((pa, &pose_a), (pb, &pose_b))?;
    // b's face wins only when strictly better; its normal points from b to a, so it is turned
    // around.
    let separation = if sb > sa {
        Separation { normal: -pose_b.rotation.apply(pb.face(j).0), distance: sb, axis: Axis::EdgeB(j as u32) }
    } else {
        Separation { normal: pose_a.rotation.apply(pa.face(i).0), distance: sa, axis: Axis::EdgeA(i as u32) }
    };
    separation.contact()
}

/// The contact manifold (1 or 2 points), or `None` when the polygons do not overlap.
///
/// The reference face is a's best face unless b's is better by more than
/// [`REFERENCE_BIAS`]; see [`crate::manifold`] for the clipping and where the points lie.
pub fn collide<A: Polygonal, B: Polygonal>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Manifold> {
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    if let Some((pa, pb)) = parallelograms(a, b) {
        return collide_parallelograms((pa, pose_a, a.bounding_radius()), (pb, pose_b, b.bounding_radius()));
    }
    if let (Some(sa), Some(sb)) = (a.symmetric(), b.symmetric()) {
        return collide_symmetric((sa, pose_a, a.bounding_radius()), (sb, pose_b, b.bounding_radius()));
    }
    if let (Some(ca), Some(cb)) = (a.compact(), b.compact()) {
        return collide_compact((ca, pose_a, a.bounding_radius()), (cb, pose_b, b.bounding_radius()));
    }
    collide_general(a, &pose_a, b, &pose_b)
}

/// [`collide`] for polygons without a shared shortcut, after the bounding circles. Out of line,
/// so that `collide` itself stays a dispatcher with little to save and restore: the shortcuts'
/// calls then cost a jump, not the register spills of the general search.
#[inline(never)]
fn collide_general<A: Polygonal, B: Polygonal>(
    a: &A,
    pose_a: &Pose,
    b: &B,
    pose_b: &Pose,
) -> Option<Manifold> {
    let (b_in_a, a_in_b) = relative_poses(pose_a, pose_b);
    let (best_a, best_b, peaks) = best_faces(a, b, (&b_in_a, &a_in_b))?;
    manifold(a, *pose_a, b, *pose_b, (&b_in_a, &a_in_b), best_a, best_b, peaks)
}

/// The manifold of two overlapping polygons, given the relative poses (b in a's frame, a in
/// b's) and the best face of each with its separation: the reference face is a's unless b's is
/// better by more than [`REFERENCE_BIAS`]. With the window's `peaks`, the incident face is
/// climbed to from the incident polygon's peak rather than searched for among all its faces.
///
/// Always `Some`: the manifold is built where [`collide`] returns it, rather than built and
/// then copied into an `Option`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn manifold<A: Polygonal, B: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    (b_in_a, a_in_b): (&Pose, &Pose),
    (i, sa): (usize, Real),
    (j, sb): (usize, Real),
    peaks: Option<Peaks>,
) -> Option<Manifold> {
    match b_is_reference((sa, a.bounding_radius()), (sb, b.bounding_radius())) {
        true => clip::<true, _, _>(b, j, a, a_in_b, &pose_b, peaks.map(|p| p.a), None),
        // a's face, preferred for stability though b's is better, may not face the overlap:
        // then b's (see `fallback`).
        false => {
            let retry = (sb > sa).then_some((j, a_in_b, &pose_b));
            clip::<false, _, _>(a, i, b, b_in_a, &pose_a, peaks.map(|p| p.b), retry)
        }
    }
}

/// Does b's best face (separation `sb`) become the reference face, rather than a's (`sa`)? Only
/// when better by more than [`REFERENCE_BIAS`] of the smaller bounding radius (`ra`, `rb`).
#[inline(always)]
fn b_is_reference((sa, ra): (Real, Real), (sb, rb): (Real, Real)) -> bool {
    // Both radii are finite numbers: a plain comparison, not `f32::min`'s NaN handling.
    sb > sa + REFERENCE_BIAS * if ra < rb { ra } else { rb }
}

/// The manifold with face `r` of `reference` as reference face; `xf` places the incident
/// polygon in the reference frame and `pose` places the reference polygon in the world. The
/// normal points out of the reference face and ids are (reference, incident), as if the
/// reference polygon were a; with `FLIPPED` (the reference polygon is b) the manifold is built
/// turned around instead ([`Manifold::flipped`]), rather than built and then copied over.
///
/// `retry`: b's face, its frame and its pose, where a's face is the reference only for
/// stability and b's is better; clipped instead should a's face not face the overlap (see
/// [`fallback`]). Out of line, as it was before the retry: inlined, two copies of it made
/// irregular 16-gons' `collide` 3–7 % slower by the clock.
#[inline(never)]
fn clip<const FLIPPED: bool, R: Polygonal, I: Polygonal>(
    reference: &R,
    r: usize,
    incident: &I,
    xf: &Pose,
    pose: &Pose,
    incident_peak: Option<usize>,
    retry: Option<(usize, &Pose, &Pose)>,
) -> Option<Manifold> {
    // The next vertex round the loop, without an integer division.
    let next = |i: usize, n: usize| if i + 1 == n { 0 } else { i + 1 };
    let r_next = next(r, reference.vertices().len());
    let (vertices, normal) = (reference.vertices(), reference.normals()[r]);
    let face = ReferenceFace {
        r,
        r_next,
        normal,
        ends: (vertices[r], vertices[r_next]),
        offset: reference.plane_offsets()[r],
    };

    // The incident edge: the one whose normal is most anti-parallel to the reference normal.
    let direction = xf.rotation.apply_inv(normal);
    let k = match incident_peak {
        // The same face, climbed to from the incident polygon's face that looks at the
        // reference polygon (−(n · d) is exactly −n · d, so ties break alike).
        Some(peak) => climb(incident.normals(), -direction, peak),
        None => match incident.half_face_lanes() {
            Some([lanes]) => most_antiparallel_paired(lanes, incident.normals().len() / 2, direction),
            _ => most_antiparallel(incident.face_lanes(), direction),
        },
    };
    let k2 = next(k, incident.vertices().len());
    let edge = xf.apply_pair(incident.vertices()[k], incident.vertices()[k2]);
    // (b's face, with its pose and frame, for a face of a that does not face the overlap.)
    let other = || {
        retry.and_then(|(j, a_in_b, pose_b)| {
            clip::<true, _, _>(incident, j, reference, a_in_b, pose_b, None, None)
        })
    };
    clip_edge::<FLIPPED>(&face, (k, k2), edge, pose, other)
}

/// [`collide`] for two parallelograms (boxes), after the bounding circles: the one-pass best
/// faces, the same choice of reference face as [`manifold`], and the clip reading only the
/// [`Parallelogram`]s. Its own function, out of line: boxes are where a few instructions show,
/// and the general path's function stays as small as it was.
#[inline(never)]
fn collide_parallelograms(
    (pa, pose_a, ra): (&Parallelogram, Pose, Real),
    (pb, pose_b, rb): (&Parallelogram, Pose, Real),
) -> Option<Manifold> {
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    let ((i, sa), (j, sb)) = parallelogram_faces(pa, pb, &b_in_a, &a_in_b);
    if !(sa < 0.0 && sb < 0.0) {
        return None;
    }
    match b_is_reference((sa, ra), (sb, rb)) {
        true => clip_parallelograms::<true>(pb, j, pa, &a_in_b, &pose_b),
        false => clip_parallelograms::<false>(pa, i, pb, &b_in_a, &pose_a),
    }
}

/// [`clip`] for two parallelograms, reading only the [`Parallelogram`]s: the same face data,
/// the same incident face (its four normals are in one group of lanes) and so the same numbers,
/// without looking anything up in the polygons' lists.
#[inline(always)]
fn clip_parallelograms<const FLIPPED: bool>(
    reference: &Parallelogram,
    r: usize,
    incident: &Parallelogram,
    xf: &Pose,
    pose: &Pose,
) -> Option<Manifold> {
    let (faces, r_next) = (&reference.faces, (r + 1) % 4);
    let normal = Vector::new(lane(&faces.nx, r), lane(&faces.ny, r));
    let corner = |p: &Parallelogram, k: usize| Vector::new(p.xs[k], p.ys[k]);
    let face = ReferenceFace {
        r,
        r_next,
        normal,
        ends: (corner(reference, r), corner(reference, r_next)),
        offset: lane(&faces.hi, r),
    };
    let direction = xf.rotation.apply_inv(normal);
    let k = most_antiparallel(core::slice::from_ref(&incident.faces), direction);
    let k2 = (k + 1) % 4;
    let edge = xf.apply_pair(corner(incident, k), corner(incident, k2));
    clip_edge::<FLIPPED>(&face, (k, k2), edge, pose, || None)
}

/// [`collide`] for two [`Symmetric`] polygons, after the bounding circles: each polygon's best
/// face from one group of its faces against one group of the other's vertices, the same choice
/// of reference face as [`manifold`], and the clip reading only the [`Symmetric`] blocks. The
/// same numbers as the general path, bit for bit.
#[inline(never)]
fn collide_symmetric(
    (pa, pose_a, ra): (&Symmetric, Pose, Real),
    (pb, pose_b, rb): (&Symmetric, Pose, Real),
) -> Option<Manifold> {
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    let ((i, sa), turned_a) = symmetric_best(pa, pb, &b_in_a);
    if sa >= 0.0 {
        return None;
    }
    let ((j, sb), turned_b) = symmetric_best(pb, pa, &a_in_b);
    if sb >= 0.0 {
        return None;
    }
    match b_is_reference((sa, ra), (sb, rb)) {
        true => clip_symmetric::<true>(pb, j, pa, &a_in_b, &pose_b, turned_b),
        false => clip_symmetric::<false>(pa, i, pb, &b_in_a, &pose_a, turned_a),
    }
}

/// [`max_separation_paired`] for two [`Symmetric`] polygons: the same numbers. Also a's
/// first-half normals turned into b's frame, `(dx, dy)`, from which [`incident_faces`] works.
#[inline(always)]
fn symmetric_best(a: &Symmetric, b: &Symmetric, xf: &Pose) -> ((usize, Real), (Vector4, Vector4)) {
    let (c, s) = (Vector4::splat(xf.rotation.cos), Vector4::splat(xf.rotation.sin));
    let dx = c * a.nx + s * a.ny;
    let dy = -s * a.nx + c * a.ny;
    let shift = a.nx * Vector4::splat(xf.translation.x) + a.ny * Vector4::splat(xf.translation.y);
    let [v0, v1, v2, v3, ..] = b.vertices;
    let h = half_extent_of(&[v0, v1, v2, v3], dx, dy);
    let (lo, hi) = (shift - h, h + shift);
    (paired_best(lo - a.offsets, -hi - a.offsets, a.half), (dx, dy))
}

/// For every first-half face of a reference polygon at once, given its normal `d` turned into
/// the incident polygon's frame (lanes `dx`, `dy`): the incident face that
/// [`most_antiparallel_paired`] would find, for that face and for the face opposite it. This
/// needs the turned normals only, so it is worked out alongside the search for the best faces,
/// and once the reference face is known only a lookup is left ([`incident_face`]). Finding it
/// afterwards would put a turn, four dot products and a reduction between the reference face
/// and the clip, on a chain of steps that each wait for the one before.
///
/// Per lane, `best` is the largest |nₘ · d| over the incident polygon's first-half faces m (the
/// second half's dot products are the same numbers negated). Bit `4m + lane` of `least` is set
/// where nₘ · d is `−best` (face m is the most anti-parallel to d), of `most` where it is
/// `+best` (face m + half is).
#[inline(always)]
fn incident_faces(incident: &Symmetric, (dx, dy): (Vector4, Vector4)) -> (u32, u32) {
    let (nx, ny) = (incident.nx.to_array(), incident.ny.to_array());
    // The same products and sums as the search over the incident faces for one direction.
    let dots: [Vector4; 4] =
        core::array::from_fn(|m| Vector4::splat(nx[m]) * dx + Vector4::splat(ny[m]) * dy);
    let best = (dots[0].abs().max(dots[1].abs())).max(dots[2].abs().max(dots[3].abs()));
    let (mut least, mut most) = (0, 0);
    for (m, dot) in dots.iter().enumerate() {
        least |= dot.cmpeq(-best).bitmask() << (4 * m);
        most |= dot.cmpeq(best).bitmask() << (4 * m);
    }
    (least, most)
}

/// The incident face for reference face `r` (of `reference_half` per half) from
/// [`incident_faces`]: the lowest face holding the least dot product, first-half faces first,
/// exactly as [`paired_face`] picks it.
#[inline(always)]
fn incident_face((least, most): (u32, u32), r: usize, reference_half: usize, incident_half: usize) -> usize {
    // The lowest face m whose bit is set in this lane; 8 (beyond any face) when none is.
    let first = |bits: u32, lane: usize| ((bits >> lane) & 0x1111).trailing_zeros() as usize / 4;
    // Face r + half looks the other way: its least dot products are face r's largest.
    let (front, back, lane) =
        if r < reference_half { (least, most, r) } else { (most, least, r - reference_half) };
    let k = first(front, lane).min(incident_half + first(back, lane));
    k.min(2 * incident_half - 1)
}

/// [`clip`] for two [`Symmetric`] polygons, reading only their blocks: the same numbers.
#[inline(always)]
fn clip_symmetric<const FLIPPED: bool>(
    reference: &Symmetric,
    r: usize,
    incident: &Symmetric,
    xf: &Pose,
    pose: &Pose,
    turned: (Vector4, Vector4),
) -> Option<Manifold> {
    let table = incident_faces(incident, turned);
    let next = |i: usize, p: &Symmetric| if i + 1 == p.len() { 0 } else { i + 1 };
    let k = incident_face(table, r, reference.half, incident.half);
    let (r_next, (normal, offset)) = (next(r, reference), reference.face(r));
    let face =
        ReferenceFace { r, r_next, normal, ends: (reference.vertex(r), reference.vertex(r_next)), offset };
    let k2 = next(k, incident);
    let edge = xf.apply_pair(incident.vertex(k), incident.vertex(k2));
    clip_edge::<FLIPPED>(&face, (k, k2), edge, pose, || None)
}

/// [`collide`] for two [`Compact`] polygons (small ones without a shortcut of their own), after
/// the bounding circles: each polygon's best face from its faces against the other's vertices,
/// the same choice of reference face as [`manifold`], and the clip reading only the [`Compact`]
/// blocks. The same numbers as the general path, bit for bit, from a few cache lines instead of
/// a dozen separate lists.
#[inline(never)]
fn collide_compact(
    (pa, pose_a, ra): (&Compact, Pose, Real),
    (pb, pose_b, rb): (&Compact, Pose, Real),
) -> Option<Manifold> {
    let ((i, sa), (j, sb), (b_in_a, a_in_b)) = compact_faces((pa, &pose_a), (pb, &pose_b))?;
    match b_is_reference((sa, ra), (sb, rb)) {
        true => clip_compact::<true>(pb, j, pa, &a_in_b, &pose_b),
        false => clip_compact::<false>(pa, i, pb, &b_in_a, &pose_a),
    }
}

/// A polygon's best face: its index and its separation from the other polygon.
type BestFace = (usize, Real);

/// Each [`Compact`] polygon's best face against the other's vertices ([`compact_best`]), and the
/// relative poses `(b_in_a, a_in_b)`; `None` as soon as one of them separates (touching is not
/// overlapping). The first half of both [`contact_compact`] and [`collide_compact`].
#[inline(always)]
fn compact_faces(
    (pa, pose_a): (&Compact, &Pose),
    (pb, pose_b): (&Compact, &Pose),
) -> Option<(BestFace, BestFace, (Pose, Pose))> {
    let (b_in_a, a_in_b) = relative_poses(pose_a, pose_b);
    let best_a = compact_best(pa, pb, &b_in_a);
    if best_a.1 >= 0.0 {
        return None;
    }
    let best_b = compact_best(pb, pa, &a_in_b);
    if best_b.1 >= 0.0 {
        return None;
    }
    Some((best_a, best_b, (b_in_a, a_in_b)))
}

/// [`max_separation`] for two [`Compact`] polygons: a's faces, a group of four at a time, turned
/// into b's frame, against all of b's vertices; the same arithmetic as [`lane_shadows`] lane by
/// lane, and the same face (lowest index on ties).
#[inline(always)]
fn compact_best(a: &Compact, b: &Compact, xf: &Pose) -> (usize, Real) {
    let (c, s) = (Vector4::splat(xf.rotation.cos), Vector4::splat(xf.rotation.sin));
    let (tx, ty) = (Vector4::splat(xf.translation.x), Vector4::splat(xf.translation.y));
    // a's normals of group g turned into b's frame, and their shift by b's placement.
    let turned = |g: usize| {
        let (nx, ny) = (Compact::group(&a.nx, g), Compact::group(&a.ny, g));
        (c * nx + s * ny, -s * nx + c * ny)
    };
    let separations = |g: usize, lo: Vector4| {
        let (nx, ny) = (Compact::group(&a.nx, g), Compact::group(&a.ny, g));
        (lo + (nx * tx + ny * ty)) - Compact::group(&a.offsets, g)
    };
    if a.groups() == 1 {
        let (dx, dy) = turned(0);
        let mut lo = Vector4::INFINITY;
        each_vertex(b, |x, y| lo = lo.min(dx * x + dy * y));
        let first = separations(0, lo);
        let most = first.max_element();
        return (lane_holding(first, most), most);
    }
    // Both groups of a's faces in one pass over b's vertices: each vertex is spread across the
    // lanes once for both.
    let ((dx0, dy0), (dx1, dy1)) = (turned(0), turned(1));
    let (mut lo0, mut lo1) = (Vector4::INFINITY, Vector4::INFINITY);
    each_vertex(b, |x, y| {
        lo0 = lo0.min(dx0 * x + dy0 * y);
        lo1 = lo1.min(dx1 * x + dy1 * y);
    });
    let (first, second) = (separations(0, lo0), separations(1, lo1));
    // The lowest face holding the largest separation: a first-group face on a tie, as the
    // second group's faces come later. Found without a branch on which group holds it, a coin
    // toss for random pairs.
    let most = first.max(second).max_element();
    let holding = |v: Vector4| v.cmpeq(Vector4::splat(most)).bitmask().trailing_zeros() as usize;
    // No lane holds a NaN: 32, which `% 8` makes face 0.
    ((holding(first).min(4 + holding(second))) % 8, most)
}

/// The lowest lane of `v` that holds `value`, as [`first_lane_equal`] finds it, or lane 0 when
/// none does: a NaN separation (from a pose that is not a number; poses are not validated)
/// equals nothing, and must still name a face the polygon has.
#[inline(always)]
fn lane_holding(v: Vector4, value: Real) -> usize {
    first_lane_equal(v, value) % 4
}

/// Each of `b`'s vertices, in order, spread across four lanes (x, y), two at a time after the
/// first four, and only as far as the last pair holding a real vertex: the block pads its
/// groups by repeating the last vertex, which changes no minimum, so a 5- or 6-gon is not
/// charged for the eight vertices of two full groups. Each pair costs one branch on the vertex
/// count, the same for every pair of a set of equal polygons.
#[inline(always)]
fn each_vertex(b: &Compact, mut visit: impl FnMut(Vector4, Vector4)) {
    let mut vertex = |k: usize| visit(Vector4::splat(b.xs[k]), Vector4::splat(b.ys[k]));
    (0..4).for_each(&mut vertex);
    if b.len > 4 {
        (4..6).for_each(&mut vertex);
        if b.len > 6 {
            (6..8).for_each(&mut vertex);
        }
    }
}

/// [`clip`] for two [`Compact`] polygons, reading only their blocks: the same numbers.
#[inline(always)]
fn clip_compact<const FLIPPED: bool>(
    reference: &Compact,
    r: usize,
    incident: &Compact,
    xf: &Pose,
    pose: &Pose,
) -> Option<Manifold> {
    let next = |i: usize, p: &Compact| if i + 1 == p.len { 0 } else { i + 1 };
    let (r_next, (normal, offset)) = (next(r, reference), reference.face(r));
    let face =
        ReferenceFace { r, r_next, normal, ends: (reference.vertex(r), reference.vertex(r_next)), offset };
    // The incident face: the most anti-parallel to the reference normal, lowest index on ties,
    // as [`most_antiparallel`] finds it.
    let direction = xf.rotation.apply_inv(normal);
    let (dx, dy) = (Vector4::splat(direction.x), Vector4::splat(direction.y));
    let dots = |g: usize| Compact::group(&incident.nx, g) * dx + Compact::group(&incident.ny, g) * dy;
    let first = dots(0);
    let least = first.min_element();
    let k = if incident.groups() == 2 && dots(1).min_element() < least {
        let second = dots(1);
        4 + first_lane_equal(second, second.min_element())
    } else {
        // A NaN direction matches no lane: face 0, as in the general path.
        first_lane_equal(first, least) % 4
    };
    let k2 = next(k, incident);
    let edge = xf.apply_pair(incident.vertex(k), incident.vertex(k2));
    clip_edge::<FLIPPED>(&face, (k, k2), edge, pose, || None)
}

/// A reference face in its polygon's frame: face `r`, from vertex `r` to vertex `r_next` (its
/// `ends`), with its outward normal and plane offset.
#[derive(Clone, Copy)]
struct ReferenceFace {
    r: usize,
    r_next: usize,
    normal: Vector,
    ends: (Vector, Vector),
    offset: Real,
}

/// The manifold of the incident `edge` (incident vertices `k` and `k2`, placed in the reference
/// frame) against the reference `face`; `pose` places the reference polygon in the world. See
/// [`clip`].
#[inline(always)]
fn clip_edge<const FLIPPED: bool>(
    face: &ReferenceFace,
    (k, k2): (usize, usize),
    edge: (Vector, Vector),
    pose: &Pose,
    other: impl FnOnce() -> Option<Manifold>,
) -> Option<Manifold> {
    let &ReferenceFace { r, r_next, normal, ends: (v1, v2), offset } = face;
    // Clip the incident edge by the side planes through v1 and v2, which face out along the
    // reference edge's tangent, keeping the part with side · x ≤ offset. An end beyond a plane
    // moves to where the edge crosses it, and remembers that reference vertex as its feature.
    //
    //            side 1 |      reference face      | side 2
    //                   v1 ----------------------> v2
    //        incident  p ====*=================*==== q
    //                        ^ cut at v1       ^ cut at v2
    let tangent = Vector::new(-normal.y, normal.x);
    let (mut p, mut q) = edge;
    let (mut p_cut, mut q_cut) = (None, None);
    for (side, side_offset, vertex) in [(-tangent, -tangent.dot(v1), r), (tangent, tangent.dot(v2), r_next)] {
        let (dp, dq) = (side.dot(p) - side_offset, side.dot(q) - side_offset);
        match (dp <= 0.0, dq <= 0.0) {
            (true, true) => {}
            (false, false) => return fallback::<FLIPPED, _>((r, normal, offset), (k, k2), edge, pose, other),
            (p_inside, _) => {
                // Signs differ, so dp − dq is not zero and t is in [0, 1].
                let crossing = p + (q - p) * (dp / (dp - dq));
                if p_inside {
                    (q, q_cut) = (crossing, Some(vertex));
                } else {
                    (p, p_cut) = (crossing, Some(vertex));
                }
            }
        }
    }

    // Keep the clipped ends behind the reference face.
    let (p_depth, q_depth) = (offset - normal.dot(p), offset - normal.dot(q));
    // Both ends to the world at once, used or not: cheaper than moving each as needed.
    let (p_world, q_world) = pose.apply_pair(p, q);
    let point = |at: Vector, depth: Real, cut: Option<usize>, end: usize| {
        let id = clip_id(r, k, cut, end);
        ContactPoint { point: at, depth, id: if FLIPPED { id.flipped() } else { id } }
    };
    let world_normal = world_normal::<FLIPPED>(pose, normal);
    let faces = ClipFaces { reference_on_b: FLIPPED, reference: r as u32, incident: k as u32 };
    match (p_depth > 0.0, q_depth > 0.0) {
        (true, true) => Some(
            Manifold::two(
                world_normal,
                point(p_world, p_depth, p_cut, k),
                point(q_world, q_depth, q_cut, k2),
            )
            .with_faces(faces),
        ),
        (true, false) => {
            Some(Manifold::one(world_normal, point(p_world, p_depth, p_cut, k)).with_faces(faces))
        }
        (false, true) => {
            Some(Manifold::one(world_normal, point(q_world, q_depth, q_cut, k2)).with_faces(faces))
        }
        (false, false) => fallback::<FLIPPED, _>((r, normal, offset), (k, k2), edge, pose, other),
    }
}

/// The features of a clipped point, as (reference, incident): an incident vertex `end` behind
/// the reference face (edge `r`, vertex `end`), or a crossing of the side plane through
/// reference vertex `cut` (vertex `cut`, incident edge `k`).
#[inline(always)]
fn clip_id(r: usize, k: usize, cut: Option<usize>, end: usize) -> FeatureId {
    match cut {
        Some(vertex) => FeatureId { a: Feature::Vertex(vertex as u32), b: Feature::Edge(k as u32) },
        None => FeatureId { a: Feature::Edge(r as u32), b: Feature::Vertex(end as u32) },
    }
}

/// A point of the reference frame moved to the world, with its depth and features (turned
/// around when the reference polygon is b).
#[inline(always)]
fn contact_point<const FLIPPED: bool>(pose: &Pose, at: Vector, depth: Real, id: FeatureId) -> ContactPoint {
    ContactPoint { point: pose.apply(at), depth, id: if FLIPPED { id.flipped() } else { id } }
}

/// The reference normal in the world, pointing from a to b.
#[inline(always)]
fn world_normal<const FLIPPED: bool>(pose: &Pose, normal: Vector) -> Vector {
    if FLIPPED {
        -pose.rotation.apply(normal)
    } else {
        pose.rotation.apply(normal)
    }
}

/// Reference face `r` does not face the incident edge: the edge lies wholly beyond one of its
/// side planes, or rounding (or a deep, steep overlap) left no clipped point behind it. Where
/// the face was preferred for stability to the other polygon's better face (within
/// [`REFERENCE_BIAS`]), `other` clips against that better face instead: the minimum
/// translation's own axis, as septa3d does (a closure called only here, so that the common
/// path carries nothing for it: returning `None` to the caller to retry there cost irregular
/// 16-gons' `collide` 3–7 % by the clock). Otherwise the incident edge's deeper end (of
/// vertices `k` and `k2`, at `p` and `q` in the reference frame), which SAT has shown to be
/// behind the face. Out of line: random pairs almost never get here.
///
/// Where the overlap is far shallower than the bias (a corner grazing an edge of polygons
/// 1,000 across: depth 0.1, bias 0.5), the preferred face can be one whose line the other
/// polygon's corner crosses only beyond the face's end; its deeper end was then reported 0.6
/// outside the reference polygon, at a depth of 0.42:
///
/// ```text
///                  :  preferred face (a's)            the better face (b's) meets the
///     =============:                                  corner where it lies: its clip
///                  :   \  incident edge (b's),        gives the overlap's two points
///                  :    \ wholly beyond the side plane
/// ```
///
/// Only the general path retries so far: the small polygons' shortcuts (parallelograms,
/// symmetric and compact blocks) keep the deeper end, as retrying there cost 3–5 % more
/// instructions on every call.
#[cold]
#[inline(never)]
fn fallback<const FLIPPED: bool, F: FnOnce() -> Option<Manifold>>(
    (r, normal, offset): (usize, Vector, Real),
    (k, k2): (usize, usize),
    (p, q): (Vector, Vector),
    pose: &Pose,
    other: F,
) -> Option<Manifold> {
    if let Some(manifold) = other() {
        return Some(manifold);
    }
    let (p_depth, q_depth) = (offset - normal.dot(p), offset - normal.dot(q));
    let (at, depth, end) = if q_depth > p_depth { (q, q_depth, k2) } else { (p, p_depth, k) };
    let point = contact_point::<FLIPPED>(pose, at, depth.max(Real::MIN_POSITIVE), clip_id(r, k, None, end));
    let faces = ClipFaces { reference_on_b: FLIPPED, reference: r as u32, incident: k as u32 };
    Some(Manifold::one(world_normal::<FLIPPED>(pose, normal), point).with_faces(faces))
}
