//! The reference article's workload: random pairs of regular polygons (and polygon–circle pairs).
//!
//! Every polygon is regular with circumradius 1 and a uniform random rotation. A's centre is
//! uniform in `[-50, 50]²`; B's centre is A's plus an offset uniform in a disc of radius `R`.
//! "30 %" sets calibrate `R` so that about 30 % of the pairs intersect; "all" sets take
//! `R = 0.999 × 2 × inradius` (for a circle B, `0.999 × (inradius + radius)`), so the inscribed
//! circles, and with them the shapes, always overlap.
//!
//! Each pair also carries its *exact* signed separation, computed in f64 from the ideal geometry:
//! negative when the shapes overlap (then it is minus the MTV depth), positive when apart. The
//! correctness cross-check compares every implementation against it.

use glam::{DVec2, Vec2};

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
}

/// Every set of the benchmark, in the order of the table.
pub const SETS: [SetSpec; 10] = [
    SetSpec { name: "4-30%", sides: 4, other: Other::Polygon, density: Density::Thirty },
    SetSpec { name: "4-all", sides: 4, other: Other::Polygon, density: Density::All },
    SetSpec { name: "8-30%", sides: 8, other: Other::Polygon, density: Density::Thirty },
    SetSpec { name: "8-all", sides: 8, other: Other::Polygon, density: Density::All },
    SetSpec { name: "16-30%", sides: 16, other: Other::Polygon, density: Density::Thirty },
    SetSpec { name: "16-all", sides: 16, other: Other::Polygon, density: Density::All },
    SetSpec { name: "32-all", sides: 32, other: Other::Polygon, density: Density::All },
    SetSpec { name: "64-all", sides: 64, other: Other::Polygon, density: Density::All },
    SetSpec { name: "circle8-30%", sides: 8, other: Other::Circle, density: Density::Thirty },
    SetSpec { name: "circle8-all", sides: 8, other: Other::Circle, density: Density::All },
];

/// The fraction of intersecting pairs a "30 %" set aims at.
pub const TARGET_FRACTION: f64 = 0.30;

/// One pair: where A and B are and how they are turned (B's angle is unused for a circle).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    /// A's centre in the world.
    pub a_center: DVec2,
    /// A's rotation (radians): its first vertex is at this angle from its centre.
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

/// The same, rounded to f32 (the local geometry every implementation is given).
pub fn regular_vertices_f32(sides: usize, angle: f64) -> Vec<Vec2> {
    regular_vertices(sides, angle).iter().map(|v| v.as_vec2()).collect()
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

/// The exact signed separation of a pair of this set.
pub fn exact_separation(spec: &SetSpec, pair: &Pair) -> f64 {
    let a: Vec<DVec2> =
        regular_vertices(spec.sides, pair.a_angle).into_iter().map(|v| v + pair.a_center).collect();
    match spec.other {
        Other::Polygon => {
            let b: Vec<DVec2> =
                regular_vertices(spec.sides, pair.b_angle).into_iter().map(|v| v + pair.b_center).collect();
            polygon_separation(&a, &b)
        }
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

/// A generated set: the pairs, their exact separations, and how they were made.
#[derive(Clone, Debug)]
pub struct Workload {
    /// Which set.
    pub spec: SetSpec,
    /// The radius `R` of the disc of offsets.
    pub spread: f64,
    /// The pairs.
    pub pairs: Vec<Pair>,
    /// The exact signed separation of each pair (see [`exact_separation`]).
    pub exact: Vec<f64>,
}

impl Workload {
    /// Generates `count` pairs of the set from `seed`; a "30 %" set first calibrates `R` by
    /// bisection on a separate sample of `calibration` pairs.
    pub fn generate(spec: SetSpec, count: usize, calibration: usize, seed: u64) -> Workload {
        let spread = match spec.density {
            Density::All => {
                let reach = match spec.other {
                    Other::Polygon => 2.0 * inradius(spec.sides),
                    Other::Circle => inradius(spec.sides) + RADIUS,
                };
                0.999 * reach
            }
            Density::Thirty => calibrate(&spec, calibration, derive_seed(seed, 0xCA11)),
        };
        let mut rng = Rng::new(seed);
        let pairs: Vec<Pair> = (0..count).map(|_| Draw::new(&mut rng).pair(spread)).collect();
        let exact = pairs.iter().map(|p| exact_separation(&spec, p)).collect();
        Workload { spec, spread, pairs, exact }
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// The fraction of pairs that intersect (exactly).
    pub fn fraction(&self) -> f64 {
        self.exact.iter().filter(|s| **s < 0.0).count() as f64 / self.len().max(1) as f64
    }
}

/// The `R` at which [`TARGET_FRACTION`] of a calibration sample intersects (bisection; the
/// fraction falls as `R` grows).
fn calibrate(spec: &SetSpec, samples: usize, seed: u64) -> f64 {
    let mut rng = Rng::new(seed);
    let draws: Vec<Draw> = (0..samples).map(|_| Draw::new(&mut rng)).collect();
    let fraction = |spread: f64| {
        let hits = draws.iter().filter(|d| exact_separation(spec, &d.pair(spread)) < 0.0).count();
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
}
