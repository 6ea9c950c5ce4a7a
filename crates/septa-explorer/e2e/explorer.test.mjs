// End-to-end test of the septa explorer in real headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core). Starts the release binary on a free port, then drags, rotates,
// steps and switches shapes the way a user would, checking the page against geometry worked
// out by hand. Every test fails on any console error, uncaught page error, failed request or
// HTTP error answer on the pages it loads (a user with the console open sees them), unless it
// names the one it expects. Screenshots are saved to ./screenshots (gitignored). Run through
// ./run.sh.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });
const binary = process.env.SEPTA_EXPLORER_BIN ?? join(here, "../../../target/release/septa-explorer");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";


// Hand-derived case: A is the square [0,2]², B the 2×1 rectangle [1.5,3.5]×[0.5,1.5].
// Both are counter-clockwise from the bottom-left corner, so edge 0 is the bottom (normal −y),
// 1 the right side (+x), 2 the top (+y), 3 the left side (−x), for A and for B alike.
// On ±y A's shadow is [0,2] and B's [0.5,1.5]: B leaves either way by 1.5 (a tie goes forwards,
// +1.5). On +x: A [0,2], B [1.5,3.5]: forwards 2−1.5 = 0.5, backwards 3.5−0 = 3.5, so +0.5;
// on −x: A [−2,0], B [−3.5,−1.5]: forwards 3.5, backwards 0.5, so −0.5. The smallest push is
// 0.5, first on A1: MTV (1,0)·0.5. Reference face A1 (x = 2), incident edge B3 (x = 1.5) clipped to
// y ∈ [0,2]: contact points (1.5,1.5) and (1.5,0.5), each 0.5 deep.
const SQUARE = { type: "polygon", points: [[0, 0], [2, 0], [2, 2], [0, 2]] };
const RECT = { type: "polygon", points: [[1.5, 0.5], [3.5, 0.5], [3.5, 1.5], [1.5, 1.5]] };
const EXPECTED = [
  ["A0", 1.5], ["A1", 0.5], ["A2", 1.5], ["A3", -0.5],
  ["B0", 1.5], ["B1", 0.5], ["B2", 1.5], ["B3", -0.5],
];

const url = (a, b, extra = "") =>
  `${base}?a=${encodeURIComponent(JSON.stringify(a))}&b=${encodeURIComponent(JSON.stringify(b))}${extra}`;

let server, browser, page, base;

// What the browser reported as going wrong since the last check: console errors, uncaught
// exceptions, requests that failed and answers with an HTTP error status.
let problems = [];

before(async () => {
  server = spawn(binary, ["--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    server.on("exit", (code) => reject(new Error(`septa-explorer exited (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15000);
  });
  browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  page = await browser.newPage({ viewport: { width: 1380, height: 800 }, deviceScaleFactor: 1 });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()} (${m.location().url || "?"})`);
  });
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
  page.on("response", (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`); });
  // No request may leave the machine: everything is served by the binary.
  await page.route("**/*", (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()));
});

after(async () => {
  await browser?.close();
  server?.kill();
});

async function settled() {
  await page.waitForFunction(() => document.body.dataset.pending === "0");
}

async function open(address) {
  await page.goto(address);
  await settled();
}

// The page's icon must load: a browser asks for it on every page load (the one the page
// declares, or /favicon.ico when it declares none) and logs a console error when it is missing.
// Headless Chromium fetches icons outside the page, where the listeners above do not see them,
// so the test fetches it itself.
async function iconProblems() {
  const href = await page.evaluate(() => {
    const link = document.querySelector("link[rel~=icon]");
    return link ? link.href : new URL("/favicon.ico", location.href).href;
  });
  const answer = await page.request.get(href);
  const type = answer.headers()["content-type"] ?? "";
  return answer.ok() && type.startsWith("image/") ? [] : [`icon ${href}: HTTP ${answer.status()}, ${type || "no type"}`];
}

