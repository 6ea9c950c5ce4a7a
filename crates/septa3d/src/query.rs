//! The generic entry: one set of functions for every pair of shapes.
//!
//! [`Collide`] is implemented once per ordered pair of shape types, and each method is a single
//! call into that pair's module in [`crate::pair`], so a reader can always see which algorithm
//! runs. [`Shape`] values dispatch with a `match` on both kinds; nothing goes through `dyn`.

use crate::{
    Capsule, Contact, ConvexHull, Cuboid, Manifold, Pose, Real, SatCache, Separation, Shape, Sphere, Trace,
    Vector,
};

use crate::pair::{
    capsule_capsule, cuboid_cuboid, hull_capsule, hull_hull, hull_sphere, sphere_capsule, sphere_sphere,
};
use crate::sweep::{self, Impact};

/// The SAT queries between `Self` (shape a) and `B` (shape b).
///
/// Prefer the free functions ([`overlaps`], [`contact`], …), which read as `f(a, pose_a, b,
/// pose_b)`.
pub trait Collide<B> {
    /// See [`overlaps`].
    fn overlaps(&self, pose: Pose, b: &B, pose_b: Pose) -> bool;
    /// See [`overlaps_cached`].
    fn overlaps_cached(&self, pose: Pose, b: &B, pose_b: Pose, cache: &mut SatCache) -> bool;
    /// See [`separation`].
    fn separation(&self, pose: Pose, b: &B, pose_b: Pose) -> Separation;
    /// See [`contact`].
    fn contact(&self, pose: Pose, b: &B, pose_b: Pose) -> Option<Contact>;
    /// See [`collide`].
    fn collide(&self, pose: Pose, b: &B, pose_b: Pose) -> Option<Manifold>;
    /// See [`trace()`].
    fn trace(&self, pose: Pose, b: &B, pose_b: Pose) -> Trace;
    /// See [`time_of_impact`].
    fn time_of_impact(
        &self,
        pose: Pose,
        velocity: Vector,
        b: &B,
        pose_b: Pose,
        velocity_b: Vector,
        max_t: Real,
    ) -> Option<Impact>;
}

macro_rules! pair {
    ($a:ty, $b:ty, $module:ident) => {
        impl Collide<$b> for $a {
            #[inline]
            fn overlaps(&self, pose: Pose, b: &$b, pose_b: Pose) -> bool {
                $module::overlaps(self, pose, b, pose_b)
            }
            #[inline]
            fn overlaps_cached(&self, pose: Pose, b: &$b, pose_b: Pose, cache: &mut SatCache) -> bool {
                $module::overlaps_cached(self, pose, b, pose_b, cache)
            }
            #[inline]
            fn separation(&self, pose: Pose, b: &$b, pose_b: Pose) -> Separation {
                $module::separation(self, pose, b, pose_b)
            }
            #[inline]
            fn contact(&self, pose: Pose, b: &$b, pose_b: Pose) -> Option<Contact> {
                $module::contact(self, pose, b, pose_b)
            }
            #[inline]
            fn collide(&self, pose: Pose, b: &$b, pose_b: Pose) -> Option<Manifold> {
                $module::collide(self, pose, b, pose_b)
            }
            fn trace(&self, pose: Pose, b: &$b, pose_b: Pose) -> Trace {
                $module::trace(self, pose, b, pose_b)
            }
            fn time_of_impact(
                &self,
                pose: Pose,
                velocity: Vector,
                b: &$b,
                pose_b: Pose,
                velocity_b: Vector,
                max_t: Real,
            ) -> Option<Impact> {
                sweep::advance(self, pose, velocity, b, pose_b, velocity_b, max_t)
            }
        }
    };
}

