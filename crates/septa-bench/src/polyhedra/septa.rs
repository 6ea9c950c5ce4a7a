//! `septa`: septa3d through its generic entry points.
//!
//! The pool's shapes are built once in their local frames (`Cuboid::new` of the half extents,
//! or `ConvexHull::new` of the hull's points) and each pair has two poses, `Pose::new(centre,
//! rotation)`. The queries are `septa3d::overlaps` / `contact` / `collide`, one inlined call
//! each into `septa3d::pair::hull_hull` (statically dispatched, no `dyn`).

use std::ops::Range;

use glam::{DQuat, DVec3};
use septa3d::{Collide, ConvexHull, Cuboid, Pose};

use super::sets::{Kind, Workload};
use super::shapes::box_half_extents;
use crate::impls::{Answer, Implementation, Op};

/// One pair: the shapes' indices in the pool and their poses.
#[derive(Clone, Copy, Debug)]
struct Placed {
    a: u32,
    b: u32,
    pose_a: Pose,
    pose_b: Pose,
}

/// septa3d's shapes for one set; `S` is `Cuboid` or `ConvexHull`.
pub struct Septa<S> {
    pool: Vec<S>,
    pairs: Vec<Placed>,
}

/// A septa3d pose from f64 values that are f32 values.
pub fn pose(center: DVec3, rotation: DQuat) -> Pose {
    Pose::new(center.as_vec3(), rotation.as_quat())
}

/// septa3d's shapes and poses for the set. Panics if septa3d builds a hull with other faces
/// than the brute-force hull's (the set's shapes are in general position, so it must not).
pub fn build(w: &Workload) -> Box<dyn Implementation> {
    let pairs = w
        .pairs
        .iter()
        .map(|p| Placed {
            a: p.a as u32,
            b: p.b as u32,
            pose_a: pose(p.a_center, p.a_rotation),
            pose_b: pose(p.b_center, p.b_rotation),
        })
        .collect();
    match w.spec.kind {
        Kind::Box => {
            let cuboid = Cuboid::new(box_half_extents().as_vec3()).expect("cuboid");
            Box::new(Septa { pool: vec![cuboid], pairs })
        }
        Kind::Hull(_) => {
            let pool = w
                .pool
                .iter()
                .map(|shape| {
                    let hull = ConvexHull::new(&shape.points_f32()).expect("septa3d hull");
                    assert_eq!(
                        (hull.vertices().len(), hull.face_count(), hull.edge_count()),
                        (shape.vertices.len(), shape.normals.len(), shape.edges.len()),
                        "septa3d built a different hull"
                    );
                    hull
                })
                .collect();
            Box::new(Septa { pool, pairs })
        }
    }
}

impl<S: Collide<S>> Septa<S> {
    #[inline]
    fn overlaps(&self, p: &Placed) -> bool {
        septa3d::overlaps(&self.pool[p.a as usize], p.pose_a, &self.pool[p.b as usize], p.pose_b)
    }

    #[inline]
    fn contact(&self, p: &Placed) -> Option<septa3d::Contact> {
        septa3d::contact(&self.pool[p.a as usize], p.pose_a, &self.pool[p.b as usize], p.pose_b)
    }

    #[inline]
    fn collide(&self, p: &Placed) -> Option<septa3d::Manifold> {
        septa3d::collide(&self.pool[p.a as usize], p.pose_a, &self.pool[p.b as usize], p.pose_b)
    }
}

impl<S: Collide<S>> Implementation for Septa<S> {
    fn name(&self) -> &'static str {
        "septa"
    }

    fn supports(&self, op: Op) -> bool {
        matches!(op, Op::Overlaps | Op::Contact | Op::Collide)
    }

    fn run(&mut self, op: Op, range: Range<usize>) -> f32 {
        let mut sum = 0.0f32;
        let pairs = &self.pairs[range];
        match op {
            Op::Overlaps => {
                for p in pairs {
                    sum += self.overlaps(p) as u32 as f32;
                }
            }
            Op::Contact => {
                for p in pairs {
                    if let Some(c) = self.contact(p) {
                        sum += c.normal.x + c.normal.y + c.normal.z + c.depth;
                    }
                }
            }
            Op::Collide => {
                for p in pairs {
                    if let Some(m) = &self.collide(p) {
                        sum += m.normal.x + m.normal.y + m.normal.z;
                        for q in m.points() {
                            sum += q.point.x + q.point.y + q.point.z + q.depth;
                        }
                    }
                }
            }
            _ => unreachable!("{op:?} is not a 3D query"),
        }
        sum
    }

    fn answer(&mut self, op: Op, i: usize) -> Answer {
        let p = &self.pairs[i];
        match op {
            Op::Overlaps => Answer::boolean(self.overlaps(p)),
            Op::Contact => Answer::depth(self.contact(p).map(|c| c.depth)),
            Op::Collide => Answer::depth(self.collide(p).map(|m| m.deepest().depth)),
            _ => unreachable!("{op:?} is not a 3D query"),
        }
    }
}
