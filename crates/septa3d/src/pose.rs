//! Placing a shape in the world: a rotation and a translation.
//!
//! Shapes are stored in their own *local* frame, where their geometry (vertices, face planes,
//! edge directions) is precomputed once. A [`Pose`] says where that frame sits in the world.
//! Queries never move a shape's vertices into world space; instead they express one shape in
//! the other's frame (see [`Pose::inv_mul`]), which keeps coordinates small, and so precise,
//! even when both shapes are far from the world origin.

use crate::{Matrix, Rotation, Vector};

/// Where a shape's local frame sits in the world: first rotate, then translate.
///
/// The rotation should be a unit quaternion (glam's constructors give one); a `Pose` is plain
/// data and is not checked.
///
/// ```
/// use septa3d::{Pose, Rotation, Vector};
/// let pose = Pose::new(Vector::new(10.0, 0.0, 0.0), Rotation::from_rotation_z(septa3d::consts::PI));
/// assert!(pose.apply(Vector::X).abs_diff_eq(Vector::new(9.0, 0.0, 0.0), 1e-6));
/// assert!(pose.apply_inv(Vector::new(9.0, 0.0, 0.0)).abs_diff_eq(Vector::X, 1e-6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pose {
    /// Where the local origin lands in the world.
    pub translation: Vector,
    /// The orientation of the local axes (a unit quaternion).
    pub rotation: Rotation,
}

impl Pose {
    /// The world frame itself: local coordinates are world coordinates.
    pub const IDENTITY: Pose = Pose { translation: Vector::ZERO, rotation: Rotation::IDENTITY };

    /// A pose from a translation and a rotation.
    #[inline]
    pub fn new(translation: Vector, rotation: Rotation) -> Pose {
        Pose { translation, rotation }
    }

    /// A pure translation.
    #[inline]
    pub fn from_translation(translation: Vector) -> Pose {
        Pose { translation, rotation: Rotation::IDENTITY }
    }

    /// Maps a local point to the world.
    #[inline]
    pub fn apply(&self, p: Vector) -> Vector {
        self.rotation * p + self.translation
    }

    /// Maps a world point into the local frame.
    #[inline]
    pub fn apply_inv(&self, p: Vector) -> Vector {
        self.rotation.conjugate() * (p - self.translation)
    }

    /// The pose `self⁻¹ * other`: where `other`'s frame sits as seen from `self`'s frame.
    ///
    /// The translations are subtracted *before* rotating, so two shapes far from the origin
    /// but close to each other get a small, accurate relative translation.
    #[inline]
    pub fn inv_mul(&self, other: &Pose) -> Pose {
        let back = self.rotation.conjugate();
        Pose { translation: back * (other.translation - self.translation), rotation: back * other.rotation }
    }

    /// True when both parts are finite numbers.
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.translation.is_finite() && self.rotation.is_finite()
    }
}

/// A rigid motion as a rotation matrix and a translation: one shape's frame as seen from
/// another's, applied to many vertices and directions in a query.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub rotation: Matrix,
    pub translation: Vector,
}

impl Frame {
    /// The motion of `pose`.
    #[inline]
    pub fn of(pose: &Pose) -> Frame {
        Frame { rotation: Matrix::from_quat(pose.rotation), translation: pose.translation }
    }

    /// b's frame in a's, and a's in b's: the second the exact inverse motion of the first
    /// (transposed rotation, so both agree on every axis they turn).
    #[inline]
    pub fn between(pose_a: &Pose, pose_b: &Pose) -> (Frame, Frame) {
        let b_in_a = Frame::of(&pose_a.inv_mul(pose_b));
        (b_in_a, b_in_a.inverse())
    }

    /// The inverse motion.
    #[inline]
    pub fn inverse(&self) -> Frame {
        let back = self.rotation.transpose();
        Frame { rotation: back, translation: -(back * self.translation) }
    }

    /// Maps a point.
    #[inline]
    pub fn apply(&self, p: Vector) -> Vector {
        self.rotation * p + self.translation
    }

    /// Turns a direction.
    #[inline]
    pub fn turn(&self, v: Vector) -> Vector {
        self.rotation * v
    }
}
