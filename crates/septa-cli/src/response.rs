//! A request → one output line: the query's answer, or an error object.
//!
//! Keys are written in a fixed order (serde writes struct fields in declaration order):
//! `id, collides, depth, normal, points, depths` for a `septa collide` answer,
//! `id, hit, t, normal` for a `septa toi` answer, `id, error` for an error.
//! Numbers are f32 written by serde_json in their shortest round-trip form (`0.1`, not
//! `0.10000000149011612`), and are always finite: a non-finite result becomes an error line,
//! since JSON has no way to write it.

use std::panic::{catch_unwind, AssertUnwindSafe};

use glam::Vec2;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::request::{Motion, Pair, Query, Request};

/// An answered `septa collide` query, in output key order.
#[derive(Serialize)]
struct Answer<'a> {
    id: &'a RawValue,
    collides: bool,
    /// The MTV depth; `None` (null) when not colliding.
    depth: Option<f32>,
    /// The MTV's unit normal from a to b; `None` (null) when not colliding.
    normal: Option<[f32; 2]>,
    /// The manifold's points, world frame; empty when not colliding.
    points: Vec<[f32; 2]>,
    /// The depth of each point.
    depths: Vec<f32>,
}

/// An answered `septa toi` query, in output key order.
#[derive(Serialize)]
struct Hit<'a> {
    id: &'a RawValue,
    hit: bool,
    /// The time of first contact; `None` (null) when there is none within `[0, max_t]`.
    t: Option<f32>,
    /// The unit normal from a to b at first contact; `None` (null) when there is none.
    normal: Option<[f32; 2]>,
}

/// A line that could not be answered.
#[derive(Serialize)]
struct Failure<'a> {
    id: &'a RawValue,
    error: &'a str,
}

/// The output line (without a newline) for one request.
pub fn respond(request: &Request) -> String {
    let result = request.query.as_ref().map_err(String::clone).and_then(|query| answer(&request.id, query));
    match result {
        Ok(line) => line,
        Err(message) => failure(&request.id, &message),
    }
}

/// The answer line for a valid query, or a message when the result cannot be written.
fn answer(id: &RawValue, query: &Query) -> Result<String, String> {
    match query {
        Query::Collide(pair) => collide(id, pair),
        Query::Toi(pair, motion) => toi(id, pair, motion),
    }
}

/// Runs a library query. The library must not panic on validated shapes; should it ever, this
/// line gets an error and the lines after it are still answered.
fn guarded<T>(query: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(query))
        .map_err(|_| "internal error: the septa library panicked on this query".to_string())
}

/// The message for an answer with a non-finite number, which JSON cannot write.
const NOT_FINITE: &str = "the result is not finite: the coordinates are too large for 32-bit arithmetic";

/// `septa collide`: the MTV and the manifold.
fn collide(id: &RawValue, Pair { a, b }: &Pair) -> Result<String, String> {
    let (contact, manifold) = guarded(|| {
        (
            septa::contact(&a.shape, a.pose, &b.shape, b.pose),
            septa::collide(&a.shape, a.pose, &b.shape, b.pose),
        )
    })?;

    let answer = match contact {
        None => Answer { id, collides: false, depth: None, normal: None, points: vec![], depths: vec![] },
        Some(contact) => {
            let points = manifold.as_ref().map_or(&[][..], |m| m.points());
            Answer {
                id,
                collides: true,
                depth: Some(tidy(contact.depth)),
                normal: Some(xy(contact.normal)),
                points: points.iter().map(|p| xy(p.point)).collect(),
                depths: points.iter().map(|p| tidy(p.depth)).collect(),
            }
        }
    };
    let finite = answer.depth.iter().chain(answer.normal.iter().flatten()).all(|x| x.is_finite())
        && answer.points.iter().flatten().chain(&answer.depths).all(|x| x.is_finite());
    if !finite {
        return Err(NOT_FINITE.into());
    }
    write(&answer)
}

