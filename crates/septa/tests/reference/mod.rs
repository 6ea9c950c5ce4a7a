//! An independent f64 reference for the randomised tests, and the random shape generators.
//!
//! Nothing here calls septa's geometry: shapes are rebuilt from the *input points* handed to
//! septa's constructors, placed in the world with the pose applied here in f64 (from the pose's
//! stored `cos`, `sin` and translation), and every answer is derived without separating axes.
//!
//! # Shapes as a core and a radius
//! A polygon is its convex hull (own monotone chain, counter-clockwise) with radius 0; a circle is
//! a one-point core (its centre) with its radius. Every shape is `core ⊕ disk(radius)`.
//!
//! # The minimum translation vector from the Minkowski difference
//! Let `D = A ⊖ B = { x − y : x ∈ A, y ∈ B }`. Moving b by `t` gives `A ⊖ (B + t) = D − t`, and
//!
//! ```text
//!   A and B + t overlap (interiors meet)  ⇔  0 ∈ int(D − t)  ⇔  t ∈ int(D).
//! ```
//!
//! So b overlaps a iff the origin is inside D, and the shortest move of b that separates them is
//! the shortest way from the origin out of D: the distance `δ` from the origin to D's boundary
//! along the outward normal `n` of the nearest part of the boundary; moving b by `n·δ` leaves
//! them touching. With cores, `D = (core_A ⊖ core_B) ⊕ disk(r_A + r_B)`, whose signed distance
//! function is `sd_core(x) − (r_A + r_B)`: hence `signed distance between the shapes =
//! sd_core(0) − R` (positive: the true gap, the Euclidean distance between them; negative:
//! minus the MTV depth), and the MTV direction is the direction in which `sd_core` grows fastest
//! at the origin:
//! * origin outside the core (circle pairs only, when overlapping): away from the nearest core
//!   point `q`, `n = −q / |q|`;
//! * origin inside the core (a convex polygon): towards the nearest edge, i.e. that edge's outward
//!   normal. The edges of `core_A ⊖ core_B` are a's edges (same outward normals) and b's edges
//!   turned around, so for a polygon pair an MTV along a's face normal points from a to b, as
//!   septa's convention says. For an interior point the distance to the boundary of a convex
//!   polygon is the smallest distance to an edge *line* (the disk of that radius fits in every
//!   half-plane), which also gives the tie margin: how much the best line beats the best line
//!   with a different normal.
//!
//! # A second, brute-force overlap test
//! [`direct_distance`] works on the shapes themselves: closed segment intersection and
//! point-in-polygon (distance 0), otherwise the least vertex–segment distance (which is the
//! distance between two disjoint convex polygons), then minus the radii. It shares nothing with
//! the Minkowski code, and the self-check test compares the two.
#![allow(dead_code)]

use septa::{Circle, ConvexPolygon, Pose, Real, Shape, Vector};

pub type P = [f64; 2];

#[inline]
pub fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}
#[inline]
pub fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1]]
}
#[inline]
pub fn mul(a: P, s: f64) -> P {
    [a[0] * s, a[1] * s]
}
#[inline]
pub fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
#[inline]
pub fn cross(a: P, b: P) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}
#[inline]
pub fn norm(a: P) -> f64 {
    dot(a, a).sqrt()
}
#[inline]
pub fn normalized(a: P) -> P {
    mul(a, 1.0 / norm(a))
}
#[inline]
pub fn dist(a: P, b: P) -> f64 {
    norm(sub(a, b))
}
#[inline]
pub fn rotate(a: P, angle: f64) -> P {
    let (s, c) = angle.sin_cos();
    [c * a[0] - s * a[1], s * a[0] + c * a[1]]
}
#[inline]
pub fn p(v: Vector) -> P {
    [v.x as f64, v.y as f64]
}

/// A local point placed in the world by `pose`, in f64.
pub fn pose_point(pose: Pose, v: Vector) -> P {
    let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
    let (x, y) = (v.x as f64, v.y as f64);
    [c * x - s * y + pose.translation.x as f64, s * x + c * y + pose.translation.y as f64]
}

/// A local direction turned into the world by `pose`'s rotation, in f64.
pub fn pose_dir(pose: Pose, v: Vector) -> P {
    let (c, s) = (pose.rotation.cos as f64, pose.rotation.sin as f64);
    let (x, y) = (v.x as f64, v.y as f64);
    [c * x - s * y, s * x + c * y]
}

