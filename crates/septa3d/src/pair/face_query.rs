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
//! at once, one per lane ([`FaceLanes`]): each vertex of b is projected on
//! four normals with three multiply-adds, and each lane keeps its minimum; each read of a
//! vertex serves two such groups. Groups that cannot hold the best face (a bound from b's
//! centroid and the ball about it that b holds, see [`best_face`]) are passed over. A large b
//! is not scanned: its lowest vertex is climbed to along its edges, starting where the last
//! face's climb ended (neighbouring faces have nearby lowest vertices).

use crate::pose::Frame;
use crate::shape::VertexLanes;
use crate::{ConvexHull, FaceLanes, Real, Vector, Vector4};
use glam::Vec4Swizzles;

/// Above this many vertices, b's lowest vertex is climbed to instead of found by a scan. A
/// climb looks round a handful of vertices per step and takes a few steps from where the last
/// face's ended; the scan measures every vertex, but for four faces at once. Measured with
/// callgrind on random hulls, the scan is cheaper up to about 100 vertices.
pub(crate) const CLIMB_ABOVE: usize = 64;

/// The four planes of `lanes` (a's frame) turned into b's frame: normals `m = Rᵀ n` and the
/// shift `n · t − d` to add to a height measured in b's frame.
struct Planes {
    mx: Vector4,
    my: Vector4,
    mz: Vector4,
    shift: Vector4,
}

impl Planes {
    #[inline(always)]
    fn new(lanes: &FaceLanes, b_in_a: &Frame) -> Self {
        let [c0, c1, c2] = [b_in_a.rotation.x_axis, b_in_a.rotation.y_axis, b_in_a.rotation.z_axis];
        let t = b_in_a.translation;
        let (nx, ny, nz) = (lanes.nx, lanes.ny, lanes.nz);
        Planes {
            mx: nx * c0.x + ny * c0.y + nz * c0.z,
            my: nx * c1.x + ny * c1.y + nz * c1.z,
            mz: nx * c2.x + ny * c2.y + nz * c2.z,
            shift: nx * t.x + ny * t.y + nz * t.z - lanes.d,
        }
    }

    /// The height of a vertex (b's frame, each coordinate in all four lanes) above each of the
    /// four planes, less the shift.
    #[inline(always)]
    fn height_spread(&self, x: Vector4, y: Vector4, z: Vector4) -> Vector4 {
        self.mx * x + self.my * y + self.mz * z
    }

    /// b's lowest vertex under each plane, by climbing b's vertex graph from `start` (left
    /// where the last climb ended), as a separation per lane.
    #[inline]
    fn climb(&self, b: &ConvexHull, start: &mut u32) -> Vector4 {
        let (mx, my, mz) = (self.mx.to_array(), self.my.to_array(), self.mz.to_array());
        let mut lo = [0.0; 4];
        for k in 0..4 {
            let m = Vector::new(mx[k], my[k], mz[k]);
            *start = b.support_from(-m, *start);
            lo[k] = m.dot(b.vertices()[*start as usize]);
        }
        Vector4::from_array(lo) + self.shift
    }
}

/// The best of four separations (faces `4 * group ..`, those below `faces`) folded into
/// `best`; with `ANY_ORDER` (groups may come out of order) the lower face wins a tie, else
/// the one met first. True when `STOP` and one of them separates.
#[inline(always)]
fn fold<const STOP: bool, const ANY_ORDER: bool>(
    separations: Vector4,
    group: usize,
    faces: usize,
    best: &mut (u32, Real),
) -> bool {
    for (k, &s) in separations.to_array().iter().enumerate() {
        let face = 4 * group + k;
        if face >= faces {
            break;
        }
        if s > best.1 || (ANY_ORDER && s == best.1 && (face as u32) < best.0) {
            *best = (face as u32, s);
            if STOP && s >= 0.0 {
                return true;
            }
        }
    }
    false
}

/// Below this many vertices of b, every group of a's faces is scanned, in order, four faces
/// per read of b's vertices: b's inner ball (see [`best_face`]) is then small beside its reach
/// and passes over few faces, and the scan is short. Measured with callgrind on random hulls
/// (the whole query): the bounds cost hulls of 8 vertices about 2 %, and save hulls of 16
/// about 1 % (collide) to 7 % (overlaps of mostly-apart pairs), hulls of 64 13 % and 37 %.
pub(crate) const BOUND_FROM: usize = 12;

