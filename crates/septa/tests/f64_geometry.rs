//! Capsules against every shape, and the time of impact of every pair, checked against plain
//! f64 geometry that shares nothing with the library: a capsule is the set of points within its radius of its segment, so two round shapes
//! overlap exactly when the distance between their cores (segments, centres, polygons) is less
//! than the sum of their radii. The distances between cores are computed here in f64 from
//! first principles (point–segment distance, segment crossing tests, point in polygon).
//!
//! Checked on random pairs, in both argument orders: `overlaps` against the reference (away from
//! touching), `separation` equals the exact distance for separated pairs, the MTV pushes the
//! shapes apart and 1 % less does not, no direction separates with a shorter push (binary search
//! in 8 directions), swapping a and b flips the normal, and manifold points lie on one shape's
//! surface with positive depths no deeper than the MTV (plus the reference bias).
//!
//! Time of impact: the motion is stepped finely and the first step at which the f64 reference
//! finds an overlap brackets the true first contact; septa's time must fall in that bracket
//! (exact swept SAT for polygons and boxes; conservative advancement, early by at most its
//! tolerance, for round shapes).
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use glam::DVec2;
use rng::Rng;
use septa::{
    collide, contact, overlaps, overlaps_cached, separation, time_of_impact, trace, Capsule, Circle, Collide,
    ConvexPolygon, OrientedBox, Polygonal, Pose, Real, SatCache, Shape, Vector,
};

/// A shape's core in world coordinates (f64) and its radius.
#[derive(Clone)]
enum Core {
    Point(DVec2, f64),
    Segment(DVec2, DVec2, f64),
    Polygon(Vec<DVec2>),
}

fn d(v: Vector) -> DVec2 {
    DVec2::new(v.x as f64, v.y as f64)
}

fn core_of(shape: &Shape, pose: Pose) -> Core {
    let world = |v: Vector| d(pose.translation) + rotate(pose, d(v));
    match shape {
        Shape::Circle(c) => Core::Point(world(c.center()), c.radius() as f64),
        Shape::Capsule(c) => Core::Segment(world(c.a()), world(c.b()), c.radius() as f64),
        Shape::Polygon(p) => Core::Polygon(p.vertices().iter().map(|&v| world(v)).collect()),
        Shape::Box(b) => Core::Polygon(b.vertices().iter().map(|&v| world(v)).collect()),
    }
}

fn rotate(pose: Pose, v: DVec2) -> DVec2 {
    let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
    DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y)
}

fn point_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let t = if ab.length_squared() == 0.0 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    };
    (a + ab * t - p).length()
}

