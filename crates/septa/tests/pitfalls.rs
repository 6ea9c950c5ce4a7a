//! The pitfalls table and the degenerate cases, each with a hand-derived answer.

mod hand;

use hand::{assert_close, assert_near, at, square, v};
use septa::consts::{FRAC_PI_2, FRAC_PI_4, SQRT_2};
use septa::{
    collide, contact, overlaps, separation, trace, Axis, Circle, ConvexPolygon, Feature, FeatureId, Pose,
    Real, Shape, Vector,
};

fn circle(r: Real) -> Circle {
    Circle::new(Vector::ZERO, r).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Winding
// ---------------------------------------------------------------------------------------------

/// a = the square [0,2]², b = the triangle (1.5,0.5),(3,0.5),(3,1.5), both in world coordinates.
///
/// b's corner (1.5, 0.5) is inside a. Separations (min over the other shape of n·x, minus the
/// face's offset):
/// * a's right face, n = (1,0), offset 2: b's min x is 1.5 → −0.5;
/// * a's top (0,1), offset 2: b's min y 0.5 → −1.5; bottom (0,−1), offset 0: min −y = −1.5;
///   left (−1,0), offset 0: min −x = −3;
/// * b's bottom (0,−1), offset −0.5: a's min of −y is −2 → −1.5; b's right (1,0), offset 3: −3;
///   b's slanted edge (3,1.5)→(1.5,0.5), e = (−1.5,−1), n = (−1,1.5)/√3.25, offset
///   (−3 + 2.25)/√3.25 = −0.416; a's min n·x is at (2,0): −2/√3.25 = −1.109 → −0.693.
///
/// The largest is −0.5: MTV +x by 0.5 through a's right face. Manifold: reference face = a's
/// right edge (2,0)→(2,2); incident = b's edge most anti-parallel to +x, the slanted one
/// (b's edge 2, from b's vertex 2 (3,1.5) to vertex 0 (1.5,0.5)). Both ends lie in the slab
/// 0 ≤ y ≤ 2; only (1.5,0.5) is behind x = 2, by 0.5: one point, id (Edge(1), Vertex(0)).
#[test]
fn clockwise_and_counter_clockwise_input_give_identical_answers() {
    let a_ccw = ConvexPolygon::new(&[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]).unwrap();
    let a_cw = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 2.0), v(2.0, 2.0), v(2.0, 0.0)]).unwrap();
    let b_ccw = ConvexPolygon::new(&[v(1.5, 0.5), v(3.0, 0.5), v(3.0, 1.5)]).unwrap();
    let b_cw = ConvexPolygon::new(&[v(1.5, 0.5), v(3.0, 1.5), v(3.0, 0.5)]).unwrap();
    let id = Pose::IDENTITY;

    let c = contact(&a_ccw, id, &b_ccw, id).unwrap();
    assert_eq!(c.axis, Axis::EdgeA(1));
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.5, 1e-6);
    let m = collide(&a_ccw, id, &b_ccw, id).unwrap();
    assert_close(m.normal, v(1.0, 0.0), 1e-6);
    assert_eq!(m.points().len(), 1);
    assert_close(m.points()[0].point, v(1.5, 0.5), 1e-6);
    assert_near(m.points()[0].depth, 0.5, 1e-6);
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Edge(1), b: Feature::Vertex(0) });

    for (a, b) in [(&a_ccw, &b_cw), (&a_cw, &b_ccw), (&a_cw, &b_cw)] {
        assert_eq!(contact(a, id, b, id), Some(c));
        assert_eq!(collide(a, id, b, id), Some(m));
        assert_eq!(separation(a, id, b, id), separation(&a_ccw, id, &b_ccw, id));
        assert_eq!(trace(a, id, b, id), trace(&a_ccw, id, &b_ccw, id));
        assert!(overlaps(a, id, b, id));
    }

    // Clockwise from another start, (2,2),(2,0),(0,0),(0,2): stored (2,2),(0,2),(0,0),(2,0), so
    // the right face (2,0)→(2,2) is now edge 3. Same normal and depth, that axis.
    let a_shifted = ConvexPolygon::new(&[v(2.0, 2.0), v(2.0, 0.0), v(0.0, 0.0), v(0.0, 2.0)]).unwrap();
    let c2 = contact(&a_shifted, id, &b_cw, id).unwrap();
    assert_eq!(c2.axis, Axis::EdgeA(3));
    assert_close(c2.normal, c.normal, 1e-6);
    assert_near(c2.depth, c.depth, 1e-6);
}

