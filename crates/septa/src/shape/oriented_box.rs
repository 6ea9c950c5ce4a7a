//! Oriented boxes: a rectangle with a centre, half extents and a rotation.
//!
//! A box is a 4-gon, and every polygon query runs on it through [`Polygonal`] with the same
//! answers. What makes it special is that it has only **two** distinct axes (opposite edges
//! are parallel) and that its shadow on any axis `u` takes O(1) work instead of one dot product
//! per vertex:
//!
//! ```text
//!     centre c, unit axes ex, ey, half extents hx, hy
//!
//!     shadow on u  =  c·u  ±  ( hx |ex·u| + hy |ey·u| )
//! ```
//!
//! so box against box tests 4 axes at constant cost each (see [`crate::pair::box_box`]).

use crate::{check_point, within_limit, Interval, Polygonal, Real, Rot, ShapeError, Vector, Vector4};

use super::{axis_lanes_of, face_lanes_of, Lanes, NormalLanes, SatAxis};

/// An oriented box in its local frame (where `center` and `rotation` place it; with
/// [`Pose::IDENTITY`](crate::Pose::IDENTITY) they are its world placement).
///
/// Its vertices run counter-clockwise from the corner at `(-hx, -hy)`, as for
/// [`ConvexPolygon::rectangle`](crate::ConvexPolygon::rectangle): edge 0 is the bottom (normal
/// `-ey`), edge 1 the right side (`ex`), edge 2 the top (`ey`), edge 3 the left side (`-ex`).
///
/// ```
/// use septa::{OrientedBox, Polygonal, Vector};
/// let b = OrientedBox::new(Vector::new(1.0, 0.0), Vector::new(2.0, 1.0), 0.0).unwrap();
/// assert_eq!(b.vertices()[0], Vector::new(-1.0, -1.0));
/// assert_eq!(b.shadow(Vector::X).max, 3.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrientedBox {
    center: Vector,
    half_extents: Vector,
    rotation: Rot,
    vertices: [Vector; 4],
    normals: [Vector; 4],
    offsets: [Real; 4],
    axes: [SatAxis; 2],
    lanes: [Lanes; 1],
    face_lanes: [NormalLanes; 1],
    axis_lanes: [NormalLanes; 1],
    reach: Real,
}

impl OrientedBox {
    /// The box with the given centre, half extents and counter-clockwise rotation (radians).
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] for non-finite input, [`ShapeError::OutOfRange`] for a centre
    /// beyond [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT), [`ShapeError::InvalidHalfExtents`]
    /// unless both half extents are greater than zero and at most the limit.
    pub fn new(center: Vector, half_extents: Vector, angle: Real) -> Result<OrientedBox, ShapeError> {
        if !(center.is_finite() && half_extents.is_finite() && angle.is_finite()) {
            return Err(ShapeError::NonFinite { index: 0 });
        }
        check_point(center, 0)?;
        let size_ok = |h: Real| h > 0.0 && within_limit(h);
        if !(size_ok(half_extents.x) && size_ok(half_extents.y)) {
            return Err(ShapeError::InvalidHalfExtents { x: half_extents.x, y: half_extents.y });
        }
        let rotation = Rot::from_angle(angle);
        let (ex, ey) = (rotation.apply(Vector::X), rotation.apply(Vector::Y));
        let (hx, hy) = (ex * half_extents.x, ey * half_extents.y);
        let vertices = [center - hx - hy, center + hx - hy, center + hx + hy, center - hx + hy];
        let normals = [-ey, ex, ey, -ex];
        // The plane offset of face i is the centre's projection plus the half extent across it.
        let c = [center.dot(-ey), center.dot(ex), center.dot(ey), center.dot(-ex)];
        let offsets =
            [c[0] + half_extents.y, c[1] + half_extents.x, c[2] + half_extents.y, c[3] + half_extents.x];
        // Two axes, each with its pair of opposite faces: ex (faces 1 and 3), ey (faces 2 and 0).
        let axes = [
            SatAxis {
                normal: ex,
                shadow: Interval::new(-offsets[3], offsets[1]),
                face: 1,
                opposite: Some(3),
            },
            SatAxis {
                normal: ey,
                shadow: Interval::new(-offsets[0], offsets[2]),
                face: 2,
                opposite: Some(0),
            },
        ];
        let [p, q, r, t] = vertices;
        let lanes = [Lanes { xs: Vector4::new(p.x, q.x, r.x, t.x), ys: Vector4::new(p.y, q.y, r.y, t.y) }];
        let face_lanes = [face_lanes_of(&normals, &offsets)[0]];
        let axis_lanes = [axis_lanes_of(&axes)[0]];
        Ok(OrientedBox {
            center,
            half_extents,
            rotation,
            vertices,
            normals,
            offsets,
            axes,
            lanes,
            face_lanes,
            axis_lanes,
            // Every corner is within |centre| + |half extents| of the origin.
            reach: center.length() + half_extents.length(),
        })
    }

    /// A box whose centre is given in f64 world coordinates, and the pose that places it; as
    /// [`Circle::from_world`](crate::Circle::from_world) (the box keeps the centre's rounding
    /// remainder as its local centre).
    ///
    /// # Errors
    /// As [`Self::new`].
    pub fn from_world(
        center: glam::DVec2,
        half_extents: Vector,
        angle: Real,
    ) -> Result<(OrientedBox, crate::Pose), ShapeError> {
        let (local, origin) = crate::real::to_local_frame(&[center])?;
        Ok((OrientedBox::new(local[0], half_extents, angle)?, crate::Pose::from_translation(origin)))
    }

    /// The centre, in the local frame.
    #[inline]
    pub fn center(&self) -> Vector {
        self.center
    }

    /// The half extents along the box's own axes.
    #[inline]
    pub fn half_extents(&self) -> Vector {
        self.half_extents
    }

    /// The rotation of the box's axes in the local frame.
    #[inline]
    pub fn rotation(&self) -> Rot {
        self.rotation
    }

    /// The box's unit axes `(ex, ey)` in the local frame: the normals of edges 1 and 2.
    #[inline]
    pub fn directions(&self) -> (Vector, Vector) {
        (self.normals[1], self.normals[2])
    }

    /// The shadow (projection interval) on the unit `axis` (local frame), in O(1).
    #[inline]
    pub fn shadow(&self, axis: Vector) -> Interval {
        let c = self.center.dot(axis);
        let (ex, ey) = self.directions();
        let r = self.half_extents.x * ex.dot(axis).abs() + self.half_extents.y * ey.dot(axis).abs();
        Interval::new(c - r, c + r)
    }
}

impl Polygonal for OrientedBox {
    #[inline]
    fn vertices(&self) -> &[Vector] {
        &self.vertices
    }
    #[inline]
    fn normals(&self) -> &[Vector] {
        &self.normals
    }
    #[inline]
    fn plane_offsets(&self) -> &[Real] {
        &self.offsets
    }
    #[inline]
    fn reach(&self) -> Real {
        self.reach
    }
    #[inline]
    fn bounding_radius(&self) -> Real {
        self.half_extents.length()
    }
    #[inline]
    fn interior_point(&self) -> Option<Vector> {
        Some(self.center)
    }
    #[inline]
    fn axes(&self) -> &[SatAxis] {
        &self.axes
    }
    #[inline]
    fn lanes(&self) -> &[Lanes] {
        &self.lanes
    }
    #[inline]
    fn face_lanes(&self) -> &[NormalLanes] {
        &self.face_lanes
    }
    #[inline]
    fn axis_lanes(&self) -> &[NormalLanes] {
        &self.axis_lanes
    }
}
