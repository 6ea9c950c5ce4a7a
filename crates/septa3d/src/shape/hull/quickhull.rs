//! Quickhull on a fine integer grid, with exact predicates.
//!
//! ```text
//!   1. a tetrahedron from extreme points      4. the faces the eye sees go; their boundary,
//!   2. every other point filed with a face       the horizon, is joined to the eye by new
//!      it lies outside of                        triangles
//!   3. the point furthest outside a face is   5. the lost faces' points are filed again with
//!      the next "eye"                            the new faces (or dropped: they are inside)
//! ```
//!
//! Quickhull decides everything by the sign of one determinant: is this point above, on or
//! below that triangle's plane? Computed in floating point, nearly coplanar points get signs
//! that contradict each other, and the hull comes out with folds and faces that cut through
//! it. So the points are first snapped to a grid of 2^[`GRID_BITS`] cells across the cloud's
//! bounding box (a cell is a quarter of [`COPLANAR_TOLERANCE`]), and every sign is computed
//! exactly in integers: differences fit 30 bits, normals 62, heights 94 (`i128`). On the grid
//! the hull is exactly convex; a face the eye sees is one it is above *or level with*, so a
//! face it does not see has the eye strictly below it, and no new triangle is ever flat or
//! folded. The snapped points only steer the construction: the hull's vertices are the input
//! points themselves, which lie within half a cell (diagonally) of their grid points.
//!
//! Before the construction, points within the tolerance of each other are welded into one
//! (`weld`): corners a few ulps apart would otherwise be kept apart by a cell or two of the
//! grid, with edges between them whose directions are rounding noise.
//!
//! Exactly coplanar triangles, and those within the tolerance, are merged into polygons
//! afterwards (module `faces`).
//!
//! [`COPLANAR_TOLERANCE`]: crate::COPLANAR_TOLERANCE

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use glam::DVec3;

use super::faces;
use crate::ShapeError;

/// The grid has 2^GRID_BITS cells from the bounding box's centre to its furthest side: 22 in
/// the f32 build (a cell is 2.4e-7 of the cloud's size), 29 in the f64 build (1.9e-9).
#[cfg(not(feature = "f64"))]
pub(crate) const GRID_BITS: i32 = 22;
/// The grid has 2^GRID_BITS cells from the bounding box's centre to its furthest side.
#[cfg(feature = "f64")]
pub(crate) const GRID_BITS: i32 = 29;

/// A closed convex polyhedron: vertices, convex faces (vertex loops, counter-clockwise seen from
/// outside) and their unit normals.
pub(crate) struct Polyhedron {
    pub vertices: Vec<DVec3>,
    pub faces: Vec<Vec<u32>>,
    pub normals: Vec<DVec3>,
}

/// A grid point.
type Point = [i64; 3];

