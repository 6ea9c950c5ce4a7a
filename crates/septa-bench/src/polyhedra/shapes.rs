//! The 3D section's shapes as exact polytopes (f64): the benchmark's cuboid, random hulls of
//! points on the unit sphere, and uniform random rotations and offsets.
//!
//! Every coordinate is an f32 value (kept in f64), so the libraries, given f32 points, and the
//! exact reference, given these, describe the very same solid.
//!
//! A random hull is the convex hull of `K` points on the unit sphere. It is found here by brute
//! force, independently of every library: a triple of points spans a face when all the other
//! points lie strictly below its plane.
//!
//! ```text
//!            . ' ' .
//!         .'  /\    '.        K points on the sphere; the hull's faces are triangles.
//!        :   /  \     :       Kept only if every face plane is at least 0.25 from the
//!        :  /  o  \   :       origin o (the shape's local origin, where the pose puts it)
//!         '/______\ .'        and no other point comes within 1e-4 of a face plane, so
//!            ' . '            that rounding cannot change which faces there are.
//! ```

use glam::{DQuat, DVec3, Vec3};

use crate::workload::Rng;

/// The cuboid's half extents are in this ratio, scaled to circumradius 1.
pub const BOX_RATIO: [f64; 3] = [1.0, 0.75, 0.5];

/// Every face plane of a random hull is at least this far from the origin (the hull's inner
/// radius about its local origin).
pub const MIN_INNER_RADIUS: f64 = 0.25;

/// No point of a random hull lies within this distance of a face plane it is not a corner of
/// (general position, robust to rounding: the hull has exactly `2K − 4` triangular faces).
pub const GENERAL_POSITION: f64 = 1e-4;

/// A convex polytope in its local frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Polytope {
    /// The corners (f32 values).
    pub vertices: Vec<DVec3>,
    /// The unit outward normal of each face.
    pub normals: Vec<DVec3>,
    /// Each face's plane offset: `n · x = d` on the face.
    pub offsets: Vec<f64>,
    /// Each edge once, as a pair of vertex indices.
    pub edges: Vec<[usize; 2]>,
}

impl Polytope {
    /// The distance from the origin to the nearest face plane (negative if the origin is
    /// outside).
    pub fn inner_radius(&self) -> f64 {
        self.offsets.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// The distance from the origin to the farthest corner.
    #[cfg(test)]
    pub fn outer_radius(&self) -> f64 {
        self.vertices.iter().map(|v| v.length()).fold(0.0, f64::max)
    }

    /// The corners as the libraries take them (exactly, as they are f32 values).
    pub fn points_f32(&self) -> Vec<Vec3> {
        self.vertices.iter().map(|v| v.as_vec3()).collect()
    }
}

/// Rounds to the nearest f32, kept in f64.
pub fn to_f32(v: DVec3) -> DVec3 {
    v.as_vec3().as_dvec3()
}

/// The cuboid's half extents: [`BOX_RATIO`] scaled so that the corners lie on the unit sphere
/// (up to rounding to f32).
pub fn box_half_extents() -> DVec3 {
    let r = DVec3::from(BOX_RATIO);
    to_f32(r / r.length())
}

/// The benchmark's cuboid, as a polytope: 8 corners, 6 faces, 12 edges.
pub fn cuboid() -> Polytope {
    let h = box_half_extents();
    // Corner k: x = ±h.x by bit 0, y by bit 1, z by bit 2 (set bit: +).
    let vertices: Vec<DVec3> = (0..8)
        .map(|k| {
            let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
            DVec3::new(s(1) * h.x, s(2) * h.y, s(4) * h.z)
        })
        .collect();
    let mut normals = Vec::new();
    let mut offsets = Vec::new();
    for axis in 0..3 {
        for sign in [1.0, -1.0] {
            let mut n = DVec3::ZERO;
            n[axis] = sign;
            normals.push(n);
            offsets.push(h[axis]);
        }
    }
    // Corners differing in exactly one bit share an edge.
    let mut edges = Vec::new();
    for k in 0..8usize {
        for bit in [1usize, 2, 4] {
            if k & bit == 0 {
                edges.push([k, k | bit]);
            }
        }
    }
    Polytope { vertices, normals, offsets, edges }
}

/// A point uniform on the unit sphere, rounded to f32.
pub fn on_unit_sphere(rng: &mut Rng) -> DVec3 {
    let z = rng.uniform(-1.0, 1.0);
    let (s, c) = rng.uniform(0.0, std::f64::consts::TAU).sin_cos();
    let r = (1.0 - z * z).max(0.0).sqrt();
    to_f32(DVec3::new(r * c, r * s, z))
}

/// A uniform random rotation (Shoemake's method: a uniform point on the unit 3-sphere).
pub fn random_rotation(rng: &mut Rng) -> DQuat {
    let (u1, u2, u3) =
        (rng.unit(), rng.uniform(0.0, std::f64::consts::TAU), rng.uniform(0.0, std::f64::consts::TAU));
    let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
    DQuat::from_xyzw(a * u2.sin(), a * u2.cos(), b * u3.sin(), b * u3.cos())
}

/// A point uniform in the unit ball.
pub fn in_unit_ball(rng: &mut Rng) -> DVec3 {
    loop {
        let p = DVec3::new(rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0));
        if p.length_squared() <= 1.0 {
            return p;
        }
    }
}