/// The face of `a` whose plane holds `b` (placed in a's frame by `b_in_a`) off furthest, with
/// that separation; the first such face on a tie. With `STOP`, a face with a separation of
/// zero or more (a separating axis) is returned at once.
///
/// Most faces cannot win, and are passed over unscanned. b holds a ball of radius ρ about
/// its centroid c, so its lowest point under a plane lies at least ρ below c, and the plane's
/// separation is at most the height of c less ρ. The group of four faces with the highest such
/// bound is scanned first (for pairs that are apart, it holds the face that separates them
/// more often than not); then every other group whose bound reaches the best so far.
///
/// ```text
///          b .-----.
///           /   c   \      height of c − ρ ≥ height of b's lowest point
///          (    ·    )
///           \___|___/  ρ: c's distance to b's nearest face plane
///   ==============|======   a face plane
/// ```
///
/// A scan reads b's vertices once per eight faces, not once per four: loading a vertex and
/// spreading its coordinates over the lanes costs about as much as measuring it against four
/// planes (more groups per read would run out of SIMD registers).
#[inline]
pub(crate) fn best_face<const STOP: bool>(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame) -> (u32, Real) {
    let faces = a.face_count();
    let lanes = a.face_lanes();
    let mut best = (0u32, Real::NEG_INFINITY);
    if b.vertices().len() < BOUND_FROM {
        for (group, l) in lanes.iter().enumerate() {
            if fold::<STOP, false>(lowest(&Planes::new(l, b_in_a), b), group, faces, &mut best) {
                break;
            }
        }
        return best;
    }
    // The bound of a group, in a's frame: c placed there, its heights above the four planes
    // less ρ, with a margin for the rounding of both the bound and the scanned separations.
    let centre = b_in_a.apply(b.centroid());
    let sizes = centre.length() + b.centroid().length() + b.bounding_radius();
    let margin = 32.0 * Real::EPSILON * (sizes + a.centroid().length() + a.bounding_radius());
    let rho = Vector4::splat(b.inner_radius() - margin);
    let bound = |l: &FaceLanes| l.nx * centre.x + l.ny * centre.y + l.nz * centre.z - l.d - rho;
    // Each group's bound, kept for the second look below where the groups fit (a's faces up to
    // 128): worked out again, they were about a ninth of the query's instructions on 32-point
    // hulls.
    let mut tops = [Real::NEG_INFINITY; KEPT_BOUNDS];
    let mut first = (0, Real::NEG_INFINITY);
    for (group, l) in lanes.iter().enumerate() {
        let top = bound(l).max_element();
        tops[group & (KEPT_BOUNDS - 1)] = top;
        if top > first.1 {
            first = (group, top);
        }
    }
    let top_of = |group: usize, l: &FaceLanes| match lanes.len() <= KEPT_BOUNDS {
        true => tops[group & (KEPT_BOUNDS - 1)],
        false => bound(l).max_element(),
    };
    let first = first.0;
    // One group by itself: a scan, or climbs on a large b, each from where the last ended.
    let climbs = b.vertices().len() > CLIMB_ABOVE && b.is_climbable();
    let skeletal = b.vertices().len() > SKELETON_FROM;
    let mut start = 0;
    let mut measure = |p: &Planes| if climbs { p.climb(b, &mut start) } else { lowest(p, b) };
    if fold::<STOP, true>(measure(&Planes::new(&lanes[first], b_in_a)), first, faces, &mut best) {
        return best;
    }
    // The groups still to measure; scanned two per pass over b's vertices.
    let mut pending: Option<(usize, Planes)> = None;
    for (group, l) in lanes.iter().enumerate() {
        if group == first || top_of(group, l) < best.1 {
            continue;
        }
        let q = Planes::new(l, b_in_a);
        // Then the bound from b's skeleton (sixteen of its vertices, measured as the scan
        // measures them: no lower than the scan's minimum, bit for bit), where b is larger.
        if skeletal && (lowest_of_skeleton(&q, b) + q.shift).max_element() < best.1 {
            continue;
        }
        if climbs {
            if fold::<STOP, true>(measure(&q), group, faces, &mut best) {
                return best;
            }
            continue;
        }
        let Some((g, p)) = pending.take() else {
            pending = Some((group, q));
            continue;
        };
        let (mut lo_p, mut lo_q) = (Vector4::splat(Real::INFINITY), Vector4::splat(Real::INFINITY));
        for_each_vertex(b, |x, y, z| {
            lo_p = lo_p.min(p.height_spread(x, y, z));
            lo_q = lo_q.min(q.height_spread(x, y, z));
        });
        if fold::<STOP, true>(lo_p + p.shift, g, faces, &mut best)
            || fold::<STOP, true>(lo_q + q.shift, group, faces, &mut best)
        {
            return best;
        }
    }
    if let Some((g, p)) = pending {
        fold::<STOP, true>(measure(&p), g, faces, &mut best);
    }
    best
}

