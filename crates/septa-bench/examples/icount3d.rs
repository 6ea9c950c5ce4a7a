//! A fixed 3D workload for instruction counting under callgrind (stable where wall-clock time
//! on a shared machine is not), like `icount` for 2D:
//!
//! ```text
//! cargo build --release -p septa-bench --example icount3d
//! valgrind --tool=callgrind --toggle-collect='icount3d::run_*' \
//!     target/release/examples/icount3d collide hull32 1.06 septa
//! ```
//!
//! Arguments: the query (`overlaps`, `contact`, `collide`; Box3D has `collide` only), the
//! shapes (`box`, or `hullK` for hulls of K random points on the unit sphere, as the bench
//! draws them: every face plane at least 0.25 from the origin, general position), the spread
//! `R` (B's centre is A's plus an offset uniform in a ball of radius `R`; the bench prints
//! each set's `R`), and the implementation (`septa` or `box3d`). The pairs pick from a pool of
//! [`POOL`] shapes, with uniform random rotations; the counted function runs the query once
//! on each of [`PAIRS`] pairs, so the instructions per call are its inclusive count ÷ `PAIRS`.
//!
//! With `ICOUNT_TIME=N` in the environment it times instead: the pairs in chunks of 100, each
//! chunk run `N` times and its fastest run kept, summed, printed as ns per call.
//!
//! With `ICOUNT_FLUSH` set too (x86-64), subnormal numbers are flushed to zero (the processor's
//! DAZ and FTZ modes) for the whole run: a timing that gets faster so has arithmetic on
//! subnormals somewhere, each a stall of a hundred cycles or more (often the unused fourth lane
//! of a three-lane vector read next to an integer; how the `Manifold` layout of 88c542f was found).
//!
//! With `ICOUNT_ONLY=overlapping` (or `apart`), septa3d's runs keep only the pairs that overlap
//! (or only those that do not) and say how many on stderr: divide by that count instead. On
//! `hull16` at the `-30%` spread (2.51253, 572 of 2,000 pairs overlapping) `collide` costs about
//! 11.9k instructions and 870 ns a call on the overlapping pairs, 930 and 68 ns on the others.

#[path = "shared/cold.rs"]
mod cold;

#[allow(dead_code)]
#[path = "../src/workload.rs"]
mod workload;

// `workload` draws its irregular 2D sets with it.
#[allow(dead_code)]
#[path = "../src/irregular.rs"]
mod irregular;

#[allow(dead_code)]
#[path = "../src/polyhedra/shapes.rs"]
mod shapes;

use std::hint::black_box;

use boxddd_sys::ffi;
use glam::{DVec3, Quat, Vec3};
use septa3d::{Collide, ConvexHull, Cuboid, Pose};

use workload::Rng;

/// Pairs per run.
const PAIRS: usize = 2000;

/// Distinct shapes the pairs pick from.
const POOL: usize = 16;

/// One pair: pool indices, centres and rotations (f32 values).
struct Pair {
    a: usize,
    b: usize,
    a_center: Vec3,
    a_rotation: Quat,
    b_center: Vec3,
    b_rotation: Quat,
}

fn pairs(spread: f64) -> Vec<Pair> {
    let mut rng = Rng::new(12345);
    (0..PAIRS)
        .map(|_| {
            let a_center =
                DVec3::new(rng.uniform(-50.0, 50.0), rng.uniform(-50.0, 50.0), rng.uniform(-50.0, 50.0));
            let rotation = |rng: &mut Rng| shapes::random_rotation(rng).as_quat().normalize();
            let (a_rotation, b_rotation) = (rotation(&mut rng), rotation(&mut rng));
            let b_center = a_center + shapes::in_unit_ball(&mut rng) * spread;
            let (a, b) = ((rng.next_u64() % POOL as u64) as usize, (rng.next_u64() % POOL as u64) as usize);
            Pair { a, b, a_center: a_center.as_vec3(), a_rotation, b_center: b_center.as_vec3(), b_rotation }
        })
        .collect()
}

