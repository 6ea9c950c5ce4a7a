//! The minimum convex decomposition of a simple polygon, by dynamic programming over diagonals
//! (Keil 1985; Keil and Snoeyink 2002).
//!
//! # Subproblems
//! Number the vertices `0 … n−1` counter-clockwise. A *valid diagonal* `(i, j)`, `i < j`, cuts
//! off the sub-polygon `P(i, j)` = vertices `i, i+1, …, j`; `P(0, n−1)` is the whole polygon
//! (its closing edge plays the diagonal's part). `w(i, j)` is the fewest convex pieces `P(i, j)`
//! splits into, using diagonals between its own vertices only.
//!
//! # The recurrence
//! In a decomposition of `P(i, j)` let `Q` be the piece holding the cut `i–j`, and `k` its vertex
//! just before `j`. The cut `i–k` splits `Q` into a triangle `i, k, j` and the rest `Q'`, which
//! is the piece holding `i–k` in a decomposition of `P(i, k)`:
//!
//! ```text
//!              k ———————— j            P(k, j): decomposed on its own; k–j is a cut
//!             / \ tri   /              (or a polygon edge when j = k + 1)
//!       b′   /   \     /
//!        \  /  Q′ \   /                Q = Q′ ∪ tri when the union stays convex at i and k
//!         \/       \ /                   (merged: w(i, k) + w(k, j) pieces),
//!         a′ ———————i                  otherwise tri is a piece of its own (one more).
//! ```
//!
//! The union is convex when the turns `j → i → a′` and `b′ → k → j` go left (or straight), where
//! `a′` and `b′` are `Q′`'s neighbours of `i` and `k`. Only a *reflex* vertex can fail this: at a
//! convex vertex of the polygon any pieces meeting there fit inside its angle.
//!
//! # Straight corners
//! A piece may have a straight (180°) corner at a reflex vertex: with collinear vertices, the
//! minimum often needs one (the base of a comb passes straight through the feet of its teeth).
//! Two such cases break the triangle above, which would be flat:
//!
//! ```text
//!   straight at j:   k     i ———— j ———— r₁ ———— t      the triangle is i, k, t; the run
//!                     ‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾‾        j ← r₁ ← t (valid cuts along one
//!                                                       line beyond j) adds its sub-polygons
//!   straight from i: i ———— y₁ ———— k                   the cut i–k runs through y₁: a chain
//!                                                       of valid cuts, used like an edge
//! ```
//!
//! So the triangle's third corner may be any vertex `t` of the run of collinear cuts that
//! continues the cut `i–j` beyond `j` (the piece then has straight corners at `j` and along the
//! run), and the cut `i–k` may be a straight chain of cuts through vertices between `i` and `k`
//! (its sub-polygons are counted, and the triangle stands alone: merging with a flat piece
//! gains nothing). Straight corners anywhere else split into proper triangles.
//!
//! # Why keeping only the minimum counts suffices, and what else to keep
//! If `P(i, k)` were split into more than `w(i, k)` pieces, splitting it into `w(i, k)` and
//! leaving the triangle on its own would use no more pieces; so each subproblem keeps only its
//! minimum decompositions. Among those, what matters to a parent is how much angle `Q` leaves
//! at `i` and at `j` (the angles at `a` and `b`): a pair `(a, b)` is kept unless another
//! minimum decomposition is at least as narrow at both ends (Pareto front). Scanning `k` upwards,
//! the angle at `j` grows (the vertices seen from `j` appear in angular order along the
//! boundary; straight runs come last, at 180°), so the front is built in one pass: an entry is
//! kept when its angle at `i` beats the last kept one. A parent then finds, by binary search,
//! the entry narrowest at `i` among those narrow enough at `k`. Where an end is a convex vertex
//! its angle never matters, and the front shrinks to one entry.
//!
//! Every diagonal is tested once against every edge (exact predicates), so the whole takes
//! `O(n³)` time in the worst case, and `O(n² log n)` plus the front sizes per level in practice;
//! the decomposition above [`OPTIMAL_UP_TO`](super::OPTIMAL_UP_TO) vertices falls back to
//! Hertel–Mehlhorn.