#[inline]
fn sub(a: Point, b: Point) -> Point {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// The cross product of two differences (components below 2^31): exact in i64.
#[inline]
fn cross(a: Point, b: Point) -> Point {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// The dot product of a normal (below 2^62) and a difference (below 2^31): exact in i128.
#[inline]
fn dot(n: Point, v: Point) -> i128 {
    n[0] as i128 * v[0] as i128 + n[1] as i128 * v[1] as i128 + n[2] as i128 * v[2] as i128
}

/// A triangle of the hull under construction.
struct Triangle {
    /// Its corners, counter-clockwise seen from outside.
    corners: [u32; 3],
    /// The triangle across edge `k` (from `corners[k]` to `corners[k + 1]`).
    across: [u32; 3],
    /// Its (unnormalised) outward normal on the grid, exact.
    normal: Point,
    /// The normal's length, for comparing heights above different triangles.
    length: f64,
    /// Its first corner, on the grid.
    origin: Point,
    /// The points filed with it: strictly above its plane.
    outside: Vec<u32>,
    alive: bool,
}

impl Triangle {
    fn new(grid: &[Point], corners: [u32; 3]) -> Triangle {
        let [a, b, c] = corners.map(|k| grid[k as usize]);
        let normal = cross(sub(b, a), sub(c, a));
        let length = DVec3::new(normal[0] as f64, normal[1] as f64, normal[2] as f64).length();
        Triangle {
            corners,
            across: [u32::MAX; 3],
            normal,
            length,
            origin: a,
            outside: Vec::new(),
            alive: true,
        }
    }

    /// How far `p` lies above the plane, times the normal's length: exact, so its sign is
    /// the truth.
    #[inline]
    fn height(&self, p: Point) -> i128 {
        dot(self.normal, sub(p, self.origin))
    }

    /// Which edge (0, 1 or 2) runs from `u` to `v`.
    fn edge_from(&self, u: u32, v: u32) -> Option<usize> {
        (0..3).find(|&k| self.corners[k] == u && self.corners[(k + 1) % 3] == v)
    }
}

/// The convex hull of `points` (all finite).
///
/// # Errors
/// [`ShapeError::TooFewPoints`], [`ShapeError::Collinear`] or [`ShapeError::Coplanar`].
pub(crate) fn hull(points: &[DVec3]) -> Result<Polyhedron, ShapeError> {
    let distinct = count_distinct(points);
    if distinct < 4 {
        return Err(ShapeError::TooFewPoints { distinct });
    }
    let (lo, hi) = points.iter().fold((points[0], points[0]), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let center = (lo + hi) * 0.5;
    let half = ((hi - lo) * 0.5).max_element();
    // The degenerate clouds are told by the tolerance, on the points as given.
    check_volume(points, center, half)?;

    let cells = (1i64 << GRID_BITS) as f64;
    let grid: Vec<Point> = points
        .iter()
        .map(|&p| {
            let g = ((p - center) / half * cells).round();
            [g.x as i64, g.y as i64, g.z as i64]
        })
        .collect();
    // Points within the tolerance of each other are one corner (see `weld`); the hull is
    // built on the points that stand for them, numbered by `kept`.
    let tol = crate::COPLANAR_TOLERANCE * cells;
    let kept = weld(&grid, tol);
    let grid: Vec<Point> = kept.iter().map(|&k| grid[k as usize]).collect();
    let simplex = initial_simplex(&grid)?;
    let triangles = Quickhull::run(&grid, simplex);
    // Merging works on the grid points, in cells: exact where exactly coplanar, and within the
    // tolerance (four cells) otherwise.
    let on_grid: Vec<DVec3> =
        grid.iter().map(|g| DVec3::new(g[0] as f64, g[1] as f64, g[2] as f64)).collect();
    let loops = faces::merge_coplanar(&on_grid, &triangles, tol);

    // Keep only the points used by a face, renumbered in order of first use.
    let mut renumber = alloc::vec![u32::MAX; grid.len()];
    let mut vertices = Vec::new();
    let mut normals = Vec::with_capacity(loops.len());
    let mut faces = Vec::with_capacity(loops.len());
    for face in loops {
        normals.push(faces::plane(&on_grid, &face).map_or(DVec3::ZERO, |(n, _, _)| n));
        faces.push(
            face.into_iter()
                .map(|k| {
                    if renumber[k as usize] == u32::MAX {
                        renumber[k as usize] = vertices.len() as u32;
                        vertices.push(points[kept[k as usize] as usize]);
                    }
                    renumber[k as usize]
                })
                .collect(),
        );
    }
    Ok(Polyhedron { vertices, faces, normals })
}

/// The points that stand for the cloud's corners: each point in turn, the furthest from the
/// grid's centre first (those most likely to be corners), unless one already kept lies within
/// `radius` (in cells) of it. Every point then lies within the radius of one kept, and no two
/// kept lie within it of each other. Returned in the input's order.
///
/// Corners closer than the tolerance are detail the hull does not keep (as it does not keep
/// faces that bend by less). Kept apart, they leave edges a few cells long between them, whose
/// directions are rounding noise, and needle faces along them whose normals are noise too
/// (fuzz findings 36 and 38: a contact point far outside such a hull). Dropping a point moves
/// the hull by at most the radius; the hull of the kept points is still exact on the grid.
///
/// The kept points are found through buckets of cells `radius` wide: a point's neighbours within
/// the radius lie in its own bucket or the 26 around it.
fn weld(grid: &[Point], radius: f64) -> Vec<u32> {
    // At least the radius (its whole part and one), in whole cells.
    let width = radius as i64 + 1;
    let bucket = |p: Point| p.map(|c| c.div_euclid(width));
    let mut buckets: BTreeMap<[i64; 3], Vec<u32>> = BTreeMap::new();
    let square = |p: Point| p.iter().map(|&c| (c as i128) * (c as i128)).sum::<i128>();
    let mut order: Vec<u32> = (0..grid.len() as u32).collect();
    order.sort_by_key(|&k| (core::cmp::Reverse(square(grid[k as usize])), k));
    let mut kept = Vec::new();
    for k in order {
        let p = grid[k as usize];
        let [bx, by, bz] = bucket(p);
        let mut near = false;
        'search: for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    for &q in buckets.get(&[bx + dx, by + dy, bz + dz]).map_or(&[][..], |v| &v[..]) {
                        let d = sub(p, grid[q as usize]).map(|c| c as f64);
                        if d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <= radius * radius {
                            near = true;
                            break 'search;
                        }
                    }
                }
            }
        }
        if !near {
            buckets.entry([bx, by, bz]).or_default().push(k);
            kept.push(k);
        }
    }
    kept.sort_unstable();
    kept
}