/// The pair in the other order: the module's test with the roles exchanged, and every answer
/// turned around (normals negated, a/b labels of axes and feature ids swapped).
macro_rules! reversed_pair {
    ($a:ty, $b:ty, $module:ident) => {
        impl Collide<$b> for $a {
            #[inline]
            fn overlaps(&self, pose: Pose, b: &$b, pose_b: Pose) -> bool {
                $module::overlaps(b, pose_b, self, pose)
            }
            #[inline]
            fn overlaps_cached(&self, pose: Pose, b: &$b, pose_b: Pose, cache: &mut SatCache) -> bool {
                let mut seen_from_b = cache.flipped();
                let hit = $module::overlaps_cached(b, pose_b, self, pose, &mut seen_from_b);
                *cache = seen_from_b.flipped();
                hit
            }
            #[inline]
            fn separation(&self, pose: Pose, b: &$b, pose_b: Pose) -> Separation {
                $module::separation(b, pose_b, self, pose).flipped()
            }
            #[inline]
            fn contact(&self, pose: Pose, b: &$b, pose_b: Pose) -> Option<Contact> {
                $module::contact(b, pose_b, self, pose).map(Contact::flipped)
            }
            #[inline]
            fn collide(&self, pose: Pose, b: &$b, pose_b: Pose) -> Option<Manifold> {
                $module::collide(b, pose_b, self, pose).map(Manifold::flipped)
            }
            fn trace(&self, pose: Pose, b: &$b, pose_b: Pose) -> Trace {
                $module::trace(b, pose_b, self, pose).flipped()
            }
            fn time_of_impact(
                &self,
                pose: Pose,
                velocity: Vector,
                b: &$b,
                pose_b: Pose,
                velocity_b: Vector,
                max_t: Real,
            ) -> Option<Impact> {
                sweep::advance(b, pose_b, velocity_b, self, pose, velocity, max_t).map(Impact::flipped)
            }
        }
    };
}

pair!(Cuboid, Cuboid, cuboid_cuboid);
pair!(Cuboid, ConvexHull, hull_hull);
pair!(ConvexHull, Cuboid, hull_hull);
pair!(ConvexHull, ConvexHull, hull_hull);
pair!(Cuboid, Sphere, hull_sphere);
pair!(ConvexHull, Sphere, hull_sphere);
pair!(Cuboid, Capsule, hull_capsule);
pair!(ConvexHull, Capsule, hull_capsule);
pair!(Sphere, Sphere, sphere_sphere);
pair!(Sphere, Capsule, sphere_capsule);
pair!(Capsule, Capsule, capsule_capsule);
reversed_pair!(Sphere, Cuboid, hull_sphere);
reversed_pair!(Sphere, ConvexHull, hull_sphere);
reversed_pair!(Capsule, Cuboid, hull_capsule);
reversed_pair!(Capsule, ConvexHull, hull_capsule);
reversed_pair!(Capsule, Sphere, sphere_capsule);

macro_rules! dispatch {
    ($a:expr, $b:expr, |$x:ident, $y:ident| $call:expr) => {
        match $a {
            Shape::Cuboid($x) => dispatch!(@b $b, $y, $call),
            Shape::ConvexHull($x) => dispatch!(@b $b, $y, $call),
            Shape::Sphere($x) => dispatch!(@b $b, $y, $call),
            Shape::Capsule($x) => dispatch!(@b $b, $y, $call),
        }
    };
    (@b $b:expr, $y:ident, $call:expr) => {
        match $b {
            Shape::Cuboid($y) => $call,
            Shape::ConvexHull($y) => $call,
            Shape::Sphere($y) => $call,
            Shape::Capsule($y) => $call,
        }
    };
}

impl Collide<Shape> for Shape {
    fn overlaps(&self, pose: Pose, b: &Shape, pose_b: Pose) -> bool {
        dispatch!(self, b, |x, y| x.overlaps(pose, y, pose_b))
    }
    fn overlaps_cached(&self, pose: Pose, b: &Shape, pose_b: Pose, cache: &mut SatCache) -> bool {
        dispatch!(self, b, |x, y| x.overlaps_cached(pose, y, pose_b, cache))
    }
    fn separation(&self, pose: Pose, b: &Shape, pose_b: Pose) -> Separation {
        dispatch!(self, b, |x, y| x.separation(pose, y, pose_b))
    }
    fn contact(&self, pose: Pose, b: &Shape, pose_b: Pose) -> Option<Contact> {
        dispatch!(self, b, |x, y| x.contact(pose, y, pose_b))
    }
    fn collide(&self, pose: Pose, b: &Shape, pose_b: Pose) -> Option<Manifold> {
        dispatch!(self, b, |x, y| x.collide(pose, y, pose_b))
    }
    fn trace(&self, pose: Pose, b: &Shape, pose_b: Pose) -> Trace {
        dispatch!(self, b, |x, y| x.trace(pose, y, pose_b))
    }
    fn time_of_impact(
        &self,
        pose: Pose,
        velocity: Vector,
        b: &Shape,
        pose_b: Pose,
        velocity_b: Vector,
        max_t: Real,
    ) -> Option<Impact> {
        dispatch!(self, b, |x, y| x.time_of_impact(pose, velocity, y, pose_b, velocity_b, max_t))
    }
}

