//! The shapes. Each owns its geometry (vertices, normals, projections); the queries between two
//! shapes live in [`crate::pair`].

mod capsule;
mod circle;
mod facing;
mod oriented_box;
mod polygon;
#[cfg(feature = "serde")]
mod serde_impl;

pub use capsule::Capsule;
pub(crate) use capsule::{closest_between_segments, segment_point};
pub use circle::Circle;
pub use oriented_box::OrientedBox;
pub use polygon::{ConvexPolygon, COLLINEAR_TOLERANCE};

pub(crate) use facing::{climb, sector, sector_faces, SECTORS};

use crate::{Interval, Real, Vector, Vector4};

/// Four vertices side by side: their x coordinates in one vector and their y coordinates in
/// another, so that one multiply and one add project all four on an axis and one `min` keeps
/// the lowest (SIMD where the target has it, plain arithmetic elsewhere; the same numbers either
/// way). The last group is padded by repeating the last vertex, which changes no minimum or
/// maximum.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lanes {
    /// The x coordinates of four vertices.
    pub xs: Vector4,
    /// Their y coordinates.
    pub ys: Vector4,
}

/// The vertices in groups of four (see [`Lanes`]).
pub(crate) fn lanes_of(vertices: &[Vector]) -> alloc::vec::Vec<Lanes> {
    let last = vertices[vertices.len() - 1];
    (0..vertices.len().div_ceil(4))
        .map(|group| {
            let v = |k: usize| vertices.get(4 * group + k).copied().unwrap_or(last);
            let (a, b, c, d) = (v(0), v(1), v(2), v(3));
            Lanes { xs: Vector4::new(a.x, b.x, c.x, d.x), ys: Vector4::new(a.y, b.y, c.y, d.y) }
        })
        .collect()
}

/// The first half of the vertices in groups of four (see [`Lanes`]) when the polygon is
/// centrally symmetric about its local origin exactly (an even number of vertices, vertex
/// `k + n/2` the negation of vertex `k`, bit for bit) and that takes fewer groups than all the
/// vertices, or is a 4-gon (a box: the two-axis boolean test uses its two vertices); empty
/// otherwise.
///
/// A projection is then odd in the vertex: `(−v) · d = −(v · d)` exactly, as negation commutes
/// with rounding. So the whole shadow on any axis is `[−h, h]`, with `h` the largest
/// `|v · d|` over the first half: the same numbers as projecting every vertex, for half the work.
pub(crate) fn half_lanes_of(vertices: &[Vector]) -> alloc::vec::Vec<Lanes> {
    let (n, half) = (vertices.len(), vertices.len() / 2);
    let symmetric = n % 2 == 0 && (0..half).all(|k| vertices[k + half] == -vertices[k]);
    if symmetric && (n == 4 || half.div_ceil(4) < n.div_ceil(4)) {
        lanes_of(&vertices[..half])
    } else {
        alloc::vec::Vec::new()
    }
}

/// The lowest and highest projections of the grouped vertices on `direction`: `v · direction`
/// for each vertex, computed as `x·dx + y·dy` exactly as [`Vec2::dot`](glam::Vec2::dot) does.
#[inline]
pub(crate) fn shadow_of(lanes: &[Lanes], direction: Vector) -> (Real, Real) {
    let (dx, dy) = (Vector4::splat(direction.x), Vector4::splat(direction.y));
    let (mut lo, mut hi) = (Vector4::INFINITY, Vector4::NEG_INFINITY);
    for group in lanes {
        let p = group.xs * dx + group.ys * dy;
        lo = lo.min(p);
        hi = hi.max(p);
    }
    (lo.min_element(), hi.max_element())
}

/// Four normals side by side, with the bounds of the polygon's own shadow on each: the other
/// shape's vertices are then projected on four normals at once, one vertex at a time, and no
/// lane ever needs to be summed across (the transpose of [`Lanes`]).
///
/// `hi` is the polygon's largest projection (a face's plane offset); `lo` its smallest where
/// the boolean test looks that way (an axis shared by two parallel faces) and −∞ where it does
/// not. The last group is padded by repeating its last normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NormalLanes {
    /// The x components of four unit normals.
    pub nx: Vector4,
    /// Their y components.
    pub ny: Vector4,
    /// The polygon's largest projection on each.
    pub hi: Vector4,
    /// The polygon's smallest projection on each, or −∞.
    pub lo: Vector4,
}

