//! Convex polyhedron against convex polyhedron (hulls and cuboids alike).
//!
//! Everything runs in a's frame with b placed by the relative pose (and, where it is cheaper,
//! in b's frame with a placed by the inverse), so that shapes far from the world origin lose no
//! precision. The candidate axes, in test order:
//!
//! 1. the face normals of b (module `face_query`: a's lowest vertex under each face plane,
//!    four faces at a time),
//! 2. the face normals of a (b's lowest vertex under each, found on the way of the edge
//!    search below, which meets it anyway),
//! 3. the cross products of an edge of a and an edge of b whose arcs cross on the Gauss map
//!    ([`gauss_map`](super::gauss_map)), found by walking each of a's arcs across b's map, so
//!    that the cost follows the crossings, not the product of the edge counts (small pairs,
//!    and overlaps of medium ones, test each arc against all of b's arcs four at a time
//!    instead, which has fewer branches);
//!    crossing face normals instead, as one reference text does, is only right for boxes.
//!
//! Most of a's faces and arcs cannot hold the best axis, and the walk passes over them: the
//! ball about b's centroid that b holds bounds every axis of a face, and every axis along an
//! arc, by a dot product per face of a (`gauss_map::Prune`), and whatever is bounded below the
//! best separation found so far (b's best face, to begin with) is not walked (for hulls of 64
//! points the ball alone leaves about one face in eight and one arc in eight where every pair
//! overlaps). What the ball leaves is bounded again from sixteen of b's vertices spread round
//! it (its skeleton), and only then from b's lowest vertices, which cost a support query each.
//!
//! The separation is the largest gap over these axes, and the depth of an overlap is minus it:
//! these axes are exactly the face normals of the Minkowski difference `a − b`, so the depth is
//! the exact penetration depth. Before any axis, bounding spheres that are apart answer
//! `overlaps`, `contact` and `collide`. `overlaps` needs no depth, so before the axes it also
//! tries a common interior point and then GJK's boolean search over the Minkowski difference
//! (module `separating_direction`), whose proofs either way hold by more than rounding; SAT
//! answers only the pairs within rounding of touching.
//!
//! `collide` builds the manifold on the best axis, biased for stability (as Box2D, Box3D and
//! Bullet do): a face contact is preferred over an edge–edge contact, and a's face over b's,
//! unless the other is clearly better ([`RELATIVE_FACE_TOLERANCE`],
//! [`RELATIVE_EDGE_TOLERANCE`], [`ABSOLUTE_TOLERANCE`]). Otherwise a box resting flat on
//! another would flip between its face and the ground's, or between faces and edges, as
//! rounding moves the separations by an ulp, and its contact points would change every frame.

use super::clip::{clip_faces, deepest_vertex, edge_contact};
use super::face_query::{best_face, face_separation, separates};
use super::gauss_map::{best_edge_pair, best_face_and_edge_pair, edge_axes, EdgeQuery, PARALLEL_TOLERANCE};
use super::separating_direction::{verdict, Verdict};
use super::sphere_capsule::bounding_apart;
use crate::pose::Frame;
use crate::trace::AxisStep;
use crate::{
    Axis, Contact, ConvexHull, Interval, Manifold, Polyhedral, Pose, Real, SatCache, Separation, Trace,
    Vector,
};
use alloc::vec::Vec;

/// In [`collide`], b's best face becomes the reference face only if its separation `sb`
/// exceeds `RELATIVE_FACE_TOLERANCE × sa + ABSOLUTE_TOLERANCE × r` (`sa` a's best face's, `r`
/// the smaller bounding radius). Separations of overlapping shapes are negative, so b's face
/// must be shallower by 2 % and a little more.
pub const RELATIVE_FACE_TOLERANCE: Real = 0.98;

/// In [`collide`], an edge–edge contact is made only if the best edge pair's separation
/// exceeds `RELATIVE_EDGE_TOLERANCE × s + ABSOLUTE_TOLERANCE × r`, `s` the better face's: it
/// must be shallower by 5 % and a little more.
pub const RELATIVE_EDGE_TOLERANCE: Real = 0.95;

