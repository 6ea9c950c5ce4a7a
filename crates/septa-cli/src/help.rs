//! The help texts. The example lines are checked by the tests (`tests/cli.rs`): running
//! [`EXAMPLE_INPUT`] must print exactly [`EXAMPLE_OUTPUT`].

/// The one-screen usage, printed after argument errors.
pub const USAGE: &str = "\
Usage:
  septa collide [FILE]   answer the collision queries in FILE (JSON Lines; stdin when FILE is
                         missing or -), one JSON line out per non-blank line in
  septa help [COMMAND]   print the help, or a command's help (also: --help, -h)
  septa --version        print the version";

/// An input line for the examples: two overlapping squares.
pub const EXAMPLE_INPUT: &str = r#"{"id":1,"a":{"type":"polygon","points":[[0,0],[2,0],[2,2],[0,2]]},"b":{"type":"polygon","points":[[1.5,0.5],[3.5,0.5],[3.5,1.5],[1.5,1.5]]}}"#;

/// What `septa collide` prints for [`EXAMPLE_INPUT`].
pub const EXAMPLE_OUTPUT: &str = r#"{"id":1,"collides":true,"depth":0.5,"normal":[1.0,0.0],"points":[[1.5,1.5],[1.5,0.5]],"depths":[0.5,0.5]}"#;

/// An input line with a misspelt key, for the examples.
pub const EXAMPLE_BAD_INPUT: &str = r#"{"id":2,"a":{"type":"circle","center":[0,0],"raduis":1},"b":{"type":"circle","center":[1,0],"radius":1}}"#;

/// What `septa collide` prints for [`EXAMPLE_BAD_INPUT`].
pub const EXAMPLE_BAD_OUTPUT: &str = r#"{"id":2,"error":"a: unknown key \"raduis\" (did you mean \"radius\"? a circle has keys type, center and radius)"}"#;

/// The input and output format of `septa collide`.
fn format() -> String {
    format!(
        "\
Input: one JSON object per line (JSON Lines); blank lines are skipped.
  {{\"id\": ANY, \"a\": SHAPE, \"b\": SHAPE}}      \"id\" is optional, any JSON value, echoed back
where SHAPE is one of
  {{\"type\": \"polygon\", \"points\": [[x, y], ...]}}   corners in convex order, either winding
  {{\"type\": \"hull\", \"points\": [[x, y], ...]}}      the convex hull of any points
  {{\"type\": \"circle\", \"center\": [x, y], \"radius\": r}}
in world coordinates (y up). Numbers must be finite and fit in a 32-bit float.

Output: one JSON line per non-blank input line, in input order, with the keys in this order:
  {{\"id\": ..., \"collides\": BOOL, \"depth\": D, \"normal\": [x, y], \"points\": [[x, y], ...], \"depths\": [D, ...]}}
  id        the input's id; null when it had none
  collides  do a and b overlap? Touching is not overlapping.
  depth     the minimum translation vector (MTV): moving b by depth * normal separates the
  normal    shapes; normal is a unit vector pointing from a to b. Both null when not colliding.
  points    the contact manifold: 1 or 2 points (world frame, on the incident shape's surface),
  depths    each with its penetration depth. Both empty when not colliding.
A line that cannot be answered (not JSON, not an object, a missing, unknown, misspelt or repeated
key, a value of the wrong type, a number out of range, an invalid shape such as a concave \"polygon\")
gets an error line naming the field, and the next line is read:
  {{\"id\": ..., \"error\": \"a.points[2]: expected [x, y] with two numbers, got the string \\\"x\\\"\"}}

Example:
  $ septa collide queries.jsonl
  input:  {EXAMPLE_INPUT}
  output: {EXAMPLE_OUTPUT}
  input:  {EXAMPLE_BAD_INPUT}
  output: {EXAMPLE_BAD_OUTPUT}

Exit status: 0 when the whole input was read, even if some lines got errors; 1 when the input
cannot be read (FILE missing, a read error); 2 for a command-line error."
    )
}

/// `septa --help`, `septa help`.
pub fn main_help() -> String {
    format!(
        "septa {}: 2D collision detection by the separating axis theorem (SAT).\n\n{USAGE}\n\n\
         septa collide reads one query per line: two convex shapes, a and b. It answers whether\n\
         they overlap, with the minimum translation vector and the contact points.\n\n{}\n",
        env!("CARGO_PKG_VERSION"),
        format()
    )
}

/// `septa collide --help`, `septa help collide`.
pub fn collide_help() -> String {
    format!(
        "septa collide: collision queries over JSON Lines.\n\n\
         Usage: septa collide [FILE]\n  \
         FILE  the queries, one per line; stdin when FILE is missing or -\n\n{}\n",
        format()
    )
}
