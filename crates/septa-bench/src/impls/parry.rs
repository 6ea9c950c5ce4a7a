//! `parry2d` (0.31): dimforge's collision library, through its public query functions.
//!
//! Shapes are built once: `ConvexPolygon::from_convex_polyline` of the local vertices (or a
//! `Ball`), placed by a `Pose` at the centre (turned for an irregular polygon; a regular one
//! comes turned, its pose not). Queries:
//!
//! * `overlaps`: `parry2d::query::intersection_test` (GJK for two polygons, a point projection
//!   for a ball);
//! * `contact`: `parry2d::query::contact` with prediction 0 (GJK + EPA for two polygons);
//! * `collide`: `DefaultQueryDispatcher::contact_manifolds` (the `PersistentQueryDispatcher`
//!   API a physics engine uses, here with prediction 0), on the relative pose `pos1⁻¹ · pos2`.
//!   The manifold list is cleared before every call, so nothing is reused between pairs (parry
//!   would otherwise try to update the previous pair's contacts).
//!
//! All three take `&dyn Shape` and dispatch on the shape types at run time, as parry's API does.

use std::ops::Range;

use parry2d::math::{Pose, Vector};
use parry2d::query::{
    self, ContactManifold, ContactManifoldsWorkspace, DefaultQueryDispatcher, PersistentQueryDispatcher,
};
use parry2d::shape::{Ball, ConvexPolygon, Shape};

use super::{Answer, Implementation, Op};
use crate::workload::{Body, Other, Workload, RADIUS};

/// parry's shapes for one set.
pub struct Parry {
    a: Vec<ConvexPolygon>,
    pos_a: Vec<Pose>,
    b: Vec<Box<dyn Shape>>,
    pos_b: Vec<Pose>,
    manifolds: Vec<ContactManifold<(), ()>>,
    workspace: Option<ContactManifoldsWorkspace>,
}

/// A local polygon as parry builds it; every vertex must survive.
fn polygon(local: &[glam::DVec2]) -> ConvexPolygon {
    let points = local.iter().map(|v| v.as_vec2()).map(|v| Vector::new(v.x, v.y)).collect();
    let polygon = ConvexPolygon::from_convex_polyline(points).expect("parry polygon");
    assert_eq!(polygon.points().len(), local.len(), "parry kept every vertex");
    polygon
}

/// A pose at an f64 centre, turned by `angle` (a regular polygon's 0: the rotation is in the
/// polygon).
fn pose(center: glam::DVec2, angle: f64) -> Pose {
    let c = center.as_vec2();
    Pose::new(Vector::new(c.x, c.y), angle as f32)
}

/// parry's shapes for the set.
pub fn build(w: &Workload) -> Box<dyn Implementation> {
    let body = |which: Body| -> (Vec<ConvexPolygon>, Vec<Pose>) {
        (0..w.len())
            .map(|i| {
                let (local, angle) = w.local(i, which);
                (polygon(&local), pose(w.center(i, which), angle))
            })
            .unzip()
    };
    let (a, pos_a) = body(Body::A);
    let (b, pos_b): (Vec<Box<dyn Shape>>, Vec<Pose>) = match w.spec.other {
        Other::Polygon => {
            let (b, pos_b) = body(Body::B);
            (b.into_iter().map(|p| Box::new(p) as Box<dyn Shape>).collect(), pos_b)
        }
        Other::Circle => (
            w.pairs.iter().map(|_| Box::new(Ball::new(RADIUS as f32)) as Box<dyn Shape>).collect(),
            w.pairs.iter().map(|p| pose(p.b_center, 0.0)).collect(),
        ),
    };
    Box::new(Parry { a, pos_a, b, pos_b, manifolds: Vec::with_capacity(1), workspace: None })
}

impl Parry {
    #[inline]
    fn overlaps(&self, i: usize) -> bool {
        query::intersection_test(&self.pos_a[i], &self.a[i], &self.pos_b[i], &*self.b[i])
            .expect("supported")
            .intersecting
    }

    #[inline]
    fn contact(&self, i: usize) -> Option<query::Contact> {
        query::contact(&self.pos_a[i], &self.a[i], &self.pos_b[i], &*self.b[i], 0.0)
            .expect("supported")
            .filter(|c| c.dist < 0.0)
    }

    /// Computes pair `i`'s manifold into `self.manifolds[0]` (if any).
    #[inline]
    fn collide(&mut self, i: usize) -> Option<&ContactManifold<(), ()>> {
        let pos12 = self.pos_a[i].inv_mul(&self.pos_b[i]);
        self.manifolds.clear();
        DefaultQueryDispatcher
            .contact_manifolds(&pos12, &self.a[i], &*self.b[i], 0.0, &mut self.manifolds, &mut self.workspace)
            .expect("supported");
        self.manifolds.first().filter(|m| m.points.iter().any(|p| p.dist < 0.0))
    }
}

impl Implementation for Parry {
    fn name(&self) -> &'static str {
        "parry2d"
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
                        sum += c.normal1.x + c.normal1.y - c.dist;
                    }
                }
            }
            Op::Collide => {
                for i in range {
                    if let Some(m) = self.collide(i) {
                        sum += m.local_n1.x + m.local_n1.y;
                        for p in &m.points {
                            sum += p.local_p1.x + p.local_p1.y + p.dist;
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
            Op::Contact => Answer::depth(self.contact(i).map(|c| -c.dist)),
            Op::Collide => {
                Answer::depth(self.collide(i).map(|m| m.points.iter().fold(0.0f32, |d, p| d.max(-p.dist))))
            }
            Op::Decompose | Op::Build => unreachable!("{op:?} is not a query between convex shapes"),
        }
    }
}
