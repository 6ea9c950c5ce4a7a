//! Convex hulls: convex polyhedra built from any point cloud.
//!
//! [`ConvexHull::new`] runs quickhull with exact predicates on a fine grid (see the
//! `quickhull` module), merges coplanar triangles into polygonal faces (module `faces`), drops
//! points that lie on edges or inside faces, and then precomputes everything the queries read,
//! in the layout they read it:
//!
//! ```text
//!   vertices        [v0 v1 v2 ...]                  local frame
//!   faces           normal, offset (plane n·x = d), vertex loop counter-clockwise from outside
//!   face lanes      [nx0 nx1 nx2 nx3] [ny…] [nz…] [d…]   four faces side by side (SIMD)
//!   half-edges      origin, twin, next, face, edge   one per face corner, in face order
//!   edges           tail, head, the two faces       one entry per edge (not per half-edge)
//!   adjacency       the neighbours of each vertex; for hill climbing, every corner of
//!                   each of its faces
//!   step lanes      each vertex's edges as vectors, four side by side (SIMD), for the
//!                   Gauss-map walk of the edge-pair search
//! ```
//!
//! Every face plane's offset is the hull's own largest projection on the normal, so each face
//! plane supports the hull exactly, and face axes never overstate a separation.
//!
//! Half-edge `h` runs along face `face` from vertex `origin` to the origin of `next`; its twin
//! runs the other way along the neighbouring face. Because the faces are stored loop after loop,
//! the half-edges of face `i` are `face_start[i]..face_start[i + 1]`, and their origins are the
//! face's vertex loop ([`ConvexHull::face_vertices`]).

mod faces;
mod quickhull;

use alloc::boxed::Box;
use alloc::vec::Vec;
use glam::DVec3;

use crate::{check_point, Real, ShapeError, ToF64, ToReal, Vector, Vector4};

/// How far from a plane (relative to the size of the point cloud: half the largest side of its
/// bounding box) a point may lie and still count as on it: `1e-6` in the f32 build, `1e-8` in
/// the f64 build. Points this close to each other are one corner, and neighbouring faces whose
/// corners lie this close to a common plane are merged into one face (so a cube given with
/// points on its faces, rounded to f32, still has six);
/// a point cloud this close to a plane is [`ShapeError::Coplanar`], this close to a line
/// [`ShapeError::Collinear`].
///
/// The hull's combinatorics are decided exactly on a grid a quarter of this fine (2^22 cells
/// across the cloud in the f32 build, 2^29 in the f64 build, the most whose determinants still
/// fit 128-bit integers), so the tolerance cannot be much smaller in f64.
#[cfg(not(feature = "f64"))]
pub const COPLANAR_TOLERANCE: f64 = 1e-6;
/// How far from a plane (relative to the size of the point cloud) a point may lie and still
/// count as on it: `1e-6` in the f32 build, `1e-8` in the f64 build.
#[cfg(feature = "f64")]
pub const COPLANAR_TOLERANCE: f64 = 1e-8;

/// Up to this many vertices, a support query scans every vertex (four at a time); above it, it
/// climbs the vertex adjacency from a start vertex, touching only vertices near the path.
const SCAN_LIMIT: usize = 16;

/// Up to this many vertices, [`ConvexHull::support_from`] scans every vertex four at a time
/// rather than climbing from its start vertex. Measured by the clock (`examples/icount3d.rs`),
/// `collide` on random hulls is faster so from 8 points (1,450 → 1,090 ns per call, with the
/// walk's own changes) to 64 (32 points: 2,441 → 2,261 ns; 64 points: 3,604 → 3,510 ns), though
/// from 32 points on the climb reads fewer vertices.
const SCAN_LANES_LIMIT: usize = 64;

/// Lanes of four vertices in a hull's skeleton ([`ConvexHull::skeleton`]): sixteen vertices.
/// More bound tighter and cost more per face; in three alternating `--sets` runs on the 32- and
/// 64-point hulls' `collide` and `contact`, 8 vertices were 3 to 7 % slower, 12 within −3 to
/// +1 %, 32 (every vertex of a 32-point hull) 4 to 8 % slower.
pub(crate) const SKELETON_LANES: usize = 4;

/// One half of an edge, belonging to one face (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfEdge {
    /// The vertex it starts at.
    pub origin: u32,
    /// The half-edge running the other way, along the neighbouring face.
    pub twin: u32,
    /// The next half-edge around the same face (counter-clockwise seen from outside).
    pub next: u32,
    /// The face it belongs to.
    pub face: u32,
    /// The edge it is half of (an index into [`ConvexHull::edge`]).
    pub edge: u32,
}

/// An edge seen from one of its ends: what a walk over the vertices reads at each step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Step {
    /// From this end to the other.
    pub delta: Vector,
    /// The edge's unit direction (either way round; see [`ConvexHull::edge_unit`]).
    pub unit: Vector,
    /// The other end.
    pub to: u32,
    /// The edge.
    pub edge: u32,
}

/// An edge as the Gauss-map walk's first test of it reads it (`pair::gauss_map::walk`): its
/// faces, whether it closes its second face ([`ConvexHull::closes_face`]) and its arc's secant
/// ([`ConvexHull::arc_secant`]), side by side (sixteen bytes, 24 in the `f64` build; the walk's
/// test of each arc read three lists before, the edge's 20-byte record among them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ArcRecord {
    /// `faces[0]` and `faces[1]` of the edge.
    pub(crate) faces: [u32; 2],
    /// Does the edge close its second face?
    pub(crate) closes: bool,
    /// The arc's secant.
    pub(crate) secant: Real,
}

/// Four of a vertex's [`Step`]s side by side: the x, y and z components of their `delta`s, one
/// step per lane, so that the Gauss-map walk measures four of a vertex's edges against its arc
/// at once. The last group of each vertex is padded with zero steps (which never rise, so a
/// walk never takes one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct StepLanes {
    /// The x components.
    pub dx: Vector4,
    /// The y components.
    pub dy: Vector4,
    /// The z components.
    pub dz: Vector4,
}

/// One edge of the hull, stored once (not once per half-edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HullEdge {
    /// The vertex it starts at.
    pub tail: u32,
    /// The vertex it ends at. Seen from outside, `faces[0]` lies on its left.
    pub head: u32,
    /// The face on whose loop the edge runs from tail to head (`faces[0]`), and the face on the
    /// other side. The edge direction `head − tail` points along `n0 × n1`, so the edge's arc on
    /// the Gauss map runs from `n0` to `n1` around it.
    pub faces: [u32; 2],
    /// Its half-edge along `faces[0]`.
    pub half_edge: u32,
}

/// Four edges' arcs on the Gauss map side by side, one edge per lane: the unit normals of its
/// two faces (`m0` of `faces[0]`, `m1` of `faces[1]`) and its unit direction `f`, each as x, y
/// and z components. The Gauss-map test of an arc of the other shape against these four
/// (`pair::gauss_map`) is then four dot products per lane and three sign tests, with no branch
/// per edge. The last group is padded with zeros, which never cross an arc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ArcLanes {
    pub m0x: Vector4,
    pub m0y: Vector4,
    pub m0z: Vector4,
    pub m1x: Vector4,
    pub m1y: Vector4,
    pub m1z: Vector4,
    pub fx: Vector4,
    pub fy: Vector4,
    pub fz: Vector4,
}

/// Hulls with at most this many edges hold their arcs four at a time ([`ArcLanes`]): testing
/// an arc of the other shape against every one of them then costs about what walking it
/// across the Gauss map does (`pair::gauss_map::scan`), with no branch to mispredict; larger
/// hulls are walked.
pub(crate) const ARC_LANES_MAX: usize = 48;

/// Four faces side by side: the x, y and z components of their unit normals and their plane
/// offsets, one face per lane, so that one multiply-add per component measures a point against
/// four planes at once. The last group is padded by repeating the last face (which changes no
/// minimum or maximum).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceLanes {
    /// The x components of four unit normals.
    pub nx: Vector4,
    /// Their y components.
    pub ny: Vector4,
    /// Their z components.
    pub nz: Vector4,
    /// Their plane offsets (`n · x = d` on the plane).
    pub d: Vector4,
}

/// Four vertices side by side: their x, y and z coordinates, one vertex per lane, so that a
/// support scan measures four vertices against a direction at once ([`scan_lanes`]). The last
/// group is padded by repeating the last vertex (which changes no maximum, and comes after the
/// vertex it repeats).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct VertexLanes {
    /// Their x coordinates.
    pub(crate) x: Vector4,
    /// Their y coordinates.
    pub(crate) y: Vector4,
    /// Their z coordinates.
    pub(crate) z: Vector4,
}

