//! Small irregular polygons (the `Compact` path: 3 to 8 vertices, no parallelogram, not
//! symmetric) under poses that are not numbers: poses are not validated, so a NaN must not make
//! `collide`, `contact`, `overlaps` or `separation` panic or run forever, whatever they answer.
//! The sizes cover one group of four lanes, two groups, and two groups with padding (5 to 7
//! vertices, where the second group repeats the last vertex and face).

use septa::{collide, contact, overlaps, separation, ConvexPolygon, Pose, Real, Rot, Vector};

/// An irregular convex polygon of `sides` vertices (3 to 8) on an ellipse off its origin, with
/// unequal angle steps so that no two faces are parallel.
fn irregular(sides: usize) -> ConvexPolygon {
    let step = septa::consts::TAU / sides as Real;
    let points: Vec<Vector> = (0..sides)
        .map(|k| {
            let t = step * k as Real + 0.2 * (k as Real * 1.7).sin();
            Vector::new(0.9 * t.cos() + 0.13, 0.55 * t.sin() - 0.07)
        })
        .collect();
    ConvexPolygon::new(&points).unwrap()
}

#[test]
fn the_test_polygons_take_the_compact_path() {
    for sides in 3..=8 {
        let polygon = irregular(sides);
        assert_eq!(polygon.len(), sides);
        assert!(septa::Polygonal::compact(&polygon).is_some(), "{sides} sides: no compact block");
    }
}

#[test]
fn a_nan_pose_ends_every_query_on_compact_polygons() {
    let poses = [
        Pose::from_translation(Vector::new(Real::NAN, 0.5)),
        Pose::from_translation(Vector::new(0.3, Real::NAN)),
        Pose { translation: Vector::new(0.5, 0.0), rotation: Rot { cos: Real::NAN, sin: 0.0 } },
        Pose { translation: Vector::new(0.2, 0.1), rotation: Rot { cos: Real::NAN, sin: Real::NAN } },
    ];
    for m in 3..=8 {
        for n in 3..=8 {
            let (a, b) = (irregular(m), irregular(n));
            for pose in poses {
                for (pa, pb) in [(Pose::IDENTITY, pose), (pose, Pose::IDENTITY)] {
                    let _ = collide(&a, pa, &b, pb);
                    let _ = contact(&a, pa, &b, pb);
                    let _ = overlaps(&a, pa, &b, pb);
                    let _ = separation(&a, pa, &b, pb);
                }
            }
        }
    }
}
