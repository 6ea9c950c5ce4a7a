//! The bridge between septa3d and the reference: random shapes given as the numbers handed to
//! septa3d's constructors, built by septa3d and rebuilt from the same numbers by the reference,
//! and random pairs placed by poses. This is the only part of `reference/` that names septa3d,
//! and it computes no answers; a test includes it next to the reference with
//! `#[path = "reference/cases.rs"] mod cases;`.
#![allow(dead_code)]

use std::fmt::Write;

use septa3d::{Capsule, ConvexHull, Cuboid, Pose, Real, Rotation, Shape, Sphere, Vector};

use crate::reference::{DQuat, DVec3, Polytope, RefPair, RefShape};
use crate::rng::Rng;

/// A septa3d vector in f64 (exact).
pub fn dv(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, v.y as f64, v.z as f64)
}

/// An f64 vector rounded to septa3d's `Real`.
pub fn rv(d: DVec3) -> Vector {
    Vector::new(d.x as Real, d.y as Real, d.z as Real)
}

/// A septa3d rotation in f64, normalised there (the reference places shapes rigidly).
pub fn dq(q: Rotation) -> DQuat {
    DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize()
}

/// An f64 rotation rounded to septa3d's `Rotation` and normalised in `Real`.
pub fn rq(q: DQuat) -> Rotation {
    Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real).normalize()
}

/// A pose in f64: (rotation, translation).
pub fn dpose(p: Pose) -> (DQuat, DVec3) {
    (dq(p.rotation), dv(p.translation))
}

/// A shape as the numbers given to septa3d's constructor.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    Cuboid { half_extents: Vector },
    Hull { points: Vec<Vector> },
    Sphere { center: Vector, radius: Real },
    Capsule { a: Vector, b: Vector, radius: Real },
}

impl Spec {
    pub fn is_polytope(&self) -> bool {
        matches!(self, Spec::Cuboid { .. } | Spec::Hull { .. })
    }

    /// septa3d's shape (panics with a repro if the constructor refuses valid input).
    pub fn build(&self) -> Shape {
        let shape = match self {
            Spec::Cuboid { half_extents } => Cuboid::new(*half_extents).map(Shape::from),
            Spec::Hull { points } => ConvexHull::new(points).map(Shape::from),
            Spec::Sphere { center, radius } => Sphere::new(*center, *radius).map(Shape::from),
            Spec::Capsule { a, b, radius } => Capsule::new(*a, *b, *radius).map(Shape::from),
        };
        shape.unwrap_or_else(|e| panic!("{} refused: {e}", self.repro()))
    }

    /// The reference shape in the local frame, from the same numbers.
    pub fn local(&self) -> RefShape {
        match self {
            Spec::Cuboid { half_extents } => RefShape::polytope(Polytope::cuboid(dv(*half_extents))),
            Spec::Hull { points } => RefShape::polytope(
                Polytope::hull(&points.iter().map(|&p| dv(p)).collect::<Vec<_>>())
                    .expect("a hull with volume"),
            ),
            Spec::Sphere { center, radius } => RefShape::sphere(dv(*center), *radius as f64),
            Spec::Capsule { a, b, radius } => RefShape::capsule(dv(*a), dv(*b), *radius as f64),
        }
    }

    /// Rust text that rebuilds the shape.
    pub fn repro(&self) -> String {
        let v = |p: &Vector| format!("Vector::new({:?}, {:?}, {:?})", p.x, p.y, p.z);
        match self {
            Spec::Cuboid { half_extents } => format!("Cuboid::new({})", v(half_extents)),
            Spec::Hull { points } => {
                let mut s = String::from("ConvexHull::new(&[");
                for (i, p) in points.iter().enumerate() {
                    let _ = write!(s, "{}{}", if i > 0 { ", " } else { "" }, v(p));
                }
                s + "])"
            }
            Spec::Sphere { center, radius } => format!("Sphere::new({}, {radius:?})", v(center)),
            Spec::Capsule { a, b, radius } => format!("Capsule::new({}, {}, {radius:?})", v(a), v(b)),
        }
    }
}

/// Rust text for a pose.
pub fn pose_repro(p: Pose) -> String {
    let (t, q) = (p.translation, p.rotation);
    format!(
        "Pose::new(Vector::new({:?}, {:?}, {:?}), Rotation::from_xyzw({:?}, {:?}, {:?}, {:?}))",
        t.x, t.y, t.z, q.x, q.y, q.z, q.w
    )
}

