//! The boolean test's common point (`septa::pair::common_point`): `overlaps` may answer "yes"
//! as soon as a point lies inside both polygons by a margin, so these tests check that it never
//! says "yes" where the polygons only touch or are apart, and still says "no" exactly where
//! the separating axis theorem says so.
//!
//! Expected answers come from a separating-axis test written here in f64 on the world
//! vertices (every edge normal of both polygons, normalised in f64; touching is not
//! overlapping), never from septa. The pairs are irregular convex polygons (no two faces
//! parallel, origins off their centres or outside them) placed by rotated poses, from deep
//! overlaps (where the common point answers) through grazing and touching to apart, near the
//! origin and 1e5 away from it; with regular polygons (opposite faces paired) and oriented
//! boxes among them.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::{collide, contact, overlaps, ConvexPolygon, OrientedBox, Pose, Real, Rot, Vector};

type P = [f64; 2];

/// Within this of touching (in the f64 separation) the verdict is left to rounding: the
/// polygons are about 1 across, and septa's f32 arithmetic errs by about 1e-6 of that.
const TOUCH_BAND: f64 = 2e-4;

/// The world vertices of a shape given by its local vertices and pose, in f64, from the pose's
/// stored cosine, sine and translation.
fn place(local: &[P], pose: &Pose) -> Vec<P> {
    let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
    let (tx, ty) = (pose.translation.x as f64, pose.translation.y as f64);
    local.iter().map(|&[x, y]| [c * x - s * y + tx, s * x + c * y + ty]).collect()
}

/// The signed separation of two convex polygons (counter-clockwise, f64): the largest gap
/// between their shadows over every edge normal of both. Negative when they overlap, zero when
/// they touch.
fn sat_separation(a: &[P], b: &[P]) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for (owner, other) in [(a, b), (b, a)] {
        let n = owner.len();
        for i in 0..n {
            let (p, q) = (owner[i], owner[(i + 1) % n]);
            let (ex, ey) = (q[0] - p[0], q[1] - p[1]);
            let length = (ex * ex + ey * ey).sqrt();
            let normal = [ey / length, -ex / length];
            let along = |v: &P| v[0] * normal[0] + v[1] * normal[1];
            let owner_max = owner.iter().map(along).fold(f64::NEG_INFINITY, f64::max);
            let other_min = other.iter().map(along).fold(f64::INFINITY, f64::min);
            best = best.max(other_min - owner_max);
        }
    }
    best
}

/// Counter-clockwise or not: twice the signed area.
fn area2(points: &[P]) -> f64 {
    let n = points.len();
    (0..n).map(|i| points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]).sum()
}

/// A random irregular convex polygon in its local frame, as f32-exact f64 points, counter-
/// clockwise: `sides` points on a random ellipse at sorted random angles (points on an ellipse
/// are in strictly convex position), the ellipse off the origin by up to `shift`.
fn irregular(rng: &mut Rng, sides: usize, shift: f64) -> Vec<P> {
    // Angles at least a little apart, so that rounding to f32 cannot make a corner flat.
    let angles = loop {
        let mut angles: Vec<f64> = (0..sides).map(|_| rng.next() * std::f64::consts::TAU).collect();
        angles.sort_by(f64::total_cmp);
        let gaps = (0..sides).map(|k| {
            let next = if k + 1 == sides { angles[0] + std::f64::consts::TAU } else { angles[k + 1] };
            next - angles[k]
        });
        if gaps.clone().all(|g| g > 0.3 / sides as f64) && gaps.fold(0.0, f64::max) < 3.0 {
            break angles;
        }
    };
    let (rx, ry) = (0.6 + 0.5 * rng.next(), 0.4 + 0.4 * rng.next());
    let turn = rng.next() * std::f64::consts::TAU;
    let centre = [shift * (2.0 * rng.next() - 1.0), shift * (2.0 * rng.next() - 1.0)];
    let points: Vec<P> = angles
        .iter()
        .map(|&t| {
            let (x, y) = (rx * t.cos(), ry * t.sin());
            let (x, y) = (x * turn.cos() - y * turn.sin(), x * turn.sin() + y * turn.cos());
            [(x + centre[0]) as Real as f64, (y + centre[1]) as Real as f64]
        })
        .collect();
    assert!(area2(&points) > 0.0);
    points
}