// A test body run with the browser's reports checked at its end, once the page has nothing
// left to load (the icon included). `expected` lists patterns of problems the test causes on
// purpose; each must occur, and nothing else may.
function checked(body, expected = []) {
  return async () => {
    problems = [];
    await body();
    await page.waitForLoadState("networkidle");
    problems.push(...(await iconProblems()));
    const unexpected = problems.filter((p) => !expected.some((re) => re.test(p)));
    assert.deepEqual(unexpected, [], "the browser reported problems");
    for (const re of expected) assert.ok(problems.some((p) => re.test(p)), `expected a report matching ${re}`);
  };
}

async function rows() {
  return page.$$eval("[data-testid=axis-row]", (els) => els.map((e) => ({
    axis: e.dataset.axis,
    status: e.dataset.status,
    push: e.dataset.push === undefined ? null : Number(e.dataset.push),
    gap: e.dataset.gap === undefined ? null : Number(e.dataset.gap),
    min: e.dataset.min === "true",
  })));
}

async function result() {
  return page.$eval("[data-testid=result]", (e) => ({
    collides: e.dataset.collides ?? null,
    depth: e.dataset.depth === undefined ? null : Number(e.dataset.depth),
  }));
}

const click = async (id) => { await page.click(`[data-testid=${id}]`); await settled(); };

// The canvas point (page px) of a world point.
async function screen(p) {
  // the page frames the shapes on load and says how (pixels per unit, the centre), y up
  const box = await page.locator("[data-testid=canvas]").boundingBox();
  const [scale, cx, cy] = (await page.getAttribute("[data-testid=canvas]", "data-view")).split(",").map(Number);
  return [box.x + box.width / 2 + (p[0] - cx) * scale, box.y + box.height / 2 - (p[1] - cy) * scale];
}

async function drag(from, to, steps = 12) {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps);
  }
  await page.mouse.up();
  await settled();
}

// Turns B by `angle` (counter-clockwise) about the world point `centre` with its hollow handle.
async function rotateB(centre, angle) {
  const handle = (await page.getAttribute("[data-testid=canvas]", "data-handle-b")).split(",").map(Number);
  const box = await page.locator("[data-testid=canvas]").boundingBox();
  const start = [box.x + handle[0], box.y + handle[1]];
  const pivot = await screen(centre);
  const turn = (a) => { // counter-clockwise on screen is clockwise in y-down pixels
    const [dx, dy] = [start[0] - pivot[0], start[1] - pivot[1]];
    const c = Math.cos(-a), s = Math.sin(-a);
    return [pivot[0] + c * dx - s * dy, pivot[1] + s * dx + c * dy];
  };
  await page.mouse.move(...start);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(...turn(angle * (i / 12)));
  await page.mouse.up();
  await settled();
}

function shapeInUrl(key) {
  return JSON.parse(new URL(page.url()).searchParams.get(key));
}

const close = (x, y, tol, what) => assert.ok(Math.abs(x - y) <= tol, `${what}: ${x} is not within ${tol} of ${y}`);

test("the default configuration is the classic case: only B's first edge separates", checked(async () => {
  await open(base);
  assert.deepEqual(await rows(), []);
  assert.equal((await result()).collides, null);
  for (let i = 0; i < 5; i++) await click("step");
  const five = await rows();
  assert.deepEqual(five.map((r) => r.axis), ["A0", "A1", "A2", "A3", "A4"]);
  assert.ok(five.every((r) => r.status === "overlap" && Number.isFinite(r.push)), JSON.stringify(five));
  assert.equal((await result()).collides, null, "undecided while every axis so far overlaps");
  await page.screenshot({ path: join(shots, "01-default-stepping.png") });
  await click("step");
  const six = await rows();
  assert.equal(six.length, 6);
  assert.deepEqual([six[5].axis, six[5].status], ["B0", "gap"]);
  assert.ok(six[5].gap > 0);
  assert.equal((await result()).collides, "false");
  // stepping stops at the first gap
  assert.ok(await page.isDisabled("[data-testid=step]"));
  await page.screenshot({ path: join(shots, "02-default-separated.png") });
  await click("reset");
  assert.deepEqual(await rows(), []);
}));