/// Edges whose faces' normals have a dot product below this (faces under about 26°, an arc
/// on the Gauss map longer than about 154°) are knife edges: the Gauss-map walk's path between
/// the normals passes close to zero halfway, where rounding decides the order of its
/// crossings, so their pairs are found by testing every edge of the other shape instead
/// (`pair::gauss_map::walk`).
pub(crate) const KNIFE_ARC: Real = -0.9;

/// How far (the sine of the angle) an edge may turn out of the plane of its arc on the Gauss
/// map (the plane normal to `n0 × n1`, through its faces' stored normals) and the hull still
/// be walked by the edge-pair search: `16 × COPLANAR_TOLERANCE`.
///
/// The Gauss-map walk (`pair::gauss_map::walk`) reads the other hull's map off its vertices:
/// the border between the regions of an edge's two ends is the great circle normal to
/// `head − tail`. The Gauss-map test reads the same map off the stored face normals: the
/// edge's arc on the great circle normal to `n0 × n1`. The two maps agree when every edge
/// is normal to both its faces' normals, that is when every face is planar in the vertices as
/// given. A face merged within the tolerance is not, and neither is a sliver whose normal
/// comes from quickhull's grid (a quarter of the tolerance) over edges not much longer than a
/// grid cell: an edge `ℓ` long whose ends lie `η` apart along its face's normal tilts its
/// border by `η / ℓ`. Where the tilt is large, a walk passing near the face's normal crosses
/// a different edge of the face than the test says (fuzz finding 20: two hulls with edges
/// 0.02 long on faces 20,000 across, borders turned by 0.4 rad, an edge axis with a gap of
/// 247 lost in one order). Within this bound an edge axis the walk misses lies within that
/// angle of one it visits, and the separations along them differ by at most that times the
/// shapes' reach: far below the answers' tolerance.
const ARC_TOLERANCE: f64 = 16.0 * crate::COPLANAR_TOLERANCE;

/// A convex polyhedron in its local frame: the convex hull of a point cloud.
///
/// ```
/// use septa3d::{ConvexHull, Vector};
/// // A unit cube's corners, plus points inside and on its faces and edges: the hull is the cube.
/// let mut points = Vec::new();
/// for k in 0..8 {
///     let s = |bit: usize| if k & bit == 0 { -1.0 } else { 1.0 };
///     points.push(Vector::new(s(1), s(2), s(4)));
/// }
/// points.extend([Vector::ZERO, Vector::new(1.0, 0.2, 0.3), Vector::new(1.0, 1.0, 0.5)]);
/// let cube = ConvexHull::new(&points).unwrap();
/// assert_eq!((cube.vertices().len(), cube.edge_count(), cube.face_count()), (8, 12, 6));
/// assert!(cube.face_vertices(0).len() == 4);
/// let top = cube.support(Vector::new(0.1, 0.2, 1.0)) as usize;
/// assert_eq!(cube.vertices()[top], Vector::new(1.0, 1.0, 1.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexHull {
    vertices: Vec<Vector>,
    /// The same four at a time (see [`VertexLanes`]), for support scans.
    vertex_lanes: Vec<VertexLanes>,
    /// Sixteen of the vertices, four at a time, spread round the hull (see
    /// [`ConvexHull::skeleton`]). Boxed, so that the hull's other fields stay where they were
    /// (inline, its 16-byte-aligned lanes would come first); in five alternating bench runs
    /// the two timed alike.
    skeleton: Box<[VertexLanes; SKELETON_LANES]>,
    /// The neighbours of vertex `k` are `neighbors[neighbor_start[k]..neighbor_start[k + 1]]`.
    neighbor_start: Vec<u32>,
    neighbors: Vec<u32>,
    /// Each of vertex `k`'s edges as the Gauss-map walk reads them, side by side with
    /// `neighbors`.
    steps: Vec<Step>,
    /// The same steps four at a time: vertex `k`'s are
    /// `step_lanes[lane_start[k]..lane_start[k + 1]]`, lane `l` of its group `g` being
    /// `steps(k)[4 g + l]`.
    lane_start: Vec<u32>,
    step_lanes: Vec<StepLanes>,
    /// Where a climb may go from vertex `k`: every other corner of its faces (see
    /// `climb_graph`), `reach[reach_start[k]..reach_start[k + 1]]`.
    reach_start: Vec<u32>,
    reach: Vec<u32>,
    normals: Vec<Vector>,
    offsets: Vec<Real>,
    face_lanes: Vec<FaceLanes>,
    /// A ball holding face `i`: the mean of its corners and the distance to the farthest
    /// (see [`ConvexHull::face_ball`]).
    face_balls: Vec<(Vector, Real)>,
    /// Face `i`'s half-edges (and its loop of vertices) are `face_start[i]..face_start[i + 1]`.
    face_start: Vec<u32>,
    /// The origins of the half-edges, face after face: each face's vertex loop.
    loops: Vec<u32>,
    half_edges: Vec<HalfEdge>,
    /// One half-edge leaving each vertex (a start for walking round it).
    vertex_half_edges: Vec<u32>,
    edges: Vec<HullEdge>,
    /// `head − tail` of each edge.
    edge_directions: Vec<Vector>,
    /// The same, of unit length (the Gauss-map test compares signs of their products, which
    /// must not underflow for tiny hulls).
    edge_units: Vec<Vector>,
    centroid: Vector,
    radius: Real,
    /// May a support query climb the vertex graph (see [`ConvexHull::support`])?
    climbable: bool,
    /// Climbable, and every edge in the plane of its arc on the Gauss map to within
    /// [`ARC_TOLERANCE`]: may the edge-pair search walk the hull's Gauss map over its vertices?
    walkable: bool,
    /// Strictly convex, and every edge's unit direction taken from its own ends.
    exact_edges: bool,
    /// Has it an edge whose faces' normals are nearly opposite ([`KNIFE_ARC`])?
    knife_edges: bool,
    /// Per edge: is it the first edge whose second face (`faces[1]`) is the first face of no
    /// edge? (See [`ConvexHull::closes_face`].)
    /// Per edge: its faces, whether it is the first edge whose second face (`faces[1]`) is the
    /// first face of no edge (see [`ConvexHull::closes_face`]), and one over the cosine of half
    /// the angle between its faces' normals, rounded up (see [`ConvexHull::arc_secant`]).
    arc_records: Vec<ArcRecord>,
    /// Per face, four at a time as `face_lanes` holds them: the largest secant of its edges
    /// (see [`ConvexHull::face_secants`]).
    face_secants: Vec<Vector4>,
    /// Per edge: how far its unit direction may be turned by the rounding of its ends, in units
    /// of `Real::EPSILON` (see [`ConvexHull::edge_rounding`]).
    edge_rounding: Vec<Real>,
    /// The edges' arcs four at a time, for hulls of at most [`ARC_LANES_MAX`] edges (empty for
    /// larger ones).
    arc_lanes: Vec<ArcLanes>,
    /// The distance from the centroid to the nearest face plane, rounded down.
    inner_radius: Real,
    /// How far any vertex of a face may lie off the face's stored plane, rounded up.
    plane_slack: Real,
}

