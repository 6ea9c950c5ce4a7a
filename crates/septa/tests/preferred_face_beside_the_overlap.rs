//! A reference face preferred for stability that does not face the overlap.
//!
//! `collide` keeps a's best face as the reference unless b's is better by more than
//! `REFERENCE_BIAS` × the smaller bounding radius. For polygons 1,000 across the bias is 0.5, and
//! a corner grazing an edge 0.1 deep could leave a's preferred face 0.42 deep, with the other
//! polygon's corner crossing that face's line only beyond the face's end: the incident edge lay
//! wholly beyond a side plane, and the manifold's one point, the edge's deeper end, lay 0.6
//! outside a at a depth of 0.42. Found by an adversarial sweep (a 230-gon against a 128-gon),
//! shrunk to two 9-gons (the general path; smaller polygons take the shortcuts, which keep the
//! deeper end, see `fallback` in `pair::polygon_polygon`).
//!
//! Expected answers from the f64 reference (`reference/`): each manifold point lies within its
//! depth of both polygons, and the manifold is the minimum translation's (its normal and depth).

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;

use reference::{p, RefPair, RefShape};
use septa::{collide, ConvexPolygon, Pose, Real, Rot, Vector};

const A: [[f32; 2]; 9] = [
    [-13.657615, 639.11847],
    [-601.0542, 112.496864],
    [-606.36017, 100.867355],
    [-617.51733, 75.02541],
    [-652.4364, -23.278603],
    [-658.9005, -45.986877],
    [-690.4123, -224.42926],
    [-692.4944, -254.57614],
    [-693.59094, -281.83746],
];

const B: [[f32; 2]; 9] = [
    [-1167.7786, 4.423511],
    [-1080.5449, -364.01422],
    [-1074.6019, -376.97015],
    [-1063.3694, -400.21655],
    [-1047.4705, -430.73856],
    [-504.78726, -895.382],
    [-460.86087, -909.92236],
    [-413.28665, -923.1826],
    [-375.97678, -931.8391],
];

/// The polygon and its f64 reference in the world (its hull's vertices, placed by the pose's own
/// cosine, sine and translation in f64).
fn placed(points: &[[f32; 2]], pose: Pose) -> (ConvexPolygon, RefShape) {
    let local: Vec<Vector> = points.iter().map(|&[x, y]| Vector::new(x as Real, y as Real)).collect();
    let polygon = ConvexPolygon::hull(&local).unwrap();
    let world = |v: Vector| {
        let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
        let [x, y] = p(v);
        [c * x - s * y + pose.translation.x as f64, s * x + c * y + pose.translation.y as f64]
    };
    let core = reference::hull(&local.iter().map(|&v| world(v)).collect::<Vec<_>>());
    (polygon, RefShape { core, radius: 0.0 })
}

#[test]
fn a_preferred_face_beside_the_overlap_gives_way_to_the_better_face() {
    let pose_a =
        Pose { translation: Vector::new(0.0, 0.0), rotation: Rot { cos: 0.43841252, sin: 0.89877385 } };
    let pose_b = Pose {
        translation: Vector::new(-1134.1698, -1332.1223),
        rotation: Rot { cos: -0.9346101, sin: -0.35567385 },
    };
    let (a, ra) = placed(&A, pose_a);
    let (b, rb) = placed(&B, pose_b);
    assert_eq!((a.vertices().len(), b.vertices().len()), (9, 9), "both take the general path");
    let tol = 2e-3; // f32 coordinates of size 1,000 round by 6e-5; the manifold's arithmetic by a few of those

    for (order, (x, px, rx), (y, py, ry)) in
        [("(a, b)", (&a, pose_a, &ra), (&b, pose_b, &rb)), ("(b, a)", (&b, pose_b, &rb), (&a, pose_a, &ra))]
    {
        let exact = RefPair::new(rx, ry);
        assert!(
            exact.overlapping() && (exact.depth() - 0.1).abs() < 0.01,
            "{order}: the case, 0.1 deep ({})",
            exact.depth()
        );
        let m = collide(x, px, y, py).expect("they overlap");
        for c in m.points() {
            let q = [c.point.x as f64, c.point.y as f64];
            let (dx, dy) = (rx.signed_distance(q), ry.signed_distance(q));
            // Before: (a, b) gave one point 0.595 outside a at depth 0.416.
            assert!(
                dx <= c.depth as f64 + tol && dy <= c.depth as f64 + tol,
                "{order}: {c:?} lies {dx} from x and {dy} from y"
            );
        }
        let deepest = m.points().iter().map(|c| c.depth as f64).fold(0.0, f64::max);
        assert!(
            (deepest - exact.depth()).abs() <= tol,
            "{order}: deepest point {deepest}, depth {}",
            exact.depth()
        );
        let n = [m.normal.x as f64, m.normal.y as f64];
        let along = n[0] * exact.normal[0] + n[1] * exact.normal[1];
        assert!(along > 1.0 - 1e-6, "{order}: normal {n:?} against {:?}", exact.normal);
    }
}
