//! Hand-worked cases for the round shapes (spheres and capsules) against each other and
//! against hulls. Every expected number is worked out in the comments from the geometry, not
//! taken from septa3d.

// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use septa3d::{
    collide, contact, overlaps, overlaps_cached, separation, trace, Axis, Capsule, Collide, ConvexHull,
    Cuboid, Feature, FeatureId, Manifold, Pose, Real, Rotation, SatCache, ShapeError, Sphere, Vector,
    COORDINATE_LIMIT,
};

const EPS: Real = 2e-5;

fn v(x: Real, y: Real, z: Real) -> Vector {
    Vector::new(x, y, z)
}

fn sphere(c: Vector, r: Real) -> Sphere {
    Sphere::new(c, r).unwrap()
}

fn capsule(a: Vector, b: Vector, r: Real) -> Capsule {
    Capsule::new(a, b, r).unwrap()
}

/// The cube [-1, 1]³ as a cuboid and as the hull of its corners.
fn cube() -> Cuboid {
    Cuboid::new(Vector::splat(1.0)).unwrap()
}

fn cube_hull() -> ConvexHull {
    let corners: Vec<Vector> = (0..8)
        .map(|k| {
            let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            v(s(1), s(2), s(4))
        })
        .collect();
    ConvexHull::new(&corners).unwrap()
}

fn close(a: Real, b: Real) -> bool {
    (a - b).abs() <= EPS
}

fn close_v(a: Vector, b: Vector) -> bool {
    (a - b).length() <= EPS
}

/// Checks the pair in both orders against the expected depth and normal (from a to b), and
/// that the queries agree with each other.
fn expect_contact<A, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose, depth: Real, normal: Vector)
where
    A: Collide<B>,
    B: Collide<A>,
{
    assert!(overlaps(a, pose_a, b, pose_b), "should overlap");
    assert!(overlaps(b, pose_b, a, pose_a), "should overlap (reversed)");
    let c = contact(a, pose_a, b, pose_b).expect("contact");
    assert!(close(c.depth, depth), "depth {} != {depth}", c.depth);
    assert!(close_v(c.normal, normal), "normal {:?} != {normal:?}", c.normal);
    let r = contact(b, pose_b, a, pose_a).expect("contact (reversed)");
    assert!(close(r.depth, depth), "reversed depth {} != {depth}", r.depth);
    assert!(close_v(r.normal, -normal), "reversed normal {:?} != {:?}", r.normal, -normal);
    let s = separation(a, pose_a, b, pose_b);
    assert!(close(s.distance, -depth));
    let m = collide(a, pose_a, b, pose_b).expect("manifold");
    assert!(close_v(m.normal, normal), "manifold normal {:?}", m.normal);
    assert!(close(m.depth(), depth), "manifold depth {} != {depth}", m.depth());
    let t = trace(a, pose_a, b, pose_b);
    assert!(t.collides());
    let mut cache = SatCache::new();
    assert!(overlaps_cached(a, pose_a, b, pose_b, &mut cache));
}

/// Checks that the pair is apart (or touching) in both orders, with the given separation.
fn expect_apart<A, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose, distance: Real)
where
    A: Collide<B>,
    B: Collide<A>,
{
    assert!(!overlaps(a, pose_a, b, pose_b), "should not overlap");
    assert!(!overlaps(b, pose_b, a, pose_a), "should not overlap (reversed)");
    assert!(contact(a, pose_a, b, pose_b).is_none());
    assert!(collide(a, pose_a, b, pose_b).is_none());
    assert!(collide(b, pose_b, a, pose_a).is_none());
    assert!(!trace(a, pose_a, b, pose_b).collides());
    let mut cache = SatCache::new();
    assert!(!overlaps_cached(a, pose_a, b, pose_b, &mut cache));
    assert!(cache.axis().is_some());
    let s = separation(a, pose_a, b, pose_b);
    assert!(close(s.distance, distance), "separation {} != {distance}", s.distance);
    assert!(close(separation(b, pose_b, a, pose_a).distance, distance));
}

fn at(x: Real, y: Real, z: Real) -> Pose {
    Pose::from_translation(v(x, y, z))
}

