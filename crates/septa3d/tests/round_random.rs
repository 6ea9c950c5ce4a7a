//! Random pairs with a round shape (sphere, capsule) against a plain f64 brute force that lives
//! in this file and shares nothing with septa3d:
//!
//! * every shape is a core (point, segment, convex polytope) grown by a radius, so the signed
//!   distance between two shapes is the signed distance between the cores minus the radii;
//! * distances between points and segments are exact closest-point formulas; a polytope is
//!   rebuilt from its input points by brute force over point triples (a triple whose plane has
//!   every point on one side spans part of a face), and its distance to a point or a segment is
//!   the least over those triangles and their edges;
//! * when a segment reaches into a polytope, its depth is the least push over the polytope's
//!   face normals and the cross products of the segment with every triangle edge (each push
//!   measured by projecting both shapes in full, so every one is a real way out and the least
//!   is the depth).
//!
//! Each pair is checked in both orders: overlap, separation (exact for round shapes, both ways),
//! contact depth, a normal along which the push equals the depth, the manifold's points (on
//! one shape's surface, within the depth of the other, depths in [0, depth]), the trace and the
//! cached query.

// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use glam::{DQuat, DVec3};
use septa3d::{
    collide, contact, overlaps, overlaps_cached, separation, trace, Capsule, Collide, ConvexHull, Cuboid,
    Pose, Real, Rotation, SatCache, Sphere, Vector, Verdict,
};

