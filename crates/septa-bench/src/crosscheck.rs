//! The correctness cross-check run on every set before timing.
//!
//! Every implementation's answer for every pair is compared with the exact (f64) separation of
//! the ideal shapes: the overlap verdict must match for pairs not within [`NEAR`] of touching,
//! and a `contact` depth must match the exact MTV depth within [`DEPTH_TOLERANCE`]. A `collide`
//! depth (the deepest manifold point) is compared too, but only as information: in deep
//! penetration the clipped points of a manifold legitimately lie off the MTV depth, and Box2D
//! and parry choose their reference faces their own way. Finally the seed and septa are compared
//! with each other directly, verdicts and depths of all three queries; those counts must be 0.

use std::fmt::Write as _;

use crate::impls::{Answer, Implementation, Op};
use crate::workload::Workload;

/// Pairs whose exact separation is within this of zero (touching) are not compared.
pub const NEAR: f64 = 1e-4;

/// Largest accepted difference between two depths.
pub const DEPTH_TOLERANCE: f32 = 1e-3;

/// One implementation's agreement with the exact answers on one query.
#[derive(Clone, Debug)]
pub struct Row {
    /// The implementation.
    pub implementation: &'static str,
    /// The query.
    pub op: Op,
    /// Pairs compared (not near touching).
    pub compared: usize,
    /// Pairs where the overlap verdict differs from the exact one.
    pub verdict: usize,
    /// Pairs (both overlapping) whose depth differs from the exact MTV depth by more than
    /// [`DEPTH_TOLERANCE`]; `None` for boolean queries.
    pub depth: Option<usize>,
}

/// The cross-check of one set.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Each implementation and query against the exact answers.
    pub rows: Vec<Row>,
    /// seed against septa directly: (query, verdict differences, depth differences).
    pub seed_vs_septa: Vec<(Op, usize, usize)>,
}

impl Report {
    /// Disagreements that must not happen: seed vs septa, and seed or septa vs the exact answer
    /// (verdicts, and `contact` depths).
    pub fn failures(&self) -> usize {
        let direct: usize = self.seed_vs_septa.iter().map(|(_, v, d)| v + d).sum();
        let exact: usize = self
            .rows
            .iter()
            .filter(|r| r.implementation == "seed" || r.implementation == "septa")
            .map(|r| r.verdict + if r.op == Op::Contact { r.depth.unwrap_or(0) } else { 0 })
            .sum();
        direct + exact
    }

    /// A few lines for the console.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let mut names: Vec<&str> = self.rows.iter().map(|r| r.implementation).collect();
        names.dedup();
        for name in names {
            let _ = write!(out, "    {name:<10}");
            for r in self.rows.iter().filter(|r| r.implementation == name) {
                let _ = write!(out, " {}: {}/{}", r.op.name(), r.verdict, r.compared);
                if let Some(d) = r.depth {
                    let what = if r.op == Op::Collide { "deepest-point depth≠MTV" } else { "depth" };
                    let _ = write!(out, " ({what} {d})");
                }
                out.push(';');
            }
            out.push('\n');
        }
        let _ = write!(out, "    seed vs septa:");
        for (op, v, d) in &self.seed_vs_septa {
            let _ = write!(out, " {}: verdict {v}, depth {d};", op.name());
        }
        out.push('\n');
        out
    }
}

/// Is `depth` within tolerance of `exact`?
fn depth_matches(depth: Option<f32>, exact: f32) -> bool {
    depth.is_some_and(|d| (d - exact).abs() <= DEPTH_TOLERANCE)
}

/// Cross-checks every implementation on every pair of the set.
pub fn check(w: &Workload, impls: &mut [Box<dyn Implementation>]) -> Report {
    let mut report = Report::default();
    let compare = |i: usize| w.exact[i].abs() >= NEAR;
    for imp in impls.iter_mut() {
        let ops: Vec<Op> = Op::ALL.into_iter().filter(|&op| imp.supports(op)).collect();
        for op in ops {
            let mut row = Row { implementation: imp.name(), op, compared: 0, verdict: 0, depth: None };
            let mut depth_errors = 0;
            for i in (0..w.len()).filter(|&i| compare(i)) {
                let exact = w.exact[i];
                let answer = imp.answer(op, i);
                row.compared += 1;
                if answer.overlaps != (exact < 0.0) {
                    row.verdict += 1;
                } else if answer.overlaps
                    && answer.depth.is_some()
                    && !depth_matches(answer.depth, -exact as f32)
                {
                    depth_errors += 1;
                }
            }
            if matches!(op, Op::Contact | Op::Collide) {
                row.depth = Some(depth_errors);
            }
            report.rows.push(row);
        }
    }
    let find = |impls: &[Box<dyn Implementation>], name: &str| impls.iter().position(|x| x.name() == name);
    if let (Some(s), Some(t)) = (find(impls, "seed"), find(impls, "septa")) {
        for op in [Op::Overlaps, Op::Contact, Op::Collide] {
            let (mut verdicts, mut depths) = (0, 0);
            for i in (0..w.len()).filter(|&i| compare(i)) {
                let a: Answer = impls[s].answer(op, i);
                let b: Answer = impls[t].answer(op, i);
                if a.overlaps != b.overlaps {
                    verdicts += 1;
                } else if let (Some(x), Some(y)) = (a.depth, b.depth) {
                    if (x - y).abs() > DEPTH_TOLERANCE {
                        depths += 1;
                    }
                }
            }
            report.seed_vs_septa.push((op, verdicts, depths));
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impls::build_all;
    use crate::workload::{derive_seed, Workload, SETS};

    /// The seed port is faithful (agrees with the exact answers) and agrees with septa, on a
    /// small version of every set; Box2D and parry must at least agree on verdicts where they
    /// answer boolean or MTV queries.
    #[test]
    fn seed_and_septa_agree_on_every_set() {
        for (k, spec) in SETS.iter().enumerate() {
            let w = Workload::generate(*spec, 300, 2000, derive_seed(12345, k as u64));
            let mut impls = build_all(&w);
            let report = check(&w, &mut impls);
            assert_eq!(report.failures(), 0, "{}:\n{}", spec.name, report.summary());
            assert_eq!(report.seed_vs_septa.len(), 3);
            for row in &report.rows {
                assert!(row.compared > 250, "{}: too few pairs compared", spec.name);
                if row.op != Op::Collide {
                    assert_eq!(
                        row.verdict,
                        0,
                        "{} {} {:?}:\n{}",
                        spec.name,
                        row.implementation,
                        row.op,
                        report.summary()
                    );
                }
            }
        }
    }
}
