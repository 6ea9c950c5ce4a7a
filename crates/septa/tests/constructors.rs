//! Shape constructors, checked against answers worked out by hand.
//!
//! Every expected value below comes from plane geometry done on paper (the derivation is in the
//! comment next to it), never from septa's output.

mod hand;

use hand::{assert_close, assert_near, v};
use septa::{
    contact, overlaps, Capsule, Circle, ConvexPolygon, OrientedBox, Pose, Real, ShapeError, Vector,
    COLLINEAR_TOLERANCE, COORDINATE_LIMIT,
};

/// Is `got` the loop `want` (same cyclic order, any starting vertex)?
#[track_caller]
fn assert_same_loop(got: &[Vector], want: &[Vector]) {
    assert_eq!(got.len(), want.len(), "got {got:?}, want {want:?}");
    let start =
        got.iter().position(|p| *p == want[0]).unwrap_or_else(|| panic!("{:?} missing in {got:?}", want[0]));
    for (k, w) in want.iter().enumerate() {
        assert_eq!(got[(start + k) % got.len()], *w, "got {got:?}, want {want:?}");
    }
}

/// Unit, outward, and the plane offset is the polygon's largest projection on its own normal,
/// reached at both ends of the edge.
#[track_caller]
fn assert_planes_consistent(p: &ConvexPolygon) {
    let n = p.len();
    assert_eq!(p.normals().len(), n);
    assert_eq!(p.plane_offsets().len(), n);
    let c = p.centroid();
    for i in 0..n {
        let (normal, d) = (p.normals()[i], p.plane_offsets()[i]);
        assert_near(normal.length(), 1.0, 1e-6);
        let (a, b) = (p.vertices()[i], p.vertices()[(i + 1) % n]);
        // perpendicular to its edge
        assert_near(normal.dot((b - a).normalize()), 0.0, 1e-6);
        // both ends of edge i lie on the plane n·x = d
        assert_near(normal.dot(a), d, 1e-5);
        assert_near(normal.dot(b), d, 1e-5);
        // outward: the centroid is strictly behind, every vertex behind or on
        assert!(normal.dot(c) < d, "normal {i} points inward");
        for w in p.vertices() {
            assert!(normal.dot(*w) <= d + 1e-5, "vertex {w:?} in front of face {i}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every error variant and its message
// ---------------------------------------------------------------------------------------------

#[test]
fn too_few_vertices() {
    // (0,0),(1,0),(0,0): the last equals the first and is dropped → 2 distinct points.
    let err = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(0.0, 0.0)]).unwrap_err();
    assert_eq!(err, ShapeError::TooFewVertices { distinct: 2 });
    assert_eq!(err.to_string(), "a polygon needs at least 3 distinct vertices, got 2");
    // No points at all: 0 distinct.
    assert_eq!(ConvexPolygon::new(&[]).unwrap_err(), ShapeError::TooFewVertices { distinct: 0 });
    // One point repeated: consecutive duplicates collapse to 1.
    assert_eq!(
        ConvexPolygon::new(&[v(3.0, 4.0); 5]).unwrap_err(),
        ShapeError::TooFewVertices { distinct: 1 }
    );
    // The hull dedups all repeats: {(0,0),(1,0)} → 2 distinct.
    assert_eq!(
        ConvexPolygon::hull(&[v(0.0, 0.0), v(1.0, 0.0), v(0.0, 0.0), v(1.0, 0.0)]).unwrap_err(),
        ShapeError::TooFewVertices { distinct: 2 }
    );
}

#[test]
fn non_finite() {
    let err = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(Real::NAN, 1.0)]).unwrap_err();
    assert_eq!(err, ShapeError::NonFinite { index: 2 });
    assert_eq!(err.to_string(), "point 2 has a coordinate that is not a finite number");
    let err =
        ConvexPolygon::hull(&[v(0.0, 0.0), v(0.0, Real::INFINITY), v(1.0, 0.0), v(1.0, 1.0)]).unwrap_err();
    assert_eq!(err, ShapeError::NonFinite { index: 1 });
    // The check runs before duplicate removal: index in the *input*.
    let err =
        ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 0.0), v(1.0, 0.0), v(Real::NEG_INFINITY, 1.0)]).unwrap_err();
    assert_eq!(err, ShapeError::NonFinite { index: 3 });
    assert_eq!(ConvexPolygon::regular(5, 1.0, Real::NAN).unwrap_err(), ShapeError::NonFinite { index: 0 });
    assert_eq!(
        ConvexPolygon::rectangle(v(Real::INFINITY, 1.0)).unwrap_err(),
        ShapeError::NonFinite { index: 0 }
    );
    assert_eq!(Circle::new(v(Real::NAN, 0.0), 1.0).unwrap_err(), ShapeError::NonFinite { index: 0 });
}

