//! Capsule degenerate and special cases, every expected value worked out by hand.
//! The box in these tests is the square [-1, 1]²; its faces, counter-clockwise from the
//! corner (-1, -1): 0 bottom (0,-1), 1 right (1,0), 2 top (0,1), 3 left (-1,0).

mod hand;

use hand::v;
use septa::{
    collide, contact, overlaps, separation, Capsule, Circle, OrientedBox, Pose, Real, ShapeError, Vector,
};

fn square() -> OrientedBox {
    OrientedBox::new(Vector::ZERO, Vector::ONE, 0.0).unwrap()
}

const I: Pose = Pose::IDENTITY;

#[test]
fn constructor_rules() {
    assert_eq!(Capsule::new(v(0.0, 0.0), v(0.0, 0.0), 0.0), Err(ShapeError::PointCapsule));
    assert_eq!(
        Capsule::new(v(0.0, 0.0), v(1.0, 0.0), -1.0),
        Err(ShapeError::InvalidCapsuleRadius { radius: -1.0 })
    );
    assert!(matches!(
        Capsule::new(v(Real::NAN, 0.0), v(1.0, 0.0), 1.0),
        Err(ShapeError::NonFinite { index: 0 })
    ));
    assert!(matches!(
        Capsule::new(v(0.0, 0.0), v(Real::INFINITY, 0.0), 1.0),
        Err(ShapeError::NonFinite { index: 1 })
    ));
    assert!(Capsule::new(v(0.0, 0.0), v(1.0, 0.0), 0.0).is_ok()); // a bare segment
    assert!(Capsule::new(v(0.0, 0.0), v(0.0, 0.0), 1.0).is_ok()); // a circle
}

#[test]
fn zero_length_capsule_is_a_circle() {
    // Centre (1.5, 0), radius 0.7: it reaches x = 0.8 inside the right face x = 1: depth 0.2
    // along +x; the manifold point is its deepest point (0.8, 0).
    let dot = Capsule::new(v(1.5, 0.0), v(1.5, 0.0), 0.7).unwrap();
    let c = contact(&square(), I, &dot, I).unwrap();
    assert!(c.normal.abs_diff_eq(Vector::X, 1e-6) && (c.depth - 0.2).abs() < 1e-6, "{c:?}");
    let m = collide(&square(), I, &dot, I).unwrap();
    assert_eq!(m.points().len(), 1);
    assert!(m.points()[0].point.abs_diff_eq(v(0.8, 0.0), 1e-6) && (m.points()[0].depth - 0.2).abs() < 1e-6);
    // Off the corner (1, 1) along the diagonal at distance 0.8 > 0.7: apart by 0.1.
    let off = 0.8 / Real::sqrt(2.0);
    let corner = Capsule::new(v(1.0 + off, 1.0 + off), v(1.0 + off, 1.0 + off), 0.7).unwrap();
    assert!(!overlaps(&square(), I, &corner, I));
    assert!((separation(&square(), I, &corner, I).distance - 0.1).abs() < 1e-5);
    // Against a circle: centres 1.5 apart, radii 0.7 + 1.0: depth 0.2.
    let ball = Circle::new(v(0.0, 1.5), 1.0).unwrap();
    let dot0 = Capsule::new(Vector::ZERO, Vector::ZERO, 0.7).unwrap();
    let c = contact(&dot0, I, &ball, I).unwrap();
    assert!(c.normal.abs_diff_eq(Vector::Y, 1e-6) && (c.depth - 0.2).abs() < 1e-6, "{c:?}");
}

#[test]
fn capsule_parallel_to_a_face_gives_two_points() {
    // Segment y = 1.3 from x = -0.5 to 0.5, radius 0.4: its underside y = 0.9 is 0.1 into the
    // top face. Two points, at the ends of the underside, depth 0.1 each.
    let lying = Capsule::new(v(-0.5, 1.3), v(0.5, 1.3), 0.4).unwrap();
    let m = collide(&square(), I, &lying, I).unwrap();
    assert!(m.normal.abs_diff_eq(Vector::Y, 1e-6));
    let mut points: Vec<(Real, Real, Real)> =
        m.points().iter().map(|p| (p.point.x, p.point.y, p.depth)).collect();
    points.sort_by(|p, q| p.0.total_cmp(&q.0));
    assert_eq!(points.len(), 2);
    for (p, x) in points.iter().zip([-0.5, 0.5]) {
        assert!((p.0 - x).abs() < 1e-6 && (p.1 - 0.9).abs() < 1e-6 && (p.2 - 0.1).abs() < 1e-6, "{p:?}");
    }
    // Longer than the face (x from -2 to 2): clipped by the side planes x = ±1.
    let long = Capsule::new(v(-2.0, 1.3), v(2.0, 1.3), 0.4).unwrap();
    let m = collide(&square(), I, &long, I).unwrap();
    let mut xs: Vec<Real> = m.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(Real::total_cmp);
    assert_eq!(xs.len(), 2);
    assert!((xs[0] + 1.0).abs() < 1e-6 && (xs[1] - 1.0).abs() < 1e-6, "{xs:?}");
    // Tilted (ends at y = 1.3 and 1.5): only the lower end's underside is behind the face.
    let tilted = Capsule::new(v(-0.5, 1.3), v(0.5, 1.5), 0.4).unwrap();
    let m = collide(&square(), I, &tilted, I).unwrap();
    assert_eq!(m.points().len(), 1);
}

