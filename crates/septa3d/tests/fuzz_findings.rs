//! Fuzz findings 7, 8, 9, 10 and 15 (fuzz/README.md), and later fuzz inputs, each from its plain-library
//! reproduction, against answers derived without septa3d's geometry:
//!
//! * manifold points (findings 9, 10, 15): every point within its own depth of both shapes,
//!   measured in f64 as the distance from the point to the brute-force hull of the same input
//!   numbers, placed by the same poses (`reference/`);
//! * verdicts (findings 7, 8): axis-aligned boxes and segments whose overlap is decided by
//!   f64 arithmetic on the inputs.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast, clippy::useless_conversion))]

mod clouds;
mod reference;

use reference::sat::push_along;
use reference::{facet_directions, DQuat, DVec3, Face, Polytope};
use septa3d::{
    collide, contact, overlaps, overlaps_cached, separation, trace, Capsule, ConvexHull, Cuboid, Feature,
    Manifold, Pose, Real, Rotation, SatCache, Sphere, Vector,
};

fn dv(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

fn dq(q: Rotation) -> DQuat {
    DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize()
}

/// The brute-force hull of `points`, placed by `pose`, in f64.
fn placed(points: &[Vector], pose: Pose) -> Polytope {
    let local: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
    Polytope::hull(&local).expect("a solid").placed(dq(pose.rotation), dv(pose.translation))
}

/// The eight corners of a cuboid.
fn corners(h: Vector) -> Vec<Vector> {
    (0..8)
        .map(|k| {
            let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            Vector::new(s(1) * h.x, s(2) * h.y, s(4) * h.z)
        })
        .collect()
}

/// Every point of `m` is finite and lies within its own depth (plus `tol`) of both shapes, by
/// the f64 distance to each; an edge–edge point, midway between two witness points `depth`
/// apart, within half its depth. With `on_one`, a point must also lie within `tol` of one of
/// the shapes (a point on the incident shape's surface).
fn assert_in_overlap(m: &Manifold, a: &Polytope, b: &Polytope, tol: f64, on_one: bool, what: &str) {
    for p in m.points() {
        assert!(p.point.is_finite() && p.depth.is_finite(), "{what}: point {p:?}");
        let x = dv(p.point);
        let (da, db) = (a.signed_distance(x).0, b.signed_distance(x).0);
        // An edge–edge contact is a manifold of one point with two edges' ids. In a clipped
        // manifold the same ids mark where an incident edge crosses a reference side plane:
        // a point on the incident shape, within its full depth of the other (finding 37 was
        // such a point, taken for an edge–edge contact by this check).
        let edges = m.points().len() == 1 && matches!((p.id.a, p.id.b), (Feature::Edge(_), Feature::Edge(_)));
        let depth = if edges { 0.5 * p.depth as f64 } else { p.depth as f64 };
        assert!(
            da <= depth + tol && db <= depth + tol,
            "{what}: point {p:?} lies {da} from a and {db} from b, beyond its depth {depth} (tol {tol})"
        );
        if on_one {
            assert!(da.min(db) <= tol, "{what}: point {p:?} lies {da} from a and {db} from b, on neither");
        }
    }
}

/// Both orders of `collide`, each manifold checked by [`assert_in_overlap`].
fn check_both_orders(
    (sa, pa, ra): (&septa3d::Shape, Pose, &Polytope),
    (sb, pb, rb): (&septa3d::Shape, Pose, &Polytope),
    tol: f64,
    on_one: bool,
    what: &str,
) {
    let ab = collide(sa, pa, sb, pb).unwrap_or_else(|| panic!("{what}: they overlap"));
    assert_in_overlap(&ab, ra, rb, tol, on_one, &format!("{what} (a, b)"));
    let ba = collide(sb, pb, sa, pa).unwrap_or_else(|| panic!("{what}: they overlap"));
    assert_in_overlap(&ba, rb, ra, tol, on_one, &format!("{what} (b, a)"));
}

/// Finding 15: a hull edge 0.048 long whose direction (taken from its faces' normals) gives
/// the right edge axis, but whose own segment is a stub at the end of the ridge between those
/// faces; the edge–edge point, from the stub's closest point to the bar's edge, lay 3,666
/// beyond its depth outside the bar.
#[test]
fn short_edge_contact_point_lies_in_the_overlap() {
    let points = [
        Vector::new(-3333.333, -16666.664, 3333.3333),
        Vector::new(-3333.3333, 3333.3333, 13333.332),
        Vector::new(9999.999, -0.00024414063, -4999.9995),
        Vector::new(-5333.333, 8333.332, -2666.6665),
        Vector::new(9999.984, -0.044189453, -4999.992),
        Vector::new(-3333.3389, -16666.707, 3333.3535),
        Vector::new(9999.99, -0.049072266, -4999.9893),
        Vector::new(-3333.3428, -16066.716, 3633.3433),
        Vector::new(7333.343, 666.64624, -1333.3036),
    ];
    let half = Vector::new(8.0, 5.0, 10000.0);
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let bar = septa3d::Shape::from(Cuboid::new(half).unwrap());
    let id = Pose::IDENTITY;
    let (ref_hull, ref_bar) = (placed(&points, id), placed(&corners(half), id));
    // The shapes are 20,000 across; the f32 inputs are good to about 0.001 there.
    check_both_orders((&hull, id, &ref_hull), (&bar, id, &ref_bar), 0.1, false, "short edge");
}

/// Finding 9: a tetrahedron through a slab, both `s` across, meet edge to edge; the closest
/// points of the two edges multiplied squared lengths in f32, which overflowed from s = 1e10
/// (a NaN point, then an edge's far end).
#[test]
fn edge_contact_point_survives_long_edges() {
    for s in [1.0, 1e9, 1e10, 1e11, 1e14, 1e18] {
        let points = [
            Vector::new(s, -s, -s),
            Vector::new(0.0, s, 0.0),
            Vector::new(0.0, -s, s),
            Vector::new(0.0, 0.0, 0.0),
        ];
        let half = Vector::new(s, 0.1 * s, 0.1 * s);
        let tetrahedron = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
        let slab = septa3d::Shape::from(Cuboid::new(half).unwrap());
        let id = Pose::IDENTITY;
        let m = collide(&tetrahedron, id, &slab, id).expect("they overlap");
        assert!(
            m.points().iter().all(|p| matches!((p.id.a, p.id.b), (Feature::Edge(_), Feature::Edge(_)))),
            "s = {s}: expected the edge–edge contact, got {m:?}"
        );
        let (ref_t, ref_s) = (placed(&points, id), placed(&corners(half), id));
        let tol = 1e-5 * s as f64;
        check_both_orders((&tetrahedron, id, &ref_t), (&slab, id, &ref_s), tol, false, "long edges");
    }
}

/// Finding 10, as the fuzzer found it: a hull 0.002 across (one face a sliver 1e-9 across)
/// inside a cube of 8, both placed by the same pose. Clipping the cube's face to the sliver
/// left nothing, and the fallback, the cube's deepest vertex, was a corner of the cube 8
/// beyond the hull. The point must lie on one shape and within its depth of the other.
#[test]
fn fallback_point_of_a_small_hull_in_a_cube() {
    let points = [
        Vector::new(0.0019672478, 1.499, 0.0019672478),
        Vector::new(0.0029672477, 1.501, 0.0019672476),
        Vector::new(0.0024672477, 1.5, 0.003967248),
        Vector::new(0.003967248, 1.5002, 0.0030672478),
        Vector::new(0.0022872472, 1.49964, 0.0032472473),
        Vector::new(0.0030272475, 1.499636, 0.0025502476),
        Vector::new(0.0039672474, 1.5002, 0.0030672476),
        Vector::new(0.0039672474, 1.5002, 0.0030672476),
        Vector::new(0.001967247, 1.499, 0.0019672473),
        Vector::new(0.0019672473, 1.499, 0.0019672473),
        Vector::new(0.0019672473, 1.499, 0.0019672473),
    ];
    let half = Vector::splat(8.0);
    let pose = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let cube = septa3d::Shape::from(Cuboid::new(half).unwrap());
    let (ref_hull, ref_cube) = (placed(&points, pose), placed(&corners(half), pose));
    check_both_orders((&hull, pose, &ref_hull), (&cube, pose, &ref_cube), 1e-4, true, "small hull");
}

/// Finding 25: a nearly flat hull 0.002 across (one face a sliver whose three corners lie
/// within an ulp of one line) at the centre of a cube of 16, both placed by one pose. The
/// sliver was the reference face; its side planes are nearly parallel, so the cube's face
/// clipped by them kept points all along the cube's edge, 8 from the hull, and the manifold
/// had a point 9.2 beyond the hull along (1, 1, 1). Every point must lie on one shape and
/// within its depth of the other, as measured from the f64 hulls of the same numbers.
#[test]
fn clip_points_stay_on_a_sliver_reference_face() {
    let points = [
        Vector::new(0.00075, -0.0009876001, -0.00075),
        Vector::new(-0.0005000001, -0.001, -0.001),
        Vector::new(0.0, -0.0009941, 0.0),
        Vector::new(-0.0009959999, -0.0009999999, -0.0009999999),
        Vector::new(-0.0009999999, -0.0009999999, -0.0009999999),
    ];
    let half = Vector::splat(8.0);
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let cube = septa3d::Shape::from(Cuboid::new(half).unwrap());
    let turned = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    for pose in [turned, Pose::IDENTITY] {
        let (ref_hull, ref_cube) = (placed(&points, pose), placed(&corners(half), pose));
        check_both_orders((&hull, pose, &ref_hull), (&cube, pose, &ref_cube), 1e-4, true, "sliver face");
    }
}

/// Finding 34: two thin sheets crossing, a cuboid 16 × 0.002 × 16 and a hull 10 across and
/// 7.5e-5 thick whose top face is a sliver triangle along its rim, both placed by one pose.
/// With the sliver as the reference face, its corner carried onto the cuboid's face was placed
/// where two nearly parallel side planes cross, 0.0034 beyond the corner and beyond the
/// cuboid. Every point must lie on one shape and within its depth (0.001) of the other, as
/// measured from the f64 hulls of the same numbers.
#[test]
fn carried_corner_of_a_sliver_face_stays_at_the_corner() {
    let points = [
        Vector::new(-4.196167e-5, -1.2500001, -5.0),
        Vector::new(-4.4584274e-5, 5.036236e-8, 2.5),
        Vector::new(2.4557114e-5, -5.0, 3.75),
        Vector::new(-4.196167e-5, -1.0833355e-7, -5.0),
        Vector::new(-1.25e-5, 0.0, 0.0),
        Vector::new(-4.9591064e-5, -4.9939995, -5.0),
    ];
    let half = Vector::new(8.0, 0.001, 8.0);
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let sheet = septa3d::Shape::from(Cuboid::new(half).unwrap());
    let turned = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    for pose in [turned, Pose::IDENTITY] {
        let (ref_hull, ref_sheet) = (placed(&points, pose), placed(&corners(half), pose));
        check_both_orders((&sheet, pose, &ref_sheet), (&hull, pose, &ref_hull), 1e-4, true, "thin sheets");
    }
}

/// Finding 36: a hull 16,000 across with a needle face (two edges 13,000 long meeting 0.007
/// apart, its normal rounding noise) against an 18-point hull, turned half a turn. Clipping
/// against the best face (the needle hull's face 4) left nothing, and the fallback offered the
/// line through a corner of that face where it met the other hull 1,228 *above* the face: a
/// point 763 outside the needle hull, at depth zero. (Fixed there, in the fallback; since
/// finding 38's fix the hull no longer has the needle face at all, its near-duplicate corners
/// welded, so this now checks the whole query on what the hull became.)
///
/// In the f64 build, whose tolerance keeps those corners apart, this check once failed on a
/// clipped point with two edges' ids (finding 37): it took the point for an edge–edge contact
/// and held it to half its depth (see [`assert_in_overlap`]).
#[test]
fn fallback_point_is_not_above_the_reference_face() {
    let big = [
        [3386.5645, -12619.791, -1233.7285],
        [-2275.9182, -1555.2378, -12831.658],
        [-2793.6567, -12710.883, 1696.7515],
        [-8456.139, -1646.3296, -9901.178],
        [-6341.9243, -9443.023, 6546.704],
        [-12004.408, 1621.5305, -5051.2256],
        [-5597.966, -4345.284, 11046.778],
        [-11260.447, 6719.2686, -551.1516],
        [-909.8864, 197.04932, 13091.344],
        [-6572.3696, 11261.603, 1493.415],
        [5528.708, 2058.5674, 11723.725],
        [-133.77393, 13123.12, 125.79443],
        [10705.126, 368.2444, 7583.8438],
        [5042.643, 11432.797, -4014.0854],
        [12197.267, -4082.9993, 2608.7964],
        [6534.785, 6981.5537, -8989.133],
        [9306.9375, -9212.374, -873.5327],
        [3644.457, 1852.1792, -12471.463],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let needle =
        clouds::FINDING_36_NEEDLE.map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let pa = Pose::new(
        Vector::new(-10000.0, -10000.0, 66.42969),
        Rotation::from_xyzw(0.000978466, 0.6757243, 0.0, -0.73715377),
    );
    let pb = Pose::new(Vector::new(-8.0, 0.0007103983, 0.0), Rotation::from_xyzw(0.0, 0.0, 1.0, 0.0));
    let (a, b) = (ConvexHull::new(&big).unwrap(), ConvexHull::new(&needle).unwrap());
    let (ref_a, ref_b) = (placed(&big, pa), placed(&needle, pb));
    let (a, b) = (septa3d::Shape::from(a), septa3d::Shape::from(b));
    check_both_orders((&a, pa, &ref_a), (&b, pb, &ref_b), 1.0, false, "needle face");
}

/// Finding 10 at scale: a 12-gon prism (radius 7, height 11.9) inside a cube of side 2s, both
/// placed by one pose. From s = 1e10 the clipped incident face (the cube's, 1e10 across,
/// clipped in f32 to a window of 7) came out empty, and the manifold was a cube corner about
/// 1.7 s from the prism.
#[test]
fn fallback_point_of_an_engulfed_prism() {
    // The fuzz input's prism, as printed (its corners rounded to f32).
    let points = [
        [-4.645091, -5.9500003, -5.2367105],
        [-4.645091, 5.9500003, -5.2367105],
        [-6.641122, -5.9500003, -2.2125785],
        [-6.641122, 5.9500003, -2.2125785],
        [-6.857669, -5.95, 1.4044123],
        [-6.857669, 5.950001, 1.4044123],
        [-5.2367105, -5.95, 4.645091],
        [-5.2367115, 5.950001, 4.645091],
        [-2.212578, -5.9500003, 6.641122],
        [-2.2125778, 5.95, 6.6411214],
        [1.4044132, -5.95, 6.857669],
        [1.4044135, 5.95, 6.857669],
        [4.645091, -5.950001, 5.2367096],
        [4.645091, 5.950001, 5.2367096],
        [6.641123, -5.9500003, 2.2125752],
        [6.6411233, 5.95, 2.212575],
        [6.857669, -5.950001, -1.4044142],
        [6.8576684, 5.9500003, -1.4044142],
        [5.2367086, -5.95, -4.6450915],
        [5.2367086, 5.950001, -4.645092],
        [2.2125773, -5.95, -6.641122],
        [2.212577, 5.9500003, -6.641122],
        [-1.404412, -5.950001, -6.857669],
        [-1.4044123, 5.9500003, -6.857669],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let prism = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let turn = Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5);
    for (s, at) in [(1e4, 0.0), (1e10, 0.0), (1e12, 3.0), (1e18, 1e18)] {
        let half = Vector::splat(s as Real);
        let cube = septa3d::Shape::from(Cuboid::new(half).unwrap());
        for pose in [Pose::IDENTITY, Pose::new(Vector::splat(at as Real), turn)] {
            let (ref_prism, ref_cube) = (placed(&points, pose), placed(&corners(half), pose));
            let tol = 1e-5 * (s + at);
            let what = format!("prism in a cube of {s} at {pose:?}");
            check_both_orders((&prism, pose, &ref_prism), (&cube, pose, &ref_cube), tol, true, &what);
        }
    }
}

/// Finding 7: a trace's verdict read off world-frame f32 shadows lost overlaps smaller than
/// the world grid: cubes of half sizes 1 and `h` at 1e5 and 1e5 + 1.4921875 (both exact in
/// f32) overlap by `1 + h − 1.4921875` (exact in f64), which is below half an f32 ulp at 1e5
/// (0.0039) for `h` near 0.4921875. The trace must agree with that, and with `overlaps`, in
/// both orders.
#[test]
fn trace_verdict_is_the_local_one() {
    let (x, offset) = (1e5, 1.4921875);
    let pa = Pose::from_translation(Vector::new(x as Real, 0.0, 0.0));
    let pb = Pose::from_translation(Vector::new((x + offset) as Real, 0.0, 0.0));
    assert_eq!(pb.translation.x as f64, x + offset, "exact in f32");
    let a = Cuboid::new(Vector::ONE).unwrap();
    for k in -8..=8 {
        let h = (0.4921875 + k as f64 * 4e-4) as Real;
        let b = Cuboid::new(Vector::splat(h)).unwrap();
        let overlap = 1.0 + h as f64 - offset; // along x; along y and z they overlap by 1 + h
        let truth = overlap > 0.0;
        let what = format!("h = {h}: overlap {overlap}");
        assert_eq!(overlaps(&a, pa, &b, pb), truth, "{what}: overlaps");
        let t = trace(&a, pa, &b, pb);
        assert_eq!(t.collides(), truth, "{what}: trace {:?}", t.verdict);
        let t = trace(&b, pb, &a, pa);
        assert_eq!(t.collides(), truth, "{what}: trace (b, a) {:?}", t.verdict);
        if let septa3d::Verdict::Colliding { contact, .. } = t.verdict {
            assert!((contact.depth as f64 - overlap).abs() <= 1e-6, "{what}: trace depth {}", contact.depth);
        }
    }
}

/// Finding 8: bounding-sphere quick rejects summed a large and a small radius in f32, which
/// rounded the small one away (3.5e7 + 1.7 is 3.5e7 in f32), and turned away pairs that
/// overlap. Each pair below overlaps by `depth` (hand geometry, or the f64 reference); every
/// query must say so, in both orders.
fn check_overlapping(what: &str, a: septa3d::Shape, b: septa3d::Shape, depth: f64) {
    let id = Pose::IDENTITY;
    for (x, y) in [(&a, &b), (&b, &a)] {
        assert!(overlaps(x, id, y, id), "{what}: overlaps");
        assert!(overlaps_cached(x, id, y, id, &mut SatCache::new()), "{what}: overlaps_cached");
        let s = separation(x, id, y, id).distance as f64;
        assert!((s + depth).abs() < 1e-6, "{what}: separation {s}, depth {depth}");
        let c = contact(x, id, y, id).unwrap_or_else(|| panic!("{what}: contact"));
        assert!((c.depth as f64 - depth).abs() < 1e-6, "{what}: contact depth {}, depth {depth}", c.depth);
        assert!(collide(x, id, y, id).is_some(), "{what}: collide");
        assert!(trace(x, id, y, id).collides(), "{what}: trace");
    }
}

/// A segment 7e7 long, from (0, 0, 0) along x.
fn long_segment() -> septa3d::Shape {
    Capsule::new(Vector::ZERO, Vector::new(7e7, 0.0, 0.0), 0.0).unwrap().into()
}

/// The fuzz finding: the segment from the centre of a unit cube leaves it sideways, by 1.
#[test]
fn quick_reject_hull_capsule() {
    check_overlapping("hull–capsule", Cuboid::new(Vector::ONE).unwrap().into(), long_segment(), 1.0);
}

/// The segment from the centre of a unit ball: out sideways by the radius.
#[test]
fn quick_reject_sphere_capsule() {
    let ball = Sphere::new(Vector::ZERO, 1.0).unwrap();
    check_overlapping("sphere–capsule", ball.into(), long_segment(), 1.0);
}

/// The segment crossing a capsule of radius 0.5 at its core's midpoint: out by 0.5.
#[test]
fn quick_reject_capsule_capsule() {
    let stick = Capsule::new(Vector::new(0.0, -1.0, 0.0), Vector::new(0.0, 1.0, 0.0), 0.5).unwrap();
    check_overlapping("capsule–capsule", stick.into(), long_segment(), 0.5);
}

/// A tetrahedron 1e8 across whose vertex (1, 0, 0) is the farthest from its centroid, and a
/// unit ball 0.4 beyond that vertex: the gap between the centres exceeds the hull's bounding
/// radius by less than half an ulp there. The depth is the ball's radius less the f64
/// distance from its centre to the brute-force hull.
#[test]
fn quick_reject_hull_sphere() {
    let spike = [
        Vector::new(1.0, 0.0, 0.0),
        Vector::new(-1e8, 1e7, 0.0),
        Vector::new(-1e8, -1e7, 1e7),
        Vector::new(-1e8, -1e7, -1e7),
    ];
    let ball = Sphere::new(Vector::new(1.4, 0.0, 0.0), 1.0).unwrap();
    let depth = 1.0 - placed(&spike, Pose::IDENTITY).signed_distance(dv(ball.center())).0;
    check_overlapping("hull–sphere", ConvexHull::new(&spike).unwrap().into(), ball.into(), depth);
}

/// Finding 8's second case (seen with 14): a sphere of radius 1e18 whose centre lies 4.3 from
/// a core 1.7e18 long, near its end, both far from the origin. The segment parameter of the
/// closest point rounded to the end, so the closest-points axis ran back along the core, and
/// the separation (−1e18, the shadows' backward gap) came with a normal along which the push
/// is 2.4e18. The push along each order's normal must be minus its separation, and the depth
/// the f64 one (the radius less the centre's distance from the core).
#[test]
fn separation_normal_is_the_way_its_distance_is_measured() {
    let pose = Pose::new(Vector::splat(1e18), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let (center, radius) = (Vector::new(5.5, 5.0, 0.0), 1e18);
    let ends = [Vector::splat(1e18), Vector::ZERO];
    let ball: septa3d::Shape = Sphere::new(center, radius).unwrap().into();
    let core: septa3d::Shape = Capsule::new(ends[0], ends[1], 0.0).unwrap().into();
    let (q, t) = (dq(pose.rotation), dv(pose.translation));
    let world = |p: Vector| q * dv(p) + t;
    let (c, e0, e1) = (world(center), world(ends[0]), world(ends[1]));
    // How far b must move along n to clear a: a's highest point along n less b's lowest.
    let ball_reach = |n: DVec3| c.dot(n) + radius as f64;
    let core_low = |n: DVec3| e0.dot(n).min(e1.dot(n));
    let ball_first = |n: DVec3| ball_reach(n) - core_low(n);
    let core_first = |n: DVec3| ball_reach(-n) - core_low(-n);
    let pushes: [(&str, _, &dyn Fn(DVec3) -> f64); 2] = [
        ("(ball, core)", separation(&ball, pose, &core, pose), &ball_first),
        ("(core, ball)", separation(&core, pose, &ball, pose), &core_first),
    ];
    let d = e1 - e0;
    let along = ((c - e0).dot(d) / d.dot(d)).clamp(0.0, 1.0);
    let depth = radius as f64 - (e0 + d * along - c).length();
    let tol = 1e-5 * radius as f64;
    for (what, s, push) in pushes {
        let along_normal = push(dv(s.normal));
        assert!(
            (along_normal + s.distance as f64).abs() <= tol,
            "{what}: separation {s:?}, but the push along its normal is {along_normal}"
        );
        assert!((s.distance as f64 + depth).abs() <= tol, "{what}: separation {s:?}, depth {depth}");
    }
}

/// A hull's sliver face as the manifold's reference against a capsule (fuzz, after finding
/// 10): the hull is 280 across and 0.19 thick, its top face (normal +y in its frame) a sliver
/// 194 long and 0.0017 wide, and a capsule of radius 155 reaches in along that face's normal.
/// The face is the minimum translation's axis, but clipping the core to the sliver's side
/// planes leaves nothing, and the fallback was the capsule's deepest end: a point 188 beyond
/// the hull along −y (in the world). Every point must lie within its own depth of both shapes,
/// by the f64 distance to the brute-force hull and to the capsule's core.
#[test]
fn fallback_point_of_a_capsule_on_a_sliver_face() {
    let points = [
        Vector::new(194.15994, 0.97862244, 155.26122),
        Vector::new(0.125, 116.49631, 155.36696),
        Vector::new(194.15994, 116.49631, 155.36862),
        Vector::new(89.92553, 77.72656, 155.36696),
        Vector::new(194.15994, 116.49631, 155.3673),
        Vector::new(281.9118, 28.744461, 155.36696),
        Vector::new(194.15994, 116.49631, 155.36696),
        Vector::new(10.880569, 116.49631, 155.36696),
        Vector::new(194.15994, 116.49631, 155.36696),
        Vector::new(194.15994, 116.49631, 155.36696),
        Vector::new(194.5014, 28.744461, 155.45471),
        Vector::new(194.15994, 116.49631, 155.36696),
    ];
    let (ends, radius) = (
        [Vector::new(-147.46875, 155.32813, 155.32813), Vector::new(155.32813, 155.32813, 155.32813)],
        155.32813,
    );
    let turn = Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5);
    let pose_hull = Pose::new(Vector::splat(-8.0), turn);
    let pose_capsule = Pose::new(Vector::new(-8.0, -48.83203, -8.0), turn);
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let capsule = septa3d::Shape::from(Capsule::new(ends[0], ends[1], radius).unwrap());
    let ref_hull = placed(&points, pose_hull);
    let (q, t) = (dq(pose_capsule.rotation), dv(pose_capsule.translation));
    let ref_core = [q * dv(ends[0]) + t, q * dv(ends[1]) + t];
    let tol = 1e-2; // shapes 300 across, f32 inputs good to about 3e-5 there
    for (m, what) in [
        (collide(&hull, pose_hull, &capsule, pose_capsule), "(hull, capsule)"),
        (collide(&capsule, pose_capsule, &hull, pose_hull), "(capsule, hull)"),
    ] {
        let m = m.unwrap_or_else(|| panic!("{what}: they overlap"));
        for p in m.points() {
            assert!(p.point.is_finite() && p.depth >= 0.0, "{what}: point {p:?}");
            let x = dv(p.point);
            let to_hull = ref_hull.signed_distance(x).0;
            let to_capsule = reference::point_segment(x, ref_core[0], ref_core[1]) - radius as f64;
            let depth = p.depth as f64;
            assert!(
                to_hull <= depth + tol && to_capsule <= depth + tol,
                "{what}: point {p:?} lies {to_hull} from the hull and {to_capsule} from the capsule, \
                 beyond its depth {depth}"
            );
        }
    }
}

/// A knife edge on the Gauss map (fuzz, after finding 10): a nearly flat tetrahedron (two
/// faces 0.0009° from opposite, so the arc of the edge between them is nearly a half circle)
/// against a 9-gon pyramid, both placed by one pose. In the order (tetrahedron, pyramid) the
/// walk of that arc across the pyramid's map lost its crossing with the pyramid's edge (the
/// path between nearly opposite normals passes close to zero halfway, where rounding orders
/// the crossings), and the depth was 1.9037 along a face instead of the exact 1.8579 along the
/// edge pair. The depth must be the f64 brute force's over every axis, in both orders.
#[test]
fn knife_edge_arc_keeps_its_crossings() {
    let pyramid = [
        [-2.7699745, 1.1685039, -3.406785],
        [-0.7118721, 2.3094795, -3.8475826],
        [0.9965072, 3.5234232, -2.6901321],
        [1.5557944, 4.2423177, -0.47601855],
        [0.70429194, 4.1297836, 1.7587506],
        [-1.1595722, 3.2384777, 2.968501],
        [-3.1636746, 1.985452, 2.5871778],
        [-4.370275, 0.95701015, 0.7932048],
        [-4.21479, 0.6343726, -1.5739956],
        [0.5080947, -2.776347, 1.8709533],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let tetrahedron = [
        [0.76308, -2.6992571, 1.0638225],
        [-0.76308, 2.6992571, -1.0638225],
        [1.0638225, -0.7630799, -2.6992571],
        [-0.7321837, -0.41001558, 3.1615958],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let pose = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let (a, b) = (ConvexHull::new(&pyramid).unwrap(), ConvexHull::new(&tetrahedron).unwrap());
    let truth = reference::sat(&placed(&pyramid, pose), &placed(&tetrahedron, pose));
    assert!(truth.overlapping && (truth.depth - 1.85791).abs() < 1e-4, "the reference: {truth:?}");
    for (c, what) in [
        (contact(&a, pose, &b, pose), "(pyramid, tetrahedron)"),
        (contact(&b, pose, &a, pose), "(tetrahedron, pyramid)"),
    ] {
        let c = c.unwrap_or_else(|| panic!("{what}: they overlap"));
        assert!(
            (c.depth as f64 - truth.depth).abs() <= 1e-4,
            "{what}: depth {} but the brute-force depth is {} along {}",
            c.depth,
            truth.depth,
            truth.normal
        );
    }
}

/// The input first taken for finding 11 (separation by order at 1e4), which is a round pair: a
/// bare segment 17,000 long and a capsule of radius 10,000, their cores 8.52 apart, the
/// closest point inside the segment and at an end of the capsule's core. The direction
/// between the two rounded closest points was 4e-4 rad off the perpendicular in one order,
/// the segment's shadow on it 6 wide, and the depth 9997.77 where the other order said
/// 9991.48. Both orders must give `r − d`, `d` the f64 distance between the placed cores.
#[test]
fn capsule_depth_is_the_same_in_both_orders() {
    let a = Capsule::new(Vector::splat(10000.0), Vector::ZERO, 0.0).unwrap();
    let (b0, b1, rb) = (Vector::new(-10000.0, -1.5, -1.5), Vector::splat(-10000.0), 10000.0);
    let b = Capsule::new(b0, b1, rb).unwrap();
    let pa = Pose::new(
        Vector::splat(-10000.0),
        Rotation::from_xyzw(-0.51346105, -0.51346105, 0.20093955, 0.6575247),
    );
    let pb = Pose::new(Vector::new(-1.0, 51.375, -8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let place = |p: Pose, v: Vector| dq(p.rotation) * dv(v) + dv(p.translation);
    let (d, _, _) = reference::segment_segment(
        place(pa, Vector::splat(10000.0)),
        place(pa, Vector::ZERO),
        place(pb, b0),
        place(pb, b1),
    );
    let depth = rb as f64 - d;
    assert!((depth - 9991.477).abs() < 0.01, "the reference: distance {d}");
    // The f32 placement at 1e4 is good to about 1e-3 per coordinate.
    for (s, what) in [(separation(&a, pa, &b, pb), "(a, b)"), (separation(&b, pb, &a, pa), "(b, a)")] {
        assert!(
            (s.distance as f64 + depth).abs() <= 0.1,
            "{what}: separation {s:?}, but the depth is {depth} (cores {d} apart)"
        );
    }
}

/// Finding 11 at 1e18 (fuzz, after the walk's fix): a hull 0.001 across (nearly flat) and one
/// 2 across, 1.7e18 apart. Searched from the small hull, every pair on its Gauss map that is not
/// walked (a hull that is not strictly convex has every pair tested) had its axis turned out
/// of the hull by the hull's centroid carried 1.7e18 into the other's frame, which is rounding
/// noise at that size: the best edge axis was turned inwards, its gap lost, and the separation
/// was 1.445e18 (a face) against 1.635e18 in the other order. Both orders test the same axes,
/// so they must agree to rounding (1e-6 of the distance), be at least the largest gap over the
/// two hulls' face normals and at most the distance between the poses plus the sizes (f64,
/// from the brute-force hulls).
#[test]
fn separation_far_apart_is_the_same_in_both_orders() {
    let big = [
        [1.4145927, -1.4149792, -0.68187743],
        [0.0004105733, 0.00019904593, 0.0004160727],
        [1.659211, -1.6956142, -0.789009],
        [-0.00049534754, -0.00024014448, -0.00050198246],
        [0.01652599, 0.0080118, 0.016747346],
        [0.41064715, -0.4259182, -0.2014635],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let small = [
        [0.00071760005, 7.277995e-6, -0.00071730005],
        [0.00025, 4.5500055e-6, 0.0001371],
        [0.001, -9.99998e-6, 0.0],
        [0.00071730005, 7.1729883e-6, -0.001],
        [0.00072780007, -1.3710232e-6, -0.0007176],
        [0.00045500003, 0.0, -0.00024999998],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let pa = Pose::new(
        Vector::new(0.0, 10000.0, 0.0),
        Rotation::from_xyzw(-0.57735026, -0.57735026, 7.507263e-14, -0.57735026),
    );
    let pb = Pose::new(Vector::splat(1e18), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let (a, b) = (ConvexHull::new(&big).unwrap(), ConvexHull::new(&small).unwrap());
    // In f64, relative to b's position (both hulls are far smaller than f64's spacing at 1e18).
    let offset = dv(pa.translation) - dv(pb.translation);
    let ra = placed(&big, Pose::new(Vector::ZERO, pa.rotation)).translated(offset);
    let rb = placed(&small, Pose::new(Vector::ZERO, pb.rotation));
    let face_gap = ra
        .faces
        .iter()
        .map(|f| -reference::sat::push_along(&ra, &rb, f.normal))
        .chain(rb.faces.iter().map(|f| -reference::sat::push_along(&ra, &rb, -f.normal)))
        .fold(f64::NEG_INFINITY, f64::max);
    let reach = ra.bounding_radius() + rb.bounding_radius();
    let distance = offset.length();
    let (ab, ba) = (separation(&a, pa, &b, pb).distance as f64, separation(&b, pb, &a, pa).distance as f64);
    let tol = 1e-6 * distance;
    assert!((ab - ba).abs() <= tol, "separation {ab:e} for (a, b) but {ba:e} for (b, a)");
    for s in [ab, ba] {
        assert!(
            s >= face_gap - tol && s <= distance + reach + tol,
            "separation {s:e}: face gap {face_gap:e}"
        );
    }
}

/// Finding 24 (fuzz): a's face separations read on the way of the Gauss-map walk claimed 2887
/// for a thin sliver hull (0.58 thick, 5790 long) and a cube 16 across in the same pose, where
/// the two are 672 apart along the sliver's z: the sliver has a vertex with two neighbours (a
/// point on what is really one edge), where the walk stopped, taking the sliver's bottom for its
/// top. The separation's distance must
/// be the push along its own normal (f64, from the brute-force hulls), in both orders, and not
/// less than the best face gap of the brute force.
#[test]
fn face_separation_read_on_the_walk_is_measured() {
    let sliver = [
        [-0.21716309, 94.092026, -723.78503],
        [-0.28955078, 2895.1401, -2895.1401],
        [0.28955078, -2895.1401, -2892.245],
        [-0.28955078, -2895.1401, -2895.1401],
        [-0.28967285, -1293.8383, -2895.1401],
        [-0.16168213, -1434.8314, -679.77893],
        [-0.28955078, 1447.5701, -1447.5701],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let pose = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let a = ConvexHull::new(&sliver).unwrap();
    let cube = Cuboid::new(Vector::splat(8.0)).unwrap();
    let (ra, rb) = (placed(&sliver, pose), placed(&corners(Vector::splat(8.0)), pose));
    let face_gap = ra
        .faces
        .iter()
        .map(|f| -reference::sat::push_along(&ra, &rb, f.normal))
        .chain(rb.faces.iter().map(|f| -reference::sat::push_along(&ra, &rb, -f.normal)))
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(face_gap > 600.0, "the brute force's face gap {face_gap}");
    let tol = 1e-3 * 2895.0;
    for (what, s, flip) in [
        ("(sliver, cube)", separation(&a, pose, &cube, pose), 1.0),
        ("(cube, sliver)", separation(&cube, pose, &a, pose), -1.0),
    ] {
        // How far b must move along the normal (a to b) to clear a; the separation is minus it.
        let push = reference::sat::push_along(&ra, &rb, dv(s.normal) * flip);
        assert!(
            (s.distance as f64 + push).abs() <= tol,
            "{what}: {s:?}, but the push along its normal is {push}"
        );
        assert!(
            s.distance as f64 >= face_gap - tol,
            "{what}: {s:?}, the brute force's face gap is {face_gap}"
        );
        assert!(!overlaps(&a, pose, &cube, pose));
    }
}

/// septa3d's own hull of `points` (its merged faces and its edges), as an f64 polytope: each
/// face's normal by Newell's formula over its corners, its offset the highest corner along it.
/// The separation septa3d should report is the facet gap of these polytopes (the faces and
/// edges are septa3d's choice within its tolerance; the arithmetic here is not).
fn merged(points: &[Vector]) -> Polytope {
    let hull = ConvexHull::new(points).unwrap();
    let vertices: Vec<DVec3> = hull.vertices().iter().map(|&v| dv(v)).collect();
    let faces = (0..hull.face_count())
        .map(|f| {
            let corners: Vec<usize> = hull.face_vertices(f).iter().map(|&v| v as usize).collect();
            let mut normal = DVec3::ZERO;
            for k in 0..corners.len() {
                let (p, q) = (vertices[corners[k]], vertices[corners[(k + 1) % corners.len()]]);
                normal += DVec3::new(
                    (p.y - q.y) * (p.z + q.z),
                    (p.z - q.z) * (p.x + q.x),
                    (p.x - q.x) * (p.y + q.y),
                );
            }
            let normal = normal.normalize();
            let offset = vertices.iter().map(|v| normal.dot(*v)).fold(f64::NEG_INFINITY, f64::max);
            Face { normal, offset, vertices: corners }
        })
        .collect();
    let edges = (0..hull.edge_count())
        .map(|e| {
            let (t, h) = hull.edge(e);
            (t as usize, h as usize)
        })
        .collect();
    Polytope { vertices, faces, edges }
}

/// Finding 23: two hulls 0.001 across, one 3,500 from its own origin (where f32 rounds its
/// coordinates to 2.4e-4, a quarter of its size), 1e9 apart. The edge walk over that hull
/// started each arc at the vertex with the highest rounded height `v · u`, two regions away
/// from where its steps place the arc's start, and missed the edge pair that separates them
/// most: `separation` 9.541e8 in one order, 9.835e8 in the other. (Every edge of that hull is
/// only a few ulps of its coordinates long; such hulls are no longer walked.) Both orders must
/// give the facet gap of the two (merged) hulls, computed here in f64.
#[test]
fn hull_of_edges_a_few_ulps_long_far_from_its_origin() {
    let coarse = [
        Vector::new(1354.6005, 3297.621, -4.0003223),
        Vector::new(1354.6006, 3297.6208, -4.0002327),
        Vector::new(1354.6002, 3297.621, -3.999818),
        Vector::new(1354.6003, 3297.621, -3.999729),
        Vector::new(1354.5999, 3297.6208, -3.999386),
        Vector::new(1354.6001, 3297.6208, -3.999297),
        Vector::new(1354.5996, 3297.6204, -3.9991632),
        Vector::new(1354.5999, 3297.6204, -3.999074),
        Vector::new(1354.5995, 3297.6199, -3.9992201),
        Vector::new(1354.5997, 3297.6199, -3.9991307),
        Vector::new(1354.5995, 3297.6194, -3.9995387),
        Vector::new(1354.5997, 3297.6194, -3.9994495),
        Vector::new(1354.5997, 3297.6191, -4.000018),
        Vector::new(1354.5999, 3297.6191, -3.9999287),
        Vector::new(1354.6, 3297.6191, -4.000506),
        Vector::new(1354.6001, 3297.6191, -4.0004168),
        Vector::new(1354.6002, 3297.6196, -4.0008473),
        Vector::new(1354.6005, 3297.6196, -4.0007577),
        Vector::new(1354.6005, 3297.62, -4.0009336),
        Vector::new(1354.6006, 3297.62, -4.0008445),
        Vector::new(1354.6006, 3297.6206, -4.000738),
        Vector::new(1354.6007, 3297.6206, -4.0006485),
    ];
    let fine = [
        Vector::new(4.5003467, 0.0003664665, 0.0015886838),
        Vector::new(4.50018, 0.00025642075, 0.0015887774),
        Vector::new(4.500044, 0.0008263816, 0.0017077088),
        Vector::new(4.499877, 0.0007163359, 0.0017078024),
        Vector::new(4.4997535, 0.001266943, 0.0015100809),
        Vector::new(4.4995866, 0.0011568974, 0.0015101745),
        Vector::new(4.499568, 0.0015482758, 0.0010585455),
        Vector::new(4.4994006, 0.00143823, 0.001058639),
        Vector::new(4.499546, 0.0015810586, 0.0004964618),
        Vector::new(4.499379, 0.0014710131, 0.00049655535),
        Vector::new(4.499695, 0.0013548833, 2.2876775e-6),
        Vector::new(4.4995275, 0.0012448377, 2.381159e-6),
        Vector::new(4.499967, 0.00094155903, -0.00026708015),
        Vector::new(4.4997997, 0.0008315133, -0.00026698667),
        Vector::new(4.500276, 0.00047231276, -0.00022611936),
        Vector::new(4.500109, 0.00036226705, -0.00022602582),
        Vector::new(4.500524, 9.6127624e-5, 0.00011216535),
        Vector::new(4.500357, -1.3918034e-5, 0.00011225889),
        Vector::new(4.5006323, -6.75607e-5, 0.00064037065),
        Vector::new(4.5004654, -0.00017760642, 0.00064046425),
        Vector::new(4.5005665, 3.321789e-5, 0.0011907958),
        Vector::new(4.500399, -7.6827826e-5, 0.0011908894),
    ];
    let pose_coarse = Pose::new(
        Vector::new(4.609175e-28, 1e9, -8.0),
        Rotation::from_xyzw(-0.44062418, -0.31773385, 0.5936731, -0.5936731),
    );
    let pose_fine = Pose::new(
        Vector::new(5.417944e-39, 1e4, 1e-45),
        Rotation::from_xyzw(0.12501784, 2.126124e-39, -0.7015592, -0.7015592),
    );
    let (a, b) = (ConvexHull::new(&coarse).unwrap(), ConvexHull::new(&fine).unwrap());
    let ref_a = merged(&coarse).placed(dq(pose_coarse.rotation), dv(pose_coarse.translation));
    let ref_b = merged(&fine).placed(dq(pose_fine.rotation), dv(pose_fine.translation));
    // The facet gap: over a's face normals, b's turned around, and the edge pairs that span a
    // facet of a − b. Whether a pair spans one depends on each shape's own supporting sets, so
    // it is decided with each shape turned but not moved, then moved to its own centre (a
    // tolerance relative to 1e9 would take every edge of a shape 0.001 across, and edge
    // vectors taken from corners at 1e9 are rounded by 1e-7, 2e-4 of their length); the gaps
    // are measured where the shapes are.
    let centred = |points: &[Vector], pose: Pose| {
        let turned = merged(points).placed(dq(pose.rotation), DVec3::ZERO);
        turned.translated(-turned.center())
    };
    let (a0, b0) = (centred(&coarse, pose_coarse), centred(&fine, pose_fine));
    let mut expected = f64::NEG_INFINITY;
    for f in &ref_a.faces {
        expected = expected.max(-push_along(&ref_a, &ref_b, f.normal));
    }
    for f in &ref_b.faces {
        expected = expected.max(-push_along(&ref_a, &ref_b, -f.normal));
    }
    for i in 0..ref_a.edges.len() {
        for j in 0..ref_b.edges.len() {
            for v in facet_directions(&a0, &b0, i, j, 1e-12) {
                expected = expected.max(-push_along(&ref_a, &ref_b, v));
            }
        }
    }
    assert!(expected > 9e8, "the f64 facet gap {expected}");
    // Measured: within 3e-7 of it in f32, 1.4e-7 in f64 (short edges' directions come from
    // their faces' normals). The lost pair was 3e-2 off.
    let tol = 1e-6 * expected;
    let ab = separation(&a, pose_coarse, &b, pose_fine).distance as f64;
    let ba = separation(&b, pose_fine, &a, pose_coarse).distance as f64;
    assert!((ab - expected).abs() <= tol, "(coarse, fine): {ab}, f64 facet gap {expected}");
    assert!((ba - expected).abs() <= tol, "(fine, coarse): {ba}, f64 facet gap {expected}");
}

/// Found by the first fuzz run after finding 23's first fix, which climbed to the walk's start
/// over the edges from wherever the last walk ended: a hull whose corners 2 and 3 lie 1e-6
/// apart (its face 0, a quad, is then non-convex at that scale) inside a cube of 16, one pose.
/// The climb along +y stopped on that pair's local top, 6.4 below the hull's highest corner,
/// and the separation in the order (cube, hull) claimed a's face 3 at −9.6 where the push
/// along it is 16. Both orders must give minus the depth of the f64 SAT over the brute-force
/// hull of the same points.
#[test]
fn hull_with_near_duplicate_corners_against_a_cube() {
    let points = [
        Vector::new(-8.0, -8.0, -8.0),
        Vector::new(0.0, 8.0, -8.0),
        Vector::new(-4.0, 0.0, 8.0),
        Vector::new(7.9999995, 1.5999997, 0.79999983),
        Vector::new(-3.9999998, 7.1525574e-7, 8.0),
        Vector::new(7.999999, 1.5999994, 0.7999991),
        Vector::new(-8.000002, -8.000002, -8.000002),
    ];
    let half = Vector::splat(8.0);
    let pose = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let cube = septa3d::Shape::from(Cuboid::new(half).unwrap());
    let (ref_hull, ref_cube) = (placed(&points, pose), placed(&corners(half), pose));
    let depth = reference::sat(&ref_hull, &ref_cube).depth;
    for (x, y, what) in [(&hull, &cube, "(hull, cube)"), (&cube, &hull, "(cube, hull)")] {
        let s = separation(x, pose, y, pose).distance as f64;
        assert!((s + depth).abs() <= 1e-4 * depth, "{what}: separation {s}, f64 SAT depth {depth}");
    }
}

/// Found by the same run: a capsule with both ends at one corner of a hull (a sphere of
/// 10,000 centred there; the hull 20,000 across with corners 0.008 apart), one pose. Clipping
/// the core to the best face left nothing, and the fallback judged the core outside the hull
/// in f64 but above no face plane in f32, so the nearest-feature search measured no edge and
/// kept its placeholder, corner 0: the manifold point lay 12,000 outside the sphere. Every
/// point must lie within its depth of both shapes (f64: the brute-force hull of the same
/// points; the sphere by its centre and radius).
#[test]
fn capsule_touching_a_hull_corner_gets_a_point_near_it() {
    let points = [
        Vector::new(-10000.0, -10000.0, -10000.0),
        Vector::new(0.0, 10000.0, -10000.0),
        Vector::new(-5000.0, 0.0, 10000.0),
        Vector::new(10000.0, 2000.0, 1000.0),
        Vector::new(-4999.995, 0.0048828125, 10000.005),
        Vector::new(-5000.003, 0.0048828125, 9999.999),
        Vector::new(-10000.002, -9999.996, -10000.004),
    ];
    let corner = Vector::new(-10000.0, -10000.0, -10000.0);
    let radius = 10000.0;
    let pose = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let round = septa3d::Shape::from(Capsule::new(corner, corner, radius).unwrap());
    let ref_hull = placed(&points, pose);
    let centre = dq(pose.rotation) * dv(corner) + dv(pose.translation);
    // f32 at 1e4: coordinates good to about 0.001.
    let tol = 0.05;
    for (x, y, what) in [(&hull, &round, "(hull, capsule)"), (&round, &hull, "(capsule, hull)")] {
        let m = collide(x, pose, y, pose).unwrap_or_else(|| panic!("{what}: they overlap"));
        for p in m.points() {
            let q = dv(p.point);
            let depth = p.depth as f64;
            let (to_hull, to_sphere) = (ref_hull.signed_distance(q).0, q.distance(centre) - radius as f64);
            assert!(
                to_hull <= depth + tol && to_sphere <= depth + tol,
                "{what}: point {p:?} lies {to_hull} from the hull and {to_sphere} from the sphere"
            );
        }
    }
}

/// Finding 27: a hull 3 across, 10,000 from its own origin, with corners 1.9e-6 apart (an edge
/// whose own ends run along y while its faces put it 60° away), and a cube of 16. The walk
/// over the hull lost an edge pair: `separation` 10,240.9 in one order, 9,522.5 in the other.
/// SAT's separation of shapes apart is a lower bound of their distance that depends on which
/// faces the hull has (the brute-force hull of the same points keeps a sliver through the
/// near-duplicate corners whose normal gives 12,475; septa3d merges it within rounding), so
/// what must hold is: the same in both orders, and never more than the f64 distance.
#[test]
fn hull_with_an_edge_an_ulp_long_far_from_its_origin() {
    let points = [
        Vector::new(-7504.246, -8.333333, 10000.333),
        Vector::new(-7502.913, -7.6666665, 9998.667),
        Vector::new(-7502.246, -7.3333335, 10000.833),
        Vector::new(-7501.78, -8.5, 9999.6),
        Vector::new(-7502.246, -7.33333, 10000.833),
        Vector::new(-7502.913, -7.6666684, 9998.667),
        Vector::new(-7504.113, -8.266666, 10000.167),
        Vector::new(-7501.9756, -8.010003, 10000.118),
        Vector::new(-7502.0503, -7.8233333, 10000.315),
        Vector::new(-7501.78, -8.499999, 9999.6),
    ];
    let half = Vector::splat(8.0);
    let pose_hull = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let pose_cube = Pose::new(
        Vector::splat(-8.0),
        Rotation::from_xyzw(-0.37796447, -0.37796447, -0.37796447, 0.75592893),
    );
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let cube = septa3d::Shape::from(Cuboid::new(half).unwrap());
    let (ref_hull, ref_cube) = (placed(&points, pose_hull), placed(&corners(half), pose_cube));
    let distance = reference::RefPair::new(
        &reference::RefShape::polytope(ref_hull),
        &reference::RefShape::polytope(ref_cube),
    )
    .signed_distance;
    assert!(distance > 1e4, "f64 distance {distance}");
    // f32 at 1e4: coordinates good to about 1e-3.
    let tol = 0.05;
    let ab = separation(&hull, pose_hull, &cube, pose_cube).distance as f64;
    let ba = separation(&cube, pose_cube, &hull, pose_hull).distance as f64;
    assert!((ab - ba).abs() <= tol, "separation {ab} for (hull, cube), {ba} for (cube, hull)");
    assert!(ab > 0.0 && ab <= distance + tol, "separation {ab}, f64 distance {distance}");
}

/// Finding 29: a capsule of radius 2 and a bare segment 6,708 long whose coordinates are
/// about 6,710 from its own origin, 9,491 apart. In the segment's frame the closest points
/// rounded to two ends (the end-against-segment distances differ by 3 in 9e7 squared, below
/// f32's rounding), though the true closest point of the long segment lies 1.7 inside it; the
/// way between the ends was 1.8e-4 rad off, the long segment's shadow on it 1.2 wide, and the
/// separation 9,489.91 in that order against 9,491.13 in the other. Both orders must give the
/// f64 distance between the segments (the closest points by ternary search, the segments from
/// the same f32 numbers) less the radius.
#[test]
fn far_long_segment_whose_closest_point_rounds_to_its_end() {
    let (a0, a1, radius) = (Vector::new(-2.0, -2.0, 7.0), Vector::new(-2.5, -2.5, 6.5), 2.0);
    let (b0, b1) = (Vector::new(-2.0, -6710.35, -6710.35), Vector::new(-6710.35, -6710.35, -6710.35));
    let pose_a = Pose::new(
        Vector::splat(-6710.35),
        Rotation::from_xyzw(-0.5547002, -0.2773501, -0.5547002, -0.5547002),
    );
    let pose_b = Pose::new(Vector::splat(-6710.35), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let capsule = Capsule::new(a0, a1, radius).unwrap();
    let segment = Capsule::new(b0, b1, 0.0).unwrap();
    let world = |p: Vector, pose: Pose| dq(pose.rotation) * dv(p) + dv(pose.translation);
    let (p0, p1, q0, q1) = (world(a0, pose_a), world(a1, pose_a), world(b0, pose_b), world(b1, pose_b));
    // The distance from a point of a's segment to b's segment is convex in its parameter, and
    // so is the minimum over b: a ternary search on each converges in f64.
    let to_b = |p: DVec3| {
        let e = q1 - q0;
        let t = ((p - q0).dot(e) / e.dot(e)).clamp(0.0, 1.0);
        p.distance(q0 + e * t)
    };
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if to_b(p0 + (p1 - p0) * m1) < to_b(p0 + (p1 - p0) * m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let expected = to_b(p0 + (p1 - p0) * lo) - radius as f64;
    // f32 at 1e4: coordinates good to about 1e-3.
    let tol = 0.02;
    let ab = separation(&capsule, pose_a, &segment, pose_b).distance as f64;
    let ba = separation(&segment, pose_b, &capsule, pose_a).distance as f64;
    assert!((ab - expected).abs() <= tol, "(capsule, segment): {ab}, f64 {expected}");
    assert!((ba - expected).abs() <= tol, "(segment, capsule): {ba}, f64 {expected}");
}

/// Finding 30: a sphere of radius 8 off the long edge of a box 18,669 × 8 × 2, its centre 4
/// and 7 beyond the two faces at that edge: apart by √65 − 8 = 0.0623 (hand geometry). The
/// axis from the edge's nearest point to the centre was taken from the rounded point, an ulp
/// (1e-3) off along the edge; turned by 1e-4, it widened the edge's shadow by 1, and the pair
/// was reported overlapping by 1. Both orders, under a turned pose and none.
#[test]
fn sphere_off_the_long_edge_of_a_box() {
    let box_ = septa3d::Shape::from(Cuboid::new(Vector::new(9334.41, 4.0, 1.0)).unwrap());
    let ball = septa3d::Shape::from(Sphere::new(Vector::new(-155.2539, -8.0, -8.0), 8.0).unwrap());
    let gap = 65f64.sqrt() - 8.0;
    let turned = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    for pose in [turned, Pose::IDENTITY] {
        for (x, y, what) in [(&box_, &ball, "(box, sphere)"), (&ball, &box_, "(sphere, box)")] {
            assert!(!overlaps(x, pose, y, pose), "{what}: overlaps");
            assert!(collide(x, pose, y, pose).is_none(), "{what}: collide");
            let s = separation(x, pose, y, pose).distance as f64;
            assert!((s - gap).abs() < 5e-3, "{what}: separation {s}, expected {gap}");
        }
    }
}

/// The distance from the segment `[p0, p1]` (box frame, f64) to the box with half extents
/// `h`: the point–box distance is convex along the segment, so a ternary search finds it.
fn segment_box_distance(p0: DVec3, p1: DVec3, h: DVec3) -> f64 {
    let to_box = |p: DVec3| (p.abs() - h).max(DVec3::ZERO).length();
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if to_box(p0 + (p1 - p0) * m1) < to_box(p0 + (p1 - p0) * m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    to_box(p0 + (p1 - p0) * lo)
}

/// Findings 29 and 30's rounding in the hull–capsule pair (found by reading `nearest_axis`
/// after them, then confirmed): the axis between the nearest points, taken from the two
/// rounded points, tilts where one lies inside a long edge or a long core, and that feature's
/// shadow widens. A capsule whose end lies off the long edge of a box 18,669 long, apart by
/// 0.062, was reported overlapping by 1; a core 18,000 long passing 0.5 beyond a box's corner,
/// under a pose 3,700 from the origin, overlapping by 0.96. Both orders, against the f64
/// distance from the core to the box less the radius.
#[test]
fn capsule_off_a_long_edge_or_with_a_long_core_past_a_corner() {
    let turned = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let far =
        Pose::new(Vector::new(3000.0, -2000.0, 1000.0), Rotation::from_xyzw(0.1, 0.7, -0.3, 0.6).normalize());
    let k = 8.5 / (3.0 as Real).sqrt();
    let mid = Vector::new(2.0 + k, 3.0 + k, 1.5 + k);
    let along = Vector::new(1.0, -1.0, 0.0) * (9000.0 / (2.0 as Real).sqrt());
    let cases = [
        (
            "end off a long edge",
            Vector::new(9334.41, 4.0, 1.0),
            [Vector::new(-155.2539, -8.0, -8.0), Vector::new(-155.2539, -158.0, -270.5)],
        ),
        ("long core past a corner", Vector::new(2.0, 3.0, 1.5), [mid - along, mid + along]),
    ];
    for (what, half, core) in cases {
        let box_ = septa3d::Shape::from(Cuboid::new(half).unwrap());
        let capsule = septa3d::Shape::from(Capsule::new(core[0], core[1], 8.0).unwrap());
        let expected = segment_box_distance(dv(core[0]), dv(core[1]), dv(half)) - 8.0;
        assert!(expected > 0.05 && expected < 0.6, "{what}: f64 gap {expected}");
        for pose in [turned, Pose::IDENTITY, far] {
            for (x, y, order) in [(&box_, &capsule, "(box, capsule)"), (&capsule, &box_, "(capsule, box)")] {
                assert!(!overlaps(x, pose, y, pose), "{what} {order}: overlaps");
                let s = separation(x, pose, y, pose).distance as f64;
                assert!((s - expected).abs() < 5e-3, "{what} {order}: separation {s}, f64 {expected}");
            }
        }
    }
}

/// Finding 32's sheet: a tetrahedron 0.008 thick and 9,700 across (three corners on x = −8).
const THIN_SHEET: [Vector; 4] = [
    Vector::new(-8.0, -4878.28, 16.328125),
    Vector::new(-8.0, 4862.28, 16.328125),
    Vector::new(-8.0, 1755.5283, -4853.9517),
    Vector::new(-7.9921875, 1755.5283, 4886.608),
];

/// Finding 32's pose of the sheet (the fuzz's).
fn thin_sheet_pose() -> Pose {
    Pose::new(Vector::new(4870.28, 4870.28, -8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5))
}

/// Finding 32: a tetrahedron that is a sheet 0.008 thick and 9,700 across, and a sphere of
/// radius 4,870 whose centre lies in the sheet's plane, about 20 past its rim. Every face
/// plane of the sheet is within f32 rounding (3e-4 at these coordinates) of the centre: the
/// rim faces lean by 1e-6 and rise only 2e-5 to it. The centre was judged inside the hull and
/// the depth read from the sheet's face, the full radius 4,870.28, where the f64 signed
/// distance from the centre to the tetrahedron (the reference's, from the same f32 numbers)
/// gives 4,850.45 (fuzz: the push along another axis was only 4,862.28). Both orders, under
/// the fuzz's poses and in the sheet's frame.
#[test]
fn sphere_centred_in_the_plane_of_a_thin_sheet_past_its_rim() {
    let points = THIN_SHEET;
    let (centre, radius) = (Vector::splat(4870.28), 4870.28);
    let sheet = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let ball = septa3d::Shape::from(Sphere::new(centre, radius).unwrap());
    let fuzz_poses =
        (thin_sheet_pose(), Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5)));
    let in_sheet_frame = (Pose::IDENTITY, fuzz_poses.0.inv_mul(&fuzz_poses.1));
    for (pose_sheet, pose_ball) in [fuzz_poses, in_sheet_frame] {
        let reference = placed(&points, pose_sheet);
        let world_centre = dq(pose_ball.rotation) * dv(centre) + dv(pose_ball.translation);
        let expected = reference.signed_distance(world_centre).0 - radius as f64;
        assert!(expected < -4800.0 && expected > -4862.0, "f64 separation {expected}");
        for (x, px, y, py, what) in [
            (&sheet, pose_sheet, &ball, pose_ball, "(sheet, sphere)"),
            (&ball, pose_ball, &sheet, pose_sheet, "(sphere, sheet)"),
        ] {
            let s = separation(x, px, y, py).distance as f64;
            assert!((s - expected).abs() < 0.05, "{what}: separation {s}, f64 {expected}");
            let c = contact(x, px, y, py).expect("overlapping");
            assert!((c.depth as f64 + expected).abs() < 0.05, "{what}: depth {}, f64 {}", c.depth, -expected);
            assert!(overlaps(x, px, y, py), "{what}: overlaps");
        }
    }
}

/// Finding 32 for a capsule (found by reading `hull_capsule` after the sphere's fix; the same
/// gate): the core from the sphere's centre above 10 further away from the sheet's rim, in
/// the world, against the sheet under the fuzz's pose. Its nearest point is the end at the
/// centre, so the f64 answer is the sphere's: the end's signed distance less the radius.
#[test]
fn capsule_in_the_plane_of_a_thin_sheet_past_its_rim() {
    let points = THIN_SHEET;
    let pose_sheet = thin_sheet_pose();
    let (end, radius) = (Vector::splat(4862.28), 4870.28);
    let other_end = end + Vector::new(0.0, 0.0, 10.0);
    let sheet = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let capsule = septa3d::Shape::from(Capsule::new(end, other_end, radius).unwrap());
    let reference = placed(&points, pose_sheet);
    let expected = [end, other_end]
        .map(|p| reference.signed_distance(dv(p)).0)
        .into_iter()
        .fold(f64::INFINITY, f64::min)
        - radius as f64;
    assert!(expected < -4800.0 && expected > -4862.0, "f64 separation {expected}");
    let id = Pose::IDENTITY;
    for (x, px, y, py, what) in [
        (&sheet, pose_sheet, &capsule, id, "(sheet, capsule)"),
        (&capsule, id, &sheet, pose_sheet, "(capsule, sheet)"),
    ] {
        let s = separation(x, px, y, py).distance as f64;
        assert!((s - expected).abs() < 0.05, "{what}: separation {s}, f64 {expected}");
        let c = contact(x, px, y, py).expect("overlapping");
        assert!((c.depth as f64 + expected).abs() < 0.05, "{what}: depth {}, f64 {}", c.depth, -expected);
    }
}

/// Finding 33: a capsule of radius 8,126 whose core lies 1e4 from its local origin, and a bare
/// segment 0.0017 long, closing at 4,600: they meet at t ≈ 0.7486 (the f64 segment distance
/// less the radius, bisected below). With the segment first, the sweep's tolerance (1e-4 of the
/// segment's size, 9e-8) lies below what the poses resolve at 1e4 (1e-3): the gap stuck at 3e-7
/// while each step moved the time but not the poses, and after 128 steps the sweep reported no
/// hit although the shapes overlap by 541 at t = 1.25. Both orders now report the contact, no
/// later than the f64 time and no earlier than a hair before it.
#[test]
fn sweep_at_the_rounding_of_far_poses_reports_the_hit() {
    let (a0, a1, radius) =
        (Vector::new(10000.0, 146.44531, -8.0), Vector::new(9972.619, 136.92772, -17.126953), 8126.17);
    let (b0, b1) = (
        Vector::new(2.7151668e-6, 3.7284458e-6, 2.7151668e-6),
        Vector::new(-0.0009972849, -0.0009962716, -0.0009972849),
    );
    let big = septa3d::Shape::from(Capsule::new(a0, a1, radius).unwrap());
    let bare = septa3d::Shape::from(Capsule::new(b0, b1, 0.0).unwrap());
    let pa = Pose::new(
        Vector::new(125.14844, 0.0, 66.42969),
        Rotation::from_xyzw(0.0, -0.57735026, -0.57735026, -0.57735026),
    );
    let pb = Pose::new(
        Vector::splat(-8.0),
        Rotation::from_xyzw(-0.50067455, -0.50067455, -0.50067455, -0.4979709),
    );
    let (va, vb) =
        (Vector::new(4.242448e-8, 138.28906, -105.20703), Vector::new(138.28906, 138.28516, -4606.31));
    // The f64 gap at time t, from the same numbers: segment distance less the radius.
    let place = |p: Vector, pose: Pose, v: Vector, t: f64| {
        dq(pose.rotation) * dv(p) + dv(pose.translation) + dv(v) * t
    };
    let gap = |t: f64| {
        let (d, _, _) = reference::segment_segment(
            place(a0, pa, va, t),
            place(a1, pa, va, t),
            place(b0, pb, vb, t),
            place(b1, pb, vb, t),
        );
        d - radius as f64
    };
    assert!(gap(0.0) > 1000.0 && gap(1.25) < -500.0, "f64 gaps {} and {}", gap(0.0), gap(1.25));
    let (mut lo, mut hi) = (0.0, 1.25);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if gap(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    for (x, px, vx, y, py, vy, what) in [
        (&big, pa, va, &bare, pb, vb, "(capsule, segment)"),
        (&bare, pb, vb, &big, pa, va, "(segment, capsule)"),
    ] {
        let hit =
            septa3d::time_of_impact(x, px, vx, y, py, vy, 5.0).unwrap_or_else(|| panic!("{what}: no hit"));
        let t = hit.time as f64;
        assert!(t <= hi + 1e-6 && t >= lo - 1e-4, "{what}: time {t}, f64 contact at {lo}");
    }
}

/// Finding 39: a hull about 180 across with an edge 0.0118 long whose ends' coordinates are
/// about 118 (its direction turned by up to 6.4e-4 rad by their rounding in f32), inside a cube
/// of half side 1e18, both placed by one pose at (1e18, 1e18, 1e18). `separation` answered
/// −9.9936e17 along the axis of that edge and a cube edge, where the push along that axis is
/// 1.00064e18: the edge gap, measured 1e18 from the hull, moved by the tilt times that lever.
/// Now such a pair's gap is checked by the shapes' supports. Expected, independently: the push
/// along the answer's own normal (f64 projections of the same corners) is the depth, to within
/// the rounding of coordinates of 1e18 in f32 (a few 1e11), and the depth is no more than the
/// f64 SAT's least push.
#[test]
fn a_short_edge_far_from_its_origin_gives_no_axis_the_shapes_do_not_have() {
    let points = [
        [-59.17, -52.874313, 88.755005],
        [-41.774025, -41.77402, -102.75463],
        [58.057606, -41.77402, -41.77402],
        [-41.774017, 58.057606, -88.755005],
        [-118.340004, -118.32817, -118.34001],
        [-118.34001, -118.34001, -118.34001],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let half = Vector::splat(1e18);
    let pose = Pose::new(Vector::splat(1e18), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let (hull, cube) = (ConvexHull::new(&points).unwrap(), Cuboid::new(half).unwrap());
    let (ref_hull, ref_cube) = (placed(&points, pose), placed(&corners(half), pose));
    let sat = reference::sat::sat(&ref_hull, &ref_cube);
    for (flip, s) in
        [(false, separation(&hull, pose, &cube, pose)), (true, separation(&cube, pose, &hull, pose))]
    {
        let normal = dv(s.normal);
        let push = match flip {
            false => push_along(&ref_hull, &ref_cube, normal),
            true => push_along(&ref_cube, &ref_hull, normal),
        };
        let depth = -(s.distance as f64);
        assert!((push - depth).abs() <= 1e12, "{s:?}: push {push} along its normal, depth {depth}");
        assert!(depth <= sat.depth + 1e12, "{s:?}: depth {depth} above the least push {}", sat.depth);
    }
}

#[test]
fn a_knife_arc_is_not_passed_over_by_its_corners() {
    // A flat tetrahedron (faces meeting at knife edges, normals nearly opposite) beside a long
    // box: the corner bound (from the box's lowest vertices under the arc's two faces) took the
    // knife arc as the short way between its two stored normals and passed over it, giving
    // `separation` 156.27 in this order against 184.82 in the other (fuzz, queries3d). The gap
    // over every Minkowski facet in f64 must be reached in both orders.
    let points = [
        [-115.33825, 14.493998, -156.23619],
        [-147.34143, -14.493998, -127.24819],
        [-138.68433, 1.4747648, -169.22086],
        [-109.69635, 11.4770975, -127.215355],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let half = Vector::new(5.5, 3.0, 10000.0);
    let pose_a = Pose::new(
        Vector::new(-8.0, -8.0, -7.5),
        Rotation::from_xyzw(-0.57735026, -0.57735026, -0.57735026, 2.6621606e-11),
    );
    let pose_b = Pose::new(Vector::new(-8.0, -8.0, -141.74219), Rotation::from_xyzw(0.5, 0.5, 0.5, 0.5));
    let (hull, slab) = (ConvexHull::new(&points).unwrap(), Cuboid::new(half).unwrap());
    let (ref_hull, ref_slab) = (placed(&points, pose_a), placed(&corners(half), pose_b));
    let sat = reference::sat::sat(&ref_hull, &ref_slab);
    assert!(sat.depth < -180.0, "the shapes are apart: {}", sat.depth);
    for s in [separation(&hull, pose_a, &slab, pose_b), separation(&slab, pose_b, &hull, pose_a)] {
        let gap = s.distance as f64;
        assert!((gap + sat.depth).abs() <= 0.05, "{s:?}: gap {gap}, the facets' {}", -sat.depth);
    }
}

#[test]
fn a_huge_sphere_beside_a_long_box_meets_its_edge() {
    // A sphere of radius 10,000 pressed against the long side of a box 13 × 12 × 20,000, its
    // centre 13 past the box's edge: the nearest point of the box is inside that edge, and the
    // overlap is the sphere's radius less the distance to it. In f32 the squared distances to
    // the edge's inside and to its end tie, the end's axis (leaning along the edge) bounded the
    // overlap too deep, and the face's depth 6.5 was taken, with the contact point 13 off the
    // box (fuzz finding 42). Here in f64 from the edge.
    let half = Vector::new(6.5, 6.0, 10000.0);
    let centre = Vector::new(10000.0, -19.144531, -9998.81);
    let (slab, ball) = (Cuboid::new(half).unwrap(), Sphere::new(centre, 10000.0).unwrap());
    let c = dv(centre);
    let depth = 10000.0 - (c - DVec3::new(6.5, -6.0, c.z)).length();
    assert!((depth - 6.4913).abs() < 1e-3, "{depth}");
    let pose = Pose::IDENTITY;
    for s in [separation(&slab, pose, &ball, pose), separation(&ball, pose, &slab, pose)] {
        assert!((s.distance as f64 + depth).abs() <= 2e-3, "{s:?}: depth {depth}");
    }
    for m in [collide(&slab, pose, &ball, pose).unwrap(), collide(&ball, pose, &slab, pose).unwrap()] {
        assert!((m.depth() as f64 - depth).abs() <= 2e-3, "{m:?}: depth {depth}");
        for p in m.points() {
            // Within its depth (and rounding) of the box, along each of the box's axes.
            let (at, slack) = (dv(p.point), p.depth as f64 + 2e-2);
            for (x, h) in [(at.x, 6.5), (at.y, 6.0), (at.z, 10000.0)] {
                assert!(x.abs() <= h + slack, "{p:?} lies off the box");
            }
        }
    }
}

/// Finding 41: a hull 18,000 across at y = 1e9 against a cube of half extent 1e18 centred at
/// (1e18, 1e18, 0), both turned. In f32 the relative pose is good to about 1e11 there (and the
/// turned cube's corners to 1e10), so the hull sits on the cube's edge in every query's frame
/// and the reference face's prism misses the cube; the fallback was the cube's deepest
/// corner, 1e18 from the hull. Every point must lie on one shape and within its depth of the
/// other, to the placement's rounding (1e12 here, against the shapes' 1e18), as measured from
/// the f64 hulls of the same numbers. (The overlap, 11,677 deep by the f64 facets, is below
/// that rounding: the order (cube, hull) finds the shapes apart, which the fuzz target allows at
/// this scale; the order (hull, cube) finds them overlapping and must place its point well. The
/// f64 build finds them apart both ways: the rotations, rounded to f32, are off unit length by
/// about 1e-8, which at 1e18 is again 1e10; so the case is the f32 build's.)
#[cfg(not(feature = "f64"))]
#[test]
fn fallback_point_of_a_small_hull_beside_a_huge_cube() {
    let points = [
        [0.0, 2261.61, 0.0],
        [0.0, 0.0, 4438.1836],
        [-9046.439, 9046.44, -8351.674],
        [-4523.2197, -9046.44, -6784.8296],
        [3316.425, 6784.83, 2261.6104],
        [3316.4253, 3316.4253, 3316.4253],
        [3316.4248, -9046.44, -9046.44],
        [3316.4253, 3250.3862, 3316.4253],
        [3310.9976, 3316.4253, 3316.4253],
        [-9046.44, 3316.4248, 3316.425],
        [-9046.439, -9046.439, -9046.439],
    ]
    .map(|[x, y, z]: [f32; 3]| Vector::new(x as Real, y as Real, z as Real));
    let half = Vector::splat(1e18);
    let pose_a =
        Pose::new(Vector::new(-1014.33, 1e9, -8.0), Rotation::from_xyzw(0.44044957, 0.0, -0.8977774, 0.0));
    let pose_b = Pose::new(Vector::new(1e18, 1e18, 1e-30), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let hull = septa3d::Shape::from(ConvexHull::new(&points).unwrap());
    let cube = septa3d::Shape::from(Cuboid::new(half).unwrap());
    let (ref_hull, ref_cube) = (placed(&points, pose_a), placed(&corners(half), pose_b));
    let m = collide(&hull, pose_a, &cube, pose_b).expect("overlapping in this order");
    assert_in_overlap(&m, &ref_hull, &ref_cube, 1e12, true, "huge cube (hull, cube)");
    if let Some(m) = collide(&cube, pose_b, &hull, pose_a) {
        assert_in_overlap(&m, &ref_cube, &ref_hull, 1e12, true, "huge cube (cube, hull)");
    }
}

/// Finding 43: a tetrahedron-like hull (6 points, two pairs within 0.005 of each other) about
/// 5,000 across, and a hull of 8 points about 2,000 across, placed by the same pose. The minimum
/// translation is along a's face 1 (depth 11.28), but the overlap lies beside that face, under
/// the obtuse edge to its neighbour (interior dihedral angle 104°), outside the prism the face's
/// side planes bound: clipping left nothing, no point of b lay in the prism below the face, and
/// the last resort gave the point of b's incident face nearest a's face centre, 201.8 above the
/// face, at depth 0.
#[test]
fn fallback_point_lies_in_the_overlap_beside_an_oblique_face() {
    let a = [
        [2518.1558, -5061.161, 749.30493],
        [2020.8073, 387.07727, -4176.736],
        [-3540.9844, -568.19104, 829.2902],
        [804.09436, 3247.976, 430.52893],
        [2020.8073, 387.07483, -4176.7397],
        [2518.1577, -5061.166, 749.30396],
        [2518.1548, -5061.159, 749.3052],
        [-3056.2566, -927.62885, 822.88983],
        [2518.1587, -5061.166, 749.3054],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let b = [
        [-850.94214, -850.94214, -850.94214],
        [-1965.8201, -329.87854, -939.88],
        [-850.94226, -3080.6978, -3080.6978],
        [-625.16626, -1599.5535, -625.16626],
        [-482.65625, -2518.8267, -3071.8335],
        [-3193.1584, -1119.5703, -3193.1584],
        [-3176.8733, -2857.7607, -3176.8733],
        [-3080.6978, -3080.6978, -3080.6978],
    ]
    .map(|[x, y, z]: [f64; 3]| Vector::new(x as Real, y as Real, z as Real));
    let pose = Pose::new(Vector::splat(-8.0), Rotation::from_xyzw(-0.5, -0.5, -0.5, -0.5));
    let (ref_a, ref_b) = (placed(&a, pose), placed(&b, pose));
    let (a, b) = (ConvexHull::new(&a).unwrap(), ConvexHull::new(&b).unwrap());
    let (a, b) = (septa3d::Shape::from(a), septa3d::Shape::from(b));
    check_both_orders((&a, pose, &ref_a), (&b, pose, &ref_b), 1.0, false, "oblique face");
}