/// The regular polygon with `sides` corners on the unit circle, as f64 points (f32-exact).
fn regular(sides: usize, rotation: f64) -> Vec<P> {
    (0..sides)
        .map(|k| {
            let t = rotation + k as f64 * std::f64::consts::TAU / sides as f64;
            [t.cos() as Real as f64, t.sin() as Real as f64]
        })
        .collect()
}

fn polygon(points: &[P]) -> ConvexPolygon {
    let points: Vec<Vector> = points.iter().map(|p| Vector::new(p[0] as Real, p[1] as Real)).collect();
    let polygon = ConvexPolygon::new(&points).unwrap();
    assert_eq!(polygon.len(), points.len(), "no point of the generated polygons is dropped");
    polygon
}

/// A random pose about `base`: a random angle, and an offset in a disc of radius `spread`.
fn pose(rng: &mut Rng, base: Vector, spread: f64) -> Pose {
    let (r, t) = (spread * rng.next().sqrt(), rng.next() * std::f64::consts::TAU);
    let offset = Vector::new((r * t.cos()) as Real, (r * t.sin()) as Real);
    Pose::new(base + offset, rng.range(0.0, septa::consts::TAU))
}

/// What the pairs checked came to.
#[derive(Default, Debug)]
struct Tally {
    overlapping: usize,
    apart: usize,
    in_band: usize,
}

/// Checks one pair of polygons (local points and septa's polygons) against the f64 reference,
/// and `overlaps` against `contact` and `collide`.
fn check(
    tally: &mut Tally,
    (pa, a, pose_a): (&[P], &ConvexPolygon, Pose),
    (pb, b, pose_b): (&[P], &ConvexPolygon, Pose),
) {
    let s = sat_separation(&place(pa, &pose_a), &place(pb, &pose_b));
    let verdict = overlaps(a, pose_a, b, pose_b);
    // The common point answers only for pairs that overlap by far more than rounding, so
    // `overlaps` still agrees with the full searches of `contact` and `collide` on every pair,
    // in the band about touching too.
    assert_eq!(verdict, contact(a, pose_a, b, pose_b).is_some(), "contact disagrees, s = {s:e}");
    assert_eq!(verdict, collide(a, pose_a, b, pose_b).is_some(), "collide disagrees, s = {s:e}");
    if s.abs() < TOUCH_BAND {
        tally.in_band += 1;
        return;
    }
    assert_eq!(verdict, s < 0.0, "f64 separation {s:e}: {pose_a:?} {pose_b:?}\n{pa:?}\n{pb:?}");
    if s < 0.0 {
        tally.overlapping += 1;
    } else {
        tally.apart += 1;
    }
}

#[test]
fn irregular_pairs_from_deep_to_apart_agree_with_f64_sat() {
    let mut rng = Rng(0xc044_0a97);
    let mut tally = Tally::default();
    for base in [Vector::ZERO, Vector::new(-3e3, 1e3), Vector::new(1e5, -1e5)] {
        for round in 0..600 {
            let sides = [3, 4, 5, 6, 7, 8, 12, 16, 24, 32][round % 10];
            let other = [3, 4, 6, 8, 16, 32][round % 6];
            // Origins well inside, near the edge, or outside (shift up to 1.2).
            let shift = [0.1, 0.4, 1.2][round % 3];
            let (pa, pb) = (irregular(&mut rng, sides, shift), irregular(&mut rng, other, shift));
            let (a, b) = (polygon(&pa), polygon(&pb));
            let pose_a = pose(&mut rng, base, 0.0);
            let pose_b = pose(&mut rng, base, 2.2);
            check(&mut tally, (&pa, &a, pose_a), (&pb, &b, pose_b));
        }
    }
    // Every kind of pair was met: deep and shallow overlaps, and pairs apart.
    assert!(tally.overlapping > 400 && tally.apart > 400, "{tally:?}");
}