#[test]
fn coordinates_beyond_the_limit_are_refused() {
    // The limit itself is accepted; the next representable number above it is not. Each
    // constructor names the offending point (by input index) or rejects the size.
    let lim = COORDINATE_LIMIT;
    let over = Real::from_bits(lim.to_bits() + 1);
    assert!(over > lim);
    // A triangle reaching exactly to the limit is fine.
    assert!(ConvexPolygon::new(&[v(-lim, -lim), v(lim, -lim), v(0.0, lim)]).is_ok());
    let err = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(0.0, -over)]).unwrap_err();
    assert_eq!(err, ShapeError::OutOfRange { index: 2 });
    assert_eq!(
        err.to_string(),
        format!("point 2 has a coordinate beyond ±{lim:e}, the largest septa accepts")
    );
    assert_eq!(
        ConvexPolygon::hull(&[v(0.0, 0.0), v(over, 1.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap_err(),
        ShapeError::OutOfRange { index: 1 }
    );
    // A NaN anywhere is reported as such, even after an out-of-range point.
    assert_eq!(
        ConvexPolygon::new(&[v(over, 0.0), v(1.0, 0.0), v(Real::NAN, 1.0)]).unwrap_err(),
        ShapeError::NonFinite { index: 2 }
    );
    // A rectangle's points are its corners from (−hx, −hy): the first is already out.
    assert_eq!(ConvexPolygon::rectangle(v(1.0, over)).unwrap_err(), ShapeError::OutOfRange { index: 0 });
    assert_eq!(ConvexPolygon::regular(6, over, 0.0).unwrap_err(), ShapeError::InvalidRadius { radius: over });
    assert_eq!(Circle::new(v(0.0, over), 1.0).unwrap_err(), ShapeError::OutOfRange { index: 0 });
    assert_eq!(Circle::new(Vector::ZERO, over).unwrap_err(), ShapeError::InvalidRadius { radius: over });
    assert!(Circle::new(v(lim, -lim), lim).is_ok());
    assert_eq!(
        OrientedBox::new(v(-over, 0.0), v(1.0, 1.0), 0.0).unwrap_err(),
        ShapeError::OutOfRange { index: 0 }
    );
    assert_eq!(
        OrientedBox::new(Vector::ZERO, v(over, 1.0), 0.0).unwrap_err(),
        ShapeError::InvalidHalfExtents { x: over, y: 1.0 }
    );
    assert_eq!(
        Capsule::new(v(0.0, 0.0), v(0.0, over), 1.0).unwrap_err(),
        ShapeError::OutOfRange { index: 1 }
    );
    assert_eq!(
        Capsule::new(v(0.0, 0.0), v(0.0, 1.0), over).unwrap_err(),
        ShapeError::InvalidCapsuleRadius { radius: over }
    );
}

#[test]
fn shapes_at_the_limit_give_finite_answers() {
    // Two squares with corners at ±limit overlapping by half their width, and placed by poses
    // at ±limit: every number that comes back is finite. By hand: a = [−L, L]², b = a shifted
    // by L along x: overlap L along x (the MTV, normal +x), 2L along y.
    let lim = COORDINATE_LIMIT;
    let a = ConvexPolygon::rectangle(v(lim, lim)).unwrap();
    let c = contact(&a, Pose::IDENTITY, &a, Pose::from_translation(v(lim, 0.0))).unwrap();
    assert_close(c.normal, v(1.0, 0.0), 1e-6);
    assert!((c.depth / lim - 1.0).abs() < 1e-6, "{c:?}");
    let far = Pose::from_translation(v(-lim, lim));
    let c = contact(&a, far, &a, Pose::from_translation(v(0.0, lim))).unwrap();
    assert!((c.depth / lim - 1.0).abs() < 1e-6, "{c:?}");
}

#[test]
fn not_convex_concave_input_names_the_reflex_vertex() {
    // A 2×2 square with a notch in its right side: (0,0),(2,0),(1,0.5),(2,2),(0,2).
    // Twice the signed area = 2·(4 − 1) > 0, so it is counter-clockwise as given.
    // Turn at (1,0.5): e0 = (1,0.5)−(2,0) = (−1,0.5), e1 = (2,2)−(1,0.5) = (1,1.5);
    // e0 × e1 = −1·1.5 − 0.5·1 = −2 < 0: a right turn, at input index 2.
    let notch = [v(0.0, 0.0), v(2.0, 0.0), v(1.0, 0.5), v(2.0, 2.0), v(0.0, 2.0)];
    let err = ConvexPolygon::new(&notch).unwrap_err();
    assert_eq!(err, ShapeError::NotConvex { index: 2 });
    assert_eq!(
        err.to_string(),
        "the points are not in convex order: the boundary turns the wrong way at point 2 \
         (use a convex hull constructor for points in any order)"
    );
    // The same loop given clockwise: (0,0),(0,2),(2,2),(1,0.5),(2,0). The reflex point is now
    // input index 3, and the error must still name the index in the caller's input.
    let cw = [v(0.0, 0.0), v(0.0, 2.0), v(2.0, 2.0), v(1.0, 0.5), v(2.0, 0.0)];
    assert_eq!(ConvexPolygon::new(&cw).unwrap_err(), ShapeError::NotConvex { index: 3 });
    // The hull of the same points is fine: the notch point is interior → the 2×2 square.
    let hull = ConvexPolygon::hull(&notch).unwrap();
    assert_same_loop(hull.vertices(), &[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]);
}

#[test]
fn not_convex_spike_doubling_back() {
    // (0,0) → (3,0) → back to (2,0) → (2,2) → (0,2): the boundary runs out to x = 3 along the
    // bottom line and returns on itself. (3,0) lies on the line through its neighbours (0,0) and
    // (2,0), but outside the segment between them: a spike, not a removable collinear point.
    // Twice the signed area about (0,0): 0 + 0 + (2,0)×(2,2) + (2,2)×(0,2) = 4 + 4 > 0, so no
    // reversal, and the offending point is input index 1.
    let spike = [v(0.0, 0.0), v(3.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)];
    assert_eq!(ConvexPolygon::new(&spike).unwrap_err(), ShapeError::NotConvex { index: 1 });
    // A spike out of the top edge and back along the same line (a needle): (1,2)→(1,5)→(1,2) is
    // not possible without repeating a point, so go up from (0,2) to (0,4) and back to (0,1):
    // (0,4) lies on the line x = 0 through its neighbours (0,2) and (0,1), outside the segment
    // ((0,4)−(0,2))·((0,1)−(0,4)) = 2·(−3) < 0: input index 4. (Twice the signed area about
    // (0,0) is 0 + 4 + 4 + 0 + 0 > 0: no reversal.)
    let needle = [v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0), v(0.0, 4.0), v(0.0, 1.0)];
    assert_eq!(ConvexPolygon::new(&needle).unwrap_err(), ShapeError::NotConvex { index: 4 });
}

#[test]
fn not_convex_pentagram() {
    // The pentagram {5/2}: the vertices of a regular pentagon taken every other one, i.e. at
    // angles 90° + 144°·k. Each edge turns the direction by +144° (a left turn: sin 144° > 0),
    // so every local test passes, but the turns add up to 5·144° = 720°: it winds twice.
    // The running total passes 360° at the third vertex (144, 288, 432): index 2.
    let star: Vec<Vector> =
        (0..5).map(|k| Vector::from_angle((90.0 + 144.0 * k as Real).to_radians())).collect();
    assert_eq!(ConvexPolygon::new(&star).unwrap_err(), ShapeError::NotConvex { index: 2 });
    // Its hull is the pentagon, all five points.
    assert_eq!(ConvexPolygon::hull(&star).unwrap().len(), 5);
}

#[test]
fn zero_area() {
    // (0,0),(1,1),(2,2): (1,1) is on the segment between the others and is dropped; 2 remain.
    let err = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]).unwrap_err();
    assert_eq!(err, ShapeError::ZeroArea);
    assert_eq!(err.to_string(), "the points are collinear: the polygon has no area");
    // Hull of collinear points (with a repeat): lower and upper chains both reduce to the two
    // ends, so the hull is a segment.
    let err =
        ConvexPolygon::hull(&[v(0.0, 0.0), v(3.0, 3.0), v(1.0, 1.0), v(2.0, 2.0), v(1.0, 1.0)]).unwrap_err();
    assert_eq!(err, ShapeError::ZeroArea);
    // A rectangle with a zero or negative half extent.
    assert_eq!(ConvexPolygon::rectangle(v(1.0, 0.0)).unwrap_err(), ShapeError::ZeroArea);
    assert_eq!(ConvexPolygon::rectangle(v(-1.0, 1.0)).unwrap_err(), ShapeError::ZeroArea);
}