/// A spec built both ways, once.
#[derive(Clone, Debug)]
pub struct Built {
    pub spec: Spec,
    pub shape: Shape,
    pub local: RefShape,
}

impl Built {
    pub fn new(spec: Spec) -> Built {
        let local = spec.local();
        Built { shape: spec.build(), local, spec }
    }

    /// The reference shape placed in the world by `pose` (in f64).
    pub fn world(&self, pose: Pose) -> RefShape {
        let (q, t) = dpose(pose);
        self.local.placed(q, t)
    }
}

/// The four kinds of shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Cuboid,
    Hull,
    Sphere,
    Capsule,
}

impl Kind {
    pub fn random(self, rng: &mut Rng) -> Spec {
        match self {
            Kind::Cuboid => random_cuboid(rng),
            Kind::Hull => random_hull(rng),
            Kind::Sphere => random_sphere(rng),
            Kind::Capsule => random_capsule(rng),
        }
    }
}

pub fn random_cuboid(rng: &mut Rng) -> Spec {
    let mut h = || rng.range(0.1, 1.5) as Real;
    Spec::Cuboid { half_extents: Vector::new(h(), h(), h()) }
}

/// Local points of a random convex solid, size (extent) about `2 × size`, in one of five
/// families: a cloud with interior points, points on an ellipsoid (all corners), a prism over
/// a convex polygon (quad faces, parallel edges), a pyramid or bipyramid, a tetrahedron.
fn random_solid_points(rng: &mut Rng, size: f64) -> Vec<DVec3> {
    let stretch = DVec3::new(1.0, rng.range(0.3, 1.0), rng.range(0.3, 1.0));
    let polygon = |rng: &mut Rng, k: usize| -> Vec<(f64, f64)> {
        // a convex polygon: sorted random angles on a circle, or regular
        let regular = rng.chance(0.5);
        let phase = rng.range(0.0, std::f64::consts::TAU);
        let mut angles: Vec<f64> = (0..k)
            .map(|i| {
                if regular {
                    phase + std::f64::consts::TAU * i as f64 / k as f64
                } else {
                    rng.range(0.0, std::f64::consts::TAU)
                }
            })
            .collect();
        angles.sort_by(f64::total_cmp);
        angles.iter().map(|a| (a.cos(), a.sin())).collect()
    };
    let points: Vec<DVec3> = match rng.int(0, 4) {
        0 => (0..rng.int(4, 24)).map(|_| rng.in_cube(1.0) * stretch).collect(),
        1 => (0..rng.int(4, 24)).map(|_| rng.unit() * stretch).collect(),
        2 => {
            let k = rng.int(3, 8);
            let height = rng.range(0.2, 1.0);
            let base = polygon(rng, k);
            let mut pts: Vec<DVec3> = base
                .iter()
                .flat_map(|&(x, y)| [DVec3::new(x, y, -height), DVec3::new(x, y, height)])
                .collect();
            for _ in 0..rng.int(0, 24 - 2 * k) {
                pts.push(DVec3::new(0.0, 0.0, rng.range(-0.9, 0.9) * height)); // interior points
            }
            pts.iter().map(|&p| p * stretch).collect()
        }
        3 => {
            let k = rng.int(3, 10);
            let mut pts: Vec<DVec3> = polygon(rng, k).iter().map(|&(x, y)| DVec3::new(x, y, 0.0)).collect();
            pts.push(DVec3::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3), rng.range(0.5, 1.5)));
            if rng.chance(0.5) {
                pts.push(DVec3::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3), -rng.range(0.5, 1.5)));
            }
            pts.iter().map(|&p| p * stretch).collect()
        }
        _ => (0..4).map(|_| rng.in_cube(1.0)).collect(),
    };
    points.into_iter().map(|p| p * size).collect()
}

/// A random hull spec: 4–24 points (some inside), size 0.1–1.5, turned and moved in its local
/// frame (so its local origin is not always inside it), with clean geometry: no two adjacent
/// faces within 1° of coplanar, no non-corner point within 1e-3 of the extent of the surface, no
/// edge shorter than 1 % of the extent (where a library's coplanarity tolerance may merge
/// features that the reference keeps apart, both rightly).
pub fn random_hull(rng: &mut Rng) -> Spec {
    loop {
        let size = rng.range(0.1, 1.5);
        let turn = rng.rotation();
        let offset = if rng.chance(0.5) { DVec3::ZERO } else { rng.in_ball(size) };
        let points: Vec<Vector> =
            random_solid_points(rng, size).iter().map(|&p| rv(turn * p + offset)).collect();
        let exact: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
        if let Some((_, quality)) = Polytope::hull_with_quality(&exact) {
            if quality.clean(1f64.to_radians(), 1e-3, 1e-2) {
                return Spec::Hull { points };
            }
        }
    }
}

