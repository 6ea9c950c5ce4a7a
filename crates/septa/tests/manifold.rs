//! Contact manifolds (reference/incident clipping, polygon–circle, circle–circle) against
//! hand-derived points, depths and feature ids.

mod hand;

use hand::{assert_close, assert_near, v};
use septa::consts::{FRAC_PI_2, SQRT_2};
use septa::pair::polygon_polygon::REFERENCE_BIAS;
use septa::{
    collide, contact, Circle, ClipFaces, ContactPoint, ConvexPolygon, Feature, FeatureId, Manifold, Pose,
    Real, Vector,
};

fn id(a: Feature, b: Feature) -> FeatureId {
    FeatureId { a, b }
}

/// The point with this id; fails if there is none.
#[track_caller]
fn point_with(m: &Manifold, want: FeatureId) -> ContactPoint {
    *m.points()
        .iter()
        .find(|p| p.id == want)
        .unwrap_or_else(|| panic!("no point with id {want:?} in {:?}", m.points()))
}

#[track_caller]
fn assert_ids(m: &Manifold, want: &[FeatureId]) {
    let mut got: Vec<String> = m.points().iter().map(|p| format!("{:?}", p.id)).collect();
    let mut want: Vec<String> = want.iter().map(|i| format!("{i:?}")).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want);
}

fn ground() -> ConvexPolygon {
    // [−10,10] × [−1,1]. Vertices 0 (−10,−1), 1 (10,−1), 2 (10,1), 3 (−10,1); the top is edge 2
    // (from vertex 2 to vertex 3), normal (0,1), offset 1.
    ConvexPolygon::rectangle(v(10.0, 1.0)).unwrap()
}

fn unit_box() -> ConvexPolygon {
    // [−0.5,0.5]²: vertices 0 (−.5,−.5), 1 (.5,−.5), 2 (.5,.5), 3 (−.5,.5); bottom = edge 0.
    ConvexPolygon::rectangle(Vector::splat(0.5)).unwrap()
}

/// The box centred at (0.3, 1.49): its bottom at y = 0.99, 0.01 into the ground's top y = 1.
///
/// Separations: the ground's top face, 0.99 − 1 = −0.01; the box's bottom face, the same −0.01
/// (the ground's top corners are 0.49 below the box's centre, the face at 0.5). A tie: the bias
/// makes a's face (the ground's top, edge 2) the reference. Incident: the box's bottom, edge 0,
/// from vertex 0 at (−0.2, 0.99) to vertex 1 at (0.8, 0.99). The side planes x = 10 and x = −10
/// cut nothing, both ends are 0.01 behind y = 1: two points, ids (Edge(2), Vertex(0)) and
/// (Edge(2), Vertex(1)).
#[test]
fn box_resting_on_the_ground() {
    let m = collide(&ground(), Pose::IDENTITY, &unit_box(), Pose::from_translation(v(0.3, 1.49))).unwrap();
    assert_eq!(m.normal, v(0.0, 1.0));
    assert_eq!(m.points().len(), 2);
    let p0 = point_with(&m, id(Feature::Edge(2), Feature::Vertex(0)));
    let p1 = point_with(&m, id(Feature::Edge(2), Feature::Vertex(1)));
    assert_close(p0.point, v(-0.2, 0.99), 1e-6);
    assert_close(p1.point, v(0.8, 0.99), 1e-6);
    assert_near(p0.depth, 0.01, 1e-6);
    assert_near(p1.depth, 0.01, 1e-6);
    assert_near(m.depth(), 0.01, 1e-6);

    // Sliding a little (0.3 → 0.31) keeps the same features in contact: the same ids.
    let m2 = collide(&ground(), Pose::IDENTITY, &unit_box(), Pose::from_translation(v(0.31, 1.49))).unwrap();
    assert_ids(&m2, &[id(Feature::Edge(2), Feature::Vertex(0)), id(Feature::Edge(2), Feature::Vertex(1))]);
    assert_close(point_with(&m2, id(Feature::Edge(2), Feature::Vertex(0))).point, v(-0.19, 0.99), 1e-6);
}

