//! Convex polygons: validated at construction, with everything SAT needs precomputed.

use alloc::boxed::Box;
use alloc::vec::Vec;
use glam::DVec2;

use crate::{check_point, within_limit, Interval, Polygonal, Pose, Real, ShapeError, ToF64, ToReal, Vector};

use super::{
    axis_lanes_of, climb, distinct_axes, face_lanes_of, half_face_lanes_of, half_lanes_of, lanes_of, sector,
    sector_faces, Compact, Lanes, NormalLanes, Parallelogram, Rings, SatAxis, Symmetric, RING_PAD, SECTORS,
};

/// How far a vertex may sit from the line through its two neighbours and still be dropped as
/// collinear, as a fraction of the distance between those neighbours: about two f32 ulps, so
/// points meant to lie on a line but rounded off it are merged, while genuine corners of slivers
/// with aspect ratios up to about a million are kept. A polygon whose vertices are all collinear
/// to within this tolerance has (near-)zero area and is rejected.
///
/// In the `f64` build it is `1e-12` instead: rounding to f64 moves points by about 1e-16, and
/// the test itself (done in f64) errs by about as much, so 1e-12 still merges every point
/// rounded off a line while keeping corners that only f64 can represent.
#[cfg(not(feature = "f64"))]
pub const COLLINEAR_TOLERANCE: f64 = 2.5e-7;
/// How far a vertex may sit from the line through its two neighbours and still be dropped as
/// collinear, as a fraction of the distance between those neighbours (see the f32 build's
/// documentation); `2.5e-7` in the f32 build.
#[cfg(feature = "f64")]
pub const COLLINEAR_TOLERANCE: f64 = 1e-12;

/// A convex polygon in its local frame.
///
/// Vertices are stored **counter-clockwise** (in a y-up frame; that is clockwise on a y-down
/// screen) whatever the winding of the input, so edge `i`, from vertex `i` to vertex `i + 1`,
/// has the outward normal `(e.y, -e.x) / |e|`. Mixed or reversed winding would make normals point
/// inward and every query wrong, which is why it is normalised here, once.
///
/// Construction precomputes the unit outward normals and the plane offsets
/// `dᵢ = nᵢ · vᵢ`: the polygon's own projection on its normal `nᵢ` ends exactly at `dᵢ`, so a
/// query needs to project only the *other* shape on it.
///
/// ```
/// use septa::{ConvexPolygon, Vector};
/// // clockwise input is accepted and stored counter-clockwise
/// let square = ConvexPolygon::new(&[
///     Vector::new(0.0, 0.0), Vector::new(0.0, 1.0), Vector::new(1.0, 1.0), Vector::new(1.0, 0.0),
/// ]).unwrap();
/// assert_eq!(square.len(), 4);
/// assert_eq!(square.vertices()[1], Vector::new(1.0, 0.0)); // the first vertex stays first
/// assert_eq!(square.normals()[0], Vector::new(0.0, -1.0)); // bottom edge faces down
/// assert_eq!(square.plane_offsets()[1], 1.0);             // right edge: x = 1
/// ```
// The fields are laid out by hand (`repr(C)`, a polygon starting on a cache line) for queries
// on polygons that are not in the cache (a frame's thousands of bodies, each read once), which
// wait on every line they touch. Left to the compiler, what a polygon–polygon query reads
// before it reaches the lists fell on six lines of a 464-byte polygon; now on two of 384 (f32):
//
//   line 0      reach, radius, inner circles, centroid; where the vertices, normals, offsets are
//   line 1      the face per sector of directions; the special path's tag (and where a compact
//               polygon's block is)
//   lines 1–3   a parallelogram's or a symmetric polygon's data, inline
//   lines 3–5   where the other lists are (lanes, axes: small polygons and the boolean test)
#[derive(Clone, Debug, PartialEq)]
#[repr(C, align(64))]
pub struct ConvexPolygon {
    reach: Real,
    radius: Real,
    inner_reach: Real,
    inner_circle: (Vector, Real),
    centroid: Vector,
    /// The vertices, then the normals: one allocation, two rings of `offsets.len() − RING_PAD`
    /// each (see [`RING_PAD`]).
    corners_and_normals: Box<[Vector]>,
    /// The plane offsets, a ring likewise.
    offsets: Box<[Real]>,
    sector_faces: [u16; SECTORS],
    fast_path: FastPath,
    axes: Vec<SatAxis>,
    lanes: Vec<Lanes>,
    half_lanes: Vec<Lanes>,
    face_lanes: Vec<NormalLanes>,
    half_face_lanes: Vec<NormalLanes>,
    axis_lanes: Vec<NormalLanes>,
}