test("a configuration from the URL: every axis, the minimum push, the MTV and the manifold", checked(async () => {
  await open(url(SQUARE, RECT));
  for (let i = 0; i < EXPECTED.length; i++) await click("step");
  const got = await rows();
  assert.deepEqual(got.map((r) => r.axis), EXPECTED.map((e) => e[0]));
  got.forEach((r, i) => {
    assert.equal(r.status, "overlap", r.axis);
    close(r.push, EXPECTED[i][1], 1e-6, `push on ${r.axis}`);
  });
  assert.deepEqual(got.filter((r) => r.min).map((r) => r.axis), ["A1"]);
  const res = await result();
  assert.equal(res.collides, "true");
  close(res.depth, 0.5, 1e-6, "MTV depth");
  const contacts = await page.$$eval("[data-testid=contact-point]", (els) => els.map((e) => Number(e.dataset.depth)));
  assert.equal(contacts.length, 2);
  contacts.forEach((d) => close(d, 0.5, 1e-6, "contact depth"));
  assert.equal(await page.textContent("[data-testid=reference]"), "A edge 1");
  assert.equal(await page.textContent("[data-testid=incident]"), "B edge 3");
  await page.screenshot({ path: join(shots, "03-url-colliding.png") });
}));

test("dragging and rotating B changes the answer as the geometry says", checked(async () => {
  await open(url(SQUARE, RECT));
  await click("run");
  assert.equal((await result()).collides, "true");

  // Drag B one unit to the right: B = [2.5,4.5]×[0.5,1.5]; A1 (+x) now shows a gap of 0.5.
  await drag(await screen([3, 1]), await screen([4, 1]));
  const moved = shapeInUrl("b").points;
  moved.forEach((p, i) => {
    close(p[0], RECT.points[i][0] + 1, 0.02, `dragged x${i}`);
    close(p[1], RECT.points[i][1], 0.02, `dragged y${i}`);
  });
  let got = await rows();
  assert.deepEqual(got.map((r) => [r.axis, r.status]), [["A0", "overlap"], ["A1", "gap"]]);
  close(got[1].gap, moved[0][0] - 2, 1e-5, "gap on A1");
  assert.equal((await result()).collides, "false");
  await page.screenshot({ path: join(shots, "04-dragged-apart.png") });

  // Rotate B a quarter turn about its centre (3.5, 1) with the hollow handle: it stands up as
  // [3,4]×[0,2], one unit clear of A along A1.
  await rotateB([3.5, 1], Math.PI / 2);
  const turned = shapeInUrl("b").points;
  const xs = turned.map((p) => p[0]), ys = turned.map((p) => p[1]);
  close(Math.min(...xs), 3, 0.05, "rotated min x");
  close(Math.max(...xs), 4, 0.05, "rotated max x");
  close(Math.min(...ys), 0, 0.05, "rotated min y");
  close(Math.max(...ys), 2, 0.05, "rotated max y");
  got = await rows();
  assert.equal(got.at(-1).status, "gap");
  assert.equal((await result()).collides, "false");
  await page.screenshot({ path: join(shots, "05-rotated.png") });

  // Drag it 1.5 units left, into A: x ∈ [1.5, 2.5]; the smallest push is 0.5 out along +x.
  await drag(await screen([3.5, 1]), await screen([2, 1]));
  got = await rows();
  assert.ok(got.length >= 8 && got.every((r) => r.status === "overlap"), JSON.stringify(got));
  const res = await result();
  assert.equal(res.collides, "true");
  close(res.depth, 0.5, 0.05, "depth after rotating and dragging back");
  assert.equal(got.filter((r) => r.min).length, 1);
  await page.screenshot({ path: join(shots, "06-rotated-overlapping.png") });
}));