// ---------------------------------------------------------------------------------------------
// Containment and identical shapes
// ---------------------------------------------------------------------------------------------

/// A 1×1 square centred at (3, 1) inside the 10×10 square [−5,5]².
/// Ways out: +x 5 − 2.5 = 2.5, −x 3.5 + 5 = 8.5, +y 5 − 0.5 = 4.5, −y 1.5 + 5 = 6.5.
/// The shortest is through the nearest side, +x by 2.5. (The overlap length on x is only 1.)
#[test]
fn polygon_entirely_inside_another() {
    let big = square(5.0);
    let small = square(0.5);
    let c = contact(&big, Pose::IDENTITY, &small, at(3.0, 1.0)).unwrap();
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert_near(c.depth, 2.5, 1e-6);
    let pushed = at(3.0 + 2.5 + 1e-4, 1.0);
    assert!(!overlaps(&big, Pose::IDENTITY, &small, pushed));
    assert!(overlaps(&big, Pose::IDENTITY, &small, at(3.0 + 2.4, 1.0)));
    // Seen from the small one: b (the big one) leaves along −x by 2.5.
    let c = contact(&small, at(3.0, 1.0), &big, Pose::IDENTITY).unwrap();
    assert_close(c.normal, v(-1.0, 0.0), 1e-6);
    assert_near(c.depth, 2.5, 1e-6);
    // Off-centre the other way, (−1, −4): ways out +x 5.5, −x 4.5, +y 8.5, −y 1.5 → −y by 1.5.
    let c = contact(&big, Pose::IDENTITY, &small, at(-1.0, -4.0)).unwrap();
    assert_close(c.normal, v(0.0, -1.0), 1e-6);
    assert_near(c.depth, 1.5, 1e-6);

    // A circle of radius 1 inside the big square at (2, −3.5): it spans x ∈ [1, 3],
    // y ∈ [−4.5, −2.5]. Ways out: +x 5 − 1 = 4, −x 3 + 5 = 8, +y 5 + 4.5 = 9.5,
    // −y −2.5 + 5 = 2.5 → −y by 2.5.
    let c = contact(&big, Pose::IDENTITY, &circle(1.0), at(2.0, -3.5)).unwrap();
    assert_close(c.normal, v(0.0, -1.0), 1e-6);
    assert_near(c.depth, 2.5, 1e-6);
}

/// Identical shapes at the same place: on every axis both shadows are the same interval, so
/// the push is the full width. For a 4×2 rectangle the smallest width is 2 (along ±y).
#[test]
fn identical_shapes() {
    let rect = ConvexPolygon::rectangle(v(2.0, 1.0)).unwrap();
    let c = contact(&rect, Pose::IDENTITY, &rect, Pose::IDENTITY).unwrap();
    assert_near(c.depth, 2.0, 1e-6);
    assert!(c.normal.abs_diff_eq(v(0.0, 1.0), 1e-6) || c.normal.abs_diff_eq(v(0.0, -1.0), 1e-6));
    // The normal is the direction of the axis it names.
    match c.axis {
        Axis::EdgeA(i) => assert_eq!(c.normal, rect.normals()[i as usize]),
        Axis::EdgeB(j) => assert_eq!(c.normal, -rect.normals()[j as usize]),
        other => panic!("{other:?}"),
    }
    // Square of half-size 1: width 2 on every face.
    let sq = square(1.0);
    let c = contact(&sq, at(4.0, 4.0), &sq, at(4.0, 4.0)).unwrap();
    assert_near(c.depth, 2.0, 1e-6);
    // A regular hexagon of circumradius 2: width 2·apothem = 2√3 across flats.
    let hex = ConvexPolygon::regular(6, 2.0, 0.3).unwrap();
    let pose = Pose::new(v(-1.0, 2.0), 1.1);
    let c = contact(&hex, pose, &hex, pose).unwrap();
    assert_near(c.depth, 2.0 * Real::sqrt(3.0), 1e-5);
    // A manifold exists and its depth is the width too.
    let m = collide(&hex, pose, &hex, pose).unwrap();
    assert!(!m.points().is_empty());
    // Identical circles: concentric, depth 2r.
    let c = contact(&circle(0.75), at(1.0, 1.0), &circle(0.75), at(1.0, 1.0)).unwrap();
    assert_near(c.depth, 1.5, 1e-6);
}

