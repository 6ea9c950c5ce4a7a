//! Placing a shape in the world: a rotation and a translation.
//!
//! Shapes are stored in their own *local* frame, where their geometry (vertices, normals, plane
//! offsets) is precomputed once. A [`Pose`] says where that frame sits in the world. Queries never
//! move a shape's vertices into world space; instead they express one shape in the other's frame
//! (see [`Pose::inv_mul`]), which costs one rotation per axis instead of one per vertex and keeps
//! coordinates small, and so precise, even when both shapes are far from the world origin.

use crate::{Real, Vector, Vector4};

/// A rotation in the plane, stored as its cosine and sine (a unit complex number).
///
/// ```
/// use septa::{Rot, Vector};
/// let quarter = Rot::from_angle(septa::consts::FRAC_PI_2);
/// assert!(quarter.apply(Vector::X).abs_diff_eq(Vector::Y, 1e-6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rot {
    /// Cosine of the angle.
    pub cos: Real,
    /// Sine of the angle.
    pub sin: Real,
}

impl Rot {
    /// The rotation by zero.
    pub const IDENTITY: Rot = Rot { cos: 1.0, sin: 0.0 };

    /// The rotation by `angle` radians, counter-clockwise.
    #[inline]
    pub fn from_angle(angle: Real) -> Rot {
        let v = Vector::from_angle(angle);
        Rot { cos: v.x, sin: v.y }
    }

    /// The angle in radians, in `(-π, π]`.
    #[inline]
    pub fn angle(self) -> Real {
        Vector::new(self.cos, self.sin).to_angle()
    }

    /// Rotates `v`.
    #[inline]
    pub fn apply(self, v: Vector) -> Vector {
        Vector::new(self.cos * v.x - self.sin * v.y, self.sin * v.x + self.cos * v.y)
    }

    /// Rotates `v` by the inverse rotation.
    #[inline]
    pub fn apply_inv(self, v: Vector) -> Vector {
        Vector::new(self.cos * v.x + self.sin * v.y, -self.sin * v.x + self.cos * v.y)
    }

    /// The rotation `self * other`: `other` first, then `self`.
    #[inline]
    pub fn compose(self, other: Rot) -> Rot {
        Rot {
            cos: self.cos * other.cos - self.sin * other.sin,
            sin: self.sin * other.cos + self.cos * other.sin,
        }
    }

    /// The rotation `self⁻¹ * other`: `other` as seen from `self`'s frame.
    #[inline]
    pub fn inv_mul(self, other: Rot) -> Rot {
        Rot {
            cos: self.cos * other.cos + self.sin * other.sin,
            sin: self.cos * other.sin - self.sin * other.cos,
        }
    }
}

impl Default for Rot {
    fn default() -> Self {
        Rot::IDENTITY
    }
}

/// Where a shape's local frame sits in the world: first rotate, then translate.
///
/// ```
/// use septa::{Pose, Vector};
/// let pose = Pose::new(Vector::new(10.0, 0.0), septa::consts::PI);
/// assert!(pose.apply(Vector::X).abs_diff_eq(Vector::new(9.0, 0.0), 1e-6));
/// assert!(pose.apply_inv(Vector::new(9.0, 0.0)).abs_diff_eq(Vector::X, 1e-6));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pose {
    /// Where the local origin lands in the world.
    pub translation: Vector,
    /// The orientation of the local axes.
    pub rotation: Rot,
}

impl Pose {
    /// The world frame itself: local coordinates are world coordinates.
    pub const IDENTITY: Pose = Pose { translation: Vector::ZERO, rotation: Rot::IDENTITY };

    /// A pose from a translation and a counter-clockwise angle in radians.
    #[inline]
    pub fn new(translation: Vector, angle: Real) -> Pose {
        Pose { translation, rotation: Rot::from_angle(angle) }
    }

    /// A pure translation.
    #[inline]
    pub fn from_translation(translation: Vector) -> Pose {
        Pose { translation, rotation: Rot::IDENTITY }
    }

    /// Maps a local point to the world.
    #[inline]
    pub fn apply(&self, p: Vector) -> Vector {
        self.rotation.apply(p) + self.translation
    }

    /// Maps two local points to the world at once, side by side in four lanes: the same
    /// products and sums as [`Pose::apply`] on each, to the bit.
    #[inline(always)]
    pub(crate) fn apply_pair(&self, p: Vector, q: Vector) -> (Vector, Vector) {
        let t = self.translation;
        self.turn_pair(p, q, Vector4::new(t.x, t.y, t.x, t.y))
    }

    /// Maps local point `p` to the world and turns local direction `v` into it, at once: the
    /// same products and sums as [`Pose::apply`] and [`Rot::apply`], to the bit (a turned zero
    /// component may come out `+0` where `Rot::apply` gives `−0`).
    #[inline(always)]
    pub(crate) fn apply_and_turn(&self, p: Vector, v: Vector) -> (Vector, Vector) {
        let t = self.translation;
        self.turn_pair(p, v, Vector4::new(t.x, t.y, 0.0, 0.0))
    }

    /// `p` and `q` turned by the rotation, side by side in four lanes, plus `shift`.
    #[inline(always)]
    fn turn_pair(&self, p: Vector, q: Vector, shift: Vector4) -> (Vector, Vector) {
        let Rot { cos, sin } = self.rotation;
        // Each [x, y] turned: c·[x, y] + s·[−y, x].
        let points = Vector4::new(p.x, p.y, q.x, q.y);
        let turned = Vector4::new(p.y, p.x, q.y, q.x) * Vector4::new(-1.0, 1.0, -1.0, 1.0);
        let [px, py, qx, qy] =
            (Vector4::splat(cos) * points + Vector4::splat(sin) * turned + shift).to_array();
        (Vector::new(px, py), Vector::new(qx, qy))
    }

    /// Maps a world point into the local frame.
    #[inline]
    pub fn apply_inv(&self, p: Vector) -> Vector {
        self.rotation.apply_inv(p - self.translation)
    }

    /// The pose `self⁻¹ * other`: where `other`'s frame sits as seen from `self`'s frame.
    ///
    /// The translations are subtracted *before* rotating, so two shapes far from the origin
    /// but close to each other get a small, accurate relative translation.
    ///
    /// Both parts are the same turn back by `self.rotation` (of the translation between the
    /// frames, and of `other.rotation` as a unit vector), so they are computed side by side in
    /// four lanes: the same products and sums as [`Rot::apply_inv`] and [`Rot::inv_mul`], to
    /// the bit.
    #[inline]
    pub fn inv_mul(&self, other: &Pose) -> Pose {
        let d = other.translation - self.translation;
        let Rot { cos, sin } = self.rotation;
        // [x, y, cos, sin] turned back: c·[x, y, c', s'] + s·[y, −x, s', −c'].
        let p = Vector4::new(d.x, d.y, other.rotation.cos, other.rotation.sin);
        let q = Vector4::new(d.y, d.x, other.rotation.sin, other.rotation.cos)
            * Vector4::new(1.0, -1.0, 1.0, -1.0);
        let [x, y, c, s] = (Vector4::splat(cos) * p + Vector4::splat(sin) * q).to_array();
        Pose { translation: Vector::new(x, y), rotation: Rot { cos: c, sin: s } }
    }

    /// True when both parts are finite numbers.
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.translation.is_finite() && self.rotation.cos.is_finite() && self.rotation.sin.is_finite()
    }
}