// ---------------------------------------------------------------------------------------------
// Convex geometry in f64
// ---------------------------------------------------------------------------------------------

/// Convex hull by Andrew's monotone chain, counter-clockwise, exactly collinear points dropped.
/// Fewer than three distinct points come back as they are (deduplicated).
pub fn hull(points: &[P]) -> Vec<P> {
    let mut pts: Vec<P> = points.to_vec();
    pts.sort_unstable_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    pts.dedup();
    let n = pts.len();
    if n < 3 {
        return pts;
    }
    let mut out: Vec<P> = Vec::with_capacity(2 * n);
    for pass in 0..2 {
        let start = out.len();
        for k in 0..n {
            let q = if pass == 0 { pts[k] } else { pts[n - 1 - k] };
            while out.len() >= start + 2 {
                let (o, a) = (out[out.len() - 2], out[out.len() - 1]);
                if cross(sub(a, o), sub(q, a)) > 0.0 {
                    break;
                }
                out.pop();
            }
            out.push(q);
        }
        out.pop(); // the last point of each chain starts the other one
    }
    out
}

/// Twice the signed area of a loop.
pub fn area2(poly: &[P]) -> f64 {
    let n = poly.len();
    (0..n).map(|i| cross(poly[i], poly[(i + 1) % n])).sum()
}

/// The area centroid of a counter-clockwise polygon.
pub fn centroid(poly: &[P]) -> P {
    let n = poly.len();
    if n < 3 {
        return poly[0];
    }
    let o = poly[0];
    let (mut a, mut c) = (0.0, [0.0, 0.0]);
    for i in 1..n - 1 {
        let (u, v) = (sub(poly[i], o), sub(poly[i + 1], o));
        let w = cross(u, v);
        a += w;
        c = add(c, mul(add(u, v), w));
    }
    add(o, mul(c, 1.0 / (3.0 * a)))
}

/// The distance from `q` to the segment `a`–`b` and the nearest point of the segment.
pub fn point_segment(q: P, a: P, b: P) -> (f64, P) {
    let e = sub(b, a);
    let len2 = dot(e, e);
    let t = if len2 > 0.0 { (dot(sub(q, a), e) / len2).clamp(0.0, 1.0) } else { 0.0 };
    let c = add(a, mul(e, t));
    (dist(q, c), c)
}

/// The outward unit normal of edge `i` (from vertex `i` to `i + 1`) of a counter-clockwise polygon.
pub fn edge_normal(poly: &[P], i: usize) -> P {
    let e = sub(poly[(i + 1) % poly.len()], poly[i]);
    normalized([e[1], -e[0]])
}

/// Is `q` strictly inside the counter-clockwise convex polygon?
pub fn strictly_inside(q: P, poly: &[P]) -> bool {
    // a plain loop: this runs millions of times in the bisections, in the debug profile
    let n = poly.len();
    if n < 3 {
        return false;
    }
    let mut prev = poly[n - 1];
    for &cur in poly {
        let (ex, ey) = (cur[0] - prev[0], cur[1] - prev[1]);
        if ex * (q[1] - prev[1]) - ey * (q[0] - prev[0]) <= 0.0 {
            return false;
        }
        prev = cur;
    }
    true
}

/// Signed distance from `q` to a convex core (a point, a segment or a CCW polygon; negative
/// inside), and the nearest point of the core's boundary.
pub fn core_signed_distance(q: P, core: &[P]) -> (f64, P) {
    match core.len() {
        1 => (dist(q, core[0]), core[0]),
        2 => point_segment(q, core[0], core[1]),
        n => {
            let mut best = (f64::INFINITY, core[0]);
            for i in 0..n {
                let r = point_segment(q, core[i], core[(i + 1) % n]);
                if r.0 < best.0 {
                    best = r;
                }
            }
            if strictly_inside(q, core) {
                (-best.0, best.1)
            } else {
                best
            }
        }
    }
}

