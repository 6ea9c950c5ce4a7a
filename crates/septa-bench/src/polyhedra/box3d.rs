//! `box3d`: Box3D's hull manifold function `b3CollideHulls`, through `boxddd_sys::ffi`.
//!
//! Like Box2D, Box3D has no boolean test or MTV outside its world: its narrow phase is the
//! manifold, so only `collide` is measured. Shapes are built once: `b3MakeBoxHull` for the
//! cuboid, `b3CreateHull(points, K, K)` for a hull (Box3D's quickhull; every point is kept).
//! Each body has a transform, and per call the relative transform `b3InvMulTransforms(xfA,
//! xfB)` is computed (in Rust, as Box3D's inline function does it) and `b3CollideHulls` runs
//! with a **zeroed `b3SATCache`**, so nothing carries over from one pair to the next (a world
//! would keep one cache per contact across frames; see the coherence experiment for that).
//!
//! Box3D refuses hulls of more than 128 edges (`B3_MAX_HULL_EDGES`; its half-edge indices are
//! bytes): a 64-point hull has 186, so `b3CreateHull` returns null and the hull64 sets have no
//! Box3D column.
//!
//! Box3D reports points out to a speculative distance (4 × linear slop = 2 cm at the default
//! scale); only points with a negative separation count as overlap in the cross-check, and the
//! depth compared is the deepest point's.

use std::ops::Range;

use boxddd_sys::ffi;
use glam::{DQuat, DVec3, Quat, Vec3};

use super::sets::{Kind, Workload};
use super::shapes::box_half_extents;
use crate::impls::{Answer, Implementation, Op};

/// Box3D's hull edge limit (`B3_MAX_HULL_EDGES`).
pub const MAX_HULL_EDGES: usize = ffi::B3_MAX_HULL_EDGES as usize;

/// A Box3D transform from f64 values that are f32 values.
pub fn transform(center: DVec3, rotation: DQuat) -> ffi::b3Transform {
    let (p, q) = (center.as_vec3(), rotation.as_quat());
    ffi::b3Transform {
        p: ffi::b3Vec3 { x: p.x, y: p.y, z: p.z },
        q: ffi::b3Quat { v: ffi::b3Vec3 { x: q.x, y: q.y, z: q.z }, s: q.w },
    }
}

/// `b3InvMulTransforms(a, b)`: b's frame seen from a's, `p = qa⁻¹ (pb − pa)`, `q = qa⁻¹ qb`.
#[inline]
pub fn inv_mul(a: &ffi::b3Transform, b: &ffi::b3Transform) -> ffi::b3Transform {
    let quat = |q: &ffi::b3Quat| Quat::from_xyzw(q.v.x, q.v.y, q.v.z, q.s);
    let inverse = quat(&a.q).conjugate();
    let p = inverse * Vec3::new(b.p.x - a.p.x, b.p.y - a.p.y, b.p.z - a.p.z);
    let q = inverse * quat(&b.q);
    ffi::b3Transform {
        p: ffi::b3Vec3 { x: p.x, y: p.y, z: p.z },
        q: ffi::b3Quat { v: ffi::b3Vec3 { x: q.x, y: q.y, z: q.z }, s: q.w },
    }
}

/// A Box3D hull: a box made in place, or one Box3D allocated (destroyed on drop).
pub enum Hull {
    /// `b3MakeBoxHull`'s value (its offsets are relative to itself, so it may move).
    Cuboid(Box<ffi::b3BoxHull>),
    /// `b3CreateHull`'s allocation.
    Created(*mut ffi::b3HullData),
}

impl Hull {
    /// The box hull of the set's cuboid.
    pub fn cuboid() -> Hull {
        let h = box_half_extents().as_vec3();
        // SAFETY: a plain function of three floats returning a value.
        Hull::Cuboid(Box::new(unsafe { ffi::b3MakeBoxHull(h.x, h.y, h.z) }))
    }

    /// Box3D's hull of `points`, or `None` when Box3D refuses it.
    pub fn create(points: &[Vec3]) -> Option<Hull> {
        let points: Vec<ffi::b3Vec3> =
            points.iter().map(|p| ffi::b3Vec3 { x: p.x, y: p.y, z: p.z }).collect();
        let n = points.len() as i32;
        // SAFETY: `points` holds `n` valid points; Box3D copies what it keeps.
        let hull = unsafe { ffi::b3CreateHull(points.as_ptr(), n, n) };
        // (Not `then_some`: a `Hull` made of a null pointer would be dropped, and destroyed.)
        if hull.is_null() {
            None
        } else {
            Some(Hull::Created(hull))
        }
    }

    /// The hull data Box3D's functions take.
    #[inline]
    pub fn data(&self) -> *const ffi::b3HullData {
        match self {
            Hull::Cuboid(b) => &b.base,
            Hull::Created(h) => *h,
        }
    }

    /// (vertices, faces, edges) as Box3D built it.
    pub fn counts(&self) -> (usize, usize, usize) {
        // SAFETY: `data` points to a live hull.
        let d = unsafe { &*self.data() };
        (d.vertexCount as usize, d.faceCount as usize, d.edgeCount as usize / 2)
    }
}