use alloc::vec;
use alloc::vec::Vec;
use glam::DVec2;

use super::exact::{segments_meet, turn};

/// No entry, vertex or hop.
const NONE: u32 = u32::MAX;

/// One minimum decomposition of `P(i, j)`, as far as the parent needs it: `a` and `b`, the
/// piece's neighbours of `i` and `j`; and how it was made: the triangle `i, k, t` (`t = j`, or
/// the end of the straight run beyond `j`), merged with the piece of entry `from` of `P(i, k)`,
/// or standing alone when `from` is [`NONE`].
#[derive(Clone, Copy, Debug)]
struct Entry {
    a: u32,
    b: u32,
    k: u32,
    t: u32,
    from: u32,
}

/// The minimum convex decomposition of a counter-clockwise simple polygon without collinear
/// consecutive vertices, as pieces of vertex indices (counter-clockwise; a piece may have a
/// straight angle at a vertex where it meets other pieces). `None` only if the table found no
/// decomposition at all, which a simple polygon (always triangulable) does not allow; the
/// caller then falls back to Hertel–Mehlhorn rather than panic.
pub(crate) fn decompose(points: &[DVec2]) -> Option<Vec<Vec<usize>>> {
    let n = points.len();
    let reflex: Vec<bool> =
        (0..n).map(|v| turn(points[(v + n - 1) % n], points[v], points[(v + 1) % n]) < 0).collect();
    if !reflex.contains(&true) {
        return Some(vec![(0..n).collect()]);
    }
    let mut table = Table::new(points, reflex);
    table.fill();
    (table.range[table.at(0, n - 1)].1 > 0).then(|| table.pieces())
}

/// The pairs of neighbours `(q, r)` of vertex `x` on one line through it, on opposite sides.
/// The neighbours are sorted by direction (a pseudo-angle, which is only a search key), each
/// one's opposite direction is looked up, and the few near matches are confirmed exactly.
fn straight_pairs(p: &[DVec2], x: usize, around: &[u32]) -> Vec<(u32, u32)> {
    let mut sorted: Vec<(f64, u32)> =
        around.iter().map(|&q| (pseudo_angle(p[q as usize] - p[x]), q)).collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut pairs = Vec::new();
    for &(_, q) in &sorted {
        let opposite = pseudo_angle(p[x] - p[q as usize]);
        // The keys run from −2 to 2 round the circle; near the seam look on both sides of it.
        for target in [opposite - 4.0, opposite, opposite + 4.0] {
            let from = sorted.partition_point(|s| s.0 < target - 1e-9);
            for &(other, r) in &sorted[from..] {
                if other > target + 1e-9 {
                    break;
                }
                let (dq, dr) = (p[q as usize] - p[x], p[r as usize] - p[x]);
                let pair = (q.min(r), q.max(r));
                if dq.dot(dr) < 0.0 && turn(p[q as usize], p[x], p[r as usize]) == 0 && !pairs.contains(&pair)
                {
                    pairs.push(pair);
                }
            }
        }
    }
    pairs
}

/// A number that grows with the direction's angle from −π to π (−2 to 2), without
/// trigonometry: `y / (|x| + |y|)` on the right half, continued round the left.
fn pseudo_angle(d: DVec2) -> f64 {
    let p = d.y / (d.x.abs() + d.y.abs());
    if d.x >= 0.0 {
        p
    } else if d.y >= 0.0 {
        2.0 - p
    } else {
        -2.0 - p
    }
}

