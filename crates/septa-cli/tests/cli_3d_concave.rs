//! `septa collide` and `septa toi` on 3D shapes, `septa collide` with concave polygons, and
//! `septa decompose`. Every expected value is worked out by hand in the comments.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// Runs `septa COMMAND` on the lines; checks the exit status, returns the parsed output lines.
fn run(command: &str, lines: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_septa"))
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the septa binary starts");
    let mut input = child.stdin.take().unwrap();
    let data = lines.join("\n") + "\n";
    let writer = std::thread::spawn(move || input.write_all(data.as_bytes()).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let out: Vec<Value> =
        String::from_utf8(output.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(out.len(), lines.len(), "one output line per input line");
    out
}

fn one(command: &str, line: &str) -> Value {
    run(command, &[line]).remove(0)
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn vec_of(v: &Value) -> Vec<f64> {
    v.as_array().unwrap_or_else(|| panic!("not an array: {v}")).iter().map(num).collect()
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

fn error(v: &Value) -> &str {
    v["error"].as_str().unwrap_or_else(|| panic!("expected an error line, got {v}"))
}

// ---------------------------------------------------------------------------------------------
// 3D
// ---------------------------------------------------------------------------------------------

/// The reference text's example: two unit cubes, the second offset by 0.5 on every axis. They
/// overlap by 0.5 along each axis, so the MTV is one of ±x, ±y, ±z (positive: from a to b)
/// with depth 0.5, and the overlap region is the cube [0, 0.5]³: the manifold's points lie on
/// its face, each 0.5 deep.
#[test]
fn two_unit_cubes_offset_by_half() {
    let v = one(
        "collide",
        r#"{"id":1,"a":{"type":"cuboid","center":[0,0,0],"half_extents":[0.5,0.5,0.5]},"b":{"type":"cuboid","center":[0.5,0.5,0.5],"half_extents":[0.5,0.5,0.5]}}"#,
    );
    assert_eq!(v["collides"], true, "{v}");
    assert!(close(num(&v["depth"]), 0.5, 1e-6), "{v}");
    let n = vec_of(&v["normal"]);
    assert_eq!(n.len(), 3);
    assert_eq!(n.iter().filter(|x| close(**x, 1.0, 1e-6)).count(), 1, "a positive axis: {v}");
    let points = v["points"].as_array().unwrap();
    assert!((1..=4).contains(&points.len()), "{v}");
    for (p, d) in points.iter().zip(vec_of(&v["depths"])) {
        let p = vec_of(p);
        assert!(p.iter().all(|&x| (-1e-6..=0.5 + 1e-6).contains(&x)), "point in [0, 0.5]³: {v}");
        assert!(close(d, 0.5, 1e-5), "{v}");
    }
    assert_eq!(v["manifolds"].as_array().unwrap().len(), 1, "{v}");
}

/// A cube of half extent 1 turned 45° about z (quaternion [0, 0, sin 22.5°, cos 22.5°]) reaches
/// x = √2 with its edge; a sphere of radius 0.7 at (2, 0, 0) reaches back to x = 1.3, so the
/// depth is √2 − 1.3 along +x.
#[test]
fn rotated_cuboid_and_sphere() {
    let (s, c) = (22.5f64.to_radians().sin(), 22.5f64.to_radians().cos());
    let line = format!(
        r#"{{"id":2,"a":{{"type":"cuboid","center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,{s},{c}]}},"b":{{"type":"sphere","center":[2,0,0],"radius":0.7}}}}"#
    );
    let v = one("collide", &line);
    assert!(close(num(&v["depth"]), 2f64.sqrt() - 1.3, 1e-5), "{v}");
    let n = vec_of(&v["normal"]);
    assert!(close(n[0], 1.0, 1e-5) && close(n[1], 0.0, 1e-4) && close(n[2], 0.0, 1e-6), "{v}");
}

/// Spheres of radius 1 with centres 1.5 apart along z: depth 0.5 along +z; a sphere and a
/// capsule lying along z at x = 1.5 with radius 0.75: depth 1 + 0.75 − 1.5 = 0.25 along +x.
#[test]
fn round_shapes() {
    let out = run(
        "collide",
        &[
            r#"{"id":"ss","a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"sphere","center":[0,0,1.5],"radius":1}}"#,
            r#"{"id":"sc","a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"capsule","a":[1.5,0,-1],"b":[1.5,0,1],"radius":0.75}}"#,
        ],
    );
    assert!(
        close(num(&out[0]["depth"]), 0.5, 1e-6) && vec_of(&out[0]["normal"]) == [0.0, 0.0, 1.0],
        "{}",
        out[0]
    );
    assert!(
        close(num(&out[1]["depth"]), 0.25, 1e-6) && vec_of(&out[1]["normal"]) == [1.0, 0.0, 0.0],
        "{}",
        out[1]
    );
}

/// Two 0.2-wide cubes given as convex point clouds, the second shifted by 0.15 along x: they
/// overlap by 0.05 along x wherever they are (at 1e5 still within 1e-3, the points being kept
/// about their own centre; rounded to f32 there, they would move by up to 0.004).
#[test]
fn convex_hulls_far_from_the_origin() {
    for offset in [0.0, 1e3, 1e5] {
        let cube = |x0: f64| {
            let mut corners = Vec::new();
            for i in 0..8 {
                let c = [(i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64];
                corners.push(format!(
                    "[{:?},{:?},{:?}]",
                    offset + x0 + 0.2 * c[0],
                    -offset + 0.2 * c[1],
                    offset + 0.2 * c[2]
                ));
            }
            format!(r#"{{"type":"convex","points":[{}]}}"#, corners.join(","))
        };
        let v = one("collide", &format!(r#"{{"id":3,"a":{},"b":{}}}"#, cube(0.0), cube(0.15)));
        assert!(close(num(&v["depth"]), 0.05, 1e-3), "offset {offset}: {v}");
        let n = vec_of(&v["normal"]);
        assert!(close(n[0], 1.0, 1e-3), "offset {offset}: {v}");
    }
}

/// A cube of half extent 0.5 at the origin moving at +1 along x, a sphere of radius 0.5 at x = 4
/// moving at −1: the gap of 3 closes at speed 2, so they touch at t = 1.5 with normal +x.
#[test]
fn toi_in_3d() {
    let v = one(
        "toi",
        r#"{"id":4,"a":{"type":"cuboid","center":[0,0,0],"half_extents":[0.5,0.5,0.5]},"b":{"type":"sphere","center":[4,0,0],"radius":0.5},"velocity_a":[1,0,0],"velocity_b":[-1,0,0],"max_t":2}"#,
    );
    assert_eq!(v["hit"], true, "{v}");
    assert!(close(num(&v["t"]), 1.5, 1e-3), "{v}");
    assert!(close(vec_of(&v["normal"])[0], 1.0, 1e-4), "{v}");
    // a 2D velocity for 3D shapes names the field
    let v = one(
        "toi",
        r#"{"id":5,"a":{"type":"sphere","center":[0,0,0],"radius":1},"b":{"type":"sphere","center":[4,0,0],"radius":1},"velocity_a":[1,0],"velocity_b":[0,0,0]}"#,
    );
    assert!(error(&v).starts_with("velocity_a: expected [x, y, z]"), "{v}");
}

/// Bad 3D lines get an error naming the problem, and the stream goes on.
#[test]
fn bad_3d_lines_cost_that_line_only() {
    let sphere = r#"{"type":"sphere","center":[0,0,0],"radius":1}"#;
    let lines = [
        format!(r#"{{"id":1,"a":{{"type":"box","center":[0,0],"half_extents":[1,1]}},"b":{sphere}}}"#),
        format!(
            r#"{{"id":2,"a":{{"type":"cuboid","center":[0,0,0],"half_extents":[1,1,1],"angle":0}},"b":{sphere}}}"#
        ),
        format!(
            r#"{{"id":3,"a":{{"type":"cuboid","center":[0,0,0],"half_extents":[1,-1,1]}},"b":{sphere}}}"#
        ),
        format!(
            r#"{{"id":4,"a":{{"type":"convex","points":[[0,0,0],[1,0,0],[0,1,0],[1,1,0]]}},"b":{sphere}}}"#
        ),
        format!(
            r#"{{"id":5,"a":{{"type":"convex","points":[[0,0,0],[1,1,1],[2,2,2],[3,3,3]]}},"b":{sphere}}}"#
        ),
        format!(r#"{{"id":6,"a":{{"type":"sphere","center":[0,0,1e400],"radius":1}},"b":{sphere}}}"#),
        format!(
            r#"{{"id":7,"a":{{"type":"cuboid","center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,0]}},"b":{sphere}}}"#
        ),
        format!(r#"{{"id":8,"a":{sphere},"b":{sphere}}}"#),
        format!(r#"{{"id":9,"a":{{"type":"convex","points":[[0,0,0],[1,0,0],[0,1,0]]}},"b":{sphere}}}"#),
    ];
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let out = run("collide", &refs);
    let expect = [
        (1, "a is a 2D shape and b a 3D one"),
        (2, "a: unknown key \"angle\""),
        (3, "a.half_extents: "),
        (4, "a.points: "),
        (5, "a.points: "),
        (6, "a.center[2]: 1e400 is out of range"),
        (7, "a.rotation: a rotation must not be zero"),
        (9, "a.points: "),
    ];
    for (id, start) in expect {
        let v = &out[id - 1];
        assert_eq!(v["id"], id, "{v}");
        assert!(error(v).starts_with(start), "line {id}: {v}");
    }
    assert!(error(&out[3]).contains("plane"), "coplanar: {}", out[3]);
    assert!(error(&out[4]).contains("line"), "collinear: {}", out[4]);
    // the good line after the bad ones: two unit spheres at the same place overlap by 2
    assert_eq!(out[7]["collides"], true, "{}", out[7]);
    assert!(close(num(&out[7]["depth"]), 2.0, 1e-6), "{}", out[7]);
}

// ---------------------------------------------------------------------------------------------
// Concave polygons
// ---------------------------------------------------------------------------------------------

/// Twice the signed area of a polygon.
fn area2(points: &[Vec<f64>]) -> f64 {
    (0..points.len())
        .map(|i| {
            let (p, q) = (&points[i], &points[(i + 1) % points.len()]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum()
}

fn pieces(v: &Value) -> Vec<Vec<Vec<f64>>> {
    v["pieces"]
        .as_array()
        .unwrap_or_else(|| panic!("no pieces: {v}"))
        .iter()
        .map(|piece| piece.as_array().unwrap().iter().map(vec_of).collect())
        .collect()
}

/// An L of area 3 has one reflex corner, so its fewest convex pieces are 2 (one cut), in either
/// winding; a square frame [0, 4]² around the hole [1, 3]² has area 16 − 4 = 12. Every piece is
/// convex, counter-clockwise and made of the input's own corners, and the areas add up. Bad
/// lines name their field.
#[test]
fn decompose_lines() {
    let lines = [
        r#"{"id":"L","points":[[0,0],[2,0],[2,1],[1,1],[1,2],[0,2]]}"#,
        r#"{"id":"cw","points":[[0,2],[1,2],[1,1],[2,1],[2,0],[0,0]]}"#,
        r#"{"id":"frame","points":[[0,0],[4,0],[4,4],[0,4]],"holes":[[[1,1],[3,1],[3,3],[1,3]]]}"#,
        r#"{"id":"bow","points":[[0,0],[2,2],[2,0],[0,2]]}"#,
        r#"{"id":"two","points":[[0,0],[1,0]]}"#,
        r#"{"id":"hole","points":[[0,0],[4,0],[4,4],[0,4]],"holes":[[[5,5],[6,5],[6,6]]]}"#,
        r#"{"id":"key","points":[[0,0],[1,0],[0,1]],"radius":1}"#,
    ];
    let out = run("decompose", &lines);
    for (k, expected_area2) in [(0, 6.0), (1, 6.0), (2, 24.0)] {
        let v = &out[k];
        let ps = pieces(v);
        let total: f64 = ps.iter().map(|p| area2(p)).sum();
        assert!(close(total, expected_area2, 1e-9), "areas add up: {v}");
        for p in &ps {
            assert!(area2(p) > 0.0, "counter-clockwise: {v}");
            let n = p.len();
            for i in 0..n {
                let (a, b, c) = (&p[i], &p[(i + 1) % n], &p[(i + 2) % n]);
                let turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
                assert!(turn >= 0.0, "convex: {v}");
            }
            let input: Value = serde_json::from_str(lines[k]).unwrap();
            let mut corners: Vec<Vec<f64>> = input["points"].as_array().unwrap().iter().map(vec_of).collect();
            if let Some(holes) = input["holes"].as_array() {
                for h in holes {
                    corners.extend(h.as_array().unwrap().iter().map(vec_of));
                }
            }
            assert!(p.iter().all(|q| corners.contains(q)), "only input corners: {v}");
        }
    }
    // an L has one reflex corner: the fewest pieces is 2 (either winding)
    assert_eq!(pieces(&out[0]).len(), 2, "{}", out[0]);
    assert_eq!(pieces(&out[1]).len(), 2, "{}", out[1]);
    assert_eq!(out[0]["method"], "optimal");
    assert_eq!(out[2]["method"], "hertel-mehlhorn", "holes use the fallback");
    assert!(error(&out[3]).starts_with("points: the outline crosses or touches itself"), "{}", out[3]);
    assert!(error(&out[4]).starts_with("points: "), "{}", out[4]);
    assert!(error(&out[5]).starts_with("holes[0]: "), "{}", out[5]);
    assert!(error(&out[6]).starts_with("unknown key \"radius\""), "{}", out[6]);
}

/// A slab [0, 6] × [0, 1] whose top has a dent 1e-4 deep at x = 3: the dent's bottom is a reflex
/// corner, so the decomposition must cut from it and the flat top is split into pieces there. A
/// box [2.7, 3.7] × [0.9, 1.9] resting across that seam overlaps by 0.1 (its bottom is 0.1 below
/// the top on both sides): every manifold normal must be +y (never a cut's), and the deepest
/// depth 0.1.
#[test]
fn concave_collide_across_a_seam() {
    let t = r#"{"type":"concave","points":[[0,0],[6,0],[6,1],[3.05,1],[3,0.9999],[2.95,1],[0,1]]}"#;
    let resting = r#"{"type":"box","center":[3.2,1.4],"half_extents":[0.5,0.5]}"#;
    let line = format!(r#"{{"id":1,"a":{t},"b":{resting}}}"#);
    let v = one("collide", &line);
    assert_eq!(v["collides"], true, "{v}");
    assert!(close(num(&v["depth"]), 0.1, 1e-5), "{v}");
    assert_eq!(vec_of(&v["normal"]), [0.0, 1.0], "{v}");
    for m in v["manifolds"].as_array().unwrap() {
        let n = vec_of(&m["normal"]);
        assert!(close(n[0], 0.0, 1e-5) && close(n[1], 1.0, 1e-5), "no ghost normal: {v}");
    }
    // the other order: normals turn around
    let v = one("collide", &format!(r#"{{"id":2,"a":{resting},"b":{t}}}"#));
    assert_eq!(vec_of(&v["normal"]), [0.0, -1.0], "{v}");
    // apart: no manifolds key
    let apart = r#"{"type":"circle","center":[3,3],"radius":0.5}"#;
    let v = one("collide", &format!(r#"{{"id":3,"a":{t},"b":{apart}}}"#));
    assert_eq!(v["collides"], false, "{v}");
    assert!(v.get("manifolds").is_none(), "{v}");
    // a concave shape in toi is refused, with the id kept
    let v = one("toi", &format!(r#"{{"id":4,"a":{t},"b":{apart},"velocity_a":[0,0],"velocity_b":[0,-1]}}"#));
    assert!(error(&v).contains("concave"), "{v}");
    assert_eq!(v["id"], 4);
    // a self-intersecting concave shape names its field
    let bow = r#"{"type":"concave","points":[[0,0],[2,2],[2,0],[0,2]]}"#;
    let v = one("collide", &format!(r#"{{"id":5,"a":{apart},"b":{bow}}}"#));
    assert!(error(&v).starts_with("b.points: the outline crosses or touches itself"), "{v}");
}