/// The query on every pair.
#[inline(never)]
fn run_septa<S: Collide<S>>(op: &str, pool: &[S], shapes: &[(usize, Pose, usize, Pose)]) -> f32 {
    let mut sum = 0.0;
    match op {
        "overlaps" => {
            for &(a, pa, b, pb) in shapes {
                sum += septa3d::overlaps(&pool[a], pa, &pool[b], pb) as u32 as f32;
            }
        }
        "contact" => {
            for &(a, pa, b, pb) in shapes {
                if let Some(c) = septa3d::contact(&pool[a], pa, &pool[b], pb) {
                    sum += c.normal.x + c.normal.y + c.normal.z + c.depth;
                }
            }
        }
        "collide" => {
            for &(a, pa, b, pb) in shapes {
                if let Some(m) = &septa3d::collide(&pool[a], pa, &pool[b], pb) {
                    sum += m.normal.x + m.normal.y + m.normal.z;
                    for p in m.points() {
                        sum += p.point.x + p.point.y + p.point.z + p.depth;
                    }
                }
            }
        }
        _ => panic!("unknown query {op}"),
    }
    sum
}

/// `b3CollideHulls` on every pair, relative transform per call, zeroed cache.
#[inline(never)]
fn run_box3d(
    pool: &[*const ffi::b3HullData],
    shapes: &[(usize, ffi::b3Transform, usize, ffi::b3Transform)],
) -> f32 {
    let mut sum = 0.0;
    let mut points: [ffi::b3LocalManifoldPoint; 4] = unsafe { std::mem::zeroed() };
    for (a, xa, b, xb) in shapes {
        let qa = Quat::from_xyzw(xa.q.v.x, xa.q.v.y, xa.q.v.z, xa.q.s).conjugate();
        let p = qa * Vec3::new(xb.p.x - xa.p.x, xb.p.y - xa.p.y, xb.p.z - xa.p.z);
        let q = qa * Quat::from_xyzw(xb.q.v.x, xb.q.v.y, xb.q.v.z, xb.q.s);
        let xf = ffi::b3Transform {
            p: ffi::b3Vec3 { x: p.x, y: p.y, z: p.z },
            q: ffi::b3Quat { v: ffi::b3Vec3 { x: q.x, y: q.y, z: q.z }, s: q.w },
        };
        let mut cache = ffi::b3SATCache { separation: 0.0, type_: 0, indexA: 0, indexB: 0, hit: 0 };
        // SAFETY: plain C data; the buffer holds the 4 points the capacity promises.
        let mut m: ffi::b3LocalManifold = unsafe { std::mem::zeroed() };
        m.points = points.as_mut_ptr();
        unsafe { ffi::b3CollideHulls(&mut m, 4, pool[*a], pool[*b], xf, &mut cache) };
        sum += m.normal.x + m.pointCount as f32;
    }
    sum
}

/// `ICOUNT_TIME`, when set: how many times to run each chunk.
fn timed_runs() -> Option<usize> {
    std::env::var("ICOUNT_TIME").ok().map(|n| n.parse().expect("ICOUNT_TIME: a number of runs"))
}

/// Prints ns per call: chunks of pairs (see `shared/cold.rs`), the fastest of `runs` runs of
/// each, summed.
fn time<T>(shapes: &[T], runs: usize, run: impl Fn(&[T]) -> f32) {
    let cold = cold::Cold::from_env();
    let mut total = 0.0;
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
    }
    println!("{:.1} ns per call", total * 1e9 / shapes.len() as f64);
}

fn septa_pose(c: Vec3, q: Quat) -> Pose {
    Pose::new(c, q)
}

/// `ICOUNT_ONLY=overlapping` or `apart`: only the pairs that overlap, or only those that do not
/// (by septa3d's `overlaps`), so that the two kinds of a `-30%` set are counted apart; the
/// number kept goes to stderr (divide the count by it).
fn only<T>(mut shapes: Vec<T>, overlapping: impl Fn(&T) -> bool) -> Vec<T> {
    if let Ok(which) = std::env::var("ICOUNT_ONLY") {
        let keep = match which.as_str() {
            "overlapping" => true,
            "apart" => false,
            _ => panic!("ICOUNT_ONLY: overlapping or apart"),
        };
        shapes.retain(|s| overlapping(s) == keep);
        eprintln!("ICOUNT_ONLY={which}: {} pairs", shapes.len());
    }
    shapes
}

