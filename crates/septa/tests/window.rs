//! The window search (`septa::pair::polygon_polygon::WINDOW_FROM`): for large polygons that
//! contain their origins, only the faces looking along the line between the origins are tested.
//!
//! * the bounds it rests on, `Polygonal::inner_reach` and `Polygonal::face_toward`, checked
//!   against hand geometry and brute force;
//! * every query gives the same bits as with the window off (the polygon behind a wrapper that
//!   hides every shortcut), on regular, jittered, elongated and off-centre polygons, large
//!   against large and large against small, from nested to apart;
//! * the depths agree with an f64 brute force over every face.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod plain;
mod reference;
mod rng;

use plain::Plain;
use reference::{dot, normalized, pose_point, sub, P};
use rng::Rng;
use septa::pair::polygon_polygon::{collide, contact, overlaps, separation, WINDOW_FROM};
use septa::{consts, ConvexPolygon, Polygonal, Pose, Real, Vector};

#[test]
fn inner_reach_is_the_circle_about_the_origin_inside_the_polygon() {
    // A regular n-gon of circumradius r has inradius r cos(π/n).
    for (sides, radius) in [(3, 1.0), (16, 2.0), (64, 0.5)] {
        let polygon = ConvexPolygon::regular(sides, radius, 0.3).unwrap();
        let expected = radius as f64 * (core::f64::consts::PI / sides as f64).cos();
        assert!((polygon.inner_reach() as f64 - expected).abs() < 1e-6, "{sides}-gon");
    }
    let rectangle = ConvexPolygon::rectangle(Vector::new(2.0, 1.0)).unwrap();
    assert_eq!(rectangle.inner_reach(), 1.0);
    // The origin outside (a square from 10 to 11) or on the boundary (a triangle with a corner
    // there): no circle about it fits, and the bound falls back to minus the reach.
    let far = ConvexPolygon::new(&[
        Vector::new(10.0, 10.0),
        Vector::new(11.0, 10.0),
        Vector::new(11.0, 11.0),
        Vector::new(10.0, 11.0),
    ])
    .unwrap();
    assert_eq!(far.inner_reach(), -far.reach());
    assert_eq!(far.reach(), Vector::new(11.0, 11.0).length());
    let corner = ConvexPolygon::new(&[Vector::ZERO, Vector::X, Vector::Y]).unwrap();
    assert_eq!(corner.inner_reach(), -1.0);
}

/// The face most aligned with `u`, lowest index on ties, by looking at every face.
fn brute_face_toward(normals: &[Vector], u: Vector) -> usize {
    let mut best = 0;
    for (i, n) in normals.iter().enumerate() {
        if n.dot(u) > normals[best].dot(u) {
            best = i;
        }
    }
    best
}

#[test]
fn face_toward_finds_the_most_aligned_face() {
    let mut rng = Rng(0xfac3_70a2);
    let mut polygons = vec![
        ConvexPolygon::regular(64, 1.0, 0.0).unwrap(),
        ConvexPolygon::regular(17, 1.0, 0.1).unwrap(),
        ConvexPolygon::regular(3, 1.0, 2.0).unwrap(),
        ConvexPolygon::rectangle(Vector::new(3.0, 0.5)).unwrap(),
    ];
    for _ in 0..20 {
        let points: Vec<Vector> = (0..40)
            .map(|_| {
                let angle = rng.range(0.0, consts::TAU);
                Vector::new(2.0 * angle.cos(), angle.sin()) * rng.range(0.5, 1.0)
            })
            .collect();
        polygons.push(ConvexPolygon::hull(&points).unwrap());
    }
    for polygon in &polygons {
        let normals = polygon.normals();
        // Directions on the sector boundaries (multiples of 22.5°), just either side of them,
        // along the normals themselves, and at random.
        let mut directions = Vec::new();
        for k in 0..64 {
            let angle = k as f64 * core::f64::consts::TAU / 64.0;
            for nudge in [-1e-6, 0.0, 1e-6] {
                directions.push(Vector::new((angle + nudge).cos() as Real, (angle + nudge).sin() as Real));
            }
        }
        directions.extend(normals.iter().copied());
        directions.extend((0..200).map(|_| rng.vec(5.0)));
        for u in directions {
            assert_eq!(polygon.face_toward(u), brute_face_toward(normals, u), "u = {u:?}");
        }
    }
    // Exact ties go to the lower index: the square's faces 0 (down) and 1 (right) both make
    // 45° with (1, −1), and faces 3 (left) and 0 with (−1, −1), round the wrap.
    let square = ConvexPolygon::rectangle(Vector::splat(1.0)).unwrap();
    assert_eq!(square.normals()[0], Vector::new(0.0, -1.0));
    assert_eq!(square.face_toward(Vector::new(1.0, -1.0)), 0);
    assert_eq!(square.face_toward(Vector::new(-1.0, -1.0)), 0);
    assert_eq!(square.face_toward(Vector::new(1.0, 1.0)), 1);
}

