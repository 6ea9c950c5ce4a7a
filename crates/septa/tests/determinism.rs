//! Determinism: the same queries give bit-identical answers on every run and on every thread.
//! (Across platforms, see the crate docs' "Determinism" section and the `deterministic` feature.)
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::{
    collide, contact, separation, time_of_impact, trace, Capsule, Circle, ConvexPolygon, Pose, Real, Shape,
    Vector,
};

/// A fingerprint of every number the queries return for a fixed set of pairs: the f32 bit
/// patterns folded together, so any difference in any bit changes it.
fn fingerprint() -> u64 {
    let mut rng = Rng(0xde7e_2a11);
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |x: Real| hash = (hash ^ x.to_bits() as u64).wrapping_mul(0x1000_0000_01b3);
    for _ in 0..2000 {
        let shape = |rng: &mut Rng| -> Shape {
            match (rng.next() * 3.0) as u32 {
                0 => Shape::Polygon(
                    ConvexPolygon::regular(
                        3 + (rng.next() * 20.0) as usize,
                        rng.range(0.2, 1.5),
                        rng.range(0.0, 6.0),
                    )
                    .unwrap(),
                ),
                1 => Shape::Circle(Circle::new(rng.vec(0.5), rng.range(0.2, 1.0)).unwrap()),
                _ => Shape::Capsule(Capsule::new(rng.vec(1.0), rng.vec(1.0), rng.range(0.0, 0.5)).unwrap()),
            }
        };
        let (a, b) = (shape(&mut rng), shape(&mut rng));
        let (pa, pb) =
            (Pose::new(rng.vec(1.0), rng.range(-3.0, 3.0)), Pose::new(rng.vec(2.0), rng.range(-3.0, 3.0)));
        let s = separation(&a, pa, &b, pb);
        eat(s.distance);
        eat(s.normal.x);
        eat(s.normal.y);
        if let Some(c) = contact(&a, pa, &b, pb) {
            eat(c.depth);
            eat(c.normal.x);
        }
        if let Some(m) = collide(&a, pa, &b, pb) {
            for p in m.points() {
                eat(p.point.x);
                eat(p.point.y);
                eat(p.depth);
            }
        }
        for step in trace(&a, pa, &b, pb).steps {
            eat(step.a.interval.min);
            eat(step.b.interval.max);
        }
        if let Some(hit) = time_of_impact(&a, pa, Vector::ZERO, &b, pb, rng.vec(5.0), 1.0) {
            eat(hit.time);
            eat(hit.normal.y);
        }
    }
    hash
}

#[test]
fn same_input_same_bits_on_every_run_and_thread() {
    let here = fingerprint();
    assert_eq!(fingerprint(), here);
    let threads: Vec<_> = (0..4).map(|_| std::thread::spawn(fingerprint)).collect();
    for t in threads {
        assert_eq!(t.join().unwrap(), here);
    }
}
