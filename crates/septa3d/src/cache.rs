//! Temporal coherence: remember the feature that separated a pair last time and try it first.
//!
//! Shapes in a simulation move little between frames, so an axis that separated them in one
//! frame very likely separates them in the next; trying it first often ends the test after one
//! axis. Intersecting pairs gain nothing (every axis must be tested to prove overlap). The cache
//! is only a hint: any axis that separates two shapes proves them disjoint, so a stale axis, or
//! one cached for different shapes, can cost a wasted test but never a wrong answer. An axis
//! that does not exist on the current shapes (an index out of range) is ignored.
//!
//! The cache stores the *feature* (face of a, face of b, or an edge pair), not the direction:
//! the direction is recomputed from the current poses, so it turns with the shapes.

use crate::Axis;

/// The last separating feature of one pair of shapes. Keep one per pair, across frames.
///
/// ```
/// use septa3d::{overlaps_cached, Cuboid, Pose, SatCache, Vector};
/// let cube = Cuboid::new(Vector::splat(1.0)).unwrap();
/// let mut cache = SatCache::new();
/// let near = Pose::from_translation(Vector::new(2.5, 0.0, 0.0)); // 0.5 apart
/// assert!(!overlaps_cached(&cube, Pose::IDENTITY, &cube, near, &mut cache));
/// assert!(cache.axis().is_some()); // tried first next time
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SatCache {
    feature: Option<Axis>,
}

impl SatCache {
    /// An empty cache.
    #[inline]
    pub const fn new() -> SatCache {
        SatCache { feature: None }
    }

    /// A cache holding `axis`, as if it had separated the pair last: for restoring a saved
    /// cache, or testing. Any axis is accepted; one the shapes do not have is ignored.
    #[inline]
    pub const fn from_axis(axis: Axis) -> SatCache {
        SatCache { feature: Some(axis) }
    }

    /// The feature that separated the pair last, if any.
    #[inline]
    pub fn axis(&self) -> Option<Axis> {
        self.feature
    }

    /// Forgets the feature.
    #[inline]
    pub fn clear(&mut self) {
        self.feature = None;
    }

    /// Remembers `axis` as the separating feature.
    #[inline]
    pub(crate) fn set(&mut self, axis: Axis) {
        self.feature = Some(axis);
    }

    /// The cache as seen with a and b exchanged.
    #[inline]
    pub fn flipped(self) -> SatCache {
        SatCache { feature: self.feature.map(Axis::flipped) }
    }
}