/// The dynamic programme's state, indexed by `i * n + j` for `i < j`.
struct Table<'a> {
    p: &'a [DVec2],
    n: usize,
    reflex: Vec<bool>,
    /// How many reflex vertices come before each index: `reflex_before[j + 1] −
    /// reflex_before[i]` counts those from `i` to `j`.
    reflex_before: Vec<u32>,
    /// Is `(i, j)` a polygon edge or a valid diagonal?
    valid: Vec<bool>,
    /// For each vertex, the pairs of its valid neighbours `(p, q)` on one line through it, on
    /// opposite sides: where a straight chain of cuts passes through it.
    straight: Vec<Vec<(u32, u32)>>,
    /// For a straight chain of cuts `i → y₁ → … → j` (increasing indices), its first hop `y₁`.
    hop: Vec<u32>,
    /// `w(i, j)`: fewest pieces of `P(i, j)` (0 for an edge; for a chain, its sub-polygons').
    count: Vec<u32>,
    /// The entries of `P(i, j)`: `entries[start .. start + len]`, in increasing angle at `j`.
    range: Vec<(u32, u32)>,
    entries: Vec<Entry>,
}

impl<'a> Table<'a> {
    fn new(p: &'a [DVec2], reflex: Vec<bool>) -> Table<'a> {
        let n = p.len();
        let reflex_before = core::iter::once(0)
            .chain(reflex.iter().scan(0u32, |seen, &r| {
                *seen += r as u32;
                Some(*seen)
            }))
            .collect();
        let mut table = Table {
            p,
            n,
            reflex,
            reflex_before,
            valid: vec![false; n * n],
            straight: vec![Vec::new(); n],
            hop: vec![NONE; n * n],
            count: vec![u32::MAX; n * n],
            range: vec![(0, 0); n * n],
            entries: Vec::new(),
        };
        let mut neighbours: Vec<Vec<u32>> = vec![Vec::new(); n];
        let reflex: Vec<usize> = (0..n).filter(|&v| table.reflex[v]).collect();
        for i in 0..n {
            for j in i + 1..n {
                let edge = j == i + 1 || (i == 0 && j == n - 1);
                if edge || table.diagonal(i, j, &reflex) {
                    table.valid[i * n + j] = true;
                    neighbours[i].push(j as u32);
                    neighbours[j].push(i as u32);
                }
            }
        }
        for (x, around) in neighbours.iter().enumerate() {
            table.straight[x] = straight_pairs(p, x, around);
        }
        // Straight chains of cuts, walked from every cut along its line.
        for (i, around) in neighbours.iter().enumerate() {
            for &x in around {
                let (mut prev, mut cur) = (i, x as usize);
                if cur < i {
                    continue;
                }
                while let Some(next) = table.beyond(cur, prev).filter(|&y| y > cur) {
                    if !table.valid[i * n + next] && table.hop[i * n + next] == NONE {
                        table.hop[i * n + next] = x;
                    }
                    (prev, cur) = (cur, next);
                }
            }
        }
        table
    }

    #[inline]
    fn at(&self, i: usize, j: usize) -> usize {
        i * self.n + j
    }

    /// The valid neighbour of `x` straight on from its valid neighbour `from`, through `x`.
    fn beyond(&self, x: usize, from: usize) -> Option<usize> {
        let from = from as u32;
        self.straight[x].iter().find_map(|&(q, r)| {
            if q == from {
                Some(r as usize)
            } else if r == from {
                Some(q as usize)
            } else {
                None
            }
        })
    }

    /// Does the open segment `i–j` run inside the polygon, touching no other vertex or edge?
    ///
    /// With the segment leaving `i` and `j` into the polygon, the chain `i+1 … j−1` starts and
    /// ends on the right of `i → j` and the rest of the boundary on the left. A chain that
    /// crosses (or touches) the segment dips to the wrong side of its line, and the deepest
    /// vertex of the dip is reflex (the dip's cup holds the outside). So when no reflex vertex
    /// lies on the wrong side of the line, or on it, the segment is a diagonal; only otherwise
    /// are the edges tested one by one. Near-convex polygons then cost `O(r)` per segment.
    fn diagonal(&self, i: usize, j: usize, reflex: &[usize]) -> bool {
        if !(self.in_cone(i, j) && self.in_cone(j, i)) {
            return false;
        }
        let (n, p) = (self.n, self.p);
        let wrong_side = |v: usize| {
            let side = turn(p[i], p[j], p[v]);
            if v > i && v < j {
                side >= 0
            } else {
                side <= 0
            }
        };
        if !reflex.iter().any(|&v| v != i && v != j && wrong_side(v)) {
            return true;
        }
        (0..n).all(|u| {
            let w = (u + 1) % n;
            u == i || u == j || w == i || w == j || !segments_meet(p[i], p[j], p[u], p[w])
        })
    }

    /// Does the direction from vertex `i` to vertex `j` point strictly into the polygon's
    /// interior angle at `i`?
    fn in_cone(&self, i: usize, j: usize) -> bool {
        let (n, p) = (self.n, self.p);
        let (prev, next) = (p[(i + n - 1) % n], p[(i + 1) % n]);
        let (left_of_next, left_of_prev) = (turn(p[i], next, p[j]), turn(p[i], prev, p[j]));
        if self.reflex[i] {
            !(left_of_next <= 0 && left_of_prev >= 0)
        } else {
            left_of_next > 0 && left_of_prev < 0
        }
    }

    fn fill(&mut self) {
        let n = self.n;
        for i in 0..n - 1 {
            let at = self.at(i, i + 1);
            self.count[at] = 0;
        }
        let mut candidates: Vec<(u32, Entry)> = Vec::new();
        for len in 2..n {
            for i in 0..n - len {
                let j = i + len;
                let at = self.at(i, j);
                if self.valid[at] {
                    self.solve(i, j, &mut candidates);
                } else if self.hop[at] != NONE {
                    // A straight chain of cuts: the sub-polygons along it.
                    let y = self.hop[at] as usize;
                    self.count[at] = self.count[self.at(i, y)] + self.count[self.at(y, j)];
                }
            }
        }
    }

    /// Is `(i, k)` usable as the cut between the triangle and `P(i, k)`: a valid diagonal or
    /// edge, or a straight chain of cuts?
    #[inline]
    fn cut(&self, i: usize, k: usize) -> bool {
        let at = self.at(i, k);
        self.valid[at] || self.hop[at] != NONE
    }

    /// `w(i, j)` and its Pareto front of entries (see the module docs).
    fn solve(&mut self, i: usize, j: usize, candidates: &mut Vec<(u32, Entry)>) {
        let p = self.p;
        let at = self.at(i, j);
        // No reflex vertex from i to j: P(i, j) is convex, one piece, the triangle i, j−1, j
        // merged with the piece of P(i, j−1), itself convex.
        if self.reflex_before[j + 1] == self.reflex_before[i] && self.valid[self.at(i, j - 1)] {
            let from = if j - 1 > i + 1 { self.range[self.at(i, j - 1)].0 } else { NONE };
            let (a, b, k) = ((i + 1) as u32, (j - 1) as u32, (j - 1) as u32);
            self.count[at] = 1;
            self.range[at] = (self.entries.len() as u32, 1);
            self.entries.push(Entry { a, b, k, t: j as u32, from });
            return;
        }
        candidates.clear();
        // The triangle's third corner: j, then each vertex of the straight run beyond j.
        let (mut t, mut behind, mut run, mut before_j) = (j, i, 0u32, NONE);
        loop {
            for k in i + 1..t {
                if !(self.cut(i, k) && self.valid[self.at(k, t)]) || turn(p[i], p[k], p[t]) <= 0 {
                    continue;
                }
                let parts = self.count[self.at(i, k)] + self.count[self.at(k, t)] + run;
                let b = if t == j { k as u32 } else { before_j };
                let candidate = match self.merge(i, k, t) {
                    Some(e) => {
                        (parts, Entry { a: self.entries[e].a, b, k: k as u32, t: t as u32, from: e as u32 })
                    }
                    None => (parts + 1, Entry { a: k as u32, b, k: k as u32, t: t as u32, from: NONE }),
                };
                candidates.push(candidate);
            }
            let Some(next) = self.beyond(t, behind).filter(|&r| r > i && r < t) else { break };
            run += self.count[self.at(next, t)];
            if t == j {
                before_j = next as u32;
            }
            (behind, t) = (t, next);
        }
        let Some(best) = candidates.iter().map(|c| c.0).min() else { return };
        // Entries come in increasing angle at j; keep one only if it is narrower at i.
        let start = self.entries.len();
        for &(count, entry) in candidates.iter() {
            let narrower = |last: &Entry| turn(p[i], p[last.a as usize], p[entry.a as usize]) > 0;
            if count == best && self.entries[start..].last().is_none_or(narrower) {
                self.entries.push(entry);
            }
        }
        // At a convex end the angle never matters: keep the entry best at the other end.
        let len = self.entries.len() - start;
        match (self.reflex[i], self.reflex[j]) {
            (true, true) => {}
            (true, false) => {
                self.entries.drain(start..start + len - 1);
            }
            (false, _) => self.entries.truncate(start + 1),
        }
        self.count[at] = best;
        self.range[at] = (start as u32, (self.entries.len() - start) as u32);
    }

    /// The entry of `P(i, k)` whose piece can take the triangle `i, k, t` and stay convex,
    /// narrowest at `i`; `None` when `P(i, k)` has no piece at the cut (an edge or a chain) or
    /// no entry fits.
    fn merge(&self, i: usize, k: usize, t: usize) -> Option<usize> {
        let at = self.at(i, k);
        if k == i + 1 || !self.valid[at] {
            return None;
        }
        let p = self.p;
        let (start, len) = self.range[at];
        let list = &self.entries[start as usize..(start + len) as usize];
        // Convex at k holds for a prefix of the list (the angle at k grows along it).
        let (mut lo, mut hi) = (0, list.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if turn(p[list[mid].b as usize], p[k], p[t]) >= 0 {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // The last of the prefix is the narrowest at i; convex at i?
        let last = lo.checked_sub(1)?;
        (turn(p[t], p[i], p[list[last].a as usize]) >= 0).then_some(start as usize + last)
    }

    /// The pieces of an optimal decomposition of the whole polygon, read back from the table.
    fn pieces(&self) -> Vec<Vec<usize>> {
        let mut pieces = Vec::new();
        // Sub-polygons still to split, by their cut.
        let mut work: Vec<(usize, usize)> = vec![(0, self.n - 1)];
        while let Some((i, j)) = work.pop() {
            // A sub-polygon behind a valid cut (not an edge) is split by its first entry.
            let split = |x: usize, y: usize, work: &mut Vec<(usize, usize)>| {
                if y > x + 1 {
                    work.push((x, y));
                }
            };
            // The piece holding i–j: i, then (reading backwards from j) the run beyond j, the
            // triangle's corner k, and on through the merged pieces' corners.
            let mut tail = vec![j];
            let (mut jj, mut e) = (j, self.range[self.at(i, j)].0 as usize);
            loop {
                let Entry { k, t, from, .. } = self.entries[e];
                let (k, t) = (k as usize, t as usize);
                let (mut behind, mut cur) = (i, jj);
                while cur != t {
                    let Some(next) = self.beyond(cur, behind) else { break };
                    split(next, cur, &mut work);
                    tail.push(next);
                    (behind, cur) = (cur, next);
                }
                split(k, t, &mut work);
                tail.push(k);
                if from != NONE {
                    (jj, e) = (k, from as usize);
                    continue;
                }
                // The triangle stands alone: P(i, k) is split on its own, along a chain of cuts
                // if i–k is one (its corners are straight corners of this piece).
                let mut chain = vec![i];
                let mut x = i;
                while !self.valid[self.at(x, k)] {
                    x = self.hop[self.at(x, k)] as usize;
                    chain.push(x);
                }
                chain.push(k);
                for pair in chain.windows(2) {
                    split(pair[0], pair[1], &mut work);
                }
                tail.extend(chain[1..chain.len() - 1].iter().rev());
                break;
            }
            let mut piece = Vec::with_capacity(tail.len() + 1);
            piece.push(i);
            piece.extend(tail.iter().rev());
            pieces.push(piece);
        }
        pieces
    }
}
