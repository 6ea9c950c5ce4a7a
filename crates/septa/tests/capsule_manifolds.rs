//! Capsule manifolds against an independent f64 reference: for random capsule–polygon,
//! capsule–box and capsule–capsule pairs in both orders, every point `collide` returns must lie
//! in the overlap of the two shapes and carry a depth in (0, depth of the MTV].
//!
//! Why "in the overlap" reads as "within `depth` of each shape": every manifold point lies on the
//! incident shape's surface (distance 0 to it) and behind the reference face by its own depth,
//! inside the slab of the reference face's side planes, so its distance to the reference shape
//! is at most that depth, which is at most the MTV depth. A point left over from a fallback (the
//! defect this file was written for: a capsule's end cap poking into a box near a corner gave a
//! point 0.26–0.73 away from the box, with depth `f32::MIN_POSITIVE`) fails both checks.
//!
//! The reference is `tests/reference`: shapes as `core ⊕ disk(radius)` (a capsule's core is its
//! segment), distances by brute force in f64, the MTV depth from the Minkowski difference of the
//! cores. Nothing here calls septa's geometry.

#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;

use reference::*;
use septa::pair::polygon_polygon::REFERENCE_BIAS;
use septa::{collide, Capsule, OrientedBox, Pose, Real, Shape, Vector};

/// Random pairs per ordered kind; six kinds, so 120,000 pairs (about 60 % overlap).
const N: usize = 20_000;
/// Absolute position tolerance: coordinates are below ~20, where f32 spacing is ~2e-6.
const TOL: f64 = 2e-4;

/// What the capsule is paired with.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Polygon,
    Box,
    Capsule,
}

/// A shape as handed to septa and as the reference rebuilds it (local frame).
struct Built {
    shape: Shape,
    local: RefShape,
    text: String,
}

fn v2(q: P) -> Vector {
    Vector::new(q[0] as Real, q[1] as Real)
}

/// A capsule: length 0–3 (sometimes exactly 0: a circle), radius 0.05–1.2 (sometimes 0: a
/// segment), off the local origin half of the time.
fn random_capsule(rng: &mut Rng) -> Built {
    let offset = if rng.chance(0.5) { [0.0, 0.0] } else { mul(rng.unit(), rng.range(0.0, 1.0)) };
    let half = if rng.chance(0.05) { 0.0 } else { rng.range(0.05, 1.5) };
    let dir = rng.unit();
    let (a, b) = (v2(sub(offset, mul(dir, half))), v2(add(offset, mul(dir, half))));
    let radius = if half > 0.0 && rng.chance(0.05) { 0.0 } else { rng.range(0.05, 1.2) } as Real;
    let shape = Capsule::new(a, b, radius).expect("valid capsule");
    let core = if a == b { vec![p(a)] } else { vec![p(a), p(b)] };
    let text = format!(
        "Capsule::new(Vector::new({:?}, {:?}), Vector::new({:?}, {:?}), {radius:?})",
        a.x, a.y, b.x, b.y
    );
    Built { shape: Shape::Capsule(shape), local: RefShape { core, radius: radius as f64 }, text }
}

fn random_box(rng: &mut Rng) -> Built {
    let center = v2(if rng.chance(0.5) { [0.0, 0.0] } else { mul(rng.unit(), rng.range(0.0, 1.0)) });
    let half = Vector::new(rng.range(0.05, 1.5) as Real, rng.range(0.05, 1.5) as Real);
    let angle = rng.angle() as Real;
    let shape = OrientedBox::new(center, half, angle).expect("valid box");
    // The corners from the box's own stored rotation would be septa's arithmetic; rebuild them
    // from the inputs in f64 instead (they differ from septa's by f32 rounding only).
    let (s, c) = (angle as f64).sin_cos();
    let (hx, hy) = (half.x as f64, half.y as f64);
    let corners: Vec<P> = [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]
        .iter()
        .map(|q| [center.x as f64 + c * q[0] - s * q[1], center.y as f64 + s * q[0] + c * q[1]])
        .collect();
    let text = format!(
        "OrientedBox::new(Vector::new({:?}, {:?}), Vector::new({:?}, {:?}), {angle:?})",
        center.x, center.y, half.x, half.y
    );
    Built { shape: Shape::Box(shape), local: RefShape { core: hull(&corners), radius: 0.0 }, text }
}

