//! End-to-end tests of the `septa` binary. Expected geometry is derived by hand in the comments,
//! never taken from septa's own output.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

const ANSWER_KEYS: [&str; 6] = ["id", "collides", "depth", "normal", "points", "depths"];
const HIT_KEYS: [&str; 4] = ["id", "hit", "t", "normal"];
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
    lines_of("collide", input)
}

/// `septa toi` on `input` (stdin), as [`collide`].
fn toi(input: &str) -> Vec<String> {
    lines_of("toi", input.as_bytes())
}

/// `septa COMMAND` on `input` (stdin): checks the exit status and stderr, returns the lines.
fn lines_of(command: &str, input: &[u8]) -> Vec<String> {
    let run = septa(&[command], input);
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
///
/// A colliding answer also has `manifolds`: for the convex pairs of this file exactly one,
/// holding the same points and depths as the answer's own keys.
fn parse_answer(line: &str) -> Value {
    let v: Value = serde_json::from_str(line).expect("an answer line is JSON");
    if v["collides"] == true {
        let mut keys = ANSWER_KEYS.to_vec();
        keys.push("manifolds");
        assert_eq!(top_keys(line), keys, "{line}");
        let manifolds = v["manifolds"].as_array().expect("manifolds is an array");
        assert_eq!(manifolds.len(), 1, "{line}");
        assert_eq!(
            (&manifolds[0]["points"], &manifolds[0]["depths"]),
            (&v["points"], &v["depths"]),
            "{line}"
        );
    } else {
        assert_eq!(top_keys(line), ANSWER_KEYS, "{line}");
    }
    check_numbers(line, ",\"collides\":");
    let normal = if v["normal"].is_null() { None } else { Some(&v["normal"]) };
    for p in normal.into_iter().chain(v["points"].as_array().unwrap()) {
        assert_eq!(p.as_array().map(|xy| xy.len()), Some(2), "{line}");
    }
    assert_eq!(v["points"].as_array().unwrap().len(), v["depths"].as_array().unwrap().len());
    v
}

/// Checks that every number of an answer line after `after` (the key following the id) is a
/// finite f32 printed in its shortest form.
fn check_numbers(line: &str, after: &str) {
    let after_id = &line[line.find(after).unwrap()..];
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
}

/// Parses a `septa toi` answer line: keys id, hit, t, normal in this order, t and normal both
/// numbers on a hit and both null otherwise, numbers finite f32 in shortest form.
fn parse_hit(line: &str) -> Value {
    assert_eq!(top_keys(line), HIT_KEYS, "{line}");
    let v: Value = serde_json::from_str(line).expect("an answer line is JSON");
    check_numbers(line, ",\"hit\":");
    if v["hit"] == true {
        assert!(num(&v["t"]) >= 0.0, "{line}");
        assert_eq!(v["normal"].as_array().map(|xy| xy.len()), Some(2), "{line}");
        let n = xy(&v["normal"]);
        assert!(close(n[0].hypot(n[1]), 1.0, 1e-6), "the normal is a unit vector: {line}");
    } else {
        assert_eq!(v["hit"], false, "{line}");
        assert!(v["t"].is_null() && v["normal"].is_null(), "{line}");
    }
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

/// The box centred on (cx, cy) reaching hx and hy either side, turned by `angle` radians.
fn box_at(cx: f64, cy: f64, hx: f64, hy: f64, angle: f64) -> String {
    format!(r#"{{"type":"box","center":[{cx},{cy}],"half_extents":[{hx},{hy}],"angle":{angle}}}"#)
}

/// The capsule of radius r around the segment (ax, ay)–(bx, by).
fn capsule(a: [f64; 2], b: [f64; 2], r: f64) -> String {
    format!(r#"{{"type":"capsule","a":[{},{}],"b":[{},{}],"radius":{r}}}"#, a[0], a[1], b[0], b[1])
}

fn query(id: &str, a: &str, b: &str) -> String {
    format!(r#"{{"id":{id},"a":{a},"b":{b}}}"#)
}

/// A `septa toi` line; `max_t` left out when `None`.
fn sweep(
    id: &str,
    a: &str,
    b: &str,
    velocity_a: [f64; 2],
    velocity_b: [f64; 2],
    max_t: Option<f64>,
) -> String {
    let max_t = max_t.map(|t| format!(",\"max_t\":{t}")).unwrap_or_default();
    format!(
        r#"{{"id":{id},"a":{a},"b":{b},"velocity_a":[{},{}],"velocity_b":[{},{}]{max_t}}}"#,
        velocity_a[0], velocity_a[1], velocity_b[0], velocity_b[1]
    )
}

/// The single `septa toi` output line for a single input line.
fn one_toi(input: &str) -> String {
    let lines = toi(&format!("{input}\n"));
    assert_eq!(lines.len(), 1, "{lines:?}");
    lines.into_iter().next().unwrap()
}

/// The `septa toi` answer to one input line.
fn hit(input: &str) -> Value {
    parse_hit(&one_toi(input))
}

/// Asserts a `septa toi` error line for `input` with id `id` whose message contains every one
/// of `parts`.
fn assert_toi_error(input: &str, id: Value, parts: &[&str]) {
    let (got_id, message) = parse_error(&one_toi(input));
    assert_eq!(got_id, id, "{input}");
    for part in parts {
        assert!(message.contains(part), "message {message:?} lacks {part:?} (input {input})");
    }
}

/// Asserts a hit at time `t` (within `tolerance`) with the given normal.
fn assert_hit(v: &Value, t: f64, normal: [f64; 2], tolerance: f64) {
    assert_eq!(v["hit"], true, "{v}");
    assert!(close(num(&v["t"]), t, tolerance), "t: {v}");
    let n = xy(&v["normal"]);
    assert!(close(n[0], normal[0], tolerance) && close(n[1], normal[1], tolerance), "normal: {v}");
}

fn missed(id: &str) -> String {
    format!(r#"{{"id":{id},"hit":false,"t":null,"normal":null}}"#)
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

/// A box without "angle" is axis-aligned (issue 14): the square [-1, 1]² against a circle of
/// radius 1 at (1.5, 0.5) overlaps by 0.5 along +x (by hand), the same as with "angle": 0, in
/// both commands; unknown keys stay errors.
#[test]
fn box_angle_is_optional() {
    let plain = r#"{"type":"box","center":[0,0],"half_extents":[1,1]}"#;
    let v = answer(&query("1", plain, &circle(1.5, 0.5, 1.0)));
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
    assert_eq!(v, answer(&query("1", &box_at(0.0, 0.0, 1.0, 1.0, 0.0), &circle(1.5, 0.5, 1.0))));
    let far = r#"{"type":"box","center":[4,0],"half_extents":[1,1]}"#;
    let v = hit(&sweep("2", plain, far, [1.0, 0.0], [0.0, 0.0], Some(5.0)));
    assert_hit(&v, 2.0, [1.0, 0.0], 1e-6);
    assert_error(
        &query(
            "3",
            r#"{"type":"box","center":[0,0],"half_extents":[1,1],"angel":0}"#,
            &circle(0.0, 0.0, 1.0),
        ),
        Value::from(3),
        &["a: unknown key \"angel\"", "did you mean \"angle\""],
    );
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
// Boxes and capsules

/// a = box centre (0, 0), half extents (2, 1): [-2,2]×[-1,1]; b = box centre (2.5, 0.5), half
/// extents (1, 1): [1.5,3.5]×[-0.5,1.5]. Overlap along x: 2 − 1.5 = 0.5; along y: 1 − (−0.5) =
/// 1.5 (or 1.5 − (−1) = 2.5 the other way). MTV along x, depth 0.5, normal [1,0]. The faces tie
/// (a's x = 2 and b's x = 1.5 both give 0.5) and ties go to a: reference face a's right edge
/// x = 2, y ∈ [-1,1]; incident edge b's left edge x = 1.5 from y = −0.5 to 1.5, clipped at
/// y = 1: points (1.5, −0.5) and (1.5, 1), each 0.5 behind x = 2.
#[test]
fn box_box_exact() {
    let v = answer(&query("\"bb\"", &box_at(0.0, 0.0, 2.0, 1.0, 0.0), &box_at(2.5, 0.5, 1.0, 1.0, 0.0)));
    assert_eq!(v["id"], "bb");
    assert_mtv(&v, 0.5, [1.0, 0.0], 1e-6);
    let mut pts = points(&v);
    assert_eq!(pts.len(), 2, "{v}");
    pts.sort_by(|p, q| p[1].total_cmp(&q[1]));
    for (p, y) in pts.iter().zip([-0.5, 1.0]) {
        assert!(close(p[0], 1.5, 1e-6) && close(p[1], y, 1e-6), "{v}");
    }
    for d in depths(&v) {
        assert!(close(d, 0.5, 1e-6), "{v}");
    }
    // a box is the same shape as the polygon of its corners: the same answer
    let as_polygon = answer(&query("\"bb\"", &rect(-2.0, -1.0, 2.0, 1.0), &rect(1.5, -0.5, 3.5, 1.5)));
    assert_mtv(&as_polygon, 0.5, [1.0, 0.0], 1e-6);
    // touching boxes (b's left edge on a's right edge) do not collide
    assert_eq!(
        one(&query("1", &box_at(0.0, 0.0, 2.0, 1.0, 0.0), &box_at(3.0, 0.0, 1.0, 1.0, 0.0))),
        separated("1")
    );
}

/// A unit-half-extent box turned by 45° is the diamond with corners (±√2, 0), (0, ±√2). The
/// square [1,2]×[-0.5,0.5]: on x the diamond reaches √2, the square starts at 1 → overlap
/// √2 − 1 ≈ 0.414; on the diamond's normals (±1, 1)/√2 the diamond reaches 1 and the square's
/// nearest corner (1, ∓0.5) sits at 0.5/√2 ≈ 0.354 → overlap 0.646; on y far more. MTV: x,
/// depth √2 − 1, normal [1,0]. The reference face is the square's left edge x = 1 (y ∈ ±0.5);
/// of the diamond's incident edge only the corner (√2, 0) lies behind it (the edge leaves the
/// slab at y = ±0.5, where x = √2 − 0.5 < 1): one point, depth √2 − 1.
#[test]
fn rotated_box_and_polygon() {
    let quarter = std::f64::consts::FRAC_PI_4;
    let square = rect(1.0, -0.5, 2.0, 0.5);
    let v = answer(&query("1", &box_at(0.0, 0.0, 1.0, 1.0, quarter), &square));
    let root2 = std::f64::consts::SQRT_2;
    assert_mtv(&v, root2 - 1.0, [1.0, 0.0], 1e-6);
    let pts = points(&v);
    assert_eq!(pts.len(), 1, "{v}");
    assert!(close(pts[0][0], root2, 1e-6) && close(pts[0][1], 0.0, 1e-6), "{v}");
    assert!(close(depths(&v)[0], root2 - 1.0, 1e-6), "{v}");
    // the same diamond as a polygon of its corners
    let diamond = polygon(&[[root2, 0.0], [0.0, root2], [-root2, 0.0], [0.0, -root2]]);
    assert_mtv(&answer(&query("2", &diamond, &square)), root2 - 1.0, [1.0, 0.0], 1e-6);
    // a full turn more is the same box; the diamond centred at x = −0.5 reaches only
    // √2 − 0.5 ≈ 0.914 < 1: apart
    let turned = quarter + 2.0 * std::f64::consts::PI;
    assert_mtv(
        &answer(&query("3", &box_at(0.0, 0.0, 1.0, 1.0, turned), &square)),
        root2 - 1.0,
        [1.0, 0.0],
        1e-5,
    );
    assert_eq!(one(&query("4", &box_at(-0.5, 0.0, 1.0, 1.0, quarter), &square)), separated("4"));
}

/// Ground: box centre (0, −0.5), half extents (5, 0.5), top face y = 0. Capsule: segment
/// (−1, 0.25)–(1, 0.25), radius 0.5, so its flat underside is y = −0.25 from x = −1 to 1: sunk
/// 0.25. MTV [0,1] (ground to capsule), depth 0.25; the reference face is the ground's top, the
/// incident edge the capsule's underside, wholly inside x ∈ [−5, 5]: two points (±1, −0.25).
#[test]
fn capsule_resting_on_a_box_has_two_points() {
    let v = answer(&query("1", &box_at(0.0, -0.5, 5.0, 0.5, 0.0), &capsule([-1.0, 0.25], [1.0, 0.25], 0.5)));
    assert_mtv(&v, 0.25, [0.0, 1.0], 1e-6);
    let mut pts = points(&v);
    pts.sort_by(|p, q| p[0].total_cmp(&q[0]));
    assert_eq!(pts.len(), 2, "{v}");
    for (p, x) in pts.iter().zip([-1.0, 1.0]) {
        assert!(close(p[0], x, 1e-6) && close(p[1], -0.25, 1e-6), "{v}");
    }
    for d in depths(&v) {
        assert!(close(d, 0.25, 1e-6), "{v}");
    }
    // the ends given the other way round: the same capsule
    let v = answer(&query("2", &box_at(0.0, -0.5, 5.0, 0.5, 0.0), &capsule([1.0, 0.25], [-1.0, 0.25], 0.5)));
    assert_mtv(&v, 0.25, [0.0, 1.0], 1e-6);
    assert_eq!(points(&v).len(), 2);
    // capsule first: the normal turns around
    let v = answer(&query("3", &capsule([-1.0, 0.25], [1.0, 0.25], 0.5), &box_at(0.0, -0.5, 5.0, 0.5, 0.0)));
    assert_mtv(&v, 0.25, [0.0, -1.0], 1e-6);
    // lifted by 0.25 it just touches
    let v = one(&query("4", &box_at(0.0, -0.5, 5.0, 0.5, 0.0), &capsule([-1.0, 0.5], [1.0, 0.5], 0.5)));
    assert_eq!(v, separated("4"));
}

/// Capsule (−2, 0)–(2, 0), radius 0.5, against circles: the depth is r₁ + r₂ minus the distance
/// from the centre to the nearest point of the segment, along that direction.
#[test]
fn capsule_circle() {
    let cap = capsule([-2.0, 0.0], [2.0, 0.0], 0.5);
    // over the side: nearest point (1, 0), distance 1.25, radii 0.5 + 1 → depth 0.25, normal +y
    let v = answer(&query("1", &cap, &circle(1.0, 1.25, 1.0)));
    assert_mtv(&v, 0.25, [0.0, 1.0], 1e-6);
    let pts = points(&v);
    assert_eq!(pts.len(), 1);
    // between the two surfaces on that line: y from 0.25 (circle) to 0.5 (capsule)
    assert!(close(pts[0][0], 1.0, 1e-6) && pts[0][1] >= 0.25 - 1e-6 && pts[0][1] <= 0.5 + 1e-6, "{v}");
    assert!(close(depths(&v)[0], 0.25, 1e-6));
    // off the end (2, 0): centre (2.9, 1.2) is 1.5 away along (0.6, 0.8) (a 3-4-5 triangle),
    // radii 0.5 + 1.25 → depth 0.25
    let v = answer(&query("2", &cap, &circle(2.9, 1.2, 1.25)));
    assert_mtv(&v, 0.25, [0.6, 0.8], 1e-5);
    // circle first
    assert_mtv(&answer(&query("3", &circle(1.0, 1.25, 1.0), &cap)), 0.25, [0.0, -1.0], 1e-6);
    // radius 0: the bare segment; the circle at (0, 0.5) with radius 1 reaches 0.5 below it
    let v = answer(&query("4", &capsule([-2.0, 0.0], [2.0, 0.0], 0.0), &circle(0.0, 0.5, 1.0)));
    assert_mtv(&v, 0.5, [0.0, 1.0], 1e-6);
    // equal ends with a radius: a circle (radius 1 at (1, 0) against radius 1 at (2.5, 0))
    assert_mtv(
        &answer(&query("5", &capsule([1.0, 0.0], [1.0, 0.0], 1.0), &circle(2.5, 0.0, 1.0))),
        0.5,
        [1.0, 0.0],
        1e-6,
    );
    // apart: distance 1.75 > 1.5
    assert_eq!(one(&query("6", &cap, &circle(0.0, -1.75, 1.0))), separated("6"));
}

#[test]
fn boxes_and_capsules_far_from_origin_keep_precision() {
    for offset in [1e4, -3e4, 1e5] {
        let v = answer(&query(
            "1",
            &box_at(offset, offset, 2.0, 1.0, 0.0),
            &box_at(offset + 2.5, offset + 0.5, 1.0, 1.0, 0.0),
        ));
        assert_mtv(&v, 0.5, [1.0, 0.0], 1e-3);
        assert_eq!(points(&v).len(), 2, "{v}");
        for d in depths(&v) {
            assert!(close(d, 0.5, 1e-3), "{v}");
        }
        let v = answer(&query(
            "2",
            &box_at(offset, offset - 0.5, 5.0, 0.5, 0.0),
            &capsule([offset - 1.0, offset + 0.25], [offset + 1.0, offset + 0.25], 0.5),
        ));
        assert_mtv(&v, 0.25, [0.0, 1.0], 1e-3);
        assert_eq!(points(&v).len(), 2, "{v}");
        let v = answer(&query(
            "3",
            &capsule([offset - 2.0, offset], [offset + 2.0, offset], 0.5),
            &circle(offset + 1.0, offset + 1.25, 1.0),
        ));
        assert_mtv(&v, 0.25, [0.0, 1.0], 1e-3);
    }
}

// ---------------------------------------------------------------------------------------------
// Time of impact

/// The square [0,1]² moving at +1 and the square [4,5]×[0,1] moving at −1: the gap of 3 closes
/// at a relative speed of 2, so a's right face meets b's left face at t = 3/2; the normal from a
/// to b then is +x. With the roles exchanged it is −x. The same for boxes.
#[test]
fn toi_head_on_squares() {
    let (left, right) = (rect(0.0, 0.0, 1.0, 1.0), rect(4.0, 0.0, 5.0, 1.0));
    let line = one_toi(&sweep("1", &left, &right, [1.0, 0.0], [-1.0, 0.0], Some(2.0)));
    assert_eq!(line, r#"{"id":1,"hit":true,"t":1.5,"normal":[1.0,0.0]}"#);
    let v = hit(&sweep("2", &right, &left, [-1.0, 0.0], [1.0, 0.0], Some(2.0)));
    assert_hit(&v, 1.5, [-1.0, 0.0], 1e-6);
    let (left, right) = (box_at(0.5, 0.5, 0.5, 0.5, 0.0), box_at(4.5, 0.5, 0.5, 0.5, 0.0));
    assert_hit(&hit(&sweep("3", &left, &right, [1.0, 0.0], [-1.0, 0.0], Some(2.0))), 1.5, [1.0, 0.0], 1e-6);
    // only b moves, at −2: the same relative motion, the same time
    assert_hit(&hit(&sweep("4", &left, &right, [0.0, 0.0], [-2.0, 0.0], Some(2.0))), 1.5, [1.0, 0.0], 1e-6);
    // both move right, b slower: relative speed 2 − 1 = 1 → t = 3
    assert_hit(&hit(&sweep("5", &left, &right, [2.0, 0.0], [1.0, 0.0], Some(5.0))), 3.0, [1.0, 0.0], 1e-6);
    // max_t defaults to 1, before the contact at 1.5: no hit; exactly at max_t is still a hit
    assert_eq!(one_toi(&sweep("6", &left, &right, [1.0, 0.0], [-1.0, 0.0], None)), missed("6"));
    assert_hit(&hit(&sweep("7", &left, &right, [1.0, 0.0], [-1.0, 0.0], Some(1.5))), 1.5, [1.0, 0.0], 1e-6);
    // from below: b = [0,1]×[4,5] falling at 2 onto a → t = 3/2, normal +y
    let above = rect(0.0, 4.0, 1.0, 5.0);
    assert_hit(
        &hit(&sweep("8", &rect(0.0, 0.0, 1.0, 1.0), &above, [0.0, 0.0], [0.0, -2.0], Some(2.0))),
        1.5,
        [0.0, 1.0],
        1e-6,
    );
}

#[test]
fn toi_misses() {
    let (left, right) = (rect(0.0, 0.0, 1.0, 1.0), rect(4.0, 0.0, 5.0, 1.0));
    // moving apart, however long we look
    assert_eq!(one_toi(&sweep("1", &left, &right, [-1.0, 0.0], [1.0, 0.0], Some(100.0))), missed("1"));
    // not moving at all
    assert_eq!(one_toi(&sweep("2", &left, &right, [0.0, 0.0], [0.0, 0.0], Some(100.0))), missed("2"));
    // passing 1 above: b = [4,5]×[2,3] moving left never meets a's top y = 1
    let high = rect(4.0, 2.0, 5.0, 3.0);
    assert_eq!(one_toi(&sweep("3", &left, &high, [0.0, 0.0], [-1.0, 0.0], Some(100.0))), missed("3"));
    // grazing: b = [4,5]×[1,2] slides along the line y = 1 of a's top, touching but never
    // overlapping
    let grazing = rect(4.0, 1.0, 5.0, 2.0);
    assert_eq!(one_toi(&sweep("4", &left, &grazing, [0.0, 0.0], [-1.0, 0.0], Some(100.0))), missed("4"));
    // max_t 0: only time 0, where they are apart
    assert_eq!(one_toi(&sweep("5", &left, &right, [1.0, 0.0], [-1.0, 0.0], Some(0.0))), missed("5"));
    // circles passing 3 apart at their closest (radii 1 + 1 < 3)
    assert_eq!(
        one_toi(&sweep(
            "6",
            &circle(0.0, 0.0, 1.0),
            &circle(5.0, 3.0, 1.0),
            [0.0, 0.0],
            [-2.0, 0.0],
            Some(10.0)
        )),
        missed("6")
    );
}

/// Overlapping at time 0: t = 0 and the MTV normal of `septa collide`, whatever the velocities.
#[test]
fn toi_already_overlapping() {
    // [-1,1]² and [0.5,2.5]×[-1,1]: overlap 0.5 along x, MTV normal +x
    let (a, b) = (box_at(0.0, 0.0, 1.0, 1.0, 0.0), box_at(1.5, 0.0, 1.0, 1.0, 0.0));
    let line = one_toi(&sweep("\"o\"", &a, &b, [0.0, 0.0], [5.0, 0.0], None));
    assert_eq!(line, r#"{"id":"o","hit":true,"t":0.0,"normal":[1.0,0.0]}"#);
    assert_hit(&hit(&sweep("1", &a, &b, [0.0, 0.0], [-5.0, 0.0], Some(0.0))), 0.0, [1.0, 0.0], 0.0);
    // circles 1.5 apart with radii 1 + 1, moving apart
    let v = hit(&sweep("2", &circle(0.0, 0.0, 1.0), &circle(1.5, 0.0, 1.0), [-1.0, 0.0], [1.0, 0.0], None));
    assert_hit(&v, 0.0, [1.0, 0.0], 0.0);
    // a capsule through a box
    let v = hit(&sweep(
        "3",
        &box_at(0.0, -0.5, 5.0, 0.5, 0.0),
        &capsule([-1.0, 0.25], [1.0, 0.25], 0.5),
        [0.0, 0.0],
        [0.0, 1.0],
        None,
    ));
    assert_hit(&v, 0.0, [0.0, 1.0], 1e-6);
}

/// A thin wall [−0.05, 0.05]×[−2, 2] and a thin fast bullet [−3.1, −2.9]×[−0.02, 0.02] moving
/// at 600 for one 0.01 step: it starts in front of the wall and ends at x = 3, far behind it,
/// so neither frame overlaps; the sweep finds contact when the bullet's front (−2.9 + 600 t)
/// reaches the wall's face −0.05: t = 2.85 / 600 = 0.00475, normal from the wall to the bullet
/// −x.
#[test]
fn toi_catches_the_tunnelling_bullet() {
    let wall = box_at(0.0, 0.0, 0.05, 2.0, 0.0);
    let v = hit(&sweep(
        "\"bullet\"",
        &wall,
        &box_at(-3.0, 0.0, 0.1, 0.02, 0.0),
        [0.0, 0.0],
        [600.0, 0.0],
        Some(0.01),
    ));
    assert_hit(&v, 2.85 / 600.0, [-1.0, 0.0], 1e-6);
    // neither end of the step overlaps
    assert_eq!(one(&query("0", &wall, &box_at(-3.0, 0.0, 0.1, 0.02, 0.0))), separated("0"));
    assert_eq!(one(&query("1", &wall, &box_at(3.0, 0.0, 0.1, 0.02, 0.0))), separated("1"));
    // the bullet as a, the wall moving: the normal turns around
    let v =
        hit(&sweep("2", &box_at(-3.0, 0.0, 0.1, 0.02, 0.0), &wall, [300.0, 0.0], [-300.0, 0.0], Some(0.01)));
    assert_hit(&v, 2.85 / 600.0, [1.0, 0.0], 1e-6);
    // a shorter step stops before the wall
    let line = one_toi(&sweep(
        "3",
        &wall,
        &box_at(-3.0, 0.0, 0.1, 0.02, 0.0),
        [0.0, 0.0],
        [600.0, 0.0],
        Some(0.004),
    ));
    assert_eq!(line, missed("3"));
}

/// Circles and capsules go by conservative advancement: t is within 1e-3 of the exact time and
/// never after it (up to the f32 rounding of the exact value).
#[test]
fn toi_round_shapes_are_early_never_late() {
    let assert_early = |v: &Value, exact: f64, normal: [f64; 2]| {
        assert_eq!(v["hit"], true, "{v}");
        let t = num(&v["t"]);
        assert!(t <= exact + 1e-6 && t >= exact - 1e-3, "t = {t}, exact {exact}: {v}");
        let n = xy(&v["normal"]);
        assert!(close(n[0], normal[0], 1e-3) && close(n[1], normal[1], 1e-3), "normal: {v}");
    };
    let unit = circle(0.0, 0.0, 1.0);
    // head-on: centres 5 apart, radii 1 + 1, closing at 2 → t = 3/2
    let v = hit(&sweep("1", &unit, &circle(5.0, 0.0, 1.0), [0.0, 0.0], [-2.0, 0.0], Some(2.0)));
    assert_early(&v, 1.5, [1.0, 0.0]);
    // along a 3-4-5 diagonal: centre (6, 8) is 10 away, gap 8, closing at 5 → t = 8/5
    let v = hit(&sweep("2", &unit, &circle(6.0, 8.0, 1.0), [0.0, 0.0], [-3.0, -4.0], Some(2.0)));
    assert_early(&v, 1.6, [0.6, 0.8]);
    // glancing a box corner: circle r = 1 at (−5, 1.5) moving at +2 along x against the box
    // [−1,1]²: its first contact is with the corner (−1, 1), when the centre is 1 from it:
    // x = −1 − √(1 − 0.5²) = −1 − √0.75, after t = (5 − 1 − √0.75) / 2; normal from the box to
    // the circle (−√0.75, 0.5)
    let root = 0.75f64.sqrt();
    let v = hit(&sweep(
        "3",
        &box_at(0.0, 0.0, 1.0, 1.0, 0.0),
        &circle(-5.0, 1.5, 1.0),
        [0.0, 0.0],
        [2.0, 0.0],
        Some(3.0),
    ));
    assert_early(&v, (4.0 - root) / 2.0, [-root, 0.5]);
    // a capsule (−1, 2)–(1, 2), r = 0.5, falling at 1 onto the ground box with top y = 0: its
    // underside y = 1.5 reaches 0 at t = 1.5, normal +y
    let v = hit(&sweep(
        "4",
        &box_at(0.0, -0.5, 5.0, 0.5, 0.0),
        &capsule([-1.0, 2.0], [1.0, 2.0], 0.5),
        [0.0, 0.0],
        [0.0, -1.0],
        Some(2.0),
    ));
    assert_early(&v, 1.5, [0.0, 1.0]);
    // a circle r = 0.5 falling at 2 from (0, 3) onto the capsule (−2, 0)–(2, 0), r = 0.5: the
    // gap 3 − 1 closes at t = 1
    let v = hit(&sweep(
        "5",
        &capsule([-2.0, 0.0], [2.0, 0.0], 0.5),
        &circle(0.0, 3.0, 0.5),
        [0.0, 0.0],
        [0.0, -2.0],
        Some(2.0),
    ));
    assert_early(&v, 1.0, [0.0, 1.0]);
}

/// Touching (or within the advancement tolerance) and moving apart is no contact, as for
/// polygons (`toi_misses`), but conservative advancement reports a hit at t = 0.
#[test]
fn toi_round_shapes_moving_apart_from_contact_miss() {
    let unit = circle(0.0, 0.0, 1.0);
    for (i, x) in [2.0, 2.00001].into_iter().enumerate() {
        let line = sweep(&i.to_string(), &unit, &circle(x, 0.0, 1.0), [0.0, 0.0], [1.0, 0.0], Some(10.0));
        assert_eq!(one_toi(&line), missed(&i.to_string()));
    }
}

#[test]
fn toi_far_from_origin_keeps_precision() {
    for offset in [1e4, -3e4] {
        let left = box_at(offset + 0.5, offset + 0.5, 0.5, 0.5, 0.0);
        let right = box_at(offset + 4.5, offset + 0.5, 0.5, 0.5, 0.0);
        let v = hit(&sweep("1", &left, &right, [1.0, 0.0], [-1.0, 0.0], Some(2.0)));
        assert_hit(&v, 1.5, [1.0, 0.0], 1e-2);
        let v = hit(&sweep(
            "2",
            &circle(offset, offset, 1.0),
            &circle(offset + 5.0, offset, 1.0),
            [0.0, 0.0],
            [-2.0, 0.0],
            Some(2.0),
        ));
        assert_hit(&v, 1.5, [1.0, 0.0], 1e-2);
    }
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
    assert_eq!(
        message,
        r#"b: unknown shape type "sqare" (expected polygon, hull, circle, box, capsule or concave in 2D; cuboid, convex, sphere or capsule in 3D)"#
    );
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
    assert_eq!(
        message,
        "b.radius: radius must be a finite number greater than zero and at most 1e18, got -1"
    );
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
fn box_and_capsule_errors() {
    let bad = |shape: &str| query("\"e\"", GOOD_A, shape);
    let e = || Value::from("e");
    // half extents must both be > 0: the library's message, at the field
    let (id, message) = error(&bad(&box_at(0.0, 0.0, 0.0, 1.0, 0.0)));
    assert_eq!(id, "e");
    assert_eq!(
        message,
        "b.half_extents: box half extents must both be greater than zero and at most 1e18, got [0, 1]"
    );
    assert_error(
        &bad(&box_at(0.0, 0.0, 1.0, -2.0, 0.0)),
        e(),
        &["b.half_extents", "greater than zero", "-2"],
    );
    // the centre and half extents are required (the angle is not: see box_angle_is_optional)
    assert_error(
        &bad(r#"{"type":"box","center":[0,0],"angle":0}"#),
        e(),
        &["b: missing key \"half_extents\" (a box has keys type, center, half_extents and angle (optional, default 0))"],
    );
    assert_error(
        &bad(r#"{"type":"box","center":[0,0],"half_extent":[1,1],"angle":0}"#),
        e(),
        &["b: unknown key \"half_extent\"", "did you mean \"half_extents\""],
    );
    assert_error(
        &bad(r#"{"type":"box","center":[0,0],"half_extents":[1,1],"angle":0,"radius":1}"#),
        e(),
        &["b: unknown key \"radius\""],
    );
    assert_error(
        &bad(r#"{"type":"box","center":[0,0],"half_extents":[1,1],"angle":"0"}"#),
        e(),
        &["b.angle: expected a number"],
    );
    assert_error(
        &bad(r#"{"type":"box","center":[0,0],"half_extents":1,"angle":0}"#),
        e(),
        &["b.half_extents: expected [x, y]"],
    );
    assert_error(&bad(&box_at(0.0, 1e39, 1.0, 1.0, 0.0)), e(), &["b.center[1]", "out of range"]);
    assert_error(
        &bad(r#"{"type":"box","center":[0,0],"half_extents":[1,1],"angle":1e400}"#),
        e(),
        &["b.angle", "out of range"],
    );
    assert_error(
        &bad(r#"{"type":"Box","center":[0,0],"half_extents":[1,1],"angle":0}"#),
        e(),
        &["did you mean \"box\""],
    );
    // a capsule's radius may be 0, not negative
    let (_, message) = error(&bad(&capsule([0.0, 0.0], [1.0, 0.0], -1.0)));
    assert_eq!(
        message,
        "b.radius: a capsule's radius must be a finite number, zero or greater and at most 1e18, got -1"
    );
    assert_error(
        &bad(r#"{"type":"capsule","a":[0,0],"b":[1,0],"radius":1e400}"#),
        e(),
        &["b.radius", "out of range"],
    );
    assert_error(&bad(&capsule([0.0, 1e39], [1.0, 0.0], 1.0)), e(), &["b.a[1]", "out of range"]);
    // radius 0 and equal ends: a single point
    assert_error(
        &bad(&capsule([1.0, 2.0], [1.0, 2.0], 0.0)),
        e(),
        &["b: a capsule of radius 0 needs two distinct ends"],
    );
    assert_error(
        &bad(r#"{"type":"capsule","a":[0,0],"b":[1,0],"raduis":1}"#),
        e(),
        &["b: unknown key \"raduis\" (did you mean \"radius\"? a capsule has keys type, a, b and radius)"],
    );
    assert_error(&bad(r#"{"type":"capsule","a":[0,0],"radius":1}"#), e(), &["b: missing key \"b\""]);
    assert_error(
        &bad(r#"{"type":"capsule","a":[0,0,0],"b":[1,0],"radius":1}"#),
        e(),
        // a three-component `a` makes it a 3D capsule: then `b` needs three components too
        &["b.b: expected [x, y, z] with 3 numbers, got an array of 2 elements"],
    );
    assert_error(
        &bad(r#"{"type":"capsul","a":[0,0],"b":[1,0],"radius":1}"#),
        e(),
        &["did you mean \"capsule\""],
    );
}

/// The same line rules as `septa collide`: each message names its field, the id is echoed.
#[test]
fn toi_errors() {
    let (a, b) = (GOOD_A, r#"{"type":"circle","center":[5,0],"radius":1}"#);
    let line = |extra: &str| format!(r#"{{"id":"t","a":{a},"b":{b}{extra}}}"#);
    let t = || Value::from("t");
    // velocities are required, with two numbers each
    assert_toi_error(
        &line(r#","velocity_a":[1,0]"#),
        t(),
        &["missing key \"velocity_b\"", "velocity_a, velocity_b"],
    );
    assert_toi_error(&line(""), t(), &["missing key \"velocity_a\""]);
    assert_toi_error(
        &line(r#","velocity_a":[1,0,0],"velocity_b":[0,0]"#),
        t(),
        &["velocity_a: expected [x, y] with two numbers, got an array of 3 elements"],
    );
    assert_toi_error(
        &line(r#","velocity_a":[1,0],"velocity_b":"fast""#),
        t(),
        &["velocity_b: expected [x, y]"],
    );
    assert_toi_error(
        &line(r#","velocity_a":[1,0],"velocity_b":[1e39,0]"#),
        t(),
        &["velocity_b[0]", "out of range"],
    );
    assert_toi_error(
        &line(r#","velocity_a":[1,-1e400],"velocity_b":[0,0]"#),
        t(),
        &["velocity_a[1]", "out of range"],
    );
    // max_t: a finite number ≥ 0
    let motion = r#","velocity_a":[1,0],"velocity_b":[0,0]"#;
    let (id, message) = parse_error(&one_toi(&line(&format!(r#"{motion},"max_t":-1"#))));
    assert_eq!((id, message.as_str()), (t(), "max_t: must be zero or greater, got -1"));
    assert_toi_error(&line(&format!(r#"{motion},"max_t":1e400"#)), t(), &["max_t: 1e400 is out of range"]);
    assert_toi_error(&line(&format!(r#"{motion},"max_t":-1e400"#)), t(), &["max_t", "out of range"]);
    assert_toi_error(&line(&format!(r#"{motion},"max_t":1e39"#)), t(), &["max_t", "out of range"]);
    assert_toi_error(&line(&format!(r#"{motion},"max_t":"1""#)), t(), &["max_t: expected a number"]);
    assert_toi_error(
        &line(&format!(r#"{motion},"max_t":null"#)),
        t(),
        &["max_t: expected a number, got null"],
    );
    assert_toi_error(&line(&format!(r#"{motion},"max_t":1,"max_t":2"#)), t(), &["duplicate key \"max_t\""]);
    // unknown keys, with a hint for near misses
    assert_toi_error(
        &line(r#","velocity":[1,0],"velocity_b":[0,0]"#),
        t(),
        &["unknown key \"velocity\" (did you mean \"velocity_a\"? a toi query has keys id (optional), a, b, velocity_a, velocity_b and max_t (optional))"],
    );
    assert_toi_error(
        &line(&format!(r#"{motion},"maxt":1"#)),
        t(),
        &["unknown key \"maxt\"", "did you mean \"max_t\""],
    );
    assert_toi_error(&line(&format!(r#"{motion},"dt":1"#)), t(), &["unknown key \"dt\""]);
    // bad shapes, as for collide
    let bad_box = format!(r#"{{"id":"t","a":{},"b":{b}{motion}}}"#, box_at(0.0, 0.0, -1.0, 1.0, 0.0));
    assert_toi_error(&bad_box, t(), &["a.half_extents: box half extents must both be greater than zero"]);
    let bad_capsule =
        format!(r#"{{"id":"t","a":{a},"b":{}{motion}}}"#, capsule([0.0, 0.0], [1.0, 0.0], -0.5));
    assert_toi_error(
        &bad_capsule,
        t(),
        &["b.radius: a capsule's radius must be a finite number, zero or greater"],
    );
    // lines that are not objects, and invalid JSON
    assert_toi_error("[1]", Value::Null, &["expected a JSON object", "velocity_a"]);
    assert_toi_error("{\"id\":1,", Value::Null, &["invalid JSON"]);
    // a collide line is not a toi line, and the other way round
    assert_toi_error(&query("1", GOOD_A, GOOD_B), 1.into(), &["missing key \"velocity_a\""]);
    assert_error(
        &line(motion),
        t(),
        &["unknown key \"velocity_a\" (a query has keys id (optional), a and b)"],
    );
}

#[test]
fn toi_ids_are_echoed_verbatim() {
    let (a, b) = (rect(0.0, 0.0, 1.0, 1.0), rect(4.0, 0.0, 5.0, 1.0));
    for id in [
        "\"s\"",
        "17",
        "-0",
        "12345678901234567890123",
        "{\"run\":3,\"tags\":[\"x\",null]}",
        "[1,2]",
        "false",
        "null",
    ] {
        let expected: Value = serde_json::from_str(id).unwrap();
        let line = one_toi(&sweep(id, &a, &b, [1.0, 0.0], [-1.0, 0.0], Some(2.0)));
        assert!(line.starts_with(&format!("{{\"id\":{id},\"hit\":true,")), "{line}");
        assert_eq!(parse_hit(&line)["id"], expected);
        let line = one_toi(&sweep(id, &a, &b, [-1.0, 0.0], [1.0, 0.0], Some(2.0)));
        assert_eq!(line, missed(id));
        let (got, _) = parse_error(&one_toi(&sweep(id, &a, "{}", [1.0, 0.0], [-1.0, 0.0], None)));
        assert_eq!(got, expected);
    }
    // absent → null; the id may come last
    let line = one_toi(&format!(r#"{{"a":{a},"b":{b},"velocity_a":[1,0],"velocity_b":[-1,0],"max_t":2}}"#));
    assert_eq!(line, r#"{"id":null,"hit":true,"t":1.5,"normal":[1.0,0.0]}"#);
    let line = one_toi(&format!(
        r#"{{"max_t":2,"velocity_b":[-1,0],"velocity_a":[1,0],"b":{b},"a":{a},"id":"last"}}"#
    ));
    assert_eq!(line, r#"{"id":"last","hit":true,"t":1.5,"normal":[1.0,0.0]}"#);
    // an id that cannot be echoed: a null id
    assert_toi_error(&sweep("1e400", &a, &b, [1.0, 0.0], [-1.0, 0.0], None), Value::Null, &["id"]);
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
fn toi_bad_lines_interleaved_with_good_ones() {
    // each good line i: unit squares with a gap g_i = (i + 1)/8 closing at speed 2 → t = g_i/2
    let mut input = String::new();
    let mut expected = vec![];
    for i in 0..40 {
        let g = (i + 1) as f64 / 8.0;
        let (a, b) = (rect(0.0, 0.0, 1.0, 1.0), rect(1.0 + g, 0.0, 2.0 + g, 1.0));
        match i % 5 {
            0 | 2 => {
                input += &sweep(&i.to_string(), &a, &b, [1.0, 0.0], [-1.0, 0.0], Some(10.0));
                expected.push(Some(g / 2.0));
            }
            1 => {
                input += &format!(r#"{{"id":{i},"a":{a},"b":{b},"velocity_a":[1,0]}}"#);
                expected.push(None);
            }
            3 => {
                input += &sweep(&i.to_string(), &a, &b, [1.0, 0.0], [-1.0, 0.0], Some(-1.0));
                expected.push(None);
            }
            _ => {
                input += "{\"id\":";
                expected.push(None);
            }
        }
        input += "\n";
        if i % 7 == 0 {
            input += "\n  \n"; // blank lines give no output
        }
    }
    let lines = toi(&input);
    assert_eq!(lines.len(), expected.len());
    for (i, (line, want)) in lines.iter().zip(expected).enumerate() {
        match want {
            Some(t) => {
                let v = parse_hit(line);
                assert_eq!(v["id"], i, "{line}");
                assert_hit(&v, t, [1.0, 0.0], 1e-6);
            }
            None => {
                let (id, _) = parse_error(line);
                assert_eq!(id, if i % 5 == 4 { Value::Null } else { Value::from(i) }, "{line}");
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

/// Every help text documents the format of its command(s), and each example input line, given
/// to the command named above it (`$ septa collide …`, `$ septa toi …`), prints exactly the
/// output line shown under it.
#[test]
fn help_documents_the_format() {
    let shapes = [
        "\"polygon\"",
        "\"hull\"",
        "\"circle\"",
        "\"radius\"",
        "\"box\"",
        "\"half_extents\"",
        "\"angle\"",
        "\"capsule\"",
    ];
    let collide_parts = ["septa collide", "collides", "depths", "error"];
    let toi_parts =
        ["septa toi", "velocity_a", "velocity_b", "max_t", "\"hit\"", "\"t\"", "default 1", "error"];
    let cases: [(&[&str], bool, bool); 9] = [
        (&["--help"], true, true),
        (&["-h"], true, true),
        (&["help"], true, true),
        (&["collide", "--help"], true, false),
        (&["collide", "-h"], true, false),
        (&["help", "collide"], true, false),
        (&["toi", "--help"], false, true),
        (&["toi", "-h"], false, true),
        (&["help", "toi"], false, true),
    ];
    for (args, has_collide, has_toi) in cases {
        let run = septa(args, b"");
        assert_eq!(run.code, Some(0), "{args:?}");
        assert_eq!(run.stderr, "");
        let mut parts = shapes.to_vec();
        if has_collide {
            parts.extend(collide_parts);
        }
        if has_toi {
            parts.extend(toi_parts);
        }
        for part in parts {
            assert!(run.stdout.contains(part), "{args:?} lacks {part}");
        }
        // the example lines are there, and each input line gives its output line exactly
        let (mut command, mut examples) = (None, vec![]);
        let mut input = None;
        for line in run.stdout.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("$ septa ") {
                command = rest.split(' ').next().map(str::to_string);
            } else if let Some(text) = line.strip_prefix("input:") {
                input = Some(text.trim().to_string());
            } else if let Some(text) = line.strip_prefix("output:") {
                let command = command.clone().expect("a command before the examples");
                examples.push((
                    command,
                    input.take().expect("an input before each output"),
                    text.trim().to_string(),
                ));
            }
        }
        assert!(input.is_none(), "{args:?}: an input without output");
        let commands: Vec<&str> = examples.iter().map(|(c, _, _)| c.as_str()).collect();
        assert_eq!(commands.contains(&"collide"), has_collide, "{args:?}");
        assert_eq!(commands.contains(&"toi"), has_toi, "{args:?}");
        for (command, input, output) in &examples {
            let lines = lines_of(command, format!("{input}\n").as_bytes());
            assert_eq!(lines, [output.as_str()], "{command}: {input}");
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
        &["help", "toi", "collide"],
        &["--nope"],
        &["toi", "a.jsonl", "b.jsonl"],
        &["toi", "--max-t"],
        &["tio"],
    ] {
        let run = septa(args, b"");
        assert_ne!(run.code, Some(0), "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(run.stderr.contains("error") && run.stderr.contains("Usage"), "{args:?}: {}", run.stderr);
    }
    assert!(septa(&["colide"], b"").stderr.contains("unknown command"));
    assert!(septa(&["toi", "--max-t"], b"").stderr.contains("unknown option \"--max-t\" for 'toi'"));
}

#[test]
fn toi_file_and_stdin_give_the_same_output() {
    let (a, b) = (rect(0.0, 0.0, 1.0, 1.0), rect(4.0, 0.0, 5.0, 1.0));
    let input = format!(
        "{}\n{{oops\n{}\n",
        sweep("1", &a, &b, [1.0, 0.0], [-1.0, 0.0], Some(2.0)),
        sweep("2", &a, &b, [0.0, 0.0], [0.0, 0.0], None)
    );
    let path = temp_file("septa-cli-toi-stdin-vs-file.jsonl", input.as_bytes());
    let from_file = septa(&["toi", path.to_str().unwrap()], b"");
    assert_eq!(from_file.code, Some(0));
    assert_eq!(from_file.stdout.lines().count(), 3);
    assert_eq!(from_file.stdout, septa(&["toi"], input.as_bytes()).stdout);
    assert_eq!(from_file.stdout, septa(&["toi", "-"], input.as_bytes()).stdout);
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("septa-cli-no-such-sweeps.jsonl");
    let run = septa(&["toi", missing.to_str().unwrap()], b"");
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("no-such-sweeps.jsonl"), "{}", run.stderr);
}

#[test]
fn example_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/collide.jsonl");
    let run = septa(&["collide", path.to_str().unwrap()], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 12);
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
    // boxes and capsules: see box_box_exact, rotated_box_and_polygon,
    // capsule_resting_on_a_box_has_two_points and capsule_circle for the geometry
    let two_boxes = parse_answer(by_id("two boxes"));
    assert_mtv(&two_boxes, 0.5, [1.0, 0.0], 1e-6);
    assert_eq!(points(&two_boxes).len(), 2);
    let root2 = std::f64::consts::SQRT_2;
    let rotated = parse_answer(by_id("rotated box"));
    assert_mtv(&rotated, root2 - 1.0, [1.0, 0.0], 1e-6);
    assert_eq!(points(&rotated).len(), 1);
    let resting = parse_answer(by_id("capsule resting"));
    assert_mtv(&resting, 0.25, [0.0, 1.0], 1e-6);
    assert_eq!(points(&resting).len(), 2);
    assert_mtv(&parse_answer(by_id("capsule and circle")), 0.25, [0.0, 1.0], 1e-6);
    let (id, message) = parse_error(by_id("misspelt"));
    assert_eq!(id, "misspelt key");
    assert!(message.contains("raduis"));
}

#[test]
fn example_toi_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/toi.jsonl");
    let run = septa(&["toi", path.to_str().unwrap()], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 6);
    let by_id =
        |id: &str| -> &str { lines.iter().find(|l| l.starts_with(&format!("{{\"id\":\"{id}"))).unwrap() };
    // see toi_head_on_squares, toi_misses, toi_already_overlapping,
    // toi_catches_the_tunnelling_bullet and toi_round_shapes_are_early_never_late
    assert_hit(&parse_hit(by_id("head-on")), 1.5, [1.0, 0.0], 1e-6);
    assert_eq!(parse_hit(by_id("moving apart"))["hit"], false);
    assert_hit(&parse_hit(by_id("already overlapping")), 0.0, [1.0, 0.0], 0.0);
    assert_hit(&parse_hit(by_id("bullet")), 2.85 / 600.0, [-1.0, 0.0], 1e-6);
    let falling = parse_hit(by_id("circle falling"));
    assert!(num(&falling["t"]) <= 1.0 + 1e-6 && num(&falling["t"]) >= 1.0 - 1e-3, "{falling}");
    let (id, message) = parse_error(by_id("three numbers"));
    assert_eq!(id, "three numbers in a velocity");
    assert!(message.starts_with("velocity_b: expected [x, y] with two numbers"), "{message}");
}
