// septa explorer: draws what the server's septa computes, and handles input. No geometry
// decisions are made here: the axes, projections, verdict, MTV, manifold and time of impact all
// come from POST /api/trace and /api/toi; for a concave polygon also its convex pieces, the piece
// pairs tested, each pair's trace and outcome, and the manifolds.
"use strict";

const DEFAULT_A = { type: "polygon", points: [[-1.5, 2.6], [-3.12, 1.43], [-2.5, -0.48], [-0.5, -0.48], [0.12, 1.43]] };
const DEFAULT_B = { type: "polygon", points: [[-0.43, -2.31], [2, -1.38], [1.43, 0.11], [-1, -0.82]] };
const DEFAULT_CENTRE = { a: [-1.5, 0.9], b: [0.5, -1.1] }; // the default shapes' centres
const DEFAULT_VELOCITY = [-1.6, 2.2];

// The concave presets, about the middle of their bounding boxes (where the server puts their
// pose, so that switching kinds keeps a shape in place). A: terrain with a slope, a valley and a
// ledge (septa::concave's own example, scaled), whose valley floor meets both slopes at reflex
// corners, so the pieces meet there along cuts: a box on the floor near a slope reaches across a
// cut, and septa must keep the normal off it. B: an L.
const CONCAVE = {
  a: [[-3.6, -1.2], [3.6, -1.2], [3.6, 0.6], [1.2, 0.6], [0, 0], [-1.8, 0], [-3.6, 1.2]],
  b: [[-1, -1], [1, -1], [1, -0.35], [-0.35, -0.35], [-0.35, 1], [-1, 1]],
};

const COLORS = {
  a: "#2563eb", aFill: "rgba(37,99,235,0.13)", b: "#ea580c", bFill: "rgba(234,88,12,0.13)",
  overlap: "#dc2626", gap: "#16a34a", mtv: "#7c3aed", ink: "#1f2937", muted: "#6b7280", grid: "#eef0f3",
  ghost: "#52525b",
};
const OUTCOME = {
  apart: "apart", kept: "contact", corrected: "ghost normal replaced", interior: "set aside",
};

const canvas = document.getElementById("canvas");
const ctx = canvas.getContext("2d");
const W = 900, H = 600;
const view = { scale: 62, cx: -0.4, cy: 0.15 }; // pixels per unit, world point at the canvas centre

const state = {
  shapes: { a: null, b: null },
  velocity: DEFAULT_VELOCITY.slice(),
  swept: false,
  trace: null,
  toi: null,
  revealed: 0,       // steps shown in the list
  selected: null,    // a step picked in the list, or null for the latest
  drag: null,
  hover: null,
  error: null,
};

// ---------- world <-> screen ----------
const toScreen = (p) => [W / 2 + (p[0] - view.cx) * view.scale, H / 2 - (p[1] - view.cy) * view.scale];
const toWorld = (x, y) => [view.cx + (x - W / 2) / view.scale, view.cy - (y - H / 2) / view.scale];
const add = (p, q) => [p[0] + q[0], p[1] + q[1]];
const sub = (p, q) => [p[0] - q[0], p[1] - q[1]];
const mul = (p, s) => [p[0] * s, p[1] * s];
const dot = (p, q) => p[0] * q[0] + p[1] * q[1];
const perp = (p) => [-p[1], p[0]];
const len = (p) => Math.hypot(p[0], p[1]);
const round = (x) => Math.round(x * 1000) / 1000;
const rnd = (p) => [round(p[0]), round(p[1])];
const fmt = (x, digits = 3) => (Math.abs(x) < 0.5 * 10 ** -digits ? 0 : x).toFixed(digits).replace("-", "−");

// ---------- shape JSON edits (the same format as `septa collide`) ----------
function translate(shape, d) {
  const s = structuredClone(shape);
  switch (s.type) {
    case "polygon": case "hull": s.points = s.points.map((p) => rnd(add(p, d))); break;
    case "concave":
      s.points = s.points.map((p) => rnd(add(p, d)));
      if (s.holes) s.holes = s.holes.map((h) => h.map((p) => rnd(add(p, d))));
      break;
    case "circle": case "box": s.center = rnd(add(s.center, d)); break;
    case "capsule": s.a = rnd(add(s.a, d)); s.b = rnd(add(s.b, d)); break;
  }
  return s;
}

function rotate(shape, pivot, angle) {
  const s = structuredClone(shape);
  const c = Math.cos(angle), n = Math.sin(angle);
  const turn = (p) => { const d = sub(p, pivot); return rnd(add(pivot, [c * d[0] - n * d[1], n * d[0] + c * d[1]])); };
  switch (s.type) {
    case "polygon": case "hull": s.points = s.points.map(turn); break;
    case "concave": s.points = s.points.map(turn); if (s.holes) s.holes = s.holes.map((h) => h.map(turn)); break;
    case "box": s.center = turn(s.center); s.angle = round((s.angle ?? 0) + angle); break; // no angle: 0
    case "capsule": s.a = turn(s.a); s.b = turn(s.b); break;
    case "circle": break;
  }
  return s;
}

function shapeOfKind(kind, center, side) {
  const at = (p) => rnd(add(p, center));
  switch (kind) {
    case "circle": return { type: "circle", center: rnd(center), radius: 1 };
    case "box": return { type: "box", center: rnd(center), half_extents: [1.2, 0.7], angle: 0.35 };
    case "capsule": return { type: "capsule", a: at([-1.1, -0.45]), b: at([1.1, 0.45]), radius: 0.55 };
    case "concave": return { type: "concave", points: CONCAVE[side].map(at) };
    default: {
      const c = DEFAULT_CENTRE[side];
      return { type: "polygon", points: (side === "a" ? DEFAULT_A : DEFAULT_B).points.map((p) => at(sub(p, c))) };
    }
  }
}

// Is either shape a concave polygon? The server then answers with piece pairs.
const isConcave = (shape) => Boolean(shape) && shape.type === "concave";
const sweepable = () => !isConcave(state.shapes.a) && !isConcave(state.shapes.b);

