//! The reference article's cases, with every expected value worked out by hand.

mod hand;

use hand::{assert_close, assert_near, unit_square, v};
use septa::consts::{FRAC_PI_4, SQRT_2};
use septa::{
    contact, overlaps, separation, trace, Axis, Circle, ConvexPolygon, Interval, Pose, Real, Vector, Verdict,
};

/// Two squares of half-size 1 rotated by 45° (diamonds with corners √2 from their centres),
/// b's centre at (1.6, 1.6).
///
/// Bounding boxes: a spans [−√2, √2] on both axes, b spans [1.6 − √2, 1.6 + √2] =
/// [0.186, 3.014]: they overlap on both axes, so an AABB test says "maybe".
///
/// SAT: rotating the square's edge normal (1,0) by 45° gives (1,1)/√2, a face normal of both.
/// Along it a reaches 1 (its half-size), b starts at 1.6·√2 − 1 = 1.2627: a gap of
/// 1.6√2 − 2 = 0.2627. The squares do not touch.
#[test]
fn rotated_squares_with_overlapping_bounding_boxes_do_not_touch() {
    let square = unit_square();
    let pa = Pose::new(Vector::ZERO, FRAC_PI_4);
    let pb = Pose::new(v(1.6, 1.6), FRAC_PI_4);

    // The bounding boxes do overlap (worked above): a.max = √2 > b.min = 1.6 − √2. Computed from
    // the world corners of both squares:
    let corners = |p: Pose| [v(1.0, 1.0), v(-1.0, 1.0), v(-1.0, -1.0), v(1.0, -1.0)].map(|c| p.apply(c));
    let (min_a, max_a) =
        corners(pa).iter().fold((Vector::MAX, Vector::MIN), |(lo, hi), c| (lo.min(*c), hi.max(*c)));
    let (min_b, max_b) =
        corners(pb).iter().fold((Vector::MAX, Vector::MIN), |(lo, hi), c| (lo.min(*c), hi.max(*c)));
    assert_close(max_a, Vector::splat(SQRT_2), 1e-5);
    assert_close(min_b, Vector::splat(1.6 - SQRT_2), 1e-5);
    assert!(min_b.cmplt(max_a).all() && min_a.cmplt(max_b).all());

    assert!(!overlaps(&square, pa, &square, pb));
    assert!(contact(&square, pa, &square, pb).is_none());

    let gap = 1.6 * SQRT_2 - 2.0;
    let s = separation(&square, pa, &square, pb);
    assert_near(s.distance, gap, 1e-5);
    assert_close(s.normal, v(1.0, 1.0) / SQRT_2, 1e-6);

    // Trace: a's normals rotated by 45°: (0,−1) → (1,−1)/√2, (1,0) → (1,1)/√2,
    // (0,1) → (−1,1)/√2, (−1,0) → (−1,−1)/√2. Along A0 = (1,−1)/√2 both centres project to 0:
    // [−1, 1] and [−1, 1] overlap. Along A1 = (1,1)/√2: a [−1, 1], b 1.6√2 ± 1: the first gap.
    let t = trace(&square, pa, &square, pb);
    assert_eq!(t.steps.len(), 8);
    assert!(!t.steps[0].is_gap());
    assert_eq!(t.steps[1].axis, Axis::EdgeA(1));
    assert_close(t.steps[1].direction, v(1.0, 1.0) / SQRT_2, 1e-6);
    assert_near(t.steps[1].a.interval.min, -1.0, 1e-5);
    assert_near(t.steps[1].a.interval.max, 1.0, 1e-5);
    assert_near(t.steps[1].b.interval.min, 1.6 * SQRT_2 - 1.0, 1e-5);
    assert_near(t.steps[1].b.interval.max, 1.6 * SQRT_2 + 1.0, 1e-5);
    assert_near(t.steps[1].separation, gap, 1e-5);
    assert_eq!(t.steps[1].push, None);
    assert_eq!(t.verdict, Verdict::Separated { step: 1 });

    // Moving b to (1.4, 1.4) closes the gap: 1.4√2 − 2 = −0.0201 on the same axis, and that is
    // the smallest push (the other axis, (1,−1)/√2, needs 2).
    let pb = Pose::new(v(1.4, 1.4), FRAC_PI_4);
    assert!(overlaps(&square, pa, &square, pb));
    let c = contact(&square, pa, &square, pb).unwrap();
    assert_near(c.depth, 2.0 - 1.4 * SQRT_2, 1e-5);
    assert_close(c.normal, v(1.0, 1.0) / SQRT_2, 1e-5);
}