fn segments_cross(a: DVec2, b: DVec2, c: DVec2, e: DVec2) -> bool {
    let o = |p: DVec2, q: DVec2, r: DVec2| (q - p).perp_dot(r - p);
    let (d1, d2, d3, d4) = (o(c, e, a), o(c, e, b), o(a, b, c), o(a, b, e));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

fn segment_segment(a: DVec2, b: DVec2, c: DVec2, e: DVec2) -> f64 {
    if segments_cross(a, b, c, e) {
        return 0.0;
    }
    point_segment(a, c, e).min(point_segment(b, c, e)).min(point_segment(c, a, b)).min(point_segment(e, a, b))
}

fn inside(p: DVec2, poly: &[DVec2]) -> bool {
    // counter-clockwise convex polygon
    (0..poly.len()).all(|i| (poly[(i + 1) % poly.len()] - poly[i]).perp_dot(p - poly[i]) >= 0.0)
}

fn segment_polygon(a: DVec2, b: DVec2, poly: &[DVec2]) -> f64 {
    if inside(a, poly) || inside(b, poly) {
        return 0.0;
    }
    (0..poly.len())
        .map(|i| segment_segment(a, b, poly[i], poly[(i + 1) % poly.len()]))
        .fold(f64::INFINITY, f64::min)
}

/// Distance between the cores minus the radii: negative means overlapping.
fn gap(x: &Core, y: &Core) -> f64 {
    use Core::*;
    match (x, y) {
        (Point(p, r), Point(q, s)) => (p - q).length() - r - s,
        (Point(p, r), Segment(a, b, s)) | (Segment(a, b, s), Point(p, r)) => {
            point_segment(*p, *a, *b) - r - s
        }
        (Segment(a, b, r), Segment(c, e, s)) => segment_segment(*a, *b, *c, *e) - r - s,
        (Point(p, r), Polygon(poly)) | (Polygon(poly), Point(p, r)) => segment_polygon(*p, *p, poly) - r,
        (Segment(a, b, r), Polygon(poly)) | (Polygon(poly), Segment(a, b, r)) => {
            segment_polygon(*a, *b, poly) - r
        }
        (Polygon(p), Polygon(q)) => {
            let crossing = (0..p.len()).any(|i| {
                (0..q.len()).any(|j| segments_cross(p[i], p[(i + 1) % p.len()], q[j], q[(j + 1) % q.len()]))
            });
            if crossing || inside(p[0], q) || inside(q[0], p) {
                // overlapping: report minus the smallest vertex depth as a rough magnitude
                -1e-3_f64.max(0.0)
            } else {
                (0..p.len())
                    .map(|i| segment_polygon(p[i], p[(i + 1) % p.len()], q))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }
}

fn moved(core: &Core, by: DVec2) -> Core {
    match core {
        Core::Point(p, r) => Core::Point(*p + by, *r),
        Core::Segment(a, b, r) => Core::Segment(*a + by, *b + by, *r),
        Core::Polygon(v) => Core::Polygon(v.iter().map(|p| *p + by).collect()),
    }
}

fn random_shape(rng: &mut Rng, kind: usize) -> Shape {
    match kind {
        0 => Shape::Capsule(
            Capsule::new(
                rng.vec(1.5),
                rng.vec(1.5),
                if rng.next() < 0.1 { 0.0 } else { rng.range(0.1, 1.0) },
            )
            .unwrap(),
        ),
        1 => Shape::Circle(Circle::new(rng.vec(0.5), rng.range(0.1, 1.2)).unwrap()),
        2 => {
            let points: Vec<Vector> = (0..8).map(|_| rng.vec(1.5)).collect();
            match ConvexPolygon::hull(&points) {
                Ok(p) => Shape::Polygon(p),
                Err(_) => random_shape(rng, 2),
            }
        }
        _ => Shape::Box(
            OrientedBox::new(
                rng.vec(0.5),
                Vector::new(rng.range(0.1, 1.5), rng.range(0.1, 1.5)),
                rng.range(-3.2, 3.2),
            )
            .unwrap(),
        ),
    }
}

#[test]
fn capsule_pairs_agree_with_f64_geometry() {
    let mut rng = Rng(0xca95_01e5);
    let mut overlapping = 0;
    for n in 0..60_000 {
        // every pair has a capsule on one side or the other
        let kinds = [(0, n % 4), (n % 4, 0)][n / 4 % 2];
        let (a, b) = (random_shape(&mut rng, kinds.0), random_shape(&mut rng, kinds.1));
        let (pa, pb) =
            (Pose::new(rng.vec(1.0), rng.range(-3.2, 3.2)), Pose::new(rng.vec(2.5), rng.range(-3.2, 3.2)));
        let (ca, cb) = (core_of(&a, pa), core_of(&b, pb));
        let exact = gap(&ca, &cb);
        let sep = separation(&a, pa, &b, pb);
        if exact.abs() < 1e-4 {
            continue;
        }
        assert_eq!(overlaps(&a, pa, &b, pb), exact < 0.0, "{a:?} {pa:?} {b:?} {pb:?} exact {exact}");
        let mut cache = SatCache::new();
        assert_eq!(overlaps_cached(&a, pa, &b, pb, &mut cache), exact < 0.0);
        assert_eq!(trace(&a, pa, &b, pb).collides(), exact < 0.0);
        if exact > 0.0 {
            assert!(
                (sep.distance as f64 - exact).abs() < 2e-4,
                "separation {sep:?} vs exact {exact}: {a:?} {pa:?} {b:?} {pb:?}"
            );
            assert!(contact(&a, pa, &b, pb).is_none() && collide(&a, pa, &b, pb).is_none());
            continue;
        }
        overlapping += 1;
        let c = contact(&a, pa, &b, pb).unwrap();
        let (normal, depth) = (d(c.normal), c.depth as f64);
        assert!((normal.length() - 1.0).abs() < 1e-5);
        assert!((sep.distance as f64 + depth).abs() < 1e-5);
        assert!(
            gap(&ca, &moved(&cb, normal * (depth * 1.0001 + 1e-5))) >= -1e-5,
            "MTV does not separate: {c:?} {sep:?} {a:?} {pa:?} {b:?} {pb:?} exact {exact}"
        );
        if depth > 1e-3 {
            assert!(gap(&ca, &moved(&cb, normal * depth * 0.99)) < 0.0, "MTV longer than needed");
        }
        // no direction separates with a shorter push
        for _ in 0..8 {
            let angle = rng.next() * std::f64::consts::TAU;
            let dir = DVec2::new(angle.cos(), angle.sin());
            let (mut lo, mut hi) = (0.0, 20.0);
            for _ in 0..40 {
                let mid = 0.5 * (lo + hi);
                if gap(&ca, &moved(&cb, dir * mid)) >= 0.0 {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            assert!(hi >= depth - 1e-4, "direction {dir} separates after {hi} < MTV {depth}");
        }
        // the plain full-projection trace finds the same minimum push
        let plain = trace(&a, pa, &b, pb)
            .steps
            .iter()
            .filter_map(|s| s.push)
            .map(Real::abs)
            .fold(Real::INFINITY, Real::min);
        assert!((plain - c.depth).abs() < 1e-4, "trace min push {plain} vs MTV {}", c.depth);
        let swapped = contact(&b, pb, &a, pa).unwrap();
        assert!((swapped.depth - c.depth).abs() < 1e-4);
        let m = collide(&a, pa, &b, pb).unwrap();
        // The manifold's normal is the MTV's, or in a near tie (within the reference bias) another
        // axis whose push is as short: then pushing b along it by the MTV depth plus the bias
        // separates too.
        if d(m.normal).dot(normal) < 1.0 - 1e-4 {
            let push = d(m.normal) * (depth + 1e-3);
            assert!(
                gap(&ca, &moved(&cb, push)) >= -1e-5,
                "manifold {m:?} vs contact {c:?}: {a:?} {pa:?} {b:?} {pb:?}"
            );
        }
        for p in m.points() {
            assert!(
                p.depth > 0.0 && (p.depth as f64) <= depth + 1e-3,
                "point depth {} vs MTV {depth}",
                p.depth
            );
            let at = Core::Point(d(p.point), 0.0);
            let on_surface = |core: &Core| {
                gap(core, &at).abs() < 1e-3 || matches!(core, Core::Polygon(v) if on_boundary(d(p.point), v))
            };
            assert!(
                on_surface(&ca) || on_surface(&cb),
                "point {:?} not on either surface: {m:?} {c:?} {a:?} {pa:?} {b:?} {pb:?}",
                p.point
            );
        }
    }
    assert!(overlapping > 15_000, "only {overlapping} overlapping pairs");
}

fn on_boundary(p: DVec2, poly: &[DVec2]) -> bool {
    (0..poly.len()).any(|i| point_segment(p, poly[i], poly[(i + 1) % poly.len()]) < 1e-3)
}

#[test]
fn capsule_typed_calls_match_shape_dispatch() {
    let cap = Capsule::new(Vector::new(-1.0, 0.0), Vector::new(1.0, 0.0), 0.5).unwrap();
    let block = OrientedBox::new(Vector::ZERO, Vector::new(2.0, 0.5), 0.0).unwrap();
    let resting = Pose::from_translation(Vector::new(0.3, 0.99)); // capsule bottom at y = 0.49
                                                                  // lying along the box's top face: two points, depth 0.01 each, normal +y
    let m = block.collide(Pose::IDENTITY, &cap, resting).unwrap();
    assert_eq!(m.points().len(), 2);
    assert!(m.normal.abs_diff_eq(Vector::Y, 1e-6));
    for p in m.points() {
        assert!((p.depth - 0.01).abs() < 1e-5 && (p.point.y - 0.49).abs() < 1e-5);
    }
    let xs: Vec<Real> = m.points().iter().map(|p| p.point.x).collect();
    assert!(xs.iter().any(|x| (x + 0.7).abs() < 1e-5) && xs.iter().any(|x| (x - 1.3).abs() < 1e-5));
    assert_eq!(block.vertices().len(), 4);
    let shapes = (Shape::Box(block), Shape::Capsule(cap));
    assert_eq!(collide(&shapes.0, Pose::IDENTITY, &shapes.1, resting), Some(m));
}

/// The f64 gap between the shapes moved along their velocities to time `t`.
fn gap_at(ca: &Core, va: DVec2, cb: &Core, vb: DVec2, t: f64) -> f64 {
    gap(&moved(ca, va * t), &moved(cb, vb * t))
}

#[test]
fn time_of_impact_agrees_with_fine_stepping() {
    let mut rng = Rng(0x70_1bad);
    let (mut hits, mut exact_hits) = (0, 0);
    for n in 0..6_000 {
        let (ka, kb) = (n % 4, n / 4 % 4);
        let (a, b) = (random_shape(&mut rng, ka), random_shape(&mut rng, kb));
        let pa = Pose::new(rng.vec(1.0), rng.range(-3.2, 3.2));
        let pb = Pose::new(rng.vec(6.0), rng.range(-3.2, 3.2));
        let (va, vb) = (rng.vec(4.0), rng.vec(4.0) - pb.translation * rng.range(0.5, 1.5));
        let (ca, cb) = (core_of(&a, pa), core_of(&b, pb));
        if gap(&ca, &cb) < 1e-4 {
            continue; // starts overlapping or touching: covered below
        }
        let steps = 2000;
        let first =
            (1..=steps).map(|i| i as f64 / steps as f64).find(|&t| gap_at(&ca, d(va), &cb, d(vb), t) < 0.0);
        let impact = time_of_impact(&a, pa, va, &b, pb, vb, 1.0);
        let polygonal = ka >= 2 && kb >= 2;
        match (impact, first) {
            (Some(hit), Some(t)) => {
                hits += 1;
                let t0 = t - 1.0 / steps as f64; // apart at t0, overlapping at t
                assert!(
                    (hit.time as f64) <= t + 1e-5,
                    "{a:?} {pa:?} {va} {b:?} {pb:?} {vb}: late {hit:?} > {t}"
                );
                if polygonal {
                    assert!((hit.time as f64) >= t0 - 1e-5, "{a:?} {b:?}: impact {hit:?} before {t0}");
                } else {
                    // conservative advancement stops within its tolerance of contact, never past it
                    let g = gap_at(&ca, d(va), &cb, d(vb), hit.time as f64);
                    let tolerance = 1e-4 * extent(&a).min(extent(&b));
                    assert!(g > -1e-5 && g <= tolerance + 1e-5, "{a:?} {b:?}: gap {g} at impact {hit:?}");
                }
                assert!((d(hit.normal).length() - 1.0).abs() < 1e-5);
                // at the impact the shapes touch along the normal: moving b a little further
                // along −normal (towards a) makes them overlap
                let at = hit.time as f64;
                let (ma, mb) = (moved(&ca, d(va) * at), moved(&cb, d(vb) * at));
                assert!(gap(&ma, &moved(&mb, -d(hit.normal) * 1e-2)) < 0.0, "normal {hit:?} does not face b");
                if polygonal {
                    exact_hits += 1;
                }
            }
            (None, None) => {}
            (Some(hit), None) => {
                // a hit that fine stepping missed must be a brief overlap between steps or a graze
                let t = hit.time as f64;
                let near = (-2..=2).any(|k| gap_at(&ca, d(va), &cb, d(vb), t + k as f64 * 2.5e-4) < 1e-3);
                assert!(near, "{a:?} {b:?}: impact {hit:?} but no overlap near it");
            }
            (None, Some(t)) => {
                // a miss is only allowed for a graze: the overlap must be tiny
                let depth = -gap_at(&ca, d(va), &cb, d(vb), t);
                assert!(
                    depth < 1e-3,
                    "{a:?} {pa:?} {va} {b:?} {pb:?} {vb}: missed an overlap at {t} (depth {depth})"
                );
            }
        }
    }
    assert!(hits > 1200 && exact_hits > 180, "only {hits} hits ({exact_hits} polygonal)");
}

#[test]
fn time_of_impact_catches_tunnelling_and_handles_the_edge_cases() {
    // The article's tunnelling case: a thin, fast bullet crosses a thin wall between frames.
    let wall = OrientedBox::new(Vector::ZERO, Vector::new(0.05, 2.0), 0.0).unwrap();
    let bullet = Capsule::new(Vector::new(-0.1, 0.0), Vector::new(0.1, 0.0), 0.02).unwrap();
    let start = Pose::from_translation(Vector::new(-3.0, 0.5));
    let velocity = Vector::new(600.0, 0.0);
    let end = Pose::from_translation(start.translation + velocity / 60.0);
    assert!(
        !overlaps(&wall, Pose::IDENTITY, &bullet, start) && !overlaps(&wall, Pose::IDENTITY, &bullet, end)
    );
    let hit =
        time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, start, velocity, 1.0 / 60.0).unwrap();
    // the capsule's front (x + 0.12) reaches the wall's face at x = -0.05 after 2.83 / 600
    let exact = 2.83 / 600.0;
    assert!(
        hit.time <= exact as Real + 1e-7 && hit.time > (exact - 1e-4 * 0.02 / 600.0 - 1e-7) as Real,
        "{hit:?}"
    );
    assert!(hit.normal.abs_diff_eq(Vector::new(-1.0, 0.0), 1e-3));

    // Already overlapping: time 0 and the MTV normal.
    let near = Pose::from_translation(Vector::new(0.1, 0.0));
    let hit = time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, near, velocity, 1.0).unwrap();
    assert_eq!(hit.time, 0.0);
    assert_eq!(Some(hit.normal), contact(&wall, Pose::IDENTITY, &bullet, near).map(|c| c.normal));

    // A negative (or NaN) max_t is an empty window: nothing happens in it, not even an overlap
    // at time 0, which is outside it (found by the `queries` fuzz target).
    for max_t in [-1.0, -1e9, Real::NAN] {
        assert_eq!(time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, near, velocity, max_t), None);
        let disc = Circle::new(Vector::ZERO, 0.5).unwrap();
        let brick = OrientedBox::new(Vector::ZERO, Vector::splat(0.1), 0.0).unwrap(); // overlaps at `near`
        assert_eq!(time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &brick, near, velocity, max_t), None);
        assert_eq!(time_of_impact(&disc, Pose::IDENTITY, Vector::ZERO, &bullet, near, velocity, max_t), None);
    }
    // Time 0 is inside [0, 0].
    assert_eq!(
        time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, near, velocity, 0.0).unwrap().time,
        0.0
    );

    // Moving apart, or not moving: no impact.
    let behind = Pose::from_translation(Vector::new(-1.0, 0.0));
    assert_eq!(time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, behind, -velocity, 1.0), None);
    assert_eq!(time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, behind, Vector::ZERO, 1.0), None);
    // Too slow to arrive within max_t.
    assert_eq!(time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, behind, Vector::X, 0.5), None);

    // Grazing: a unit square sliding past another along their shared edge line never overlaps.
    let square = OrientedBox::new(Vector::ZERO, Vector::splat(0.5), 0.0).unwrap();
    let above = Pose::from_translation(Vector::new(-3.0, 1.0)); // touching the line y = 0.5
    assert_eq!(time_of_impact(&square, Pose::IDENTITY, Vector::ZERO, &square, above, Vector::X, 10.0), None);
    // ...and one sliding 1e-3 lower hits when its corner reaches the other's side: x = -1.
    let lower = Pose::from_translation(Vector::new(-3.0, 0.999));
    let hit = time_of_impact(&square, Pose::IDENTITY, Vector::ZERO, &square, lower, Vector::X, 10.0).unwrap();
    assert!((hit.time - 2.0).abs() < 1e-5 && hit.normal.abs_diff_eq(Vector::new(-1.0, 0.0), 1e-6), "{hit:?}");

    // Round shapes touching (or nearly) and moving apart never hit; the distance only grows.
    let unit = Circle::new(Vector::ZERO, 1.0).unwrap();
    for gap in [0.0, 1e-5] {
        let right = Pose::from_translation(Vector::new(2.0 + gap, 0.0));
        assert_eq!(time_of_impact(&unit, Pose::IDENTITY, Vector::ZERO, &unit, right, Vector::X, 10.0), None);
    }
    // Extreme speeds: the gap of 1 closes at 1e20 (time 1e-20), or at 1e-20 (time 1e20).
    let three = Pose::from_translation(Vector::new(3.0, 0.0));
    let fast = time_of_impact(&unit, Pose::IDENTITY, Vector::new(1e20, 0.0), &unit, three, Vector::ZERO, 1.0)
        .unwrap();
    assert!(fast.time <= 1e-20 && fast.time > 0.999e-20, "{fast:?}");
    let slow =
        time_of_impact(&unit, Pose::IDENTITY, Vector::new(1e-20, 0.0), &unit, three, Vector::ZERO, 1e30)
            .unwrap();
    assert!(slow.time <= 1e20 && slow.time > 0.999e20, "{slow:?}");

    // Both moving; the answer depends only on the relative motion, and the normal turns around
    // when the roles are exchanged.
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    let (pa, pb) =
        (Pose::from_translation(Vector::new(-2.0, 0.0)), Pose::from_translation(Vector::new(2.0, 0.0)));
    let hit =
        time_of_impact(&ball, pa, Vector::new(1.0, 0.0), &ball, pb, Vector::new(-1.0, 0.0), 5.0).unwrap();
    assert!(hit.time <= 1.5 && hit.time > 1.5 - 1e-4, "{hit:?}"); // the gap of 3 closes at speed 2
    assert!(hit.normal.abs_diff_eq(Vector::X, 1e-4));
    let swapped =
        time_of_impact(&ball, pb, Vector::new(-1.0, 0.0), &ball, pa, Vector::new(1.0, 0.0), 5.0).unwrap();
    assert!(swapped.normal.abs_diff_eq(-Vector::X, 1e-4) && (swapped.time - hit.time).abs() < 1e-4);
}