// ---------- the URL carries the configuration: ?a=<SHAPE JSON>&b=<SHAPE JSON> ----------
function loadFromUrl() {
  const params = new URLSearchParams(location.search);
  state.shapes.a = DEFAULT_A;
  state.shapes.b = DEFAULT_B;
  const problems = [];
  for (const key of ["a", "b"]) {
    const text = params.get(key);
    if (text === null) continue;
    try {
      const value = JSON.parse(text);
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not a shape object");
      state.shapes[key] = value;
    } catch (e) {
      problems.push(`?${key}= is not valid JSON (${e.message}); using the default ${key.toUpperCase()}.`);
    }
  }
  const v = params.get("vb");
  if (v !== null) {
    try {
      const p = JSON.parse(v);
      if (Array.isArray(p) && p.length === 2 && p.every(Number.isFinite)) { state.velocity = p; state.swept = true; }
    } catch (_) { problems.push("?vb= is not a velocity [x, y]."); }
  }
  state.error = problems.length ? problems.join(" ") : null;
}

function saveToUrl() {
  const enc = (s) => encodeURIComponent(JSON.stringify(s));
  let query = `?a=${enc(state.shapes.a)}&b=${enc(state.shapes.b)}`;
  if (state.swept) query += `&vb=${enc(state.velocity.map(round))}`;
  history.replaceState(null, "", location.pathname + query);
}

// ---------- talking to septa ----------
let inFlight = false, dirty = false;

function setPending() {
  document.body.dataset.pending = inFlight || dirty ? "1" : "0";
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const value = await response.json();
  if (!response.ok) throw new Error(value.error || `HTTP ${response.status}`);
  return value;
}

function update() {
  dirty = true;
  setPending();
  if (!inFlight) pump();
}

async function pump() {
  while (dirty) {
    dirty = false;
    inFlight = true;
    const shapes = { a: state.shapes.a, b: state.shapes.b };
    try {
      const trace = flatten(await post("/api/trace", shapes));
      const toi = state.swept && sweepable()
        ? await post("/api/toi", { ...shapes, velocity_a: [0, 0], velocity_b: state.velocity, max_t: 1 }) : null;
      const old = state.trace;
      if (!old) fitView(trace);
      state.trace = trace;
      state.toi = toi;
      if (old && state.revealed >= old.stop) state.revealed = trace.stop; // a decided test stays decided
      state.revealed = Math.min(state.revealed, trace.stop);
      if (state.selected !== null && state.selected >= state.revealed) state.selected = null;
      state.serverError = null;
    } catch (e) {
      state.serverError = e.message;
    }
    inFlight = false;
    render();
  }
  setPending();
}

// A compound answer (a concave polygon on either side) lists piece pairs, each with its own
// trace. The stepper walks them in order: the steps it shows are each pair's steps up to that
// pair's verdict, one after the other, each knowing its pair.
function flatten(t) {
  if (!t.compound) return t;
  t.steps = [];
  t.pairs.forEach((pair, k) => {
    pair.first = t.steps.length;
    pair.steps.slice(0, pair.stop).forEach((s) => t.steps.push({ ...s, pair: k }));
  });
  return t;
}

// Frame both shapes when the page loads, leaving room around them for the axis line.
function fitView(t) {
  let lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
  for (const g of [t.a, t.b]) {
    const r = g.radius || 0;
    for (const v of g.vertices) {
      lo = [Math.min(lo[0], v[0] - r), Math.min(lo[1], v[1] - r)];
      hi = [Math.max(hi[0], v[0] + r), Math.max(hi[1], v[1] + r)];
    }
  }
  view.scale = Math.round(Math.max(40, Math.min(100, W / (hi[0] - lo[0] + 7), H / (hi[1] - lo[1] + 5))));
  view.cx = round((lo[0] + hi[0]) / 2);
  view.cy = round((lo[1] + hi[1]) / 2);
  canvas.dataset.view = `${view.scale},${view.cx},${view.cy}`; // pixels per unit, centre (for tests)
}

// ---------- drawing ----------
function line(p, q, color, width = 1, dash = []) {
  const [x1, y1] = toScreen(p), [x2, y2] = toScreen(q);
  ctx.save();
  ctx.strokeStyle = color; ctx.lineWidth = width; ctx.setLineDash(dash); ctx.lineCap = "round";
  ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); ctx.stroke();
  ctx.restore();
}

function arrow(from, to, color, width = 2.5) {
  const [x1, y1] = toScreen(from), [x2, y2] = toScreen(to);
  const a = Math.atan2(y2 - y1, x2 - x1), head = 10;
  ctx.save();
  ctx.strokeStyle = color; ctx.fillStyle = color; ctx.lineWidth = width; ctx.lineCap = "round";
  ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x2 - Math.cos(a) * head * 0.6, y2 - Math.sin(a) * head * 0.6); ctx.stroke();
  ctx.beginPath(); ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - head * Math.cos(a - 0.4), y2 - head * Math.sin(a - 0.4));
  ctx.lineTo(x2 - head * Math.cos(a + 0.4), y2 - head * Math.sin(a + 0.4));
  ctx.closePath(); ctx.fill();
  ctx.restore();
}

function dotAt(p, color, r = 4, fill = true) {
  const [x, y] = toScreen(p);
  ctx.save();
  ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2);
  if (fill) { ctx.fillStyle = color; ctx.fill(); }
  ctx.lineWidth = 1.5; ctx.strokeStyle = fill ? "white" : color; ctx.stroke();
  ctx.restore();
}

function label(p, text, color, { dx = 0, dy = 0, size = 12, weight = 500, align = "center", bg = true } = {}) {
  const [x, y] = toScreen(p);
  ctx.save();
  ctx.font = `${weight} ${size}px system-ui, "DejaVu Sans", sans-serif`;
  ctx.textAlign = align; ctx.textBaseline = "middle";
  if (bg) {
    const w = ctx.measureText(text).width, pad = 3;
    const left = align === "center" ? x + dx - w / 2 : align === "left" ? x + dx : x + dx - w;
    ctx.fillStyle = "rgba(255,255,255,0.85)";
    ctx.fillRect(left - pad, y + dy - size / 2 - 2, w + 2 * pad, size + 4);
  }
  ctx.fillStyle = color;
  ctx.fillText(text, x + dx, y + dy);
  ctx.restore();
}

