//! Polygon–circle: the vertex axis starts from the polygon vertex nearest the centre.
//!
//! septa does not measure the distance to every vertex: when the best face does not settle the
//! answer, it takes the end of that face beyond whose side line the centre lies (see
//! `pair::polygon_circle`). This checks that choice against the nearest feature found in f64
//! by brute force: the distance from the centre to every edge segment of the polygon (vertices
//! exactly as septa stores them). Where that nearest point is a vertex, the separation must be
//! along the axis from that vertex, and its distance the centre's distance minus the radius;
//! where it is inside an edge, along that edge's normal. Pairs within 1e-3 of a tie between two
//! features are left out: either answer is right there.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::{separation, Axis, Circle, ConvexPolygon, Pose, Vector};

/// The point of segment `p`–`q` nearest `c`: how far along the segment `c` projects (in length,
/// unclamped), the segment's length, and the distance from `c` to the segment, all in f64.
fn nearest_on_segment(p: [f64; 2], q: [f64; 2], c: [f64; 2]) -> (f64, f64, f64) {
    let (ex, ey) = (q[0] - p[0], q[1] - p[1]);
    let length = (ex * ex + ey * ey).sqrt();
    let along = ((c[0] - p[0]) * ex + (c[1] - p[1]) * ey) / length;
    let t = (along / length).clamp(0.0, 1.0);
    let (x, y) = (p[0] + t * ex, p[1] + t * ey);
    (along, length, ((c[0] - x).powi(2) + (c[1] - y).powi(2)).sqrt())
}

/// The polygon's feature nearest `c` (outside it): `Axis::VertexA(k)` or `Axis::EdgeA(i)`, with
/// the distance; `None` when that is nearly a tie: another feature within `tie` as near, or the
/// centre within `tie` of a side line of the nearest edge (between its vertex and edge regions).
fn nearest_feature(vertices: &[[f64; 2]], c: [f64; 2], tie: f64) -> Option<(Axis, f64)> {
    let n = vertices.len();
    let mut found: Vec<(Axis, f64, bool)> = Vec::new();
    for i in 0..n {
        let (along, length, d) = nearest_on_segment(vertices[i], vertices[(i + 1) % n], c);
        let feature = if along <= 0.0 {
            Axis::VertexA(i as u32)
        } else if along >= length {
            Axis::VertexA(((i + 1) % n) as u32)
        } else {
            Axis::EdgeA(i as u32)
        };
        let near_side_line = along.abs() < tie || (along - length).abs() < tie;
        found.push((feature, d, near_side_line));
    }
    found.sort_by(|x, y| x.1.total_cmp(&y.1));
    let best = found[0];
    // A vertex is found from both of its edges: both must be clear of their side lines.
    if found.iter().take_while(|f| f.0 == best.0).any(|f| f.2) {
        return None;
    }
    let rival = found.iter().find(|f| f.0 != best.0)?;
    (rival.1 - best.1 > tie).then_some((best.0, best.1))
}

#[test]
fn the_vertex_axis_starts_at_the_vertex_nearest_the_centre() {
    let mut rng = Rng(0x5eed_c1c1e);
    let (mut vertex_cases, mut edge_cases) = (0, 0);
    for _ in 0..20_000 {
        let points: Vec<Vector> = (0..3 + (rng.next() * 8.0) as usize).map(|_| rng.vec(1.0)).collect();
        let Ok(polygon) = ConvexPolygon::hull(&points) else { continue };
        let vertices: Vec<[f64; 2]> = polygon.vertices().iter().map(|v| [v.x as f64, v.y as f64]).collect();
        let radius = rng.range(0.05, 1.0);
        let centre = rng.vec(2.5);
        let c = [centre.x as f64, centre.y as f64];
        // Outside the polygon by more than the tie margin: behind some face's plane by less.
        let outside = polygon
            .normals()
            .iter()
            .zip(polygon.plane_offsets())
            .any(|(n, &d)| n.x as f64 * c[0] + n.y as f64 * c[1] - d as f64 > 1e-3);
        if !outside {
            continue;
        }
        let Some((feature, distance)) = nearest_feature(&vertices, c, 1e-3) else { continue };
        let circle = Circle::new(Vector::ZERO, radius).unwrap();
        let found = separation(&polygon, Pose::IDENTITY, &circle, Pose::from_translation(centre));
        assert_eq!(found.axis, feature, "polygon {vertices:?}, centre {c:?}, radius {radius}");
        let expected = distance - radius as f64;
        assert!(
            (found.distance as f64 - expected).abs() < 1e-4,
            "distance {} against {expected}: polygon {vertices:?}, centre {c:?}",
            found.distance
        );
        match feature {
            Axis::VertexA(_) => vertex_cases += 1,
            _ => edge_cases += 1,
        }
    }
    // Both kinds must have been checked, many times over.
    assert!(vertex_cases > 2000 && edge_cases > 2000, "vertex {vertex_cases}, edge {edge_cases}");
}