const I: Pose = Pose::IDENTITY;

// ---------------------------------------------------------------------------------------------
// Constructors

#[test]
fn constructors_refuse_bad_input() {
    let big = COORDINATE_LIMIT * 10.0;
    assert_eq!(Sphere::new(Vector::ZERO, -1.0), Err(ShapeError::InvalidRadius { radius: -1.0 }));
    assert!(matches!(Sphere::new(Vector::ZERO, Real::NAN), Err(ShapeError::InvalidRadius { .. })));
    assert!(matches!(Sphere::new(Vector::ZERO, Real::INFINITY), Err(ShapeError::InvalidRadius { .. })));
    assert_eq!(Sphere::new(v(Real::INFINITY, 0.0, 0.0), 1.0), Err(ShapeError::NonFinite { index: 0 }));
    assert_eq!(Sphere::new(v(0.0, big, 0.0), 1.0), Err(ShapeError::OutOfRange { index: 0 }));
    assert!(matches!(Sphere::new(Vector::ZERO, big), Err(ShapeError::InvalidRadius { .. })));
    assert_eq!(
        Capsule::new(Vector::ZERO, Vector::X, -0.5),
        Err(ShapeError::InvalidCapsuleRadius { radius: -0.5 })
    );
    assert!(matches!(
        Capsule::new(Vector::ZERO, Vector::X, Real::NAN),
        Err(ShapeError::InvalidCapsuleRadius { .. })
    ));
    assert_eq!(
        Capsule::new(Vector::ZERO, v(0.0, Real::NAN, 0.0), 1.0),
        Err(ShapeError::NonFinite { index: 1 })
    );
    assert_eq!(Capsule::new(v(-big, 0.0, 0.0), Vector::ZERO, 1.0), Err(ShapeError::OutOfRange { index: 0 }));
    assert_eq!(Capsule::new(Vector::Y, Vector::Y, 0.0), Err(ShapeError::PointCapsule));
    // A bare segment and a zero-length capsule (a sphere) are fine.
    assert!(Capsule::new(Vector::ZERO, Vector::X, 0.0).is_ok());
    assert!(Capsule::new(Vector::Y, Vector::Y, 0.5).is_ok());
    let c = capsule(v(1.0, 2.0, 3.0), v(3.0, 2.0, 3.0), 0.5);
    assert_eq!((c.a(), c.b(), c.radius()), (v(1.0, 2.0, 3.0), v(3.0, 2.0, 3.0), 0.5));
    assert_eq!((c.center(), c.half_length()), (v(2.0, 2.0, 3.0), 1.0));
}

// ---------------------------------------------------------------------------------------------
// Sphere against sphere

#[test]
fn spheres_apart_touching_and_overlapping() {
    let (a, b) = (sphere(Vector::ZERO, 1.0), sphere(Vector::ZERO, 1.5));
    // centres 3 apart, radii 2.5: a gap of 0.5 along +x
    expect_apart(&a, I, &b, at(3.0, 0.0, 0.0), 0.5);
    // centres 2.5 apart: touching is not overlapping
    expect_apart(&a, I, &b, at(2.5, 0.0, 0.0), 0.0);
    // centres 2 apart: depth 0.5 along +x; b's deepest point is 2 − 1.5 = 0.5 on the x axis
    expect_contact(&a, I, &b, at(2.0, 0.0, 0.0), 0.5, Vector::X);
    let m = collide(&a, I, &b, at(2.0, 0.0, 0.0)).unwrap();
    assert_eq!(m.points().len(), 1);
    assert!(close_v(m.points()[0].point, v(0.5, 0.0, 0.0)));
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Sphere, b: Feature::Sphere });
    // a 3-4-5 offset: centres 5 apart, radii 2 + 3.5 = 5.5: depth 0.5 along (0.6, 0.8, 0)
    let (c, d) = (sphere(v(1.0, 1.0, 1.0), 2.0), sphere(Vector::ZERO, 3.5));
    expect_contact(&c, I, &d, at(4.0, 5.0, 1.0), 0.5, v(0.6, 0.8, 0.0));
}