// The outline of a shape as the server describes it, as a canvas path.
function shapePath(g) {
  ctx.beginPath();
  if (g.kind === "circle") {
    const [x, y] = toScreen(g.center);
    ctx.arc(x, y, g.radius * view.scale, 0, Math.PI * 2);
  } else if (g.kind === "capsule") {
    const [a, b] = g.vertices.map(toScreen);
    const r = g.radius * view.scale, ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
    ctx.arc(b[0], b[1], r, ang - Math.PI / 2, ang + Math.PI / 2);
    ctx.arc(a[0], a[1], r, ang + Math.PI / 2, ang + 1.5 * Math.PI);
    ctx.closePath();
  } else {
    ring(g.vertices);
    for (const hole of g.holes || []) ring(hole); // a concave polygon's holes: filled even-odd
  }
}

function ring(vertices) {
  vertices.forEach((v, i) => { const [x, y] = toScreen(v); i ? ctx.lineTo(x, y) : ctx.moveTo(x, y); });
  ctx.closePath();
}

// A side's colour at some opacity, for fills.
const tint = (side, alpha) => (side === "a" ? `rgba(37,99,235,${alpha})` : `rgba(234,88,12,${alpha})`);

// The pieces of `side` in the piece pair being shown (a concave side only), or none.
function currentPieces(side) {
  const t = state.trace, s = shownStep();
  if (!t || !t.compound || !s || t[side].kind !== "concave") return new Set();
  const pair = t.pairs[s.pair];
  return new Set([side === "a" ? pair.piece_a : pair.piece_b]);
}

// A concave polygon: its convex pieces in light fills (alternating, so that neighbours can be
// told apart; the pair's piece under test darker), the cuts between them dashed (each once), and
// the outline and holes solid.
function drawConcave(g, side) {
  const stroke = side === "a" ? COLORS.a : COLORS.b;
  const current = currentPieces(side);
  ctx.save();
  g.pieces.forEach((piece, k) => {
    ctx.beginPath(); ring(piece.vertices);
    ctx.fillStyle = tint(side, current.has(k) ? 0.32 : k % 2 ? 0.07 : 0.16);
    ctx.fill();
  });
  ctx.restore();
  const drawn = new Set();
  for (const piece of g.pieces) {
    for (const e of piece.edges) {
      if (!e.internal) continue;
      // the same cut seen from both pieces, drawn once and in one direction (dashes that match)
      const [p, q] = e.from[0] < e.to[0] || (e.from[0] === e.to[0] && e.from[1] < e.to[1]) ? [e.from, e.to] : [e.to, e.from];
      const key = `${p}|${q}`;
      if (drawn.has(key)) continue;
      drawn.add(key);
      line(p, q, stroke, 1.3, [6, 4]);
    }
  }
  g.pieces.forEach((piece, k) => {
    if (!current.has(k)) return;
    ctx.save(); ctx.beginPath(); ring(piece.vertices);
    ctx.strokeStyle = stroke; ctx.lineWidth = 3; ctx.stroke(); ctx.restore();
  });
  ctx.save();
  shapePath(g);
  ctx.strokeStyle = stroke; ctx.lineWidth = 2; ctx.stroke();
  ctx.restore();
}

function drawShape(g, side, { ghost = false, dash = [] } = {}) {
  const stroke = side === "a" ? COLORS.a : COLORS.b;
  if (g.kind === "concave" && !ghost) { drawConcave(g, side); return; }
  ctx.save();
  shapePath(g);
  if (!ghost) { ctx.fillStyle = side === "a" ? COLORS.aFill : COLORS.bFill; ctx.fill("evenodd"); }
  ctx.strokeStyle = stroke; ctx.lineWidth = ghost ? 1.5 : 2; ctx.setLineDash(dash);
  ctx.globalAlpha = ghost ? 0.75 : 1;
  ctx.stroke();
  ctx.restore();
}

// Where the rotation handle of a shape sits: beyond its farthest point from the centre.
function handleOf(side) {
  const g = state.trace && state.trace[side];
  if (!g || g.kind === "circle") return null;
  let reach = 0, dir = [0, 1];
  if (g.kind === "capsule") {
    dir = sub(g.vertices[1], g.vertices[0]);
    dir = mul(dir, 1 / (len(dir) || 1));
    reach = len(sub(g.vertices[1], g.center)) + g.radius;
  } else {
    for (const v of g.vertices) reach = Math.max(reach, len(sub(v, g.center)));
    const first = sub(mul(add(g.vertices[0], g.vertices[1]), 0.5), g.center); // turns with the shape
    dir = mul(first, 1 / (len(first) || 1));
  }
  return { pivot: g.center, at: add(g.center, mul(dir, reach + 0.45)) };
}

function drawGrid() {
  ctx.save();
  ctx.strokeStyle = COLORS.grid; ctx.lineWidth = 1;
  const [x0, y1] = toWorld(0, 0), [x1, y0] = toWorld(W, H);
  for (let x = Math.ceil(x0); x <= x1; x++) {
    const [sx] = toScreen([x, 0]);
    ctx.beginPath(); ctx.moveTo(Math.round(sx) + 0.5, 0); ctx.lineTo(Math.round(sx) + 0.5, H); ctx.stroke();
  }
  for (let y = Math.ceil(y0); y <= y1; y++) {
    const [, sy] = toScreen([0, y]);
    ctx.beginPath(); ctx.moveTo(0, Math.round(sy) + 0.5); ctx.lineTo(W, Math.round(sy) + 0.5); ctx.stroke();
  }
  ctx.restore();
}

