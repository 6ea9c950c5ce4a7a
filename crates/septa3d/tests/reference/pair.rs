//! Reference shapes as a core and a radius, and the reference answer for a pair.
//!
//! # Every shape is `core ⊕ ball(radius)`
//! A cuboid or hull is a polytope core with radius 0, a sphere a point core, a capsule a segment
//! core. For a pair, `D = core_A ⊖ core_B` and `R = r_A + r_B`; the shapes overlap after moving
//! b by `t` iff `t` lies in the interior of `D ⊕ ball(R)`, whose signed distance function is
//! `sd_D − R`. So:
//!
//! ```text
//!   signed distance between the shapes = sd_D(origin) − R
//!     > 0: the Euclidean gap between them,  < 0: minus the penetration depth.
//! ```
//!
//! * **Origin outside `D`** (the cores are apart, or meet only when `D` is flat): `sd_D(0)` is
//!   the distance between the cores, an exact closest-feature computation
//!   ([`super::distance`]), and the MTV direction (a to b) is the direction from a's core's
//!   closest point to b's. Depth = `R − core distance`. When neither core is a polytope `D` is a
//!   point, a segment or a parallelogram, which has no interior, so this is every round–round
//!   case (two crossing capsule segments: depth exactly `R`, direction undefined).
//! * **Origin inside `D`** (a polytope core meets the other core): `sd_D(0) = −dist(0, ∂D)`, the
//!   least push over the facet normals of `D` ([`super::sat`]'s argument). For polytope–polytope
//!   those are the SAT axes. For a polytope P and a point c, `D` is P moved, with P's facets. For
//!   a polytope P and a segment with direction s, `D = P ⊖ segment` is P swept along s: its
//!   facets are P's faces and the bands swept by P's edges, with normals `e × s`. The least push
//!   over those, each the shorter way, is the core depth; depth = `core depth + R`.
//!
//! The push along any unit `u` of the full shapes is `h_A(u) − min_B(u)` with radii included;
//! at the MTV normal it equals the depth, elsewhere it is larger (the ball of radius `depth`
//! about the origin fits in `D ⊕ ball(R)`), which is what the tests check of a returned normal.

use glam::{DQuat, DVec3};

use super::distance::{polytope_distance, segment_polytope, segment_segment};
use super::hull::Polytope;
use super::sat::{all_axes, facet_gap, sat, PARALLEL};

/// The core of a shape.
#[derive(Clone, Debug)]
pub enum Core {
    Point(DVec3),
    Segment(DVec3, DVec3),
    Polytope(Polytope),
}

/// A shape in world space: `core ⊕ ball(radius)`.
#[derive(Clone, Debug)]
pub struct RefShape {
    pub core: Core,
    pub radius: f64,
}

impl RefShape {
    pub fn polytope(p: Polytope) -> RefShape {
        RefShape { core: Core::Polytope(p), radius: 0.0 }
    }
    pub fn sphere(center: DVec3, radius: f64) -> RefShape {
        RefShape { core: Core::Point(center), radius }
    }
    pub fn capsule(a: DVec3, b: DVec3, radius: f64) -> RefShape {
        RefShape { core: Core::Segment(a, b), radius }
    }

    pub fn as_polytope(&self) -> Option<&Polytope> {
        match &self.core {
            Core::Polytope(p) => Some(p),
            _ => None,
        }
    }

    /// The core's corner points (a polytope's corners, a segment's ends, a point).
    pub fn core_points(&self) -> Vec<DVec3> {
        match &self.core {
            Core::Point(c) => vec![*c],
            Core::Segment(a, b) => vec![*a, *b],
            Core::Polytope(p) => p.vertices.clone(),
        }
    }

    /// The core as a segment (a point is a segment of length 0); `None` for a polytope.
    fn segment(&self) -> Option<(DVec3, DVec3)> {
        match self.core {
            Core::Point(c) => Some((c, c)),
            Core::Segment(a, b) => Some((a, b)),
            Core::Polytope(_) => None,
        }
    }

    /// `max { u · x : x in the shape }` for a unit `u`.
    pub fn support(&self, u: DVec3) -> f64 {
        let core = match &self.core {
            Core::Point(c) => c.dot(u),
            Core::Segment(a, b) => a.dot(u).max(b.dot(u)),
            Core::Polytope(p) => p.support(u),
        };
        core + self.radius
    }

    /// `min { u · x : x in the shape }` for a unit `u`.
    pub fn min_along(&self, u: DVec3) -> f64 {
        -self.support(-u)
    }

