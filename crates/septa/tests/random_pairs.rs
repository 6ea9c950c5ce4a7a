//! Randomised checks of every septa query against an independent f64 reference.
//!
//! What is checked, for each ordered pair of shape kinds (polygon–polygon, polygon–circle,
//! circle–polygon, circle–circle), on 10,000 random pairs per kind and test (fixed seeds):
//! * `overlaps` agrees with the reference, except within 1e-4 of touching;
//! * `contact`: depth = the reference MTV depth, normal = the reference MTV direction where that
//!   minimum is unique, normal = the direction of the axis it names;
//! * push-out: moving b by the MTV (plus 1e-4 of it and a tiny ε) separates the shapes by the
//!   brute-force test, moving it 1 % less does not;
//! * minimality: along 8 random directions, the least separating push found by bisection with the
//!   reference overlap test is never shorter than the MTV depth (and along the MTV normal it is
//!   the depth);
//! * `collide` (on 10,000 overlapping pairs of any depth, and 10,000 shallow ones, depth
//!   1e-5–1e-2 × size): the points lie on one edge of the incident shape, each depth is the
//!   distance behind the reference face, 0 < depth ≤ MTV depth + the reference bias, the feature
//!   ids name the features the points come from, each point lies within its own depth of both
//!   shapes (so shallow contacts sit in the overlap region: within 1e-3 × size once the depth is
//!   below that), and for shallow contacts the deepest point is the MTV depth;
//! * symmetry (a ↔ b), independence of starting vertex and winding, invariance under moving both
//!   shapes rigidly;
//! * `trace`: verdict, first gap, minimum push, and every step's intervals, end points and push
//!   recomputed from world-space vertices in f64;
//! * `overlaps_cached` = `overlaps` with fresh, stale and foreign caches and over slowly moving
//!   frames (the cache hit rate is printed, not asserted);
//! * `separation`: a lower bound of the true distance (exact with a circle), minus the depth when
//!   overlapping;
//! * exactly touching placements (dyadic coordinates, unrotated) are not overlapping for every
//!   query, and the documented degenerate cases (a circle centred on a polygon vertex,
//!   concentric circles) give the documented answers;
//! * `Shape` dispatch gives exactly what the typed calls and the flat `pair::*` functions give.
//!
//! The contact tests (push-out, minimality, manifolds) draw pairs until 10,000 overlap.
//!
//! How expected answers are derived: `reference/mod.rs` rebuilds each shape from the same input
//! points in f64, places it with the pose applied in f64, and computes the MTV from the
//! Minkowski difference (own monotone-chain hull, signed distance of the origin to it; the
//! derivation is in that file), with a second brute-force overlap/distance test by segment
//! intersection, point-in-polygon and vertex–segment distances. Nothing is derived by SAT.
//!
//! Every test collects its failures and prints up to eight with a paste-able repro before failing.
//! Run with `--nocapture` to see the counts and the cache hit rates.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;

use reference::*;
use septa::pair::polygon_polygon::REFERENCE_BIAS;
use septa::{
    collide, contact, overlaps, overlaps_cached, separation, trace, Axis, Contact, Feature, Manifold, Pose,
    Real, SatCache, Shape, Vector, Verdict,
};

/// Random pairs per kind and test.
const N: usize = 10_000;
/// Pairs this close to touching (signed distance, absolute) are not compared on overlap.
const NEAR: f64 = 1e-4;
/// Position tolerance (absolute; coordinates are below ~20, f32 error ~1e-6).
const TOL: f64 = 1e-4;

// ---------------------------------------------------------------------------------------------
// Harness
// ---------------------------------------------------------------------------------------------

struct Report {
    name: String,
    checked: usize,
    skipped: usize,
    failures: usize,
    examples: Vec<String>,
    started: std::time::Instant,
}

impl Report {
    fn new(name: impl Into<String>) -> Report {
        Report {
            name: name.into(),
            checked: 0,
            skipped: 0,
            failures: 0,
            examples: Vec::new(),
            started: std::time::Instant::now(),
        }
    }

    fn fail(&mut self, case: &Case, what: String) {
        self.failures += 1;
        if self.examples.len() < 8 {
            self.examples.push(format!("{what}\n      repro: {}", case.repro()));
        }
    }

    fn finish(self) {
        println!(
            "{}: {} checked, {} skipped, {} failures ({:.1} s)",
            self.name,
            self.checked,
            self.skipped,
            self.failures,
            self.started.elapsed().as_secs_f64()
        );
        if self.failures > 0 {
            panic!(
                "{}: {} failures, first ones:\n  {}",
                self.name,
                self.failures,
                self.examples.join("\n  ")
            );
        }
    }
}

macro_rules! check {
    ($report:expr, $case:expr, $cond:expr, $($fmt:tt)+) => {
        {
            let ok: bool = $cond;
            if !ok {
                $report.fail($case, format!($($fmt)+));
            }
        }
    };
}

fn close(a: P, b: P, tol: f64) -> bool {
    dist(a, b) <= tol
}

fn v(q: Vector) -> P {
    p(q)
}

/// A case with its shapes built by septa and rebuilt by the reference.
struct Built {
    case: Case,
    a: Shape,
    b: Shape,
    pa: Pose,
    pb: Pose,
    ra: RefShape,
    rb: RefShape,
    /// The reference answer, computed on first use (the Minkowski hull is the costly part).
    r: std::cell::OnceCell<RefPair>,
    /// max(1, larger bounding radius): the length scale of tolerances.
    scale: f64,
    /// septa's stored polygon vertices (septa's indexing) placed in the world in f64.
    wa: Option<Vec<P>>,
    wb: Option<Vec<P>>,
    /// REFERENCE_BIAS × the smaller bounding radius (0 with a circle): how much deeper than the
    /// MTV the manifold's reference face may be.
    bias: f64,
}

impl Built {
    fn new(case: Case) -> Built {
        let (ra, rb) = (case.ref_a(), case.ref_b());
        Built::with(case, ra, rb, std::cell::OnceCell::new())
    }

    fn with_reference(case: Case, ra: RefShape, rb: RefShape, r: RefPair) -> Built {
        Built::with(case, ra, rb, std::cell::OnceCell::from(r))
    }

    fn with(case: Case, ra: RefShape, rb: RefShape, r: std::cell::OnceCell<RefPair>) -> Built {
        let (a, b) = (case.a.build(), case.b.build());
        let (pa, pb) = (case.pose_a(), case.pose_b());
        let (bra, brb) = (ra.bounding_radius(), rb.bounding_radius());
        let scale = bra.max(brb).max(1.0);
        let bias = if ra.is_circle() || rb.is_circle() { 0.0 } else { REFERENCE_BIAS as f64 * bra.min(brb) };
        let (wa, wb) = (Built::lib_world(&a, pa), Built::lib_world(&b, pb));
        Built { case, a, b, pa, pb, ra, rb, r, scale, wa, wb, bias }
    }

    fn r(&self) -> &RefPair {
        self.r.get_or_init(|| RefPair::new(&self.ra, &self.rb))
    }

    fn near_touching(&self) -> bool {
        self.r().signed_distance.abs() < NEAR
    }

    /// septa's stored vertices (septa's indexing) placed in the world in f64.
    fn lib_world(shape: &Shape, pose: Pose) -> Option<Vec<P>> {
        match shape {
            Shape::Polygon(poly) => Some(poly.vertices().iter().map(|&q| pose_point(pose, q)).collect()),
            Shape::Box(b) => {
                Some(septa::Polygonal::vertices(b).iter().map(|&q| pose_point(pose, q)).collect())
            }
            Shape::Circle(_) | Shape::Capsule(_) => None,
        }
    }

    fn world_a(&self) -> Option<&Vec<P>> {
        self.wa.as_ref()
    }

    fn world_b(&self) -> Option<&Vec<P>> {
        self.wb.as_ref()
    }

    /// The centre of a circle shape (world, f64).
    fn circle_center(r: &RefShape) -> Option<P> {
        r.is_circle().then(|| r.core[0])
    }

    /// The direction an axis stands for, as `Axis` documents it, computed in f64 from the world
    /// vertices (septa's indexing): EdgeA/EdgeB the edge's outward normal, VertexA from a's vertex
    /// to b's centre, VertexB from b's vertex to a's centre, Centers from a's centre to b's.
    /// `None` when the axis does not exist on these shapes. The second value is the length the
    /// direction was normalised from (how reliable it is).
    fn natural_direction(&self, axis: Axis) -> Option<(P, f64)> {
        let edge = |w: Option<&Vec<P>>, i: u32| {
            let w = w?;
            ((i as usize) < w.len()).then(|| (edge_normal(w, i as usize), 1.0))
        };
        let toward = |from: P, to: P| {
            let d = sub(to, from);
            (normalized(d), norm(d))
        };
        match axis {
            Axis::EdgeA(i) => edge(self.world_a(), i),
            Axis::EdgeB(j) => edge(self.world_b(), j),
            Axis::VertexA(k) => {
                let (w, c) = (self.world_a()?, Built::circle_center(&self.rb)?);
                w.get(k as usize).map(|&q| toward(q, c))
            }
            Axis::VertexB(k) => {
                let (w, c) = (self.world_b()?, Built::circle_center(&self.ra)?);
                w.get(k as usize).map(|&q| toward(q, c))
            }
            Axis::Centers => {
                let (ca, cb) = (Built::circle_center(&self.ra)?, Built::circle_center(&self.rb)?);
                Some(toward(ca, cb))
            }
            Axis::ClosestPoints => None, // capsule pairs only; not generated here
        }
    }