// ---------------------------------------------------------------------------------------------
// Touching is not overlapping
// ---------------------------------------------------------------------------------------------

#[test]
fn touching_edges() {
    // [−1,1]² and the same square at (2, 0.5): x-shadows [−1,1] and [1,3] meet at x = 1.
    let sq = square(1.0);
    let pb = at(2.0, 0.5);
    assert!(!overlaps(&sq, Pose::IDENTITY, &sq, pb));
    assert!(contact(&sq, Pose::IDENTITY, &sq, pb).is_none());
    assert!(collide(&sq, Pose::IDENTITY, &sq, pb).is_none());
    let s = separation(&sq, Pose::IDENTITY, &sq, pb);
    assert_eq!(s.distance, 0.0);
    assert_eq!(s.normal, v(1.0, 0.0));
    assert!(!trace(&sq, Pose::IDENTITY, &sq, pb).collides());
    // A hair closer overlaps.
    assert!(overlaps(&sq, Pose::IDENTITY, &sq, at(1.999, 0.5)));

    // Circle of radius 1 at (2, 0.3) against the same square: 2 − 1 − 1 = 0 on +x.
    let ball = circle(1.0);
    assert!(!overlaps(&sq, Pose::IDENTITY, &ball, at(2.0, 0.3)));
    assert!(contact(&sq, Pose::IDENTITY, &ball, at(2.0, 0.3)).is_none());
    assert_eq!(separation(&sq, Pose::IDENTITY, &ball, at(2.0, 0.3)).distance, 0.0);
    assert!(!overlaps(&ball, at(2.0, 0.3), &sq, Pose::IDENTITY));

    // Circles of radius 1 and 2 with centres 3 apart.
    assert!(!overlaps(&circle(1.0), Pose::IDENTITY, &circle(2.0), at(0.0, 3.0)));
    assert!(contact(&circle(1.0), Pose::IDENTITY, &circle(2.0), at(0.0, 3.0)).is_none());
    assert_eq!(separation(&circle(1.0), Pose::IDENTITY, &circle(2.0), at(0.0, 3.0)).distance, 0.0);
}

#[test]
fn touching_vertex_to_vertex() {
    // [−1,1]² and the same square at (2, 2): only the corners (1,1) meet. On ±x and ±y the
    // shadows touch ([−1,1] and [1,3]); separation 0.
    let sq = square(1.0);
    let pb = at(2.0, 2.0);
    assert!(!overlaps(&sq, Pose::IDENTITY, &sq, pb));
    assert!(!overlaps(&sq, pb, &sq, Pose::IDENTITY));
    assert!(contact(&sq, Pose::IDENTITY, &sq, pb).is_none());
    assert!(collide(&sq, Pose::IDENTITY, &sq, pb).is_none());
    assert_eq!(separation(&sq, Pose::IDENTITY, &sq, pb).distance, 0.0);
    // Moved in by 0.01 along the diagonal both ways: overlap 0.01 on x and on y.
    let c = contact(&sq, Pose::IDENTITY, &sq, at(1.99, 1.99)).unwrap();
    assert_near(c.depth, 0.01, 1e-6);
}

