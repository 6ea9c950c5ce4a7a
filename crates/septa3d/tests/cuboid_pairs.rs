//! Cuboid against cuboid (the closed-form pair, `pair::cuboid_cuboid`), checked independently:
//!
//! 1. hand cases whose answers are worked out on paper: a box resting face down on a larger one
//!    (both ways round, and moved sideways by 1e-4: the same feature ids), two boxes meeting edge
//!    to edge, boxes touching face to face, and the reference article's two unit cubes;
//! 2. 20,000 random pairs against a 15-axis SAT in f64 written here (verdicts, depth, separation,
//!    the MTV's normal, and every manifold point: its depth, where it lies, and that its feature
//!    id names features that really made it, in the boxes' hull numbering);
//! 3. `overlaps_cached` on moving pairs: the same verdicts as `overlaps`, and the feature it
//!    remembers really separates the boxes.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use glam::{DQuat, DVec3};
use rng::Rng;
use septa3d::pair::gauss_map::PARALLEL_TOLERANCE;
use septa3d::pair::hull_hull::{ABSOLUTE_TOLERANCE, RELATIVE_EDGE_TOLERANCE, RELATIVE_FACE_TOLERANCE};
use septa3d::{
    collide, contact, overlaps, overlaps_cached, separation, Axis, Cuboid, Feature, FeatureId, Manifold,
    Pose, Real, Rotation, SatCache, Vector,
};

fn v(x: f64, y: f64, z: f64) -> Vector {
    Vector::new(x as Real, y as Real, z as Real)
}

fn wide(p: Vector) -> DVec3 {
    DVec3::new(p.x as f64, p.y as f64, p.z as f64)
}

fn cuboid(x: f64, y: f64, z: f64) -> Cuboid {
    Cuboid::new(v(x, y, z)).unwrap()
}

fn rotation(q: DQuat) -> Rotation {
    Rotation::from_xyzw(q.x as Real, q.y as Real, q.z as Real, q.w as Real).normalize()
}

// ---------------------------------------------------------------------------------------------
// The reference: boxes in f64 world coordinates.

/// A box placed in the world, in f64: its centre, unit axes and half extents, computed from the
/// same (rounded) pose the library gets.
struct Box64 {
    centre: DVec3,
    axes: [DVec3; 3],
    half: [f64; 3],
    /// The library's hull of the box (for the numbering of its features only).
    hull: septa3d::ConvexHull,
}

impl Box64 {
    fn of(shape: &Cuboid, pose: Pose) -> Box64 {
        let r = pose.rotation;
        let q = DQuat::from_xyzw(r.x as f64, r.y as f64, r.z as f64, r.w as f64).normalize();
        let h = shape.half_extents();
        Box64 {
            centre: wide(pose.translation),
            axes: [q * DVec3::X, q * DVec3::Y, q * DVec3::Z],
            half: [h.x as f64, h.y as f64, h.z as f64],
            hull: shape.as_hull().clone(),
        }
    }

    /// The projection radius on the unit `n`.
    fn radius(&self, n: DVec3) -> f64 {
        (0..3).map(|i| self.half[i] * self.axes[i].dot(n).abs()).sum()
    }

    /// A local point of the box, in the world.
    fn place(&self, p: DVec3) -> DVec3 {
        self.centre + self.axes[0] * p.x + self.axes[1] * p.y + self.axes[2] * p.z
    }

    fn vertex(&self, k: u32) -> DVec3 {
        self.place(wide(self.hull.vertices()[k as usize]))
    }

    /// Edge `e`'s end points, in the world.
    fn edge(&self, e: u32) -> (DVec3, DVec3) {
        let edge = self.hull.edges()[e as usize];
        (self.vertex(edge.tail), self.vertex(edge.head))
    }

    /// Face `f`'s outward unit normal and plane offset, in the world.
    fn face(&self, f: u32) -> (DVec3, f64) {
        let n = self.place(wide(self.hull.face_normal(f as usize))) - self.centre;
        let n = n.normalize();
        (n, n.dot(self.centre) + self.radius(n))
    }

    /// How far `p` lies outside the box (≤ 0 inside).
    fn outside_by(&self, p: DVec3) -> f64 {
        (0..3).map(|i| (p - self.centre).dot(self.axes[i]).abs() - self.half[i]).fold(f64::MIN, f64::max)
    }