/// The one special path of the polygon–polygon queries a polygon can take, with the data it
/// reads held inline: a parallelogram's (boxes), or failing that a small symmetric polygon's
/// (hexagons, octagons). One or the other, never both, keeps the polygon small. Any other
/// polygon of at most [`COMPACT_MAX`](crate::COMPACT_MAX) vertices keeps its [`Compact`] block
/// in one allocation of its own: held inline, it would make every polygon larger by a cache
/// line, and the block is still one place to read instead of a dozen lists.
#[derive(Clone, Debug, PartialEq)]
enum FastPath {
    General,
    Parallelogram(Parallelogram),
    Symmetric(Symmetric),
    Compact(Box<Compact>),
}

impl ConvexPolygon {
    /// A polygon from its corners in convex order, either winding, in its local frame (or in
    /// world coordinates, placed with [`Pose::IDENTITY`]).
    ///
    /// Exact duplicates of consecutive points are dropped, and so are points that lie on the line
    /// through their neighbours within [`COLLINEAR_TOLERANCE`].
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::OutOfRange`] (a coordinate beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT)), [`ShapeError::TooFewVertices`] (fewer
    /// than 3 distinct points),
    /// [`ShapeError::ZeroArea`] (all points collinear), [`ShapeError::NotConvex`] (a reflex turn,
    /// a doubling back, or a boundary that winds more than once).
    pub fn new(points: &[Vector]) -> Result<ConvexPolygon, ShapeError> {
        check_points(points)?;
        let mut tagged: Vec<(DVec2, usize)> = Vec::with_capacity(points.len());
        for (index, p) in points.iter().enumerate() {
            let p = p.to_f64();
            if tagged.last().map(|last| last.0) != Some(p) {
                tagged.push((p, index));
            }
        }
        while tagged.len() > 1 && tagged[0].0 == tagged[tagged.len() - 1].0 {
            tagged.pop();
        }
        if tagged.len() < 3 {
            return Err(ShapeError::TooFewVertices { distinct: tagged.len() });
        }
        if signed_area(tagged.iter().map(|t| t.0)) < 0.0 {
            tagged[1..].reverse(); // same loop the other way round, same first vertex
        }
        let cleaned = drop_collinear(tagged)?;
        check_convex(&cleaned)?;
        Ok(ConvexPolygon::from_ccw(cleaned.iter().map(|t| t.0), DVec2::ZERO))
    }

    /// The convex hull of any points, in any order; interior and repeated points are allowed.
    ///
    /// ```
    /// use septa::{ConvexPolygon, Vector};
    /// let hull = ConvexPolygon::hull(&[
    ///     Vector::new(1.0, 1.0), Vector::new(0.0, 0.0), Vector::new(2.0, 0.0), // (1,1) is a corner
    ///     Vector::new(1.0, 0.2), Vector::new(1.0, 0.0),                        // interior, on an edge
    ///     Vector::new(0.0, 2.0), Vector::new(2.0, 2.0),
    /// ]).unwrap();
    /// assert_eq!(hull.len(), 4);
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::OutOfRange`], [`ShapeError::TooFewVertices`],
    /// [`ShapeError::ZeroArea`].
    pub fn hull(points: &[Vector]) -> Result<ConvexPolygon, ShapeError> {
        check_points(points)?;
        let mut pts: Vec<(DVec2, usize)> = points.iter().enumerate().map(|(i, p)| (p.to_f64(), i)).collect();
        // Andrew's monotone chain: sort by x then y, build the lower and upper chains keeping
        // only strict left turns.
        pts.sort_by(|p, q| p.0.x.total_cmp(&q.0.x).then(p.0.y.total_cmp(&q.0.y)));
        pts.dedup_by(|p, q| p.0 == q.0);
        if pts.len() < 3 {
            return Err(ShapeError::TooFewVertices { distinct: pts.len() });
        }
        let mut chain: Vec<(DVec2, usize)> = Vec::with_capacity(2 * pts.len());
        for pass in 0..2 {
            let start = chain.len();
            for k in 0..pts.len() {
                let p = if pass == 0 { pts[k] } else { pts[pts.len() - 1 - k] };
                while chain.len() >= start + 2 {
                    let (o, a) = (chain[chain.len() - 2].0, chain[chain.len() - 1].0);
                    if (a - o).perp_dot(p.0 - a) > 0.0 {
                        break;
                    }
                    chain.pop();
                }
                chain.push(p);
            }
            chain.pop(); // the last point of each chain starts the other one
        }
        if chain.len() < 3 {
            return Err(ShapeError::ZeroArea);
        }
        let cleaned = drop_collinear(chain)?;
        Ok(ConvexPolygon::from_ccw(cleaned.iter().map(|t| t.0), DVec2::ZERO))
    }

    /// A polygon from corners given in f64 world coordinates (convex order, either winding),
    /// and the pose that places it: the points are moved to a local frame about their own
    /// centre in f64 and only then rounded to [`Real`], so that a polygon that is convex in f64
    /// stays convex and keeps its shape far from the origin. See [`Self::recentered`] for
    /// polygons already held in [`Real`].
    ///
    /// ```
    /// use glam::DVec2;
    /// use septa::ConvexPolygon;
    /// // a 16-gon of radius 0.3 centred at (1e5, 1e5), as a map or a robot might give it
    /// let world: Vec<DVec2> = (0..16)
    ///     .map(|k| DVec2::new(1e5, 1e5) + 0.3 * DVec2::from_angle(k as f64 * std::f64::consts::TAU / 16.0))
    ///     .collect();
    /// let (polygon, pose) = ConvexPolygon::from_world(&world).unwrap();
    /// assert_eq!(polygon.len(), 16);
    /// let first = pose.apply(polygon.vertices()[0]);
    /// assert!((first.x as f64 - world[0].x).abs() < 0.01 && (first.y as f64 - world[0].y).abs() < 0.01);
    /// ```
    ///
    /// # Errors
    /// As [`Self::new`], with indices into `points`.
    pub fn from_world(points: &[DVec2]) -> Result<(ConvexPolygon, Pose), ShapeError> {
        let (local, center) = crate::real::to_local_frame(points)?;
        Ok((ConvexPolygon::new(&local)?, Pose::from_translation(center)))
    }

