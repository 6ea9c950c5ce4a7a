//! The polygon queries' shortcuts give exactly the answers of the general paths:
//!
//! * a polygon symmetric about its origin projects half its vertices (`Polygonal::half_lanes`)
//!   and gets both opposite faces' separations from one projection
//!   (`Polygonal::half_face_lanes`): every query gives the same bits as on the same polygon with
//!   the shortcuts hidden (which also changes where walking takes over from projecting);
//! * `contact` and `collide` on two parallelograms take both polygons' best faces from one
//!   group of lanes: the same bits as scanning every face (the polygons with every face its own
//!   axis);
//! * `collide` on two polygons symmetric about their origins with at most eight faces takes
//!   both best faces, and the incident face, from the `Symmetric` blocks the polygons hold: the
//!   same bits as the general path;
//! * `overlaps` on small polygons (all axes, no early exit) and on two parallelograms (both
//!   polygons' axes in one group of lanes) agrees with `overlaps_cached` from an empty cache,
//!   which stops at the first separating axis.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod plain;
mod rng;

use plain::{FaceByFace, Plain};
use rng::Rng;
use septa::pair::polygon_polygon::{collide, contact, overlaps, overlaps_cached, separation};
use septa::{consts, ConvexPolygon, Lanes, NormalLanes, Polygonal, Pose, Real, SatCache, Vector};

/// Random pairs placed so that about half overlap, some of them by very little.
fn pairs(
    rng: &mut Rng,
    shape: impl Fn(&mut Rng) -> ConvexPolygon,
    count: usize,
) -> Vec<[(ConvexPolygon, Pose); 2]> {
    (0..count)
        .map(|_| {
            let (a, b) = (shape(rng), shape(rng));
            let reach = Polygonal::bounding_radius(&a) + Polygonal::bounding_radius(&b);
            let pa = Pose::new(rng.vec(3.0), rng.range(-4.0, 4.0));
            let pb = Pose::new(pa.translation + rng.vec(reach), rng.range(-4.0, 4.0));
            [(a, pa), (b, pb)]
        })
        .collect()
}

#[test]
fn symmetric_polygons_project_half_their_vertices_with_the_same_results() {
    let mut rng = Rng(0x5eed_5a11);
    let symmetric = |rng: &mut Rng| {
        let sides = 2 * (3 + (rng.next() * 20.0) as usize); // 6 to 44 sides
        ConvexPolygon::regular(sides, rng.range(0.2, 2.0), rng.range(0.0, 7.0)).unwrap()
    };
    let mut shortcut = 0;
    for [(a, pa), (b, pb)] in pairs(&mut rng, symmetric, 3000) {
        shortcut += a.half_lanes().is_some() as usize;
        let (pa_, pb_) = (Plain(&a), Plain(&b));
        assert_eq!(overlaps(&a, pa, &b, pb), overlaps(&pa_, pa, &pb_, pb));
        assert_eq!(separation(&a, pa, &b, pb), separation(&pa_, pa, &pb_, pb));
        assert_eq!(contact(&a, pa, &b, pb), contact(&pa_, pa, &pb_, pb));
        assert_eq!(collide(&a, pa, &b, pb), collide(&pa_, pa, &pb_, pb));
    }
    // Rounding can break the exact symmetry of a few regular polygons, but not of most.
    assert!(shortcut > 2900, "only {shortcut} of 3000 polygons symmetric");
}

