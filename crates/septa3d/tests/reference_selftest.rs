//! Checks of the test reference itself (`reference/`), which every differential test trusts:
//! hand-computed hulls, distances and depths, optimality certificates for every closest-point
//! computation, and the SAT depth against a second, independent computation (the signed distance
//! of the origin to the brute-force hull of the Minkowski difference). Nothing here calls
//! septa3d.

mod reference;
mod rng;

use reference::*;
use rng::Rng;

fn v(x: f64, y: f64, z: f64) -> DVec3 {
    DVec3::new(x, y, z)
}

#[track_caller]
fn near(got: f64, want: f64, tol: f64) {
    assert!((got - want).abs() <= tol, "got {got}, want {want} (±{tol})");
}

/// Structural facts every hull must have: Euler's formula, each edge on exactly two faces,
/// faces counter-clockwise about their outward normals and on their planes, every input point
/// inside or on the hull, every corner an input point.
#[track_caller]
fn check_hull(points: &[DVec3], p: &Polytope) {
    let extent = p.extent();
    let tol = 1e-9 * extent.max(1.0);
    assert_eq!(p.vertices.len() + p.faces.len(), p.edges.len() + 2, "Euler: {p:?}");
    for &(i, j) in &p.edges {
        let on = p.faces.iter().filter(|f| f.vertices.contains(&i) && f.vertices.contains(&j)).count();
        assert_eq!(on, 2, "edge ({i}, {j}) on {on} faces");
    }
    let center = p.center();
    for f in &p.faces {
        assert!(f.vertices.len() >= 3);
        near(f.normal.length(), 1.0, 1e-12);
        assert!(f.normal.dot(center) < f.offset, "outward");
        let n = f.vertices.len();
        for k in 0..n {
            let (a, b, c) = (
                p.vertices[f.vertices[k]],
                p.vertices[f.vertices[(k + 1) % n]],
                p.vertices[f.vertices[(k + 2) % n]],
            );
            near(f.normal.dot(a), f.offset, tol);
            assert!((b - a).cross(c - b).dot(f.normal) > 0.0, "counter-clockwise, strictly convex");
        }
    }
    for &q in points {
        assert!(p.contains(q, tol), "input point {q} outside its hull");
    }
    for c in &p.vertices {
        assert!(points.contains(c));
    }
}

#[test]
fn hull_of_a_cube_a_prism_and_an_octahedron() {
    let cube = Polytope::cuboid(v(1.0, 2.0, 3.0));
    assert_eq!((cube.vertices.len(), cube.faces.len(), cube.edges.len()), (8, 6, 12));
    for f in &cube.faces {
        assert_eq!(f.vertices.len(), 4);
        // axis-aligned normals, offsets the half extents
        let axis = f.normal.abs().max_position();
        near(f.normal.abs()[axis], 1.0, 1e-15);
        near(f.offset, [1.0, 2.0, 3.0][axis], 1e-15);
    }
    // a hexagonal prism, with the centres of its faces and its middle added (not corners)
    let mut points: Vec<DVec3> = (0..12)
        .map(|k| {
            let t = std::f64::consts::TAU * (k % 6) as f64 / 6.0;
            v(t.cos(), t.sin(), if k < 6 { -1.0 } else { 1.0 })
        })
        .collect();
    points.extend([v(0.0, 0.0, 1.0), v(0.0, 0.0, -1.0), v(0.0, 0.0, 0.0)]);
    let prism = Polytope::hull(&points).unwrap();
    check_hull(&points, &prism);
    assert_eq!((prism.vertices.len(), prism.faces.len(), prism.edges.len()), (12, 8, 18));
    assert_eq!(prism.faces.iter().filter(|f| f.vertices.len() == 6).count(), 2);
    let (_, quality) = Polytope::hull_with_quality(&points).unwrap();
    near(quality.min_interior_depth, 0.0, 1e-15); // the face centres lie on the surface
    near(quality.min_dihedral_turn, std::f64::consts::FRAC_PI_3, 1e-12); // 60° between side faces
    let octahedron: Vec<DVec3> = [DVec3::X, DVec3::Y, DVec3::Z].iter().flat_map(|&e| [e, -e]).collect();
    let o = Polytope::hull(&octahedron).unwrap();
    check_hull(&octahedron, &o);
    assert_eq!((o.vertices.len(), o.faces.len(), o.edges.len()), (6, 8, 12));
    for f in &o.faces {
        near(f.offset, 1.0 / 3f64.sqrt(), 1e-15);
    }
}

