//! # septa-explorer: the separating axis test, step by step, in the browser
//!
//! `cargo run --release -p septa-explorer` serves a page on `127.0.0.1` where two shapes can be
//! dragged and rotated while the page steps through the separating-axis test between them: each
//! candidate axis with both shadows, the first gap, or the minimum push, the MTV and the contact
//! manifold, and a swept mode with the time of impact.
//!
//! The page only draws and handles input; the geometry comes from septa through a small JSON API
//! served by the same binary ([`api`]). Every asset is compiled into the binary ([`server`]), so
//! nothing is fetched from the network.

#![deny(missing_docs)]

pub mod api;
pub mod server;