#[test]
fn asymmetric_and_small_polygons_have_no_half_lanes() {
    let triangle = ConvexPolygon::new(&[Vector::ZERO, Vector::X, Vector::Y]).unwrap();
    assert!(triangle.half_lanes().is_none() && triangle.half_face_lanes().is_none());
    // An octagon symmetric about (1, 0), not its origin: opposite faces are parallel but at
    // different plane offsets.
    let octagon = ConvexPolygon::regular(8, 1.0, 0.3).unwrap();
    let moved: Vec<Vector> = octagon.vertices().iter().map(|&v| v + Vector::X).collect();
    let shifted = ConvexPolygon::new(&moved).unwrap();
    assert!(shifted.half_lanes().is_none() && shifted.half_face_lanes().is_none());
    // A box has its half (for the two-axis boolean test), but no half of its faces: the four
    // fill one group either way.
    let rectangle = ConvexPolygon::rectangle(Vector::new(2.0, 1.0)).unwrap();
    assert_eq!(rectangle.half_lanes().map(<[Lanes]>::len), Some(1));
    assert!(rectangle.half_face_lanes().is_none());
    assert_eq!(octagon.half_lanes().map(<[Lanes]>::len), Some(1));
    assert_eq!(octagon.half_face_lanes().map(<[NormalLanes]>::len), Some(1));
}

#[test]
fn overlaps_without_early_exit_agrees_with_the_first_separating_axis() {
    let mut rng = Rng(0x0ba1_1a9e);
    let shapes: [&dyn Fn(&mut Rng) -> ConvexPolygon; 5] = [
        // Rectangles and rhombi (parallelograms: two axes each, one shared group of lanes).
        &|rng| ConvexPolygon::rectangle(Vector::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0))).unwrap(),
        // Parallelograms not centred on their origin (every vertex projected).
        &|rng| {
            let (u, v) = (
                Vector::new(rng.range(0.2, 2.0), 0.0),
                Vector::new(rng.range(-1.0, 1.0), rng.range(0.2, 2.0)),
            );
            let c = rng.vec(0.5);
            ConvexPolygon::new(&[c - u - v, c + u - v, c + u + v, c + v - u]).unwrap()
        },
        &|rng| {
            let (u, v) = (
                Vector::new(rng.range(0.2, 2.0), 0.0),
                Vector::new(rng.range(-1.0, 1.0), rng.range(0.2, 2.0)),
            );
            ConvexPolygon::new(&[-u - v, u - v, u + v, v - u]).unwrap()
        },
        // Triangles to octagons: at most four axes each, no early exit.
        &|rng| {
            ConvexPolygon::regular(3 + (rng.next() * 6.0) as usize, rng.range(0.2, 2.0), rng.range(0.0, 7.0))
                .unwrap()
        },
        // Up to 16 sides: several groups, early exit.
        &|rng| {
            ConvexPolygon::regular(3 + (rng.next() * 14.0) as usize, rng.range(0.2, 2.0), rng.range(0.0, 7.0))
                .unwrap()
        },
    ];
    for shape in shapes {
        let mut hits = 0;
        for [(a, pa), (b, pb)] in pairs(&mut rng, shape, 3000) {
            let fast = overlaps(&a, pa, &b, pb);
            assert_eq!(fast, overlaps_cached(&a, pa, &b, pb, &mut SatCache::default()));
            assert_eq!(fast, overlaps(&Plain(&a), pa, &Plain(&b), pb));
            hits += fast as usize;
        }
        assert!((300..2700).contains(&hits), "{hits} of 3000 overlap");
    }
    // Exactly touching boxes (dyadic sizes and offsets, no rotation) do not overlap.
    let square = ConvexPolygon::rectangle(Vector::splat(0.5)).unwrap();
    let wide = ConvexPolygon::rectangle(Vector::new(1.5, 0.25)).unwrap();
    for (offset, expected) in [(2.0, false), (1.9375, true), (-2.0, false), (-1.9375, true)] {
        let pb = Pose::from_translation(Vector::new(offset, 0.125));
        assert_eq!(overlaps(&square, Pose::IDENTITY, &wide, pb), expected, "offset {offset}");
        assert_eq!(overlaps(&wide, pb, &square, Pose::IDENTITY), expected, "offset {offset}");
    }
}