#[test]
fn coincident_sphere_centres_use_the_fallback_axis() {
    // No direction is better than another: +y of a's frame, depth the sum of the radii.
    let (a, b) = (sphere(Vector::ZERO, 1.0), sphere(Vector::ZERO, 0.5));
    let turned = Pose::new(v(3.0, 4.0, 5.0), Rotation::from_rotation_z(0.5));
    let c = contact(&a, turned, &b, Pose::from_translation(v(3.0, 4.0, 5.0))).unwrap();
    assert!(close(c.depth, 1.5));
    assert!(close_v(c.normal, turned.rotation * Vector::Y));
}

// ---------------------------------------------------------------------------------------------
// Sphere against capsule

#[test]
fn sphere_against_capsule_side_end_and_core() {
    let cap = capsule(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), 0.5);
    let ball = sphere(Vector::ZERO, 0.5);
    // Centre 0.8 above the side: distance 0.8, radii 1.0, depth 0.2; from the sphere (a) to the
    // capsule (b) the normal points down.
    expect_contact(&ball, at(0.3, 0.8, 0.0), &cap, I, 0.2, -Vector::Y);
    let m = collide(&cap, I, &ball, at(0.3, 0.8, 0.0)).unwrap();
    // capsule first: the same manifold turned around, so the point is still on the capsule's
    // surface, 0.5 above its core towards the sphere; the capsule's side
    assert!(close_v(m.points()[0].point, v(0.3, 0.5, 0.0)));
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Edge(0), b: Feature::Sphere });
    // Beyond end b: (1.6, 0.8) is 1.0 from (1, 0), exactly the radii's sum: touching.
    expect_apart(&cap, I, &ball, at(1.6, 0.8, 0.0), 0.0);
    // The same with a sphere of radius 0.6: depth 0.1 along (0.6, 0.8, 0) from the end.
    let big = sphere(Vector::ZERO, 0.6);
    expect_contact(&cap, I, &big, at(1.6, 0.8, 0.0), 0.1, v(0.6, 0.8, 0.0));
    let m = collide(&cap, I, &big, at(1.6, 0.8, 0.0)).unwrap();
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Vertex(1), b: Feature::Sphere });
    // Centre on the core: depth the sum of the radii, normal across the segment.
    let c = contact(&cap, I, &ball, at(0.2, 0.0, 0.0)).unwrap();
    assert!(close(c.depth, 1.0));
    assert!(c.normal.x.abs() < EPS && close(c.normal.length(), 1.0));
    // Pushing b out along the reported normal by the depth leaves them touching.
    let moved = at(0.2, 0.0, 0.0).translation + c.normal * (c.depth + 1e-4);
    assert!(!overlaps(&cap, I, &ball, Pose::from_translation(moved)));
}

// ---------------------------------------------------------------------------------------------
// Capsule against capsule

#[test]
fn parallel_capsules_side_by_side_give_two_points() {
    // a along x from -1 to 1, b along x from -0.5 to 1.5 at height 0.9; radii 0.5 each:
    // distance 0.9, depth 0.1, normal +y.
    let a = capsule(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), 0.5);
    let b = capsule(v(-0.5, 0.0, 0.0), v(1.5, 0.0, 0.0), 0.5);
    let pose_b = at(0.0, 0.9, 0.0);
    expect_contact(&a, I, &b, pose_b, 0.1, Vector::Y);
    let m = collide(&a, I, &b, pose_b).unwrap();
    // b's segment clipped to a's slab x in [-1, 1]: from x = -0.5 (b's own end 0) to x = 1 (cut
    // by the plane through a's end 1); points on b's surface, 0.5 below its core, depth 0.1.
    assert_eq!(m.points().len(), 2, "{m:?}");
    let by_x = |x: Real| m.points().iter().find(|p| close(p.point.x, x)).copied().unwrap();
    let (p, q) = (by_x(-0.5), by_x(1.0));
    assert!(close_v(p.point, v(-0.5, 0.4, 0.0)) && close(p.depth, 0.1));
    assert!(close_v(q.point, v(1.0, 0.4, 0.0)) && close(q.depth, 0.1));
    assert_eq!(p.id, FeatureId { a: Feature::Edge(0), b: Feature::Vertex(0) });
    assert_eq!(q.id, FeatureId { a: Feature::Vertex(1), b: Feature::Edge(0) });
    // In the other order the same two points, ids swapped, normal turned.
    let r = collide(&b, pose_b, &a, I).unwrap();
    assert_eq!(r.points().len(), 2);
    assert!(close_v(r.normal, -Vector::Y));
}

