//! The step trace and the separating-axis cache, with every interval, index and push worked out
//! by hand.

mod hand;

use hand::{assert_close, assert_near, at, unit_square, v};
use septa::consts::{FRAC_PI_4, SQRT_2};
use septa::{
    collide, contact, overlaps, overlaps_cached, trace, Axis, Circle, ConvexPolygon, Feature, FeatureId,
    Pose, Real, SatCache, Vector, Verdict,
};

/// One expected step: axis, direction, a's [min, max] with vertex indices, b's likewise, push.
struct Want {
    axis: Axis,
    dir: Vector,
    a: (Real, Real, Option<u32>, Option<u32>),
    b: (Real, Real, Option<u32>, Option<u32>),
    push: Real,
}

/// a = the triangle (0,0),(2,0),(0,2); b = [−0.5,0.5]² at (0.8, 0.6), world corners
/// 0 (0.3,0.1), 1 (1.3,0.1), 2 (1.3,1.1), 3 (0.3,1.1).
///
/// a's normals: e0 = (2,0) → (0,−1); e1 = (−2,2) → (1,1)/√2; e2 = (0,−2) → (−1,0).
/// Per axis (projections of the corners, first index on ties; push: forwards a.max − b.min,
/// backwards b.max − a.min, the shorter, a tie forwards):
/// * A0 (0,−1): a 0,0,−2 → [−2,0], min v2, max v0; b −0.1,−0.1,−1.1,−1.1 → [−1.1,−0.1], min v2,
///   max v0. Forwards 1.1, backwards 1.9 → +1.1.
/// * A1 (1,1)/√2: a 0,√2,√2 → [0,√2], v0, v1; b 0.4,1.4,2.4,1.4 (/√2) → [0.4/√2, 2.4/√2], v0, v2.
///   Forwards (2 − 0.4)/√2 = 1.6/√2, backwards 2.4/√2 → +1.6/√2 = 1.1314.
/// * A2 (−1,0): a 0,−2,0 → [−2,0], v1, v0; b −0.3,−1.3,−1.3,−0.3 → [−1.3,−0.3], v1, v0.
///   Forwards 1.3, backwards 1.7 → +1.3.
/// * B0 (0,−1): as A0, +1.1.
/// * B1 (1,0): a 0,2,0 → [0,2], v0, v1; b [0.3,1.3], v0, v1. Forwards 1.7, backwards 1.3 → −1.3.
/// * B2 (0,1): a [0,2], v0, v2; b [0.1,1.1], v0, v2. Forwards 1.9, backwards 1.1 → −1.1.
/// * B3 (−1,0): as A2, +1.3.
///
/// No gap: colliding. Smallest |push| 1.1 at A0 (first of A0, B0, B2): MTV (0,−1) by 1.1.
#[test]
fn polygon_trace_by_hand() {
    let tri = ConvexPolygon::new(&[v(0.0, 0.0), v(2.0, 0.0), v(0.0, 2.0)]).unwrap();
    let b = ConvexPolygon::rectangle(Vector::splat(0.5)).unwrap();
    let pb = at(0.8, 0.6);
    let r = 1.0 / SQRT_2;
    let want = [
        Want {
            axis: Axis::EdgeA(0),
            dir: v(0.0, -1.0),
            a: (-2.0, 0.0, Some(2), Some(0)),
            b: (-1.1, -0.1, Some(2), Some(0)),
            push: 1.1,
        },
        Want {
            axis: Axis::EdgeA(1),
            dir: v(r, r),
            a: (0.0, SQRT_2, Some(0), Some(1)),
            b: (0.4 * r, 2.4 * r, Some(0), Some(2)),
            push: 1.6 * r,
        },
        Want {
            axis: Axis::EdgeA(2),
            dir: v(-1.0, 0.0),
            a: (-2.0, 0.0, Some(1), Some(0)),
            b: (-1.3, -0.3, Some(1), Some(0)),
            push: 1.3,
        },
        Want {
            axis: Axis::EdgeB(0),
            dir: v(0.0, -1.0),
            a: (-2.0, 0.0, Some(2), Some(0)),
            b: (-1.1, -0.1, Some(2), Some(0)),
            push: 1.1,
        },
        Want {
            axis: Axis::EdgeB(1),
            dir: v(1.0, 0.0),
            a: (0.0, 2.0, Some(0), Some(1)),
            b: (0.3, 1.3, Some(0), Some(1)),
            push: -1.3,
        },
        Want {
            axis: Axis::EdgeB(2),
            dir: v(0.0, 1.0),
            a: (0.0, 2.0, Some(0), Some(2)),
            b: (0.1, 1.1, Some(0), Some(2)),
            push: -1.1,
        },
        Want {
            axis: Axis::EdgeB(3),
            dir: v(-1.0, 0.0),
            a: (-2.0, 0.0, Some(1), Some(0)),
            b: (-1.3, -0.3, Some(1), Some(0)),
            push: 1.3,
        },
    ];
    let a_world = [v(0.0, 0.0), v(2.0, 0.0), v(0.0, 2.0)];
    let b_world = [v(0.3, 0.1), v(1.3, 0.1), v(1.3, 1.1), v(0.3, 1.1)];
    let t = trace(&tri, Pose::IDENTITY, &b, pb);
    assert_eq!(t.steps.len(), want.len());
    for (k, (s, w)) in t.steps.iter().zip(&want).enumerate() {
        assert_eq!(s.axis, w.axis, "step {k}");
        assert_close(s.direction, w.dir, 1e-6);
        assert_near(s.a.interval.min, w.a.0, 1e-5);
        assert_near(s.a.interval.max, w.a.1, 1e-5);
        assert_eq!((s.a.min_vertex, s.a.max_vertex), (w.a.2, w.a.3), "step {k} a");
        assert_near(s.b.interval.min, w.b.0, 1e-5);
        assert_near(s.b.interval.max, w.b.1, 1e-5);
        assert_eq!((s.b.min_vertex, s.b.max_vertex), (w.b.2, w.b.3), "step {k} b");
        // The end points are the named corners.
        assert_close(s.a.min_point, a_world[w.a.2.unwrap() as usize], 1e-6);
        assert_close(s.a.max_point, a_world[w.a.3.unwrap() as usize], 1e-6);
        assert_close(s.b.min_point, b_world[w.b.2.unwrap() as usize], 1e-6);
        assert_close(s.b.max_point, b_world[w.b.3.unwrap() as usize], 1e-6);
        assert!(!s.is_gap());
        assert!(s.separation < 0.0);
        assert_near(s.push.unwrap(), w.push, 1e-5);
    }
    // Separation on A0: max(b.min − a.max, a.min − b.max) = max(−1.1, −1.9) = −1.1.
    assert_near(t.steps[0].separation, -1.1, 1e-5);
    // On B1: max(0.3 − 2, 0 − 1.3) = −1.3.
    assert_near(t.steps[4].separation, -1.3, 1e-5);

    let Verdict::Colliding { step, contact: c, manifold } = t.verdict else { panic!("{:?}", t.verdict) };
    assert_eq!(step, 0);
    assert_eq!(c.axis, Axis::EdgeA(0));
    assert_close(c.normal, v(0.0, -1.0), 1e-6);
    assert_near(c.depth, 1.1, 1e-5);
    assert!(t.collides());
    // The fast MTV agrees on normal and depth.
    let fast = contact(&tri, Pose::IDENTITY, &b, pb).unwrap();
    assert_close(fast.normal, v(0.0, -1.0), 1e-6);
    assert_near(fast.depth, 1.1, 1e-5);
    // The manifold is collide's: reference a's bottom (edge 0, normal (0,−1), offset 0),
    // incident b's top (edge 2, from (1.3,1.1) to (0.3,1.1)), inside the slab 0 ≤ x ≤ 2, both
    // 1.1 behind y = 0: ids (Edge(0), Vertex(2)) and (Edge(0), Vertex(3)).
    let manifold = manifold.unwrap();
    assert_eq!(Some(manifold), collide(&tri, Pose::IDENTITY, &b, pb));
    assert_close(manifold.normal, v(0.0, -1.0), 1e-6);
    let mut pts: Vec<(FeatureId, Vector, Real)> =
        manifold.points().iter().map(|p| (p.id, p.point, p.depth)).collect();
    pts.sort_by_key(|p| format!("{:?}", p.0));
    assert_eq!(pts.len(), 2);
    assert_eq!(pts[0].0, FeatureId { a: Feature::Edge(0), b: Feature::Vertex(2) });
    assert_eq!(pts[1].0, FeatureId { a: Feature::Edge(0), b: Feature::Vertex(3) });
    assert_close(pts[0].1, v(1.3, 1.1), 1e-6);
    assert_close(pts[1].1, v(0.3, 1.1), 1e-6);
    assert_near(pts[0].2, 1.1, 1e-5);
    assert_near(pts[1].2, 1.1, 1e-5);

    // Flipped (b first): the same axes with a/b swapped, directions unchanged, pushes from b's
    // side. B1 → A1 of the flipped trace: a = the square [0.3,1.3], b = the triangle [0,2] on (1,0):
    // forwards 1.3 − 0 = 1.3, backwards 2 − 0.3 = 1.7 → +1.3.
    let f = trace(&b, pb, &tri, Pose::IDENTITY);
    assert_eq!(f.steps.len(), 7);
    assert_eq!(f.steps[0].axis, Axis::EdgeA(0));
    assert_eq!(f.steps[4].axis, Axis::EdgeB(0));
    assert_close(f.steps[1].direction, v(1.0, 0.0), 1e-6);
    assert_near(f.steps[1].push.unwrap(), 1.3, 1e-5);
}