    /// The convex hull of any points given in f64 world coordinates, and the pose that places
    /// it; as [`Self::from_world`] for [`Self::hull`].
    ///
    /// # Errors
    /// As [`Self::hull`], with indices into `points`.
    pub fn hull_from_world(points: &[DVec2]) -> Result<(ConvexPolygon, Pose), ShapeError> {
        let (local, center) = crate::real::to_local_frame(points)?;
        Ok((ConvexPolygon::hull(&local)?, Pose::from_translation(center)))
    }

    /// The regular polygon with `sides` corners on a circle of `radius` about the local origin,
    /// the first at angle `rotation` (radians, counter-clockwise from +x).
    ///
    /// ```
    /// use septa::{ConvexPolygon, Real};
    /// let hexagon = ConvexPolygon::regular(6, 2.0, 0.0).unwrap();
    /// assert!((hexagon.vertices()[1].y - Real::sqrt(3.0)).abs() < 1e-6);
    /// ```
    ///
    /// # Errors
    /// [`ShapeError::TooFewSides`], [`ShapeError::InvalidRadius`] (not positive, or beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT)), [`ShapeError::NonFinite`]
    /// (non-finite rotation).
    pub fn regular(sides: usize, radius: Real, rotation: Real) -> Result<ConvexPolygon, ShapeError> {
        if sides < 3 {
            return Err(ShapeError::TooFewSides { sides });
        }
        if !(within_limit(radius) && radius > 0.0) {
            return Err(ShapeError::InvalidRadius { radius });
        }
        if !rotation.is_finite() {
            return Err(ShapeError::NonFinite { index: 0 });
        }
        let step = core::f64::consts::TAU / sides as f64;
        let corner =
            |k: usize| (DVec2::from_angle(rotation as f64 + step * k as f64) * radius as f64).to_real();
        // With an even number of sides the second half is the first half negated, exactly, so
        // opposite faces are exactly parallel and share one axis (see [`SatAxis`]).
        let half = if sides % 2 == 0 { sides / 2 } else { sides };
        let points: Vec<Vector> =
            (0..sides).map(|k| if k < half { corner(k) } else { -corner(k - half) }).collect();
        ConvexPolygon::new(&points)
    }

