//! Exact distances between points, segments and convex polytopes, in f64, by closest features.
//!
//! The closest points of two disjoint convex polytopes (a segment and a point are polytopes
//! too) lie in the relative interiors of one feature of each, and one of the two features can
//! always be taken to be a vertex, or both to be edges: a face–face or face–edge closest pair
//! has a vertex–face or edge–edge pair at the same distance. So the distance is the least of the
//! vertex-to-other-shape and edge-to-edge distances, once intersection has been ruled out by a
//! separate test (clipping every edge against the other shape's half-spaces).

use glam::DVec3;

use super::hull::Polytope;

/// The point of the segment `a`–`b` nearest to `q`.
pub fn closest_on_segment(q: DVec3, a: DVec3, b: DVec3) -> DVec3 {
    let e = b - a;
    let len2 = e.length_squared();
    let t = if len2 > 0.0 { ((q - a).dot(e) / len2).clamp(0.0, 1.0) } else { 0.0 };
    a + e * t
}

/// The distance from `q` to the segment `a`–`b`.
pub fn point_segment(q: DVec3, a: DVec3, b: DVec3) -> f64 {
    q.distance(closest_on_segment(q, a, b))
}

/// The distance between the segments `p0`–`p1` and `q0`–`q1` (either may be a single point),
/// with a closest point on each.
///
/// `|p(s) − q(t)|²` is convex on the square `[0,1]²`, so its minimum is either its stationary
/// point (when that exists and lies inside the square) or on the square's boundary, where one
/// parameter is 0 or 1: an end point against the other segment. Parallel segments have no single
/// stationary point and their minimum is on the boundary too.
pub fn segment_segment(p0: DVec3, p1: DVec3, q0: DVec3, q1: DVec3) -> (f64, DVec3, DVec3) {
    let mut best = (f64::INFINITY, p0, q0);
    let mut consider = |x: DVec3, y: DVec3| {
        let d = x.distance(y);
        if d < best.0 {
            best = (d, x, y);
        }
    };
    consider(p0, closest_on_segment(p0, q0, q1));
    consider(p1, closest_on_segment(p1, q0, q1));
    consider(closest_on_segment(q0, p0, p1), q0);
    consider(closest_on_segment(q1, p0, p1), q1);
    let (d1, d2, r) = (p1 - p0, q1 - q0, p0 - q0);
    let (a, b, c, d, e) = (d1.dot(d1), d1.dot(d2), d2.dot(d2), d1.dot(r), d2.dot(r));
    let denom = a * c - b * b;
    if a > 0.0 && c > 0.0 && denom > 1e-14 * a * c {
        let s = (b * e - c * d) / denom;
        let t = (a * e - b * d) / denom;
        if (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t) {
            consider(p0 + d1 * s, q0 + d2 * t);
        }
    }
    best
}

/// The distance from `q` to a convex polygon (corners counter-clockwise about `normal`) and the
/// nearest point of it: the plane distance when `q` projects inside, else the nearest edge.
pub fn point_polygon(q: DVec3, polygon: &[DVec3], normal: DVec3) -> (f64, DVec3) {
    let height = normal.dot(q - polygon[0]);
    let projected = q - normal * height;
    let n = polygon.len();
    let inside = (0..n).all(|i| {
        let (v, w) = (polygon[i], polygon[(i + 1) % n]);
        (w - v).cross(projected - v).dot(normal) >= 0.0
    });
    if inside {
        return (height.abs(), projected);
    }
    let mut best = (f64::INFINITY, q);
    for i in 0..n {
        let c = closest_on_segment(q, polygon[i], polygon[(i + 1) % n]);
        let d = q.distance(c);
        if d < best.0 {
            best = (d, c);
        }
    }
    best
}

impl Polytope {
    /// Is `q` inside or on the closed polytope (within `tol` of every face plane)?
    pub fn contains(&self, q: DVec3, tol: f64) -> bool {
        self.faces.iter().all(|f| f.normal.dot(q) - f.offset <= tol)
    }

    /// The signed distance from `q` to the polytope (negative inside) and the nearest point of
    /// its boundary. Inside, the nearest boundary point is on the nearest face *plane* (the ball
    /// of that radius lies in every half-space, so in the polytope); outside, it is on the
    /// nearest face polygon.
    pub fn signed_distance(&self, q: DVec3) -> (f64, DVec3) {
        let mut worst = (f64::NEG_INFINITY, 0);
        for (i, f) in self.faces.iter().enumerate() {
            let h = f.normal.dot(q) - f.offset;
            if h > worst.0 {
                worst = (h, i);
            }
        }
        if worst.0 <= 0.0 {
            let f = &self.faces[worst.1];
            return (worst.0, q - f.normal * worst.0);
        }
        let mut best = (f64::INFINITY, q);
        for (i, f) in self.faces.iter().enumerate() {
            let h = f.normal.dot(q) - f.offset;
            if h <= 0.0 || h >= best.0 {
                continue; // the nearest point is on a face that q is in front of; and no nearer than its plane
            }
            let (d, c) = point_polygon(q, &self.face_polygon(i), f.normal);
            if d < best.0 {
                best = (d, c);
            }
        }
        best
    }

