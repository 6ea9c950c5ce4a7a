//! Small helpers shared by the hand-derived tests (article, constructors, manifold, pitfalls,
//! trace_cache): short constructors and the two tolerance assertions.
#![allow(dead_code)]

use glam::Vec2;
use septa::{ConvexPolygon, Pose};

pub fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

pub fn at(x: f32, y: f32) -> Pose {
    Pose::from_translation(v(x, y))
}

/// [−half, half]²: vertices 0 (−h,−h), 1 (h,−h), 2 (h,h), 3 (−h,h); normals (0,−1),(1,0),(0,1),(−1,0).
pub fn square(half: f32) -> ConvexPolygon {
    ConvexPolygon::rectangle(Vec2::splat(half)).unwrap()
}

/// [−1, 1]²: vertices 0 (−1,−1), 1 (1,−1), 2 (1,1), 3 (−1,1); normals (0,−1),(1,0),(0,1),(−1,0).
pub fn unit_square() -> ConvexPolygon {
    ConvexPolygon::rectangle(Vec2::ONE).unwrap()
}

#[track_caller]
pub fn assert_close(got: Vec2, want: Vec2, eps: f32) {
    assert!(got.abs_diff_eq(want, eps), "got {got:?}, want {want:?} (±{eps})");
}

#[track_caller]
pub fn assert_near(got: f32, want: f32, eps: f32) {
    assert!((got - want).abs() <= eps, "got {got}, want {want} (±{eps})");
}
