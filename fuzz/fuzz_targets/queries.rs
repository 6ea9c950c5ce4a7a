//! Every query on every pair of shape kinds, in both orders.
//!
//! The input makes two valid shapes (polygon from `new` on a regular polygon's corners, hull of
//! arbitrary points, regular polygon, rectangle, recentered polygon, box, circle, capsule) and
//! two poses, then runs `overlaps`, `overlaps_cached` (with one cache reused across all calls),
//! `separation`, `contact`, `collide`, `trace` and `time_of_impact` for (a, b) and (b, a).
//!
//! Nothing may panic or hang, whatever the input. When every number is in the sane range
//! (coordinates and velocities within ±1e4, sizes at least 1e-3, `max_t` in [0, 100]) the
//! answers are also checked: every f32 finite, normals of unit length (within 1e-3), contact
//! depth > 0, `overlaps` == `contact().is_some()` == `overlaps_cached`, a manifold has 1 or 2
//! points of depth > 0, a trace has at least one step, an impact time lies in [0, max_t].
//! About one input in eight also draws extreme-but-finite numbers. Those within septa's domain
//! (`COORDINATE_LIMIT`, 1e18: ±1e18, ±1e9, 1e-30, `f32::MIN_POSITIVE`, 1e-45, 0) are checked
//! like the rest; those beyond it (±1e20, ±1e30, ±3e38) make constructors refuse points and can
//! make answers infinite (never a panic), so such inputs are only checked for panics unless
//! `SEPTA_FUZZ_STRICT=1` is set.
#![no_main]

use arbitrary::{Result, Unstructured};
use glam::Vec2;
use libfuzzer_sys::fuzz_target;
use septa::{Capsule, Circle, ConvexPolygon, OrientedBox, Pose, SatCache, Shape, Trace, Verdict};

/// Extreme values within `septa::COORDINATE_LIMIT`, then (from `BEYOND` on) values past it.
const EXTREME: [f32; 14] =
    [1e18, -1e18, 1e9, -1e9, 1e-30, f32::MIN_POSITIVE, 1e-45, 0.0, 1e20, -1e20, 1e30, -1e30, 3e38, -3e38];
const BEYOND: usize = 8;

struct Gen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    /// Whether this input may draw extreme values at all.
    allow_extreme: bool,
    /// Whether it did.
    extreme: bool,
    /// Whether it drew a value beyond `septa::COORDINATE_LIMIT`.
    beyond: bool,
}

impl Gen<'_, '_> {
    fn maybe_extreme(&mut self) -> Result<Option<f32>> {
        if self.allow_extreme && self.u.ratio(1u8, 4)? {
            self.extreme = true;
            let k = self.u.choose_index(EXTREME.len())?;
            self.beyond |= k >= BEYOND;
            return Ok(Some(EXTREME[k]));
        }
        Ok(None)
    }

    /// A value in [lo, hi]: small integers and halves often (exact alignments and touching
    /// cases), otherwise a fine grid.
    fn range(&mut self, lo: f32, hi: f32) -> Result<f32> {
        if let Some(x) = self.maybe_extreme()? {
            return Ok(x);
        }
        let x = match self.u.int_in_range(0u8..=3)? {
            0 => self.u.int_in_range(-16i32..=16)? as f32 * 0.5,
            1 => self.u.int_in_range(-1_000_000i32..=1_000_000)? as f32 * 1e-6 * hi.abs().max(lo.abs()),
            2 => f32::from_bits(self.u.arbitrary::<u32>()?),
            _ => self.u.int_in_range(-40_000i32..=40_000)? as f32 / 256.0,
        };
        // Out of range (or NaN) values fold back into it.
        Ok(if x.is_finite() { x.clamp(lo, hi) } else { lo.max(0.0).min(hi) })
    }

    fn coord(&mut self) -> Result<f32> {
        self.range(-1e4, 1e4)
    }

    fn size(&mut self) -> Result<f32> {
        let s = self.range(-1e4, 1e4)?;
        Ok(if self.extreme { s.abs() } else { s.abs().max(1e-3) })
    }

