//! A fixed workload for instruction counting under callgrind (stable where wall-clock time on a
//! shared machine is not):
//!
//! ```text
//! cargo build --release -p septa-bench --example icount
//! valgrind --tool=callgrind --toggle-collect='icount::run_*' \
//!     target/release/examples/icount overlaps 4 3.1 septa
//! ```
//!
//! Arguments: the query (`overlaps`, `contact`, `collide`), the number of sides, the spread `R`
//! (B's centre is A's plus an offset uniform in a disc of radius `R`; the bench prints each
//! set's `R`), the implementation (`septa` or `seed`) and, optionally, `circle`: B is then the
//! bench's circle (radius 1 about its local origin, placed at B's centre; `septa` only), e.g.
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='icount::run_*' \
//!     target/release/examples/icount collide 8 1.921956 septa circle
//! ```
//!
//! (`1.921956` is `0.999 × (cos(π/8) + 1)`, the spread of `circle8-all`). The pairs follow the bench's workload
//! (regular polygons of circumradius 1, random rotations, A uniform in `[-50, 50]²`); the
//! counted function runs the query once on each of [`PAIRS`] pairs, so the instructions per
//! call are its inclusive count ÷ [`PAIRS`].
//!
//! The sides may also be `irrN`: the bench's irregular N-gons (`septa-bench`'s own generator
//! and pairs, from its `workload` and `irregular` modules), each turned by its pose; the spread
//! is then `R` (the bench prints it for `irrN-30%`) or `all`, the `irrN-all` placement
//! (`R = 0.999 × (r_A + r_B)` pair by pair), e.g.
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='icount::run_*' \
//!     target/release/examples/icount collide irr4 all septa
//! ```
//!
//! With `ICOUNT_TIME=N` in the environment it times instead, for comparing two builds of septa
//! on this noisy machine: the pairs in chunks of 100, each chunk run `N` times and its fastest
//! run kept, summed, and printed as ns per call. Small chunks run often make it likely that
//! some run of each went undisturbed; two builds run alternately a few times each differ by
//! what their code differs by (a few % between runs of one build). With `ICOUNT_CHUNKS=FILE`
//! too, each chunk's fastest time is appended to `FILE` (one line per run): over many runs of
//! each build, alternated, the sum of each chunk's fastest time is steadier still, as every
//! chunk is likely to have met a quiet moment in some run. `ICOUNT_CHUNK=N` sets the chunk
//! size (the bench's is 500), and `ICOUNT_POLLUTE=MB` reads that many megabytes between runs,
//! as the bench's other implementations do between septa's runs of a chunk: code whose data is
//! spread over many cache lines is slower then (16-gons' `collide` took 1.8 to 2 times as long
//! in three measurements with 4 MB), code that reads a few lines held in the shapes is not
//! (8-gons', 61 ns either way). `ICOUNT_MIX=1` runs the next chunk's pairs (untimed) before
//! each timed run, so that the branch predictor has met other pairs since it last saw these,
//! as in the bench, where other implementations run between septa's runs of a chunk: a
//! predictor that has seen the same 500 pairs fifteen times in a row knows their walks by
//! heart. (`irr32-all` `collide` at 485964c, chunks of 500 with 4 MB read: 117 ns without, 188
//! with, and 190 to 200 in the bench; `irr16-all` 102 and 113, in the bench 106.)

#[allow(dead_code)]
#[path = "../src/seed.rs"]
mod seed;

#[allow(dead_code)]
#[path = "../src/workload.rs"]
mod workload;

#[allow(dead_code)]
#[path = "../src/irregular.rs"]
mod irregular;

#[path = "shared/cold.rs"]
mod cold;

use std::hint::black_box;

use glam::{DVec2, Vec2};
use septa::{Circle, Collide, ConvexPolygon, Pose};

/// Pairs per run.
const PAIRS: usize = 10_000;

/// SplitMix64, as in the bench.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
}

struct Pair {
    a: (DVec2, f64),
    b: (DVec2, f64),
}

fn pairs(spread: f64) -> Vec<Pair> {
    let mut rng = Rng(12345);
    let tau = core::f64::consts::TAU;
    (0..PAIRS)
        .map(|_| {
            let a_center = DVec2::new(rng.unit() * 100.0 - 50.0, rng.unit() * 100.0 - 50.0);
            let (a_angle, b_angle) = (rng.unit() * tau, rng.unit() * tau);
            let offset = DVec2::from_angle(rng.unit() * tau) * rng.unit().sqrt();
            Pair { a: (a_center, a_angle), b: (a_center + offset * spread, b_angle) }
        })
        .collect()
}

