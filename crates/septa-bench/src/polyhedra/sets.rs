//! The 3D sets: pairs of cuboids, or of random hulls, with random rotations, and their exact
//! separations.
//!
//! Each set has a pool of shapes (the one cuboid, or [`Size::pool`] random hulls of `K`
//! points) and pairs that pick two of them: A's centre uniform in `[-50, 50]³`, B's centre A's
//! plus an offset uniform in a ball of radius `R`, both turned by uniform random rotations
//! (the poses carry the rotations; the shapes stay in their local frames).
//!
//! * `-all` sets: `R = 0.999 × 2 × r`, `r` the smallest inner radius about the local origin in
//!   the pool (for the cuboid its smallest half extent), so that the inner balls, and with them
//!   the shapes, always overlap.
//! * `-30%` sets: the reach of every pair (the spread at which it stops overlapping, see
//!   [`exact::reach`]) is computed from its own draws, and `R` is put between the 70th and
//!   71st percentile, so that 30 % of the set's pairs intersect.
//!
//! Centres and rotations are rounded to f32 first (what the libraries get); the exact
//! separation uses the rounded centres, and the rotations in f64.

use glam::{DQuat, DVec3};

use super::exact::{self, Turned};
use super::shapes::{self, Polytope};
use crate::workload::{derive_seed, Density, Rng};

/// The kind of shape in a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The cuboid (half extents 1 : 0.75 : 0.5, circumradius 1).
    Box,
    /// Hulls of this many random points on the unit sphere.
    Hull(usize),
}

/// One 3D set.
#[derive(Clone, Copy, Debug)]
pub struct SetSpec {
    /// The name used in the table and the JSON output.
    pub name: &'static str,
    /// Its shapes.
    pub kind: Kind,
    /// How close the pairs are.
    pub density: Density,
}

/// Every 3D set, in table order.
pub const SETS: [SetSpec; 10] = [
    SetSpec { name: "box-30%", kind: Kind::Box, density: Density::Thirty },
    SetSpec { name: "box-all", kind: Kind::Box, density: Density::All },
    SetSpec { name: "hull8-30%", kind: Kind::Hull(8), density: Density::Thirty },
    SetSpec { name: "hull8-all", kind: Kind::Hull(8), density: Density::All },
    SetSpec { name: "hull16-30%", kind: Kind::Hull(16), density: Density::Thirty },
    SetSpec { name: "hull16-all", kind: Kind::Hull(16), density: Density::All },
    SetSpec { name: "hull32-30%", kind: Kind::Hull(32), density: Density::Thirty },
    SetSpec { name: "hull32-all", kind: Kind::Hull(32), density: Density::All },
    SetSpec { name: "hull64-30%", kind: Kind::Hull(64), density: Density::Thirty },
    SetSpec { name: "hull64-all", kind: Kind::Hull(64), density: Density::All },
];

/// The fraction of intersecting pairs a `-30%` set aims at.
pub const TARGET_FRACTION: f64 = 0.30;

/// How big the sets are.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    /// Pairs per set.
    pub pairs: usize,
    /// Distinct hulls per hull set.
    pub pool: usize,
}

/// One pair: which shapes of the pool, where, and how turned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    /// A's shape (index into the pool).
    pub a: usize,
    /// B's shape.
    pub b: usize,
    /// A's centre (f32 values).
    pub a_center: DVec3,
    /// A's rotation (f32 values, unit up to rounding).
    pub a_rotation: DQuat,
    /// B's centre (f32 values).
    pub b_center: DVec3,
    /// B's rotation.
    pub b_rotation: DQuat,
}

/// A generated set.
#[derive(Clone, Debug)]
pub struct Workload {
    /// Which set.
    pub spec: SetSpec,
    /// The radius `R` of the ball of offsets.
    pub spread: f64,
    /// The shapes the pairs pick from.
    pub pool: Vec<Polytope>,
    /// Mean draws per hull of the pool (redraws until the inner radius and general position
    /// hold); 1 for the cuboid.
    pub draws: f64,
    /// The pairs.
    pub pairs: Vec<Pair>,
    /// The exact signed separation of each pair (see [`exact::separation`]).
    pub exact: Vec<f64>,
}

/// A rotation rounded to f32 and renormalised there (what the libraries get), kept in f64.
fn rotation_f32(q: DQuat) -> DQuat {
    q.as_quat().normalize().as_dquat()
}

/// Maps `f` over `items` on every available core, keeping the order.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len().max(1));
    let per = items.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> =
            items.chunks(per).map(|chunk| scope.spawn(|| chunk.iter().map(&f).collect::<Vec<R>>())).collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    })
}

