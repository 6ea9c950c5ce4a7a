//! The benchmark's workload: random pairs of regular polygons (the reference article's), of
//! irregular polygons, and polygon–circle pairs.
//!
//! Every regular polygon has circumradius 1 and a uniform random rotation, baked into its
//! vertices (its pose does not turn it), as the article's workload has it. Every irregular
//! polygon is drawn by [`crate::irregular::polygon`] (no two faces parallel, no symmetry,
//! circumradius 1 about its origin) and turned by a uniform random angle in its *pose*, as a
//! body in a game is. A's centre is uniform in `[-50, 50]²`; B's centre is A's plus an offset
//! uniform in a disc of radius `R`. "30 %" sets calibrate `R` so that about 30 % of the pairs
//! intersect; "all" sets take `R = 0.999 × 2 × inradius` (for a circle B,
//! `0.999 × (inradius + radius)`), and for irregular polygons, pair by pair,
//! `R = 0.999 × (r_A + r_B)` with `r` the radius of each polygon's largest circle about its
//! origin, so the inscribed circles, and with them the shapes, always overlap.
//!
//! Each pair also carries its *exact* signed separation, computed in f64 from the ideal geometry:
//! negative when the shapes overlap (then it is minus the MTV depth), positive when apart. The
//! correctness cross-check compares every implementation against it.

use glam::DVec2;

use crate::irregular;

/// Circumradius of every polygon, and radius of the circle.
pub const RADIUS: f64 = 1.0;

/// A small, fast, reproducible random number generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform in the unit disc.
    pub fn in_unit_disc(&mut self) -> DVec2 {
        let r = self.unit().sqrt();
        DVec2::from_angle(self.uniform(0.0, core::f64::consts::TAU)) * r
    }
}

/// A seed for one purpose, derived from the master seed (so that sets do not share streams).
pub fn derive_seed(master: u64, salt: u64) -> u64 {
    let mut rng = Rng::new(master ^ salt.wrapping_mul(0xD6E8_FEB8_6659_FD93));
    rng.next_u64()
}

/// What shape B is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Other {
    /// A regular polygon with as many sides as A.
    Polygon,
    /// A circle of radius [`RADIUS`].
    Circle,
}

/// How close the pairs are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Density {
    /// About 30 % of the pairs intersect.
    Thirty,
    /// Every pair intersects.
    All,
}

/// What the polygons are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Regular, circumradius 1, the rotation baked into the vertices (the article's workload).
    Regular,
    /// Irregular (see [`crate::irregular`]), each pair's own, turned by its pose.
    Irregular,
}

/// One set of pairs.
#[derive(Clone, Copy, Debug)]
pub struct SetSpec {
    /// The name used in the table and the JSON output.
    pub name: &'static str,
    /// Number of vertices of A (and of B when B is a polygon).
    pub sides: usize,
    /// What B is.
    pub other: Other,
    /// How close the pairs are.
    pub density: Density,
    /// Regular or irregular polygons.
    pub form: Form,
}

/// A regular set's spec.
const fn regular(name: &'static str, sides: usize, other: Other, density: Density) -> SetSpec {
    SetSpec { name, sides, other, density, form: Form::Regular }
}

/// An irregular polygon–polygon set's spec.
const fn irregular(name: &'static str, sides: usize, density: Density) -> SetSpec {
    SetSpec { name, sides, other: Other::Polygon, density, form: Form::Irregular }
}

/// Every set of the benchmark, in the order of the table (the irregular sets last, so that the
/// regular sets keep the seeds, derived from their place here, they always had).
pub const SETS: [SetSpec; 20] = [
    regular("4-30%", 4, Other::Polygon, Density::Thirty),
    regular("4-all", 4, Other::Polygon, Density::All),
    regular("8-30%", 8, Other::Polygon, Density::Thirty),
    regular("8-all", 8, Other::Polygon, Density::All),
    regular("16-30%", 16, Other::Polygon, Density::Thirty),
    regular("16-all", 16, Other::Polygon, Density::All),
    regular("32-all", 32, Other::Polygon, Density::All),
    regular("64-all", 64, Other::Polygon, Density::All),
    regular("circle8-30%", 8, Other::Circle, Density::Thirty),
    regular("circle8-all", 8, Other::Circle, Density::All),
    irregular("irr4-30%", 4, Density::Thirty),
    irregular("irr4-all", 4, Density::All),
    irregular("irr6-30%", 6, Density::Thirty),
    irregular("irr6-all", 6, Density::All),
    irregular("irr8-30%", 8, Density::Thirty),
    irregular("irr8-all", 8, Density::All),
    irregular("irr16-30%", 16, Density::Thirty),
    irregular("irr16-all", 16, Density::All),
    irregular("irr32-30%", 32, Density::Thirty),
    irregular("irr32-all", 32, Density::All),
];