function shownStep() {
  const t = state.trace;
  if (!t || state.revealed === 0) return null;
  if (state.selected !== null) return t.steps[state.selected];
  if (state.revealed >= t.stop && t.collides) return t.compound ? null : t.steps[t.step]; // compound: the manifolds
  return t.steps[state.revealed - 1];
}

// A part of a side by name: "A piece 2" for a concave polygon's piece, "A" for a convex shape.
function partName(t, side, k) {
  return t[side].kind === "concave" ? `${side.toUpperCase()} piece ${k}` : side.toUpperCase();
}

// The axis under test: a long line beside the shapes with both shadows on it.
function drawAxis(step) {
  const t = state.trace, d = step.direction, n = perp(d);
  const pts = [];
  for (const side of ["a", "b"]) {
    const g = t[side];
    const r = g.radius || 0;
    for (const v of g.vertices) pts.push(dot(v, n) - r, dot(v, n) + r);
  }
  // put the line on the side of the shapes with more room on the canvas
  const lo = Math.min(...pts), hi = Math.max(...pts);
  const centre = dot([view.cx, view.cy], n);
  const room = (W + H) / view.scale / 4;
  const offset = (centre - lo) > (hi - centre) && lo - 1.1 > centre - room * 1.4 ? lo - 1.1 : hi + 1.1;
  const place = (s, off = 0) => add(mul(d, s), mul(n, offset + off));
  const reach = 30;
  line(place(-reach), place(reach), "#9ca3af", 1.2);
  const sep = 0.13; // draw a's shadow and b's side by side so that both stay visible
  const shadows = [["a", step.a, sep], ["b", step.b, -sep]];
  for (const [side, p, off] of shadows) {
    const color = side === "a" ? COLORS.a : COLORS.b;
    line(p.min_point, place(p.min, off), color, 1, [4, 4]);
    line(p.max_point, place(p.max, off), color, 1, [4, 4]);
    dotAt(p.min_point, color, 3);
    dotAt(p.max_point, color, 3);
  }
  for (const [side, p, off] of shadows) {
    const color = side === "a" ? COLORS.a : COLORS.b;
    line(place(p.min, off), place(p.max, off), color, 6);
  }
  // the overlap or the gap between the shadows
  const lo2 = Math.max(step.a.min, step.b.min), hi2 = Math.min(step.a.max, step.b.max);
  if (step.status === "overlap") {
    line(place(lo2), place(hi2), COLORS.overlap, 3);
    const push = step.push;
    label(place((lo2 + hi2) / 2, 0.55 * Math.sign(offset - centre || 1)), `overlap · push ${fmt(push)}`, COLORS.overlap, { weight: 600 });
  } else {
    line(place(hi2, 0), place(lo2, 0), COLORS.gap, 3, [2, 3]);
    label(place((lo2 + hi2) / 2, 0.55 * Math.sign(offset - centre || 1)), `gap ${fmt(step.separation)}`, COLORS.gap, { weight: 600 });
  }
  label(place(Math.min(step.a.min, step.b.min) - 0.45), step.label, COLORS.ink, { weight: 700, size: 13 });
}

// The feature that generated the axis: an edge drawn bold with its normal, or a vertex.
function drawFeature(step) {
  const f = step.feature;
  const d = step.direction;
  if (!f) return;
  if (f.kind === "edge") {
    const color = f.shape === "a" ? COLORS.a : COLORS.b;
    line(f.from, f.to, color, 5.5);
    const mid = mul(add(f.from, f.to), 0.5);
    const out = f.shape === "a" ? d : mul(d, 1); // the direction is the edge's outward normal
    arrow(mid, add(mid, mul(out, 0.9)), color, 2.5);
  } else if (f.kind === "vertex") {
    const color = f.shape === "a" ? COLORS.a : COLORS.b;
    dotAt(f.point, color, 6);
    arrow(f.point, add(f.point, mul(f.shape === "a" ? d : mul(d, -1), 0.9)), color, 2.5);
  } else if (f.kind === "line") {
    line(f.from, f.to, COLORS.mtv, 2, [5, 4]);
    dotAt(f.from, COLORS.a, 4);
    dotAt(f.to, COLORS.b, 4);
    const mid = mul(add(f.from, f.to), 0.5);
    arrow(mid, add(mid, mul(d, 0.9)), COLORS.mtv, 2.5);
  }
}

function drawManifold() {
  const t = state.trace, m = t.manifold, c = t.contact;
  if (!c) return;
  // b moved by the MTV: just touching a
  const moved = state.trace.b_moved;
  if (moved) drawShape(moved, "b", { ghost: true, dash: [6, 5] });
  if (m) {
    const edges = [[m.reference, "reference"], [m.incident, "incident"]];
    for (const [e, name] of edges) {
      if (!e) continue;
      const color = e.shape === "a" ? COLORS.a : COLORS.b;
      line(e.from, e.to, color, name === "reference" ? 6 : 4, name === "reference" ? [] : [8, 5]);
      const tan = sub(e.to, e.from), u = mul(tan, 1 / (len(tan) || 1));
      const end = name === "reference" ? e.to : e.from;
      const beyond = add(add(end, mul(u, name === "reference" ? 0.5 : -0.5)), mul(e.normal, -0.2));
      label(beyond, name, color, { size: 11, weight: 600 });
    }
    if (m.reference) {
      const r = m.reference, tan = sub(r.to, r.from), u = mul(tan, 1 / (len(tan) || 1)), nn = r.normal;
      for (const v of [r.from, r.to]) line(add(v, mul(nn, -1.2)), add(v, mul(nn, 1.2)), COLORS.muted, 1, [2, 4]);
      void u;
    }
    m.points.forEach((p, i) => {
      dotAt(p.point, COLORS.mtv, 5.5);
      label(p.point, `p${i + 1} · depth ${fmt(p.depth)}`, COLORS.mtv, { dx: 10, dy: i ? 14 : -14, align: "left", weight: 600, size: 11.5 });
    });
  }
  const from = m ? mul(m.points.reduce((sum, p) => add(sum, p.point), [0, 0]), 1 / m.points.length) : t.b.center;
  const tip = add(from, mul(c.normal, c.depth));
  arrow(from, len(sub(tip, from)) * view.scale < 14 ? add(from, mul(c.normal, 14 / view.scale)) : tip, COLORS.mtv, 3);
  label(add(tip, mul(c.normal, 0.55)), `MTV ${fmt(c.depth)}`, COLORS.mtv, { weight: 700 });
}

