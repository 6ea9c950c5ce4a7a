//! A request → one output line: the query's answer, or an error object.
//!
//! Keys are written in a fixed order (serde writes struct fields in declaration order):
//! `id, collides, depth, normal, points, depths` for a `septa collide` answer,
//! `id, hit, t, normal` for a `septa toi` answer, `id, error` for an error.
//! Numbers are f32 written by serde_json in their shortest round-trip form (`0.1`, not
//! `0.10000000149011612`), and are always finite: a non-finite result becomes an error line,
//! since JSON has no way to write it.

use std::panic::{catch_unwind, AssertUnwindSafe};

use glam::{Vec2, Vec3};
use serde::Serialize;
use serde_json::value::RawValue;

use septa::concave::{Method, Ring, SimplePolygon};

use crate::request::{concave_error, Motion, Motion3, Outline, Pair, Pair3, Planar, Query, Request};

/// An answered `septa collide` query, in output key order.
#[derive(Serialize)]
struct Answer<'a> {
    id: &'a RawValue,
    collides: bool,
    /// The MTV depth; `None` (null) when not colliding.
    depth: Option<f32>,
    /// The MTV's unit normal from a to b (2 or 3 components); `None` (null) when not colliding.
    normal: Option<Vec<f32>>,
    /// The manifold's points, world frame; empty when not colliding.
    points: Vec<Vec<f32>>,
    /// The depth of each point.
    depths: Vec<f32>,
    /// Every manifold, present whenever `collides` is true: one for a convex pair, one per
    /// touching pair of pieces when a shape is concave (the deepest is the one above).
    #[serde(skip_serializing_if = "Option::is_none")]
    manifolds: Option<Vec<ManifoldOut>>,
}

/// One manifold of an answer.
#[derive(Serialize)]
struct ManifoldOut {
    normal: Vec<f32>,
    depth: f32,
    points: Vec<Vec<f32>>,
    depths: Vec<f32>,
}

impl ManifoldOut {
    fn of(manifold: &septa::Manifold) -> ManifoldOut {
        let points = manifold.points();
        ManifoldOut {
            normal: xy(manifold.normal),
            depth: tidy(manifold.depth()),
            points: points.iter().map(|p| xy(p.point)).collect(),
            depths: points.iter().map(|p| tidy(p.depth)).collect(),
        }
    }

    fn of_3d(manifold: &septa3d::Manifold) -> ManifoldOut {
        let points = manifold.points();
        ManifoldOut {
            normal: xyz(manifold.normal),
            depth: tidy(points.iter().fold(0.0, |d, p| d.max(p.depth))),
            points: points.iter().map(|p| xyz(p.point)).collect(),
            depths: points.iter().map(|p| tidy(p.depth)).collect(),
        }
    }
}

/// An answered `septa decompose` query, in output key order.
#[derive(Serialize)]
struct Decomposed<'a> {
    id: &'a RawValue,
    /// The convex pieces, each counter-clockwise, with the input's own coordinates.
    pieces: Vec<Vec<[f64; 2]>>,
    /// Which programme made them: "optimal" (the minimum number of pieces) or
    /// "hertel-mehlhorn" (the fallback for large polygons and polygons with holes).
    method: &'static str,
}

/// An answered `septa toi` query, in output key order.
#[derive(Serialize)]
struct Hit<'a> {
    id: &'a RawValue,
    hit: bool,
    /// The time of first contact; `None` (null) when there is none within `[0, max_t]`.
    t: Option<f32>,
    /// The unit normal from a to b at first contact; `None` (null) when there is none.
    normal: Option<Vec<f32>>,
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
        Query::Collide3(pair) => collide_3d(id, pair),
        Query::Toi3(pair, motion) => toi_3d(id, pair, motion),
        Query::CollideConcave(a, b) => collide_concave(id, a, b),
        Query::Decompose(outline) => decompose(id, outline),
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
        None => Answer::separated(id),
        Some(c) => Answer::colliding(
            id,
            (tidy(c.depth), xy(c.normal)),
            manifold.iter().map(ManifoldOut::of).collect(),
            0,
        ),
    };
    answer.write()
}

/// `septa collide` with a concave polygon: every manifold, the deepest in the convex keys.
fn collide_concave(id: &RawValue, a: &Planar, b: &Planar) -> Result<String, String> {
    use septa::concave::collide;
    let manifolds = guarded(|| match (a, b) {
        (Planar::Concave(a), Planar::Convex(b)) => collide(&a.shape, a.pose, &b.shape, b.pose),
        (Planar::Convex(a), Planar::Concave(b)) => collide(&a.shape, a.pose, &b.shape, b.pose),
        (Planar::Concave(a), Planar::Concave(b)) => collide(&a.shape, a.pose, &b.shape, b.pose),
        (Planar::Convex(_), Planar::Convex(_)) => unreachable!("a convex pair is Query::Collide"),
    })?;
    let outs: Vec<ManifoldOut> = manifolds.iter().map(|p| ManifoldOut::of(&p.manifold)).collect();
    // The deepest manifold (the first of equals) fills the keys of a convex answer.
    let deepest = (0..outs.len()).reduce(|k, j| if outs[j].depth > outs[k].depth { j } else { k });
    let answer = match deepest {
        None => Answer::separated(id),
        Some(k) => Answer::colliding(id, (outs[k].depth, outs[k].normal.clone()), outs, k),
    };
    answer.write()
}