/// The number of distinct points (exactly equal coordinates count once; `-0.0 == 0.0`).
fn count_distinct(points: &[DVec3]) -> usize {
    let mut sorted: Vec<[f64; 3]> = points.iter().map(|p| [p.x + 0.0, p.y + 0.0, p.z + 0.0]).collect();
    sorted.sort_unstable_by(|p, q| p.partial_cmp(q).unwrap_or(core::cmp::Ordering::Equal));
    sorted.dedup();
    sorted.len()
}

/// `Collinear` when every point lies within the tolerance of the line through the two points
/// furthest apart (roughly), `Coplanar` when within it of the plane through those and the
/// point furthest from their line.
fn check_volume(points: &[DVec3], center: DVec3, half: f64) -> Result<(), ShapeError> {
    let tol = crate::COPLANAR_TOLERANCE;
    let local: Vec<DVec3> = points.iter().map(|&p| (p - center) / half).collect();
    let far = |score: &dyn Fn(DVec3) -> f64| {
        local.iter().map(|&p| (score(p), p)).fold((f64::NEG_INFINITY, DVec3::ZERO), |a, b| {
            if b.0 > a.0 {
                b
            } else {
                a
            }
        })
    };
    let (_, p0) = far(&|p| p.length_squared());
    let (_, p1) = far(&|p| p.distance_squared(p0));
    let line = (p1 - p0).normalize();
    let (off_line, p2) = far(&|p| (p - p0).reject_from_normalized(line).length());
    if off_line.is_nan() || off_line <= tol {
        return Err(ShapeError::Collinear);
    }
    let plane = (p1 - p0).cross(p2 - p0).normalize();
    let (off_plane, _) = far(&|p| plane.dot(p - p0).abs());
    if off_plane.is_nan() || off_plane <= tol {
        return Err(ShapeError::Coplanar);
    }
    Ok(())
}

/// Four grid points spanning a tetrahedron: the two furthest apart among the extreme points
/// along the axes, the point furthest from their line, the point furthest from their plane.
/// Returned so that the faces (0 1 2), (0 3 1), (1 3 2), (2 3 0) are counter-clockwise seen
/// from outside.
fn initial_simplex(grid: &[Point]) -> Result<[u32; 4], ShapeError> {
    let mut extremes = [0usize; 6];
    for (k, p) in grid.iter().enumerate() {
        for axis in 0..3 {
            if p[axis] < grid[extremes[2 * axis]][axis] {
                extremes[2 * axis] = k;
            }
            if p[axis] > grid[extremes[2 * axis + 1]][axis] {
                extremes[2 * axis + 1] = k;
            }
        }
    }
    let square = |v: Point| v.iter().map(|&c| (c as i128) * (c as i128)).sum::<i128>();
    let (mut i0, mut i1, mut far) = (0, 0, -1);
    for &a in &extremes {
        for &b in &extremes {
            let d = square(sub(grid[a], grid[b]));
            if d > far {
                (i0, i1, far) = (a, b, d);
            }
        }
    }
    let (p0, p1) = (grid[i0], grid[i1]);
    let i2 = farthest(grid, |p| square(cross(sub(p1, p0), sub(p, p0))));
    let normal = cross(sub(p1, p0), sub(grid[i2], p0));
    if normal == [0; 3] {
        return Err(ShapeError::Collinear);
    }
    let i3 = farthest(grid, |p| dot(normal, sub(p, p0)).abs());
    let height = dot(normal, sub(grid[i3], p0));
    if height == 0 {
        return Err(ShapeError::Coplanar);
    }
    // With the fourth point below the plane of (0 1 2), that face looks up and out.
    let [a, b, c, d] = [i0, i1, i2, i3].map(|k| k as u32);
    Ok(if height < 0 { [a, b, c, d] } else { [a, c, b, d] })
}