/// a = the axis-aligned square [−1,1]², b = the same square rotated by −45° (a diamond with
/// corners √2 from its centre) at (2, 2).
///
/// a's normals are ±x and ±y. On x, a is [−1, 1] and b is [2 − √2, 2 + √2] = [0.586, 3.414]:
/// overlap; the same on y. So every normal of a overlaps.
///
/// b's edge 0 has local normal (0,−1); rotated by −45° it is (−1,−1)/√2, facing a. Along it b's
/// centre projects to −4/√2 = −2√2 and b spans −2√2 ± 1 = [−3.828, −1.828]; a spans
/// [−√2, √2] (its corners ±(1,1)). Gap: −√2 − (−2√2 + 1) = √2 − 1 = 0.4142. Testing only a's
/// normals would wrongly report overlap; b's first edge separates them.
#[test]
fn only_an_edge_normal_of_b_separates() {
    let square = unit_square();
    let pa = Pose::IDENTITY;
    let pb = Pose::new(v(2.0, 2.0), -FRAC_PI_4);
    assert!(!overlaps(&square, pa, &square, pb));
    assert!(contact(&square, pa, &square, pb).is_none());

    let t = trace(&square, pa, &square, pb);
    assert_eq!(t.steps.len(), 8);
    // All of a's normals overlap: on A1 = +x, a [−1,1], b [2−√2, 2+√2].
    for step in &t.steps[..4] {
        assert!(!step.is_gap(), "{:?}", step.axis);
    }
    assert_near(t.steps[1].b.interval.min, 2.0 - SQRT_2, 1e-5);
    assert_near(t.steps[1].b.interval.max, 2.0 + SQRT_2, 1e-5);
    // The first gap is b's edge 0.
    assert_eq!(t.verdict, Verdict::Separated { step: 4 });
    let gap_step = &t.steps[4];
    assert_eq!(gap_step.axis, Axis::EdgeB(0));
    assert_close(gap_step.direction, v(-1.0, -1.0) / SQRT_2, 1e-6);
    assert_near(gap_step.a.interval.min, -SQRT_2, 1e-5);
    assert_near(gap_step.a.interval.max, SQRT_2, 1e-5);
    assert_near(gap_step.b.interval.min, -2.0 * SQRT_2 - 1.0, 1e-5);
    assert_near(gap_step.b.interval.max, -2.0 * SQRT_2 + 1.0, 1e-5);
    assert_near(gap_step.separation, SQRT_2 - 1.0, 1e-5);

    // The separation is that gap, along b's edge-0 normal turned around to point from a to b.
    // (The opposite face, edge 2, gives the same gap; ties go to the lower index.)
    let s = separation(&square, pa, &square, pb);
    assert_eq!(s.axis, Axis::EdgeB(0));
    assert_near(s.distance, SQRT_2 - 1.0, 1e-5);
    assert_close(s.normal, v(1.0, 1.0) / SQRT_2, 1e-6);

    // With a and b exchanged, the separating axis is a's edge 0, found among the first four.
    let t = trace(&square, pb, &square, pa);
    assert_eq!(t.verdict, Verdict::Separated { step: 0 });
    assert_eq!(t.steps[0].axis, Axis::EdgeA(0));
    assert!(!overlaps(&square, pb, &square, pa));
}

