//! From triangles to polygonal faces: merging coplanar triangles, dropping points on edges.
//!
//! Quickhull returns triangles. A cube comes back as 12 of them, pairs of which lie in one
//! plane; SAT wants its 6 faces (fewer face axes, and the right reference faces for clipping).
//! Two neighbouring faces are merged when the result is still a planar polygon: every corner of
//! both within the tolerance of the merged plane, both facing its way, the polygon wider than
//! the tolerance, and the two sharing one run of edges (else the union would wrap around a
//! hole); a sliver no wider than the tolerance (say a point just off an edge and the edge's
//! ends) has no side of its own, its normal being rounding noise, and merges with a face
//! beside it whichever way that faces. A merged face must come out convex (within the
//! tolerance) in the end, or it is split back into its triangles. Quickhull's triangles are
//! exactly convex on its grid, so exactly coplanar ones merge into their whole face.
//!
//! ```text
//!     d________c          d________c
//!     | \      |          |        |      the diagonal b–d goes; so do the corners strictly
//!     |   \    |   -->    |        |      inside the shared run (none here)
//!     a______\_b          a________b
//! ```
//!
//! Then a vertex left with only two faces, lying on the segment between its neighbours (within
//! the tolerance), is a point on the edge between them (a polyhedron's corner has at least
//! three faces), as the points on a cube's edges are; it is dropped from both, unless that
//! would turn either face over.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use glam::DVec3;

/// A face under construction: its vertex loop and plane, and the triangles it was merged from.
struct Face {
    corners: Vec<u32>,
    normal: DVec3,
    offset: f64,
    parts: Vec<u32>,
}

impl Face {
    fn new(points: &[DVec3], corners: Vec<u32>, parts: Vec<u32>) -> Face {
        let (normal, offset, _) = plane(points, &corners).unwrap_or((DVec3::ZERO, 0.0, 0.0));
        Face { corners, normal, offset, parts }
    }
}

/// The plane of a polygon: its Newell normal (the area vector, well defined for any polygon
/// that is nearly planar), through the mean of its corners; and its area. `None` for a zero
/// area.
pub(crate) fn plane(points: &[DVec3], corners: &[u32]) -> Option<(DVec3, f64, f64)> {
    let n = corners.len();
    let mut area = DVec3::ZERO;
    let mut mean = DVec3::ZERO;
    for k in 0..n {
        let (p, q) = (points[corners[k] as usize], points[corners[(k + 1) % n] as usize]);
        area += DVec3::new((p.y - q.y) * (p.z + q.z), (p.z - q.z) * (p.x + q.x), (p.x - q.x) * (p.y + q.y));
        mean += p;
    }
    let length = area.length();
    (length > 0.0).then(|| {
        let normal = area / length;
        (normal, normal.dot(mean / n as f64), 0.5 * length)
    })
}

/// The triangles merged into convex polygons (see the module docs).
pub(crate) fn merge_coplanar(points: &[DVec3], triangles: &[[u32; 3]], tol: f64) -> Vec<Vec<u32>> {
    let merged = merged_faces(points, triangles, tol);
    if is_closed_surface(&merged) {
        merged
    } else {
        // Not expected; the triangles are a closed surface, so fall back on them.
        triangles.iter().map(|t| t.to_vec()).collect()
    }
}