/// The index of the point maximising `score` (the first on a tie).
fn farthest(grid: &[Point], score: impl Fn(Point) -> i128) -> usize {
    let mut best = (0, -1);
    for (k, &p) in grid.iter().enumerate() {
        let s = score(p);
        if s > best.1 {
            best = (k, s);
        }
    }
    best.0
}

/// The state of the construction.
struct Quickhull<'a> {
    grid: &'a [Point],
    triangles: Vec<Triangle>,
    /// Per triangle, the last eye that found it visible (a visited mark per iteration).
    seen: Vec<u32>,
    /// Triangles that may hold outside points.
    pending: Vec<u32>,
}

impl<'a> Quickhull<'a> {
    /// The hull's triangles (vertex indices into `grid`).
    fn run(grid: &'a [Point], simplex: [u32; 4]) -> Vec<[u32; 3]> {
        let mut qh = Quickhull { grid, triangles: Vec::new(), seen: Vec::new(), pending: Vec::new() };
        let [a, b, c, d] = simplex;
        for corners in [[a, b, c], [a, d, b], [b, d, c], [c, d, a]] {
            qh.push(Triangle::new(grid, corners));
        }
        qh.link_all();
        let all: Vec<u32> = (0..grid.len() as u32).filter(|k| !simplex.contains(k)).collect();
        qh.file(&all, &[0, 1, 2, 3]);

        let mut eye_stamp = 0;
        while let Some(t) = qh.pending.pop() {
            let triangle = &qh.triangles[t as usize];
            if !triangle.alive || triangle.outside.is_empty() {
                continue;
            }
            eye_stamp += 1;
            // The point furthest out (heights above one triangle compare exactly).
            let mut eye = triangle.outside[0];
            let mut best = triangle.height(grid[eye as usize]);
            for &p in &triangle.outside[1..] {
                let h = triangle.height(grid[p as usize]);
                if h > best {
                    (eye, best) = (p, h);
                }
            }
            qh.add(t, eye, eye_stamp);
            qh.pending.push(t); // processed again if it survived with points left
        }
        qh.triangles.iter().filter(|t| t.alive).map(|t| t.corners).collect()
    }

    fn push(&mut self, triangle: Triangle) -> u32 {
        self.triangles.push(triangle);
        self.seen.push(0);
        (self.triangles.len() - 1) as u32
    }

    /// Sets `across` for the initial tetrahedron from the shared edges.
    fn link_all(&mut self) {
        for t in 0..self.triangles.len() {
            for k in 0..3 {
                let (u, v) = (self.triangles[t].corners[k], self.triangles[t].corners[(k + 1) % 3]);
                let other = (0..self.triangles.len()).find(|&o| self.triangles[o].edge_from(v, u).is_some());
                self.triangles[t].across[k] = other.map_or(u32::MAX, |o| o as u32);
            }
        }
    }

    /// Files each point with the triangle (among `candidates`) it lies furthest above, if it
    /// lies strictly above one; drops it otherwise (it is inside the hull or on it).
    fn file(&mut self, points: &[u32], candidates: &[u32]) {
        for &p in points {
            let at = self.grid[p as usize];
            let mut best = (u32::MAX, 0.0);
            for &t in candidates {
                let triangle = &self.triangles[t as usize];
                let h = triangle.height(at);
                // Strictly above (exact); the furthest by the (rounded) distance.
                if h > 0 {
                    let distance = h as f64 / triangle.length;
                    if best.0 == u32::MAX || distance > best.1 {
                        best = (t, distance);
                    }
                }
            }
            if best.0 != u32::MAX {
                let triangle = &mut self.triangles[best.0 as usize];
                if triangle.outside.is_empty() {
                    self.pending.push(best.0);
                }
                triangle.outside.push(p);
            }
        }
    }