/// Closed segment intersection, by orientations.
pub fn segments_intersect(a: P, b: P, c: P, d: P) -> bool {
    let o = |p: P, q: P, r: P| cross(sub(q, p), sub(r, p));
    let on = |p: P, q: P, r: P| {
        r[0] >= p[0].min(q[0]) && r[0] <= p[0].max(q[0]) && r[1] >= p[1].min(q[1]) && r[1] <= p[1].max(q[1])
    };
    let (d1, d2, d3, d4) = (o(c, d, a), o(c, d, b), o(a, b, c), o(a, b, d));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    (d1 == 0.0 && on(c, d, a))
        || (d2 == 0.0 && on(c, d, b))
        || (d3 == 0.0 && on(a, b, c))
        || (d4 == 0.0 && on(a, b, d))
}

/// Is `q` inside or on the closed CCW convex polygon (no tolerance)?
fn inside_closed(q: P, poly: &[P]) -> bool {
    let n = poly.len();
    (0..n).all(|i| cross(sub(poly[(i + 1) % n], poly[i]), sub(q, poly[i])) >= 0.0)
}

/// The Euclidean distance between two closed convex cores (0 when they meet), brute force.
pub fn core_distance(a: &[P], b: &[P]) -> f64 {
    match (a.len(), b.len()) {
        (1, 1) => dist(a[0], b[0]),
        (1, _) => core_signed_distance(a[0], b).0.max(0.0),
        (_, 1) => core_signed_distance(b[0], a).0.max(0.0),
        (n, m) => {
            if inside_closed(a[0], b) || inside_closed(b[0], a) {
                return 0.0;
            }
            let mut best = f64::INFINITY;
            for i in 0..n {
                let (a0, a1) = (a[i], a[(i + 1) % n]);
                for j in 0..m {
                    let (b0, b1) = (b[j], b[(j + 1) % m]);
                    if segments_intersect(a0, a1, b0, b1) {
                        return 0.0;
                    }
                    best = best.min(point_segment(a0, b0, b1).0).min(point_segment(b0, a0, a1).0);
                }
            }
            best
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reference shapes and answers
// ---------------------------------------------------------------------------------------------

/// A shape in world space: `core ⊕ disk(radius)`.
#[derive(Clone, Debug)]
pub struct RefShape {
    /// A CCW convex polygon (radius 0) or a single point (a circle's centre).
    pub core: Vec<P>,
    pub radius: f64,
}

impl RefShape {
    pub fn is_circle(&self) -> bool {
        self.core.len() == 1
    }

    /// Signed distance from `q` to the shape (negative inside).
    pub fn signed_distance(&self, q: P) -> f64 {
        core_signed_distance(q, &self.core).0 - self.radius
    }

    /// Projection on a direction (not necessarily unit: the radius is scaled by its length).
    pub fn project(&self, d: P) -> (f64, f64) {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for &v in &self.core {
            let x = dot(v, d);
            lo = lo.min(x);
            hi = hi.max(x);
        }
        let r = self.radius * norm(d);
        (lo - r, hi + r)
    }

    /// A reference point of the shape (polygon centroid, circle centre).
    pub fn center(&self) -> P {
        centroid(&self.core)
    }

    /// Largest distance from [`Self::center`] to the boundary.
    pub fn bounding_radius(&self) -> f64 {
        let c = self.center();
        self.core.iter().map(|&v| dist(v, c)).fold(0.0, f64::max) + self.radius
    }

    pub fn translated(&self, t: P) -> RefShape {
        RefShape { core: self.core.iter().map(|&v| add(v, t)).collect(), radius: self.radius }
    }

    /// The same shape moved rigidly: rotated by `angle` about the origin, then translated.
    pub fn moved(&self, angle: f64, t: P) -> RefShape {
        RefShape { core: self.core.iter().map(|&v| add(rotate(v, angle), t)).collect(), radius: self.radius }
    }
}

/// The reference answer for a pair (see the module docs for the derivation).
#[derive(Clone, Debug)]
pub struct RefPair {
    /// `core_A ⊖ core_B`: a CCW polygon, or one point for two circles.
    pub core: Vec<P>,
    /// `r_A + r_B`.
    pub radius: f64,
    /// Signed distance between the shapes: the gap when apart, minus the MTV depth when
    /// overlapping.
    pub signed_distance: f64,
    /// The MTV direction (from a to b) when overlapping; the direction of the gap otherwise.
    pub normal: P,
    /// Whether the origin lies inside the core (the normal is then an edge normal of the core).
    pub inside_core: bool,
    /// Inside: how much the nearest edge line beats the nearest line with another normal.
    /// Outside: the distance from the origin to the core (the normal is smooth there; it is
    /// ill-defined only when this is tiny).
    pub margin: f64,
}

impl RefPair {
    pub fn new(a: &RefShape, b: &RefShape) -> RefPair {
        let mut diffs = Vec::with_capacity(a.core.len() * b.core.len());
        for &x in &a.core {
            for &y in &b.core {
                diffs.push(sub(x, y));
            }
        }
        let core = hull(&diffs);
        let radius = a.radius + b.radius;
        let origin = [0.0, 0.0];
        let (sd0, nearest) = core_signed_distance(origin, &core);
        let (normal, inside_core, margin) = if sd0 < 0.0 {
            // inside a polygon core: nearest edge line, and the runner-up with another normal
            let n = core.len();
            let lines: Vec<(f64, P)> = (0..n)
                .map(|i| {
                    let nn = edge_normal(&core, i);
                    (dot(nn, core[i]), nn)
                })
                .collect();
            let best = (0..n).min_by(|&i, &j| lines[i].0.total_cmp(&lines[j].0)).unwrap();
            let runner_up = lines
                .iter()
                .filter(|l| dist(l.1, lines[best].1) > 1e-6)
                .map(|l| l.0)
                .fold(f64::INFINITY, f64::min);
            (lines[best].1, true, runner_up - lines[best].0)
        } else if sd0 > 0.0 {
            (normalized(sub(origin, nearest)), false, sd0)
        } else {
            ([0.0, 1.0], false, 0.0)
        };
        RefPair { core, radius, signed_distance: sd0 - radius, normal, inside_core, margin }
    }

    pub fn overlapping(&self) -> bool {
        self.signed_distance < 0.0
    }

    pub fn depth(&self) -> f64 {
        -self.signed_distance
    }

    /// Is the MTV direction well defined, robustly against input noise of size `tol`?
    pub fn normal_unique(&self, tol: f64) -> bool {
        if self.inside_core {
            self.margin > tol
        } else {
            self.margin > 10.0 * tol
        }
    }

    /// How far an f32 MTV normal may turn from [`Self::normal`] when that is unique. Inside a
    /// polygon core the MTV normal is one of finitely many edge normals: equal up to rounding.
    /// Outside a polygon core (a circle in a corner's region) septa chooses between candidate axes
    /// (a face normal, the corner-to-centre axis) whose pushes differ only to second order in
    /// the angle between them, `Δpush ≈ dist · angle² / 2`, so rounding noise `ε` in the pushes
    /// lets the choice turn by up to `sqrt(2ε / dist)`; `ε = 1e-6 × scale` is f32 noise here.
    pub fn normal_tolerance(&self, scale: f64) -> f64 {
        if self.inside_core || self.core.len() < 3 {
            1e-3
        } else {
            1e-3 + (2e-6 * scale / self.margin).sqrt()
        }
    }

    /// The reference overlap test for b moved by `t`: is `t` inside `D`?
    pub fn overlaps_after_moving_b(&self, t: P) -> bool {
        // Quick and exact for polygon cores: strictly inside means overlapping when R = 0.
        if self.core.len() >= 3 && strictly_inside(t, &self.core) {
            return true;
        }
        if self.radius == 0.0 {
            return false;
        }
        // rounded core: within the radius of some part of it (early exit)
        match self.core.len() {
            1 | 2 => core_signed_distance(t, &self.core).0 < self.radius,
            n => (0..n).any(|i| point_segment(t, self.core[i], self.core[(i + 1) % n]).0 < self.radius),
        }
    }

    /// The signed distance between the shapes after moving b by `t`.
    pub fn signed_distance_after_moving_b(&self, t: P) -> f64 {
        core_signed_distance(t, &self.core).0 - self.radius
    }
}

/// The brute-force distance between two shapes (not SAT, not Minkowski): 0 when closed
/// polygons meet, negative when round shapes overlap (then it is not a depth).
pub fn direct_distance(a: &RefShape, b: &RefShape) -> f64 {
    core_distance(&a.core, &b.core) - a.radius - b.radius
}

/// The brute-force overlap test: do the shapes share interior points? (For two polygons a
/// closed intersection is taken as overlap; callers keep away from touching.)
pub fn direct_overlap(a: &RefShape, b: &RefShape) -> bool {
    let d = core_distance(&a.core, &b.core);
    let r = a.radius + b.radius;
    if r > 0.0 {
        d < r
    } else {
        d == 0.0
    }
}

// ---------------------------------------------------------------------------------------------
// Deterministic random numbers (SplitMix64; no dependency, the same on every platform)
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x05ee_d5a7_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// A seed from a test's name and a number, so every test has its own stream.
    pub fn for_test(name: &str, salt: u64) -> Rng {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in name.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x1000_0000_01b3);
        }
        Rng::new(h ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.f64()
    }

    /// Uniform integer in `lo..=hi`.
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.f64() < p
    }

    pub fn angle(&mut self) -> f64 {
        self.range(-std::f64::consts::PI, std::f64::consts::PI)
    }

    pub fn unit(&mut self) -> P {
        let a = self.angle();
        [a.cos(), a.sin()]
    }

    /// Log-uniform in [lo, hi].
    pub fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        (self.range(lo.ln(), hi.ln())).exp()
    }
}