/// Do a and b overlap? SAT with an early exit at the first separating axis.
///
/// **Touching is not overlapping**: shapes whose shadows meet in a single point on some axis
/// (face on face, spheres at distance `r₁ + r₂`) are reported as disjoint, as the separating
/// axis theorem's strict form says.
///
/// ```
/// use septa3d::{overlaps, Cuboid, Pose, Vector};
/// let cube = Cuboid::new(Vector::splat(1.0)).unwrap();
/// let touching = Pose::from_translation(Vector::new(2.0, 0.0, 0.0));
/// let overlapping = Pose::from_translation(Vector::new(1.9, 0.0, 0.0));
/// assert!(!overlaps(&cube, Pose::IDENTITY, &cube, touching));
/// assert!(overlaps(&cube, Pose::IDENTITY, &cube, overlapping));
/// ```
#[inline]
pub fn overlaps<A: Collide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> bool {
    a.overlaps(pose_a, b, pose_b)
}

/// [`overlaps`], trying the feature remembered in `cache` first and remembering the one that
/// separates (see [`SatCache`]). Always gives the same answer as [`overlaps`].
#[inline]
pub fn overlaps_cached<A: Collide<B>, B>(
    a: &A,
    pose_a: Pose,
    b: &B,
    pose_b: Pose,
    cache: &mut SatCache,
) -> bool {
    a.overlaps_cached(pose_a, b, pose_b, cache)
}

/// The largest separation over all candidate axes, for separated and overlapping pairs alike.
///
/// What it promises:
///
/// * **Overlapping** shapes: minus the exact penetration depth (as [`contact`]).
/// * **Apart**: a lower bound of the distance. With a sphere or a capsule it is the distance
///   itself (closest features); between two polytopes it is the largest gap over the face
///   normals of both and the edge pairs that bound their Minkowski difference, which equals the
///   distance when the closest points lie on a face of that difference and is less otherwise
///   (two boxes corner to corner).
/// * **Both orders** test the same axes, so `separation(a, b)` and `separation(b, a)` agree, to
///   rounding: each runs in its first shape's frame, with the relative pose and the axes' unit
///   directions in [`Real`], so a gap is good to a few `Real::EPSILON` times the shapes' sizes
///   plus their distance (divided by the sine between the two edges, for an edge-pair axis).
///   Two boxes `1e14` apart in the f32 build get separations one ulp of `2.5e14` apart (about
///   `1.7e7`): far apart, the separation is a coarse lower bound, right as a step for
///   [`time_of_impact`] and as a verdict, not as a distance to the metre (the `f64` feature
///   brings it to about `0.05` there).
///
/// ```
/// use septa3d::{separation, Cuboid, Pose, Vector};
/// let cube = Cuboid::new(Vector::splat(1.0)).unwrap();
/// let b = Pose::from_translation(Vector::new(0.0, 5.0, 0.0));
/// let s = separation(&cube, Pose::IDENTITY, &cube, b);
/// assert_eq!(s.distance, 3.0);
/// assert_eq!(s.normal, Vector::Y);
/// ```
#[inline]
pub fn separation<A: Collide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Separation {
    a.separation(pose_a, b, pose_b)
}

/// The minimum translation vector: the shortest move of b that separates the shapes, as a unit
/// normal (from a to b) and a depth; `None` when they do not overlap.
///
/// ```
/// use septa3d::{contact, Cuboid, Pose, Vector};
/// let cube = Cuboid::new(Vector::splat(1.0)).unwrap();
/// let b = Pose::from_translation(Vector::new(1.5, 0.2, -0.1));
/// let mtv = contact(&cube, Pose::IDENTITY, &cube, b).unwrap();
/// assert!(mtv.normal.abs_diff_eq(Vector::X, 1e-6));
/// assert!((mtv.depth - 0.5).abs() < 1e-6);
/// ```
#[inline]
pub fn contact<A: Collide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Contact> {
    a.contact(pose_a, b, pose_b)
}