/// The box turned by α = 0.05 rad, centred at cy = 0.99 + 0.5 cos α − 0.5 sin α so that its
/// vertex 1, at (0.5 cos α + 0.5 sin α, cy + 0.5 sin α − 0.5 cos α), sits at y = 0.99.
/// Vertex 0, at (−0.5 cos α + 0.5 sin α, cy − 0.5 sin α − 0.5 cos α), sits at y = 0.99 − sin α.
///
/// Separations: the ground's top: (0.99 − sin α) − 1 = −(0.01 + sin α) = −0.05998. The box's
/// tilted bottom normal (sin α, −cos α) sees the ground's corner (−10, 1) at
/// −10 sin α + (cy − 1) cos α = −0.4998 + 0.4629 = −0.037 relative to the centre, against its
/// offset 0.5: −0.537. No near tie: the ground's top is the reference in either order.
///
/// Incident: the box's edge most anti-parallel to (0,1): its bottom (normal·(0,1) = −cos α),
/// vertex 0 → vertex 1. Both ends are behind y = 1: two points with depths 0.01 + sin α and 0.01.
fn tilted_pose() -> (Pose, f64) {
    let alpha = 0.05f64;
    let cy = 0.99 + 0.5 * alpha.cos() - 0.5 * alpha.sin();
    (Pose::new(v(0.0, cy as Real), alpha as Real), alpha)
}

#[test]
fn slightly_tilted_box_has_two_points_of_different_depth() {
    let (pose, alpha) = tilted_pose();
    let (s, c) = (alpha.sin(), alpha.cos());
    let cy = 0.99 + 0.5 * c - 0.5 * s;
    let v0 = Vector::new((-0.5 * c + 0.5 * s) as Real, (cy - 0.5 * s - 0.5 * c) as Real);
    let v1 = Vector::new((0.5 * c + 0.5 * s) as Real, (cy + 0.5 * s - 0.5 * c) as Real);
    let m = collide(&ground(), Pose::IDENTITY, &unit_box(), pose).unwrap();
    assert_eq!(m.normal, v(0.0, 1.0));
    assert_eq!(m.points().len(), 2);
    let p0 = point_with(&m, id(Feature::Edge(2), Feature::Vertex(0)));
    let p1 = point_with(&m, id(Feature::Edge(2), Feature::Vertex(1)));
    assert_close(p0.point, v0, 1e-6);
    assert_close(p1.point, v1, 1e-6);
    assert_near(p0.depth, (0.01 + s) as Real, 1e-6);
    assert_near(p1.depth, 0.01, 1e-6);
    // The MTV depth is the deeper point's.
    assert_near(
        contact(&ground(), Pose::IDENTITY, &unit_box(), pose).unwrap().depth,
        (0.01 + s) as Real,
        1e-6,
    );

    // Swapped (box as a): not a near tie, so the ground's face is still the reference. The
    // normal turns around, the ids swap slots, the points and depths are the same.
    let w = collide(&unit_box(), pose, &ground(), Pose::IDENTITY).unwrap();
    assert_eq!(w.normal, v(0.0, -1.0));
    assert_eq!(w.points().len(), 2);
    let q0 = point_with(&w, id(Feature::Vertex(0), Feature::Edge(2)));
    let q1 = point_with(&w, id(Feature::Vertex(1), Feature::Edge(2)));
    assert_close(q0.point, v0, 1e-6);
    assert_close(q1.point, v1, 1e-6);
    assert_near(q0.depth, p0.depth, 1e-7);
    assert_near(q1.depth, p1.depth, 1e-7);
}