// ---------------------------------------------------------------------------------------------
// Test shapes: what is handed to septa, and how the reference rebuilds it
// ---------------------------------------------------------------------------------------------

/// A shape as given to septa's constructors; the reference rebuilds it from the same input.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    /// `ConvexPolygon::new(points)` (convex order, either winding) or, with `hull`,
    /// `ConvexPolygon::hull(points)` (any points).
    Polygon {
        points: Vec<Vector>,
        hull: bool,
    },
    Circle {
        center: Vector,
        radius: Real,
    },
}

impl Spec {
    pub fn is_circle(&self) -> bool {
        matches!(self, Spec::Circle { .. })
    }

    pub fn build(&self) -> Shape {
        match self {
            Spec::Polygon { points, hull: false } => Shape::Polygon(
                ConvexPolygon::new(points).unwrap_or_else(|e| panic!("ConvexPolygon::new({points:?}): {e}")),
            ),
            Spec::Polygon { points, hull: true } => Shape::Polygon(
                ConvexPolygon::hull(points)
                    .unwrap_or_else(|e| panic!("ConvexPolygon::hull({points:?}): {e}")),
            ),
            Spec::Circle { center, radius } => Shape::Circle(Circle::new(*center, *radius).unwrap()),
        }
    }

    /// The local-frame reference shape.
    pub fn local(&self) -> RefShape {
        self.reference(Pose::IDENTITY)
    }