/// A hull spec from the points `solid(rng, size)` (a convex solid of extent about `2 × size`,
/// size 0.3–1.5), turned and moved in its local frame, redrawn until its geometry is clean as
/// [`random_hull`]'s is, with edges down to 0.1 % of the extent (the larger solids of
/// `large_hulls` and `deep_medium_hulls` have many short edges).
pub fn clean_hull(rng: &mut Rng, solid: impl Fn(&mut Rng, f64) -> Vec<DVec3>) -> Spec {
    loop {
        let size = rng.range(0.3, 1.5);
        let turn = rng.rotation();
        let offset = if rng.chance(0.5) { DVec3::ZERO } else { rng.in_ball(size) };
        let points: Vec<Vector> = solid(rng, size).iter().map(|&p| rv(turn * p + offset)).collect();
        let exact: Vec<DVec3> = points.iter().map(|&p| dv(p)).collect();
        if let Some((_, quality)) = Polytope::hull_with_quality(&exact) {
            if quality.clean(1f64.to_radians(), 1e-3, 1e-3) {
                return Spec::Hull { points };
            }
        }
    }
}

/// `a` posed anywhere in a cube of 10 and `b` near it: the centres of their local shapes apart
/// by a random direction times `near` (drawn uniformly from the range) times the sum of their
/// bounding radii, b under a random rotation.
pub fn case_near(rng: &mut Rng, a: Built, b: Built, near: (f64, f64)) -> Case {
    let pose_a = random_pose(rng, 10.0);
    let offset =
        rng.unit() * rng.range(near.0, near.1) * (a.local.bounding_radius() + b.local.bounding_radius());
    let (qa, ta) = dpose(pose_a);
    let qb = rng.rotation();
    let center_b = qa * a.local.center() + ta + offset;
    let pose_b = Pose::new(rv(center_b - qb * b.local.center()), rq(qb));
    Case { a, pose_a, b, pose_b }
}

pub fn random_sphere(rng: &mut Rng) -> Spec {
    let center = if rng.chance(0.5) { DVec3::ZERO } else { rng.in_ball(1.0) };
    Spec::Sphere { center: rv(center), radius: rng.range(0.1, 1.5) as Real }
}

/// A random capsule: half length 0.1–1.5, radius 0.05–1 (a bare segment, radius 0, one time in
/// twenty), centred at the local origin or off it.
pub fn random_capsule(rng: &mut Rng) -> Spec {
    let center = if rng.chance(0.5) { DVec3::ZERO } else { rng.in_ball(1.0) };
    let half = rng.unit() * rng.range(0.1, 1.5);
    let radius = if rng.chance(0.05) { 0.0 } else { rng.range(0.05, 1.0) };
    Spec::Capsule { a: rv(center - half), b: rv(center + half), radius: radius as Real }
}

/// A random pose: translation in `[-r, r]³`, a uniformly random rotation.
pub fn random_pose(rng: &mut Rng, r: f64) -> Pose {
    Pose::new(rv(rng.in_cube(r)), rq(rng.rotation()))
}

/// One test case: two built shapes and their poses.
#[derive(Clone, Debug)]
pub struct Case {
    pub a: Built,
    pub pose_a: Pose,
    pub b: Built,
    pub pose_b: Pose,
}

impl Case {
    pub fn ref_a(&self) -> RefShape {
        self.a.world(self.pose_a)
    }
    pub fn ref_b(&self) -> RefShape {
        self.b.world(self.pose_b)
    }
    /// max(1, the larger bounding radius): the length scale of tolerances.
    pub fn scale(&self) -> f64 {
        self.a.local.bounding_radius().max(self.b.local.bounding_radius()).max(1.0)
    }
    pub fn swapped(&self) -> Case {
        Case { a: self.b.clone(), pose_a: self.pose_b, b: self.a.clone(), pose_b: self.pose_a }
    }
    pub fn with_pose_b(&self, pose_b: Pose) -> Case {
        Case { pose_b, ..self.clone() }
    }
    pub fn repro(&self) -> String {
        format!(
            "a = {}, pose_a = {}; b = {}, pose_b = {}",
            self.a.spec.repro(),
            pose_repro(self.pose_a),
            self.b.spec.repro(),
            pose_repro(self.pose_b)
        )
    }
}