/// a = a wide box [−5, 5] × [−1, 1]; b = a thin rod [−0.1, 0.1] × [−3, 3] placed at x = 3.5, so
/// its x-shadow [3.4, 3.6] lies inside a's [−5, 5] and its y-shadow [−3, 3] contains a's [−1, 1].
///
/// On x: forwards 5 − 3.4 = 1.6, backwards 3.6 + 5 = 8.6 → push +1.6 (the overlap length is
/// only 0.2). On y: forwards 1 + 3 = 4, backwards 3 + 1 = 4 → 4 (overlap length 2). The MTV is
/// +x by 1.6; pushing by the overlap length 0.2 would leave the rod inside the box.
#[test]
fn the_push_is_the_shorter_way_out_not_the_overlap_length() {
    let wide = ConvexPolygon::rectangle(v(5.0, 1.0)).unwrap();
    let rod = ConvexPolygon::rectangle(v(0.1, 3.0)).unwrap();
    let pa = Pose::IDENTITY;
    let pb = Pose::from_translation(v(3.5, 0.0));
    let c = contact(&wide, pa, &rod, pb).unwrap();
    assert_near(c.depth, 1.6, 1e-5);
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    // a's right face (edge 1) or b's left face (edge 3, turned around) both give 1.6.
    assert!(matches!(c.axis, Axis::EdgeA(1) | Axis::EdgeB(3)), "{:?}", c.axis);

    // Pushing by the overlap length leaves them overlapping; by the MTV (plus a hair) separates.
    let by = |d: Real| Pose::from_translation(pb.translation + c.normal * d);
    assert!(overlaps(&wide, pa, &rod, by(0.2)));
    assert!(overlaps(&wide, pa, &rod, by(1.5)));
    assert!(!overlaps(&wide, pa, &rod, by(1.6 + 1e-4)));

    // The trace shows both ways out on a's x normal and on a's −x normal.
    let t = trace(&wide, pa, &rod, pb);
    // A1 = (1,0): a [−5, 5], b [3.4, 3.6], push +1.6 (forwards).
    assert_eq!(t.steps[1].axis, Axis::EdgeA(1));
    assert_near(t.steps[1].b.interval.min, 3.4, 1e-5);
    assert_near(t.steps[1].b.interval.max, 3.6, 1e-5);
    assert_near(t.steps[1].push.unwrap(), 1.6, 1e-5);
    // A3 = (−1,0): a [−5, 5], b [−3.6, −3.4]: forwards 5 + 3.6 = 8.6, backwards −3.4 + 5 = 1.6 →
    // push −1.6 (backwards along −x, i.e. +x again).
    assert_eq!(t.steps[3].axis, Axis::EdgeA(3));
    assert_near(t.steps[3].push.unwrap(), -1.6, 1e-5);
    // A0 = (0,−1): a [−1, 1], b [−3, 3]: 4 either way, a tie goes forwards → +4.
    assert_near(t.steps[0].push.unwrap(), 4.0, 1e-5);
    let Verdict::Colliding { contact: tc, .. } = t.verdict else { panic!("{:?}", t.verdict) };
    assert_near(tc.depth, 1.6, 1e-5);
    assert_close(tc.normal, v(1.0, 0.0), 1e-6);

    // With the rod moved to x = −3.5 the shorter way out flips to −x.
    let c = contact(&wide, pa, &rod, Pose::from_translation(v(-3.5, 0.0))).unwrap();
    assert_near(c.depth, 1.6, 1e-5);
    assert_close(c.normal, v(-1.0, 0.0), 1e-6);
}

#[test]
fn interval_push_and_separation() {
    // The module's sketch: a = [0, 10], b = [6, 8] inside it. Forwards 10 − 6 = 4, backwards
    // 8 − 0 = 8 → +4. Separation max(6 − 10, 0 − 8) = −4.
    let a = Interval::new(0.0, 10.0);
    assert_eq!(a.push(Interval::new(6.0, 8.0)), 4.0);
    assert_eq!(a.separation(Interval::new(6.0, 8.0)), -4.0);
    // b = [2, 3]: forwards 8, backwards 3 → −3 (backwards). Separation max(2 − 10, 0 − 3) = −3.
    assert_eq!(a.push(Interval::new(2.0, 3.0)), -3.0);
    assert_eq!(a.separation(Interval::new(2.0, 3.0)), -3.0);
    // b = [3, 7], centred: forwards 7, backwards 7: a tie goes forwards → +7.
    assert_eq!(a.push(Interval::new(3.0, 7.0)), 7.0);
    // Partial overlap: a = [0, 5], b = [3, 8]: forwards 2, backwards 8 → +2; separation −2.
    let a = Interval::new(0.0, 5.0);
    assert_eq!(a.push(Interval::new(3.0, 8.0)), 2.0);
    assert_eq!(a.separation(Interval::new(3.0, 8.0)), -2.0);
    // b to the left: b = [−4, 1]: forwards 5 + 4 = 9, backwards 1 − 0 = 1 → −1.
    assert_eq!(a.push(Interval::new(-4.0, 1.0)), -1.0);
    // b containing a: b = [−1, 10]: forwards 5 + 1 = 6, backwards 10 − 0 = 10 → +6.
    assert_eq!(a.push(Interval::new(-1.0, 10.0)), 6.0);
    // Touching: [0,1] and [1,2] → 0, either order. Gaps: [0,1],[3,4] → 2; [3,4],[0,1] → 2.
    assert_eq!(Interval::new(0.0, 1.0).separation(Interval::new(1.0, 2.0)), 0.0);
    assert_eq!(Interval::new(1.0, 2.0).separation(Interval::new(0.0, 1.0)), 0.0);
    assert_eq!(Interval::new(0.0, 1.0).separation(Interval::new(3.0, 4.0)), 2.0);
    assert_eq!(Interval::new(3.0, 4.0).separation(Interval::new(0.0, 1.0)), 2.0);
    // Identical intervals: separation −width, push forwards by the width.
    assert_eq!(Interval::new(-2.0, 2.0).separation(Interval::new(-2.0, 2.0)), -4.0);
    assert_eq!(Interval::new(-2.0, 2.0).push(Interval::new(-2.0, 2.0)), 4.0);
    assert_eq!(Interval::new(1.0, 4.0).length(), 3.0);
    assert_eq!(Interval::new(1.0, 4.0).shifted(-2.0), Interval::new(-1.0, 2.0));
}