    /// The world-space reference shape.
    pub fn reference(&self, pose: Pose) -> RefShape {
        match self {
            Spec::Polygon { points, .. } => {
                let world: Vec<P> = points.iter().map(|&v| pose_point(pose, v)).collect();
                RefShape { core: hull(&world), radius: 0.0 }
            }
            Spec::Circle { center, radius } => {
                RefShape { core: vec![pose_point(pose, *center)], radius: *radius as f64 }
            }
        }
    }

    /// The same polygon given with its vertex list started elsewhere and/or reversed.
    /// A polygon given by hull points becomes its hull's corners in convex order first.
    pub fn rebuilt(&self, start: usize, reverse: bool) -> Spec {
        match self {
            Spec::Circle { .. } => self.clone(),
            Spec::Polygon { points, hull: h } => {
                let mut pts: Vec<Vector> = if *h {
                    let local = hull(&points.iter().map(|&v| p(v)).collect::<Vec<_>>());
                    local.iter().map(|q| Vector::new(q[0] as Real, q[1] as Real)).collect()
                } else {
                    points.clone()
                };
                if reverse {
                    pts.reverse();
                }
                let k = start % pts.len();
                pts.rotate_left(k);
                Spec::Polygon { points: pts, hull: false }
            }
        }
    }

    /// Rust-like text to rebuild the shape in a unit test.
    pub fn repro(&self) -> String {
        match self {
            Spec::Polygon { points, hull } => {
                let pts: Vec<String> =
                    points.iter().map(|v| format!("Vector::new({:?}, {:?})", v.x, v.y)).collect();
                let ctor = if *hull { "hull" } else { "new" };
                format!("ConvexPolygon::{ctor}(&[{}])", pts.join(", "))
            }
            Spec::Circle { center, radius } => {
                format!("Circle::new(Vector::new({:?}, {:?}), {:?})", center.x, center.y, radius)
            }
        }
    }
}

