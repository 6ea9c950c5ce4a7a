//! The step trace: every candidate axis of a test, as the textbook figure draws it.
//!
//! The fast queries never build projection intervals; the trace does, the plain way: for each
//! candidate axis in test order it projects both shapes fully, records which vertex gives each
//! end, and works out the gap or the shorter way out. It is meant for teaching, debugging and
//! the interactive explorer, and it allocates (one entry per axis).
//!
//! Because it computes independently of the fast path, the tests check that the two agree:
//! the trace finds a gap exactly when [`overlaps`](crate::overlaps()) is false, and its minimum
//! push equals [`contact`](crate::contact())'s depth. (Which separating axis is found *first*
//! can differ: see [`Verdict::Separated`].)

use crate::{
    robust::unit, Axis, Capsule, Circle, Contact, Interval, Manifold, Polygonal, Pose, Real, Vector,
};
use alloc::vec::Vec;

use crate::pair::{capsule_capsule, capsule_circle, circle_circle, polygon_capsule, polygon_circle};
use crate::shape::{closest_between_segments, segment_point};

/// One shape's shadow on an axis, in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Projection {
    /// The interval of projections, measured along the step's direction from the world origin.
    pub interval: Interval,
    /// A point of the shape (world frame) that projects onto `interval.min`.
    pub min_point: Vector,
    /// A point of the shape that projects onto `interval.max`.
    pub max_point: Vector,
    /// The polygon vertex (or capsule end) at `min_point`; `None` for a circle.
    pub min_vertex: Option<u32>,
    /// The polygon vertex (or capsule end) at `max_point`; `None` for a circle.
    pub max_vertex: Option<u32>,
}

/// One candidate axis tested.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AxisStep {
    /// Where the axis comes from.
    pub axis: Axis,
    /// The unit axis in the world frame (for an edge, its outward normal).
    pub direction: Vector,
    /// a's shadow.
    pub a: Projection,
    /// b's shadow.
    pub b: Projection,
    /// [`Interval::separation`] of the shadows: ≥ 0 is a gap (zero: touching), < 0 an overlap.
    /// Computed on the shadows in a's frame, before they are moved to the world for display, so
    /// far from the origin it can differ from that of the shadows as shown by the rounding of
    /// world coordinates.
    pub separation: Real,
    /// On an overlap, the shorter way out for b along `direction`, signed ([`Interval::push`]);
    /// `None` on a gap.
    pub push: Option<Real>,
}

impl AxisStep {
    fn new(axis: Axis, direction: Vector, a: Projection, b: Projection) -> AxisStep {
        let separation = a.interval.separation(b.interval);
        let push = (separation < 0.0).then(|| a.interval.push(b.interval));
        AxisStep { axis, direction, a, b, separation, push }
    }

    /// Does this axis separate the shapes (a gap, or touching)?
    #[inline]
    pub fn is_gap(&self) -> bool {
        self.separation >= 0.0
    }

    /// The same step with a and b exchanged: the same separation, and the push turned around
    /// (moving a by `−push` is moving b by `push`). Kept, not recomputed from the shadows, which
    /// may have been rounded on their way to the world (see [`world_step`]).
    fn flipped(self) -> AxisStep {
        AxisStep { axis: self.axis.flipped(), a: self.b, b: self.a, push: self.push.map(|p| -p), ..self }
    }
}

/// How the test ended.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// An axis separates the shapes; `step` is the index of the first one in test order, as
    /// the textbook test finds it, comparing both shadows in full on each axis. The fast
    /// [`overlaps`](crate::overlaps()) reaches the same verdict but may stop at another
    /// separating axis, as it takes the axes in its own order (opposite parallel faces of a
    /// polygon as one axis, say).
    Separated {
        /// Index into [`Trace::steps`].
        step: usize,
    },
    /// Every axis overlaps.
    Colliding {
        /// Index into [`Trace::steps`] of the axis with the smallest push (the first on a tie).
        step: usize,
        /// The MTV read off that step.
        contact: Contact,
        /// The contact manifold, as [`collide`](crate::collide()) computes it. `None` only in
        /// the rare case where the fast path, rounding differently, finds the shapes exactly
        /// touching while this plain computation finds an overlap of a few ulps.
        manifold: Option<Manifold>,
    },
}