impl ConvexHull {
    /// The convex hull of `points` (any order, duplicates and interior points allowed).
    ///
    /// Runs quickhull with exact predicates on a grid finer than [`COPLANAR_TOLERANCE`]
    /// (robust for any input: coplanar, collinear, duplicate and nearly coincident points);
    /// points within the tolerance of each other count as one corner (the one furthest from
    /// the cloud's centre is kept), coplanar triangles (within the tolerance) are merged into
    /// convex polygonal faces, and points on edges or inside faces are dropped, so a cube given
    /// with extra points on its faces has 8 vertices, 12 edges and 6 square faces, and no face
    /// is a needle narrower than the tolerance. The vertices are input points, unrounded. Cost
    /// O(n log n) typically; the hull's queries then cost what the hull's size, not
    /// `points.len()`, says.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::OutOfRange`] for a bad coordinate (the first
    /// such point), [`ShapeError::TooFewPoints`] for fewer than four distinct points,
    /// [`ShapeError::Collinear`] or [`ShapeError::Coplanar`] when the points span no volume,
    /// [`ShapeError::TooSmall`] when half the largest side of their bounding box is below
    /// [`ShapeError::MIN_SIZE`].
    pub fn new(points: &[Vector]) -> Result<ConvexHull, ShapeError> {
        for (index, &p) in points.iter().enumerate() {
            check_point(p, index)?;
        }
        let wide: Vec<DVec3> = points.iter().map(|p| p.to_f64()).collect();
        let polyhedron = quickhull::hull(&wide)?;
        // A solid has at least four faces and four vertices. A cloud within a hair of the
        // tolerance from a plane can pass the volume test and still have its faces merged into
        // two or three (fuzz finding 6): flat, whatever the test said.
        if polyhedron.faces.len() < 4 || polyhedron.vertices.len() < 4 {
            return Err(ShapeError::Coplanar);
        }
        // A solid smaller than the smallest size (half its bounding box's largest side below
        // `ShapeError::MIN_SIZE`) is refused, as tiny cuboids, spheres and capsules are: the
        // squares of its lengths would underflow (fuzz finding 5: a hull 1.2e-38 across got a
        // depth of 4.2e-32 against a sphere where the push was 1.2e-38).
        let (lo, hi) = polyhedron
            .vertices
            .iter()
            .fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let size = 0.5 * (hi - lo).max_element();
        if size < ShapeError::MIN_SIZE as f64 {
            return Err(ShapeError::TooSmall { size: size as Real });
        }
        let vertices = polyhedron.vertices.iter().map(|&v| v.to_real()).collect();
        let order = depth_first_faces(&polyhedron.faces);
        let faces: Vec<Vec<u32>> = order.iter().map(|&f| polyhedron.faces[f].clone()).collect();
        let normals = order.iter().map(|&f| polyhedron.normals[f].to_real()).collect();
        Ok(ConvexHull::from_faces(vertices, &faces, Some(normals)))
    }

    /// The box with these half extents (assumed valid), laid out as faces +x, −x, +y, −y, +z, −z.
    pub(crate) fn cuboid(h: Vector) -> ConvexHull {
        // Vertex k has x = ±h.x by bit 0, y by bit 1, z by bit 2 (set bit: +).
        let vertices = (0..8)
            .map(|k| {
                let s = |bit: u32| if k & bit == 0 { -1.0 } else { 1.0 };
                Vector::new(s(1) * h.x, s(2) * h.y, s(4) * h.z)
            })
            .collect();
        let faces = [
            alloc::vec![1, 3, 7, 5], // +x
            alloc::vec![0, 4, 6, 2], // −x
            alloc::vec![2, 6, 7, 3], // +y
            alloc::vec![0, 1, 5, 4], // −y
            alloc::vec![4, 5, 7, 6], // +z
            alloc::vec![0, 2, 3, 1], // −z
        ];
        ConvexHull::from_faces(vertices, &faces, None)
    }

