//! Validation of concave polygons: every kind of bad input gets its own typed error, naming the
//! offending points or edges, and the names are checked against the input by the test's own
//! geometry; good input in either winding, with duplicates and collinear points, is accepted.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::concave::{ConcaveError, ConcavePolygon, Ring, SimplePolygon};
use septa::{Real, Vector, COORDINATE_LIMIT};

fn pts(points: &[(Real, Real)]) -> Vec<Vector> {
    points.iter().map(|&(x, y)| Vector::new(x, y)).collect()
}

fn square(c: (Real, Real), h: Real) -> Vec<Vector> {
    pts(&[(c.0 - h, c.1 - h), (c.0 + h, c.1 - h), (c.0 + h, c.1 + h), (c.0 - h, c.1 + h)])
}

#[test]
fn bad_coordinates_are_named_by_ring_and_index() {
    let mut p = square((0.0, 0.0), 1.0);
    p[2].x = Real::NAN;
    assert_eq!(SimplePolygon::new(&p), Err(ConcaveError::NonFinite { ring: Ring::Outline, index: 2 }));
    p[2].x = Real::INFINITY;
    assert_eq!(SimplePolygon::new(&p), Err(ConcaveError::NonFinite { ring: Ring::Outline, index: 2 }));
    p[2].x = COORDINATE_LIMIT * 10.0;
    assert_eq!(SimplePolygon::new(&p), Err(ConcaveError::OutOfRange { ring: Ring::Outline, index: 2 }));
    // A NaN is reported before an out-of-range point that comes first.
    p[1].y = Real::NAN;
    assert_eq!(SimplePolygon::new(&p), Err(ConcaveError::NonFinite { ring: Ring::Outline, index: 1 }));
    let mut hole = square((0.0, 0.0), 0.5);
    hole[3].y = -Real::INFINITY;
    let err =
        SimplePolygon::with_holes(&square((0.0, 0.0), 2.0), &[square((5.0, 5.0), 9.0), hole]).unwrap_err();
    // Hole 0 is fine as a ring (it fails later, as outside), hole 1 has the bad point.
    assert_eq!(err, ConcaveError::NonFinite { ring: Ring::Hole(1), index: 3 });
    assert_eq!(err.to_string(), "point 3 of hole 1 has a coordinate that is not a finite number");
}

#[test]
fn too_few_points_and_zero_area() {
    assert_eq!(
        SimplePolygon::new(&[]),
        Err(ConcaveError::TooFewVertices { ring: Ring::Outline, distinct: 0 })
    );
    let two = pts(&[(0.0, 0.0), (1.0, 0.0), (1.0, 0.0), (0.0, 0.0)]);
    assert_eq!(
        SimplePolygon::new(&two),
        Err(ConcaveError::TooFewVertices { ring: Ring::Outline, distinct: 2 })
    );
    let line = pts(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0)]);
    assert_eq!(SimplePolygon::new(&line), Err(ConcaveError::ZeroArea { ring: Ring::Outline }));
    // There and back along a line: collinear, no area.
    let back = pts(&[(0.0, 0.0), (3.0, 3.0), (1.0, 1.0), (2.0, 2.0)]);
    assert_eq!(SimplePolygon::new(&back), Err(ConcaveError::ZeroArea { ring: Ring::Outline }));
    let flat_hole = pts(&[(0.0, 0.0), (0.5, 0.0), (1.0, 0.0)]);
    assert_eq!(
        SimplePolygon::with_holes(&square((0.0, 0.0), 3.0), &[flat_hole]),
        Err(ConcaveError::ZeroArea { ring: Ring::Hole(0) })
    );
    assert!(ConcaveError::ZeroArea { ring: Ring::Hole(0) }.to_string().contains("hole 0"));
}