/// The absolute part of the biases in [`collide`], as a fraction of the smaller bounding
/// radius (a "linear slop" that scales with the shapes).
pub const ABSOLUTE_TOLERANCE: Real = 5e-4;

/// The best face of each shape and the best edge pair. (Where the queries ran unbiased, a's
/// face is its best only when that is the best axis: faces that cannot be were passed over.)
struct Queries {
    face_a: (u32, Real),
    face_b: (u32, Real),
    edges: Option<EdgeQuery>,
}

/// The three queries (module docs), stopping with `Err` at the first separating feature. b's
/// faces go first: a's faces are measured on the way of the edge-pair walk, which meets b's
/// lowest vertex under each of them anyway ([`best_face_and_edge_pair`]). `biased`: for
/// [`collide`], whose biases may pick a face somewhat worse than the best axis, so that no
/// such face is passed over.
///
/// Out of line, one copy for `collide`, `contact` and `overlaps_cached`: inlined into each, the
/// small pairs' scan made `collide` on hulls of 16 to 64 points 2–3 % slower by the clock at the
/// same instruction counts (where its code landed), and out of line they time as before.
#[inline(never)]
fn queries(
    a: &ConvexHull,
    b: &ConvexHull,
    b_in_a: &Frame,
    a_in_b: &Frame,
    biased: bool,
) -> Result<Queries, Axis> {
    let face_b = best_face::<true>(b, a, a_in_b);
    if face_b.1 >= 0.0 {
        return Err(Axis::FaceB(face_b.0));
    }
    let (face_a, edges) = best_face_and_edge_pair::<true>(a, b, b_in_a, a_in_b, face_b.1, biased);
    if face_a.1 >= 0.0 {
        return Err(Axis::FaceA(face_a.0));
    }
    match edges {
        Some(e) if e.separation >= 0.0 => Err(Axis::Edges { a: e.a, b: e.b }),
        _ => Ok(Queries { face_a, face_b, edges }),
    }
}

impl Queries {
    /// The largest separation (a's face on a tie, then b's), as a separation from a to b with
    /// its normal in a's frame.
    fn best(&self, a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame) -> Separation {
        let ((i, sa), (j, sb)) = (self.face_a, self.face_b);
        let mut best = Separation { normal: a.face_normal(i as usize), distance: sa, axis: Axis::FaceA(i) };
        if sb > best.distance {
            // b's face normal points from b towards a: turned around, it points from a to b.
            let normal = -b_in_a.turn(b.face_normal(j as usize));
            best = Separation { normal, distance: sb, axis: Axis::FaceB(j) };
        }
        if let Some(e) = self.edges {
            if e.separation > best.distance {
                let axis = Axis::Edges { a: e.a, b: e.b };
                best = Separation { normal: b_in_a.turn(e.axis), distance: e.separation, axis };
            }
        }
        best
    }
}

/// Are the bounding spheres (about the centroids) apart? Then so are the shapes.
///
/// A quick reject must never turn away a pair the axes would find overlapping, so the radii
/// are summed and compared in f64 with a margin for the rounding of the placed centroid, by
/// the rule all sphere-bounded pairs share ([`bounding_apart`]). Pairs whose spheres plainly
/// meet (the common case once the spheres are tested at all) are told so in [`Real`] first: a
/// wrong "they meet" only sends a pair on to the axes.
#[inline(always)]
fn spheres_apart(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame) -> bool {
    let gap = b_in_a.apply(b.centroid()) - a.centroid();
    let near = a.bounding_radius() + b.bounding_radius();
    gap.length_squared() > near * near && spheres_apart_wide(a, b, b_in_a, gap)
}

/// [`spheres_apart`] for pairs that look apart in [`Real`]: the f64 test with its margin.
#[inline(never)]
fn spheres_apart_wide(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame, gap: Vector) -> bool {
    let reach = a.bounding_radius() as f64 + b.bounding_radius() as f64;
    let placed = b_in_a.translation.abs().element_sum()
        + b.centroid().abs().element_sum()
        + a.centroid().abs().element_sum();
    bounding_apart(gap, reach, placed)
}

