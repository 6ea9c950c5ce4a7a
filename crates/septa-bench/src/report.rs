//! Output: the markdown table, the JSON file and the SVG chart.

use std::fmt::Write as _;

use crate::impls::{Op, NAMES};
use crate::timing::Timed;
use crate::workload::{Density, Form, Other, SetSpec, SETS};

/// One measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The set's name (see [`SETS`]).
    pub set: &'static str,
    /// The query.
    pub op: Op,
    /// The implementation (see [`NAMES`]).
    pub implementation: &'static str,
    /// Nanoseconds per call.
    pub ns: f64,
}

impl From<&Timed> for Measurement {
    fn from(t: &Timed) -> Measurement {
        Measurement { set: t.set, op: t.op, implementation: t.implementation, ns: t.ns_per_call() }
    }
}

/// The measurement of (set, op, implementation), if any.
fn find(results: &[Measurement], set: &str, op: Op, implementation: &str) -> Option<f64> {
    results.iter().find(|m| m.set == set && m.op == op && m.implementation == implementation).map(|m| m.ns)
}

/// The implementations with at least one measurement, in column order (2D, then 3D).
fn columns(results: &[Measurement]) -> Vec<&'static str> {
    NAMES
        .iter()
        .chain(&crate::polyhedra::NAMES)
        .copied()
        .filter(|name| results.iter().any(|m| m.implementation == *name))
        .fold(Vec::new(), |mut names, name| {
            if !names.contains(&name) {
                names.push(name);
            }
            names
        })
}

/// The markdown table: one row per set and query, one column per implementation, then septa's
/// speed-up over each other implementation (their time ÷ septa's).
pub fn markdown(results: &[Measurement]) -> String {
    let cols = columns(results);
    let others: Vec<&str> = cols.iter().copied().filter(|c| *c != "septa").collect();
    let mut out = String::new();
    let _ = write!(out, "| set | op |");
    for c in &cols {
        let _ = write!(out, " {c} (ns) |");
    }
    for o in &others {
        let _ = write!(out, " septa vs {o} |");
    }
    out.push('\n');
    out.push_str("|---|---|");
    for _ in 0..cols.len() + others.len() {
        out.push_str("---:|");
    }
    out.push('\n');
    let mut footnote = false;
    for spec in SETS.iter() {
        for op in Op::ALL {
            if !cols.iter().any(|c| find(results, spec.name, op, c).is_some()) {
                continue;
            }
            let _ = write!(out, "| {} | {} |", spec.name, op.name());
            for c in &cols {
                match find(results, spec.name, op, c) {
                    Some(ns) => {
                        let _ = write!(out, " {} |", format_ns(ns));
                    }
                    None => out.push_str(" — |"),
                }
            }
            // septa has no unnormalised variant: its normals are unit and precomputed, so its
            // `overlaps` is what replaces the seed's unnormalised test.
            let (septa, marked) = match find(results, spec.name, op, "septa") {
                Some(ns) => (Some(ns), false),
                None if op == Op::OverlapsUnnormalized => {
                    (find(results, spec.name, Op::Overlaps, "septa"), true)
                }
                None => (None, false),
            };
            for o in &others {
                match (septa, find(results, spec.name, op, o)) {
                    (Some(s), Some(x)) => {
                        footnote |= marked;
                        let _ = write!(out, " {:.2}×{} |", x / s, if marked { "¹" } else { "" });
                    }
                    _ => out.push_str(" — |"),
                }
            }
            out.push('\n');
        }
    }
    if footnote {
        out.push_str(
            "\n¹ septa has no unnormalised variant (its unit normals are precomputed); the ratio is \
             against septa's `overlaps`.\n",
        );
    }
    out
}

/// Nanoseconds with a sensible number of digits.
fn format_ns(ns: f64) -> String {
    if ns < 10.0 {
        format!("{ns:.2}")
    } else if ns < 100.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.0}")
    }
}

/// The JSON array `[{"set": S, "op": O, "impl": I, "ns": number}, …]`.
pub fn json(results: &[Measurement]) -> String {
    let mut out = String::from("[\n");
    for (k, m) in results.iter().enumerate() {
        let _ = write!(
            out,
            "  {{\"set\": \"{}\", \"op\": \"{}\", \"impl\": \"{}\", \"ns\": {:.3}}}",
            m.set,
            m.op.name(),
            m.implementation,
            m.ns
        );
        out.push_str(if k + 1 < results.len() { ",\n" } else { "\n" });
    }
    out.push_str("]\n");
    out
}

