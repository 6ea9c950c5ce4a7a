//! serde round trips and validation of shapes (with `--features serde`).
#![cfg(feature = "serde")]

use septa::{Circle, ConvexPolygon, Shape, Vector};

#[test]
fn shape_json_round_trip_and_validation() {
    let json = r#"{"type":"polygon","points":[[0,0],[0,1],[1,0]]}"#;
    let shape: Shape = serde_json::from_str(json).unwrap();
    let Shape::Polygon(p) = &shape else { panic!("expected a polygon") };
    // clockwise input stored counter-clockwise, first vertex kept
    assert_eq!(p.vertices(), &[Vector::ZERO, Vector::X, Vector::Y]);
    let back: Shape = serde_json::from_str(&serde_json::to_string(&shape).unwrap()).unwrap();
    assert_eq!(back, shape);

    let circle: Shape = serde_json::from_str(r#"{"type":"circle","center":[1,2],"radius":3}"#).unwrap();
    assert_eq!(circle, Shape::Circle(Circle::new(Vector::new(1.0, 2.0), 3.0).unwrap()));

    let misspelt = serde_json::from_str::<Shape>(r#"{"type":"circle","center":[1,2],"raduis":3}"#);
    assert!(misspelt.unwrap_err().to_string().contains("raduis"));
    let bad_radius = serde_json::from_str::<Circle>(r#"{"center":[1,2],"radius":-1}"#);
    assert!(bad_radius.unwrap_err().to_string().contains("radius"));
    let concave = serde_json::from_str::<ConvexPolygon>(r#"{"points":[[0,0],[2,0],[1,0.5],[2,2],[0,2]]}"#);
    assert!(concave.unwrap_err().to_string().contains("convex"));
}
