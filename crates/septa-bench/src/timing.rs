//! Timing: chunks of pairs, the fastest of several runs per chunk, summed.
//!
//! A set's pairs are cut into chunks (about 500 pairs). Each chunk is run `runs` times by every
//! implementation in turn (interleaved, so that a change of clock speed or a noisy neighbour
//! hits all of them alike), and each implementation's fastest run of the chunk is kept. The sum
//! of those minima over the chunks, divided by the number of pairs, is the time per call.
//! Every call's result goes into a checksum that ends in [`std::hint::black_box`].

use std::hint::black_box;
use std::time::Instant;

use crate::impls::{Implementation, Op};

/// How to time.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Pairs per chunk.
    pub chunk: usize,
    /// Runs per chunk; the fastest counts.
    pub runs: usize,
}

/// Times `op` on the first `pairs` pairs for every implementation in `impls` that supports it.
/// Returns (implementation name, nanoseconds per call).
pub fn time_op(
    impls: &mut [Box<dyn Implementation>],
    op: Op,
    pairs: usize,
    config: Config,
) -> Vec<(&'static str, f64)> {
    let which: Vec<usize> = (0..impls.len()).filter(|&k| impls[k].supports(op)).collect();
    let mut checksum = 0.0f32;
    // Warm-up: one pass over the whole set (caches, page faults, branch history).
    for &k in &which {
        checksum += impls[k].run(op, black_box(0..pairs));
    }
    let mut total = vec![0.0f64; which.len()];
    let mut start = 0;
    while start < pairs {
        let end = (start + config.chunk).min(pairs);
        let mut best = vec![f64::INFINITY; which.len()];
        for run in 0..config.runs {
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
        for (t, b) in total.iter_mut().zip(&best) {
            *t += b;
        }
        start = end;
    }
    black_box(checksum);
    which.iter().zip(total).map(|(&k, t)| (impls[k].name(), t * 1e9 / pairs as f64)).collect()
}