/// Colour of an implementation's lines.
fn colour(implementation: &str) -> &'static str {
    match implementation {
        "seed" => "#7f7f7f",
        "septa" => "#1f77b4",
        "septa-batch" => "#17becf",
        "box2d" => "#ff7f0e",
        "box2d-ffi" => "#d62728",
        "box3d" => "#ff7f0e",
        _ => "#2ca02c",
    }
}

/// Dash pattern of a query's lines.
fn dash(op: Op) -> &'static str {
    match op {
        Op::Overlaps => "",
        Op::OverlapsUnnormalized => "2,3",
        Op::Contact => "8,4",
        Op::Collide => "8,3,2,3",
        Op::Decompose | Op::Build => "1,1",
    }
}

/// The polygon–polygon sets of one form and density, by vertex count.
fn series_sets(form: Form, density: Density) -> Vec<SetSpec> {
    SETS.iter()
        .copied()
        .filter(|s| s.other == Other::Polygon && s.form == form && s.density == density)
        .collect()
}

/// An SVG chart of ns per call against vertex count, both on log scales, in two rows on one y
/// scale: the regular polygons (the article's workload) above, the irregular ones (turned by
/// their poses) below; in each, one panel for the "all intersect" sets (4–64 vertices; 4–32
/// irregular), one for the "~30 %" sets; one line per implementation (colour) and query (dash
/// pattern).
pub fn svg(results: &[Measurement], title: &str) -> String {
    let panel = |form: Form, density: Density, caption: &'static str| Panel {
        caption,
        sets: series_sets(form, density).iter().map(|s| (s.name, s.sides as f64)).collect(),
    };
    let scale_sets = |form: Form| SETS.iter().filter(|s| s.form == form).map(|s| s.name).collect();
    let regular = Chart {
        title,
        panels: [
            panel(Form::Regular, Density::All, "regular: every pair intersects"),
            panel(Form::Regular, Density::Thirty, "regular: ~30 % of pairs intersect"),
        ],
        ticks: &[4.0, 8.0, 16.0, 32.0, 64.0],
        x_label: "vertices per polygon",
        ops: &Op::ALL,
        note: "polygon–circle sets: see table",
        // The circle sets are not drawn, but their times set the scale too.
        scale_sets: scale_sets(Form::Regular),
    };
    let irregular = Chart {
        title: "irregular polygons (no parallel faces, turned by their poses)",
        panels: [
            panel(Form::Irregular, Density::All, "irregular: every pair intersects"),
            panel(Form::Irregular, Density::Thirty, "irregular: ~30 % of pairs intersect"),
        ],
        ticks: &[4.0, 6.0, 8.0, 16.0, 32.0, 64.0],
        x_label: "vertices per polygon",
        ops: &Op::ALL,
        note: "sets irr4-… to irr32-…",
        scale_sets: scale_sets(Form::Irregular),
    };
    draw_stack(results, &[&regular, &irregular])
}

/// One panel of a chart: its caption, and its sets with their x values (vertex counts).
pub struct Panel {
    /// Above the panel.
    pub caption: &'static str,
    /// (set name, x) in x order.
    pub sets: Vec<(&'static str, f64)>,
}

/// A chart of two panels, ns per call against vertex count on log scales (one of a stack: see
/// [`draw_stack`]).
pub struct Chart<'a> {
    /// At the top.
    pub title: &'a str,
    /// Left and right.
    pub panels: [Panel; 2],
    /// The x values marked (the first and last bound the axis).
    pub ticks: &'a [f64],
    /// Under the x axis.
    pub x_label: &'a str,
    /// The queries drawn (dash patterns), in legend order.
    pub ops: &'a [Op],
    /// A line under the legend.
    pub note: &'a str,
    /// The sets whose times set the y scale and the legend (those drawn, and maybe others).
    pub scale_sets: Vec<&'static str>,
}

/// Draws `chart` from `results` (only the measurements of its `scale_sets`).
pub fn draw(results: &[Measurement], chart: &Chart) -> String {
    draw_stack(results, &[chart])
}

/// Size of a chart: panel width and height, margin, legend width.
const PANEL_W: f64 = 420.0;
const PANEL_H: f64 = 340.0;
const MARGIN: f64 = 60.0;
const LEGEND_W: f64 = 200.0;
/// Height of one chart of the stack.
const CHART_H: f64 = PANEL_H + 2.0 * MARGIN + 20.0;