    /// Builds the hull's tables from its vertices and its faces' vertex loops (convex,
    /// counter-clockwise seen from outside, every edge shared by exactly two faces in opposite
    /// directions, every vertex used), with the faces' unit normals if known (quickhull's,
    /// from its exact grid).
    fn from_faces(vertices: Vec<Vector>, faces: &[Vec<u32>], normals: Option<Vec<Vector>>) -> ConvexHull {
        let mut face_start = Vec::with_capacity(faces.len() + 1);
        let mut loops = Vec::new();
        let mut half_edges = Vec::new();
        for (f, face) in faces.iter().enumerate() {
            let start = loops.len() as u32;
            face_start.push(start);
            let n = face.len() as u32;
            for (k, &v) in face.iter().enumerate() {
                loops.push(v);
                let next = start + (k as u32 + 1) % n;
                half_edges.push(HalfEdge { origin: v, twin: u32::MAX, next, face: f as u32, edge: 0 });
            }
        }
        face_start.push(loops.len() as u32);

        // Twins: the half-edge from u to v pairs with the one from v to u. Sorting the
        // (tail, head) keys puts each half-edge's twin where a binary search finds it.
        let head = |h: &HalfEdge| half_edges_origin(&loops, h.next);
        let mut keys: Vec<(u32, u32, u32)> =
            half_edges.iter().enumerate().map(|(i, h)| (h.origin, head(h), i as u32)).collect();
        keys.sort_unstable();
        let mut edges = Vec::with_capacity(half_edges.len() / 2);
        for i in 0..half_edges.len() {
            let (tail, head) = (half_edges[i].origin, head(&half_edges[i]));
            let found = keys.binary_search_by(|&(u, v, _)| (u, v).cmp(&(head, tail)));
            let twin = found.map_or(i as u32, |at| keys[at].2);
            half_edges[i].twin = twin;
            if (i as u32) < twin || twin == i as u32 {
                half_edges[i].edge = edges.len() as u32;
                let faces = [half_edges[i].face, half_edges[twin as usize].face];
                edges.push(HullEdge { tail, head, faces, half_edge: i as u32 });
            }
        }
        for i in 0..half_edges.len() {
            let twin = half_edges[i].twin as usize;
            if twin < i {
                half_edges[i].edge = half_edges[twin].edge;
            }
        }
        // Each vertex's neighbours: the heads of the half-edges leaving it.
        let mut neighbor_start = alloc::vec![0u32; vertices.len() + 1];
        for h in &half_edges {
            neighbor_start[h.origin as usize + 1] += 1;
        }
        for k in 0..vertices.len() {
            neighbor_start[k + 1] += neighbor_start[k];
        }
        let mut fill = neighbor_start.clone();
        let mut neighbors = alloc::vec![0u32; half_edges.len()];
        let mut steps =
            alloc::vec![Step { delta: Vector::ZERO, unit: Vector::ZERO, to: 0, edge: 0 }; half_edges.len()];
        let mut vertex_half_edges = alloc::vec![0u32; vertices.len()];
        for (i, h) in half_edges.iter().enumerate() {
            let slot = &mut fill[h.origin as usize];
            neighbors[*slot as usize] = head(h);
            let (from, to) = (vertices[h.origin as usize], vertices[head(h) as usize]);
            steps[*slot as usize] = Step { delta: to - from, unit: Vector::ZERO, to: head(h), edge: h.edge };
            *slot += 1;
            vertex_half_edges[h.origin as usize] = i as u32;
        }

        // Face normals: given (from quickhull's exact grid), or Newell's normal (the polygon's
        // area vector, exact for axis-aligned faces) summed over corners relative to the first,
        // scaled by a power of two to about unit size so that it neither overflows nor
        // underflows.
        let normals = normals.unwrap_or_else(|| {
            let size = vertices.iter().map(|v| v.to_f64().abs().max_element()).fold(0.0, f64::max);
            let scale = power_of_two_scale(size.max(f64::MIN_POSITIVE));
            faces
                .iter()
                .map(|face| {
                    let origin = vertices[face[0] as usize].to_f64();
                    let corner =
                        |k: usize| (vertices[face[k % face.len()] as usize].to_f64() - origin) * scale;
                    let mut area = DVec3::ZERO;
                    for k in 0..face.len() {
                        let (p, q) = (corner(k), corner(k + 1));
                        area += DVec3::new(
                            (p.y - q.y) * (p.z + q.z),
                            (p.z - q.z) * (p.x + q.x),
                            (p.x - q.x) * (p.y + q.y),
                        );
                    }
                    (area / area.length()).to_real()
                })
                .collect()
        });
        let (reach_start, reach, flat_enough) = climb_graph(&vertices, faces, &normals);
        let climbable =
            flat_enough && is_strictly_convex(&vertices, faces, &normals, &half_edges, &face_start);
        // Each offset is the hull's largest projection on the normal (not only the face's own
        // corners'): every plane then supports the hull exactly, whatever rounding did to the
        // normal.
        let offsets: Vec<Real> = faces
            .iter()
            .zip(&normals)
            .map(|(face, &n)| {
                let top = if vertices.len() <= SCAN_LIMIT || !climbable {
                    scan(&vertices, n)
                } else {
                    climb(&vertices, &reach_start, &reach, n, face[0])
                };
                n.dot(vertices[top as usize])
            })
            .collect();
        let face_lanes = face_lanes_of(&normals, &offsets);
        let vertex_lanes = vertex_lanes_of(&vertices);
        let skeleton = Box::new(skeleton_of(&vertices));
        // A vertex with two neighbours (two edges between the same two faces, the vertex a
        // point on what is really one edge) owns no region of the Gauss map: a walk that
        // reaches it finds no neighbour higher along any direction in the plane of its two
        // edges and stops there (fuzz finding 24: the bottom of a sliver taken as its top).
        let every_corner_a_corner = neighbor_start.windows(2).all(|w| w[1] - w[0] >= 3);
        // An edge so short that its direction comes from its faces' normals (below) has ends
        // only a few ulps of their coordinates apart: two corners that are one to within
        // rounding, and the vertex graph round them can fold at that scale (a quad face whose
        // height along a direction is not unimodal round its loop). The walk's regions then
        // overlap, and whichever direction the walk gives such an edge, its path can disagree
        // with the arcs (fuzz findings 23 and 27: a hull whose every edge is this short, at
        // 3,500 from its origin, whose walks started two regions off by the rounding of its
        // vertices' heights; an edge 1.9e-6 long at 1e4, separations 9,522 and 10,241 by
        // order). Not walked: every edge pair is tested instead.
        let size = vertices.iter().map(|v| v.to_f64().abs().max_element()).fold(0.0, f64::max);
        let long = 64.0 * crate::COPLANAR_TOLERANCE * size;
        let no_short_edge = edges
            .iter()
            .all(|e| (vertices[e.head as usize] - vertices[e.tail as usize]).to_f64().length() > long);
        let walkable =
            climbable && every_corner_a_corner && no_short_edge && arcs_agree(&vertices, &edges, &normals);

        let edge_directions: Vec<Vector> =
            edges.iter().map(|e| vertices[e.head as usize] - vertices[e.tail as usize]).collect();
        // The unit directions the edge axes are made of. On an exact polyhedron an edge runs
        // along n0 × n1, the normal of the plane of its arc on the Gauss map (the edge runs
        // from tail to head with faces[0] on its left), and either will do. On a hull whose
        // faces are planar only within the tolerance they differ, and each is unreliable
        // somewhere: the direction between the end points of an edge only a few tolerances
        // long points almost anywhere, and n0 × n1 is noise where the two faces are nearly
        // parallel, or nearly opposite (the rim of a thin slab, whose arc is a half circle,
        // which only the edge's direction places). So a long edge uses its own direction, a
        // short one n0 × n1. Where the choice is still off, the separations measured along
        // edge axes never overstate (they are checked against the shapes' supports; see
        // `pair::gauss_map`).
        let edge_units: Vec<Vector> = edges
            .iter()
            .map(|e| {
                let [n0, n1] = e.faces.map(|f| normals[f as usize].to_f64());
                let arc = n0.cross(n1);
                let along = (vertices[e.head as usize] - vertices[e.tail as usize]).to_f64();
                let unit = if along.length() > long || arc.length_squared() == 0.0 {
                    along.normalize_or_zero()
                } else {
                    arc.normalize()
                };
                unit.to_real()
            })
            .collect();
        for step in &mut steps {
            step.unit = edge_units[step.edge as usize];
        }
        let mut lane_start = Vec::with_capacity(vertices.len() + 1);
        let mut step_lanes = Vec::new();
        // Every vertex of a hull whose vertices have at most eight edges gets as many groups as
        // the one with most: the walk then measures the same number of groups at every vertex,
        // and its loop over them ends where the processor expects (a vertex with fewer edges
        // measures a group of padding, whose steps never rise). Hulls with busier vertices keep
        // each vertex's own number.
        let groups = |k: usize| (neighbor_start[k + 1] - neighbor_start[k]).div_ceil(4) as usize;
        let most = (0..vertices.len()).map(groups).max().unwrap_or(0);
        for k in 0..vertices.len() {
            lane_start.push(step_lanes.len() as u32);
            let own = &steps[neighbor_start[k] as usize..neighbor_start[k + 1] as usize];
            let padded = if most <= 2 { most } else { groups(k) };
            for g in 0..padded {
                let group = own.chunks(4).nth(g).unwrap_or_default();
                let d = |l: usize| group.get(l).map_or(Vector::ZERO, |s| s.delta);
                let (d0, d1, d2, d3) = (d(0), d(1), d(2), d(3));
                step_lanes.push(StepLanes {
                    dx: Vector4::new(d0.x, d1.x, d2.x, d3.x),
                    dy: Vector4::new(d0.y, d1.y, d2.y, d3.y),
                    dz: Vector4::new(d0.z, d1.z, d2.z, d3.z),
                });
            }
        }
        lane_start.push(step_lanes.len() as u32);
        // Edge gaps can be trusted where every edge runs along its own ends, no edge is a knife
        // (faces meeting at under 60°, whose arc on the Gauss map is over 120° long: the
        // centroid that orients an edge axis then lies nearly in the plane of the edge's
        // extreme directions, as on a thin slab), and the vertex graph is a convex polyhedron's
        // (see `pair::gauss_map::best_edge_pair`).
        let exact_edges = climbable
            && edges.iter().all(|e| {
                let [n0, n1] = e.faces.map(|f| normals[f as usize].to_f64());
                let length = (vertices[e.head as usize] - vertices[e.tail as usize]).to_f64().length();
                length > long && n0.dot(n1) > -0.5
            });

        let knife_edges = edges.iter().any(|e| {
            let [n0, n1] = e.faces.map(|f| normals[f as usize]);
            n0.dot(n1) < KNIFE_ARC
        });

        // The Gauss-map walk meets each face as the first face of its edges, or, for a face
        // that is first of none (typically the last), at the end of one edge's walk: marked.
        let mut met = alloc::vec![false; faces.len()];
        for e in &edges {
            met[e.faces[0] as usize] = true;
        }
        let closes_face: Vec<bool> =
            edges.iter().map(|e| !core::mem::replace(&mut met[e.faces[1] as usize], true)).collect();

        let sum = vertices.iter().fold(DVec3::ZERO, |s, v| s + v.to_f64());
        let face_balls = (0..normals.len())
            .map(|i| {
                let corners = &loops[face_start[i] as usize..face_start[i + 1] as usize];
                let mean = corners.iter().fold(DVec3::ZERO, |s, &v| s + vertices[v as usize].to_f64())
                    / corners.len() as f64;
                let reach =
                    corners.iter().map(|&v| vertices[v as usize].to_f64().distance(mean)).fold(0.0, f64::max);
                (mean.to_real(), reach as Real)
            })
            .collect();
        let centroid = (sum / vertices.len() as f64).to_real();
        let radius = vertices.iter().map(|&v| (v - centroid).length()).fold(0.0, Real::max);

        // Each end of an edge is rounded by up to an ulp of its largest coordinate, which turns
        // the direction between them by up to two such ulps over the edge's length (an edge
        // that takes its direction from its faces' normals instead gets the same bound: it is
        // only checked more often).
        let edge_rounding = edges
            .iter()
            .map(|e| {
                let (head, tail) = (vertices[e.head as usize].to_f64(), vertices[e.tail as usize].to_f64());
                let reach = head.abs().max(tail.abs()).max_element();
                let rounding = 2.0 * reach / (head - tail).length();
                if rounding < 1e30 {
                    rounding as Real
                } else {
                    Real::MAX
                }
            })
            .collect();

        // The bounds of the pruned Gauss-map walk (`pair::gauss_map`), in f64 and rounded
        // the safe way: up for the secants and the slack, down for the inner radius.
        let up = 1.0 + 4.0 * Real::EPSILON as f64;
        let arc_secants: Vec<Real> = edges
            .iter()
            .map(|e| {
                let [n0, n1] = e.faces.map(|f| normals[f as usize].to_f64().normalize());
                // |n₀ + n₁| = 2 cos(θ/2) for unit normals θ apart.
                let cos_half = (n0 + n1).length() / 2.0;
                let secant = up / cos_half;
                if secant < 1e30 {
                    (secant * up) as Real
                } else {
                    Real::MAX
                }
            })
            .collect();
        let face_secants = face_secants_of(&face_lanes, &half_edges, &face_start, &arc_secants);
        let arc_records = (edges.iter().zip(&arc_secants).zip(closes_face))
            .map(|((e, &secant), closes)| ArcRecord { faces: e.faces, closes, secant })
            .collect();
        let mut inner = f64::INFINITY;
        let mut slack: f64 = 0.0;
        for (i, (n, &d)) in normals.iter().zip(&offsets).enumerate() {
            let (n, d) = (n.to_f64(), d as f64);
            inner = inner.min(d - n.dot(centroid.to_f64()));
            for &v in &loops[face_start[i] as usize..face_start[i + 1] as usize] {
                slack = slack.max((n.dot(vertices[v as usize].to_f64()) - d).abs());
            }
        }
        let inner_radius = (inner.max(0.0) / up) as Real;
        let arc_lanes = arc_lanes_of(&edges, &normals, &edge_units);
        let plane_slack = (slack * up) as Real;

        ConvexHull {
            vertices,
            vertex_lanes,
            skeleton,
            neighbor_start,
            neighbors,
            steps,
            lane_start,
            step_lanes,
            reach_start,
            reach,
            normals,
            offsets,
            face_lanes,
            arc_lanes,
            face_balls,
            face_start,
            loops,
            half_edges,
            vertex_half_edges,
            edges,
            edge_directions,
            edge_units,
            centroid,
            radius,
            climbable,
            walkable,
            exact_edges,
            knife_edges,
            arc_records,
            face_secants,
            edge_rounding,
            inner_radius,
            plane_slack,
        }
    }