/// The convex hull of `points` by brute force, if the points are in general position: every
/// point a corner, no point within [`GENERAL_POSITION`] of a face plane it is not on, the faces
/// triangles (`2K − 4` of them, `3K − 6` edges). `None` otherwise.
pub fn hull_of(points: &[DVec3]) -> Option<Polytope> {
    let k = points.len();
    let mut normals = Vec::new();
    let mut offsets = Vec::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    // The faces on each side of each edge (by edge index).
    let mut sides: Vec<Vec<usize>> = Vec::new();
    for i in 0..k {
        for j in i + 1..k {
            for l in j + 1..k {
                let (p, q, r) = (points[i], points[j], points[l]);
                let n = (q - p).cross(r - p);
                if n.length() < 1e-9 {
                    return None; // three nearly collinear points: reject the draw
                }
                let n = n.normalize();
                // Which side the other points lie on; a face has them all strictly below.
                let (mut above, mut below) = (false, false);
                let mut near = false;
                for (m, &s) in points.iter().enumerate() {
                    if m == i || m == j || m == l {
                        continue;
                    }
                    let h = n.dot(s - p);
                    near |= h.abs() <= GENERAL_POSITION;
                    above |= h > 0.0;
                    below |= h < 0.0;
                    if above && below {
                        break;
                    }
                }
                if above && below {
                    continue;
                }
                if near {
                    return None;
                }
                let n = if above { -n } else { n };
                let face = normals.len();
                normals.push(n);
                offsets.push(n.dot(p));
                for e in [[i, j], [j, l], [i, l]] {
                    match edges.iter().position(|x| *x == e) {
                        Some(at) => sides[at].push(face),
                        None => {
                            edges.push(e);
                            sides.push(vec![face]);
                        }
                    }
                }
            }
        }
    }
    // Euler's formula for a triangulated sphere: every point a corner, every face a triangle.
    let closed = sides.iter().all(|f| f.len() == 2);
    (closed && k >= 4 && normals.len() == 2 * k - 4 && edges.len() == 3 * k - 6).then(|| Polytope {
        vertices: points.to_vec(),
        normals,
        offsets,
        edges,
    })
}