/// The fraction of intersecting pairs a "30 %" set aims at.
pub const TARGET_FRACTION: f64 = 0.30;

/// One pair: where A and B are and how they are turned (B's angle is unused for a circle).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    /// A's centre in the world.
    pub a_center: DVec2,
    /// A's rotation (radians): a regular polygon's first vertex is at this angle from its
    /// centre; an irregular polygon's pose turns it by this angle (an f32, for irregular sets,
    /// so that the exact geometry is the one the implementations are given).
    pub a_angle: f64,
    /// B's centre in the world.
    pub b_center: DVec2,
    /// B's rotation (radians).
    pub b_angle: f64,
}

/// The vertices of the regular polygon with `sides` corners, circumradius [`RADIUS`], first
/// corner at `angle`, counter-clockwise, about the origin (f64, exact up to rounding).
pub fn regular_vertices(sides: usize, angle: f64) -> Vec<DVec2> {
    let step = core::f64::consts::TAU / sides as f64;
    (0..sides).map(|k| DVec2::from_angle(angle + step * k as f64) * RADIUS).collect()
}

/// The inradius of a regular polygon of circumradius [`RADIUS`].
pub fn inradius(sides: usize) -> f64 {
    RADIUS * (core::f64::consts::PI / sides as f64).cos()
}

/// The exact signed separation of two convex polygons (counter-clockwise, f64): the largest gap
/// between their shadows over both polygons' edge normals. Negative when they overlap (minus
/// the MTV depth), zero when they touch.
pub fn polygon_separation(a: &[DVec2], b: &[DVec2]) -> f64 {
    fn shadow(points: &[DVec2], axis: DVec2) -> (f64, f64) {
        points.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            let d = p.dot(axis);
            (lo.min(d), hi.max(d))
        })
    }
    let mut best = f64::NEG_INFINITY;
    for poly in [a, b] {
        for i in 0..poly.len() {
            let e = poly[(i + 1) % poly.len()] - poly[i];
            let axis = DVec2::new(e.y, -e.x).normalize();
            let (a_lo, a_hi) = shadow(a, axis);
            let (b_lo, b_hi) = shadow(b, axis);
            best = best.max((b_lo - a_hi).max(a_lo - b_hi));
        }
    }
    best
}

/// The exact signed separation of a convex polygon (counter-clockwise, f64) and a circle: the
/// signed distance from the centre to the polygon minus the radius.
pub fn circle_separation(polygon: &[DVec2], center: DVec2, radius: f64) -> f64 {
    let n = polygon.len();
    let mut inside_depth = f64::NEG_INFINITY;
    let mut distance = f64::INFINITY;
    for i in 0..n {
        let (p, q) = (polygon[i], polygon[(i + 1) % n]);
        let e = q - p;
        let normal = DVec2::new(e.y, -e.x).normalize();
        inside_depth = inside_depth.max(normal.dot(center - p));
        let t = ((center - p).dot(e) / e.length_squared()).clamp(0.0, 1.0);
        distance = distance.min(center.distance(p + e * t));
    }
    if inside_depth <= 0.0 {
        inside_depth - radius // centre inside: minus the distance to the nearest edge
    } else {
        distance - radius
    }
}

/// A local polygon turned by `angle` and moved to `center` (f64).
pub fn place(local: &[DVec2], center: DVec2, angle: f64) -> Vec<DVec2> {
    let turn = DVec2::from_angle(angle);
    local.iter().map(|&v| turn.rotate(v) + center).collect()
}