    fn size(&self) -> f64 {
        self.half.iter().copied().fold(0.0, f64::max)
    }
}

/// The gap between the two boxes' shadows on the unit `n`, either way round.
fn gap(a: &Box64, b: &Box64, n: DVec3) -> f64 {
    (b.centre - a.centre).dot(n).abs() - a.radius(n) - b.radius(n)
}

/// The push along the unit `n` (pointing from a to b) that separates b from a: b's shadow must
/// move past a's far end.
fn push(a: &Box64, b: &Box64, n: DVec3) -> f64 {
    a.centre.dot(n) + a.radius(n) - (b.centre.dot(n) - b.radius(n))
}

/// The fifteen candidate axes: a's faces, b's faces, and the nine edge pairs whose directions
/// make an angle with a sine above `min_sine` (exactly parallel edges always skipped).
fn axes(a: &Box64, b: &Box64, min_sine: f64) -> Vec<DVec3> {
    let mut all: Vec<DVec3> = a.axes.iter().chain(&b.axes).copied().collect();
    for i in 0..3 {
        for j in 0..3 {
            let w = a.axes[i].cross(b.axes[j]);
            if w.length() > min_sine.max(1e-12) {
                all.push(w.normalize());
            }
        }
    }
    all
}

/// SAT: the largest gap over the candidate axes (positive: apart; negative: minus the depth).
fn sat(a: &Box64, b: &Box64, min_sine: f64) -> f64 {
    axes(a, b, min_sine).into_iter().map(|n| gap(a, b, n)).fold(f64::MIN, f64::max)
}

/// The distance from `p` to the segment `(s, t)`.
fn to_segment(p: DVec3, (s, t): (DVec3, DVec3)) -> f64 {
    let d = t - s;
    let x = ((p - s).dot(d) / d.length_squared()).clamp(0.0, 1.0);
    (s + d * x - p).length()
}

/// The distance from `p` to the line through `(s, t)`.
fn to_line(p: DVec3, (s, t): (DVec3, DVec3)) -> f64 {
    let d = (t - s).normalize();
    let q = p - s;
    (q - d * q.dot(d)).length()
}

/// Does the point with this id lie where the features it names put it? `reference` is the box
/// whose face the manifold's normal is (or `None` for an edge–edge contact), `normal` from a to
/// b. The kinds, as the general clipping makes them: (reference face, incident vertex): the
/// incident vertex itself; (reference edge, incident edge): on the incident edge and on the
/// side plane through the reference edge; (reference vertex, incident face): on the incident
/// face's plane, straight below the reference corner; and (edge, edge) of an edge–edge contact:
/// midway between the two edges, half the depth from each.
fn id_fits(a: &Box64, b: &Box64, normal: DVec3, depth: f64, p: DVec3, id: FeatureId, tol: f64) -> bool {
    let on_side_plane = |reference: &Box64, e: u32| {
        let (s, t) = reference.edge(e);
        let side = (t - s).cross(normal).normalize();
        (p - s).dot(side).abs() <= tol
    };
    // One role assignment: `r` the reference (owning `fr`), `i` the incident (owning `fi`).
    let fits = |r: &Box64, fr: Feature, i: &Box64, fi: Feature| match (fr, fi) {
        (Feature::Face(f), Feature::Vertex(k)) => {
            let (n, d) = r.face(f);
            (p - i.vertex(k)).length() <= tol && (d - n.dot(p) - depth).abs() <= tol
        }
        (Feature::Edge(e), Feature::Edge(g)) => on_side_plane(r, e) && to_segment(p, i.edge(g)) <= tol,
        (Feature::Vertex(k), Feature::Face(f)) => {
            let (n, d) = i.face(f);
            let below = p - r.vertex(k);
            (n.dot(p) - d).abs() <= tol && (below - normal * below.dot(normal)).length() <= tol
        }
        _ => false,
    };
    let edge_edge = match (id.a, id.b) {
        (Feature::Edge(e), Feature::Edge(g)) => {
            (to_line(p, a.edge(e)) - depth / 2.0).abs() <= tol
                && (to_line(p, b.edge(g)) - depth / 2.0).abs() <= tol
        }
        _ => false,
    };
    fits(a, id.a, b, id.b) || fits(b, id.b, a, id.a) || edge_edge
}