#[test]
fn crossing_capsules() {
    // a along x, b along z 0.6 above: distance 0.6, radii 1.0, depth 0.4, normal +y; one point,
    // b's deepest point 0.5 below its core at the crossing.
    let a = capsule(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), 0.5);
    let b = capsule(v(0.0, 0.0, -1.0), v(0.0, 0.0, 1.0), 0.5);
    expect_contact(&a, I, &b, at(0.0, 0.6, 0.0), 0.4, Vector::Y);
    let m = collide(&a, I, &b, at(0.0, 0.6, 0.0)).unwrap();
    assert_eq!(m.points().len(), 1);
    assert!(close_v(m.points()[0].point, v(0.0, 0.1, 0.0)));
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Edge(0), b: Feature::Edge(0) });
    // Cores crossing exactly: depth the radii's sum, normal along x × z (±y).
    let c = contact(&a, I, &b, I).unwrap();
    assert!(close(c.depth, 1.0));
    assert!(close(c.normal.y.abs(), 1.0), "{c:?}");
    let moved = Pose::from_translation(c.normal * (c.depth + 1e-4));
    assert!(!overlaps(&a, I, &b, moved));
}

#[test]
fn collinear_and_coincident_capsules() {
    // End to end on the x axis: a ends at 1, b starts at 1.5; radii 0.25 each: touching.
    let a = capsule(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), 0.25);
    let b = capsule(v(1.5, 0.0, 0.0), v(3.0, 0.0, 0.0), 0.25);
    expect_apart(&a, I, &b, I, 0.0);
    // radii 0.3: depth 0.1 along +x, one point (b's end cap)
    let (a3, b3) = (capsule(a.a(), a.b(), 0.3), capsule(b.a(), b.b(), 0.3));
    expect_contact(&a3, I, &b3, I, 0.1, Vector::X);
    assert_eq!(collide(&a3, I, &b3, I).unwrap().points().len(), 1);
    // The same segment twice: depth 2r, some normal across the segment.
    let c = contact(&a, I, &a, I).unwrap();
    assert!(close(c.depth, 0.5));
    assert!(c.normal.x.abs() < EPS);
}

// ---------------------------------------------------------------------------------------------
// Hull (cuboid) against sphere: faces +x, -x, +y, -y, +z, -z are faces 0..6 of a cuboid.

fn hull_sphere_cases<A>(box_: &A)
where
    A: Collide<Sphere>,
    Sphere: Collide<A>,
{
    let ball = sphere(Vector::ZERO, 0.5);
    // On the top face: centre 1.3 up, radius 0.5: depth 0.2, normal +y, point 0.5 below the centre.
    expect_contact(box_, I, &ball, at(0.2, 1.3, -0.1), 0.2, Vector::Y);
    let m = collide(box_, I, &ball, at(0.2, 1.3, -0.1)).unwrap();
    assert!(close_v(m.points()[0].point, v(0.2, 0.8, -0.1)));
    // On the edge x = y = 1: the centre (1.2, 1.2, 0.3) is 0.2√2 from it.
    let d = 0.5 - 0.2 * (2.0 as Real).sqrt();
    expect_contact(box_, I, &ball, at(1.2, 1.2, 0.3), d, v(1.0, 1.0, 0.0).normalize());
    // On the corner (1, 1, 1): the centre (1.2, 1.2, 1.2) is 0.2√3 from it.
    let d = 0.5 - 0.2 * (3.0 as Real).sqrt();
    expect_contact(box_, I, &ball, at(1.2, 1.2, 1.2), d, Vector::ONE.normalize());
    // Off the corner: (1.3, 1.3, 1.3) is 0.3√3 = 0.5196 from it, clear by 0.0196, though the
    // sphere overlaps every face's slab (0.3 < 0.5): only the corner axis separates.
    expect_apart(box_, I, &ball, at(1.3, 1.3, 1.3), 0.3 * (3.0 as Real).sqrt() - 0.5);
    // Touching the top face.
    expect_apart(box_, I, &ball, at(0.0, 1.5, 0.0), 0.0);
    // Deep: the centre (0.5, 0.2, 0) is inside, 0.5 from the +x face: depth 0.5 + 0.3.
    let small = sphere(Vector::ZERO, 0.3);
    expect_contact(box_, I, &small, at(0.5, 0.2, 0.0), 0.8, Vector::X);
}

