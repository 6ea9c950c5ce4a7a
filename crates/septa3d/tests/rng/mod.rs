//! A small deterministic random number generator for the randomised tests (SplitMix64: no
//! dependency, the same numbers on every platform), with the draws the 3D tests need: numbers,
//! integers, unit vectors and uniformly random rotations, all in f64.
//!
//! Every test seeds its own stream from its name ([`Rng::for_test`]), so a failure reproduces by
//! running that one test again.
#![allow(dead_code)]

use glam::{DQuat, DVec3};

/// The generator state.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5eb7_a3d0_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// A seed from a test's name and a number, so every test has its own stream.
    pub fn for_test(name: &str, salt: u64) -> Rng {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in name.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x1000_0000_01b3);
        }
        Rng::new(h ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.f64()
    }

    /// Uniform integer in `lo..=hi`.
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.f64() < p
    }

    /// Log-uniform in [lo, hi].
    pub fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        self.range(lo.ln(), hi.ln()).exp()
    }

    /// Uniform in the cube [-r, r]³.
    pub fn in_cube(&mut self, r: f64) -> DVec3 {
        DVec3::new(self.range(-r, r), self.range(-r, r), self.range(-r, r))
    }

    /// Uniform in the ball of radius r (by rejection from the cube).
    pub fn in_ball(&mut self, r: f64) -> DVec3 {
        loop {
            let p = self.in_cube(1.0);
            if p.length_squared() <= 1.0 {
                return p * r;
            }
        }
    }

    /// A uniformly random unit vector (a point of the ball pushed out to the sphere).
    pub fn unit(&mut self) -> DVec3 {
        loop {
            let p = self.in_cube(1.0);
            let l2 = p.length_squared();
            if l2 > 1e-4 && l2 <= 1.0 {
                return p / l2.sqrt();
            }
        }
    }

    /// A uniformly random rotation (Shoemake's method: a uniform point of the unit 3-sphere).
    pub fn rotation(&mut self) -> DQuat {
        let (u1, u2, u3) = (self.f64(), self.f64(), self.f64());
        let tau = std::f64::consts::TAU;
        let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
        DQuat::from_xyzw(
            a * (tau * u2).sin(),
            a * (tau * u2).cos(),
            b * (tau * u3).sin(),
            b * (tau * u3).cos(),
        )
    }
}
