//! `box2d` and `box2d-ffi`: Box2D v3's manifold functions (`b2CollidePolygons`,
//! `b2CollidePolygonAndCircle`), through the `boxdd` crate.
//!
//! Box2D has no boolean test or MTV of its own outside a world (its narrow phase is the
//! manifold), so only `collide` is measured. Polygons are built once in their local frame with
//! `Polygon::from_points` (hull + `b2MakePolygon`), with Box2D's limit of
//! [`MAX_POLYGON_VERTICES`] vertices; each body has a transform (turned for an irregular
//! polygon; a regular one comes turned, its transform not), and the relative transform
//! `b2InvMulTransforms(xfA, xfB)` is computed per call, as a user (or Box2D's own contact update)
//! does.
//!
//! * `box2d` calls `boxdd::collide_polygons` / `collide_polygon_and_circle`, the safe API, which
//!   validates both polygons (finite, convex, unit normals), the transform and the result on
//!   every call and takes a native-activity lease.
//! * `box2d-ffi` calls the C function through `boxdd_sys::ffi` on the same data: Box2D's own cost.
//!
//! Box2D reports points out to a speculative distance (4 × linear slop = 2 cm at the default
//! scale); only points with a negative separation count as overlap in the cross-check, and the
//! depth compared is the deepest point's.

use std::ops::Range;

use boxdd::{LocalManifold, Transform};
use boxdd_sys::ffi;

use super::{Answer, Implementation, Op};
use crate::workload::{Body, Other, Workload, RADIUS};

/// Box2D's polygon vertex limit (`B2_MAX_POLYGON_VERTICES`).
pub const MAX_POLYGON_VERTICES: usize = boxdd::MAX_POLYGON_VERTICES;

/// Box2D's shapes for one set; `B` is `ffi::b2Polygon` or `ffi::b2Circle`. Both the raw values
/// and the safe wrapper's are kept, so that neither call converts anything.
pub struct Box2d<B: Against> {
    /// Through the raw C call (`box2d-ffi`) or the safe wrapper (`box2d`)?
    raw: bool,
    a: Vec<ffi::b2Polygon>,
    a_safe: Vec<boxdd::Polygon>,
    xf_a: Vec<ffi::b2Transform>,
    b: Vec<B>,
    b_safe: Vec<B::Safe>,
    xf_b: Vec<ffi::b2Transform>,
}

/// A body transform at `center`, turned by `angle` (a regular polygon's 0: the rotation is in
/// the polygon).
fn transform(center: glam::DVec2, angle: f64) -> ffi::b2Transform {
    let c = center.as_vec2();
    let (s, cos) = angle.sin_cos();
    ffi::b2Transform { p: ffi::b2Vec2 { x: c.x, y: c.y }, q: ffi::b2Rot { c: cos as f32, s: s as f32 } }
}

/// `b2InvMulTransforms(a, b)`: b's frame as seen from a's (Box2D's inline function, in Rust).
#[inline]
fn inv_mul(a: &ffi::b2Transform, b: &ffi::b2Transform) -> ffi::b2Transform {
    let (qa, qb) = (a.q, b.q);
    let q = ffi::b2Rot { c: qa.c * qb.c + qa.s * qb.s, s: qa.c * qb.s - qa.s * qb.c };
    let (dx, dy) = (b.p.x - a.p.x, b.p.y - a.p.y);
    let p = ffi::b2Vec2 { x: qa.c * dx + qa.s * dy, y: -qa.s * dx + qa.c * dy };
    ffi::b2Transform { p, q }
}

/// A local polygon as Box2D builds it; every vertex must survive its hull.
fn polygon(local: &[glam::DVec2]) -> boxdd::Polygon {
    let points: Vec<[f32; 2]> = local.iter().map(|v| v.as_vec2().to_array()).collect();
    let polygon = boxdd::Polygon::from_points(points, 0.0).expect("Box2D polygon");
    assert_eq!(polygon.into_raw().count as usize, local.len(), "Box2D kept every vertex");
    polygon
}

/// Initialises Box2D's process-wide foundation (default scale: 1 length unit = 1 m) once;
/// `boxdd` refuses every call before that.
fn initialise() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if boxdd::Foundation::get().is_none() {
            boxdd::Foundation::initialize_default().expect("Box2D foundation");
        }
    });
}