fn merged_faces(points: &[DVec3], triangles: &[[u32; 3]], tol: f64) -> Vec<Vec<u32>> {
    let mut faces: Vec<Option<Face>> = triangles
        .iter()
        .enumerate()
        .map(|(f, t)| Some(Face::new(points, t.to_vec(), alloc::vec![f as u32])))
        .collect();
    // Which face each directed edge belongs to.
    let mut owner: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for (f, t) in triangles.iter().enumerate() {
        for k in 0..3 {
            owner.insert((t[k], t[(k + 1) % 3]), f);
        }
    }

    // Merge until no neighbouring pair merges: each face absorbs its neighbours in turn.
    let mut work: Vec<usize> = (0..faces.len()).rev().collect();
    while let Some(f) = work.pop() {
        let Some(face) = &faces[f] else { continue };
        let n = face.corners.len();
        let neighbours: Vec<usize> = (0..n)
            .filter_map(|k| owner.get(&(face.corners[(k + 1) % n], face.corners[k])).copied())
            .filter(|&g| g != f)
            .collect();
        for g in neighbours {
            if faces[g].is_none() {
                continue;
            }
            if let Some(union) = try_merge(points, &faces, f, g, &owner, tol) {
                let gone = faces[g].take().map(|face| face.corners).unwrap_or_default();
                let old = faces[f].take().map(|face| face.corners).unwrap_or_default();
                for loop_ in [&gone, &old] {
                    for k in 0..loop_.len() {
                        owner.remove(&(loop_[k], loop_[(k + 1) % loop_.len()]));
                    }
                }
                for k in 0..union.corners.len() {
                    owner.insert((union.corners[k], union.corners[(k + 1) % union.corners.len()]), f);
                }
                faces[f] = Some(union);
                work.push(f);
                break;
            }
        }
    }

    // A merged face is kept only if it came out convex; the intermediate unions need not be
    // (three triangles round a point on a square face make the square only when all three are
    // in), but a final one that is not is given back as its triangles.
    let mut loops = Vec::new();
    for face in faces.into_iter().flatten() {
        if face.parts.len() == 1 || is_convex(points, &face, tol) {
            loops.push(face.corners);
        } else {
            loops.extend(face.parts.iter().map(|&t| triangles[t as usize].to_vec()));
        }
    }
    drop_edge_points(points, &mut loops, tol);
    loops
}

/// Faces `f` and `g` as one face, if that is still a convex planar face (module docs).
fn try_merge(
    points: &[DVec3],
    faces: &[Option<Face>],
    f: usize,
    g: usize,
    owner: &BTreeMap<(u32, u32), usize>,
    tol: f64,
) -> Option<Face> {
    let (a, b) = (faces[f].as_ref()?, faces[g].as_ref()?);
    let near = |plane: &Face, corners: &[u32]| {
        corners.iter().all(|&k| (plane.normal.dot(points[k as usize]) - plane.offset).abs() <= tol)
    };
    // A quick filter: one face's corners near the other's plane (either way round, as a
    // sliver's own plane is the less accurate one).
    if !(near(a, &b.corners) || near(b, &a.corners)) {
        return None;
    }
    // The run of a's edges shared with b: it must be a single run.
    let n = a.corners.len();
    let shared = |k: usize| owner.get(&(a.corners[(k + 1) % n], a.corners[k])) == Some(&g);
    let starts: Vec<usize> = (0..n).filter(|&k| shared(k) && !shared((k + n - 1) % n)).collect();
    let [start] = starts[..] else { return None };
    let run = (0..n).take_while(|&i| shared((start + i) % n)).count();
    let (first, last) = (a.corners[start], a.corners[(start + run) % n]);
    // a from the run's last corner round to its first, then b from there round to the last.
    let mut corners: Vec<u32> = (0..=n - run).map(|i| a.corners[(start + run + i) % n]).collect();
    let m = b.corners.len();
    let at = b.corners.iter().position(|&k| k == first)?;
    for i in 1..m {
        let k = b.corners[(at + i) % m];
        if k == last {
            break;
        }
        corners.push(k);
    }
    // A corner twice: the two faces also touch elsewhere, and the union would pinch.
    let mut sorted = corners.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) || corners.len() < 3 {
        return None;
    }
    let parts = a.parts.iter().chain(&b.parts).copied().collect();
    let union = Face::new(points, corners, parts);
    // Facing the same way, not only close: the two sides of a slab thinner than the tolerance
    // are within it of one plane, but folding one onto the other makes no face. A sliver (no
    // wider than the tolerance: its corners strung along a line) has no side to fold; its
    // normal is rounding noise, and it goes into the face beside it whichever way that faces
    // (fuzz findings 36 and 38: a needle triangle left beside the faces it runs along, whose
    // noise normal then served as a reference face).
    let facing = |part: &Face| !is_wide(points, &part.corners, tol) || part.normal.dot(union.normal) > 0.5;
    // And wider than the tolerance: points strung along a line within it (the rim of such a
    // slab) would otherwise merge into a zigzag that passes every test within the tolerance
    // and is no convex polygon.
    let wide = is_wide(points, &union.corners, tol);
    (union.normal != DVec3::ZERO && wide && facing(a) && facing(b) && near(&union, &union.corners))
        .then_some(union)
}