/// The random parts of one pair, before the offset is scaled by `R`.
#[derive(Clone, Copy, Debug)]
struct Draw {
    a: usize,
    b: usize,
    a_center: DVec3,
    a_rotation: DQuat,
    b_rotation: DQuat,
    offset: DVec3,
}

impl Workload {
    /// Generates the set's pool and `size.pairs` pairs from `seed`, calibrates `R` and
    /// computes every pair's exact separation (on all cores).
    pub fn generate(spec: SetSpec, size: Size, seed: u64) -> Workload {
        let mut rng = Rng::new(derive_seed(seed, 0x9001));
        let (pool, draws) = match spec.kind {
            Kind::Box => (vec![shapes::cuboid()], 1.0),
            Kind::Hull(k) => {
                let mut total = 0;
                let pool = (0..size.pool)
                    .map(|_| {
                        let (hull, draws) = shapes::random_hull(k, &mut rng);
                        total += draws;
                        hull
                    })
                    .collect();
                (pool, total as f64 / size.pool as f64)
            }
        };
        let mut rng = Rng::new(seed);
        let draws_list: Vec<Draw> = (0..size.pairs)
            .map(|_| {
                let pick = |rng: &mut Rng| (rng.next_u64() % pool.len() as u64) as usize;
                let (a, b) = (pick(&mut rng), pick(&mut rng));
                let a_center =
                    DVec3::new(rng.uniform(-50.0, 50.0), rng.uniform(-50.0, 50.0), rng.uniform(-50.0, 50.0));
                Draw {
                    a,
                    b,
                    a_center: shapes::to_f32(a_center),
                    a_rotation: rotation_f32(shapes::random_rotation(&mut rng)),
                    b_rotation: rotation_f32(shapes::random_rotation(&mut rng)),
                    offset: shapes::in_unit_ball(&mut rng),
                }
            })
            .collect();
        let turned =
            |d: &Draw| (Turned::new(&pool[d.a], d.a_rotation), Turned::new(&pool[d.b], d.b_rotation));
        let spread = match spec.density {
            Density::All => {
                0.999 * 2.0 * pool.iter().map(Polytope::inner_radius).fold(f64::INFINITY, f64::min)
            }
            Density::Thirty => {
                let mut reaches = parallel_map(&draws_list, |d| {
                    let (a, b) = turned(d);
                    exact::reach(&a, &b, d.offset)
                });
                reaches.sort_by(f64::total_cmp);
                // 30 % of the reaches above R: R between two neighbours (no pair exactly on it).
                let k = reaches.len() - (TARGET_FRACTION * reaches.len() as f64).round() as usize;
                let below = reaches[k.saturating_sub(1)];
                let above = reaches.get(k).copied().unwrap_or(below);
                0.5 * (below + above)
            }
        };
        let pairs: Vec<Pair> = draws_list
            .iter()
            .map(|d| Pair {
                a: d.a,
                b: d.b,
                a_center: d.a_center,
                a_rotation: d.a_rotation,
                b_center: shapes::to_f32(d.a_center + d.offset * spread),
                b_rotation: d.b_rotation,
            })
            .collect();
        let exact = parallel_map(&pairs, |p| {
            let a = Turned::new(&pool[p.a], p.a_rotation);
            let b = Turned::new(&pool[p.b], p.b_rotation);
            exact::separation(&a, &b, p.b_center - p.a_center)
        });
        Workload { spec, spread, pool, draws, pairs, exact }
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// The fraction of pairs that intersect (exactly).
    pub fn fraction(&self) -> f64 {
        self.exact.iter().filter(|s| **s < 0.0).count() as f64 / self.len().max(1) as f64
    }

    /// Vertices, faces and edges of the pool's shapes (the same for all of them).
    pub fn counts(&self) -> (usize, usize, usize) {
        let p = &self.pool[0];
        (p.vertices.len(), p.normals.len(), p.edges.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_calibrated() {
        let size = Size { pairs: 400, pool: 4 };
        let thirty = Workload::generate(SETS[2], size, 11);
        assert!((thirty.fraction() - TARGET_FRACTION).abs() < 0.01, "{}", thirty.fraction());
        let all = Workload::generate(SETS[3], size, 11);
        assert_eq!(all.fraction(), 1.0);
        let boxes = Workload::generate(SETS[1], size, 12);
        assert_eq!(boxes.fraction(), 1.0);
        assert!((boxes.spread - 0.999 * 2.0 * shapes::box_half_extents().z).abs() < 1e-12);
        assert_eq!(boxes.counts(), (8, 6, 12));
        assert_eq!(all.counts(), (8, 12, 18));
    }
}
