//! Hertel and Mehlhorn's decomposition: triangulate, then remove every diagonal whose removal
//! leaves a convex piece.
//!
//! Removing the diagonal `u–w` merges the two pieces on either side of it; the union is convex
//! exactly when it turns left (or goes straight) at `u` and at `w`, the only corners that change:
//!
//! ```text
//!          s_b          p_a             the merged piece goes p_a → u → s_b at u
//!            \   B     /                and p_b → w → s_a at w
//!             u ————— w   (diagonal)
//!            /   A     \
//!          p_a          s_a   (A holds u → w, B holds w → u)
//! ```
//!
//! Each diagonal is tested once, in the order the triangulation made them. The result has at
//! most four times the minimum number of pieces (each remaining diagonal is *essential*: it
//! resolves a reflex corner), and in practice well under twice; the exact minimum is
//! [`optimal`](super::optimal)'s.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::exact::turn;
use super::outline::SimplePolygon;

/// Merges the triangles (counter-clockwise, vertex indices of `polygon`) into convex pieces.
pub(crate) fn merge(polygon: &SimplePolygon, triangles: &[[usize; 3]]) -> Vec<Vec<usize>> {
    let points = polygon.points();
    let mut pieces: Vec<Vec<usize>> = triangles.iter().map(|t| t.to_vec()).collect();
    // Which piece holds each directed diagonal (an edge that is not on a ring).
    let mut owner: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut diagonals: Vec<(usize, usize)> = Vec::new();
    for (piece, t) in triangles.iter().enumerate() {
        for e in 0..3 {
            let (u, w) = (t[e], t[(e + 1) % 3]);
            if polygon.next(u) != w {
                owner.insert((u, w), piece);
                if owner.contains_key(&(w, u)) {
                    diagonals.push((u, w));
                }
            }
        }
    }
    for (u, w) in diagonals {
        let (Some(&a), Some(&b)) = (owner.get(&(u, w)), owner.get(&(w, u))) else { continue };
        if a == b {
            continue;
        }
        let (pa, sa) = around(&pieces[a], u, w);
        let (pb, sb) = around(&pieces[b], w, u);
        if turn(points[pa], points[u], points[sb]) < 0 || turn(points[pb], points[w], points[sa]) < 0 {
            continue;
        }
        // A from w round to u, then B from after u round to before w.
        let merged: Vec<usize> = rotate_to(&pieces[a], w).chain(rotate_to(&pieces[b], u).skip(1)).collect();
        let merged: Vec<usize> = merged[..merged.len() - 1].to_vec(); // B's copy of w
        for e in 0..merged.len() {
            let key = (merged[e], merged[(e + 1) % merged.len()]);
            if let Some(o) = owner.get_mut(&key) {
                *o = a;
            }
        }
        owner.remove(&(u, w));
        owner.remove(&(w, u));
        pieces[a] = merged;
        pieces[b].clear();
    }
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// In a piece holding the directed edge `u → w`: the vertex before `u` and the one after `w`.
fn around(piece: &[usize], u: usize, w: usize) -> (usize, usize) {
    let n = piece.len();
    let i = piece.iter().position(|&x| x == u).unwrap_or(0);
    debug_assert_eq!(piece[(i + 1) % n], w);
    (piece[(i + n - 1) % n], piece[(i + 2) % n])
}

/// The piece's vertices starting at `start`, once round.
fn rotate_to(piece: &[usize], start: usize) -> impl Iterator<Item = usize> + '_ {
    let i = piece.iter().position(|&x| x == start).unwrap_or(0);
    piece[i..].iter().chain(&piece[..i]).copied()
}
