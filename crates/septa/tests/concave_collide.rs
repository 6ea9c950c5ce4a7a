//! Collision of concave polygons against a plain reference: whether two shapes overlap is
//! decided in f64 by the tests' own code (the area of the intersection of the exact polygons by
//! clipping, or distances from a polygon to a circle's centre and a capsule's segment), and
//! every contact point must lie in the overlap, within its depth of both shapes.
//!
//! Random concave polygons (star-shaped and 2-opt, up to 40 vertices, some with a hole) meet
//! random convex polygons, boxes, circles, capsules and other concave polygons at random poses.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::concave::{collide, overlaps, trace, ConcaveCollide, ConcavePolygon, PairOutcome};
use septa::{Capsule, Circle, ConvexPolygon, OrientedBox, Pose, Real, Shape, Vector};

type D = (f64, f64);

fn sub(a: D, b: D) -> D {
    (a.0 - b.0, a.1 - b.1)
}
fn cross(a: D, b: D) -> f64 {
    a.0 * b.1 - a.1 * b.0
}
fn dot(a: D, b: D) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

/// A local point placed by the pose, in f64 from the pose's stored numbers.
fn place(pose: &Pose, v: Vector) -> D {
    let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
    let (x, y) = (v.x as f64, v.y as f64);
    (c * x - s * y + pose.translation.x as f64, s * x + c * y + pose.translation.y as f64)
}

fn area(p: &[D]) -> f64 {
    0.5 * (0..p.len()).map(|i| cross(p[i], p[(i + 1) % p.len()])).sum::<f64>()
}

