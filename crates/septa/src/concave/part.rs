//! The other shape of a query, as the piece-by-piece tests see it.
//!
//! Every convex shape septa knows is a *core* (a point, a segment or a convex polygon) swollen
//! by a radius: a circle is a point and its radius, a capsule a segment and its radius, a
//! polygon or a box its corners and radius 0. Its *faces* are the polygon's edges or the
//! capsule's two sides. That is all the ghost-normal correction needs to know about it
//! (see [`contact`](super::contact)); the ordinary per-piece tests call septa's flat function
//! for the pair ([`pair`](crate::pair)).
//!
//! A piece of another concave polygon is a part too, one whose internal edges are not faces
//! and whose contact normals are restricted like the first polygon's.

use crate::pair::{polygon_capsule, polygon_circle, polygon_polygon};
use crate::{
    trace, Capsule, Circle, ConvexPolygon, Manifold, OrientedBox, Polygonal, Pose, Real, Shape, Trace, Vector,
};

use super::compound::{Bounds, ConcavePiece};

/// A convex shape, or a piece of a concave one, as the concave queries use it.
pub(crate) trait Part {
    /// The number of core points: 1 (circle), 2 (capsule) or the polygon's corners.
    fn core_len(&self) -> usize;
    /// Core point `i`, in the shape's local frame.
    fn core(&self, i: usize) -> Vector;
    /// The radius around the core.
    fn radius(&self) -> Real;
    /// The number of faces.
    fn face_count(&self) -> usize;
    /// Face `k`: its unit outward normal, and the core points at its ends, in counter-clockwise
    /// order (the face runs along the normal turned a quarter counter-clockwise).
    fn face(&self, k: usize) -> (Vector, usize, usize);
    /// Is face `k` a face of the outline (always, but for a piece's internal edges)?
    fn face_admitted(&self, _k: usize) -> bool {
        true
    }
    /// May a contact push this shape out along `outward` (its local frame, pointing out of it)?
    /// Always, but for a piece, whose internal edges and the directions only they face are
    /// ruled out.
    fn admits(&self, _outward: Vector) -> bool {
        true
    }
    /// The outline edges next to a piece that are not its own ("ghost" edges, see
    /// [`contact`](super::contact)): none for a convex shape.
    fn ghost_count(&self) -> usize {
        0
    }
    /// Ghost edge `k`: its unit outward normal, its ends (counter-clockwise), and the piece's
    /// corner it meets.
    fn ghost(&self, _k: usize) -> (Vector, Vector, Vector, u32) {
        (Vector::ZERO, Vector::ZERO, Vector::ZERO, 0)
    }
    /// The box around the shape placed by `xf`, in the frame `xf` maps into.
    fn bounds_in(&self, xf: &Pose) -> Bounds;
    /// A length of the shape's size, for tolerances.
    fn size(&self) -> Real;
    /// septa's test of a convex piece (a, placed by `pose_a`) against the shape (b).
    fn overlaps_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> bool;
    /// septa's manifold of a convex piece against the shape.
    fn collide_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Option<Manifold>;
    /// septa's step trace of a convex piece against the shape.
    fn trace_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Trace;
}

macro_rules! polygonal_part {
    () => {
        fn core_len(&self) -> usize {
            self.vertices().len()
        }
        fn core(&self, i: usize) -> Vector {
            self.vertices()[i]
        }
        fn radius(&self) -> Real {
            0.0
        }
        fn face_count(&self) -> usize {
            self.vertices().len()
        }
        fn face(&self, k: usize) -> (Vector, usize, usize) {
            (self.normals()[k], k, (k + 1) % self.vertices().len())
        }
        fn overlaps_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> bool {
            polygon_polygon::overlaps(piece, pose_a, self, pose_b)
        }
        fn collide_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Option<Manifold> {
            polygon_polygon::collide(piece, pose_a, self, pose_b)
        }
        fn trace_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Trace {
            trace(piece, pose_a, self, pose_b)
        }
    };
}

impl Part for ConvexPolygon {
    polygonal_part!();
    fn bounds_in(&self, xf: &Pose) -> Bounds {
        Bounds::disc(xf.translation, Polygonal::reach(self))
    }
    fn size(&self) -> Real {
        self.bounding_radius()
    }
}

impl Part for OrientedBox {
    polygonal_part!();
    fn bounds_in(&self, xf: &Pose) -> Bounds {
        Bounds::around(self.vertices().iter().map(|&v| xf.apply(v)))
    }
    fn size(&self) -> Real {
        self.half_extents().length()
    }
}

impl Part for Circle {
    fn core_len(&self) -> usize {
        1
    }
    fn core(&self, _i: usize) -> Vector {
        self.center()
    }
    fn radius(&self) -> Real {
        Circle::radius(self)
    }
    fn face_count(&self) -> usize {
        0
    }
    fn face(&self, _k: usize) -> (Vector, usize, usize) {
        (Vector::ZERO, 0, 0)
    }
    fn bounds_in(&self, xf: &Pose) -> Bounds {
        Bounds::disc(xf.apply(self.center()), Circle::radius(self))
    }
    fn size(&self) -> Real {
        Circle::radius(self)
    }
    fn overlaps_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> bool {
        polygon_circle::overlaps(piece, pose_a, self, pose_b)
    }
    fn collide_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Option<Manifold> {
        polygon_circle::collide(piece, pose_a, self, pose_b)
    }
    fn trace_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Trace {
        trace(piece, pose_a, self, pose_b)
    }
}