/// The kinds of polygon the window is tried on (all but the last contain their origin).
fn polygon(rng: &mut Rng, kind: usize) -> ConvexPolygon {
    let sides = WINDOW_FROM + (rng.next() * 64.0) as usize;
    let radius = rng.range(0.3, 2.0);
    match kind {
        // Regular: the roundest, with the narrowest window.
        0 => ConvexPolygon::regular(sides, radius, rng.range(0.0, 7.0)).unwrap(),
        // Corners on a circle at random angles, their distances jittered by up to 10 %.
        1 => {
            let points: Vec<Vector> = (0..sides)
                .map(|_| {
                    let angle = rng.range(0.0, consts::TAU);
                    Vector::new(angle.cos(), angle.sin()) * radius * rng.range(0.9, 1.0)
                })
                .collect();
            ConvexPolygon::hull(&points).unwrap()
        }
        // Elongated (3 : 1), so the window holds most faces.
        2 => {
            let points: Vec<Vector> = (0..sides)
                .map(|k| {
                    let angle = k as Real * consts::TAU / sides as Real;
                    Vector::new(3.0 * angle.cos(), angle.sin()) * radius
                })
                .collect();
            ConvexPolygon::new(&points).unwrap()
        }
        // Regular, with the origin off centre but inside.
        3 => {
            let shift = rng.vec(0.5 * radius);
            let regular = ConvexPolygon::regular(sides, radius, rng.range(0.0, 7.0)).unwrap();
            let points: Vec<Vector> = regular.vertices().iter().map(|&v| v + shift).collect();
            ConvexPolygon::new(&points).unwrap()
        }
        // Small polygons (3 to 8 sides) against large ones.
        4 => ConvexPolygon::regular(3 + (rng.next() * 6.0) as usize, radius, rng.range(0.0, 7.0)).unwrap(),
        // The origin outside: no window.
        _ => {
            let regular = ConvexPolygon::regular(sides, radius, rng.range(0.0, 7.0)).unwrap();
            let points: Vec<Vector> =
                regular.vertices().iter().map(|&v| v + Vector::X * 3.0 * radius).collect();
            ConvexPolygon::new(&points).unwrap()
        }
    }
}

/// A pair of polygons of the given kinds, b placed at a random distance from nested to apart.
fn pair(rng: &mut Rng, kinds: (usize, usize)) -> (ConvexPolygon, Pose, ConvexPolygon, Pose) {
    let (a, b) = (polygon(rng, kinds.0), polygon(rng, kinds.1));
    let reach = a.reach() + b.reach();
    let pa = Pose::new(rng.vec(3.0), rng.range(-4.0, 4.0));
    let angle = rng.range(0.0, consts::TAU);
    let distance = reach * rng.range(0.0, 1.05);
    let pb =
        Pose::new(pa.translation + Vector::new(angle.cos(), angle.sin()) * distance, rng.range(-4.0, 4.0));
    (a, pa, b, pb)
}

const KINDS: [(usize, usize); 8] = [(0, 0), (1, 1), (2, 2), (3, 3), (0, 4), (4, 1), (1, 3), (5, 0)];

#[test]
fn the_window_gives_the_same_answers_as_testing_every_face() {
    let mut rng = Rng(0x0077_1d0e);
    for kinds in KINDS {
        let (mut windowed, mut hits) = (0, 0);
        for _ in 0..1500 {
            let (a, pa, b, pb) = pair(&mut rng, kinds);
            let large = a.len().max(b.len()) >= WINDOW_FROM;
            windowed += (large && a.inner_reach() > 0.0 && b.inner_reach() > 0.0) as usize;
            let (plain_a, plain_b) = (Plain(&a), Plain(&b));
            let fast = overlaps(&a, pa, &b, pb);
            assert_eq!(fast, overlaps(&plain_a, pa, &plain_b, pb), "kinds {kinds:?}");
            assert_eq!(separation(&a, pa, &b, pb), separation(&plain_a, pa, &plain_b, pb), "kinds {kinds:?}");
            assert_eq!(contact(&a, pa, &b, pb), contact(&plain_a, pa, &plain_b, pb), "kinds {kinds:?}");
            assert_eq!(collide(&a, pa, &b, pb), collide(&plain_a, pa, &plain_b, pb), "kinds {kinds:?}");
            hits += fast as usize;
        }
        // Off-centre origins stay inside; a jittered hull may keep fewer than WINDOW_FROM corners.
        if kinds.0 == 5 {
            assert_eq!(windowed, 0, "kinds {kinds:?}");
        } else {
            assert!(windowed > 1200, "kinds {kinds:?}: only {windowed} of 1500 pairs windowed");
        }
        assert!((200..1450).contains(&hits), "kinds {kinds:?}: {hits} of 1500 overlap");
    }
}