#[test]
fn the_bounding_circle_reject_agrees_with_sat_at_its_threshold() {
    // Pairs whose origins are (reachₐ + reach_b)·f apart, f from 0.97 to 1.03: around the
    // distance where the reject starts to answer. With it (the polygons as they are) and without
    // it (`Plain`), every query must give the same bits; far from the world origin too.
    let mut rng = Rng(0x00c1_c1e5);
    let mut rejected = 0;
    for k in 0..6000 {
        let shape = |rng: &mut Rng| {
            let sides = 3 + (rng.next() * 10.0) as usize;
            ConvexPolygon::regular(sides, rng.range(0.2, 2.0), rng.range(0.0, 7.0)).unwrap()
        };
        let (a, b) = (shape(&mut rng), shape(&mut rng));
        let f = rng.range(0.97, 1.03);
        let origin = if k % 2 == 0 { Vector::ZERO } else { Vector::new(3e4, -2e4) };
        let direction = Vector::from_angle(rng.range(0.0, 7.0));
        let pa = Pose::new(origin, rng.range(-4.0, 4.0));
        let pb = Pose::new(origin + direction * (a.reach() + b.reach()) * f, rng.range(-4.0, 4.0));
        rejected += (f > 1.0001) as usize;
        let (pa_, pb_) = (Plain(&a), Plain(&b));
        assert_eq!(overlaps(&a, pa, &b, pb), overlaps(&pa_, pa, &pb_, pb), "{a:?} {pa:?} {b:?} {pb:?}");
        assert_eq!(contact(&a, pa, &b, pb), contact(&pa_, pa, &pb_, pb));
        assert_eq!(collide(&a, pa, &b, pb), collide(&pa_, pa, &pb_, pb));
    }
    assert!(rejected > 2500, "only {rejected} pairs beyond the threshold");
}

#[test]
fn the_polygon_circle_reject_agrees_with_sat_at_its_threshold() {
    use septa::pair::polygon_circle as pc;
    use septa::Circle;
    // As above, for a polygon and a circle (centred off its own origin half the time).
    let mut rng = Rng(0x0c1c_1e55);
    let mut rejected = 0;
    for k in 0..6000 {
        let sides = 3 + (rng.next() * 10.0) as usize;
        let a = ConvexPolygon::regular(sides, rng.range(0.2, 2.0), rng.range(0.0, 7.0)).unwrap();
        let center = if k % 4 < 2 { Vector::ZERO } else { rng.vec(0.5) };
        let b = Circle::new(center, rng.range(0.1, 2.0)).unwrap();
        let reach_b = center.length() + b.radius();
        let f = rng.range(0.97, 1.03);
        let origin = if k % 2 == 0 { Vector::ZERO } else { Vector::new(-3e4, 2e4) };
        let direction = Vector::from_angle(rng.range(0.0, 7.0));
        let pa = Pose::new(origin, rng.range(-4.0, 4.0));
        let pb = Pose::new(origin + direction * (a.reach() + reach_b) * f, rng.range(-4.0, 4.0));
        rejected += (f > 1.0001) as usize;
        let plain = Plain(&a);
        assert_eq!(
            pc::overlaps(&a, pa, &b, pb),
            pc::overlaps(&plain, pa, &b, pb),
            "{a:?} {pa:?} {b:?} {pb:?}"
        );
        assert_eq!(pc::contact(&a, pa, &b, pb), pc::contact(&plain, pa, &b, pb));
        assert_eq!(pc::collide(&a, pa, &b, pb), pc::collide(&plain, pa, &b, pb));
    }
    assert!(rejected > 2500, "only {rejected} pairs beyond the threshold");
}

