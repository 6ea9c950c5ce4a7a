//! Box against capsule, septa3d beside parry3d, on the same pairs in one process (not part of
//! the bench's sets: a check on one pair type the bench does not time).
//!
//! ```text
//! cargo run --release -p septa-bench --example box_capsule
//! ```
//!
//! A box of half extents 1 × 0.75 × 0.5 at the origin and a capsule of half length 0.5 and
//! radius 0.4 at a centre uniform in a cube of half side 1.2, both under uniform random
//! rotations (2,000 pairs, about 84 % overlapping). Prints how often the verdicts agree, then
//! ns per call (the fastest of 100 runs over all the pairs) for `overlaps` against parry3d's
//! `intersection_test` and `contact` against parry3d's `contact`, and septa3d's `overlaps`
//! split by kind of pair (apart; overlapping with the capsule's core in the box, or through
//! its radius alone, as septa3d's own `contact` depth says).

use std::hint::black_box;
use std::time::Instant;

use glam::{Quat, Vec3};
use parry3d::math::{Pose as ParryPose, Rotation, Vector};

/// Pairs in the set.
const PAIRS: usize = 2000;

/// The capsule's radius.
const RADIUS: f32 = 0.4;

/// The fastest of 100 runs of `run` over all the pairs, in ns per pair.
fn fastest(pairs: usize, mut run: impl FnMut() -> f32) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..100 {
        let start = Instant::now();
        black_box(run());
        best = best.min(start.elapsed().as_nanos() as f64 / pairs as f64);
    }
    best
}

fn main() {
    // xorshift64, uniform in [−1, 1).
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut uniform = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f32 / (1u64 << 53) as f32 * 2.0 - 1.0
    };
    let cuboid = septa3d::Cuboid::new(Vec3::new(1.0, 0.75, 0.5)).expect("cuboid");
    let capsule =
        septa3d::Capsule::new(Vec3::new(0.0, -0.5, 0.0), Vec3::new(0.0, 0.5, 0.0), RADIUS).expect("capsule");
    let parry_cuboid = parry3d::shape::Cuboid::new(Vector::new(1.0, 0.75, 0.5));
    let parry_capsule = parry3d::shape::Capsule::new_y(0.5, RADIUS);
    let drawn: Vec<(Quat, Vec3, Quat)> = (0..PAIRS)
        .map(|_| {
            // Normalised 4-vectors from a cube: not exactly uniform rotations, which does not
            // matter for a comparison on the same pairs.
            let qa = Quat::from_xyzw(uniform(), uniform(), uniform(), uniform()).normalize();
            let qb = Quat::from_xyzw(uniform(), uniform(), uniform(), uniform()).normalize();
            (qa, Vec3::new(uniform(), uniform(), uniform()) * 1.2, qb)
        })
        .collect();
    let septa: Vec<_> = drawn
        .iter()
        .map(|&(qa, c, qb)| (septa3d::Pose::new(Vec3::ZERO, qa), septa3d::Pose::new(c, qb)))
        .collect();
    let parry_pose = |c: Vec3, q: Quat| {
        ParryPose::from_parts(Vector::new(c.x, c.y, c.z), Rotation::from_xyzw(q.x, q.y, q.z, q.w))
    };
    let parry: Vec<_> =
        drawn.iter().map(|&(qa, c, qb)| (parry_pose(Vec3::ZERO, qa), parry_pose(c, qb))).collect();

    let overlaps = |pairs: &[(septa3d::Pose, septa3d::Pose)]| {
        pairs.iter().map(|&(a, b)| septa3d::overlaps(&cuboid, a, &capsule, b) as u32 as f32).sum::<f32>()
    };
    let parry_overlaps = |(a, b): &(ParryPose, ParryPose)| {
        parry3d::query::intersection_test(a, &parry_cuboid, b, &parry_capsule)
            .expect("supported")
            .intersecting
    };
    let agree = septa
        .iter()
        .zip(&parry)
        .filter(|(s, p)| septa3d::overlaps(&cuboid, s.0, &capsule, s.1) == parry_overlaps(p))
        .count();
    // Where they disagree, how far from touching the pair is (septa3d's `separation`: the gap,
    // or minus the depth).
    let nearest_disagreement = septa
        .iter()
        .zip(&parry)
        .filter(|(s, p)| septa3d::overlaps(&cuboid, s.0, &capsule, s.1) != parry_overlaps(p))
        .map(|(s, _)| septa3d::separation(&cuboid, s.0, &capsule, s.1).distance.abs())
        .fold(0.0f32, f32::max);
    println!(
        "verdicts agree on {agree} of {PAIRS} pairs (the others within {nearest_disagreement:.1e} of touching)"
    );

    let septa_overlaps = fastest(PAIRS, || overlaps(&septa));
    let parry_intersection = fastest(PAIRS, || parry.iter().map(|p| parry_overlaps(p) as u32 as f32).sum());
    let septa_contact = fastest(PAIRS, || {
        septa.iter().filter_map(|&(a, b)| septa3d::contact(&cuboid, a, &capsule, b)).map(|c| c.depth).sum()
    });
    let parry_contact = fastest(PAIRS, || {
        parry
            .iter()
            .filter_map(|(a, b)| {
                parry3d::query::contact(a, &parry_cuboid, b, &parry_capsule, 0.0).expect("supported")
            })
            .map(|c| c.dist)
            .sum()
    });
    println!(
        "overlaps: septa3d {septa_overlaps:.1} ns, parry3d {parry_intersection:.1} ns; \
         contact: septa3d {septa_contact:.1} ns, parry3d {parry_contact:.1} ns"
    );

    let depth =
        |&(a, b): &(septa3d::Pose, septa3d::Pose)| septa3d::contact(&cuboid, a, &capsule, b).map(|c| c.depth);
    let apart: Vec<_> = septa.iter().copied().filter(|p| depth(p).is_none()).collect();
    let core_in: Vec<_> = septa.iter().copied().filter(|p| depth(p).is_some_and(|d| d > RADIUS)).collect();
    let radius_only: Vec<_> =
        septa.iter().copied().filter(|p| depth(p).is_some_and(|d| d <= RADIUS)).collect();
    for (name, pairs) in
        [("apart", &apart), ("core in the box", &core_in), ("through the radius alone", &radius_only)]
    {
        let ns = fastest(pairs.len(), || overlaps(pairs));
        println!("septa3d overlaps, {name}: {} pairs, {ns:.1} ns", pairs.len());
    }
}