/// The part of polygon `subject` (any simple polygon) inside convex `clip` (counter-clockwise),
/// by Sutherland–Hodgman: its area is the intersection's, even for a concave subject.
fn clip(subject: &[D], clip: &[D]) -> Vec<D> {
    let mut out = subject.to_vec();
    for i in 0..clip.len() {
        let (a, b) = (clip[i], clip[(i + 1) % clip.len()]);
        let side = |p: D| cross(sub(b, a), sub(p, a));
        let input = std::mem::take(&mut out);
        for k in 0..input.len() {
            let (p, q) = (input[k], input[(k + 1) % input.len()]);
            let (sp, sq) = (side(p), side(q));
            if sp >= 0.0 {
                out.push(p);
            }
            if (sp >= 0.0) != (sq >= 0.0) {
                let t = sp / (sp - sq);
                out.push((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// Triangles of a simple counter-clockwise polygon by plain ear clipping.
fn triangles(polygon: &[D]) -> Vec<[D; 3]> {
    let mut ring = polygon.to_vec();
    let mut out = Vec::new();
    while ring.len() > 3 {
        let n = ring.len();
        let ear = (0..n)
            .find(|&i| {
                let (a, b, c) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
                cross(sub(b, a), sub(c, b)) > 0.0
                    && ring.iter().all(|&p| {
                        p == a
                            || p == b
                            || p == c
                            || !(cross(sub(b, a), sub(p, a)) >= 0.0
                                && cross(sub(c, b), sub(p, b)) >= 0.0
                                && cross(sub(a, c), sub(p, c)) >= 0.0)
                    })
            })
            .expect("an ear");
        out.push([ring[(ear + n - 1) % n], ring[ear], ring[(ear + 1) % n]]);
        ring.remove(ear);
    }
    out.push([ring[0], ring[1], ring[2]]);
    out
}

fn inside(ring: &[D], p: D) -> bool {
    let mut inside = false;
    for i in 0..ring.len() {
        let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0) {
            inside = !inside;
        }
    }
    inside
}

fn segment_point(a: D, b: D, p: D) -> f64 {
    let ab = sub(b, a);
    let t = if dot(ab, ab) > 0.0 { (dot(sub(p, a), ab) / dot(ab, ab)).clamp(0.0, 1.0) } else { 0.0 };
    let q = (a.0 + ab.0 * t, a.1 + ab.1 * t);
    dot(sub(p, q), sub(p, q)).sqrt()
}

/// Distance from `p` to the region bounded by `rings` (0 inside: odd crossing count).
fn distance_to(rings: &[Vec<D>], p: D) -> f64 {
    let crossings = rings.iter().filter(|r| inside(r, p)).count();
    if crossings % 2 == 1 {
        return 0.0;
    }
    rings
        .iter()
        .flat_map(|r| (0..r.len()).map(move |i| segment_point(r[i], r[(i + 1) % r.len()], p)))
        .fold(f64::INFINITY, f64::min)
}

fn segments_cross(a: D, b: D, c: D, d: D) -> bool {
    let (o1, o2) = (cross(sub(b, a), sub(c, a)), cross(sub(b, a), sub(d, a)));
    let (o3, o4) = (cross(sub(d, c), sub(a, c)), cross(sub(d, c), sub(b, c)));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

fn segment_segment(a: D, b: D, c: D, d: D) -> f64 {
    if segments_cross(a, b, c, d) {
        return 0.0;
    }
    [segment_point(c, d, a), segment_point(c, d, b), segment_point(a, b, c), segment_point(a, b, d)]
        .into_iter()
        .fold(f64::INFINITY, f64::min)
}

// ---------------------------------------------------------------------------------------------
// Random shapes

fn star(rng: &mut Rng, n: usize, scale: f64) -> Vec<Vector> {
    let mut angles: Vec<f64> =
        (0..n).map(|k| (k as f64 + 0.2 + 0.6 * rng.next()) * std::f64::consts::TAU / n as f64).collect();
    angles.sort_by(f64::total_cmp);
    angles
        .iter()
        .enumerate()
        .map(|(k, &a)| {
            let r = scale * if k % 2 == 1 { 0.3 + 0.4 * rng.next() } else { 0.8 + 0.2 * rng.next() };
            Vector::new((r * a.cos()) as Real, (r * a.sin()) as Real)
        })
        .collect()
}

/// A random concave shape, its rings in its local frame (outline ccw or not, hole or not).
fn concave(rng: &mut Rng) -> (ConcavePolygon, Vec<Vec<Vector>>) {
    let n = 6 + (rng.next() * 34.0) as usize;
    let outline = star(rng, n, 1.0);
    if rng.next() < 0.25 {
        // A small hole about the centre, inside the inner radius 0.3.
        let hole: Vec<Vector> = (0..5)
            .map(|k| {
                let a = k as f64 * std::f64::consts::TAU / 5.0;
                Vector::new((0.15 * a.cos()) as Real, (0.15 * a.sin()) as Real)
            })
            .collect();
        let shape = ConcavePolygon::with_holes(&outline, std::slice::from_ref(&hole)).unwrap();
        return (shape, vec![outline, hole]);
    }
    (ConcavePolygon::new(&outline).unwrap(), vec![outline])
}

fn random_pose(rng: &mut Rng, reach: f64) -> Pose {
    Pose::new(
        Vector::new((reach * (2.0 * rng.next() - 1.0)) as Real, (reach * (2.0 * rng.next() - 1.0)) as Real),
        (rng.next() * std::f64::consts::TAU) as Real,
    )
}

fn world(rings: &[Vec<Vector>], pose: &Pose) -> Vec<Vec<D>> {
    rings.iter().map(|r| r.iter().map(|&v| place(pose, v)).collect()).collect()
}

/// The intersection area of a region (outline minus holes) with a convex polygon (ccw).
fn area_with_convex(rings: &[Vec<D>], convex: &[D]) -> f64 {
    rings
        .iter()
        .map(|r| area(&clip(r, convex)).abs())
        .enumerate()
        .map(|(k, a)| if k == 0 { a } else { -a })
        .sum()
}

/// Checks the manifolds' points: each within its depth (plus a tolerance) of both shapes.
#[track_caller]
fn check_points(
    m: &septa::concave::Manifolds,
    dist_a: impl Fn(D) -> f64,
    dist_b: impl Fn(D) -> f64,
    what: &str,
) {
    for pm in m {
        let n = pm.manifold.normal;
        assert!(((n.length() as f64) - 1.0).abs() < 1e-4, "{what}: normal {n:?}");
        for p in pm.manifold.points() {
            let q = (p.point.x as f64, p.point.y as f64);
            let d = p.depth as f64;
            assert!(d > 0.0, "{what}: depth {d}");
            let slack = d + 2e-3;
            assert!(
                dist_a(q) <= slack && dist_b(q) <= slack,
                "{what}: point {q:?} depth {d}: {} and {} away",
                dist_a(q),
                dist_b(q)
            );
        }
    }
}

/// Is `n` a normal the region bounded by `rings` has on its boundary near the points `near`
/// (within `reach`): an edge's outward normal, or a direction between the normals of the two
/// edges at a convex corner (within a tolerance for rounding)? Each ring is first oriented with
/// the region on its left (outline counter-clockwise, holes clockwise).
fn admissible_near(rings: &[Vec<D>], n: D, near: &[D], reach: f64) -> bool {
    let tol = 1e-3;
    let close = |a: D, b: D| near.iter().any(|&p| segment_point(a, b, p) <= reach);
    rings.iter().enumerate().any(|(k, ring)| {
        let mut ring = ring.clone();
        if (area(&ring) > 0.0) != (k == 0) {
            ring.reverse();
        }
        let m = ring.len();
        let normal = |i: usize| {
            let e = sub(ring[(i + 1) % m], ring[i]);
            let l = dot(e, e).sqrt();
            (e.1 / l, -e.0 / l)
        };
        (0..m).any(|i| {
            let (before, after) = (normal((i + m - 1) % m), normal(i));
            let edge =
                close(ring[i], ring[(i + 1) % m]) && dot(after, n) > 0.0 && cross(after, n).abs() <= tol;
            let convex = cross(sub(ring[i], ring[(i + m - 1) % m]), sub(ring[(i + 1) % m], ring[i])) > 0.0;
            let corner = convex
                && close(ring[i], ring[i])
                && cross(before, n) >= -tol
                && cross(n, after) >= -tol
                && dot(n, (before.0 + after.0, before.1 + after.1)) > 0.0;
            edge || corner
        })
    })
}

/// [`admissible_near`] anywhere on the boundary.
fn admissible(rings: &[Vec<D>], n: D) -> bool {
    admissible_near(rings, n, &[(0.0, 0.0)], f64::INFINITY)
}

/// Every manifold's normal is admissible for a (pointing out of it) and, when b is concave, for
/// b (pointing out of b is minus the normal). Checked for shallow contacts, where the outline
/// decides; deep inside, a shape may fall back to septa's manifold for the pair.
#[track_caller]
fn check_normals(m: &septa::concave::Manifolds, rings_a: &[Vec<D>], rings_b: Option<&[Vec<D>]>, what: &str) {
    if m.iter().any(|pm| pm.manifold.depth() > 0.02) {
        return;
    }
    for pm in m {
        let n = (pm.manifold.normal.x as f64, pm.manifold.normal.y as f64);
        assert!(admissible(rings_a, n), "{what}: normal {n:?} is not one of a's outline normals");
        if let Some(rings_b) = rings_b {
            assert!(
                admissible(rings_b, (-n.0, -n.1)),
                "{what}: normal {n:?} is not one of b's outline normals"
            );
        }
    }
}

/// The shared check: both orders agree with the reference (when it is clear) and with each
/// other, and contact points lie in the overlap.
#[track_caller]
#[allow(clippy::too_many_arguments)]
fn check<B>(
    a: &ConcavePolygon,
    pa: Pose,
    b: &B,
    pb: Pose,
    truth: Option<bool>,
    dist_a: impl Fn(D) -> f64,
    dist_b: impl Fn(D) -> f64,
    what: &str,
) where
    ConcavePolygon: ConcaveCollide<B>,
    B: ConcaveCollide<ConcavePolygon>,
{
    let exact_flip = std::any::type_name::<B>() != std::any::type_name::<ConcavePolygon>();
    let hit = overlaps(a, pa, b, pb);
    assert_eq!(hit, overlaps(b, pb, a, pa), "{what}: the two orders disagree");
    if let Some(truth) = truth {
        assert_eq!(hit, truth, "{what}");
    }
    let m = collide(a, pa, b, pb);
    if truth == Some(true) {
        assert!(!m.is_empty(), "{what}: overlapping, but no manifold");
    }
    if !hit {
        assert!(m.is_empty(), "{what}: apart, but {m:?}");
    }
    check_points(&m, &dist_a, &dist_b, what);
    let flipped = collide(b, pb, a, pa);
    if exact_flip {
        // A convex shape first: the same pairs, turned around.
        assert_eq!(flipped.len(), m.len(), "{what}");
        for (x, y) in flipped.iter().zip(&m) {
            assert_eq!(x.manifold.normal, -y.manifold.normal);
            assert_eq!((x.piece_a, x.piece_b), (y.piece_b, y.piece_a));
        }
    } else {
        // Two concave shapes: each order picks its own reference faces (as septa's convex
        // pairs do), so only the contact points' placement is shared.
        assert_eq!(flipped.is_empty(), m.is_empty(), "{what}");
        check_points(&flipped, &dist_b, &dist_a, what);
    }
    assert_eq!(trace(a, pa, b, pb).manifolds, m);
}

#[test]
fn concave_against_convex_polygons_and_boxes() {
    let mut rng = Rng(0xc0_11de);
    let (mut hits, mut misses) = (0, 0);
    for case in 0..1500 {
        let (a, rings) = concave(&mut rng);
        let pa = random_pose(&mut rng, 0.2);
        let world_a = world(&rings, &pa);
        let pb = random_pose(&mut rng, 1.6);
        let (shape, local): (Shape, Vec<Vector>) = if case % 2 == 0 {
            let hull = star(&mut rng, 6, 0.5);
            let polygon = ConvexPolygon::hull(&hull).unwrap();
            let v = polygon.vertices().to_vec();
            (Shape::Polygon(polygon), v)
        } else {
            let b = OrientedBox::new(Vector::ZERO, Vector::new(0.4, 0.15), 0.3).unwrap();
            let v = septa::Polygonal::vertices(&b).to_vec();
            (Shape::Box(b), v)
        };
        let convex: Vec<D> = local.iter().map(|&v| place(&pb, v)).collect();
        let overlap = area_with_convex(&world_a, &convex);
        let c = &convex;
        let gap = world_a
            .iter()
            .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
            .flat_map(|(p, q)| (0..c.len()).map(move |j| segment_segment(p, q, c[j], c[(j + 1) % c.len()])))
            .fold(f64::INFINITY, f64::min);
        // Clear cases only: a real overlap, or apart by a visible gap.
        let truth = if overlap > 1e-5 {
            Some(true)
        } else if overlap == 0.0 && gap > 1e-4 {
            Some(false)
        } else {
            None
        };
        hits += (truth == Some(true)) as usize;
        misses += (truth == Some(false)) as usize;
        let dist_b = |p: D| {
            if inside(&convex, p) {
                0.0
            } else {
                (0..convex.len())
                    .map(|j| segment_point(convex[j], convex[(j + 1) % convex.len()], p))
                    .fold(f64::INFINITY, f64::min)
            }
        };
        let what = format!("case {case}");
        check(&a, pa, &shape, pb, truth, |p| distance_to(&world_a, p), dist_b, &what);
        check_normals(&collide(&a, pa, &shape, pb), &world_a, Some(std::slice::from_ref(&convex)), &what);
        match &shape {
            Shape::Box(b) => check(&a, pa, b, pb, truth, |p| distance_to(&world_a, p), dist_b, &what),
            Shape::Polygon(b) => check(&a, pa, b, pb, truth, |p| distance_to(&world_a, p), dist_b, &what),
            _ => unreachable!(),
        }
    }
    assert!(hits > 300 && misses > 300, "{hits} overlapping, {misses} apart");
}

#[test]
fn concave_against_circles_and_capsules() {
    let mut rng = Rng(0xc0_11df);
    let (mut hits, mut misses) = (0, 0);
    for case in 0..1500 {
        let (a, rings) = concave(&mut rng);
        let pa = random_pose(&mut rng, 0.2);
        let world_a = world(&rings, &pa);
        let pb = random_pose(&mut rng, 1.5);
        let r = 0.05 + 0.3 * rng.next();
        let what = format!("case {case}");
        if case % 2 == 0 {
            let ball = Circle::new(Vector::ZERO, r as Real).unwrap();
            let c = place(&pb, Vector::ZERO);
            let d = distance_to(&world_a, c);
            let truth = if d < r - 1e-4 {
                Some(true)
            } else if d > r + 1e-4 {
                Some(false)
            } else {
                None
            };
            hits += (truth == Some(true)) as usize;
            misses += (truth == Some(false)) as usize;
            let dist_b = |p: D| (dot(sub(p, c), sub(p, c)).sqrt() - r).max(0.0);
            check(&a, pa, &ball, pb, truth, |p| distance_to(&world_a, p), dist_b, &what);
            check_normals(&collide(&a, pa, &ball, pb), &world_a, None, &what);
            check(&a, pa, &Shape::Circle(ball), pb, truth, |p| distance_to(&world_a, p), dist_b, &what);
        } else {
            let half = 0.1 + 0.4 * rng.next();
            let capsule =
                Capsule::new(Vector::new(-half as Real, 0.0), Vector::new(half as Real, 0.0), r as Real)
                    .unwrap();
            let (e0, e1) = (place(&pb, capsule.a()), place(&pb, capsule.b()));
            // Distance from the segment to the region: 0 if an end is inside or it crosses an edge.
            let d = if distance_to(&world_a, e0) == 0.0 {
                0.0
            } else {
                world_a
                    .iter()
                    .flat_map(|ring| (0..ring.len()).map(move |i| (ring[i], ring[(i + 1) % ring.len()])))
                    .map(|(p, q)| segment_segment(p, q, e0, e1))
                    .fold(f64::INFINITY, f64::min)
            };
            let truth = if d < r - 1e-4 {
                Some(true)
            } else if d > r + 1e-4 {
                Some(false)
            } else {
                None
            };
            hits += (truth == Some(true)) as usize;
            misses += (truth == Some(false)) as usize;
            let dist_b = |p: D| (segment_point(e0, e1, p) - r).max(0.0);
            check(&a, pa, &capsule, pb, truth, |p| distance_to(&world_a, p), dist_b, &what);
            check_normals(&collide(&a, pa, &capsule, pb), &world_a, None, &what);
        }
    }
    assert!(hits > 300 && misses > 300, "{hits} overlapping, {misses} apart");
}

#[test]
fn concave_against_concave() {
    let mut rng = Rng(0xc0_11e0);
    let (mut hits, mut misses) = (0, 0);
    for case in 0..600 {
        let (a, rings_a) = concave(&mut rng);
        let (b, rings_b) = concave(&mut rng);
        let pa = random_pose(&mut rng, 0.3);
        let pb = random_pose(&mut rng, 2.2);
        let (wa, wb) = (world(&rings_a, &pa), world(&rings_b, &pb));
        // The intersection area: a against each triangle of b's outline, less b's hole.
        let mut outline_b = wb[0].clone();
        if area(&outline_b) < 0.0 {
            outline_b.reverse();
        }
        let mut overlap: f64 = triangles(&outline_b).iter().map(|t| area_with_convex(&wa, t)).sum();
        if let Some(hole) = wb.get(1) {
            let mut hole = hole.clone();
            if area(&hole) < 0.0 {
                hole.reverse();
            }
            overlap -= triangles(&hole).iter().map(|t| area_with_convex(&wa, t)).sum::<f64>();
        }
        let gap = wa
            .iter()
            .flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])))
            .flat_map(|(p, q)| {
                wb.iter().flat_map(move |s| {
                    (0..s.len()).map(move |j| segment_segment(p, q, s[j], s[(j + 1) % s.len()]))
                })
            })
            .fold(f64::INFINITY, f64::min);
        let truth = if overlap > 1e-5 {
            Some(true)
        } else if overlap.abs() < 1e-12 && gap > 1e-4 {
            Some(false)
        } else {
            None
        };
        hits += (truth == Some(true)) as usize;
        misses += (truth == Some(false)) as usize;
        let what = format!("case {case}");
        check(&a, pa, &b, pb, truth, |p| distance_to(&wa, p), |p| distance_to(&wb, p), &what);
        check_normals(&collide(&a, pa, &b, pb), &wa, Some(&wb), &what);
    }
    assert!(hits > 100 && misses > 100, "{hits} overlapping, {misses} apart");
}

/// A terrain: a flat bottom and a top of `n` vertices a unit apart whose heights wobble by up
/// to `wobble`, so that many top vertices are reflex but nearly flat and the cuts meet the top
/// there, as in level geometry.
fn terrain(rng: &mut Rng, n: usize, wobble: f64) -> Vec<Vector> {
    let mut points = vec![Vector::new(0.0, -2.0), Vector::new((n - 1) as Real, -2.0)];
    points.extend((0..n).rev().map(|i| Vector::new(i as Real, (wobble * (2.0 * rng.next() - 1.0)) as Real)));
    points
}

#[test]
fn shallow_contacts_anywhere_on_the_outline_have_outline_normals() {
    // A ball or a tilted box pressed a little into the outline at a random point of a random
    // edge: wherever the cuts meet the outline, every normal must be the outline's there.
    let mut rng = Rng(0xc0_11e3);
    let (mut corrected, mut skipped) = (0, 0);
    for case in 0..4000 {
        let (a, rings) = if case % 2 == 0 {
            concave(&mut rng)
        } else {
            let outline = terrain(&mut rng, 8 + case % 20, 0.02);
            (ConcavePolygon::new(&outline).unwrap(), vec![outline])
        };
        let world_a = world(&rings, &Pose::IDENTITY);
        let outline = &rings[0];
        let m = outline.len();
        let e = (rng.next() * m as f64) as usize % m;
        let (p, q) = (outline[e], outline[(e + 1) % m]);
        let t = rng.next();
        let at = Vector::new(p.x + (q.x - p.x) * t as Real, p.y + (q.y - p.y) * t as Real);
        // Both generators give counter-clockwise outlines: the outward normal is on the right.
        let edge = q - p;
        let n = Vector::new(edge.y, -edge.x).normalize();
        let sink = (0.002 + 0.015 * rng.next()) as Real;
        let what = format!("case {case}");
        let (manifolds, ghosts) = if case % 4 < 2 {
            let r = 0.05 + 0.2 * rng.next() as Real;
            let ball = Circle::new(Vector::ZERO, r).unwrap();
            let pose = Pose::from_translation(at + n * (r - sink));
            if distance_to(&world_a, (pose.translation.x as f64, pose.translation.y as f64)) == 0.0 {
                skipped += 1; // pressed into a notch: its centre is inside, no longer shallow
                continue;
            }
            (collide(&a, Pose::IDENTITY, &ball, pose), rejected(&a, &ball, pose))
        } else {
            let b = OrientedBox::new(Vector::ZERO, Vector::new(0.3, 0.05), 0.0).unwrap();
            let angle = (rng.next() * std::f64::consts::TAU) as Real;
            // The box's corner deepest along −n, placed `sink` below the outline point.
            let turned = septa::Rot::from_angle(angle);
            let corners = septa::Polygonal::vertices(&b).iter().map(|&v| turned.apply(v));
            let low = corners.min_by(|u, v| u.dot(n).total_cmp(&v.dot(n))).unwrap();
            let pose = Pose::new(at - low - n * sink, angle);
            if distance_to(&world_a, (pose.translation.x as f64, pose.translation.y as f64)) == 0.0 {
                skipped += 1;
                continue;
            }
            (collide(&a, Pose::IDENTITY, &b, pose), rejected(&a, &b, pose))
        };
        corrected += ghosts;
        assert!(!manifolds.is_empty(), "{what}: pressed in, but no contact");
        for pm in &manifolds {
            let normal = (pm.manifold.normal.x as f64, pm.manifold.normal.y as f64);
            let points: Vec<D> =
                pm.manifold.points().iter().map(|c| (c.point.x as f64, c.point.y as f64)).collect();
            let reach = pm.manifold.depth() as f64 + 1e-3;
            assert!(
                admissible_near(&world_a, normal, &points, reach),
                "{what}: normal {normal:?} is not one of the outline's near {points:?}"
            );
        }
    }
    assert!(corrected > 100, "only {corrected} piece pairs had a ghost normal to reject");
    assert!(skipped < 400, "{skipped} of 4000 placements skipped");
}

/// How many piece pairs had their normal rejected as a ghost.
fn rejected<B>(a: &ConcavePolygon, b: &B, pose: Pose) -> usize
where
    ConcavePolygon: ConcaveCollide<B>,
{
    trace(a, Pose::IDENTITY, b, pose)
        .pairs
        .iter()
        .filter(|p| matches!(p.outcome, PairOutcome::Corrected { .. } | PairOutcome::Interior(_)))
        .count()
}

#[test]
fn far_pieces_are_not_tested() {
    // A 300-vertex star and a small ball near one point: the tree rules out almost every piece.
    let mut rng = Rng(0xc0_11e1);
    let outline = star(&mut rng, 300, 10.0);
    let a = ConcavePolygon::new(&outline).unwrap();
    assert!(a.pieces().len() > 100);
    let tip = outline[0];
    let ball = Circle::new(Vector::ZERO, 0.05).unwrap();
    let pose = Pose::from_translation(tip * 0.99);
    let t = trace(&a, Pose::IDENTITY, &ball, pose);
    assert!(t.collides());
    assert!(t.pairs.len() <= 6, "{} pairs tested", t.pairs.len());
    let far = Pose::from_translation(Vector::new(100.0, 0.0));
    assert!(trace(&a, Pose::IDENTITY, &ball, far).pairs.is_empty());
}

#[test]
fn a_shape_deep_inside_still_gets_a_contact() {
    // A small box in the middle of a big concave polygon, touching no outline edge: its
    // contact pushes it out along an outline normal, or (no admissible axis) as septa would.
    let mut rng = Rng(0xc0_11e2);
    for _ in 0..50 {
        let outline = star(&mut rng, 24, 10.0);
        let a = ConcavePolygon::new(&outline).unwrap();
        let b = OrientedBox::new(Vector::ZERO, Vector::new(0.2, 0.1), 0.0).unwrap();
        let pose = Pose::new(Vector::ZERO, (rng.next() * 6.0) as Real);
        assert!(overlaps(&a, Pose::IDENTITY, &b, pose));
        let m = collide(&a, Pose::IDENTITY, &b, pose);
        assert!(!m.is_empty());
        assert!(m.iter().all(|pm| pm.manifold.depth() > 0.0));
    }
}
