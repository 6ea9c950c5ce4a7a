//! `collide` builds its manifold on the feature its documented biases choose (`pair::hull_hull`):
//! the best edge pair only if its separation beats `RELATIVE_EDGE_TOLERANCE` × the better
//! face's plus the slop, else b's best face only if it beats `RELATIVE_FACE_TOLERANCE` × a's
//! plus the slop, else a's best face. The choice is worked out here in f64 from the reference
//! polytopes (every face of each and every edge pair that spans a facet of `A ⊖ B`, no
//! pruning), and the manifold's normal must be the chosen feature's.
//!
//! This guards the searches that skip faces and edge pairs by bounds: a face may be worse
//! than the best axis and still be the reference face (a face is preferred to an edge pair up
//! to 5 % worse), so a search may pass over only what no bias could pick. Pairs whose choice
//! is within 1e-4 × scale of a bias's threshold, or whose chosen side has two best features
//! within that of each other, are skipped (f32 and f64 may choose apart there, both rightly).
//!
//! Shapes: the random polytopes of `random_pairs_polytope.rs`, and larger irregular hulls (16
//! to 40 points on a lumpy ellipsoid) where the searches skip most of the faces and arcs.
//!
//! A second test checks the incident face of face contacts: the most anti-parallel of all the
//! incident shape's faces.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{dpose, dv, random_case, rq, rv, Built, Case, Kind, Spec};
use reference::sat::{facet_directions, push_along};
use reference::{DVec3, Polytope};
use rng::Rng;
use septa3d::pair::hull_hull::{ABSOLUTE_TOLERANCE, RELATIVE_EDGE_TOLERANCE, RELATIVE_FACE_TOLERANCE};
use septa3d::{collide, Feature, Polyhedral, Pose, Shape, Vector};

/// The feature the biases choose, as the manifold normal it gives (from a to b).
#[derive(Debug)]
enum Choice {
    FaceA(DVec3),
    FaceB(DVec3),
    Edges(DVec3),
    /// The best axis over all (a preferred face that clips to nothing gives way to it).
    BestAxis(DVec3),
}

/// The best of `values` (separation, direction) and whether the runner-up with a different
/// direction is within `near` of it.
fn best_of(values: &[(f64, DVec3)], near: f64) -> Option<((f64, DVec3), bool)> {
    let best = *values.iter().max_by(|x, y| x.0.total_cmp(&y.0))?;
    let close = values.iter().any(|v| v.1.distance(best.1) > 1e-6 && v.0 > best.0 - near);
    Some((best, close))
}

/// Does the incident face clipped against face `f` of `reference` keep a point behind it? The
/// incident face is `incident`'s most anti-parallel to the face normal; its polygon is cut by
/// the side planes through the reference face's edges (Sutherland–Hodgman, in f64). When it
/// keeps nothing, the faces within [`NEAR_TIE`] of as anti-parallel are tried in turn, as
/// `collide` does (the faces of a shape can tie there). `None` when that is too close to call:
/// a face within 1e-6 of a tie or of the near-tie window, or a different answer with the side
/// planes moved out or in by `near`, or the deepest kept point within `near` of the reference
/// plane.
fn clips_behind(reference: &Polytope, f: usize, incident: &Polytope, near: f64) -> Option<bool> {
    let (n, d) = (reference.faces[f].normal, reference.faces[f].offset);
    let mut dots: Vec<(f64, usize)> =
        incident.faces.iter().enumerate().map(|(g, h)| (h.normal.dot(n), g)).collect();
    dots.sort_by(|x, y| x.0.total_cmp(&y.0));
    let least = dots[0].0;
    if dots.len() > 1 && dots[1].0 - least < 1e-6 {
        return None;
    }
    if dots.iter().any(|x| (x.0 - (least + NEAR_TIE)).abs() < 1e-6) {
        return None;
    }
    let corners = reference.face_polygon(f);
    // The deepest point behind the reference face of incident face g clipped by the side
    // planes moved out by `widen`.
    let clip = |g: usize, widen: f64| {
        let mut polygon = incident.face_polygon(g);
        for k in 0..corners.len() {
            let (p, q) = (corners[k], corners[(k + 1) % corners.len()]);
            let side = (q - p).cross(n).normalize();
            let limit = side.dot(p) + widen;
            let mut out = Vec::new();
            for i in 0..polygon.len() {
                let (x, y) = (polygon[i], polygon[(i + 1) % polygon.len()]);
                let (dx, dy) = (side.dot(x) - limit, side.dot(y) - limit);
                if dx <= 0.0 {
                    out.push(x);
                }
                if (dx <= 0.0) != (dy <= 0.0) {
                    out.push(x + (y - x) * (dx / (dx - dy)));
                }
            }
            polygon = out;
        }
        polygon.iter().map(|&x| d - n.dot(x)).fold(f64::NEG_INFINITY, f64::max)
    };
    for &(dot, g) in &dots {
        if dot > least + NEAR_TIE {
            break;
        }
        let (narrow, wide) = (clip(g, -near), clip(g, near));
        match (narrow > near, wide >= -near) {
            (true, _) => return Some(true),
            (false, false) => continue,
            _ => return None,
        }
    }
    Some(false)
}

