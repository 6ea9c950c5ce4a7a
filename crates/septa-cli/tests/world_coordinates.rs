//! Shapes given in world coordinates far from the origin (issue 14): convex polygons of radius
//! 0.1–2 with 3–64 corners, centred 1e3–1e6 from the origin and written as f64 decimal text,
//! must be accepted (rounding their world coordinates to f32 first bends many of them out of
//! convex order: the f32 spacing is 0.0078 at 1e5), and `septa collide` must answer them as a
//! plain SAT in f64 over the same decimal input does.
//!
//! The reference here is the textbook test in f64, written out in full: every edge normal of
//! both polygons, both shadows on it, the push on each axis the shorter of the two ways out,
//! overlap when no axis has a gap (touching is not overlapping), depth the smallest push.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

type P = [f64; 2];

/// SplitMix64: deterministic and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

/// A convex polygon: `n` corners at jittered even angles (each within 60 % of its share of the
/// turn, so no two closer than 40 % of the even spacing) on an ellipse of radius `r` and aspect
/// 0.3–1, turned at random, about `c`.
fn polygon(rng: &mut Rng, c: P, r: f64, n: usize) -> Vec<P> {
    let tau = std::f64::consts::TAU;
    let angles: Vec<f64> = (0..n).map(|k| (k as f64 + 0.6 * rng.next()) * tau / n as f64).collect();
    let (aspect, turn) = (rng.range(0.3, 1.0), rng.range(0.0, tau));
    let (s, k) = turn.sin_cos();
    angles
        .iter()
        .map(|t| {
            let (x, y) = (r * t.cos(), r * aspect * t.sin());
            [c[0] + k * x - s * y, c[1] + s * x + k * y]
        })
        .collect()
}

/// The reference: (overlapping, depth or gap) by SAT in f64 over both polygons' edge normals.
fn reference(a: &[P], b: &[P]) -> (bool, f64) {
    let shadow = |poly: &[P], n: P| {
        poly.iter()
            .map(|p| p[0] * n[0] + p[1] * n[1])
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)))
    };
    let mut best_push = f64::INFINITY;
    let mut best_gap = f64::NEG_INFINITY;
    for poly in [a, b] {
        for i in 0..poly.len() {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let (ex, ey) = (q[0] - p[0], q[1] - p[1]);
            let len = ex.hypot(ey);
            let n = [ey / len, -ex / len];
            let ((a0, a1), (b0, b1)) = (shadow(a, n), shadow(b, n));
            let gap = (b0 - a1).max(a0 - b1);
            best_gap = best_gap.max(gap);
            best_push = best_push.min((a1 - b0).min(b1 - a0));
        }
    }
    if best_gap >= 0.0 {
        (false, best_gap)
    } else {
        (true, best_push)
    }
}

fn points_json(poly: &[P]) -> String {
    let items: Vec<String> = poly.iter().map(|p| format!("[{:?},{:?}]", p[0], p[1])).collect();
    format!("[{}]", items.join(","))
}

/// Runs `septa collide` on the lines, returns the output lines.
fn collide(lines: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_septa"))
        .arg("collide")
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
    String::from_utf8(output.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn convex_polygons_far_from_the_origin_are_accepted_and_answered() {
    let mut rng = Rng(0x5E97A);
    // (offset, depth tolerance): 1e-3 up to 1e5; the f32 spacing at 1e6
    for (offset, tolerance) in [(1e3, 1e-3), (1e4, 1e-3), (1e5, 1e-3), (1e6, 0.0625)] {
        let mut cases = Vec::new();
        let mut lines = Vec::new();
        for k in 0..600 {
            let angle = rng.range(0.0, std::f64::consts::TAU);
            let center = [offset * angle.cos(), offset * angle.sin()];
            let (ra, rb) = (rng.range(0.1, 2.0), rng.range(0.1, 2.0));
            // small polygons with many corners are the ones rounding bends
            let (na, nb) = if k % 2 == 0 { (16 + k % 49, 3 + k % 62) } else { (3 + k % 14, 3 + k % 62) };
            let a = polygon(&mut rng, center, ra, na);
            let direction = rng.range(0.0, std::f64::consts::TAU);
            let distance = rng.range(0.0, 1.2) * (ra + rb);
            let cb = [center[0] + distance * direction.cos(), center[1] + distance * direction.sin()];
            let b = polygon(&mut rng, cb, rb, nb);
            let kind = if k % 3 == 0 { "hull" } else { "polygon" };
            lines.push(format!(
                r#"{{"id":{k},"a":{{"type":"polygon","points":{}}},"b":{{"type":"{kind}","points":{}}}}}"#,
                points_json(&a),
                points_json(&b)
            ));
            cases.push(reference(&a, &b));
        }
        let answers = collide(&lines);
        assert_eq!(answers.len(), cases.len());
        let (mut compared, mut failures) = (0, Vec::new());
        for (k, (v, &(overlapping, amount))) in answers.iter().zip(&cases).enumerate() {
            if v.get("error").is_some() {
                failures.push(format!("line {k} refused: {}", v["error"]));
                continue;
            }
            if amount.abs() < tolerance {
                continue; // within the tolerance of touching: either answer is right
            }
            compared += 1;
            if v["collides"] != overlapping {
                failures.push(format!(
                    "line {k}: collides {} vs reference {overlapping} ({amount})",
                    v["collides"]
                ));
            } else if overlapping && (v["depth"].as_f64().unwrap() - amount).abs() > tolerance {
                failures.push(format!("line {k}: depth {} vs reference {amount}", v["depth"]));
            }
        }
        assert!(compared > 500, "offset {offset}: only {compared} compared");
        assert!(
            failures.is_empty(),
            "offset {offset}: {} failures:\n  {}\n  first line: {}",
            failures.len(),
            failures[..failures.len().min(5)].join("\n  "),
            lines[0]
        );
    }
}

/// A 16-gon of radius 0.3 centred at (1e5, 1e5), written in decimal: the example of the report.
/// Its corners rounded to f32 turn the wrong way; read in f64 and recentred it is accepted, and
/// a copy shifted by 0.1 along +x overlaps it by 0.5·cos(π/16) (by hand: the faces of a
/// regular 16-gon with a corner on +x are 0.3·cos(π/16) from the centre, with normals at
/// π/16 + kπ/8; on each, the push is twice that minus the shift's share along the normal,
/// 0.1·|cos θ|, least for the faces nearest +x: 0.6·cos(π/16) − 0.1·cos(π/16)).
#[test]
fn a_small_polygon_at_1e5_keeps_its_shape() {
    let tau = std::f64::consts::TAU;
    let ring = |cx: f64| -> Vec<P> {
        (0..16)
            .map(|k| [cx + 0.3 * (tau * k as f64 / 16.0).cos(), 1e5 + 0.3 * (tau * k as f64 / 16.0).sin()])
            .collect()
    };
    let (a, b) = (ring(1e5), ring(1e5 + 0.1));
    let line = format!(
        r#"{{"id":1,"a":{{"type":"polygon","points":{}}},"b":{{"type":"polygon","points":{}}}}}"#,
        points_json(&a),
        points_json(&b)
    );
    let v = &collide(&[line])[0];
    assert!(v.get("error").is_none(), "{v}");
    let depth = 0.5 * (tau / 32.0).cos();
    assert!((v["depth"].as_f64().unwrap() - depth).abs() < 1e-4, "{v} vs {depth}");
}