/// A parallelogram (a box, a rectangle, a rhombus) as the polygon queries' one-pass test of two
/// parallelograms reads it (see [`Polygonal::parallelogram`]): its four faces (faces 2 and 3
/// opposite faces 0 and 1, whose normals are its two axes) and its four corners, all held in
/// the shape itself, so the test reads no other memory.
///
/// Two parallelograms have four axes between them: one group of four lanes, so the queries test
/// both shapes' axes in one pass instead of two (see
/// [`pair::polygon_polygon`](crate::pair::polygon_polygon)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parallelogram {
    /// The four faces' normals and plane offsets (see [`NormalLanes`]).
    pub(crate) faces: NormalLanes,
    pub(crate) xs: [Real; 4],
    pub(crate) ys: [Real; 4],
    /// Corners 2 and 3 are corners 0 and 1 negated, exactly: the shape is symmetric about its
    /// local origin, and corners 0 and 1 give its shadows (see [`Polygonal::half_lanes`]).
    pub(crate) symmetric: bool,
}

impl Parallelogram {
    /// `shape` as a parallelogram, from its axes, face lanes and vertices; `None` unless it has
    /// four vertices and two axes laid out as faces 0 and 1 with faces 2 and 3 opposite them
    /// (see [`SatAxis`]: an opposite face's normal is the negated normal, exactly), as
    /// [`ConvexPolygon`] lays out every parallelogram.
    pub fn of<P: Polygonal + ?Sized>(shape: &P) -> Option<Parallelogram> {
        let laid_out = matches!(shape.axes(), [x, y]
            if (x.face, x.opposite, y.face, y.opposite) == (0, Some(2), 1, Some(3)));
        let (&[faces], &[v0, v1, v2, v3]) = (shape.face_lanes(), shape.vertices()) else {
            return None;
        };
        laid_out.then_some(Parallelogram {
            xs: [v0.x, v1.x, v2.x, v3.x],
            ys: [v0.y, v1.y, v2.y, v3.y],
            faces,
            symmetric: v2 == -v0 && v3 == -v1,
        })
    }

    /// Is the shape symmetric about its local origin (each corner the negation of the one
    /// opposite, exactly)?
    #[inline]
    pub fn symmetric(&self) -> bool {
        self.symmetric
    }
}

/// The most faces a [`Symmetric`] polygon has: its first half fits one group of four lanes.
pub const SYMMETRIC_MAX: usize = 8;

/// A polygon symmetric about its local origin with at most [`SYMMETRIC_MAX`] faces (a hexagon,
/// an octagon, a centred rectangle), as the polygon queries' own `collide` for two such
/// polygons reads it (see [`Polygonal::symmetric`]): everything that path needs, held in the
/// shape itself in fixed-size arrays, so it follows no pointer and checks no slice length.
///
/// Vertex `k + half` is vertex `k` negated, and face `k + half` is face `k` turned around with
/// the same plane offset, all exactly; so the first half of the faces and of the vertices,
/// four lanes each, give every separation (see [`Polygonal::half_face_lanes`] and
/// [`Polygonal::half_lanes`]). The first half's faces give the second's too; the vertices are
/// kept whole, as the clip reads them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Symmetric {
    /// The first half's unit normals, x and y, and plane offsets, one face per lane (padded by
    /// repeating the last).
    pub(crate) nx: Vector4,
    pub(crate) ny: Vector4,
    pub(crate) offsets: Vector4,
    /// The vertices, counter-clockwise (the first four also serve as the first half's, the
    /// rest padding: a second-half vertex has the same absolute projections as its opposite).
    pub(crate) vertices: [Vector; SYMMETRIC_MAX],
    /// Faces (and vertices) in each half: 2, 3 or 4.
    pub(crate) half: usize,
}