/// a = [−1,1]², b = a circle of radius 0.5 at (1.4, 1.4), off the corner (1, 1) (vertex 2).
///
/// Faces: on +x the circle spans 1.4 ± 0.5 = [0.9, 1.9] against a's max 1: overlap by 0.1;
/// the same on +y; −x and −y overlap by much more. Corner axis (1,1)/√2: the centre is
/// 0.4√2 = 0.566 from the corner, more than the radius: a gap of 0.4√2 − 0.5 = 0.0657.
#[test]
fn circle_off_a_corner_is_separated_only_by_the_vertex_axis() {
    let square = unit_square();
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    let pb = Pose::from_translation(v(1.4, 1.4));
    assert!(!overlaps(&square, Pose::IDENTITY, &ball, pb));
    assert!(contact(&square, Pose::IDENTITY, &ball, pb).is_none());

    let t = trace(&square, Pose::IDENTITY, &ball, pb);
    assert_eq!(t.steps.len(), 5);
    for step in &t.steps[..4] {
        assert!(!step.is_gap(), "{:?}", step.axis);
    }
    // On A1 (+x): a [−1, 1], circle [0.9, 1.9].
    assert_near(t.steps[1].b.interval.min, 0.9, 1e-5);
    assert_near(t.steps[1].b.interval.max, 1.9, 1e-5);
    assert_eq!(t.steps[4].axis, Axis::VertexA(2));
    assert_close(t.steps[4].direction, v(1.0, 1.0) / SQRT_2, 1e-6);
    // a's max along it: the corner, √2. The circle's min: 1.4√2 − 0.5.
    assert_near(t.steps[4].a.interval.max, SQRT_2, 1e-5);
    assert_near(t.steps[4].b.interval.min, 1.4 * SQRT_2 - 0.5, 1e-5);
    assert_near(t.steps[4].separation, 0.4 * SQRT_2 - 0.5, 1e-5);
    assert_eq!(t.verdict, Verdict::Separated { step: 4 });

    let s = separation(&square, Pose::IDENTITY, &ball, pb);
    assert_eq!(s.axis, Axis::VertexA(2));
    assert_near(s.distance, 0.4 * SQRT_2 - 0.5, 1e-5);

    // Closer, at (1.3, 1.3): the corner is 0.3√2 = 0.424 from the centre, inside the circle by
    // 0.5 − 0.3√2 = 0.0757, less than the faces' 0.2: the MTV is along the corner axis.
    let pb = Pose::from_translation(v(1.3, 1.3));
    let c = contact(&square, Pose::IDENTITY, &ball, pb).unwrap();
    assert_eq!(c.axis, Axis::VertexA(2));
    assert_near(c.depth, 0.5 - 0.3 * SQRT_2, 1e-5);
    assert_close(c.normal, v(1.0, 1.0) / SQRT_2, 1e-6);
    // Seen from the circle: the normal turns around, the axis is b's vertex.
    let c = contact(&ball, pb, &square, Pose::IDENTITY).unwrap();
    assert_eq!(c.axis, Axis::VertexB(2));
    assert_close(c.normal, v(-1.0, -1.0) / SQRT_2, 1e-6);
}