/// The polygons of one pair of an irregular set, each in its local frame: A's and B's vertices
/// (f64 values that are f32s, counter-clockwise, about the origin their pose places).
pub type Outlines = [Vec<DVec2>; 2];

/// Which body of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// The first.
    A,
    /// The second.
    B,
}

/// Body `which` of a pair as the implementations build it: its polygon in its local frame (f64,
/// counter-clockwise) and the angle of the pose that places it at its centre. A regular polygon
/// comes turned, with a pose that does not turn it; an irregular one (from `outlines`) comes
/// as drawn, with a turning pose.
pub fn local_polygon(
    spec: &SetSpec,
    pair: &Pair,
    outlines: Option<&Outlines>,
    which: Body,
) -> (Vec<DVec2>, f64) {
    let angle = match which {
        Body::A => pair.a_angle,
        Body::B => pair.b_angle,
    };
    match (spec.form, outlines) {
        (Form::Regular, _) => (regular_vertices(spec.sides, angle), 0.0),
        (Form::Irregular, Some(o)) => (o[which as usize].clone(), angle),
        (Form::Irregular, None) => panic!("an irregular pair needs its outlines"),
    }
}

/// Body `which` of a pair in the world (f64).
pub fn world_polygon(spec: &SetSpec, pair: &Pair, outlines: Option<&Outlines>, which: Body) -> Vec<DVec2> {
    let (local, angle) = local_polygon(spec, pair, outlines, which);
    let center = match which {
        Body::A => pair.a_center,
        Body::B => pair.b_center,
    };
    match spec.form {
        // Unchanged from before there were irregular sets: no turn by a zero angle.
        Form::Regular => local.into_iter().map(|v| v + center).collect(),
        Form::Irregular => place(&local, center, angle),
    }
}

/// The exact signed separation of a pair of this set (`outlines`: the pair's polygons, for an
/// irregular set).
pub fn exact_separation(spec: &SetSpec, pair: &Pair, outlines: Option<&Outlines>) -> f64 {
    let a = world_polygon(spec, pair, outlines, Body::A);
    match spec.other {
        Other::Polygon => polygon_separation(&a, &world_polygon(spec, pair, outlines, Body::B)),
        Other::Circle => circle_separation(&a, pair.b_center, RADIUS),
    }
}

/// The random parts of one pair, before the offset is scaled by `R`.
#[derive(Clone, Copy, Debug)]
struct Draw {
    a_center: DVec2,
    a_angle: f64,
    b_angle: f64,
    offset: DVec2,
}

impl Draw {
    fn new(rng: &mut Rng) -> Draw {
        let a_center = DVec2::new(rng.uniform(-50.0, 50.0), rng.uniform(-50.0, 50.0));
        let a_angle = rng.uniform(0.0, core::f64::consts::TAU);
        let b_angle = rng.uniform(0.0, core::f64::consts::TAU);
        let offset = rng.in_unit_disc();
        Draw { a_center, a_angle, b_angle, offset }
    }

    fn pair(&self, spread: f64) -> Pair {
        Pair {
            a_center: self.a_center,
            a_angle: self.a_angle,
            b_center: self.a_center + self.offset * spread,
            b_angle: self.b_angle,
        }
    }
}

/// The random parts of a set's pairs, before the offsets are scaled: the draws and, for an
/// irregular set, each pair's polygons and the reach `0.999 × (r_A + r_B)` at which their
/// circles about their origins still overlap.
struct Sample {
    draws: Vec<Draw>,
    outlines: Vec<Outlines>,
    inscribed: Vec<f64>,
}

impl Sample {
    fn new(spec: &SetSpec, count: usize, seed: u64) -> Sample {
        let mut rng = Rng::new(seed);
        let mut draws: Vec<Draw> = (0..count).map(|_| Draw::new(&mut rng)).collect();
        if spec.form == Form::Regular {
            return Sample { draws, outlines: Vec::new(), inscribed: Vec::new() };
        }
        // The polygons from a stream of their own, so the placements are drawn as for the
        // regular sets; the angles rounded to the f32s the implementations' poses are given.
        for d in &mut draws {
            (d.a_angle, d.b_angle) = (d.a_angle as f32 as f64, d.b_angle as f32 as f64);
        }
        let mut shapes = Rng::new(derive_seed(seed, 0x1BB));
        let mut polygon = || irregular::polygon(&mut shapes, spec.sides);
        let outlines: Vec<Outlines> = (0..count).map(|_| [polygon(), polygon()]).collect();
        let inscribed = outlines
            .iter()
            .map(|[a, b]| 0.999 * (irregular::inner_radius(a) + irregular::inner_radius(b)))
            .collect();
        Sample { draws, outlines, inscribed }
    }