// ---------------------------------------------------------------------------------------------
// A small deterministic generator (SplitMix64).

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5eb7_a3d0)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn f(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.f()
    }
    fn chance(&mut self, p: f64) -> bool {
        self.f() < p
    }
    fn in_cube(&mut self, r: f64) -> DVec3 {
        DVec3::new(self.range(-r, r), self.range(-r, r), self.range(-r, r))
    }
    fn rotation(&mut self) -> DQuat {
        // Uniform: a normalised 4D Gaussian-ish direction by rejection from the cube.
        loop {
            let q = glam::DVec4::new(
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
            );
            let l = q.length();
            if l > 0.1 && l <= 1.0 {
                let q = q / l;
                return DQuat::from_xyzw(q.x, q.y, q.z, q.w);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Converting between the library's numbers and f64. Shapes are given to septa3d in Real, and
// the reference is built from exactly those Real numbers, widened.

fn real(p: DVec3) -> Vector {
    Vector::new(p.x as Real, p.y as Real, p.z as Real)
}

fn wide(p: Vector) -> DVec3 {
    DVec3::new(p.x as f64, p.y as f64, p.z as f64)
}

/// A random pose, as septa3d gets it, and the same pose widened (its quaternion renormalised in
/// f64, as a rotation is meant to be unit).
fn random_pose(rng: &mut Rng, spread: f64) -> (Pose, DQuat, DVec3) {
    let q = rng.rotation();
    let rotation = Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real);
    let translation = real(rng.in_cube(spread));
    let wq = DQuat::from_xyzw(rotation.x as f64, rotation.y as f64, rotation.z as f64, rotation.w as f64)
        .normalize();
    (Pose::new(translation, rotation), wq, wide(translation))
}

// ---------------------------------------------------------------------------------------------
// The reference geometry.

fn closest_on_segment(p: DVec3, a: DVec3, b: DVec3) -> DVec3 {
    let d = b - a;
    let l2 = d.length_squared();
    if l2 == 0.0 {
        return a;
    }
    a + d * ((p - a).dot(d) / l2).clamp(0.0, 1.0)
}

/// The distance between segments p0–p1 and q0–q1: the four ends against the other segment, and
/// the lines' stationary point when it lies inside both (the 2×2 normal equations).
fn segment_distance(p0: DVec3, p1: DVec3, q0: DVec3, q1: DVec3) -> f64 {
    let mut best = f64::INFINITY;
    for (x, a, b) in [(p0, q0, q1), (p1, q0, q1), (q0, p0, p1), (q1, p0, p1)] {
        best = best.min(x.distance(closest_on_segment(x, a, b)));
    }
    let (d1, d2, r) = (p1 - p0, q1 - q0, p0 - q0);
    let (a, b, c, d, e) = (d1.dot(d1), d1.dot(d2), d2.dot(d2), d1.dot(r), d2.dot(r));
    let det = a * c - b * b;
    if det > 1e-12 * a * c {
        let s = (b * e - c * d) / det;
        let t = (a * e - b * d) / det;
        if (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t) {
            best = best.min((p0 + d1 * s).distance(q0 + d2 * t));
        }
    }
    best
}

/// A convex polytope as its points and the triangles of point triples spanning its faces.
#[derive(Clone, Debug)]
struct Poly {
    points: Vec<DVec3>,
    /// (normal, offset, [i, j, k]): the plane `n·x = d` with every point on or below it.
    triangles: Vec<(DVec3, f64, [usize; 3])>,
}

impl Poly {
    fn new(points: Vec<DVec3>) -> Poly {
        let scale = points.iter().fold(0.0f64, |m, p| m.max(p.abs().max_element()));
        let tol = 1e-9 * scale.max(1.0);
        let mut triangles = Vec::new();
        let n = points.len();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let normal = (points[j] - points[i]).cross(points[k] - points[i]);
                    let l = normal.length();
                    if l < 1e-9 {
                        continue;
                    }
                    let normal = normal / l;
                    let d = normal.dot(points[i]);
                    let heights = points.iter().map(|p| normal.dot(*p) - d);
                    let (lo, hi) = heights.fold((0.0f64, 0.0f64), |(lo, hi), h| (lo.min(h), hi.max(h)));
                    if hi <= tol {
                        triangles.push((normal, d, [i, j, k]));
                    } else if lo >= -tol {
                        triangles.push((-normal, -d, [i, j, k]));
                    }
                }
            }
        }
        assert!(triangles.len() >= 4, "degenerate test polytope");
        Poly { points, triangles }
    }

    fn edges(&self) -> impl Iterator<Item = (DVec3, DVec3)> + '_ {
        self.triangles.iter().flat_map(move |(_, _, [i, j, k])| {
            let p = &self.points;
            [(p[*i], p[*j]), (p[*j], p[*k]), (p[*k], p[*i])]
        })
    }

    /// The largest height of `p` above a face plane: ≤ 0 exactly when `p` is inside.
    fn height(&self, p: DVec3) -> f64 {
        self.triangles.iter().map(|(n, d, _)| n.dot(p) - d).fold(f64::NEG_INFINITY, f64::max)
    }

    /// The distance from `p` to the triangle `t`.
    fn triangle_distance(&self, p: DVec3, (n, _, [i, j, k]): &(DVec3, f64, [usize; 3])) -> f64 {
        let (a, b, c) = (self.points[*i], self.points[*j], self.points[*k]);
        let h = n.dot(p - a);
        let q = p - *n * h;
        // inside when q is on the same side of all three edges as the triangle
        let side =
            |u: DVec3, w: DVec3, other: DVec3| (w - u).cross(q - u).dot((w - u).cross(other - u)) >= 0.0;
        if side(a, b, c) && side(b, c, a) && side(c, a, b) {
            return h.abs();
        }
        [(a, b), (b, c), (c, a)]
            .iter()
            .map(|&(u, w)| p.distance(closest_on_segment(p, u, w)))
            .fold(f64::INFINITY, f64::min)
    }

    /// The signed distance from `p` (negative inside: minus the distance to the nearest face).
    fn signed_distance(&self, p: DVec3) -> f64 {
        let h = self.height(p);
        if h <= 0.0 {
            return h;
        }
        self.triangles.iter().map(|t| self.triangle_distance(p, t)).fold(f64::INFINITY, f64::min)
    }

    /// Does the segment p0–p1 meet the polytope? (Clip it against every face plane.)
    fn meets_segment(&self, p0: DVec3, p1: DVec3) -> bool {
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for (n, d, _) in &self.triangles {
            let (f0, f1) = (n.dot(p0) - d, n.dot(p1) - d);
            if f0 > 0.0 && f1 > 0.0 {
                return false;
            }
            if f0 > 0.0 {
                lo = lo.max(f0 / (f0 - f1));
            } else if f1 > 0.0 {
                hi = hi.min(f0 / (f0 - f1));
            }
        }
        lo <= hi
    }

    /// The signed distance from the segment p0–p1: the gap when apart; minus the least push
    /// that takes it out when it reaches in.
    fn segment_signed_distance(&self, p0: DVec3, p1: DVec3) -> f64 {
        if !self.meets_segment(p0, p1) {
            let ends = [p0, p1].map(|p| self.signed_distance(p));
            let edges = self.edges().map(|(u, w)| segment_distance(p0, p1, u, w));
            return edges.fold(ends[0].min(ends[1]), f64::min);
        }
        let s = p1 - p0;
        let mut axes: Vec<DVec3> = self.triangles.iter().map(|t| t.0).collect();
        for (u, w) in self.edges() {
            let n = (w - u).cross(s);
            if n.length() > 1e-9 * (w - u).length() * s.length() {
                axes.push(n.normalize());
                axes.push(-n.normalize());
            }
        }
        let push = |u: DVec3| {
            let hull_max = self.points.iter().map(|p| p.dot(u)).fold(f64::NEG_INFINITY, f64::max);
            hull_max - p0.dot(u).min(p1.dot(u))
        };
        -axes.into_iter().map(push).fold(f64::INFINITY, f64::min)
    }
}