/// Box2D's shapes for the set (at most [`MAX_POLYGON_VERTICES`] vertices).
pub fn build(w: &Workload, raw: bool) -> Box<dyn Implementation> {
    initialise();
    let n = w.spec.sides;
    assert!(n <= MAX_POLYGON_VERTICES);
    let body = |which: Body| -> (Vec<boxdd::Polygon>, Vec<ffi::b2Transform>) {
        (0..w.len())
            .map(|i| {
                let (local, angle) = w.local(i, which);
                (polygon(&local), transform(w.center(i, which), angle))
            })
            .unzip()
    };
    let (a_safe, xf_a) = body(Body::A);
    let a = a_safe.iter().map(|p| p.into_raw()).collect();
    match w.spec.other {
        Other::Polygon => {
            let (b_safe, xf_b) = body(Body::B);
            let b = b_safe.iter().map(|p| p.into_raw()).collect();
            Box::new(Box2d { raw, a, a_safe, xf_a, b, b_safe, xf_b })
        }
        Other::Circle => {
            let xf_b = w.pairs.iter().map(|p| transform(p.b_center, 0.0)).collect();
            let circle = boxdd::Circle::new([0.0, 0.0], RADIUS as f32).expect("Box2D circle");
            let (b, b_safe) = (vec![circle.into_raw(); w.len()], vec![circle; w.len()]);
            Box::new(Box2d { raw, a, a_safe, xf_a, b, b_safe, xf_b })
        }
    }
}

/// The manifold functions for a polygon against `Self` (a raw Box2D shape).
pub trait Against: Copy + 'static {
    /// The safe wrapper's type for the shape.
    type Safe: Copy + 'static;
    /// Through `boxdd`'s safe API.
    fn collide_safe(a: boxdd::Polygon, b: Self::Safe, xf: Transform) -> LocalManifold;
    /// The C function itself.
    fn collide_raw(a: &ffi::b2Polygon, b: &Self, xf: ffi::b2Transform) -> ffi::b2LocalManifold;
}

impl Against for ffi::b2Polygon {
    type Safe = boxdd::Polygon;
    #[inline]
    fn collide_safe(a: boxdd::Polygon, b: boxdd::Polygon, xf: Transform) -> LocalManifold {
        boxdd::collide_polygons(a, b, xf).expect("collide_polygons")
    }
    #[inline]
    fn collide_raw(a: &ffi::b2Polygon, b: &ffi::b2Polygon, xf: ffi::b2Transform) -> ffi::b2LocalManifold {
        // SAFETY: both polygons were made by b2MakePolygon and are valid; the transform is a
        // finite rigid transform; the function only reads its arguments.
        unsafe { ffi::b2CollidePolygons(a, b, xf) }
    }
}

impl Against for ffi::b2Circle {
    type Safe = boxdd::Circle;
    #[inline]
    fn collide_safe(a: boxdd::Polygon, b: boxdd::Circle, xf: Transform) -> LocalManifold {
        boxdd::collide_polygon_and_circle(a, b, xf).expect("collide_polygon_and_circle")
    }
    #[inline]
    fn collide_raw(a: &ffi::b2Polygon, b: &ffi::b2Circle, xf: ffi::b2Transform) -> ffi::b2LocalManifold {
        // SAFETY: as for polygons; the circle was validated by `boxdd::Circle::new`.
        unsafe { ffi::b2CollidePolygonAndCircle(a, b, xf) }
    }
}

impl<B: Against> Box2d<B> {
    /// The manifold of pair `i`: normal, points as (x, y, separation), point count.
    #[inline]
    fn collide(&self, i: usize) -> (f32, f32, [(f32, f32, f32); 2], usize) {
        let xf = inv_mul(&self.xf_a[i], &self.xf_b[i]);
        if self.raw {
            let m = B::collide_raw(&self.a[i], &self.b[i], xf);
            let count = m.pointCount.clamp(0, 2) as usize;
            let points = m.points.map(|p| (p.point.x, p.point.y, p.separation));
            (m.normal.x, m.normal.y, points, count)
        } else {
            // The relative transform enters the safe API validated, as a user converting would.
            let xf = Transform::from_raw(xf).expect("finite transform");
            let m = B::collide_safe(self.a_safe[i], self.b_safe[i], xf);
            let points = m.contact_points.map(|p| (p.point.x, p.point.y, p.separation));
            (m.normal.x, m.normal.y, points, m.point_count())
        }
    }
}

impl<B: Against> Implementation for Box2d<B> {
    fn name(&self) -> &'static str {
        if self.raw {
            "box2d-ffi"
        } else {
            "box2d"
        }
    }

    fn supports(&self, op: Op) -> bool {
        op == Op::Collide
    }

    fn run(&mut self, op: Op, range: Range<usize>) -> f32 {
        assert_eq!(op, Op::Collide);
        let mut sum = 0.0f32;
        for i in range {
            let (nx, ny, points, count) = self.collide(i);
            if count > 0 {
                sum += nx + ny;
                for (x, y, separation) in &points[..count] {
                    sum += x + y + separation;
                }
            }
        }
        sum
    }

    fn answer(&mut self, op: Op, i: usize) -> Answer {
        assert_eq!(op, Op::Collide);
        let (_, _, points, count) = self.collide(i);
        let deepest = points[..count].iter().fold(f32::INFINITY, |m, p| m.min(p.2));
        Answer::depth((deepest < 0.0).then_some(-deepest))
    }
}
