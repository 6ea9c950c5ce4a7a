//! The implementations under test, one module each, behind one small trait.
//!
//! Each implementation builds its own shapes for a set once, before timing, the way a user of
//! that library would keep them (septa: local polygons placed by poses; seed: world-space vertex
//! lists; Box2D: local `b2Polygon`s and transforms; parry: local `ConvexPolygon`s and poses).
//! [`Implementation::run`] then calls one query on a range of pairs and folds every result
//! (normals, depths, manifold points) into a checksum, so that no work can be optimised away.

use std::ops::Range;

use crate::workload::Workload;

pub mod box2d;
pub mod parry;
pub mod seed;
pub mod septa;

/// A query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// Boolean test, early exit at the first separating axis.
    Overlaps,
    /// The seed's boolean test without normalising its axes.
    OverlapsUnnormalized,
    /// The minimum translation vector.
    Contact,
    /// The contact manifold (1–2 points).
    Collide,
    /// Convex decomposition of a simple polygon (the concave section).
    Decompose,
    /// Building a concave shape from its points: validation, decomposition, pieces (the concave
    /// section).
    Build,
}

impl Op {
    /// Every op between two convex shapes, in table order.
    pub const ALL: [Op; 4] = [Op::Overlaps, Op::OverlapsUnnormalized, Op::Contact, Op::Collide];

    /// The name used in the table and the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Op::Overlaps => "overlaps",
            Op::OverlapsUnnormalized => "overlaps_unnormalized",
            Op::Contact => "contact",
            Op::Collide => "collide",
            Op::Decompose => "decompose",
            Op::Build => "build",
        }
    }
}

/// Implementation names, in column order. `septa-batch` is reserved for a batch API septa does
/// not have yet; `box2d-ffi` is Box2D's C function called directly, without the `boxdd`
/// wrapper's per-call validation.
pub const NAMES: [&str; 6] = ["seed", "septa", "septa-batch", "box2d", "box2d-ffi", "parry2d"];

/// What one query answered, reduced to what the cross-check compares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer {
    /// Do the shapes overlap, by this query?
    pub overlaps: bool,
    /// The MTV depth (`contact`) or the deepest manifold point's depth (`collide`), when they
    /// overlap.
    pub depth: Option<f32>,
}

impl Answer {
    /// A boolean answer.
    pub fn boolean(overlaps: bool) -> Answer {
        Answer { overlaps, depth: None }
    }

    /// An answer with a depth; `None` means no overlap.
    pub fn depth(depth: Option<f32>) -> Answer {
        Answer { overlaps: depth.is_some(), depth }
    }
}

/// One library's (or algorithm's) queries on one set of pairs.
pub trait Implementation {
    /// Its column name (one of [`NAMES`]).
    fn name(&self) -> &'static str;
    /// Does it offer this query for this set?
    fn supports(&self, op: Op) -> bool;
    /// Runs `op` on the pairs in `range`, folding every result into the returned checksum.
    fn run(&mut self, op: Op, range: Range<usize>) -> f32;
    /// The answer for pair `i`, for the cross-check.
    fn answer(&mut self, op: Op, i: usize) -> Answer;
}

/// Every implementation that can handle the set (Box2D stops at 8 vertices).
pub fn build_all(w: &Workload) -> Vec<Box<dyn Implementation>> {
    let mut all: Vec<Box<dyn Implementation>> = vec![seed::build(w), septa::build(w)];
    if w.spec.sides <= box2d::MAX_POLYGON_VERTICES {
        all.push(box2d::build(w, false));
        all.push(box2d::build(w, true));
    }
    all.push(parry::build(w));
    all
}