/// a = [−1,1]², b = the same square at (3, 0.5): on A0 (0,−1) a is [−1,1] and b is
/// [−1.5, 0.5]: overlap. On A1 (1,0): [−1,1] and [2,4]: a gap of 1, the first. The remaining
/// axes are still listed: A2 (0,1): [−1,1] vs [−0.5,1.5] overlap; A3 (−1,0): [−1,1] vs [−4,−2],
/// gap 1; B0..B3 repeat A0..A3.
#[test]
fn separated_trace_by_hand() {
    let sq = unit_square();
    let t = trace(&sq, Pose::IDENTITY, &sq, at(3.0, 0.5));
    assert_eq!(t.steps.len(), 8);
    let axes: Vec<Axis> = t.steps.iter().map(|s| s.axis).collect();
    assert_eq!(
        axes,
        [0, 1, 2, 3].map(Axis::EdgeA).into_iter().chain([0, 1, 2, 3].map(Axis::EdgeB)).collect::<Vec<_>>()
    );
    let gaps: Vec<bool> = t.steps.iter().map(|s| s.is_gap()).collect();
    assert_eq!(gaps, [false, true, false, true, false, true, false, true]);
    assert_eq!(t.verdict, Verdict::Separated { step: 1 });
    assert!(!t.collides());
    assert_near(t.steps[1].separation, 1.0, 1e-6);
    assert_near(t.steps[3].separation, 1.0, 1e-6);
    assert_eq!(t.steps[1].push, None);
    // On the overlapping A0: a [−1,1], b [−1.5,0.5]: forwards 1 + 1.5 = 2.5, backwards
    // 0.5 + 1 = 1.5 → −1.5 (backwards).
    assert_near(t.steps[0].b.interval.min, -1.5, 1e-6);
    assert_near(t.steps[0].b.interval.max, 0.5, 1e-6);
    assert_near(t.steps[0].push.unwrap(), -1.5, 1e-6);
    // The gap's ends: a's max on +x is at vertex 1 (1,−1) (first of 1 and 2); b's min at its
    // vertex 0, world (2, −0.5).
    assert_eq!(t.steps[1].a.max_vertex, Some(1));
    assert_close(t.steps[1].a.max_point, v(1.0, -1.0), 1e-6);
    assert_eq!(t.steps[1].b.min_vertex, Some(0));
    assert_close(t.steps[1].b.min_point, v(2.0, -0.5), 1e-6);
    assert!(!overlaps(&sq, Pose::IDENTITY, &sq, at(3.0, 0.5)));
}