/// How much less anti-parallel than the best an incident face may be and still be tried when
/// the best clips to nothing (`collide`'s window, in the dot product of unit normals).
const NEAR_TIE: f64 = 1e-3;

/// The biases' choice for two overlapping polytopes, or `None` when it is too close to call.
fn choice(a: &Polytope, b: &Polytope, slop: f64, near: f64) -> Option<Choice> {
    // Face i of a: b's lowest point above its plane. Face j of b, turned around: the same.
    let faces_a: Vec<_> = a.faces.iter().map(|f| (-push_along(a, b, f.normal), f.normal)).collect();
    let faces_b: Vec<_> = b.faces.iter().map(|f| (-push_along(a, b, -f.normal), -f.normal)).collect();
    let coords = a.vertices.iter().chain(&b.vertices).map(|v| v.abs().max_element()).fold(1.0, f64::max);
    let mut edges = Vec::new();
    for i in 0..a.edges.len() {
        for j in 0..b.edges.len() {
            for v in facet_directions(a, b, i, j, 1e-9 * coords) {
                edges.push((-push_along(a, b, v), v));
            }
        }
    }
    let ((sa, na), close_a) = best_of(&faces_a, near)?;
    let ((sb, nb), close_b) = best_of(&faces_b, near)?;
    // A face preferred to a better axis for stability that clips to nothing gives way to the
    // best axis over all (`collide`'s last resort).
    let best_axis = || {
        let all: Vec<_> = faces_a.iter().chain(&faces_b).chain(&edges).copied().collect();
        let ((_, n), close) = best_of(&all, near)?;
        (!close).then_some(Choice::BestAxis(n))
    };
    let face_or_best =
        |on: &Polytope, f: usize, other: &Polytope, chosen: Choice| match clips_behind(on, f, other, near)? {
            true => Some(chosen),
            false => best_axis(),
        };
    let index = |values: &[(f64, DVec3)], n: DVec3| values.iter().position(|v| v.1 == n).unwrap();
    let edge = best_of(&edges, near);
    let face = sa.max(sb);
    if let Some(((se, ne), close_e)) = edge {
        let threshold = RELATIVE_EDGE_TOLERANCE as f64 * face + slop;
        if (se - threshold).abs() < near {
            return None;
        }
        if se > threshold {
            return (!close_e).then_some(Choice::Edges(ne));
        }
    }
    let threshold = RELATIVE_FACE_TOLERANCE as f64 * sa + slop;
    if (sb - threshold).abs() < near {
        return None;
    }
    if sb > threshold {
        if close_b {
            return None;
        }
        face_or_best(b, index(&faces_b, nb), a, Choice::FaceB(nb))
    } else {
        if close_a {
            return None;
        }
        face_or_best(a, index(&faces_a, na), b, Choice::FaceA(na))
    }
}

