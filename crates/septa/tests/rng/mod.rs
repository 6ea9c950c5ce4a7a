//! A small deterministic generator (xorshift64*) for the randomised tests that need nothing
//! more; fixed seeds make every run check the same cases.
#![allow(dead_code)]

use septa::{Real, Vector};

/// The generator state; any non-zero seed.
pub struct Rng(pub u64);

impl Rng {
    /// Uniform in [0, 1).
    pub fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: Real, hi: Real) -> Real {
        (lo as f64 + (hi as f64 - lo as f64) * self.next()) as Real
    }

    /// Uniform in the square [-r, r]².
    pub fn vec(&mut self, r: Real) -> Vector {
        Vector::new(self.range(-r, r), self.range(-r, r))
    }
}