/// Every candidate axis of a SAT test, in test order, and the verdict.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trace {
    /// One entry per candidate axis, in the order the test takes them. All axes are listed,
    /// also those after the first gap.
    pub steps: Vec<AxisStep>,
    /// The outcome.
    pub verdict: Verdict,
}

impl Trace {
    fn from_steps(steps: Vec<AxisStep>, manifold: Option<Manifold>) -> Trace {
        let verdict = match steps.iter().position(AxisStep::is_gap) {
            Some(step) => Verdict::Separated { step },
            None => {
                let mut step = 0;
                let depth = |s: &AxisStep| s.push.map_or(Real::INFINITY, Real::abs);
                for (i, s) in steps.iter().enumerate() {
                    if depth(s) < depth(&steps[step]) {
                        step = i;
                    }
                }
                let push = steps[step].push.unwrap_or(0.0);
                let contact = Contact {
                    normal: steps[step].direction * push.signum(),
                    depth: push.abs(),
                    axis: steps[step].axis,
                };
                Verdict::Colliding { step, contact, manifold }
            }
        };
        Trace { steps, verdict }
    }

    /// The same trace seen with a and b exchanged.
    pub fn flipped(self) -> Trace {
        let steps = self.steps.into_iter().map(AxisStep::flipped).collect();
        let manifold = match self.verdict {
            Verdict::Colliding { manifold, .. } => manifold.map(Manifold::flipped),
            Verdict::Separated { .. } => None,
        };
        Trace::from_steps(steps, manifold)
    }

    /// Is the verdict a collision?
    pub fn collides(&self) -> bool {
        matches!(self.verdict, Verdict::Colliding { .. })
    }
}

/// A polygon's projection on the unit `direction` (a's frame); `xf` places it in a's frame.
fn polygon_projection<P: Polygonal>(p: &P, xf: &Pose, direction: Vector) -> Projection {
    let (interval, lo, hi) = p.project(xf.rotation.apply_inv(direction));
    Projection {
        interval: interval.shifted(direction.dot(xf.translation)),
        min_point: xf.apply(p.vertices()[lo]),
        max_point: xf.apply(p.vertices()[hi]),
        min_vertex: Some(lo as u32),
        max_vertex: Some(hi as u32),
    }
}

/// A circle's projection; `center` is in a's frame.
fn circle_projection(center: Vector, radius: Real, direction: Vector) -> Projection {
    let c = center.dot(direction);
    Projection {
        interval: Interval::new(c - radius, c + radius),
        min_point: center - direction * radius,
        max_point: center + direction * radius,
        min_vertex: None,
        max_vertex: None,
    }
}

/// A capsule's projection; its segment's `ends` are in a's frame.
fn capsule_projection(ends: [Vector; 2], radius: Real, direction: Vector) -> Projection {
    let (lo, hi) = if ends[0].dot(direction) <= ends[1].dot(direction) { (0, 1) } else { (1, 0) };
    let (min, max) = (ends[lo].dot(direction) - radius, ends[hi].dot(direction) + radius);
    Projection {
        interval: Interval::new(min, max),
        min_point: ends[lo] - direction * radius,
        max_point: ends[hi] + direction * radius,
        min_vertex: Some(lo as u32),
        max_vertex: Some(hi as u32),
    }
}

