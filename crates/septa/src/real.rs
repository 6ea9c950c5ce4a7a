//! The scalar septa computes in.
//!
//! By default every coordinate, normal and depth is an `f32`, the precision games and most
//! physics engines use. The `f64` feature switches the whole crate to `f64`: the same
//! algorithms and tolerances, with [`Real`] = `f64`, [`Vector`] = [`glam::DVec2`] and
//! [`Vector4`] = [`glam::DVec4`]. Worlds tens of kilometres across at millimetre resolution
//! need it; most do not.
//!
//! Like parry's `f32`/`f64` crates, the two builds have different types, so the feature is a
//! choice for the final application, not something a library should switch on for its users.

use alloc::vec::Vec;
use glam::DVec2;

use crate::ShapeError;

/// The scalar type of every coordinate and result: `f32`, or `f64` with the `f64` feature.
#[cfg(not(feature = "f64"))]
pub type Real = f32;
/// The scalar type of every coordinate and result: `f32`, or `f64` with the `f64` feature.
#[cfg(feature = "f64")]
pub type Real = f64;

/// A point or direction in the plane: [`glam::Vec2`], or [`glam::DVec2`] with the `f64` feature.
#[cfg(not(feature = "f64"))]
pub type Vector = glam::Vec2;
/// A point or direction in the plane: [`glam::Vec2`], or [`glam::DVec2`] with the `f64` feature.
#[cfg(feature = "f64")]
pub type Vector = glam::DVec2;

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
/// Why a limit below `Real::MAX`: queries subtract positions, add sizes and, in a few places,
/// square differences. Inside ±1e18 a difference of two positions, even turned by a rotation
/// and padded by both shapes' sizes, stays below 1e19, and its square below 1e38 < 3.4e38
/// (f32's largest); so for shapes within the limit, placed by poses whose translations are
/// within it too, every answer is a finite number. Past it, an answer may be infinite, though
/// never a panic. The f64 limit is set the same way (1e150 squared is far below 1.8e308). The
/// fuzz target `queries` checks the guarantee with `SEPTA_FUZZ_STRICT=1`.
#[cfg(not(feature = "f64"))]
pub const COORDINATE_LIMIT: Real = 1e18;
/// The largest coordinate or size a shape may have: `1e18` in the f32 build, `1e150` in the f64
/// build. See the f32 build's documentation for the reasoning.
#[cfg(feature = "f64")]
pub const COORDINATE_LIMIT: Real = 1e150;

/// The square root of a scalar, with or without std (exactly rounded either way).
#[inline]
pub(crate) fn sqrt(x: Real) -> Real {
    #[cfg(not(feature = "f64"))]
    return libm::sqrtf(x);
    #[cfg(feature = "f64")]
    return libm::sqrt(x);
}

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
    if !(within_limit(p.x) && within_limit(p.y)) {
        return Err(ShapeError::OutOfRange { index });
    }
    Ok(())
}

/// World points given in f64 moved to a local frame about their own centre: the centre of
/// their bounding box rounded to [`Real`] (so that the pose placing the shape is exact), and
/// each point's offset from it computed in f64 and rounded once. Far from the origin this keeps
/// every digit the shape's size needs, where rounding the world coordinates themselves to f32
/// would move each point by up to half the f32 spacing there (0.004 at 1e5) and can bend a
/// small convex polygon out of convex order.
///
/// Refuses non-finite points and points beyond [`COORDINATE_LIMIT`] by their index.
pub(crate) fn to_local_frame(points: &[DVec2]) -> Result<(Vec<Vector>, Vector), ShapeError> {
    for (index, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(ShapeError::NonFinite { index });
        }
        if p.abs().max_element() > COORDINATE_LIMIT as f64 {
            return Err(ShapeError::OutOfRange { index });
        }
    }
    let center = local_origin(points);
    Ok((to_local(points, center), center))
}

/// The centre of the points' bounding box, rounded to [`Real`]: the local origin of a shape
/// given by these world points (see [`to_local_frame`]). Zero for no points.
pub(crate) fn local_origin(points: &[DVec2]) -> Vector {
    if points.is_empty() {
        return Vector::ZERO;
    }
    let (lo, hi) =
        points.iter().fold((DVec2::INFINITY, DVec2::NEG_INFINITY), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    ((lo + hi) * 0.5).to_real()
}

/// The points' offsets from `origin`, each computed in f64 (exactly, `origin` being a [`Real`])
/// and rounded once.
pub(crate) fn to_local(points: &[DVec2], origin: Vector) -> Vec<Vector> {
    let origin = origin.to_f64();
    points.iter().map(|&p| (p - origin).to_real()).collect()
}

/// Widening to f64, for the few computations that must not overflow or underflow (see
/// `robust`), and for times and velocities in the sweep.
pub(crate) trait ToF64 {
    /// The same vector in f64; exact.
    fn to_f64(self) -> DVec2;
}

impl ToF64 for Vector {
    #[inline]
    fn to_f64(self) -> DVec2 {
        #[cfg(not(feature = "f64"))]
        return self.as_dvec2();
        #[cfg(feature = "f64")]
        return self;
    }
}

/// Rounding an f64 result back to [`Real`].
pub(crate) trait ToReal {
    /// The nearest [`Vector`].
    fn to_real(self) -> Vector;
}

impl ToReal for DVec2 {
    #[inline]
    fn to_real(self) -> Vector {
        #[cfg(not(feature = "f64"))]
        return self.as_vec2();
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
