//! Determinism: the same queries give bit-identical answers on repeated calls and on every
//! thread. (Across platforms, see the crate docs and the `deterministic` feature.)
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

#[path = "reference/cases.rs"]
mod cases;
mod reference;
mod rng;

use cases::{random_case, rv, Case, Kind};
use rng::Rng;
use septa3d::{collide, contact, overlaps_cached, separation, time_of_impact, trace, Real, SatCache, Vector};

const KINDS: [Kind; 4] = [Kind::Cuboid, Kind::Hull, Kind::Sphere, Kind::Capsule];

/// 480 random pairs, 30 of each ordered kind (built once, shared by the threads).
fn cases() -> Vec<(Case, Vector)> {
    let mut rng = Rng::for_test("determinism", 0);
    let mut out = Vec::new();
    for ka in KINDS {
        for kb in KINDS {
            for _ in 0..30 {
                let case = random_case(ka, kb, &mut rng);
                out.push((case, rv(rng.in_cube(5.0))));
            }
        }
    }
    out
}

/// Every number the queries return for the cases, as bits, folded into one hash: any
/// difference in any bit changes it.
fn fingerprint(cases: &[(Case, Vector)]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |x: Real| hash = (hash ^ x.to_bits() as u64).wrapping_mul(0x1000_0000_01b3);
    let mut cache = SatCache::new();
    for (case, velocity) in cases {
        let (a, pa, b, pb) = (&case.a.shape, case.pose_a, &case.b.shape, case.pose_b);
        let s = separation(a, pa, b, pb);
        for x in [s.distance, s.normal.x, s.normal.y, s.normal.z] {
            eat(x);
        }
        if let Some(c) = contact(a, pa, b, pb) {
            for x in [c.depth, c.normal.x, c.normal.y, c.normal.z] {
                eat(x);
            }
        }
        if let Some(m) = collide(a, pa, b, pb) {
            eat(m.normal.x);
            for p in m.points() {
                for x in [p.point.x, p.point.y, p.point.z, p.depth] {
                    eat(x);
                }
            }
        }
        for step in trace(a, pa, b, pb).steps {
            for x in [step.a.min, step.a.max, step.b.min, step.b.max, step.direction.z] {
                eat(x);
            }
        }
        eat(overlaps_cached(a, pa, b, pb, &mut cache) as u8 as Real);
        if let Some(hit) = time_of_impact(a, pa, Vector::ZERO, b, pb, *velocity, 1.0) {
            for x in [hit.time, hit.normal.x, hit.normal.y, hit.normal.z] {
                eat(x);
            }
        }
    }
    hash
}

#[test]
fn same_input_same_bits_on_every_call_and_thread() {
    let cases = std::sync::Arc::new(cases());
    let here = fingerprint(&cases);
    assert_eq!(fingerprint(&cases), here, "a second call on the same thread differs");
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let cases = cases.clone();
            std::thread::spawn(move || fingerprint(&cases))
        })
        .collect();
    for t in threads {
        assert_eq!(t.join().unwrap(), here, "another thread differs");
    }
}
