//! Lengths and directions that cannot overflow.
//!
//! `Vec2::length` squares its components in f32, which overflows past about 1.8e19: two shapes
//! that far apart would get an infinite distance and a zero "unit" direction. Squaring in f64
//! instead is exact enough and cannot overflow for any pair of finite f32 values, so the few
//! places that turn a difference of positions into a distance or a direction go through here.
//! In the `f64` build the components are already f64, whose squares overflow past 1e154 (and
//! underflow below 1e-154), so there the vector is first divided by its larger component.

use glam::DVec2;

use crate::{Real, ToF64, ToReal, Vector};

/// `v` in f64 as `scale · d`, with `d`'s components safe to square.
#[inline]
fn split(v: Vector) -> (f64, DVec2) {
    split_f64(v.to_f64())
}

/// `d` as `scale · d'`, with `d'`'s components safe to square (see the module docs).
#[inline]
fn split_f64(d: DVec2) -> (f64, DVec2) {
    #[cfg(feature = "f64")]
    {
        let m = d.x.abs().max(d.y.abs());
        if m > 0.0 && m.is_finite() {
            return (m, d / m);
        }
    }
    (1.0, d)
}

/// The length of `v`, computed in f64.
#[inline]
pub(crate) fn length(v: Vector) -> Real {
    let (scale, d) = split(v);
    (scale * d.length()) as Real
}

/// `v` scaled to unit length (computed in f64), or `None` when it is zero.
#[inline]
pub(crate) fn unit(v: Vector) -> Option<Vector> {
    unit_f64(v.to_f64()).map(ToReal::to_real)
}

/// `d` scaled to unit length, or `None` when it is zero. Divides by the length rather than
/// multiplying by its reciprocal (as `DVec2::normalize` does), which would add a rounding:
/// an axis-aligned edge then gets exactly an axis-aligned unit normal.
#[inline]
pub(crate) fn unit_f64(d: DVec2) -> Option<DVec2> {
    let (_, d) = split_f64(d);
    let l = d.length();
    (l > 0.0).then(|| d / l)
}
