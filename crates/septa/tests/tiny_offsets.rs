//! Directions between points that are extremely close (1e-22 apart) are still unit vectors.
//! Found by the `queries` and `shapes` fuzz targets (fuzz/regressions): normalising in f32
//! squares the components into subnormals and gave "unit" normals of length 0.875 … 1.0097.
//! Expected values by hand: every returned normal has length 1; depths as stated.

use septa::{collide, contact, separation, trace, Capsule, Circle, ConvexPolygon, Pose, Vector};

fn assert_unit(what: &str, n: Vector) {
    assert!((n.length() - 1.0).abs() <= 1e-6, "{what}: {n} has length {}", n.length());
}

#[test]
fn normals_of_tiny_offsets_are_unit() {
    let id = Pose::IDENTITY;
    // A capsule whose ends are 1e-22 apart: its side normal is (0, -1).
    let c = Capsule::new(Vector::ZERO, Vector::new(1e-22, 0.0), 1.0).unwrap();
    assert_unit("capsule normal", c.normal());

    // Circles whose centres are 4e-22 apart: depth 2 along +x.
    let a = Circle::new(Vector::ZERO, 1.0).unwrap();
    let b = Circle::new(Vector::new(4e-22, 0.0), 1.0).unwrap();
    assert_unit("circle separation", separation(&a, id, &b, id).normal);
    let hit = contact(&a, id, &b, id).unwrap();
    assert_unit("circle contact", hit.normal);
    assert!((hit.depth - 2.0).abs() < 1e-6);
    assert_unit("circle manifold", collide(&a, id, &b, id).unwrap().normal);

    // A circle centre 4e-22 above a capsule's segment: depth 1 (the two radii) along +y.
    let cap = Capsule::new(Vector::new(-1.0, 0.0), Vector::new(1.0, 0.0), 0.5).unwrap();
    let ball = Circle::new(Vector::new(0.0, 4e-22), 0.5).unwrap();
    assert_unit("capsule-circle separation", separation(&cap, id, &ball, id).normal);
    assert!((contact(&cap, id, &ball, id).unwrap().depth - 1.0).abs() < 1e-6);

    // A circle centre 4e-22 from a triangle's vertex: every trace axis is a unit vector.
    let tri = ConvexPolygon::new(&[Vector::ZERO, Vector::new(1.0, 0.0), Vector::new(0.0, 1.0)]).unwrap();
    let ball = Circle::new(Vector::new(-4e-22, -4e-22), 0.5).unwrap();
    for step in trace(&tri, id, &ball, id).steps {
        assert_unit("polygon-circle trace direction", step.direction);
    }
    // Two capsules whose segments are 4e-22 apart, side by side along x.
    let upper = Capsule::new(Vector::new(-1.0, 4e-22), Vector::new(1.0, 4e-22), 0.5).unwrap();
    assert_unit("capsule-capsule separation", separation(&cap, id, &upper, id).normal);
}