fn v2(q: P) -> Vector {
    Vector::new(q[0] as Real, q[1] as Real)
}

/// A random convex polygon spec: 3–12 corners, extent (radius) 0.1–1.5 (so sizes 0.2–3),
/// random winding and starting vertex, sometimes given as a point cloud for `hull`.
pub fn random_polygon(rng: &mut Rng) -> Spec {
    let size = rng.range(0.1, 1.5);
    let offset = if rng.chance(0.5) { [0.0, 0.0] } else { mul(rng.unit(), rng.range(0.0, size)) };
    let frame = rng.angle();
    let place = |q: P| v2(add(rotate(q, frame), offset));
    let method = rng.f64();
    let mut points: Vec<Vector> = if method < 0.40 {
        // sorted random angles on an ellipse, with a minimum gap so that no corner is flat
        let n = rng.int(3, 12);
        let aspect = rng.range(0.25, 1.0);
        let min_gap = 0.25 * std::f64::consts::TAU / n as f64;
        let angles = loop {
            let mut a: Vec<f64> = (0..n).map(|_| rng.range(0.0, std::f64::consts::TAU)).collect();
            a.sort_by(f64::total_cmp);
            let ok = (0..n).all(|i| {
                let next = if i + 1 < n { a[i + 1] } else { a[0] + std::f64::consts::TAU };
                next - a[i] >= min_gap
            });
            if ok && n >= 3 {
                break a;
            }
        };
        angles.iter().map(|&t| place([size * t.cos(), size * aspect * t.sin()])).collect()
    } else if method < 0.65 {
        // hull of a point cloud, handed to ConvexPolygon::hull with its interior points
        loop {
            let k = rng.int(3, 14);
            let aspect = rng.range(0.3, 1.0);
            let cloud: Vec<Vector> = (0..k)
                .map(|_| place([size * rng.range(-1.0, 1.0), size * aspect * rng.range(-1.0, 1.0)]))
                .collect();
            let h = hull(&cloud.iter().map(|&v| p(v)).collect::<Vec<_>>());
            let good_corners = (0..h.len()).all(|i| {
                let n = h.len();
                let (a, b, c) = (h[(i + n - 1) % n], h[i], h[(i + 1) % n]);
                // keep clear of near-collinear corners (sin of the turn above 1 %)
                cross(sub(b, a), sub(c, b)) > 0.01 * dist(a, b) * dist(b, c)
            });
            if h.len() >= 3 && h.len() <= 12 && good_corners && area2(&h) > 0.1 * size * size {
                return Spec::Polygon { points: cloud, hull: true };
            }
        }
    } else if method < 0.85 {
        // regular polygon: parallel edges, exact ties
        let n = rng.int(3, 12);
        let phase = rng.angle();
        (0..n)
            .map(|k| {
                place(mul(
                    [
                        (phase + std::f64::consts::TAU * k as f64 / n as f64).cos(),
                        (phase + std::f64::consts::TAU * k as f64 / n as f64).sin(),
                    ],
                    size,
                ))
            })
            .collect()
    } else {
        // box
        let (hx, hy) = (size, size * rng.range(0.2, 1.0));
        [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]].iter().map(|&q| place(q)).collect()
    };
    if rng.chance(0.5) {
        points.reverse();
    }
    let k = rng.int(0, points.len() - 1);
    points.rotate_left(k);
    Spec::Polygon { points, hull: false }
}

/// A random circle spec: radius 0.1–1.5, centre at the local origin or off it.
pub fn random_circle(rng: &mut Rng) -> Spec {
    let radius = rng.range(0.1, 1.5);
    let center = if rng.chance(0.5) { [0.0, 0.0] } else { mul(rng.unit(), rng.range(0.0, 1.0)) };
    Spec::Circle { center: v2(center), radius: radius as Real }
}

/// The four ordered pairs of shape kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    PolygonPolygon,
    PolygonCircle,
    CirclePolygon,
    CircleCircle,
}

impl Kind {
    pub const ALL: [Kind; 4] =
        [Kind::PolygonPolygon, Kind::PolygonCircle, Kind::CirclePolygon, Kind::CircleCircle];