test("B as a circle, a capsule and a box; the swept test", checked(async () => {
  // B's centre at (2, 1): a unit circle there overlaps A's right side by exactly 1 (A1: A [0,2],
  // B [1,3]); the corner axis from (2,0) or (2,2) straight through the centre overlaps by 2.
  await open(url(SQUARE, { type: "polygon", points: [[1, 0.5], [3, 0.5], [3, 1.5], [1, 1.5]] }));
  await click("shape-b-circle");
  assert.equal(shapeInUrl("b").type, "circle");
  await click("run");
  let got = await rows();
  assert.deepEqual(got.slice(0, 4).map((r) => r.axis), ["A0", "A1", "A2", "A3"]);
  assert.equal(got.length, 5);
  assert.match(got[4].axis, /^vA[12]→B$/);
  let res = await result();
  assert.equal(res.collides, "true");
  close(res.depth, 1, 1e-5, "circle depth");
  assert.deepEqual(got.filter((r) => r.min).map((r) => r.axis), ["A1"]);
  await page.screenshot({ path: join(shots, "07-circle.png") });

  await click("shape-b-capsule");
  assert.equal(shapeInUrl("b").type, "capsule");
  await click("run");
  got = await rows();
  const labels = got.map((r) => r.axis);
  assert.ok(labels.includes("B0") && labels.includes("B1"), labels.join(" "));
  assert.ok(labels.some((l) => /^vA\d→B$/.test(l)), labels.join(" "));
  res = await result();
  assert.ok(res.collides === "true" || res.collides === "false");
  await page.screenshot({ path: join(shots, "08-capsule.png") });

  await click("shape-b-box");
  assert.equal(shapeInUrl("b").type, "box");
  await click("run");
  assert.equal((await rows()).length, 8);

  await click("shape-b-polygon");
  assert.equal(shapeInUrl("b").type, "polygon");

  // Swept: B = [4,6]×[0.5,1.5] moving by (−4, 0) over t ∈ [0,1] meets A's right side (x = 2)
  // when its left side has moved 2: t = 0.5.
  const far = { type: "polygon", points: [[4, 0.5], [6, 0.5], [6, 1.5], [4, 1.5]] };
  await open(url(SQUARE, far, `&vb=${encodeURIComponent("[-4,0]")}`));
  assert.ok(await page.isChecked("[data-testid=swept]"));
  const toi = await page.$eval("[data-testid=toi]", (e) => ({ hit: e.dataset.hit, time: Number(e.dataset.time) }));
  assert.equal(toi.hit, "true");
  close(toi.time, 0.5, 1e-5, "time of impact");
  await click("run");
  assert.equal((await result()).collides, "false");
  await page.screenshot({ path: join(shots, "09-swept.png") });
}));

test("far from the origin: the hand-derived case a million units out gives the same answers", checked(async () => {
  // The same two shapes moved by (1e6 + 0.1, −1e6 + 0.3). f32 cannot hold these coordinates
  // (its spacing there is 0.0625); the server works about each shape's centre, so every push,
  // the MTV and the contact depths are those worked out above.
  const off = [1e6 + 0.1, -1e6 + 0.3];
  const shift = (shape) => ({ ...shape, points: shape.points.map((p) => [p[0] + off[0], p[1] + off[1]]) });
  await open(url(shift(SQUARE), shift(RECT)));
  await click("run");
  const got = await rows();
  assert.deepEqual(got.map((r) => r.axis), EXPECTED.map((e) => e[0]));
  got.forEach((r, i) => close(r.push, EXPECTED[i][1], 1e-5, `push on ${r.axis}`));
  const res = await result();
  assert.equal(res.collides, "true");
  close(res.depth, 0.5, 1e-5, "MTV depth");
  const contacts = await page.$$eval("[data-testid=contact-point]", (els) => els.map((e) => Number(e.dataset.depth)));
  assert.equal(contacts.length, 2);
  contacts.forEach((d) => close(d, 0.5, 1e-5, "contact depth"));
  assert.equal(await page.textContent("[data-testid=reference]"), "A edge 1");
  assert.equal(await page.textContent("[data-testid=incident]"), "B edge 3");
  assert.ok(await page.locator("[data-testid=error]").isHidden());
  await page.screenshot({ path: join(shots, "10-far-from-the-origin.png") });

  // Dragged one unit right, B is clear of A by its left side's x less A's right side's.
  await drag(await screen([off[0] + 3, off[1] + 1]), await screen([off[0] + 4, off[1] + 1]));
  const moved = shapeInUrl("b").points;
  const rowsApart = await rows();
  assert.deepEqual(rowsApart.map((r) => [r.axis, r.status]), [["A0", "overlap"], ["A1", "gap"]]);
  close(rowsApart[1].gap, moved[0][0] - (off[0] + 2), 1e-5, "gap on A1");
}));

