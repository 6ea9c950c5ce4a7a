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

use crate::manifold::{clip_segment, ClipVertex};
use crate::shape::shadow_of;
use crate::{
    Axis, ClipFaces, Contact, ContactPoint, Feature, FeatureId, Manifold, NormalLanes, Polygonal, Pose, Real,
    Rot, SatAxis, SatCache, Separation, Vector, Vector4,
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
) -> (usize, Real) {
    let mut best = (0, Real::NEG_INFINITY);
    let half = a.half_face_lanes();
    if projects_within(half.unwrap_or(a.face_lanes()), b, WALK_ABOVE) {
        if let Some(half) = half {
            return max_separation_paired::<STOP_AT_GAP, _>(half, a.normals().len() / 2, b, xf);
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
            Some(j) => walk_down(vertices, direction, j),
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
        let mut h = Vector4::ZERO;
        for group in half {
            let (xs, ys) = (group.xs.to_array(), group.ys.to_array());
            for k in 0..4 {
                h = h.max((dx * Vector4::splat(xs[k]) + dy * Vector4::splat(ys[k])).abs());
            }
        }
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

/// The lanes of one group of a's axes on which b's shadow clears a's (touching counts), as a
/// bit mask: beyond the face, or beyond the opposite side where a parallel face looks that way
/// (elsewhere `lo` is −∞).
#[inline(always)]
fn separating_lanes<B: Polygonal>(lanes: &NormalLanes, b: &B, xf: &Pose) -> u32 {
    let (lo, hi) = lane_shadows(lanes, b, xf);
    ((lo - lanes.hi).cmpge(Vector4::ZERO) | (lanes.lo - hi).cmpge(Vector4::ZERO)).bitmask()
}

/// Is there a gap between two polygons with two axes each (parallelograms: boxes, rectangles,
/// rhombi)? Such a polygon has four vertices, and both polygons' axes fit in one group of four
/// lanes: lanes 0 and 1 hold a's axes, turned into b's frame and tested against b's vertices;
/// lanes 2 and 3 hold b's, turned into a's frame and tested against a's vertices. One pass over
/// four vertex pairs then does the work of two calls to [`separating_lanes`], with the same
/// arithmetic in every lane.
#[inline(always)]
fn parallelograms_separated<A: Polygonal, B: Polygonal>(a: &A, b: &B, b_in_a: &Pose, a_in_b: &Pose) -> bool {
    let (la, lb) = (&a.axis_lanes()[0], &b.axis_lanes()[0]);
    let join = |p: Vector4, q: Vector4| Vector4::new(p.x, p.y, q.x, q.y);
    let (nx, ny) = (join(la.nx, lb.nx), join(la.ny, lb.ny));
    let c = Vector4::splat(b_in_a.rotation.cos);
    let s = Vector4::new(b_in_a.rotation.sin, b_in_a.rotation.sin, a_in_b.rotation.sin, a_in_b.rotation.sin);
    let (t, u) = (b_in_a.translation, a_in_b.translation);
    let dx = c * nx + s * ny;
    let dy = -s * nx + c * ny;
    let shift = nx * Vector4::new(t.x, t.x, u.x, u.x) + ny * Vector4::new(t.y, t.y, u.y, u.y);
    let (lo, hi) = if let (Some([hb]), Some([ha])) = (b.half_lanes(), a.half_lanes()) {
        // Both symmetric about their origins (boxes, rectangles): two vertices each give the
        // shadows (see `Polygonal::half_lanes`).
        let mut h = Vector4::ZERO;
        for k in 0..2 {
            let x = Vector4::new(hb.xs[k], hb.xs[k], ha.xs[k], ha.xs[k]);
            let y = Vector4::new(hb.ys[k], hb.ys[k], ha.ys[k], ha.ys[k]);
            h = h.max((dx * x + dy * y).abs());
        }
        (shift - h, h + shift)
    } else {
        let (vb, va) = (&b.lanes()[0], &a.lanes()[0]);
        let (mut lo, mut hi) = (Vector4::INFINITY, Vector4::NEG_INFINITY);
        for k in 0..4 {
            let x = Vector4::new(vb.xs[k], vb.xs[k], va.xs[k], va.xs[k]);
            let y = Vector4::new(vb.ys[k], vb.ys[k], va.ys[k], va.ys[k]);
            let p = dx * x + dy * y;
            lo = lo.min(p);
            hi = hi.max(p);
        }
        (lo + shift, hi + shift)
    };
    let (top, bottom) = (join(la.hi, lb.hi), join(la.lo, lb.lo));
    ((lo - top).cmpge(Vector4::ZERO) | (bottom - hi).cmpge(Vector4::ZERO)).any()
}

/// The lowest lane of `v` that holds `value`.
#[inline(always)]
pub(crate) fn first_lane_equal(v: Vector4, value: Real) -> usize {
    v.cmpeq(Vector4::splat(value)).bitmask().trailing_zeros() as usize
}

/// The face of `incident` whose normal has the smallest dot product with `direction` (the most
/// anti-parallel one), lowest index on ties; four normals at a time, each dot product computed
/// as [`Vec2::dot`] does.
#[inline(always)]
fn most_antiparallel(lanes: &[NormalLanes], direction: Vector) -> usize {
    let (dx, dy) = (Vector4::splat(direction.x), Vector4::splat(direction.y));
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

/// The vertex lowest along `direction`, walking counter-clockwise from `start` while the next
/// vertex is lower. On a convex polygon the projections along the boundary fall to the lowest
/// vertex and rise after it, so the walk stops there when it starts at or before it.
#[inline]
fn walk_down(vertices: &[Vector], direction: Vector, start: usize) -> (usize, Real) {
    let n = vertices.len();
    let (mut j, mut low) = (start, vertices[start].dot(direction));
    for _ in 0..n {
        let next = if j + 1 == n { 0 } else { j + 1 };
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
        let (j, lo) =
            low.map_or_else(|| lowest_vertex(vertices, direction), |j| walk_down(vertices, direction, j));
        let (k, minus_hi) =
            high.map_or_else(|| lowest_vertex(vertices, -direction), |k| walk_down(vertices, -direction, k));
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
/// is not overlapping.
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
    if a.axes().len() <= 2 && b.axes().len() <= 2 {
        return !parallelograms_separated(a, b, b_in_a, a_in_b);
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
    let best_a = max_separation::<false, _, _>(a, b, &b_in_a);
    let best_b = max_separation::<false, _, _>(b, a, &a_in_b);
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
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    let best_a = max_separation::<true, _, _>(a, b, &b_in_a);
    if best_a.1 >= 0.0 {
        return None;
    }
    let best_b = max_separation::<true, _, _>(b, a, &a_in_b);
    better_face(a, pose_a, b, pose_b, best_a, best_b).contact()
}

/// The contact manifold (1 or 2 points), or `None` when the polygons do not overlap.
///
/// The reference face is a's best face unless b's is better by more than
/// [`REFERENCE_BIAS`]; see [`crate::manifold`] for the clipping and where the points lie.
pub fn collide<A: Polygonal, B: Polygonal>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Manifold> {
    if bounding_circles_apart(a, &pose_a, b, &pose_b) {
        return None;
    }
    let (b_in_a, a_in_b) = relative_poses(&pose_a, &pose_b);
    let (i, sa) = max_separation::<true, _, _>(a, b, &b_in_a);
    if sa >= 0.0 {
        return None;
    }
    let (j, sb) = max_separation::<true, _, _>(b, a, &a_in_b);
    if sb >= 0.0 {
        return None;
    }
    Some(manifold(a, pose_a, b, pose_b, (&b_in_a, &a_in_b), (i, sa), (j, sb)))
}

/// The manifold of two overlapping polygons, given the relative poses (b in a's frame, a in
/// b's) and the best face of each with its separation: the reference face is a's unless b's is
/// better by more than [`REFERENCE_BIAS`].
pub(crate) fn manifold<A: Polygonal, B: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    (b_in_a, a_in_b): (&Pose, &Pose),
    (i, sa): (usize, Real),
    (j, sb): (usize, Real),
) -> Manifold {
    let tolerance = REFERENCE_BIAS * a.bounding_radius().min(b.bounding_radius());
    if sb > sa + tolerance {
        clip::<true, _, _>(b, j, a, a_in_b, &pose_b)
    } else {
        clip::<false, _, _>(a, i, b, b_in_a, &pose_a)
    }
}

/// The manifold with face `r` of `reference` as reference face; `xf` places the incident
/// polygon in the reference frame and `pose` places the reference polygon in the world. The
/// normal points out of the reference face and ids are (reference, incident), as if the
/// reference polygon were a; with `FLIPPED` (the reference polygon is b) the manifold is built
/// turned around instead ([`Manifold::flipped`]), rather than built and then copied over.
fn clip<const FLIPPED: bool, R: Polygonal, I: Polygonal>(
    reference: &R,
    r: usize,
    incident: &I,
    xf: &Pose,
    pose: &Pose,
) -> Manifold {
    // The next vertex round the loop, without an integer division.
    let next = |i: usize, n: usize| if i + 1 == n { 0 } else { i + 1 };
    let r_next = next(r, reference.vertices().len());
    let normal = reference.normals()[r];
    let (v1, v2) = (reference.vertices()[r], reference.vertices()[r_next]);

    // The incident edge: the one whose normal is most anti-parallel to the reference normal.
    let k = most_antiparallel(incident.face_lanes(), xf.rotation.apply_inv(normal));
    let k2 = next(k, incident.vertices().len());
    let (r1, r2) = (r as u32, r_next as u32);
    let edge = [
        ClipVertex {
            point: xf.apply(incident.vertices()[k]),
            id: FeatureId { a: Feature::Edge(r1), b: Feature::Vertex(k as u32) },
        },
        ClipVertex {
            point: xf.apply(incident.vertices()[k2]),
            id: FeatureId { a: Feature::Edge(r1), b: Feature::Vertex(k2 as u32) },
        },
    ];

    // Side planes through v1 and v2, facing out along the reference edge's tangent.
    let tangent = Vector::new(-normal.y, normal.x);
    let cut_at = |vertex| FeatureId { a: Feature::Vertex(vertex), b: Feature::Edge(k as u32) };
    let clipped = clip_segment(edge, -tangent, -tangent.dot(v1), cut_at(r1))
        .and_then(|seg| clip_segment(seg, tangent, tangent.dot(v2), cut_at(r2)));

    let offset = reference.plane_offsets()[r];
    let world_normal = if FLIPPED { -pose.rotation.apply(normal) } else { pose.rotation.apply(normal) };
    let faces = ClipFaces { reference_on_b: FLIPPED, reference: r1, incident: k as u32 };
    let to_point = |c: ClipVertex| ContactPoint {
        point: pose.apply(c.point),
        depth: offset - normal.dot(c.point),
        id: if FLIPPED { c.id.flipped() } else { c.id },
    };
    if let Some([p, q]) = clipped {
        let (p, q) = (to_point(p), to_point(q));
        match (p.depth > 0.0, q.depth > 0.0) {
            (true, true) => return Manifold::two(world_normal, p, q).with_faces(faces),
            (true, false) => return Manifold::one(world_normal, p).with_faces(faces),
            (false, true) => return Manifold::one(world_normal, q).with_faces(faces),
            (false, false) => {}
        }
    }
    // Rounding (or a deep, steep overlap) left no clipped point behind the face: fall back to
    // the incident edge's deeper endpoint, which SAT has shown to be behind it.
    let (p, q) = (to_point(edge[0]), to_point(edge[1]));
    let deeper = if q.depth > p.depth { q } else { p };
    Manifold::one(world_normal, ContactPoint { depth: deeper.depth.max(Real::MIN_POSITIVE), ..deeper })
        .with_faces(faces)
}