/// Draws the charts of `all` that have measurements (or the first, if none has) one under the
/// other in one picture, on one y scale (set by the measurements of all their `scale_sets`), so
/// that a time reads the same height in each.
pub fn draw_stack(results: &[Measurement], all: &[&Chart]) -> String {
    // Only the charts with something to draw (in a run of some sets only), but at least one.
    let measured = |c: &&&Chart| results.iter().any(|m| c.scale_sets.contains(&m.set));
    let mut charts: Vec<&Chart> = all.iter().filter(measured).copied().collect();
    if charts.is_empty() {
        charts.extend(all.first().copied());
    }
    let width = 2.0 * (PANEL_W + MARGIN) + LEGEND_W + 20.0;
    let height = CHART_H * charts.len() as f64;
    let shown = |m: &&Measurement| charts.iter().any(|c| c.scale_sets.contains(&m.set));
    let (lo, hi) = results
        .iter()
        .filter(shown)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), m| (lo.min(m.ns), hi.max(m.ns)));
    let (lo, hi) = if lo.is_finite() { (lo, hi) } else { (1.0, 10.0) };
    let y_lo = 10f64.powf(lo.log10().floor());
    let y_hi = 10f64.powf(hi.log10().ceil().max(lo.log10().floor() + 1.0));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (k, chart) in charts.iter().enumerate() {
        let results: Vec<Measurement> =
            results.iter().filter(|m| chart.scale_sets.contains(&m.set)).cloned().collect();
        draw_chart(&mut out, &results, chart, CHART_H * k as f64, (y_lo, y_hi));
    }
    out.push_str("</svg>\n");
    out
}

