//! A polygon with septa's shortcuts hidden, for tests that check a shortcut gives exactly the
//! answers of the general path: no half lanes or paired faces (every vertex is projected on
//! every face), no `Parallelogram` or `Symmetric` (the defaults, `None`), no bounding-circle reject (an infinite reach), and so no inner reach either (the
//! default, minus the reach), which keeps the window search off.
#![allow(dead_code)]

use septa::{ConvexPolygon, Lanes, NormalLanes, Polygonal, Real, SatAxis, Vector};

/// `ConvexPolygon` through [`Polygonal`] with only the required methods.
pub struct Plain<'a>(pub &'a ConvexPolygon);

impl Polygonal for Plain<'_> {
    fn vertices(&self) -> &[Vector] {
        self.0.vertices()
    }
    fn normals(&self) -> &[Vector] {
        self.0.normals()
    }
    fn plane_offsets(&self) -> &[Real] {
        self.0.plane_offsets()
    }
    fn reach(&self) -> Real {
        Real::INFINITY
    }
    fn bounding_radius(&self) -> Real {
        Polygonal::bounding_radius(self.0)
    }
    fn axes(&self) -> &[SatAxis] {
        self.0.axes()
    }
    fn lanes(&self) -> &[Lanes] {
        self.0.lanes()
    }
    fn face_lanes(&self) -> &[NormalLanes] {
        self.0.face_lanes()
    }
    fn axis_lanes(&self) -> &[NormalLanes] {
        self.0.axis_lanes()
    }
}

/// `ConvexPolygon` with every face its own axis (no parallel faces paired), and so no
/// parallelogram shortcut either, besides everything [`Plain`] hides.
pub struct FaceByFace<'a> {
    polygon: &'a ConvexPolygon,
    axes: Vec<SatAxis>,
}

impl<'a> FaceByFace<'a> {
    /// The polygon, its faces listed as axes one by one.
    pub fn new(polygon: &'a ConvexPolygon) -> FaceByFace<'a> {
        let axes = (0..polygon.len())
            .map(|i| {
                let normal = polygon.normals()[i];
                let lowest = polygon.vertices().iter().map(|v| v.dot(normal)).fold(Real::INFINITY, Real::min);
                SatAxis {
                    normal,
                    shadow: septa::Interval::new(lowest, polygon.plane_offsets()[i]),
                    face: i as u32,
                    opposite: None,
                }
            })
            .collect();
        FaceByFace { polygon, axes }
    }
}

impl Polygonal for FaceByFace<'_> {
    fn vertices(&self) -> &[Vector] {
        self.polygon.vertices()
    }
    fn normals(&self) -> &[Vector] {
        self.polygon.normals()
    }
    fn plane_offsets(&self) -> &[Real] {
        self.polygon.plane_offsets()
    }
    fn reach(&self) -> Real {
        Real::INFINITY
    }
    fn bounding_radius(&self) -> Real {
        Polygonal::bounding_radius(self.polygon)
    }
    fn axes(&self) -> &[SatAxis] {
        &self.axes
    }
    fn lanes(&self) -> &[Lanes] {
        self.polygon.lanes()
    }
    fn face_lanes(&self) -> &[NormalLanes] {
        self.polygon.face_lanes()
    }
    fn axis_lanes(&self) -> &[NormalLanes] {
        // One axis per face: the face lanes, whose far ends are −∞.
        self.polygon.face_lanes()
    }
}
