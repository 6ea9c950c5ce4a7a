//! Edge-against-edge separations, where the reference text's 3D method goes wrong.
//!
//! That method tests the face normals of both shapes and then the cross products of every face
//! normal of a with every face normal of b. The axis that separates two convex polytopes whose
//! edges pass each other is the cross product of those two **edge directions**; for boxes the
//! face normals are the edge directions, so the method is right there, but for other polytopes
//! the product of the edges is generally not among the products of the normals, and the method
//! reports a collision that is not there.
//!
//! Hand-built cases (tetrahedra, hip-roof wedges, a turned prism) with only an edge-pair axis
//! separating them, and then a seeded random search for more such configurations. In each:
//! septa3d must say apart (every query), the reference (every axis, no pruning) says apart, and
//! the face×face method says collide.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{dpose, dv, random_pose, rq, rv, Built, Case, Spec};
use reference::{face_cross_face_collide, polytope_distance, sat, Polytope, RefAxis, RefPair, RefShape};
use rng::Rng;
use septa3d::{
    collide, contact, overlaps, overlaps_cached, separation, trace, Axis, Pose, Real, SatCache, Vector,
};

fn v(x: f64, y: f64, z: f64) -> Vector {
    Vector::new(x as Real, y as Real, z as Real)
}

fn polytope(spec: &Spec, pose: Pose) -> Polytope {
    let (q, t) = dpose(pose);
    match spec.local().placed(q, t).core {
        reference::Core::Polytope(p) => p,
        _ => unreachable!(),
    }
}

/// Every septa3d query on a pair that the reference says is apart by `gap` (its distance),
/// with `gap` also the SAT separation (the separating edge pair is a facet of the Minkowski
/// difference, so a pruned search must find it too).
#[track_caller]
fn assert_apart(case: &Case, gap: f64, tol: f64) {
    let (a, pa, b, pb) = (&case.a.shape, case.pose_a, &case.b.shape, case.pose_b);
    let repro = case.repro();
    assert!(!overlaps(a, pa, b, pb), "overlaps: {repro}");
    assert!(!overlaps_cached(a, pa, b, pb, &mut SatCache::new()), "overlaps_cached: {repro}");
    assert!(contact(a, pa, b, pb).is_none(), "contact: {repro}");
    assert!(collide(a, pa, b, pb).is_none(), "collide: {repro}");
    assert!(!trace(a, pa, b, pb).collides(), "trace: {repro}");
    let s = separation(a, pa, b, pb);
    assert!((s.distance as f64 - gap).abs() <= tol, "separation {s:?}, want {gap}: {repro}");
    assert!(matches!(s.axis, Axis::Edges { .. }), "separation {s:?} not on an edge pair: {repro}");
}

/// The reference says apart by `gap`, on an edge-pair axis only (every face normal shows an
/// overlap), and the face×face method says collide.
#[track_caller]
fn assert_reference_edge_only(a: &Polytope, b: &Polytope, gap: f64) {
    let s = sat(a, b);
    assert!(!s.overlapping && matches!(s.axis, RefAxis::Edges(..)), "{s:?}");
    assert!((-s.depth - gap).abs() < 1e-6, "SAT gap {} want {gap}", -s.depth);
    assert!((polytope_distance(a, b).0 - gap).abs() < 1e-6);
    for f in a.faces.iter().chain(&b.faces) {
        let (up, down) =
            (reference::sat::push_along(a, b, f.normal), reference::sat::push_along(a, b, -f.normal));
        assert!(up > 0.0 && down > 0.0, "face normal {} separates", f.normal);
    }
    assert!(face_cross_face_collide(a, b), "the face×face method should be fooled here");
}

/// Checks a hand-built configuration as given, and moved rigidly as a whole by a few random
/// poses (the answer cannot change); then closes the gap and checks that it overlaps.
fn check_configuration(name: &str, a: Spec, b: Spec, gap: f64, close_along: Vector) {
    let (a, b) = (Built::new(a), Built::new(b));
    let mut rng = Rng::for_test(name, 0);
    for k in 0..6 {
        let whole = if k == 0 { Pose::IDENTITY } else { random_pose(&mut rng, 5.0) };
        let case = Case { a: a.clone(), pose_a: whole, b: b.clone(), pose_b: whole };
        assert_reference_edge_only(&polytope(&a.spec, whole), &polytope(&b.spec, whole), gap);
        assert_apart(&case, gap, 1e-4);
        // pushed 2 × gap towards a along the separating axis: overlapping by the reference
        let (q, _) = dpose(whole);
        let shift = q * (dv(close_along) * (-2.0 * gap));
        let pose_b = Pose::new(rv(dv(whole.translation) + shift), whole.rotation);
        let closed = case.with_pose_b(pose_b);
        let r = RefPair::new(&closed.ref_a(), &closed.ref_b());
        assert!(r.overlapping() && r.depth() > 0.5 * gap, "{name}: {r:?}");
        let (sa, sb, pa) = (&closed.a.shape, &closed.b.shape, closed.pose_a);
        assert!(overlaps(sa, pa, sb, pose_b), "{name} closed: {}", closed.repro());
        let c = contact(sa, pa, sb, pose_b).unwrap();
        assert!((c.depth as f64 - r.depth()).abs() < 1e-4, "{name} closed: {c:?} vs {}", r.depth());
    }
}

