//! The help texts. The example lines are checked by the tests (`tests/cli.rs`): each example
//! input, given to the command shown above it (`$ septa collide …`, `$ septa toi …`), must print
//! exactly the output shown under it.

use crate::request::Mode;

/// The one-screen usage, printed after argument errors.
pub const USAGE: &str = "\
Usage:
  septa collide [FILE]   answer the collision queries in FILE (JSON Lines; stdin when FILE is
                         missing or -), one JSON line out per non-blank line in
  septa toi [FILE]       answer the time-of-impact queries in FILE: when do two moving shapes
                         first touch? (same rules for FILE and the lines)
  septa decompose [FILE] split the simple polygons in FILE into the fewest convex pieces
  septa help [COMMAND]   print the help, or a command's help (also: --help, -h)
  septa --version        print the version";

/// An input line for the examples: two overlapping squares.
pub const EXAMPLE_INPUT: &str = r#"{"id":1,"a":{"type":"polygon","points":[[0,0],[2,0],[2,2],[0,2]]},"b":{"type":"polygon","points":[[1.5,0.5],[3.5,0.5],[3.5,1.5],[1.5,1.5]]}}"#;

/// What `septa collide` prints for [`EXAMPLE_INPUT`].
pub const EXAMPLE_OUTPUT: &str = r#"{"id":1,"collides":true,"depth":0.5,"normal":[1.0,0.0],"points":[[1.5,1.5],[1.5,0.5]],"depths":[0.5,0.5],"manifolds":[{"normal":[1.0,0.0],"depth":0.5,"points":[[1.5,1.5],[1.5,0.5]],"depths":[0.5,0.5]}]}"#;

/// An input line with a misspelt key, for the examples.
pub const EXAMPLE_BAD_INPUT: &str = r#"{"id":2,"a":{"type":"circle","center":[0,0],"raduis":1},"b":{"type":"circle","center":[1,0],"radius":1}}"#;

/// What `septa collide` prints for [`EXAMPLE_BAD_INPUT`].
pub const EXAMPLE_BAD_OUTPUT: &str = r#"{"id":2,"error":"a: unknown key \"raduis\" (did you mean \"radius\"? a circle has keys type, center and radius)"}"#;

/// A `septa toi` line: two unit squares 3 apart, closing at speed 2.
pub const TOI_INPUT: &str = r#"{"id":1,"a":{"type":"box","center":[0,0],"half_extents":[0.5,0.5],"angle":0},"b":{"type":"box","center":[4,0],"half_extents":[0.5,0.5],"angle":0},"velocity_a":[1,0],"velocity_b":[-1,0],"max_t":2}"#;

/// What `septa toi` prints for [`TOI_INPUT`]: the gap of 3 closes at t = 3 / 2, a's right face
/// meeting b's left face.
pub const TOI_OUTPUT: &str = r#"{"id":1,"hit":true,"t":1.5,"normal":[1.0,0.0]}"#;

/// A `septa toi` line that misses: the capsule moves away from the circle.
pub const TOI_MISS_INPUT: &str = r#"{"id":2,"a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"capsule","a":[3,-1],"b":[3,1],"radius":0.5},"velocity_a":[0,0],"velocity_b":[1,0]}"#;

/// What `septa toi` prints for [`TOI_MISS_INPUT`].
pub const TOI_MISS_OUTPUT: &str = r#"{"id":2,"hit":false,"t":null,"normal":null}"#;

/// A `septa toi` line with a negative max_t.
pub const TOI_BAD_INPUT: &str = r#"{"id":3,"a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[3,0],"radius":1},"velocity_a":[1,0],"velocity_b":[0,0],"max_t":-1}"#;

/// What `septa toi` prints for [`TOI_BAD_INPUT`].
pub const TOI_BAD_OUTPUT: &str = r#"{"id":3,"error":"max_t: must be zero or greater, got -1"}"#;

