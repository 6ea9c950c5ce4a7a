//! Small helpers shared by the hand-derived tests (article, constructors, manifold, pitfalls,
//! trace_cache): short constructors and the two tolerance assertions.
#![allow(dead_code)]

use septa::{ConvexPolygon, Pose, Real, Vector};

pub fn v(x: Real, y: Real) -> Vector {
    Vector::new(x, y)
}

pub fn at(x: Real, y: Real) -> Pose {
    Pose::from_translation(v(x, y))
}

/// [−half, half]²: vertices 0 (−h,−h), 1 (h,−h), 2 (h,h), 3 (−h,h); normals (0,−1),(1,0),(0,1),(−1,0).
pub fn square(half: Real) -> ConvexPolygon {
    ConvexPolygon::rectangle(Vector::splat(half)).unwrap()
}

/// [−1, 1]²: vertices 0 (−1,−1), 1 (1,−1), 2 (1,1), 3 (−1,1); normals (0,−1),(1,0),(0,1),(−1,0).
pub fn unit_square() -> ConvexPolygon {
    ConvexPolygon::rectangle(Vector::ONE).unwrap()
}

#[track_caller]
pub fn assert_close(got: Vector, want: Vector, eps: Real) {
    assert!(got.abs_diff_eq(want, eps), "got {got:?}, want {want:?} (±{eps})");
}

#[track_caller]
pub fn assert_near(got: Real, want: Real, eps: Real) {
    assert!((got - want).abs() <= eps, "got {got}, want {want} (±{eps})");
}
