//! The box–box manifold (`pair::cuboid_cuboid::collide`) point by point, against a plain
//! clipping of the two boxes' faces in f64 written here.
//!
//! `cuboid_pairs` checks that each manifold point lies where its feature id says and no deeper
//! than the overlap; this file checks the set: that the points are the corners of the incident
//! face clipped to the reference face (Sutherland–Hodgman, one side plane at a time, in world
//! coordinates), that none is missing when there are four or fewer, and that the deepest is
//! kept when there are more. The pairs are drawn to stress the closed-form clipping: boxes
//! resting on one another with exactly parallel faces (rotations whose quaternions have the
//! components 0, ±½ and ±1, exact in f32, so that the rotation matrices are exact too),
//! nearly parallel ones, boxes turned at random, all either near the origin or 1e3 from it.
//!
//! The reference face is found from the manifold's normal (a face of a along it, or of b
//! against it); where both boxes have a face along it (parallel faces), either box may be the
//! reference, and the points must match the clipping of one of the two. Edge–edge manifolds
//! (one point, two edges) are `cuboid_pairs`' to check and are only counted here.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use glam::{DQuat, DVec3};
use rng::Rng;
use septa3d::{collide, Cuboid, Feature, Manifold, Pose, Real, Rotation, Vector};

fn wide(p: Vector) -> DVec3 {
    DVec3::new(p.x as f64, p.y as f64, p.z as f64)
}

fn narrow(p: DVec3) -> Vector {
    Vector::new(p.x as Real, p.y as Real, p.z as Real)
}

/// A box placed in the world, in f64, from the same (rounded) pose the library gets.
struct Box64 {
    centre: DVec3,
    axes: [DVec3; 3],
    half: [f64; 3],
}

impl Box64 {
    fn of(shape: &Cuboid, pose: Pose) -> Box64 {
        let r = pose.rotation;
        let q = DQuat::from_xyzw(r.x as f64, r.y as f64, r.z as f64, r.w as f64).normalize();
        let h = wide(shape.half_extents());
        Box64 {
            centre: wide(pose.translation),
            axes: [q * DVec3::X, q * DVec3::Y, q * DVec3::Z],
            half: h.into(),
        }
    }

    /// Face `f`'s outward unit normal (faces +x, −x, +y, −y, +z, −z are 0 to 5).
    fn normal(&self, f: usize) -> DVec3 {
        self.axes[f / 2] * if f % 2 == 0 { 1.0 } else { -1.0 }
    }

    /// Face `f`'s corners, in order around it.
    fn face(&self, f: usize) -> Vec<DVec3> {
        let k = f / 2;
        let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
        let middle = self.centre + self.normal(f) * self.half[k];
        let (u, v) = (self.axes[k1] * self.half[k1], self.axes[k2] * self.half[k2]);
        vec![middle + u + v, middle - u + v, middle - u - v, middle + u - v]
    }

    fn size(&self) -> f64 {
        self.half.iter().copied().fold(0.0, f64::max)
    }
}

/// A clipped point and how far it lies behind the reference face.
#[derive(Clone, Copy, Debug)]
struct Expected {
    point: DVec3,
    depth: f64,
}

/// The incident face of `incident` (the one most anti-parallel to reference face `r`) cut by
/// the reference face's four side planes, one after another, with every corner's depth
/// behind the reference face (negative: in front of it).
fn clip(reference: &Box64, r: usize, incident: &Box64) -> Vec<Expected> {
    let n = reference.normal(r);
    let f = (0..6).min_by(|&x, &y| incident.normal(x).dot(n).total_cmp(&incident.normal(y).dot(n))).unwrap();
    let mut polygon = incident.face(f);
    let k = r / 2;
    for j in [(k + 1) % 3, (k + 2) % 3] {
        for sign in [1.0, -1.0] {
            // Keep the side where sign · axis_j · (p − centre) ≤ h_j.
            let side = |p: DVec3| sign * reference.axes[j].dot(p - reference.centre) - reference.half[j];
            let mut kept = Vec::new();
            for (i, &p) in polygon.iter().enumerate() {
                let q = polygon[(i + 1) % polygon.len()];
                let (dp, dq) = (side(p), side(q));
                if dp <= 0.0 {
                    kept.push(p);
                }
                if (dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0) {
                    kept.push(p + (q - p) * (dp / (dp - dq)));
                }
            }
            polygon = kept;
        }
    }
    let top = n.dot(reference.centre) + reference.half[k];
    polygon.into_iter().map(|point| Expected { point, depth: top - n.dot(point) }).collect()
}

