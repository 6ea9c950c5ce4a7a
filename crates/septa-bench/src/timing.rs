//! Timing: chunks of pairs, the fastest of several runs per chunk, summed.
//!
//! A set's pairs are cut into chunks (about 500 pairs). Each chunk is run `runs` times by every
//! implementation in turn (interleaved, so that a change of clock speed or a noisy neighbour
//! hits all of them alike), and each implementation's fastest run of the chunk is kept. The sum
//! of those minima over the chunks, divided by the number of pairs, is the time per call.
//! Every call's result goes into a checksum that ends in [`std::hint::black_box`].
//!
//! Each implementation's answer is read where the query leaves it: parry's manifolds in its
//! manifold list (a reference), Box3D's and Box2D's points in the caller's buffer or struct,
//! septa's `Manifold` borrowed inside the returned `Option` (`if let Some(m) = &collide(..)`).
//! Moving septa's manifold out of the `Option` first would time a copy the others do not make,
//! and a slow one: 144 bytes in 3D, copied by `memcpy` with loads wider than the stores that
//! have just written them, so the processor cannot forward the stores and waits for them to
//! reach the cache (measured when this was changed: box-all `collide` 151 → 129 ns, box-30 %
//! 53 → 47, hull8-all 693 → 661; 2D irregular 6-gons 74 → 72, 4-gons unchanged).
//!
//! The runs are made in [`Config::passes`] passes over all the sets, a few runs of each chunk
//! per pass, and a chunk's fastest run is the fastest over every pass. Interleaving protects
//! comparisons within a set; passes protect comparisons across sets (how the time grows with
//! the vertex count), which a burst of load on a shared machine during one set would otherwise
//! decide: a burst now has to return in every pass to move a set's row.

use std::hint::black_box;
use std::ops::Range;
use std::time::Instant;

use crate::impls::{Implementation, Op};

/// How to time.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Pairs per chunk.
    pub chunk: usize,
    /// Runs per chunk in all; the fastest counts.
    pub runs: usize,
    /// Passes over all the sets the runs are spread over (`runs / passes` runs per pass).
    pub passes: usize,
}

impl Config {
    /// Runs of each chunk in one pass.
    pub fn runs_per_pass(&self) -> usize {
        self.runs / self.passes
    }
}

/// Each chunk's fastest time (seconds), per implementation: what one pass of [`time_op`] gives,
/// and what [`Chunks::merge`] combines over passes.
#[derive(Clone, Debug, Default)]
pub struct Chunks(pub Vec<f64>);

impl Chunks {
    /// Keeps, chunk by chunk, the faster of this and `other` (a later pass over the same chunks).
    pub fn merge(&mut self, other: &Chunks) {
        for (mine, theirs) in self.0.iter_mut().zip(&other.0) {
            *mine = mine.min(*theirs);
        }
    }

    /// Nanoseconds per call over `pairs` pairs: the chunks' fastest times summed.
    pub fn ns_per_call(&self, pairs: usize) -> f64 {
        self.0.iter().sum::<f64>() * 1e9 / pairs as f64
    }
}

/// One timed row of a section (the concave or the 3D one), merged over passes.
#[derive(Clone, Debug)]
pub struct Timed {
    /// The set.
    pub set: &'static str,
    /// The query.
    pub op: Op,
    /// The implementation.
    pub implementation: &'static str,
    /// Each chunk's fastest run.
    pub chunks: Chunks,
    /// Calls per pass over the set (pairs, polygons or boxes).
    pub calls: usize,
}

impl Timed {
    /// Keeps, chunk by chunk, the faster of this row and the same row of a later pass.
    pub fn merge(&mut self, later: &Timed) {
        assert!(
            (self.set, self.op, self.implementation) == (later.set, later.op, later.implementation),
            "passes differ"
        );
        self.chunks.merge(&later.chunks);
    }

    /// Nanoseconds per call.
    pub fn ns_per_call(&self) -> f64 {
        self.chunks.ns_per_call(self.calls)
    }
}