test("a box without an angle is axis-aligned, and turns", checked(async () => {
  // B = [2.5,4.5]×[0.5,1.5]: half a unit clear of A along A1.
  await open(url(SQUARE, { type: "box", center: [3.5, 1], half_extents: [1, 0.5] }));
  assert.ok(await page.locator("[data-testid=error]").isHidden());
  await click("run");
  let got = await rows();
  assert.deepEqual(got.map((r) => [r.axis, r.status]), [["A0", "overlap"], ["A1", "gap"]]);
  close(got[1].gap, 0.5, 1e-6, "gap on A1");
  // A quarter turn about its centre stands it up as [3,4]×[0,2]: the angle appears.
  await rotateB([3.5, 1], Math.PI / 2);
  const b = shapeInUrl("b");
  close(b.angle, Math.PI / 2, 0.05, "angle after a quarter turn");
  got = await rows();
  assert.equal(got.at(-1).status, "gap");
  close(got.at(-1).gap, 1, 0.05, "gap after a quarter turn");
  assert.ok(await page.locator("[data-testid=error]").isHidden());
  await page.screenshot({ path: join(shots, "11-box-without-angle.png") });
}));

test("a bad configuration in the URL is reported, not silently replaced", checked(async () => {
  await open(url(SQUARE, { type: "circle", center: [0, 0], radius: -1 }));
  const error = page.locator("[data-testid=error]");
  assert.ok(await error.isVisible());
  assert.match(await error.textContent(), /radius/i);
}, [/HTTP 400: POST .*\/api\/trace/, /console error: Failed to load resource: .* 400/]));

// A concave polygon: septa's own terrain (a slope, a valley and a ledge), scaled by 0.6, as the
// page's preset for A. Its valley floor (y = 0, x from −1.8 to 0) meets the slopes at two reflex
// corners that no diagonal joins (the floor itself is an edge), so it takes one cut each: three
// convex pieces. B is a 1.6 × 1 box on the floor near the right slope, sunk 0.1:
// [−1.5, 0.1] × [−0.1, 0.9]. By hand it touches the floor, 0.1 deep along (0, 1), and the slope
// from (0, 0) to (1.2, 0.6), whose outward normal is (−1, 2)/√5: its corner (0.1, −0.1) lies
// (−0.1 − 0.2)/√5 = −0.3/√5 ≈ −0.1342 below it. Against the piece under the slope alone, septa's
// shallowest way out is sideways past the reflex corner (0, 0), which the outline does not allow:
// that pair's ghost normal is replaced.
const TERRAIN = { type: "concave", points: [[-3.6, -1.2], [3.6, -1.2], [3.6, 0.6], [1.2, 0.6], [0, 0], [-1.8, 0], [-3.6, 1.2]] };
const ON_THE_FLOOR = { type: "box", center: [-0.7, 0.4], half_extents: [0.8, 0.5], angle: 0 };