#[test]
fn hull_rejects_flat_input() {
    assert!(Polytope::hull(&[v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)]).is_none());
    let flat: Vec<DVec3> = (0..10).map(|k| v(k as f64, (k * k % 7) as f64, 0.0)).collect();
    assert!(Polytope::hull(&flat).is_none());
    let line: Vec<DVec3> = (0..10).map(|k| v(k as f64, 2.0 * k as f64, 3.0)).collect();
    assert!(Polytope::hull(&line).is_none());
    assert!(Polytope::hull(&[DVec3::ONE; 5]).is_none());
}

#[test]
fn hulls_of_random_clouds_are_well_formed() {
    let mut rng = Rng::for_test("hull clouds", 0);
    for _ in 0..300 {
        let n = rng.int(4, 20);
        let stretch = v(rng.range(0.2, 2.0), rng.range(0.2, 2.0), rng.range(0.2, 2.0));
        let mut points: Vec<DVec3> = (0..n).map(|_| rng.in_cube(1.0) * stretch).collect();
        if rng.chance(0.2) {
            points.push(points[0]); // a duplicate
        }
        let p = Polytope::hull(&points).unwrap();
        check_hull(&points, &p);
    }
}

/// `x` is the point of a convex set (given by its corners) nearest to `q`: the corners all lie
/// on the far side of the plane through `x` perpendicular to `q − x`.
#[track_caller]
fn certify_nearest(q: DVec3, x: DVec3, corners: &[DVec3], tol: f64) {
    let d = q - x;
    for &c in corners {
        assert!(d.dot(c - x) <= tol, "not nearest: q {q}, x {x}, corner {c}");
    }
}

#[test]
fn segment_distances_match_hand_values_and_a_nested_search() {
    // crossing at right angles, 2 apart along z
    let (d, x, y) = segment_segment(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, -1.0, 2.0), v(0.0, 1.0, 2.0));
    near(d, 2.0, 1e-15);
    assert!(x.distance(v(0.0, 0.0, 0.0)) < 1e-15 && y.distance(v(0.0, 0.0, 2.0)) < 1e-15);
    // parallel, overlapping in x, 1 apart
    near(
        segment_segment(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(1.0, 1.0, 0.0), v(3.0, 1.0, 0.0)).0,
        1.0,
        1e-15,
    );
    // end to end
    near(
        segment_segment(v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(4.0, 4.0, 0.0), v(4.0, 9.0, 0.0)).0,
        5.0,
        1e-15,
    );
    near(point_segment(v(0.5, 3.0, 4.0), v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0)), 5.0, 1e-15);
    // random: against golden-section search over one parameter (the distance to the other
    // segment is convex in it) with the exact point–segment distance inside
    let mut rng = Rng::for_test("segment distances", 0);
    for _ in 0..2000 {
        let (p0, p1, q0, q1) = (rng.in_cube(1.0), rng.in_cube(1.0), rng.in_cube(1.0), rng.in_cube(1.0));
        let p1 = if rng.chance(0.1) { p0 + (q1 - q0) * rng.range(-2.0, 2.0) } else { p1 }; // parallel
        let (d, x, y) = segment_segment(p0, p1, q0, q1);
        let f = |s: f64| point_segment(p0 + (p1 - p0) * s, q0, q1);
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..200 {
            let (m1, m2) = (lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618);
            if f(m1) <= f(m2) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        near(d, f(0.5 * (lo + hi)).min(f(0.0)).min(f(1.0)), 1e-9);
        near(x.distance(y), d, 1e-12);
        if d > 1e-9 {
            certify_nearest(y, x, &[p0, p1], 1e-12);
            certify_nearest(x, y, &[q0, q1], 1e-12);
        }
    }
}