/// The box turned by 30°, its lowest corner (vertex 0, local (−0.5,−0.5)) at
/// (−0.5 cos 30° + 0.5 sin 30°, −0.5 sin 30° − 0.5 cos 30°) = (−0.1830, −0.6830) from its
/// centre. Centre at (0, 0.95 + 0.6830): the corner at (−0.1830, 0.95), 0.05 deep. Vertex 1 is at
/// 0.5 sin 30° − 0.5 cos 30° = −0.1830 from the centre, y = 1.45: above the ground.
/// Reference: the ground's top (the box's faces are far worse: its bottom normal
/// (0.5, −0.866) sees the ground's corner (−10, 1) far below). Incident: the box's bottom
/// (normal · (0,1) = −cos 30°, the most negative). One point: the corner, depth 0.05.
#[test]
fn tilted_box_corner_into_the_ground() {
    let (s, c) = (0.5f64, 0.75f64.sqrt());
    let cy = 0.95 + 0.5 * s + 0.5 * c;
    let pose = Pose::new(v(0.0, cy as Real), Real::to_radians(30.0));
    let corner = Vector::new((-0.5 * c + 0.5 * s) as Real, 0.95);
    let m = collide(&ground(), Pose::IDENTITY, &unit_box(), pose).unwrap();
    assert_eq!(m.normal, v(0.0, 1.0));
    assert_eq!(m.points().len(), 1);
    assert_eq!(m.points()[0].id, id(Feature::Edge(2), Feature::Vertex(0)));
    assert_close(m.points()[0].point, corner, 1e-6);
    assert_near(m.points()[0].depth, 0.05, 1e-6);

    // Swapped: normal flipped, the same point, ids swapped.
    let w = collide(&unit_box(), pose, &ground(), Pose::IDENTITY).unwrap();
    assert_eq!(w.normal, v(0.0, -1.0));
    assert_eq!(w.points().len(), 1);
    assert_eq!(w.points()[0].id, id(Feature::Vertex(0), Feature::Edge(2)));
    assert_close(w.points()[0].point, corner, 1e-6);
    assert_near(w.points()[0].depth, 0.05, 1e-6);
}

/// Ground [−2,2] × [−0.5,0.5] (top = edge 2 from vertex 2 (2,0.5) to vertex 3 (−2,0.5)); the
/// box centred at (2.2, 0.99) hangs over the right end: x ∈ [1.7, 2.7], bottom y = 0.49.
///
/// Separations: ground top −0.01, box bottom −0.01 (tie → a), ground right 1.7 − 2 = −0.3, box
/// left −0.3. Reference: ground top, tangent (−1, 0), side planes x ≤ 2 (through vertex 2) and
/// x ≥ −2 (through vertex 3). Incident: the box's bottom from vertex 0 (1.7, 0.49) to vertex 1
/// (2.7, 0.49). Vertex 1 is beyond x = 2 and is replaced by the crossing (2, 0.49), cut by the
/// side plane through the ground's vertex 2: id (Vertex(2), Edge(0)). Both 0.01 deep.
#[test]
fn box_hanging_over_the_edge_of_the_ground() {
    let short = ConvexPolygon::rectangle(v(2.0, 0.5)).unwrap();
    let m = collide(&short, Pose::IDENTITY, &unit_box(), Pose::from_translation(v(2.2, 0.99))).unwrap();
    assert_eq!(m.normal, v(0.0, 1.0));
    assert_ids(&m, &[id(Feature::Edge(2), Feature::Vertex(0)), id(Feature::Vertex(2), Feature::Edge(0))]);
    let kept = point_with(&m, id(Feature::Edge(2), Feature::Vertex(0)));
    let cut = point_with(&m, id(Feature::Vertex(2), Feature::Edge(0)));
    assert_close(kept.point, v(1.7, 0.49), 1e-6);
    assert_close(cut.point, v(2.0, 0.49), 1e-6);
    assert_near(kept.depth, 0.01, 1e-6);
    assert_near(cut.depth, 0.01, 1e-6);

    // Slid to 2.21: the same features, the cut point still at x = 2.
    let m2 = collide(&short, Pose::IDENTITY, &unit_box(), Pose::from_translation(v(2.21, 0.99))).unwrap();
    assert_ids(&m2, &[id(Feature::Edge(2), Feature::Vertex(0)), id(Feature::Vertex(2), Feature::Edge(0))]);
    assert_close(point_with(&m2, id(Feature::Vertex(2), Feature::Edge(0))).point, v(2.0, 0.49), 1e-6);
    assert_close(point_with(&m2, id(Feature::Edge(2), Feature::Vertex(0))).point, v(1.71, 0.49), 1e-6);

    // Over the left end, centre (−2.2, 0.99): vertex 0 (−2.7, 0.49) is beyond x = −2, cut by the
    // side plane through the ground's vertex 3 → (−2, 0.49), id (Vertex(3), Edge(0)); vertex 1
    // (−1.7, 0.49) kept, id (Edge(2), Vertex(1)).
    let m = collide(&short, Pose::IDENTITY, &unit_box(), Pose::from_translation(v(-2.2, 0.99))).unwrap();
    assert_close(point_with(&m, id(Feature::Vertex(3), Feature::Edge(0))).point, v(-2.0, 0.49), 1e-6);
    assert_close(point_with(&m, id(Feature::Edge(2), Feature::Vertex(1))).point, v(-1.7, 0.49), 1e-6);

    // Swapped (box as a): the box's bottom now ties with the ground's top and, being a's, is
    // the reference. The ground's top edge (vertex 2 (2, 0.5) → vertex 3 (−2, 0.5)) is clipped
    // to the box's slab x ∈ [1.7, 2.7]: vertex 2 is inside (id (Edge(0), Vertex(2))), vertex 3
    // is cut at x = 1.7 by the side plane through the box's vertex 0 (id (Vertex(0), Edge(2))).
    // Depth behind the box's bottom y = 0.49: 0.5 − 0.49 = 0.01 each. (Here the point set
    // differs from the unswapped one, (1.7, 0.49) and (2, 0.49): it was a tie.)
    let w = collide(&unit_box(), Pose::from_translation(v(2.2, 0.99)), &short, Pose::IDENTITY).unwrap();
    assert_eq!(w.normal, v(0.0, -1.0));
    assert_close(point_with(&w, id(Feature::Edge(0), Feature::Vertex(2))).point, v(2.0, 0.5), 1e-6);
    assert_close(point_with(&w, id(Feature::Vertex(0), Feature::Edge(2))).point, v(1.7, 0.5), 1e-6);
    for p in w.points() {
        assert_near(p.depth, 0.01, 1e-6);
    }
}

