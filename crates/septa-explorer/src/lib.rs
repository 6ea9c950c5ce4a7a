//! # septa-explorer: the separating axis test, step by step, in the browser
//!
//! `cargo run --release -p septa-explorer` serves a page on `127.0.0.1` where two shapes can be
//! dragged and rotated while the page steps through the separating-axis test between them: each
//! candidate axis with both shadows, the first gap, or the minimum push, the MTV and the contact
//! manifold, and a swept mode with the time of impact.
//!
//! Either shape may be a concave polygon (`"type": "concave"`, holes allowed), which septa splits
//! into convex pieces ([`septa::concave`]): the page draws the pieces and the cuts between them,
//! and the stepper walks the piece pairs whose bounding boxes overlap, each pair's axes in turn,
//! showing what became of each pair (apart, a contact, a ghost normal replaced by the outline's)
//! and in the end every contact manifold.
//!
//! The page only draws and handles input; the geometry comes from septa through a small JSON API
//! served by the same binary ([`api`]). Every asset is compiled into the binary ([`server`]), so
//! nothing is fetched from the network.

#![deny(missing_docs)]

pub mod api;
pub mod server;