/// Two tetrahedra whose ridges cross at right angles, `g` apart:
///
/// ```text
///   a: ridge (−1,0,0)–(1,0,0) at z = 0 (top), feet (0,±1,−1)
///   b: ridge (0,−1,g)–(0,1,g) at z = g (bottom), tops (±1,0,g+1)
///
///          b          x ─────── (a's ridge, along x, seen end-on from y it is a line)
///         /\
///        /  \         a's faces have normals (0,±1,1)/√2 and (±1,0,−1)/√2, b's (±1,0,−1)/√2 and
///   ────•────  z = g  (0,±1,1)/√2: along each, the shadows overlap. Only z = x × y, the product
///   ────•────  z = 0  of the ridges, separates them (gap g, which is also their distance: the
///        \  /         ridges' closest points are (0,0,0) and (0,0,g)). No product of two face
///         \/          normals is z: that needs two normals without a z component, and none has one.
///          a
/// ```
#[test]
fn crossed_tetrahedra() {
    let g = 0.05;
    let a = Spec::Hull {
        points: vec![v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, -1.0), v(0.0, -1.0, -1.0)],
    };
    let b = Spec::Hull {
        points: vec![v(0.0, -1.0, g), v(0.0, 1.0, g), v(1.0, 0.0, g + 1.0), v(-1.0, 0.0, g + 1.0)],
    };
    check_configuration("crossed tetrahedra", a, b, g, Vector::Z);
}

/// A hip roof on a tilted base: a rectangle over `[−2, 2] × [−1, 1]` in the plane
/// `z = −1 + 0.15 x`, under a ridge `(±1, 0, 0)`. Every face normal has a z component, and none
/// is vertical (the long slopes `(0, ±1, 1)/√2`, the hips about `(±1, 0, 1)`, the base about
/// `(0.15, 0, −1)`: a level base would be a face whose normal is the separating axis). So for two
/// roofs, ridge against ridge, no face normal and no product of two face normals is vertical. b
/// is the roof upside down, its ridge at `z = g`, turned 60° about z: the ridges cross above the
/// origin, and only their product, z, separates the roofs (gap g).
#[test]
fn crossed_hip_roofs() {
    let g = 0.03;
    let roof = |turn: f64, flip: f64, lift: f64| -> Spec {
        let (c, s) = (turn.cos(), turn.sin());
        let p = |x: f64, y: f64, z: f64| v(c * x - s * y, s * x + c * y, flip * z + lift);
        Spec::Hull {
            points: vec![
                p(-2.0, -1.0, -1.3),
                p(2.0, -1.0, -0.7),
                p(2.0, 1.0, -0.7),
                p(-2.0, 1.0, -1.3),
                p(-1.0, 0.0, 0.0),
                p(1.0, 0.0, 0.0),
            ],
        }
    };
    check_configuration(
        "crossed hip roofs",
        roof(0.0, 1.0, 0.0),
        roof(60f64.to_radians(), -1.0, g),
        g,
        Vector::Z,
    );
}

/// A tetrahedron (ridge along x at the top, z = 0) under a triangular prism lying on one of its
/// long edges: the prism's axis is turned 30° from y, its lowest edge (along the axis) at z = g
/// passes over a's ridge. b's end faces have horizontal normals (its axis), but none of a's
/// normals is horizontal, so again no product of face normals is z; only ridge × edge separates.
#[test]
fn tetrahedron_under_a_turned_prism() {
    let g = 0.04;
    let a = Spec::Hull {
        points: vec![v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, -1.0), v(0.0, -1.0, -1.0)],
    };
    let (c, s) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    // cross-section in the plane across the axis: the lowest corner at height g, two above
    let axis = (-s, c);
    let across = (c, s);
    let mut points = Vec::new();
    for along in [-1.5, 1.5] {
        for (w, h) in [(0.0, g), (-0.8, g + 1.2), (0.8, g + 1.0)] {
            points.push(v(along * axis.0 + w * across.0, along * axis.1 + w * across.1, h));
        }
    }
    check_configuration("tetrahedron under a prism", a, Spec::Hull { points }, g, Vector::Z);
}

