//! End-to-end tests of the `septa` binary. Expected geometry is derived by hand in the comments,
//! never taken from septa's own output.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

const ANSWER_KEYS: [&str; 6] = ["id", "collides", "depth", "normal", "points", "depths"];
const ERROR_KEYS: [&str; 2] = ["id", "error"];

/// What one run of the binary gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `septa ARGS` with `stdin` as input. Checks that nothing panicked, whatever the input.
fn septa(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_septa"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the septa binary starts");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    // Written from another thread so that a large output cannot block a large input.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data); // a command that does not read stdin may close it
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let run = Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"),
        "septa panicked: {}",
        run.stderr
    );
    assert!(run.code.is_some(), "septa was killed by a signal; stderr: {}", run.stderr);
    run
}

/// `septa collide` on `input` (stdin): checks the exit status and stderr, returns the lines.
fn collide(input: &str) -> Vec<String> {
    collide_bytes(input.as_bytes())
}

fn collide_bytes(input: &[u8]) -> Vec<String> {
    let run = septa(&["collide"], input);
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
    assert!(run.stdout.is_empty() || run.stdout.ends_with('\n'));
    run.stdout.lines().map(|l| l.to_string()).collect()
}

/// The single output line for a single input line.
fn one(input: &str) -> String {
    let lines = collide(&format!("{input}\n"));
    assert_eq!(lines.len(), 1, "{lines:?}");
    lines.into_iter().next().unwrap()
}

/// The top-level keys of a JSON object line, in the order written.
fn top_keys(line: &str) -> Vec<String> {
    let (mut keys, mut depth, mut in_string, mut escaped) = (vec![], 0, false, false);
    let mut current = String::new();
    let mut last_string = String::new();
    for c in line.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
                last_string = std::mem::take(&mut current);
                continue;
            }
            current.push(c);
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            ':' if depth == 1 => keys.push(std::mem::take(&mut last_string)),
            _ => {}
        }
    }
    keys
}

/// Parses an answer line, checking its keys and their order, and that every number in it is a
/// finite f32 printed in its shortest form.
fn parse_answer(line: &str) -> Value {
    assert_eq!(top_keys(line), ANSWER_KEYS, "{line}");
    let v: Value = serde_json::from_str(line).expect("an answer line is JSON");
    // the numbers of the answer (after the id) as written
    let after_id = &line[line.find(",\"collides\":").unwrap()..];
    for token in after_id.split(|c: char| !(c.is_ascii_digit() || "-+.eE".contains(c))) {
        if token.is_empty() || token == "e" {
            continue; // the "e" of "true" / "false"
        }
        let x: f32 = token.parse().unwrap_or_else(|_| panic!("{token:?} in {line}"));
        assert!(x.is_finite(), "{line}");
        // f32's shortest round-trip form has at most 9 significant digits; a widened f64
        // (0.10000000149011612) has more.
        let mantissa = token.split(['e', 'E']).next().unwrap();
        let digits = mantissa.trim_start_matches('-').replace('.', "");
        assert!(digits.trim_start_matches('0').trim_end_matches('0').len() <= 9, "{token} in {line}");
    }
    let normal = if v["normal"].is_null() { None } else { Some(&v["normal"]) };
    for p in normal.into_iter().chain(v["points"].as_array().unwrap()) {
        assert_eq!(p.as_array().map(|xy| xy.len()), Some(2), "{line}");
    }
    assert_eq!(v["points"].as_array().unwrap().len(), v["depths"].as_array().unwrap().len());
    v
}

/// The answer to one input line.
fn answer(input: &str) -> Value {
    parse_answer(&one(input))
}

/// Parses an error line, checking it is exactly `{"id": …, "error": "…"}`.
fn parse_error(line: &str) -> (Value, String) {
    assert_eq!(top_keys(line), ERROR_KEYS, "{line}");
    let v: Value = serde_json::from_str(line).expect("an error line is JSON");
    let message = v["error"].as_str().unwrap_or_else(|| panic!("error is a string: {line}")).to_string();
    assert!(!message.is_empty());
    (v["id"].clone(), message)
}

/// The id and message of the error line for one input line.
fn error(input: &str) -> (Value, String) {
    parse_error(&one(input))
}

