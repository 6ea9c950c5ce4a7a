//! `septa`: the library under test, through its generic entry points.
//!
//! Shapes are built once: `ConvexPolygon::regular(n, 1.0, rotation)` in its local frame, placed
//! by `Pose::new(centre, 0.0)`; a circle B is `Circle::new(Vec2::ZERO, 1.0)` placed by a pose.
//! The queries are the generic `septa::overlaps` / `contact` / `collide`, which for a
//! polygon–polygon or polygon–circle pair are one inlined call into
//! `septa::pair::polygon_polygon` / `septa::pair::polygon_circle` (statically dispatched, no
//! `dyn`), so they run the same code as the typed functions.

use std::ops::Range;

use glam::Vec2;
use septa::{Circle, Collide, ConvexPolygon, Pose};

use super::{Answer, Implementation, Op};
use crate::workload::{Other, Workload, RADIUS};

/// septa's shapes for one set; `B` is `ConvexPolygon` or `Circle`.
pub struct Septa<B> {
    a: Vec<ConvexPolygon>,
    pose_a: Vec<Pose>,
    b: Vec<B>,
    pose_b: Vec<Pose>,
}

/// A pose from an f64 centre, no rotation (the rotation is in the shape).
fn pose(center: glam::DVec2) -> Pose {
    Pose::new(center.as_vec2(), 0.0)
}

/// septa's shapes and poses for the set.
pub fn build(w: &Workload) -> Box<dyn Implementation> {
    let n = w.spec.sides;
    let polygon =
        |angle: f64| ConvexPolygon::regular(n, RADIUS as f32, angle as f32).expect("regular polygon");
    let a = w.pairs.iter().map(|p| polygon(p.a_angle)).collect();
    let pose_a = w.pairs.iter().map(|p| pose(p.a_center)).collect();
    let pose_b = w.pairs.iter().map(|p| pose(p.b_center)).collect();
    match w.spec.other {
        Other::Polygon => {
            let b = w.pairs.iter().map(|p| polygon(p.b_angle)).collect();
            Box::new(Septa { a, pose_a, b, pose_b })
        }
        Other::Circle => {
            let circle = Circle::new(Vec2::ZERO, RADIUS as f32).expect("circle");
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
                    if let Some(m) = self.collide(i) {
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