/// Seeded search: random tetrahedra, hip roofs and small hulls, random rotations; overlapping
/// pairs are pushed apart along the reference MTV by a small gap, and those the reference then
/// says are apart on an edge-pair axis only, with the face×face method fooled, are kept. At
/// least 150 must be found in 2,000 tries, and septa3d must say apart on every one.
#[test]
fn random_edge_only_separations() {
    let mut rng = Rng::for_test("edge only", 0);
    let shape = |rng: &mut Rng| -> Spec {
        let pts: Vec<Vector> = match rng.int(0, 2) {
            0 => (0..4).map(|_| rv(rng.in_cube(1.0))).collect(),
            1 => {
                let (l, w, r, h) =
                    (rng.range(1.0, 2.0), rng.range(0.5, 1.0), rng.range(0.2, 0.9), rng.range(0.5, 1.5));
                [(-l, -w, -h), (l, -w, -h), (l, w, -h), (-l, w, -h), (-r * l, 0.0, 0.0), (r * l, 0.0, 0.0)]
                    .iter()
                    .map(|&(x, y, z)| v(x, y, z))
                    .collect()
            }
            _ => (0..rng.int(5, 8)).map(|_| rv(rng.in_cube(1.0))).collect(),
        };
        Spec::Hull { points: pts }
    };
    let (mut found, mut tries) = (0, 0);
    while tries < 2000 {
        tries += 1;
        let (sa, sb) = (shape(&mut rng), shape(&mut rng));
        // keep clear of degenerate hulls (a tetrahedron of nearly coplanar points, a point
        // almost on the surface)
        let clean = |spec: &Spec| match spec {
            Spec::Hull { points } => {
                let exact: Vec<_> = points.iter().map(|&p| dv(p)).collect();
                Polytope::hull_with_quality(&exact)
                    .is_some_and(|(_, q)| q.clean(2f64.to_radians(), 1e-2, 5e-2))
            }
            _ => false,
        };
        if !clean(&sa) || !clean(&sb) {
            continue;
        }
        let pose_a = random_pose(&mut rng, 3.0);
        let pose_b0 = Pose::new(rv(dv(pose_a.translation) + rng.in_ball(0.8)), rq(rng.rotation()));
        let (a, b0) = (polytope(&sa, pose_a), polytope(&sb, pose_b0));
        let s = sat(&a, &b0);
        if !s.overlapping {
            continue;
        }
        let gap = rng.range(0.01, 0.1);
        let pose_b = Pose::new(rv(dv(pose_b0.translation) + s.normal * (s.depth + gap)), pose_b0.rotation);
        let b = polytope(&sb, pose_b);
        let s = sat(&a, &b);
        let faces_overlap = a.faces.iter().chain(&b.faces).all(|f| {
            reference::sat::push_along(&a, &b, f.normal) > 1e-3
                && reference::sat::push_along(&a, &b, -f.normal) > 1e-3
        });
        if s.overlapping || -s.depth < 5e-3 || !faces_overlap || !face_cross_face_collide(&a, &b) {
            continue;
        }
        found += 1;
        let case = Case { a: Built::new(sa), pose_a, b: Built::new(sb), pose_b };
        let r = RefPair::with_facet_gap(&RefShape::polytope(a.clone()), &RefShape::polytope(b.clone()));
        let repro = case.repro();
        let (x, px, y, py) = (&case.a.shape, pose_a, &case.b.shape, pose_b);
        assert!(!overlaps(x, px, y, py), "overlaps: {repro}");
        assert!(contact(x, px, y, py).is_none(), "contact: {repro}");
        assert!(collide(x, px, y, py).is_none(), "collide: {repro}");
        let sep = separation(x, px, y, py);
        let facets = r.facet_gap.unwrap();
        assert!(
            sep.distance as f64 >= facets - 1e-4 && sep.distance as f64 <= r.signed_distance + 1e-4,
            "separation {sep:?} not in [facet gap {facets}, distance {}]: {repro}",
            r.signed_distance
        );
    }
    println!("{found} edge-only separations in {tries} tries");
    assert!(found >= 150, "only {found} found");
}