    /// The vertices, in the local frame. Every one is a corner of the hull (no point lies on
    /// an edge or inside a face).
    #[inline]
    pub fn vertices(&self) -> &[Vector] {
        &self.vertices
    }

    /// The number of faces.
    #[inline]
    pub fn face_count(&self) -> usize {
        self.normals.len()
    }

    /// The outward unit normal of face `i`.
    #[inline]
    pub fn face_normal(&self, i: usize) -> Vector {
        self.normals[i]
    }

    /// The plane offset of face `i`: its plane is `face_normal(i) · x = face_offset(i)`, and
    /// every vertex lies on or below it.
    #[inline]
    pub fn face_offset(&self, i: usize) -> Real {
        self.offsets[i]
    }

    /// The face normals, face by face.
    #[inline]
    pub fn face_normals(&self) -> &[Vector] {
        &self.normals
    }

    /// The plane offsets, face by face.
    #[inline]
    pub fn face_offsets(&self) -> &[Real] {
        &self.offsets
    }

    /// A ball holding face `i` (every point of the face lies in it, up to the rounding of
    /// the ball to [`Real`]): the mean of its corners, and the distance from there to the
    /// farthest corner.
    #[inline]
    pub fn face_ball(&self, i: usize) -> (Vector, Real) {
        self.face_balls[i]
    }

    /// [`support_lanes`](Self::support_lanes), inlined for hulls of up to 32 vertices (eight
    /// lanes, [`first_highest`]): the same vertex, the first of the highest.
    #[inline(always)]
    pub(crate) fn highest_lanes(&self, direction: Vector) -> u32 {
        let lanes = &self.vertex_lanes;
        if lanes.len() > 8 {
            return scan_lanes(lanes, direction);
        }
        first_highest::<8>(lanes, direction)
    }

    /// Sixteen vertices spread round the hull, four at a time (every vertex, repeated, for a
    /// hull of at most sixteen; otherwise the highest along sixteen directions spread evenly over
    /// the sphere): the hull holds their convex hull, so its lowest point under any plane lies no
    /// higher than the lowest of them. A bound on a face or an arc, tighter than the inner
    /// ball's, from sixteen dot products and no search (`pair::gauss_map`).
    #[inline]
    pub(crate) fn skeleton(&self) -> &[VertexLanes; SKELETON_LANES] {
        &self.skeleton
    }

    /// The vertices four at a time (see [`VertexLanes`]).
    #[inline]
    pub(crate) fn vertex_lanes(&self) -> &[VertexLanes] {
        &self.vertex_lanes
    }

    /// The face planes four at a time (see [`FaceLanes`]).
    #[inline]
    pub fn face_lanes(&self) -> &[FaceLanes] {
        &self.face_lanes
    }

    /// The edges' arcs on the Gauss map four at a time (see [`ArcLanes`]); empty for hulls of
    /// more than [`ARC_LANES_MAX`] edges.
    #[inline]
    pub(crate) fn arc_lanes(&self) -> &[ArcLanes] {
        &self.arc_lanes
    }

    /// The vertices of face `i`, counter-clockwise seen from outside (indices into
    /// [`vertices`](Self::vertices)).
    #[inline]
    pub fn face_vertices(&self, i: usize) -> &[u32] {
        &self.loops[self.face_start[i] as usize..self.face_start[i + 1] as usize]
    }

    /// The first half-edge of face `i`; the face's half-edges are this one and the following
    /// ones up to the next face's first.
    #[inline]
    pub fn face_first_half_edge(&self, i: usize) -> u32 {
        self.face_start[i]
    }

    /// The half-edges (see [`HalfEdge`]).
    #[inline]
    pub fn half_edges(&self) -> &[HalfEdge] {
        &self.half_edges
    }

    /// A half-edge leaving vertex `k`. The others follow round the vertex as
    /// `half_edges[half_edges[h].twin].next`.
    #[inline]
    pub fn vertex_half_edge(&self, k: usize) -> u32 {
        self.vertex_half_edges[k]
    }

    /// The number of edges (each counted once).
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Edge `i` as (tail, head) vertex indices.
    #[inline]
    pub fn edge(&self, i: usize) -> (u32, u32) {
        let e = &self.edges[i];
        (e.tail, e.head)
    }

    /// Edge `i` with its two faces (see [`HullEdge`]).
    #[inline]
    pub fn hull_edge(&self, i: usize) -> HullEdge {
        self.edges[i]
    }

    /// The edges (see [`HullEdge`]).
    #[inline]
    pub fn edges(&self) -> &[HullEdge] {
        &self.edges
    }

    /// Edge `i`'s direction, `head − tail` (not normalised).
    #[inline]
    pub fn edge_direction(&self, i: usize) -> Vector {
        self.edge_directions[i]
    }

    /// Edge `i`'s direction of unit length.
    #[inline]
    pub(crate) fn edge_unit(&self, i: usize) -> Vector {
        self.edge_units[i]
    }

    /// The vertices joined to vertex `k` by an edge.
    #[inline]
    pub fn neighbors(&self, k: usize) -> &[u32] {
        &self.neighbors[self.neighbor_start[k] as usize..self.neighbor_start[k + 1] as usize]
    }

    /// The edges leaving vertex `k`, towards its [`neighbors`](Self::neighbors) in the same order.
    #[inline]
    pub(crate) fn steps(&self, k: usize) -> &[Step] {
        &self.steps[self.neighbor_start[k] as usize..self.neighbor_start[k + 1] as usize]
    }

    /// Vertex `k`'s [`steps`](Self::steps) four at a time (see [`StepLanes`]).
    #[inline]
    pub(crate) fn step_lanes(&self, k: usize) -> &[StepLanes] {
        &self.step_lanes[self.lane_start[k] as usize..self.lane_start[k + 1] as usize]
    }

    /// May the edge-pair search walk this hull's Gauss map over its vertices
    /// (`pair::gauss_map::walk`)? Yes when the hull is strictly convex in its vertices as given
    /// (every edge a true fold, see `is_strictly_convex`: its vertex graph is a convex
    /// polyhedron's, so walks on it end where they should) and every edge lies in the plane of
    /// its arc on the Gauss map of the stored face normals (see [`ARC_TOLERANCE`]: the map the
    /// walk reads off the vertices is then the one the Gauss-map test reads off the normals),
    /// every vertex has at least three neighbours (a region of its own on the map), and no
    /// edge is so short that its direction comes from its faces' normals (ends a few ulps of
    /// their coordinates apart, where the vertex graph can fold). Otherwise every edge pair
    /// is tested.
    #[inline]
    pub(crate) fn is_walkable(&self) -> bool {
        self.walkable
    }

    /// Is the hull strictly convex with every edge's unit direction taken from its own ends
    /// (no edge so short that its direction comes from its faces' normals) and no knife-like
    /// edge (faces meeting at under 60°)? Then an edge pair's axis is perpendicular to both
    /// edges and turned out of the hull reliably, and where the Gauss map says the edges are
    /// the extreme features along it, the gap between them is the gap between the shapes.
    #[inline]
    pub(crate) fn has_exact_edges(&self) -> bool {
        self.exact_edges
    }

    /// Is edge `i` a knife edge: its faces' normals nearly opposite (their dot product below
    /// [`KNIFE_ARC`]), its arc on the Gauss map nearly a half circle? Decided in the hull's own
    /// frame, so the same edges are knives whatever the pose.
    #[inline]
    pub(crate) fn is_knife_edge(&self, i: usize) -> bool {
        let [f0, f1] = self.edges[i].faces;
        self.normals[f0 as usize].dot(self.normals[f1 as usize]) < KNIFE_ARC
    }

    /// Has the hull any knife edge ([`ConvexHull::is_knife_edge`])? (Read once per query, so
    /// that hulls without one pay nothing per edge.)
    #[inline]
    pub(crate) fn has_knife_edges(&self) -> bool {
        self.knife_edges
    }

    /// One over the cosine of half the angle between edge `i`'s faces' normals (rounded up;
    /// `Real::MAX` for an edge between nearly opposite faces). A unit direction on the edge's
    /// arc of the Gauss map is `α₀ n₀ + α₁ n₁` with `α₀, α₁ ≥ 0` and `1 ≤ α₀ + α₁` at most
    /// this (largest halfway), so its dot product with any vector `w` is at most the larger of
    /// `n₀ · w` and `n₁ · w`, times this when that is positive: a bound on a whole arc from its
    /// two ends.
    #[inline]
    pub(crate) fn arc_secant(&self, i: usize) -> Real {
        self.arc_records[i].secant
    }