/// `septa decompose`: the convex pieces, in the input's own coordinates.
fn decompose(id: &RawValue, outline: &Outline) -> Result<String, String> {
    let (polygon, _) =
        SimplePolygon::from_world(&outline.points, &outline.holes).map_err(|e| concave_error(e, ""))?;
    let decomposition = guarded(|| polygon.decompose())?.map_err(|e| concave_error(e, ""))?;
    let input = |v: usize| {
        let (ring, index) = polygon.source(v);
        let p = match ring {
            Ring::Outline => outline.points[index],
            Ring::Hole(k) => outline.holes[k][index],
        };
        [p.x, p.y]
    };
    let pieces =
        decomposition.pieces().iter().map(|piece| piece.indices().iter().map(|&v| input(v)).collect());
    let method = match decomposition.method() {
        Method::Optimal => "optimal",
        Method::HertelMehlhorn => "hertel-mehlhorn",
    };
    write(&Decomposed { id, pieces: pieces.collect(), method })
}

/// `septa collide` on 3D shapes: the MTV and the manifold (1–4 points).
fn collide_3d(id: &RawValue, Pair3 { a, b }: &Pair3) -> Result<String, String> {
    let (contact, manifold) = guarded(|| {
        (
            septa3d::contact(&a.shape, a.pose, &b.shape, b.pose),
            septa3d::collide(&a.shape, a.pose, &b.shape, b.pose),
        )
    })?;
    let answer = match contact {
        None => Answer::separated(id),
        Some(c) => Answer::colliding(
            id,
            (tidy(c.depth), xyz(c.normal)),
            manifold.iter().map(ManifoldOut::of_3d).collect(),
            0,
        ),
    };
    answer.write()
}

impl<'a> Answer<'a> {
    /// The answer for shapes that collide: the MTV (depth, normal), every manifold, and the
    /// points and depths of manifold `shown` (none if the library gave no manifold).
    fn colliding(
        id: &'a RawValue,
        (depth, normal): (f32, Vec<f32>),
        manifolds: Vec<ManifoldOut>,
        shown: usize,
    ) -> Answer<'a> {
        let (points, depths) =
            manifolds.get(shown).map_or((vec![], vec![]), |m| (m.points.clone(), m.depths.clone()));
        Answer {
            id,
            collides: true,
            depth: Some(depth),
            normal: Some(normal),
            points,
            depths,
            manifolds: Some(manifolds),
        }
    }

    /// The answer for shapes that do not collide.
    fn separated(id: &'a RawValue) -> Answer<'a> {
        Answer {
            id,
            collides: false,
            depth: None,
            normal: None,
            points: vec![],
            depths: vec![],
            manifolds: None,
        }
    }

    /// The line, or an error when a number is not finite.
    fn write(&self) -> Result<String, String> {
        let finite = self.depth.iter().chain(self.normal.iter().flatten()).all(|x| x.is_finite())
            && self.points.iter().flatten().chain(&self.depths).all(|x| x.is_finite())
            && self.manifolds.iter().flatten().all(|m| {
                m.normal.iter().chain(&m.depths).chain(m.points.iter().flatten()).all(|x| x.is_finite())
                    && m.depth.is_finite()
            });
        if !finite {
            return Err(NOT_FINITE.into());
        }
        write(self)
    }
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
    hit.write()
}

/// `septa toi` on 3D shapes.
fn toi_3d(id: &RawValue, Pair3 { a, b }: &Pair3, motion: &Motion3) -> Result<String, String> {
    let impact = guarded(|| {
        septa3d::time_of_impact(
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
        Some(impact) => Hit { id, hit: true, t: Some(tidy(impact.time)), normal: Some(xyz(impact.normal)) },
    };
    hit.write()
}

impl Hit<'_> {
    /// The line, or an error when a number is not finite.
    fn write(&self) -> Result<String, String> {
        if !self.t.iter().chain(self.normal.iter().flatten()).all(|x| x.is_finite()) {
            return Err(NOT_FINITE.into());
        }
        write(self)
    }
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
fn xy(v: Vec2) -> Vec<f32> {
    vec![tidy(v.x), tidy(v.y)]
}

/// `[x, y, z]`, without negative zeros.
fn xyz(v: Vec3) -> Vec<f32> {
    vec![tidy(v.x), tidy(v.y), tidy(v.z)]
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
            r#"{"id":[1,{"x":null}],"error":"a: expected a shape object with a \"type\" key (polygon, hull, circle, box, capsule or concave in 2D; cuboid, convex, sphere or capsule in 3D), got the number 2"}"#
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
