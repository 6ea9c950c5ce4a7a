//! Parallel-axis deduplication: faces whose normals are opposite share one axis of the boolean
//! test. Counts and shadows derived by hand.

use septa::{overlaps, ConvexPolygon, OrientedBox, Polygonal, Pose, Real, Vector};

#[test]
fn opposite_faces_share_an_axis() {
    // A rectangle: faces 0/2 and 1/3 are opposite, so 2 axes; the shadow on the bottom normal
    // (0,-1) of [-2,2]x[-1,1] is [-1, 1].
    let rect = ConvexPolygon::rectangle(Vector::new(2.0, 1.0)).unwrap();
    let axes = rect.axes();
    assert_eq!(axes.len(), 2);
    assert_eq!((axes[0].face, axes[0].opposite), (0, Some(2)));
    assert_eq!((axes[1].face, axes[1].opposite), (1, Some(3)));
    assert_eq!((axes[0].shadow.min, axes[0].shadow.max), (-1.0, 1.0));
    assert_eq!((axes[1].shadow.min, axes[1].shadow.max), (-2.0, 2.0));

    // A regular hexagon (f32-rounded vertices): 3 axes; an octagon 4; a pentagon has no parallel
    // faces, so 5, each with the full shadow (circumradius 1: from -cos(36°) to cos(36°)).
    assert_eq!(ConvexPolygon::regular(6, 1.0, 0.3).unwrap().axes().len(), 3);
    assert_eq!(ConvexPolygon::regular(8, 2.0, 0.1).unwrap().axes().len(), 4);
    assert_eq!(ConvexPolygon::regular(1024, 2.0, 0.1).unwrap().axes().len(), 512);
    let pentagon = ConvexPolygon::regular(5, 1.0, 0.0).unwrap();
    assert_eq!(pentagon.axes().len(), 5);
    let cos36 = Real::to_radians(36.0).cos();
    for axis in pentagon.axes() {
        assert_eq!(axis.opposite, None);
        assert!((axis.shadow.max - cos36).abs() < 1e-6 && (axis.shadow.min + 1.0).abs() < 1e-6, "{axis:?}");
    }
    // A trapezoid: only top and bottom are parallel.
    let trapezoid = ConvexPolygon::new(&[
        Vector::new(0.0, 0.0),
        Vector::new(4.0, 0.0),
        Vector::new(3.0, 1.0),
        Vector::new(1.0, 1.0),
    ])
    .unwrap();
    assert_eq!(trapezoid.axes().len(), 3);
    assert_eq!(OrientedBox::new(Vector::ZERO, Vector::ONE, 0.7).unwrap().axes().len(), 2);
}

#[test]
fn a_gap_below_the_shared_axis_is_found() {
    // b sits below a rectangle: only the bottom face (normal (0,-1)) separates, which the
    // shared axis of faces 0 and 2 tests from the top face's side as well.
    let rect = ConvexPolygon::rectangle(Vector::new(2.0, 1.0)).unwrap();
    let triangle =
        ConvexPolygon::new(&[Vector::new(0.0, -1.5), Vector::new(1.0, -1.1), Vector::new(-1.0, -1.1)])
            .unwrap();
    assert!(!overlaps(&rect, Pose::IDENTITY, &triangle, Pose::IDENTITY));
    assert!(!overlaps(&triangle, Pose::IDENTITY, &rect, Pose::IDENTITY));
    let raised = Pose::from_translation(Vector::new(0.0, 0.2)); // triangle top at y = -0.9 < 1: overlap
    assert!(overlaps(&rect, Pose::IDENTITY, &triangle, raised));
    let above = Pose::from_translation(Vector::new(0.0, 2.6)); // bottom at y = 1.1 > 1: apart
    assert!(!overlaps(&rect, Pose::IDENTITY, &triangle, above));
}

#[test]
fn nearly_parallel_faces_do_not_share_an_axis() {
    // A slab 1e4 long whose top is tapered by 1e-7: it runs from (1e4, 1) to (0, 1.001), so
    // top(x) = 1.001 − 1e-7·x. Its top normal is 1e-7 from opposite the bottom's (0, −1): close,
    // but not exactly opposite, so the two faces keep their own axes; only the two vertical
    // sides (normals exactly (1, 0) and (−1, 0)) share one: 3 axes.
    let slab = ConvexPolygon::new(&[
        Vector::new(0.0, 0.0),
        Vector::new(1e4, 0.0),
        Vector::new(1e4, 1.0),
        Vector::new(0.0, 1.001),
    ])
    .unwrap();
    let axes: Vec<_> = slab.axes().iter().map(|axis| (axis.face, axis.opposite)).collect();
    assert_eq!(axes, [(0, None), (1, Some(3)), (2, None)]);
    // A unit square over x ∈ [9990, 9991] with its bottom at y = 1.0005: the top there is at
    // most 1.001 − 0.000999 = 1.000001, so a gap of ≈ 0.0005 separates them. Testing the top as
    // if it were the bottom's axis turned around (top plane through the highest vertex,
    // y = 1.001) would call them overlapping.
    let square = ConvexPolygon::rectangle(Vector::splat(0.5)).unwrap();
    let apart = Pose::from_translation(Vector::new(9990.5, 1.5005));
    assert!(!overlaps(&slab, Pose::IDENTITY, &square, apart));
    assert!(!overlaps(&square, apart, &slab, Pose::IDENTITY));
    assert!(septa::contact(&slab, Pose::IDENTITY, &square, apart).is_none());
    // 0.001 lower (bottom at 0.9995 < 1.000001) they overlap.
    let sunk = Pose::from_translation(Vector::new(9990.5, 1.4995));
    assert!(overlaps(&slab, Pose::IDENTITY, &square, sunk));
}

#[test]
fn even_regular_polygons_are_exactly_symmetric() {
    // Opposite corners are exact negatives, whatever the rotation, so every face pairs.
    for sides in [4, 6, 8, 16, 64] {
        for rotation in [0.0, 0.1, 1.0, 2.5, -3.0] {
            let p = ConvexPolygon::regular(sides, 1.7, rotation).unwrap();
            let v = p.vertices();
            for k in 0..sides / 2 {
                assert_eq!(v[k + sides / 2], -v[k], "{sides} sides, rotation {rotation}");
            }
            assert_eq!(p.axes().len(), sides / 2);
        }
    }
}
