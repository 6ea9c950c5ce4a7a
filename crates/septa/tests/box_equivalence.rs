//! An oriented box answers every query exactly as the same box given as a 4-gon.
//!
//! The 4-gon goes through `ConvexPolygon::new` (normals from f64 edge directions) and the
//! general polygon code; the box through its own O(1) shadows (box–box) or its inline arrays.
//! Both are compared on random configurations; depths agree to f32 rounding, normals wherever
//! the minimum is not a near tie.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::{
    collide, contact, overlaps, overlaps_cached, separation, Circle, ConvexPolygon, OrientedBox, Polygonal,
    Pose, SatCache, Vector,
};

fn random_box(rng: &mut Rng) -> (OrientedBox, ConvexPolygon) {
    let half = Vector::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
    let b = OrientedBox::new(rng.vec(1.0), half, rng.range(-3.2, 3.2)).unwrap();
    let p = ConvexPolygon::new(b.vertices()).unwrap();
    (b, p)
}

fn random_pose(rng: &mut Rng) -> Pose {
    Pose::new(rng.vec(2.5), rng.range(-3.2, 3.2))
}

#[test]
fn box_queries_equal_the_same_box_as_a_4_gon() {
    let mut rng = Rng(0x5eed_0b0c);
    let mut compared_normals = 0;
    for _ in 0..20_000 {
        let ((ba, pa), (bb, pb)) = (random_box(&mut rng), random_box(&mut rng));
        let circle = Circle::new(rng.vec(1.0), rng.range(0.2, 1.5)).unwrap();
        let (xa, xb) = (random_pose(&mut rng), random_pose(&mut rng));

        let near_touching = separation(&pa, xa, &pb, xb).distance.abs() < 1e-4;
        if !near_touching {
            assert_eq!(overlaps(&ba, xa, &bb, xb), overlaps(&pa, xa, &pb, xb));
            assert_eq!(overlaps(&ba, xa, &pb, xb), overlaps(&pa, xa, &pb, xb));
            let mut cache = SatCache::new();
            assert_eq!(overlaps_cached(&ba, xa, &bb, xb, &mut cache), overlaps(&pa, xa, &pb, xb));
            assert_eq!(overlaps_cached(&ba, xa, &bb, xb, &mut cache), overlaps(&pa, xa, &pb, xb));
        }
        let (s_box, s_poly) = (separation(&ba, xa, &bb, xb), separation(&pa, xa, &pb, xb));
        assert!((s_box.distance - s_poly.distance).abs() < 1e-4, "{s_box:?} vs {s_poly:?}");
        match (contact(&ba, xa, &bb, xb), contact(&pa, xa, &pb, xb)) {
            (Some(c1), Some(c2)) => {
                assert!((c1.depth - c2.depth).abs() < 1e-4);
                if c1.axis == c2.axis {
                    assert!(c1.normal.abs_diff_eq(c2.normal, 1e-5));
                    compared_normals += 1;
                }
                let (m1, m2) = (collide(&ba, xa, &bb, xb).unwrap(), collide(&pa, xa, &pb, xb).unwrap());
                if m1.normal.abs_diff_eq(m2.normal, 1e-5) {
                    assert_eq!(m1.points().len(), m2.points().len());
                    for (p, q) in m1.points().iter().zip(m2.points()) {
                        assert!(p.point.abs_diff_eq(q.point, 1e-4) && (p.depth - q.depth).abs() < 1e-4);
                        assert_eq!(p.id, q.id);
                    }
                }
            }
            (None, None) => {}
            (c1, c2) => assert!(near_touching, "box {c1:?} vs 4-gon {c2:?}"),
        }
        let (c1, c2) = (contact(&ba, xa, &circle, xb), contact(&pa, xa, &circle, xb));
        assert_eq!(c1.is_some(), c2.is_some());
        if let (Some(c1), Some(c2)) = (c1, c2) {
            assert!((c1.depth - c2.depth).abs() < 1e-4);
        }
    }
    assert!(compared_normals > 1000, "only {compared_normals} normals compared");
}