/// The faces of `boxed` whose outward normal is `direction` (to rounding).
fn faces_along(boxed: &Box64, direction: DVec3) -> Vec<usize> {
    (0..6).filter(|&f| boxed.normal(f).dot(direction) > 1.0 - 1e-5).collect()
}

/// How the manifold matched the reference clipping.
#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    manifolds: usize,
    edge_edge: usize,
    all_kept: usize,
    reduced: usize,
    either_way: usize,
}

/// How close points must be to count as one: `twin` for two corners of the clipping (the
/// library's rounding in the boxes' own frames), `tol` for a manifold point and a corner (that
/// and the rounding of world coordinates far from the origin).
#[derive(Clone, Copy)]
struct Tolerance {
    twin: f64,
    tol: f64,
}

/// Does `m` hold the clipping of `incident`'s face against reference face `r`? Every point
/// must be a corner of the clipped polygon (with its depth); with four or fewer corners
/// behind the face (clearly, by more than `tol`), each must be a point of the manifold; with
/// more, the manifold has four points, the deepest among them. `Ok(true)` when it had to
/// choose four.
fn matches(
    m: &Manifold,
    reference: &Box64,
    r: usize,
    incident: &Box64,
    t: Tolerance,
) -> Result<bool, String> {
    let Tolerance { twin, tol } = t;
    let expected = clip(reference, r, incident);
    let points: Vec<Expected> =
        m.points().iter().map(|p| Expected { point: wide(p.point), depth: p.depth as f64 }).collect();
    for p in &points {
        let found =
            expected.iter().any(|e| (e.point - p.point).length() <= tol && (e.depth - p.depth).abs() <= tol);
        if !found {
            return Err(format!("{p:?} is no corner of the clipped face {expected:?}"));
        }
    }
    // The corners clearly behind the face, twins counted once.
    let mut behind: Vec<Expected> = Vec::new();
    for e in expected.iter().filter(|e| e.depth > tol) {
        if !behind.iter().any(|b| (b.point - e.point).length() <= twin) {
            behind.push(*e);
        }
    }
    // Corners within `tol` of the face may be kept or not.
    let optional = expected.iter().filter(|e| e.depth.abs() <= tol).count();
    if behind.len() <= 4 && behind.len() + optional <= 4 {
        for e in &behind {
            if !points.iter().any(|p| (p.point - e.point).length() <= tol) {
                return Err(format!("the corner {e:?} is missing from {points:?}"));
            }
        }
        Ok(false)
    } else if behind.len() > 4 {
        if points.len() != 4 {
            return Err(format!("{} points kept of {}", points.len(), behind.len()));
        }
        let deepest = behind.iter().map(|e| e.depth).fold(f64::MIN, f64::max);
        if !points.iter().any(|p| p.depth >= deepest - tol) {
            return Err(format!("the deepest corner ({deepest}) is not among {points:?}"));
        }
        Ok(true)
    } else {
        Ok(false) // four or fewer clearly behind, more within rounding of the face: either count
    }
}

/// Checks one pair's manifold, if the boxes overlap.
fn check(a: &Cuboid, pa: Pose, b: &Cuboid, pb: Pose, tally: &mut Tally, case: &str) {
    tally.pairs += 1;
    let Some(m) = collide(a, pa, b, pb) else { return };
    tally.manifolds += 1;
    let edge_edge = m.points().len() == 1
        && matches!((m.points()[0].id.a, m.points()[0].id.b), (Feature::Edge(_), Feature::Edge(_)));
    if edge_edge {
        tally.edge_edge += 1;
        return;
    }
    let (a64, b64) = (Box64::of(a, pa), Box64::of(b, pb));
    let far = a64.centre.length().max(b64.centre.length());
    // The library computes in the boxes' frames (rounding: ulps of the boxes' size) and then
    // places the points in the world (ulps of `far`).
    let twin = 1e-5 * a64.size().max(b64.size());
    let tol = Tolerance { twin, tol: 10.0 * twin + 16.0 * Real::EPSILON as f64 * far };
    let normal = wide(m.normal);
    let mut candidates = Vec::new();
    for r in faces_along(&a64, normal) {
        candidates.push((&a64, r, &b64));
    }
    for r in faces_along(&b64, -normal) {
        candidates.push((&b64, r, &a64));
    }
    assert!(!candidates.is_empty(), "{case}: the normal {normal} is no face's: {m:?}");
    if candidates.len() > 1 {
        tally.either_way += 1;
    }
    let mut errors = Vec::new();
    for (reference, r, incident) in candidates {
        match matches(&m, reference, r, incident, tol) {
            Ok(reduced) => {
                tally.reduced += reduced as usize;
                tally.all_kept += !reduced as usize;
                return;
            }
            Err(e) => errors.push(e),
        }
    }
    panic!("{case}: {m:?}\n{}", errors.join("\n"));
}

