//! The convex hull of a small point set, by brute force.
//!
//! A plane through three of the points is a face plane when every point lies on one side of it
//! (within a tolerance relative to the set's extent). Triples on the same face give the same
//! *set of points on the plane*, so faces are deduplicated by that set, which needs no
//! comparison of nearly equal normals. The corners are the points on three or more face planes
//! (a point inside a face lies on one, a point inside an edge on two); an edge is a pair of
//! corners shared by two faces (two convex faces that share two corners share the segment
//! between them). `O(n⁴)`: fine for the 4–24 points the tests use.

use glam::{DQuat, DVec3};

/// A face: its outward unit normal, its plane `normal · x = offset`, and its corners (indices
/// into [`Polytope::vertices`]) counter-clockwise seen from outside.
#[derive(Clone, Debug)]
pub struct Face {
    pub normal: DVec3,
    pub offset: f64,
    pub vertices: Vec<usize>,
}

/// A convex polytope: corners, faces, and edges (pairs of corner indices).
#[derive(Clone, Debug)]
pub struct Polytope {
    pub vertices: Vec<DVec3>,
    pub faces: Vec<Face>,
    pub edges: Vec<(usize, usize)>,
}

/// How clean a hull is, for generators that want no near-degenerate features (where a
/// library's coplanarity tolerances could legitimately decide differently from the reference).
#[derive(Clone, Copy, Debug)]
pub struct HullQuality {
    /// The largest distance between two input points.
    pub extent: f64,
    /// The smallest angle (radians) between the normals of two faces that share an edge: near 0
    /// means two faces are nearly coplanar.
    pub min_dihedral_turn: f64,
    /// The smallest distance from an input point that is not a corner to the hull's boundary
    /// (infinite when every point is a corner): near 0 means a point almost on the surface.
    pub min_interior_depth: f64,
    /// The shortest edge.
    pub min_edge: f64,
}

impl HullQuality {
    /// No two adjacent faces within `angle` radians of coplanar, no non-corner point within
    /// `depth × extent` of the surface, no edge shorter than `edge × extent`.
    pub fn clean(&self, angle: f64, depth: f64, edge: f64) -> bool {
        self.min_dihedral_turn > angle
            && self.min_interior_depth > depth * self.extent
            && self.min_edge > edge * self.extent
    }
}

impl Polytope {
    /// The convex hull of `points`, or `None` when they span no volume (fewer than four
    /// distinct points, or all within the tolerance of one plane).
    pub fn hull(points: &[DVec3]) -> Option<Polytope> {
        Polytope::hull_with_quality(points).map(|(p, _)| p)
    }

