//! Splitting a simple polygon into convex pieces, and what a piece remembers.

use alloc::vec::Vec;

use super::error::ConcaveError;
use super::outline::SimplePolygon;
use super::{hertel_mehlhorn, optimal, triangulate};
use crate::Vector;

/// The largest vertex count (outline, no holes) that [`SimplePolygon::decompose`] splits
/// optimally; above it, and for polygons with holes, it runs Hertel–Mehlhorn.
///
/// The exact programme weighs every diagonal against the vertices between its ends, `O(n³)`
/// in the worst case. Measured in release builds: about 1 ms for 100 vertices, 30–100 ms for
/// 400 (spiky stars, combs, thick zigzags), but 0.2–1.3 s for 1,000. Hertel–Mehlhorn takes
/// about 3 ms for 1,000 vertices (ear clipping, `O(n²)` at worst), with 5–100 % more pieces.
pub const OPTIMAL_UP_TO: usize = 400;

/// Which algorithm produced a [`Decomposition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The exact minimum number of convex pieces without added vertices (Keil's dynamic
    /// programme, see [`OPTIMAL_UP_TO`]).
    Optimal,
    /// Ear-clipping triangulation, then every diagonal removed whose removal keeps the pieces
    /// convex (Hertel and Mehlhorn): at most four times the minimum, usually much closer. Used
    /// above [`OPTIMAL_UP_TO`] vertices and for polygons with holes.
    HertelMehlhorn,
}

impl core::fmt::Display for Method {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Method::Optimal => write!(f, "optimal"),
            Method::HertelMehlhorn => write!(f, "Hertel-Mehlhorn"),
        }
    }
}

/// One convex piece of a decomposition: corners of the polygon, counter-clockwise, and for each
/// edge whether it is **internal** (a diagonal shared with another piece) or lies on the
/// polygon's outline or a hole's boundary.
///
/// Edge `i` runs from corner `i` to corner `i + 1`. A corner may be *straight* (180°) where the
/// piece meets another: [`ConvexPolygon::new`](crate::ConvexPolygon::new) drops such corners.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexPiece {
    indices: Vec<usize>,
    points: Vec<Vector>,
    internal: Vec<bool>,
}

impl ConvexPiece {
    /// The corners, counter-clockwise: points of the polygon, exactly.
    #[inline]
    pub fn points(&self) -> &[Vector] {
        &self.points
    }

    /// The corners as indices into [`SimplePolygon::vertices`].
    #[inline]
    pub fn indices(&self) -> &[usize] {
        &self.indices
    }

    /// For each edge, whether it is internal (shared with another piece).
    #[inline]
    pub fn internal(&self) -> &[bool] {
        &self.internal
    }

    /// Is edge `i` internal?
    #[inline]
    pub fn is_internal(&self, i: usize) -> bool {
        self.internal[i]
    }

    /// The number of corners (and edges).
    #[inline]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Always false: a piece has at least three corners.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// The convex pieces of a polygon, and which algorithm made them.
#[derive(Clone, Debug, PartialEq)]
pub struct Decomposition {
    pieces: Vec<ConvexPiece>,
    method: Method,
}

impl Decomposition {
    /// The pieces. They cover the polygon exactly, without overlapping, and their corners are
    /// the polygon's own vertices.
    #[inline]
    pub fn pieces(&self) -> &[ConvexPiece] {
        &self.pieces
    }

    /// The algorithm that ran: [`Method::Optimal`] (the minimum number of pieces) or
    /// [`Method::HertelMehlhorn`].
    #[inline]
    pub fn method(&self) -> Method {
        self.method
    }

    /// The number of pieces.
    #[inline]
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Always false: a polygon has at least one piece.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }
}

impl SimplePolygon {
    /// Splits the polygon into convex pieces: the minimum number without added vertices for an
    /// outline of up to [`OPTIMAL_UP_TO`] vertices without holes ([`Method::Optimal`]),
    /// Hertel–Mehlhorn otherwise.
    ///
    /// ```
    /// use septa::concave::{Method, SimplePolygon};
    /// use septa::Vector;
    /// // A comb with three teeth on a base wider than them: each tooth is cut off at its
    /// // base, and the base stays whole.
    /// let mut comb = vec![Vector::new(0.0, 0.0), Vector::new(8.0, 0.0), Vector::new(8.0, 1.0)];
    /// for tooth in (0..3).rev() {
    ///     let x = 1.0 + 2.5 * tooth as septa::Real;
    ///     comb.extend([Vector::new(x + 1.0, 1.0), Vector::new(x + 1.0, 3.0), Vector::new(x, 3.0), Vector::new(x, 1.0)]);
    /// }
    /// comb.push(Vector::new(0.0, 1.0));
    /// let pieces = SimplePolygon::new(&comb)?.decompose()?;
    /// assert_eq!(pieces.method(), Method::Optimal);
    /// assert_eq!(pieces.len(), 4);
    /// # Ok::<(), septa::concave::ConcaveError>(())
    /// ```
    ///
    /// # Errors
    /// [`ConcaveError::Degenerate`] if the triangulation of a polygon with holes finds no
    /// bridge or ear, which valid input does not produce.
    pub fn decompose(&self) -> Result<Decomposition, ConcaveError> {
        let method = if self.hole_count() == 0 && self.outline().len() <= OPTIMAL_UP_TO {
            Method::Optimal
        } else {
            Method::HertelMehlhorn
        };
        self.decompose_with(method)
    }

    /// Splits the polygon with the given method; [`Method::Optimal`] on a polygon with holes
    /// runs Hertel–Mehlhorn instead (and says so in the result). The optimal programme's time
    /// grows as the cube of the vertex count: see [`OPTIMAL_UP_TO`].
    ///
    /// # Errors
    /// As [`decompose`](Self::decompose).
    pub fn decompose_with(&self, method: Method) -> Result<Decomposition, ConcaveError> {
        let optimal = (method == Method::Optimal && self.hole_count() == 0)
            .then(|| optimal::decompose(self.ring(0)))
            .flatten();
        let (cycles, method) = match optimal {
            Some(cycles) => (cycles, Method::Optimal),
            None => {
                let triangles = triangulate::triangulate(self)?;
                (hertel_mehlhorn::merge(self, &triangles), Method::HertelMehlhorn)
            }
        };
        let pieces = cycles.into_iter().map(|indices| self.piece(indices)).collect();
        Ok(Decomposition { pieces, method })
    }

    /// A piece from its corners: each edge internal unless it follows its ring.
    pub(super) fn piece(&self, indices: Vec<usize>) -> ConvexPiece {
        let n = indices.len();
        let internal = (0..n).map(|e| self.next(indices[e]) != indices[(e + 1) % n]).collect();
        let points = indices.iter().map(|&v| self.vertices()[v]).collect();
        ConvexPiece { indices, points, internal }
    }
}