#[test]
fn end_cap_on_a_vertex() {
    // The segment starts exactly at the corner (1, 1) and leaves along the diagonal. The cores
    // touch, so the shapes overlap by the capsule's radius 0.5; the faces +x and +y, and the
    // corner axes, all need a push of 0.5 (by hand: the capsule's lowest point along +x is
    // 1 - 0.5 = 0.5, the box's highest 1). Ties go to the first face tested, +x (face 1).
    let cap = Capsule::new(v(1.0, 1.0), v(3.0, 3.0), 0.5).unwrap();
    let c = contact(&square(), I, &cap, I).unwrap();
    assert!((c.depth - 0.5).abs() < 1e-6, "{c:?}");
    assert!(c.normal.abs_diff_eq(Vector::X, 1e-6), "{c:?}");
    // Moving the capsule by the MTV leaves it touching: not overlapping.
    let moved = Pose::from_translation(c.normal * c.depth);
    assert!(!overlaps(&square(), I, &cap, moved));
}

#[test]
fn crossing_capsules_and_a_bare_segment() {
    // An X: a along x (radius 0.1), b along y (radius 0.2), crossing at the origin. Every side
    // needs a push of 1 + 0.3: b's far end must clear a's core by 0.3. The first side tested,
    // a's side 0 (normal (0,-1), the right-hand side of a's direction (1,0)), wins the tie.
    let a = Capsule::new(v(-1.0, 0.0), v(1.0, 0.0), 0.1).unwrap();
    let b = Capsule::new(v(0.0, -1.0), v(0.0, 1.0), 0.2).unwrap();
    let c = contact(&a, I, &b, I).unwrap();
    assert!((c.depth - 1.3).abs() < 1e-6 && c.normal.abs_diff_eq(v(0.0, -1.0), 1e-6), "{c:?}");
    assert!(!overlaps(&a, I, &b, Pose::from_translation(c.normal * (c.depth + 1e-5))));

    // A bare segment (radius 0) through the square at y = 0.5: out through the top face by 0.5
    // (the segment's own side, normal (0,-1), ties at 0.5 too and the box's face wins). The
    // manifold is the segment clipped to the face's side planes: (±1, 0.5), depth 0.5 each.
    let segment = Capsule::new(v(-2.0, 0.5), v(2.0, 0.5), 0.0).unwrap();
    let c = contact(&square(), I, &segment, I).unwrap();
    assert!((c.depth - 0.5).abs() < 1e-6 && c.normal.abs_diff_eq(Vector::Y, 1e-6), "{c:?}");
    let m = collide(&square(), I, &segment, I).unwrap();
    let mut points: Vec<Vector> = m.points().iter().map(|p| p.point).collect();
    points.sort_by(|p, q| p.x.total_cmp(&q.x));
    assert_eq!(points.len(), 2);
    assert!(points[0].abs_diff_eq(v(-1.0, 0.5), 1e-6) && points[1].abs_diff_eq(v(1.0, 0.5), 1e-6));
    assert!(m.points().iter().all(|p| (p.depth - 0.5).abs() < 1e-6));
}

#[test]
fn capsule_pairs_in_both_orders_and_rotated() {
    // The lying capsule of the two-point test, seen from the capsule: the normal turns around.
    let lying = Capsule::new(v(-0.5, 1.3), v(0.5, 1.3), 0.4).unwrap();
    let c = contact(&lying, I, &square(), I).unwrap();
    assert!(c.normal.abs_diff_eq(-Vector::Y, 1e-6) && (c.depth - 0.1).abs() < 1e-6);
    // The whole scene turned by 90° about the origin: the normal turns with it, depth the same.
    let quarter = Pose::new(Vector::ZERO, septa::consts::FRAC_PI_2);
    let c = contact(&square(), quarter, &lying, quarter).unwrap();
    assert!(c.normal.abs_diff_eq(-Vector::X, 1e-6) && (c.depth - 0.1).abs() < 1e-5, "{c:?}");
}