#[test]
fn invalid_radius_and_too_few_sides() {
    let err = Circle::new(Vector::ZERO, 0.0).unwrap_err();
    assert_eq!(err, ShapeError::InvalidRadius { radius: 0.0 });
    assert_eq!(
        err.to_string(),
        format!("radius must be a finite number greater than zero and at most {COORDINATE_LIMIT:e}, got 0")
    );
    let err = Circle::new(Vector::ZERO, -1.5).unwrap_err();
    assert_eq!(err, ShapeError::InvalidRadius { radius: -1.5 });
    assert_eq!(
        err.to_string(),
        format!(
            "radius must be a finite number greater than zero and at most {COORDINATE_LIMIT:e}, got -1.5"
        )
    );
    let err = Circle::new(Vector::ZERO, Real::NAN).unwrap_err();
    assert!(matches!(err, ShapeError::InvalidRadius { radius } if radius.is_nan()));
    assert_eq!(
        err.to_string(),
        format!("radius must be a finite number greater than zero and at most {COORDINATE_LIMIT:e}, got NaN")
    );
    assert_eq!(
        Circle::new(Vector::ZERO, Real::INFINITY).unwrap_err(),
        ShapeError::InvalidRadius { radius: Real::INFINITY }
    );
    // A valid circle keeps what it was given.
    let c = Circle::new(v(1.0, 2.0), 0.25).unwrap();
    assert_eq!((c.center(), c.radius()), (v(1.0, 2.0), 0.25));
    // Its projection on (0.6, 0.8): centre 0.6 + 1.6 = 2.2, ± 0.25.
    let i = c.project(v(0.6, 0.8));
    assert_near(i.min, 1.95, 1e-6);
    assert_near(i.max, 2.45, 1e-6);

    let err = ConvexPolygon::regular(2, 1.0, 0.0).unwrap_err();
    assert_eq!(err, ShapeError::TooFewSides { sides: 2 });
    assert_eq!(err.to_string(), "a regular polygon needs at least 3 sides, got 2");
    assert_eq!(ConvexPolygon::regular(0, 1.0, 0.0).unwrap_err(), ShapeError::TooFewSides { sides: 0 });
    assert_eq!(ConvexPolygon::regular(6, -2.0, 0.0).unwrap_err(), ShapeError::InvalidRadius { radius: -2.0 });
    assert_eq!(ConvexPolygon::regular(6, 0.0, 0.0).unwrap_err(), ShapeError::InvalidRadius { radius: 0.0 });
}

