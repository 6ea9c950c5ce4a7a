//! The minimum translation vector (MTV) and the signed separation.
//!
//! On every candidate axis where the shadows overlap, b has a shortest way out (see
//! [`Interval::push`](crate::Interval::push)); the MTV is the smallest of those pushes over all
//! candidate axes. Why the smallest is right: b stops overlapping a exactly when its offset
//! leaves the Minkowski difference `a − b`, a convex body whose face normals are among the
//! candidate axes (for two polyhedra: a's faces, b's faces turned around, and the cross
//! products of the edge pairs whose Gauss-map arcs cross). Every candidate push gets out of it,
//! and the shortest way out of a convex body is straight through its nearest face, whose
//! normal is among the candidates. So for polyhedra the depth is exact.

use crate::{Axis, Real, Vector};

/// The minimum translation vector between two overlapping shapes.
///
/// Moving b by `normal × depth` leaves the two shapes touching; `normal` is a unit vector
/// pointing from a towards b.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact {
    /// Unit direction in which b must move to separate, pointing from a to b (world frame).
    pub normal: Vector,
    /// How far b must move along `normal`; always greater than zero.
    pub depth: Real,
    /// The candidate axis that gave the minimum push.
    pub axis: Axis,
}

impl Contact {
    /// The same contact seen with a and b exchanged: the normal turns around.
    #[inline]
    pub fn flipped(self) -> Contact {
        Contact { normal: -self.normal, depth: self.depth, axis: self.axis.flipped() }
    }
}

/// The largest separation over all candidate axes: positive when the shapes are apart (a gap
/// that wide exists along `normal`), zero when they touch, negative when they overlap (then it
/// is minus the MTV depth).
///
/// For separated shapes this is a lower bound of the distance between them (any axis's gap is),
/// exact when the closest features are a face and a vertex, or a sphere; physics engines use
/// it for speculative contacts, and [`time_of_impact`](crate::time_of_impact) advances by it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Separation {
    /// Unit axis, pointing from a to b (world frame).
    pub normal: Vector,
    /// Signed separation along `normal`.
    pub distance: Real,
    /// The candidate axis that gave it.
    pub axis: Axis,
}

impl Separation {
    /// The same separation seen with a and b exchanged.
    #[inline]
    pub fn flipped(self) -> Separation {
        Separation { normal: -self.normal, distance: self.distance, axis: self.axis.flipped() }
    }

    /// The MTV, when the shapes overlap (negative distance); touching is not overlapping.
    #[inline]
    pub fn contact(self) -> Option<Contact> {
        (self.distance < 0.0).then_some(Contact {
            normal: self.normal,
            depth: -self.distance,
            axis: self.axis,
        })
    }
}