    /// The axis-aligned rectangle with the given half extents, centred on the local origin.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::OutOfRange`] (a half extent beyond
    /// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT)), or [`ShapeError::ZeroArea`] when a half
    /// extent is not positive.
    pub fn rectangle(half_extents: Vector) -> Result<ConvexPolygon, ShapeError> {
        let Vector { x: hx, y: hy } = half_extents;
        if !half_extents.is_finite() {
            return Err(ShapeError::NonFinite { index: 0 });
        }
        if !(hx > 0.0 && hy > 0.0) {
            return Err(ShapeError::ZeroArea);
        }
        ConvexPolygon::new(&[
            Vector::new(-hx, -hy),
            Vector::new(hx, -hy),
            Vector::new(hx, hy),
            Vector::new(-hx, hy),
        ])
    }

    /// The same polygon with its local origin moved to (the f32 nearest) its centroid, and the
    /// pose that puts it back where it was.
    ///
    /// Use it for polygons given in world coordinates far from the origin: queries then work
    /// with small local coordinates and a relative translation between the two poses, which
    /// keeps results accurate to the size of the shapes rather than of their distance from the
    /// origin. The new origin is itself an f32 value, so the translation is exact. For points
    /// held in f64, [`Self::from_world`] is better still: it recentres before rounding.
    ///
    /// ```
    /// use septa::{ConvexPolygon, Vector};
    /// let far = ConvexPolygon::new(&[
    ///     Vector::new(1e4, 1e4), Vector::new(1e4 + 2.0, 1e4), Vector::new(1e4, 1e4 + 2.0),
    /// ]).unwrap();
    /// let (local, pose) = far.recentered();
    /// assert!(local.centroid().length() < 1e-3);
    /// assert!(pose.apply(local.vertices()[0]).abs_diff_eq(far.vertices()[0], 1e-3));
    /// ```
    pub fn recentered(&self) -> (ConvexPolygon, Pose) {
        let origin = self.centroid;
        let polygon = ConvexPolygon::from_ccw(self.vertices().iter().map(|v| v.to_f64()), origin.to_f64());
        (polygon, Pose::from_translation(origin))
    }