/// Square [−1,1]² and a circle of radius 0.5 at (1.3, 0.4). Steps: the four edge normals, then
/// the axis from the nearest corner, (1,1) (vertex 2; d² = 0.45 against 1.69+ for the others),
/// to the centre: (0.3, −0.6)/√0.45 = (1,−2)/√5.
/// * A0 (0,−1): square [−1,1] (min v2, max v0); circle −0.4 ± 0.5 = [−0.9, 0.1]; forwards 1.9,
///   backwards 1.1 → −1.1.
/// * A1 (1,0): [−1,1] (v0, v1); [0.8, 1.8]; forwards 0.2, backwards 2.8 → +0.2.
/// * A2 (0,1): [−1,1] (v0, v2); [−0.1, 0.9]; forwards 1.1, backwards 1.9 → +1.1.
/// * A3 (−1,0): [−1,1] (v1, v0); [−1.8, −0.8]; forwards 2.8, backwards 0.2 → −0.2.
/// * vA2 (1,−2)/√5: corners 1/√5, 3/√5, −1/√5, −3/√5 → [−3/√5, 3/√5] (v3, v1); circle
///   0.5/√5 ± 0.5; forwards 3/√5 − 0.5/√5 + 0.5 = 1.618, backwards 3.5/√5 + 0.5 = 2.065 → +1.618.
///
/// Smallest |push|: 0.2 on A1 (first of A1, A3): normal (1,0)·sign(+0.2) = (1,0), depth 0.2.
#[test]
fn polygon_circle_trace_by_hand() {
    let sq = unit_square();
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    let pc = at(1.3, 0.4);
    let s5 = Real::sqrt(5.0);
    let t = trace(&sq, Pose::IDENTITY, &ball, pc);
    let axes: Vec<Axis> = t.steps.iter().map(|s| s.axis).collect();
    assert_eq!(axes, [Axis::EdgeA(0), Axis::EdgeA(1), Axis::EdgeA(2), Axis::EdgeA(3), Axis::VertexA(2)]);
    let want = [
        (v(0.0, -1.0), (Some(2), Some(0)), (-0.9, 0.1), -1.1),
        (v(1.0, 0.0), (Some(0), Some(1)), (0.8, 1.8), 0.2),
        (v(0.0, 1.0), (Some(0), Some(2)), (-0.1, 0.9), 1.1),
        (v(-1.0, 0.0), (Some(1), Some(0)), (-1.8, -0.8), -0.2),
        (v(1.0, -2.0) / s5, (Some(3), Some(1)), (0.5 / s5 - 0.5, 0.5 / s5 + 0.5), 3.0 / s5 - 0.5 / s5 + 0.5),
    ];
    for (k, (s, (dir, a_idx, b_iv, push))) in t.steps.iter().zip(want).enumerate() {
        assert_close(s.direction, dir, 1e-6);
        assert_eq!((s.a.min_vertex, s.a.max_vertex), a_idx, "step {k}");
        assert_eq!((s.b.min_vertex, s.b.max_vertex), (None, None));
        assert_near(s.b.interval.min, b_iv.0, 1e-5);
        assert_near(s.b.interval.max, b_iv.1, 1e-5);
        // The circle's end points: centre ∓ direction · r.
        assert_close(s.b.min_point, v(1.3, 0.4) - dir * 0.5, 1e-6);
        assert_close(s.b.max_point, v(1.3, 0.4) + dir * 0.5, 1e-6);
        assert_near(s.push.unwrap(), push, 1e-5);
    }
    // The square on the vertex axis: [−3/√5, 3/√5].
    assert_near(t.steps[4].a.interval.min, -3.0 / s5, 1e-5);
    assert_near(t.steps[4].a.interval.max, 3.0 / s5, 1e-5);
    let Verdict::Colliding { step, contact: c, manifold } = t.verdict else { panic!("{:?}", t.verdict) };
    assert_eq!(step, 1);
    assert_eq!(c.axis, Axis::EdgeA(1));
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.2, 1e-5);
    // Manifold point: centre − (1,0)·0.5 = (0.8, 0.4).
    assert_close(manifold.unwrap().points()[0].point, v(0.8, 0.4), 1e-6);

    // Circle first: axes flipped (EdgeB…, VertexB), the shadows swapped, and the pushes seen
    // from the other side: on B1 a = the circle [0.8,1.8], b = the square [−1,1]: forwards
    // 1.8 + 1 = 2.8, backwards 1 − 0.8 = 0.2 → −0.2; the MTV is (1,0)·(−1) = (−1,0) by 0.2.
    let f = trace(&ball, pc, &sq, Pose::IDENTITY);
    let axes: Vec<Axis> = f.steps.iter().map(|s| s.axis).collect();
    assert_eq!(axes, [Axis::EdgeB(0), Axis::EdgeB(1), Axis::EdgeB(2), Axis::EdgeB(3), Axis::VertexB(2)]);
    assert_near(f.steps[1].a.interval.min, 0.8, 1e-5);
    assert_near(f.steps[1].push.unwrap(), -0.2, 1e-5);
    let Verdict::Colliding { step, contact: c, .. } = f.verdict else { panic!("{:?}", f.verdict) };
    assert_eq!(step, 1);
    assert_close(c.normal, v(-1.0, 0.0), 1e-6);
    assert_near(c.depth, 0.2, 1e-5);
}