/// Times `op` on the first `pairs` pairs for every implementation in `impls` that supports it,
/// running each chunk `runs` times, after one warm-up pass over the whole set. Returns
/// (implementation name, each chunk's fastest time).
pub fn time_op(
    impls: &mut [Box<dyn Implementation + '_>],
    op: Op,
    pairs: usize,
    chunk: usize,
    runs: usize,
) -> Vec<(&'static str, Chunks)> {
    let which: Vec<usize> = (0..impls.len()).filter(|&k| impls[k].supports(op)).collect();
    let mut checksum = 0.0f32;
    // Warm-up: one pass over the whole set (caches, page faults, branch history).
    for &k in &which {
        checksum += impls[k].run(op, black_box(0..pairs));
    }
    black_box(checksum);
    let chunks =
        time_chunks(pairs, chunk, &vec![runs; which.len()], |slot, range| impls[which[slot]].run(op, range));
    which.iter().zip(chunks).map(|(&k, c)| (impls[k].name(), c)).collect()
}

/// The timing loop itself, for `runs.len()` contestants over `items` items in chunks of
/// `chunk`: for each chunk, contestant `k` runs it `runs[k]` times (`run(k, range)`, returning a
/// checksum), the contestants taking turns (each run starts with a different one, so none
/// always goes first), and each contestant's fastest run of the chunk is kept.
pub fn time_chunks(
    items: usize,
    chunk: usize,
    runs: &[usize],
    mut run: impl FnMut(usize, Range<usize>) -> f32,
) -> Vec<Chunks> {
    let contestants = runs.len();
    let most = runs.iter().copied().max().unwrap_or(0);
    let mut checksum = 0.0f32;
    let mut chunks = vec![Chunks::default(); contestants];
    let mut start = 0;
    while start < items {
        let end = (start + chunk).min(items);
        let mut best = vec![f64::INFINITY; contestants];
        for r in 0..most {
            for step in 0..contestants {
                let slot = (r + step) % contestants;
                if r >= runs[slot] {
                    continue;
                }
                let range = black_box(start..end);
                let t0 = Instant::now();
                let sum = run(slot, range);
                let elapsed = t0.elapsed().as_secs_f64();
                checksum += black_box(sum);
                best[slot] = best[slot].min(elapsed);
            }
        }
        for (c, &b) in chunks.iter_mut().zip(&best) {
            c.0.push(b);
        }
        start = end;
    }
    black_box(checksum);
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_keep_each_chunks_fastest_run() {
        // Two chunks; the first pass was fast on the first chunk, the second on the second.
        let mut kept = Chunks(vec![1e-6, 5e-6]);
        kept.merge(&Chunks(vec![3e-6, 2e-6]));
        assert_eq!(kept.0, [1e-6, 2e-6]);
        // 3 µs over 1000 pairs: 3 ns per call.
        assert!((kept.ns_per_call(1000) - 3.0).abs() < 1e-9);
    }

    #[test]
    fn contestants_take_turns_and_run_their_own_counts() {
        // 5 items in chunks of 2: chunks [0, 2), [2, 4), [4, 5); contestant 1 runs once.
        let mut calls: Vec<(usize, Range<usize>)> = Vec::new();
        let chunks = time_chunks(5, 2, &[3, 1], |k, range| {
            calls.push((k, range));
            0.0
        });
        assert_eq!(chunks.len(), 2);
        assert!(chunks.iter().all(|c| c.0.len() == 3 && c.0.iter().all(|t| t.is_finite())));
        let first_chunk: Vec<usize> = calls.iter().take(4).map(|c| c.0).collect();
        assert_eq!(first_chunk, [0, 1, 0, 0]); // run 0: 0 then 1; runs 1, 2: only 0 left
        assert_eq!(calls.iter().filter(|c| c.0 == 1).count(), 3);
        assert_eq!(calls.iter().filter(|c| c.0 == 0).count(), 9);
        assert_eq!(calls.last().unwrap().1, 4..5);
    }
}