/// The largest separation over both polygons' faces, in f64 from the stored vertices placed by
/// their poses: for each face, the other polygon's lowest vertex along its outward normal.
fn brute_separation(a: &ConvexPolygon, pa: Pose, b: &ConvexPolygon, pb: Pose) -> f64 {
    let world = |poly: &ConvexPolygon, pose: Pose| -> Vec<P> {
        poly.vertices().iter().map(|&v| pose_point(pose, v)).collect()
    };
    let (wa, wb) = (world(a, pa), world(b, pb));
    let faces = |p: &[P], q: &[P]| -> f64 {
        (0..p.len())
            .map(|i| {
                let edge = sub(p[(i + 1) % p.len()], p[i]);
                let normal = normalized([edge[1], -edge[0]]);
                q.iter().map(|&v| dot(normal, sub(v, p[i]))).fold(f64::INFINITY, f64::min)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    };
    faces(&wa, &wb).max(faces(&wb, &wa))
}

#[test]
fn windowed_depths_match_an_f64_brute_force() {
    let mut rng = Rng(0xde97_4b12);
    let mut compared = 0;
    for kinds in KINDS {
        for _ in 0..400 {
            let (a, pa, b, pb) = pair(&mut rng, kinds);
            let exact = brute_separation(&a, pa, &b, pb);
            let scale = (a.reach() + b.reach()) as f64;
            if exact.abs() < 1e-4 * scale {
                continue; // too close to touching for an f32 verdict to be owed
            }
            match contact(&a, pa, &b, pb) {
                None => assert!(exact > 0.0, "kinds {kinds:?}: missed an overlap of {}", -exact),
                Some(c) => {
                    assert!(exact < 0.0, "kinds {kinds:?}: overlap reported, gap {exact}");
                    assert!((c.depth as f64 + exact).abs() < 1e-5 * scale, "depth {} vs {}", c.depth, -exact);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} overlapping pairs compared");
}

#[test]
fn a_nan_pose_ends_every_query() {
    // Poses are not validated, and a NaN compares false with everything: every walk and climb
    // of the window must still end (a walk that only stops at a vertex no lower than the last
    // would run forever). Whatever the answers are, the queries must return.
    let polygon = ConvexPolygon::regular(64, 1.0, 0.0).unwrap();
    for pose in [
        Pose::from_translation(Vector::new(Real::NAN, 0.5)),
        Pose { translation: Vector::new(0.5, 0.0), rotation: septa::Rot { cos: Real::NAN, sin: 0.0 } },
    ] {
        let _ = overlaps(&polygon, Pose::IDENTITY, &polygon, pose);
        let _ = contact(&polygon, Pose::IDENTITY, &polygon, pose);
        let _ = collide(&polygon, Pose::IDENTITY, &polygon, pose);
        let _ = separation(&polygon, Pose::IDENTITY, &polygon, pose);
    }
}

/// `Polygonal::rings`: each list, then its first `RING_PAD` entries again, round the loop as
/// often as a small polygon takes (entry `i` is entry `i mod n` of the list); boxes keep none.
#[test]
fn rings_repeat_the_start_of_each_list() {
    use septa::{OrientedBox, RING_PAD};
    for sides in [3, 5, 8, 16, 33] {
        let polygon = ConvexPolygon::regular(sides, 1.5, 0.2).unwrap();
        let rings = polygon.rings().expect("a polygon keeps rings");
        let n = polygon.len();
        assert_eq!(rings.vertices.len(), n + RING_PAD);
        assert_eq!(rings.normals.len(), n + RING_PAD);
        assert_eq!(rings.offsets.len(), n + RING_PAD);
        for i in 0..n + RING_PAD {
            assert_eq!(rings.vertices[i], polygon.vertices()[i % n], "{sides}-gon vertex {i}");
            assert_eq!(rings.normals[i], polygon.normals()[i % n], "{sides}-gon normal {i}");
            assert_eq!(rings.offsets[i], polygon.plane_offsets()[i % n], "{sides}-gon offset {i}");
        }
        // The plain lists are what they were: n each.
        assert_eq!((polygon.vertices().len(), polygon.normals().len()), (n, n));
        assert_eq!(polygon.plane_offsets().len(), n);
    }
    let boxed = OrientedBox::new(Vector::ZERO, Vector::new(1.0, 2.0), 0.3).unwrap();
    assert!(boxed.rings().is_none());
}
