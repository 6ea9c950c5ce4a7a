//! An independent f64 reference for septa3d's tests. Nothing here uses septa3d: shapes are
//! rebuilt from the same *input numbers* handed to septa3d's constructors (see `cases.rs` for
//! that bridge), placed in the world in f64, and every answer is computed by plain, slow,
//! obviously correct geometry:
//!
//! * [`hull`]: the convex hull of a few points by brute force over point triples;
//! * [`distance`]: exact point, segment and polytope distances by closest features;
//! * [`sat`]: the separating axis test over *every* face normal and edge-pair axis (no pruning),
//!   its facet-only separation, and the reference text's flawed face×face variant;
//! * [`pair`]: shapes as `core ⊕ ball(radius)` and the exact signed distance, depth and MTV
//!   normal of any pair, with the derivation.
//!
//! `reference_selftest.rs` checks this module against hand values, optimality certificates and a
//! second, independent computation (the brute-force hull of the Minkowski difference).
//!
//! Two files in this folder are not part of the module because they name septa3d: `cases.rs`
//! (random shapes given as constructor inputs, built both ways; a failure report) and
//! `checks.rs` (every query of one case against the reference). Tests include them with
//! `#[path = "reference/cases.rs"] mod cases;` and `#[path = "reference/checks.rs"] mod checks;`.
#![allow(dead_code, unused_imports)]

pub mod distance;
pub mod hull;
pub mod pair;
pub mod sat;

pub use distance::*;
pub use glam::{DQuat, DVec3};
pub use hull::*;
pub use pair::*;
pub use sat::{
    all_axes, face_cross_face_collide, facet_directions, facet_gap, is_facet_pair, sat, AxisPush, RefAxis,
    SatAnswer,
};