#[test]
fn parallel_edges() {
    // [−1,1]² and the same square at (1.5, 0.25): every normal of one is parallel to a normal of
    // the other. x: [−1,1] vs [0.5,2.5] → forwards 0.5; y: [−1,1] vs [−0.75,1.25] → forwards
    // 1.75 (backwards 2.25). MTV +x by 0.5.
    let sq = square(1.0);
    let c = contact(&sq, Pose::IDENTITY, &sq, at(1.5, 0.25)).unwrap();
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.5, 1e-6);
    // b turned by 90° is the same square: same answer (its normals are a's, permuted).
    let c = contact(&sq, Pose::IDENTITY, &sq, Pose::new(v(1.5, 0.25), FRAC_PI_2)).unwrap();
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.5, 1e-6);
    // A 4×2 rectangle on a 2×2 square, long sides parallel: rectangle at (0, 1.8) overlaps the
    // square [−1,1]² by 1 − 0.8 = 0.2 on y; on x [−2,2] contains [−1,1]: 3 either way.
    let rect = ConvexPolygon::rectangle(v(2.0, 1.0)).unwrap();
    let c = contact(&sq, Pose::IDENTITY, &rect, at(0.0, 1.8)).unwrap();
    assert_close(c.normal, v(0.0, 1.0), 1e-6);
    assert_near(c.depth, 0.2, 1e-6);
}

// ---------------------------------------------------------------------------------------------
// Circle centre on a vertex, on an edge, at the centre
// ---------------------------------------------------------------------------------------------

#[test]
fn circle_centre_on_a_polygon_vertex() {
    // [−1,1]² and a circle of radius 0.5 centred exactly on vertex 2, (1,1). Moving the circle
    // by 0.5 along +x, +y or the diagonal each leaves it just touching, and nothing shorter
    // works (its centre must get 0.5 from the square): depth 0.5 = r.
    // The corner→centre direction is zero; the axis falls back to the normal of edge 2 (from
    // vertex 2 (1,1) to vertex 3 (−1,1)), i.e. (0,1).
    let sq = square(1.0);
    let ball = circle(0.5);
    let pb = at(1.0, 1.0);
    assert!(overlaps(&sq, Pose::IDENTITY, &ball, pb));
    let c = contact(&sq, Pose::IDENTITY, &ball, pb).unwrap();
    assert_near(c.depth, 0.5, 1e-6);
    let allowed = [v(1.0, 0.0), v(0.0, 1.0), v(1.0, 1.0) / SQRT_2];
    assert!(allowed.iter().any(|n| c.normal.abs_diff_eq(*n, 1e-6)), "{:?}", c.normal);
    let t = trace(&sq, Pose::IDENTITY, &ball, pb);
    assert_eq!(t.steps[4].axis, Axis::VertexA(2));
    assert_close(t.steps[4].direction, v(0.0, 1.0), 1e-6);
    // On the fallback axis: square [−1, 1], circle 1 ± 0.5 → overlap, push 0.5 forwards.
    assert_near(t.steps[4].push.unwrap(), 0.5, 1e-6);
    // The circle-first order gives the reversed normal.
    let c2 = contact(&ball, pb, &sq, Pose::IDENTITY).unwrap();
    assert_near(c2.depth, 0.5, 1e-6);
    assert_close(c2.normal, -c.normal, 1e-6);
    // The manifold point is the centre minus the normal times r: 0.5 from (1,1) into the square.
    let m = collide(&sq, Pose::IDENTITY, &ball, pb).unwrap();
    assert_close(m.points()[0].point, v(1.0, 1.0) - m.normal * 0.5, 1e-6);
    assert_near(m.points()[0].depth, 0.5, 1e-6);

    // Vertex 0 is (−1,−1); the edge starting there is edge 0, normal (0,−1).
    let t = trace(&sq, Pose::IDENTITY, &ball, at(-1.0, -1.0));
    assert_eq!(t.steps[4].axis, Axis::VertexA(0));
    assert_close(t.steps[4].direction, v(0.0, -1.0), 1e-6);
    let c = contact(&sq, Pose::IDENTITY, &ball, at(-1.0, -1.0)).unwrap();
    assert_near(c.depth, 0.5, 1e-6);
}