#[test]
fn parallelograms_find_their_best_faces_in_one_pass_with_the_same_results() {
    let mut rng = Rng(0x9a7a_11e1);
    let shapes: [&dyn Fn(&mut Rng) -> ConvexPolygon; 3] = [
        // Rectangles and squares (symmetric about their origin: half the vertices projected).
        &|rng| ConvexPolygon::rectangle(Vector::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0))).unwrap(),
        // Rhombi and general parallelograms about their origin.
        &|rng| {
            let turn = rng.range(0.0, 7.0);
            let u = Vector::from_angle(turn) * rng.range(0.2, 2.0);
            let v = Vector::from_angle(turn + rng.range(0.3, 2.8)) * rng.range(0.2, 2.0);
            ConvexPolygon::new(&[-u - v, u - v, u + v, v - u]).unwrap()
        },
        // Parallelograms off their origin (every vertex projected), on a grid of 1/64 so that
        // the corners are exact and opposite edges stay exactly parallel.
        &|rng| {
            let grid = |rng: &mut Rng, lo: Real, hi: Real| (rng.range(lo, hi) * 64.0).round() / 64.0;
            let u = Vector::new(grid(rng, 0.2, 2.0), 0.0);
            let v = Vector::new(grid(rng, -1.0, 1.0), grid(rng, 0.2, 2.0));
            let c = Vector::new(grid(rng, -0.5, 0.5), grid(rng, -0.5, 0.5));
            ConvexPolygon::new(&[c - u - v, c + u - v, c + u + v, c + v - u]).unwrap()
        },
    ];
    for shape in shapes {
        let mut hits = 0;
        for [(a, pa), (b, pb)] in pairs(&mut rng, shape, 3000) {
            assert_eq!(a.axes().len(), 2);
            let (fa, fb) = (FaceByFace::new(&a), FaceByFace::new(&b));
            assert_eq!(contact(&a, pa, &b, pb), contact(&fa, pa, &fb, pb));
            assert_eq!(collide(&a, pa, &b, pb), collide(&fa, pa, &fb, pb));
            hits += collide(&a, pa, &b, pb).is_some() as usize;
        }
        assert!((300..2700).contains(&hits), "{hits} of 3000 collide");
    }
    // Exact ties between faces: two axis-aligned squares offset along x and y by the same
    // amount tie between a's right and top faces (1 and 2) and b's bottom and left (0 and 3):
    // the lower index wins, as in the scan.
    let square = ConvexPolygon::rectangle(Vector::splat(1.0)).unwrap();
    let pb = Pose::from_translation(Vector::splat(1.5));
    let from_scan = collide(&FaceByFace::new(&square), Pose::IDENTITY, &FaceByFace::new(&square), pb);
    assert_eq!(collide(&square, Pose::IDENTITY, &square, pb), from_scan);
    assert_eq!(from_scan.unwrap().clip_faces().map(|f| f.reference), Some(1));
}

#[test]
fn parallelograms_are_recognised_with_their_symmetry_and_nothing_else_is() {
    use septa::Parallelogram;
    let poly = |points: &[[Real; 2]]| {
        ConvexPolygon::new(&points.iter().map(|p| Vector::new(p[0], p[1])).collect::<Vec<_>>()).unwrap()
    };
    let symmetric = |p: &ConvexPolygon| p.parallelogram().map(Parallelogram::symmetric);
    // Rectangles, squares and rhombi about their origin: symmetric parallelograms.
    assert_eq!(symmetric(&ConvexPolygon::rectangle(Vector::new(2.0, 0.5)).unwrap()), Some(true));
    assert_eq!(symmetric(&poly(&[[0.0, -1.0], [2.0, 0.0], [0.0, 1.0], [-2.0, 0.0]])), Some(true));
    // A parallelogram off its origin: still one, but not symmetric about the origin.
    assert_eq!(symmetric(&poly(&[[0.0, 0.0], [2.0, 0.0], [3.0, 1.0], [1.0, 1.0]])), Some(false));
    // A trapezoid (one pair of parallel faces), a kite, a triangle and a hexagon: not one.
    assert_eq!(symmetric(&poly(&[[0.0, 0.0], [4.0, 0.0], [3.0, 1.0], [1.0, 1.0]])), None);
    assert_eq!(symmetric(&poly(&[[0.0, -1.0], [1.0, 0.0], [0.0, 3.0], [-1.0, 0.0]])), None);
    assert_eq!(symmetric(&poly(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])), None);
    assert_eq!(symmetric(&ConvexPolygon::regular(6, 1.0, 0.0).unwrap()), None);
    // The shapes the tests use to hide shortcuts are not parallelograms to the queries.
    let square = ConvexPolygon::rectangle(Vector::splat(1.0)).unwrap();
    assert!(Plain(&square).parallelogram().is_none() && FaceByFace::new(&square).parallelogram().is_none());
}