/// A shape as a core grown by a radius (world frame).
#[derive(Clone, Debug)]
enum Core {
    Point(DVec3),
    Segment(DVec3, DVec3),
    Poly(Poly),
}

#[derive(Clone, Debug)]
struct Shape {
    core: Core,
    radius: f64,
}

impl Shape {
    fn core_points(&self) -> Vec<DVec3> {
        match &self.core {
            Core::Point(c) => vec![*c],
            Core::Segment(a, b) => vec![*a, *b],
            Core::Poly(p) => p.points.clone(),
        }
    }
    fn max_along(&self, u: DVec3) -> f64 {
        self.core_points().iter().map(|p| p.dot(u)).fold(f64::NEG_INFINITY, f64::max) + self.radius
    }
    fn min_along(&self, u: DVec3) -> f64 {
        self.core_points().iter().map(|p| p.dot(u)).fold(f64::INFINITY, f64::min) - self.radius
    }
    /// The signed distance from the point `p` to the shape.
    fn signed_distance(&self, p: DVec3) -> f64 {
        let core = match &self.core {
            Core::Point(c) => p.distance(*c),
            Core::Segment(a, b) => p.distance(closest_on_segment(p, *a, *b)),
            Core::Poly(poly) => poly.signed_distance(p),
        };
        core - self.radius
    }
    fn size(&self) -> f64 {
        let pts = self.core_points();
        let c = pts.iter().fold(DVec3::ZERO, |s, p| s + *p) / pts.len() as f64;
        pts.iter().map(|p| p.distance(c)).fold(0.0, f64::max) + self.radius
    }
}

/// The signed distance between two shapes: between the cores, minus the radii.
fn signed_distance(a: &Shape, b: &Shape) -> f64 {
    let core = match (&a.core, &b.core) {
        (Core::Point(p), Core::Point(q)) => p.distance(*q),
        (Core::Point(p), Core::Segment(q0, q1)) | (Core::Segment(q0, q1), Core::Point(p)) => {
            p.distance(closest_on_segment(*p, *q0, *q1))
        }
        (Core::Segment(p0, p1), Core::Segment(q0, q1)) => segment_distance(*p0, *p1, *q0, *q1),
        (Core::Poly(h), Core::Point(p)) | (Core::Point(p), Core::Poly(h)) => h.signed_distance(*p),
        (Core::Poly(h), Core::Segment(p0, p1)) | (Core::Segment(p0, p1), Core::Poly(h)) => {
            h.segment_signed_distance(*p0, *p1)
        }
        (Core::Poly(_), Core::Poly(_)) => unreachable!("no hull pairs here"),
    };
    core - a.radius - b.radius
}

/// How far b must move along the unit `u` to clear a (the full shadows).
fn push_along(a: &Shape, b: &Shape, u: DVec3) -> f64 {
    a.max_along(u) - b.min_along(u)
}

// ---------------------------------------------------------------------------------------------
// Random shapes: septa3d's shape with its pose, and the reference shape in the world.

fn place(q: DQuat, t: DVec3, p: Vector) -> DVec3 {
    q * wide(p) + t
}