#[test]
fn circle_centre_on_a_polygon_edge() {
    // Circle of radius 0.5 centred at (1, 0.3), on the right edge of [−1,1]²: out through that
    // edge by r = 0.5 along +x; the other faces need 0.3+1+0.5 = 1.8, 1 − 0.3 + 0.5 = 1.2, 2.5;
    // the nearest corner (1,1) is 0.7 away, on the axis (0,−1) where the square reaches 1:
    // −0.3 − 0.5 − 1 = −1.8.
    let sq = square(1.0);
    let c = contact(&sq, Pose::IDENTITY, &circle(0.5), at(1.0, 0.3)).unwrap();
    assert_eq!(c.axis, Axis::EdgeA(1));
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.5, 1e-6);
    let m = collide(&sq, Pose::IDENTITY, &circle(0.5), at(1.0, 0.3)).unwrap();
    // Centre − normal·r = (0.5, 0.3).
    assert_close(m.points()[0].point, v(0.5, 0.3), 1e-6);
    assert_eq!(m.points()[0].id, FeatureId { a: Feature::Edge(1), b: Feature::Circle });
}

#[test]
fn circle_centre_at_the_polygon_centre() {
    // Square [−1,1]², circle radius 0.5 at the origin: every face needs 1 + 0.5 = 1.5.
    // The corner axis (from (−1,−1), the first of four equally near corners, towards the origin)
    // needs √2 + 0.5 = 1.914. So depth 1.5 along one of the face normals.
    let sq = square(1.0);
    let c = contact(&sq, Pose::IDENTITY, &circle(0.5), Pose::IDENTITY).unwrap();
    assert_near(c.depth, 1.5, 1e-6);
    let Axis::EdgeA(i) = c.axis else { panic!("{:?}", c.axis) };
    assert_eq!(c.normal, sq.normals()[i as usize]);
    // A 4×2 rectangle and the circle at (0, 0.2) (off-centre to break the tie): +y needs
    // 1 − 0.2 + 0.5 = 1.3, −y 1.7, ±x 2.5 → +y by 1.3.
    let rect = ConvexPolygon::rectangle(v(2.0, 1.0)).unwrap();
    let c = contact(&rect, Pose::IDENTITY, &circle(0.5), at(0.0, 0.2)).unwrap();
    assert_close(c.normal, v(0.0, 1.0), 1e-6);
    assert_near(c.depth, 1.3, 1e-6);
    // A regular hexagon of circumradius 2 and a circle of radius 1 at its centre: every face needs
    // the apothem plus r, √3 + 1.
    let hex = ConvexPolygon::regular(6, 2.0, 0.0).unwrap();
    let c = contact(&hex, Pose::IDENTITY, &circle(1.0), Pose::IDENTITY).unwrap();
    assert_near(c.depth, Real::sqrt(3.0) + 1.0, 1e-5);
}

#[test]
fn concentric_circles() {
    // Centres coincide: every direction is as good; the normal is +y of a's frame, the depth
    // r₁ + r₂ = 1 + 0.5.
    let (a, b) = (circle(1.0), circle(0.5));
    let c = contact(&a, at(3.0, 4.0), &b, at(3.0, 4.0)).unwrap();
    assert_eq!(c.normal, v(0.0, 1.0));
    assert_eq!(c.depth, 1.5);
    assert_eq!(c.axis, Axis::Centers);
    // a's frame turned by 90°: its +y is world (−1, 0). By 30°: (−sin 30°, cos 30°).
    let c = contact(&a, Pose::new(v(3.0, 4.0), FRAC_PI_2), &b, at(3.0, 4.0)).unwrap();
    assert_close(c.normal, v(-1.0, 0.0), 1e-6);
    assert_eq!(c.depth, 1.5);
    let c = contact(&a, Pose::new(v(3.0, 4.0), Real::to_radians(30.0)), &b, at(3.0, 4.0)).unwrap();
    assert_close(c.normal, v(-0.5, Real::sqrt(3.0) / 2.0), 1e-6);
    // b's rotation plays no part.
    let c = contact(&a, at(3.0, 4.0), &b, Pose::new(v(3.0, 4.0), 1.0)).unwrap();
    assert_eq!(c.normal, v(0.0, 1.0));
    // The manifold point is b's deepest point: (3,4) − (0,1)·0.5 = (3, 3.5).
    let m = collide(&a, at(3.0, 4.0), &b, at(3.0, 4.0)).unwrap();
    assert_close(m.points()[0].point, v(3.0, 3.5), 1e-6);
    assert_eq!(m.points()[0].depth, 1.5);
    // Circles given by centre with identity poses: same.
    let a2 = Circle::new(v(-2.0, 5.0), 1.0).unwrap();
    let b2 = Circle::new(v(-2.0, 5.0), 0.5).unwrap();
    let c = contact(&a2, Pose::IDENTITY, &b2, Pose::IDENTITY).unwrap();
    assert_eq!(c.normal, v(0.0, 1.0));
    assert_eq!(c.depth, 1.5);
}