impl Symmetric {
    /// `shape` as a symmetric polygon: `None` unless it has at most [`SYMMETRIC_MAX`] vertices
    /// and vertex `k + n/2` is vertex `k` negated, face `k + n/2` face `k` with its normal
    /// negated and the same plane offset, all exactly.
    pub fn of<P: Polygonal + ?Sized>(shape: &P) -> Option<Symmetric> {
        let (vertices, normals, offsets) = (shape.vertices(), shape.normals(), shape.plane_offsets());
        let (n, half) = (vertices.len(), vertices.len() / 2);
        let paired = n % 2 == 0
            && n <= SYMMETRIC_MAX
            && (0..half).all(|k| {
                vertices[k + half] == -vertices[k]
                    && normals[k + half] == -normals[k]
                    && offsets[k + half] == offsets[k]
            });
        paired.then(|| {
            // One group of four: at most four faces a half.
            let faces = face_lanes_of(&normals[..half], &offsets[..half])[0];
            Symmetric {
                nx: faces.nx,
                ny: faces.ny,
                offsets: faces.hi,
                // Past the last vertex: the loop again, padding only the extent reads.
                vertices: core::array::from_fn(|k| vertices[k % n]),
                half,
            }
        })
    }

    /// The number of faces (and of vertices).
    #[inline]
    pub fn len(&self) -> usize {
        2 * self.half
    }

    /// Always false: a polygon has faces. Present for API symmetry with `len`.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.half == 0
    }

    /// Vertex `i` (below [`len`](Symmetric::len)).
    #[inline(always)]
    pub(crate) fn vertex(&self, i: usize) -> Vector {
        self.vertices[i % SYMMETRIC_MAX]
    }

    /// Face `i` (below [`len`](Symmetric::len)): its unit normal and plane offset, from the
    /// first half's lanes.
    #[inline(always)]
    pub(crate) fn face(&self, i: usize) -> (Vector, Real) {
        let (k, turned) = self.lane_of(i);
        (Vector::new(lane(&self.nx, k), lane(&self.ny, k)) * turned, lane(&self.offsets, k))
    }

    /// The lane that keeps face `i`, and −1 for the second half (negating is exact), else 1.
    #[inline(always)]
    fn lane_of(&self, i: usize) -> (usize, Real) {
        // Arithmetic rather than a branch: which half a face falls in is a coin toss. The sign
        // is that of half − 1 − i, which is negative exactly in the second half (converted from
        // a small signed integer, which takes no branch as a boolean or an unsigned one does).
        let second = (i >= self.half) as usize;
        ((i - second * self.half) % 4, Real::copysign(1.0, (self.half as i32 - 1 - i as i32) as Real))
    }
}

/// The most faces a [`Compact`] polygon has: two groups of four lanes.
pub const COMPACT_MAX: usize = 8;

/// A small polygon with no shortcut of its own (neither a [`Parallelogram`] nor [`Symmetric`]:
/// an irregular 3- to 8-gon, the hull of a sprite or a piece of debris), as the polygon
/// queries' own `collide` for two such polygons reads it (see [`Polygonal::compact`]): its
/// faces and vertices, four to a group of lanes, held in the shape itself in fixed-size arrays.
///
/// The general path reads the same numbers from the polygon's lists, each a separate block of
/// memory; a query on two small polygons touches a dozen such blocks, and fetching them costs
/// more than the arithmetic. This block is all the compact `collide` reads, and gives the same
/// numbers bit for bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Compact {
    /// The unit normals' x and y components and the plane offsets, face `i` at index `i`,
    /// read four at a time as lanes (face `4g + k` in lane `k` of group `g`, see
    /// [`group`](Compact::group)) or one at a time by index (padded by repeating the last face,
    /// which changes no maximum or minimum). Flat arrays rather than groups of lanes: one face's
    /// numbers are then one indexed load each, not an address worked out from group and lane.
    pub(crate) nx: [Real; 8],
    pub(crate) ny: [Real; 8],
    pub(crate) offsets: [Real; 8],
    /// The vertices' x and y coordinates, likewise (padded by repeating the last vertex).
    pub(crate) xs: [Real; 8],
    pub(crate) ys: [Real; 8],
    /// Faces (and vertices): 3 to [`COMPACT_MAX`].
    pub(crate) len: usize,
}

impl Compact {
    /// `shape` as a compact polygon: `None` unless it has at most [`COMPACT_MAX`] vertices.
    pub fn of<P: Polygonal + ?Sized>(shape: &P) -> Option<Compact> {
        let (vertices, normals, offsets) = (shape.vertices(), shape.normals(), shape.plane_offsets());
        let len = vertices.len();
        (len <= COMPACT_MAX).then(|| Compact {
            nx: padded(len, |i| normals[i].x),
            ny: padded(len, |i| normals[i].y),
            offsets: padded(len, |i| offsets[i]),
            xs: padded(len, |i| vertices[i].x),
            ys: padded(len, |i| vertices[i].y),
            len,
        })
    }