/// The contact manifold: one to four points with a depth and feature id each; `None` when the
/// shapes do not overlap. See [`crate::manifold`] for how the points are found and where they
/// lie.
///
/// A [`Manifold`] is a fixed block of 144 bytes (in f32). Where only reading it, borrow it
/// where it lands, `if let Some(m) = &collide(..)`: moving it out of the `Option` right away
/// is a copy whose wide loads wait for the stores that have just written the manifold (on the
/// bench's machine about 20 ns a call, where a box–box `collide` read in place takes 130).
///
/// ```
/// use septa3d::{collide, Cuboid, Pose, Vector};
/// let ground = Cuboid::new(Vector::new(10.0, 1.0, 10.0)).unwrap();
/// let crate_ = Cuboid::new(Vector::splat(0.5)).unwrap();
/// let resting = Pose::from_translation(Vector::new(0.0, 1.49, 0.0)); // sunk 0.01 into the ground
/// let m = collide(&ground, Pose::IDENTITY, &crate_, resting).unwrap();
/// assert_eq!(m.points().len(), 4); // the four bottom corners
/// assert!(m.normal.abs_diff_eq(Vector::Y, 1e-6));
/// for p in m.points() {
///     assert!((p.depth - 0.01).abs() < 1e-5);
/// }
/// ```
#[inline]
pub fn collide<A: Collide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Option<Manifold> {
    a.collide(pose_a, b, pose_b)
}

/// The step trace of the test: every candidate axis with both shadows (see
/// [module `trace`](mod@crate::trace)).
///
/// ```
/// use septa3d::{trace, Cuboid, Pose, Vector, Verdict};
/// let cube = Cuboid::new(Vector::splat(1.0)).unwrap();
/// let t = trace(&cube, Pose::IDENTITY, &cube, Pose::from_translation(Vector::new(0.0, 0.0, 2.5)));
/// assert!(!t.collides());
/// assert!(matches!(t.verdict, Verdict::Separated { .. }));
/// ```
pub fn trace<A: Collide<B>, B>(a: &A, pose_a: Pose, b: &B, pose_b: Pose) -> Trace {
    a.trace(pose_a, b, pose_b)
}

/// When do a and b, moving in straight lines at constant velocities without turning, first
/// touch during `[0, max_t]`? `None` when they do not (grazing contact included); time 0 with
/// the MTV normal when they already overlap. A negative or NaN `max_t` is an empty window.
/// By conservative advancement, a little early but never late (see [`mod@crate::sweep`]).
///
/// ```
/// use septa3d::{overlaps, time_of_impact, Cuboid, Pose, Vector};
/// // A thin bullet passes right through a thin wall between two frames...
/// let wall = Cuboid::new(Vector::new(0.05, 2.0, 2.0)).unwrap();
/// let bullet = Cuboid::new(Vector::new(0.1, 0.02, 0.02)).unwrap();
/// let start = Pose::from_translation(Vector::new(-3.0, 0.0, 0.0));
/// let velocity = Vector::new(600.0, 0.0, 0.0);
/// let end = Pose::from_translation(start.translation + velocity * 0.01);
/// assert!(!overlaps(&wall, Pose::IDENTITY, &bullet, start));
/// assert!(!overlaps(&wall, Pose::IDENTITY, &bullet, end));
/// // ...but the sweep over the frame catches it: contact when its front (x + 0.1) reaches -0.05.
/// let hit = time_of_impact(&wall, Pose::IDENTITY, Vector::ZERO, &bullet, start, velocity, 0.01).unwrap();
/// assert!((hit.time - 2.85 / 600.0).abs() < 1e-6);
/// assert!(hit.normal.abs_diff_eq(Vector::new(-1.0, 0.0, 0.0), 1e-6)); // from the wall to the bullet
/// ```
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn time_of_impact<A: Collide<B>, B>(
    a: &A,
    pose_a: Pose,
    velocity_a: Vector,
    b: &B,
    pose_b: Pose,
    velocity_b: Vector,
    max_t: Real,
) -> Option<Impact> {
    a.time_of_impact(pose_a, velocity_a, b, pose_b, velocity_b, max_t)
}
