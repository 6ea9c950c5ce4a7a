//! The concave section: decomposition time, and `collide` of a concave shape of 20 pieces
//! against boxes, compared with its pieces tested one by one.
//!
//! **Decomposition** (sets `concave-star-100`, `concave-terrain-100`, `concave-star-1000`,
//! `concave-terrain-1000`): random simple polygons of two families ([`polygons`]), validated once
//! by `SimplePolygon::new`, then timed:
//!
//! * op `decompose`: `SimplePolygon::decompose()` (septa's own choice: the optimal programme up
//!   to `OPTIMAL_UP_TO` = 400 vertices, Hertel–Mehlhorn above), reported under the method it
//!   ran, and `decompose_with` the other method for comparison (the optimum at 1,000 vertices
//!   only when the cross-check found it under [`OPTIMAL_LIMIT`] per polygon, and not in
//!   `--quick` runs);
//! * op `build`: `ConcavePolygon::new` on the raw points (validation, septa's decomposition, the
//!   pieces with their internal edges and outline corners, the box tree).
//!
//! Each polygon is one chunk; the contestants take turns on it, the fastest of its runs
//! counts, and the runs are spread over the bench's passes (the optimum at 1,000 vertices runs
//! once per pass). ns per call is the mean over the set's polygons.
//!
//! Before timing, every decomposition is checked: each piece convex and counter-clockwise,
//! the pieces' areas adding up to the polygon's, the optimum no larger than Hertel–Mehlhorn's
//! count and no smaller than the lower bound `⌈r/2⌉ + 1` for `r` reflex corners.
//!
//! **Collide** (set `concave-20-box`): see [`collide`].

pub mod collide;
pub mod polygons;

use std::fmt::Write as _;
use std::time::Instant;

use glam::{DVec2, Vec2};
use septa::concave::{ConcavePolygon, Method, SimplePolygon};

use crate::impls::Op;
use crate::timing::{self, Chunks, Timed};
use crate::workload::{derive_seed, Rng};
use collide::CollideSet;
use polygons::Family;

/// The name that selects the whole section in `--sets`.
pub const SECTION: &str = "concave";

/// The decomposition sets: (name, family, vertices).
pub const DECOMPOSE_SETS: [(&str, Family, usize); 4] = [
    ("concave-star-100", Family::Star, 100),
    ("concave-terrain-100", Family::Terrain, 100),
    ("concave-star-1000", Family::Star, 1000),
    ("concave-terrain-1000", Family::Terrain, 1000),
];

/// The collide set's name.
pub const COLLIDE_SET: &str = "concave-20-box";

/// The optimum is timed on a set only if no polygon of it took longer than this (seconds) in
/// the cross-check.
pub const OPTIMAL_LIMIT: f64 = 2.0;

/// Every name `--sets` accepts for this section.
pub fn names() -> impl Iterator<Item = &'static str> {
    [SECTION, COLLIDE_SET].into_iter().chain(DECOMPOSE_SETS.iter().map(|s| s.0))
}

/// Is set `name` selected by the `--sets` list (`None`: everything)?
pub fn selected(only: Option<&[String]>, name: &str) -> bool {
    only.is_none_or(|list| list.iter().any(|n| n == SECTION || n == name))
}

/// The benchmark name of a decomposition method.
pub fn method_name(method: Method) -> &'static str {
    match method {
        Method::Optimal => "septa-optimal",
        Method::HertelMehlhorn => "septa-hertel-mehlhorn",
    }
}

/// How big the section is.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    /// Polygons per 100-vertex set.
    pub polygons_100: usize,
    /// Polygons per 1,000-vertex set.
    pub polygons_1000: usize,
    /// Time the optimum at 1,000 vertices (when feasible)?
    pub optimal_1000: bool,
    /// Boxes in the collide set.
    pub pairs: usize,
}