    /// Pair `k`, B's offset scaled by `spread` (`None`: by the inscribed circles' reach).
    fn pair(&self, k: usize, spread: Option<f64>) -> Pair {
        self.draws[k].pair(spread.unwrap_or_else(|| self.inscribed[k]))
    }

    fn outlines(&self, k: usize) -> Option<&Outlines> {
        self.outlines.get(k)
    }
}

/// How far B's centre is from A's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spread {
    /// An offset uniform in a disc of this radius `R`.
    Radius(f64),
    /// Pair by pair, an offset uniform in a disc of radius `R = 0.999 × (r_A + r_B)`, `r` the
    /// radius of each (irregular) polygon's largest circle about its origin; `mean` is the mean
    /// `R` over the pairs.
    Inscribed {
        /// The mean `R`.
        mean: f64,
    },
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spread::Radius(r) => write!(f, "R = {r:.5}"),
            Spread::Inscribed { mean } => write!(f, "R = 0.999 × (r_A + r_B) per pair, mean {mean:.5}"),
        }
    }
}

/// A generated set: the pairs, their exact separations, and how they were made.
#[derive(Clone, Debug)]
pub struct Workload {
    /// Which set.
    pub spec: SetSpec,
    /// The disc of offsets.
    pub spread: Spread,
    /// The pairs.
    pub pairs: Vec<Pair>,
    /// Each pair's polygons, for an irregular set (empty for a regular one).
    pub outlines: Vec<Outlines>,
    /// The exact signed separation of each pair (see [`exact_separation`]).
    pub exact: Vec<f64>,
}

impl Workload {
    /// Generates `count` pairs of the set from `seed`; a "30 %" set first calibrates `R` by
    /// bisection on a separate sample of `calibration` pairs.
    pub fn generate(spec: SetSpec, count: usize, calibration: usize, seed: u64) -> Workload {
        let spread = match spec.density {
            Density::All => None,
            Density::Thirty => Some(calibrate(&spec, calibration, derive_seed(seed, 0xCA11))),
        };
        Workload::with_spread(spec, count, spread, seed)
    }