/// The mean of the vertices: a point inside a convex polygon.
fn inner_point(points: &[P]) -> P {
    let n = points.len() as f64;
    let sum = points.iter().fold([0.0, 0.0], |s, p| [s[0] + p[0], s[1] + p[1]]);
    [sum[0] / n, sum[1] / n]
}

#[test]
fn nearly_touching_pairs_are_decided_by_the_axes() {
    // b starts with an inner point on a's and moves away along a random direction; the
    // distance at which it just touches a is found by bisection on the f64 separation, and b
    // is placed 1e-3 and 1e-5 either side of it and at it. The common point must never answer
    // for these grazing pairs, and the verdicts must follow the f64 separation wherever it is
    // outside the rounding band (1e5 from the origin, f32 rounds the small steps away, and the
    // pairs land wherever the rounded poses put them: checked all the same).
    let mut rng = Rng(0x0070_c4e5);
    let mut tally = Tally::default();
    for base in [Vector::ZERO, Vector::new(1e5, -1e5)] {
        for round in 0..300 {
            let sides = [3, 4, 5, 8, 16, 32][round % 6];
            let (pa, pb) = (irregular(&mut rng, sides, 0.3), irregular(&mut rng, 4 + round % 9, 0.3));
            let (a, b) = (polygon(&pa), polygon(&pb));
            let pose_a = pose(&mut rng, base, 0.0);
            let turned = pose(&mut rng, Vector::ZERO, 0.0).rotation;
            let target = place(&[inner_point(&pa)], &pose_a)[0];
            let start = place(&[inner_point(&pb)], &Pose { translation: Vector::ZERO, rotation: turned })[0];
            let t = rng.next() * std::f64::consts::TAU;
            let direction = [t.cos(), t.sin()];
            // b with its inner point at a's, moved by d along the direction.
            let b_at = |d: f64| Pose {
                translation: Vector::new(
                    (target[0] - start[0] + direction[0] * d) as Real,
                    (target[1] - start[1] + direction[1] * d) as Real,
                ),
                rotation: turned,
            };
            let separation_at = |d: f64| sat_separation(&place(&pa, &pose_a), &place(&pb, &b_at(d)));
            // Overlapping at 0 (a common inner point), apart at 4 (each is within 1.6 of its
            // origin, and the origins are then more than 3.2 apart).
            let (mut lo, mut hi) = (0.0, 4.0);
            assert!(separation_at(lo) < 0.0 && separation_at(hi) > 0.0);
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if separation_at(mid) < 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            for offset in [-1e-3, -1e-5, 0.0, 1e-5, 1e-3] {
                check(&mut tally, (&pa, &a, pose_a), (&pb, &b, b_at(hi + offset)));
            }
        }
    }
    assert!(tally.overlapping > 100 && tally.apart > 100 && tally.in_band > 100, "{tally:?}");
}