    /// The number of faces (and of vertices).
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: a polygon has faces. Present for API symmetry with `len`.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many groups of four lanes hold the faces (and the vertices): 1 or 2.
    #[inline(always)]
    pub(crate) fn groups(&self) -> usize {
        if self.len > 4 {
            2
        } else {
            1
        }
    }

    /// Vertex `k` (below [`len`](Compact::len)).
    #[inline(always)]
    pub(crate) fn vertex(&self, k: usize) -> Vector {
        Vector::new(self.xs[k], self.ys[k])
    }

    /// Face `i` (below [`len`](Compact::len)): its unit normal and plane offset.
    #[inline(always)]
    pub(crate) fn face(&self, i: usize) -> (Vector, Real) {
        (Vector::new(self.nx[i], self.ny[i]), self.offsets[i])
    }

    /// Group `g` (0 or 1) of one of the block's arrays as four lanes: entries `4g` to `4g + 3`.
    #[inline(always)]
    pub(crate) fn group(values: &[Real; 8], g: usize) -> Vector4 {
        Vector4::from_slice(&values[4 * g..4 * g + 4])
    }
}

/// Lane `k` (below 4) of `v`, read straight from memory: indexing the lanes' array, not a
/// copy of them (`to_array` would store the vector to read one number back) nor a `match` on
/// the lane (`Vector4`'s `Index`, a branch on an index that is as good as random).
#[inline(always)]
pub(crate) fn lane(v: &Vector4, k: usize) -> Real {
    let lanes: &[Real; 4] = v.as_ref();
    lanes[k % 4]
}

/// `value(i)` for `i` below `len` (at most 8), padded to eight by repeating the last.
fn padded(len: usize, value: impl Fn(usize) -> Real) -> [Real; 8] {
    core::array::from_fn(|i| value(i.min(len - 1)))
}

/// `count` entries of (normal, hi, lo) in groups of four (see [`NormalLanes`]).
pub(crate) fn normal_lanes(
    count: usize,
    entry: impl Fn(usize) -> (Vector, Real, Real),
) -> alloc::vec::Vec<NormalLanes> {
    (0..count.div_ceil(4))
        .map(|group| {
            let e = |k: usize| entry((4 * group + k).min(count - 1));
            let (a, b, c, d) = (e(0), e(1), e(2), e(3));
            NormalLanes {
                nx: Vector4::new(a.0.x, b.0.x, c.0.x, d.0.x),
                ny: Vector4::new(a.0.y, b.0.y, c.0.y, d.0.y),
                hi: Vector4::new(a.1, b.1, c.1, d.1),
                lo: Vector4::new(a.2, b.2, c.2, d.2),
            }
        })
        .collect()
}

/// The face lanes of a polygon with these normals and plane offsets.
pub(crate) fn face_lanes_of(normals: &[Vector], offsets: &[Real]) -> alloc::vec::Vec<NormalLanes> {
    normal_lanes(normals.len(), |i| (normals[i], offsets[i], Real::NEG_INFINITY))
}

/// The face lanes of the first half of the faces when the faces come in exactly opposite pairs
/// (face `i + n/2` has normal `−nᵢ`, bit for bit, and the same plane offset) and that takes
/// fewer groups than all the faces; empty otherwise. A polygon symmetric about its origin has
/// such pairs: its edges, and so its normals, are negated exactly.
pub(crate) fn half_face_lanes_of(normals: &[Vector], offsets: &[Real]) -> alloc::vec::Vec<NormalLanes> {
    let (n, half) = (normals.len(), normals.len() / 2);
    let paired =
        n % 2 == 0 && (0..half).all(|i| normals[i + half] == -normals[i] && offsets[i + half] == offsets[i]);
    if paired && half.div_ceil(4) < n.div_ceil(4) {
        face_lanes_of(&normals[..half], &offsets[..half])
    } else {
        alloc::vec::Vec::new()
    }
}

/// The axis lanes of these distinct axes.
pub(crate) fn axis_lanes_of(axes: &[SatAxis]) -> alloc::vec::Vec<NormalLanes> {
    normal_lanes(axes.len(), |i| {
        let axis = &axes[i];
        let lo = if axis.opposite.is_some() { axis.shadow.min } else { Real::NEG_INFINITY };
        (axis.normal, axis.shadow.max, lo)
    })
}