#[test]
fn errors_are_std_errors() {
    let err: Box<dyn std::error::Error> = Box::new(ShapeError::ZeroArea);
    assert_eq!(err.to_string(), "the points are collinear: the polygon has no area");
}

// ---------------------------------------------------------------------------------------------
// Winding, duplicates, collinear points
// ---------------------------------------------------------------------------------------------

#[test]
fn either_winding_gives_the_same_polygon() {
    // Unit square. Counter-clockwise (y up): (0,0),(1,0),(1,1),(0,1).
    let ccw = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]).unwrap();
    // Clockwise: (0,0),(0,1),(1,1),(1,0). Reversed keeping the first vertex first, it is the
    // same list as above.
    let cw = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 1.0), v(1.0, 1.0), v(1.0, 0.0)]).unwrap();
    assert_eq!(ccw, cw);
    assert_eq!(cw.vertices(), &[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]);
    // Edge i from vertex i to i+1, normal (e.y, −e.x)/|e|:
    //   e0 = (1,0) → (0,−1);  e1 = (0,1) → (1,0);  e2 = (−1,0) → (0,1);  e3 = (0,−1) → (−1,0).
    assert_eq!(cw.normals(), &[v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0)]);
    // Offsets nᵢ·vᵢ: (0,−1)·(0,0) = 0, (1,0)·(1,0) = 1, (0,1)·(1,1) = 1, (−1,0)·(0,1) = 0.
    assert_eq!(cw.plane_offsets(), &[0.0, 1.0, 1.0, 0.0]);

    // Clockwise starting at (1,1): (1,1),(1,0),(0,0),(0,1) → reversed after the first:
    // (1,1),(0,1),(0,0),(1,0).
    let cw2 = ConvexPolygon::new(&[v(1.0, 1.0), v(1.0, 0.0), v(0.0, 0.0), v(0.0, 1.0)]).unwrap();
    assert_eq!(cw2.vertices(), &[v(1.0, 1.0), v(0.0, 1.0), v(0.0, 0.0), v(1.0, 0.0)]);
    // e0 = (−1,0) → normal (0,1), offset 1.
    assert_eq!(cw2.normals()[0], v(0.0, 1.0));
    assert_eq!(cw2.plane_offsets()[0], 1.0);

    // A clockwise triangle: (0,0),(0,3),(4,0) → stored (0,0),(4,0),(0,3).
    let tri = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 3.0), v(4.0, 0.0)]).unwrap();
    assert_eq!(tri.vertices(), &[v(0.0, 0.0), v(4.0, 0.0), v(0.0, 3.0)]);
}