// ---------------------------------------------------------------------------------------------
// 1. Hand cases.

/// The manifold's points as (point, depth, id), sorted by id for comparison.
fn points(m: &Manifold) -> Vec<(DVec3, f64, FeatureId)> {
    let mut all: Vec<_> = m.points().iter().map(|p| (wide(p.point), p.depth as f64, p.id)).collect();
    all.sort_by_key(|p| format!("{:?}", p.2));
    all
}

fn near(p: DVec3, q: DVec3, tol: f64) -> bool {
    (p - q).length() <= tol
}

#[test]
fn box_resting_face_down_on_a_larger_box() {
    // Ground: half extents (4, 0.5, 4) at the origin, top face y = 0.5 (face 2, +y). Block: a
    // unit cube centred at (0.3, 0.98, −0.2): its bottom face (face 3, −y; vertices 0, 1, 4, 5)
    // at y = 0.48, 0.02 below the ground's top.
    let ground = cuboid(4.0, 0.5, 4.0);
    let block = cuboid(0.5, 0.5, 0.5);
    let at = |x: f64, z: f64| Pose::from_translation(v(x, 0.98, z));
    let bottom = |x: f64, z: f64| {
        [0u32, 1, 4, 5].map(|k| {
            let s = |bit: u32| if k & bit == 0 { -0.5 } else { 0.5 };
            (k, DVec3::new(x + s(1), 0.48, z + s(4)))
        })
    };

    let m = collide(&ground, Pose::IDENTITY, &block, at(0.3, -0.2)).unwrap();
    assert!(wide(m.normal).abs_diff_eq(DVec3::Y, 1e-6));
    let got = points(&m);
    assert_eq!(got.len(), 4);
    for (k, corner) in bottom(0.3, -0.2) {
        let id = FeatureId { a: Feature::Face(2), b: Feature::Vertex(k) };
        let p = got.iter().find(|p| p.2 == id).unwrap_or_else(|| panic!("no point {id:?} in {got:?}"));
        assert!(near(p.0, corner, 1e-5) && (p.1 - 0.02).abs() < 1e-5, "{p:?}");
    }
    let c = contact(&ground, Pose::IDENTITY, &block, at(0.3, -0.2)).unwrap();
    assert_eq!(c.axis, Axis::FaceA(2));
    assert!((c.depth as f64 - 0.02).abs() < 1e-5);

    // Moved 1e-4 sideways: the same four ids, the points moved with it.
    let moved = collide(&ground, Pose::IDENTITY, &block, at(0.3001, -0.1999)).unwrap();
    let ids = |m: &Manifold| points(m).into_iter().map(|p| p.2).collect::<Vec<_>>();
    assert_eq!(ids(&moved), ids(&m));

    // The other way round: the block's bottom face (a's face 3) is the reference (a's face wins
    // the tie), the ground's top face the incident one; clipped to the block's bottom square,
    // the points are its corners pushed up onto the ground, ids (block corner, ground face 2).
    let m = collide(&block, at(0.3, -0.2), &ground, Pose::IDENTITY).unwrap();
    assert!(wide(m.normal).abs_diff_eq(-DVec3::Y, 1e-6));
    let got = points(&m);
    assert_eq!(got.len(), 4);
    for (k, corner) in bottom(0.3, -0.2) {
        let id = FeatureId { a: Feature::Vertex(k), b: Feature::Face(2) };
        let p = got.iter().find(|p| p.2 == id).unwrap_or_else(|| panic!("no point {id:?} in {got:?}"));
        assert!(near(p.0, corner + DVec3::Y * 0.02, 1e-5) && (p.1 - 0.02).abs() < 1e-5, "{p:?}");
    }
    let moved = collide(&block, at(0.3001, -0.1999), &ground, Pose::IDENTITY).unwrap();
    assert_eq!(ids(&moved), ids(&m));
}