async function pairRows() {
  return page.$$eval("[data-testid=pair-row]", (els) => els.map((e) => ({
    pair: Number(e.dataset.pair),
    name: e.querySelector(".pieces").textContent,
    outcome: e.dataset.outcome ?? null,
  })));
}

async function manifolds() {
  return page.$$eval("[data-testid=compound-manifold]", (els) => els.map((e) => ({
    normal: e.dataset.normal.split(",").map(Number),
    depth: Number(e.dataset.depth),
  })));
}

const currentPair = () => page.getAttribute("[data-testid=canvas]", "data-pair");

test("a concave terrain: stepping through the piece pairs, a ghost normal replaced, dragging", checked(async () => {
  await open(url(TERRAIN, ON_THE_FLOOR));
  assert.ok(await page.locator("[data-testid=error]").isHidden());
  assert.equal(await page.getAttribute("[data-testid=shape-a-concave]", "aria-pressed"), "true");
  assert.ok(await page.isDisabled("[data-testid=swept]"), "the swept test takes convex shapes only");
  await page.screenshot({ path: join(shots, "12-concave-ready.png") });

  // Two pieces are near the box (the one left of the valley is not): two pairs, each a quadrilateral
  // piece against the box, 4 + 4 axes, every one overlapping.
  await click("step");
  assert.deepEqual((await pairRows()).map((r) => r.outcome), [null]);
  assert.equal(await currentPair(), "0");
  for (let i = 1; i < 8; i++) await click("step");
  let pairs = await pairRows();
  assert.equal(pairs.length, 1);
  assert.ok(pairs[0].outcome !== null, "the first pair is decided after its 8 axes");
  assert.match(pairs[0].name, /^A piece \d × B$/);
  assert.equal((await result()).collides, null, "undecided while pairs remain");
  await page.screenshot({ path: join(shots, "13-concave-first-pair.png") });
  await click("step");
  assert.equal(await currentPair(), "1");
  for (let i = 1; i < 8; i++) await click("step");
  pairs = await pairRows();
  assert.equal(pairs.length, 2);
  assert.deepEqual(pairs.map((r) => r.outcome).sort(), ["corrected", "kept"]);
  const got = await rows();
  assert.equal(got.length, 16);
  assert.ok(got.every((r) => r.status === "overlap"), JSON.stringify(got));
  assert.equal(got.filter((r) => r.min).length, 2, "one minimum push per pair");
  const res = await result();
  assert.equal(res.collides, "true");
  const found = (await manifolds()).sort((p, q) => p.depth - q.depth);
  assert.equal(found.length, 2);
  close(found[0].depth, 0.1, 1e-5, "floor depth");
  close(found[0].normal[0], 0, 1e-5, "floor normal x");
  close(found[0].normal[1], 1, 1e-5, "floor normal y");
  close(found[1].depth, 0.3 / Math.sqrt(5), 1e-5, "slope depth");
  close(found[1].normal[0], -1 / Math.sqrt(5), 1e-5, "slope normal x");
  close(found[1].normal[1], 2 / Math.sqrt(5), 1e-5, "slope normal y");
  close(res.depth, 0.3 / Math.sqrt(5), 1e-5, "the deepest");
  assert.ok((await page.$$("[data-testid=contact-point]")).length >= 3);
  await page.screenshot({ path: join(shots, "14-concave-manifolds.png") });

  // Picking the corrected pair's last axis in the list shows what became of that pair: septa's
  // normal for the two convex pieces (a ghost) beside the outline's that replaced it.
  const ghostly = pairs.find((r) => r.outcome === "corrected").pair;
  await page.locator(`[data-testid=axis-row][data-pair="${ghostly}"]`).last().click();
  assert.equal(await currentPair(), String(ghostly));
  await page.screenshot({ path: join(shots, "15-concave-ghost-normal.png") });
  await page.locator(`[data-testid=axis-row][data-pair="${ghostly}"]`).last().click();

  // Dragged 2.8 right and 0.6 up, onto the ledge (y = 0.6 for x ≥ 1.2), still sunk 0.1: one
  // manifold, straight up, 0.1 deep.
  await drag(await screen([-0.7, 0.4]), await screen([2.1, 1.0]));
  const moved = shapeInUrl("b").center;
  close(moved[0], 2.1, 0.02, "dragged x");
  close(moved[1], 1.0, 0.02, "dragged y");
  assert.equal((await result()).collides, "true", "a decided test stays decided");
  const ledge = await manifolds();
  assert.equal(ledge.length, 1);
  close(ledge[0].normal[1], 1, 1e-5, "ledge normal");
  close(ledge[0].depth, 0.6 - (moved[1] - 0.5), 1e-4, "ledge depth");
  assert.ok((await pairRows()).every((r) => r.outcome !== "corrected"));
  await page.screenshot({ path: join(shots, "16-concave-dragged.png") });
}));

