//! Precision far from the world origin: unit-size shapes at offsets 1e3 … 1e5, given the way a
//! user holding world coordinates gives them (polygon vertices in the world, then
//! `recentered()`; circles and boxes by a world centre placed by a pose), must give the depth
//! and normal of the exact answer, computed in f64 from the same f32 inputs by the independent
//! Minkowski-difference reference, within 1e-3.
//!
//! A query working on absolute world coordinates would lose about 1e-2 at 1e5 (f32 spacing
//! there is 0.0078); septa works in one shape's local frame with a relative pose instead.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;

use reference::{RefPair, RefShape, Rng, P};
use septa::{contact, overlaps, Circle, ConvexPolygon, OrientedBox, Pose, Real, Shape, Vector};

/// A random world-space shape near `center` (f32 inputs), as septa builds it and as the f64
/// reference sees the same inputs.
fn shape_near(rng: &mut Rng, center: Vector) -> (Shape, Pose, RefShape) {
    let exact = |v: Vector| -> P { [v.x as f64, v.y as f64] };
    match rng.int(0, 2) {
        0 => {
            // a polygon given by world vertices: the hull of points in a unit disc about centre
            let points: Vec<Vector> = (0..rng.int(3, 9))
                .map(|_| {
                    let (angle, r) = (rng.angle(), rng.range(0.3, 1.0));
                    center + Vector::new((r * angle.cos()) as Real, (r * angle.sin()) as Real)
                })
                .collect();
            match ConvexPolygon::hull(&points) {
                Ok(world) => {
                    let core = reference::hull(&points.iter().map(|&p| exact(p)).collect::<Vec<_>>());
                    let (local, pose) = world.recentered();
                    (Shape::Polygon(local), pose, RefShape { core, radius: 0.0 })
                }
                Err(_) => shape_near(rng, center),
            }
        }
        1 => {
            let r = rng.range(0.2, 1.0) as Real;
            let shape = Shape::Circle(Circle::new(Vector::ZERO, r).unwrap());
            (shape, Pose::from_translation(center), RefShape { core: vec![exact(center)], radius: r as f64 })
        }
        _ => {
            let (hx, hy, angle) =
                (rng.range(0.2, 0.8) as Real, rng.range(0.2, 0.8) as Real, rng.angle() as Real);
            let shape = Shape::Box(OrientedBox::new(Vector::ZERO, Vector::new(hx, hy), angle).unwrap());
            // the box's corners, exactly, from the same inputs
            let (c, s) = ((angle as f64).cos(), (angle as f64).sin());
            let corner = |x: f64, y: f64| [center.x as f64 + c * x - s * y, center.y as f64 + s * x + c * y];
            let (hx, hy) = (hx as f64, hy as f64);
            let core = vec![corner(-hx, -hy), corner(hx, -hy), corner(hx, hy), corner(-hx, hy)];
            (shape, Pose::from_translation(center), RefShape { core, radius: 0.0 })
        }
    }
}

#[test]
fn unit_shapes_far_from_the_origin_match_the_exact_answer() {
    for offset in [1e3 as Real, 1e4, 1e5] {
        let mut rng = Rng::for_test("far from origin", offset as u64);
        let (mut compared, mut normals) = (0, 0);
        for _ in 0..3000 {
            let base =
                Vector::new(offset * rng.range(0.5, 1.0) as Real, -offset * rng.range(0.5, 1.0) as Real);
            let near = base + Vector::new(rng.range(-1.5, 1.5) as Real, rng.range(-1.5, 1.5) as Real);
            let ((a, pa, ra), (b, pb, rb)) = (shape_near(&mut rng, base), shape_near(&mut rng, near));
            let exact = RefPair::new(&ra, &rb);
            if exact.signed_distance.abs() < 1e-3 {
                continue; // within the tolerance of touching: either verdict is right
            }
            compared += 1;
            assert_eq!(
                overlaps(&a, pa, &b, pb),
                exact.overlapping(),
                "offset {offset}: {a:?} {pa:?} {b:?} {pb:?}"
            );
            let Some(c) = contact(&a, pa, &b, pb) else {
                assert!(!exact.overlapping());
                continue;
            };
            assert!(
                (c.depth as f64 - exact.depth()).abs() < 1e-3,
                "offset {offset}: depth {} vs {}",
                c.depth,
                exact.depth()
            );
            if exact.normal_unique(1e-2) {
                normals += 1;
                let (nx, ny) = (c.normal.x as f64 - exact.normal[0], c.normal.y as f64 - exact.normal[1]);
                assert!(nx.hypot(ny) < 1e-3, "offset {offset}: normal {} vs {:?}", c.normal, exact.normal);
            }
        }
        assert!(compared > 2000 && normals > 200, "offset {offset}: {compared} compared, {normals} normals");
    }
}

