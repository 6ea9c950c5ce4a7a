//! Shapes given in f64 world coordinates, as a map, a robot or a large game world holds them.
//!
//! Rounding world coordinates far from the origin to f32 moves every point by up to half the
//! f32 spacing there (0.004 at 1e5), which can flatten a small hull's faces into one another
//! or move a sphere off its centre. The `from_world` constructors move the points to a local
//! frame about the shape's own centre **in f64** first: the centre is rounded to [`Real`] and
//! becomes the translation of the returned [`Pose`], and each point's offset from it (which
//! absorbs the centre's rounding) is rounded once. The shape then lies where it was given to
//! within f32's precision *near the origin*, and the queries, which work with relative poses,
//! stay accurate to the size of the shapes.

use alloc::vec::Vec;
use glam::DVec3;

use crate::{Capsule, ConvexHull, Pose, Real, ShapeError, Sphere, ToF64, ToReal, Vector, COORDINATE_LIMIT};

/// The points moved to a local frame about the centre of their bounding box, and that centre
/// (rounded to [`Real`], so that the pose placing the shape is exact). Refuses non-finite points
/// and points beyond [`COORDINATE_LIMIT`] by index.
fn to_local_frame(points: &[DVec3]) -> Result<(Vec<Vector>, Vector), ShapeError> {
    for (index, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(ShapeError::NonFinite { index });
        }
        if p.abs().max_element() > COORDINATE_LIMIT as f64 {
            return Err(ShapeError::OutOfRange { index });
        }
    }
    let (lo, hi) =
        points.iter().fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let center = if points.is_empty() { Vector::ZERO } else { ((lo + hi) * 0.5).to_real() };
    let origin = center.to_f64(); // exact
    Ok((points.iter().map(|&p| (p - origin).to_real()).collect(), center))
}

impl ConvexHull {
    /// The convex hull of points given in f64 world coordinates, and the pose that places it.
    ///
    /// Rounding world coordinates far from the origin to f32 moves every point by up to half
    /// the f32 spacing there (0.004 at 1e5), which can flatten a small hull's faces into one
    /// another. This moves the points to a local frame about their own centre **in f64**
    /// first: the centre, rounded, is the pose's translation, and each point's offset from it
    /// (absorbing the centre's rounding) is rounded once. The hull then lies where it was given
    /// to within f32's precision near the origin, and queries, which use relative poses, stay
    /// accurate to the size of the shapes.
    ///
    /// ```
    /// use glam::DVec3;
    /// use septa3d::ConvexHull;
    /// // a 0.2-wide tetrahedron 1e5 from the origin
    /// let base = DVec3::new(1e5, -1e5, 1e5);
    /// let corners = [DVec3::ZERO, DVec3::X, DVec3::Y, DVec3::Z].map(|c| base + 0.2 * c);
    /// let (hull, pose) = ConvexHull::from_world(&corners).unwrap();
    /// assert_eq!(hull.vertices().len(), 4);
    /// assert!((pose.translation.x as f64 - 1e5).abs() < 0.2);
    /// ```
    ///
    /// # Errors
    /// As [`ConvexHull::new`], with indices into `points`.
    pub fn from_world(points: &[DVec3]) -> Result<(ConvexHull, Pose), ShapeError> {
        let (local, center) = to_local_frame(points)?;
        Ok((ConvexHull::new(&local)?, Pose::from_translation(center)))
    }
}

impl Sphere {
    /// A sphere whose centre is given in f64 world coordinates, and the pose that places it: the
    /// sphere keeps the centre's rounding remainder as its local centre (see
    /// [`ConvexHull::from_world`]).
    ///
    /// # Errors
    /// As [`Sphere::new`].
    pub fn from_world(center: DVec3, radius: Real) -> Result<(Sphere, Pose), ShapeError> {
        let (local, origin) = to_local_frame(&[center])?;
        Ok((Sphere::new(local[0], radius)?, Pose::from_translation(origin)))
    }
}

impl Capsule {
    /// The capsule around the segment `a`–`b` given in f64 world coordinates, and the pose that
    /// places it (see [`ConvexHull::from_world`]).
    ///
    /// # Errors
    /// As [`Capsule::new`].
    pub fn from_world(a: DVec3, b: DVec3, radius: Real) -> Result<(Capsule, Pose), ShapeError> {
        let (local, center) = to_local_frame(&[a, b])?;
        Ok((Capsule::new(local[0], local[1], radius)?, Pose::from_translation(center)))
    }
}
