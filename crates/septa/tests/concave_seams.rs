//! Ghost normals: shapes resting and sliding on a surface that the decomposition splits into
//! several pieces must get contact normals from the surface only, with the true depth, at every
//! position along it.
//!
//! The surface: a flat-topped terrain whose top is very slightly dented (every other vertex
//! δ = 1e-4 below the line, so that the outline keeps those vertices and the decomposition has
//! to cut at the reflex ones). The expected answers are the hand values for that surface: the
//! normal is the local edge's (within δ/4 of straight up) and a point of a box sunk to y = −s
//! is s + y_surface(x) deep, within a few δ.
//!
//! Each scenario also checks, through `trace`, that some piece pairs did produce a ghost normal
//! (which the correction replaced or set aside), so that the tests exercise the correction
//! rather than pass by luck.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

use septa::concave::{collide, trace, ConcaveCollide, ConcavePolygon, Manifolds, PairOutcome};
use septa::{Capsule, Circle, ConvexPolygon, OrientedBox, Pose, Real, Shape, Vector};

const DELTA: f64 = 1e-4;
const SINK: f64 = 0.05;

/// The top of the terrain: vertices at x = −12, −8, …, 12, every other one δ low.
fn top() -> Vec<(f64, f64)> {
    (0..7).map(|k| (-12.0 + 4.0 * k as f64, if k % 2 == 1 { -DELTA } else { 0.0 })).collect()
}

/// The surface height at x (linear between the top vertices).
fn surface(x: f64) -> f64 {
    let t = top();
    for w in t.windows(2) {
        if x >= w[0].0 && x <= w[1].0 {
            let f = (x - w[0].0) / (w[1].0 - w[0].0);
            return w[0].1 + f * (w[1].1 - w[0].1);
        }
    }
    0.0
}

/// Terrain with a flat bottom, and one whose bottom has teeth hanging down (more cuts, in other
/// directions).
fn terrains() -> Vec<(&'static str, ConcavePolygon)> {
    let v = |(x, y): (f64, f64)| Vector::new(x as Real, y as Real);
    let mut flat: Vec<Vector> = vec![v((-12.0, -3.0)), v((12.0, -3.0))];
    flat.extend(top().into_iter().rev().map(v));
    let mut toothed: Vec<Vector> = vec![v((-12.0, -3.0))];
    for k in 0..6 {
        let x = -11.0 + 4.0 * k as f64;
        toothed.extend([v((x, -3.0)), v((x + 0.5, -5.0)), v((x + 1.5, -5.0)), v((x + 2.0, -3.0))]);
    }
    toothed.push(v((12.0, -3.0)));
    toothed.extend(top().into_iter().rev().map(v));
    let flat = ConcavePolygon::new(&flat).unwrap();
    let toothed = ConcavePolygon::new(&toothed).unwrap();
    assert!(flat.pieces().len() >= 3, "the dents are cut");
    assert!(toothed.pieces().len() >= 8, "{}", toothed.pieces().len());
    vec![("flat", flat), ("toothed", toothed)]
}

/// Every manifold is the surface's: normal within δ/4 (plus rounding) of straight up, every
/// point at the hand depth for where it is (points on the sunk shape's bottom, `bottom(x)` its
/// height there).
#[track_caller]
fn check_surface(m: &Manifolds, bottom: impl Fn(f64) -> f64, what: &str) {
    assert!(!m.is_empty(), "{what}: no contact");
    for pm in m {
        let n = pm.manifold.normal;
        assert!(n.y as f64 > 0.999_999 && (n.x as f64).abs() <= DELTA / 4.0 + 1e-5, "{what}: normal {n:?}");
        for p in pm.manifold.points() {
            let (x, y) = (p.point.x as f64, p.point.y as f64);
            assert!(
                (y - bottom(x)).abs() < 1e-4,
                "{what}: point {:?} is not on the shape's bottom ({})",
                p.point,
                bottom(x)
            );
            let want = surface(x) - bottom(x);
            assert!(
                (p.depth as f64 - want).abs() <= 3.0 * DELTA,
                "{what}: depth {} at x = {x}, want {want}",
                p.depth
            );
        }
    }
}

/// How many piece pairs of the trace had a ghost normal (replaced, or the pair set aside).
fn corrected<B>(terrain: &ConcavePolygon, b: &B, pose: Pose) -> usize
where
    ConcavePolygon: ConcaveCollide<B>,
{
    trace(terrain, Pose::IDENTITY, b, pose)
        .pairs
        .iter()
        .filter(|p| matches!(p.outcome, PairOutcome::Corrected { .. } | PairOutcome::Interior(_)))
        .count()
}

