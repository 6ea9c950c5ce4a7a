//! The step trace: every candidate axis of a test, as a textbook figure draws it.
//!
//! The fast queries never build projection intervals; the trace does, the plain way: for each
//! candidate axis in test order it projects both shapes fully and works out the gap or the
//! shorter way out. It is meant for teaching and debugging, and it allocates (one entry per
//! axis). Because it computes independently of the fast path, tests can check that the two
//! agree: the trace finds a gap exactly when [`overlaps`](crate::overlaps()) is false, and its
//! minimum push equals [`contact`](crate::contact())'s depth.

use crate::{Axis, Contact, Interval, Manifold, Pose, Real, Vector};
use alloc::vec::Vec;

/// One candidate axis tested.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AxisStep {
    /// Where the axis comes from.
    pub axis: Axis,
    /// The unit axis in the world frame.
    pub direction: Vector,
    /// a's shadow, measured along `direction` from the world origin.
    pub a: Interval,
    /// b's shadow.
    pub b: Interval,
    /// [`Interval::separation`] of the shadows: ≥ 0 is a gap (zero: touching), < 0 an overlap.
    /// The queries compute it on the shadows in a's frame, before they are moved to the world
    /// for display, so far from the origin it can differ from that of `a` and `b` as shown by
    /// the rounding of world coordinates.
    pub separation: Real,
    /// On an overlap, the shorter way out for b along `direction`, signed ([`Interval::push`]);
    /// `None` on a gap.
    pub push: Option<Real>,
}

impl AxisStep {
    /// The step for `axis` along the unit world `direction`, with a's and b's shadows on it.
    pub fn new(axis: Axis, direction: Vector, a: Interval, b: Interval) -> AxisStep {
        let separation = a.separation(b);
        let push = (separation < 0.0).then(|| a.push(b));
        AxisStep { axis, direction, a, b, separation, push }
    }

    /// The step for a unit `direction` and shadows measured in a's local frame, moved to the
    /// world by `pose_a` (the direction turned, the shadows shifted by the origin's projection).
    ///
    /// The verdict (`separation` and `push`) is read off the local shadows, before the shift:
    /// far from the origin the shift rounds each end to the world's coarser grid, which can
    /// close a gap or open an overlap smaller than that grid (an overlap of 0.003 between
    /// shadows at 100,001 is half an f32 ulp there), and the trace would then contradict
    /// [`overlaps`](crate::overlaps()), which also works in a's frame. Only what is displayed,
    /// the shadows, is moved.
    pub(crate) fn from_local(
        axis: Axis,
        direction: Vector,
        a: Interval,
        b: Interval,
        pose_a: &Pose,
    ) -> AxisStep {
        let local = AxisStep::new(axis, direction, a, b);
        let world = pose_a.rotation * direction;
        let shift = world.dot(pose_a.translation);
        AxisStep { direction: world, a: a.shifted(shift), b: b.shifted(shift), ..local }
    }

    /// Does this axis separate the shapes (a gap, or touching)?
    #[inline]
    pub fn is_gap(&self) -> bool {
        self.separation >= 0.0
    }

    /// The same step with a and b exchanged: the same separation, and the push turned around
    /// (moving a by `−push` is moving b by `push`). Kept, not recomputed from the shadows, which
    /// may have been rounded on their way to the world (see `from_local`).
    pub fn flipped(self) -> AxisStep {
        AxisStep { axis: self.axis.flipped(), a: self.b, b: self.a, push: self.push.map(|p| -p), ..self }
    }
}

/// How the test ended.
// The manifold makes the colliding variant large (280 bytes in the f64 build); a trace is plain
// data built once per call, so it stays inline rather than boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Verdict {
    /// An axis separates the shapes; `step` is the index of the first one in test order.
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
    /// The trace of these steps: separated at the first gap, else colliding along the smallest
    /// push, with `manifold` (from the fast path) attached.
    pub fn from_steps(steps: Vec<AxisStep>, manifold: Option<Manifold>) -> Trace {
        let verdict = match steps.iter().position(AxisStep::is_gap) {
            Some(step) => Verdict::Separated { step },
            None if steps.is_empty() => Verdict::Separated { step: 0 },
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