/// One distinct axis of a polygon's boolean SAT test, with the polygon's whole shadow on it.
///
/// Opposite faces of a box, a hexagon or any centrally symmetric polygon are parallel: their
/// normals are one axis pointing both ways, and one pass over the other shape's vertices (its
/// smallest and largest projection) tests both. So such a face is listed once, with its
/// `opposite`, and the axis count of a box drops from 4 to 2.
///
/// Faces pair up only when their stored normals are *exact* negatives. Then every projection
/// on one is exactly the negated projection on the other, and with the far end of the shadow
/// set to the opposite face's plane offset, testing the shared axis gives bit for bit the
/// answers of testing the two faces one at a time. Any tolerance would not: a normal off by an
/// angle ε moves a plane by ε times the distance along the face, so a small shape beside a
/// long, slightly tapered face (ε = 1e-7 over 1e4 units: 1e-3) could be reported overlapping
/// where the face separates it. Rectangles, boxes and `ConvexPolygon::regular` with an even
/// number of sides are built exactly symmetric, so they always pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatAxis {
    /// The unit axis: the outward normal of `face`.
    pub normal: Vector,
    /// The polygon's shadow on `normal`: `max` is `face`'s plane offset, and `min` is minus
    /// the plane offset of `opposite` where there is one.
    pub shadow: Interval,
    /// The face whose normal this is.
    pub face: u32,
    /// The face whose normal is exactly `-normal`, if there is one.
    pub opposite: Option<u32>,
}

/// The distinct axes of a counter-clockwise polygon with these normals, pairing each face with
/// the face whose normal is opposite, if any.
///
/// Going round a convex polygon the normals turn monotonically through one full turn, so the
/// face opposite face `i` is where the turning from `nᵢ` reaches half a turn; as `i` advances,
/// so does that face, and one sweep of two indices finds every pair.
pub(crate) fn distinct_axes(
    vertices: &[Vector],
    normals: &[Vector],
    offsets: &[Real],
) -> alloc::vec::Vec<SatAxis> {
    let n = normals.len();
    let mut opposite: alloc::vec::Vec<Option<u32>> = alloc::vec![None; n];
    let mut lowest: alloc::vec::Vec<Real> = alloc::vec![0.0; n];
    let mut j = 1;
    for i in 0..n {
        j = j.max(i + 1);
        // Advance while the normal after j has turned less than half a turn from nᵢ. Then −nᵢ
        // lies between the normals of faces j and j + 1, so the vertex they share, j + 1, is the
        // polygon's lowest point along nᵢ (its neighbours are checked too, against rounding).
        while j + 1 < i + n && normals[i].perp_dot(normals[(j + 1) % n]) > 0.0 {
            j += 1;
        }
        lowest[i] = (j..j + 3).map(|k| vertices[k % n].dot(normals[i])).fold(Real::INFINITY, Real::min);
        for k in [j % n, (j + 1) % n] {
            if k != i && normals[k] == -normals[i] {
                opposite[i] = Some(k as u32);
            }
        }
    }
    // Only mutual pairs share an axis; the face with the lower index carries it.
    let mutual = |i: usize| opposite[i].filter(|&k| opposite[k as usize] == Some(i as u32));
    (0..n)
        .filter(|&i| mutual(i).is_none_or(|k| (k as usize) > i))
        .map(|i| {
            // Paired: the far side is exactly the opposite face's plane (see [`SatAxis`]).
            let low = mutual(i).map_or(lowest[i], |k| -offsets[k as usize]);
            SatAxis {
                normal: normals[i],
                shadow: Interval::new(low, offsets[i]),
                face: i as u32,
                opposite: mutual(i),
            }
        })
        .collect()
}

/// How many entries each of [`Rings`]' lists repeats from its start.
pub const RING_PAD: usize = 8;

/// A polygon's vertices, normals and plane offsets, each list followed by its first
/// [`RING_PAD`] entries again: a run of up to that many entries round the loop, starting
/// anywhere, is then one slice, read without working out where the loop wraps.
#[derive(Clone, Copy, Debug)]
pub struct Rings<'p> {
    /// The vertices, then the first [`RING_PAD`] again.
    pub vertices: &'p [Vector],
    /// The unit normals, likewise.
    pub normals: &'p [Vector],
    /// The plane offsets, likewise.
    pub offsets: &'p [Real],
}