// The manifolds of a compound test: each one's points with their depths, and its normal.
// (The points' own depths are in the side panel: drawn here they would cover each other.)
function drawManifolds() {
  const t = state.trace;
  t.manifolds.forEach((m, k) => drawContact(m, COLORS.mtv, `n${k + 1} · depth ${fmt(m.depth)}`));
}

// A manifold's points and its normal, drawn from their middle (at least 56 px long, so that it
// reads as a direction even for a shallow contact).
function drawContact(m, color, text, dash = []) {
  const mid = mul(m.points.reduce((sum, p) => add(sum, p.point), [0, 0]), 1 / m.points.length);
  const length = Math.max(m.depth, 56 / view.scale);
  const tip = add(mid, mul(m.normal, length));
  if (dash.length) line(mid, tip, color, 2.5, dash);
  arrow(dash.length ? add(mid, mul(m.normal, length * 0.8)) : mid, tip, color, dash.length ? 2.5 : 3);
  m.points.forEach((p) => dotAt(p.point, color, 5));
  // beside the tip, on the side the normal leans to, clear of the labels already there
  const align = m.normal[0] < -0.2 ? "right" : m.normal[0] > 0.2 ? "left" : "center";
  const [x, y] = toScreen(tip);
  const spot = freeSpot(text, x + (align === "right" ? -6 : align === "left" ? 6 : 0), y - 12, align);
  label(toWorld(spot[0], spot[1]), text, color, { weight: 700, size: 12, align });
}

// Labels placed by freeSpot since the canvas was last cleared, as screen boxes.
let placed = [];

// Where a label (12 px, bold) can go at (x, y) or above it without covering one already placed.
function freeSpot(text, x, y, align) {
  ctx.save(); ctx.font = "700 12px system-ui, \"DejaVu Sans\", sans-serif";
  const w = ctx.measureText(text).width + 8, h = 17;
  ctx.restore();
  const left = (cx) => (align === "center" ? cx - w / 2 : align === "left" ? cx : cx - w);
  const clear = (cy) => placed.every((b) => left(x) + w <= b.x || b.x + b.w <= left(x) || cy + h / 2 <= b.y - b.h / 2 || b.y + b.h / 2 <= cy - h / 2);
  let cy = y;
  for (let i = 0; i < 8 && !clear(cy); i++) cy -= h;
  placed.push({ x: left(x), y: cy, w, h });
  return [x, cy];
}

// What collide made of the piece pair once its trace is decided: its contact, and where septa's
// normal for the two convex pieces came from an internal edge, that ghost normal crossed out.
function drawPairOutcome(step) {
  const t = state.trace, pair = t.pairs[step.pair];
  if (step.index !== pair.stop - 1 || !pair.manifold) return;
  if (pair.outcome === "corrected") {
    drawContact(pair.ghost, COLORS.ghost, "ghost normal: not the outline's", [5, 4]);
    drawContact(pair.manifold, COLORS.mtv, `outline normal · depth ${fmt(pair.manifold.depth)}`);
  } else if (pair.outcome === "interior") {
    drawContact(pair.manifold, COLORS.ghost, "set aside: no contact of its own", [5, 4]);
  } else {
    drawContact(pair.manifold, COLORS.mtv, `contact · depth ${fmt(pair.manifold.depth)}`);
  }
}

function drawSwept() {
  const t = state.trace;
  const from = t.b.center, to = add(from, state.velocity);
  line(from, to, COLORS.b, 1.5, [3, 4]);
  arrow(from, to, COLORS.b, 2);
  const [hx, hy] = toScreen(to);
  ctx.save(); ctx.fillStyle = "white"; ctx.strokeStyle = COLORS.b; ctx.lineWidth = 2;
  ctx.fillRect(hx - 5, hy - 5, 10, 10); ctx.strokeRect(hx - 5, hy - 5, 10, 10); ctx.restore();
  if (t.b_end) {
    drawShape(t.b_end, "b", { ghost: true, dash: [2, 4] });
    label(t.b_end.center, "B at t = 1", COLORS.b, { size: 11, bg: false });
  }
  label(to, "v", COLORS.b, { dx: 12, dy: -12, weight: 700 });
  const toi = state.toi;
  if (toi && toi.hit && t.b_at) {
    ctx.save();
    shapePath(t.b_at);
    ctx.fillStyle = "rgba(234,88,12,0.07)"; ctx.fill();
    ctx.restore();
    drawShape(t.b_at, "b", { ghost: true, dash: [8, 4] });
    const at = add(from, mul(state.velocity, toi.time));
    dotAt(at, COLORS.b, 4);
    label(at, `B at t = ${fmt(toi.time)}`, COLORS.b, { dx: 0, dy: 16, weight: 700 });
  }
}