/// A typical size, as the library's tolerance uses it (bounding radius; radius; half length
/// plus radius), computed here from the shape's own data.
fn extent(shape: &Shape) -> f64 {
    match shape {
        Shape::Circle(c) => c.radius() as f64,
        Shape::Capsule(c) => 0.5 * (d(c.b()) - d(c.a())).length() + c.radius() as f64,
        Shape::Box(b) => d(b.half_extents()).length(),
        Shape::Polygon(p) => {
            p.vertices().iter().map(|v| (d(*v) - d(p.centroid())).length()).fold(0.0, f64::max)
        }
    }
}

/// Grazing hits: a shape passing another so close that they overlap by a little at the closest
/// approach. The gap then closes far slower than the shapes move, and advancing by
/// `gap / relative speed` took more steps than allowed: a unit circle passing another 1.999
/// apart (overlapping by 1e-3, ten times the stopping tolerance, at the closest approach) was
/// reported as missing it. Against the f64 gap from `gap_at` (cores moved in f64): a hit, no
/// later than the first overlap, and the shapes apart by at most the tolerance at its time. A
/// circle against a circle, a capsule and a box, both orders, overlaps of 1e-3 and 3e-4.
#[test]
fn grazing_hits_are_found() {
    let shapes = [
        Shape::from(Circle::new(Vector::ZERO, 1.0).unwrap()),
        Shape::from(Capsule::new(Vector::new(-0.5, 0.0), Vector::new(0.5, 0.3), 1.0).unwrap()),
        Shape::from(OrientedBox::new(Vector::ZERO, Vector::new(1.0, 1.0), 0.4).unwrap()),
    ];
    let unit = Shape::from(Circle::new(Vector::ZERO, 1.0).unwrap());
    for shape in &shapes {
        for overlap in [1e-3, 3e-4] {
            // Find the height at which the moving unit circle's closest approach overlaps the
            // shape (at rest at the origin) by `overlap`, by bisection on the f64 gap at x = 0.
            let (ca, v) = (core_of(shape, Pose::IDENTITY), DVec2::new(1.0, 0.0));
            let depth_at = |y: f64| {
                -(0..=4000)
                    .map(|k| {
                        let c = core_of(
                            &unit,
                            Pose::from_translation(Vector::new(-2.0 + k as Real * 1e-3, y as Real)),
                        );
                        gap(&ca, &c)
                    })
                    .fold(f64::INFINITY, f64::min)
            };
            let (mut lo, mut hi) = (0.0, 4.0);
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if depth_at(mid) > overlap {
                    lo = mid
                } else {
                    hi = mid
                }
            }
            let start = Pose::from_translation(Vector::new(-50.0, lo as Real));
            let cb = core_of(&unit, start);
            let first =
                (0..=200_000).map(|k| k as f64 * 5e-4).find(|&t| gap_at(&ca, DVec2::ZERO, &cb, v, t) < 0.0);
            let first = first.unwrap_or_else(|| panic!("{shape:?}: no overlap at height {lo}"));
            let tolerance = 1e-4 * extent(shape).min(1.0);
            for flipped in [false, true] {
                let hit = if flipped {
                    time_of_impact(&unit, start, Vector::X, shape, Pose::IDENTITY, Vector::ZERO, 100.0)
                } else {
                    time_of_impact(shape, Pose::IDENTITY, Vector::ZERO, &unit, start, Vector::X, 100.0)
                };
                let hit =
                    hit.unwrap_or_else(|| panic!("{shape:?} overlap {overlap} (flipped {flipped}): no hit"));
                let g = gap_at(&ca, DVec2::ZERO, &cb, v, hit.time as f64);
                assert!((hit.time as f64) <= first, "{shape:?}: late {hit:?}, overlapping at {first}");
                assert!(g > -1e-5 && g <= tolerance + 1e-5, "{shape:?}: gap {g} at {hit:?}");
            }
        }
    }
}