#[test]
fn self_intersections_name_two_edges_that_meet() {
    // A bow tie: edges 0 ((0,0)→(2,2)) and 2 ((2,0)→(0,2)) cross at (1,1).
    let bow_tie = pts(&[(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)]);
    assert_eq!(
        SimplePolygon::new(&bow_tie),
        Err(ConcaveError::SelfIntersecting { ring: Ring::Outline, edges: [0, 2] })
    );
    // A vertex (point 4, (2, 1)) on another edge (edge 1, from (2,0) up to (2,2))... touching
    // counts as meeting.
    let touching = pts(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (1.0, 2.0), (2.0, 1.0), (0.0, 2.0)]);
    let err = SimplePolygon::new(&touching).unwrap_err();
    assert!(matches!(err, ConcaveError::SelfIntersecting { ring: Ring::Outline, .. }), "{err:?}");
    // A spike: the outline runs out to (6, 2) and straight back to (5, 2).
    let spike = pts(&[(0.0, 0.0), (4.0, 0.0), (4.0, 2.0), (6.0, 2.0), (5.0, 2.0), (0.0, 2.0)]);
    assert_eq!(
        SimplePolygon::new(&spike),
        Err(ConcaveError::SelfIntersecting { ring: Ring::Outline, edges: [2, 3] })
    );
    // A figure eight touching itself at one vertex, given twice.
    let eight = pts(&[(0.0, 0.0), (1.0, 1.0), (2.0, 0.0), (2.0, 2.0), (1.0, 1.0), (0.0, 2.0)]);
    assert!(matches!(SimplePolygon::new(&eight), Err(ConcaveError::SelfIntersecting { .. })));
    assert_eq!(
        ConcaveError::SelfIntersecting { ring: Ring::Hole(2), edges: [1, 4] }.to_string(),
        "hole 2 crosses or touches itself: edges 1 and 4 meet"
    );
}

/// Do the closed segments meet? (Exact on these small integer coordinates.)
fn meet(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let cross = |o: (i64, i64), p: (i64, i64), q: (i64, i64)| {
        ((p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0)).signum()
    };
    let on = |p: (i64, i64), q: (i64, i64), r: (i64, i64)| {
        r.0 >= p.0.min(q.0) && r.0 <= p.0.max(q.0) && r.1 >= p.1.min(q.1) && r.1 <= p.1.max(q.1)
    };
    let (o1, o2, o3, o4) = (cross(a, b, c), cross(a, b, d), cross(c, d, a), cross(c, d, b));
    (o1 * o2 < 0 && o3 * o4 < 0)
        || (o1 == 0 && on(a, b, c))
        || (o2 == 0 && on(a, b, d))
        || (o3 == 0 && on(c, d, a))
        || (o4 == 0 && on(c, d, b))
}

#[test]
fn random_rings_are_accepted_exactly_when_simple() {
    // Random points on a small grid in random order: most rings cross themselves, some touch,
    // a few are simple. The test decides which by brute force over all edge pairs.
    let mut rng = Rng(0xbad_5eed);
    let (mut simple_seen, mut bad_seen) = (0, 0);
    for _ in 0..4000 {
        let n = 4 + (rng.next() * 6.0) as usize;
        let ring: Vec<(i64, i64)> =
            (0..n).map(|_| ((rng.next() * 6.0) as i64, (rng.next() * 6.0) as i64)).collect();
        // Keep to rings without repeated or collinear consecutive points, whose answer is a plain
        // yes or no.
        let cross = |o: (i64, i64), p: (i64, i64), q: (i64, i64)| {
            (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0)
        };
        if (0..n).any(|i| cross(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]) == 0) {
            continue;
        }
        let edge = |i: usize| (ring[i], ring[(i + 1) % n]);
        let meeting: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(i, j)| {
                let adjacent = j == i + 1 || (i == 0 && j == n - 1);
                let ((a, b), (c, d)) = (edge(i), edge(j));
                !adjacent && meet(a, b, c, d)
            })
            .collect();
        let input: Vec<Vector> = ring.iter().map(|&(x, y)| Vector::new(x as Real, y as Real)).collect();
        match SimplePolygon::new(&input) {
            Ok(polygon) => {
                assert!(meeting.is_empty(), "{ring:?} accepted, but edges {meeting:?} meet");
                // The area, in either winding, is the shoelace formula's.
                let twice: i64 =
                    (0..n).map(|i| ring[i].0 * ring[(i + 1) % n].1 - ring[i].1 * ring[(i + 1) % n].0).sum();
                assert_eq!(polygon.area(), twice.abs() as f64 * 0.5);
                simple_seen += 1;
            }
            Err(ConcaveError::SelfIntersecting { ring: Ring::Outline, edges: [i, j] }) => {
                assert!(
                    meeting.contains(&(i, j)),
                    "{ring:?}: edges {i} and {j} named, meeting are {meeting:?}"
                );
                bad_seen += 1;
            }
            Err(e) => panic!("{ring:?}: {e:?}"),
        }
    }
    assert!(simple_seen > 100 && bad_seen > 1000, "{simple_seen} simple, {bad_seen} not");
}