#[test]
fn a_box_sliding_across_the_seams_gets_only_the_surface_normal() {
    let half = Vector::new(1.0, 0.5);
    let shapes: [(&str, Shape); 2] = [
        ("box", Shape::Box(OrientedBox::new(Vector::ZERO, half, 0.0).unwrap())),
        ("polygon", Shape::Polygon(ConvexPolygon::rectangle(half).unwrap())),
    ];
    for (name, terrain) in terrains() {
        for (kind, shape) in &shapes {
            let mut ghosts = 0;
            for step in 0..=2000 {
                let x = -10.5 + 21.0 * step as f64 / 2000.0;
                let pose = Pose::from_translation(Vector::new(x as Real, (0.5 - SINK) as Real));
                let m = collide(&terrain, Pose::IDENTITY, shape, pose);
                check_surface(&m, |_| -SINK, &format!("{kind} on {name} at x = {x}"));
                // A box over a dent is one flat contact: the pieces' manifolds merge into one.
                assert_eq!(m.len(), 1, "{kind} on {name} at x = {x}: {m:?}");
                assert_eq!(m.as_slice()[0].manifold.points().len(), 2);
                if step % 20 == 0 {
                    ghosts += corrected(&terrain, shape, pose);
                }
                // The other order: the same contact seen from the box.
                let flipped = collide(shape, pose, &terrain, Pose::IDENTITY);
                assert_eq!(flipped.len(), m.len());
                assert_eq!(flipped.as_slice()[0].manifold.normal, -m.as_slice()[0].manifold.normal);
            }
            assert!(ghosts > 0, "{kind} on {name}: no piece pair had a ghost normal to correct");
        }
    }
}

#[test]
fn a_ball_rolling_across_the_seams_gets_only_the_surface_normal() {
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    for (name, terrain) in terrains() {
        let mut ghosts = 0;
        for step in 0..=2000 {
            let x = -11.0 + 22.0 * step as f64 / 2000.0;
            let pose = Pose::from_translation(Vector::new(x as Real, (0.5 - SINK) as Real));
            let m = collide(&terrain, Pose::IDENTITY, &ball, pose);
            // The ball's lowest point is at (x, −s); the normal tilts by at most δ/4, which
            // moves the point by under 1e-5.
            check_surface(&m, |_| -SINK, &format!("ball on {name} at x = {x}"));
            assert_eq!(m.len(), 1, "ball on {name} at x = {x}: {m:?}");
            assert_eq!(m.as_slice()[0].manifold.points().len(), 1);
            if step % 20 == 0 {
                ghosts += corrected(&terrain, &ball, pose);
            }
        }
        assert!(ghosts > 0, "ball on {name}: no piece pair had a ghost normal to correct");
    }
}

#[test]
fn a_capsule_lying_across_the_seams_gets_only_the_surface_normal() {
    let capsule = Capsule::new(Vector::new(-1.0, 0.0), Vector::new(1.0, 0.0), 0.4).unwrap();
    for (name, terrain) in terrains() {
        for step in 0..=1000 {
            let x = -10.5 + 21.0 * step as f64 / 1000.0;
            let pose = Pose::from_translation(Vector::new(x as Real, (0.4 - SINK) as Real));
            let m = collide(&terrain, Pose::IDENTITY, &capsule, pose);
            check_surface(&m, |_| -SINK, &format!("capsule on {name} at x = {x}"));
        }
    }
}

#[test]
fn a_tilted_box_gets_the_surface_normal_along_its_sunk_face() {
    // Tilted by 0.2 rad, the box rests on its lowest corner, its bottom face rising through the
    // surface: the contact is the part of that face below the surface, with the surface's
    // normal and each point's depth below it.
    let b = OrientedBox::new(Vector::ZERO, Vector::new(1.0, 0.5), 0.0).unwrap();
    let angle: f64 = 0.2;
    let (c, s) = (angle.cos(), angle.sin());
    let corner = (-c + 0.5 * s, -s - 0.5 * c); // the lowest corner, (−1, −0.5) turned
    for (name, terrain) in terrains() {
        for step in 0..=1000 {
            let x = -10.0 + 20.0 * step as f64 / 1000.0;
            let pose = Pose::new(Vector::new(x as Real, (-SINK - corner.1) as Real), angle as Real);
            let m = collide(&terrain, Pose::IDENTITY, &b, pose);
            let low = x + corner.0;
            let bottom = |at: f64| -SINK + (at - low) * angle.tan();
            check_surface(&m, bottom, &format!("tilted box on {name} at x = {x}"));
            let deepest = m.deepest().unwrap().manifold;
            assert!((deepest.depth() as f64 - (surface(low) + SINK)).abs() <= 3.0 * DELTA);
        }
    }
}

#[test]
fn a_concave_shape_resting_on_the_seams_gets_only_the_surface_normal() {
    // A table: a top bar and two legs (concave, three pieces), sunk s into the terrain.
    let table = ConcavePolygon::new(&[
        Vector::new(-1.5, 0.0),
        Vector::new(-1.0, 0.0),
        Vector::new(-1.0, 1.0),
        Vector::new(1.0, 1.0),
        Vector::new(1.0, 0.0),
        Vector::new(1.5, 0.0),
        Vector::new(1.5, 1.5),
        Vector::new(-1.5, 1.5),
    ])
    .unwrap();
    assert!(table.pieces().len() >= 2);
    for (name, terrain) in terrains() {
        let mut ghosts = 0;
        for step in 0..=1000 {
            let x = -10.0 + 20.0 * step as f64 / 1000.0;
            let pose = Pose::from_translation(Vector::new(x as Real, -SINK as Real));
            let m = collide(&terrain, Pose::IDENTITY, &table, pose);
            check_surface(&m, |_| -SINK, &format!("table on {name} at x = {x}"));
            // One contact per leg.
            assert_eq!(m.len(), 2, "table on {name} at x = {x}: {m:?}");
            if step % 20 == 0 {
                ghosts += corrected(&terrain, &table, pose);
            }
        }
        assert!(ghosts > 0, "table on {name}: no ghost normal to correct");
    }
}
