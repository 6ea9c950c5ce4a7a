//! The 3D section: septa3d beside Box3D and parry3d on pairs of cuboids and convex hulls.
//!
//! **Sets** ([`sets`]): `box-30%`, `box-all` (cuboids of circumradius 1, half extents
//! 1 : 0.75 : 0.5) and `hull8-…` to `hull64-…` (hulls of K random points on the unit sphere,
//! every face plane at least 0.25 from the origin), each as a `-30%` set (about 30 % of the
//! pairs intersect) and an `-all` set (all do); uniform random rotations in the poses.
//!
//! **Implementations**: `septa` ([`septa`]: `septa3d::overlaps`, `contact`, `collide`),
//! `box3d` ([`box3d`]: `b3CollideHulls`, cold cache; none for 64-point hulls, which Box3D
//! refuses) and `parry3d` ([`parry`]: `intersection_test`, `contact`, `contact_manifolds`).
//!
//! **Cross-check** ([`crosscheck`]): every answer on every pair against the exact f64 brute
//! force of [`exact`], before anything is timed; septa must agree everywhere.
//!
//! **Timing**: as the 2D sets (chunks of pairs, the implementations taking turns on each
//! chunk, its fastest run counted, runs spread over the bench's passes).
//!
//! **Coherence** ([`coherence`]): boxes moving slowly over 300 frames, septa3d's `SatCache`
//! against Box3D's `b3SATCache` kept per pair, and both cold.

pub mod box3d;
pub mod coherence;
pub mod crosscheck;
pub mod exact;
pub mod parry;
pub mod septa;
pub mod sets;
pub mod shapes;

use std::fmt::Write as _;
use std::time::Instant;

use crate::impls::{Implementation, Op};
use crate::report::{self, Chart, Measurement, Panel};
use crate::timing::{self, Timed};
use crate::workload::{derive_seed, Density};
use sets::{Kind, Size, Workload, SETS};

/// The name that selects the whole section (sets and coherence) in `--sets`.
pub const SECTION: &str = "3d";

/// The name that selects the 3D coherence experiment alone.
pub const COHERENCE: &str = "coherence-3d";

/// The implementations, in column order.
pub const NAMES: [&str; 3] = ["septa", "box3d", "parry3d"];

/// Every name `--sets` accepts for this section.
pub fn names() -> impl Iterator<Item = &'static str> {
    [SECTION, COHERENCE].into_iter().chain(SETS.iter().map(|s| s.name))
}

/// Is `name` selected by the `--sets` list (`None`: everything)?
pub fn selected(only: Option<&[String]>, name: &str) -> bool {
    only.is_none_or(|list| list.iter().any(|n| n == SECTION || n == name))
}

/// How big the section is.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// The sets' sizes.
    pub size: Size,
    /// Pairs per timed chunk.
    pub chunk: usize,
    /// The coherence experiment's size.
    pub coherence: coherence::Config,
}

impl Config {
    /// The full run.
    pub const FULL: Config = Config {
        size: Size { pairs: 2000, pool: 100 },
        // Short chunks: a hull pair takes microseconds, and a chunk should fit between two
        // interruptions on a shared machine for its fastest run to be a clean one.
        chunk: 25,
        coherence: coherence::Config { pairs: 1000, frames: 300, runs: 15 },
    };
    /// `--quick`.
    pub const QUICK: Config = Config {
        size: Size { pairs: 400, pool: 16 },
        chunk: 25,
        coherence: coherence::Config { pairs: 100, frames: 60, runs: 3 },
    };
}

/// Every implementation that can handle the set.
pub fn build_all(w: &Workload) -> Vec<Box<dyn Implementation>> {
    let mut all = vec![septa::build(w)];
    all.extend(box3d::build(w));
    all.push(parry::build(w));
    all
}

/// One set, generated and cross-checked.
pub struct Set {
    /// The pairs.
    pub workload: Workload,
    /// The cross-check.
    pub check: crosscheck::Report,
}

/// The section's sets.
pub struct Section {
    /// The selected sets, in table order.
    pub sets: Vec<Set>,
    /// Pairs per timed chunk.
    pub chunk: usize,
}