    /// The natural direction turned to point from a to b, as a contact normal on that axis does.
    fn contact_direction(&self, axis: Axis) -> Option<(P, f64)> {
        let (d, len) = self.natural_direction(axis)?;
        Some(match axis {
            Axis::EdgeB(_) | Axis::VertexB(_) => (mul(d, -1.0), len),
            _ => (d, len),
        })
    }

    /// The f64 separation of the two shapes' shadows on a direction.
    fn shadow_separation(&self, d: P) -> f64 {
        let (a0, a1) = self.ra.project(d);
        let (b0, b1) = self.rb.project(d);
        (b0 - a1).max(a0 - b1)
    }

    fn overlaps(&self) -> bool {
        overlaps(&self.a, self.pa, &self.b, self.pb)
    }

    fn bias_tolerance(&self) -> f64 {
        self.bias
    }
}

fn cases(kind: Kind, test: &str) -> impl Iterator<Item = Built> {
    let mut rng = Rng::for_test(test, kind as u64);
    (0..N).map(move |_| Built::new(random_case(kind, &mut rng)))
}

/// 10,000 random pairs that overlap (by the reference), for the tests about contacts.
fn overlapping_cases(kind: Kind, test: &str) -> impl Iterator<Item = Built> {
    let mut rng = Rng::for_test(test, kind as u64);
    std::iter::repeat_with(move || loop {
        let case = random_case(kind, &mut rng);
        let (ra, rb) = (case.ref_a(), case.ref_b());
        // bounding circles apart: certainly not overlapping, no need for the Minkowski hull
        if dist(ra.center(), rb.center()) > ra.bounding_radius() + rb.bounding_radius() {
            continue;
        }
        let r = RefPair::new(&ra, &rb);
        if r.overlapping() {
            return Built::with_reference(case, ra, rb, r);
        }
    })
    .take(N)
}

fn shallow_cases(kind: Kind, test: &str) -> impl Iterator<Item = Built> {
    let mut rng = Rng::for_test(test, kind as u64);
    (0..N).map(move |_| {
        let (case, r) = shallow_case(kind, &mut rng);
        let (ra, rb) = (case.ref_a(), case.ref_b());
        Built::with_reference(case, ra, rb, r)
    })
}

fn name(kind: Kind, test: &str) -> String {
    format!("{test}[{kind:?}]")
}

// ---------------------------------------------------------------------------------------------
// The reference itself
// ---------------------------------------------------------------------------------------------

/// The two reference methods (Minkowski signed distance, brute-force segment/containment
/// distance) agree with each other, and the reference MTV leaves the shapes just touching.
fn reference_self_consistency(kind: Kind) {
    let mut report = Report::new(name(kind, "reference_self_consistency"));
    let (mut overlapping, mut apart) = (0, 0);
    for t in cases(kind, "reference") {
        let (case, r) = (&t.case, t.r());
        report.checked += 1;
        let direct = direct_distance(&t.ra, &t.rb);
        if r.overlapping() {
            overlapping += 1;
        } else {
            apart += 1;
            check!(
                report,
                case,
                (direct - r.signed_distance).abs() < 1e-9 * t.scale,
                "distance: Minkowski {} vs brute force {}",
                r.signed_distance,
                direct
            );
        }
        if !t.near_touching() {
            check!(
                report,
                case,
                direct_overlap(&t.ra, &t.rb) == r.overlapping(),
                "overlap: Minkowski {} vs brute force",
                r.overlapping()
            );
        }
        if r.overlapping() && r.depth() > 1e-6 {
            let out = t.rb.translated(mul(r.normal, r.depth() + 1e-7));
            let not_quite = t.rb.translated(mul(r.normal, r.depth() - 1e-7));
            check!(report, case, !direct_overlap(&t.ra, &out), "reference MTV does not separate");
            check!(
                report,
                case,
                direct_overlap(&t.ra, &not_quite),
                "reference MTV is not minimal along its normal"
            );
        }
    }
    check!(
        report,
        &random_case(kind, &mut Rng::new(0)),
        overlapping > N / 5 && apart > N / 5,
        "unbalanced sample: {overlapping} overlapping, {apart} apart"
    );
    report.finish();
}

