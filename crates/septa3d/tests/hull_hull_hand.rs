//! Polyhedron pairs whose answers are worked out by hand: the reference article's two cubes, a
//! pair of tetrahedra that only an edge–edge axis separates (where crossing face normals would
//! report a collision), a box resting on the ground, and the same cases far from the origin.

// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use septa3d::{
    collide, contact, overlaps, overlaps_cached, separation, time_of_impact, trace, Axis, ConvexHull, Cuboid,
    Feature, Pose, Real, Rotation, SatCache, Vector, Verdict,
};

fn v(x: Real, y: Real, z: Real) -> Vector {
    Vector::new(x, y, z)
}

/// The reference article's example: two unit cubes (side 1), the second moved by 0.5 along every
/// axis. They overlap by 0.5 along each axis, so the depth is 0.5 along a face normal.
#[test]
fn article_two_unit_cubes() {
    let cube = Cuboid::new(Vector::splat(0.5)).unwrap();
    let b = Pose::from_translation(Vector::splat(0.5));
    assert!(overlaps(&cube, Pose::IDENTITY, &cube, b));
    let mtv = contact(&cube, Pose::IDENTITY, &cube, b).unwrap();
    assert!((mtv.depth - 0.5).abs() < 1e-6);
    // One of the three axes, pointing from a towards b (all components of b's offset are +).
    assert!([Vector::X, Vector::Y, Vector::Z].iter().any(|&u| mtv.normal.abs_diff_eq(u, 1e-6)), "{mtv:?}");
    // The manifold: b's face facing a's reference face, clipped to a's face, 0.5 deep. With the
    // +x face of a as reference (the first of the tied faces), b's −x face at x = 0 spans
    // y, z in [0, 1], clipped to [0, 0.5]: four corners.
    let m = collide(&cube, Pose::IDENTITY, &cube, b).unwrap();
    assert_eq!(m.points().len(), 4);
    let normal = m.normal;
    assert!(normal.abs_diff_eq(mtv.normal, 1e-6));
    for p in m.points() {
        assert!((p.depth - 0.5).abs() < 1e-6);
        // On b's facing face: 0 along the normal; the other two coordinates 0 or 0.5.
        assert!(p.point.dot(normal).abs() < 1e-6, "{p:?}");
        for c in (p.point - normal * p.point.dot(normal)).to_array() {
            assert!(c.abs() < 1e-6 || (c - 0.5).abs() < 1e-6, "{p:?}");
        }
    }
    // Touching is not overlapping; a hair closer is.
    assert!(!overlaps(&cube, Pose::IDENTITY, &cube, Pose::from_translation(v(1.0, 0.5, 0.5))));
    assert!(overlaps(&cube, Pose::IDENTITY, &cube, Pose::from_translation(v(0.999, 0.5, 0.5))));
}

/// A tetrahedron with its top edge along x (at z = 0) and its bottom edge along y (at z = −1).
fn tetra_a() -> ConvexHull {
    ConvexHull::new(&[v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, -1.0, -1.0), v(0.0, 1.0, -1.0)]).unwrap()
}

/// The same turned upside down and a quarter turn: bottom edge along y (at z = 0), top edge
/// along x (at z = 1). Placed at height g, the two edges cross at distance g.
fn tetra_b() -> ConvexHull {
    ConvexHull::new(&[v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0), v(-1.0, 0.0, 1.0), v(1.0, 0.0, 1.0)]).unwrap()
}