#[test]
fn edge_crossing_edge() {
    // a: a cube of half extent 1 turned 45° about x; its highest feature is the edge along x
    // at y = √2. b: the same cube turned 45° about z, its lowest feature the edge along z at
    // √2 below its centre. With b's centre at y = 2√2 − d the two edges cross, d deep: the
    // face axes all show overlaps deeper than d, so the MTV is the edge axis x × z = ±y.
    let cube = cuboid(1.0, 1.0, 1.0);
    let pa = Pose::new(Vector::ZERO, rotation(DQuat::from_rotation_x(std::f64::consts::FRAC_PI_4)));
    let d = 0.1;
    let root2 = std::f64::consts::SQRT_2;
    let pb = Pose::new(
        v(0.0, 2.0 * root2 - d, 0.0),
        rotation(DQuat::from_rotation_z(std::f64::consts::FRAC_PI_4)),
    );
    let (a64, b64) = (Box64::of(&cube, pa), Box64::of(&cube, pb));
    // The edges by their place: a's along x with both ends highest, b's along z lowest.
    let find = |b: &Box64, height: f64| {
        (0..12u32)
            .find(|&e| {
                let (s, t) = b.edge(e);
                (s.y - height).abs() < 1e-5 && (t.y - height).abs() < 1e-5
            })
            .unwrap()
    };
    let (ea, eb) = (find(&a64, root2), find(&b64, root2 - d));

    let c = contact(&cube, pa, &cube, pb).unwrap();
    assert!(wide(c.normal).abs_diff_eq(DVec3::Y, 1e-5), "{c:?}");
    assert!((c.depth as f64 - d).abs() < 1e-5);
    assert_eq!(c.axis, Axis::Edges { a: ea, b: eb });
    let s = separation(&cube, pa, &cube, pb);
    assert!((s.distance as f64 + d).abs() < 1e-5);

    let m = collide(&cube, pa, &cube, pb).unwrap();
    assert_eq!(m.points().len(), 1);
    let p = m.points()[0];
    assert!(wide(m.normal).abs_diff_eq(DVec3::Y, 1e-5));
    assert!(near(wide(p.point), DVec3::new(0.0, root2 - d / 2.0, 0.0), 1e-5), "{p:?}");
    assert!((p.depth as f64 - d).abs() < 1e-5);
    assert_eq!(p.id, FeatureId { a: Feature::Edge(ea), b: Feature::Edge(eb) });

    // Lifted clear (0.1 apart along y): separated, and the edge axis tells by how much.
    let apart = Pose { translation: v(0.0, 2.0 * root2 + d, 0.0), ..pb };
    assert!(!overlaps(&cube, pa, &cube, apart));
    assert!(collide(&cube, pa, &cube, apart).is_none());
    let s = separation(&cube, pa, &cube, apart);
    assert!((s.distance as f64 - d).abs() < 1e-5 && wide(s.normal).abs_diff_eq(DVec3::Y, 1e-5), "{s:?}");
}

#[test]
fn touching_faces_do_not_overlap() {
    // Two cubes of half extent 1, centres 2 apart along x (offset sideways): the faces x = 1
    // meet, a zero-width overlap, which is touching.
    let cube = cuboid(1.0, 1.0, 1.0);
    let pb = Pose::from_translation(v(2.0, 0.3, -0.25));
    assert!(!overlaps(&cube, Pose::IDENTITY, &cube, pb));
    assert!(!overlaps_cached(&cube, Pose::IDENTITY, &cube, pb, &mut SatCache::new()));
    assert!(contact(&cube, Pose::IDENTITY, &cube, pb).is_none());
    assert!(collide(&cube, Pose::IDENTITY, &cube, pb).is_none());
    let s = separation(&cube, Pose::IDENTITY, &cube, pb);
    assert_eq!((s.distance, s.axis), (0.0, Axis::FaceA(0)));
    // A hair closer, they overlap.
    let pb = Pose::from_translation(v(1.999, 0.3, -0.25));
    assert!(overlaps(&cube, Pose::IDENTITY, &cube, pb));
}