#[test]
fn circle_circle_trace_by_hand() {
    // r 1 at the origin, r 0.5 at (1.2, 1.6): centres 2 apart along (0.6, 0.8). One step:
    // a's shadow [−1, 1], b's 2 ± 0.5 = [1.5, 2.5]; gap 0.5.
    let a = Circle::new(Vector::ZERO, 1.0).unwrap();
    let b = Circle::new(Vector::ZERO, 0.5).unwrap();
    let t = trace(&a, Pose::IDENTITY, &b, at(1.2, 1.6));
    assert_eq!(t.steps.len(), 1);
    let s = &t.steps[0];
    assert_eq!(s.axis, Axis::Centers);
    assert_close(s.direction, v(0.6, 0.8), 1e-6);
    assert_near(s.a.interval.min, -1.0, 1e-6);
    assert_near(s.a.interval.max, 1.0, 1e-6);
    assert_near(s.b.interval.min, 1.5, 1e-6);
    assert_near(s.b.interval.max, 2.5, 1e-6);
    assert_near(s.separation, 0.5, 1e-6);
    assert_eq!(t.verdict, Verdict::Separated { step: 0 });
    // At (0.6, 0.8): b [0.5, 1.5]; forwards 1 − 0.5 = 0.5, backwards 1.5 + 1 = 2.5 → +0.5.
    let t = trace(&a, Pose::IDENTITY, &b, at(0.6, 0.8));
    assert_near(t.steps[0].push.unwrap(), 0.5, 1e-6);
    let Verdict::Colliding { step: 0, contact: c, .. } = t.verdict else { panic!("{:?}", t.verdict) };
    assert_close(c.normal, v(0.6, 0.8), 1e-6);
    assert_near(c.depth, 0.5, 1e-6);
}