#[test]
fn holes_must_lie_strictly_inside_and_apart() {
    let outline = square((0.0, 0.0), 4.0);
    let ok =
        SimplePolygon::with_holes(&outline, &[square((-2.0, 0.0), 1.0), square((2.0, 0.0), 1.0)]).unwrap();
    assert_eq!(ok.hole_count(), 2);
    assert_eq!(ok.area(), 64.0 - 8.0);

    let outside = SimplePolygon::with_holes(&outline, &[square((10.0, 0.0), 1.0)]);
    assert_eq!(outside, Err(ConcaveError::HoleOutside { hole: 0 }));
    // Hole 0's edge 1 (x = 5, from y = −1 to 1) crosses the outline's edge 1 (x = 4).
    let crossing = SimplePolygon::with_holes(&outline, &[square((4.0, 0.0), 1.0)]);
    assert_eq!(crossing, Err(ConcaveError::HoleCrossesOutline { hole: 0, hole_edge: 0, outline_edge: 1 }));
    // A hole whose corner touches the outline.
    let touching = pts(&[(3.0, 0.0), (4.0, 1.0), (3.0, 2.0)]);
    assert!(matches!(
        SimplePolygon::with_holes(&outline, &[touching]),
        Err(ConcaveError::HoleCrossesOutline { hole: 0, outline_edge: 1, .. })
    ));
    let overlapping =
        SimplePolygon::with_holes(&outline, &[square((0.0, 0.0), 1.0), square((1.5, 0.0), 1.0)]);
    assert!(matches!(overlapping, Err(ConcaveError::HolesCross { holes: [0, 1], .. })), "{overlapping:?}");
    let nested = SimplePolygon::with_holes(&outline, &[square((0.0, 0.0), 2.0), square((0.0, 0.0), 1.0)]);
    assert_eq!(nested, Err(ConcaveError::HoleInsideHole { hole: 1, outer: 0 }));
    let bow_tie_hole = pts(&[(0.0, 0.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)]);
    assert_eq!(
        SimplePolygon::with_holes(&outline, &[bow_tie_hole]),
        Err(ConcaveError::SelfIntersecting { ring: Ring::Hole(0), edges: [0, 2] })
    );
    for e in [
        ConcaveError::HoleOutside { hole: 3 },
        ConcaveError::HoleCrossesOutline { hole: 1, hole_edge: 2, outline_edge: 7 },
        ConcaveError::HolesCross { holes: [0, 2], edges: [1, 3] },
        ConcaveError::HoleInsideHole { hole: 2, outer: 0 },
    ] {
        let text = e.to_string();
        assert!(text.contains("hole"), "{text}");
    }
    assert_eq!(
        ConcaveError::HoleCrossesOutline { hole: 1, hole_edge: 2, outline_edge: 7 }.to_string(),
        "hole 1 crosses or touches the outline: its edge 2 meets outline edge 7"
    );
}

#[test]
fn either_winding_duplicates_and_collinear_points_are_accepted() {
    // An L shape with a duplicate and two collinear points, both windings.
    let l = pts(&[
        (0.0, 0.0),
        (1.0, 0.0),
        (2.0, 0.0),
        (2.0, 1.0),
        (2.0, 1.0),
        (1.0, 1.0),
        (1.0, 2.0),
        (0.0, 2.0),
        (0.0, 1.0),
    ]);
    let mut reversed = l.clone();
    reversed.reverse();
    for input in [l, reversed] {
        let polygon = SimplePolygon::new(&input).unwrap();
        assert_eq!(polygon.outline().len(), 6);
        assert_eq!(polygon.area(), 3.0);
        assert_eq!(polygon.reflex_count(), 1);
        // Stored counter-clockwise: positive shoelace area.
        let o = polygon.outline();
        let twice: f64 = (0..o.len())
            .map(|i| (o[i].x * o[(i + 1) % o.len()].y - o[i].y * o[(i + 1) % o.len()].x) as f64)
            .sum();
        assert_eq!(twice, 6.0);
        // Every kept vertex knows where it came from.
        for (v, &point) in polygon.vertices().iter().enumerate() {
            let (ring, index) = polygon.source(v);
            assert_eq!(ring, Ring::Outline);
            assert_eq!(input[index], point);
        }
        let shape = ConcavePolygon::new(&input).unwrap();
        assert_eq!(shape.pieces().len(), 2);
    }
}

#[test]
fn the_compound_shape_reports_the_same_errors() {
    let bow_tie = pts(&[(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)]);
    assert_eq!(
        ConcavePolygon::new(&bow_tie),
        Err(ConcaveError::SelfIntersecting { ring: Ring::Outline, edges: [0, 2] })
    );
    let outline = square((0.0, 0.0), 4.0);
    assert_eq!(
        ConcavePolygon::with_holes(&outline, &[square((10.0, 0.0), 1.0)]),
        Err(ConcaveError::HoleOutside { hole: 0 })
    );
    let err: Box<dyn std::error::Error> = Box::new(ConcaveError::Degenerate);
    assert!(!err.to_string().is_empty());
}