/// A hull of `n` points on an ellipsoid of semi-axes 0.5–1.5 with bumps of up to 10 %, turned
/// in its local frame and moved off its origin.
fn lumpy_hull(rng: &mut Rng, n: usize) -> Spec {
    loop {
        let axes = DVec3::new(rng.range(0.5, 1.5), rng.range(0.5, 1.5), rng.range(0.5, 1.5));
        let (turn, offset) = (rng.rotation(), rng.in_ball(0.5));
        let points: Vec<Vector> =
            (0..n).map(|_| rv(turn * (rng.unit() * axes * rng.range(0.9, 1.0)) + offset)).collect();
        let exact: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
        if let Some((_, quality)) = Polytope::hull_with_quality(&exact) {
            if quality.clean(1f64.to_radians(), 1e-3, 1e-2) {
                return Spec::Hull { points };
            }
        }
    }
}

/// A hull of `n` points on a sphere of radius 0.6–1.2 about a point off its origin: round, so
/// that its inner ball reaches nearly as far as the hull in every direction and the bounds on
/// faces are tight (where a search that passed over faces the biases could still pick would
/// show).
fn round_hull(rng: &mut Rng, n: usize) -> Spec {
    loop {
        let (radius, centre) = (rng.range(0.6, 1.2), rng.in_ball(0.5));
        let points: Vec<Vector> = (0..n).map(|_| rv(centre + rng.unit() * radius)).collect();
        let exact: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
        if let Some((_, quality)) = Polytope::hull_with_quality(&exact) {
            if quality.clean(1f64.to_radians(), 1e-3, 1e-2) {
                return Spec::Hull { points };
            }
        }
    }
}

/// A cube resting on a random face of hull `a` (both in the world as given), face to face but
/// tilted by up to 0.5° or 8°, sunk 5–50 % of its half size into it, and slid off the face's middle:
/// the cube's inner ball then reaches exactly as far as the cube towards the face, so the
/// bound on that face is tight, and over the face's rim edge pairs can be a little better
/// than it (where the biases may still pick the face).
fn cube_on_a_face(rng: &mut Rng, a: Spec) -> Case {
    let a = Built::new(a);
    let pose_a = Pose::new(rv(rng.in_ball(50.0)), rq(rng.rotation()));
    let world = a.world(pose_a);
    let poly = world.as_polytope().unwrap();
    let face = &poly.faces[(rng.range(0.0, poly.faces.len() as f64) as usize).min(poly.faces.len() - 1)];
    let middle = face.vertices.iter().map(|&k| poly.vertices[k]).sum::<DVec3>() / face.vertices.len() as f64;
    let half = rng.range(0.2, 0.8);
    let most = if rng.chance(0.5) { 0.5 } else { 8.0 };
    let tilt = reference::DQuat::from_axis_angle(rng.unit(), rng.range(0.0, most * 1f64.to_radians()));
    let turn = tilt * reference::DQuat::from_rotation_arc(DVec3::Z, face.normal);
    let slide = rng.in_ball(1.0);
    let slide = (slide - face.normal * slide.dot(face.normal)) * rng.range(0.0, 1.5) * half;
    let centre = middle + slide + face.normal * half * rng.range(0.5, 0.95);
    let b = Built::new(Spec::Cuboid { half_extents: Vector::splat(half as septa3d::Real) });
    Case { a, pose_a, b, pose_b: Pose::new(rv(centre), rq(turn)) }
}