#[test]
fn trace_of_rotated_and_translated_poses_is_in_world_coordinates() {
    // a = [−1,1]² turned by 45° at (5, 0): its edge-1 normal (1,0) becomes (1,1)/√2; a's centre
    // projects to 5/√2, its shadow 5/√2 ± 1. b = [−1,1]² unrotated at (7, 2): its centre projects
    // to 9/√2 and its corners ±(1,1) to ±√2 about it, so b's shadow is [9/√2 − √2, 9/√2 + √2].
    // Gap: (9/√2 − √2) − (5/√2 + 1) = 2√2 − √2 − 1 = √2 − 1.
    let sq = unit_square();
    let pa = Pose::new(v(5.0, 0.0), FRAC_PI_4);
    let pb = at(7.0, 2.0);
    let t = trace(&sq, pa, &sq, pb);
    let s = &t.steps[1];
    assert_eq!(s.axis, Axis::EdgeA(1));
    assert_close(s.direction, v(1.0, 1.0) / SQRT_2, 1e-6);
    assert_near(s.a.interval.min, 5.0 / SQRT_2 - 1.0, 1e-5);
    assert_near(s.a.interval.max, 5.0 / SQRT_2 + 1.0, 1e-5);
    assert_near(s.b.interval.min, 9.0 / SQRT_2 - SQRT_2, 1e-5);
    assert_near(s.b.interval.max, 9.0 / SQRT_2 + SQRT_2, 1e-5);
    assert_near(s.separation, SQRT_2 - 1.0, 1e-5);
    // b's min there is its vertex 0, world (6, 1).
    assert_eq!(s.b.min_vertex, Some(0));
    assert_close(s.b.min_point, v(6.0, 1.0), 1e-5);
    // A0 = (0,−1) turned by 45° = (1,−1)/√2: a 5/√2 ± 1, b (7 − 2)/√2 ± √2: overlap. So A1 is
    // the first gap.
    assert!(!t.steps[0].is_gap());
    assert_eq!(t.verdict, Verdict::Separated { step: 1 });
}

// ---------------------------------------------------------------------------------------------
// The cache
// ---------------------------------------------------------------------------------------------