    /// Generates `count` pairs of the set from `seed` with the offsets in a disc of radius
    /// `spread`, or, with `None`, the set's "all" spread (whatever its density).
    pub fn with_spread(spec: SetSpec, count: usize, spread: Option<f64>, seed: u64) -> Workload {
        let spread = spread.or(match (spec.form, spec.other) {
            (Form::Regular, Other::Polygon) => Some(0.999 * 2.0 * inradius(spec.sides)),
            (Form::Regular, Other::Circle) => Some(0.999 * (inradius(spec.sides) + RADIUS)),
            (Form::Irregular, _) => None,
        });
        let sample = Sample::new(&spec, count, seed);
        let pairs: Vec<Pair> = (0..count).map(|k| sample.pair(k, spread)).collect();
        let exact = (0..count).map(|k| exact_separation(&spec, &pairs[k], sample.outlines(k))).collect();
        let spread = match spread {
            Some(r) => Spread::Radius(r),
            None => Spread::Inscribed { mean: sample.inscribed.iter().sum::<f64>() / count.max(1) as f64 },
        };
        Workload { spec, spread, pairs, outlines: sample.outlines, exact }
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// The fraction of pairs that intersect (exactly).
    pub fn fraction(&self) -> f64 {
        self.exact.iter().filter(|s| **s < 0.0).count() as f64 / self.len().max(1) as f64
    }

    /// Pair `i`'s body `which` in its local frame and its pose's angle (see [`local_polygon`]).
    pub fn local(&self, i: usize, which: Body) -> (Vec<DVec2>, f64) {
        local_polygon(&self.spec, &self.pairs[i], self.outlines.get(i), which)
    }

    /// Pair `i`'s body `which`'s centre (where its pose places its origin).
    pub fn center(&self, i: usize, which: Body) -> DVec2 {
        match which {
            Body::A => self.pairs[i].a_center,
            Body::B => self.pairs[i].b_center,
        }
    }

    /// Pair `i`'s body `which` in the world (f64).
    pub fn world(&self, i: usize, which: Body) -> Vec<DVec2> {
        world_polygon(&self.spec, &self.pairs[i], self.outlines.get(i), which)
    }
}

/// The `R` at which [`TARGET_FRACTION`] of a calibration sample intersects (bisection; the
/// fraction falls as `R` grows).
fn calibrate(spec: &SetSpec, samples: usize, seed: u64) -> f64 {
    let sample = Sample::new(spec, samples, seed);
    let fraction = |spread: f64| {
        let hits = (0..samples)
            .filter(|&k| exact_separation(spec, &sample.pair(k, Some(spread)), sample.outlines(k)) < 0.0)
            .count();
        hits as f64 / samples as f64
    };
    let (mut lo, mut hi) = (0.0, 4.0 * RADIUS);
    assert!(fraction(hi) < TARGET_FRACTION, "calibration bracket too small");
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if fraction(mid) > TARGET_FRACTION {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_separation_of_simple_cases() {
        let square = |c: DVec2| -> Vec<DVec2> {
            [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                .iter()
                .map(|&(x, y)| c + DVec2::new(x, y))
                .collect()
        };
        let a = square(DVec2::ZERO);
        assert!((polygon_separation(&a, &square(DVec2::new(3.0, 0.0))) - 1.0).abs() < 1e-12);
        assert!((polygon_separation(&a, &square(DVec2::new(1.5, 0.0))) + 0.5).abs() < 1e-12);
        assert!((circle_separation(&a, DVec2::new(3.0, 0.0), 1.0) - 1.0).abs() < 1e-12);
        assert!((circle_separation(&a, DVec2::new(0.5, 0.0), 1.0) + 1.5).abs() < 1e-12);
        let corner = DVec2::new(2.0, 2.0);
        assert!((circle_separation(&a, corner, 1.0) - (2f64.sqrt() - 1.0)).abs() < 1e-12);
    }

    #[test]
    fn thirty_percent_sets_are_calibrated() {
        let spec = SETS[2];
        let w = Workload::generate(spec, 4000, 4000, 7);
        assert!((w.fraction() - TARGET_FRACTION).abs() < 0.03, "{}", w.fraction());
        let all = Workload::generate(SETS[3], 500, 0, 7);
        assert_eq!(all.fraction(), 1.0);
    }

    #[test]
    fn irregular_sets_are_calibrated_and_turned_by_their_poses() {
        let set = |name: &str| *SETS.iter().find(|s| s.name == name).unwrap();
        let w = Workload::generate(set("irr8-30%"), 3000, 3000, 7);
        assert!((w.fraction() - TARGET_FRACTION).abs() < 0.03, "{}", w.fraction());
        let all = Workload::generate(set("irr4-all"), 500, 0, 7);
        assert_eq!(all.fraction(), 1.0);
        assert!(matches!(all.spread, Spread::Inscribed { mean } if mean > 0.5 && mean < 2.0));
        // The local polygon is the drawn one, the pose's angle the pair's; the world polygon
        // is the local one turned by that angle about the origin and moved to the centre.
        let pair = all.pairs[3];
        let (local, angle) = all.local(3, Body::B);
        assert_eq!((&local, angle), (&all.outlines[3][1], pair.b_angle));
        assert_eq!(angle, angle as f32 as f64);
        let (s, c) = angle.sin_cos();
        for (v, w) in local.iter().zip(all.world(3, Body::B)) {
            let expected = DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y) + pair.b_center;
            assert!(w.distance(expected) < 1e-12);
        }
        // A regular set's polygon comes turned, with a pose that does not turn.
        let regular = Workload::generate(SETS[1], 10, 0, 7);
        let (local, angle) = regular.local(0, Body::A);
        assert_eq!(angle, 0.0);
        assert_eq!(local, regular_vertices(4, regular.pairs[0].a_angle));
    }
}