    /// Adds `eye`, which lies outside triangle `start`, to the hull.
    fn add(&mut self, start: u32, eye: u32, stamp: u32) {
        let at = self.grid[eye as usize];
        // The triangles the eye sees (lies above or level with), connected to `start`.
        let mut visible = alloc::vec![start];
        self.seen[start as usize] = stamp;
        let mut next = 0;
        while next < visible.len() {
            let t = visible[next] as usize;
            next += 1;
            for k in 0..3 {
                let o = self.triangles[t].across[k];
                if self.seen[o as usize] != stamp && self.triangles[o as usize].height(at) >= 0 {
                    self.seen[o as usize] = stamp;
                    visible.push(o);
                }
            }
        }
        let Some(horizon) = self.horizon(&mut visible, stamp, at) else {
            // The seen region is not a disc, which exact signs should rule out: leave the hull
            // as it is and drop the eye rather than build a broken surface.
            self.triangles[start as usize].outside.retain(|&p| p != eye);
            return;
        };

        // One new triangle per horizon edge, (u, v, eye), linked around the eye.
        let first = self.triangles.len() as u32;
        let n = horizon.len() as u32;
        for (i, &(u, v, beyond)) in horizon.iter().enumerate() {
            let mut triangle = Triangle::new(self.grid, [u, v, eye]);
            let i = i as u32;
            triangle.across = [beyond, first + (i + 1) % n, first + (i + n - 1) % n];
            let new = self.push(triangle);
            let back = &mut self.triangles[beyond as usize];
            if let Some(k) = back.edge_from(v, u) {
                back.across[k] = new;
            }
        }

        // The seen triangles go; their points are filed again with the new ones.
        let mut orphans = Vec::new();
        for &t in &visible {
            let triangle = &mut self.triangles[t as usize];
            triangle.alive = false;
            orphans.extend(triangle.outside.drain(..).filter(|&p| p != eye));
        }
        let new: Vec<u32> = (first..first + n).collect();
        self.file(&orphans, &new);
    }

    /// The boundary of the seen triangles as one cycle of edges `(u, v, triangle beyond)`,
    /// in order; `None` if it is not one simple cycle even after filling holes.
    fn horizon(&mut self, visible: &mut Vec<u32>, stamp: u32, eye: Point) -> Option<Vec<(u32, u32, u32)>> {
        if let Some(cycle) = self.boundary_cycle(visible, stamp) {
            return Some(cycle);
        }
        // Unseen islands surrounded by seen triangles would leave holes in the new fan: count
        // them as seen, keeping unseen only the triangles connected to the lowest one.
        let depth = |t: &Triangle| t.height(eye) as f64 / t.length;
        let lowest = (0..self.triangles.len())
            .filter(|&t| self.triangles[t].alive && self.seen[t] != stamp)
            .min_by(|&s, &t| {
                depth(&self.triangles[s])
                    .partial_cmp(&depth(&self.triangles[t]))
                    .unwrap_or(core::cmp::Ordering::Equal)
            })?;
        let mut keep = alloc::vec![false; self.triangles.len()];
        let mut stack = alloc::vec![lowest];
        keep[lowest] = true;
        while let Some(t) = stack.pop() {
            for &o in &self.triangles[t].across {
                let o = o as usize;
                if !keep[o] && self.seen[o] != stamp {
                    keep[o] = true;
                    stack.push(o);
                }
            }
        }
        for (t, kept) in keep.iter().enumerate() {
            if self.triangles[t].alive && self.seen[t] != stamp && !kept {
                self.seen[t] = stamp;
                visible.push(t as u32);
            }
        }
        self.boundary_cycle(visible, stamp)
    }

    /// The edges between seen and unseen triangles as one simple cycle, if they form one.
    fn boundary_cycle(&self, visible: &[u32], stamp: u32) -> Option<Vec<(u32, u32, u32)>> {
        let mut edges = Vec::new();
        for &t in visible {
            let triangle = &self.triangles[t as usize];
            for k in 0..3 {
                let beyond = triangle.across[k];
                if self.seen[beyond as usize] != stamp {
                    edges.push((triangle.corners[k], triangle.corners[(k + 1) % 3], beyond));
                }
            }
        }
        edges.sort_unstable();
        // Each vertex starts at most one edge, and following the edges from the first visits all.
        if edges.windows(2).any(|w| w[0].0 == w[1].0) || edges.len() < 3 {
            return None;
        }
        let mut cycle = Vec::with_capacity(edges.len());
        let mut at = 0;
        loop {
            cycle.push(edges[at]);
            at = edges.binary_search_by(|e| e.0.cmp(&edges[at].1)).ok()?;
            if at == 0 {
                break;
            }
            if cycle.len() == edges.len() {
                return None; // a cycle that does not come back to the first edge
            }
        }
        (cycle.len() == edges.len()).then_some(cycle)
    }
}
