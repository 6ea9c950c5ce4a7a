//! `septa`: the library under test, through its generic entry points.
//!
//! Shapes are built once: `ConvexPolygon::regular(n, 1.0, rotation)` in its local frame, placed
//! by `Pose::new(centre, 0.0)`; an irregular polygon is `ConvexPolygon::new` of its local
//! vertices, placed by `Pose::new(centre, angle)`; a circle B is `Circle::new(Vec2::ZERO, 1.0)`
//! placed by a pose.
//! The queries are the generic `septa::overlaps` / `contact` / `collide`, which for a
//! polygon–polygon or polygon–circle pair are one inlined call into
//! `septa::pair::polygon_polygon` / `septa::pair::polygon_circle` (statically dispatched, no
//! `dyn`), so they run the same code as the typed functions.

use std::ops::Range;

use glam::Vec2;
use septa::{Circle, Collide, ConvexPolygon, Pose};

use super::{Answer, Implementation, Op};
use crate::workload::{Body, Form, Other, Workload, RADIUS};

/// septa's shapes for one set; `B` is `ConvexPolygon` or `Circle`.
pub struct Septa<B> {
    a: Vec<ConvexPolygon>,
    pose_a: Vec<Pose>,
    b: Vec<B>,
    pose_b: Vec<Pose>,
}

/// A pose from an f64 centre and angle.
fn pose(center: glam::DVec2, angle: f64) -> Pose {
    Pose::new(center.as_vec2(), angle as f32)
}

/// septa's shapes and poses for the set.
pub fn build(w: &Workload) -> Box<dyn Implementation> {
    let n = w.spec.sides;
    // A regular polygon is built turned, its pose not turning it; an irregular one as drawn,
    // turned by its pose.
    let body = |i: usize, which: Body| -> (ConvexPolygon, Pose) {
        let center = w.center(i, which);
        match w.spec.form {
            Form::Regular => {
                let angle = if which == Body::A { w.pairs[i].a_angle } else { w.pairs[i].b_angle };
                let polygon =
                    ConvexPolygon::regular(n, RADIUS as f32, angle as f32).expect("regular polygon");
                (polygon, pose(center, 0.0))
            }
            Form::Irregular => {
                let (local, angle) = w.local(i, which);
                let points: Vec<Vec2> = local.iter().map(|v| v.as_vec2()).collect();
                let polygon = ConvexPolygon::new(&points).expect("irregular polygon");
                assert_eq!(polygon.len(), n, "septa kept every vertex");
                (polygon, pose(center, angle))
            }
        }
    };
    let (a, pose_a) = (0..w.len()).map(|i| body(i, Body::A)).unzip();
    match w.spec.other {
        Other::Polygon => {
            let (b, pose_b) = (0..w.len()).map(|i| body(i, Body::B)).unzip();
            Box::new(Septa { a, pose_a, b, pose_b })
        }
        Other::Circle => {
            let circle = Circle::new(Vec2::ZERO, RADIUS as f32).expect("circle");
            let pose_b = w.pairs.iter().map(|p| pose(p.b_center, 0.0)).collect();
            Box::new(Septa { a, pose_a, b: vec![circle; w.len()], pose_b })
        }
    }
}

impl<B> Septa<B>
where
    ConvexPolygon: Collide<B>,
{
    #[inline]
    fn overlaps(&self, i: usize) -> bool {
        septa::overlaps(&self.a[i], self.pose_a[i], &self.b[i], self.pose_b[i])
    }

    #[inline]
    fn contact(&self, i: usize) -> Option<septa::Contact> {
        septa::contact(&self.a[i], self.pose_a[i], &self.b[i], self.pose_b[i])
    }

    #[inline]
    fn collide(&self, i: usize) -> Option<septa::Manifold> {
        septa::collide(&self.a[i], self.pose_a[i], &self.b[i], self.pose_b[i])
    }
}

impl<B> Implementation for Septa<B>
where
    ConvexPolygon: Collide<B>,
{
    fn name(&self) -> &'static str {
        "septa"
    }

    fn supports(&self, op: Op) -> bool {
        matches!(op, Op::Overlaps | Op::Contact | Op::Collide)
    }

    fn run(&mut self, op: Op, range: Range<usize>) -> f32 {
        let mut sum = 0.0f32;
        match op {
            Op::Overlaps | Op::OverlapsUnnormalized => {
                for i in range {
                    sum += self.overlaps(i) as u32 as f32;
                }
            }
            Op::Contact => {
                for i in range {
                    if let Some(c) = self.contact(i) {
                        sum += c.normal.x + c.normal.y + c.depth;
                    }
                }
            }
            Op::Collide => {
                for i in range {
                    if let Some(m) = &self.collide(i) {
                        sum += m.normal.x + m.normal.y;
                        for p in m.points() {
                            sum += p.point.x + p.point.y + p.depth;
                        }
                    }
                }
            }
            Op::Decompose | Op::Build => unreachable!("{op:?} is not a query between convex shapes"),
        }
        sum
    }

    fn answer(&mut self, op: Op, i: usize) -> Answer {
        match op {
            Op::Overlaps | Op::OverlapsUnnormalized => Answer::boolean(self.overlaps(i)),
            Op::Contact => Answer::depth(self.contact(i).map(|c| c.depth)),
            Op::Collide => Answer::depth(self.collide(i).map(|m| m.depth())),
            Op::Decompose | Op::Build => unreachable!("{op:?} is not a query between convex shapes"),
        }
    }
}
