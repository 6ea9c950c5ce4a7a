//! Large polygons: septa follows the lowest vertex by walking instead of projecting every
//! vertex on every normal. Checked against the plain full-projection trace (every vertex on
//! every axis, the shorter way out on each) on random many-sided polygons: the same verdict
//! and the same MTV depth.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::{contact, overlaps, separation, trace, ConvexPolygon, Pose, Real, Vector};

fn random_polygon(rng: &mut Rng) -> ConvexPolygon {
    if rng.next() < 0.5 {
        let sides = 9 + (rng.next() * 300.0) as usize;
        ConvexPolygon::regular(sides, rng.range(0.3, 2.0), rng.range(0.0, 6.3)).unwrap()
    } else {
        // a random hull: points on an ellipse (all corners) plus interior points
        let (rx, ry) = (rng.range(0.3, 2.0), rng.range(0.3, 2.0));
        let points: Vec<Vector> = (0..9 + (rng.next() * 60.0) as usize)
            .map(|_| {
                let angle = rng.range(0.0, septa::consts::TAU);
                let scale = if rng.next() < 0.8 { 1.0 } else { rng.next() as Real };
                Vector::new(rx * angle.cos(), ry * angle.sin()) * scale
            })
            .collect();
        ConvexPolygon::hull(&points).unwrap()
    }
}

#[test]
fn walking_search_matches_full_projection() {
    let mut rng = Rng(0x1a26e);
    let mut compared = 0;
    for _ in 0..3000 {
        let (a, b) = (random_polygon(&mut rng), random_polygon(&mut rng));
        let pa = Pose::new(Vector::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)), rng.range(-3.2, 3.2));
        let pb = Pose::new(Vector::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)), rng.range(-3.2, 3.2));
        if separation(&a, pa, &b, pb).distance.abs() < 1e-4 {
            continue;
        }
        let t = trace(&a, pa, &b, pb);
        assert_eq!(overlaps(&a, pa, &b, pb), t.collides());
        let plain_min_push =
            t.steps.iter().filter_map(|s| s.push).map(Real::abs).fold(Real::INFINITY, Real::min);
        match contact(&a, pa, &b, pb) {
            Some(c) => {
                assert!((c.depth - plain_min_push).abs() < 1e-4, "{} vs {plain_min_push}", c.depth);
                compared += 1;
            }
            None => assert!(!t.collides()),
        }
    }
    assert!(compared > 500, "only {compared} overlapping pairs");
}
