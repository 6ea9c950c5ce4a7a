//! `parry3d` (0.31): dimforge's collision library, through its public query functions.
//!
//! Shapes are built once: `Cuboid::new(half extents)`, or `ConvexPolyhedron::from_convex_hull`
//! of the hull's points; each pair has two poses (`Pose::from_parts(centre, rotation)`).
//! Queries, as in the 2D bench's parry2d column:
//!
//! * `overlaps`: `parry3d::query::intersection_test` (GJK);
//! * `contact`: `parry3d::query::contact` with prediction 0 (GJK, then EPA when they overlap);
//! * `collide`: `DefaultQueryDispatcher::contact_manifolds` (the persistent dispatcher a physics
//!   engine uses, prediction 0) on the relative pose `pos1⁻¹ · pos2`, with the manifold list
//!   cleared before every call so that nothing is reused between pairs.
//!
//! All three take `&dyn Shape` and dispatch on the shape types at run time, as parry's API does.
//!
//! parry's `ConvexPolyhedron` merges neighbouring triangles whose normals are within
//! `1 − n₀ · n₁ < √ε_f32 ≈ 3.5e-4` (about 1.5°) into one polygonal face, so some of its hulls
//! have fewer faces (and edges) than the exact hull: its support points (GJK, EPA) are the
//! exact points, but its manifolds' reference faces are the merged ones. The section reports
//! how many faces parry's hulls have.

use std::ops::Range;

use glam::{DQuat, DVec3};
use parry3d::math::{Pose, Rotation, Vector};
use parry3d::query::{
    self, ContactManifold, ContactManifoldsWorkspace, DefaultQueryDispatcher, PersistentQueryDispatcher,
};
use parry3d::shape::{ConvexPolyhedron, Cuboid, Shape};

use super::sets::{Kind, Workload};
use super::shapes::box_half_extents;
use crate::impls::{Answer, Implementation, Op};

/// A parry pose from f64 values that are f32 values.
fn pose(center: DVec3, rotation: DQuat) -> Pose {
    let (c, q) = (center.as_vec3(), rotation.as_quat());
    Pose::from_parts(Vector::new(c.x, c.y, c.z), Rotation::from_xyzw(q.x, q.y, q.z, q.w))
}

/// One pair: the shapes' indices in the pool and their poses.
#[derive(Clone, Copy, Debug)]
struct Placed {
    a: u32,
    b: u32,
    pos_a: Pose,
    pos_b: Pose,
}

/// parry's shapes for one set; `S` is `Cuboid` or `ConvexPolyhedron`.
pub struct Parry<S> {
    pool: Vec<S>,
    pairs: Vec<Placed>,
    manifolds: Vec<ContactManifold<(), ()>>,
    workspace: Option<ContactManifoldsWorkspace>,
}

/// parry's shapes and poses for the set. Panics if parry's hull has other vertices or edges
/// than the brute-force hull's, or more faces (it may have fewer: see the module docs).
pub fn build(w: &Workload) -> Box<dyn Implementation> {
    let pairs = w
        .pairs
        .iter()
        .map(|p| Placed {
            a: p.a as u32,
            b: p.b as u32,
            pos_a: pose(p.a_center, p.a_rotation),
            pos_b: pose(p.b_center, p.b_rotation),
        })
        .collect();
    let manifolds = Vec::with_capacity(1);
    match w.spec.kind {
        Kind::Box => {
            let h = box_half_extents().as_vec3();
            let pool = vec![Cuboid::new(Vector::new(h.x, h.y, h.z))];
            Box::new(Parry { pool, pairs, manifolds, workspace: None })
        }
        Kind::Hull(_) => {
            let pool = w
                .pool
                .iter()
                .map(|shape| {
                    let points: Vec<Vector> =
                        shape.points_f32().iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
                    let hull = ConvexPolyhedron::from_convex_hull(&points).expect("parry hull");
                    assert!(
                        hull.points().len() == shape.vertices.len()
                            && hull.faces().len() <= shape.normals.len()
                            && hull.edges().len() <= shape.edges.len(),
                        "parry3d built a different hull"
                    );
                    hull
                })
                .collect();
            Box::new(Parry { pool, pairs, manifolds, workspace: None })
        }
    }
}

/// The mean number of faces of parry's hulls of the set's pool (it merges nearly coplanar
/// neighbours; see the module docs).
pub fn mean_faces(w: &Workload) -> f64 {
    let faces: usize = w
        .pool
        .iter()
        .map(|shape| {
            let points: Vec<Vector> = shape.points_f32().iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
            ConvexPolyhedron::from_convex_hull(&points).map_or(0, |h| h.faces().len())
        })
        .sum();
    faces as f64 / w.pool.len().max(1) as f64
}

impl<S: Shape> Parry<S> {
    #[inline]
    fn overlaps(&self, i: usize) -> bool {
        let p = &self.pairs[i];
        query::intersection_test(&p.pos_a, &self.pool[p.a as usize], &p.pos_b, &self.pool[p.b as usize])
            .expect("supported")
            .intersecting
    }

    #[inline]
    fn contact(&self, i: usize) -> Option<query::Contact> {
        let p = &self.pairs[i];
        query::contact(&p.pos_a, &self.pool[p.a as usize], &p.pos_b, &self.pool[p.b as usize], 0.0)
            .expect("supported")
            .filter(|c| c.dist < 0.0)
    }

    /// Computes pair `i`'s manifold into `self.manifolds[0]` (if any).
    #[inline]
    fn collide(&mut self, i: usize) -> Option<&ContactManifold<(), ()>> {
        let p = self.pairs[i];
        let pos12 = p.pos_a.inv_mul(&p.pos_b);
        self.manifolds.clear();
        DefaultQueryDispatcher
            .contact_manifolds(
                &pos12,
                &self.pool[p.a as usize],
                &self.pool[p.b as usize],
                0.0,
                &mut self.manifolds,
                &mut self.workspace,
            )
            .expect("supported");
        self.manifolds.first().filter(|m| m.points.iter().any(|q| q.dist < 0.0))
    }
}

impl<S: Shape> Implementation for Parry<S> {
    fn name(&self) -> &'static str {
        "parry3d"
    }

    fn supports(&self, op: Op) -> bool {
        matches!(op, Op::Overlaps | Op::Contact | Op::Collide)
    }

    fn run(&mut self, op: Op, range: Range<usize>) -> f32 {
        let mut sum = 0.0f32;
        match op {
            Op::Overlaps => {
                for i in range {
                    sum += self.overlaps(i) as u32 as f32;
                }
            }
            Op::Contact => {
                for i in range {
                    if let Some(c) = self.contact(i) {
                        sum += c.normal1.x + c.normal1.y + c.normal1.z - c.dist;
                    }
                }
            }
            Op::Collide => {
                for i in range {
                    if let Some(m) = self.collide(i) {
                        sum += m.local_n1.x + m.local_n1.y + m.local_n1.z;
                        for q in &m.points {
                            sum += q.local_p1.x + q.local_p1.y + q.local_p1.z + q.dist;
                        }
                    }
                }
            }
            _ => unreachable!("{op:?} is not a 3D query"),
        }
        sum
    }

    fn answer(&mut self, op: Op, i: usize) -> Answer {
        match op {
            Op::Overlaps => Answer::boolean(self.overlaps(i)),
            Op::Contact => Answer::depth(self.contact(i).map(|c| -c.dist)),
            Op::Collide => {
                Answer::depth(self.collide(i).map(|m| m.points.iter().fold(0.0f32, |d, q| d.max(-q.dist))))
            }
            _ => unreachable!("{op:?} is not a 3D query"),
        }
    }
}
