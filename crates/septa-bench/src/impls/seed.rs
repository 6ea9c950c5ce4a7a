//! `seed`: the reference algorithm ([`crate::seed`]) on world-space vertex lists built once
//! (an irregular polygon turned by its pose's angle and moved, in f64, then rounded).

use std::ops::Range;

use super::{Answer, Implementation, Op};
use crate::seed::{self as algo, Circle, Manifold, Mtv, Polygon};
use crate::workload::{Body, Other, Workload, RADIUS};

/// The seed's queries of a polygon against `Self`.
pub trait Against {
    /// Overlap test.
    fn overlaps(a: &Polygon, b: &Self) -> bool;
    /// Overlap test with unnormalised axes, where the shape allows it.
    fn overlaps_unnormalized(a: &Polygon, b: &Self) -> Option<bool>;
    /// The MTV.
    fn contact(a: &Polygon, b: &Self) -> Option<Mtv>;
    /// The manifold.
    fn collide(a: &Polygon, b: &Self) -> Option<Manifold>;
    /// Whether [`Against::overlaps_unnormalized`] exists.
    const UNNORMALIZED: bool;
}

impl Against for Polygon {
    #[inline]
    fn overlaps(a: &Polygon, b: &Polygon) -> bool {
        algo::overlaps(a, b)
    }
    #[inline]
    fn overlaps_unnormalized(a: &Polygon, b: &Polygon) -> Option<bool> {
        Some(algo::overlaps_unnormalized(a, b))
    }
    #[inline]
    fn contact(a: &Polygon, b: &Polygon) -> Option<Mtv> {
        algo::contact(a, b)
    }
    #[inline]
    fn collide(a: &Polygon, b: &Polygon) -> Option<Manifold> {
        algo::collide(a, b)
    }
    const UNNORMALIZED: bool = true;
}

/// A circle's shadow on an unnormalised axis needs the axis length (a square root), which is
/// what the unnormalised variant avoids, so it is not offered for circles.
impl Against for Circle {
    #[inline]
    fn overlaps(a: &Polygon, b: &Circle) -> bool {
        algo::overlaps_circle(a, b)
    }
    #[inline]
    fn overlaps_unnormalized(_: &Polygon, _: &Circle) -> Option<bool> {
        None
    }
    #[inline]
    fn contact(a: &Polygon, b: &Circle) -> Option<Mtv> {
        algo::contact_circle(a, b)
    }
    #[inline]
    fn collide(a: &Polygon, b: &Circle) -> Option<Manifold> {
        algo::collide_circle(a, b)
    }
    const UNNORMALIZED: bool = false;
}

/// The seed's shapes for one set, in world space.
pub struct Seed<B> {
    a: Vec<Polygon>,
    b: Vec<B>,
}

/// A world-space polygon: the f64 vertices placed in the world, rounded to f32.
fn world_polygon(w: &Workload, i: usize, which: Body) -> Polygon {
    Polygon { vertices: w.world(i, which).iter().map(|v| v.as_vec2()).collect() }
}

/// The seed's shapes for the set.
pub fn build(w: &Workload) -> Box<dyn Implementation> {
    let a = (0..w.len()).map(|i| world_polygon(w, i, Body::A)).collect();
    match w.spec.other {
        Other::Polygon => {
            let b = (0..w.len()).map(|i| world_polygon(w, i, Body::B)).collect();
            Box::new(Seed::<Polygon> { a, b })
        }
        Other::Circle => {
            let b = w
                .pairs
                .iter()
                .map(|p| Circle { center: p.b_center.as_vec2(), radius: RADIUS as f32 })
                .collect();
            Box::new(Seed::<Circle> { a, b })
        }
    }
}

/// Folds a manifold into a checksum.
#[inline]
fn fold_manifold(m: &Manifold) -> f32 {
    let mut sum = m.normal.x + m.normal.y;
    for p in m.points() {
        sum += p.point.x + p.point.y + p.depth;
    }
    sum
}

impl<B: Against> Implementation for Seed<B> {
    fn name(&self) -> &'static str {
        "seed"
    }

    fn supports(&self, op: Op) -> bool {
        match op {
            Op::Overlaps | Op::Contact | Op::Collide => true,
            Op::OverlapsUnnormalized => B::UNNORMALIZED,
            Op::Decompose | Op::Build => false,
        }
    }

    fn run(&mut self, op: Op, range: Range<usize>) -> f32 {
        let mut sum = 0.0f32;
        let (a, b) = (&self.a, &self.b);
        match op {
            Op::Overlaps => {
                for i in range {
                    sum += B::overlaps(&a[i], &b[i]) as u32 as f32;
                }
            }
            Op::OverlapsUnnormalized => {
                for i in range {
                    sum += B::overlaps_unnormalized(&a[i], &b[i]).unwrap_or(false) as u32 as f32;
                }
            }
            Op::Contact => {
                for i in range {
                    if let Some(c) = B::contact(&a[i], &b[i]) {
                        sum += c.normal.x + c.normal.y + c.depth;
                    }
                }
            }
            Op::Collide => {
                for i in range {
                    if let Some(m) = &B::collide(&a[i], &b[i]) {
                        sum += fold_manifold(m);
                    }
                }
            }
            Op::Decompose | Op::Build => unreachable!("{op:?} is not a query between convex shapes"),
        }
        sum
    }

    fn answer(&mut self, op: Op, i: usize) -> Answer {
        let (a, b) = (&self.a[i], &self.b[i]);
        match op {
            Op::Overlaps => Answer::boolean(B::overlaps(a, b)),
            Op::OverlapsUnnormalized => Answer::boolean(B::overlaps_unnormalized(a, b).unwrap_or(false)),
            Op::Contact => Answer::depth(B::contact(a, b).map(|c| c.depth)),
            Op::Collide => {
                Answer::depth(B::collide(a, b).map(|m| m.points().iter().fold(0.0f32, |d, p| d.max(p.depth))))
            }
            Op::Decompose | Op::Build => unreachable!("{op:?} is not a query between convex shapes"),
        }
    }
}
