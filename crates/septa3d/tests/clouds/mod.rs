//! Point clouds from fuzz inputs that more than one test builds hulls from.
// Not every test crate that includes this module uses every cloud (some tests run in one build only).
#![allow(dead_code)]

/// Fuzz finding 36's needle hull: 11 points, copies of four corners of a tetrahedron 33,000
/// across a few ulps apart, and points on its edges, as the fuzz input printed them.
pub const FINDING_36_NEEDLE: [[f64; 3]; 11] = [
    [-16666.664, -3333.333, 3333.3333],
    [-3333.3333, 3333.3333, -13333.332],
    [3333.333, 6666.666, 8333.333],
    [7999.999, -4999.9995, -4000.0],
    [3333.3315, 6666.663, 8333.336],
    [4546.664, 3633.327, 5126.666],
    [-16666.684, -3333.337, 3333.3364],
    [-16666.666, -3333.3267, 3333.3335],
    [1933.3369, 5966.669, 7983.333],
    [3333.3367, 6666.6675, 8333.332],
    [3333.3342, 6666.6626, 8333.337],
];
