//! Contact manifolds: where two shapes touch, as up to four points sharing a normal.
//!
//! The MTV says how deep and along which normal; a physics engine also needs *where*. For two
//! polyhedra touching face to face the manifold is built by clipping, as Box2D/Box3D and
//! Bullet build it:
//!
//! ```text
//!                 incident face (of the other shape, most anti-parallel to n)
//!            x----------------------x
//!           /  :                :  /     1. reference face: the face most aligned with the
//!          x---:----------------:-x         normal (the one that gave the MTV, biased to a)
//!              :  reference     :        2. incident face: the other shape's face most
//!              :   face   ↑ n   :           anti-parallel to n
//!              :..........:.....:        3. clip the incident polygon by the reference face's
//!                                           side planes (Sutherland–Hodgman)
//!                                        4. keep the points behind the reference face, each
//!                                           with its own depth; reduce to at most four
//! ```
//!
//! The points lie **on the incident face** (the incident shape's surface), and each depth is
//! the distance from the point to the reference face's plane. Four points are enough to hold a
//! box still: more would cost a solver time and add nothing. When clipping leaves more, the
//! deepest is kept, then the three that span the largest area with it.
//!
//! Two polyhedra touching edge to edge give a single point, midway between the closest points
//! of the two edges. Round shapes give one point.

use crate::{Real, Vector};

/// A feature of one shape: where a contact point comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Feature {
    /// Vertex `k` of a hull (or end `k` of a capsule's segment).
    Vertex(u32),
    /// Edge `i` of a hull (or a capsule's segment, edge 0).
    Edge(u32),
    /// Face `i` of a hull.
    Face(u32),
    /// The round surface of a sphere (or a capsule's round part).
    Sphere,
}

/// Which feature of a and which of b produced a contact point. It stays the same while the same
/// features touch, so a physics engine can match points between steps and warm-start them.
///
/// For clipped face contacts: an incident vertex behind the reference face is
/// `(reference Face, incident Vertex)`; a point where a side plane cut an incident edge is
/// `(reference Edge, incident Edge)` (the edge of the reference face whose side plane cut);
/// each put in a's and b's slots as the roles fall. Edge–edge contacts are `(Edge, Edge)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FeatureId {
    /// The feature of shape a.
    pub a: Feature,
    /// The feature of shape b.
    pub b: Feature,
}

impl FeatureId {
    /// The same id with a and b exchanged.
    #[inline]
    pub fn flipped(self) -> FeatureId {
        FeatureId { a: self.b, b: self.a }
    }
}

/// One point of a contact manifold.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// The depth after the point, for the fourth lane of a point read four lanes at a time (see
// `Manifold`).
#[repr(C)]
pub struct ContactPoint {
    /// The point, in the world frame, on the incident shape's surface.
    pub point: Vector,
    /// How far the point lies behind the reference surface (zero or more).
    pub depth: Real,
    /// The features that produced it.
    pub id: FeatureId,
}

/// The most points a manifold holds.
pub const MAX_POINTS: usize = 4;

/// A contact manifold: one to four points sharing a normal. Fixed size; no allocation.
///
/// ```
/// use septa3d::{ContactPoint, Feature, FeatureId, Manifold, Vector};
/// let id = FeatureId { a: Feature::Face(0), b: Feature::Vertex(3) };
/// let p = ContactPoint { point: Vector::ZERO, depth: 0.1, id };
/// let q = ContactPoint { point: Vector::X, depth: 0.3, id };
/// let m = Manifold::from_points(Vector::Z, &[p, q]).unwrap();
/// assert_eq!(m.points().len(), 2);
/// assert_eq!(m.deepest().depth, 0.3);
/// assert!(Manifold::from_points(Vector::Z, &[]).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
// Laid out in this order (`repr(C)`), so that the four bytes after the normal are a point's x,
// a number: a three-lane vector is read from memory four lanes at a time, and arithmetic on the
// fourth lane (its result unused) is still done. Where the compiler put the count there, its
// bits were a subnormal number, and each turn of the normal into the world stalled the
// processor on it (`collide` on 8-point hulls 3–9 % slower; gone with subnormals flushed).
#[repr(C)]
pub struct Manifold {
    /// Unit normal pointing from a to b (world frame): the reference face's normal, turned
    /// around when the reference face belongs to b.
    pub normal: Vector,
    points: [ContactPoint; MAX_POINTS],
    len: u8,
}

impl Manifold {
    /// A manifold of one point.
    #[inline]
    pub fn one(normal: Vector, point: ContactPoint) -> Manifold {
        Manifold { normal, points: [point; MAX_POINTS], len: 1 }
    }

    /// A manifold of the given points, `None` unless there are one to four.
    #[inline]
    pub fn from_points(normal: Vector, points: &[ContactPoint]) -> Option<Manifold> {
        let (&first, _) = points.split_first()?;
        if points.len() > MAX_POINTS {
            return None;
        }
        let mut all = [first; MAX_POINTS];
        all[..points.len()].copy_from_slice(points);
        Some(Manifold { normal, points: all, len: points.len() as u8 })
    }

    /// A manifold of the first `len` (one to four) of `points`, whose other slots repeat the
    /// first point, as [`Manifold::from_points`] fills them (so that equal manifolds compare
    /// equal however they were made).
    #[inline(always)]
    pub(crate) fn from_array(normal: Vector, points: [ContactPoint; MAX_POINTS], len: usize) -> Manifold {
        debug_assert!((1..=MAX_POINTS).contains(&len));
        Manifold { normal, points, len: len as u8 }
    }

    /// The contact points (one to four).
    #[inline]
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.len as usize]
    }

    /// The deepest point (the first of equally deep ones).
    #[inline]
    pub fn deepest(&self) -> ContactPoint {
        let mut best = self.points[0];
        for p in &self.points[1..self.len as usize] {
            if p.depth > best.depth {
                best = *p;
            }
        }
        best
    }

    /// The largest depth of its points.
    #[inline]
    pub fn depth(&self) -> Real {
        self.deepest().depth
    }

    /// The manifold computed in a local frame, moved to the world by `pose`.
    #[inline]
    pub(crate) fn to_world(mut self, pose: &crate::Pose) -> Manifold {
        self.normal = pose.rotation * self.normal;
        for p in &mut self.points {
            p.point = pose.apply(p.point);
        }
        self
    }

    /// The same manifold seen with a and b exchanged: the normal turns around, feature ids swap,
    /// the points and depths stay.
    #[inline]
    pub fn flipped(mut self) -> Manifold {
        self.normal = -self.normal;
        for p in &mut self.points {
            p.id = p.id.flipped();
        }
        self
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{ContactPoint, Manifold};
    use crate::Vector;
    use alloc::vec::Vec;

    #[derive(serde::Serialize)]
    struct ManifoldRef<'a> {
        normal: Vector,
        points: &'a [ContactPoint],
    }

    #[derive(serde::Deserialize)]
    struct ManifoldData {
        normal: Vector,
        points: Vec<ContactPoint>,
    }

    impl serde::Serialize for Manifold {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            ManifoldRef { normal: self.normal, points: self.points() }.serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Manifold {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Manifold, D::Error> {
            let data = ManifoldData::deserialize(d)?;
            Manifold::from_points(data.normal, &data.points)
                .ok_or_else(|| serde::de::Error::custom("a manifold has 1 to 4 points"))
        }
    }
}