    /// The largest [`arc_secant`](ConvexHull::arc_secant) of each face's edges, four faces to a
    /// group as [`face_lanes`](ConvexHull::face_lanes) holds them (padding lanes repeat the last
    /// face's): a face's height over the bound of every arc that starts or ends at it.
    #[inline]
    pub(crate) fn face_secants(&self) -> &[Vector4] {
        &self.face_secants
    }

    /// How far edge `i`'s unit direction may be turned by the rounding of its two ends, in units
    /// of `Real::EPSILON` (radians ÷ ε): twice its ends' largest coordinate over its length.
    /// About 2 for an edge as long as the hull is far from its origin; thousands for an edge a
    /// few hundred ulps long.
    #[inline]
    pub(crate) fn edge_rounding(&self, i: usize) -> Real {
        self.edge_rounding[i]
    }

    /// The radius of the largest ball about the centroid inside the hull (the distance to the
    /// nearest face plane, rounded down).
    #[inline]
    pub(crate) fn inner_radius(&self) -> Real {
        self.inner_radius
    }

    /// How far a vertex of a face may lie off the face's stored plane (rounding, and faces
    /// merged within [`COPLANAR_TOLERANCE`]), rounded up.
    #[inline]
    pub(crate) fn plane_slack(&self) -> Real {
        self.plane_slack
    }

    /// Is edge `i` the one whose walk on the other shape's Gauss map ends under a face that
    /// starts no walk: the first edge with that face as its second (`faces[1]`), where the
    /// first faces (`faces[0]`) of all edges miss it? Every face is met once so: as an edge's
    /// first face, or at the end of the edge marked here.
    #[inline]
    pub(crate) fn closes_face(&self, i: usize) -> bool {
        self.arc_records[i].closes
    }

    /// Every edge's [`ArcRecord`], edge by edge.
    #[inline]
    pub(crate) fn arc_records(&self) -> &[ArcRecord] {
        &self.arc_records
    }

    /// The mean of the vertices: a point strictly inside the hull.
    #[inline]
    pub fn centroid(&self) -> Vector {
        self.centroid
    }

    /// The largest distance from the [`centroid`](Self::centroid) to a vertex: the hull lies in
    /// the ball of this radius about the centroid.
    #[inline]
    pub fn bounding_radius(&self) -> Real {
        self.radius
    }

    /// The index of a vertex with the largest projection on `direction` (any length, local
    /// frame): a scan over the vertices for small hulls, a climb along the edges for large
    /// ones (on a convex polyhedron a vertex no neighbour of which lies further is a highest
    /// one, so the climb never stops early).
    ///
    /// A hull whose vertices, as given, are not in strictly convex position at every edge (one
    /// built from points with detail below [`COPLANAR_TOLERANCE`], whose faces are planar only
    /// within it) could stop a climb at a vertex that is highest only among its neighbours;
    /// such a hull is always scanned ([`ConvexHull::is_climbable`]).
    #[inline]
    pub fn support(&self, direction: Vector) -> u32 {
        if self.vertices.len() <= SCAN_LIMIT || !self.climbable {
            self.support_scan(direction)
        } else {
            self.support_from(direction, 0)
        }
    }

    /// [`support`](Self::support) by scanning every vertex; the first of equally high ones.
    #[inline]
    pub(crate) fn support_scan(&self, direction: Vector) -> u32 {
        scan(&self.vertices, direction)
    }

    /// [`support_scan`](Self::support_scan) four vertices at a time: the same vertex, in fewer
    /// instructions on small hulls, but a call (kept out of line) where the scan is inlined.
    #[inline]
    pub(crate) fn support_lanes(&self, direction: Vector) -> u32 {
        scan_lanes(&self.vertex_lanes, direction)
    }

    /// [`support`](Self::support) by climbing from vertex `start`: move to the first
    /// neighbour that lies strictly further along `direction` until none does. Hulls of at most
    /// [`SCAN_LANES_LIMIT`] vertices are scanned four at a time instead (the first highest).
    #[inline]
    pub(crate) fn support_from(&self, direction: Vector, start: u32) -> u32 {
        // The climb's steps are branches on the data, each a guess for the processor; the
        // scan's lanes are not.
        if self.vertices.len() <= SCAN_LANES_LIMIT {
            self.support_lanes(direction)
        } else if self.climbable {
            climb(&self.vertices, &self.reach_start, &self.reach, direction, start)
        } else {
            scan(&self.vertices, direction)
        }
    }

    /// Do support queries climb the vertex graph (large hulls whose vertices are in strictly
    /// convex position at every edge), rather than scan every vertex?
    #[inline]
    pub fn is_climbable(&self) -> bool {
        self.climbable && self.vertices.len() > SCAN_LIMIT
    }
}

/// The faces in depth-first order over their adjacency (from face 0, each face's neighbours in
/// loop order), so that most faces follow one of their neighbours. The edge-pair search walks
/// the other shape's Gauss map face by face and starts each face where a walk from its
/// predecessor ended, which is then its exact start.
fn depth_first_faces(faces: &[Vec<u32>]) -> Vec<usize> {
    // Each directed edge's face: the neighbour across edge (u, v) of a face owns (v, u).
    let mut owner: Vec<(u32, u32, usize)> = faces
        .iter()
        .enumerate()
        .flat_map(|(f, face)| (0..face.len()).map(move |k| (face[k], face[(k + 1) % face.len()], f)))
        .collect();
    owner.sort_unstable();
    let across =
        |u: u32, v: u32| owner.binary_search_by(|&(a, b, _)| (a, b).cmp(&(v, u))).map(|at| owner[at].2).ok();
    let mut order = Vec::with_capacity(faces.len());
    let mut seen = alloc::vec![false; faces.len()];
    let mut stack = alloc::vec![0usize];
    while let Some(f) = stack.pop() {
        if core::mem::replace(&mut seen[f], true) {
            continue;
        }
        order.push(f);
        let face = &faces[f];
        // Pushed in reverse, so the first neighbour round the loop is visited next.
        for k in (0..face.len()).rev() {
            if let Some(g) = across(face[k], face[(k + 1) % face.len()]) {
                if !seen[g] {
                    stack.push(g);
                }
            }
        }
    }
    // A closed surface is connected; should a face be unreachable all the same, keep it.
    order.extend((0..faces.len()).filter(|&f| !seen[f]));
    order
}

/// Faces with more corners than this join only their neighbouring corners in the climb graph.
const CLIQUE_LIMIT: usize = 16;

/// The graph a support climb walks: each vertex joined to every other corner of each of its
/// faces (for faces of up to [`CLIQUE_LIMIT`] corners; larger ones join neighbouring corners
/// only), and whether a climb on it can be trusted as far as face planarity goes.
///
/// Why more than the edges: a face merged within the tolerance is planar only within it, and
/// along a direction close to its normal that unevenness can make a corner higher than both
/// its neighbours round the face while another corner is higher still. Joined to every corner
/// of the face, a climb sees that one. A face too large to join up so must be planar in the
/// vertices as given (its corners' heights along its normal agreeing to rounding), or the
/// hull is scanned instead.
fn climb_graph(vertices: &[Vector], faces: &[Vec<u32>], normals: &[Vector]) -> (Vec<u32>, Vec<u32>, bool) {
    let mut lists: Vec<Vec<u32>> = alloc::vec![Vec::new(); vertices.len()];
    let mut flat_enough = true;
    let size = vertices.iter().map(|v| v.to_f64().abs().max_element()).fold(0.0, f64::max);
    for (face, &n) in faces.iter().zip(normals) {
        let m = face.len();
        if m <= CLIQUE_LIMIT {
            for &u in face {
                lists[u as usize].extend(face.iter().copied().filter(|&w| w != u));
            }
        } else {
            for k in 0..m {
                let (u, w) = (face[k], face[(k + 1) % m]);
                lists[u as usize].push(w);
                lists[w as usize].push(u);
            }
            let n = n.to_f64();
            let heights = face.iter().map(|&k| n.dot(vertices[k as usize].to_f64()));
            let (lo, hi) =
                heights.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), h| (lo.min(h), hi.max(h)));
            flat_enough &= hi - lo <= 8.0 * Real::EPSILON as f64 * size;
        }
    }
    let mut start = Vec::with_capacity(vertices.len() + 1);
    let mut all = Vec::new();
    for mut list in lists {
        list.sort_unstable();
        list.dedup();
        start.push(all.len() as u32);
        all.extend(list);
    }
    start.push(all.len() as u32);
    (start, all, flat_enough)
}

