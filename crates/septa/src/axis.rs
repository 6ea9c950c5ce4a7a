//! Candidate axes: where each direction tested by SAT comes from.
//!
//! For two convex polygons the only directions that can separate them are the edge normals of
//! both: a separating line can always be turned until it lies along an edge of one of them.
//! Testing only one shape's normals is the classic bug: it reports overlap for pairs that only
//! an edge of the other shape separates.
//!
//! A circle has no edges. Against a polygon the extra candidate is the direction from the
//! polygon vertex nearest the centre to the centre, which is the axis that separates a circle
//! sitting off a corner. Between two circles the only axis is the line through the centres.
//!
//! A capsule counts as a 2-gon with two sides: edge 0 on the right of its segment a → b
//! (normal [`Capsule::normal`](crate::Capsule::normal)) and edge 1 on the left; its ends are
//! vertices 0 and 1.

/// Where a candidate separating axis comes from. Indices are into the shape's vertex/edge lists
/// (edge `i` runs from vertex `i` to vertex `i + 1`, counter-clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Axis {
    /// The outward normal of edge `i` of shape a.
    EdgeA(u32),
    /// The outward normal of edge `j` of shape b.
    EdgeB(u32),
    /// From vertex `k` of polygon a towards the round shape b: to a circle's centre, or to the
    /// capsule end that has `k` as its nearest vertex.
    VertexA(u32),
    /// From vertex `k` of polygon b towards the round shape a.
    VertexB(u32),
    /// The line through the centres of two circles, from a's centre to b's.
    Centers,
    /// From the closest point of a's core to the closest point of b's core, where a core is a
    /// capsule's segment or a circle's centre (pairs with a capsule).
    ClosestPoints,
}

impl Axis {
    /// The same axis with the roles of a and b exchanged.
    #[inline]
    pub fn flipped(self) -> Axis {
        match self {
            Axis::EdgeA(i) => Axis::EdgeB(i),
            Axis::EdgeB(i) => Axis::EdgeA(i),
            Axis::VertexA(i) => Axis::VertexB(i),
            Axis::VertexB(i) => Axis::VertexA(i),
            Axis::Centers => Axis::Centers,
            Axis::ClosestPoints => Axis::ClosestPoints,
        }
    }
}

impl core::fmt::Display for Axis {
    /// Short labels as the explorer shows them: `A0`, `B3`, `A2→B` (vertex to centre), `AB`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Axis::EdgeA(i) => write!(f, "A{i}"),
            Axis::EdgeB(j) => write!(f, "B{j}"),
            Axis::VertexA(k) => write!(f, "vA{k}→B"),
            Axis::VertexB(k) => write!(f, "vB{k}→A"),
            Axis::Centers => write!(f, "A→B"),
            Axis::ClosestPoints => write!(f, "closest"),
        }
    }
}
