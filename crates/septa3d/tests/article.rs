//! The reference text's 3D example, with every expected value worked out by hand: two unit
//! cubes (side 1, half extents 0.5), the second offset by 0.5 on every axis. They collide.
//!
//! ```text
//!   on x (and y, z alike):   a: [-0.5, 0.5]
//!                            b:      [0.0, 1.0]     overlap 0.5 on each face axis
//! ```
//!
//! For two boxes the edge-pair axes are the cross products of the box axes, which here are the
//! box axes again, so the three face axes are all the candidate axes there are, and they tie:
//! the depth is 0.5 along +x, +y or +z (from a to b). Along the chosen axis `k`, a's face at
//! `+0.5` is the reference face and b's face at `0` (b spans `[0, 1]`) the incident face; b's
//! face `[0, 1]²` clipped to a's face `[-0.5, 0.5]²` is the square `[0, 0.5]²`, whose four
//! corners lie 0.5 behind a's face.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod reference;

use reference::{face_cross_face_collide, DVec3, Polytope, RefPair, RefShape};
use septa3d::{collide, contact, overlaps, separation, trace, Cuboid, Pose, Real, Vector};

#[track_caller]
fn near(got: Real, want: f64, tol: f64) {
    assert!((got as f64 - want).abs() <= tol, "got {got}, want {want} (±{tol})");
}

fn unit_cube() -> Cuboid {
    Cuboid::new(Vector::splat(0.5)).unwrap()
}

#[test]
fn two_unit_cubes_offset_by_half_on_every_axis_collide_with_depth_half() {
    let cube = unit_cube();
    let pb = Pose::from_translation(Vector::splat(0.5));
    assert!(overlaps(&cube, Pose::IDENTITY, &cube, pb));
    assert!(trace(&cube, Pose::IDENTITY, &cube, pb).collides());

    let c = contact(&cube, Pose::IDENTITY, &cube, pb).unwrap();
    near(c.depth, 0.5, 1e-6);
    // one of the three tied face axes, pointing from a to b
    let k = c.normal.abs().max_position();
    near(c.normal[k], 1.0, 1e-6);
    near(c.normal.length(), 1.0, 1e-6);
    near(separation(&cube, Pose::IDENTITY, &cube, pb).distance, -0.5, 1e-6);

    let m = collide(&cube, Pose::IDENTITY, &cube, pb).unwrap();
    let k = m.normal.abs().max_position();
    near(m.normal[k], 1.0, 1e-6);
    assert_eq!(m.points().len(), 4);
    let mut corners: Vec<(i32, i32)> = Vec::new();
    for p in m.points() {
        near(p.depth, 0.5, 1e-6);
        near(p.point[k], 0.0, 1e-6); // on b's face (the incident face), 0.5 behind a's
        let others: Vec<Real> = (0..3).filter(|&i| i != k).map(|i| p.point[i]).collect();
        for &x in &others {
            assert!(x.abs() < 1e-6 || (x - 0.5).abs() < 1e-6, "{}", p.point);
        }
        corners.push(((others[0] * 2.0).round() as i32, (others[1] * 2.0).round() as i32));
    }
    corners.sort();
    assert_eq!(corners, [(0, 0), (0, 1), (1, 0), (1, 1)]);
}

/// The independent reference and the reference text's own (face × face) method agree here:
/// boxes are where that method is right.
#[test]
fn the_reference_agrees_on_the_articles_cubes() {
    let a = Polytope::cuboid(DVec3::splat(0.5));
    let b = a.translated(DVec3::splat(0.5));
    let r = RefPair::new(&RefShape::polytope(a.clone()), &RefShape::polytope(b.clone()));
    assert!(r.overlapping());
    assert!((r.depth() - 0.5).abs() < 1e-15);
    assert!(face_cross_face_collide(&a, &b));
}

/// Offset by 1 on x: the faces x = 0.5 meet, which is touching, not overlapping; offset by 1.5:
/// a gap of 0.5 along +x.
#[test]
fn face_to_face_touching_is_not_overlapping_and_a_gap_is_measured() {
    let cube = unit_cube();
    let touching = Pose::from_translation(Vector::new(1.0, 0.3, -0.2));
    assert!(!overlaps(&cube, Pose::IDENTITY, &cube, touching));
    assert!(contact(&cube, Pose::IDENTITY, &cube, touching).is_none());
    assert!(collide(&cube, Pose::IDENTITY, &cube, touching).is_none());
    near(separation(&cube, Pose::IDENTITY, &cube, touching).distance, 0.0, 1e-6);

    let apart = Pose::from_translation(Vector::new(1.5, 0.3, -0.2));
    let s = separation(&cube, Pose::IDENTITY, &cube, apart);
    near(s.distance, 0.5, 1e-6);
    assert!(s.normal.abs_diff_eq(Vector::X, 1e-6), "{}", s.normal);
}

/// Offset by 1.2 on every axis: a gap of 0.2 on each face axis. SAT's separation is the largest
/// gap over its axes, 0.2 (the edge-pair axes of two aligned boxes are the face axes again); the
/// true distance, corner to corner, is 0.2·√3, which the separation must not exceed.
#[test]
fn cubes_apart_along_the_diagonal() {
    let cube = unit_cube();
    let pb = Pose::from_translation(Vector::splat(1.2));
    assert!(!overlaps(&cube, Pose::IDENTITY, &cube, pb));
    let s = separation(&cube, Pose::IDENTITY, &cube, pb);
    near(s.distance, 0.2, 1e-6);
    let k = s.normal.abs().max_position();
    near(s.normal[k], 1.0, 1e-6);
}