function draw() {
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== W * dpr) { canvas.width = W * dpr; canvas.height = H * dpr; }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  placed = [];
  drawGrid();
  const t = state.trace;
  if (!t) return;
  drawShape(t.a, "a");
  drawShape(t.b, "b");
  const numbered = (vertices, centre, color) => vertices.forEach((v, i) => {
    const out = sub(v, centre), u = mul(out, 0.28 / (len(out) || 1));
    label(add(v, u), String(i), color, { size: 10.5, bg: false });
  });
  for (const side of ["a", "b"]) {
    const g = t[side], color = side === "a" ? COLORS.a : COLORS.b;
    label(g.label || g.center, side.toUpperCase(), color, { size: 16, weight: 700, bg: false });
    if (g.kind === "polygon" || g.kind === "box") numbered(g.vertices, g.center, color);
    if (g.kind === "concave") {
      // each piece's number; the vertex numbers of the piece under test, which its axes name
      const current = currentPieces(side);
      g.pieces.forEach((piece, k) => {
        label(piece.center, `piece ${k}`, color, { size: 10.5, dy: 15, bg: false });
        if (current.has(k)) numbered(piece.vertices, piece.center, color);
      });
    }
    const h = handleOf(side);
    const key = side === "a" ? "handleA" : "handleB";
    if (!h) delete canvas.dataset[key];
    if (h) {
      line(h.pivot, h.at, color, 1, [2, 3]);
      const [x, y] = toScreen(h.at);
      canvas.dataset[key] = `${x.toFixed(1)},${y.toFixed(1)}`; // where the rotation handle is (CSS px)
      ctx.save(); ctx.beginPath(); ctx.arc(x, y, 6.5, 0, Math.PI * 2);
      ctx.fillStyle = "white"; ctx.fill(); ctx.lineWidth = 2; ctx.strokeStyle = color; ctx.stroke(); ctx.restore();
    }
  }
  if (state.swept && sweepable()) drawSwept();
  const step = shownStep();
  canvas.dataset.pair = step && t.compound ? String(step.pair) : ""; // the piece pair shown (for tests)
  if (step) {
    drawFeature(step);
    drawAxis(step);
    if (t.compound) drawPairOutcome(step);
  }
  if (state.revealed >= t.stop && t.collides && state.selected === null) {
    if (t.compound) drawManifolds(); else drawManifold();
  }
}

// ---------- the side panel ----------
function render() {
  const t = state.trace;
  const result = document.getElementById("result");
  const errorBox = document.getElementById("error");
  const message = [state.error, state.serverError].filter(Boolean).join(" ");
  errorBox.hidden = !message;
  errorBox.textContent = message;
  document.querySelectorAll("[data-kind]").forEach((b) => {
    const kind = t ? t[b.dataset.side].kind : null;
    b.setAttribute("aria-pressed", String(b.dataset.kind === kind));
  });
  const swept = document.getElementById("swept");
  swept.disabled = !sweepable();
  swept.parentElement.title = sweepable() ? "Move B along a velocity and find the time of impact" : "The swept test takes convex shapes only";
  if (!t) { draw(); return; }
  // Shapes moved by the MTV / to the time of impact, as drawable geometry.
  t.b_moved = t.contact ? movedGeometry(t.b, mul(t.contact.normal, t.contact.depth)) : null;
  t.b_at = state.toi && state.toi.hit ? movedGeometry(t.b, mul(state.velocity, state.toi.time)) : null;
  t.b_end = state.swept && sweepable() ? movedGeometry(t.b, state.velocity) : null;

  const decided = state.revealed >= t.stop;
  const shown = shownStep();
  const pairDone = (k) => state.revealed >= t.pairs[k].first + t.pairs[k].stop;
  const rows = [];
  t.steps.slice(0, state.revealed).forEach((s, i) => {
    if (t.compound && (i === 0 || t.steps[i - 1].pair !== s.pair)) rows.push(pairRow(t, s.pair, pairDone(s.pair), shown));
    const li = document.createElement("li");
    li.setAttribute("data-testid", "axis-row");
    li.dataset.axis = s.label;
    li.dataset.status = s.status;
    li.dataset.index = String(i);
    if (t.compound) li.dataset.pair = String(s.pair);
    if (s.status === "overlap") li.dataset.push = String(s.push);
    else li.dataset.gap = String(s.separation);
    const pair = t.compound ? t.pairs[s.pair] : null;
    const isMin = t.compound
      ? pairDone(s.pair) && pair.collides && s.index === pair.step
      : decided && t.collides && i === t.step;
    if (isMin) li.dataset.min = "true";
    const owner = s.feature && s.feature.shape ? s.feature.shape : "ab";
    const name = Object.assign(document.createElement("span"), { className: `name ${owner}`, textContent: s.label });
    const status = Object.assign(document.createElement("span"), { className: "status", textContent: s.status });
    const value = Object.assign(document.createElement("span"), {
      className: "value",
      textContent: s.status === "overlap" ? `push ${fmt(s.push)}` : `gap ${fmt(s.separation)}`,
    });
    const tag = Object.assign(document.createElement("span"), { className: isMin ? "tag" : "", textContent: isMin ? "min" : "" });
    li.append(name, status, value, tag);
    const current = state.selected !== null ? state.selected === i : shown === s;
    if (current) li.classList.add("current");
    if (t.compound) li.classList.add("in-pair");
    li.title = `axis (${fmt(s.direction[0])}, ${fmt(s.direction[1])}); A [${fmt(s.a.min)}, ${fmt(s.a.max)}], B [${fmt(s.b.min)}, ${fmt(s.b.max)}]`;
    li.addEventListener("click", () => { state.selected = state.selected === i ? null : i; render(); });
    rows.push(li);
  });
  const list = document.getElementById("axes");
  list.replaceChildren(...rows);
  list.dataset.empty = t.compound && !t.pairs.length ? "no-pairs" : "";
  document.getElementById("axis-count").textContent = t.compound
    ? `${state.revealed} of ${t.steps.length} · ${t.pairs.length} piece pair${t.pairs.length === 1 ? "" : "s"}`
    : `${state.revealed} of ${t.steps.length}`;

  const verdict = document.getElementById("verdict"), detail = document.getElementById("verdict-detail");
  delete result.dataset.manifolds;
  if (decided) {
    result.dataset.collides = String(t.collides);
    if (t.compound) {
      renderCompoundVerdict(t, result, verdict, detail);
    } else if (t.collides) {
      result.dataset.depth = String(t.contact.depth);
      verdict.textContent = "Colliding";
      detail.textContent = `Every axis overlaps. The smallest push is on ${t.contact.label}: the MTV moves B by ${fmt(t.contact.depth)} along (${fmt(t.contact.normal[0])}, ${fmt(t.contact.normal[1])}).`;
    } else {
      delete result.dataset.depth;
      const s = t.steps[t.step];
      verdict.textContent = "Separated";
      detail.textContent = `Axis ${s.label} shows a gap of ${fmt(s.separation)}: a line perpendicular to it separates the shapes. No need to test the remaining ${t.steps.length - t.stop} axes.`;
    }
  } else {
    delete result.dataset.collides;
    delete result.dataset.depth;
    verdict.textContent = state.revealed ? "Testing…" : "Ready";
    detail.textContent = t.compound
      ? `${t.pairs.length} piece pair${t.pairs.length === 1 ? "" : "s"} to test (those whose bounding boxes overlap), ${t.steps.length} axes in all. ${state.revealed ? "" : "Press Step to test the first one."}`
      : `${t.steps.length} candidate axes. ${state.revealed ? "No gap so far." : "Press Step to test the first one."}`;
  }
  document.getElementById("step").disabled = decided;
  document.getElementById("run").disabled = decided;

  if (t.compound) renderManifolds(decided && t.collides ? t.manifolds : null);
  else renderManifold(decided && t.collides ? t.manifold : null);
  renderToi();
  draw();
}