impl Section {
    /// Generates and cross-checks the selected sets (`only`: the `--sets` list), printing a few
    /// lines per set.
    pub fn generate(config: &Config, only: Option<&[String]>, seed: u64) -> Section {
        let mut sets = Vec::new();
        for (k, spec) in SETS.iter().enumerate() {
            if !selected(only, spec.name) {
                continue;
            }
            let t0 = Instant::now();
            let workload = Workload::generate(*spec, config.size, derive_seed(seed, 0x3D00 + k as u64));
            let (v, f, e) = workload.counts();
            let shapes = match spec.kind {
                Kind::Box => format!("the cuboid ({v} vertices, {f} faces, {e} edges)"),
                Kind::Hull(_) => format!(
                    "{} hulls of {v} vertices, {f} faces, {e} edges ({:.1} draws each; parry3d's have {:.2} faces)",
                    workload.pool.len(),
                    workload.draws,
                    parry::mean_faces(&workload)
                ),
            };
            let refused = matches!(spec.kind, Kind::Hull(_)) && e > box3d::MAX_HULL_EDGES;
            let box3d_note = if refused {
                let points = workload.pool[0].points_f32();
                let verdict = match box3d::Hull::create(&points) {
                    None => "refused by Box3D (b3CreateHull returned null)",
                    Some(_) => "accepted by Box3D after all",
                };
                format!("; {verdict}")
            } else {
                String::new()
            };
            println!(
                "- **{}**: {shapes}{box3d_note}; R = {:.5}, {:.2} % of {} pairs intersect (exact answers in {:.1} s)",
                spec.name,
                workload.spread,
                100.0 * workload.fraction(),
                workload.len(),
                t0.elapsed().as_secs_f64()
            );
            let check = crosscheck::check(&workload, &mut build_all(&workload));
            print!("{}", check.summary());
            sets.push(Set { workload, check });
        }
        Section { sets, chunk: config.chunk }
    }

    /// Disagreements of septa with the exact answers (the run fails when there are any).
    pub fn failures(&self) -> usize {
        self.sets.iter().map(|s| s.check.failures()).sum()
    }

    /// One pass of timing over every set, `runs` runs of each chunk per implementation.
    pub fn time_pass(&self, runs: usize) -> Vec<Timed> {
        let mut out = Vec::new();
        for set in &self.sets {
            let w = &set.workload;
            let mut impls = build_all(w);
            for op in crosscheck::OPS {
                for (implementation, chunks) in timing::time_op(&mut impls, op, w.len(), self.chunk, runs) {
                    out.push(Timed { set: w.spec.name, op, implementation, chunks, calls: w.len() });
                }
            }
        }
        out
    }

    /// The markdown table of the section's results, the notes under it, and the issue's
    /// targets checked against this run (`ns`: (set, op, implementation, ns)).
    pub fn markdown(&self, ns: &[(&'static str, Op, &'static str, f64)]) -> String {
        let find = |set: &str, op: Op, name: &str| {
            ns.iter().find(|m| m.0 == set && m.1 == op && m.2 == name).map(|m| m.3)
        };
        let mut out = String::from("| set | op |");
        for name in NAMES {
            let _ = write!(out, " {name} (ns) |");
        }
        out.push_str(" septa vs box3d | septa vs parry3d |\n|---|---|---:|---:|---:|---:|---:|\n");
        for set in &self.sets {
            let name = set.workload.spec.name;
            for op in crosscheck::OPS {
                let t: Vec<Option<f64>> = NAMES.iter().map(|n| find(name, op, n)).collect();
                let _ = write!(out, "| {name} | {} |", op.name());
                for v in &t {
                    let _ = write!(out, " {} |", v.map_or("—".to_string(), format_ns));
                }
                for other in [1, 2] {
                    match (t[0], t[other]) {
                        (Some(s), Some(x)) => {
                            let _ = write!(out, " {:.2}× |", x / s);
                        }
                        _ => out.push_str(" — |"),
                    }
                }
                out.push('\n');
            }
        }
        out.push_str(
            "\n`septa vs X` is X's time ÷ septa's. box3d: `b3CollideHulls` with a zeroed `b3SATCache` per \
             call (Box3D's narrow phase has no boolean or MTV query); — on the hull64 rows because Box3D \
             refuses hulls of more than 128 edges (a 64-point hull has 186). parry3d: `intersection_test`, \
             `contact` (GJK/EPA), `contact_manifolds` with the manifold list cleared per call.\n",
        );
        let targets = targets(&|set, op, name| find(set, op, name));
        if !targets.is_empty() {
            out.push_str("\n**Targets** (issue 16), from this run:\n\n| target | row | ratio | needed | |\n|---|---|---:|---:|---|\n");
            for t in &targets {
                let _ = writeln!(
                    out,
                    "| {} | {} | {:.2}× | {} {:.1}× | {} |",
                    t.what,
                    t.row,
                    t.ratio,
                    if t.at_most { "≤" } else { "≥" },
                    t.needed,
                    if t.met() { "met" } else { "**missed**" }
                );
            }
            let missed = targets.iter().filter(|t| !t.met()).count();
            let _ = writeln!(out, "\n{} of {} targets met.", targets.len() - missed, targets.len());
        }
        out
    }
}

/// Nanoseconds with a sensible number of digits.
fn format_ns(ns: f64) -> String {
    if ns < 100.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.0}")
    }
}