#[test]
fn huge_but_finite_distances_give_finite_answers() {
    // Circles 3e20 apart: f32 squares of that overflow, so the distance must not go through
    // them. By hand: separation 3e20 − 2, normal +x (to f32 precision, 3e20).
    let unit = Circle::new(Vector::ZERO, 1.0).unwrap();
    let far = Pose::from_translation(Vector::new(3e20, 0.0));
    let s = septa::separation(&unit, Pose::IDENTITY, &unit, far);
    assert!(s.distance.is_finite() && (s.distance / 3e20 - 1.0).abs() < 1e-6, "{s:?}");
    assert_eq!(s.normal, Vector::X);
    // Capsules and polygons that far apart diagonally are apart, with finite answers.
    let cap = septa::Capsule::new(Vector::new(-1.0, 0.0), Vector::new(1.0, 0.0), 0.5).unwrap();
    let diagonal = Pose::from_translation(Vector::new(2e20, 2e20));
    assert!(!overlaps(&cap, Pose::IDENTITY, &cap, diagonal));
    assert!(!overlaps(&cap, Pose::IDENTITY, &unit, diagonal));
    let square = ConvexPolygon::rectangle(Vector::ONE).unwrap();
    assert!(!overlaps(&square, Pose::IDENTITY, &unit, diagonal));
    for s in [
        septa::separation(&cap, Pose::IDENTITY, &cap, diagonal),
        septa::separation(&cap, Pose::IDENTITY, &unit, diagonal),
        septa::separation(&square, Pose::IDENTITY, &unit, diagonal),
    ] {
        assert!(s.distance.is_finite() && s.distance > 0.0 && s.normal.is_finite(), "{s:?}");
        assert!((s.normal.length() - 1.0).abs() < 1e-5, "{s:?}");
    }
}

#[test]
fn a_huge_circle_beside_a_long_thin_triangle_far_out_is_apart_in_every_query() {
    // Found by fuzzing (`queries`): every input within the domain (|coordinates| ≤ 1e18). The
    // circle (radius 1e18) is centred near (1e18, 0) and the triangle (within 3e3 of its
    // origin, except two tips 1e9 out) sits near (0, 1e18): by hand the gap is about
    // √2·1e18 − 1e18 − 1e9 ≈ 4.142e17. Far out, the squared distances from the centre to the
    // triangle's corners round to the same number, so the corner "nearest" the centre is only
    // nearly so; the vertex axis must not then be dropped, or the polygon–circle search reports
    // an overlap of 2.4e17 that the bounding-circle test (rightly) contradicts.
    let circle = Shape::from(Circle::new(Vector::new(4.0, -8.0), 1e18).unwrap());
    let pose_circle = Pose {
        translation: Vector::new(1e18, -6.5),
        rotation: septa::Rot { cos: 0.83788717, sin: -0.5458434 },
    };
    let triangle = Shape::from(
        ConvexPolygon::new(&[
            Vector::new(-1e9, 7.730469),
            Vector::new(1e9, -2879.76),
            Vector::new(-0.5, -10.578125),
        ])
        .unwrap(),
    );
    let pose_triangle = Pose {
        translation: Vector::new(-156.25, 1e18),
        rotation: septa::Rot { cos: 0.97622985, sin: -0.21673788 },
    };
    for (a, pa, b, pb) in
        [(&circle, pose_circle, &triangle, pose_triangle), (&triangle, pose_triangle, &circle, pose_circle)]
    {
        assert!(!overlaps(a, pa, b, pb));
        let mut cache = septa::SatCache::default();
        assert!(!septa::overlaps_cached(a, pa, b, pb, &mut cache));
        assert!(!septa::overlaps_cached(a, pa, b, pb, &mut cache), "with the cache it just set");
        assert!(contact(a, pa, b, pb).is_none() && septa::collide(a, pa, b, pb).is_none());
        let s = septa::separation(a, pa, b, pb);
        assert!((s.distance as f64 / 4.142e17 - 1.0).abs() < 1e-3, "{s:?}");
    }
}
