//! The scalar septa3d computes in.
//!
//! By default every coordinate, normal and depth is an `f32`, the precision games and most
//! physics engines use. The `f64` feature switches the whole crate to `f64`: the same
//! algorithms, with [`Real`] = `f64`, [`Vector`] = [`glam::DVec3`], [`Rotation`] =
//! [`glam::DQuat`] and [`Vector4`] = [`glam::DVec4`].
//!
//! Like parry's `f32`/`f64` crates, the two builds have different types, so the feature is a
//! choice for the final application, not something a library should switch on for its users.

use glam::DVec3;

use crate::ShapeError;

/// The scalar type of every coordinate and result: `f32`, or `f64` with the `f64` feature.
#[cfg(not(feature = "f64"))]
pub type Real = f32;
/// The scalar type of every coordinate and result: `f32`, or `f64` with the `f64` feature.
#[cfg(feature = "f64")]
pub type Real = f64;

/// A point or direction in space: [`glam::Vec3`], or [`glam::DVec3`] with the `f64` feature.
#[cfg(not(feature = "f64"))]
pub type Vector = glam::Vec3;
/// A point or direction in space: [`glam::Vec3`], or [`glam::DVec3`] with the `f64` feature.
#[cfg(feature = "f64")]
pub type Vector = glam::DVec3;

/// A rotation in space, a unit quaternion: [`glam::Quat`], or [`glam::DQuat`] with the `f64`
/// feature.
#[cfg(not(feature = "f64"))]
pub type Rotation = glam::Quat;
/// A rotation in space, a unit quaternion: [`glam::Quat`], or [`glam::DQuat`] with the `f64`
/// feature.
#[cfg(feature = "f64")]
pub type Rotation = glam::DQuat;

/// The square root of a scalar, with or without std (from `libm` without it, as glam's are).
#[inline]
pub(crate) fn sqrt(x: Real) -> Real {
    #[cfg(feature = "std")]
    return x.sqrt();
    #[cfg(all(not(feature = "std"), not(feature = "f64")))]
    return libm::sqrtf(x);
    #[cfg(all(not(feature = "std"), feature = "f64"))]
    return libm::sqrt(x);
}

/// The larger of `x` and `y`, in one instruction (`maxss`), and `y` if either is not a number.
/// `Real::max` returns the number beside a NaN, which costs four more instructions; the bounds
/// that prune the edge search use this instead. Where the two differ, this returns the NaN, and
/// a NaN bound (only from a pose that is not finite: poses are not validated) is never below a
/// floor, so it prunes nothing: never more than `Real::max` would.
#[inline(always)]
pub(crate) fn larger(x: Real, y: Real) -> Real {
    if x > y {
        x
    } else {
        y
    }
}

/// The smaller of `x` and `y`, and `y` if either is not a number: [`larger`]'s twin.
#[inline(always)]
pub(crate) fn smaller(x: Real, y: Real) -> Real {
    if x < y {
        x
    } else {
        y
    }
}

/// A 3×3 matrix of [`Real`]s: a rotation, applied to many vectors, is cheaper as a matrix than
/// as a quaternion.
#[cfg(not(feature = "f64"))]
pub(crate) type Matrix = glam::Mat3;
/// A 3×3 matrix of [`Real`]s.
#[cfg(feature = "f64")]
pub(crate) type Matrix = glam::DMat3;

/// Four [`Real`]s processed together (one SIMD register in the `f32` build): [`glam::Vec4`], or
/// [`glam::DVec4`] with the `f64` feature.
#[cfg(not(feature = "f64"))]
pub type Vector4 = glam::Vec4;
/// Four [`Real`]s processed together (one SIMD register in the `f32` build): [`glam::Vec4`], or
/// [`glam::DVec4`] with the `f64` feature.
#[cfg(feature = "f64")]
pub type Vector4 = glam::DVec4;

/// The largest coordinate or size a shape may have: `1e18` in the f32 build, `1e150` in the f64
/// build. Constructors refuse larger input ([`ShapeError::OutOfRange`] for points, the
/// radius or half-extent error for sizes).
///
/// Why a limit below `Real::MAX`: queries subtract positions, add sizes, take cross products
/// and, in a few places, square differences. Inside ±1e18 a difference of two positions, even
/// turned by a rotation and padded by both shapes' sizes, stays below 1e19, and its square below
/// 1e38 < 3.4e38 (f32's largest). The f64 limit is set the same way (1e150 squared is far below
/// 1.8e308).
#[cfg(not(feature = "f64"))]
pub const COORDINATE_LIMIT: Real = 1e18;
/// The largest coordinate or size a shape may have: `1e18` in the f32 build, `1e150` in the f64
/// build. See the f32 build's documentation for the reasoning.
#[cfg(feature = "f64")]
pub const COORDINATE_LIMIT: Real = 1e150;

/// Is `x` a finite number no larger in magnitude than [`COORDINATE_LIMIT`]?
#[inline]
pub(crate) fn within_limit(x: Real) -> bool {
    x.abs() <= COORDINATE_LIMIT // false for NaN
}

/// A constructor's check of input point `index`: finite, and within [`COORDINATE_LIMIT`].
pub(crate) fn check_point(p: Vector, index: usize) -> Result<(), ShapeError> {
    if !p.is_finite() {
        return Err(ShapeError::NonFinite { index });
    }
    if !(within_limit(p.x) && within_limit(p.y) && within_limit(p.z)) {
        return Err(ShapeError::OutOfRange { index });
    }
    Ok(())
}

/// Widening to f64, for constructors (the convex hull is built in f64) and for times and
/// velocities in the sweep.
pub(crate) trait ToF64 {
    /// The same vector in f64; exact.
    fn to_f64(self) -> DVec3;
}

impl ToF64 for Vector {
    #[inline]
    fn to_f64(self) -> DVec3 {
        #[cfg(not(feature = "f64"))]
        return self.as_dvec3();
        #[cfg(feature = "f64")]
        return self;
    }
}

/// Rounding an f64 result back to [`Real`].
pub(crate) trait ToReal {
    /// The nearest [`Vector`].
    fn to_real(self) -> Vector;
}

impl ToReal for DVec3 {
    #[inline]
    fn to_real(self) -> Vector {
        #[cfg(not(feature = "f64"))]
        return self.as_vec3();
        #[cfg(feature = "f64")]
        return self;
    }
}

/// The mathematical constants (π, √2, …) as [`Real`]s: `core::f32::consts`, or
/// `core::f64::consts` with the `f64` feature.
pub mod consts {
    #[cfg(not(feature = "f64"))]
    pub use core::f32::consts::*;
    #[cfg(feature = "f64")]
    pub use core::f64::consts::*;
}
