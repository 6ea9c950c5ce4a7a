//! A small random generator for the library's unit tests (no dependencies): a 64-bit linear
//! congruential generator, the same numbers on every platform.

/// The generator's state.
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    /// Uniform in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in [−1, 1).
    pub(crate) fn signed(&mut self) -> f64 {
        2.0 * self.unit() - 1.0
    }
}