/// `overlaps_cached` tries the cached face one-sided, Box2D style: b's smallest projection on nᵢ
/// minus the plane offset dᵢ; ≥ 0 separates. The search then takes a's distinct axes (for the
/// square: faces 0/2, then 1/3), each testing both of its faces. For a = [−1,1]² (offsets 1).
/// Every b below stays closer than the two bounding circles' reach (√2 each about the origin,
/// 2.83 together), where septa would answer from the circles without any axis and leave the
/// cache alone; the last case checks that.
#[test]
fn cache_remembers_the_separating_axis_and_tries_it_first() {
    let sq = unit_square();
    let mut cache = SatCache::new();
    assert_eq!(cache.axis(), None);
    // b at (2.5, 0.5): face 0 (0,−1): b's min −y is −1.5 → −2.5; face 1 (+x): b's min x 1.5 →
    // 0.5 ≥ 0.
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(2.5, 0.5), &mut cache));
    assert_eq!(cache.axis(), Some(Axis::EdgeA(1)));
    // Again, a little further: a hit, the same axis.
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(2.6, 0.5), &mut cache));
    assert_eq!(cache.axis(), Some(Axis::EdgeA(1)));

    // b at (0, 2.5): face 0: min −y = −3.5 → −4.5; face 1: min x = −1 → −2; face 2 (+y): min
    // y = 1.5 → 0.5.
    let mut above = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(0.0, 2.5), &mut above));
    assert_eq!(above.axis(), Some(Axis::EdgeA(2)));

    // Two squares beyond faces 1 and 2 at once are corner to corner, always farther apart than
    // their circles' reach; so here b is a 4 × 0.2 bar (reach √4.01 ≈ 2.0025) at (3.1, 1.2):
    // |t| ≈ 3.32 < 3.42. Faces 1 and 2 both separate (b's min x 1.1, min y 1.1: 0.1 each). A
    // fresh search takes the square's two distinct axes in face order, each testing both of its
    // parallel faces: the axis of faces 0 and 2 comes first, and b lies beyond face 2. With
    // face 1 cached (from the bar at (3.1, 0.5), beyond face 1 only), face 1 is tried first,
    // separates, and stays cached.
    let bar = ConvexPolygon::rectangle(v(2.0, 0.1)).unwrap();
    let mut fresh = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &bar, at(3.1, 1.2), &mut fresh));
    assert_eq!(fresh.axis(), Some(Axis::EdgeA(2)));
    let mut right = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &bar, at(3.1, 0.5), &mut right));
    assert_eq!(right.axis(), Some(Axis::EdgeA(1)));
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &bar, at(3.1, 1.2), &mut right));
    assert_eq!(right.axis(), Some(Axis::EdgeA(1)));

    // The cached face 2 no longer separates b at (−2.5, 0.5) (min y −0.5 → −1.5); the search
    // finds face 3 (−x): min −x = 1.5 → 0.5.
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(-2.5, 0.5), &mut above));
    assert_eq!(above.axis(), Some(Axis::EdgeA(3)));
    // Then b at (0.5, −2.5): face 3: min −x = −1.5 → −2.5; face 0: min −y = 1.5 → 0.5.
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(0.5, -2.5), &mut above));
    assert_eq!(above.axis(), Some(Axis::EdgeA(0)));
    // b at (0, 3), beyond the circles' reach (3 > 2.83): apart, with no axis tested, so the
    // cache still holds face 0 (which would not separate there: min −y = −4 → −5).
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(0.0, 3.0), &mut above));
    assert_eq!(above.axis(), Some(Axis::EdgeA(0)));

    above.clear();
    assert_eq!(above.axis(), None);
}

/// `Verdict::Separated`'s documentation: "`step` is the index of the first one in test order,
/// where `overlaps()` stops".
///
/// a = [−1,1]², b = the same square at (0, 2.5). `overlaps` stops at face 2 (+y), see
/// `cache_remembers_the_separating_axis_and_tries_it_first`: it is the axis the cache records.
/// The trace's A0 (0,−1) shows a's shadow [−1, 1] and b's [−3.5, −1.5]: a gap of 0.5 (b lies
/// beyond a's *min* on that axis), so the trace's first gap is step 0, not step 2.
#[test]
fn trace_verdict_step_is_the_first_gap_and_overlaps_stops_at_a_gap() {
    // b directly above a: by hand, a's shadows on A0 (normal (0,−1)) are a = [−1, 1] and
    // b = [−3.5, −1.5]: a gap of 0.5 on the far side, so the textbook test (both shadows in
    // full) stops at step 0. The fast path takes faces one-sidedly / opposite faces as one axis
    // and records the face beyond which b lies: A2 (+y), gap 2.5 − 1 − 1 = 0.5.
    let sq = unit_square();
    let pb = at(0.0, 2.5);
    let mut cache = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, pb, &mut cache));
    assert_eq!(cache.axis(), Some(Axis::EdgeA(2)));
    let t = trace(&sq, Pose::IDENTITY, &sq, pb);
    assert_eq!(t.verdict, Verdict::Separated { step: 0 });
    assert!(t.steps[0].is_gap() && (t.steps[0].separation - 0.5).abs() < 1e-6);
    // the axis where overlaps() stopped is a gap in the trace too
    let stopped = t.steps.iter().find(|s| Some(s.axis) == cache.axis()).unwrap();
    assert!(stopped.is_gap() && (stopped.separation - 0.5).abs() < 1e-6);
}