/// Shadows of two point sets on `axis`: (a, b) intervals.
fn shadows(a: &[Vector], b: &[Vector], axis: Vector) -> ((Real, Real), (Real, Real)) {
    let span = |pts: &[Vector]| {
        pts.iter().map(|p| p.dot(axis)).fold((Real::MAX, Real::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
    };
    (span(a), span(b))
}

/// The world vertices of a hull placed by a pose.
fn placed(hull: &ConvexHull, pose: &Pose) -> Vec<Vector> {
    hull.vertices().iter().map(|&p| pose.apply(p)).collect()
}

#[test]
fn only_an_edge_pair_separates_two_tetrahedra() {
    let (a, b) = (tetra_a(), tetra_b());
    // A turned and moved scene, so nothing is axis-aligned by accident of the frame.
    let turn = Rotation::from_euler(glam::EulerRot::XYZ, 0.4, -0.3, 0.9);
    let origin = v(0.3, -1.2, 2.0);
    let g = 0.2;
    let pose_a = Pose::new(origin, turn);
    let pose_b = Pose::new(origin + turn * v(0.0, 0.0, g), turn);
    let (wa, wb) = (placed(&a, &pose_a), placed(&b, &pose_b));

    // By hand: the plane z = g/2 (in the scene's frame) separates them, with a gap g along the
    // cross product of the two crossing edges' directions, x × y = z.
    assert!(!overlaps(&a, pose_a, &b, pose_b));
    let s = separation(&a, pose_a, &b, pose_b);
    assert!((s.distance - g).abs() < 1e-5, "{s:?}");
    assert!(s.normal.abs_diff_eq(turn * Vector::Z, 1e-5));
    assert!(matches!(s.axis, Axis::Edges { .. }), "{s:?}");

    // Every face normal of either shape sees an overlap: faces alone would say "collide".
    let face_normals: Vec<Vector> = (0..4)
        .map(|i| pose_a.rotation * a.face_normal(i))
        .chain((0..4).map(|j| pose_b.rotation * b.face_normal(j)))
        .collect();
    for &n in &face_normals {
        let ((lo_a, hi_a), (lo_b, hi_b)) = shadows(&wa, &wb, n);
        assert!(lo_b < hi_a && lo_a < hi_b, "face normal {n} separates");
    }
    // And so does every cross product of two face normals (one of each shape), the known bug:
    // it would report this pair as colliding.
    let mut crossed = 0;
    for i in 0..4 {
        for j in 4..8 {
            let c = face_normals[i].cross(face_normals[j]);
            if c.length() < 1e-4 {
                continue; // parallel normals give no axis
            }
            let ((lo_a, hi_a), (lo_b, hi_b)) = shadows(&wa, &wb, c.normalize());
            assert!(lo_b < hi_a && lo_a < hi_b, "normal × normal axis {c} separates");
            crossed += 1;
        }
    }
    assert!(crossed >= 8);

    // The trace lists the faces (4 + 4), then the edge axes, and separates at an edge axis.
    let t = trace(&a, pose_a, &b, pose_b);
    assert!(t.steps[..8].iter().all(|s| !s.is_gap()));
    match t.verdict {
        Verdict::Separated { step } => assert!(matches!(t.steps[step].axis, Axis::Edges { .. })),
        other => panic!("{other:?}"),
    }

    // The cache remembers the edge pair and answers from it next time.
    let mut cache = SatCache::new();
    assert!(!overlaps_cached(&a, pose_a, &b, pose_b, &mut cache));
    assert!(matches!(cache.axis(), Some(Axis::Edges { .. })));
    assert!(!overlaps_cached(&a, pose_a, &b, pose_b, &mut cache));
}

#[test]
fn crossing_edges_overlap_edge_to_edge() {
    // Sunk 0.1 into each other along z: the edge axis gives depth 0.1, the faces far more
    // (the face (0, 1, 1)/√2 of a, for instance: b's lowest point is (g − 1)/√2 = −0.78 below).
    let (a, b) = (tetra_a(), tetra_b());
    let pose_b = Pose::from_translation(v(0.0, 0.0, -0.1));
    let mtv = contact(&a, Pose::IDENTITY, &b, pose_b).unwrap();
    assert!((mtv.depth - 0.1).abs() < 1e-6);
    assert!(mtv.normal.abs_diff_eq(Vector::Z, 1e-6));
    // One point midway between the edges' closest points, (0, 0, 0) and (0, 0, −0.1).
    let m = collide(&a, Pose::IDENTITY, &b, pose_b).unwrap();
    assert_eq!(m.points().len(), 1);
    let p = m.points()[0];
    assert!(p.point.abs_diff_eq(v(0.0, 0.0, -0.05), 1e-6), "{p:?}");
    assert!((p.depth - 0.1).abs() < 1e-6);
    assert!(matches!((p.id.a, p.id.b), (Feature::Edge(_), Feature::Edge(_))));
    // The edges themselves: a's edge runs along x, b's along y.
    let (Feature::Edge(i), Feature::Edge(j)) = (p.id.a, p.id.b) else { unreachable!() };
    let (ta, ha) = a.edge(i as usize);
    let (tb, hb) = b.edge(j as usize);
    let da = a.vertices()[ha as usize] - a.vertices()[ta as usize];
    let db = b.vertices()[hb as usize] - b.vertices()[tb as usize];
    assert!(da.y == 0.0 && da.z == 0.0 && db.x == 0.0 && db.z == 0.0);
}

#[test]
fn falling_tetrahedron_meets_the_other_edge_first() {
    // b 1.0 above its touching height, falling at unit speed: contact at t = 1, edge on edge.
    let (a, b) = (tetra_a(), tetra_b());
    let start = Pose::from_translation(v(0.0, 0.0, 1.0));
    let hit = time_of_impact(&a, Pose::IDENTITY, Vector::ZERO, &b, start, v(0.0, 0.0, -1.0), 5.0).unwrap();
    assert!(hit.time <= 1.0 + 1e-6 && hit.time > 1.0 - 1e-3, "{hit:?}");
    assert!(hit.normal.abs_diff_eq(Vector::Z, 1e-5));
    // Moving sideways past each other they never meet.
    let aside = Pose::from_translation(v(0.0, 5.0, 1.0));
    assert!(time_of_impact(&a, Pose::IDENTITY, Vector::ZERO, &b, aside, v(1.0, 0.0, 0.0), 5.0).is_none());
}

/// A box of half size 0.5 turned by `angle` about y and sunk 0.01 into a ground slab whose top is
/// at y = 1: its four bottom corners, by hand, each 0.01 deep.
fn resting(angle: Real, shift: Vector) -> (Cuboid, Cuboid, Pose, Vec<Vector>) {
    let ground = Cuboid::new(v(5.0, 1.0, 5.0)).unwrap();
    let crate_ = Cuboid::new(Vector::splat(0.5)).unwrap();
    let turn = Rotation::from_rotation_y(angle);
    let pose = Pose::new(v(0.3, 1.49, -0.2) + shift, turn);
    let corners = [v(-0.5, -0.5, -0.5), v(0.5, -0.5, -0.5), v(0.5, -0.5, 0.5), v(-0.5, -0.5, 0.5)];
    let _ = crate_.as_hull();
    (ground, crate_, pose, corners.iter().map(|&c| pose.apply(c)).collect())
}

#[test]
fn box_resting_on_the_ground() {
    let (ground, crate_, pose, corners) = resting(0.3, Vector::ZERO);
    let m = collide(&ground, Pose::IDENTITY, &crate_, pose).unwrap();
    assert!(m.normal.abs_diff_eq(Vector::Y, 1e-6));
    assert_eq!(m.points().len(), 4);
    for p in m.points() {
        assert!((p.depth - 0.01).abs() < 1e-5, "{p:?}");
        assert!(corners.iter().any(|c| c.abs_diff_eq(p.point, 1e-5)), "{p:?} not a bottom corner");
        // The ground's top face (reference) against a corner of the box (incident).
        assert!(matches!((p.id.a, p.id.b), (Feature::Face(_), Feature::Vertex(_))), "{p:?}");
    }
    // Every corner is there once.
    for c in &corners {
        assert_eq!(m.points().iter().filter(|p| p.point.abs_diff_eq(*c, 1e-5)).count(), 1);
    }
    let mtv = contact(&ground, Pose::IDENTITY, &crate_, pose).unwrap();
    assert!((mtv.depth - 0.01).abs() < 1e-5);
    assert!(mtv.normal.abs_diff_eq(Vector::Y, 1e-6));
}

#[test]
fn resting_contact_ids_are_stable_under_small_motion() {
    let ids = |angle: Real, shift: Vector, box_first: bool| {
        let (ground, crate_, pose, _) = resting(angle, shift);
        let m = if box_first {
            collide(&crate_, pose, &ground, Pose::IDENTITY).unwrap()
        } else {
            collide(&ground, Pose::IDENTITY, &crate_, pose).unwrap()
        };
        let mut ids: Vec<String> = m.points().iter().map(|p| format!("{:?}", p.id)).collect();
        ids.sort();
        ids
    };
    for box_first in [false, true] {
        let reference = ids(0.3, Vector::ZERO, box_first);
        assert_eq!(reference.len(), 4);
        for (angle, shift) in [
            (0.3001, Vector::ZERO),
            (0.2999, v(1e-4, 0.0, 0.0)),
            (0.3, v(0.0, 1e-4, -1e-4)),
            (0.3, v(-2e-4, -1e-4, 3e-4)),
        ] {
            assert_eq!(
                ids(angle, shift, box_first),
                reference,
                "angle {angle}, shift {shift}, box first {box_first}"
            );
        }
    }
}

#[test]
fn the_same_cases_far_from_the_origin() {
    // A unit cube turned about z, with a smaller cube sunk 0.2 into its top face: by hand the
    // depth is 0.2 along +z (every other axis overlaps by far more). Far out, the f32 inputs
    // themselves are rounded (at 1e5 to 1/128), so the exact answer is worked out from the
    // offset the rounded inputs really have: depth = 1 + 0.5 − (z_b − z_a), in f64.
    let dz = |pose_a: &Pose, pose_b: &Pose| pose_b.translation.z as f64 - pose_a.translation.z as f64;
    let big = Cuboid::new(Vector::splat(1.0)).unwrap();
    let small = Cuboid::new(Vector::splat(0.5)).unwrap();
    let turn = Rotation::from_rotation_z(0.5);
    for far in [v(0.0, 0.0, 0.0), v(1e3, -1e3, 1e3), v(1e5, -1e5, 1e5)] {
        let pose_a = Pose::new(far, turn);
        let pose_b = Pose::from_translation(far + v(0.1, -0.2, 1.3));
        let mtv = contact(&big, pose_a, &small, pose_b).unwrap();
        let depth = 1.5 - dz(&pose_a, &pose_b);
        assert!((mtv.depth as f64 - depth).abs() < 1e-3, "at {far}: {mtv:?}");
        assert!(mtv.normal.abs_diff_eq(Vector::Z, 1e-3), "at {far}: {mtv:?}");
        let m = collide(&big, pose_a, &small, pose_b).unwrap();
        assert_eq!(m.points().len(), 4);
        for p in m.points() {
            assert!((p.depth as f64 - depth).abs() < 1e-3);
        }
    }
    // The tetrahedra a gap of 0.2 apart, edge above edge, far out: still apart by 0.2.
    let (a, b) = (tetra_a(), tetra_b());
    for far in [v(1e3, 1e3, -1e3), v(-1e5, 1e5, 1e5)] {
        let pose_a = Pose::from_translation(far);
        let pose_b = Pose::from_translation(far + v(0.0, 0.0, 0.2));
        assert!(!overlaps(&a, pose_a, &b, pose_b));
        let s = separation(&a, pose_a, &b, pose_b);
        assert!((s.distance as f64 - dz(&pose_a, &pose_b)).abs() < 1e-3, "at {far}: {s:?}");
        assert!(s.normal.abs_diff_eq(Vector::Z, 1e-3));
        // Sunk 0.1 instead: edge–edge depth 0.1.
        let sunk = Pose::from_translation(far + v(0.0, 0.0, -0.1));
        let mtv = contact(&a, pose_a, &b, sunk).unwrap();
        assert!((mtv.depth as f64 + dz(&pose_a, &sunk)).abs() < 1e-3, "at {far}: {mtv:?}");
        assert!(mtv.normal.abs_diff_eq(Vector::Z, 1e-3));
    }
}

#[test]
fn stale_or_foreign_cache_entries_never_change_the_answer() {
    let cube = Cuboid::new(Vector::splat(0.5)).unwrap();
    let (a, b) = (tetra_a(), tetra_b());
    let apart = Pose::from_translation(v(0.0, 0.0, 0.2));
    let sunk = Pose::from_translation(v(0.0, 0.0, -0.1));
    let entries = [
        None,
        Some(Axis::FaceA(0)),
        Some(Axis::FaceA(999)),
        Some(Axis::FaceB(3)),
        Some(Axis::FaceB(1 << 30)),
        Some(Axis::Edges { a: 0, b: 0 }),
        Some(Axis::Edges { a: 999, b: 2 }),
        Some(Axis::VertexA(1)),
        Some(Axis::Centers),
    ];
    for entry in entries {
        for (pose_b, expected) in [(apart, false), (sunk, true)] {
            let mut cache = entry.map_or(SatCache::new(), SatCache::from_axis);
            assert_eq!(overlaps_cached(&a, Pose::IDENTITY, &b, pose_b, &mut cache), expected, "{entry:?}");
            let mut cache = entry.map_or(SatCache::new(), SatCache::from_axis);
            let plain = overlaps(&cube, Pose::IDENTITY, &b, pose_b);
            assert_eq!(overlaps_cached(&cube, Pose::IDENTITY, &b, pose_b, &mut cache), plain, "{entry:?}");
        }
    }
}

/// Fuzz finding 12: a cube of half extent 8 and a sliver tetrahedron whose big face x = 0 passes
/// through the cube (its fourth corner at x = 1). The MTV is 8 along +x (by hand: the cube
/// reaches x = 8, the sliver's face is at x = 0, and on every other axis the cube sits well
/// inside the sliver's huge extent). Three faces of the sliver are within 1e-4 of facing −x; the
/// manifold must come from the one that covers the overlap: points on x = 0 inside the cube's
/// y–z square (|y|, |z| ≤ 8), not a sliver corner 8,700 away.
#[test]
fn sliver_incident_face_near_tie() {
    let cube = Cuboid::new(Vector::splat(8.0)).unwrap();
    let sliver = ConvexHull::new(&[
        Vector::new(0.0, -1228.35, -2855.1301),
        Vector::new(0.0, 8771.65, -2855.1301),
        Vector::new(0.0, -11228.35, 7144.87),
        Vector::new(1.0, -11228.35, -12855.13),
    ])
    .unwrap();
    let c = contact(&cube, Pose::IDENTITY, &sliver, Pose::IDENTITY).unwrap();
    assert!((c.depth - 8.0).abs() < 1e-3, "{c:?}");
    let m = collide(&cube, Pose::IDENTITY, &sliver, Pose::IDENTITY).unwrap();
    for p in m.points() {
        let q = p.point;
        assert!(q.y.abs() <= 8.0 + 1e-3 && q.z.abs() <= 8.0 + 1e-3 && q.x.abs() <= 8.0 + 1e-3, "{m:?}");
    }
}