/// Asserts an error line for `input` with id `id` whose message contains every one of `parts`.
fn assert_error(input: &str, id: Value, parts: &[&str]) {
    let (got_id, message) = error(input);
    assert_eq!(got_id, id, "{input}");
    for part in parts {
        assert!(message.contains(part), "message {message:?} lacks {part:?} (input {input})");
    }
}

fn polygon(points: &[[f64; 2]]) -> String {
    format!(r#"{{"type":"polygon","points":{}}}"#, serde_json::to_string(points).unwrap())
}

fn hull(points: &[[f64; 2]]) -> String {
    format!(r#"{{"type":"hull","points":{}}}"#, serde_json::to_string(points).unwrap())
}

/// The axis-aligned box [x0, x1] × [y0, y1], counter-clockwise.
fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> String {
    polygon(&[[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
}

fn circle(cx: f64, cy: f64, r: f64) -> String {
    format!(r#"{{"type":"circle","center":[{cx},{cy}],"radius":{r}}}"#)
}

fn query(id: &str, a: &str, b: &str) -> String {
    format!(r#"{{"id":{id},"a":{a},"b":{b}}}"#)
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("expected a number, got {v}"))
}

fn xy(v: &Value) -> [f64; 2] {
    [num(&v[0]), num(&v[1])]
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

fn assert_mtv(v: &Value, depth: f64, normal: [f64; 2], tolerance: f64) {
    assert_eq!(v["collides"], true, "{v}");
    assert!(close(num(&v["depth"]), depth, tolerance), "depth: {v}");
    let n = xy(&v["normal"]);
    assert!(close(n[0], normal[0], tolerance) && close(n[1], normal[1], tolerance), "normal: {v}");
}

fn points(v: &Value) -> Vec<[f64; 2]> {
    v["points"].as_array().unwrap().iter().map(xy).collect()
}

fn depths(v: &Value) -> Vec<f64> {
    v["depths"].as_array().unwrap().iter().map(num).collect()
}

fn separated(id: &str) -> String {
    format!(r#"{{"id":{id},"collides":false,"depth":null,"normal":null,"points":[],"depths":[]}}"#)
}

// ---------------------------------------------------------------------------------------------
// Geometry

/// a = [0,2]², b = [1.5,3.5]×[0.5,1.5]. Overlap along x: a reaches 2, b starts at 1.5 → 0.5;
/// along y, b sits inside a's height (pushes 1.5 up or 1.5 down). So the MTV is x, depth 0.5,
/// normal [1,0] (a to b). The reference face is a's right edge x = 2; the incident edge is b's
/// left edge x = 1.5 from y = 0.5 to 1.5, wholly within a's y-range, so both its ends are
/// contact points, each 0.5 behind x = 2.
#[test]
fn overlapping_squares_exact() {
    let v = answer(&query("\"sq\"", &rect(0.0, 0.0, 2.0, 2.0), &rect(1.5, 0.5, 3.5, 1.5)));
    assert_eq!(v["id"], "sq");
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
    let mut pts = points(&v);
    assert_eq!(pts.len(), 2, "{v}");
    pts.sort_by(|p, q| p[1].total_cmp(&q[1]));
    for (p, y) in pts.iter().zip([0.5, 1.5]) {
        assert!(close(p[0], 1.5, 1e-5) && close(p[1], y, 1e-5), "{v}");
    }
    for d in depths(&v) {
        assert!(close(d, 0.5, 1e-5), "{v}");
    }
    // the same pair the other way round: the normal turns around, the depth stays
    let v = answer(&query("0", &rect(1.5, 0.5, 3.5, 1.5), &rect(0.0, 0.0, 2.0, 2.0)));
    assert_mtv(&v, 0.5, [-1.0, 0.0], 1e-6);
}

#[test]
fn separated_pair_exact_line() {
    // a gap of 1 along x
    let line = one(&query("7", &rect(0.0, 0.0, 2.0, 2.0), &rect(3.0, 0.0, 4.0, 1.0)));
    assert_eq!(line, separated("7"));
    // circles 3 apart with radii 1 and 1
    let line = one(&query("\"c\"", &circle(0.0, 0.0, 1.0), &circle(3.0, 0.0, 1.0)));
    assert_eq!(line, separated("\"c\""));
}

#[test]
fn touching_is_not_colliding() {
    let a = rect(0.0, 0.0, 2.0, 2.0);
    // edge on edge (x = 2), corner on corner, vertex on edge
    assert_eq!(one(&query("1", &a, &rect(2.0, 0.0, 3.0, 1.0))), separated("1"));
    assert_eq!(one(&query("2", &a, &rect(2.0, 2.0, 3.0, 3.0))), separated("2"));
    assert_eq!(one(&query("3", &a, &polygon(&[[1.0, 2.0], [2.0, 3.0], [0.0, 3.0]]))), separated("3"));
    // circles at distance r1 + r2 = 2; a circle touching the square's right edge
    assert_eq!(one(&query("4", &circle(0.0, 0.0, 1.0), &circle(2.0, 0.0, 1.0))), separated("4"));
    assert_eq!(one(&query("5", &a, &circle(3.0, 1.0, 1.0))), separated("5"));
}

/// Circles at distance d with radii r1, r2 overlap by r1 + r2 - d along the line of centres.
#[test]
fn circle_circle_depth() {
    // d = 1.5, r1 + r2 = 2 → depth 0.5, normal +x
    let v = answer(&query("1", &circle(0.0, 0.0, 1.0), &circle(1.5, 0.0, 1.0)));
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
    let pts = points(&v);
    assert_eq!(pts.len(), 1);
    // the point lies between the two surfaces on the line of centres: x in [0.5, 1]
    assert!(pts[0][0] >= 0.5 - 1e-6 && pts[0][0] <= 1.0 + 1e-6 && close(pts[0][1], 0.0, 1e-6), "{v}");
    assert!(close(depths(&v)[0], 0.5, 1e-6));
    // a 3-4-5 triangle: centres 5 apart, radii 3 + 3 → depth 1, normal (0.6, 0.8)
    let v = answer(&query("2", &circle(1.0, 1.0, 3.0), &circle(4.0, 5.0, 3.0)));
    assert_mtv(&v, 1.0, [0.6, 0.8], 1e-6);
}

#[test]
fn polygon_circle() {
    let square = rect(0.0, 0.0, 2.0, 2.0);
    // circle at (2.5, 1), r = 1: reaches x = 1.5, half a unit into the square's right edge
    let v = answer(&query("1", &square, &circle(2.5, 1.0, 1.0)));
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
    assert_eq!(points(&v).len(), 1);
    assert!(close(depths(&v)[0], 0.5, 1e-6));
    // circle first: the normal (from a to b) turns around
    let v = answer(&query("2", &circle(2.5, 1.0, 1.0), &square));
    assert_mtv(&v, 0.5, [-1.0, 0.0], 1e-6);
    // off the corner (2, 2): centre (3, 3) is √2 from the corner, r = 2 → depth 2 − √2 along
    // the diagonal
    let v = answer(&query("3", &square, &circle(3.0, 3.0, 2.0)));
    let h = std::f64::consts::FRAC_1_SQRT_2;
    assert_mtv(&v, 2.0 - std::f64::consts::SQRT_2, [h, h], 1e-5);
    // separated off the corner although both axis projections overlap: centre (3, 3) r = 1.2
    assert_eq!(one(&query("4", &square, &circle(3.0, 3.0, 1.2))), separated("4"));
}

#[test]
fn clockwise_input_gives_the_same_answer() {
    let b = rect(1.5, 0.5, 3.5, 1.5);
    let ccw = one(&query("1", &rect(0.0, 0.0, 2.0, 2.0), &b));
    let cw = one(&query("1", &polygon(&[[0.0, 0.0], [0.0, 2.0], [2.0, 2.0], [2.0, 0.0]]), &b));
    assert_eq!(parse_answer(&cw)["depth"], parse_answer(&ccw)["depth"]);
    let v = parse_answer(&cw);
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
    assert_eq!(points(&v).len(), 2);
}

#[test]
fn hull_with_interior_points() {
    // the square [0,2]² as corners, interior points, a point on an edge and a repeat, shuffled
    let scattered =
        [[1.0, 1.0], [2.0, 2.0], [0.5, 1.5], [0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [2.0, 0.0], [2.0, 2.0]];
    let v = answer(&query("1", &hull(&scattered), &rect(1.5, 0.5, 3.5, 1.5)));
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
    assert_eq!(points(&v).len(), 2);
    // the same points as a "polygon" are not in convex order
    assert_error(
        &query("2", &polygon(&scattered), &rect(1.5, 0.5, 3.5, 1.5)),
        2.into(),
        &["a.points", "convex"],
    );
}

#[test]
fn far_from_origin_keeps_precision() {
    for offset in [1e4, -3e4, 1e5] {
        let v = answer(&query(
            "1",
            &rect(offset, offset, offset + 2.0, offset + 2.0),
            &rect(offset + 1.5, offset + 0.5, offset + 3.5, offset + 1.5),
        ));
        assert_mtv(&v, 0.5, [1.0, 0.0], 1e-3);
        assert_eq!(points(&v).len(), 2, "{v}");
        for (p, d) in points(&v).iter().zip(depths(&v)) {
            assert!(close(p[0], offset + 1.5, 1e-2), "{v}");
            assert!(close(d, 0.5, 1e-3), "{v}");
        }
        let v = answer(&query("2", &circle(offset, offset, 1.0), &circle(offset + 1.5, offset, 1.0)));
        assert_mtv(&v, 0.5, [1.0, 0.0], 1e-3);
    }
}

#[test]
fn resting_box_has_two_points() {
    // ground [-5,5]×[-1,0]; box [0,1]×[-0.125,0.875] sunk 0.125: both bottom corners touch
    let v = answer(&query("1", &rect(-5.0, -1.0, 5.0, 0.0), &rect(0.0, -0.125, 1.0, 0.875)));
    assert_mtv(&v, 0.125, [0.0, 1.0], 1e-6);
    let mut pts = points(&v);
    pts.sort_by(|p, q| p[0].total_cmp(&q[0]));
    assert_eq!(pts.len(), 2);
    for (p, x) in pts.iter().zip([0.0, 1.0]) {
        assert!(close(p[0], x, 1e-6) && close(p[1], -0.125, 1e-6), "{v}");
    }
}

#[test]
fn numbers_print_in_shortest_f32_form() {
    // depth 0.1 as an f32 prints as 0.1 (or its f32 neighbours), never as a widened f64
    let line = one(&query("1", &circle(0.0, 0.0, 1.0), &circle(1.9, 0.0, 1.0)));
    assert!(!line.contains("0000000"), "{line}");
    let v = parse_answer(&line);
    assert_mtv(&v, 0.1, [1.0, 0.0], 1e-6);
}

// ---------------------------------------------------------------------------------------------
// Errors

const GOOD_A: &str = r#"{"type":"circle","center":[0,0],"radius":1}"#;
const GOOD_B: &str = r#"{"type":"circle","center":[1,0],"radius":1}"#;

#[test]
fn invalid_json_has_null_id() {
    assert_error(r#"{"id":1,"a":"#, Value::Null, &["invalid JSON"]);
    assert_error("not json", Value::Null, &["invalid JSON"]);
    assert_error(r#"{"id":1} trailing"#, Value::Null, &["invalid JSON", "trailing"]);
}

#[test]
fn non_object_lines() {
    for line in ["[1,2]", "42", "\"text\"", "null", "true"] {
        assert_error(line, Value::Null, &["expected a JSON object"]);
    }
}

#[test]
fn missing_fields() {
    assert_error(&format!(r#"{{"id":1,"b":{GOOD_B}}}"#), 1.into(), &["missing key \"a\""]);
    assert_error(&format!(r#"{{"id":1,"a":{GOOD_A}}}"#), 1.into(), &["missing key \"b\""]);
    assert_error(r#"{"id":1,"a":{"points":[]},"b":{}}"#, 1.into(), &["a: missing key \"type\""]);
    assert_error(
        &query("1", r#"{"type":"circle","radius":1}"#, GOOD_B),
        1.into(),
        &["a: missing key \"center\""],
    );
    assert_error(&query("1", GOOD_A, r#"{"type":"hull"}"#), 1.into(), &["b: missing key \"points\""]);
}

#[test]
fn unknown_type_and_keys() {
    let (id, message) = error(&query("\"u\"", GOOD_A, r#"{"type":"sqare","points":[]}"#));
    assert_eq!(id, "u");
    assert_eq!(message, r#"b: unknown shape type "sqare" (expected polygon, hull or circle)"#);
    assert_error(&query("1", r#"{"type":7}"#, GOOD_B), 1.into(), &["a.type: expected a string"]);
    // unknown keys at the top level and in a shape are errors, not ignored
    assert_error(&format!(r#"{{"id":1,"a":{GOOD_A},"b":{GOOD_B},"c":0}}"#), 1.into(), &["unknown key \"c\""]);
    let raduis = r#"{"type":"circle","center":[0,0],"raduis":1}"#;
    assert_error(
        &query("1", raduis, GOOD_B),
        1.into(),
        &["a: unknown key \"raduis\"", "did you mean \"radius\""],
    );
    let extra = r#"{"type":"polygon","points":[[0,0],[1,0],[0,1]],"radius":1}"#;
    assert_error(&query("1", GOOD_A, extra), 1.into(), &["b: unknown key \"radius\""]);
    assert_error(&query("1", "5", GOOD_B), 1.into(), &["a: expected a shape object"]);
}

#[test]
fn wrong_types_in_points_and_numbers() {
    let bad = |shape: &str| query("\"w\"", shape, GOOD_B);
    let w = Value::from("w");
    assert_error(
        &bad(r#"{"type":"polygon","points":"x"}"#),
        w.clone(),
        &["a.points: expected an array of [x, y] points"],
    );
    assert_error(
        &bad(r#"{"type":"polygon","points":[[0,0],[1,0],[1,1,1]]}"#),
        w.clone(),
        &["a.points[2]: expected [x, y] with two numbers"],
    );
    assert_error(
        &bad(r#"{"type":"polygon","points":[[0,0],{"x":1,"y":0},[1,1]]}"#),
        w.clone(),
        &["a.points[1]: expected [x, y] with two numbers"],
    );
    assert_error(
        &bad(r#"{"type":"hull","points":[[0,0],["1",0],[1,1]]}"#),
        w.clone(),
        &["a.points[1][0]: expected a number", "string"],
    );
    assert_error(
        &bad(r#"{"type":"circle","center":[0,0],"radius":"1"}"#),
        w.clone(),
        &["a.radius: expected a number"],
    );
    assert_error(
        &bad(r#"{"type":"circle","center":[0,null],"radius":1}"#),
        w.clone(),
        &["a.center[1]: expected a number"],
    );
    assert_error(&bad(r#"{"type":"circle","center":0,"radius":1}"#), w, &["a.center: expected [x, y]"]);
}

#[test]
fn out_of_range_numbers_name_the_field_and_keep_the_id() {
    // 1e400 overflows f64: still parsed, the id still echoed
    let line = query("\"big\"", GOOD_A, r#"{"type":"circle","center":[1,0],"radius":1e400}"#);
    assert_error(&line, "big".into(), &["b.radius", "out of range"]);
    let line = query("{\"k\":[1]}", r#"{"type":"polygon","points":[[0,0],[-1e400,0],[0,1]]}"#, GOOD_B);
    assert_error(&line, serde_json::json!({"k":[1]}), &["a.points[1][0]", "out of range"]);
    // 1e39 is finite as an f64 but not as an f32
    let line = query("3", r#"{"type":"hull","points":[[0,0],[1,1e39],[0,1]]}"#, GOOD_B);
    assert_error(&line, 3.into(), &["a.points[1][1]", "out of range"]);
    assert_error(&query("4", GOOD_A, &circle(1e39, 0.0, 1.0)), 4.into(), &["b.center[0]", "out of range"]);
    // an id that cannot be echoed as a finite number is reported, with a null id
    assert_error(&query("1e400", GOOD_A, GOOD_B), Value::Null, &["id"]);
    assert_error(&query("[1,{\"x\":-1e999}]", GOOD_A, GOOD_B), Value::Null, &["id"]);
}

#[test]
fn invalid_shapes() {
    let (id, message) = error(&query("1", GOOD_A, &circle(0.0, 0.0, -1.0)));
    assert_eq!(id, 1);
    assert_eq!(message, "b.radius: radius must be a finite number greater than zero, got -1");
    assert_error(&query("1", &circle(0.0, 0.0, 0.0), GOOD_B), 1.into(), &["a.radius", "greater than zero"]);
    assert_error(
        &query("1", &polygon(&[[0.0, 0.0], [1.0, 0.0]]), GOOD_B),
        1.into(),
        &["a.points", "at least 3"],
    );
    assert_error(&query("1", &polygon(&[]), GOOD_B), 1.into(), &["a.points", "at least 3"]);
    assert_error(
        &query("1", &polygon(&[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]), GOOD_B),
        1.into(),
        &["collinear"],
    );
    assert_error(&query("1", &hull(&[[0.0, 0.0], [2.0, 2.0], [1.0, 1.0]]), GOOD_B), 1.into(), &["collinear"]);
    assert_error(
        &query("1", &hull(&[[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]]), GOOD_B),
        1.into(),
        &["at least 3"],
    );
}

#[test]
fn concave_polygon_is_an_error_but_its_hull_is_answered() {
    // a square [0,2]² with a notch at (1, 0.5) in the bottom edge: a reflex corner
    let notched = [[0.0, 0.0], [1.0, 0.5], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]];
    let b = rect(1.5, 0.5, 3.5, 1.5);
    assert_error(&query("1", &polygon(&notched), &b), 1.into(), &["a.points", "convex", "hull"]);
    // its hull is the square [0,2]²: the overlapping-squares answer
    let v = answer(&query("1", &hull(&notched), &b));
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
}

#[test]
fn ids_are_echoed_verbatim() {
    for id in [
        "\"s\"",
        "17",
        "2.5",
        "-0",
        "12345678901234567890123",
        "{\"run\":3,\"tags\":[\"x\",null]}",
        "[1,2]",
        "true",
        "null",
    ] {
        let v = answer(&query(id, GOOD_A, GOOD_B));
        let expected: Value = serde_json::from_str(id).unwrap();
        assert_eq!(v["id"], expected, "{id}");
        let line = one(&query(id, GOOD_A, GOOD_B));
        assert!(line.starts_with(&format!("{{\"id\":{id},")), "{line}");
        // on error lines too
        let (got, _) = error(&query(id, GOOD_A, "{}"));
        assert_eq!(got, expected);
    }
    // absent → null, first key all the same
    let line = one(&format!(r#"{{"a":{GOOD_A},"b":{GOOD_B}}}"#));
    assert!(line.starts_with(r#"{"id":null,"collides":true,"#), "{line}");
    let line = one(&format!(r#"{{"b":{GOOD_B},"a":{GOOD_A},"id":"last"}}"#));
    assert!(line.starts_with(r#"{"id":"last","collides":true,"#), "{line}");
}

// ---------------------------------------------------------------------------------------------
// Streams

#[test]
fn bad_lines_interleaved_with_good_ones() {
    // each good line i: circles of radius 1 at distance 2 − d_i, so depth d_i = (i + 1)/32
    let mut input = String::new();
    let mut expected = vec![];
    for i in 0..40 {
        let d = (i + 1) as f64 / 32.0;
        match i % 4 {
            0 | 2 => {
                input += &query(&i.to_string(), GOOD_A, &circle(2.0 - d, 0.0, 1.0));
                expected.push(Some(d));
            }
            1 => {
                input += &format!(r#"{{"id":{i},"a":{GOOD_A},"b":{{"type":"circle"}}}}"#);
                expected.push(None);
            }
            _ => {
                input += "{broken";
                expected.push(None);
            }
        }
        input += "\n";
    }
    let lines = collide(&input);
    assert_eq!(lines.len(), expected.len());
    for (i, (line, want)) in lines.iter().zip(expected).enumerate() {
        match want {
            Some(d) => {
                let v = parse_answer(line);
                assert_eq!(v["id"], i, "{line}");
                assert_mtv(&v, d, [1.0, 0.0], 1e-6);
            }
            None => {
                let (id, _) = parse_error(line);
                assert_eq!(id, if i % 4 == 1 { Value::from(i) } else { Value::Null }, "{line}");
            }
        }
    }
}

#[test]
fn many_lines_keep_their_order() {
    let input: String = (0..3000)
        .map(|i| {
            if i % 7 == 3 {
                format!("{{\"id\":{i}}}\n")
            } else {
                query(&i.to_string(), GOOD_A, &circle(f64::from(i % 5) * 0.5, 0.0, 1.0)) + "\n"
            }
        })
        .collect();
    let lines = collide(&input);
    assert_eq!(lines.len(), 3000);
    for (i, line) in lines.iter().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["id"], i, "{line}");
        assert_eq!(v.get("error").is_some(), i % 7 == 3, "{line}");
    }
}

#[test]
fn blank_lines_are_skipped() {
    let good = query("1", GOOD_A, GOOD_B);
    let input = format!("\n   \n\t\n{good}\r\n\r\n\n{good}\n  \n");
    let lines = collide(&input);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0], lines[1]);
    parse_answer(&lines[0]);
    assert!(collide("").is_empty());
    assert!(collide("\n\n \n").is_empty());
    // the last line needs no newline; a byte order mark at the start is skipped
    assert_eq!(collide(&format!("\u{feff}{good}\n{good}")).len(), 2);
}

#[test]
fn invalid_utf8_is_a_bad_line() {
    let good = query("1", GOOD_A, GOOD_B);
    let mut input = good.as_bytes().to_vec();
    input.extend_from_slice(b"\n{\"id\":\"\xff\xfe\"}\n\xc3\x28\n");
    input.extend_from_slice(good.as_bytes());
    input.push(b'\n');
    let lines = collide_bytes(&input);
    assert_eq!(lines.len(), 4);
    parse_answer(&lines[0]);
    for line in &lines[1..3] {
        let (id, message) = parse_error(line);
        assert_eq!(id, Value::Null);
        assert!(message.contains("UTF-8"), "{message}");
    }
    parse_answer(&lines[3]);
}

/// Nesting is never recursed into (so no depth can crash septa): a line is checked for syntax
/// without recursion, and only the few levels a query has are decoded.
#[test]
fn deep_nesting_is_a_bad_line() {
    let good = query("1", GOOD_A, GOOD_B);
    let open = "[".repeat(10_000);
    let closed = format!("{open}{}", "]".repeat(10_000));
    let deep_id = query(&closed, GOOD_A, GOOD_B);
    let deep_shape = query("5", &format!("{{\"type\":\"circle\",\"center\":{closed},\"radius\":1}}"), GOOD_B);
    let objects = format!("{{\"id\":9,\"a\":{}1{}}}", "{\"a\":".repeat(10_000), "}".repeat(10_000));
    let input = [good.as_str(), &open, &closed, &deep_id, &deep_shape, &objects, &good].join("\n");
    let lines = collide(&input);
    assert_eq!(lines.len(), 7);
    parse_answer(&lines[0]);
    let expected = [
        (Value::Null, "invalid JSON"),
        (Value::Null, "expected a JSON object"),
        (Value::Null, "id: nested more than"),
        (5.into(), "a.center: expected [x, y] with two numbers"),
        (9.into(), "a: missing key \"type\""),
    ];
    for (line, (want_id, want_message)) in lines[1..6].iter().zip(expected) {
        let (id, message) = parse_error(line);
        assert_eq!(id, want_id, "{message}");
        assert!(message.starts_with(want_message), "{message}");
    }
    parse_answer(&lines[6]);
}

#[test]
fn huge_coordinates_never_print_non_finite_numbers() {
    // finite f32 input whose geometry overflows f32 arithmetic: an answer with finite numbers,
    // or an error line; never a null or an "inf" in an answer
    let cases = [
        query("1", &circle(-3e38, 0.0, 3e38), &circle(3e38, 0.0, 3e38)),
        query("2", &rect(-3e38, -3e38, 3e38, 3e38), &circle(3e38, 3e38, 3e38)),
        query("3", &hull(&[[-3e38, -3e38], [3e38, -3e38], [0.0, 3e38]]), &rect(-3e38, 1.0, 3e38, 3e38)),
        query("4", &circle(0.0, 0.0, 1e-45), &circle(0.0, 0.0, 1e-45)),
        query("5", &polygon(&[[0.0, 0.0], [1e-30, 0.0], [0.0, 1e-30]]), &circle(0.0, 0.0, 1.0)),
    ];
    for line in collide(&cases.join("\n")) {
        if top_keys(&line)[1] == "error" {
            parse_error(&line);
        } else {
            parse_answer(&line);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Files, exit status, help

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn stdin_and_file_give_the_same_output() {
    let input = format!(
        "{}\n{{oops\n{}\n",
        query("1", &rect(0.0, 0.0, 2.0, 2.0), &rect(1.5, 0.5, 3.5, 1.5)),
        query("2", GOOD_A, GOOD_B)
    );
    let path = temp_file("septa-cli-stdin-vs-file.jsonl", input.as_bytes());
    let from_file = septa(&["collide", path.to_str().unwrap()], b"");
    assert_eq!(from_file.code, Some(0));
    assert_eq!(from_file.stdout.lines().count(), 3);
    let from_stdin = septa(&["collide"], input.as_bytes());
    let from_dash = septa(&["collide", "-"], input.as_bytes());
    assert_eq!(from_file.stdout, from_stdin.stdout);
    assert_eq!(from_file.stdout, from_dash.stdout);
}

#[test]
fn unreadable_input_fails() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("septa-cli-no-such-file.jsonl");
    let run = septa(&["collide", missing.to_str().unwrap()], b"");
    assert_ne!(run.code, Some(0));
    assert!(run.stderr.contains("no-such-file.jsonl"), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    // a directory opens but cannot be read
    let run = septa(&["collide", env!("CARGO_TARGET_TMPDIR")], b"");
    assert_ne!(run.code, Some(0));
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
}

#[test]
fn help_documents_the_format() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["collide", "--help"],
        &["collide", "-h"],
        &["help", "collide"],
    ] {
        let run = septa(args, b"");
        assert_eq!(run.code, Some(0), "{args:?}");
        assert_eq!(run.stderr, "");
        for part in [
            "septa collide",
            "\"polygon\"",
            "\"hull\"",
            "\"circle\"",
            "\"radius\"",
            "collides",
            "depths",
            "error",
        ] {
            assert!(run.stdout.contains(part), "{args:?} lacks {part}");
        }
        // the example lines are there, and each input line gives its output line exactly
        let inputs: Vec<&str> = run.stdout.lines().filter_map(|l| l.trim().strip_prefix("input:")).collect();
        let outputs: Vec<&str> =
            run.stdout.lines().filter_map(|l| l.trim().strip_prefix("output:")).collect();
        assert!(!inputs.is_empty() && inputs.len() == outputs.len(), "{args:?}");
        for (input, output) in inputs.iter().zip(outputs) {
            assert_eq!(one(input.trim()), output.trim());
        }
    }
    let run = septa(&["--version"], b"");
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.starts_with("septa "));
}

#[test]
fn command_line_errors() {
    for args in [
        &["colide"][..],
        &[],
        &["collide", "a.jsonl", "b.jsonl"],
        &["collide", "--fast"],
        &["help", "nope"],
        &["--nope"],
    ] {
        let run = septa(args, b"");
        assert_ne!(run.code, Some(0), "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(run.stderr.contains("error") && run.stderr.contains("Usage"), "{args:?}: {}", run.stderr);
    }
    assert!(septa(&["colide"], b"").stderr.contains("unknown command"));
}

#[test]
fn example_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/collide.jsonl");
    let run = septa(&["collide", path.to_str().unwrap()], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 8);
    let by_id =
        |id: &str| -> &str { lines.iter().find(|l| l.starts_with(&format!("{{\"id\":\"{id}"))).unwrap() };
    assert_mtv(&parse_answer(by_id("overlapping squares")), 0.5, [1.0, 0.0], 1e-6);
    assert_eq!(parse_answer(by_id("separated"))["collides"], false);
    assert_eq!(parse_answer(by_id("touching"))["collides"], false);
    let resting = parse_answer(by_id("box resting"));
    assert_mtv(&resting, 0.125, [0.0, 1.0], 1e-6);
    assert_eq!(points(&resting).len(), 2);
    // hypotenuse x + y = 4 is 1/√2 from (2.5, 2.5): depth 1 − 1/√2 along (1, 1)/√2
    let h = std::f64::consts::FRAC_1_SQRT_2;
    assert_mtv(&parse_answer(by_id("triangle and circle")), 1.0 - h, [h, h], 1e-6);
    assert_mtv(&parse_answer(by_id("two circles")), 0.5, [1.0, 0.0], 1e-6);
    // hull: right edge x = 3 (from (3,0) to (3,3)); circle at x = 4, r = 1.5 reaches x = 2.5
    assert_mtv(&parse_answer(by_id("hull")), 0.5, [1.0, 0.0], 1e-6);
    let (id, message) = parse_error(by_id("misspelt"));
    assert_eq!(id, "misspelt key");
    assert!(message.contains("raduis"));
}