// The heading of a piece pair in the list: which pieces, and once its axes are all shown what
// collide made of it.
function pairRow(t, k, done, shown) {
  const pair = t.pairs[k];
  const li = document.createElement("li");
  li.className = "pair";
  li.setAttribute("data-testid", "pair-row");
  li.dataset.pair = String(k);
  li.dataset.pieceA = String(pair.piece_a);
  li.dataset.pieceB = String(pair.piece_b);
  if (done) li.dataset.outcome = pair.outcome;
  if (shown && shown.pair === k) li.classList.add("current");
  const name = Object.assign(document.createElement("span"), {
    className: "pieces", textContent: `${partName(t, "a", pair.piece_a)} × ${partName(t, "b", pair.piece_b)}`,
  });
  const outcome = Object.assign(document.createElement("span"), {
    className: "outcome", textContent: done ? OUTCOME[pair.outcome] : "testing…",
  });
  li.append(name, outcome);
  li.title = {
    apart: "An axis separates the two pieces.",
    kept: "The pieces overlap; septa's normal for them is one the outline has.",
    corrected: "septa's normal for the two convex pieces was an internal edge's (a ghost normal); the contact is taken over the outline's axes instead.",
    interior: "The pieces overlap but give no contact of their own (the shape reached this piece across cuts); used only if no pair gives one.",
  }[pair.outcome];
  return li;
}

function renderCompoundVerdict(t, result, verdict, detail) {
  const pairs = t.pairs.length;
  if (t.collides) {
    const deepest = t.deepest === null ? null : t.manifolds[t.deepest];
    if (deepest) result.dataset.depth = String(deepest.depth); else delete result.dataset.depth;
    result.dataset.manifolds = String(t.manifolds.length);
    const overlapping = t.pairs.filter((p) => p.collides).length;
    const corrected = t.pairs.filter((p) => p.outcome === "corrected").length;
    verdict.textContent = "Colliding";
    detail.textContent = `${overlapping} of ${pairs} piece pairs overlap, giving ${t.manifolds.length} contact manifold${t.manifolds.length === 1 ? "" : "s"}`
      + (deepest ? `; the deepest is ${fmt(deepest.depth)} along (${fmt(deepest.normal[0])}, ${fmt(deepest.normal[1])}).` : ".")
      + (corrected ? ` In ${corrected} pair${corrected === 1 ? "" : "s"} septa's normal for the two convex pieces was a ghost (one the outline does not have there, as at a cut), replaced by the outline's.` : "");
  } else {
    delete result.dataset.depth;
    verdict.textContent = "Separated";
    detail.textContent = pairs
      ? `Each of the ${pairs} piece pair${pairs === 1 ? "" : "s"} whose bounding boxes overlap has a separating axis.`
      : "No piece's bounding box overlaps the other shape's: there is no pair to test.";
  }
}

function renderManifold(m) {
  const panel = document.getElementById("manifold");
  panel.hidden = !m;
  if (!m) return;
  const edge = (e) => (e ? `${e.shape.toUpperCase()} edge ${e.index}` : "—");
  const rows = m.points.map((p, i) =>
    `<tr data-testid="contact-point" data-depth="${p.depth}"><td>p${i + 1}</td><td>(${fmt(p.point[0])}, ${fmt(p.point[1])})</td><td>depth ${fmt(p.depth)}</td></tr>`).join("");
  panel.innerHTML = `<h3>Contact manifold</h3>
    <table><tr><td>reference</td><td></td><td data-testid="reference">${edge(m.reference)}</td></tr>
    <tr><td>incident</td><td></td><td data-testid="incident">${edge(m.incident)}</td></tr>
    <tr><td>normal</td><td></td><td>(${fmt(m.normal[0])}, ${fmt(m.normal[1])})</td></tr>${rows}</table>`;
}

// The manifolds of a compound test, each with the pieces it comes from.
function renderManifolds(list) {
  const panel = document.getElementById("manifold");
  panel.hidden = !list;
  if (!list) return;
  const t = state.trace;
  const blocks = list.map((m, k) => {
    const rows = m.points.map((p, i) =>
      `<tr data-testid="contact-point" data-depth="${p.depth}"><td>p${i + 1}</td><td>(${fmt(p.point[0])}, ${fmt(p.point[1])})</td><td>depth ${fmt(p.depth)}</td></tr>`).join("");
    return `<div class="manifold" data-testid="compound-manifold" data-normal="${m.normal.join(",")}" data-depth="${m.depth}" data-piece-a="${m.piece_a}" data-piece-b="${m.piece_b}">
      <div class="sub"><b>n${k + 1}</b> ${partName(t, "a", m.piece_a)} × ${partName(t, "b", m.piece_b)}</div>
      <table><tr><td>normal</td><td></td><td>(${fmt(m.normal[0])}, ${fmt(m.normal[1])})</td></tr>${rows}</table></div>`;
  }).join("");
  const dropped = t.dropped ? `<div class="detail">${t.dropped} more left out (the shallowest).</div>` : "";
  panel.innerHTML = `<h3>Contact manifolds (${list.length})</h3>${blocks}${dropped}`;
}

