//! The window search about the polygons' centroids (`Polygonal::inner_circle`), with faces
//! passed over by their own bounds: on large polygons whose origins are off centre or outside
//! them, and on deeply nested pairs (where the window spans more than half a turn and many
//! faces are passed over), every query gives the same bits as the general path with the
//! window off (the polygons behind a wrapper that hides every shortcut).
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod plain;
mod rng;

use plain::Plain;
use rng::Rng;
use septa::pair::polygon_polygon::{collide, contact, overlaps, separation, WINDOW_FROM};
use septa::{ConvexPolygon, Polygonal, Pose, Real, Vector};

/// A random large polygon: the hull of points on an ellipse (some inside it), elongated up to
/// 4 : 1, its origin moved off the centre by up to `shift` (outside it, for large shifts).
fn polygon(rng: &mut Rng, shift: Real) -> ConvexPolygon {
    let (rx, ry) = (rng.range(0.3, 2.0), rng.range(0.5, 2.0));
    let centre = rng.vec(shift);
    let points: Vec<Vector> = (0..WINDOW_FROM + (rng.next() * 60.0) as usize)
        .map(|_| {
            let angle = rng.range(0.0, septa::consts::TAU);
            let scale = if rng.next() < 0.8 { 1.0 } else { rng.next() as Real };
            Vector::new(rx * angle.cos(), ry * angle.sin()) * scale + centre
        })
        .collect();
    ConvexPolygon::hull(&points).unwrap()
}

#[test]
fn the_centred_window_gives_the_same_bits_as_testing_every_face() {
    let mut rng = Rng(0x01a2_6ec3);
    let (mut outside, mut nested) = (0, 0);
    for round in 0..4000 {
        let shift = [0.0, 0.5, 2.5][round % 3];
        let (a, b) = (polygon(&mut rng, shift), polygon(&mut rng, shift));
        if a.len() < WINDOW_FROM && b.len() < WINDOW_FROM {
            continue;
        }
        // b's centroid placed near a's: from deeply nested to just apart.
        let pa = Pose::new(rng.vec(20.0), rng.range(-3.2, 3.2));
        let spread = [0.2, 1.0, 3.0][round % 3];
        let angle = rng.range(-3.2, 3.2);
        let turned = Pose::new(Vector::ZERO, angle);
        let pb = Pose::new(pa.apply(a.centroid()) - turned.apply(b.centroid()) + rng.vec(spread), angle);
        // The window about the centroids now serves polygons whose origin is outside them.
        outside += (a.inner_reach() < 0.0 && a.inner_circle().1 > 0.0) as usize;
        let (plain_a, plain_b) = (Plain(&a), Plain(&b));
        let expected = separation(&plain_a, pa, &plain_b, pb);
        nested += (expected.distance < -0.5) as usize;
        assert_eq!(separation(&a, pa, &b, pb), expected, "{round}");
        assert_eq!(contact(&a, pa, &b, pb), contact(&plain_a, pa, &plain_b, pb), "{round}");
        assert_eq!(collide(&a, pa, &b, pb), collide(&plain_a, pa, &plain_b, pb), "{round}");
        assert_eq!(overlaps(&a, pa, &b, pb), overlaps(&plain_a, pa, &plain_b, pb), "{round}");
    }
    assert!(outside > 500 && nested > 500, "outside {outside}, nested {nested}");
}

/// A random polygon of `sides` vertices: points at sorted random angles on an ellipse of
/// aspect up to `aspect` : 1, its origin moved off the centre by up to `shift`.
fn thin_polygon(rng: &mut Rng, sides: usize, aspect: Real, shift: Real) -> ConvexPolygon {
    let (rx, ry) = (1.0, rng.range(1.0 / aspect, 1.0));
    let centre = rng.vec(shift);
    let mut angles: Vec<Real> = (0..sides).map(|_| rng.range(0.0, septa::consts::TAU)).collect();
    angles.sort_by(|p, q| p.total_cmp(q));
    let points: Vec<Vector> =
        angles.iter().map(|&t| Vector::new(rx * t.cos(), ry * t.sin()) + centre).collect();
    ConvexPolygon::hull(&points).unwrap()
}