/// septa's stored polygon is the reference hull of the input, counter-clockwise, same cycle.
#[test]
fn library_polygons_are_the_reference_hulls() {
    let mut report = Report::new("library_polygons_are_the_reference_hulls");
    let mut rng = Rng::for_test("hulls", 0);
    for _ in 0..N {
        let spec = random_polygon(&mut rng);
        let case = Case {
            a: spec.clone(),
            ta: Vector::ZERO,
            angle_a: 0.0,
            b: spec.clone(),
            tb: Vector::ZERO,
            angle_b: 0.0,
        };
        report.checked += 1;
        let Shape::Polygon(poly) = spec.build() else { unreachable!() };
        let mine = spec.local().core;
        let lib: Vec<P> = poly.vertices().iter().map(|&q| v(q)).collect();
        check!(
            report,
            &case,
            lib.len() == mine.len(),
            "{} vertices, reference hull has {}",
            lib.len(),
            mine.len()
        );
        if lib.len() != mine.len() {
            continue;
        }
        let start = mine.iter().position(|&q| q == lib[0]);
        check!(report, &case, start.is_some(), "first vertex {:?} is not a hull corner", lib[0]);
        if let Some(s) = start {
            let same = (0..lib.len()).all(|i| lib[i] == mine[(s + i) % mine.len()]);
            check!(report, &case, same, "vertices {lib:?} are not the CCW hull {mine:?}");
        }
        // normals: unit, outward (every vertex behind every edge's plane)
        for (i, &n) in poly.normals().iter().enumerate() {
            let n = v(n);
            let expected = edge_normal(&lib, i);
            check!(report, &case, close(n, expected, 1e-6), "normal {i}: {n:?} vs {expected:?}");
            let offset = poly.plane_offsets()[i] as f64;
            let support = lib.iter().map(|&q| dot(q, n)).fold(f64::NEG_INFINITY, f64::max);
            check!(
                report,
                &case,
                (offset - support).abs() < 1e-5,
                "plane offset {i}: {offset} vs support {support}"
            );
        }
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// overlaps, contact, push-out, minimality
// ---------------------------------------------------------------------------------------------

fn overlap_agrees(kind: Kind) {
    let mut report = Report::new(name(kind, "overlap_agrees"));
    let (mut yes, mut no) = (0, 0);
    for t in cases(kind, "overlap") {
        if t.near_touching() {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        let got = t.overlaps();
        if t.r().overlapping() {
            yes += 1
        } else {
            no += 1
        }
        check!(
            report,
            &t.case,
            got == t.r().overlapping(),
            "overlaps = {got}, reference signed distance {}",
            t.r().signed_distance
        );
        check!(
            report,
            &t.case,
            direct_overlap(&t.ra, &t.rb) == got,
            "overlaps = {got}, brute force disagrees"
        );
    }
    check!(
        report,
        &random_case(kind, &mut Rng::new(0)),
        yes > N / 5 && no > N / 5,
        "unbalanced: {yes} / {no}"
    );
    report.finish();
}

fn contact_matches_reference(kind: Kind) {
    let mut report = Report::new(name(kind, "contact_matches_reference"));
    let mut compared_normals = 0;
    for t in cases(kind, "contact") {
        let c = contact(&t.a, t.pa, &t.b, t.pb);
        let case = &t.case;
        check!(report, case, c.is_some() == t.overlaps(), "contact {c:?} but overlaps = {}", t.overlaps());
        if t.near_touching() {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        check!(
            report,
            case,
            c.is_some() == t.r().overlapping(),
            "contact {c:?}, reference depth {}",
            t.r().depth()
        );
        let Some(c) = c else { continue };
        let (n, depth) = (v(c.normal), c.depth as f64);
        check!(report, case, (norm(n) - 1.0).abs() < 1e-5, "normal {n:?} is not unit");
        check!(report, case, c.depth > 0.0, "depth {} not positive", c.depth);
        check!(
            report,
            case,
            (depth - t.r().depth()).abs() <= 1e-4 * t.scale,
            "depth {depth} vs reference {}",
            t.r().depth()
        );
        if t.r().normal_unique(1e-3 * t.scale) {
            compared_normals += 1;
            check!(
                report,
                case,
                close(n, t.r().normal, t.r().normal_tolerance(t.scale)),
                "normal {n:?} vs reference {:?} (depth {depth})",
                t.r().normal
            );
        }
        match t.contact_direction(c.axis) {
            Some((d, len)) if len > 0.02 => {
                check!(
                    report,
                    case,
                    close(n, d, 1e-4),
                    "normal {n:?} is not the direction {d:?} of its axis {:?}",
                    c.axis
                )
            }
            Some(_) => {}
            None => report.fail(case, format!("contact names axis {:?}, which these shapes lack", c.axis)),
        }
        // moving along the normal by the depth takes the shadows on the normal apart exactly
        let sep = t.shadow_separation(n);
        check!(
            report,
            case,
            (sep + depth).abs() <= 1e-4 * t.scale,
            "shadow overlap on the normal {} vs depth {depth}",
            -sep
        );
    }
    check!(
        report,
        &random_case(kind, &mut Rng::new(0)),
        compared_normals > N / 10,
        "only {compared_normals} normals compared"
    );
    report.finish();
}

fn push_out(kind: Kind) {
    let mut report = Report::new(name(kind, "push_out"));
    for t in overlapping_cases(kind, "push_out") {
        let Some(c) = contact(&t.a, t.pa, &t.b, t.pb) else { continue };
        if t.near_touching() {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        let (n, depth, case) = (v(c.normal), c.depth as f64, &t.case);
        let eps = 2e-5 * t.scale;
        let out = mul(n, depth * (1.0 + 1e-4) + eps);
        check!(
            report,
            case,
            !direct_overlap(&t.ra, &t.rb.translated(out)),
            "b moved by the MTV ({n:?} × {depth}) still overlaps a (brute force)"
        );
        check!(
            report,
            case,
            !t.r().overlaps_after_moving_b(out),
            "b moved by the MTV still overlaps a (Minkowski)"
        );
        let moved = Pose {
            translation: t.pb.translation + (c.normal * (c.depth * (1.0 + 1e-4))) + c.normal * eps as Real,
            ..t.pb
        };
        check!(
            report,
            case,
            !overlaps(&t.a, t.pa, &t.b, moved),
            "septa still finds overlap after its own MTV"
        );
        if 0.01 * depth > 10.0 * eps {
            let short = mul(n, 0.99 * depth);
            check!(
                report,
                case,
                direct_overlap(&t.ra, &t.rb.translated(short)),
                "b moved by 99 % of the MTV ({n:?} × {depth}) no longer overlaps: the MTV is too long"
            );
        }
    }
    report.finish();
}

/// The least push along `u` that separates, by bisection with the reference overlap test.
fn least_separating_push(r: &RefPair, u: P, hi: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, hi);
    for _ in 0..22 {
        let mid = 0.5 * (lo + hi);
        if r.overlaps_after_moving_b(mul(u, mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

fn mtv_is_minimal(kind: Kind) {
    let mut report = Report::new(name(kind, "mtv_is_minimal"));
    let mut rng = Rng::for_test("minimal directions", kind as u64);
    let mut longer = 0usize;
    for t in overlapping_cases(kind, "minimal") {
        let Some(c) = contact(&t.a, t.pa, &t.b, t.pb) else { continue };
        if t.near_touching() {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        let (depth, case) = (c.depth as f64, &t.case);
        // far enough to clear any overlap: the diameter of the Minkowski difference
        let hi = 2.0 * (t.ra.bounding_radius() + t.rb.bounding_radius())
            + dist(t.ra.center(), t.rb.center())
            + 1.0;
        for _ in 0..8 {
            let u = rng.unit();
            check!(
                report,
                case,
                !t.r().overlaps_after_moving_b(mul(u, hi)),
                "bisection bound {hi} too small"
            );
            let s = least_separating_push(t.r(), u, hi);
            if s > depth * 1.5 {
                longer += 1;
            }
            check!(
                report,
                case,
                s >= depth - 1e-4 * t.scale,
                "along {u:?} a push of {s} separates, shorter than the MTV depth {depth}"
            );
        }
        let along_normal = least_separating_push(t.r(), v(c.normal), hi);
        check!(
            report,
            case,
            (along_normal - depth).abs() <= 1e-4 * t.scale,
            "along the MTV normal the least separating push is {along_normal}, depth says {depth}"
        );
    }
    check!(
        report,
        &random_case(kind, &mut Rng::new(0)),
        longer > report.checked,
        "random directions never longer?"
    );
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// Manifolds
// ---------------------------------------------------------------------------------------------

/// Checks one manifold; returns a description of what is wrong, if anything.
fn manifold_problems(t: &Built, m: &Manifold, shallow: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let n = v(m.normal);
    let points = m.points();
    let depth_ref = t.r().depth();
    let bias = t.bias_tolerance();
    if (norm(n) - 1.0).abs() > 1e-5 {
        problems.push(format!("normal {n:?} not unit"));
    }
    if points.is_empty() || points.len() > 2 {
        problems.push(format!("{} points", points.len()));
        return problems;
    }
    for q in points {
        if q.depth.is_nan() || q.depth <= 0.0 || q.depth as f64 > depth_ref + bias + TOL {
            problems.push(format!("point depth {} outside (0, {} + {bias}]", q.depth, depth_ref));
        }
    }
    // Every point lies on the incident surface (checked per kind below) and within its own depth
    // of the other shape: its projection on the reference face lies on the face (clipping), so
    // it is at most `depth` from it. Both shapes contain it up to that much; a shallow contact
    // therefore sits in the overlap region. (A fixed 1e-3 × size bound cannot hold at 1 %
    // depth: at an acute corner of the reference polygon a point `depth` behind the face is up
    // to about `depth` outside the adjacent edge.)
    for q in points {
        let x = v(q.point);
        let (da, db) = (t.ra.signed_distance(x), t.rb.signed_distance(x));
        let allowed = q.depth as f64 + TOL;
        if da > allowed || db > allowed {
            problems
                .push(format!("point {x:?} (depth {}) outside the overlap: a by {da}, b by {db}", q.depth));
        }
        if shallow && (da > 1e-3 * t.scale || db > 1e-3 * t.scale) && (q.depth as f64) < 1e-3 * t.scale {
            problems.push(format!("shallow: point {x:?} outside the overlap (a by {da}, b by {db})"));
        }
    }
    if shallow {
        let deepest = m.depth() as f64;
        if (deepest - depth_ref).abs() > 1e-3 * t.scale {
            problems.push(format!("shallow: deepest point {deepest} vs MTV depth {depth_ref}"));
        }
    }
    match (t.ra.is_circle(), t.rb.is_circle()) {
        (false, false) => problems.extend(polygon_manifold_problems(t, m)),
        (a_round, b_round) => {
            if points.len() != 1 {
                problems.push(format!("{} points with a circle", points.len()));
            }
            let q = &points[0];
            let x = v(q.point);
            if (q.depth as f64 - depth_ref).abs() > 1e-4 * t.scale {
                problems.push(format!("circle manifold depth {} vs MTV {depth_ref}", q.depth));
            }
            // the circle's deepest point: b's when b is round, else a's
            let (expected, ids_ok) = if b_round {
                let c = &t.rb;
                (
                    sub(c.core[0], mul(n, c.radius)),
                    if a_round { q.id.a == Feature::Circle } else { q.id.b == Feature::Circle },
                )
            } else {
                let c = &t.ra;
                (add(c.core[0], mul(n, c.radius)), q.id.a == Feature::Circle)
            };
            if !close(x, expected, TOL) {
                problems.push(format!("point {x:?}, expected the circle's deepest point {expected:?}"));
            }
            if !ids_ok {
                problems.push(format!("id {:?}", q.id));
            }
            // the polygon feature names the axis of the normal
            let poly_feature = if a_round && b_round {
                None
            } else if a_round {
                Some((q.id.b, true))
            } else {
                Some((q.id.a, false))
            };
            if let Some((feature, poly_is_b)) = poly_feature {
                let axis = match (feature, poly_is_b) {
                    (Feature::Edge(i), false) => Some(Axis::EdgeA(i)),
                    (Feature::Vertex(k), false) => Some(Axis::VertexA(k)),
                    (Feature::Edge(i), true) => Some(Axis::EdgeB(i)),
                    (Feature::Vertex(k), true) => Some(Axis::VertexB(k)),
                    _ => None,
                };
                match axis.and_then(|ax| t.contact_direction(ax)) {
                    Some((d, len)) => {
                        if len > 0.02 && !close(n, d, 1e-4) {
                            problems.push(format!("id {:?} names direction {d:?}, normal is {n:?}", q.id));
                        }
                    }
                    None => problems.push(format!("id {:?} names no axis of these shapes", q.id)),
                }
            }
        }
    }
    problems
}

/// Polygon pairs: some assignment of reference/incident roles must explain every point.
fn polygon_manifold_problems(t: &Built, m: &Manifold) -> Vec<String> {
    let n = v(m.normal);
    let (wa, wb) = (t.world_a().unwrap(), t.world_b().unwrap());
    let mut reasons = Vec::new();
    // The manifold names its reference side and edges: only that assignment may explain it.
    let Some(declared) = m.clip_faces() else { return vec!["a polygon manifold without clip faces".into()] };
    for ref_is_a in [!declared.reference_on_b] {
        let (wr, wi, ri, n_r) = if ref_is_a { (&wa, &wb, &t.rb, n) } else { (&wb, &wa, &t.ra, mul(n, -1.0)) };
        let faces: Vec<usize> = (0..wr.len()).filter(|&f| close(edge_normal(wr, f), n_r, 1e-4)).collect();
        if !faces.contains(&(declared.reference as usize)) {
            reasons.push(format!(
                "declared reference {declared:?}: its normal is not {n_r:?} (faces {faces:?})"
            ));
            continue;
        }
        let faces = vec![declared.reference as usize];
        let d_r = wr.iter().map(|&q| dot(q, n_r)).fold(f64::NEG_INFINITY, f64::max);
        let tangent = [-n_r[1], n_r[0]];
        let mut why = Vec::new();
        for q in m.points() {
            let x = v(q.point);
            let on_incident = ri.signed_distance(x).abs();
            if on_incident > TOL {
                why.push(format!("point {x:?} is {on_incident} off the incident boundary"));
            }
            let behind = d_r - dot(n_r, x);
            if (behind - q.depth as f64).abs() > TOL {
                why.push(format!("point {x:?} depth {} but {behind} behind the reference face", q.depth));
            }
            let (rf, inf) = if ref_is_a { (q.id.a, q.id.b) } else { (q.id.b, q.id.a) };
            match (rf, inf) {
                (Feature::Edge(r), Feature::Vertex(k)) => {
                    if !faces.contains(&(r as usize)) {
                        why.push(format!("id {:?}: edge {r} is not the reference face {faces:?}", q.id));
                    }
                    match wi.get(k as usize) {
                        Some(&w) if close(w, x, TOL) => {}
                        other => why
                            .push(format!("id {:?}: incident vertex {other:?} is not the point {x:?}", q.id)),
                    }
                }
                (Feature::Vertex(r), Feature::Edge(k)) => {
                    let nr = wr.len();
                    if !faces.iter().any(|&f| r as usize == f || r as usize == (f + 1) % nr) {
                        why.push(format!(
                            "id {:?}: vertex {r} does not end the reference face {faces:?}",
                            q.id
                        ));
                    } else if (dot(tangent, x) - dot(tangent, wr[r as usize])).abs() > TOL {
                        why.push(format!(
                            "id {:?}: point {x:?} is not on the side plane of vertex {r}",
                            q.id
                        ));
                    }
                    let ni = wi.len();
                    if (k as usize) >= ni
                        || point_segment(x, wi[k as usize], wi[(k as usize + 1) % ni]).0 > TOL
                    {
                        why.push(format!("id {:?}: point {x:?} is not on incident edge {k}", q.id));
                    }
                }
                _ => why.push(format!("id {:?} is no clipping id", q.id)),
            }
        }
        // all points on the declared incident edge
        let (ni, e) = (wi.len(), declared.incident as usize);
        let on_edge =
            e < ni && m.points().iter().all(|q| point_segment(v(q.point), wi[e], wi[(e + 1) % ni]).0 <= TOL);
        if !on_edge {
            why.push(format!("the points are not on the declared incident edge {e}"));
        }
        // two points come from clipping: both between the side planes of the reference face
        if m.points().len() == 2 {
            let in_slab = faces.iter().any(|&f| {
                let (lo, hi) = (dot(tangent, wr[f]), dot(tangent, wr[(f + 1) % wr.len()]));
                m.points().iter().all(|q| {
                    let s = dot(tangent, v(q.point));
                    s >= lo - TOL && s <= hi + TOL
                })
            });
            if !in_slab {
                why.push("two points, not both between the reference face's side planes".to_string());
            }
        }
        if why.is_empty() {
            // the reference face is within the bias of the best face
            let push = -t.shadow_separation(n);
            if push > t.r().depth() + t.bias_tolerance() + TOL {
                return vec![format!(
                    "reference face needs a push of {push}, MTV {} + bias {}",
                    t.r().depth(),
                    t.bias_tolerance()
                )];
            }
            return Vec::new();
        }
        reasons.push(format!("ref {}: {}", if ref_is_a { "a" } else { "b" }, why.join("; ")));
    }
    reasons
}

fn manifold_checks(kind: Kind, shallow: bool) {
    let test = if shallow { "manifold_shallow" } else { "manifold_any_depth" };
    let mut report = Report::new(name(kind, test));
    let mut two_points = 0;
    let iter: Box<dyn Iterator<Item = Built>> =
        if shallow { Box::new(shallow_cases(kind, test)) } else { Box::new(overlapping_cases(kind, test)) };
    for t in iter {
        let m = collide(&t.a, t.pa, &t.b, t.pb);
        let c = contact(&t.a, t.pa, &t.b, t.pb);
        check!(report, &t.case, m.is_some() == c.is_some(), "collide {m:?} but contact {c:?}");
        let Some(m) = m else { continue };
        if t.near_touching() && !shallow {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        if m.points().len() == 2 {
            two_points += 1;
        }
        let c = c.unwrap();
        if t.ra.is_circle() || t.rb.is_circle() {
            check!(
                report,
                &t.case,
                close(v(m.normal), v(c.normal), 1e-6),
                "manifold normal {} vs contact {}",
                m.normal,
                c.normal
            );
        } else if t.r().normal_unique(t.bias_tolerance() + 1e-3 * t.scale) {
            check!(
                report,
                &t.case,
                close(v(m.normal), t.r().normal, t.r().normal_tolerance(t.scale)),
                "manifold normal {} vs unique MTV normal {:?}",
                m.normal,
                t.r().normal
            );
        }
        let problems = manifold_problems(&t, &m, shallow);
        check!(report, &t.case, problems.is_empty(), "manifold {m:?}: {}", problems.join(" | "));
    }
    if kind == Kind::PolygonPolygon {
        check!(report, &random_case(kind, &mut Rng::new(0)), two_points > 0, "never two points");
    }
    println!("{}: {two_points} two-point manifolds", name(kind, test));
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// Symmetry and invariance
// ---------------------------------------------------------------------------------------------

/// The checks the symmetry and invariance tests share, on `u`, the pair `t` built another way
/// (`how`: "swapped", "rebuilt", "moved"), with their contacts `(t's, u's)`: `overlaps` agrees;
/// both contacts exist or neither does; when both do, the depths agree within `depth_tol` × scale
/// and, where the reference normal is unique, `turn` (how the change moves a direction) takes
/// t's normal to u's. Returns whether both contacts exist.
fn same_contact(
    report: &mut Report,
    t: &Built,
    u: &Built,
    how: &str,
    contacts: (Option<Contact>, Option<Contact>),
    depth_tol: f64,
    turn: impl Fn(P) -> P,
) -> bool {
    let case = &t.case;
    check!(
        report,
        case,
        t.overlaps() == u.overlaps(),
        "overlaps {} vs {how} {} ({})",
        t.overlaps(),
        u.overlaps(),
        u.case.repro()
    );
    let (Some(c), Some(d)) = contacts else {
        let (c, d) = contacts;
        check!(report, case, c.is_none() && d.is_none(), "contact {c:?} vs {how} {d:?}");
        return false;
    };
    check!(
        report,
        case,
        (c.depth - d.depth).abs() as f64 <= depth_tol * t.scale,
        "depth {} vs {how} {}",
        c.depth,
        d.depth
    );
    if t.r().normal_unique(1e-3 * t.scale) {
        let turned = turn(v(c.normal));
        check!(
            report,
            case,
            close(turned, v(d.normal), t.r().normal_tolerance(t.scale)),
            "normal {} turned {turned:?} vs {how} {}",
            c.normal,
            d.normal
        );
    }
    true
}

/// The same number of manifold points, each of `m`'s within `TOL` of one of `k`'s.
fn same_points(m: &Manifold, k: &Manifold) -> bool {
    m.points().len() == k.points().len()
        && m.points().iter().all(|q| k.points().iter().any(|w| close(v(q.point), v(w.point), TOL)))
}

fn swap_symmetry(kind: Kind) {
    let mut report = Report::new(name(kind, "swap_symmetry"));
    for t in cases(kind, "swap") {
        let s = Built::new(t.case.swapped());
        let case = &t.case;
        let (ab, ba) = (contact(&t.a, t.pa, &t.b, t.pb), contact(&s.a, s.pa, &s.b, s.pb));
        let (sab, sba) = (separation(&t.a, t.pa, &t.b, t.pb), separation(&s.a, s.pa, &s.b, s.pb));
        check!(
            report,
            case,
            (sab.distance - sba.distance).abs() as f64 <= 1e-5 * t.scale,
            "separation {} vs swapped {}",
            sab.distance,
            sba.distance
        );
        if t.near_touching() {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        // a ↔ b turns the normal around
        if !same_contact(&mut report, &t, &s, "swapped", (ab, ba), 1e-5, |n| mul(n, -1.0)) {
            continue;
        }
        let (mab, mba) = (collide(&t.a, t.pa, &t.b, t.pb).unwrap(), collide(&s.a, s.pa, &s.b, s.pb).unwrap());
        if t.r().normal_unique(t.bias_tolerance() + 1e-3 * t.scale) {
            check!(
                report,
                case,
                close(v(mab.normal), mul(v(mba.normal), -1.0), t.r().normal_tolerance(t.scale)),
                "manifold normal {} vs swapped {}",
                mab.normal,
                mba.normal
            );
            // the same incident surface gives the same points, except for two circles, where the
            // point is always b's deepest point
            if kind != Kind::CircleCircle {
                check!(
                    report,
                    case,
                    same_points(&mab, &mba),
                    "manifold points {:?} vs swapped {:?}",
                    mab.points(),
                    mba.points()
                );
            }
            check!(
                report,
                case,
                (mab.depth() - mba.depth()).abs() as f64 <= 1e-5 * t.scale,
                "manifold depth {} vs swapped {}",
                mab.depth(),
                mba.depth()
            );
        }
    }
    report.finish();
}

fn start_and_winding_invariance(kind: Kind) {
    let mut report = Report::new(name(kind, "start_and_winding_invariance"));
    let mut rng = Rng::for_test("rebuild", kind as u64);
    for t in cases(kind, "rebuild") {
        let rebuilt = Case {
            a: t.case.a.rebuilt(rng.int(0, 11), rng.chance(0.5)),
            b: t.case.b.rebuilt(rng.int(0, 11), rng.chance(0.5)),
            ..t.case.clone()
        };
        let u = Built::new(rebuilt);
        let case = &t.case;
        report.checked += 1;
        // the same edges in another order: every per-axis value is the same, so overlap is exact
        let contacts = (contact(&t.a, t.pa, &t.b, t.pb), contact(&u.a, u.pa, &u.b, u.pb));
        if !same_contact(&mut report, &t, &u, "rebuilt", contacts, 1e-6, |n| n) {
            continue;
        }
        let (m, k) = (collide(&t.a, t.pa, &t.b, t.pb).unwrap(), collide(&u.a, u.pa, &u.b, u.pb).unwrap());
        if t.r().normal_unique(t.bias_tolerance() + 1e-3 * t.scale) {
            check!(report, case, same_points(&m, &k), "manifold {m:?} vs rebuilt {k:?}");
        }
        let (s, r) = (separation(&t.a, t.pa, &t.b, t.pb), separation(&u.a, u.pa, &u.b, u.pb));
        check!(
            report,
            case,
            (s.distance - r.distance).abs() as f64 <= 1e-6 * t.scale,
            "separation {} vs rebuilt {}",
            s.distance,
            r.distance
        );
    }
    report.finish();
}

fn pose_invariance(kind: Kind) {
    let mut report = Report::new(name(kind, "pose_invariance"));
    let mut rng = Rng::for_test("rigid", kind as u64);
    for t in cases(kind, "rigid") {
        let phi = rng.angle();
        let shift = [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)];
        let place = |tr: Vector| {
            let q = add(rotate(v(tr), phi), shift);
            Vector::new(q[0] as Real, q[1] as Real)
        };
        let moved = Case {
            ta: place(t.case.ta),
            angle_a: (t.case.angle_a as f64 + phi) as Real,
            tb: place(t.case.tb),
            angle_b: (t.case.angle_b as f64 + phi) as Real,
            ..t.case.clone()
        };
        let u = Built::new(moved);
        if t.near_touching() || u.near_touching() {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        // moving both shapes rigidly turns the normal with them
        let contacts = (contact(&t.a, t.pa, &t.b, t.pb), contact(&u.a, u.pa, &u.b, u.pb));
        same_contact(&mut report, &t, &u, "moved", contacts, 1e-4, |n| rotate(n, phi));
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// Trace
// ---------------------------------------------------------------------------------------------

fn trace_agrees(kind: Kind) {
    let mut report = Report::new(name(kind, "trace_agrees"));
    for t in cases(kind, "trace") {
        let tr = trace(&t.a, t.pa, &t.b, t.pb);
        let case = &t.case;
        report.checked += 1;
        let tol = 1e-5 * (1.0 + norm(v(t.case.ta)).max(norm(v(t.case.tb))) + t.scale);
        // the axes, in test order
        let (la, lb) = (t.world_a().map_or(0, |w| w.len()), t.world_b().map_or(0, |w| w.len()));
        let kinds: Vec<&str> = tr
            .steps
            .iter()
            .map(|s| match s.axis {
                Axis::EdgeA(_) => "A",
                Axis::EdgeB(_) => "B",
                Axis::VertexA(_) => "vA",
                Axis::VertexB(_) => "vB",
                Axis::Centers => "AB",
                Axis::ClosestPoints => "closest",
            })
            .collect();
        let expected: Vec<&str> = match kind {
            Kind::PolygonPolygon => [vec!["A"; la], vec!["B"; lb]].concat(),
            Kind::PolygonCircle => [vec!["A"; la], vec!["vA"]].concat(),
            Kind::CirclePolygon => [vec!["B"; lb], vec!["vB"]].concat(),
            Kind::CircleCircle => vec!["AB"],
        };
        check!(report, case, kinds == expected, "axes {kinds:?}, expected {expected:?}");
        let mut my_sep = Vec::new();
        let mut my_push = Vec::new();
        for (i, s) in tr.steps.iter().enumerate() {
            let d = v(s.direction);
            check!(report, case, (norm(d) - 1.0).abs() < 1e-5, "step {i}: direction {d:?} not unit");
            match t.natural_direction(s.axis) {
                Some((e, len)) => {
                    if len > 0.02 {
                        check!(
                            report,
                            case,
                            close(d, e, 1e-4),
                            "step {i} {:?}: direction {d:?}, expected {e:?}",
                            s.axis
                        )
                    }
                }
                None => report.fail(case, format!("step {i}: axis {:?} not on these shapes", s.axis)),
            }
            if let Axis::VertexA(k) | Axis::VertexB(k) = s.axis {
                // the vertex nearest the centre
                let (w, c) = if let Axis::VertexA(_) = s.axis {
                    (t.world_a(), t.rb.core[0])
                } else {
                    (t.world_b(), t.ra.core[0])
                };
                if let Some(w) = w {
                    let best = w.iter().map(|&q| dist(q, c)).fold(f64::INFINITY, f64::min);
                    check!(
                        report,
                        case,
                        (k as usize) < w.len() && dist(w[k as usize], c) <= best + 1e-5,
                        "step {i}: vertex {k} is not the nearest to the centre"
                    );
                }
            }
            // both shadows, recomputed from the world shapes
            for (label, proj, shape, world) in
                [("a", &s.a, &t.ra, t.world_a()), ("b", &s.b, &t.rb, t.world_b())]
            {
                let (lo, hi) = shape.project(d);
                let iv = proj.interval;
                check!(
                    report,
                    case,
                    (iv.min as f64 - lo).abs() <= tol && (iv.max as f64 - hi).abs() <= tol,
                    "step {i} {:?}: {label}'s interval [{}, {}] vs f64 [{lo}, {hi}]",
                    s.axis,
                    iv.min,
                    iv.max
                );
                for (end, point, value, vertex) in [
                    ("min", proj.min_point, iv.min, proj.min_vertex),
                    ("max", proj.max_point, iv.max, proj.max_vertex),
                ] {
                    let x = v(point);
                    check!(
                        report,
                        case,
                        (dot(d, x) - value as f64).abs() <= tol,
                        "step {i}: {label}'s {end} point does not project on its end"
                    );
                    check!(
                        report,
                        case,
                        shape.signed_distance(x).abs() <= TOL,
                        "step {i}: {label}'s {end} point {x:?} not on the shape's boundary"
                    );
                    match (&world, vertex) {
                        (Some(w), Some(k)) => check!(
                            report,
                            case,
                            (k as usize) < w.len() && close(w[k as usize], x, TOL),
                            "step {i}: {label}'s {end} vertex {k} is not its {end} point"
                        ),
                        (None, None) => {}
                        _ => report.fail(
                            case,
                            format!("step {i}: {label}'s {end} vertex {vertex:?} on the wrong kind of shape"),
                        ),
                    }
                }
            }
            let (a0, a1) = t.ra.project(d);
            let (b0, b1) = t.rb.project(d);
            let sep = (b0 - a1).max(a0 - b1);
            my_sep.push(sep);
            check!(
                report,
                case,
                (s.separation as f64 - sep).abs() <= tol,
                "step {i}: separation {} vs f64 {sep}",
                s.separation
            );
            check!(report, case, s.is_gap() == (s.separation >= 0.0), "step {i}: is_gap inconsistent");
            let (forwards, backwards) = (a1 - b0, b1 - a0);
            let expected = if forwards <= backwards { forwards } else { -backwards };
            my_push.push(forwards.min(backwards));
            match s.push {
                None => check!(report, case, s.separation >= 0.0, "step {i}: no push on an overlap"),
                Some(push) => {
                    check!(report, case, s.separation < 0.0, "step {i}: a push on a gap");
                    let push = push as f64;
                    if (forwards - backwards).abs() > 2.0 * tol {
                        check!(
                            report,
                            case,
                            (push - expected).abs() <= tol,
                            "step {i}: push {push} vs f64 {expected}"
                        );
                    } else {
                        check!(
                            report,
                            case,
                            (push.abs() - forwards.min(backwards)).abs() <= tol,
                            "step {i}: push {push} vs f64 ±{expected}"
                        );
                    }
                }
            }
        }
        let overlapping = t.overlaps();
        match tr.verdict {
            Verdict::Separated { step } => {
                check!(
                    report,
                    case,
                    step < tr.steps.len()
                        && tr.steps[step].is_gap()
                        && tr.steps[..step].iter().all(|s| !s.is_gap()),
                    "verdict step {step} is not the first gap"
                );
                check!(
                    report,
                    case,
                    my_sep.get(step).is_some_and(|&x| x >= -tol)
                        && my_sep[..step.min(my_sep.len())].iter().all(|&x| x < tol),
                    "verdict step {step}: f64 separations {my_sep:?}"
                );
                if !t.near_touching() {
                    check!(
                        report,
                        case,
                        !overlapping && !t.r().overlapping(),
                        "trace separated, overlaps = {overlapping}, reference depth {}",
                        t.r().depth()
                    );
                }
            }
            Verdict::Colliding { step, contact: tc, manifold } => {
                check!(
                    report,
                    case,
                    tr.steps.iter().all(|s| !s.is_gap()),
                    "colliding verdict with a gap step"
                );
                let least =
                    tr.steps.iter().filter_map(|s| s.push).map(Real::abs).fold(Real::INFINITY, Real::min);
                check!(
                    report,
                    case,
                    tr.steps.get(step).and_then(|s| s.push).map(Real::abs) == Some(least),
                    "verdict step {step} is not the least push {least}"
                );
                check!(
                    report,
                    case,
                    manifold == collide(&t.a, t.pa, &t.b, t.pb),
                    "trace manifold {manifold:?} is not collide's"
                );
                let my_least = my_push.iter().copied().fold(f64::INFINITY, f64::min);
                if !t.near_touching() {
                    check!(
                        report,
                        case,
                        overlapping && t.r().overlapping(),
                        "trace colliding, overlaps = {overlapping}, reference {}",
                        t.r().signed_distance
                    );
                    check!(
                        report,
                        case,
                        (tc.depth as f64 - t.r().depth()).abs() <= 1e-4 * t.scale,
                        "trace depth {} vs reference {}",
                        tc.depth,
                        t.r().depth()
                    );
                    check!(
                        report,
                        case,
                        (my_least - t.r().depth()).abs() <= 1e-4 * t.scale,
                        "least f64 push over the trace's axes {my_least} vs reference MTV {}",
                        t.r().depth()
                    );
                    if let Some(c) = contact(&t.a, t.pa, &t.b, t.pb) {
                        check!(
                            report,
                            case,
                            (tc.depth - c.depth).abs() as f64 <= 1e-5 * t.scale,
                            "trace depth {} vs contact {}",
                            tc.depth,
                            c.depth
                        );
                        if t.r().normal_unique(1e-3 * t.scale) {
                            check!(
                                report,
                                case,
                                close(v(tc.normal), v(c.normal), t.r().normal_tolerance(t.scale)),
                                "trace normal {} vs contact {}",
                                tc.normal,
                                c.normal
                            );
                        }
                    }
                }
            }
        }
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// Cache
// ---------------------------------------------------------------------------------------------

/// Does `axis` separate the pair now, by the f64 shadows on its natural direction?
fn axis_separates(t: &Built, axis: Axis, tol: f64) -> Option<bool> {
    let (d, len) = t.natural_direction(axis)?;
    if len < 1e-9 {
        return Some(false);
    }
    Some(t.shadow_separation(d) >= -tol)
}

/// For two polygons: are the discs about their local origins through their farthest vertices
/// apart (f64)? septa may answer such a pair from those circles alone, testing no axis, and
/// then leaves the cache as it was.
fn origin_discs_apart(t: &Built) -> bool {
    let (Some(wa), Some(wb)) = (&t.wa, &t.wb) else { return false };
    let (ta, tb) = (v(t.pa.translation), v(t.pb.translation));
    let reach = |w: &[P], origin: P| w.iter().map(|&q| dist(q, origin)).fold(0.0, f64::max);
    dist(ta, tb) > reach(wa, ta) + reach(wb, tb)
}

fn check_cached(report: &mut Report, t: &Built, cache: &mut SatCache, what: &str) -> bool {
    let before = cache.axis();
    let got = overlaps_cached(&t.a, t.pa, &t.b, t.pb, cache);
    let plain = t.overlaps();
    check!(report, &t.case, got == plain, "{what}: overlaps_cached = {got}, overlaps = {plain}");
    // Separated: an axis that separates is cached, unless the answer came from the bounding
    // circles alone (the cache then unchanged).
    let from_circles = cache.axis() == before && origin_discs_apart(t);
    if !got && !from_circles {
        match cache.axis() {
            None => report.fail(&t.case, format!("{what}: separated but nothing cached")),
            Some(axis) => check!(
                report,
                &t.case,
                axis_separates(t, axis, 1e-5 * t.scale) == Some(true),
                "{what}: cached axis {axis:?} does not separate (f64 separation {:?})",
                t.natural_direction(axis).map(|(d, _)| t.shadow_separation(d))
            ),
        }
    }
    got
}

#[test]
fn cache_agrees_with_fresh_stale_and_foreign_caches() {
    let mut report = Report::new("cache_agrees_with_fresh_stale_and_foreign_caches");
    let mut rng = Rng::for_test("cache", 0);
    let mut pool: Vec<SatCache> = Vec::new();
    let (mut foreign_missing, mut foreign_total) = (0usize, 0usize);
    for i in 0..4 * N {
        let kind = Kind::ALL[i % 4];
        let t = Built::new(random_case(kind, &mut rng));
        report.checked += 1;
        let mut fresh = SatCache::new();
        check_cached(&mut report, &t, &mut fresh, "fresh cache");
        // a cache left by any other pair, of any kind: possibly an axis these shapes lack
        if !pool.is_empty() {
            let mut foreign = pool[rng.int(0, pool.len() - 1)];
            foreign_total += 1;
            if let Some(axis) = foreign.axis() {
                if t.natural_direction(axis).is_none() {
                    foreign_missing += 1;
                }
            }
            check_cached(&mut report, &t, &mut foreign, "foreign cache");
        }
        // a stale cache: this pair's axis, b then moved a little
        let step = mul(rng.unit(), rng.range(0.0, 0.2));
        let mut moved_case = t.case.clone();
        moved_case.tb = Vector::new(
            (moved_case.tb.x as f64 + step[0]) as Real,
            (moved_case.tb.y as f64 + step[1]) as Real,
        );
        moved_case.angle_b = (moved_case.angle_b as f64 + rng.range(-0.2, 0.2)) as Real;
        let mut stale = fresh;
        check_cached(&mut report, &Built::new(moved_case), &mut stale, "stale cache");
        if fresh.axis().is_some() {
            if pool.len() < 256 {
                pool.push(fresh);
            } else {
                let k = rng.int(0, 255);
                pool[k] = fresh;
            }
        }
    }
    println!("foreign caches tried: {foreign_total}, naming an axis the shapes lack: {foreign_missing}");
    check!(
        report,
        &random_case(Kind::PolygonPolygon, &mut Rng::new(0)),
        foreign_missing > 100,
        "the foreign caches rarely named a missing axis ({foreign_missing})"
    );
    report.finish();
}

/// Slowly moving pairs over many frames, each keeping its cache.
fn cache_over_moving_frames(kind: Kind) {
    let mut report = Report::new(name(kind, "cache_over_moving_frames"));
    let mut rng = Rng::for_test("frames", kind as u64);
    let (pairs, frames) = (N / 50, 100);
    let (mut separated_with_cache, mut still_separating, mut unchanged) = (0usize, 0usize, 0usize);
    let mut total = 0usize;
    for _ in 0..pairs {
        let mut case = random_case(kind, &mut rng);
        // start near contact: b at 0.8–1.3 times the sum of the extents, moving slowly
        let ext = |s: &Spec| s.local().bounding_radius() + norm(s.local().center());
        let reach = (ext(&case.a) + ext(&case.b)) * rng.range(0.8, 1.3);
        let start = add(v(case.ta), mul(rng.unit(), reach));
        case.tb = Vector::new(start[0] as Real, start[1] as Real);
        let velocity = mul(rng.unit(), rng.range(0.0, 0.02));
        let (spin_a, spin_b) = (rng.range(-0.02, 0.02), rng.range(-0.02, 0.02));
        let mut cache = SatCache::new();
        for _ in 0..frames {
            let t = Built::new(case.clone());
            let before = cache.axis();
            let hit = before.and_then(|axis| axis_separates(&t, axis, 0.0));
            let got = check_cached(&mut report, &t, &mut cache, "moving frames");
            total += 1;
            if !got && before.is_some() {
                separated_with_cache += 1;
                if hit == Some(true) {
                    still_separating += 1;
                }
                if cache.axis() == before {
                    unchanged += 1;
                }
            }
            let tb = add(v(case.tb), velocity);
            case.tb = Vector::new(tb[0] as Real, tb[1] as Real);
            case.angle_a = (case.angle_a as f64 + spin_a) as Real;
            case.angle_b = (case.angle_b as f64 + spin_b) as Real;
        }
        report.checked += 1;
    }
    let rate = |x: usize| 100.0 * x as f64 / separated_with_cache.max(1) as f64;
    println!(
        "{}: {total} frames, {separated_with_cache} separated with a cached axis; the cached axis still separated in {:.1} %, \
         cache unchanged in {:.1} %",
        name(kind, "cache_over_moving_frames"),
        rate(still_separating),
        rate(unchanged)
    );
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// separation
// ---------------------------------------------------------------------------------------------

fn separation_bounds(kind: Kind) {
    let mut report = Report::new(name(kind, "separation_bounds"));
    let exact = kind != Kind::PolygonPolygon;
    for t in cases(kind, "separation") {
        let s = separation(&t.a, t.pa, &t.b, t.pb);
        let case = &t.case;
        let n = v(s.normal);
        check!(report, case, (norm(n) - 1.0).abs() < 1e-5, "normal {n:?} not unit");
        // the same computation as contact: exactly its MTV when negative
        check!(report, case, s.contact() == contact(&t.a, t.pa, &t.b, t.pb), "separation {s:?} vs contact");
        match t.contact_direction(s.axis) {
            Some((d, len)) => {
                if len > 0.02 {
                    check!(
                        report,
                        case,
                        close(n, d, 1e-4),
                        "normal {n:?} is not the direction {d:?} of axis {:?}",
                        s.axis
                    )
                }
            }
            None => report.fail(case, format!("axis {:?} not on these shapes", s.axis)),
        }
        // the shadows on the normal are that far apart
        let gap = t.shadow_separation(n);
        check!(
            report,
            case,
            (gap - s.distance as f64).abs() <= 1e-4 * t.scale,
            "shadow gap on the normal {gap} vs distance {}",
            s.distance
        );
        if t.near_touching() {
            report.skipped += 1;
            continue;
        }
        report.checked += 1;
        let d = s.distance as f64;
        if t.r().overlapping() {
            check!(
                report,
                case,
                (d + t.r().depth()).abs() <= 1e-4 * t.scale,
                "distance {d} vs minus reference depth {}",
                t.r().depth()
            );
        } else {
            let truth = t.r().signed_distance;
            check!(report, case, d > 0.0, "separated by {truth}, separation {d}");
            check!(
                report,
                case,
                d <= truth + 1e-4 * t.scale,
                "separation {d} exceeds the true distance {truth}"
            );
            if exact {
                check!(
                    report,
                    case,
                    (d - truth).abs() <= 1e-4 * t.scale,
                    "separation {d} vs exact distance {truth}"
                );
            }
        }
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// Exactly touching and degenerate placements
// ---------------------------------------------------------------------------------------------

/// A box with half extents (hx, hy) as a polygon spec, its corners in a random order of the
/// two windings and starting corners.
fn box_spec(hx: Real, hy: Real, rng: &mut Rng) -> Spec {
    let mut points =
        vec![Vector::new(-hx, -hy), Vector::new(hx, -hy), Vector::new(hx, hy), Vector::new(-hx, hy)];
    if rng.chance(0.5) {
        points.reverse();
    }
    points.rotate_left(rng.int(0, 3));
    Spec::Polygon { points, hull: false }
}

/// A dyadic number k/8 (exact in f32, and so are sums and products of a few of them).
fn dyadic(rng: &mut Rng, lo: usize, hi: usize) -> Real {
    rng.int(lo, hi) as Real / 8.0
}

/// Touching is not overlapping: boxes face to face or corner to corner, a circle resting on a
/// box face or corner, circles at distance r₁ + r₂ (along an axis or a 3-4-5 direction), all
/// in exactly representable positions with unrotated poses, so the touch is exact.
#[test]
fn exact_touching_is_not_overlapping() {
    let mut report = Report::new("exact_touching_is_not_overlapping");
    let mut rng = Rng::for_test("touching", 0);
    for i in 0..N {
        let kind = Kind::ALL[i % 4];
        let origin = Vector::new(dyadic(&mut rng, 0, 80) - 5.0, dyadic(&mut rng, 0, 80) - 5.0);
        // a unit axis direction (exact), and the perpendicular one
        let (axis, side) = match rng.int(0, 3) {
            0 => (Vector::X, Vector::Y),
            1 => (-Vector::X, Vector::Y),
            2 => (Vector::Y, Vector::X),
            _ => (-Vector::Y, Vector::X),
        };
        let (ha, ka) = (dyadic(&mut rng, 1, 24), dyadic(&mut rng, 1, 24));
        let (reach_a, across_a) = if axis.x != 0.0 { (ha, ka) } else { (ka, ha) };
        let case = match kind {
            Kind::PolygonPolygon => {
                let (hb, kb) = (dyadic(&mut rng, 1, 24), dyadic(&mut rng, 1, 24));
                let (reach_b, across_b) = if axis.x != 0.0 { (hb, kb) } else { (kb, hb) };
                // anywhere along the face, corners meeting included
                let limit = across_a + across_b;
                let along = dyadic(&mut rng, 0, (16.0 * limit) as usize) - limit;
                let tb = origin + axis * (reach_a + reach_b) + side * along;
                Case {
                    a: box_spec(ha, ka, &mut rng),
                    ta: origin,
                    angle_a: 0.0,
                    b: box_spec(hb, kb, &mut rng),
                    tb,
                    angle_b: 0.0,
                }
            }
            Kind::PolygonCircle | Kind::CirclePolygon => {
                let r = dyadic(&mut rng, 1, 16);
                let along = dyadic(&mut rng, 0, (16.0 * across_a) as usize) - across_a;
                let tc = origin + axis * (reach_a + r) + side * along;
                let (poly, circle) =
                    (box_spec(ha, ka, &mut rng), Spec::Circle { center: Vector::ZERO, radius: r });
                let case = Case { a: poly, ta: origin, angle_a: 0.0, b: circle, tb: tc, angle_b: 0.0 };
                if kind == Kind::PolygonCircle {
                    case
                } else {
                    case.swapped()
                }
            }
            Kind::CircleCircle => {
                let (ra, rb, offset) = if rng.chance(0.5) {
                    let (ra, rb) = (dyadic(&mut rng, 1, 16), dyadic(&mut rng, 1, 16));
                    (ra, rb, axis * (ra + rb))
                } else {
                    // a 3-4-5 triangle with a dyadic unit: the distance 5·unit is exact
                    let unit = dyadic(&mut rng, 1, 8);
                    let ra = dyadic(&mut rng, 1, (40.0 * unit) as usize - 1);
                    (ra, 5.0 * unit - ra, axis * (3.0 * unit) + side * (4.0 * unit))
                };
                Case {
                    a: Spec::Circle { center: Vector::ZERO, radius: ra },
                    ta: origin,
                    angle_a: 0.0,
                    b: Spec::Circle { center: Vector::ZERO, radius: rb },
                    tb: origin + offset,
                    angle_b: 0.0,
                }
            }
        };
        let t = Built::new(case);
        let case = &t.case;
        report.checked += 1;
        check!(report, case, t.r().signed_distance.abs() < 1e-12, "not touching: {}", t.r().signed_distance);
        check!(report, case, !t.overlaps(), "touching shapes reported overlapping");
        let c = contact(&t.a, t.pa, &t.b, t.pb);
        check!(report, case, c.is_none(), "touching shapes have a contact {c:?}");
        let m = collide(&t.a, t.pa, &t.b, t.pb);
        check!(report, case, m.is_none(), "touching shapes have a manifold {m:?}");
        let sep = separation(&t.a, t.pa, &t.b, t.pb);
        if kind == Kind::PolygonCircle || kind == Kind::CirclePolygon {
            // the face gives exactly 0; the corner axis is normalised (rounded) and may not
            check!(
                report,
                case,
                (0.0..=1e-6).contains(&sep.distance),
                "separation {} for touching shapes",
                sep.distance
            );
        } else {
            check!(report, case, sep.distance == 0.0, "separation {} for touching shapes", sep.distance);
        }
        let tr = trace(&t.a, t.pa, &t.b, t.pb);
        check!(
            report,
            case,
            matches!(tr.verdict, Verdict::Separated { .. }),
            "trace verdict {:?} for touching shapes",
            tr.verdict
        );
        let mut cache = SatCache::new();
        check!(
            report,
            case,
            !overlaps_cached(&t.a, t.pa, &t.b, t.pb, &mut cache),
            "overlaps_cached: touching overlaps"
        );
        // and a hair closer, they do overlap
        let closer = Built::new(case.with_b_at(case.ta + (case.tb - case.ta) * (1.0 - 1e-3)));
        check!(report, case, closer.overlaps(), "moved 0.1 % closer, still not overlapping");
    }
    report.finish();
}

/// The documented degenerate placements: a circle centred exactly on a polygon vertex (the
/// vertex axis has no direction; the overlap is the radius, along a normal at that corner) and
/// concentric circles (normal = +y of a's frame, depth = r₁ + r₂).
#[test]
fn centre_on_a_vertex_and_concentric_circles() {
    let mut report = Report::new("centre_on_a_vertex_and_concentric_circles");
    let mut rng = Rng::for_test("degenerate", 0);
    for i in 0..N {
        if i % 2 == 0 {
            let poly_spec = random_polygon(&mut rng);
            let Shape::Polygon(poly) = poly_spec.build() else { unreachable!() };
            let k = rng.int(0, poly.len() - 1);
            let r = rng.range(0.1, 1.5) as Real;
            let circle = Spec::Circle { center: poly.vertices()[k], radius: r };
            let pc = Case {
                a: poly_spec,
                ta: Vector::ZERO,
                angle_a: 0.0,
                b: circle,
                tb: Vector::ZERO,
                angle_b: 0.0,
            };
            for swapped in [false, true] {
                let t = Built::new(if swapped { pc.swapped() } else { pc.clone() });
                let case = &t.case;
                report.checked += 1;
                check!(report, case, t.overlaps(), "circle centred on vertex {k} does not overlap");
                let Some(c) = contact(&t.a, t.pa, &t.b, t.pb) else {
                    report.fail(case, "no contact".to_string());
                    continue;
                };
                check!(
                    report,
                    case,
                    (c.depth - r).abs() <= 1e-5,
                    "depth {} for a circle of radius {r} on a vertex",
                    c.depth
                );
                // the normal (from polygon to circle) lies in the corner's normal cone
                let n = if swapped { mul(v(c.normal), -1.0) } else { v(c.normal) };
                let m = poly.len();
                let (before, after) = (v(poly.normals()[(k + m - 1) % m]), v(poly.normals()[k]));
                check!(
                    report,
                    case,
                    cross(before, n) >= -1e-6 && cross(n, after) >= -1e-6,
                    "normal {n:?} outside the normal cone [{before:?}, {after:?}] of vertex {k}"
                );
                check!(
                    report,
                    case,
                    !direct_overlap(
                        &t.ra,
                        &t.rb.translated(mul(v(c.normal), c.depth as f64 * (1.0 + 1e-4) + 2e-5))
                    ),
                    "the MTV does not separate"
                );
                let m = collide(&t.a, t.pa, &t.b, t.pb);
                check!(report, case, m.is_some_and(|m| (m.depth() - r).abs() <= 1e-5), "manifold {m:?}");
            }
        } else {
            let (ra, rb) = (rng.range(0.1, 1.5) as Real, rng.range(0.1, 1.5) as Real);
            let angle = rng.angle() as Real;
            let t0 = Vector::new(rng.range(-10.0, 10.0) as Real, rng.range(-10.0, 10.0) as Real);
            // centred on the local origin, the relative centre is exactly zero; off it, the
            // rotation's rounding leaves a tiny offset whose direction is arbitrary (and any
            // direction is as good: the depth is r₁ + r₂ whichever way)
            let exact = rng.chance(0.5);
            let center = if exact {
                Vector::ZERO
            } else {
                Vector::new(rng.range(-1.0, 1.0) as Real, rng.range(-1.0, 1.0) as Real)
            };
            let t = Built::new(Case {
                a: Spec::Circle { center, radius: ra },
                ta: t0,
                angle_a: angle,
                b: Spec::Circle { center, radius: rb },
                tb: t0,
                angle_b: angle,
            });
            let case = &t.case;
            report.checked += 1;
            let Some(c) = contact(&t.a, t.pa, &t.b, t.pb) else {
                report.fail(case, "concentric circles: no contact".to_string());
                continue;
            };
            let up = pose_dir(t.pa, Vector::Y);
            if exact {
                check!(
                    report,
                    case,
                    close(v(c.normal), up, 1e-6),
                    "concentric: normal {} is not a's +y {up:?}",
                    c.normal
                );
            }
            check!(
                report,
                case,
                (norm(v(c.normal)) - 1.0).abs() < 1e-5,
                "concentric: normal {} not unit",
                c.normal
            );
            check!(
                report,
                case,
                (c.depth - (ra + rb)).abs() <= 1e-5,
                "concentric: depth {} vs {}",
                c.depth,
                ra + rb
            );
            let m = collide(&t.a, t.pa, &t.b, t.pb);
            check!(
                report,
                case,
                m.is_some_and(|m| (m.depth() - (ra + rb)).abs() <= 1e-5),
                "concentric: manifold {m:?}"
            );
        }
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// Dispatch
// ---------------------------------------------------------------------------------------------

/// The `Shape` entry points give exactly what the typed generic calls and the flat pair
/// functions give (each pair kind reaches its own algorithm, in the right order).
#[test]
fn shape_dispatch_matches_typed_and_flat_functions() {
    use septa::pair::{circle_circle as cc, polygon_circle as pc, polygon_polygon as pp};
    // every generic query on one pair, and every flat function of one pair module
    macro_rules! typed_queries {
        ($a:expr, $pa:expr, $b:expr, $pb:expr) => {
            (
                overlaps($a, $pa, $b, $pb),
                contact($a, $pa, $b, $pb),
                separation($a, $pa, $b, $pb),
                collide($a, $pa, $b, $pb),
                trace($a, $pa, $b, $pb),
            )
        };
    }
    macro_rules! flat_queries {
        ($m:ident, $a:expr, $pa:expr, $b:expr, $pb:expr) => {
            (
                $m::overlaps($a, $pa, $b, $pb),
                $m::contact($a, $pa, $b, $pb),
                $m::separation($a, $pa, $b, $pb),
                $m::collide($a, $pa, $b, $pb),
            )
        };
    }
    let mut report = Report::new("shape_dispatch_matches_typed_and_flat_functions");
    for kind in Kind::ALL {
        let mut rng = Rng::for_test("dispatch", kind as u64);
        for _ in 0..N / 4 {
            let t = Built::new(random_case(kind, &mut rng));
            let (pa, pb) = (t.pa, t.pb);
            report.checked += 1;
            let generic = typed_queries!(&t.a, pa, &t.b, pb);
            let (typed, flat) = match (&t.a, &t.b) {
                (Shape::Polygon(a), Shape::Polygon(b)) => {
                    (typed_queries!(a, pa, b, pb), flat_queries!(pp, a, pa, b, pb))
                }
                (Shape::Polygon(a), Shape::Circle(b)) => {
                    (typed_queries!(a, pa, b, pb), flat_queries!(pc, a, pa, b, pb))
                }
                (Shape::Circle(a), Shape::Polygon(b)) => (
                    typed_queries!(a, pa, b, pb),
                    // the reversed pair is polygon–circle with the answer turned around
                    (
                        pc::overlaps(b, pb, a, pa),
                        pc::contact(b, pb, a, pa).map(|c| c.flipped()),
                        pc::separation(b, pb, a, pa).flipped(),
                        pc::collide(b, pb, a, pa).map(|m| m.flipped()),
                    ),
                ),
                (Shape::Circle(a), Shape::Circle(b)) => {
                    (typed_queries!(a, pa, b, pb), flat_queries!(cc, a, pa, b, pb))
                }
                _ => unreachable!("the random cases here are polygons and circles"),
            };
            check!(report, &t.case, generic == typed, "Shape dispatch {generic:?} vs typed {typed:?}");
            check!(
                report,
                &t.case,
                (generic.0, generic.1, generic.2, generic.3) == flat,
                "Shape dispatch vs flat {flat:?}"
            );
        }
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------------
// The tests, one set per kind
// ---------------------------------------------------------------------------------------------

macro_rules! per_kind {
    ($module:ident, $kind:expr) => {
        mod $module {
            use super::*;
            const KIND: Kind = $kind;
            #[test]
            fn reference_is_self_consistent() {
                reference_self_consistency(KIND)
            }
            #[test]
            fn overlaps_agrees_with_reference() {
                overlap_agrees(KIND)
            }
            #[test]
            fn contact_is_the_reference_mtv() {
                contact_matches_reference(KIND)
            }
            #[test]
            fn mtv_pushes_out_and_99_percent_does_not() {
                push_out(KIND)
            }
            #[test]
            fn mtv_is_minimal_along_random_directions() {
                mtv_is_minimal(KIND)
            }
            #[test]
            fn manifold_any_depth() {
                manifold_checks(KIND, false)
            }
            #[test]
            fn manifold_shallow() {
                manifold_checks(KIND, true)
            }
            #[test]
            fn swapping_a_and_b_flips_the_normal() {
                swap_symmetry(KIND)
            }
            #[test]
            fn rigid_motion_of_both_rotates_the_normal() {
                pose_invariance(KIND)
            }
            #[test]
            fn trace_agrees_with_queries_and_f64() {
                trace_agrees(KIND)
            }
            #[test]
            fn cache_over_moving_frames_matches_overlaps() {
                cache_over_moving_frames(KIND)
            }
            #[test]
            fn separation_is_a_lower_bound() {
                separation_bounds(KIND)
            }
        }
    };
}

per_kind!(polygon_polygon, Kind::PolygonPolygon);
per_kind!(polygon_circle, Kind::PolygonCircle);
per_kind!(circle_polygon, Kind::CirclePolygon);
per_kind!(circle_circle, Kind::CircleCircle);

#[test]
fn start_and_winding_do_not_matter_polygon_polygon() {
    start_and_winding_invariance(Kind::PolygonPolygon)
}

#[test]
fn start_and_winding_do_not_matter_polygon_circle() {
    start_and_winding_invariance(Kind::PolygonCircle)
}

#[test]
fn start_and_winding_do_not_matter_circle_polygon() {
    start_and_winding_invariance(Kind::CirclePolygon)
}
