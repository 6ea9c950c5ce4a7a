//! What `icount` and `icount3d` share when they time: the chunk size; with
//! `ICOUNT_POLLUTE=MB`, that many megabytes read before each run of a chunk, pushing septa's data
//! out of the nearer caches as the bench's other implementations do between septa's runs; and
//! with `ICOUNT_MIX`, another chunk run before each (by the caller), so that the branch
//! predictor has not just learned the chunk's branches.
//! (It overstates the bench's cold data: use it to find misses, and the bench to decide.)

use std::hint::black_box;

/// The timing set-up read from the environment.
pub struct Cold {
    /// Pairs per chunk: `ICOUNT_CHUNK`, or 100.
    pub chunk: usize,
    /// What is read between runs (empty without `ICOUNT_POLLUTE`).
    junk: Vec<u64>,
    /// `ICOUNT_MIX`: run another chunk before each timed run ([`Cold::before_run`]).
    mix: bool,
}

impl Cold {
    /// `ICOUNT_CHUNK` and `ICOUNT_POLLUTE` from the environment.
    pub fn from_env() -> Cold {
        let chunk = std::env::var("ICOUNT_CHUNK")
            .map_or(100, |n| n.parse().expect("ICOUNT_CHUNK: a number of pairs"));
        let megabytes: usize =
            std::env::var("ICOUNT_POLLUTE").map_or(0, |n| n.parse().expect("ICOUNT_POLLUTE: MB"));
        let junk = (0..megabytes * 131_072).map(|k| (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        let mix = std::env::var("ICOUNT_MIX").is_ok();
        Cold { chunk, junk, mix }
    }

    /// What comes before timed run `r` of chunk `c`: the junk read and, with `ICOUNT_MIX`, the
    /// next chunk run (untimed), so that the branch predictor has met other pairs since it last
    /// saw these, as in the bench.
    pub fn before_run<T>(&self, chunks: &[&[T]], (c, r): (usize, usize), run: impl Fn(&[T]) -> f32) {
        self.pollute();
        if self.mix {
            black_box(run(chunks[(c + 1 + r) % chunks.len()]));
        }
    }

    /// Reads every word of the junk (nothing without `ICOUNT_POLLUTE`).
    pub fn pollute(&self) {
        let mut acc = 0u64;
        for (k, &x) in self.junk.iter().enumerate() {
            acc = acc.wrapping_add(x) ^ k as u64;
        }
        black_box(acc);
    }
}
