//! `contact` on two small polygons without a shortcut of their own (irregular 3- to 8-gons)
//! reads only the `Compact` blocks the polygons hold, as `collide` does; it must give exactly
//! the answers of the general path, which reads the polygons' lists:
//!
//! * the same bits as the general path (the polygons behind a wrapper that hides every
//!   shortcut) on random irregular pairs, from deep overlaps through grazing ones to apart, and
//!   a depth and normal that agree with an f64 SAT written out in this test;
//! * pairs where only one polygon is compact (the other a box, a symmetric hexagon or an
//!   irregular 9- to 12-gon) still take the general path and agree with it;
//! * a hand-computed contact: a quadrilateral resting on a pentagon (the first polygon's face
//!   wins the tie), the same with b lifted to touching (no contact), and with b moved so that
//!   a's side face is strictly better, from either polygon's side.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod plain;
mod rng;

use plain::Plain;
use rng::Rng;
use septa::pair::polygon_polygon::contact;
use septa::{Axis, ConvexPolygon, Polygonal, Pose, Real, Rot, Vector};

/// A random irregular convex polygon of `sides` vertices: points on a random ellipse at sorted
/// random angles (in strictly convex position), off the origin by up to `shift`.
fn irregular(rng: &mut Rng, sides: usize, shift: Real) -> ConvexPolygon {
    loop {
        let mut angles: Vec<Real> = (0..sides).map(|_| rng.range(0.0, septa::consts::TAU)).collect();
        angles.sort_by(Real::total_cmp);
        let gaps_ok = (0..sides).all(|k| {
            let next = if k + 1 == sides { angles[0] + septa::consts::TAU } else { angles[k + 1] };
            (0.05..3.0).contains(&(next - angles[k]))
        });
        if !gaps_ok {
            continue;
        }
        let (rx, ry, turn) = (rng.range(0.5, 1.2), rng.range(0.3, 0.9), Rot::from_angle(rng.range(0.0, 7.0)));
        let centre = rng.vec(shift);
        let points: Vec<Vector> =
            angles.iter().map(|&t| turn.apply(Vector::new(rx * t.cos(), ry * t.sin())) + centre).collect();
        let polygon = ConvexPolygon::new(&points).unwrap();
        if polygon.len() == sides {
            return polygon;
        }
    }
}

/// The polygon's corners placed in the world, in f64 (counter-clockwise, as septa keeps them).
fn world(polygon: &ConvexPolygon, pose: Pose) -> Vec<[f64; 2]> {
    let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
    let (tx, ty) = (pose.translation.x as f64, pose.translation.y as f64);
    polygon
        .vertices()
        .iter()
        .map(|v| {
            let (x, y) = (v.x as f64, v.y as f64);
            [c * x - s * y + tx, s * x + c * y + ty]
        })
        .collect()
}

/// Plain SAT in f64 over the faces of both polygons: the largest separation and the unit
/// normal (pointing from a to b) it was measured along.
fn reference(a: &[[f64; 2]], b: &[[f64; 2]]) -> (f64, [f64; 2]) {
    let mut best = (f64::NEG_INFINITY, [0.0, 0.0]);
    for (owner, other, sign) in [(a, b, 1.0), (b, a, -1.0)] {
        for i in 0..owner.len() {
            let (p, q) = (owner[i], owner[(i + 1) % owner.len()]);
            let (ex, ey) = (q[0] - p[0], q[1] - p[1]);
            let length = (ex * ex + ey * ey).sqrt();
            let n = [ey / length, -ex / length];
            let low = other
                .iter()
                .map(|v| (v[0] - p[0]) * n[0] + (v[1] - p[1]) * n[1])
                .fold(f64::INFINITY, f64::min);
            if low > best.0 {
                best = (low, [sign * n[0], sign * n[1]]);
            }
        }
    }
    best
}

#[test]
fn compact_pairs_give_the_same_contact_bits_as_the_general_path() {
    let mut rng = Rng(0x18c0_47ac);
    let (mut overlapping, mut checked) = (0, 0);
    for round in 0..6000 {
        let (n, m) = (3 + round % 6, 3 + (round / 6) % 6);
        let (a, b) = (irregular(&mut rng, n, 0.4), irregular(&mut rng, m, 0.4));
        assert!(a.compact().is_some() && b.compact().is_some());
        let reach = Polygonal::bounding_radius(&a) + Polygonal::bounding_radius(&b);
        // Far from the origin now and then, where the poses' rounding matters most.
        let far = if round % 5 == 0 { 1e4 } else { 50.0 };
        let pa = Pose::new(rng.vec(far), rng.range(-4.0, 4.0));
        let pb = Pose::new(pa.translation + rng.vec(reach), rng.range(-4.0, 4.0));
        let expected = contact(&Plain(&a), pa, &Plain(&b), pb);
        let got = contact(&a, pa, &b, pb);
        assert_eq!(got, expected, "{round}: {pa:?} {pb:?}");
        // The bits too (equal floats may differ in the sign of a zero).
        if let (Some(g), Some(e)) = (got, expected) {
            let bits = |c: septa::Contact| (c.normal.x.to_bits(), c.normal.y.to_bits(), c.depth.to_bits());
            assert_eq!(bits(g), bits(e), "{round}");
        }
        // The generic entry dispatches to the same function.
        assert_eq!(septa::contact(&a, pa, &b, pb), expected);
        // And an independent f64 SAT agrees where the answer is clear of rounding.
        let (distance, normal) = reference(&world(&a, pa), &world(&b, pb));
        let tolerance = if far > 100.0 { 5e-3 } else { 5e-5 };
        if distance.abs() > tolerance {
            assert_eq!(got.is_some(), distance < 0.0, "{round}: f64 separation {distance}");
            checked += 1;
        }
        if let Some(c) = got {
            overlapping += 1;
            assert!((c.depth as f64 + distance).abs() <= tolerance, "{round}: {} vs {}", c.depth, -distance);
            // Two faces can tie for the best within rounding; only a clear winner's normal is
            // compared.
            let along = c.normal.x as f64 * normal[0] + c.normal.y as f64 * normal[1];
            assert!(
                along > 0.99 || (c.depth as f64 + distance).abs() <= tolerance,
                "{round}: {c:?} {normal:?}"
            );
        }
    }
    assert!((1500..4500).contains(&overlapping), "{overlapping} of 6000 overlap");
    assert!(checked > 5000, "{checked}");
}