/// b placed at a random direction from a's centre, at a random fraction of the sum of their
/// bounding radii: deep and shallow overlaps.
fn pair_case(rng: &mut Rng, a: Spec, b: Spec) -> Case {
    let (a, b) = (Built::new(a), Built::new(b));
    let pose_a = Pose::new(rv(rng.in_ball(50.0)), rq(rng.rotation()));
    let (qa, ta) = dpose(pose_a);
    let offset = rng.unit() * rng.range(0.0, 0.8) * (a.local.bounding_radius() + b.local.bounding_radius());
    let qb = rng.rotation();
    let center_b = qa * a.local.center() + ta + offset;
    let pose_b = Pose::new(rv(center_b - qb * b.local.center()), rq(qb));
    Case { a, pose_a, b, pose_b }
}

fn hull_of(shape: &Shape) -> &septa3d::ConvexHull {
    match shape {
        Shape::ConvexHull(h) => h.hull(),
        Shape::Cuboid(c) => c.hull(),
        _ => unreachable!("polytopes only"),
    }
}

/// Checks every case; returns (checked, skipped as too close to call).
fn run(cases: impl Iterator<Item = Case>) -> (usize, usize) {
    let (mut checked, mut skipped) = (0, 0);
    for case in cases {
        let (ra, rb) = (case.ref_a(), case.ref_b());
        let (a, b) = (ra.as_polytope().unwrap(), rb.as_polytope().unwrap());
        let Some(m) = collide(&case.a.shape, case.pose_a, &case.b.shape, case.pose_b) else {
            continue;
        };
        let scale = case.scale();
        let (ha, hb) = (hull_of(&case.a.shape), hull_of(&case.b.shape));
        let slop = ABSOLUTE_TOLERANCE as f64 * ha.bounding_radius().min(hb.bounding_radius()) as f64;
        let Some(chosen) = choice(a, b, slop, 1e-4 * scale) else {
            skipped += 1;
            continue;
        };
        let (Choice::FaceA(n) | Choice::FaceB(n) | Choice::Edges(n) | Choice::BestAxis(n)) = chosen;
        let normal = dv(m.normal).normalize();
        assert!(
            normal.distance(n) < 1e-3,
            "manifold normal {normal} is not the chosen feature's ({chosen:?}); {}",
            case.repro()
        );
        checked += 1;
    }
    (checked, skipped)
}

#[test]
fn the_reference_feature_is_the_one_the_biases_choose() {
    let mut rng = Rng::for_test("manifold_bias", 1);
    let mut total = (0, 0);
    for (ka, kb) in [(Kind::Hull, Kind::Hull), (Kind::Cuboid, Kind::Hull), (Kind::Hull, Kind::Cuboid)] {
        let (c, s) = run((0..400).map(|_| random_case(ka, kb, &mut rng)));
        total = (total.0 + c, total.1 + s);
    }
    for n in [16, 24, 40] {
        let (c, s) = run((0..60).map(|_| {
            let (a, b) = (lumpy_hull(&mut rng, n), lumpy_hull(&mut rng, n));
            pair_case(&mut rng, a, b)
        }));
        println!("{n}-point hulls: {c} checked, {s} too close to call");
        assert!(c >= 30, "only {c} of the {n}-point pairs checked");
        total = (total.0 + c, total.1 + s);
    }
    let (c, s) = run((0..80).map(|k| {
        let (lumpy, round) = (lumpy_hull(&mut rng, 24), round_hull(&mut rng, 40));
        if k % 2 == 0 {
            pair_case(&mut rng, lumpy, round)
        } else {
            pair_case(&mut rng, round, lumpy)
        }
    }));
    println!("24-point lumpy and 40-point round hulls: {c} checked, {s} too close to call");
    assert!(c >= 40, "only {c} of the lumpy and round pairs checked");
    total = (total.0 + c, total.1 + s);
    let (c, s) = run((0..300).map(|_| {
        let a = lumpy_hull(&mut rng, 24);
        cube_on_a_face(&mut rng, a)
    }));
    println!("cubes on a face of a 24-point hull: {c} checked, {s} too close to call");
    assert!(c >= 40, "only {c} of the lumpy and round pairs checked");
    total = (total.0 + c, total.1 + s);
    println!("{} checked, {} too close to call", total.0, total.1);
    assert!(total.0 >= 400, "only {} pairs checked", total.0);
}