/// Is the hull strictly convex in the vertices as given: every face turning left at every
/// corner about its normal, and every corner of each face's neighbour (off their shared edge)
/// strictly below all of that face's own corners? Then the vertex graph is that of a convex
/// polyhedron, and a climb to a vertex no neighbour of which lies higher has found a highest
/// vertex.
fn is_strictly_convex(
    vertices: &[Vector],
    faces: &[Vec<u32>],
    normals: &[Vector],
    half_edges: &[HalfEdge],
    face_start: &[u32],
) -> bool {
    faces.iter().enumerate().all(|(f, face)| {
        let n = normals[f].to_f64();
        let at = |k: usize| vertices[face[k % face.len()] as usize].to_f64();
        // The face itself turns left at every corner (a linear function then rises along
        // its boundary from its lowest corner to its highest, both ways round)...
        let convex = (0..face.len()).all(|k| (at(k + 1) - at(k)).cross(at(k + 2) - at(k + 1)).dot(n) > 0.0);
        // ...and its neighbours fall away from it.
        let height = |k: u32| n.dot(vertices[k as usize].to_f64());
        let lowest_own = face.iter().map(|&k| height(k)).fold(f64::INFINITY, f64::min);
        convex
            && (face_start[f]..face_start[f + 1]).all(|h| {
                let g = half_edges[half_edges[h as usize].twin as usize].face as usize;
                faces[g].iter().all(|&k| face.contains(&k) || height(k) < lowest_own)
            })
    })
}

/// Does every edge lie in the plane of its arc on the Gauss map, to within [`ARC_TOLERANCE`]:
/// `|n · (head − tail)| ≤ ARC_TOLERANCE · |head − tail|`, plus two units in the last place of
/// the ends' coordinates, for the normal `n` of each of its two faces? Measured against both normals rather than against `n0 × n1`, which is noise for an
/// edge between nearly parallel faces: the border the walk crosses (normal to the edge) then
/// passes within the tolerance of both ends of the arc, however short the arc.
fn arcs_agree(vertices: &[Vector], edges: &[HullEdge], normals: &[Vector]) -> bool {
    edges.iter().all(|e| {
        let (head, tail) = (vertices[e.head as usize].to_f64(), vertices[e.tail as usize].to_f64());
        let along = head - tail;
        // Plus two units in the last place of the ends' coordinates: a tilt that small is the
        // rounding every walk lives with (random hulls of 64 points have edges short enough
        // for it to matter), not a warped merged face (finding 20's rose 8 units).
        let rounding = 2.0 * Real::EPSILON as f64 * head.abs().max(tail.abs()).max_element();
        let slack = ARC_TOLERANCE * along.length() + rounding;
        e.faces.iter().all(|&f| normals[f as usize].to_f64().dot(along).abs() <= slack)
    })
}

/// The first of the highest vertices along `direction`, by a scan.
#[inline]
fn scan(vertices: &[Vector], direction: Vector) -> u32 {
    let mut best = 0;
    let mut best_dot = Real::NEG_INFINITY;
    for (k, v) in vertices.iter().enumerate() {
        let dot = v.dot(direction);
        if dot > best_dot {
            best_dot = dot;
            best = k;
        }
    }
    best as u32
}

/// [`scan`] four vertices at a time: the same dot products (each lane sums as `Vector::dot`
/// sums), so the same vertex. The highest value first, lane by lane (a NaN never wins a `max`
/// taken this way round, as it never rises in `scan`), then the first vertex at that height.
/// Up to 64 vertices (every hull whose support queries scan, [`SCAN_LANES_LIMIT`]) the products
/// are kept for that second look ([`first_highest`]); past it they are computed again.
/// (Kept out of line: callers that climb large hulls are laid out worse with it inlined.)
#[inline(never)]
fn scan_lanes(lanes: &[VertexLanes], direction: Vector) -> u32 {
    if lanes.len() <= 4 {
        return first_highest::<4>(lanes, direction);
    }
    if lanes.len() <= 8 {
        return first_highest::<8>(lanes, direction);
    }
    if lanes.len() <= 16 {
        return first_highest::<16>(lanes, direction);
    }
    let (dx, dy, dz) =
        (Vector4::splat(direction.x), Vector4::splat(direction.y), Vector4::splat(direction.z));
    let dots = |l: &VertexLanes| l.x * dx + l.y * dy + l.z * dz;
    let top =
        lanes.iter().fold(Vector4::splat(Real::NEG_INFINITY), |best, l| dots(l).max(best)).max_element();
    if top == Real::NEG_INFINITY {
        return 0; // none above −∞ (NaN, or infinite coordinates): `scan` keeps vertex 0
    }
    for (group, l) in lanes.iter().enumerate() {
        let at = dots(l).cmpeq(Vector4::splat(top)).bitmask();
        if at != 0 {
            return 4 * group as u32 + at.trailing_zeros();
        }
    }
    0 // (not reached: some lane holds `top`)
}

/// [`ConvexHull::skeleton`]: up to sixteen vertices, each the first highest along one of
/// sixteen directions on a Fibonacci spiral over the sphere, or every vertex (repeated round)
/// for a hull of at most sixteen.
fn skeleton_of(vertices: &[Vector]) -> [VertexLanes; SKELETON_LANES] {
    const N: usize = 4 * SKELETON_LANES;
    let picked: Vec<Vector> = if vertices.len() <= N {
        (0..N).map(|k| vertices[k % vertices.len()]).collect()
    } else {
        let golden = core::f64::consts::PI * (3.0 - libm::sqrt(5.0));
        (0..N)
            .map(|k| {
                let z = 1.0 - (2 * k + 1) as f64 / N as f64;
                let r = libm::sqrt(1.0 - z * z);
                let angle = golden * k as f64;
                let d = DVec3::new(r * libm::cos(angle), r * libm::sin(angle), z);
                let top = (0..vertices.len())
                    .fold((0, f64::NEG_INFINITY), |(at, best), i| {
                        let h = d.dot(vertices[i].to_f64());
                        if h > best {
                            (i, h)
                        } else {
                            (at, best)
                        }
                    })
                    .0;
                vertices[top]
            })
            .collect()
    };
    let lanes = vertex_lanes_of(&picked);
    core::array::from_fn(|g| lanes[g])
}

/// [`scan_lanes`] for at most `GROUPS` (4, 8 or 16) lanes of four vertices, with each lane's
/// products kept for the second look rather than computed again, and every lane's match in one
/// mask: the first vertex at the top without a branch on which lane holds it.
#[inline(always)]
fn first_highest<const GROUPS: usize>(lanes: &[VertexLanes], direction: Vector) -> u32 {
    debug_assert!(GROUPS.is_power_of_two() && GROUPS <= 16 && lanes.len() <= GROUPS);
    let (dx, dy, dz) =
        (Vector4::splat(direction.x), Vector4::splat(direction.y), Vector4::splat(direction.z));
    let mut dots = [Vector4::ZERO; GROUPS];
    let mut top = Vector4::splat(Real::NEG_INFINITY);
    for (g, l) in lanes.iter().enumerate() {
        let h = l.x * dx + l.y * dy + l.z * dz;
        // (The mask changes no index, and spares the bounds check.)
        dots[g & (GROUPS - 1)] = h;
        top = h.max(top);
    }
    let top = top.max_element();
    let splat = Vector4::splat(top);
    // (In 32 bits where they fit: fewer instructions than 64.)
    let at = if GROUPS <= 8 {
        let mut at = 0u32;
        for (g, h) in dots.iter().enumerate().take(lanes.len()) {
            at |= h.cmpeq(splat).bitmask() << (4 * g);
        }
        at as u64
    } else {
        let mut at = 0u64;
        for (g, h) in dots.iter().enumerate().take(lanes.len()) {
            at |= (h.cmpeq(splat).bitmask() as u64) << (4 * g);
        }
        at
    };
    // None above −∞ (NaN, or infinite coordinates), or none holding it (a NaN past the `max`):
    // vertex 0, as `scan` keeps it.
    if at == 0 || top == Real::NEG_INFINITY {
        0
    } else {
        at.trailing_zeros()
    }
}

/// The vertices in groups of four (see [`VertexLanes`]).
fn vertex_lanes_of(vertices: &[Vector]) -> Vec<VertexLanes> {
    let last = vertices.len() - 1;
    (0..vertices.len().div_ceil(4))
        .map(|group| {
            let v = |k: usize| vertices[(4 * group + k).min(last)];
            VertexLanes {
                x: Vector4::new(v(0).x, v(1).x, v(2).x, v(3).x),
                y: Vector4::new(v(0).y, v(1).y, v(2).y, v(3).y),
                z: Vector4::new(v(0).z, v(1).z, v(2).z, v(3).z),
            }
        })
        .collect()
}