/// A step computed in a's frame, moved to the world by `pose_a`.
///
/// The verdict (`separation` and `push`) is read off the shadows in a's frame, before the
/// shift: far from the origin the shift rounds each end to the world's coarser grid, which can
/// close a gap or open an overlap smaller than that grid, and the trace would then contradict
/// [`overlaps`](crate::overlaps()), which also works in a's frame. Only what is displayed, the
/// shadows and their points, is moved.
fn world_step(axis: Axis, direction: Vector, a: Projection, b: Projection, pose_a: &Pose) -> AxisStep {
    let local = AxisStep::new(axis, direction, a, b);
    let world = pose_a.rotation.apply(direction);
    let shift = world.dot(pose_a.translation);
    let place = |p: Projection| Projection {
        interval: p.interval.shifted(shift),
        min_point: pose_a.apply(p.min_point),
        max_point: pose_a.apply(p.max_point),
        ..p
    };
    AxisStep { direction: world, a: place(a), b: place(b), ..local }
}

/// The trace of polygon against polygon: a's normals, then b's.
pub fn polygon_polygon<A: Polygonal, B: Polygonal>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Trace {
    polygon_steps(a, pose_a, b, pose_b, crate::pair::polygon_polygon::collide(a, pose_a, b, pose_b))
}

/// The trace of box against box: the same steps as for the boxes as 4-gons, with the manifold
/// from the box–box module, as [`collide`](crate::collide()) computes it for boxes.
pub fn box_box(a: &crate::OrientedBox, pose_a: Pose, b: &crate::OrientedBox, pose_b: Pose) -> Trace {
    polygon_steps(a, pose_a, b, pose_b, crate::pair::box_box::collide(a, pose_a, b, pose_b))
}

/// Every face normal of a, then of b, with the given manifold for the verdict.
fn polygon_steps<A: Polygonal, B: Polygonal>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    manifold: Option<Manifold>,
) -> Trace {
    let b_in_a = pose_a.inv_mul(&pose_b);
    let mut steps = Vec::with_capacity(a.vertices().len() + b.vertices().len());
    let normals_a = a.normals().iter().enumerate().map(|(i, &n)| (Axis::EdgeA(i as u32), n));
    let normals_b =
        b.normals().iter().enumerate().map(|(j, &n)| (Axis::EdgeB(j as u32), b_in_a.rotation.apply(n)));
    for (axis, direction) in normals_a.chain(normals_b) {
        let pa = polygon_projection(a, &Pose::IDENTITY, direction);
        let pb = polygon_projection(b, &b_in_a, direction);
        steps.push(world_step(axis, direction, pa, pb, &pose_a));
    }
    Trace::from_steps(steps, manifold)
}

/// The trace of polygon against circle: the polygon's normals, then the vertex axis.
pub fn polygon_circle<A: Polygonal>(a: &A, pose_a: Pose, b: &Circle, pose_b: Pose) -> Trace {
    let c = polygon_circle::center_in(&pose_a, b, &pose_b);
    let (k, vertex_axis) = polygon_circle::vertex_axis(a, c);
    let normals = a.normals().iter().enumerate().map(|(i, &n)| (Axis::EdgeA(i as u32), n));
    let axes = normals.chain(core::iter::once((Axis::VertexA(k as u32), vertex_axis)));
    let steps = axes
        .map(|(axis, direction)| {
            let pa = polygon_projection(a, &Pose::IDENTITY, direction);
            let pb = circle_projection(c, b.radius(), direction);
            world_step(axis, direction, pa, pb, &pose_a)
        })
        .collect();
    Trace::from_steps(steps, crate::pair::polygon_circle::collide(a, pose_a, b, pose_b))
}

/// The trace of circle against circle: the centre line.
pub fn circle_circle(a: &Circle, pose_a: Pose, b: &Circle, pose_b: Pose) -> Trace {
    let (direction, _) = circle_circle::centers(a, &pose_a, b, &pose_b);
    let center_b = pose_a.inv_mul(&pose_b).apply(b.center());
    let pa = circle_projection(a.center(), a.radius(), direction);
    let pb = circle_projection(center_b, b.radius(), direction);
    let steps = alloc::vec![world_step(Axis::Centers, direction, pa, pb, &pose_a)];
    Trace::from_steps(steps, circle_circle::collide(a, pose_a, b, pose_b))
}