#[test]
fn circles_against_paired_faces_give_the_same_results() {
    use septa::pair::polygon_circle as pc;
    use septa::Circle;
    // Polygons whose opposite faces pair up and whose first half fits one group of four
    // (hexagons, octagons, stretched octagons), against circles in, on and around them: the
    // paired search gives the same bits as the plain scan of every face.
    let mut rng = Rng(0x9a12_ed0c);
    let mut hits = 0;
    for k in 0..6000 {
        let sides = [6, 8][k % 2];
        let regular = ConvexPolygon::regular(sides, rng.range(0.2, 2.0), rng.range(0.0, 7.0)).unwrap();
        let a = if k % 3 == 0 {
            let stretch = Vector::new(rng.range(0.3, 3.0), 1.0);
            ConvexPolygon::new(&regular.vertices().iter().map(|&v| v * stretch).collect::<Vec<_>>()).unwrap()
        } else {
            regular
        };
        assert!(a.half_face_lanes().is_some_and(|h| h.len() == 1), "{a:?}");
        let b = Circle::new(Vector::ZERO, rng.range(0.05, 1.5)).unwrap();
        let pa = Pose::new(rng.vec(5.0), rng.range(-4.0, 4.0));
        let pb = Pose::new(pa.translation + rng.vec(3.0), rng.range(-4.0, 4.0));
        let plain = Plain(&a);
        assert_eq!(pc::overlaps(&a, pa, &b, pb), pc::overlaps(&plain, pa, &b, pb), "{a:?} {pa:?} {pb:?}");
        assert_eq!(pc::separation(&a, pa, &b, pb), pc::separation(&plain, pa, &b, pb));
        assert_eq!(pc::contact(&a, pa, &b, pb), pc::contact(&plain, pa, &b, pb));
        assert_eq!(pc::collide(&a, pa, &b, pb), pc::collide(&plain, pa, &b, pb));
        hits += pc::overlaps(&a, pa, &b, pb) as usize;
    }
    assert!((1000..5000).contains(&hits), "{hits} of 6000 overlap");
}

/// Regular and stretched hexagons and octagons, and rectangles, all symmetric about their
/// origin; a quarter of them turned so that faces lie along the axes, where faces tie exactly.
fn symmetric_shape(rng: &mut Rng) -> ConvexPolygon {
    let pick = (rng.next() * 5.0) as usize;
    if pick == 0 {
        return ConvexPolygon::rectangle(Vector::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0))).unwrap();
    }
    let sides = [6, 8][pick % 2];
    let turn = if rng.next() < 0.25 { consts::PI / sides as Real } else { rng.range(0.0, 7.0) };
    let regular = ConvexPolygon::regular(sides, rng.range(0.2, 2.0), turn).unwrap();
    if pick > 2 {
        // (−v)·s is −(v·s) exactly, so a stretched polygon stays exactly symmetric.
        let stretch = Vector::new(rng.range(0.3, 3.0), 1.0);
        return ConvexPolygon::new(&regular.vertices().iter().map(|&v| v * stretch).collect::<Vec<_>>())
            .unwrap();
    }
    regular
}