    /// The signed distance from `q` to the shape (negative inside).
    pub fn signed_distance(&self, q: DVec3) -> f64 {
        let core = match &self.core {
            Core::Point(c) => q.distance(*c),
            Core::Segment(a, b) => super::distance::point_segment(q, *a, *b),
            Core::Polytope(p) => p.signed_distance(q).0,
        };
        core - self.radius
    }

    /// The distance from `q` to the shape (0 inside).
    pub fn distance(&self, q: DVec3) -> f64 {
        self.signed_distance(q).max(0.0)
    }

    /// A point inside the core (its corners' mean).
    pub fn center(&self) -> DVec3 {
        let pts = self.core_points();
        pts.iter().sum::<DVec3>() / pts.len() as f64
    }

    /// The largest distance from [`RefShape::center`] to the shape's surface.
    pub fn bounding_radius(&self) -> f64 {
        let c = self.center();
        self.core_points().iter().map(|v| v.distance(c)).fold(0.0, f64::max) + self.radius
    }

    /// The same shape rotated by `q` about the origin and then translated by `t`.
    pub fn placed(&self, q: DQuat, t: DVec3) -> RefShape {
        let core = match &self.core {
            Core::Point(c) => Core::Point(q * *c + t),
            Core::Segment(a, b) => Core::Segment(q * *a + t, q * *b + t),
            Core::Polytope(p) => Core::Polytope(p.placed(q, t)),
        };
        RefShape { core, radius: self.radius }
    }

    pub fn translated(&self, t: DVec3) -> RefShape {
        self.placed(DQuat::IDENTITY, t)
    }
}

/// The reference answer for a pair (see the module docs for the derivation).
#[derive(Clone, Copy, Debug)]
pub struct RefPair {
    /// The gap between the shapes when apart, minus the penetration depth when overlapping.
    pub signed_distance: f64,
    /// The MTV direction (a to b) when overlapping; the direction of the gap when apart.
    pub normal: DVec3,
    /// Whether the origin is inside `D` (a polytope core meets the other core).
    pub inside_core: bool,
    /// Inside: how much the least push with another direction exceeds the depth. Outside: the
    /// distance between the cores (the normal is ill-defined only when that is tiny).
    pub margin: f64,
    /// Two polytopes: SAT's largest gap over the facet normals of `D` only (negative: minus the
    /// depth). `None` for pairs with a round shape.
    pub facet_gap: Option<f64>,
    pub radius: f64,
}

impl RefPair {
    pub fn new(a: &RefShape, b: &RefShape) -> RefPair {
        RefPair::build(a, b, false)
    }

    /// [`RefPair::new`] and, for two polytopes, [`RefPair::facet_gap`] (which costs as much
    /// again).
    pub fn with_facet_gap(a: &RefShape, b: &RefShape) -> RefPair {
        RefPair::build(a, b, true)
    }

    fn build(a: &RefShape, b: &RefShape, want_facet_gap: bool) -> RefPair {
        let radius = a.radius + b.radius;
        let outside = |d: f64, x: DVec3, y: DVec3, fallback: DVec3| {
            let normal = if d > 0.0 { (y - x) / d } else { fallback };
            RefPair {
                signed_distance: d - radius,
                normal,
                inside_core: false,
                margin: d,
                facet_gap: None,
                radius,
            }
        };
        match (&a.core, &b.core) {
            (Core::Polytope(pa), Core::Polytope(pb)) => {
                let s = sat(pa, pb);
                let facet = if want_facet_gap { Some(facet_gap(pa, pb)) } else { None };
                if s.overlapping {
                    RefPair {
                        signed_distance: -s.depth,
                        normal: s.normal,
                        inside_core: true,
                        margin: s.margin,
                        facet_gap: facet,
                        radius,
                    }
                } else {
                    let (d, points) = polytope_distance(pa, pb);
                    let (x, y) = points.unwrap_or((DVec3::ZERO, DVec3::ZERO));
                    RefPair { facet_gap: facet, ..outside(d, x, y, s.normal) }
                }
            }
            (Core::Polytope(p), _) => {
                let (s0, s1) = b.segment().expect("not a polytope");
                let (d, on_segment, on_polytope) = segment_polytope(s0, s1, p);
                if d > 0.0 {
                    return outside(d, on_polytope, on_segment, DVec3::Z);
                }
                RefPair::inside(a, b, p, s1 - s0, radius)
            }
            (_, Core::Polytope(p)) => {
                let (s0, s1) = a.segment().expect("not a polytope");
                let (d, on_segment, on_polytope) = segment_polytope(s0, s1, p);
                if d > 0.0 {
                    return outside(d, on_segment, on_polytope, DVec3::Z);
                }
                RefPair::inside(a, b, p, s1 - s0, radius)
            }
            _ => {
                let ((p0, p1), (q0, q1)) = (a.segment().unwrap(), b.segment().unwrap());
                let (d, x, y) = segment_segment(p0, p1, q0, q1);
                outside(d, x, y, DVec3::Z)
            }
        }
    }