    /// Builds from counter-clockwise, validated points, shifted by `-origin` (exactly in f64).
    fn from_ccw(points: impl Iterator<Item = DVec2>, origin: DVec2) -> ConvexPolygon {
        let pts: Vec<DVec2> = points.map(|p| p - origin).collect();
        let n = pts.len();
        let vertices: Vec<Vector> = pts.iter().map(|p| p.to_real()).collect();
        let mut normals = Vec::with_capacity(n);
        let mut offsets = Vec::with_capacity(n);
        for i in 0..n {
            let e = pts[(i + 1) % n] - pts[i];
            // Consecutive vertices are distinct (validated), so the edge has a direction.
            let normal = crate::robust::unit_f64(DVec2::new(e.y, -e.x)).unwrap_or(DVec2::Y).to_real();
            // The offset of the *rounded* normal through the stored vertex, so that a projection
            // computed from stored data lands on it.
            offsets.push(normal.to_f64().dot(vertices[i].to_f64()) as Real);
            normals.push(normal);
        }
        // Area-weighted centroid, about the first vertex to keep the products small.
        let (mut area2, mut weighted) = (0.0f64, DVec2::ZERO);
        for i in 1..n - 1 {
            let (p, q) = (pts[i] - pts[0], pts[i + 1] - pts[0]);
            let cross = p.perp_dot(q);
            area2 += cross;
            weighted += (p + q) * cross;
        }
        let centroid = (pts[0] + weighted / (3.0 * area2)).to_real();
        let radius = vertices.iter().map(|v| (*v - centroid).length()).fold(0.0, Real::max);
        let reach = vertices.iter().map(|v| v.length()).fold(0.0, Real::max);
        // The smallest plane offset is the distance from the origin to the nearest edge line;
        // when positive the origin is inside, and that circle fits (see `inner_reach`).
        let nearest = offsets.iter().copied().fold(Real::INFINITY, Real::min);
        let inner_reach = if nearest > 0.0 { nearest } else { -reach };
        // The same about the centroid, which is always inside: the distance to the nearest
        // edge line, from the stored (rounded) numbers. The window search works about the
        // origin unless the centroid's circle is larger by more than a percent (see
        // `Polygonal::inner_circle`): about the origin it has no centres to place.
        let about_centroid = (0..n)
            .map(|i| offsets[i] as f64 - normals[i].to_f64().dot(centroid.to_f64()))
            .fold(f64::INFINITY, f64::min) as Real;
        let inner_circle = if about_centroid > 1.01 * inner_reach.max(0.0) {
            (centroid, about_centroid)
        } else {
            (Vector::ZERO, inner_reach)
        };
        let axes = distinct_axes(&vertices, &normals, &offsets);
        let (lanes, half_lanes) = (lanes_of(&vertices), half_lanes_of(&vertices));
        let (face_lanes, axis_lanes) = (face_lanes_of(&normals, &offsets), axis_lanes_of(&axes));
        let half_face_lanes = half_face_lanes_of(&normals, &offsets);
        let sectors = sector_faces(&normals);
        let corners_and_normals = ring(&vertices).chain(ring(&normals)).collect();
        let offsets = ring(&offsets).collect();
        let mut polygon = ConvexPolygon {
            reach,
            radius,
            inner_reach,
            inner_circle,
            centroid,
            corners_and_normals,
            offsets,
            sector_faces: sectors,
            fast_path: FastPath::General,
            axes,
            lanes,
            half_lanes,
            face_lanes,
            half_face_lanes,
            axis_lanes,
        };
        polygon.fast_path = match (Parallelogram::of(&polygon), Symmetric::of(&polygon)) {
            (Some(parallelogram), _) => FastPath::Parallelogram(parallelogram),
            (None, Some(symmetric)) => FastPath::Symmetric(symmetric),
            (None, None) => {
                Compact::of(&polygon).map_or(FastPath::General, |c| FastPath::Compact(Box::new(c)))
            }
        };
        polygon
    }

    /// The number of vertices (and of edges).
    #[inline]
    pub fn len(&self) -> usize {
        self.offsets.len() - RING_PAD
    }

    /// Always false: a polygon has at least three vertices. Present for API symmetry with `len`.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The vertices, counter-clockwise, in the local frame.
    #[inline]
    pub fn vertices(&self) -> &[Vector] {
        &self.corners_and_normals[..self.len()]
    }

    /// The unit outward normal of each edge: `normals()[i]` belongs to the edge from vertex `i`
    /// to vertex `i + 1`.
    #[inline]
    pub fn normals(&self) -> &[Vector] {
        &self.corners_and_normals[self.offsets.len()..][..self.len()]
    }

    /// The plane offset of each edge, `normals()[i] · vertices()[i]`: the largest projection of
    /// the polygon on its own normal `i`.
    #[inline]
    pub fn plane_offsets(&self) -> &[Real] {
        &self.offsets[..self.len()]
    }