/// Draws one chart `top` pixels down, its y axis from `y_lo` to `y_hi` ns.
fn draw_chart(out: &mut String, results: &[Measurement], chart: &Chart, top: f64, (y_lo, y_hi): (f64, f64)) {
    let (panel_w, panel_h, margin) = (PANEL_W, PANEL_H, MARGIN);
    let width = 2.0 * (panel_w + margin) + LEGEND_W + 20.0;
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="15" text-anchor="middle">{}</text>"#,
        width / 2.0,
        top + 22.0,
        escape(chart.title)
    );
    let cols = columns(results);
    for (p, panel) in chart.panels.iter().enumerate() {
        let caption = panel.caption;
        let x0 = margin + p as f64 * (panel_w + margin);
        let y0 = top + margin + 10.0;
        let (n_lo, n_hi) = (chart.ticks[0], chart.ticks[chart.ticks.len() - 1]);
        let x = |n: f64| x0 + (n.log2() - n_lo.log2()) / (n_hi.log2() - n_lo.log2()) * panel_w;
        let y =
            |ns: f64| y0 + panel_h - (ns.log10() - y_lo.log10()) / (y_hi.log10() - y_lo.log10()) * panel_h;
        let _ = writeln!(
            out,
            r##"<rect x="{x0}" y="{y0}" width="{panel_w}" height="{panel_h}" fill="none" stroke="#444"/>"##
        );
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{caption}</text>"#,
            x0 + panel_w / 2.0,
            y0 - 8.0
        );
        // Grid: vertex counts and decades (with 2× and 5× ticks).
        for &n in chart.ticks {
            let _ = writeln!(
                out,
                r##"<line x1="{0}" y1="{y0}" x2="{0}" y2="{1}" stroke="#ddd"/><text x="{0}" y="{2}" text-anchor="middle">{n}</text>"##,
                x(n),
                y0 + panel_h,
                y0 + panel_h + 16.0
            );
        }
        let mut decade = y_lo;
        while decade <= y_hi * 1.0001 {
            for (k, f) in [1.0, 2.0, 5.0].iter().enumerate() {
                let v = decade * f;
                if v > y_hi * 1.0001 {
                    break;
                }
                let stroke = if k == 0 { "#ccc" } else { "#eee" };
                let _ = writeln!(
                    out,
                    r#"<line x1="{x0}" y1="{0}" x2="{1}" y2="{0}" stroke="{stroke}"/>"#,
                    y(v),
                    x0 + panel_w
                );
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
                    x0 - 4.0,
                    y(v) + 4.0,
                    format_ns(v)
                );
            }
            decade *= 10.0;
        }
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            x0 + panel_w / 2.0,
            y0 + panel_h + 34.0,
            chart.x_label
        );
        let _ = writeln!(
            out,
            r#"<text x="{0}" y="{1}" text-anchor="middle" transform="rotate(-90 {0} {1})">ns per call</text>"#,
            x0 - 44.0,
            y0 + panel_h / 2.0
        );
        for c in &cols {
            for &op in chart.ops {
                let points: Vec<(f64, f64)> = panel
                    .sets
                    .iter()
                    .filter_map(|&(set, n)| find(results, set, op, c).map(|ns| (x(n), y(ns))))
                    .collect();
                if points.is_empty() {
                    continue;
                }
                let path: Vec<String> = points.iter().map(|(px, py)| format!("{px:.1},{py:.1}")).collect();
                let _ = writeln!(
                    out,
                    r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="2" stroke-dasharray="{}"/>"#,
                    path.join(" "),
                    colour(c),
                    dash(op)
                );
                for (px, py) in &points {
                    let _ =
                        writeln!(out, r#"<circle cx="{px:.1}" cy="{py:.1}" r="2.5" fill="{}"/>"#, colour(c));
                }
            }
        }
    }
    // Legend: colours for implementations, dashes for queries.
    let lx = 2.0 * (panel_w + margin) + 20.0;
    let mut ly = top + margin + 20.0;
    for c in &cols {
        let _ = writeln!(
            out,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="3"/><text x="{}" y="{}">{c}</text>"#,
            lx + 30.0,
            colour(c),
            lx + 38.0,
            ly + 4.0
        );
        ly += 18.0;
    }
    ly += 10.0;
    for &op in chart.ops {
        let _ = writeln!(
            out,
            r##"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="#333" stroke-width="2" stroke-dasharray="{}"/><text x="{}" y="{}">{}</text>"##,
            lx + 30.0,
            dash(op),
            lx + 38.0,
            ly + 4.0,
            op.name()
        );
        ly += 18.0;
    }
    let _ = writeln!(out, r#"<text x="{lx}" y="{}" font-size="10">{}</text>"#, ly + 10.0, escape(chart.note));
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<Measurement> {
        vec![
            Measurement { set: "4-all", op: Op::Overlaps, implementation: "seed", ns: 50.0 },
            Measurement { set: "4-all", op: Op::Overlaps, implementation: "septa", ns: 10.0 },
            Measurement { set: "8-all", op: Op::Overlaps, implementation: "seed", ns: 150.0 },
            Measurement { set: "8-all", op: Op::Overlaps, implementation: "septa", ns: 20.0 },
            Measurement { set: "4-all", op: Op::OverlapsUnnormalized, implementation: "seed", ns: 40.0 },
        ]
    }

    #[test]
    fn table_has_speedups() {
        let table = markdown(&sample());
        assert!(table.contains("| 4-all | overlaps | 50.0 | 10.0 | 5.00× |"), "{table}");
        assert!(table.contains("| 4-all | overlaps_unnormalized | 40.0 | — | 4.00×¹ |"), "{table}");
    }

    #[test]
    fn json_lists_every_measurement() {
        let text = json(&sample());
        assert_eq!(text.matches("\"impl\"").count(), 5);
        assert!(text.contains(r#"{"set": "8-all", "op": "overlaps", "impl": "septa", "ns": 20.000}"#));
    }

    #[test]
    fn svg_is_well_formed_enough() {
        let text = svg(&sample(), "t");
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
        assert_eq!(text.matches("<polyline").count(), 3);
        assert_eq!(text.matches("<svg").count(), 1);
        // Only regular sets measured: the irregular chart is left out.
        assert!(text.contains(&format!("height=\"{CHART_H}\"")) && !text.contains("irregular polygons"));
    }

    /// Irregular rows get lines of their own, in the lower chart, never joined to the regular
    /// sets' lines of the same vertex count.
    #[test]
    fn irregular_sets_are_drawn_apart() {
        let mut results = sample();
        for (set, ns) in [("irr4-all", 12.0), ("irr8-all", 30.0)] {
            results.push(Measurement { set, op: Op::Overlaps, implementation: "septa", ns });
        }
        let text = svg(&results, "t");
        // seed and septa overlaps in the regular chart, septa overlaps in the irregular one:
        // one more line, of two points, and the regular septa line still of two points.
        assert_eq!(text.matches("<polyline").count(), 4);
        let mut points: Vec<usize> = text
            .lines()
            .filter_map(|l| l.strip_prefix("<polyline points=\""))
            .map(|l| l.split('"').next().unwrap().split(' ').count())
            .collect();
        points.sort();
        assert_eq!(points, [1, 2, 2, 2]); // seed's unnormalised overlaps has one set
                                          // Both charts' titles; the second starts one chart height further down.
        assert!(text.contains(">t</text>") && text.contains("irregular polygons"));
        assert!(text.contains(&format!("height=\"{}\"", 2.0 * CHART_H)));
        let table = markdown(&results);
        assert!(table.contains("| irr8-all | overlaps | — | 30.0 |"), "{table}");
    }
}