/// Is the point `p` (the hull's frame) inside the hull by more than rounding: below every face
/// plane by a margin? Four planes at a time; a miss usually shows in the first group.
#[inline]
fn deep_inside(hull: &ConvexHull, p: Vector) -> bool {
    let margin = 64.0 * Real::EPSILON * (hull.bounding_radius() + p.length());
    hull.face_lanes().iter().all(|lanes| {
        let height = lanes.nx * p.x + lanes.ny * p.y + lanes.nz * p.z - lanes.d;
        height.max_element() < -margin
    })
}

/// A witness of overlap: a point inside both shapes by more than rounding, so that they share
/// interior points and overlap (not merely touch). Tried: b's centroid in a, a's centroid in b
/// (each centroid lies strictly inside its own hull), then the midpoint of the two in both.
///
/// ```text
///        a                b         deep overlaps (the common case at rest) have a centroid,
///     +------+        +------+      or the point halfway between them, inside both shapes:
///     |   ●--|---●----|--●   |      one plane test per face, four at a time, instead of
///     +------+        +------+      proving every candidate axis overlapping
/// ```
///
/// Only `overlaps` uses it: the depth and the manifold need every axis anyway.
#[inline]
fn common_point(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame, a_in_b: &Frame) -> bool {
    let b_centre = b_in_a.apply(b.centroid());
    if deep_inside(a, b_centre) {
        return true;
    }
    let a_centre = a_in_b.apply(a.centroid());
    if deep_inside(b, a_centre) {
        return true;
    }
    let middle = 0.5 * (a.centroid() + b_centre);
    deep_inside(a, middle) && deep_inside(b, a_in_b.apply(middle))
}

/// [`queries`] for pairs that are most likely apart (those with no common point): a's faces
/// first by themselves, which stop at the first separating face, rather than on the way of the
/// edge walk, which would pay for edges before reaching it; only faces whose bound from b's
/// centroid reaches zero are measured ([`separates`]). Out of line: only pairs within
/// rounding of touching come here, and inlined into [`overlaps`] it cost every other pair
/// there about 50 instructions.
#[inline(never)]
fn separated(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame, a_in_b: &Frame) -> bool {
    separates(a, b, b_in_a)
        || separates(b, a, a_in_b)
        || best_edge_pair::<true>(a, b, a_in_b).is_some_and(|e| e.separation >= 0.0)
}

/// Do the polyhedra overlap? Bounding spheres, a common interior point (module docs), then a
/// search for a separating direction or an enclosing tetrahedron of the Minkowski difference
/// (module `separating_direction`: a few support queries, however large the hulls, which
/// settles nearly every pair the first two leave), and only for pairs it cannot tell from
/// touching, a's faces, b's faces and the edge pairs, stopping at the first separating axis.
/// Touching is not overlapping.
pub fn overlaps<A: Polyhedral, B: Polyhedral>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> bool {
    let (a, b) = (a.hull(), b.hull());
    let (b_in_a, a_in_b) = Frame::between(&pose_a, &pose_b);
    if spheres_apart(a, b, &b_in_a) {
        return false;
    }
    if common_point(a, b, &b_in_a, &a_in_b) {
        return true;
    }
    match verdict(a, b, &b_in_a) {
        Verdict::Apart => false,
        Verdict::Overlapping => true,
        Verdict::Undecided => !separated(a, b, &b_in_a, &a_in_b),
    }
}