/// `septa toi`: the time of first contact and the normal then.
fn toi(id: &RawValue, Pair { a, b }: &Pair, motion: &Motion) -> Result<String, String> {
    let impact = guarded(|| {
        septa::time_of_impact(
            &a.shape,
            a.pose,
            motion.velocity_a,
            &b.shape,
            b.pose,
            motion.velocity_b,
            motion.max_t,
        )
    })?;
    let hit = match impact {
        None => Hit { id, hit: false, t: None, normal: None },
        Some(impact) => Hit { id, hit: true, t: Some(tidy(impact.time)), normal: Some(xy(impact.normal)) },
    };
    if !hit.t.iter().chain(hit.normal.iter().flatten()).all(|x| x.is_finite()) {
        return Err(NOT_FINITE.into());
    }
    write(&hit)
}

/// An answer as one line of JSON.
fn write(answer: &impl Serialize) -> Result<String, String> {
    serde_json::to_string(answer).map_err(|e| format!("internal error: cannot write the answer: {e}"))
}

/// The error line.
fn failure(id: &RawValue, message: &str) -> String {
    serde_json::to_string(&Failure { id, error: message }).unwrap_or_else(|_| {
        // Unreachable: raw JSON and a string always serialise; fall back to a null id anyway.
        serde_json::json!({ "id": null, "error": message }).to_string()
    })
}

/// `[x, y]`, without negative zeros.
fn xy(v: Vec2) -> [f32; 2] {
    [tidy(v.x), tidy(v.y)]
}

/// Turns -0.0 into 0.0 (so a normal prints as `[1.0,0.0]`, not `[1.0,-0.0]`); other values,
/// NaN included, are unchanged.
fn tidy(x: f32) -> f32 {
    x + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::{parse_line, Mode};

    fn line(input: &str) -> String {
        respond(&parse_line(input.as_bytes(), Mode::Collide))
    }

    fn toi_line(input: &str) -> String {
        respond(&parse_line(input.as_bytes(), Mode::Toi))
    }

    #[test]
    fn separated_shapes_have_null_mtv_and_no_points() {
        let input = r#"{"id":"s","a":{"type":"circle","center":[0,0],"radius":1},"b":{"type":"circle","center":[3,0],"radius":1}}"#;
        assert_eq!(
            line(input),
            r#"{"id":"s","collides":false,"depth":null,"normal":null,"points":[],"depths":[]}"#
        );
    }

    #[test]
    fn errors_keep_key_order_and_id() {
        let input = r#"{"b":1,"id":[1,{"x":null}],"a":2}"#;
        assert_eq!(
            line(input),
            r#"{"id":[1,{"x":null}],"error":"a: expected a shape object with a \"type\" key (polygon, hull, circle, box or capsule), got the number 2"}"#
        );
    }

    #[test]
    fn toi_keys_in_order() {
        // unit squares 3 apart closing at speed 2: contact at t = 1.5, a's right face meeting b
        let square =
            |x: f32| format!(r#"{{"type":"box","center":[{x},0],"half_extents":[0.5,0.5],"angle":0}}"#);
        let input = format!(
            r#"{{"max_t":2,"velocity_b":[-1,0],"velocity_a":[1,0],"b":{},"a":{},"id":"t"}}"#,
            square(4.0),
            square(0.0)
        );
        assert_eq!(toi_line(&input), r#"{"id":"t","hit":true,"t":1.5,"normal":[1.0,0.0]}"#);
        // moving apart
        let input = format!(
            r#"{{"id":0,"a":{},"b":{},"velocity_a":[-1,0],"velocity_b":[1,0]}}"#,
            square(0.0),
            square(4.0)
        );
        assert_eq!(toi_line(&input), r#"{"id":0,"hit":false,"t":null,"normal":null}"#);
    }

    #[test]
    fn tidy_drops_negative_zero_only() {
        assert!(tidy(-0.0).is_sign_positive());
        assert_eq!(tidy(-1.5), -1.5);
        assert!(tidy(f32::NAN).is_nan());
    }
}