fn random_polygon_shape(rng: &mut Rng) -> Built {
    let spec = random_polygon(rng);
    let text = spec.repro();
    Built { shape: spec.build(), local: spec.local(), text }
}

fn other(kind: Kind, rng: &mut Rng) -> Built {
    match kind {
        Kind::Polygon => random_polygon_shape(rng),
        Kind::Box => random_box(rng),
        Kind::Capsule => random_capsule(rng),
    }
}

fn world(local: &RefShape, pose: Pose) -> RefShape {
    RefShape { core: local.core.iter().map(|&q| pose_point(pose, v2(q))).collect(), radius: local.radius }
}

/// Points within `d` of the shape, by the reference's signed distance.
fn distance_to(shape: &RefShape, q: P) -> f64 {
    shape.signed_distance(q).max(0.0)
}

fn run(kind: Kind, capsule_first: bool, seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut checked, mut failures) = (0usize, Vec::new());
    for _ in 0..N {
        let capsule = random_capsule(&mut rng);
        let thing = other(kind, &mut rng);
        let (a, b) = if capsule_first { (capsule, thing) } else { (thing, capsule) };
        let ta = [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)];
        let reach = a.local.bounding_radius() + b.local.bounding_radius();
        let tb = add(ta, mul(rng.unit(), rng.range(0.0, 0.9) * reach));
        let (pose_a, pose_b) =
            (Pose::new(v2(ta), rng.angle() as Real), Pose::new(v2(tb), rng.angle() as Real));
        let (ra, rb) = (world(&a.local, pose_a), world(&b.local, pose_b));
        let reference = RefPair::new(&ra, &rb);
        let depth = reference.depth();
        // Pairs within rounding of touching may go either way; deeper ones must collide.
        if depth < 1e-4 {
            continue;
        }
        checked += 1;
        // A face may be chosen over a nearly tied one for stability: the manifold's depth may then
        // exceed the MTV's by REFERENCE_BIAS × the smaller size (see `REFERENCE_BIAS`).
        let allowed =
            depth + REFERENCE_BIAS as f64 * a.local.bounding_radius().min(b.local.bounding_radius()) + TOL;
        let repro = || {
            format!(
                "a = {}, pose_a = Pose::new(Vector::new({:?}, {:?}), {:?}); b = {}, pose_b = Pose::new(Vector::new({:?}, {:?}), {:?})",
                a.text,
                pose_a.translation.x,
                pose_a.translation.y,
                pose_a.rotation.angle(),
                b.text,
                pose_b.translation.x,
                pose_b.translation.y,
                pose_b.rotation.angle()
            )
        };
        let Some(m) = collide(&a.shape, pose_a, &b.shape, pose_b) else {
            failures.push(format!("no manifold, reference depth {depth}\n    {}", repro()));
            continue;
        };
        for (k, cp) in m.points().iter().enumerate() {
            let q = p(cp.point);
            let (da, db) = (distance_to(&ra, q), distance_to(&rb, q));
            let d = cp.depth as f64;
            let bad = if !(d > 0.0 && d <= allowed) {
                Some(format!("point {k} depth {d} outside (0, {allowed}], MTV depth {depth}"))
            } else if da > allowed || db > allowed {
                Some(format!("point {k} {q:?} is {da} from a and {db} from b, depth {depth}"))
            } else {
                None
            };
            if let Some(what) = bad {
                failures.push(format!("{what}\n    {}", repro()));
            }
        }
    }
    let order = if capsule_first { "capsule first" } else { "capsule second" };
    println!("{kind:?}, {order}: {checked} overlapping pairs checked, {} failures", failures.len());
    assert!(checked > N / 3, "too few overlapping pairs: {checked}");
    assert!(
        failures.is_empty(),
        "{kind:?}, {order}: {} failures:\n  {}",
        failures.len(),
        failures[..failures.len().min(6)].join("\n  ")
    );
}

#[test]
fn capsule_polygon_points_lie_in_the_overlap() {
    run(Kind::Polygon, false, 0xC0A1);
}

#[test]
fn polygon_capsule_points_lie_in_the_overlap() {
    run(Kind::Polygon, true, 0xC0A2);
}

#[test]
fn box_capsule_points_lie_in_the_overlap() {
    run(Kind::Box, false, 0xC0A3);
}