/// The shapes, shared by both commands.
const SHAPES: &str = "\
SHAPE is one of
  {\"type\": \"polygon\", \"points\": [[x, y], ...]}   corners in convex order, either winding
  {\"type\": \"hull\", \"points\": [[x, y], ...]}      the convex hull of any points
  {\"type\": \"circle\", \"center\": [x, y], \"radius\": r}                        r > 0
  {\"type\": \"box\", \"center\": [x, y], \"half_extents\": [hx, hy], \"angle\": a}  hx > 0, hy > 0
  {\"type\": \"capsule\", \"a\": [x, y], \"b\": [x, y], \"radius\": r}               r >= 0
in world coordinates (y up). A box reaches hx either side of its center along its own x axis
and hy along its own y axis, turned counter-clockwise by the angle a, in radians (\"angle\" is
optional: 0, an axis-aligned box, when left out; 0.7853981633974483 for 45 degrees). A capsule
is every point within r of the segment from a to b: with r = 0 it is that segment.
In 2D, septa collide also takes a concave polygon (a simple polygon, either winding, with
optional holes), split into the fewest convex pieces:
  {\"type\": \"concave\", \"points\": [[x, y], ...], \"holes\": [[[x, y], ...], ...]}
In 3D (both shapes of a line must be 2D or both 3D):
  {\"type\": \"cuboid\", \"center\": [x, y, z], \"half_extents\": [hx, hy, hz], \"rotation\": [x, y, z, w]}
  {\"type\": \"convex\", \"points\": [[x, y, z], ...]}   the convex hull of the points (not all in a plane)
  {\"type\": \"sphere\", \"center\": [x, y, z], \"radius\": r}                   r > 0
  {\"type\": \"capsule\", \"a\": [x, y, z], \"b\": [x, y, z], \"radius\": r}          r >= 0
A cuboid's rotation is a quaternion in glam's order (x, y, z, w), normalised; optional (none
when left out); zero is an error. Keys shown as optional may be left out; every other key
shown is required, and no other key is allowed. Numbers must be finite and fit in a 32-bit
float; coordinates are read in double precision and shapes far from the origin are placed
about their own centre, so they keep their shape.";

/// The error lines, shared by both commands.
const ERRORS: &str = "\
A line that cannot be answered (not JSON, not an object, a missing, unknown, misspelt or repeated
key, a value of the wrong type, a number out of range, an invalid shape such as a concave \"polygon\"
or a box with a zero half extent) gets an error line naming the field, and the next line is read:
  {\"id\": ..., \"error\": \"a.points[2]: expected [x, y] with two numbers, got the string \\\"x\\\"\"}";

/// The exit status, shared by both commands.
const EXIT_STATUS: &str = "\
Exit status: 0 when the whole input was read, even if some lines got errors; 1 when the input
cannot be read (FILE missing, a read error); 2 for a command-line error.";

/// The input and output format of `septa collide`.
fn collide_format() -> String {
    format!(
        "\
Input: one JSON object per line (JSON Lines); blank lines are skipped.
  {{\"id\": ANY, \"a\": SHAPE, \"b\": SHAPE}}      \"id\" is optional, any JSON value, echoed back
{SHAPES}

Output: one JSON line per non-blank input line, in input order, with the keys in this order:
  {{\"id\": ..., \"collides\": BOOL, \"depth\": D, \"normal\": [x, y], \"points\": [[x, y], ...], \"depths\": [D, ...],
   \"manifolds\": [{{\"normal\": [x, y], \"depth\": D, \"points\": [[x, y], ...], \"depths\": [D, ...]}}, ...]}}
  id         the input's id; null when it had none
  collides   do a and b overlap? Touching is not overlapping.
  depth      the minimum translation vector (MTV): moving b by depth * normal separates the
  normal     shapes; normal is a unit vector pointing from a to b. Both null when not colliding.
  points     the contact manifold: 1 or 2 points in 2D, 1 to 4 in 3D (world frame, on the
  depths     incident shape's surface), each with its penetration depth. Both empty when not
             colliding.
  manifolds  only when colliding: every manifold. A convex pair has one; with a concave polygon,
             one per touching pair of pieces (neighbouring pieces touching along one line
             merged), and depth, normal, points and depths above are the deepest one's.
Points have 3 coordinates for 3D shapes.
{ERRORS}

Example:
  $ septa collide queries.jsonl
  input:  {EXAMPLE_INPUT}
  output: {EXAMPLE_OUTPUT}
  input:  {EXAMPLE_BAD_INPUT}
  output: {EXAMPLE_BAD_OUTPUT}"
    )
}

/// The input and output format of `septa toi`; with the shapes, or pointing to those of
/// `septa collide` given before it.
fn toi_format(with_shapes: bool) -> String {
    let (shapes, errors) = if with_shapes {
        (SHAPES, ERRORS)
    } else {
        (
            "SHAPE is as for 'septa collide' above.",
            "Bad lines get error lines as for 'septa collide': {\"id\": ..., \"error\": \"...\"}, naming the field.",
        )
    };
    format!(
        "\
Input: one JSON object per line (JSON Lines); blank lines are skipped.
  {{\"id\": ANY, \"a\": SHAPE, \"b\": SHAPE, \"velocity_a\": [x, y], \"velocity_b\": [x, y], \"max_t\": T}}
  id          optional, any JSON value, echoed back
  a, b        the shapes, where they are at time 0
  velocity_a  the velocities of a and b (distance per unit of time): each shape moves in a
  velocity_b  straight line at constant speed, without turning
  max_t       optional, default 1: look for the first contact during [0, max_t]; a number >= 0
{shapes}

Output: one JSON line per non-blank input line, in input order, with the keys in this order:
  {{\"id\": ..., \"hit\": BOOL, \"t\": T, \"normal\": [x, y]}}
  id      the input's id; null when it had none
  hit     do a and b come into contact during [0, max_t]? Shapes that only graze (touch
          without overlapping) do not.
  t       the time of first contact; 0 when they already overlap at time 0
  normal  the unit normal from a to b at first contact (when they already overlap, the MTV
          normal of 'septa collide'). Both null when there is no hit.
t is exact (up to 32-bit rounding) for polygons, hulls and boxes. With a circle or a capsule it
comes from conservative advancement: never later than the exact contact, and early by at most
the time the shapes take to close a gap of 1e-4 times the smaller shape's size.
{errors}

Example:
  $ septa toi sweeps.jsonl
  input:  {TOI_INPUT}
  output: {TOI_OUTPUT}
  input:  {TOI_MISS_INPUT}
  output: {TOI_MISS_OUTPUT}
  input:  {TOI_BAD_INPUT}
  output: {TOI_BAD_OUTPUT}"
    )
}

/// `septa --help`, `septa help`.
pub fn main_help() -> String {
    format!(
        "septa {}: 2D and 3D collision detection by the separating axis theorem (SAT).\n\n{USAGE}\n\n\
         septa collide reads one query per line: two convex shapes, a and b. It answers whether\n\
         they overlap, with the minimum translation vector and the contact points.\n\n{}\n\n\
         septa toi reads two convex shapes per line with their velocities, and answers when they\n\
         first touch (the time of impact): a sweep that a per-frame test would miss when a fast,\n\
         thin shape passes through another between two frames.\n\n{}\n\n\
         septa decompose reads one simple polygon per line and answers its convex pieces.\n\n{}\n\n{EXIT_STATUS}\n",
        env!("CARGO_PKG_VERSION"),
        collide_format(),
        toi_format(false),
        decompose_format()
    )
}

/// A `septa decompose` line: an L of six corners.
pub const DECOMPOSE_INPUT: &str = r#"{"id":1,"points":[[0,0],[2,0],[2,1],[1,1],[1,2],[0,2]]}"#;

/// What `septa decompose` prints for [`DECOMPOSE_INPUT`]: two pieces.
pub const DECOMPOSE_OUTPUT: &str = r#"{"id":1,"pieces":[[[0.0,0.0],[1.0,1.0],[1.0,2.0],[0.0,2.0]],[[0.0,0.0],[2.0,0.0],[2.0,1.0],[1.0,1.0]]],"method":"optimal"}"#;

/// The input and output format of `septa decompose`.
fn decompose_format() -> String {
    format!(
        "\
Input: one JSON object per line (JSON Lines); blank lines are skipped.
  {{\"id\": ANY, \"points\": [[x, y], ...], \"holes\": [[[x, y], ...], ...]}}
  id      optional, any JSON value, echoed back
  points  a simple polygon: its corners in order, either winding (collinear and repeated
          consecutive points are allowed); the outline must not cross or touch itself
  holes   optional: simple polygons strictly inside it, not touching it or each other

Output: one JSON line per non-blank input line, in input order:
  {{\"id\": ..., \"pieces\": [[[x, y], ...], ...], \"method\": M}}
  pieces  convex pieces, counter-clockwise, that exactly cover the polygon without overlapping,
          made of its own corners (written as they were given)
  method  \"optimal\": the fewest pieces there can be without adding corners (an exact dynamic
          programme, for polygons of up to 400 corners without holes); \"hertel-mehlhorn\": a
          triangulation with diagonals dropped while the pieces stay convex (larger polygons
          and polygons with holes), at most 4 times the fewest, usually near them
A bad line (self-intersecting outline, fewer than 3 distinct points, zero area, a hole outside
or crossing, a non-finite number) gets {{\"id\": ..., \"error\": \"...\"}} naming the problem.

Example:
  $ septa decompose shapes.jsonl
  input:  {DECOMPOSE_INPUT}
  output: {DECOMPOSE_OUTPUT}"
    )
}

/// `septa collide --help`, `septa help collide`, `septa toi --help`, `septa help toi`,
/// `septa decompose --help`, `septa help decompose`.
pub fn command_help(mode: Mode) -> String {
    match mode {
        Mode::Decompose => format!(
            "septa decompose: convex decomposition of simple polygons, over JSON Lines.\n\n\
             Usage: septa decompose [FILE]\n  \
             FILE  the polygons, one per line; stdin when FILE is missing or -\n\n{}\n\n{EXIT_STATUS}\n",
            decompose_format()
        ),
        Mode::Collide => format!(
            "septa collide: collision queries over JSON Lines.\n\n\
             Usage: septa collide [FILE]\n  \
             FILE  the queries, one per line; stdin when FILE is missing or -\n\n{}\n\n{EXIT_STATUS}\n",
            collide_format()
        ),
        Mode::Toi => format!(
            "septa toi: time of impact of two moving shapes, over JSON Lines.\n\n\
             Usage: septa toi [FILE]\n  \
             FILE  the queries, one per line; stdin when FILE is missing or -\n\n{}\n\n{EXIT_STATUS}\n",
            toi_format(true)
        ),
    }
}