#[test]
fn the_articles_two_unit_cubes() {
    // Unit cubes (half extent 0.5), the second offset by 0.5 on every axis: they overlap by 0.5
    // along each axis; a's +x face (face 0) wins the tie. The manifold: b's −x face (face 1, at
    // x = 0, spanning y and z in [0, 1]) clipped to a's +x face (y and z in [−0.5, 0.5]) is the
    // square y, z in [0, 0.5] at x = 0, every point 0.5 behind x = 0.5.
    let cube = cuboid(0.5, 0.5, 0.5);
    let pb = Pose::from_translation(v(0.5, 0.5, 0.5));
    assert!(overlaps(&cube, Pose::IDENTITY, &cube, pb));
    let c = contact(&cube, Pose::IDENTITY, &cube, pb).unwrap();
    assert_eq!((c.normal, c.depth, c.axis), (Vector::X, 0.5, Axis::FaceA(0)));

    let m = collide(&cube, Pose::IDENTITY, &cube, pb).unwrap();
    assert_eq!(m.normal, Vector::X);
    // Expected, by hand: b's corner (−,−,−) = vertex 0 lies inside a's face; a's corner
    // (+,+,+) = vertex 7 lies over b's face; b's edge along y at z = 0 (edge 7, vertices 2–0)
    // crosses a's side at y = 0.5 (the side through a's edge 1, vertices 3–7); b's edge along
    // z at y = 0 (edge 4, vertices 0–4) crosses a's side at z = 0.5 (edge 2, vertices 7–5).
    let a64 = Box64::of(&cube, Pose::IDENTITY);
    let b64 = Box64::of(&cube, pb);
    assert_eq!((b64.edge(7), b64.edge(4)), ((b64.vertex(2), b64.vertex(0)), (b64.vertex(0), b64.vertex(4))));
    assert_eq!((a64.edge(1), a64.edge(2)), ((a64.vertex(3), a64.vertex(7)), (a64.vertex(7), a64.vertex(5))));
    let mut expected = vec![
        (DVec3::new(0.0, 0.0, 0.0), FeatureId { a: Feature::Face(0), b: Feature::Vertex(0) }),
        (DVec3::new(0.0, 0.5, 0.5), FeatureId { a: Feature::Vertex(7), b: Feature::Face(1) }),
        (DVec3::new(0.0, 0.5, 0.0), FeatureId { a: Feature::Edge(1), b: Feature::Edge(7) }),
        (DVec3::new(0.0, 0.0, 0.5), FeatureId { a: Feature::Edge(2), b: Feature::Edge(4) }),
    ];
    expected.sort_by_key(|p| format!("{:?}", p.1));
    let got = points(&m);
    assert_eq!(got.len(), 4);
    for ((p, depth, id), (q, want)) in got.iter().zip(&expected) {
        assert_eq!(id, want);
        assert!(near(*p, *q, 1e-6) && (depth - 0.5).abs() < 1e-6, "{p} {depth} {id:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Random pairs against the f64 SAT.

/// A random pair: sizes log-uniform in [0.05, 2] per axis (one box in ten a slab, one extent
/// 1e-4 of that), a near the origin (within ±10), random rotations (a quarter of the pairs
/// nearly aligned, turned by at most 0.05 rad, where parallel and nearly parallel edges
/// abound), b's centre in a ball that makes about half of the pairs overlap.
fn random_pair(rng: &mut Rng) -> (Cuboid, Pose, Cuboid, Pose) {
    let mut size = || {
        let slab = if rng.chance(0.1) { 1e-4 } else { 1.0 };
        cuboid(rng.log_range(0.05, 2.0), rng.log_range(0.05, 2.0), slab * rng.log_range(0.05, 2.0))
    };
    let (a, b) = (size(), size());
    let qa = rng.rotation();
    let qb = if rng.chance(0.25) {
        qa * DQuat::from_axis_angle(rng.unit(), rng.range(0.0, 0.05))
    } else {
        rng.rotation()
    };
    let reach = |c: &Cuboid| wide(c.half_extents()).length();
    let ca = rng.in_cube(10.0);
    let cb = ca + rng.in_ball(0.7 * (reach(&a) + reach(&b)));
    let to = |p: DVec3| v(p.x, p.y, p.z);
    (a, Pose::new(to(ca), rotation(qa)), b, Pose::new(to(cb), rotation(qb)))
}

#[test]
fn random_pairs_against_the_f64_sat() {
    let mut rng = Rng::for_test("cuboid_pairs::random", 1);
    let (mut overlapping, mut checked, mut skipped, mut parallel_only, mut manifold_points) = (0, 0, 0, 0, 0);
    let mut worst_depth: f64 = 0.0;
    for case in 0..20_000 {
        let (a, pa, b, pb) = random_pair(&mut rng);
        let (a64, b64) = (Box64::of(&a, pa), Box64::of(&b, pb));
        let scale = a64.size().max(b64.size()).max(1.0);
        let tol = 1e-4 * scale;
        // septa3d skips edge pairs nearly parallel (`PARALLEL_TOLERANCE`, the sine of their
        // angle): their axis is rounding noise, and any gap along it small. So its separation
        // lies between the largest gap over the axes clearly kept and over those perhaps kept
        // (computing the sine in `Real`, it may round either way near the threshold); the
        // verdict is checked against the full SAT, where those two agree.
        let tolerance = PARALLEL_TOLERANCE as f64;
        let (kept, loose) = (sat(&a64, &b64, 1.01 * tolerance), sat(&a64, &b64, 0.99 * tolerance));
        let reference = sat(&a64, &b64, 0.0);
        let s = separation(&a, pa, &b, pb);
        // The separation is the largest gap over those axes, and along its own normal
        // (pointing from a to b) it is the gap.
        let distance = s.distance as f64;
        assert!(kept - tol <= distance && distance <= loose + tol, "case {case}: {s:?} vs {kept}, {loose}");
        let n = wide(s.normal);
        assert!((gap(&a64, &b64, n) - distance).abs() <= tol, "case {case}: {s:?}");
        if reference.abs() < tol {
            skipped += 1; // within rounding of touching: either verdict is right
            continue;
        }
        if (kept < 0.0) != (reference < 0.0) {
            parallel_only += 1; // apart along a skipped axis alone, by a rounding-sized gap
            assert!(reference < 1e-3 * scale, "case {case}: {reference}");
            continue;
        }
        checked += 1;
        let overlap = reference < 0.0;
        overlapping += overlap as usize;
        assert_eq!(overlaps(&a, pa, &b, pb), overlap, "case {case}: {reference}");
        assert_eq!(overlaps_cached(&a, pa, &b, pb, &mut SatCache::new()), overlap, "case {case}");
        let (c, m) = (contact(&a, pa, &b, pb), collide(&a, pa, &b, pb));
        assert_eq!(c.is_some(), overlap, "case {case}");
        assert_eq!(m.is_some(), overlap, "case {case}");
        let (Some(c), Some(m)) = (c, m) else { continue };

        // The MTV: its depth is the f64 one (over the same axes), and moving b by it along its
        // normal separates.
        let depth = c.depth as f64;
        worst_depth = worst_depth.max((depth + kept).abs() / scale);
        assert!(-loose - tol <= depth && depth <= -kept + tol, "case {case}: {c:?} vs {kept}, {loose}");
        let normal = wide(c.normal);
        assert!((normal.length() - 1.0).abs() < 1e-5);
        assert!((push(&a64, &b64, normal) - depth).abs() <= tol, "case {case}: {c:?}");

        // The manifold: its normal's push is the depth give or take the documented bias; each
        // point no deeper than that, within its depth of both boxes, and made by the features
        // its id names.
        let slop =
            ABSOLUTE_TOLERANCE as f64 * wide(a.half_extents()).length().min(wide(b.half_extents()).length());
        let slack = ((depth + slop) / RELATIVE_EDGE_TOLERANCE as f64 + slop) / RELATIVE_FACE_TOLERANCE as f64
            - depth
            + tol;
        let normal = wide(m.normal);
        let along = push(&a64, &b64, normal);
        assert!(along >= depth - tol && along <= depth + slack, "case {case}: {along} vs {depth}");
        assert!((1..=4).contains(&m.points().len()));
        for p in m.points() {
            manifold_points += 1;
            let (q, d) = (wide(p.point), p.depth as f64);
            assert!(d >= 0.0 && d <= depth + slack, "case {case}: {p:?} vs {depth}");
            assert!(
                a64.outside_by(q) <= d + 10.0 * tol && b64.outside_by(q) <= d + 10.0 * tol,
                "case {case}: {p:?}"
            );
            assert!(id_fits(&a64, &b64, normal, d, q, p.id, 10.0 * tol), "case {case}: {p:?} in {m:?}");
        }
    }
    println!(
        "{checked} checked ({overlapping} overlapping), {skipped} within rounding of touching, \
         {parallel_only} apart only along nearly parallel edges, {manifold_points} manifold points; \
         worst depth error {worst_depth:e} × scale"
    );
    assert!(overlapping > checked / 4 && overlapping < 3 * checked / 4, "{overlapping} of {checked}");
}

// ---------------------------------------------------------------------------------------------
// 3. The cache.

/// The gap along the feature a cache names, in the world, from the boxes' hull numbering: a
/// face's own side only (b beyond a's face, or a beyond b's), an edge pair's either way.
fn feature_gap(a: &Box64, b: &Box64, axis: Axis) -> f64 {
    let beyond =
        |from: &Box64, to: &Box64, n: DVec3| (to.centre - from.centre).dot(n) - from.radius(n) - to.radius(n);
    match axis {
        Axis::FaceA(i) => beyond(a, b, a.face(i).0),
        Axis::FaceB(j) => beyond(b, a, b.face(j).0),
        Axis::Edges { a: i, b: j } => {
            let ((s, t), (p, q)) = (a.edge(i), b.edge(j));
            gap(a, b, (t - s).cross(q - p).normalize())
        }
        other => panic!("a box pair cached {other:?}"),
    }
}

#[test]
fn cache_on_moving_pairs() {
    // b circles through a, turning, over 600 frames, for several pairs; the cached test must
    // always agree with the plain one, and the feature it keeps must separate the boxes.
    let mut rng = Rng::for_test("cuboid_pairs::cache", 2);
    let (mut separated, mut kept) = (0, 0);
    for _ in 0..8 {
        let a = cuboid(rng.range(0.3, 2.0), rng.range(0.3, 2.0), rng.range(0.3, 2.0));
        let b = cuboid(rng.range(0.2, 1.0), rng.range(0.2, 1.0), rng.range(0.2, 1.0));
        let pa = Pose::new(v(3.0, -1.0, 2.0), rotation(rng.rotation()));
        let (spin, q0) = (rng.unit(), rng.rotation());
        let radius = rng.range(1.5, 4.0);
        let mut cache = SatCache::new();
        for frame in 0..600 {
            let t = frame as f64 * 0.02;
            let centre =
                DVec3::new(3.0 + radius * t.cos(), -1.0 + 0.5 * t.sin(), 2.0 + radius * (0.7 * t).sin());
            let pb = Pose::new(
                v(centre.x, centre.y, centre.z),
                rotation(DQuat::from_axis_angle(spin, 0.3 * t) * q0),
            );
            let before = cache;
            let cached = overlaps_cached(&a, pa, &b, pb, &mut cache);
            assert_eq!(cached, overlaps(&a, pa, &b, pb), "frame {frame}");
            let (a64, b64) = (Box64::of(&a, pa), Box64::of(&b, pb));
            let reach = wide(a.half_extents()).length() + wide(b.half_extents()).length();
            // Pairs whose bounding spheres are apart are answered from those alone, and leave the
            // cache as it was, whatever it holds; otherwise a separated pair's cache holds a
            // feature that separates it.
            let spheres_apart = (b64.centre - a64.centre).length() > reach * (1.0 + 1e-6);
            if !cached && !spheres_apart {
                separated += 1;
                kept += (cache == before) as usize;
                let axis = cache.axis().expect("a separating feature");
                assert!(feature_gap(&a64, &b64, axis) >= -1e-5, "frame {frame}: {axis:?} does not separate");
            }
        }
    }
    println!("{separated} separated frames, the cached feature kept in {kept}");
    assert!(separated > 500 && kept > separated / 2, "{separated} {kept}");
}

#[test]
fn a_stale_or_foreign_cache_changes_no_verdict() {
    // Any feature, even one that names nothing on a box (face 9, edge 40) or another pair's, is
    // only a hint.
    let mut rng = Rng::for_test("cuboid_pairs::stale", 3);
    let hints = [
        Axis::FaceA(1),
        Axis::FaceB(4),
        Axis::Edges { a: 3, b: 8 },
        Axis::FaceA(9),
        Axis::Edges { a: 40, b: 2 },
        Axis::Centers,
    ];
    for case in 0..2000 {
        let (a, pa, b, pb) = random_pair(&mut rng);
        let plain = overlaps(&a, pa, &b, pb);
        for hint in hints {
            let mut cache = SatCache::from_axis(hint);
            assert_eq!(overlaps_cached(&a, pa, &b, pb, &mut cache), plain, "case {case}: {hint:?}");
        }
    }
}
