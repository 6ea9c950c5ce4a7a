//! Timing: chunks of pairs, the fastest of several runs per chunk, summed.
//!
//! A set's pairs are cut into chunks (about 500 pairs). Each chunk is run `runs` times by every
//! implementation in turn (interleaved, so that a change of clock speed or a noisy neighbour
//! hits all of them alike), and each implementation's fastest run of the chunk is kept. The sum
//! of those minima over the chunks, divided by the number of pairs, is the time per call.
//! Every call's result goes into a checksum that ends in [`std::hint::black_box`].
//!
//! The runs are made in [`Config::passes`] passes over all the sets, a few runs of each chunk
//! per pass, and a chunk's fastest run is the fastest over every pass. Interleaving protects
//! comparisons within a set; passes protect comparisons across sets (how the time grows with
//! the vertex count), which a burst of load on a shared machine during one set would otherwise
//! decide: a burst now has to return in every pass to move a set's row.

use std::hint::black_box;
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

/// Times `op` on the first `pairs` pairs for every implementation in `impls` that supports it,
/// running each chunk `runs` times. Returns (implementation name, each chunk's fastest time).
pub fn time_op(
    impls: &mut [Box<dyn Implementation>],
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
    let mut chunks = vec![Chunks::default(); which.len()];
    let mut start = 0;
    while start < pairs {
        let end = (start + chunk).min(pairs);
        let mut best = vec![f64::INFINITY; which.len()];
        for run in 0..runs {
            // Each run starts with a different implementation, so none always goes first.
            for step in 0..which.len() {
                let slot = (run + step) % which.len();
                let k = which[slot];
                let range = black_box(start..end);
                let t0 = Instant::now();
                let sum = impls[k].run(op, range);
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
    which.iter().zip(chunks).map(|(&k, c)| (impls[k].name(), c)).collect()
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
}