impl Size {
    /// The full run.
    pub const FULL: Size = Size { polygons_100: 20, polygons_1000: 3, optimal_1000: true, pairs: 20_000 };
    /// `--quick`.
    pub const QUICK: Size = Size { polygons_100: 4, polygons_1000: 1, optimal_1000: false, pairs: 2000 };
}

/// One decomposition set: its polygons, what the cross-check found, and what is timed.
pub struct DecomposeSet {
    /// The set's name.
    pub name: &'static str,
    /// Vertices per polygon.
    pub vertices: usize,
    /// The raw points (f32, as given to septa).
    pub raw: Vec<Vec<Vec2>>,
    /// The validated polygons.
    pub polygons: Vec<SimplePolygon>,
    /// The method `decompose()` chose (the same for every polygon of the set).
    pub auto: Method,
    /// Mean reflex corners per polygon.
    pub reflex: f64,
    /// Mean piece counts: (optimal, Hertel–Mehlhorn); the optimum `None` when not computed.
    pub pieces: (Option<f64>, f64),
    /// The slowest optimal decomposition in the cross-check (seconds), when computed.
    pub optimal_seconds: Option<f64>,
    /// Is the other method (than `auto`) timed?
    pub other_timed: bool,
    /// Decompositions that failed the check (must be 0).
    pub failures: usize,
}

/// Twice the signed area of a ring (f64).
fn doubled_area(points: &[DVec2]) -> f64 {
    let n = points.len();
    (0..n).map(|i| points[i].perp_dot(points[(i + 1) % n])).sum()
}

/// Is the ring convex and counter-clockwise (every turn left or straight, positive area)?
fn convex_ccw(points: &[DVec2]) -> bool {
    let n = points.len();
    n >= 3
        && doubled_area(points) > 0.0
        && (0..n).all(|i| {
            let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
            (b - a).perp_dot(c - b) >= 0.0
        })
}

/// Checks one decomposition of `polygon`: pieces convex and counter-clockwise, areas adding up.
/// Returns the piece count, or `None` when it fails.
fn checked(polygon: &SimplePolygon, pieces: &septa::concave::Decomposition) -> Option<usize> {
    let mut total = 0.0;
    for piece in pieces.pieces() {
        let points: Vec<DVec2> = piece.points().iter().map(|p| p.as_dvec2()).collect();
        if !convex_ccw(&points) {
            return None;
        }
        total += 0.5 * doubled_area(&points);
    }
    ((total - polygon.area()).abs() <= 1e-9 * polygon.area().abs().max(1.0)).then_some(pieces.len())
}