    pub fn shape_a(self, rng: &mut Rng) -> Spec {
        match self {
            Kind::PolygonPolygon | Kind::PolygonCircle => random_polygon(rng),
            _ => random_circle(rng),
        }
    }

    pub fn shape_b(self, rng: &mut Rng) -> Spec {
        match self {
            Kind::PolygonPolygon | Kind::CirclePolygon => random_polygon(rng),
            _ => random_circle(rng),
        }
    }
}

/// One test case: two shapes and their poses (kept as translation + angle for exact repro).
#[derive(Clone, Debug)]
pub struct Case {
    pub a: Spec,
    pub ta: Vector,
    pub angle_a: Real,
    pub b: Spec,
    pub tb: Vector,
    pub angle_b: Real,
}

impl Case {
    pub fn pose_a(&self) -> Pose {
        Pose::new(self.ta, self.angle_a)
    }
    pub fn pose_b(&self) -> Pose {
        Pose::new(self.tb, self.angle_b)
    }
    pub fn ref_a(&self) -> RefShape {
        self.a.reference(self.pose_a())
    }
    pub fn ref_b(&self) -> RefShape {
        self.b.reference(self.pose_b())
    }
    pub fn reference(&self) -> RefPair {
        RefPair::new(&self.ref_a(), &self.ref_b())
    }
    /// max(1, larger bounding radius): the length scale for tolerances.
    pub fn scale(&self) -> f64 {
        self.ref_a().bounding_radius().max(self.ref_b().bounding_radius()).max(1.0)
    }
    pub fn swapped(&self) -> Case {
        Case {
            a: self.b.clone(),
            ta: self.tb,
            angle_a: self.angle_b,
            b: self.a.clone(),
            tb: self.ta,
            angle_b: self.angle_a,
        }
    }
    pub fn with_b_at(&self, tb: Vector) -> Case {
        Case { tb, ..self.clone() }
    }
    pub fn repro(&self) -> String {
        format!(
            "a = {}, pose_a = Pose::new(Vector::new({:?}, {:?}), {:?}); b = {}, pose_b = Pose::new(Vector::new({:?}, {:?}), {:?})",
            self.a.repro(),
            self.ta.x,
            self.ta.y,
            self.angle_a,
            self.b.repro(),
            self.tb.x,
            self.tb.y,
            self.angle_b
        )
    }
}

/// A random pair: a somewhere within ±10 of the origin, b within ±5 of a (half of the time) or
/// at a random direction and a distance of 0–1.1 times the sum of the extents (more overlaps
/// and near touches); random angles.
pub fn random_case(kind: Kind, rng: &mut Rng) -> Case {
    let a = kind.shape_a(rng);
    let b = kind.shape_b(rng);
    let ta = [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)];
    let (angle_a, angle_b) = (rng.angle() as Real, rng.angle() as Real);
    let offset = if rng.chance(0.5) {
        [rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)]
    } else {
        let ra = a.local().bounding_radius() + norm(a.local().center());
        let rb = b.local().bounding_radius() + norm(b.local().center());
        mul(rng.unit(), rng.range(0.0, 1.1) * (ra + rb))
    };
    Case { a, ta: v2(ta), angle_a, b, tb: v2(add(ta, offset)), angle_b }
}

/// A random pair whose penetration is shallow: an overlapping random pair with b moved back
/// along the reference MTV until it is only `δ` deep, `δ` log-uniform in [1e-5, 1e-2] × scale.
/// Returns the case and its reference answer.
pub fn shallow_case(kind: Kind, rng: &mut Rng) -> (Case, RefPair) {
    loop {
        let mut case = random_case(kind, rng);
        // b towards a, to overlap more often
        case.tb = v2(add(p(case.ta), mul(sub(p(case.tb), p(case.ta)), rng.range(0.0, 0.7))));
        let r = case.reference();
        if !r.overlapping() || !r.normal_unique(1e-3) {
            continue;
        }
        let delta = rng.log_range(1e-5, 1e-2) * case.scale();
        if r.depth() <= delta {
            continue;
        }
        let t = add(p(case.tb), mul(r.normal, r.depth() - delta));
        let moved = case.with_b_at(v2(t));
        let r = moved.reference();
        if r.overlapping() {
            return (moved, r);
        }
    }
}