    /// The part `[t0, t1]` of the segment `a + t (b − a)`, `t ∈ [0, 1]`, inside the closed
    /// polytope, or `None` (clipping by every face's half-space).
    pub fn clip_segment(&self, a: DVec3, b: DVec3) -> Option<(f64, f64)> {
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let d = b - a;
        for f in &self.faces {
            let (start, rate) = (f.normal.dot(a) - f.offset, f.normal.dot(d));
            if rate == 0.0 {
                if start > 0.0 {
                    return None;
                }
            } else {
                let t = -start / rate;
                if rate > 0.0 {
                    t1 = t1.min(t);
                } else {
                    t0 = t0.max(t);
                }
            }
            if t0 > t1 {
                return None;
            }
        }
        Some((t0, t1))
    }
}

/// The distance between the segment `a`–`b` (or the point `a`, when `b == a`) and a polytope,
/// with a closest point on the segment and on the polytope (0 and a common point when they
/// meet).
pub fn segment_polytope(a: DVec3, b: DVec3, p: &Polytope) -> (f64, DVec3, DVec3) {
    if let Some((t0, t1)) = p.clip_segment(a, b) {
        let x = a + (b - a) * (0.5 * (t0 + t1));
        return (0.0, x, x);
    }
    let mut best = (f64::INFINITY, a, a);
    for q in [a, b] {
        let (d, c) = p.signed_distance(q);
        if d < best.0 {
            best = (d, q, c);
        }
    }
    for &v in &p.vertices {
        let c = closest_on_segment(v, a, b);
        let d = v.distance(c);
        if d < best.0 {
            best = (d, c, v);
        }
    }
    for e in 0..p.edges.len() {
        let (i, j) = p.edges[e];
        let (d, x, y) = segment_segment(a, b, p.vertices[i], p.vertices[j]);
        if d < best.0 {
            best = (d, x, y);
        }
    }
    best
}

/// Do two closed polytopes meet? Their intersection, when not empty, is a polytope whose
/// corners are corners of one of them or crossings of an edge of one with a face of the other;
/// so they meet iff a corner of one is in the other or an edge of one meets the other.
pub fn polytopes_meet(a: &Polytope, b: &Polytope) -> bool {
    a.vertices.iter().any(|&v| b.contains(v, 0.0))
        || b.vertices.iter().any(|&v| a.contains(v, 0.0))
        || a.edges.iter().any(|&(i, j)| b.clip_segment(a.vertices[i], a.vertices[j]).is_some())
        || b.edges.iter().any(|&(i, j)| a.clip_segment(b.vertices[i], b.vertices[j]).is_some())
}

/// The distance between two polytopes and a closest point on each; 0 (and no points) when
/// they meet.
pub fn polytope_distance(a: &Polytope, b: &Polytope) -> (f64, Option<(DVec3, DVec3)>) {
    if polytopes_meet(a, b) {
        return (0.0, None);
    }
    let mut best = (f64::INFINITY, a.vertices[0], b.vertices[0]);
    for &v in &a.vertices {
        let (d, c) = b.signed_distance(v);
        if d < best.0 {
            best = (d, v, c);
        }
    }
    for &v in &b.vertices {
        let (d, c) = a.signed_distance(v);
        if d < best.0 {
            best = (d, c, v);
        }
    }
    // edge pairs, skipping those whose bounding spheres are already farther apart than the best
    let spheres = |p: &Polytope| -> Vec<(DVec3, f64)> {
        p.edges
            .iter()
            .map(|&(i, j)| {
                let (v, w) = (p.vertices[i], p.vertices[j]);
                ((v + w) * 0.5, 0.5 * v.distance(w))
            })
            .collect()
    };
    let (sa, sb) = (spheres(a), spheres(b));
    for (ea, &(ca, ra)) in sa.iter().enumerate() {
        for (eb, &(cb, rb)) in sb.iter().enumerate() {
            if ca.distance(cb) - ra - rb >= best.0 {
                continue;
            }
            let ((i, j), (k, l)) = (a.edges[ea], b.edges[eb]);
            let (d, x, y) = segment_segment(a.vertices[i], a.vertices[j], b.vertices[k], b.vertices[l]);
            if d < best.0 {
                best = (d, x, y);
            }
        }
    }
    (best.0, Some((best.1, best.2)))
}