/// The rotations whose quaternions have components 0, ±½ and ±1 only (the rotations of a
/// tetrahedron, twelve of them): exact in f32, and so are their matrices.
fn exact_rotation(rng: &mut Rng) -> Rotation {
    let quarter = [[0.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]];
    let q = if rng.chance(0.33) {
        quarter[rng.int(0, 3)]
    } else {
        let s = |rng: &mut Rng| if rng.chance(0.5) { 0.5 } else { -0.5 };
        [s(rng), s(rng), s(rng), 0.5]
    };
    Rotation::from_xyzw(q[0] as Real, q[1] as Real, q[2] as Real, q[3] as Real)
}

fn to_rotation(q: DQuat) -> Rotation {
    Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real).normalize()
}

fn size(rng: &mut Rng) -> Cuboid {
    Cuboid::new(narrow(DVec3::new(
        rng.log_range(0.05, 2.0),
        rng.log_range(0.05, 2.0),
        rng.log_range(0.05, 2.0),
    )))
    .unwrap()
}

/// Where the pairs sit: near the origin, or about 1e3 from it.
fn origin(rng: &mut Rng) -> DVec3 {
    if rng.chance(0.5) {
        rng.in_cube(5.0)
    } else {
        DVec3::new(1e3, -1e3, 1e3) + rng.in_cube(5.0)
    }
}

/// b resting on one of a's faces, `depth` into it, its centre anywhere over the face (so b
/// may hang over a's edges): both rotations exact (every face of b parallel to one of a's, exactly), or b's turned
/// from an exact one by up to `tilt` radians.
fn resting(rng: &mut Rng, tilt: f64) -> (Cuboid, Pose, Cuboid, Pose) {
    let (a, b) = (size(rng), size(rng));
    let (qa, qb) = (exact_rotation(rng), exact_rotation(rng));
    let qb = if tilt > 0.0 {
        let q = DQuat::from_xyzw(qb.x as f64, qb.y as f64, qb.z as f64, qb.w as f64);
        to_rotation(DQuat::from_axis_angle(rng.unit(), rng.range(0.0, tilt)) * q)
    } else {
        qb
    };
    let pa = Pose::new(narrow(origin(rng)), qa);
    let (a64, b64) = (Box64::of(&a, pa), Box64::of(&b, Pose::new(Vector::ZERO, qb)));
    // a's face f; b's reach along its normal.
    let f = rng.int(0, 5);
    let n = a64.normal(f);
    let reach_b: f64 = (0..3).map(|i| b64.half[i] * b64.axes[i].dot(n).abs()).sum();
    let depth = rng.range(0.001, 0.3) * reach_b.min(a64.half[f / 2]);
    let (k1, k2) = ((f / 2 + 1) % 3, (f / 2 + 2) % 3);
    let across = a64.axes[k1] * (a64.half[k1] * rng.range(-0.99, 0.99))
        + a64.axes[k2] * (a64.half[k2] * rng.range(-0.99, 0.99));
    let centre = a64.centre + n * (a64.half[f / 2] + reach_b - depth) + across;
    (a, pa, b, Pose::new(narrow(centre), qb))
}

/// Two boxes turned at random, b's centre within reach of a's.
fn turned(rng: &mut Rng) -> (Cuboid, Pose, Cuboid, Pose) {
    let (a, b) = (size(rng), size(rng));
    let reach = |c: &Cuboid| wide(c.half_extents()).length();
    let ca = origin(rng);
    let cb = ca + rng.in_ball(0.8 * (reach(&a) + reach(&b)));
    (
        a,
        Pose::new(narrow(ca), to_rotation(rng.rotation())),
        b,
        Pose::new(narrow(cb), to_rotation(rng.rotation())),
    )
}