#[test]
fn cuboid_against_sphere() {
    hull_sphere_cases(&cube());
    let m = collide(&cube(), I, &sphere(Vector::ZERO, 0.5), at(0.2, 1.3, -0.1)).unwrap();
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Face(2), b: Feature::Sphere });
    let m = collide(&cube(), I, &sphere(Vector::ZERO, 0.5), at(1.2, 1.2, 1.2)).unwrap();
    // vertex 7 of a cuboid is (+, +, +)
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Vertex(7), b: Feature::Sphere });
    let m = collide(&cube(), I, &sphere(Vector::ZERO, 0.5), at(1.2, 1.2, 0.3)).unwrap();
    assert!(matches!(m.points()[0].id.a, Feature::Edge(_)));
}

#[test]
fn hull_against_sphere() {
    hull_sphere_cases(&cube_hull());
}

#[test]
fn turned_cuboid_against_sphere() {
    // The cube turned 45° about z: its edge x = y = ... now points along +x at distance √2.
    let turned =
        Pose::new(v(10.0, -5.0, 2.0), Rotation::from_rotation_z(core::f64::consts::FRAC_PI_4 as Real));
    let ball = sphere(Vector::ZERO, 0.5);
    // A sphere 1.6 from the turned edge along x (world): √2 + 0.3 − ... depth = 0.5 − (c − √2).
    let c = (2.0 as Real).sqrt() + 0.3;
    expect_contact(&cube(), turned, &ball, at(10.0 + c, -5.0, 2.5), 0.2, Vector::X);
}

// ---------------------------------------------------------------------------------------------
// Hull (cuboid) against capsule