#[test]
fn capsule_box_points_lie_in_the_overlap() {
    run(Kind::Box, true, 0xC0A4);
}

#[test]
fn capsule_capsule_points_lie_in_the_overlap() {
    run(Kind::Capsule, true, 0xC0A5);
}

#[test]
fn capsule_capsule_swapped_points_lie_in_the_overlap() {
    run(Kind::Capsule, false, 0xC0A6);
}

/// The case from the report (issue 14): a capsule's end cap reaches past a box corner. The MTV
/// is along the box's face normal (−0.818, 0.575) with depth 0.0221672 (from the reference
/// below); the one manifold point must be in the overlap with a real depth, not a placeholder.
#[test]
fn capsule_end_cap_past_a_box_corner() {
    let capsule = Capsule::new(
        Vector::new(16.159447 as Real, 10.579452 as Real),
        Vector::new(16.67243 as Real, 10.013647 as Real),
        0.6236184,
    )
    .unwrap();
    let square = OrientedBox::new(
        Vector::new(14.314387 as Real, 11.514871 as Real),
        Vector::new(0.5495808, 1.4459574),
        0.9581948,
    )
    .unwrap();
    let rc = RefShape { core: vec![p(capsule.a()), p(capsule.b())], radius: capsule.radius() as f64 };
    let (s, c) = (0.9581948f64).sin_cos();
    let (hx, hy) = (0.5495808f64, 1.4459574f64);
    let corners: Vec<P> = [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]
        .iter()
        .map(|q| [14.314387 + c * q[0] - s * q[1], 11.514871 + s * q[0] + c * q[1]])
        .collect();
    let rb = RefShape { core: hull(&corners), radius: 0.0 };
    let reference = RefPair::new(&rc, &rb);
    assert!((reference.depth() - 0.0221672).abs() < 1e-5, "reference depth {}", reference.depth());
    for (first, second, flip) in [
        (Shape::Capsule(capsule), Shape::Box(square), false),
        (Shape::Box(square), Shape::Capsule(capsule), true),
    ] {
        let m = collide(&first, Pose::IDENTITY, &second, Pose::IDENTITY).expect("they overlap");
        let (ra, rb2) = if flip { (&rb, &rc) } else { (&rc, &rb) };
        for cp in m.points() {
            let q = p(cp.point);
            assert!(
                cp.depth as f64 > 1e-3 && cp.depth as f64 <= reference.depth() + 1e-5,
                "depth {}",
                cp.depth
            );
            assert!(distance_to(ra, q) <= reference.depth() + 1e-5, "{q:?} from a: {}", distance_to(ra, q));
            assert!(distance_to(rb2, q) <= reference.depth() + 1e-5, "{q:?} from b: {}", distance_to(rb2, q));
        }
    }
}

/// A capsule standing on the top face of the square [-1, 1]², its core from (0.3, 1.4) up to
/// (0.3, 3), radius 0.5: its round end reaches y = 0.9, so the depth is 0.1 along +y and the one
/// contact point is the bottom of the round end, (0.3, 0.9) (by hand). Before the fix the face's
/// manifold clipped the capsule's flat side, which lies wholly above the face, and fell back to
/// a point on that side with depth `f32::MIN_POSITIVE`.
#[test]
fn capsule_standing_on_a_face_touches_with_its_round_end() {
    let square = OrientedBox::new(Vector::ZERO, Vector::ONE, 0.0).unwrap();
    let capsule = Capsule::new(Vector::new(0.3, 1.4), Vector::new(0.3, 3.0), 0.5).unwrap();
    for flip in [false, true] {
        let m = if flip {
            collide(&capsule, Pose::IDENTITY, &square, Pose::IDENTITY).unwrap().flipped()
        } else {
            collide(&square, Pose::IDENTITY, &capsule, Pose::IDENTITY).unwrap()
        };
        assert!(m.normal.abs_diff_eq(Vector::Y, 1e-6), "{m:?}");
        assert_eq!(m.points().len(), 1, "{m:?}");
        let p = m.points()[0];
        assert!(p.point.abs_diff_eq(Vector::new(0.3, 0.9), 1e-6), "{m:?}");
        assert!((p.depth - 0.1).abs() < 1e-6, "{m:?}");
    }
}