#[test]
fn symmetric_polygons_collide_from_their_own_blocks_with_the_same_results() {
    let mut rng = Rng(0x5f3e_7a1c);
    let (mut own_path, mut hits) = (0, 0);
    for [(a, pa), (b, pb)] in pairs(&mut rng, symmetric_shape, 6000) {
        // Rectangles take the parallelogram path against each other and the general path
        // against the others; every other pair here takes this one.
        own_path += (a.symmetric().is_some() && b.symmetric().is_some()) as usize;
        let expected = collide(&Plain(&a), pa, &Plain(&b), pb);
        assert_eq!(collide(&a, pa, &b, pb), expected, "{a:?} {pa:?} {b:?} {pb:?}");
        hits += expected.is_some() as usize;
    }
    assert!(own_path > 3500, "only {own_path} of 6000 pairs on the symmetric path");
    assert!((1500..4500).contains(&hits), "{hits} of 6000 collide");
    // Exact ties, on polygons with exact corners: an octagon with faces along the axes and the
    // diagonals, and a hexagon with faces along the axes and one diagonal. Offset along the
    // diagonal, the octagon's faces 0 and 2 (normals x and y) tie for best where they are best
    // (t = 1), and otherwise its diagonal face 1 is the reference face, to whose normal
    // (√½, √½) the hexagon's faces 0 and 5 (normals −y and −x) are equally anti-parallel (dot
    // products −√½ both, exactly): the lower index wins, as in the general path.
    let exact = |points: &[[Real; 2]]| {
        ConvexPolygon::new(&points.iter().map(|p| Vector::new(p[0], p[1])).collect::<Vec<_>>()).unwrap()
    };
    let octagon = exact(&[
        [1.0, -0.5],
        [1.0, 0.5],
        [0.5, 1.0],
        [-0.5, 1.0],
        [-1.0, 0.5],
        [-1.0, -0.5],
        [-0.5, -1.0],
        [0.5, -1.0],
    ]);
    let hexagon = exact(&[[-1.0, -1.0], [0.5, -1.0], [1.0, -0.5], [1.0, 1.0], [-0.5, 1.0], [-1.0, 0.5]]);
    for t in [1.0, 1.3, 1.5] {
        for (a, b) in [(&octagon, &hexagon), (&hexagon, &octagon), (&octagon, &octagon)] {
            assert!(a.symmetric().is_some() && b.symmetric().is_some());
            let pb = Pose::from_translation(Vector::splat(t));
            let expected = collide(&Plain(a), Pose::IDENTITY, &Plain(b), pb);
            assert_eq!(collide(a, Pose::IDENTITY, b, pb), expected, "{t}");
        }
    }
    let faces = |t: Real| {
        let m = collide(&octagon, Pose::IDENTITY, &hexagon, Pose::from_translation(Vector::splat(t)));
        m.and_then(|m| m.clip_faces()).map(|f| (f.reference_on_b, f.reference, f.incident))
    };
    assert_eq!(faces(1.0), Some((false, 0, 5)));
    assert_eq!(faces(1.3), Some((false, 1, 0)));
}

#[test]
fn symmetric_polygons_are_recognised_and_nothing_else_is() {
    use septa::Symmetric;
    let faces = |p: &ConvexPolygon| p.symmetric().map(Symmetric::len);
    // A centred rectangle is symmetric, but a polygon takes one special path, and a
    // parallelogram takes the parallelogram path.
    let rectangle = ConvexPolygon::rectangle(Vector::new(2.0, 0.5)).unwrap();
    assert_eq!(Symmetric::of(&rectangle).map(|s| s.len()), Some(4));
    assert!(rectangle.parallelogram().is_some() && rectangle.symmetric().is_none());
    // Hexagons and octagons about their origin, regular or stretched: symmetric.
    for sides in [6, 8] {
        let regular = ConvexPolygon::regular(sides, 1.5, 0.4).unwrap();
        assert_eq!(faces(&regular), Some(sides));
        let stretched: Vec<Vector> = regular.vertices().iter().map(|&v| v * Vector::new(2.5, 1.0)).collect();
        assert_eq!(faces(&ConvexPolygon::new(&stretched).unwrap()), Some(sides));
    }
    // More than eight faces, an odd number, or symmetric about another point: not symmetric.
    for sides in [3, 5, 7, 10, 12] {
        assert!(Symmetric::of(&ConvexPolygon::regular(sides, 1.0, 0.2).unwrap()).is_none());
    }
    let octagon = ConvexPolygon::regular(8, 1.0, 0.3).unwrap();
    let moved: Vec<Vector> = octagon.vertices().iter().map(|&v| v + Vector::X).collect();
    assert!(Symmetric::of(&ConvexPolygon::new(&moved).unwrap()).is_none());
    // The shapes the tests use to hide shortcuts are not symmetric to the queries.
    assert!(Plain(&octagon).symmetric().is_none() && FaceByFace::new(&octagon).symmetric().is_none());
}