#[test]
fn cache_records_an_axis_of_b() {
    // The case only b's edge 0 separates (see article.rs): a = [−1,1]², b = the square turned by
    // −45° at (2, 2); b's edge-0 normal (−1,−1)/√2 faces a with a gap of √2 − 1.
    let sq = unit_square();
    let pb = Pose::new(v(2.0, 2.0), -FRAC_PI_4);
    let mut cache = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, pb, &mut cache));
    assert_eq!(cache.axis(), Some(Axis::EdgeB(0)));
    // Used again (moved a little further away): still false, still EdgeB(0).
    let pb2 = Pose::new(v(2.1, 2.1), -FRAC_PI_4);
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, pb2, &mut cache));
    assert_eq!(cache.axis(), Some(Axis::EdgeB(0)));
}

#[test]
fn stale_cache_never_gives_a_wrong_answer() {
    let sq = unit_square();
    let mut cache = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(2.5, 0.5), &mut cache));
    assert_eq!(cache.axis(), Some(Axis::EdgeA(1)));
    // Now they overlap (b at (1.5, 0.5): 0.5 on x, 1.5 on y): the stale axis does not separate
    // and the answer is true.
    assert!(overlaps_cached(&sq, Pose::IDENTITY, &sq, at(1.5, 0.5), &mut cache));
    assert!(overlaps(&sq, Pose::IDENTITY, &sq, at(1.5, 0.5)));
    // Touching after a stale cache: b at (2, 0.5) touches on +x: false.
    let mut c2 = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(0.0, -2.5), &mut c2));
    assert_eq!(c2.axis(), Some(Axis::EdgeA(0)));
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(2.0, 0.5), &mut c2));
    assert_eq!(c2.axis(), Some(Axis::EdgeA(1)));
}

/// A regular octagon of circumradius 1 (first corner at angle 0) has edge normals at
/// 22.5° + 45°·k and plane offsets cos 22.5° = 0.9239. A square of half-size 0.05 centred 1.0
/// along −22.5° (the normal of edge 7): on that normal it starts at 1.0 − 0.05·(cos 22.5° +
/// sin 22.5°) = 1.0 − 0.0653 = 0.9347 > 0.9239, a gap. On edge 0's normal (22.5°, 45° away) and
/// edge 6's (−67.5°) its centre projects to cos 45° = 0.707 < 0.9239: overlap; the rest are
/// further away. So the first separating axis is A7 (or B7 with the order swapped: none of the
/// little square's normals separate, the octagon reaches past it on each).
#[test]
fn cache_with_an_index_the_shapes_do_not_have_is_ignored() {
    let oct = ConvexPolygon::regular(8, 1.0, 0.0).unwrap();
    let little = ConvexPolygon::rectangle(Vector::splat(0.05)).unwrap();
    let p = Pose::from_translation(Vector::from_angle(-Real::to_radians(22.5)));
    let mut a7 = SatCache::new();
    assert!(!overlaps_cached(&oct, Pose::IDENTITY, &little, p, &mut a7));
    assert_eq!(a7.axis(), Some(Axis::EdgeA(7)));
    let mut b7 = SatCache::new();
    assert!(!overlaps_cached(&little, p, &oct, Pose::IDENTITY, &mut b7));
    assert_eq!(b7.axis(), Some(Axis::EdgeB(7)));

    // Used with two squares (4 edges each): no panic, the right answers.
    let sq = unit_square();
    for cache in [a7, b7] {
        let mut c = cache;
        assert!(overlaps_cached(&sq, Pose::IDENTITY, &sq, at(1.5, 0.5), &mut c));
        let mut c = cache;
        assert!(!overlaps_cached(&sq, Pose::IDENTITY, &sq, at(2.5, 0.5), &mut c));
        assert_eq!(c.axis(), Some(Axis::EdgeA(1)));
        // With a circle too: square and a circle of radius 0.5 at (1.3, 0) overlap (by 0.2).
        let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
        let mut c = cache;
        assert!(overlaps_cached(&sq, Pose::IDENTITY, &ball, at(1.3, 0.0), &mut c));
        let mut c = cache;
        assert!(overlaps_cached(&ball, at(1.3, 0.0), &sq, Pose::IDENTITY, &mut c));
    }
}