fn random_sphere(rng: &mut Rng) -> (Sphere, Pose, Shape) {
    let center = if rng.chance(0.5) { Vector::ZERO } else { real(rng.in_cube(0.5)) };
    let radius = rng.range(0.05, 1.2) as Real;
    let (pose, q, t) = random_pose(rng, 1.0);
    let shape = Shape { core: Core::Point(place(q, t, center)), radius: radius as f64 };
    (Sphere::new(center, radius).unwrap(), pose, shape)
}

fn random_capsule(rng: &mut Rng) -> (Capsule, Pose, Shape) {
    let a = real(rng.in_cube(1.0));
    let b = if rng.chance(0.05) { a } else { real(rng.in_cube(1.0)) };
    let radius = if rng.chance(0.1) && a != b { 0.0 } else { rng.range(0.05, 0.8) as Real };
    let (pose, q, t) = random_pose(rng, 1.0);
    let shape = Shape { core: Core::Segment(place(q, t, a), place(q, t, b)), radius: radius as f64 };
    (Capsule::new(a, b, radius).unwrap(), pose, shape)
}

/// A hull to test against: a cuboid, the hull of a box's corners, or a tetrahedron.
enum Hull {
    Cuboid(Cuboid),
    Convex(ConvexHull),
}

fn random_hull(rng: &mut Rng) -> (Hull, Pose, Shape) {
    let (pose, q, t) = random_pose(rng, 1.0);
    let (hull, local) = match rng.next() % 3 {
        0 => {
            let h = real(DVec3::new(rng.range(0.1, 1.2), rng.range(0.1, 1.2), rng.range(0.1, 1.2)));
            let corners = corners(h);
            (Hull::Cuboid(Cuboid::new(h).unwrap()), corners)
        }
        1 => {
            // The hull of a box's corners, turned in the hull's own frame.
            let h = DVec3::new(rng.range(0.1, 1.2), rng.range(0.1, 1.2), rng.range(0.1, 1.2));
            let turn = rng.rotation();
            let corners: Vec<Vector> = corners(real(h)).iter().map(|&c| real(turn * wide(c))).collect();
            (Hull::Convex(ConvexHull::new(&corners).unwrap()), corners)
        }
        _ => loop {
            let points: Vec<Vector> = (0..4).map(|_| real(rng.in_cube(1.0))).collect();
            let [a, b, c, d] = [0, 1, 2, 3].map(|k| wide(points[k]));
            if (b - a).cross(c - a).dot(d - a).abs() > 0.1 {
                break (Hull::Convex(ConvexHull::new(&points).unwrap()), points);
            }
        },
    };
    let shape =
        Shape { core: Core::Poly(Poly::new(local.iter().map(|&p| place(q, t, p)).collect())), radius: 0.0 };
    (hull, pose, shape)
}