#[test]
fn point_and_segment_to_polytope_distances() {
    let cube = Polytope::cuboid(DVec3::ONE);
    near(cube.signed_distance(v(0.2, 0.5, 0.0)).0, -0.5, 1e-15);
    near(cube.signed_distance(v(3.0, 0.5, 0.0)).0, 2.0, 1e-15);
    near(cube.signed_distance(v(2.0, 2.0, 0.0)).0, 2f64.sqrt(), 1e-15);
    near(cube.signed_distance(v(2.0, 3.0, 3.0)).0, 3.0, 1e-15); // (1, 2, 2) beyond the corner
    near(segment_polytope(v(2.0, 3.0, 0.0), v(3.0, 2.0, 0.0), &cube).0, 2f64.sqrt() * 1.5, 1e-15);
    near(segment_polytope(v(-2.0, 0.0, 0.0), v(2.0, 0.0, 0.0), &cube).0, 0.0, 0.0);
    // random: certificates of optimality, on random hulls
    let mut rng = Rng::for_test("polytope distances", 0);
    for _ in 0..300 {
        let points: Vec<DVec3> = (0..rng.int(4, 12)).map(|_| rng.in_cube(1.0)).collect();
        let p = Polytope::hull(&points).unwrap();
        for _ in 0..10 {
            let q = rng.in_cube(2.0);
            let (d, x) = p.signed_distance(q);
            if d > 0.0 {
                near(q.distance(x), d, 1e-12);
                assert!(p.contains(x, 1e-12));
                certify_nearest(q, x, &p.vertices, 1e-12);
            } else {
                // inside: no face plane nearer than |d|, and x on the boundary
                assert!(p.faces.iter().all(|f| f.offset - f.normal.dot(q) >= -d - 1e-12));
                near(q.distance(x), -d, 1e-12);
            }
            let (s0, s1) = (rng.in_cube(2.0), rng.in_cube(2.0));
            let (d, on_s, on_p) = segment_polytope(s0, s1, &p);
            if d > 0.0 {
                near(on_s.distance(on_p), d, 1e-12);
                certify_nearest(on_s, on_p, &p.vertices, 1e-12);
                certify_nearest(on_p, on_s, &[s0, s1], 1e-12);
            } else {
                assert!(p.contains(on_s, 1e-12) && point_segment(on_s, s0, s1) < 1e-12);
            }
        }
    }
}

#[test]
fn polytope_distances_are_certified() {
    let mut rng = Rng::for_test("polytope pair distances", 0);
    let mut apart = 0;
    for _ in 0..500 {
        let a = Polytope::hull(&(0..rng.int(4, 12)).map(|_| rng.in_cube(1.0)).collect::<Vec<_>>()).unwrap();
        let b = Polytope::hull(&(0..rng.int(4, 12)).map(|_| rng.in_cube(1.0)).collect::<Vec<_>>()).unwrap();
        let b = b.translated(rng.in_cube(2.5));
        let (d, points) = polytope_distance(&a, &b);
        match points {
            Some((x, y)) => {
                apart += 1;
                near(x.distance(y), d, 1e-12);
                assert!(a.contains(x, 1e-12) && b.contains(y, 1e-12));
                certify_nearest(y, x, &a.vertices, 1e-12);
                certify_nearest(x, y, &b.vertices, 1e-12);
                assert!(!sat(&a, &b).overlapping);
                // SAT's gap is a lower bound of the distance, the facet-only gap is no larger
                let (all, facets) = (unpruned_gap(&a, &b), facet_gap(&a, &b));
                assert!(all <= d + 1e-12 && facets <= all + 1e-12 && facets > 0.0, "{facets} {all} {d}");
            }
            None => {
                let s = sat(&a, &b);
                assert!(s.overlapping || s.depth > -1e-12, "meeting polytopes separated by {}", -s.depth);
            }
        }
    }
    assert!(apart > 100, "{apart}");
}

/// Small random shapes of every kind, as the tests' kinds are: polytopes (boxes, tetrahedra,
/// clouds of up to 8 points), spheres, capsules.
fn small_shape(rng: &mut Rng, kind: usize) -> RefShape {
    let t = rng.in_cube(1.0);
    let q = rng.rotation();
    let shape = match kind {
        0 => RefShape::polytope(Polytope::cuboid(v(
            rng.range(0.1, 1.0),
            rng.range(0.1, 1.0),
            rng.range(0.1, 1.0),
        ))),
        1 => RefShape::polytope(
            Polytope::hull(&(0..rng.int(4, 8)).map(|_| rng.in_cube(1.0)).collect::<Vec<_>>()).unwrap(),
        ),
        2 => RefShape::sphere(rng.in_cube(0.5), rng.range(0.1, 1.0)),
        _ => RefShape::capsule(rng.in_cube(1.0), rng.in_cube(1.0), rng.range(0.0, 0.7)),
    };
    shape.placed(q, t)
}