#[test]
fn resting_with_exactly_parallel_faces() {
    let mut rng = Rng::for_test("h20_box_manifold::exact", 1);
    let mut tally = Tally::default();
    for case in 0..6000 {
        let (a, pa, b, pb) = resting(&mut rng, 0.0);
        check(&a, pa, &b, pb, &mut tally, &format!("case {case}"));
    }
    println!("{tally:?}");
    // Every pair overlaps, face on face: no edge–edge contact, both faces parallel.
    assert_eq!(tally.manifolds, tally.pairs, "{tally:?}");
    assert_eq!(tally.edge_edge, 0, "{tally:?}");
    assert!(tally.either_way > tally.pairs / 2, "{tally:?}");
}

#[test]
fn resting_nearly_parallel() {
    let mut rng = Rng::for_test("h20_box_manifold::tilted", 2);
    let mut tally = Tally::default();
    for case in 0..6000 {
        let tilt = if case % 2 == 0 { 1e-3 } else { 0.05 };
        let (a, pa, b, pb) = resting(&mut rng, tilt);
        check(&a, pa, &b, pb, &mut tally, &format!("case {case}"));
    }
    println!("{tally:?}");
    assert!(tally.manifolds > tally.pairs * 3 / 4, "{tally:?}");
    assert!(tally.reduced > 0 && tally.all_kept > 0, "{tally:?}");
}

#[test]
fn turned_at_random() {
    let mut rng = Rng::for_test("h20_box_manifold::turned", 3);
    let mut tally = Tally::default();
    for case in 0..10_000 {
        let (a, pa, b, pb) = turned(&mut rng);
        check(&a, pa, &b, pb, &mut tally, &format!("case {case}"));
    }
    println!("{tally:?}");
    assert!(tally.manifolds > tally.pairs / 3, "{tally:?}");
    assert!(tally.edge_edge > 0 && tally.reduced > 0 && tally.all_kept > 0, "{tally:?}");
}

/// The clipping here, checked by hand: a unit cube resting on a larger box, turned 45° about
/// the normal, clips to an octagon; the manifold keeps four of its corners, the deepest first.
#[test]
fn the_reference_clipping_by_hand() {
    let ground = Box64 { centre: DVec3::ZERO, axes: [DVec3::X, DVec3::Y, DVec3::Z], half: [1.0, 1.0, 1.0] };
    let s = std::f64::consts::FRAC_1_SQRT_2;
    let turned = Box64 {
        centre: DVec3::new(0.0, 0.0, 1.8), // 0.1 into the ground
        axes: [DVec3::new(s, s, 0.0), DVec3::new(-s, s, 0.0), DVec3::Z],
        half: [0.9, 0.9, 0.9],
    };
    // The top face of the ground (+z, face 4) against the turned cube's bottom (−z).
    let clipped = clip(&ground, 4, &turned);
    // A square of half diagonal 0.9 √2 ≈ 1.27 turned 45° inside the square |x|, |y| ≤ 1: its
    // corners poke out along the axes, so each is cut off: eight corners, all 0.1 deep.
    assert_eq!(clipped.len(), 8, "{clipped:?}");
    for e in &clipped {
        assert!((e.depth - 0.1).abs() < 1e-12, "{e:?}");
        assert!(e.point.x.abs() <= 1.0 + 1e-12 && e.point.y.abs() <= 1.0 + 1e-12, "{e:?}");
        // On the turned square's boundary: its edges, 0.9 from its centre, are the lines
        // |x| + |y| = 0.9 √2.
        assert!((e.point.x.abs() + e.point.y.abs() - 0.9 * 2.0 * s).abs() < 1e-12, "{e:?}");
    }
    // And the library's manifold for the same boxes matches it.
    let a = Cuboid::new(Vector::ONE).unwrap();
    let b = Cuboid::new(Vector::splat(0.9)).unwrap();
    let pb = Pose::new(narrow(turned.centre), Rotation::from_rotation_z(septa3d::consts::FRAC_PI_4));
    let m = collide(&a, Pose::IDENTITY, &b, pb).unwrap();
    assert_eq!(m.points().len(), 4);
    let tol = Tolerance { twin: 1e-6, tol: 1e-5 };
    assert!(matches(&m, &Box64::of(&a, Pose::IDENTITY), 4, &Box64::of(&b, pb), tol).unwrap());
}