test("concave presets for A and B; a polygon with a hole", checked(async () => {
  await open(base);
  await click("shape-a-concave");
  const a = shapeInUrl("a");
  assert.equal(a.type, "concave");
  await click("shape-b-concave");
  assert.equal(shapeInUrl("b").type, "concave");
  assert.equal(await page.getAttribute("[data-testid=shape-b-concave]", "aria-pressed"), "true");
  // The L (about B's place, (0.5, −1.1)) lifted by 0.5 by its lower arm reaches into the
  // terrain's bottom (about A's place, (−1.5, 0.9): bottom at y = −0.3).
  await drag(await screen([0.5, -1.775]), await screen([0.5, -1.275]));
  await click("run");
  const pairs = await pairRows();
  assert.ok(pairs.every((r) => /^A piece \d+ × B piece \d+$/.test(r.name)), JSON.stringify(pairs));
  assert.ok((await result()).collides !== null);
  await page.screenshot({ path: join(shots, "17-concave-concave.png") });
  // The presets turn with their handle, like any shape.
  await rotateB(shapeCentre(shapeInUrl("b")), 0.5);
  assert.equal(shapeInUrl("b").type, "concave");
  await click("shape-a-polygon");
  await click("shape-b-box");
  assert.equal(shapeInUrl("a").type, "polygon");
  assert.ok(!(await page.isDisabled("[data-testid=swept]")));

  // A square frame (a hole of 2 × 2 in a 4 × 4 square) around a ball of radius 0.9 in the hole:
  // inside the frame's convex hull, clear of it by 0.1 on every side.
  const frame = {
    type: "concave", points: [[-2, -2], [2, -2], [2, 2], [-2, 2]],
    holes: [[[-1, -1], [1, -1], [1, 1], [-1, 1]]],
  };
  await open(url(frame, { type: "circle", center: [0, 0], radius: 0.9 }));
  // (where no piece's bounding box meets the ball's there is no pair to step through: decided)
  if (!(await page.isDisabled("[data-testid=run]"))) await click("run");
  assert.equal((await result()).collides, "false");
  assert.ok((await pairRows()).every((r) => r.outcome === "apart")); // (any pair tested at all)
  await page.screenshot({ path: join(shots, "18-concave-hole.png") });
}));

// The middle of a shape's points' bounding box: where the server puts a concave polygon's pose.
function shapeCentre(shape) {
  const xs = shape.points.map((p) => p[0]), ys = shape.points.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

test("a bad concave polygon in the URL is reported with the field", checked(async () => {
  const bowTie = { type: "concave", points: [[0, 0], [2, 2], [2, 0], [0, 2]] };
  await open(url(SQUARE, bowTie));
  const error = page.locator("[data-testid=error]");
  assert.ok(await error.isVisible());
  assert.match(await error.textContent(), /b\.points: the outline crosses or touches itself: edges 0 and 2 meet/);
}, [/HTTP 400: POST .*\/api\/trace/, /console error: Failed to load resource: .* 400/]));