#[test]
fn exactly_touching_irregular_polygons_do_not_overlap() {
    // Coordinates on a grid of halves, so every vertex, normal and offset septa uses is exact:
    // a's bottom edge lies on y = −1.5, and b, below a, is placed so that its top vertex, or its
    // top edge, lies on that line. Touching is not overlapping; a hair higher, they overlap.
    let a_points: Vec<P> = vec![[-1.5, -1.5], [2.5, -1.5], [3.5, 0.5], [0.5, 2.5], [-2.5, 0.5]];
    let a = polygon(&a_points);
    // b's top vertex at local (0.5, 1.0), and a b with a top edge from (-1, 1) to (1.5, 1).
    let vertex_up: Vec<P> = vec![[-1.0, -1.5], [2.0, -1.0], [0.5, 1.0], [-1.5, 0.0]];
    let edge_up: Vec<P> = vec![[-0.5, -1.0], [2.0, -0.5], [1.5, 1.0], [-1.0, 1.0], [-2.0, 0.5]];
    let turned_a = Pose { translation: Vector::new(0.25, 0.5), rotation: Rot { cos: 0.0, sin: 1.0 } };
    for b_points in [&vertex_up, &edge_up] {
        let b = polygon(b_points);
        for (x, base) in [(0.0, Vector::ZERO), (0.5, Vector::new(4096.0, -2048.0))] {
            let pose_a = Pose::from_translation(base);
            // b's top (local y = 1) on y = −1.5 in a's frame.
            for (dy, expected) in [(0.0, false), (1.0 / 1024.0, true), (-1.0 / 1024.0, false)] {
                let pose_b = Pose::from_translation(base + Vector::new(x, -2.5 + dy));
                assert_eq!(overlaps(&a, pose_a, &b, pose_b), expected, "dy {dy}");
                assert_eq!(overlaps(&b, pose_b, &a, pose_a), expected, "dy {dy}, b first");
                // With both turned a quarter turn (an exact rotation), the same contact.
                let turn = |p: Pose| Pose {
                    translation: Vector::new(-p.translation.y, p.translation.x) + turned_a.translation,
                    rotation: turned_a.rotation,
                };
                assert_eq!(overlaps(&a, turn(pose_a), &b, turn(pose_b)), expected, "dy {dy}, turned");
            }
        }
    }
}

#[test]
fn deep_pairs_of_every_kind_overlap() {
    // Nested, concentric and deeply crossing pairs, where the common point answers: irregular
    // against irregular, against regular polygons (opposite faces paired, tested as one axis)
    // and against oriented boxes, in both orders. The f64 reference must agree that they
    // overlap, and septa must say so.
    let mut rng = Rng(0xdee9);
    for round in 0..400 {
        let pa = irregular(&mut rng, [3, 5, 8, 16, 32][round % 5], 0.2);
        let a = polygon(&pa);
        let pose_a = pose(&mut rng, Vector::new(50.0, -20.0), 0.0);
        let pose_b = pose(&mut rng, Vector::new(50.0, -20.0), 0.3);
        let pr = regular([4, 6, 8, 16, 64][round % 5], rng.next());
        let r = polygon(&pr);
        let s = sat_separation(&place(&pa, &pose_a), &place(&pr, &pose_b));
        if s < -TOUCH_BAND {
            assert!(overlaps(&a, pose_a, &r, pose_b) && overlaps(&r, pose_b, &a, pose_a), "s = {s}");
        } else if s > TOUCH_BAND {
            assert!(!overlaps(&a, pose_a, &r, pose_b) && !overlaps(&r, pose_b, &a, pose_a), "s = {s}");
        }
        // An oriented box, its corners computed here in f64 from its centre, half extents and
        // angle (septa rounds them to f32: far inside the band).
        let (centre, half, angle) = (Vector::new(0.1, -0.05), Vector::new(0.7, 0.3), rng.next());
        let oriented = OrientedBox::new(centre, half, angle as Real).unwrap();
        let (c, s_) = (angle.cos(), angle.sin());
        let corners: Vec<P> = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]
            .iter()
            .map(|[u, v]| {
                let (x, y) = (u * half.x as f64, v * half.y as f64);
                [centre.x as f64 + c * x - s_ * y, centre.y as f64 + s_ * x + c * y]
            })
            .collect();
        let s = sat_separation(&place(&pa, &pose_a), &place(&corners, &pose_b));
        if s.abs() > TOUCH_BAND {
            assert_eq!(overlaps(&a, pose_a, &oriented, pose_b), s < 0.0, "box, s = {s}");
            assert_eq!(overlaps(&oriented, pose_b, &a, pose_a), s < 0.0, "box first, s = {s}");
        }
    }
}