/// The precomputed geometry every polygon algorithm reads: counter-clockwise vertices, the unit
/// outward normal of each edge (edge `i` runs from vertex `i` to vertex `i + 1`) and its plane
/// offset `normals[i] · vertices[i]`, in the shape's local frame.
///
/// [`ConvexPolygon`] and [`OrientedBox`] both have it, so the polygon queries run unchanged on
/// boxes (a box *is* a 4-gon) and give the same answers.
pub trait Polygonal {
    /// The vertices, counter-clockwise, in the local frame.
    fn vertices(&self) -> &[Vector];
    /// The unit outward normal of each edge.
    fn normals(&self) -> &[Vector];
    /// The plane offset of each edge: the largest projection of the shape on that edge's normal.
    fn plane_offsets(&self) -> &[Real];
    /// The largest distance from the local origin to a vertex: the shape lies in the disc of this
    /// radius about its origin, which lets queries reject far-apart pairs with one comparison.
    fn reach(&self) -> Real;
    /// A lower bound on how far the shape reaches from its local origin in every direction: the
    /// radius of the largest circle about the origin inside it (its smallest plane offset) when
    /// the origin is inside, and otherwise `−reach`. With [`reach`](Polygonal::reach) it brackets
    /// the shape's support distance, which lets the polygon queries pass over faces that look
    /// away from the other shape (see [`pair::polygon_polygon`](crate::pair::polygon_polygon)). The default,
    /// `−reach`, is always true and lets them pass over none.
    fn inner_reach(&self) -> Real {
        -self.reach()
    }
    /// A circle inside the shape, as its centre (in the local frame) and radius: the polygon
    /// queries' window search bounds the shape's reach about that centre from below by the
    /// radius, and the larger the circle, the fewer faces it tests (see
    /// [`pair::polygon_polygon`](crate::pair::polygon_polygon)). A radius that is not
    /// positive means none is known. The default is the circle about the origin,
    /// [`inner_reach`](Polygonal::inner_reach); [`ConvexPolygon`] gives the largest circle
    /// about its centroid instead when that is larger by more than a percent (the origin is off
    /// centre, or outside the polygon).
    fn inner_circle(&self) -> (Vector, Real) {
        (Vector::ZERO, self.inner_reach())
    }
    /// The largest distance from the centroid to a vertex.
    fn bounding_radius(&self) -> Real;
    /// A point well inside the shape, in its local frame ([`ConvexPolygon`]: its centroid;
    /// [`OrientedBox`]: its centre). The boolean test tries the midpoint of two shapes'
    /// interior points as a point common to both, which proves at once that they overlap (see
    /// [`pair::polygon_polygon::overlaps`](crate::pair::polygon_polygon::overlaps)). The
    /// default, `None`, skips that test.
    fn interior_point(&self) -> Option<Vector> {
        None
    }
    /// The distinct axes of the boolean test: one per face, except that a face parallel to an
    /// earlier one shares its axis (see [`SatAxis`]).
    fn axes(&self) -> &[SatAxis];
    /// The vertices again, four at a time (see [`Lanes`]).
    fn lanes(&self) -> &[Lanes];
    /// The first half of the vertices, four at a time, when the shape is centrally symmetric
    /// about its local origin exactly (vertex `k + n/2` is the negation of vertex `k`): its
    /// shadow on any axis is then `[−h, h]`, with `h` the largest absolute projection of these
    /// (the same numbers as projecting every vertex). `None` when it is not, not known to be, or
    /// when that would save no group of four (4-gons excepted).
    fn half_lanes(&self) -> Option<&[Lanes]> {
        None
    }
    /// The face whose normal is most aligned with `u` (the largest `nᵢ · u`), lowest index on
    /// ties. Round the loop that dot product rises to one peak and falls, so the default climbs
    /// to it from face 0; [`ConvexPolygon`] starts from a face it keeps for each sector of
    /// directions, a step or two away.
    fn face_toward(&self, u: Vector) -> usize {
        climb(self.normals(), u, 0)
    }
    /// The face normals four at a time, each with its plane offset (see [`NormalLanes`]).
    fn face_lanes(&self) -> &[NormalLanes];
    /// The vertices, normals and plane offsets as [`Rings`], when the shape keeps them so. The
    /// default is `None`; [`ConvexPolygon`] keeps them.
    fn rings(&self) -> Option<Rings<'_>> {
        None
    }
    /// The face lanes of the first half of the faces, when face `i + n/2` has exactly the
    /// normal `−nᵢ` and the same plane offset as face `i` (as in a polygon symmetric about its
    /// origin): the other shape's shadow `[lo, hi]` on `nᵢ` then gives the separations from
    /// both faces, `lo − dᵢ` and `−hi − dᵢ`, the same numbers as projecting on `−nᵢ`. `None`
    /// when they are not paired, not known to be, or when that would save no group of four.
    fn half_face_lanes(&self) -> Option<&[NormalLanes]> {
        None
    }
    /// The distinct axes four at a time, with the shadow bounds the boolean test compares
    /// against (see [`NormalLanes`]).
    fn axis_lanes(&self) -> &[NormalLanes];
    /// The shape as a [`Parallelogram`], when it is one and keeps that at hand: boxes and other
    /// parallelograms then take the queries' one-pass test. The default is `None` (the
    /// queries then test the shape face by face); [`ConvexPolygon`] works it out at
    /// construction ([`Parallelogram::of`]). ([`OrientedBox`] pairs have their own functions,
    /// in [`pair::box_box`](crate::pair::box_box).)
    fn parallelogram(&self) -> Option<&Parallelogram> {
        None
    }
    /// The shape as a [`Symmetric`] polygon, when it is one and keeps that at hand: two such
    /// polygons then take the queries' own path for them. The default is `None`;
    /// [`ConvexPolygon`] works it out at construction ([`Symmetric::of`]).
    fn symmetric(&self) -> Option<&Symmetric> {
        None
    }
    /// The shape as a [`Compact`] polygon, when it is one and keeps that at hand: two such
    /// polygons then take the queries' own path for them. The default is `None`;
    /// [`ConvexPolygon`] keeps one for every polygon of at most [`COMPACT_MAX`] vertices that
    /// is neither a [`Parallelogram`] nor [`Symmetric`].
    fn compact(&self) -> Option<&Compact> {
        None
    }
    /// Whether [`compact`](Polygonal::compact) is `Some`, asked on its own so that a query can
    /// turn away polygons without the block at the cost of one comparison (reading the block's
    /// address as well costs a null test besides). Override it with `compact`; the default
    /// asks `compact`.
    #[inline]
    fn is_compact(&self) -> bool {
        self.compact().is_some()
    }

    /// The projection on `axis` (local frame), with the indices of the vertices at its ends.
    fn project(&self, axis: Vector) -> (Interval, usize, usize) {
        let vertices = self.vertices();
        let (mut lo, mut hi) = (0, 0);
        let first = vertices[0].dot(axis);
        let mut interval = Interval::new(first, first);
        for (i, v) in vertices.iter().enumerate().skip(1) {
            let d = v.dot(axis);
            if d < interval.min {
                interval.min = d;
                lo = i;
            }
            if d > interval.max {
                interval.max = d;
                hi = i;
            }
        }
        (interval, lo, hi)
    }
}