fn hull_capsule_cases<A>(box_: &A)
where
    A: Collide<Capsule>,
    Capsule: Collide<A>,
{
    // Lying flat on the top face, core 1.2 up, radius 0.3: depth 0.1, normal +y, two points
    // 0.3 below the core ends.
    let flat = capsule(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0), 0.3);
    expect_contact(box_, I, &flat, at(0.0, 1.2, 0.0), 0.1, Vector::Y);
    let m = collide(box_, I, &flat, at(0.0, 1.2, 0.0)).unwrap();
    assert_eq!(m.points().len(), 2, "{m:?}");
    for p in m.points() {
        assert!(close(p.depth, 0.1) && close(p.point.y, 0.9) && close(p.point.x.abs(), 0.5), "{p:?}");
    }
    // Reversed order: the same points, normal down from the capsule to the box.
    let r = collide(&flat, at(0.0, 1.2, 0.0), box_, I).unwrap();
    assert_eq!(r.points().len(), 2);
    assert!(close_v(r.normal, -Vector::Y));
    // Hanging over the +x edge: the core from x = 0.5 to 2 is clipped at x = 1.
    let over = capsule(v(0.5, 0.0, 0.0), v(2.0, 0.0, 0.0), 0.3);
    let m = collide(box_, I, &over, at(0.0, 1.2, 0.3)).unwrap();
    assert_eq!(m.points().len(), 2, "{m:?}");
    let xs = [m.points()[0].point.x, m.points()[1].point.x];
    assert!(xs.iter().any(|&x| close(x, 0.5)) && xs.iter().any(|&x| close(x, 1.0)), "{xs:?}");
    // Tilted: end 0 at height 1.1, end 1 at 1.5, radius 0.2: only end 0 reaches below y = 1
    // (by 0.1), one point.
    let tilted = capsule(v(-0.5, 1.1, 0.0), v(0.5, 1.5, 0.0), 0.2);
    expect_contact(box_, I, &tilted, I, 0.1, Vector::Y);
    let m = collide(box_, I, &tilted, I).unwrap();
    assert_eq!(m.points().len(), 1, "{m:?}");
    assert!(close_v(m.points()[0].point, v(-0.5, 0.9, 0.0)));
    // Touching the top face (numbers exact in binary, so touching is exact in f32 too).
    let flat_quarter = capsule(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0), 0.25);
    expect_apart(box_, I, &flat_quarter, at(0.0, 1.25, 0.0), 0.0);
    // Across the edge x = y = 1 (along z): the core runs along x + y = 2.2 at z = 0.3, which is
    // 0.2/√2 from the edge; radius 0.3. Only the edge × segment axis (1, 1, 0)/√2 gets this
    // right: along +x and +y the core reaches deep inside.
    let across = capsule(v(0.5, 1.7, 0.3), v(1.7, 0.5, 0.3), 0.3);
    let gap = 0.2 / (2.0 as Real).sqrt();
    expect_contact(box_, I, &across, I, 0.3 - gap, v(1.0, 1.0, 0.0).normalize());
    let m = collide(box_, I, &across, I).unwrap();
    assert_eq!(m.points().len(), 1);
    // the point: the core's point nearest the edge, (1.1, 1.1, 0.3), moved 0.3 towards the box
    let n = v(1.0, 1.0, 0.0).normalize();
    assert!(close_v(m.points()[0].point, v(1.1, 1.1, 0.3) - n * 0.3), "{m:?}");
    assert!(matches!(m.points()[0].id, FeatureId { a: Feature::Edge(_), b: Feature::Edge(0) }));
    // The same with radius 0.1: apart by gap − 0.1.
    let thin = capsule(across.a(), across.b(), 0.1);
    expect_apart(box_, I, &thin, I, gap - 0.1);
    // Through the box along x at height 0.5, radius 0.1: the shortest way out is up through
    // the top face, 0.5 + 0.1.
    let through = capsule(v(-2.0, 0.5, 0.0), v(2.0, 0.5, 0.0), 0.1);
    expect_contact(box_, I, &through, I, 0.6, Vector::Y);
    // Off the corner, pointing away from it: end 0 at (1.2, 1.2, 1.2), 0.2√3 from the corner.
    let corner = capsule(v(1.2, 1.2, 1.2), v(3.0, 3.0, 3.0), 0.5);
    expect_contact(box_, I, &corner, I, 0.5 - 0.2 * (3.0 as Real).sqrt(), Vector::ONE.normalize());
    let m = collide(box_, I, &corner, I).unwrap();
    assert_eq!(m.points().len(), 1);
    assert_eq!(m.points()[0].id.b, Feature::Vertex(0));
    // A bare segment (radius 0) poking into the top face 0.25 deep, tilted: depth 0.25 (the
    // tip's height below the face, shorter than any other way out).
    let needle = Capsule::new(v(0.0, 0.75, 0.0), v(0.1, 2.0, 0.0), 0.0).unwrap();
    expect_contact(box_, I, &needle, I, 0.25, Vector::Y);
}

#[test]
fn cuboid_against_capsule() {
    hull_capsule_cases(&cube());
    let flat = capsule(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0), 0.3);
    let m = collide(&cube(), I, &flat, at(0.0, 1.2, 0.0)).unwrap();
    let mut ids: Vec<FeatureId> = m.points().iter().map(|p| p.id).collect();
    ids.sort_by_key(|id| format!("{id:?}"));
    assert_eq!(
        ids,
        [
            FeatureId { a: Feature::Face(2), b: Feature::Vertex(0) },
            FeatureId { a: Feature::Face(2), b: Feature::Vertex(1) }
        ]
    );
    // Hanging over the edge: the cut point's id names the edge of the top face (+x side).
    let over = capsule(v(0.5, 0.0, 0.0), v(2.0, 0.0, 0.0), 0.3);
    let m = collide(&cube(), I, &over, at(0.0, 1.2, 0.3)).unwrap();
    let cut = m.points().iter().find(|p| close(p.point.x, 1.0)).unwrap();
    let Feature::Edge(e) = cut.id.a else { panic!("{cut:?}") };
    let (t, h) = cube().as_hull().edge(e as usize);
    let (t, h) = (cube().as_hull().vertices()[t as usize], cube().as_hull().vertices()[h as usize]);
    assert!(close(t.x, 1.0) && close(h.x, 1.0) && close(t.y, 1.0) && close(h.y, 1.0), "{t:?} {h:?}");
    assert_eq!(cut.id.b, Feature::Edge(0));
}