/// A highest vertex along `direction`, by climbing the adjacency from `start`. Each move goes
/// strictly higher, so the climb ends; on a convex polyhedron it ends at a highest vertex.
fn climb(
    vertices: &[Vector],
    neighbor_start: &[u32],
    neighbors: &[u32],
    direction: Vector,
    start: u32,
) -> u32 {
    let mut at = start as usize;
    let mut best_dot = vertices[at].dot(direction);
    loop {
        let mut moved = false;
        for &n in &neighbors[neighbor_start[at] as usize..neighbor_start[at + 1] as usize] {
            let dot = vertices[n as usize].dot(direction);
            if dot > best_dot {
                best_dot = dot;
                at = n as usize;
                moved = true;
            }
        }
        if !moved {
            return at as u32;
        }
    }
}

/// A power of two `s` with `x · s` in `[1, 2)` (`x` positive, finite): scaling by it is exact.
fn power_of_two_scale(x: f64) -> f64 {
    let exponent = ((x.to_bits() >> 52) & 0x7ff) as i64 - 1023;
    let exponent = exponent.clamp(-1022, 1023);
    f64::from_bits(((1023 - exponent) as u64) << 52)
}

/// The origin of half-edge `h`: the loops hold the origins in half-edge order.
#[inline]
fn half_edges_origin(loops: &[u32], h: u32) -> u32 {
    loops[h as usize]
}

/// The face planes in groups of four (see [`FaceLanes`]).
fn face_lanes_of(normals: &[Vector], offsets: &[Real]) -> Vec<FaceLanes> {
    let last = normals.len() - 1;
    (0..normals.len().div_ceil(4))
        .map(|group| {
            let at = |k: usize| (4 * group + k).min(last);
            let n = |k: usize| normals[at(k)];
            let d = |k: usize| offsets[at(k)];
            FaceLanes {
                nx: Vector4::new(n(0).x, n(1).x, n(2).x, n(3).x),
                ny: Vector4::new(n(0).y, n(1).y, n(2).y, n(3).y),
                nz: Vector4::new(n(0).z, n(1).z, n(2).z, n(3).z),
                d: Vector4::new(d(0), d(1), d(2), d(3)),
            }
        })
        .collect()
}

/// Each face's largest edge secant, in groups of four as `lanes` (padding lanes repeat the
/// last face's).
fn face_secants_of(
    lanes: &[FaceLanes],
    half_edges: &[HalfEdge],
    face_start: &[u32],
    secants: &[Real],
) -> Vec<Vector4> {
    let faces = face_start.len() - 1;
    let largest = |f: usize| {
        let f = f.min(faces - 1);
        (face_start[f]..face_start[f + 1])
            .fold(1.0 as Real, |s, h| s.max(secants[half_edges[h as usize].edge as usize]))
    };
    (0..lanes.len())
        .map(|g| Vector4::new(largest(4 * g), largest(4 * g + 1), largest(4 * g + 2), largest(4 * g + 3)))
        .collect()
}

/// The edges' arcs in groups of four (see [`ArcLanes`]), or none for a hull of more than
/// [`ARC_LANES_MAX`] edges.
fn arc_lanes_of(edges: &[HullEdge], normals: &[Vector], units: &[Vector]) -> Vec<ArcLanes> {
    if edges.len() > ARC_LANES_MAX {
        return Vec::new();
    }
    (0..edges.len().div_ceil(4))
        .map(|group| {
            // Lane k's edge as its two faces' normals and its direction, zeros past the last edge.
            let arc = |k: usize| {
                let i = 4 * group + k;
                edges.get(i).map_or([Vector::ZERO; 3], |e| {
                    [normals[e.faces[0] as usize], normals[e.faces[1] as usize], units[i]]
                })
            };
            let arcs = [arc(0), arc(1), arc(2), arc(3)];
            // Component `axis` of part `part` (0: m0, 1: m1, 2: f) of the four arcs.
            let lanes = |part: usize, axis: usize| {
                Vector4::new(
                    arcs[0][part][axis],
                    arcs[1][part][axis],
                    arcs[2][part][axis],
                    arcs[3][part][axis],
                )
            };
            ArcLanes {
                m0x: lanes(0, 0),
                m0y: lanes(0, 1),
                m0z: lanes(0, 2),
                m1x: lanes(1, 0),
                m1y: lanes(1, 1),
                m1z: lanes(1, 2),
                fx: lanes(2, 0),
                fy: lanes(2, 1),
                fz: lanes(2, 2),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skeleton_is_made_of_the_hulls_vertices() {
        // Sixteen lanes, each a vertex of the hull; every vertex of a hull of at most sixteen,
        // and for a larger hull the highest vertex along each of sixteen directions, which on
        // points spread over a sphere are many different ones.
        let mut rng = crate::test_rng::Lcg(0x5ce1_e704_0000_0001);
        for case in 0..200 {
            let n = 4 + case % 60;
            let points: Vec<Vector> = (0..n)
                .map(|_| {
                    Vector::new(rng.signed() as Real, rng.signed() as Real, rng.signed() as Real).normalize()
                })
                .collect();
            let Ok(hull) = ConvexHull::new(&points) else { continue };
            let picked: Vec<Vector> = hull
                .skeleton()
                .iter()
                .flat_map(|l| (0..4).map(move |k| Vector::new(l.x[k], l.y[k], l.z[k])))
                .collect();
            assert!(picked.iter().all(|p| hull.vertices().contains(p)), "case {case}");
            let distinct = hull.vertices().iter().filter(|v| picked.contains(v)).count();
            if hull.vertices().len() <= 4 * SKELETON_LANES {
                assert_eq!(distinct, hull.vertices().len(), "case {case}");
            } else {
                assert!(distinct >= 10, "case {case}: {distinct} distinct of {}", hull.vertices().len());
            }
        }
    }

    #[test]
    fn scan_lanes_finds_the_scans_vertex() {
        // Four vertices at a time, the first highest vertex as the scan finds it: on ties (lattice
        // points, directions along the axes and diagonals, the zero direction), NaN and infinite
        // directions, and hulls of every size up to a few groups (the last group padded).
        let mut rng = crate::test_rng::Lcg(0x2545_f491_4f6c_dd1d);
        let mut unit = || rng.signed();
        let (inf, nan) = (Real::INFINITY, Real::NAN);
        let mut directions = alloc::vec![
            Vector::X,
            Vector::NEG_Y,
            Vector::new(1.0, 1.0, 0.0),
            Vector::new(-1.0, 1.0, 1.0),
            Vector::ZERO,
            Vector::new(nan, 1.0, 0.0),
            Vector::splat(nan),
            Vector::new(inf, 0.0, 0.0),
            Vector::new(inf, -inf, 1.0),
        ];
        for _ in 0..40 {
            directions.push(Vector::new(unit() as Real, unit() as Real, unit() as Real));
        }
        for case in 0..300 {
            let n = 4 + case % 24;
            let points: Vec<Vector> = (0..n)
                .map(|_| {
                    let p = Vector::new(unit() as Real, unit() as Real, unit() as Real);
                    if case % 2 == 0 {
                        (p * 2.0).round()
                    } else {
                        p
                    }
                })
                .collect();
            let Ok(hull) = ConvexHull::new(&points) else { continue };
            for &d in &directions {
                assert_eq!(hull.support_lanes(d), hull.support_scan(d), "case {case} direction {d}");
            }
        }
        // Larger hulls (points on a sphere, half of them on a grid): 9 to 16 groups, whose
        // products are kept in a longer table, and more, which are computed twice.
        let mut groups = [0; 3];
        for case in 0..160 {
            let n = 30 + case % 60;
            let points: Vec<Vector> = (0..n)
                .map(|_| {
                    let p = Vector::new(unit() as Real, unit() as Real, unit() as Real).normalize() * 6.0;
                    if case % 2 == 0 {
                        p.round()
                    } else {
                        p
                    }
                })
                .collect();
            let Ok(hull) = ConvexHull::new(&points) else { continue };
            let lanes = hull.vertex_lanes().len();
            groups[(lanes > 8) as usize + (lanes > 16) as usize] += 1;
            for &d in &directions {
                assert_eq!(hull.support_lanes(d), hull.support_scan(d), "case {case} direction {d}");
            }
        }
        assert!(groups.iter().all(|&g| g > 10), "hulls by groups (up to 8, 16, more): {groups:?}");
    }
}