/// The centred window's block of lanes (eight of a's faces about the one looking at b, each
/// against eight of b's vertices, `window::block`) stands alone only when every face outside it
/// is bounded below the best, on both sides of it. Thin polygons (up to 12 : 1) in deep
/// overlaps have wide windows, whose best face often lies a few faces before or after the
/// block: every query must still give the bits of the general path with the window off.
#[test]
fn the_block_of_lanes_gives_the_same_bits_as_testing_every_face() {
    let mut rng = Rng(0x0b10_c4ed);
    for round in 0..6000 {
        let sides = (10 + (rng.next() * 30.0) as usize, 8 + (rng.next() * 30.0) as usize);
        let a = thin_polygon(&mut rng, sides.0, 12.0, 0.4);
        let b = thin_polygon(&mut rng, sides.1, 12.0, 0.4);
        let pa = Pose::new(rng.vec(5.0), rng.range(-3.2, 3.2));
        let spread = [0.05, 0.3, 1.0][round % 3];
        let angle = rng.range(-3.2, 3.2);
        let turned = Pose::new(Vector::ZERO, angle);
        let pb = Pose::new(pa.apply(a.centroid()) - turned.apply(b.centroid()) + rng.vec(spread), angle);
        let (plain_a, plain_b) = (Plain(&a), Plain(&b));
        assert_eq!(separation(&a, pa, &b, pb), separation(&plain_a, pa, &plain_b, pb), "{round}");
        assert_eq!(contact(&a, pa, &b, pb), contact(&plain_a, pa, &plain_b, pb), "{round}");
        assert_eq!(collide(&a, pa, &b, pb), collide(&plain_a, pa, &plain_b, pb), "{round}");
    }
}

/// A NaN in a pose (poses are not validated) must not make the block of lanes answer: with no
/// separation measured, or a NaN one, it has no face to give and leaves the pair to the walk.
/// Every query returns (no index past the polygons), and every feature a manifold names is one
/// the polygons have. Deep pairs of off-centre 16- and 32-gons, whose searches try the block
/// first. (What the answers are with a NaN pose is not specified.)
#[test]
fn a_nan_pose_leaves_the_block_to_the_walk() {
    let mut rng = Rng(0x4a4e);
    for round in 0..200 {
        let a = thin_polygon(&mut rng, [16, 32][round % 2], 2.0, 0.3);
        // Every other pair's b a regular polygon, whose inner circle is about its origin: its
        // centre placed by a pose that is no rotation stays finite.
        let b = match round % 4 < 2 {
            true => thin_polygon(&mut rng, [16, 32][round / 2 % 2], 2.0, 0.3),
            false => ConvexPolygon::regular([16, 32][round / 2 % 2], 1.0, 0.1).unwrap(),
        };
        let pa = Pose::new(Vector::new(1.0, 2.0), 0.3);
        let good = Pose::new(pa.apply(a.centroid()) - b.centroid() + rng.vec(0.05), 0.0);
        let (nan, huge) = (Real::NAN, Real::MAX / 4.0);
        for pb in [
            Pose { translation: Vector::new(nan, good.translation.y), rotation: good.rotation },
            Pose { translation: good.translation, rotation: septa::Rot { cos: nan, sin: 0.0 } },
            Pose { translation: good.translation, rotation: septa::Rot { cos: nan, sin: nan } },
            // Not a rotation: projections overflow to infinities.
            Pose { translation: good.translation, rotation: septa::Rot { cos: huge, sin: huge } },
            Pose { translation: good.translation, rotation: septa::Rot { cos: -huge, sin: huge } },
        ] {
            let _ = (contact(&a, pa, &b, pb), separation(&a, pa, &b, pb), overlaps(&a, pa, &b, pb));
            let has = |f: septa::Feature, n: usize| match f {
                septa::Feature::Vertex(i) | septa::Feature::Edge(i) => (i as usize) < n,
                _ => false,
            };
            for m in
                [collide(&a, pa, &b, pb), collide(&b, pb, &a, pa).map(|m| m.flipped())].into_iter().flatten()
            {
                for p in m.points() {
                    assert!(has(p.id.a, a.len()) && has(p.id.b, b.len()), "{round}: {p:?}");
                }
            }
        }
    }
}