#[test]
fn hull_against_capsule() {
    hull_capsule_cases(&cube_hull());
}

#[test]
fn resting_capsule_keeps_its_two_points_when_slightly_tilted() {
    // A capsule resting on the top face, tilted by a hair so that the edge × segment axes
    // come within rounding of the face: the face stays the reference, two points.
    let flat = capsule(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0), 0.3);
    for angle in [1e-6, 1e-5, 1e-4, -1e-4] {
        let pose = Pose::new(v(0.3, 1.25, -0.2), Rotation::from_rotation_z(angle));
        let m: Manifold = collide(&cube(), I, &flat, pose).unwrap();
        assert_eq!(m.points().len(), 2, "angle {angle}: {m:?}");
        assert!(close_v(m.normal, Vector::Y));
    }
}

#[test]
fn trace_lists_the_round_axes() {
    // Sphere off the corner: the last step is the corner axis, and it is the gap.
    let t = trace(&cube(), I, &sphere(Vector::ZERO, 0.5), at(1.3, 1.3, 1.3));
    assert_eq!(t.steps.len(), 7);
    assert_eq!(t.steps[6].axis, Axis::VertexA(7));
    assert!(t.steps[..6].iter().all(|s| !s.is_gap()) && t.steps[6].is_gap());
    // Capsule across the edge: faces, then silhouette edges × segment.
    let across = capsule(v(0.5, 1.7, 0.3), v(1.7, 0.5, 0.3), 0.3);
    let t = trace(&cube(), I, &across, I);
    assert!(t.steps.iter().any(|s| matches!(s.axis, Axis::Edges { b: 0, .. })));
    assert!(t.collides());
    // Round pairs: the sphere–sphere trace is the centre line.
    let t = trace(&sphere(Vector::ZERO, 1.0), I, &sphere(Vector::ZERO, 1.0), at(0.0, 3.0, 0.0));
    assert_eq!(t.steps.len(), 1);
    assert_eq!(t.steps[0].axis, Axis::Centers);
    assert!(close(t.steps[0].separation, 1.0));
}

#[test]
fn far_from_the_origin() {
    // Unit shapes 1e5 from the origin: the queries run in a's frame, so depth and normal keep
    // their digits (to 1e-3 in f32).
    let far = v(1e5, -1e5, 1e5);
    let a = Pose::from_translation(far);
    // offsets that are exact at 1e5 in f32 (multiples of 1/128), so the exact answers are known
    let b = Pose::from_translation(far + v(0.0, 1.25, 0.0));
    let c = contact(&cube(), a, &sphere(Vector::ZERO, 0.5), b).unwrap();
    assert!((c.depth - 0.25).abs() < 1e-3 && (c.normal - Vector::Y).length() < 1e-3, "{c:?}");
    let cap = capsule(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0), 0.3);
    let b = Pose::from_translation(far + v(0.0, 1.125, 0.0));
    let m = collide(&cube(), a, &cap, b).unwrap();
    assert_eq!(m.points().len(), 2);
    assert!((m.depth() - 0.175).abs() < 1e-3, "{m:?}");
    let c = contact(&cap, a, &cap, Pose::from_translation(far + v(0.0, 0.5, 0.0))).unwrap();
    assert!((c.depth - 0.1).abs() < 1e-3 && (c.normal - Vector::Y).length() < 1e-3, "{c:?}");
}