impl DecomposeSet {
    /// Draws the set's polygons and cross-checks both methods on them (timing the optimum:
    /// `time_optimal` false skips it where septa would not choose it).
    pub fn generate(
        (name, family, vertices): (&'static str, Family, usize),
        count: usize,
        time_optimal: bool,
        seed: u64,
    ) -> DecomposeSet {
        let mut rng = Rng::new(seed);
        let raw: Vec<Vec<Vec2>> =
            (0..count).map(|_| polygons::to_f32(&family.polygon(vertices, &mut rng))).collect();
        let polygons: Vec<SimplePolygon> =
            raw.iter().map(|p| SimplePolygon::new(p).expect("generated polygons are simple")).collect();
        let mut set = DecomposeSet {
            name,
            vertices,
            raw,
            auto: Method::Optimal,
            reflex: 0.0,
            pieces: (None, 0.0),
            optimal_seconds: None,
            other_timed: false,
            failures: 0,
            polygons: Vec::new(),
        };
        let (mut optimal_total, mut hm_total, mut slowest) = (0usize, 0usize, 0.0f64);
        let mut optimal_ran = false;
        for polygon in &polygons {
            let auto = polygon.decompose().expect("decompose");
            set.auto = auto.method();
            let run_optimal = time_optimal || set.auto == Method::Optimal;
            let hm = polygon.decompose_with(Method::HertelMehlhorn).expect("decompose");
            let hm_count = checked(polygon, &hm);
            hm_total += hm_count.unwrap_or(0);
            set.failures += hm_count.is_none() as usize;
            set.reflex += polygon.reflex_count() as f64;
            let mut optimal = None;
            if run_optimal {
                optimal_ran = true;
                let t0 = Instant::now();
                let pieces = polygon.decompose_with(Method::Optimal).expect("decompose");
                slowest = slowest.max(t0.elapsed().as_secs_f64());
                let lower_bound = polygon.reflex_count().div_ceil(2) + 1;
                match (checked(polygon, &pieces), hm_count) {
                    (Some(o), Some(h))
                        if pieces.method() == Method::Optimal && o <= h && o >= lower_bound =>
                    {
                        optimal_total += o
                    }
                    _ => set.failures += 1,
                }
                optimal = Some(pieces);
            }
            // `decompose()` must be one of the two, piece for piece.
            let same = match auto.method() {
                Method::HertelMehlhorn => auto == hm,
                Method::Optimal => optimal.as_ref() == Some(&auto),
            };
            set.failures += !same as usize;
        }
        let n = polygons.len().max(1) as f64;
        set.reflex /= n;
        set.pieces = (optimal_ran.then_some(optimal_total as f64 / n), hm_total as f64 / n);
        set.optimal_seconds = optimal_ran.then_some(slowest);
        set.other_timed = match set.auto {
            Method::Optimal => true,
            Method::HertelMehlhorn => time_optimal && slowest <= OPTIMAL_LIMIT,
        };
        set.polygons = polygons;
        set
    }

    /// The console line of the cross-check.
    pub fn summary(&self) -> String {
        let optimal = match (self.pieces.0, self.optimal_seconds) {
            (Some(p), Some(s)) => format!("optimal {p:.1} pieces (slowest {:.1} ms)", s * 1e3),
            _ => "optimal not computed".to_string(),
        };
        format!(
            "- **{}**: {} polygon(s) of {} vertices, {:.1} reflex corners on average; `decompose()` ran {}; \
             {optimal}, Hertel–Mehlhorn {:.1} pieces; check failures: {}\n",
            self.name,
            self.polygons.len(),
            self.vertices,
            self.reflex,
            self.auto,
            self.pieces.1,
            self.failures
        )
    }

    /// One pass of timing: (op, implementation, each polygon's fastest run).
    fn time_pass(&self, runs: usize) -> Vec<(Op, &'static str, Chunks)> {
        let other = match self.auto {
            Method::Optimal => Method::HertelMehlhorn,
            Method::HertelMehlhorn => Method::Optimal,
        };
        // The slow optimum at 1,000 vertices runs once per pass.
        let other_runs = if other == Method::Optimal { 1 } else { runs };
        let mut contestants: Vec<(Op, &'static str, usize)> =
            vec![(Op::Decompose, method_name(self.auto), runs)];
        if self.other_timed {
            contestants.push((Op::Decompose, method_name(other), other_runs));
        }
        contestants.push((Op::Build, "septa", runs));
        let counts: Vec<usize> = contestants.iter().map(|c| c.2).collect();
        let chunks = timing::time_chunks(self.polygons.len(), 1, &counts, |k, range| {
            let mut sum = 0.0f32;
            for i in range {
                sum += match k {
                    0 => self.polygons[i].decompose().map_or(0, |d| d.len()),
                    _ if contestants[k].0 == Op::Decompose => {
                        self.polygons[i].decompose_with(other).map_or(0, |d| d.len())
                    }
                    _ => ConcavePolygon::new(&self.raw[i]).map_or(0, |c| c.pieces().len()),
                } as f32;
            }
            sum
        });
        contestants.iter().zip(chunks).map(|(c, t)| (c.0, c.1, t)).collect()
    }
}

/// The section: its sets, generated and cross-checked.
pub struct Section {
    /// The decomposition sets selected.
    pub decompose: Vec<DecomposeSet>,
    /// The collide set, when selected.
    pub collide: Option<CollideSet>,
    /// Its cross-check.
    pub collide_check: Option<collide::Check>,
}

impl Section {
    /// Generates and cross-checks the selected sets (`only`: the `--sets` list), printing a line
    /// or two per set.
    pub fn generate(size: Size, only: Option<&[String]>, seed: u64) -> Section {
        let mut decompose = Vec::new();
        for (k, spec) in DECOMPOSE_SETS.iter().enumerate() {
            if !selected(only, spec.0) {
                continue;
            }
            let count = if spec.2 >= 1000 { size.polygons_1000 } else { size.polygons_100 };
            let set =
                DecomposeSet::generate(*spec, count, size.optimal_1000, derive_seed(seed, 0xD0 + k as u64));
            print!("{}", set.summary());
            decompose.push(set);
        }
        let (collide, collide_check) = if selected(only, COLLIDE_SET) {
            let set = CollideSet::generate(size.pairs, derive_seed(seed, 0xC011));
            let seams = set.placements.iter().filter(|p| p.at_seam).count();
            println!(
                "- **{COLLIDE_SET}**: a terrain of {} vertices, {} pieces (optimal), {} boxes ({} at seams), \
                 {:.1} % of them overlapping it",
                set.vertices,
                set.shape.pieces().len(),
                set.len(),
                seams,
                100.0 * set.fraction()
            );
            let check = collide::check(&set);
            print!("{}", check.summary());
            (Some(set), Some(check))
        } else {
            (None, None)
        };
        Section { decompose, collide, collide_check }
    }

    /// Disagreements found by the cross-checks (the run fails when there are any).
    pub fn failures(&self) -> usize {
        self.decompose.iter().map(|s| s.failures).sum::<usize>()
            + self.collide_check.as_ref().map_or(0, |c| c.failures())
    }

    /// One pass of timing over every set of the section, `runs` runs of each chunk (see
    /// [`DecomposeSet`] for the exception) and `chunk` boxes per chunk.
    pub fn time_pass(&self, runs: usize, chunk: usize) -> Vec<Timed> {
        let mut out = Vec::new();
        for set in &self.decompose {
            for (op, implementation, chunks) in set.time_pass(runs) {
                out.push(Timed { set: set.name, op, implementation, chunks, calls: set.polygons.len() });
            }
        }
        if let Some(set) = &self.collide {
            let mut impls = collide::contestants(set);
            for op in [Op::Overlaps, Op::Collide] {
                for (implementation, chunks) in timing::time_op(&mut impls, op, set.len(), chunk, runs) {
                    out.push(Timed { set: COLLIDE_SET, op, implementation, chunks, calls: set.len() });
                }
            }
        }
        out
    }

    /// The markdown tables of the section's results (`ns`: (set, op, implementation, ns)).
    pub fn markdown(&self, ns: &[(&'static str, Op, &'static str, f64)]) -> String {
        let find = |set: &str, op: Op, name: &str| {
            ns.iter().find(|m| m.0 == set && m.1 == op && m.2 == name).map(|m| m.3)
        };
        let us = |v: Option<f64>| v.map_or("—".to_string(), |ns| format!("{:.1}", ns / 1e3));
        let mut out = String::new();
        if !self.decompose.is_empty() {
            out.push_str(
                "| set | reflex | `decompose()` ran | optimal pieces | H–M pieces | optimal (µs) | H–M (µs) | \
                 H–M ÷ optimal time | `ConcavePolygon::new` (µs) |\n|---|---:|---|---:|---:|---:|---:|---:|---:|\n",
            );
            for s in &self.decompose {
                let optimal = find(s.name, Op::Decompose, method_name(Method::Optimal));
                let hm = find(s.name, Op::Decompose, method_name(Method::HertelMehlhorn));
                let ratio = match (optimal, hm) {
                    (Some(o), Some(h)) => format!("{:.3}", h / o),
                    _ => "—".to_string(),
                };
                let _ = writeln!(
                    out,
                    "| {} | {:.1} | {} | {} | {:.1} | {} | {} | {ratio} | {} |",
                    s.name,
                    s.reflex,
                    s.auto,
                    s.pieces.0.map_or("—".to_string(), |p| format!("{p:.1}")),
                    s.pieces.1,
                    us(optimal),
                    us(hm),
                    us(find(s.name, Op::Build, "septa"))
                );
            }
            out.push_str(
                "\nµs per polygon (mean over the set's polygons of each one's fastest run); \
                 `decompose()` is timed under the method it ran, the other method by `decompose_with`; \
                 — where not timed (the optimum at 1,000 vertices: not in `--quick`, or over 2 s).\n",
            );
        }
        if self.collide.is_some() {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str("| set | op |");
            for name in collide::NAMES {
                let _ = write!(out, " {name} (ns) |");
            }
            out.push_str(
                " pieces ÷ concave | pieces-bounds ÷ concave |\n|---|---|---:|---:|---:|---:|---:|\n",
            );
            for op in [Op::Overlaps, Op::Collide] {
                let t: Vec<Option<f64>> = collide::NAMES.iter().map(|n| find(COLLIDE_SET, op, n)).collect();
                let _ = write!(out, "| {COLLIDE_SET} | {} |", op.name());
                for v in &t {
                    let _ = write!(out, " {} |", v.map_or("—".to_string(), |x| format!("{x:.1}")));
                }
                for other in [1, 2] {
                    match (t[0], t[other]) {
                        (Some(c), Some(x)) => {
                            let _ = write!(out, " {:.2}× |", x / c);
                        }
                        _ => out.push_str(" — |"),
                    }
                }
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convexity_and_area_checks() {
        let p = |x, y| DVec2::new(x, y);
        assert!(convex_ccw(&[p(0.0, 0.0), p(1.0, 0.0), p(2.0, 0.0), p(1.0, 1.0)])); // a straight corner
        assert!(!convex_ccw(&[p(0.0, 0.0), p(1.0, 1.0), p(2.0, 0.0), p(1.0, 2.0)]));
        assert!(!convex_ccw(&[p(0.0, 0.0), p(0.0, 1.0), p(1.0, 0.0)])); // clockwise
        assert_eq!(doubled_area(&[p(0.0, 0.0), p(2.0, 0.0), p(2.0, 3.0), p(0.0, 3.0)]), 12.0);
    }

    #[test]
    fn small_decomposition_sets_check_out() {
        let set = DecomposeSet::generate(("t", Family::Star, 40), 3, false, 1);
        assert_eq!((set.failures, set.auto), (0, Method::Optimal), "{}", set.summary());
        let (optimal, hm) = (set.pieces.0.unwrap(), set.pieces.1);
        assert!(optimal <= hm && optimal >= set.reflex / 2.0 + 1.0, "{}", set.summary());
        let big = DecomposeSet::generate(("u", Family::Terrain, 500), 1, false, 2);
        assert_eq!((big.failures, big.auto, big.other_timed), (0, Method::HertelMehlhorn, false));
        assert_eq!(big.pieces.0, None);
        let timed = set.time_pass(1);
        assert_eq!(timed.len(), 3);
        assert_eq!(timed[1].1, "septa-hertel-mehlhorn");
        assert!(timed.iter().all(|t| t.2 .0.len() == 3));
    }

    #[test]
    fn selection() {
        let only = |s: &str| vec![s.to_string()];
        assert!(selected(None, COLLIDE_SET));
        assert!(selected(Some(&only(SECTION)), "concave-star-100"));
        assert!(selected(Some(&only("concave-star-100")), "concave-star-100"));
        assert!(!selected(Some(&only("concave-star-100")), COLLIDE_SET));
        assert!(!selected(Some(&only("8-all")), COLLIDE_SET));
        assert!(names().any(|n| n == COLLIDE_SET));
    }
}