/// The trace of polygon (or box) against capsule: the polygon's normals, the capsule's two
/// sides, then the axis from the vertex nearest each end of the segment to that end.
pub fn polygon_capsule<A: Polygonal>(a: &A, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Trace {
    let c = polygon_capsule::place(&pose_a, b, &pose_b);
    let normals = a.normals().iter().enumerate().map(|(i, &n)| (Axis::EdgeA(i as u32), n));
    let sides = [(Axis::EdgeB(0), c.normal), (Axis::EdgeB(1), -c.normal)];
    let ends = (0..2).map(|e| {
        let (k, axis) = polygon_circle::vertex_axis(a, c.ends[e]);
        (Axis::VertexA(k as u32), axis)
    });
    let steps = normals
        .chain(sides)
        .chain(ends)
        .map(|(axis, direction)| {
            let pa = polygon_projection(a, &Pose::IDENTITY, direction);
            let pb = capsule_projection(c.ends, c.radius, direction);
            world_step(axis, direction, pa, pb, &pose_a)
        })
        .collect();
    Trace::from_steps(steps, polygon_capsule::collide(a, pose_a, b, pose_b))
}

/// The trace of capsule against circle: the capsule's two sides, then the direction from the
/// segment's nearest point to the centre (left out when the centre lies on the segment).
pub fn capsule_circle(a: &Capsule, pose_a: Pose, b: &Circle, pose_b: Pose) -> Trace {
    let center = pose_a.inv_mul(&pose_b).apply(b.center());
    let closest = unit(center - a.closest_point(center)).map(|u| (Axis::ClosestPoints, u));
    let sides = [(Axis::EdgeA(0), a.normal()), (Axis::EdgeA(1), -a.normal())];
    let steps = sides
        .into_iter()
        .chain(closest)
        .map(|(axis, direction)| {
            let pa = capsule_projection([a.a(), a.b()], a.radius(), direction);
            let pb = circle_projection(center, b.radius(), direction);
            world_step(axis, direction, pa, pb, &pose_a)
        })
        .collect();
    Trace::from_steps(steps, capsule_circle::collide(a, pose_a, b, pose_b))
}

/// The trace of capsule against capsule: a's two sides, b's two sides, then the direction
/// between the segments' closest points (left out when the segments cross).
pub fn capsule_capsule(a: &Capsule, pose_a: Pose, b: &Capsule, pose_b: Pose) -> Trace {
    let xf = pose_a.inv_mul(&pose_b);
    let ends_a = [a.a(), a.b()];
    let ends_b = [xf.apply(b.a()), xf.apply(b.b())];
    let normal_b = xf.rotation.apply(b.normal());
    let (s, t) = closest_between_segments(ends_a[0], ends_a[1], ends_b[0], ends_b[1]);
    let gap = segment_point(ends_b[0], ends_b[1], t) - segment_point(ends_a[0], ends_a[1], s);
    let closest = unit(gap).map(|d| (Axis::ClosestPoints, d));
    let axes = [
        (Axis::EdgeA(0), a.normal()),
        (Axis::EdgeA(1), -a.normal()),
        (Axis::EdgeB(0), normal_b),
        (Axis::EdgeB(1), -normal_b),
    ];
    let steps = axes
        .into_iter()
        .chain(closest)
        .map(|(axis, direction)| {
            let pa = capsule_projection(ends_a, a.radius(), direction);
            let pb = capsule_projection(ends_b, b.radius(), direction);
            world_step(axis, direction, pa, pb, &pose_a)
        })
        .collect();
    Trace::from_steps(steps, capsule_capsule::collide(a, pose_a, b, pose_b))
}
