//! Lengths and directions that cannot overflow.
//!
//! `Vec2::length` squares its components in f32, which overflows past about 1.8e19: two shapes
//! that far apart would get an infinite distance and a zero "unit" direction. Squaring in f64
//! instead is exact enough and cannot overflow for any pair of finite f32 values, so the few
//! places that turn a difference of positions into a distance or a direction go through here.

use glam::Vec2;

/// The length of `v`, computed in f64.
#[inline]
pub(crate) fn length(v: Vec2) -> f32 {
    v.as_dvec2().length() as f32
}

/// `v` scaled to unit length (computed in f64), or `None` when it is zero.
#[inline]
pub(crate) fn unit(v: Vec2) -> Option<Vec2> {
    let d = v.as_dvec2();
    let l = d.length();
    (l > 0.0).then(|| (d / l).as_vec2())
}