impl Drop for Hull {
    fn drop(&mut self) {
        if let Hull::Created(h) = *self {
            // SAFETY: made by b3CreateHull, destroyed once.
            unsafe { ffi::b3DestroyHull(h) };
        }
    }
}

/// Runs `b3CollideHulls` of `a` and `b` (b in a's frame by `xf`) with `cache`, writing up to
/// four points into `points`; returns the manifold (its `points` pointer into `points`).
#[inline]
pub fn collide_hulls(
    a: *const ffi::b3HullData,
    b: *const ffi::b3HullData,
    xf: ffi::b3Transform,
    cache: &mut ffi::b3SATCache,
    points: &mut [ffi::b3LocalManifoldPoint; 4],
) -> ffi::b3LocalManifold {
    // SAFETY: plain C data; all-zero is a valid empty manifold.
    let mut manifold: ffi::b3LocalManifold = unsafe { std::mem::zeroed() };
    manifold.points = points.as_mut_ptr();
    // SAFETY: both hulls are live, the buffer holds the 4 points the capacity promises.
    unsafe { ffi::b3CollideHulls(&mut manifold, 4, a, b, xf, cache) };
    manifold
}

/// An all-zero manifold point buffer.
pub fn point_buffer() -> [ffi::b3LocalManifoldPoint; 4] {
    // SAFETY: plain C data.
    unsafe { std::mem::zeroed() }
}

/// An empty (all-zero) SAT cache: `b3_invalidAxis`, nothing to try first.
pub fn cold_cache() -> ffi::b3SATCache {
    ffi::b3SATCache { separation: 0.0, type_: 0, indexA: 0, indexB: 0, hit: 0 }
}

/// One pair: the shapes' indices in the pool and their transforms.
#[derive(Clone, Copy, Debug)]
struct Placed {
    a: u32,
    b: u32,
    xf_a: ffi::b3Transform,
    xf_b: ffi::b3Transform,
}

/// Box3D's shapes for one set.
pub struct Box3d {
    pool: Vec<Hull>,
    pairs: Vec<Placed>,
    points: [ffi::b3LocalManifoldPoint; 4],
}

/// Box3D's shapes for the set, or `None` when Box3D refuses the set's hulls (more than
/// [`MAX_HULL_EDGES`] edges). Panics if Box3D builds a hull with other faces than the
/// brute-force hull's.
pub fn build(w: &Workload) -> Option<Box<dyn Implementation>> {
    let pool = match w.spec.kind {
        Kind::Box => vec![Hull::cuboid()],
        // Box3D's limit, known (the section shows once per set that b3CreateHull refuses).
        Kind::Hull(_) if w.pool.iter().any(|s| s.edges.len() > MAX_HULL_EDGES) => return None,
        Kind::Hull(_) => {
            let mut pool = Vec::with_capacity(w.pool.len());
            for shape in &w.pool {
                let hull = Hull::create(&shape.points_f32())?;
                assert_eq!(
                    hull.counts(),
                    (shape.vertices.len(), shape.normals.len(), shape.edges.len()),
                    "Box3D built a different hull"
                );
                pool.push(hull);
            }
            pool
        }
    };
    let pairs = w
        .pairs
        .iter()
        .map(|p| Placed {
            a: p.a as u32,
            b: p.b as u32,
            xf_a: transform(p.a_center, p.a_rotation),
            xf_b: transform(p.b_center, p.b_rotation),
        })
        .collect();
    Some(Box::new(Box3d { pool, pairs, points: point_buffer() }))
}

impl Box3d {
    /// Pair `i`'s manifold, from a cold cache.
    #[inline]
    fn collide(&mut self, i: usize) -> ffi::b3LocalManifold {
        let p = self.pairs[i];
        let xf = inv_mul(&p.xf_a, &p.xf_b);
        let mut cache = cold_cache();
        collide_hulls(
            self.pool[p.a as usize].data(),
            self.pool[p.b as usize].data(),
            xf,
            &mut cache,
            &mut self.points,
        )
    }
}

impl Implementation for Box3d {
    fn name(&self) -> &'static str {
        "box3d"
    }

    fn supports(&self, op: Op) -> bool {
        op == Op::Collide
    }

    fn run(&mut self, op: Op, range: Range<usize>) -> f32 {
        assert_eq!(op, Op::Collide);
        let mut sum = 0.0f32;
        for i in range {
            let m = self.collide(i);
            sum += m.normal.x + m.normal.y + m.normal.z;
            for q in &self.points[..m.pointCount as usize] {
                sum += q.point.x + q.point.y + q.point.z + q.separation;
            }
        }
        sum
    }

    fn answer(&mut self, op: Op, i: usize) -> Answer {
        assert_eq!(op, Op::Collide);
        let m = self.collide(i);
        let deepest =
            self.points[..m.pointCount as usize].iter().map(|q| -q.separation).fold(0.0f32, f32::max);
        Answer::depth((deepest > 0.0).then_some(deepest))
    }
}
