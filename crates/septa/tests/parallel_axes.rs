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