impl Part for Capsule {
    fn core_len(&self) -> usize {
        2
    }
    fn core(&self, i: usize) -> Vector {
        if i == 0 {
            self.a()
        } else {
            self.b()
        }
    }
    fn radius(&self) -> Real {
        Capsule::radius(self)
    }
    fn face_count(&self) -> usize {
        2
    }
    fn face(&self, k: usize) -> (Vector, usize, usize) {
        // Side 0 on the right of a → b, side 1 on the left, running b → a.
        if k == 0 {
            (self.normal(), 0, 1)
        } else {
            (-self.normal(), 1, 0)
        }
    }
    fn bounds_in(&self, xf: &Pose) -> Bounds {
        let core = Bounds::around([xf.apply(self.a()), xf.apply(self.b())]);
        let r = Vector::splat(Capsule::radius(self));
        Bounds { min: core.min - r, max: core.max + r }
    }
    fn size(&self) -> Real {
        0.5 * (self.b() - self.a()).length() + Capsule::radius(self)
    }
    fn overlaps_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> bool {
        polygon_capsule::overlaps(piece, pose_a, self, pose_b)
    }
    fn collide_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Option<Manifold> {
        polygon_capsule::collide(piece, pose_a, self, pose_b)
    }
    fn trace_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Trace {
        trace(piece, pose_a, self, pose_b)
    }
}

/// Calls `$call` with `$x` bound to the shape inside the `Shape`.
macro_rules! on_shape {
    ($shape:expr, |$x:ident| $call:expr) => {
        match $shape {
            Shape::Polygon($x) => $call,
            Shape::Circle($x) => $call,
            Shape::Box($x) => $call,
            Shape::Capsule($x) => $call,
        }
    };
}

impl Part for Shape {
    fn core_len(&self) -> usize {
        on_shape!(self, |x| Part::core_len(x))
    }
    fn core(&self, i: usize) -> Vector {
        on_shape!(self, |x| Part::core(x, i))
    }
    fn radius(&self) -> Real {
        on_shape!(self, |x| Part::radius(x))
    }
    fn face_count(&self) -> usize {
        on_shape!(self, |x| Part::face_count(x))
    }
    fn face(&self, k: usize) -> (Vector, usize, usize) {
        on_shape!(self, |x| Part::face(x, k))
    }
    fn bounds_in(&self, xf: &Pose) -> Bounds {
        on_shape!(self, |x| Part::bounds_in(x, xf))
    }
    fn size(&self) -> Real {
        on_shape!(self, |x| Part::size(x))
    }
    fn overlaps_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> bool {
        on_shape!(self, |x| x.overlaps_piece(piece, pose_a, pose_b))
    }
    fn collide_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Option<Manifold> {
        on_shape!(self, |x| x.collide_piece(piece, pose_a, pose_b))
    }
    fn trace_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Trace {
        on_shape!(self, |x| x.trace_piece(piece, pose_a, pose_b))
    }
}

/// A piece of a concave polygon as the other shape of a piece pair.
pub(crate) struct PieceOf<'a>(pub &'a ConcavePiece);

impl Part for PieceOf<'_> {
    fn core_len(&self) -> usize {
        self.0.polygon().len()
    }
    fn core(&self, i: usize) -> Vector {
        self.0.polygon().vertices()[i]
    }
    fn radius(&self) -> Real {
        0.0
    }
    fn face_count(&self) -> usize {
        self.0.polygon().len()
    }
    fn face(&self, k: usize) -> (Vector, usize, usize) {
        (self.0.polygon().normals()[k], k, (k + 1) % self.0.polygon().len())
    }
    fn face_admitted(&self, k: usize) -> bool {
        !self.0.is_internal(k)
    }
    fn admits(&self, outward: Vector) -> bool {
        self.0.admits(outward)
    }
    fn ghost_count(&self) -> usize {
        self.0.ghost_count()
    }
    fn ghost(&self, k: usize) -> (Vector, Vector, Vector, u32) {
        self.0.ghost(k)
    }
    fn bounds_in(&self, xf: &Pose) -> Bounds {
        let polygon = self.0.polygon();
        Bounds::disc(xf.apply(polygon.centroid()), polygon.bounding_radius())
    }
    fn size(&self) -> Real {
        self.0.polygon().bounding_radius()
    }
    fn overlaps_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> bool {
        polygon_polygon::overlaps(piece, pose_a, self.0.polygon(), pose_b)
    }
    fn collide_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Option<Manifold> {
        polygon_polygon::collide(piece, pose_a, self.0.polygon(), pose_b)
    }
    fn trace_piece(&self, piece: &ConvexPolygon, pose_a: Pose, pose_b: Pose) -> Trace {
        trace(piece, pose_a, self.0.polygon(), pose_b)
    }
}