/// A random pair of the given kinds: a within ±10 of the origin; b's centre a third of the time
/// within ±3 of a's centre, otherwise at a random direction from it and a distance of 0–0.9
/// times the sum of the shapes' bounding radii (many overlaps and near touches); random
/// rotations.
pub fn random_case(ka: Kind, kb: Kind, rng: &mut Rng) -> Case {
    let (a, b) = (Built::new(ka.random(rng)), Built::new(kb.random(rng)));
    let pose_a = random_pose(rng, 10.0);
    let offset = if rng.chance(0.3) {
        rng.in_cube(3.0)
    } else {
        rng.unit() * rng.range(0.0, 0.9) * (a.local.bounding_radius() + b.local.bounding_radius())
    };
    let (qa, ta) = dpose(pose_a);
    let qb = rng.rotation();
    let center_b = qa * a.local.center() + ta + offset;
    let pose_b = Pose::new(rv(center_b - qb * b.local.center()), rq(qb));
    Case { a, pose_a, b, pose_b }
}

/// The reference answer of a case (and, for two polytopes, the facet-only SAT gap).
pub fn reference(case: &Case) -> RefPair {
    RefPair::with_facet_gap(&case.ref_a(), &case.ref_b())
}

// ---------------------------------------------------------------------------------------------
// A harness that collects failures and prints the first few with a repro
// ---------------------------------------------------------------------------------------------

pub struct Report {
    pub name: String,
    pub checked: usize,
    pub skipped: usize,
    pub failures: usize,
    /// (kind, message with repro) of the first failures of each kind.
    pub examples: Vec<(String, String)>,
    /// (kind, count) of the failures.
    pub kinds: Vec<(String, usize)>,
    /// Largest errors seen, by what was measured (printed, to show how much room the
    /// tolerances leave).
    pub worst: Vec<(&'static str, f64)>,
    started: std::time::Instant,
}

impl Report {
    pub fn new(name: impl Into<String>) -> Report {
        Report {
            name: name.into(),
            checked: 0,
            skipped: 0,
            failures: 0,
            examples: Vec::new(),
            kinds: Vec::new(),
            worst: Vec::new(),
            started: std::time::Instant::now(),
        }
    }

    /// Records a failure; the first two of each kind (the message up to its first colon) are
    /// kept with a repro, and every kind is counted.
    pub fn fail(&mut self, case: &Case, what: String) {
        self.failures += 1;
        let kind: String = what.split(':').next().unwrap_or("").chars().take(60).collect();
        match self.kinds.iter_mut().find(|k| k.0 == kind) {
            Some(k) => k.1 += 1,
            None => self.kinds.push((kind.clone(), 1)),
        }
        if self.examples.iter().filter(|e| e.0 == kind).count() < 2 {
            self.examples.push((kind, format!("{what}\n      repro: {}", case.repro())));
        }
    }

    /// Records a failure, described by `what`, unless `ok`.
    pub fn check(&mut self, case: &Case, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.fail(case, what());
        }
    }

    /// Records an error measure (relative to its tolerance or in absolute units, as named).
    pub fn measure(&mut self, what: &'static str, value: f64) {
        match self.worst.iter_mut().find(|w| w.0 == what) {
            Some(w) => w.1 = w.1.max(value),
            None => self.worst.push((what, value)),
        }
    }

    pub fn finish(self) {
        let worst: Vec<String> = self.worst.iter().map(|(w, v)| format!("{w} {v:.2e}")).collect();
        println!(
            "{}: {} checked, {} skipped, {} failures ({:.1} s); largest: {}",
            self.name,
            self.checked,
            self.skipped,
            self.failures,
            self.started.elapsed().as_secs_f64(),
            worst.join(", ")
        );
        if self.failures > 0 {
            let kinds: Vec<String> = self.kinds.iter().map(|(k, n)| format!("{n} × \"{k}\"")).collect();
            let examples: Vec<&str> = self.examples.iter().map(|e| e.1.as_str()).collect();
            panic!(
                "{}: {} failures ({}), first ones:\n  {}",
                self.name,
                self.failures,
                kinds.join(", "),
                examples.join("\n  ")
            );
        }
    }
}