#[test]
fn pairs_with_one_compact_polygon_keep_the_general_path() {
    let mut rng = Rng(0x18c0_47ad);
    let others = [
        ConvexPolygon::rectangle(Vector::new(0.8, 0.3)).unwrap(),
        ConvexPolygon::regular(6, 0.9, 0.2).unwrap(),
        irregular(&mut rng, 9, 0.3),
        irregular(&mut rng, 12, 0.3),
    ];
    assert!(others.iter().all(|o| o.compact().is_none()));
    let mut overlapping = 0;
    for round in 0..2000 {
        let a = irregular(&mut rng, 3 + round % 6, 0.4);
        let b = &others[round % others.len()];
        let reach = Polygonal::bounding_radius(&a) + Polygonal::bounding_radius(b);
        let pa = Pose::new(rng.vec(50.0), rng.range(-4.0, 4.0));
        let pb = Pose::new(pa.translation + rng.vec(reach), rng.range(-4.0, 4.0));
        for (x, px, y, py) in [(&a, pa, b, pb), (b, pb, &a, pa)] {
            let expected = contact(&Plain(x), px, &Plain(y), py);
            assert_eq!(contact(x, px, y, py), expected, "{round}");
            overlapping += expected.is_some() as usize;
        }
    }
    assert!(overlapping > 500, "{overlapping}");
}

#[test]
fn a_quadrilateral_resting_on_a_pentagon() {
    // a's top edge runs from (2.5, 1) to (−2, 1) (face 2); b's bottom edge from (−1, −0.5) to
    // (1.5, −0.5) (face 0). With b's origin at (0, 1.375) its bottom edge lies at y = 0.875,
    // 0.125 below a's top: both faces separate by −0.125 and a's wins the tie, so the contact is
    // 0.125 deep along a's top normal, up.
    let a = ConvexPolygon::new(&[
        Vector::new(-3.0, -1.0),
        Vector::new(3.0, -1.5),
        Vector::new(2.5, 1.0),
        Vector::new(-2.0, 1.0),
        Vector::new(-3.5, 0.0),
    ])
    .unwrap();
    let b = ConvexPolygon::new(&[
        Vector::new(-1.0, -0.5),
        Vector::new(1.5, -0.5),
        Vector::new(1.0, 1.0),
        Vector::new(-0.5, 0.75),
    ])
    .unwrap();
    assert!(a.compact().is_some() && b.compact().is_some());
    let quarter = Rot { cos: 0.0, sin: 1.0 };
    for rotation in [Rot::IDENTITY, quarter] {
        let place = |p: Vector| rotation.apply(p) + Vector::new(5.0, -3.0);
        let pose = |at: Vector| Pose { translation: place(at), rotation };
        let (pa, pb) = (pose(Vector::ZERO), pose(Vector::new(0.0, 1.375)));
        let c = contact(&a, pa, &b, pb).expect("b is sunk 0.125 into a");
        assert_eq!(c.normal, rotation.apply(Vector::Y));
        assert_eq!(c.depth, 0.125);
        assert_eq!(c.axis, Axis::EdgeA(2));
        // b first: b's bottom face wins the tie, its normal pointing from b to a.
        let flipped = contact(&b, pb, &a, pa).unwrap();
        assert_eq!((flipped.normal, flipped.depth, flipped.axis), (-c.normal, 0.125, Axis::EdgeA(0)));
        // Lifted to touching: no contact.
        assert_eq!(contact(&a, pa, &b, pose(Vector::new(0.0, 1.5))), None);
        // b shifted right so that only its bottom-left corner (2.4, 0.875) is inside a, near a's
        // top right corner: a's right face (vertex 1 to 2, outward normal (2.5, 0.5)/√6.5) is
        // the shallowest way out, at (−0.6·2.5 + 2.375·0.5)/√6.5 ≈ −0.1226, just better than
        // the top face's −0.125. With b first, the same face is b's (the other polygon's).
        let (pa, pb) = (pose(Vector::ZERO), pose(Vector::new(3.4, 1.375)));
        let c = contact(&a, pa, &b, pb).expect("b's corner is inside a");
        let expected = reference(&world(&a, pa), &world(&b, pb));
        let right = (-0.6 * 2.5 + 2.375 * 0.5) / (6.5f64).sqrt();
        assert!((expected.0 - right).abs() < 1e-5, "{expected:?}");
        assert!((c.depth as f64 + right).abs() < 1e-5, "{c:?}");
        assert_eq!(c.axis, Axis::EdgeA(1));
        let flipped = contact(&b, pb, &a, pa).unwrap();
        assert_eq!(flipped.axis, Axis::EdgeB(1));
        assert!((flipped.normal + c.normal).length() < 1e-6 && (flipped.depth - c.depth).abs() < 1e-6);
    }
}