#[test]
fn exact_duplicates_are_removed() {
    // Consecutive repeats and a closing repeat of the first point.
    let p = ConvexPolygon::new(&[
        v(0.0, 0.0),
        v(0.0, 0.0),
        v(1.0, 0.0),
        v(1.0, 0.0),
        v(1.0, 0.0),
        v(1.0, 1.0),
        v(0.0, 1.0),
        v(0.0, 0.0),
    ])
    .unwrap();
    assert_eq!(p.vertices(), &[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]);
    // Closing repeat given twice.
    let q = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 0.0), v(0.0, 0.0)]).unwrap();
    assert_eq!(q.vertices(), &[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0)]);
}

#[test]
fn collinear_points_are_removed() {
    // (1,0) lies exactly on the bottom edge from (0,0) to (2,0).
    let exact =
        ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]).unwrap();
    assert_eq!(exact.vertices(), &[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]);
    // Several collinear points on several edges, and one on the closing edge (0,2)→(0,0).
    let many = ConvexPolygon::new(&[
        v(0.0, 0.0),
        v(0.5, 0.0),
        v(1.5, 0.0),
        v(2.0, 0.0),
        v(2.0, 1.0),
        v(2.0, 2.0),
        v(0.0, 2.0),
        v(0.0, 1.0),
    ])
    .unwrap();
    assert_eq!(many.vertices(), exact.vertices());
    // The *first* point on an edge, (1,0) between (0,0) (last) and (2,0): dropped at the seam.
    let seam =
        ConvexPolygon::new(&[v(1.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0), v(0.0, 0.0)]).unwrap();
    assert_same_loop(seam.vertices(), &[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]);

    // Off the line by a 25th of the tolerance, relative to the neighbours' distance: (1, ±h)
    // between (0,0) and (2,0) (distance 2), h = 2·tol/25 (2e-8 in f32). Both an outward and an
    // inward (would-be reflex) bump are merged.
    let tol = COLLINEAR_TOLERANCE as Real;
    assert_eq!(tol, if cfg!(feature = "f64") { 1e-12 } else { 2.5e-7 });
    let h = 2.0 * tol / 25.0;
    for bump in [h, -h] {
        let p =
            ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, bump), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]).unwrap();
        assert_eq!(p.vertices(), exact.vertices(), "bump {bump}");
    }
    // Off by 4 tolerances (outward, (1, −8·tol), 2e-6 in f32): a genuine corner.
    let kept = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, -8.0 * tol), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)])
        .unwrap();
    assert_eq!(kept.len(), 5);
}

#[test]
fn sliver_corners_are_kept() {
    // A 1 × 1e-5 rectangle: aspect 1e5. At (1,0), the neighbours (0,0) and (1,1e-5) are
    // ≈ 1 apart and (1,0) is 1e-5 off their line: relative 1e-5 ≫ 2.5e-7, so it is a corner.
    let h: Real = 1e-5;
    let sliver = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, h), v(0.0, h)]).unwrap();
    assert_eq!(sliver.len(), 4);
    assert_eq!(sliver.normals(), &[v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0)]);
    // Offsets: 0, 1, h, 0.
    assert_eq!(sliver.plane_offsets(), &[0.0, 1.0, h, 0.0]);
    // A thin triangle (0,0),(1,0),(0.5,1e-5): the apex is 1e-5 off the base, kept.
    let thin = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(0.5, h)]).unwrap();
    assert_eq!(thin.len(), 3);
    // It still collides like a sliver: a unit square resting with its bottom at y = 0.5e-5
    // overlaps the rectangle by h − 0.5e-5 = 5e-6 along +y.
    let square = ConvexPolygon::rectangle(v(0.5, 0.5)).unwrap();
    let c = contact(&sliver, Pose::IDENTITY, &square, Pose::from_translation(v(0.5, 0.5 + 0.5 * h))).unwrap();
    assert_close(c.normal, v(0.0, 1.0), 1e-6);
    assert_near(c.depth, 0.5 * h, 2e-7);
}

// ---------------------------------------------------------------------------------------------
// Hull
// ---------------------------------------------------------------------------------------------

