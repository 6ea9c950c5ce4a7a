//! A JSON value read one level at a time, with numbers kept as their text.
//!
//! serde_json's `Value` cannot hold a number that overflows f64 (it fails the whole parse, so
//! the line's id is lost with it), and its recursion limit is the only guard against deep
//! nesting. Here a line is first checked as a whole for syntax by parsing it into a
//! [`RawValue`] (serde_json skips over values without recursing and without converting
//! numbers), and then decoded lazily: [`Json::of`] decodes one level and leaves the members as
//! raw text. The validator only ever looks a few levels down, so nesting depth never matters,
//! and a number is judged where it sits, with its field's name, from its exact decimal text.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

/// One level of a JSON value.
#[derive(Debug)]
pub enum Json<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written (valid JSON number syntax, any magnitude).
    Number(&'a str),
    /// A string, unescaped.
    String(String),
    /// An array's elements, undecoded.
    Array(Vec<&'a RawValue>),
    /// An object's members in input order, duplicates kept, values undecoded.
    Object(Vec<(String, &'a RawValue)>),
}

/// Checks a whole line's syntax. Any depth of nesting is accepted; numbers are not converted.
pub fn parse(text: &str) -> Result<&RawValue, serde_json::Error> {
    serde_json::from_str(text)
}

impl<'a> Json<'a> {
    /// Decodes the top level of `raw`, which is valid JSON syntax. Fails only on a string that
    /// cannot be decoded (an escaped lone surrogate such as `"\ud800"`).
    pub fn of(raw: &'a RawValue) -> Result<Json<'a>, String> {
        let text = raw.get();
        let decoded = match text.as_bytes().first() {
            Some(b'{') => serde_json::from_str::<Members<'a>>(text).map(|m| Json::Object(m.0)),
            Some(b'[') => serde_json::from_str::<Vec<&'a RawValue>>(text).map(Json::Array),
            Some(b'"') => serde_json::from_str::<String>(text).map(Json::String),
            Some(b't' | b'f') => serde_json::from_str::<bool>(text).map(Json::Bool),
            Some(b'n') => Ok(Json::Null),
            _ => Ok(Json::Number(text)),
        };
        decoded.map_err(|e| without_position(&e))
    }

    /// A short description of the value's kind, for "expected …, got …".
    pub fn describe(&self) -> String {
        match self {
            Json::Null => "null".into(),
            Json::Bool(b) => b.to_string(),
            Json::Number(n) => format!("the number {}", shorten(n)),
            Json::String(s) => format!("the string {}", quote(s)),
            Json::Array(items) if items.len() == 1 => "an array of 1 element".into(),
            Json::Array(items) => format!("an array of {} elements", items.len()),
            Json::Object(_) => "an object".into(),
        }
    }
}

/// A user-supplied string, JSON-quoted (so control characters are escaped) and shortened.
pub fn quote(s: &str) -> String {
    const MAX_CHARS: usize = 40;
    if s.chars().count() <= MAX_CHARS {
        serde_json::Value::from(s).to_string()
    } else {
        let head: String = s.chars().take(MAX_CHARS).collect();
        format!("{}…", serde_json::Value::from(head))
    }
}

/// A number's text, shortened for messages.
pub fn shorten(n: &str) -> String {
    const MAX_CHARS: usize = 40;
    if n.len() <= MAX_CHARS {
        n.to_string()
    } else {
        // number text is ASCII
        format!("{}…", &n[..MAX_CHARS])
    }
}

/// `text` without insignificant whitespace, for echoing a raw value on one compact line.
pub fn minify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            out.push(c);
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !matches!(c, ' ' | '\t' | '\n' | '\r') {
            out.push(c);
        }
    }
    out
}

/// serde_json's message without its " at line L column C": positions within a sub-value would
/// mislead.
fn without_position(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    message.strip_suffix(&suffix).unwrap_or(&message).to_string()
}

/// An object's members, in order and with duplicates, values left raw.
struct Members<'a>(Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members<'de>, A::Error> {
                let mut members = Vec::new();
                while let Some(member) = map.next_entry::<String, &'de RawValue>()? {
                    members.push(member);
                }
                Ok(Members(members))
            }
        }
        d.deserialize_map(MembersVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> Json<'_> {
        Json::of(parse(text).unwrap()).unwrap()
    }

    #[test]
    fn one_level_at_a_time() {
        let Json::Object(members) = of(r#" {"b": [1, 2] , "a":1e400, "b":"x"} "#) else { panic!() };
        let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["b", "a", "b"]);
        assert_eq!(members[0].1.get(), "[1, 2]");
        assert!(matches!(Json::of(members[1].1), Ok(Json::Number("1e400"))));
        assert!(matches!(of("-0.5E+3"), Json::Number("-0.5E+3")));
        assert!(matches!(of("\"a\\u00e9\""), Json::String(s) if s == "aé"));
        assert!(matches!(of("false"), Json::Bool(false)));
        assert!(matches!(of("null"), Json::Null));
        assert!(Json::of(parse("\"\\ud800\"").unwrap()).is_err());
    }

    #[test]
    fn deep_nesting_parses_without_recursion() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let Json::Array(items) = of(&deep) else { panic!() };
        assert_eq!(items.len(), 1);
        assert!(parse(&"[".repeat(100_000)).is_err());
    }

    #[test]
    fn quote_escapes_and_shortens() {
        assert_eq!(quote("a\"b\n"), r#""a\"b\n""#);
        assert_eq!(quote(&"x".repeat(50)), format!("\"{}\"…", "x".repeat(40)));
    }

    #[test]
    fn minify_keeps_strings() {
        assert_eq!(minify("{ \"a b\" : [ 1 ,\t\"\\\" x\" ] }"), r#"{"a b":[1,"\" x"]}"#);
    }
}