/// The hull of `k` random points on the unit sphere, redrawn until it is in general position
/// (see [`hull_of`]) and every face plane is at least [`MIN_INNER_RADIUS`] from the origin.
/// Also returns the number of draws it took.
pub fn random_hull(k: usize, rng: &mut Rng) -> (Polytope, usize) {
    let mut draws = 0;
    loop {
        draws += 1;
        let points: Vec<DVec3> = (0..k).map(|_| on_unit_sphere(rng)).collect();
        if let Some(hull) = hull_of(&points) {
            if hull.inner_radius() >= MIN_INNER_RADIUS {
                return (hull, draws);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuboid_has_circumradius_one_and_the_ratio() {
        let c = cuboid();
        assert!((c.outer_radius() - 1.0).abs() < 1e-6);
        let h = box_half_extents();
        assert!((h.y / h.x - 0.75).abs() < 1e-6 && (h.z / h.x - 0.5).abs() < 1e-6);
        assert_eq!((c.vertices.len(), c.normals.len(), c.edges.len()), (8, 6, 12));
        assert!((c.inner_radius() - h.z).abs() < 1e-15);
        // Every face supports the box: all corners on or below it, four on it.
        for (n, d) in c.normals.iter().zip(&c.offsets) {
            let on = c.vertices.iter().filter(|v| (n.dot(**v) - d).abs() < 1e-12).count();
            assert!(c.vertices.iter().all(|v| n.dot(*v) <= d + 1e-12));
            assert_eq!(on, 4);
        }
    }

    /// The generator's promise, checked from the definition: each face plane passes through
    /// three of the points with all others strictly below (a supporting plane), at least 0.25
    /// from the origin; and the hull is closed (each edge on exactly two faces).
    #[test]
    fn random_hulls_keep_the_origin_a_quarter_inside() {
        let mut rng = Rng::new(5);
        for k in [8, 16, 32] {
            for _ in 0..3 {
                let (hull, _) = random_hull(k, &mut rng);
                assert_eq!(hull.vertices.len(), k);
                for (n, &d) in hull.normals.iter().zip(&hull.offsets) {
                    assert!((n.length() - 1.0).abs() < 1e-12);
                    assert!(d >= MIN_INNER_RADIUS, "face plane {d} from the origin");
                    let on = hull.vertices.iter().filter(|v| (n.dot(**v) - d).abs() < 1e-12).count();
                    assert_eq!(on, 3);
                    assert!(hull.vertices.iter().all(|v| n.dot(*v) <= d + 1e-12));
                }
                for e in &hull.edges {
                    let faces = hull
                        .normals
                        .iter()
                        .zip(&hull.offsets)
                        .filter(|(n, d)| e.iter().all(|&v| (n.dot(hull.vertices[v]) - *d).abs() < 1e-12))
                        .count();
                    assert_eq!(faces, 2);
                }
                assert!(hull.vertices.iter().all(|v| (v.length() - 1.0).abs() < 1e-6));
            }
        }
    }

    #[test]
    fn degenerate_clouds_are_refused() {
        // A square's four corners plus two poles: four points in one plane through a face.
        let p = |x, y, z| DVec3::new(x, y, z);
        let octahedron = [
            p(1.0, 0.0, 0.0),
            p(-1.0, 0.0, 0.0),
            p(0.0, 1.0, 0.0),
            p(0.0, -1.0, 0.0),
            p(0.0, 0.0, 1.0),
            p(0.0, 0.0, -1.0),
        ];
        assert!(hull_of(&octahedron).is_some());
        let cube: Vec<DVec3> = (0..8)
            .map(|k| {
                p(
                    if k & 1 == 0 { -1.0 } else { 1.0 },
                    if k & 2 == 0 { -1.0 } else { 1.0 },
                    if k & 4 == 0 { -1.0 } else { 1.0 },
                )
            })
            .collect();
        assert!(hull_of(&cube).is_none()); // square faces: four coplanar points
    }

    #[test]
    fn rotations_are_unit_and_spread() {
        let mut rng = Rng::new(9);
        let mut mean = DVec3::ZERO;
        for _ in 0..2000 {
            let q = random_rotation(&mut rng);
            assert!((q.length() - 1.0).abs() < 1e-12);
            mean += q * DVec3::X;
            assert!(in_unit_ball(&mut rng).length() <= 1.0);
        }
        // The image of a fixed vector is uniform on the sphere: its mean is near zero.
        assert!((mean / 2000.0).length() < 0.08, "{mean}");
    }
}