/// One of the targets, on one row.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// What is compared.
    pub what: &'static str,
    /// The row(s).
    pub row: String,
    /// The measured ratio.
    pub ratio: f64,
    /// The ratio needed.
    pub needed: f64,
    /// Is the ratio an upper limit (growth) rather than a lower one (speed-up)?
    pub at_most: bool,
}

impl Target {
    /// Does this run meet it?
    pub fn met(&self) -> bool {
        if self.at_most {
            self.ratio <= self.needed
        } else {
            self.ratio >= self.needed
        }
    }
}

/// The targets on every row measured (`find(set, op, implementation)` → ns):
///
/// * `collide` ≥ 5× Box3D on the box and hull8–hull32 rows;
/// * `collide` ≥ 4× parry3d on the box rows, ≥ 5× on every hull row;
/// * `overlaps` ≥ 3× parry3d's `intersection_test` on the box, hull8 and hull16 rows, ≥ 1.5× on
///   hull32 and hull64;
/// * `collide` on `hull32-all` at most 1.5× `hull16-all`.
pub fn targets(find: &dyn Fn(&str, Op, &str) -> Option<f64>) -> Vec<Target> {
    let mut out = Vec::new();
    let mut speedup = |what: &'static str, set: &str, op: Op, other: &str, needed: f64| {
        if let (Some(s), Some(x)) = (find(set, op, "septa"), find(set, op, other)) {
            out.push(Target { what, row: set.to_string(), ratio: x / s, needed, at_most: false });
        }
    };
    for spec in SETS.iter() {
        let points = match spec.kind {
            Kind::Box => 0,
            Kind::Hull(k) => k,
        };
        if points <= 32 {
            speedup("collide vs box3d", spec.name, Op::Collide, "box3d", 5.0);
        }
        let parry_collide = if points == 0 { 4.0 } else { 5.0 };
        speedup("collide vs parry3d", spec.name, Op::Collide, "parry3d", parry_collide);
        let parry_overlaps = if points <= 16 { 3.0 } else { 1.5 };
        speedup("overlaps vs parry3d", spec.name, Op::Overlaps, "parry3d", parry_overlaps);
    }
    if let (Some(h16), Some(h32)) =
        (find("hull16-all", Op::Collide, "septa"), find("hull32-all", Op::Collide, "septa"))
    {
        out.push(Target {
            what: "collide growth",
            row: "hull32-all ÷ hull16-all".to_string(),
            ratio: h32 / h16,
            needed: 1.5,
            at_most: true,
        });
    }
    out
}

/// An SVG chart of the hull sets' ns per call against the hull's points (log scales): one panel
/// for the `-all` sets, one for the `-30%` sets; one line per implementation and query (the
/// box sets are in the table only).
pub fn svg(results: &[Measurement], title: &str) -> String {
    let panel = |density: Density, caption: &'static str| Panel {
        caption,
        sets: SETS
            .iter()
            .filter_map(|s| match s.kind {
                Kind::Hull(k) if s.density == density => Some((s.name, k as f64)),
                _ => None,
            })
            .collect(),
    };
    let chart = Chart {
        title,
        panels: [
            panel(Density::All, "every pair intersects"),
            panel(Density::Thirty, "~30 % of pairs intersect"),
        ],
        ticks: &[8.0, 16.0, 32.0, 64.0],
        x_label: "points per hull",
        ops: &crosscheck::OPS,
        note: "box sets: see the table",
        scale_sets: SETS.iter().filter(|s| matches!(s.kind, Kind::Hull(_))).map(|s| s.name).collect(),
    };
    report::draw(results, &chart)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection() {
        let only = |s: &str| vec![s.to_string()];
        assert!(selected(None, "box-all"));
        assert!(selected(Some(&only(SECTION)), "hull64-30%"));
        assert!(selected(Some(&only("box-all")), "box-all"));
        assert!(!selected(Some(&only("box-all")), "hull8-all"));
        assert!(!selected(Some(&only("8-all")), COHERENCE));
        assert!(names().any(|n| n == "hull32-30%"));
    }

    #[test]
    fn targets_are_read_from_the_rows() {
        let rows = [
            ("box-all", Op::Collide, "septa", 100.0),
            ("box-all", Op::Collide, "box3d", 600.0),
            ("box-all", Op::Collide, "parry3d", 300.0),
            ("hull16-all", Op::Collide, "septa", 1000.0),
            ("hull32-all", Op::Collide, "septa", 1600.0),
        ];
        let find = |set: &str, op: Op, name: &str| {
            rows.iter().find(|r| r.0 == set && r.1 == op && r.2 == name).map(|r| r.3)
        };
        let t = targets(&find);
        assert_eq!(t.len(), 3);
        assert!(t[0].met() && (t[0].ratio - 6.0).abs() < 1e-12);
        assert!(!t[1].met() && t[1].needed == 4.0);
        assert!(!t[2].met() && (t[2].ratio - 1.6).abs() < 1e-12 && t[2].at_most);
    }
}
