//! Candidate axes: where each direction tested by SAT comes from.
//!
//! Two convex polyhedra are disjoint exactly when a plane separates them, and such a plane can
//! always be turned until it is parallel to a face of one of them, or to an edge of each. So
//! the candidate axes are the face normals of both shapes and the cross products of one
//! **edge direction** of each. (Not face normal × face normal: that is a known bug; it agrees
//! with the right axes only for boxes, whose face normals are their edge directions.)
//!
//! A sphere has no faces or edges. Against a hull the extra candidates point from the hull's
//! features (vertices, edges) to the sphere's centre; a capsule adds the directions from hull
//! features to its segment. Between two round shapes the axis joins the closest points of their
//! cores (centre or segment).

/// Where a candidate separating axis comes from. Indices are into the shape's face, edge and
/// vertex lists ([`ConvexHull::face_normal`](crate::ConvexHull::face_normal),
/// [`ConvexHull::edge`](crate::ConvexHull::edge), [`ConvexHull::vertices`](crate::ConvexHull::vertices)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Axis {
    /// The outward normal of face `i` of shape a.
    FaceA(u32),
    /// The outward normal of face `j` of shape b.
    FaceB(u32),
    /// The cross product of the direction of edge `a` of shape a and edge `b` of shape b,
    /// oriented from a towards b.
    Edges {
        /// The edge of shape a.
        a: u32,
        /// The edge of shape b.
        b: u32,
    },
    /// From vertex `k` of hull a towards the round core of b (a sphere's centre, a capsule's
    /// segment).
    VertexA(u32),
    /// From vertex `k` of hull b towards the round core of a.
    VertexB(u32),
    /// From edge `i` of hull a towards the round core of b (perpendicular to the edge).
    EdgeA(u32),
    /// From edge `j` of hull b towards the round core of a.
    EdgeB(u32),
    /// The line through the centres of two spheres, from a's centre to b's.
    Centers,
    /// From the closest point of a's core to the closest point of b's core, where a core is a
    /// capsule's segment or a sphere's centre (round–round pairs with a capsule).
    ClosestPoints,
}

impl Axis {
    /// The same axis with the roles of a and b exchanged.
    #[inline]
    pub fn flipped(self) -> Axis {
        match self {
            Axis::FaceA(i) => Axis::FaceB(i),
            Axis::FaceB(i) => Axis::FaceA(i),
            Axis::Edges { a, b } => Axis::Edges { a: b, b: a },
            Axis::VertexA(i) => Axis::VertexB(i),
            Axis::VertexB(i) => Axis::VertexA(i),
            Axis::EdgeA(i) => Axis::EdgeB(i),
            Axis::EdgeB(i) => Axis::EdgeA(i),
            Axis::Centers => Axis::Centers,
            Axis::ClosestPoints => Axis::ClosestPoints,
        }
    }
}

impl core::fmt::Display for Axis {
    /// Short labels: `fA0`, `fB3`, `eA2×eB5`, `vA1→B`, `eA4→B`, `A→B`, `closest`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Axis::FaceA(i) => write!(f, "fA{i}"),
            Axis::FaceB(j) => write!(f, "fB{j}"),
            Axis::Edges { a, b } => write!(f, "eA{a}×eB{b}"),
            Axis::VertexA(k) => write!(f, "vA{k}→B"),
            Axis::VertexB(k) => write!(f, "vB{k}→A"),
            Axis::EdgeA(i) => write!(f, "eA{i}→B"),
            Axis::EdgeB(j) => write!(f, "eB{j}→A"),
            Axis::Centers => write!(f, "A→B"),
            Axis::ClosestPoints => write!(f, "closest"),
        }
    }
}