// ---------------------------------------------------------------------------------------------
// Far from the origin, rotated configurations
// ---------------------------------------------------------------------------------------------

/// a = [−1,1]² at `p`, b = the same square rotated 45° (a diamond, corners √2 from its centre)
/// at `p + (2.2, 0.3)`.
///
/// The diamond's left corner is at x = 2.2 − √2 = 0.786 (y = 0.3), inside a. Candidates:
/// * a's +x face: 0.786 − 1 = −0.2142 (the largest);
/// * a's +y: (0.3 − √2) − 1 = −2.11; −y: −(0.3 + √2) − 1 = −2.71; −x: more negative;
/// * the diamond's face n = (−1,−1)/√2: a's corners relative to b's centre, (−1.2, 0.7) etc.,
///   give min n·x = 0.5/√2 = 0.354, minus its offset 1 → −0.646; face (−1,1)/√2: a's corner
///   (1,−1) − (2.2,0.3) = (−1.2,−1.3) gives −0.1/√2 = −0.071 → −1.071; the two faces looking
///   away from a are worse.
///
/// MTV: +x by 1 − (2.2 − √2) = √2 − 1.2 = 0.21421. Manifold: reference a's right face, incident
/// the diamond's edge most anti-parallel to +x, one of the two meeting at the left corner: only
/// the corner (0.786, 0.3) is behind x = 1.
const DEPTH: Real = SQRT_2 - 1.2;

fn check_diamond_case(c: septa::Contact, m: septa::Manifold, origin: Vector, eps: Real) {
    assert_close(c.normal, v(1.0, 0.0), eps);
    assert_near(c.depth, DEPTH, eps);
    assert_close(m.normal, v(1.0, 0.0), eps);
    assert_eq!(m.points().len(), 1);
    assert_close(m.points()[0].point - origin, v(2.2 - SQRT_2, 0.3), eps);
    assert_near(m.points()[0].depth, DEPTH, eps);
}