    /// [`Polytope::hull`] and how clean it is.
    pub fn hull_with_quality(points: &[DVec3]) -> Option<(Polytope, HullQuality)> {
        let n = points.len();
        let mut extent: f64 = 0.0;
        for i in 0..n {
            for j in i + 1..n {
                extent = extent.max(points[i].distance(points[j]));
            }
        }
        if n < 4 || extent.is_nan() || extent <= 0.0 {
            return None;
        }
        let tol = 1e-9 * extent;
        // (points on the plane, normal, offset, twice the area of the triangle that gave it)
        let mut planes: Vec<(Vec<usize>, DVec3, f64, f64)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let c = (points[j] - points[i]).cross(points[k] - points[i]);
                    let area2 = c.length();
                    if area2 <= 1e-12 * extent * extent {
                        continue; // (nearly) collinear triple: no plane
                    }
                    let mut normal = c / area2;
                    let mut offset = normal.dot(points[i]);
                    let (mut above, mut below) = (false, false);
                    for p in points {
                        let s = normal.dot(*p) - offset;
                        above |= s > tol;
                        below |= s < -tol;
                    }
                    if above && below {
                        continue; // points on both sides: not a face plane
                    }
                    if above {
                        normal = -normal;
                        offset = -offset;
                    }
                    let on: Vec<usize> =
                        (0..n).filter(|&m| (normal.dot(points[m]) - offset).abs() <= tol).collect();
                    match planes.iter_mut().find(|p| p.0 == on) {
                        Some(p) if p.3 < area2 => *p = (on, normal, offset, area2),
                        Some(_) => {}
                        None => planes.push((on, normal, offset, area2)),
                    }
                }
            }
        }
        if planes.len() < 4 {
            return None; // flat (or worse)
        }
        // corners: input points on at least three face planes; duplicates of a corner dropped
        let mut corner_of = vec![usize::MAX; n];
        let mut vertices: Vec<DVec3> = Vec::new();
        for m in 0..n {
            let count = planes.iter().filter(|p| p.0.contains(&m)).count();
            if count >= 3 {
                if let Some(k) = vertices.iter().position(|v| v.distance(points[m]) <= tol) {
                    corner_of[m] = k;
                } else {
                    corner_of[m] = vertices.len();
                    vertices.push(points[m]);
                }
            }
        }
        let mut faces: Vec<Face> = Vec::new();
        for (on, normal, offset, _) in &planes {
            let mut ids: Vec<usize> = on.iter().map(|&m| corner_of[m]).filter(|&k| k != usize::MAX).collect();
            ids.sort_unstable();
            ids.dedup();
            // counter-clockwise about the outward normal, by angle about the corners' mean
            let center = ids.iter().map(|&k| vertices[k]).sum::<DVec3>() / ids.len() as f64;
            let u = (vertices[ids[0]] - center).normalize();
            let w = normal.cross(u);
            let angle = |k: usize| {
                let d = vertices[k] - center;
                d.dot(w).atan2(d.dot(u))
            };
            ids.sort_by(|&x, &y| angle(x).total_cmp(&angle(y)));
            faces.push(Face { normal: *normal, offset: *offset, vertices: ids });
        }
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut min_turn = f64::INFINITY;
        for f in 0..faces.len() {
            for g in f + 1..faces.len() {
                let shared: Vec<usize> =
                    faces[f].vertices.iter().copied().filter(|k| faces[g].vertices.contains(k)).collect();
                if shared.len() == 2 {
                    edges.push((shared[0].min(shared[1]), shared[0].max(shared[1])));
                    min_turn = min_turn.min(faces[f].normal.angle_between(faces[g].normal));
                }
            }
        }
        let min_edge =
            edges.iter().map(|&(i, j)| vertices[i].distance(vertices[j])).fold(f64::INFINITY, f64::min);
        let mut min_interior_depth = f64::INFINITY;
        for m in 0..n {
            if corner_of[m] == usize::MAX {
                let depth =
                    faces.iter().map(|f| f.offset - f.normal.dot(points[m])).fold(f64::INFINITY, f64::min);
                min_interior_depth = min_interior_depth.min(depth);
            }
        }
        let quality = HullQuality { extent, min_dihedral_turn: min_turn, min_interior_depth, min_edge };
        Some((Polytope { vertices, faces, edges }, quality))
    }

    /// The box `[-h, h]` (8 corners, 6 faces, 12 edges), built by [`Polytope::hull`] too.
    pub fn cuboid(h: DVec3) -> Polytope {
        let corners: Vec<DVec3> = (0..8)
            .map(|i| {
                let s = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
                DVec3::new(s(1) * h.x, s(2) * h.y, s(4) * h.z)
            })
            .collect();
        Polytope::hull(&corners).expect("a box with positive half extents has volume")
    }

    /// The same polytope rotated by `q` (a unit quaternion) and then translated by `t`.
    pub fn placed(&self, q: DQuat, t: DVec3) -> Polytope {
        let vertices: Vec<DVec3> = self.vertices.iter().map(|&v| q * v + t).collect();
        let faces = self
            .faces
            .iter()
            .map(|f| {
                let normal = q * f.normal;
                Face { normal, offset: f.offset + normal.dot(t), vertices: f.vertices.clone() }
            })
            .collect();
        Polytope { vertices, faces, edges: self.edges.clone() }
    }

    pub fn translated(&self, t: DVec3) -> Polytope {
        self.placed(DQuat::IDENTITY, t)
    }

    /// The corners of face `f`, in order.
    pub fn face_polygon(&self, f: usize) -> Vec<DVec3> {
        self.faces[f].vertices.iter().map(|&k| self.vertices[k]).collect()
    }

    /// The direction of edge `e` (not normalised).
    pub fn edge_vector(&self, e: usize) -> DVec3 {
        let (i, j) = self.edges[e];
        self.vertices[j] - self.vertices[i]
    }

    /// The largest projection of a corner on `d`.
    pub fn support(&self, d: DVec3) -> f64 {
        self.vertices.iter().map(|v| v.dot(d)).fold(f64::NEG_INFINITY, f64::max)
    }

    /// The smallest projection of a corner on `d`.
    pub fn min_along(&self, d: DVec3) -> f64 {
        self.vertices.iter().map(|v| v.dot(d)).fold(f64::INFINITY, f64::min)
    }

    /// The mean of the corners (inside the polytope).
    pub fn center(&self) -> DVec3 {
        self.vertices.iter().sum::<DVec3>() / self.vertices.len() as f64
    }

    /// The largest distance from [`Polytope::center`] to a corner.
    pub fn bounding_radius(&self) -> f64 {
        let c = self.center();
        self.vertices.iter().map(|v| v.distance(c)).fold(0.0, f64::max)
    }

    /// The largest distance between two corners.
    pub fn extent(&self) -> f64 {
        let mut e: f64 = 0.0;
        for (i, a) in self.vertices.iter().enumerate() {
            for b in &self.vertices[i + 1..] {
                e = e.max(a.distance(*b));
            }
        }
        e
    }
}