fn corners(h: Vector) -> Vec<Vector> {
    (0..8)
        .map(|k| {
            let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            Vector::new(s(1) * h.x, s(2) * h.y, s(4) * h.z)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The checks.

#[cfg(not(feature = "f64"))]
const TOL: f64 = 2e-4;
#[cfg(feature = "f64")]
const TOL: f64 = 1e-9;

/// How much a biased reference face may add to the manifold's depth (FACE_BIAS of the size).
const BIAS: f64 = 5e-4;

#[derive(Default, Debug)]
struct Tally {
    overlapping: usize,
    apart: usize,
    near: usize,
    points: [usize; 5],
}

/// Where a manifold's points must lie: on one shape's surface (`Surface`: round pairs and
/// spheres), or in one shape (`Inside`: a capsule on a face, whose segment is clipped and moved
/// by its radius along the face normal, which ends inside a tilted capsule); and in both
/// cases within the depth of the other shape.
#[derive(Clone, Copy, PartialEq)]
enum Points {
    Surface,
    Inside,
}

/// Checks the pair (a, b) against the reference.
#[allow(clippy::too_many_arguments)]
fn check<A: Collide<B>, B>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    ra: &Shape,
    rb: &Shape,
    points: Points,
    tally: &mut Tally,
    what: &str,
) {
    let expected = signed_distance(ra, rb);
    let scale = ra.size().min(rb.size()).max(0.1);
    let tol = TOL * (1.0 + ra.size().max(rb.size()));
    let hit = overlaps(a, pose_a, b, pose_b);
    let ctx = || format!("{what}: expected signed distance {expected}, a {ra:?}, b {rb:?}");
    if expected.abs() <= tol {
        tally.near += 1;
    } else {
        assert_eq!(hit, expected < 0.0, "overlap: {}", ctx());
    }
    let mut cache = SatCache::new();
    assert_eq!(overlaps_cached(a, pose_a, b, pose_b, &mut cache), hit, "cached: {}", ctx());
    assert_eq!(overlaps_cached(a, pose_a, b, pose_b, &mut cache), hit, "cached again: {}", ctx());

    // The separation is exact for round shapes, both ways, and the gap (or overlap) is real
    // along its normal.
    let s = separation(a, pose_a, b, pose_b);
    assert!((s.distance as f64 - expected).abs() <= tol, "separation {s:?}: {}", ctx());
    let n = wide(s.normal);
    assert!((n.length() - 1.0).abs() < 1e-4, "unit normal {s:?}");
    assert!(
        (-push_along(ra, rb, n) - s.distance as f64).abs() <= tol,
        "gap along the normal {s:?}: {}",
        ctx()
    );

    let c = contact(a, pose_a, b, pose_b);
    assert_eq!(c.is_some(), hit, "contact vs overlaps: {}", ctx());
    let m = collide(a, pose_a, b, pose_b);
    assert_eq!(m.is_some(), hit, "collide vs overlaps: {}", ctx());
    let t = trace(a, pose_a, b, pose_b);
    if expected.abs() > tol {
        assert_eq!(t.collides(), hit, "trace verdict: {}", ctx());
    }
    let (Some(c), Some(m)) = (c, m) else {
        tally.apart += 1;
        return;
    };
    tally.overlapping += 1;
    let depth = c.depth as f64;
    assert!((depth + expected).abs() <= tol, "depth {c:?}: {}", ctx());
    assert!(
        (push_along(ra, rb, wide(c.normal)) - depth).abs() <= tol,
        "push along the normal {c:?}: {}",
        ctx()
    );
    if let Verdict::Colliding { contact, .. } = t.verdict {
        assert!((contact.depth as f64 - depth).abs() <= tol, "trace depth {contact:?} vs {c:?}: {}", ctx());
    }
    // The manifold: its normal pushes out by the depth (a biased face by a little more), and
    // each point lies on one shape's surface and within the depth of the other.
    let bias = BIAS * scale + tol;
    assert!(push_along(ra, rb, wide(m.normal)) <= depth + bias, "manifold normal {m:?}: {}", ctx());
    tally.points[m.points().len()] += 1;
    for p in m.points() {
        let d = p.depth as f64;
        assert!(d >= 0.0 && d <= depth + bias, "point depth {p:?} of {depth}: {}", ctx());
        let x = wide(p.point);
        let (on_a, on_b) = (ra.signed_distance(x), rb.signed_distance(x));
        let on = |d: f64| if points == Points::Surface { d.abs() <= tol } else { d <= tol };
        let ok = (on(on_b) && on_a <= depth + tol) || (on(on_a) && on_b <= depth + tol);
        assert!(ok, "point {p:?} ({on_a} from a, {on_b} from b), depth {depth}: {}", ctx());
    }
}

/// Checks both orders.
#[allow(clippy::too_many_arguments)]
fn check_both<A: Collide<B>, B: Collide<A>>(
    a: &A,
    pa: Pose,
    b: &B,
    pb: Pose,
    ra: &Shape,
    rb: &Shape,
    points: Points,
    tally: &mut Tally,
    what: &str,
) {
    check(a, pa, b, pb, ra, rb, points, tally, what);
    check(b, pb, a, pa, rb, ra, points, tally, &format!("{what} (reversed)"));
}

fn report(what: &str, tally: &Tally) {
    println!("{what}: {tally:?}");
    assert!(
        tally.overlapping > tally.apart / 4 && tally.apart > tally.overlapping / 4,
        "{what}: unbalanced {tally:?}"
    );
}

#[test]
fn random_sphere_sphere() {
    let mut rng = Rng::new(1);
    let mut tally = Tally::default();
    for _ in 0..2000 {
        let (a, pa, ra) = random_sphere(&mut rng);
        let (b, pb, rb) = random_sphere(&mut rng);
        check_both(&a, pa, &b, pb, &ra, &rb, Points::Surface, &mut tally, "sphere-sphere");
    }
    report("sphere-sphere", &tally);
}

#[test]
fn random_sphere_capsule() {
    let mut rng = Rng::new(2);
    let mut tally = Tally::default();
    for _ in 0..3000 {
        let (a, pa, ra) = random_sphere(&mut rng);
        let (b, pb, rb) = random_capsule(&mut rng);
        check_both(&a, pa, &b, pb, &ra, &rb, Points::Surface, &mut tally, "sphere-capsule");
    }
    report("sphere-capsule", &tally);
}

#[test]
fn random_capsule_capsule() {
    let mut rng = Rng::new(3);
    let mut tally = Tally::default();
    for _ in 0..4000 {
        let (a, pa, ra) = random_capsule(&mut rng);
        let (b, pb, rb) = random_capsule(&mut rng);
        check_both(&a, pa, &b, pb, &ra, &rb, Points::Surface, &mut tally, "capsule-capsule");
    }
    report("capsule-capsule", &tally);
}

#[test]
fn random_parallel_capsules() {
    // b is a's segment moved (so exactly parallel in the world, both unposed), or reversed.
    let mut rng = Rng::new(4);
    let mut tally = Tally::default();
    for _ in 0..2000 {
        let (p, q) = (real(rng.in_cube(1.0)), real(rng.in_cube(1.0)));
        let offset = real(rng.in_cube(1.2));
        let (ra_, rb_) = (rng.range(0.05, 0.6) as Real, rng.range(0.05, 0.6) as Real);
        let a = Capsule::new(p, q, ra_).unwrap();
        let (b0, b1) = if rng.chance(0.5) { (p + offset, q + offset) } else { (q + offset, p + offset) };
        let b = Capsule::new(b0, b1, rb_).unwrap();
        let sa = Shape { core: Core::Segment(wide(p), wide(q)), radius: ra_ as f64 };
        let sb = Shape { core: Core::Segment(wide(b0), wide(b1)), radius: rb_ as f64 };
        check_both(
            &a,
            Pose::IDENTITY,
            &b,
            Pose::IDENTITY,
            &sa,
            &sb,
            Points::Surface,
            &mut tally,
            "parallel capsules",
        );
        // Side by side (offset across the segment, overlapping along it): two points.
        let m = collide(&a, Pose::IDENTITY, &b, Pose::IDENTITY);
        let along = wide(q - p).normalize();
        let across = wide(offset) - along * along.dot(wide(offset));
        let overlap_along = (wide(q - p).length() - along.dot(wide(offset)).abs()).max(0.0);
        if let Some(m) = m {
            if across.length() < (ra_ + rb_) as f64 - 0.01 && overlap_along > 0.05 {
                assert_eq!(m.points().len(), 2, "side by side: {m:?}, a {sa:?}, b {sb:?}");
            }
        }
    }
    report("parallel capsules", &tally);
}

#[test]
fn random_crossing_cores() {
    // b's segment (or a sphere's centre) through a point of a's segment, up to rounding to
    // Real: the closest points are then a hair apart, their direction is noise, and the depth
    // (the radii's sum, less that hair) must come from the cross product of the segments (or
    // the direction across a's segment).
    let mut rng = Rng::new(8);
    let mut tally = Tally::default();
    for _ in 0..1500 {
        let (p, q) = (rng.in_cube(1.0), rng.in_cube(1.0));
        let m = p + (q - p) * rng.range(0.05, 0.95);
        let d = rng.in_cube(1.0);
        let (p, q) = (real(p), real(q));
        let (b0, b1) = (real(m - d * rng.range(0.1, 1.0)), real(m + d * rng.range(0.1, 1.0)));
        let (ra_, rb_) = (rng.range(0.05, 0.6) as Real, rng.range(0.05, 0.6) as Real);
        let a = Capsule::new(p, q, ra_).unwrap();
        let sa = Shape { core: Core::Segment(wide(p), wide(q)), radius: ra_ as f64 };
        let b = Capsule::new(b0, b1, rb_).unwrap();
        let sb = Shape { core: Core::Segment(wide(b0), wide(b1)), radius: rb_ as f64 };
        let (pose, rq, rt) = random_pose(&mut rng, 2.0);
        // the same pair turned and moved as a whole: still crossing, now in different frames
        let moved = |s: &Shape| match s.core {
            Core::Segment(x, y) => Shape { core: Core::Segment(rq * x + rt, rq * y + rt), radius: s.radius },
            _ => unreachable!(),
        };
        check_both(
            &a,
            Pose::IDENTITY,
            &b,
            Pose::IDENTITY,
            &sa,
            &sb,
            Points::Surface,
            &mut tally,
            "crossing capsules",
        );
        check_both(
            &a,
            pose,
            &b,
            pose,
            &moved(&sa),
            &moved(&sb),
            Points::Surface,
            &mut tally,
            "crossing capsules",
        );
        let ball = Sphere::new(real(m), rb_).unwrap();
        let sm = Shape { core: Core::Point(wide(real(m))), radius: rb_ as f64 };
        check_both(
            &a,
            Pose::IDENTITY,
            &ball,
            Pose::IDENTITY,
            &sa,
            &sm,
            Points::Surface,
            &mut tally,
            "sphere on a core",
        );
    }
    assert_eq!(tally.apart, 0, "{tally:?}");
}

#[test]
fn random_hull_sphere() {
    let mut rng = Rng::new(5);
    let mut tally = Tally::default();
    for _ in 0..3000 {
        let (hull, pa, ra) = random_hull(&mut rng);
        let (b, pb, rb) = random_sphere(&mut rng);
        match &hull {
            Hull::Cuboid(h) => {
                check_both(h, pa, &b, pb, &ra, &rb, Points::Surface, &mut tally, "cuboid-sphere")
            }
            Hull::Convex(h) => {
                check_both(h, pa, &b, pb, &ra, &rb, Points::Surface, &mut tally, "hull-sphere")
            }
        }
    }
    report("hull-sphere", &tally);
}

#[test]
fn random_hull_capsule() {
    let mut rng = Rng::new(6);
    let mut tally = Tally::default();
    for _ in 0..4000 {
        let (hull, pa, ra) = random_hull(&mut rng);
        let (b, pb, rb) = random_capsule(&mut rng);
        match &hull {
            Hull::Cuboid(h) => {
                check_both(h, pa, &b, pb, &ra, &rb, Points::Inside, &mut tally, "cuboid-capsule")
            }
            Hull::Convex(h) => {
                check_both(h, pa, &b, pb, &ra, &rb, Points::Inside, &mut tally, "hull-capsule")
            }
        }
    }
    report("hull-capsule", &tally);
    assert!(tally.points[2] > 0, "some capsules should lie on a face: {tally:?}");
}

#[test]
fn capsules_resting_on_cuboid_faces() {
    // A capsule laid flat on a random face of a random turned box, sunk a little, its core
    // inside the face: two points, at the sinking depth.
    let mut rng = Rng::new(7);
    for _ in 0..500 {
        let h = DVec3::new(rng.range(0.5, 1.5), rng.range(0.5, 1.5), rng.range(0.5, 1.5));
        let cuboid = Cuboid::new(real(h)).unwrap();
        let (pose, q, t) = random_pose(&mut rng, 3.0);
        let axis = (rng.next() % 3) as usize;
        let sign = if rng.chance(0.5) { 1.0 } else { -1.0 };
        let (u, w) = ((axis + 1) % 3, (axis + 2) % 3);
        let radius = rng.range(0.05, 0.3);
        let sink = rng.range(0.01, 0.04);
        let mut height = DVec3::ZERO;
        height[axis] = sign * (h[axis] + radius - sink);
        let end = |rng: &mut Rng| {
            let mut p = height;
            p[u] = rng.range(-0.9, 0.9) * h[u];
            p[w] = rng.range(-0.9, 0.9) * h[w];
            p
        };
        let (e0, e1) = (end(&mut rng), end(&mut rng));
        if e0.distance(e1) < 0.1 {
            continue;
        }
        // The capsule in the world: its ends placed with the box's pose.
        let cap = Capsule::new(real(q * e0 + t), real(q * e1 + t), radius as Real).unwrap();
        let m = collide(&cuboid, pose, &cap, Pose::IDENTITY).expect("resting capsule");
        assert_eq!(m.points().len(), 2, "{m:?}");
        for p in m.points() {
            assert!((p.depth as f64 - sink).abs() < TOL, "{p:?} sink {sink}");
        }
        let mut normal = DVec3::ZERO;
        normal[axis] = sign;
        assert!((wide(m.normal) - q * normal).length() < 1e-3, "{m:?}");
    }
}
