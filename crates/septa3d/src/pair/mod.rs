//! The queries, one module per pair of shape kinds, each a set of flat functions.
//!
//! Every module offers `overlaps` (early exit), `overlaps_cached`, `separation`, `contact` (the
//! MTV), `collide` (the manifold) and `trace`. The hull modules are generic over
//! [`Polyhedral`](crate::Polyhedral), so they serve convex hulls and cuboids alike. A pair in
//! the other order (sphere against hull, say) is the same test with the roles exchanged and the
//! answer turned around; the generic functions at the crate root do that.
//!
//! The polyhedron pair's parts have modules of their own: `face_query` (face axes, four at a
//! time), [`gauss_map`] (edge axes pruned on the Gauss map), `clip` (manifolds) and
//! `separating_direction` (GJK's boolean search, which settles most near pairs for `overlaps`
//! before any axis is measured). Two cuboids
//! get a pair of their own, [`cuboid_cuboid`]: the same answers in closed form (fifteen axes,
//! each a few multiplications, and clipping against a rectangle).

pub mod capsule_capsule;
pub(crate) mod clip;
pub mod cuboid_cuboid;
pub(crate) mod face_query;
pub mod gauss_map;
pub mod hull_capsule;
pub mod hull_hull;
pub mod hull_sphere;
pub(crate) mod separating_direction;
pub mod sphere_capsule;
pub mod sphere_sphere;