#[test]
fn circle_polygon_cache_is_flipped() {
    let sq = unit_square();
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    // Circle at (3, 0.5): the square's +x face (edge 1) separates (3 − 0.5 − 1 = 1.5).
    let mut pc = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &ball, at(3.0, 0.5), &mut pc));
    assert_eq!(pc.axis(), Some(Axis::EdgeA(1)));
    // The same pair, circle first: the square is b, so its edge 1 is EdgeB(1).
    let mut cp = SatCache::new();
    assert!(!overlaps_cached(&ball, at(3.0, 0.5), &sq, Pose::IDENTITY, &mut cp));
    assert_eq!(cp.axis(), Some(Axis::EdgeB(1)));

    // Off the corner at (1.4, 1.4): only the corner axis separates (see article.rs): VertexA(2),
    // or VertexB(2) circle first.
    let mut pc = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &ball, at(1.4, 1.4), &mut pc));
    assert_eq!(pc.axis(), Some(Axis::VertexA(2)));
    let mut cp = SatCache::new();
    assert!(!overlaps_cached(&ball, at(1.4, 1.4), &sq, Pose::IDENTITY, &mut cp));
    assert_eq!(cp.axis(), Some(Axis::VertexB(2)));

    // The cache is tried first in the circle-first order too. A circle at (0.5, 3): the square's
    // face i separates when nᵢ·c − dᵢ − r ≥ 0: edge 0 −3 − 1 − 0.5 < 0, edge 1 0.5 − 1 − 0.5 < 0,
    // edge 2 3 − 1 − 0.5 = 1.5 → EdgeB(2). At (3, 3) edges 1 and 2 both give 1.5: a fresh
    // search stops at edge 1, but with EdgeB(2) cached the cached axis separates and stays.
    let mut cp = SatCache::new();
    assert!(!overlaps_cached(&ball, at(0.5, 3.0), &sq, Pose::IDENTITY, &mut cp));
    assert_eq!(cp.axis(), Some(Axis::EdgeB(2)));
    assert!(!overlaps_cached(&ball, at(3.0, 3.0), &sq, Pose::IDENTITY, &mut cp));
    assert_eq!(cp.axis(), Some(Axis::EdgeB(2)));
    let mut fresh = SatCache::new();
    assert!(!overlaps_cached(&ball, at(3.0, 3.0), &sq, Pose::IDENTITY, &mut fresh));
    assert_eq!(fresh.axis(), Some(Axis::EdgeB(1)));

    // A cache from the other order (EdgeA(1), an axis of a; here a is the circle, which has no
    // edges) is ignored; the answer is right and the cache is replaced with the square's edge 1.
    let mut wrong_side = SatCache::new();
    assert!(!overlaps_cached(&sq, Pose::IDENTITY, &ball, at(3.0, 0.5), &mut wrong_side));
    assert_eq!(wrong_side.axis(), Some(Axis::EdgeA(1)));
    assert!(!overlaps_cached(&ball, at(3.0, 0.5), &sq, Pose::IDENTITY, &mut wrong_side));
    assert_eq!(wrong_side.axis(), Some(Axis::EdgeB(1)));
    // And overlapping with it: true.
    assert!(overlaps_cached(&ball, at(1.3, 0.0), &sq, Pose::IDENTITY, &mut wrong_side));

    // Circle–circle: the only axis is the centre line.
    let mut cc = SatCache::new();
    assert!(!overlaps_cached(&ball, Pose::IDENTITY, &ball, at(1.2, 0.0), &mut cc));
    assert_eq!(cc.axis(), Some(Axis::Centers));
    assert!(overlaps_cached(&ball, Pose::IDENTITY, &ball, at(0.9, 0.0), &mut cc));
}