function renderToi() {
  const panel = document.getElementById("toi");
  panel.hidden = !state.swept;
  if (!state.swept) return;
  if (!sweepable()) {
    delete panel.dataset.hit;
    delete panel.dataset.time;
    panel.innerHTML = "<h3>Swept test</h3>The swept test takes convex shapes only: it is off while A or B is concave.";
    return;
  }
  const toi = state.toi;
  panel.dataset.hit = String(Boolean(toi && toi.hit));
  if (toi && toi.hit) panel.dataset.time = String(toi.time); else delete panel.dataset.time;
  panel.innerHTML = `<h3>Swept test</h3>B moves by v = (${fmt(state.velocity[0], 2)}, ${fmt(state.velocity[1], 2)}) over t ∈ [0, 1]; A stays.
    <div style="margin-top:6px;font-weight:600">${toi && toi.hit ? `First contact at t = ${fmt(toi.time)}, normal (${fmt(toi.normal[0])}, ${fmt(toi.normal[1])})` : "No contact during the motion."}</div>
    <div class="detail">Drag the square at the arrow's tip to change v.</div>`;
}

// The drawable geometry of a shape moved by `d` (a translation only: nothing to compute).
function movedGeometry(g, d) {
  return {
    ...g,
    vertices: g.vertices.map((v) => add(v, d)),
    center: add(g.center, d),
  };
}

// ---------- input ----------
function hits(g, p) {
  if (!g) return false;
  if (g.kind === "circle") return len(sub(p, g.center)) <= g.radius;
  if (g.kind === "capsule") {
    const [a, b] = g.vertices, ab = sub(b, a);
    const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / (dot(ab, ab) || 1)));
    return len(sub(p, add(a, mul(ab, t)))) <= g.radius;
  }
  const inside = (edges) => edges.every((e) => dot(sub(p, e.from), e.normal) <= 0);
  if (g.kind === "concave") return g.pieces.some((piece) => inside(piece.edges)); // in some convex piece
  return inside(g.edges);
}

function pick(p) {
  const t = state.trace;
  if (!t) return null;
  if (state.swept && sweepable()) {
    const tip = add(t.b.center, state.velocity);
    if (len(sub(p, tip)) * view.scale <= 9) return { kind: "velocity" };
  }
  for (const side of ["b", "a"]) {
    const h = handleOf(side);
    if (h && len(sub(p, h.at)) * view.scale <= 9) return { kind: "rotate", side, pivot: h.pivot, start: Math.atan2(p[1] - h.pivot[1], p[0] - h.pivot[0]) };
  }
  for (const side of ["b", "a"]) if (hits(t[side], p)) return { kind: "move", side };
  return null;
}

function pointer(e) {
  const r = canvas.getBoundingClientRect();
  return toWorld((e.clientX - r.left) * (W / r.width), (e.clientY - r.top) * (H / r.height));
}

canvas.addEventListener("pointerdown", (e) => {
  const p = pointer(e);
  const target = pick(p);
  if (!target) return;
  canvas.setPointerCapture(e.pointerId);
  state.drag = { ...target, origin: p, shape: target.side ? state.shapes[target.side] : null, velocity: state.velocity.slice() };
  canvas.style.cursor = "grabbing";
});

canvas.addEventListener("pointermove", (e) => {
  const p = pointer(e);
  const d = state.drag;
  if (!d) {
    const target = pick(p);
    canvas.style.cursor = !target ? "default" : target.kind === "move" ? "grab" : target.kind === "rotate" ? "alias" : "crosshair";
    return;
  }
  if (d.kind === "move") state.shapes[d.side] = translate(d.shape, sub(p, d.origin));
  else if (d.kind === "rotate") {
    const angle = Math.atan2(p[1] - d.pivot[1], p[0] - d.pivot[0]) - d.start;
    state.shapes[d.side] = rotate(d.shape, d.pivot, angle);
  } else if (d.kind === "velocity") state.velocity = rnd(add(d.velocity, sub(p, d.origin)));
  saveToUrl();
  update();
});

function endDrag(e) {
  if (!state.drag) return;
  state.drag = null;
  canvas.style.cursor = "default";
  if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
}
canvas.addEventListener("pointerup", endDrag);
canvas.addEventListener("pointercancel", endDrag);

function step() {
  if (state.trace && state.revealed < state.trace.stop) { state.revealed++; state.selected = null; render(); }
}
function run() {
  if (state.trace) { state.revealed = state.trace.stop; state.selected = null; render(); }
}
function reset() {
  state.revealed = 0; state.selected = null; render();
}

document.getElementById("step").addEventListener("click", step);
document.getElementById("run").addEventListener("click", run);
document.getElementById("reset").addEventListener("click", reset);
document.querySelectorAll("[data-kind]").forEach((button) => button.addEventListener("click", () => {
  const side = button.dataset.side;
  const centre = state.trace ? state.trace[side].center : DEFAULT_CENTRE[side];
  state.shapes[side] = shapeOfKind(button.dataset.kind, centre, side);
  state.revealed = 0; // a new shape is a new test
  state.selected = null;
  saveToUrl();
  update();
}));
document.getElementById("swept").addEventListener("change", (e) => {
  state.swept = e.target.checked;
  saveToUrl();
  update();
});
document.getElementById("share").addEventListener("click", async () => {
  saveToUrl();
  const button = document.getElementById("share");
  try { await navigator.clipboard.writeText(location.href); button.textContent = "Copied"; }
  catch (_) { button.textContent = "Link in address bar"; }
  setTimeout(() => { button.textContent = "Copy link"; }, 1500);
});
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === "ArrowRight" || e.key === " ") { e.preventDefault(); step(); }
  else if (e.key === "Enter") { e.preventDefault(); run(); }
  else if (e.key === "Escape") reset();
});

loadFromUrl();
document.getElementById("swept").checked = state.swept;
update();
