//! The CLI's line handling: `septa collide` and `septa toi` reading one input.
//!
//! septa-cli is a binary crate only (no library target), and spawning the binary per input
//! would be far too slow, so this target compiles the CLI's own parsing and answering modules
//! from their files (`json.rs`, `request.rs`, `response.rs`; not `main.rs`, which holds
//! `fn main`). The line loop below is the one of `answer_lines` in `main.rs`, minus the I/O:
//! split on `\n`, drop a UTF-8 byte order mark on the first line, skip blank lines.
//!
//! Every non-blank line is answered in both modes, and each answer must be one line of JSON: an
//! object whose first key is `id`, followed by the answer's keys or by `error`, with every
//! number finite. The library must never panic on what the CLI accepted (libFuzzer's panic
//! hook aborts, so `response.rs`'s `catch_unwind` does not hide a panic from the fuzzer).
#![no_main]
#![allow(dead_code)]

#[path = "../../crates/septa-cli/src/json.rs"]
mod json;
#[path = "../../crates/septa-cli/src/request.rs"]
mod request;
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
            }
            assert_eq!(
                object["points"].as_array().unwrap().len(),
                object["depths"].as_array().unwrap().len()
            );
        }
        Mode::Toi => {
            for key in ["hit", "t", "normal"] {
                assert!(keys.contains(&key), "toi answer without {key}: {answer}");
            }
            assert_eq!(object["hit"].as_bool().unwrap(), object["t"].is_number(), "{answer}");
        }
    }
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
        for mode in [Mode::Collide, Mode::Toi] {
            let answer = response::respond(&request::parse_line(bytes, mode));
            check(&answer, mode);
        }
    }
});