#[test]
fn hull_with_interior_duplicate_and_collinear_points() {
    // Corners of the 2×2 square, plus: (1,1) interior, (1,0) and (0,1) on edges, repeats of
    // (0,0) and (2,2). The hull is the square, counter-clockwise.
    let pts = [
        v(1.0, 1.0),
        v(2.0, 2.0),
        v(1.0, 0.0),
        v(0.0, 0.0),
        v(2.0, 0.0),
        v(0.0, 1.0),
        v(0.0, 2.0),
        v(0.0, 0.0),
        v(2.0, 2.0),
        v(1.5, 0.5),
    ];
    let hull = ConvexPolygon::hull(&pts).unwrap();
    assert_same_loop(hull.vertices(), &[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]);
    assert_planes_consistent(&hull);
    // Any order of the same points gives the same loop.
    let mut reversed = pts;
    reversed.reverse();
    assert_same_loop(ConvexPolygon::hull(&reversed).unwrap().vertices(), hull.vertices());
    // A hexagon's corners among random-looking interior points.
    let hex = ConvexPolygon::hull(&[
        v(0.0, 0.0),
        v(2.0, 0.0),
        v(0.5, 0.5),
        v(3.0, 1.0),
        v(1.0, 1.0),
        v(2.0, 2.0),
        v(0.0, 2.0),
        v(-1.0, 1.0),
        v(1.5, 1.2),
    ])
    .unwrap();
    assert_same_loop(
        hex.vertices(),
        &[v(0.0, 0.0), v(2.0, 0.0), v(3.0, 1.0), v(2.0, 2.0), v(0.0, 2.0), v(-1.0, 1.0)],
    );
}

// ---------------------------------------------------------------------------------------------
// Regular polygons, rectangles
// ---------------------------------------------------------------------------------------------

#[test]
fn regular_polygons_by_hand() {
    // Square of circumradius √2 rotated by 45°: corners at 45°, 135°, 225°, 315° → (±1, ±1).
    let sq = ConvexPolygon::regular(4, Real::sqrt(2.0), septa::consts::FRAC_PI_4).unwrap();
    let want = [v(1.0, 1.0), v(-1.0, 1.0), v(-1.0, -1.0), v(1.0, -1.0)];
    for (got, want) in sq.vertices().iter().zip(want) {
        assert_close(*got, want, 1e-6);
    }
    // e0 = (−2,0) → (0,1); e1 = (0,−2) → (−1,0); e2 → (0,−1); e3 → (1,0); all offsets 1.
    for (got, want) in sq.normals().iter().zip([v(0.0, 1.0), v(-1.0, 0.0), v(0.0, -1.0), v(1.0, 0.0)]) {
        assert_close(*got, want, 1e-6);
    }
    for d in sq.plane_offsets() {
        assert_near(*d, 1.0, 1e-6);
    }

    // Hexagon of circumradius 2: corners at 60°·k, edge normals at 30° + 60°·k, offsets = the
    // apothem 2·cos 30° = √3, centroid at the origin, bounding radius 2.
    let hex = ConvexPolygon::regular(6, 2.0, 0.0).unwrap();
    assert_eq!(hex.len(), 6);
    for k in 0..6 {
        let angle = (60.0 * k as Real).to_radians();
        assert_close(hex.vertices()[k], 2.0 * Vector::from_angle(angle), 1e-6);
        assert_close(hex.normals()[k], Vector::from_angle(angle + Real::to_radians(30.0)), 1e-6);
        assert_near(hex.plane_offsets()[k], Real::sqrt(3.0), 1e-6);
    }
    assert_close(hex.centroid(), Vector::ZERO, 1e-6);
    assert_near(hex.bounding_radius(), 2.0, 1e-6);

    // Triangle of circumradius 1 from angle 0: apothem cos 60° = 0.5; first normal at 60°.
    let tri = ConvexPolygon::regular(3, 1.0, 0.0).unwrap();
    assert_close(tri.normals()[0], v(0.5, Real::sqrt(3.0) / 2.0), 1e-6);
    for d in tri.plane_offsets() {
        assert_near(*d, 0.5, 1e-6);
    }
    assert_planes_consistent(&tri);
}

