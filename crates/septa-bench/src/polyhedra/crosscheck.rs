//! The 3D cross-check, run on every pair of every set before timing.
//!
//! Every implementation's answer is compared with the exact (f64) separation ([`exact`]):
//!
//! * the overlap verdict, for pairs not within [`NEAR`] of touching;
//! * a `contact` depth (septa's, parry's EPA) against the exact penetration depth, within
//!   [`DEPTH_TOLERANCE`];
//! * a `collide` depth (the deepest manifold point). A manifold's points are not the MTV: the
//!   reference face is chosen with a bias for stability and the incident face is clipped, so
//!   the deepest point may lie above or below the exact depth. septa3d documents a bound (its
//!   point depths are at most the reference face's, which exceeds the MTV depth by at most its
//!   biases: `((d + slop) / 0.95 + slop) / 0.98`, slop = 5e-4 × the smaller bounding radius);
//!   that bound is checked. Box3D's and parry's deepest points are compared with the MTV depth
//!   for information only.
//!
//! septa's verdicts and depths must all agree (the run fails otherwise); the other libraries'
//! disagreements are reported.
//!
//! [`exact`]: super::exact

use std::fmt::Write as _;

use septa3d::pair::hull_hull::{ABSOLUTE_TOLERANCE, RELATIVE_EDGE_TOLERANCE, RELATIVE_FACE_TOLERANCE};

use super::sets::Workload;
pub use crate::crosscheck::{DEPTH_TOLERANCE, NEAR};
use crate::impls::{Implementation, Op};

/// The queries of the 3D section, in table order.
pub const OPS: [Op; 3] = [Op::Overlaps, Op::Contact, Op::Collide];

/// The largest bounding radius of the sets' shapes about their centroids (corners on the unit
/// sphere, centroid inside it): 2 bounds it, and so septa3d's slop.
const BOUNDING_RADIUS: f32 = 2.0;

/// The deepest a septa3d manifold point may be, given the exact MTV depth `d` (module docs).
pub fn septa_collide_bound(d: f32) -> f32 {
    let slop = ABSOLUTE_TOLERANCE * BOUNDING_RADIUS;
    ((d + slop) / RELATIVE_EDGE_TOLERANCE + slop) / RELATIVE_FACE_TOLERANCE
}

/// One implementation's agreement with the exact answers on one query.
#[derive(Clone, Debug)]
pub struct Row {
    /// The implementation.
    pub implementation: &'static str,
    /// The query.
    pub op: Op,
    /// Pairs compared (not near touching).
    pub compared: usize,
    /// Pairs whose overlap verdict differs from the exact one.
    pub verdict: usize,
    /// Pairs (both overlapping) whose depth is off: `contact`, by more than
    /// [`DEPTH_TOLERANCE`] from the exact depth; septa's `collide`, beyond its bound; other
    /// `collide`s, by more than [`DEPTH_TOLERANCE`] from the exact depth (information only).
    pub depth: Option<usize>,
    /// The largest |depth − exact| seen (contact) or deepest − exact (collide).
    pub worst: f32,
}

impl Row {
    /// Disagreements that fail the run: all of septa's, none of the others'.
    pub fn failures(&self) -> usize {
        if self.implementation == "septa" {
            self.verdict + self.depth.unwrap_or(0)
        } else {
            0
        }
    }
}

/// The cross-check of one set.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Each implementation and query against the exact answers.
    pub rows: Vec<Row>,
}

impl Report {
    /// Disagreements that must not happen (septa's).
    pub fn failures(&self) -> usize {
        self.rows.iter().map(Row::failures).sum()
    }

    /// A few lines for the console.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let mut names: Vec<&str> = self.rows.iter().map(|r| r.implementation).collect();
        names.dedup();
        for name in names {
            let _ = write!(out, "    {name:<8}");
            for r in self.rows.iter().filter(|r| r.implementation == name) {
                let _ = write!(out, " {}: {}/{}", r.op.name(), r.verdict, r.compared);
                if let Some(d) = r.depth {
                    let what = match (r.op, name) {
                        (Op::Collide, "septa") => "depth beyond bound",
                        (Op::Collide, _) => "deepest-point depth≠MTV",
                        _ => "depth",
                    };
                    let _ = write!(out, " ({what} {d}, worst {:+.1e})", r.worst);
                }
                out.push(';');
            }
            out.push('\n');
        }
        out
    }
}

/// Cross-checks every implementation on every pair of the set.
pub fn check(w: &Workload, impls: &mut [Box<dyn Implementation>]) -> Report {
    let mut report = Report::default();
    for imp in impls.iter_mut() {
        let ops: Vec<Op> = OPS.into_iter().filter(|&op| imp.supports(op)).collect();
        for op in ops {
            let name = imp.name();
            let mut row = Row { implementation: name, op, compared: 0, verdict: 0, depth: None, worst: 0.0 };
            let mut depth_errors = 0;
            for i in (0..w.len()).filter(|&i| w.exact[i].abs() >= NEAR) {
                let exact = -w.exact[i] as f32;
                let answer = imp.answer(op, i);
                row.compared += 1;
                if answer.overlaps != (w.exact[i] < 0.0) {
                    row.verdict += 1;
                    continue;
                }
                let Some(depth) = answer.depth.filter(|_| answer.overlaps) else { continue };
                let off = match (op, name) {
                    (Op::Collide, "septa") => depth > septa_collide_bound(exact) + DEPTH_TOLERANCE,
                    _ => (depth - exact).abs() > DEPTH_TOLERANCE,
                };
                depth_errors += off as usize;
                let error = if op == Op::Collide { depth - exact } else { (depth - exact).abs() };
                if error.abs() > row.worst.abs() {
                    row.worst = error;
                }
            }
            if op != Op::Overlaps {
                row.depth = Some(depth_errors);
            }
            report.rows.push(row);
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::super::build_all;
    use super::super::sets::{Size, SETS};
    use super::*;
    use crate::workload::derive_seed;

    /// On a small version of every set, septa agrees with the exact answers everywhere, and
    /// Box3D and parry3d at least on their verdicts (Box3D's `collide`, parry's `overlaps` and
    /// `contact`).
    #[test]
    fn septa_agrees_on_every_set() {
        for (k, spec) in SETS.iter().enumerate() {
            let w = Workload::generate(*spec, Size { pairs: 60, pool: 3 }, derive_seed(77, k as u64));
            let report = check(&w, &mut build_all(&w));
            assert_eq!(report.failures(), 0, "{}:\n{}", spec.name, report.summary());
            for row in &report.rows {
                assert!(row.compared > 50, "{}: too few pairs compared", spec.name);
                if row.implementation == "box3d" || row.op != Op::Collide {
                    assert_eq!(row.verdict, 0, "{} {}:\n{}", spec.name, row.implementation, report.summary());
                }
            }
            let septa_ops = report.rows.iter().filter(|r| r.implementation == "septa").count();
            assert_eq!(septa_ops, 3);
        }
    }

    #[test]
    fn bound_exceeds_the_depth_by_the_biases() {
        assert!(septa_collide_bound(0.0) > 0.0 && septa_collide_bound(0.0) < 3e-3);
        let d = 0.5;
        assert!(
            septa_collide_bound(d) > d / (0.95 * 0.98) && septa_collide_bound(d) < d / (0.95 * 0.98) + 3e-3
        );
    }
}