fn regular(sides: usize, angle: f64) -> Vec<DVec2> {
    let step = core::f64::consts::TAU / sides as f64;
    (0..sides).map(|k| DVec2::from_angle(angle + step * k as f64)).collect()
}

/// The query on every pair; B is a polygon or a circle.
#[inline(never)]
fn run_septa<B>(op: &str, shapes: &[(ConvexPolygon, Pose, B, Pose)]) -> f32
where
    ConvexPolygon: Collide<B>,
{
    let mut sum = 0.0;
    match op {
        "overlaps" => {
            for (a, pa, b, pb) in shapes {
                sum += septa::overlaps(a, *pa, b, *pb) as u32 as f32;
            }
        }
        "contact" => {
            for (a, pa, b, pb) in shapes {
                if let Some(c) = septa::contact(a, *pa, b, *pb) {
                    sum += c.normal.x + c.normal.y + c.depth;
                }
            }
        }
        "collide" => {
            for (a, pa, b, pb) in shapes {
                if let Some(m) = &septa::collide(a, *pa, b, *pb) {
                    sum += m.normal.x + m.normal.y;
                    for p in m.points() {
                        sum += p.point.x + p.point.y + p.depth;
                    }
                }
            }
        }
        _ => panic!("unknown query {op}"),
    }
    sum
}

#[inline(never)]
fn run_seed(op: &str, shapes: &[(seed::Polygon, seed::Polygon)]) -> f32 {
    let mut sum = 0.0;
    match op {
        "overlaps" => {
            for (a, b) in shapes {
                sum += seed::overlaps(a, b) as u32 as f32;
            }
        }
        "collide" => {
            for (a, b) in shapes {
                if let Some(m) = &seed::collide(a, b) {
                    sum += m.normal.x + m.normal.y + m.points().len() as f32;
                }
            }
        }
        _ => panic!("unknown query {op}"),
    }
    sum
}

/// `ICOUNT_TIME`, when set: how many times to run each chunk.
fn timed_runs() -> Option<usize> {
    std::env::var("ICOUNT_TIME").ok().map(|n| n.parse().expect("ICOUNT_TIME: a number of runs"))
}

/// Prints ns per call: chunks of pairs (see `shared/cold.rs`), the fastest of `runs` runs of each,
/// summed.
fn time<T>(shapes: &[T], runs: usize, run: impl Fn(&[T]) -> f32) {
    let cold = cold::Cold::from_env();
    let mut total = 0.0;
    let mut bests = Vec::new();
    let chunks: Vec<&[T]> = shapes.chunks(cold.chunk).collect();
    for (c, chunk) in chunks.iter().enumerate() {
        let mut best = f64::INFINITY;
        for r in 0..runs {
            cold.before_run(&chunks, (c, r), &run);
            let start = std::time::Instant::now();
            black_box(run(chunk));
            best = best.min(start.elapsed().as_secs_f64());
        }
        total += best;
        bests.push(best);
    }
    println!("{:.2} ns per call", total * 1e9 / shapes.len() as f64);
    // `ICOUNT_CHUNKS=FILE`: each chunk's fastest run (s), one per line, appended, so that runs
    // made at different times can be combined chunk by chunk (the fastest of each).
    if let Ok(path) = std::env::var("ICOUNT_CHUNKS") {
        use std::io::Write;
        let mut file =
            std::fs::OpenOptions::new().create(true).append(true).open(path).expect("ICOUNT_CHUNKS");
        let line: Vec<String> = bests.iter().map(|b| format!("{b:e}")).collect();
        writeln!(file, "{}", line.join(" ")).expect("ICOUNT_CHUNKS");
    }
}

/// The bench's irregular `sides`-gon pairs, offsets in a disc of radius `spread` (`all`: the
/// `irrN-all` placement): (A's local polygon, A's pose, B's, B's pose) in f64.
fn irregular_pairs(sides: usize, spread: &str) -> Vec<[(Vec<DVec2>, DVec2, f64); 2]> {
    use workload::{Body, Density, Form, Other, SetSpec, Workload};
    let spread = (spread != "all").then(|| spread.parse().expect("SPREAD: a number or `all`"));
    let spec = SetSpec {
        name: "icount",
        sides,
        other: Other::Polygon,
        density: Density::All,
        form: Form::Irregular,
    };
    let w = Workload::with_spread(spec, PAIRS, spread, 12345);
    let body = |i: usize, which: Body| {
        let (local, angle) = w.local(i, which);
        (local, w.center(i, which), angle)
    };
    (0..PAIRS).map(|i| [body(i, Body::A), body(i, Body::B)]).collect()
}