/// [`overlaps`], trying the feature in `cache` first (a face of a, a face of b, or an edge
/// pair; one these shapes do not have is ignored), then a common interior point, and
/// remembering the feature that separates. Pairs whose bounding spheres are apart are answered
/// from those alone, and leave the cache as it was; so do overlapping pairs.
pub fn overlaps_cached<A: Polyhedral, B: Polyhedral>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    let (a, b) = (a.hull(), b.hull());
    let (b_in_a, a_in_b) = Frame::between(&pose_a, &pose_b);
    if spheres_apart(a, b, &b_in_a) {
        return false;
    }
    let cached = match cache.axis() {
        Some(Axis::FaceA(i)) if (i as usize) < a.face_count() => face_separation(a, i as usize, b, &b_in_a),
        Some(Axis::FaceB(j)) if (j as usize) < b.face_count() => face_separation(b, j as usize, a, &a_in_b),
        Some(Axis::Edges { a: i, b: j })
            if (i as usize) < a.edge_count() && (j as usize) < b.edge_count() =>
        {
            let axis = a.edge_unit(i as usize).cross(b_in_a.turn(b.edge_unit(j as usize)));
            if axis.length_squared() > PARALLEL_TOLERANCE * PARALLEL_TOLERANCE {
                gap_along(a, b, &b_in_a, axis.normalize())
            } else {
                Real::NEG_INFINITY
            }
        }
        _ => Real::NEG_INFINITY, // nothing cached, or a feature these shapes do not have
    };
    if cached >= 0.0 {
        return false;
    }
    if common_point(a, b, &b_in_a, &a_in_b) {
        return true;
    }
    match queries(a, b, &b_in_a, &a_in_b, false) {
        Ok(_) => true,
        Err(axis) => {
            cache.set(axis);
            false
        }
    }
}

/// The gap between the shapes' shadows on the unit `axis` (a's frame), either way round: any
/// axis, not only a Minkowski face's, so it projects both shapes fully (by their supports).
fn gap_along(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame, axis: Vector) -> Real {
    let shadow_a = shadow(a, axis, 0.0);
    let shadow_b = shadow(b, b_in_a.rotation.transpose() * axis, axis.dot(b_in_a.translation));
    shadow_a.separation(shadow_b)
}

/// A hull's shadow on the unit `axis` (its own frame), shifted by `shift`.
fn shadow(hull: &ConvexHull, axis: Vector, shift: Real) -> Interval {
    let hi = hull.vertices()[hull.support(axis) as usize].dot(axis);
    let lo = hull.vertices()[hull.support(-axis) as usize].dot(axis);
    Interval::new(lo + shift, hi + shift)
}

/// The largest separation over all candidate axes (see [`Separation`]): for separated shapes
/// a lower bound of their distance, for overlapping ones minus the exact penetration depth.
pub fn separation<A: Polyhedral, B: Polyhedral>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Separation {
    let (a, b) = (a.hull(), b.hull());
    let (b_in_a, a_in_b) = Frame::between(&pose_a, &pose_b);
    let face_b = best_face::<false>(b, a, &a_in_b);
    let (face_a, edges) = best_face_and_edge_pair::<false>(a, b, &b_in_a, &a_in_b, face_b.1, false);
    let all = Queries { face_a, face_b, edges };
    let best = all.best(a, b, &b_in_a);
    Separation { normal: pose_a.rotation * best.normal, ..best }
}

/// The minimum translation vector, or `None` when the polyhedra do not overlap. The depth is
/// exact: the smallest push over a's faces, b's faces and the Minkowski edge pairs.
pub fn contact<A: Polyhedral, B: Polyhedral>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Contact> {
    let (a, b) = (a.hull(), b.hull());
    let (b_in_a, a_in_b) = Frame::between(&pose_a, &pose_b);
    if spheres_apart(a, b, &b_in_a) {
        return None;
    }
    let all = queries(a, b, &b_in_a, &a_in_b, false).ok()?;
    let best = all.best(a, b, &b_in_a);
    Separation { normal: pose_a.rotation * best.normal, ..best }.contact()
}

