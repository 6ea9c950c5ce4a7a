//! Every shape constructor, from raw f32s: NaN, ±infinity, ±0, subnormals, huge and tiny values,
//! and any bit pattern. Each must return `Ok` or `Err`, never panic (or hang, or abort on an
//! allocation).
//!
//! A shape that *is* built must be usable: when every input is finite and within ±1e18 (so that
//! no sum or product of two inputs can overflow f32), its stored numbers (vertices, normals,
//! plane offsets, centroid, bounding radius) are finite and its normals are unit vectors.
//! With `SEPTA_FUZZ_STRICT=1` in the environment that check covers every finite input, which
//! reports shapes accepted from extreme-but-finite input (e.g. 3e38) whose internals overflow.
#![no_main]

use arbitrary::{Result, Unstructured};
use glam::Vec2;
use libfuzzer_sys::fuzz_target;
use septa::{Capsule, Circle, ConvexPolygon, OrientedBox, Polygonal};

/// Interesting floats first; otherwise any bit pattern.
const SPECIAL: [f32; 20] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    1e-45, // smallest subnormal
    1e-30,
    -1e-30,
    1e18,
    1e19,
    1e30,
    -1e30,
    3e38,
    1e-3,
];

struct Gen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    /// True while every float drawn is finite and within ±1e18.
    moderate: bool,
}

impl Gen<'_, '_> {
    fn f(&mut self) -> Result<f32> {
        let x = match self.u.int_in_range(0u8..=7)? {
            0 => SPECIAL[self.u.choose_index(SPECIAL.len())?],
            1 => f32::from_bits(self.u.arbitrary()?),
            2 => self.u.int_in_range(-8i8..=8)? as f32,
            _ => self.u.int_in_range(-100_000i32..=100_000)? as f32 / 64.0,
        };
        if !(x.is_finite() && x.abs() <= 1e18) {
            self.moderate = false;
        }
        Ok(x)
    }

    fn v(&mut self) -> Result<Vec2> {
        Ok(Vec2::new(self.f()?, self.f()?))
    }

    fn points(&mut self) -> Result<Vec<Vec2>> {
        let n = self.u.int_in_range(0usize..=24)?;
        (0..n).map(|_| self.v()).collect()
    }
}

fn strict() -> bool {
    std::env::var_os("SEPTA_FUZZ_STRICT").is_some_and(|v| v == "1")
}

fn unit(n: Vec2) -> bool {
    n.is_finite() && (n.length() - 1.0).abs() <= 1e-3
}

fn check_polygonal<P: Polygonal>(p: &P, what: &str) {
    assert!(p.vertices().len() >= 3, "{what}: {} vertices", p.vertices().len());
    assert_eq!(p.vertices().len(), p.normals().len());
    assert_eq!(p.vertices().len(), p.plane_offsets().len());
    for v in p.vertices() {
        assert!(v.is_finite(), "{what}: vertex {v}");
    }
    for n in p.normals() {
        assert!(unit(*n), "{what}: normal {n}");
    }
    for d in p.plane_offsets() {
        assert!(d.is_finite(), "{what}: plane offset {d}");
    }
    assert!(p.bounding_radius().is_finite(), "{what}: bounding radius {}", p.bounding_radius());
    for a in p.axes() {
        assert!(unit(a.normal), "{what}: axis {}", a.normal);
        assert!(a.shadow.min.is_finite() && a.shadow.max.is_finite(), "{what}: axis shadow {:?}", a.shadow);
    }
}

fn check_polygon(p: &ConvexPolygon, what: &str) {
    check_polygonal(p, what);
    assert!(p.centroid().is_finite(), "{what}: centroid {}", p.centroid());
}

fn run(u: &mut Unstructured) -> Result<()> {
    let mut g = Gen { u, moderate: true };
    let which = g.u.int_in_range(0u8..=7)?;
    let polygon = match which {
        0 => Some(("new", ConvexPolygon::new(&g.points()?))),
        1 => Some(("hull", ConvexPolygon::hull(&g.points()?))),
        2 => {
            // Up to 4096 sides; far larger counts only cost memory (see README).
            let sides = g.u.int_in_range(0usize..=4096)?;
            Some(("regular", ConvexPolygon::regular(sides, g.f()?, g.f()?)))
        }
        3 => Some(("rectangle", ConvexPolygon::rectangle(g.v()?))),
        _ => None,
    };
    let check = g.moderate || strict();
    if let Some((what, result)) = polygon {
        if let Ok(p) = result {
            let (local, pose) = p.recentered();
            // Every finite input: recentering must not panic.
            if check {
                check_polygon(&p, what);
                check_polygon(&local, "recentered");
                assert!(pose.is_finite(), "recentered pose {pose:?}");
            }
        }
        return Ok(());
    }
    match which {
        4 => {
            let (c, h, angle) = (g.v()?, g.v()?, g.f()?);
            if let Ok(b) = OrientedBox::new(c, h, angle) {
                if g.moderate || strict() {
                    check_polygonal(&b, "box");
                    assert!(b.center().is_finite() && b.half_extents().is_finite());
                }
            }
        }
        5 => {
            let (c, r) = (g.v()?, g.f()?);
            if let Ok(circle) = Circle::new(c, r) {
                assert!(circle.center().is_finite() && circle.radius().is_finite() && circle.radius() > 0.0);
            }
        }
        _ => {
            let (a, b, r) = (g.v()?, g.v()?, g.f()?);
            if let Ok(capsule) = Capsule::new(a, b, r) {
                assert!(capsule.radius().is_finite() && capsule.radius() >= 0.0);
                if g.moderate || strict() {
                    assert!(unit(capsule.normal()), "capsule normal {}", capsule.normal());
                }
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