/// Does some face of `a` separate `b` (placed in a's frame by `b_in_a`): a separation of zero
/// or more? [`best_face`] with `STOP`, for a yes or no: a face can separate only if its bound
/// (the height of b's centroid less ρ, see [`best_face`]) is not below zero, so every group
/// whose bound is below zero is passed over, however small b is, and for shapes that are apart
/// most are.
#[inline]
pub(crate) fn separates(a: &ConvexHull, b: &ConvexHull, b_in_a: &Frame) -> bool {
    let centre = b_in_a.apply(b.centroid());
    let sizes = centre.length() + b.centroid().length() + b.bounding_radius();
    let margin = 32.0 * Real::EPSILON * (sizes + a.centroid().length() + a.bounding_radius());
    let rho = Vector4::splat(b.inner_radius() - margin);
    let climbs = b.vertices().len() > CLIMB_ABOVE && b.is_climbable();
    let mut start = 0;
    a.face_lanes().iter().any(|l| {
        let bound = l.nx * centre.x + l.ny * centre.y + l.nz * centre.z - l.d - rho;
        if bound.max_element() < 0.0 {
            return false;
        }
        let p = Planes::new(l, b_in_a);
        let separations = if climbs { p.climb(b, &mut start) } else { lowest(&p, b) };
        // A padded lane repeats the group's last face, so it is a face's separation too.
        separations.max_element() >= 0.0
    })
}

/// The most groups of four faces whose bounds [`best_face`] keeps between its two looks.
const KEPT_BOUNDS: usize = 32;

/// Above this many vertices of b, a group of faces whose bound from b's ball reaches the best
/// so far is first bounded by b's skeleton ([`ConvexHull::skeleton`]: sixteen of its vertices),
/// and scanned only if that bound reaches it too.
const SKELETON_FROM: usize = 4 * crate::shape::SKELETON_LANES;

/// The lowest of b's skeleton vertices ([`ConvexHull::skeleton`]) under each of the four planes,
/// less the shift: the same products as [`lowest`]'s scan, over sixteen of the vertices it
/// scans, so never below its minimum.
#[inline(always)]
fn lowest_of_skeleton(p: &Planes, b: &ConvexHull) -> Vector4 {
    let mut lo = Vector4::splat(Real::INFINITY);
    for_each_in(b.skeleton(), |x, y, z| lo = lo.min(p.height_spread(x, y, z)));
    lo
}

/// The separations of b from the four planes, by a scan of b's vertices.
#[inline(always)]
fn lowest(p: &Planes, b: &ConvexHull) -> Vector4 {
    let mut lo = Vector4::splat(Real::INFINITY);
    for_each_vertex(b, |x, y, z| lo = lo.min(p.height_spread(x, y, z)));
    lo + p.shift
}

/// Calls `measure(x, y, z)` for every vertex of `b` in turn, its coordinates each spread over
/// four lanes, read four vertices at a time from b's lanes ([`ConvexHull::vertex_lanes`]; the last
/// group padded with the last vertex again, which changes no minimum).
#[inline(always)]
fn for_each_vertex(b: &ConvexHull, measure: impl FnMut(Vector4, Vector4, Vector4)) {
    for_each_in(b.vertex_lanes(), measure);
}

/// [`for_each_vertex`] over any vertices held four at a time.
#[inline(always)]
fn for_each_in(lanes: &[VertexLanes], mut measure: impl FnMut(Vector4, Vector4, Vector4)) {
    for l in lanes {
        measure(l.x.xxxx(), l.y.xxxx(), l.z.xxxx());
        measure(l.x.yyyy(), l.y.yyyy(), l.z.yyyy());
        measure(l.x.zzzz(), l.y.zzzz(), l.z.zzzz());
        measure(l.x.wwww(), l.y.wwww(), l.z.wwww());
    }
}

/// The separation along face `i` of `a` alone (the cached-feature test).
#[inline]
pub(crate) fn face_separation(a: &ConvexHull, i: usize, b: &ConvexHull, b_in_a: &Frame) -> Real {
    let n = a.face_normal(i);
    let m = b_in_a.rotation.transpose() * n;
    let lowest = b.vertices()[b.support(-m) as usize];
    m.dot(lowest) + n.dot(b_in_a.translation) - a.face_offset(i)
}