/// Irregular pairs (`icount QUERY irrN SPREAD septa|seed`).
fn main_irregular(op: &str, sides: usize, spread: &str, which: &str) {
    let pairs = irregular_pairs(sides, spread);
    let sum = match which {
        "septa" => {
            let body = |(local, center, angle): &(Vec<DVec2>, DVec2, f64)| {
                let points: Vec<Vec2> = local.iter().map(|v| v.as_vec2()).collect();
                (ConvexPolygon::new(&points).unwrap(), Pose::new(center.as_vec2(), *angle as f32))
            };
            let shapes: Vec<_> = pairs
                .iter()
                .map(|[a, b]| {
                    let ((a, pa), (b, pb)) = (body(a), body(b));
                    (a, pa, b, pb)
                })
                .collect();
            if let Some(runs) = timed_runs() {
                return time(&shapes, runs, |chunk| run_septa(black_box(op), black_box(chunk)));
            }
            run_septa(black_box(op), black_box(&shapes))
        }
        "seed" => {
            let world = |(local, center, angle): &(Vec<DVec2>, DVec2, f64)| seed::Polygon {
                vertices: workload::place(local, *center, *angle).iter().map(|v| v.as_vec2()).collect(),
            };
            let shapes: Vec<_> = pairs.iter().map(|[a, b]| (world(a), world(b))).collect();
            run_seed(black_box(op), black_box(&shapes))
        }
        _ => panic!("unknown implementation {which}"),
    };
    println!("{sum}");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (op, sides, spread, which, circle) = match &args[..] {
        [_, op, sides, spread, which] => (op, sides, spread, which, false),
        [_, op, sides, spread, which, b] if b == "circle" => (op, sides, spread, which, true),
        _ => panic!("usage: icount QUERY SIDES|irrSIDES SPREAD|all septa|seed [circle]"),
    };
    if let Some(n) = sides.strip_prefix("irr") {
        assert!(!circle, "the circle workload has regular polygons");
        return main_irregular(op, n.parse().expect("irrN: a number of sides"), spread, which);
    }
    let (sides, spread): (usize, f64) = (sides.parse().unwrap(), spread.parse().unwrap());
    let pairs = pairs(spread);
    let sum = match which.as_str() {
        "septa" if circle => {
            let polygon = |angle: f64| ConvexPolygon::regular(sides, 1.0, angle as f32).unwrap();
            let pose = |c: DVec2| Pose::new(c.as_vec2(), 0.0);
            let ball = Circle::new(Vec2::ZERO, 1.0).unwrap();
            let shapes: Vec<_> =
                pairs.iter().map(|p| (polygon(p.a.1), pose(p.a.0), ball, pose(p.b.0))).collect();
            if let Some(runs) = timed_runs() {
                return time(&shapes, runs, |chunk| run_septa(black_box(op), black_box(chunk)));
            }
            run_septa(black_box(op), black_box(&shapes))
        }
        _ if circle => panic!("the circle workload is septa's only"),
        "septa" => {
            let polygon = |angle: f64| ConvexPolygon::regular(sides, 1.0, angle as f32).unwrap();
            let pose = |c: DVec2| Pose::new(c.as_vec2(), 0.0);
            let shapes: Vec<_> =
                pairs.iter().map(|p| (polygon(p.a.1), pose(p.a.0), polygon(p.b.1), pose(p.b.0))).collect();
            if let Some(runs) = timed_runs() {
                return time(&shapes, runs, |chunk| run_septa(black_box(op), black_box(chunk)));
            }
            run_septa(black_box(op), black_box(&shapes))
        }
        "seed" => {
            let world = |(c, angle): (DVec2, f64)| seed::Polygon {
                vertices: regular(sides, angle).into_iter().map(|v| (v + c).as_vec2()).collect::<Vec<Vec2>>(),
            };
            let shapes: Vec<_> = pairs.iter().map(|p| (world(p.a), world(p.b))).collect();
            run_seed(black_box(op), black_box(&shapes))
        }
        _ => panic!("unknown implementation {which}"),
    };
    println!("{sum}");
}