    /// The area-weighted centroid, in the local frame.
    #[inline]
    pub fn centroid(&self) -> Vector {
        self.centroid
    }

    /// The largest distance from the centroid to a vertex.
    #[inline]
    pub fn bounding_radius(&self) -> Real {
        self.radius
    }

    /// The index of the vertex farthest along `direction` (the first one on a tie).
    #[inline]
    pub fn support(&self, direction: Vector) -> usize {
        let mut best = 0;
        let mut best_dot = self.vertices()[0].dot(direction);
        for (i, v) in self.vertices().iter().enumerate().skip(1) {
            let d = v.dot(direction);
            if d > best_dot {
                best = i;
                best_dot = d;
            }
        }
        best
    }

    /// The projection of the polygon (in its local frame) on `axis`, with the indices of the
    /// vertices that give its smallest and largest ends.
    #[inline]
    pub fn project(&self, axis: Vector) -> (Interval, usize, usize) {
        Polygonal::project(self, axis)
    }
}

/// A list followed by its first [`RING_PAD`] entries again (round the loop as often as that
/// takes), so that a run of that many may start anywhere and be read without wrapping.
fn ring<T: Copy>(list: &[T]) -> impl Iterator<Item = T> + '_ {
    list.iter().chain(list.iter().cycle().take(RING_PAD)).copied()
}

impl Polygonal for ConvexPolygon {
    #[inline]
    fn vertices(&self) -> &[Vector] {
        ConvexPolygon::vertices(self)
    }
    #[inline]
    fn normals(&self) -> &[Vector] {
        ConvexPolygon::normals(self)
    }
    #[inline]
    fn plane_offsets(&self) -> &[Real] {
        ConvexPolygon::plane_offsets(self)
    }
    #[inline]
    fn rings(&self) -> Option<Rings<'_>> {
        let (n, all) = (self.offsets.len(), &self.corners_and_normals);
        Some(Rings { vertices: &all[..n], normals: &all[n..], offsets: &self.offsets })
    }
    #[inline]
    fn bounding_radius(&self) -> Real {
        self.radius
    }
    #[inline]
    fn reach(&self) -> Real {
        self.reach
    }
    #[inline]
    fn inner_reach(&self) -> Real {
        self.inner_reach
    }
    #[inline]
    fn inner_circle(&self) -> (Vector, Real) {
        self.inner_circle
    }
    #[inline]
    fn interior_point(&self) -> Option<Vector> {
        Some(self.centroid)
    }
    #[inline]
    fn face_toward(&self, u: Vector) -> usize {
        climb(self.normals(), u, self.sector_faces[sector(u)] as usize)
    }
    #[inline]
    fn axes(&self) -> &[SatAxis] {
        &self.axes
    }
    #[inline]
    fn lanes(&self) -> &[Lanes] {
        &self.lanes
    }
    #[inline]
    fn half_lanes(&self) -> Option<&[Lanes]> {
        (!self.half_lanes.is_empty()).then_some(&self.half_lanes[..])
    }
    #[inline]
    fn face_lanes(&self) -> &[NormalLanes] {
        &self.face_lanes
    }
    #[inline]
    fn half_face_lanes(&self) -> Option<&[NormalLanes]> {
        (!self.half_face_lanes.is_empty()).then_some(&self.half_face_lanes[..])
    }
    #[inline]
    fn axis_lanes(&self) -> &[NormalLanes] {
        &self.axis_lanes
    }
    #[inline]
    fn parallelogram(&self) -> Option<&Parallelogram> {
        match &self.fast_path {
            FastPath::Parallelogram(parallelogram) => Some(parallelogram),
            _ => None,
        }
    }
    #[inline]
    fn symmetric(&self) -> Option<&Symmetric> {
        match &self.fast_path {
            FastPath::Symmetric(symmetric) => Some(symmetric),
            _ => None,
        }
    }
    #[inline]
    fn compact(&self) -> Option<&Compact> {
        match &self.fast_path {
            FastPath::Compact(compact) => Some(compact),
            _ => None,
        }
    }
    #[inline]
    fn is_compact(&self) -> bool {
        matches!(self.fast_path, FastPath::Compact(_))
    }
}