#[test]
fn same_pair_far_from_the_origin() {
    let sq = square(1.0);
    // At the origin, by poses.
    let (pa, pb) = (Pose::IDENTITY, Pose::new(v(2.2, 0.3), FRAC_PI_4));
    check_diamond_case(
        contact(&sq, pa, &sq, pb).unwrap(),
        collide(&sq, pa, &sq, pb).unwrap(),
        Vector::ZERO,
        1e-5,
    );

    // Translated by 1e4 in both coordinates, placed by poses. f32 spacing at 1e4 is 2⁻¹⁰, so the
    // translations themselves are off by up to 5e-4: 1e-3 tolerance.
    let far = Vector::splat(1e4);
    let (fa, fb) = (Pose::from_translation(far), Pose::new(far + v(2.2, 0.3), FRAC_PI_4));
    check_diamond_case(contact(&sq, fa, &sq, fb).unwrap(), collide(&sq, fa, &sq, fb).unwrap(), far, 1e-3);
    assert!(overlaps(&sq, fa, &sq, fb));

    // Given as world vertices far away, then recentered.
    let a_world =
        ConvexPolygon::new(&[far + v(-1.0, -1.0), far + v(1.0, -1.0), far + v(1.0, 1.0), far + v(-1.0, 1.0)])
            .unwrap();
    let cb = far + v(2.2, 0.3);
    let b_world = ConvexPolygon::new(&[
        cb + v(0.0, -SQRT_2),
        cb + v(SQRT_2, 0.0),
        cb + v(0.0, SQRT_2),
        cb + v(-SQRT_2, 0.0),
    ])
    .unwrap();
    let (a_local, a_pose) = a_world.recentered();
    let (b_local, b_pose) = b_world.recentered();
    check_diamond_case(
        contact(&a_local, a_pose, &b_local, b_pose).unwrap(),
        collide(&a_local, a_pose, &b_local, b_pose).unwrap(),
        far,
        1e-3,
    );
    // Circle far away: a circle of radius 0.5 at far + (1.3, 0) overlaps the square by 0.2 on +x.
    let c = contact(&a_local, a_pose, &circle(0.5), Pose::from_translation(far + v(1.3, 0.0))).unwrap();
    assert_close(c.normal, v(1.0, 0.0), 1e-3);
    assert_near(c.depth, 0.2, 1e-3);
}

#[test]
fn rotating_the_configuration_rotates_the_normal() {
    let sq = square(1.0);
    for angle in [FRAC_PI_2, 0.7, -2.0] {
        // Rotate both poses about the world origin by `angle`: positions R·p, angles + angle.
        let rot = Vector::from_angle(angle);
        let pa = Pose::new(Vector::ZERO, angle);
        let pb = Pose::new(rot.rotate(v(2.2, 0.3)), angle + FRAC_PI_4);
        let c = contact(&sq, pa, &sq, pb).unwrap();
        // The normal (1,0) becomes R·(1,0) = (cos, sin); the depth stays √2 − 1.2.
        assert_close(c.normal, rot, 1e-5);
        assert_near(c.depth, DEPTH, 1e-5);
        let m = collide(&sq, pa, &sq, pb).unwrap();
        assert_close(m.normal, rot, 1e-5);
        assert_close(m.points()[0].point, rot.rotate(v(2.2 - SQRT_2, 0.3)), 1e-5);
        // Circle at R·(1.3, 0): overlaps by 0.2 along R·(1,0).
        let c = contact(&sq, pa, &circle(0.5), Pose::from_translation(rot.rotate(v(1.3, 0.0)))).unwrap();
        assert_close(c.normal, rot, 1e-5);
        assert_near(c.depth, 0.2, 1e-5);
    }
}

// ---------------------------------------------------------------------------------------------
// All four pair orders, and Shape dispatch
// ---------------------------------------------------------------------------------------------

#[test]
fn all_four_pair_orders() {
    let sq = square(1.0);
    let ball = circle(0.5);
    // polygon–polygon: diamond case, +x by √2 − 1.2; swapped, −x by the same.
    let (pa, pb) = (Pose::IDENTITY, Pose::new(v(2.2, 0.3), FRAC_PI_4));
    let ab = contact(&sq, pa, &sq, pb).unwrap();
    let ba = contact(&sq, pb, &sq, pa).unwrap();
    assert_close(ab.normal, v(1.0, 0.0), 1e-6);
    assert_close(ba.normal, v(-1.0, 0.0), 1e-6);
    assert_near(ab.depth, DEPTH, 1e-6);
    assert_near(ba.depth, DEPTH, 1e-6);
    // polygon–circle: circle r 0.5 at (1.3, 0): 1.3 − 0.5 = 0.8 vs 1 → +x by 0.2.
    let pc = at(1.3, 0.0);
    let c = contact(&sq, pa, &ball, pc).unwrap();
    assert_eq!(c.axis, Axis::EdgeA(1));
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.2, 1e-6);
    // circle–polygon: −x by 0.2, axis of b.
    let c = contact(&ball, pc, &sq, pa).unwrap();
    assert_eq!(c.axis, Axis::EdgeB(1));
    assert_close(c.normal, v(-1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.2, 1e-6);
    // circle–circle: r 1 at the origin, r 0.5 at (0.6, 0.8): centres 1 apart, depth 1.5 − 1.
    let c = contact(&circle(1.0), pa, &ball, at(0.6, 0.8)).unwrap();
    assert_close(c.normal, v(0.6, 0.8), 1e-6);
    assert_near(c.depth, 0.5, 1e-6);
    let c = contact(&ball, at(0.6, 0.8), &circle(1.0), pa).unwrap();
    assert_close(c.normal, v(-0.6, -0.8), 1e-6);
    assert_near(c.depth, 0.5, 1e-6);
    // Separated the same both ways: a gap of 0.5 between the square and a circle at (2, 0).
    assert_near(separation(&sq, pa, &ball, at(2.0, 0.0)).distance, 0.5, 1e-6);
    assert_near(separation(&ball, at(2.0, 0.0), &sq, pa).distance, 0.5, 1e-6);
    assert_close(separation(&ball, at(2.0, 0.0), &sq, pa).normal, v(-1.0, 0.0), 1e-6);
}