/// Any shape septa knows, for code that picks shapes at run time (a scene, a file, the CLI).
///
/// Queries on `Shape` values `match` on both kinds and call the pair's function, so the
/// algorithm that runs is always the one for the two concrete shapes; code that knows its shape
/// types statically can call the typed functions directly and skip the `match`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "lowercase"))]
// A box keeps its precomputed geometry inline so that queries never follow a pointer; in the f64
// build that doubles and outgrows the other variants, which is the price of the precision.
#[cfg_attr(feature = "f64", allow(clippy::large_enum_variant))]
pub enum Shape {
    /// A convex polygon.
    Polygon(ConvexPolygon),
    /// A circle.
    Circle(Circle),
    /// An oriented box.
    #[cfg_attr(feature = "serde", serde(rename = "box"))]
    Box(OrientedBox),
    /// A capsule.
    Capsule(Capsule),
}

impl From<ConvexPolygon> for Shape {
    fn from(p: ConvexPolygon) -> Shape {
        Shape::Polygon(p)
    }
}

impl From<Circle> for Shape {
    fn from(c: Circle) -> Shape {
        Shape::Circle(c)
    }
}

impl From<OrientedBox> for Shape {
    fn from(b: OrientedBox) -> Shape {
        Shape::Box(b)
    }
}

impl From<Capsule> for Shape {
    fn from(c: Capsule) -> Shape {
        Shape::Capsule(c)
    }
}