#[test]
fn regular_polygon_with_4096_vertices() {
    // Circumradius 1. Neighbouring vertices are 2 sin(π/4096) ≈ 1.5e-3 apart and a vertex is
    // 1 − cos(2π/4096) ≈ 1.2e-6 off its neighbours' line: 7.7e-4 relative, far above the
    // collinearity tolerance, so no vertex is dropped.
    let n = 4096;
    let p = ConvexPolygon::regular(n, 1.0, 0.0).unwrap();
    assert_eq!(p.len(), n);
    // The apothem cos(π/4096) = 1 − 2.9e-7.
    for d in p.plane_offsets() {
        assert_near(*d, 1.0, 1e-6);
    }
    assert_near(p.bounding_radius(), 1.0, 1e-6);

    // A circle of radius 0.5 whose centre is 1.4 from the centre at angle 0.3 rad: against the
    // unit disk it would overlap by 1 + 0.5 − 1.4 = 0.1 along (cos 0.3, sin 0.3). The polygon
    // lies between the disk of radius cos(π/4096) and the unit disk, so the depth is 0.1 minus at
    // most 3e-7, and the normal is within one angular step (2π/4096 ≈ 1.5e-3) of that direction.
    let dir = Vector::from_angle(0.3);
    let ball = Circle::new(Vector::ZERO, 0.5).unwrap();
    let c = contact(&p, Pose::IDENTITY, &ball, Pose::from_translation(dir * 1.4)).unwrap();
    assert_near(c.depth, 0.1, 1e-5);
    assert_close(c.normal, dir, 2e-3);
    // Clear by 1e-3 → disjoint; in by 1e-3 → overlapping.
    assert!(!overlaps(&p, Pose::IDENTITY, &ball, Pose::from_translation(dir * 1.501)));
    assert!(overlaps(&p, Pose::IDENTITY, &ball, Pose::from_translation(dir * 1.499)));

    // A 1×1 square whose left side is at x = 0.8 (centre (1.3, 0)): the polygon reaches
    // x = 1 at vertex 0, so b leaves along +x by 1 − 0.8 = 0.2 (any tilted direction needs more:
    // along angle θ the square's nearest corner projects to 0.8 cos θ − 0.5 |sin θ|).
    let square = ConvexPolygon::rectangle(v(0.5, 0.5)).unwrap();
    let c = contact(&p, Pose::IDENTITY, &square, Pose::from_translation(v(1.3, 0.0))).unwrap();
    assert_near(c.depth, 0.2, 1e-5);
    assert_close(c.normal, v(1.0, 0.0), 1e-5);
}

#[test]
fn rectangle_by_hand() {
    let r = ConvexPolygon::rectangle(v(2.0, 1.0)).unwrap();
    assert_eq!(r.vertices(), &[v(-2.0, -1.0), v(2.0, -1.0), v(2.0, 1.0), v(-2.0, 1.0)]);
    assert_eq!(r.normals(), &[v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0)]);
    // Offsets are the half extents: 1, 2, 1, 2.
    assert_eq!(r.plane_offsets(), &[1.0, 2.0, 1.0, 2.0]);
    assert_eq!(r.centroid(), Vector::ZERO);
    // Bounding radius √(4 + 1) = √5.
    assert_near(r.bounding_radius(), Real::sqrt(5.0), 1e-6);
}

// ---------------------------------------------------------------------------------------------
// Normals, offsets, centroid, support, projection
// ---------------------------------------------------------------------------------------------

#[test]
fn triangle_normals_offsets_centroid_by_hand() {
    // Right triangle (0,0),(4,0),(0,3), counter-clockwise.
    let t = ConvexPolygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(0.0, 3.0)]).unwrap();
    // e0 = (4,0) → (0,−1), offset 0.
    // e1 = (−4,3), |e1| = 5 → (3,4)/5 = (0.6,0.8), offset (0.6,0.8)·(4,0) = 2.4.
    // e2 = (0,−3) → (−1,0), offset 0.
    let want_n = [v(0.0, -1.0), v(0.6, 0.8), v(-1.0, 0.0)];
    let want_d = [0.0, 2.4, 0.0];
    for i in 0..3 {
        assert_close(t.normals()[i], want_n[i], 1e-7);
        assert_near(t.plane_offsets()[i], want_d[i], 1e-6);
    }
    // Centroid = mean of the corners = (4/3, 1).
    assert_close(t.centroid(), v(4.0 / 3.0, 1.0), 1e-6);
    // Farthest corner from it: (4,0), at √((8/3)² + 1) = √73 / 3.
    assert_near(t.bounding_radius(), Real::sqrt(73.0) / 3.0, 1e-6);
    assert_planes_consistent(&t);
    // Support along (1,1): dots 0, 4, 3 → vertex 1. Along (−1,0): 0, −4, 0 → first on tie, 0.
    assert_eq!(t.support(v(1.0, 1.0)), 1);
    assert_eq!(t.support(v(-1.0, 0.0)), 0);
    // Projection on (0.375, 0.5): 0, 1.5, 1.5 (exact in binary, so a true tie) → [0, 1.5], min
    // at vertex 0, max at vertex 1 (the first of the tie).
    let (interval, lo, hi) = t.project(v(0.375, 0.5));
    assert_near(interval.min, 0.0, 1e-6);
    assert_near(interval.max, 1.5, 1e-6);
    assert_eq!((lo, hi), (0, 1));
}