#[test]
fn shape_enum_dispatch_matches_typed_functions() {
    let sq = square(1.0);
    let ball = circle(0.5);
    let (pa, pb, pc) = (Pose::IDENTITY, Pose::new(v(2.2, 0.3), FRAC_PI_4), at(1.3, 0.0));
    let s_sq = Shape::from(sq.clone());
    let s_ball = Shape::from(ball);

    // polygon–polygon
    assert_eq!(contact(&s_sq, pa, &s_sq, pb), contact(&sq, pa, &sq, pb));
    assert_near(contact(&s_sq, pa, &s_sq, pb).unwrap().depth, DEPTH, 1e-6);
    assert_eq!(collide(&s_sq, pa, &s_sq, pb), collide(&sq, pa, &sq, pb));
    assert_eq!(separation(&s_sq, pa, &s_sq, pb), separation(&sq, pa, &sq, pb));
    assert_eq!(trace(&s_sq, pa, &s_sq, pb), trace(&sq, pa, &sq, pb));
    assert!(overlaps(&s_sq, pa, &s_sq, pb));
    // polygon–circle
    assert_eq!(contact(&s_sq, pa, &s_ball, pc), contact(&sq, pa, &ball, pc));
    assert_near(contact(&s_sq, pa, &s_ball, pc).unwrap().depth, 0.2, 1e-6);
    assert_eq!(collide(&s_sq, pa, &s_ball, pc), collide(&sq, pa, &ball, pc));
    assert_eq!(trace(&s_sq, pa, &s_ball, pc), trace(&sq, pa, &ball, pc));
    // circle–polygon
    assert_eq!(contact(&s_ball, pc, &s_sq, pa), contact(&ball, pc, &sq, pa));
    assert_close(contact(&s_ball, pc, &s_sq, pa).unwrap().normal, v(-1.0, 0.0), 1e-6);
    assert_eq!(collide(&s_ball, pc, &s_sq, pa), collide(&ball, pc, &sq, pa));
    assert_eq!(separation(&s_ball, pc, &s_sq, pa), separation(&ball, pc, &sq, pa));
    // circle–circle
    let far = at(2.0, 0.0);
    assert!(!overlaps(&s_ball, pa, &s_ball, far));
    assert_eq!(separation(&s_ball, pa, &s_ball, far).distance, 1.0);
    assert_eq!(contact(&s_ball, pa, &s_ball, at(0.6, 0.0)), contact(&ball, pa, &ball, at(0.6, 0.0)));
    assert_near(contact(&s_ball, pa, &s_ball, at(0.6, 0.0)).unwrap().depth, 0.4, 1e-6);
    // A separated pair: dispatch agrees (no overlap) in every order.
    for (x, y) in [(&s_sq, &s_sq), (&s_sq, &s_ball), (&s_ball, &s_sq), (&s_ball, &s_ball)] {
        assert!(!overlaps(x, pa, y, at(5.0, 5.0)));
        assert!(contact(x, pa, y, at(5.0, 5.0)).is_none());
    }
}