/// The contact manifold (1 to 4 points), or `None` when the polyhedra do not overlap.
///
/// The reference is a's best face, unless b's best face or the best edge pair is clearly
/// better (module docs); see [`crate::manifold`] for the clipping. The manifold's normal is
/// the chosen axis, so it may differ from [`contact`]'s by those tolerances, and its depths
/// may exceed the MTV depth by as much.
pub fn collide<A: Polyhedral, B: Polyhedral>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Manifold> {
    let (a, b) = (a.hull(), b.hull());
    let (b_in_a, a_in_b) = Frame::between(&pose_a, &pose_b);
    if spheres_apart(a, b, &b_in_a) {
        return None;
    }
    let all = queries(a, b, &b_in_a, &a_in_b, true).ok()?;
    let ((i, sa), (j, sb)) = (all.face_a, all.face_b);
    if sa.max(sb).max(all.edges.map_or(Real::NEG_INFINITY, |e| e.separation)) >= 0.0 {
        return None; // touching (with no axis stopping early): not overlapping
    }
    let slop = ABSOLUTE_TOLERANCE * a.bounding_radius().min(b.bounding_radius());
    let edge = |e: EdgeQuery| {
        let normal = b_in_a.turn(e.axis);
        edge_contact(a, e.a, b, e.b, &b_in_a, (normal, -e.separation), &pose_a)
    };
    let face_a = |i: u32| clip_faces(a, i as usize, b, (&b_in_a, &a_in_b), (&pose_a, false));
    let face_b = |j: u32| clip_faces(b, j as usize, a, (&a_in_b, &b_in_a), (&pose_b, true));
    if let Some(e) = all.edges {
        if e.separation > RELATIVE_EDGE_TOLERANCE * sa.max(sb) + slop {
            return Some(edge(e));
        }
    }
    // (One variable returned on every path, so that the manifold is made where the caller
    // takes it, not made and then copied.)
    let mut manifold = if sb > RELATIVE_FACE_TOLERANCE * sa + slop { face_b(j) } else { face_a(i) };
    if manifold.is_none() {
        // A face preferred for stability over a slightly better axis may not face the overlap
        // at all (nothing of the incident face clips behind it); then the manifold is the one
        // the minimum translation's own axis gives.
        manifold = match all.best(a, b, &b_in_a).axis {
            Axis::Edges { .. } => all.edges.map(edge),
            Axis::FaceB(j) => face_b(j).or_else(|| {
                Some(deepest_vertex(b, j as usize, a, (&a_in_b, &b_in_a), -sb).to_world(&pose_b).flipped())
            }),
            _ => face_a(i).or_else(|| {
                Some(deepest_vertex(a, i as usize, b, (&b_in_a, &a_in_b), -sa).to_world(&pose_a))
            }),
        };
    }
    manifold
}

/// The step trace: a's face normals, b's face normals, then the Minkowski edge pairs' axes, each
/// with both shapes projected in full (every vertex), and [`collide`]'s manifold.
pub fn trace<A: Polyhedral, B: Polyhedral>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Trace {
    let manifold = collide(a, pose_a, b, pose_b);
    let (a, b) = (a.hull(), b.hull());
    let (b_in_a, a_in_b) = Frame::between(&pose_a, &pose_b);
    let project = |vertices: &mut dyn Iterator<Item = Vector>, u: Vector| {
        vertices.fold(Interval::new(Real::INFINITY, Real::NEG_INFINITY), |s, v| {
            let x = u.dot(v);
            Interval::new(s.min.min(x), s.max.max(x))
        })
    };
    let step = |axis: Axis, u: Vector| {
        let on_a = project(&mut a.vertices().iter().copied(), u);
        let on_b = project(&mut b.vertices().iter().map(|&v| b_in_a.apply(v)), u);
        AxisStep::from_local(axis, u, on_a, on_b, &pose_a)
    };
    let mut steps = Vec::with_capacity(a.face_count() + b.face_count());
    for i in 0..a.face_count() {
        steps.push(step(Axis::FaceA(i as u32), a.face_normal(i)));
    }
    for j in 0..b.face_count() {
        steps.push(step(Axis::FaceB(j as u32), b_in_a.turn(b.face_normal(j))));
    }
    edge_axes(a, b, &a_in_b, |q| {
        steps.push(step(Axis::Edges { a: q.a, b: q.b }, b_in_a.turn(q.axis)));
        false
    });
    Trace::from_steps(steps, manifold)
}