    /// A polytope core meeting a point or segment core (direction `s`, zero for a point): the
    /// least push over `D`'s facet normals, P's faces and `e × s` for P's edges.
    fn inside(a: &RefShape, b: &RefShape, p: &Polytope, s: DVec3, radius: f64) -> RefPair {
        let mut axes: Vec<DVec3> = p.faces.iter().map(|f| f.normal).collect();
        for e in 0..p.edges.len() {
            let ev = p.edge_vector(e);
            let c = ev.cross(s);
            if c.length() > PARALLEL * ev.length() * s.length() {
                axes.push(c.normalize());
            }
        }
        // pushes of the cores (radii added after)
        let core_push = |u: DVec3| (a.support(u) - a.radius) - (b.min_along(u) + b.radius);
        let mut pushes: Vec<(f64, DVec3)> = Vec::with_capacity(2 * axes.len());
        for u in axes {
            pushes.push((core_push(u), u));
            pushes.push((core_push(-u), -u));
        }
        let best = *pushes.iter().min_by(|x, y| x.0.total_cmp(&y.0)).unwrap();
        let runner_up =
            pushes.iter().filter(|x| x.1.distance(best.1) > 1e-6).map(|x| x.0).fold(f64::INFINITY, f64::min);
        RefPair {
            signed_distance: -best.0 - radius,
            normal: best.1,
            inside_core: true,
            margin: runner_up - best.0,
            facet_gap: None,
            radius,
        }
    }

    pub fn overlapping(&self) -> bool {
        self.signed_distance < 0.0
    }

    pub fn depth(&self) -> f64 {
        -self.signed_distance
    }

    /// Is the MTV direction well defined, robustly against noise of size `tol`? Inside, the
    /// runner-up facet must lose by more than `tol`; outside, the cores must be more than
    /// `10 tol` apart (the direction between closest points turns by about noise / distance).
    pub fn normal_unique(&self, tol: f64) -> bool {
        if self.inside_core {
            self.margin > tol
        } else {
            self.margin > 10.0 * tol
        }
    }

    /// How far a library normal may turn from [`RefPair::normal`] when that is unique. Inside,
    /// the normal is one of finitely many facet normals, equal up to rounding. Outside, a library
    /// chooses among candidate axes whose pushes differ only to second order in the angle
    /// between them (`Δpush ≈ distance · angle² / 2`), so push noise `ε` lets the choice turn by
    /// up to `sqrt(2ε / distance)`, with `ε = 1e-6 × scale` for f32.
    pub fn normal_tolerance(&self, scale: f64) -> f64 {
        if self.inside_core {
            1e-3
        } else {
            1e-3 + (2e-6 * scale / self.margin).sqrt()
        }
    }
}

/// How far b must move along the unit `u` to leave a (radii included); negative: the gap along
/// `u`.
pub fn push_along(a: &RefShape, b: &RefShape, u: DVec3) -> f64 {
    a.support(u) - b.min_along(u)
}

/// The largest gap between the shapes over every axis the reference SAT uses, for polytopes
/// (`−` the least push): the unpruned SAT separation.
pub fn unpruned_gap(a: &Polytope, b: &Polytope) -> f64 {
    -all_axes(a, b).iter().map(|x| x.push).fold(f64::INFINITY, f64::min)
}

/// A second, independent signed distance for the self-test: the brute-force hull of the
/// Minkowski difference of the cores' points, and the signed distance of the origin to it (a
/// point-to-polytope computation), minus the radii. Needs `D` to have volume (some polytope
/// core); slow (`O((n m)⁴)`), for small shapes only.
pub fn minkowski_signed_distance(a: &RefShape, b: &RefShape) -> Option<f64> {
    let mut diffs = Vec::new();
    for x in a.core_points() {
        for y in b.core_points() {
            diffs.push(x - y);
        }
    }
    let d = Polytope::hull(&diffs)?;
    Some(d.signed_distance(DVec3::ZERO).0 - a.radius - b.radius)
}