/// Face contacts clip the incident shape's most anti-parallel face (the rule), among
/// all its faces: every point's incident feature (a vertex, an edge or the face itself) must
/// belong to that face, worked out in f64 from the reference polytope. Hulls of 24 to 40
/// points (44 to 76 faces); before, hulls of more than 32 faces looked only at the faces round
/// the deepest vertex, which need not hold it. Pairs whose best incident face is within 1e-6
/// of another (or where `collide` may fall back to a near twin), or whose clip keeps nothing
/// (or is too close to call), are skipped.
#[test]
fn the_incident_face_is_the_most_anti_parallel_of_all() {
    let mut rng = Rng::for_test("incident_face", 1);
    let (mut checked, mut skipped) = (0, 0);
    for k in 0..240 {
        let n = [24, 32, 40][k % 3];
        let (a, b) = (lumpy_hull(&mut rng, n), round_hull(&mut rng, n));
        let case = if k % 2 == 0 { pair_case(&mut rng, a, b) } else { pair_case(&mut rng, b, a) };
        let Some(m) = collide(&case.a.shape, case.pose_a, &case.b.shape, case.pose_b) else {
            continue;
        };
        let (ra, rb) = (case.ref_a(), case.ref_b());
        let (pa, pb) = (ra.as_polytope().unwrap(), rb.as_polytope().unwrap());
        let normal = dv(m.normal).normalize();
        // The reference face: a's face along the normal, or b's against it.
        let on = |p: &Polytope, u: DVec3| p.faces.iter().position(|f| f.normal.distance(u) < 1e-4);
        let (reference, r, incident, shape, pose, b_side) = match (on(pa, normal), on(pb, -normal)) {
            (Some(r), None) => (pa, r, pb, &case.b.shape, case.pose_b, true),
            (None, Some(r)) => (pb, r, pa, &case.a.shape, case.pose_a, false),
            _ => continue, // an edge contact, or too close to call
        };
        // A face that clips to nothing gives way to the deepest vertex (`collide`'s last resort).
        if clips_behind(reference, r, incident, 1e-4 * case.scale()) != Some(true) {
            skipped += 1;
            continue;
        }
        let mut dots: Vec<(f64, usize)> = incident
            .faces
            .iter()
            .enumerate()
            .map(|(g, f)| (f.normal.dot(if b_side { normal } else { -normal }), g))
            .collect();
        dots.sort_by(|x, y| x.0.total_cmp(&y.0));
        if dots[1].0 - dots[0].0 < 1e-3 {
            skipped += 1; // a near tie: collide may try the twin
            continue;
        }
        let face = &incident.faces[dots[0].1];
        let hull = hull_of(shape);
        let (q, t) = dpose(pose);
        let world = |v: u32| q * dv(hull.vertices()[v as usize]) + t;
        let corner = |v: u32| face.vertices.iter().any(|&c| incident.vertices[c].distance(world(v)) < 1e-4);
        for p in m.points() {
            let feature = if b_side { p.id.b } else { p.id.a };
            let ok = match feature {
                Feature::Vertex(v) => corner(v),
                Feature::Edge(e) => {
                    corner(hull.edges()[e as usize].tail) && corner(hull.edges()[e as usize].head)
                }
                Feature::Face(f) => hull.face_vertices(f as usize).iter().all(|&v| corner(v)),
                other => panic!("a polytope's feature {other:?}"),
            };
            assert!(
                ok,
                "point {p:?} is not of the most anti-parallel face {:?}; {}",
                face.normal,
                case.repro()
            );
        }
        checked += 1;
    }
    println!("{checked} face contacts checked, {skipped} skipped");
    assert!(checked >= 100, "only {checked} face contacts checked");
}