/// The signed distance of every pair with a polytope, against the Minkowski-difference hull;
/// round pairs against a golden-section search; the normal's push equals the depth.
#[test]
fn pair_answers_match_the_minkowski_difference() {
    let mut rng = Rng::for_test("pair answers", 0);
    let (mut overlapping, mut inside_capsule) = (0, 0);
    for k in 0..1200 {
        let (ka, kb) = (k % 4, (k / 4) % 4);
        let (a, b) = (small_shape(&mut rng, ka), small_shape(&mut rng, kb));
        let r = RefPair::new(&a, &b);
        let brute = match minkowski_signed_distance(&a, &b) {
            Some(sd) => sd,
            None => {
                // two round shapes: D is flat; the distance between the core segments
                let seg = |s: &RefShape| {
                    let p = s.core_points();
                    (p[0], *p.last().unwrap())
                };
                let ((p0, p1), (q0, q1)) = (seg(&a), seg(&b));
                let f = |s: f64| point_segment(p0 + (p1 - p0) * s, q0, q1);
                let (mut lo, mut hi) = (0.0, 1.0);
                for _ in 0..200 {
                    let (m1, m2) = (lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618);
                    if f(m1) <= f(m2) {
                        hi = m2;
                    } else {
                        lo = m1;
                    }
                }
                f(0.5 * (lo + hi)).min(f(0.0)).min(f(1.0)) - a.radius - b.radius
            }
        };
        near(r.signed_distance, brute, 1e-9);
        near(push_along(&a, &b, r.normal), -r.signed_distance, 1e-9);
        if r.overlapping() {
            overlapping += 1;
            inside_capsule += (r.inside_core && (ka == 3 || kb == 3)) as usize;
            // moving b by the MTV leaves the shapes touching
            let moved = RefPair::new(&a, &b.translated(r.normal * r.depth()));
            near(moved.signed_distance, 0.0, 1e-9);
        }
    }
    assert!(overlapping > 300 && inside_capsule > 20, "{overlapping} {inside_capsule}");
}

/// The reference text's example: two unit cubes (half extents 0.5), the second offset by 0.5 on
/// every axis. On each axis the shadows are [−0.5, 0.5] and [0, 1]: overlap 0.5, and an
/// edge-pair axis (x × y etc. are the face normals again) cannot do better, so depth 0.5.
#[test]
fn the_articles_cubes() {
    let a = RefShape::polytope(Polytope::cuboid(DVec3::splat(0.5)));
    let b = a.translated(DVec3::splat(0.5));
    let r = RefPair::new(&a, &b);
    assert!(r.overlapping());
    near(r.depth(), 0.5, 1e-15);
    assert!(face_cross_face_collide(a.as_polytope().unwrap(), b.as_polytope().unwrap()));
}

/// Two tetrahedra whose ridges cross (see `edge_axes.rs` for the sketch): only `z = x × y`, the
/// cross product of the ridges, separates them, by exactly the gap `g`; every face normal shows
/// an overlap, and so does every cross product of face normals.
#[test]
fn crossed_ridges_are_apart_but_face_cross_face_says_collide() {
    let g = 0.05;
    let a = Polytope::hull(&[v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, -1.0), v(0.0, -1.0, -1.0)])
        .unwrap();
    let b = Polytope::hull(&[v(0.0, -1.0, g), v(0.0, 1.0, g), v(1.0, 0.0, g + 1.0), v(-1.0, 0.0, g + 1.0)])
        .unwrap();
    let s = sat(&a, &b);
    assert!(!s.overlapping);
    near(-s.depth, g, 1e-15);
    assert!(matches!(s.axis, RefAxis::Edges(..)));
    near(s.normal.z, 1.0, 1e-15);
    near(polytope_distance(&a, &b).0, g, 1e-15);
    near(facet_gap(&a, &b), g, 1e-15);
    // the faces alone overlap
    for f in a.faces.iter().chain(&b.faces) {
        assert!(sat::push_along(&a, &b, f.normal) > 0.0 && sat::push_along(&a, &b, -f.normal) > 0.0);
    }
    assert!(face_cross_face_collide(&a, &b));
}

/// For boxes the face normals are the edge directions, so the flawed method is right there.
#[test]
fn face_cross_face_is_right_for_boxes() {
    let mut rng = Rng::for_test("face cross face boxes", 0);
    let mut checked = 0;
    for _ in 0..2000 {
        let (a, b) = (small_shape(&mut rng, 0), small_shape(&mut rng, 0));
        let (pa, pb) = (a.as_polytope().unwrap(), b.as_polytope().unwrap());
        let s = sat(pa, pb);
        if s.depth.abs() > 1e-9 {
            checked += 1;
            assert_eq!(face_cross_face_collide(pa, pb), s.overlapping);
        }
    }
    assert!(checked > 1900);
}