/// Two identical boxes stacked, the upper one centred at (0.2, 0.99), 0.01 into the lower, and
/// turned by a tiny ε (±1e-6 rad) in successive frames. To first order in ε:
/// * a's top face sees b's lower bottom corner at 0.49 − 0.5|ε|: sa = −0.01 − 0.5|ε|;
/// * b's bottom normal (sin ε, −cos ε) sees a's top corners, at (0.3, −0.49) and (−0.7, −0.49)
///   from b's centre, at 0.49 − 0.7ε (ε > 0) or 0.49 − 0.3|ε| (ε < 0): sb = −0.01 − 0.7ε or
///   −0.01 − 0.3|ε|.
///
/// So b's face is better by 0.2|ε| = 2e-7 when ε = −1e-6 and a's by 2e-7 when ε = +1e-6: without
/// a bias the reference face would flip between the two frames. With it (3.5e-4 here) a's top
/// face (edge 2, normal (0,1)) stays the reference in every frame, so the normal and the ids do
/// not flip. With a the reference: the upper box's bottom edge runs from x ≈ −0.3 (its vertex 0,
/// kept: (Edge(2), Vertex(0))) to x ≈ 0.7, cut at x = 0.5 by the side plane through a's
/// vertex 2: (Vertex(2), Edge(0)). Both 0.01 deep (± 1e-6 from the turn).
#[test]
fn reference_edge_does_not_flip_for_nearly_parallel_faces() {
    let b = unit_box();
    let mut seen = Vec::new();
    for angle in [1e-6 as Real, -1e-6, 0.0, 2e-6] {
        let m = collide(&b, Pose::IDENTITY, &b, Pose::new(v(0.2, 0.99), angle)).unwrap();
        assert_eq!(m.normal, v(0.0, 1.0), "angle {angle}");
        assert_ids(&m, &[id(Feature::Edge(2), Feature::Vertex(0)), id(Feature::Vertex(2), Feature::Edge(0))]);
        for p in m.points() {
            assert_near(p.depth, 0.01, 1e-5);
        }
        seen.push(m.points().iter().map(|p| p.id).collect::<Vec<_>>());
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
}

/// a = the unit box at the origin, b = a 4×1 plank turned by α, centred at (0, 0.99).
///
/// a's top face sees the plank's lower corner (local (−2,−0.5)) at y = 0.99 − 0.5 cos α − 2 sin α:
/// sa = 0.49 − 0.5 (cos α − 1) − 2 sin α − 0.5 ≈ −0.01 − 2α.
/// The plank's bottom normal (sin α, −cos α) sees a's top corners (±0.5, 0.5), at (±0.5, −0.49)
/// from its centre: min = 0.49 cos α − 0.5 sin α, so sb ≈ −0.01 − 0.5α. b's face is better by
/// ≈ 1.5α. The bias is 5e-4 × the smaller bounding radius, √0.5 (the box): 3.54e-4.
/// * α = 1e-4: 1.5e-4 < 3.54e-4, a near tie: the reference is a's top, manifold normal (0,1),
///   although the MTV (contact) takes b's face, normal (−sin α, cos α).
/// * α = 1e-3: 1.5e-3 > 3.54e-4: b's face is the reference, normal (−sin α, cos α).
#[test]
fn near_tie_goes_to_a() {
    let a = unit_box();
    let plank = ConvexPolygon::rectangle(v(2.0, 0.5)).unwrap();
    let bias = REFERENCE_BIAS * Real::sqrt(0.5);
    assert_near(bias, 3.5355e-4, 1e-7);

    let alpha: Real = 1e-4;
    let pb = Pose::new(v(0.0, 0.99), alpha);
    let c = contact(&a, Pose::IDENTITY, &plank, pb).unwrap();
    assert_close(c.normal, v(-alpha.sin(), alpha.cos()), 1e-6);
    assert_eq!(c.axis, septa::Axis::EdgeB(0));
    let m = collide(&a, Pose::IDENTITY, &plank, pb).unwrap();
    assert_eq!(m.normal, a.normals()[2]);
    assert_eq!(m.normal, v(0.0, 1.0));
    // The plank's bottom (edge 0) spans far beyond a's top face and is cut by both side planes:
    // at x = 0.5 (through a's vertex 2) and x = −0.5 (through a's vertex 3).
    assert_ids(&m, &[id(Feature::Vertex(2), Feature::Edge(0)), id(Feature::Vertex(3), Feature::Edge(0))]);
    // The bottom edge is the line (t cos α + 0.5 sin α, 0.99 + t sin α − 0.5 cos α); at x = ±0.5
    // t = (±0.5 − 0.5 sin α)/cos α; depth = 0.5 − y.
    let (s, co) = ((alpha as f64).sin(), (alpha as f64).cos());
    for (vertex, x) in [(2u32, 0.5f64), (3, -0.5)] {
        let t = (x - 0.5 * s) / co;
        let y = 0.99 + t * s - 0.5 * co;
        let p = point_with(&m, id(Feature::Vertex(vertex), Feature::Edge(0)));
        assert_close(p.point, Vector::new(x as Real, y as Real), 1e-6);
        assert_near(p.depth, (0.5 - y) as Real, 1e-6);
    }
    // The manifold's deepest point is at most the bias deeper than the MTV.
    assert!(m.depth() <= c.depth + bias);

    let alpha: Real = 1e-3;
    let pb = Pose::new(v(0.0, 0.99), alpha);
    let m = collide(&a, Pose::IDENTITY, &plank, pb).unwrap();
    assert_close(m.normal, v(-alpha.sin(), alpha.cos()), 1e-6);
    // b is the reference: ids are (incident a feature, reference b feature). a's top edge 2
    // (vertices 2 (0.5,0.5) and 3 (−0.5,0.5)) is incident, both inside the plank's slab.
    assert_ids(&m, &[id(Feature::Vertex(2), Feature::Edge(0)), id(Feature::Vertex(3), Feature::Edge(0))]);
    assert_close(point_with(&m, id(Feature::Vertex(2), Feature::Edge(0))).point, v(0.5, 0.5), 1e-6);
    assert_close(point_with(&m, id(Feature::Vertex(3), Feature::Edge(0))).point, v(-0.5, 0.5), 1e-6);
    // Depth of a's corner (x, 0.5) behind the plank's bottom: 0.5 − n_b·((x, 0.5) − (0, 0.99))
    // with n_b = (sin α, −cos α): 0.5 − (x sin α + 0.49 cos α).
    let (s, co) = (alpha.sin(), alpha.cos());
    for (vertex, x) in [(2u32, 0.5 as Real), (3, -0.5)] {
        let p = point_with(&m, id(Feature::Vertex(vertex), Feature::Edge(0)));
        assert_near(p.depth, 0.5 - (x * s + 0.49 * co), 1e-6);
    }
}

#[test]
fn polygon_circle_manifold() {
    let sq = ConvexPolygon::rectangle(Vector::ONE).unwrap();
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    // Circle at (1.3, 0.4): +x face overlap 1 − 0.8 = 0.2, +y 1.1, the corner (1,1) 0.67 away
    // (clear of the corner region). Point = centre − (1,0)·0.5 = (0.8, 0.4), depth 0.2.
    let pc = Pose::from_translation(v(1.3, 0.4));
    let m = collide(&sq, Pose::IDENTITY, &ball, pc).unwrap();
    assert_eq!(m.points().len(), 1);
    assert_close(m.normal, v(1.0, 0.0), 1e-6);
    assert_close(m.points()[0].point, v(0.8, 0.4), 1e-6);
    assert_near(m.points()[0].depth, 0.2, 1e-6);
    assert_eq!(m.points()[0].id, id(Feature::Edge(1), Feature::Circle));
    // Circle first: normal turned around, the same point, ids swapped.
    let w = collide(&ball, pc, &sq, Pose::IDENTITY).unwrap();
    assert_close(w.normal, v(-1.0, 0.0), 1e-6);
    assert_close(w.points()[0].point, v(0.8, 0.4), 1e-6);
    assert_eq!(w.points()[0].id, id(Feature::Circle, Feature::Edge(1)));

    // Off the corner at (1.3, 1.3): the corner is 0.3√2 from the centre: depth 0.5 − 0.3√2,
    // normal (1,1)/√2, point = centre − normal·0.5 = (1.3 − 0.5/√2) on both axes, id
    // (Vertex(2), Circle).
    let m = collide(&sq, Pose::IDENTITY, &ball, Pose::from_translation(v(1.3, 1.3))).unwrap();
    assert_close(m.normal, v(1.0, 1.0) / SQRT_2, 1e-6);
    assert_close(m.points()[0].point, Vector::splat(1.3 - 0.5 / SQRT_2), 1e-6);
    assert_near(m.points()[0].depth, 0.5 - 0.3 * SQRT_2, 1e-6);
    assert_eq!(m.points()[0].id, id(Feature::Vertex(2), Feature::Circle));

    // The square turned by 90° at (10, 0), the circle at (10, 1.3): in the square's frame the
    // centre is (1.3, 0), against local edge 1 (+x). World normal: (1,0) turned by 90° = (0,1);
    // point (10, 1.3 − 0.5) = (10, 0.8), depth 0.2.
    let m = collide(&sq, Pose::new(v(10.0, 0.0), FRAC_PI_2), &ball, Pose::from_translation(v(10.0, 1.3)))
        .unwrap();
    assert_close(m.normal, v(0.0, 1.0), 1e-6);
    assert_close(m.points()[0].point, v(10.0, 0.8), 1e-5);
    assert_near(m.points()[0].depth, 0.2, 1e-5);
    assert_eq!(m.points()[0].id, id(Feature::Edge(1), Feature::Circle));
}

#[test]
fn circle_circle_manifold() {
    // a: r 1 at the origin; b: r 0.5 at 1.2·(0.6, 0.8) = (0.72, 0.96). Centres 1.2 apart:
    // depth 1.5 − 1.2 = 0.3, normal (0.6, 0.8); point = b's deepest point into a,
    // (0.72, 0.96) − (0.6, 0.8)·0.5 = (0.42, 0.56).
    let a = Circle::new(Vector::ZERO, 1.0).unwrap();
    let b = Circle::new(Vector::ZERO, 0.5).unwrap();
    let pb = Pose::from_translation(v(0.72, 0.96));
    let m = collide(&a, Pose::IDENTITY, &b, pb).unwrap();
    assert_eq!(m.points().len(), 1);
    assert_close(m.normal, v(0.6, 0.8), 1e-6);
    assert_close(m.points()[0].point, v(0.42, 0.56), 1e-6);
    assert_near(m.points()[0].depth, 0.3, 1e-6);
    assert_eq!(m.points()[0].id, id(Feature::Circle, Feature::Circle));
    // Swapped: b is now the big circle; its deepest point is its centre minus the new normal
    // (−0.6, −0.8) times 1: (0.6, 0.8).
    let w = collide(&b, pb, &a, Pose::IDENTITY).unwrap();
    assert_close(w.normal, v(-0.6, -0.8), 1e-6);
    assert_close(w.points()[0].point, v(0.6, 0.8), 1e-6);
    assert_near(w.points()[0].depth, 0.3, 1e-6);
    // Centres given in the shapes (identity poses): the same answer.
    let b2 = Circle::new(v(0.72, 0.96), 0.5).unwrap();
    let m2 = collide(&a, Pose::IDENTITY, &b2, Pose::IDENTITY).unwrap();
    assert_close(m2.points()[0].point, v(0.42, 0.56), 1e-6);
    // Apart: no manifold. Touching (centres 1.5 apart on an axis): none either.
    assert!(collide(&a, Pose::IDENTITY, &b, Pose::from_translation(v(0.0, 1.5))).is_none());
    assert!(collide(&a, Pose::IDENTITY, &b, Pose::from_translation(v(3.0, 0.0))).is_none());
}

#[test]
fn clip_faces_name_the_reference_and_incident_edges() {
    // A unit box resting 0.01 deep on a 20 × 2 ground: rectangles list their edges from the
    // bottom, counter-clockwise (0 bottom, 1 right, 2 top, 3 left). The reference is the
    // ground's top (edge 2, of a), the incident edge the box's bottom (edge 0).
    let ground = ConvexPolygon::rectangle(Vector::new(10.0, 1.0)).unwrap();
    let crate_box = ConvexPolygon::rectangle(Vector::splat(0.5)).unwrap();
    let resting = Pose::from_translation(v(0.0, 1.49));
    let m = collide(&ground, Pose::IDENTITY, &crate_box, resting).unwrap();
    let want = ClipFaces { reference_on_b: false, reference: 2, incident: 0 };
    assert_eq!(m.clip_faces(), Some(want));
    assert_eq!(m.flipped().clip_faces(), Some(ClipFaces { reference_on_b: true, ..want }));
    // The box tilted by 0.3 rad, its lowest corner 0.01 deep, and now first: its own faces are
    // far worse separating axes than the ground's top (the ground's far corners reach deep
    // below them), so the reference is b's edge 2, and the incident edge the box edge whose
    // normal (turned by 0.3) is most opposite to +y: its bottom, edge 0.
    let low = 0.5 * (0.3 as Real).cos() + 0.5 * (0.3 as Real).sin();
    let tilted = Pose::new(v(0.0, 1.0 + low - 0.01), 0.3);
    let m = collide(&crate_box, tilted, &ground, Pose::IDENTITY).unwrap();
    assert_eq!(m.clip_faces(), Some(ClipFaces { reference_on_b: true, reference: 2, incident: 0 }));
    assert_close(m.normal, v(0.0, -1.0), 1e-6); // from a (the box) to b (the ground)
                                                // A circle's manifold is not clipped.
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    let m = collide(&ground, Pose::IDENTITY, &ball, Pose::from_translation(v(0.0, 1.4))).unwrap();
    assert_eq!(m.clip_faces(), None);
}