    fn v(&mut self) -> Result<Vec2> {
        Ok(Vec2::new(self.coord()?, self.coord()?))
    }

    fn angle(&mut self) -> Result<f32> {
        self.range(-10.0, 10.0)
    }

    fn pose(&mut self) -> Result<Pose> {
        Ok(Pose::new(self.v()?, self.angle()?))
    }

    /// A valid shape, or `Err` to skip the input when the constructor refuses.
    fn shape(&mut self) -> Result<Shape> {
        let built: core::result::Result<Shape, septa::ShapeError> = match self.u.int_in_range(0u8..=7)? {
            0 => {
                let n = self.u.int_in_range(3usize..=12)?;
                let pts: Vec<Vec2> = (0..n).map(|_| self.v()).collect::<Result<_>>()?;
                ConvexPolygon::hull(&pts).map(Shape::from)
            }
            1 => {
                let sides = self.u.int_in_range(3usize..=40)?;
                ConvexPolygon::regular(sides, self.size()?, self.angle()?).map(Shape::from)
            }
            2 => {
                // `new` on a regular polygon's corners moved and stretched: convex, either winding.
                let sides = self.u.int_in_range(3usize..=10)?;
                let (c, sx, sy, rot) = (self.v()?, self.size()?, self.size()?, self.angle()?);
                let flip = self.u.arbitrary::<bool>()?;
                let mut pts: Vec<Vec2> = (0..sides)
                    .map(|k| {
                        let t = rot + std::f32::consts::TAU * k as f32 / sides as f32;
                        c + Vec2::new(t.cos() * sx, t.sin() * sy)
                    })
                    .collect();
                if flip {
                    pts.reverse();
                }
                ConvexPolygon::new(&pts).map(Shape::from)
            }
            3 => ConvexPolygon::rectangle(Vec2::new(self.size()?, self.size()?)).map(Shape::from),
            4 => {
                let n = self.u.int_in_range(3usize..=8)?;
                let pts: Vec<Vec2> = (0..n).map(|_| self.v()).collect::<Result<_>>()?;
                // recentered: the shape is placed by its returned pose; here it is used as is.
                ConvexPolygon::hull(&pts).map(|p| Shape::from(p.recentered().0))
            }
            5 => OrientedBox::new(self.v()?, Vec2::new(self.size()?, self.size()?), self.angle()?)
                .map(Shape::from),
            6 => Circle::new(self.v()?, self.size()?).map(Shape::from),
            _ => {
                let (a, b) = (self.v()?, self.v()?);
                let r = if self.u.ratio(1u8, 5)? { 0.0 } else { self.size()? };
                Capsule::new(a, b, r).map(Shape::from)
            }
        };
        built.map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

fn unit(n: Vec2) -> bool {
    n.is_finite() && (n.length() - 1.0).abs() <= 1e-3
}

fn check_trace(t: &Trace) {
    assert!(!t.steps.is_empty(), "trace with no steps");
    for s in &t.steps {
        assert!(unit(s.direction), "trace step direction {}", s.direction);
        for p in [&s.a, &s.b] {
            assert!(
                p.interval.min.is_finite() && p.interval.max.is_finite(),
                "trace interval {:?}",
                p.interval
            );
            assert!(p.min_point.is_finite() && p.max_point.is_finite(), "trace point {p:?}");
        }
        assert!(s.separation.is_finite(), "trace separation {}", s.separation);
        assert!(s.push.is_none_or(f32::is_finite), "trace push {:?}", s.push);
    }
    match &t.verdict {
        Verdict::Separated { step } => assert!(*step < t.steps.len()),
        Verdict::Colliding { step, contact, manifold } => {
            assert!(*step < t.steps.len());
            assert!(contact.depth.is_finite() && unit(contact.normal), "trace contact {contact:?}");
            if let Some(m) = manifold {
                assert!(unit(m.normal), "trace manifold normal {}", m.normal);
                for p in m.points() {
                    assert!(p.point.is_finite() && p.depth.is_finite(), "trace manifold point {p:?}");
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn queries(
    a: &Shape,
    pa: Pose,
    b: &Shape,
    pb: Pose,
    va: Vec2,
    vb: Vec2,
    max_t: f32,
    cache: &mut SatCache,
    check: bool,
) {
    let hit = septa::overlaps(a, pa, b, pb);
    let cached = septa::overlaps_cached(a, pa, b, pb, cache);
    let cached_again = septa::overlaps_cached(a, pa, b, pb, cache);
    let sep = septa::separation(a, pa, b, pb);
    let contact = septa::contact(a, pa, b, pb);
    let manifold = septa::collide(a, pa, b, pb);
    let trace = septa::trace(a, pa, b, pb);
    let impact = septa::time_of_impact(a, pa, va, b, pb, vb, max_t);
    if !check {
        return;
    }
    assert_eq!(hit, cached, "overlaps_cached (reused cache) disagrees with overlaps");
    assert_eq!(hit, cached_again, "overlaps_cached (second call) disagrees with overlaps");
    assert_eq!(hit, contact.is_some(), "overlaps {hit} but contact {contact:?}");
    assert!(sep.distance.is_finite() && unit(sep.normal), "separation {sep:?}");
    if let Some(c) = contact {
        assert!(c.depth.is_finite() && c.depth > 0.0, "contact depth {c:?}");
        assert!(unit(c.normal), "contact normal {c:?}");
    }
    if let Some(m) = &manifold {
        assert!((1..=2).contains(&m.points().len()), "manifold with {} points", m.points().len());
        assert!(unit(m.normal), "manifold normal {}", m.normal);
        for p in m.points() {
            assert!(p.point.is_finite(), "manifold point {p:?}");
            assert!(p.depth.is_finite() && p.depth > 0.0, "manifold depth {p:?}");
        }
    }
    check_trace(&trace);
    if let Some(i) = impact {
        assert!(i.time.is_finite() && (0.0..=max_t).contains(&i.time), "impact time {i:?}, max_t {max_t}");
        assert!(unit(i.normal), "impact normal {i:?}");
    }
}

fn run(u: &mut Unstructured) -> Result<()> {
    let allow_extreme = u.ratio(1u8, 8)?;
    let mut g = Gen { u, allow_extreme, extreme: false, beyond: false };
    let (a, b) = (g.shape()?, g.shape()?);
    let (mut pa, pb) = (g.pose()?, g.pose()?);
    // Now and then a pose that is not finite (a NaN or an infinity, as a broken physics step
    // may hand over): the answers mean nothing then and are not checked, but every query must
    // return, without a panic or a hang (libFuzzer's -timeout catches a hang).
    let broken = g.u.ratio(1u8, 16)?;
    if broken {
        let bad = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY][g.u.int_in_range(0usize..=2)?];
        match g.u.int_in_range(0u8..=3)? {
            0 => pa.translation.x = bad,
            1 => pa.translation.y = bad,
            2 => pa.rotation.cos = bad,
            _ => pa.rotation.sin = bad,
        }
    }
    let (va, vb) = (g.v()?, g.v()?);
    let max_t = g.range(0.0, 100.0)?;
    if std::env::var_os("SEPTA_FUZZ_DEBUG").is_some() {
        eprintln!("a = {a:?}\npose_a = {pa:?} (broken: {broken})\nb = {b:?}\npose_b = {pb:?}\nvelocity_a = {va:?}, velocity_b = {vb:?}, max_t = {max_t:?}, extreme = {}, beyond = {}", g.extreme, g.beyond);
    }
    let check = !broken && (!g.beyond || std::env::var_os("SEPTA_FUZZ_STRICT").is_some_and(|v| v == "1"));
    let mut cache = SatCache::new();
    queries(&a, pa, &b, pb, va, vb, max_t, &mut cache, check);
    queries(&b, pb, &a, pa, vb, va, max_t, &mut cache, check);
    // The cache now remembers an axis of (b, a); it must not change (a, b)'s answer either.
    queries(&a, pa, &b, pb, va, vb, max_t, &mut cache, check);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
