//! `overlaps` between polytopes first looks for a common interior point (a centroid, or the
//! point halfway between the centroids, inside both shapes by more than rounding) before
//! proving every candidate axis overlapping. These tests check that the shortcut never turns
//! touching or separated shapes into overlapping ones, and that deep overlaps (where it
//! answers) agree with the independent f64 reference.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{dpose, dv, reference, rq, rv, Built, Case, Kind};
use rng::Rng;
use septa3d::{overlaps, overlaps_cached, ConvexHull, Cuboid, Pose, SatCache, Vector};

#[test]
fn a_small_hull_inside_a_cube_overlaps_in_both_orders() {
    let cube = Cuboid::new(Vector::splat(1.0)).unwrap();
    let tiny = ConvexHull::new(&[
        Vector::new(0.0, 0.0, 0.0),
        Vector::new(0.01, 0.0, 0.0),
        Vector::new(0.0, 0.01, 0.0),
        Vector::new(0.0, 0.0, 0.01),
    ])
    .unwrap();
    let inside = Pose::from_translation(Vector::new(0.3, -0.2, 0.1));
    assert!(overlaps(&cube, Pose::IDENTITY, &tiny, inside));
    assert!(overlaps(&tiny, inside, &cube, Pose::IDENTITY));
    let mut cache = SatCache::default();
    assert!(overlaps_cached(&cube, Pose::IDENTITY, &tiny, inside, &mut cache));
}

/// Unit cubes (half extent 0.5) side by side on x, 1 + gap apart: the point halfway between
/// their centres lies on both touching faces when the gap is 0 (touching, not overlapping),
/// inside both when it is negative, outside both when positive.
#[test]
fn cubes_side_by_side_touching_and_barely_overlapping() {
    let cube = Cuboid::new(Vector::splat(0.5)).unwrap();
    for (gap, want) in [(0.0, false), (1e-4, false), (-1e-4, true), (-0.3, true), (0.3, false)] {
        let b = Pose::from_translation(Vector::new(1.0 + gap, 0.0, 0.0));
        assert_eq!(overlaps(&cube, Pose::IDENTITY, &cube, b), want, "gap {gap}");
        assert_eq!(overlaps(&cube, b, &cube, Pose::IDENTITY), want, "gap {gap}, swapped");
        let mut cache = SatCache::default();
        assert_eq!(overlaps_cached(&cube, Pose::IDENTITY, &cube, b, &mut cache), want, "gap {gap}, cached");
    }
}

/// Deep pairs: b's centre within 0.4 of the sum of the bounding radii from a's, so that many
/// share a centroid or the midpoint; the verdict must be the reference's wherever the shapes
/// are further than 1e-4 × scale from touching.
#[test]
fn deep_random_pairs_agree_with_the_reference() {
    let mut rng = Rng::for_test("overlap_witness", 1);
    let (mut checked, mut overlapping) = (0, 0);
    for k in 0..3000 {
        let kinds = [Kind::Cuboid, Kind::Hull];
        let (a, b) =
            (Built::new(kinds[k % 2].random(&mut rng)), Built::new(kinds[(k / 2) % 2].random(&mut rng)));
        let case = placed(&mut rng, a, b, 10.0, (0.0, 0.4));
        let r = reference(&case);
        if r.signed_distance.abs() < 1e-4 * case.scale() {
            continue;
        }
        checked += 1;
        overlapping += r.overlapping() as usize;
        let (sa, sb) = (&case.a.shape, &case.b.shape);
        let got = overlaps(sa, case.pose_a, sb, case.pose_b);
        assert_eq!(got, r.overlapping(), "pair {k}: reference distance {}", r.signed_distance);
        assert_eq!(overlaps(sb, case.pose_b, sa, case.pose_a), got, "pair {k} swapped");
    }
    assert!(checked > 2900 && overlapping > checked / 2, "{checked} checked, {overlapping} overlapping");
}

/// a placed within `extent` of the origin, b's centre (its local bounding centre) at a random
/// direction from a's and a distance of `spread` (a range) times the sum of their bounding
/// radii, both turned at random.
fn placed(rng: &mut Rng, a: Built, b: Built, extent: f64, spread: (f64, f64)) -> Case {
    let pose_a = cases::random_pose(rng, extent);
    let reach = a.local.bounding_radius() + b.local.bounding_radius();
    let offset = rng.unit() * rng.range(spread.0, spread.1) * reach;
    let (qa, ta) = dpose(pose_a);
    let qb = rng.rotation();
    let center_b = qa * a.local.center() + ta + offset;
    let pose_b = Pose::new(rv(center_b - qb * b.local.center()), rq(qb));
    Case { a, pose_a, b, pose_b }
}

/// `spec` with every length times `s`.
fn scaled(spec: &cases::Spec, s: f64) -> cases::Spec {
    let times = |v: Vector| rv(dv(v) * s);
    match spec {
        cases::Spec::Cuboid { half_extents } => cases::Spec::Cuboid { half_extents: times(*half_extents) },
        cases::Spec::Hull { points } => {
            cases::Spec::Hull { points: points.iter().map(|&p| times(p)).collect() }
        }
        other => other.clone(),
    }
}

/// Near pairs, from well apart to deep, with every length scaled by factors from 1e-15 to 1e12:
/// the search for a separating direction (module `separating_direction`) uses its directions
/// unnormalised where their length and the shapes' size keep every product in range, and unit
/// ones (or none, leaving the pair to SAT) elsewhere; whichever it takes, the answer must be the
/// reference's wherever the shapes are further than 1e-4 of their size from touching.
#[test]
fn near_pairs_at_every_scale_agree_with_the_reference() {
    let mut rng = Rng::for_test("overlap_witness", 2);
    let (mut checked, mut overlapping) = (0, 0);
    for k in 0..2400 {
        let s = [1e-15, 1e-9, 1e-4, 1.0, 1e3, 1e6, 1e12][k % 7];
        let kinds = [Kind::Cuboid, Kind::Hull, Kind::Hull];
        let spec_a = scaled(&kinds[k % 3].random(&mut rng), s);
        let spec_b = scaled(&kinds[(k / 3) % 3].random(&mut rng), s);
        let (a, b) = (Built::new(spec_a), Built::new(spec_b));
        let reach = a.local.bounding_radius() + b.local.bounding_radius();
        let case = placed(&mut rng, a, b, 10.0 * s, (0.2, 1.2));
        let r = reference(&case);
        if r.signed_distance.abs() < 1e-4 * reach {
            continue;
        }
        checked += 1;
        overlapping += r.overlapping() as usize;
        let (sa, sb) = (&case.a.shape, &case.b.shape);
        let got = overlaps(sa, case.pose_a, sb, case.pose_b);
        assert_eq!(got, r.overlapping(), "pair {k} (scale {s:e}): {}", case.repro());
        assert_eq!(overlaps(sb, case.pose_b, sa, case.pose_a), got, "pair {k} swapped");
    }
    assert!(
        checked > 2200 && overlapping > checked / 5 && overlapping < checked * 4 / 5,
        "{checked}, {overlapping}"
    );
}