/// Every point finite first (so a NaN anywhere is reported as such), then every point within
/// [`COORDINATE_LIMIT`](crate::COORDINATE_LIMIT).
fn check_points(points: &[Vector]) -> Result<(), ShapeError> {
    if let Some(index) = points.iter().position(|p| !p.is_finite()) {
        return Err(ShapeError::NonFinite { index });
    }
    points.iter().enumerate().try_for_each(|(index, &p)| check_point(p, index))
}

/// Twice the signed area (positive when counter-clockwise), about the first point.
fn signed_area(mut points: impl Iterator<Item = DVec2>) -> f64 {
    let Some(origin) = points.next() else { return 0.0 };
    let mut previous = DVec2::ZERO;
    let mut area2 = 0.0;
    for p in points {
        let p = p - origin;
        area2 += previous.perp_dot(p);
        previous = p;
    }
    area2
}

/// Is `mid` on the segment from `prev` to `next`, within [`COLLINEAR_TOLERANCE`]? A point on the
/// line but *outside* the segment means the boundary doubles back: that is an error.
fn collinear(prev: DVec2, mid: DVec2, next: DVec2) -> Option<bool> {
    let span = next - prev;
    let span_len = span.length();
    let off_line = span.perp_dot(mid - prev).abs();
    if off_line > COLLINEAR_TOLERANCE * span_len * span_len {
        return Some(false);
    }
    // On the line: between its neighbours (drop it) or a spike (not convex).
    if (mid - prev).dot(next - mid) > 0.0 {
        Some(true)
    } else {
        None
    }
}

/// Drops collinear points from a counter-clockwise loop, in one pass with a stack, then settles
/// the seam where the loop closes.
fn drop_collinear(points: Vec<(DVec2, usize)>) -> Result<Vec<(DVec2, usize)>, ShapeError> {
    let mut out: Vec<(DVec2, usize)> = Vec::with_capacity(points.len());
    for p in points {
        while out.len() >= 2 {
            let (prev, mid) = (out[out.len() - 2], out[out.len() - 1]);
            match collinear(prev.0, mid.0, p.0) {
                Some(true) => {
                    out.pop();
                }
                Some(false) => break,
                None => return Err(ShapeError::NotConvex { index: mid.1 }),
            }
        }
        out.push(p);
    }
    loop {
        let n = out.len();
        if n < 3 {
            return Err(ShapeError::ZeroArea);
        }
        match collinear(out[n - 2].0, out[n - 1].0, out[0].0) {
            Some(true) => {
                out.pop();
                continue;
            }
            Some(false) => {}
            None => return Err(ShapeError::NotConvex { index: out[n - 1].1 }),
        }
        match collinear(out[n - 1].0, out[0].0, out[1].0) {
            Some(true) => {
                out.remove(0);
                continue;
            }
            Some(false) => {}
            None => return Err(ShapeError::NotConvex { index: out[0].1 }),
        }
        return Ok(out);
    }
}

/// Every turn must be to the left, and the turns must add up to one full turn: a pentagram turns
/// left at every point but winds twice.
fn check_convex(points: &[(DVec2, usize)]) -> Result<(), ShapeError> {
    let n = points.len();
    let mut turned = 0.0f64;
    for i in 0..n {
        let prev = points[(i + n - 1) % n].0;
        let (cur, next) = (points[i].0, points[(i + 1) % n].0);
        let (e0, e1) = (cur - prev, next - cur);
        let cross = e0.perp_dot(e1);
        if cross <= 0.0 {
            return Err(ShapeError::NotConvex { index: points[i].1 });
        }
        turned += DVec2::new(e0.dot(e1), cross).to_angle();
        if turned > core::f64::consts::TAU + 1e-3 {
            return Err(ShapeError::NotConvex { index: points[i].1 });
        }
    }
    Ok(())
}
