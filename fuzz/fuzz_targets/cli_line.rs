//! The CLI's line handling: `septa collide`, `septa toi` and `septa decompose` reading one input.
//!
//! septa-cli is a binary crate only (no library target), and spawning the binary per input
//! would be far too slow, so this target compiles the CLI's own parsing and answering modules
//! from their files (`json.rs`, `request.rs`, `request3d.rs`, `response.rs`; not `main.rs`,
//! which holds `fn main`, nor `help.rs`). The line loop below is the one of `answer_lines` in
//! `main.rs`, minus the I/O: split on `\n`, drop a UTF-8 byte order mark on the first line, skip
//! blank lines.
//!
//! Every non-blank line is answered in all three modes, and each answer must be one line of
//! JSON: an object whose first key is `id`, followed by the answer's keys or by `error`, with
//! every number finite. The library must never panic on what the CLI accepted (libFuzzer's
//! panic hook aborts, so `response.rs`'s `catch_unwind` does not hide a panic from the fuzzer).
//! A colliding answer's normal (2 or 3 components) must be a unit vector; a `decompose` answer
//! has at least one piece of at least three points and names its method.
#![no_main]
#![allow(dead_code)]

#[path = "../../crates/septa-cli/src/json.rs"]
mod json;
#[path = "../../crates/septa-cli/src/request.rs"]
mod request;
#[path = "../../crates/septa-cli/src/request3d.rs"]
mod request3d;
#[path = "../../crates/septa-cli/src/response.rs"]
mod response;

use libfuzzer_sys::fuzz_target;
use request::Mode;
use serde_json::Value;

fn finite_numbers(v: &Value) -> bool {
    match v {
        Value::Number(n) => n.as_f64().is_some_and(f64::is_finite),
        Value::Array(items) => items.iter().all(finite_numbers),
        Value::Object(members) => members.values().all(finite_numbers),
        _ => true,
    }
}

fn check(answer: &str, mode: Mode) {
    assert!(!answer.contains('\n'), "answer spans lines: {answer}");
    // serde_json's own preserve_order is off here, so the key order is checked on the text.
    assert!(answer.starts_with("{\"id\":"), "answer does not start with the id: {answer}");
    let value: Value =
        serde_json::from_str(answer).unwrap_or_else(|e| panic!("answer is not JSON ({e}): {answer}"));
    let object = value.as_object().unwrap_or_else(|| panic!("answer is not an object: {answer}"));
    assert!(finite_numbers(&value), "answer has a non-finite number: {answer}");
    if let Some(error) = object.get("error") {
        let error = error.as_str().unwrap_or_else(|| panic!("error is not a string: {answer}"));
        assert!(!error.starts_with("internal error"), "{answer}");
        assert_eq!(object.len(), 2, "error answer with extra keys: {answer}");
        return;
    }
    let keys: Vec<&str> = object.keys().map(String::as_str).collect();
    match mode {
        Mode::Collide => {
            for key in ["collides", "depth", "normal", "points", "depths"] {
                assert!(keys.contains(&key), "collide answer without {key}: {answer}");
            }
            let collides = object["collides"].as_bool().unwrap();
            assert_eq!(collides, object["depth"].is_number(), "{answer}");
            if collides {
                assert!(object["depth"].as_f64().unwrap() > 0.0, "{answer}");
                assert!(unit(&object["normal"]), "collide answer with a normal not of unit length: {answer}");
            }
            assert_eq!(
                object["points"].as_array().unwrap().len(),
                object["depths"].as_array().unwrap().len()
            );
            // Every manifold (the key is there exactly when the shapes collide): a unit normal
            // and as many depths as points.
            assert_eq!(collides, object.contains_key("manifolds"), "{answer}");
            for m in object.get("manifolds").and_then(Value::as_array).into_iter().flatten() {
                assert!(unit(&m["normal"]), "manifold with a normal not of unit length: {answer}");
                assert_eq!(m["points"].as_array().map(Vec::len), m["depths"].as_array().map(Vec::len));
            }
        }
        Mode::Toi => {
            for key in ["hit", "t", "normal"] {
                assert!(keys.contains(&key), "toi answer without {key}: {answer}");
            }
            assert_eq!(object["hit"].as_bool().unwrap(), object["t"].is_number(), "{answer}");
            if object["hit"].as_bool().unwrap() {
                assert!(unit(&object["normal"]), "toi answer with a normal not of unit length: {answer}");
            }
        }
        Mode::Decompose => {
            assert_eq!(keys, ["id", "method", "pieces"], "decompose answer keys: {answer}");
            let method = object["method"].as_str();
            assert!(matches!(method, Some("optimal" | "hertel-mehlhorn")), "{answer}");
            let pieces = object["pieces"].as_array().unwrap_or_else(|| panic!("pieces: {answer}"));
            assert!(!pieces.is_empty(), "decompose answer without pieces: {answer}");
            for piece in pieces {
                let corners = piece.as_array().unwrap_or_else(|| panic!("piece: {answer}"));
                assert!(corners.len() >= 3, "piece of {} corners: {answer}", corners.len());
                for c in corners {
                    assert!(c.as_array().is_some_and(|xy| xy.len() == 2), "corner {c}: {answer}");
                }
            }
        }
    }
}

/// A JSON array of 2 or 3 numbers of length 1 (within 1e-3).
fn unit(v: &Value) -> bool {
    let Some(items) = v.as_array() else { return false };
    let length2: f64 = items.iter().map(|x| x.as_f64().unwrap_or(f64::NAN).powi(2)).sum();
    matches!(items.len(), 2 | 3) && (length2.sqrt() - 1.0).abs() <= 1e-3
}

fuzz_target!(|data: &[u8]| {
    let mut first = true;
    for line in data.split(|&b| b == b'\n') {
        let mut bytes = line;
        if first {
            bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
            first = false;
        }
        if bytes.trim_ascii().is_empty() {
            continue;
        }
        for mode in [Mode::Collide, Mode::Toi, Mode::Decompose] {
            let answer = response::respond(&request::parse_line(bytes, mode));
            check(&answer, mode);
        }
    }
});