/// Is the polygon wider than the tolerance: twice its area above four tolerances times its
/// longest side? (A polygon whose corners all lie within the tolerance of one line is not.)
fn is_wide(points: &[DVec3], corners: &[u32], tol: f64) -> bool {
    let n = corners.len();
    let longest = (0..n)
        .map(|k| points[corners[k] as usize].distance(points[corners[(k + 1) % n] as usize]))
        .fold(0.0, f64::max);
    let area = plane(points, corners).map_or(0.0, |(_, _, area)| area);
    2.0 * area > 4.0 * tol * longest
}

/// Does the polygon turn left (seen from outside) at every corner, up to corners that lie
/// within `tol` of the line through their neighbours?
fn is_convex(points: &[DVec3], face: &Face, tol: f64) -> bool {
    let n = face.corners.len();
    (0..n).all(|k| {
        let p = points[face.corners[k] as usize];
        let q = points[face.corners[(k + 1) % n] as usize];
        let r = points[face.corners[(k + 2) % n] as usize];
        // Twice the signed area of p q r over the length of p–r: q's distance from that line,
        // positive on the outside of a convex turn.
        let turn = (q - p).cross(r - q).dot(face.normal);
        let span = (r - p).length();
        turn >= -tol * span
    })
}

/// Drops every vertex that only two faces use and that lies (within `tol`) on the segment
/// between its neighbours: it is a point on the edge between the two faces. (Two faces meeting
/// at a bend with no third face there would have to be coplanar; such a vertex is kept.)
fn drop_edge_points(points: &[DVec3], loops: &mut [Vec<u32>], tol: f64) {
    let mut faces_of: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (f, face) in loops.iter().enumerate() {
        for &k in face {
            faces_of.entry(k).or_default().push(f);
        }
    }
    for (&at, faces) in &faces_of {
        let &[f, g] = &faces[..] else { continue };
        let n = loops[f].len();
        let Some(k) = loops[f].iter().position(|&v| v == at) else { continue };
        let (prev, next) = (loops[f][(k + n - 1) % n], loops[f][(k + 1) % n]);
        if !on_segment(points, prev, at, next, tol) || loops[f].len() < 4 || loops[g].len() < 4 {
            continue;
        }
        // Within the tolerance of the segment may still be on its far side: dropping the
        // point must not turn either face over (a sliver a few tolerances wide would).
        let without = |face: &[u32]| face.iter().copied().filter(|&v| v != at).collect::<Vec<u32>>();
        let (new_f, new_g) = (without(&loops[f]), without(&loops[g]));
        let kept_facing = |old: &[u32], new: &[u32]| match (plane(points, old), plane(points, new)) {
            (Some((a, _, _)), Some((b, _, _))) => a.dot(b) > 0.5,
            _ => false,
        };
        if kept_facing(&loops[f], &new_f) && kept_facing(&loops[g], &new_g) {
            loops[f] = new_f;
            loops[g] = new_g;
        }
    }
}

/// Does `at` lie within `tol` of the segment from `prev` to `next`, between its ends?
fn on_segment(points: &[DVec3], prev: u32, at: u32, next: u32, tol: f64) -> bool {
    let (p, q, r) = (points[prev as usize], points[at as usize], points[next as usize]);
    let span = r - p;
    let along = (q - p).dot(span);
    along > 0.0 && along < span.length_squared() && (q - p).cross(span).length() <= tol * span.length()
}

/// Is every directed edge matched by its reverse exactly once, with V − E + F = 2?
fn is_closed_surface(loops: &[Vec<u32>]) -> bool {
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut vertices: Vec<u32> = Vec::new();
    for face in loops {
        if face.len() < 3 {
            return false;
        }
        for k in 0..face.len() {
            edges.push((face[k], face[(k + 1) % face.len()]));
            vertices.push(face[k]);
        }
    }
    edges.sort_unstable();
    if edges.windows(2).any(|w| w[0] == w[1]) {
        return false;
    }
    if edges.iter().any(|&(u, v)| edges.binary_search(&(v, u)).is_err()) {
        return false;
    }
    vertices.sort_unstable();
    vertices.dedup();
    vertices.len() as i64 - (edges.len() / 2) as i64 + loops.len() as i64 == 2
}