fn septa<S: Collide<S>>(op: &str, pool: Vec<S>, pairs: &[Pair]) -> f32 {
    let shapes: Vec<_> = pairs
        .iter()
        .map(|p| {
            (
                p.a % pool.len(),
                septa_pose(p.a_center, p.a_rotation),
                p.b % pool.len(),
                septa_pose(p.b_center, p.b_rotation),
            )
        })
        .collect();
    let shapes = only(shapes, |&(a, pa, b, pb)| septa3d::overlaps(&pool[a], pa, &pool[b], pb));
    if let Some(runs) = timed_runs() {
        time(&shapes, runs, |chunk| run_septa(black_box(op), &pool, black_box(chunk)));
        return 0.0;
    }
    run_septa(black_box(op), &pool, black_box(&shapes))
}

fn main() {
    // DAZ (bit 6) and FTZ (bit 15). (The intrinsics are deprecated for Rust's own code, whose
    // float semantics they break: wanted here, for a diagnostic run only.)
    #[cfg(target_arch = "x86_64")]
    #[allow(deprecated)]
    if std::env::var_os("ICOUNT_FLUSH").is_some() {
        use std::arch::x86_64::{_mm_getcsr, _mm_setcsr};
        // SAFETY: only changes how this process treats subnormal numbers, for its whole run.
        unsafe { _mm_setcsr(_mm_getcsr() | 0x8040) };
    }
    let args: Vec<String> = std::env::args().collect();
    let [_, op, set, spread, which] = &args[..] else {
        panic!("usage: icount3d QUERY box|hullK SPREAD septa|box3d");
    };
    let spread: f64 = spread.parse().expect("SPREAD: a number");
    let points = match set.as_str() {
        "box" => None,
        hull => Some(hull.strip_prefix("hull").and_then(|k| k.parse::<usize>().ok()).expect("box or hullK")),
    };
    let mut rng = Rng::new(777);
    let polytopes: Vec<shapes::Polytope> = match points {
        None => vec![shapes::cuboid()],
        Some(k) => (0..POOL).map(|_| shapes::random_hull(k, &mut rng).0).collect(),
    };
    let pairs = pairs(spread);
    let sum = match which.as_str() {
        "septa" => match points {
            None => septa(op, vec![Cuboid::new(shapes::box_half_extents().as_vec3()).unwrap()], &pairs),
            Some(_) => {
                let pool = polytopes.iter().map(|p| ConvexHull::new(&p.points_f32()).unwrap()).collect();
                septa(op, pool, &pairs)
            }
        },
        "box3d" => {
            assert_eq!(op, "collide", "Box3D has collide only");
            let mut boxes = Vec::new();
            let pool: Vec<*const ffi::b3HullData> = match points {
                None => {
                    let h = shapes::box_half_extents().as_vec3();
                    boxes.push(Box::new(unsafe { ffi::b3MakeBoxHull(h.x, h.y, h.z) }));
                    vec![&boxes[0].base as *const ffi::b3HullData]
                }
                Some(_) => polytopes
                    .iter()
                    .map(|p| {
                        let pts: Vec<ffi::b3Vec3> =
                            p.points_f32().iter().map(|v| ffi::b3Vec3 { x: v.x, y: v.y, z: v.z }).collect();
                        let hull =
                            unsafe { ffi::b3CreateHull(pts.as_ptr(), pts.len() as i32, pts.len() as i32) };
                        assert!(!hull.is_null(), "Box3D refused the hull");
                        hull as *const ffi::b3HullData
                    })
                    .collect(),
            };
            let transform = |c: Vec3, q: Quat| ffi::b3Transform {
                p: ffi::b3Vec3 { x: c.x, y: c.y, z: c.z },
                q: ffi::b3Quat { v: ffi::b3Vec3 { x: q.x, y: q.y, z: q.z }, s: q.w },
            };
            let shapes: Vec<_> = pairs
                .iter()
                .map(|p| {
                    (
                        p.a % pool.len(),
                        transform(p.a_center, p.a_rotation),
                        p.b % pool.len(),
                        transform(p.b_center, p.b_rotation),
                    )
                })
                .collect();
            if let Some(runs) = timed_runs() {
                time(&shapes, runs, |chunk| run_box3d(&pool, black_box(chunk)));
                return;
            }
            run_box3d(&pool, black_box(&shapes))
        }
        _ => panic!("unknown implementation {which}"),
    };
    println!("{sum}");
}
