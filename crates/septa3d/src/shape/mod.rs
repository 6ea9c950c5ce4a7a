//! The shapes. Each owns its geometry in its local frame (vertices, face planes, edges, radii),
//! validated and precomputed once; the queries between two shapes live in [`crate::pair`].

mod capsule;
mod cuboid;
mod hull;
mod sphere;
mod world;

pub use capsule::Capsule;
pub use cuboid::Cuboid;
pub(crate) use hull::{ArcLanes, ArcRecord, StepLanes, VertexLanes, SKELETON_LANES};
pub use hull::{ConvexHull, FaceLanes, HalfEdge, HullEdge, COPLANAR_TOLERANCE};
pub use sphere::Sphere;

/// A shape the polytope queries read as a convex polyhedron: a [`ConvexHull`], or a [`Cuboid`]
/// (which holds its 8-vertex hull, built once at construction). The hull–hull, hull–sphere and
/// hull–capsule queries are generic over it, so a cuboid is a hull to them.
pub trait Polyhedral {
    /// The shape as a convex hull.
    fn hull(&self) -> &ConvexHull;
}

impl Polyhedral for ConvexHull {
    #[inline(always)]
    fn hull(&self) -> &ConvexHull {
        self
    }
}

impl Polyhedral for Cuboid {
    #[inline(always)]
    fn hull(&self) -> &ConvexHull {
        self.as_hull()
    }
}

/// Any of septa3d's shapes, for code that handles them uniformly (the CLI, a physics world's
/// collider list). The queries on two `Shape`s dispatch to the pair's flat functions with a
/// `match`; no `dyn`.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A box given by its half extents.
    Cuboid(Cuboid),
    /// The convex hull of a point cloud.
    ConvexHull(ConvexHull),
    /// A sphere.
    Sphere(Sphere),
    /// A capsule.
    Capsule(Capsule),
}

impl From<Cuboid> for Shape {
    fn from(shape: Cuboid) -> Shape {
        Shape::Cuboid(shape)
    }
}

impl From<ConvexHull> for Shape {
    fn from(shape: ConvexHull) -> Shape {
        Shape::ConvexHull(shape)
    }
}

impl From<Sphere> for Shape {
    fn from(shape: Sphere) -> Shape {
        Shape::Sphere(shape)
    }
}

impl From<Capsule> for Shape {
    fn from(shape: Capsule) -> Shape {
        Shape::Capsule(shape)
    }
}