#[test]
fn normals_are_unit_and_outward_for_irregular_shapes() {
    let shapes = [
        // irregular pentagon, counter-clockwise
        ConvexPolygon::new(&[v(0.0, 0.0), v(3.0, -1.0), v(5.0, 2.0), v(2.0, 4.0), v(-1.0, 2.5)]).unwrap(),
        // the same clockwise
        ConvexPolygon::new(&[v(0.0, 0.0), v(-1.0, 2.5), v(2.0, 4.0), v(5.0, 2.0), v(3.0, -1.0)]).unwrap(),
        // far from the origin
        ConvexPolygon::new(&[v(100.0, 50.0), v(101.0, 50.5), v(100.2, 51.7)]).unwrap(),
        ConvexPolygon::regular(7, 3.0, 0.1).unwrap(),
        ConvexPolygon::hull(&[v(0.1, 0.2), v(-0.7, 0.3), v(0.5, -0.9), v(0.0, 0.0), v(0.9, 0.9)]).unwrap(),
    ];
    for s in &shapes {
        assert_planes_consistent(s);
        // Counter-clockwise: every turn is to the left.
        let n = s.len();
        for i in 0..n {
            let (a, b, c) = (s.vertices()[i], s.vertices()[(i + 1) % n], s.vertices()[(i + 2) % n]);
            assert!((b - a).perp_dot(c - b) > 0.0);
        }
    }
    assert_eq!(shapes[0].vertices(), shapes[1].vertices());
    // Pentagon edge 0: (0,0)→(3,−1), e = (3,−1), normal (−1,−3)/√10, offset 0.
    assert_close(shapes[0].normals()[0], v(-1.0, -3.0) / Real::sqrt(10.0), 1e-6);
    assert_near(shapes[0].plane_offsets()[0], 0.0, 1e-6);
    // Edge 1: (3,−1)→(5,2), e = (2,3), normal (3,−2)/√13, offset (9+2)/√13 = 11/√13.
    assert_close(shapes[0].normals()[1], v(3.0, -2.0) / Real::sqrt(13.0), 1e-6);
    assert_near(shapes[0].plane_offsets()[1], 11.0 / Real::sqrt(13.0), 1e-5);
}

// ---------------------------------------------------------------------------------------------
// recentered
// ---------------------------------------------------------------------------------------------

#[test]
fn recentered_moves_the_origin_to_the_centroid() {
    // Triangle (1e4,1e4),(1e4+3,1e4),(1e4,1e4+3): centroid (1e4+1, 1e4+1), an f32-exact value,
    // so the local corners are exactly (−1,−1),(2,−1),(−1,2).
    let base: Real = 1e4;
    let far = ConvexPolygon::new(&[v(base, base), v(base + 3.0, base), v(base, base + 3.0)]).unwrap();
    assert_eq!(far.centroid(), v(base + 1.0, base + 1.0));
    let (local, pose) = far.recentered();
    assert_eq!(pose, Pose::from_translation(v(base + 1.0, base + 1.0)));
    assert_eq!(local.vertices(), &[v(-1.0, -1.0), v(2.0, -1.0), v(-1.0, 2.0)]);
    assert_close(local.centroid(), Vector::ZERO, 1e-6);
    // Normals don't move; offsets are now about the centroid:
    // e0: (0,−1), offset 1; e1 = (−3,3) → (1,1)/√2, offset (1,1)/√2·(2,−1) = 1/√2; e2: (−1,0), 1.
    assert_eq!(local.normals(), far.normals());
    assert_near(local.plane_offsets()[0], 1.0, 1e-6);
    assert_near(local.plane_offsets()[1], Real::sqrt(0.5), 1e-6);
    assert_near(local.plane_offsets()[2], 1.0, 1e-6);
    // Bounding radius: from (0,0) to (2,−1) or (−1,2): √5 (the same before and after).
    assert_near(local.bounding_radius(), Real::sqrt(5.0), 1e-6);
    assert_near(far.bounding_radius(), Real::sqrt(5.0), 1e-3);
    // Placing it back with the pose gives the original corners.
    for (l, w) in local.vertices().iter().zip(far.vertices()) {
        assert_eq!(pose.apply(*l), *w);
    }

    // A square centred on (5,7): local corners (±1,±1), pose (5,7).
    let sq = ConvexPolygon::new(&[v(4.0, 6.0), v(6.0, 6.0), v(6.0, 8.0), v(4.0, 8.0)]).unwrap();
    let (local, pose) = sq.recentered();
    assert_eq!(pose.translation, v(5.0, 7.0));
    assert_eq!(local.vertices(), &[v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)]);
    assert_eq!(local.plane_offsets(), &[1.0, 1.0, 1.0, 1.0]);
}
