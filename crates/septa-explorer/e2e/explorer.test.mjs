// End-to-end test of the septa explorer in real headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core). Starts the release binary on a free port, then drags, rotates,
// steps and switches shapes the way a user would, checking the page against geometry worked
// out by hand. Screenshots are saved to ./screenshots (gitignored). Run through ./run.sh.
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
  page.on("pageerror", (e) => { throw e; });
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

function shapeInUrl(key) {
  return JSON.parse(new URL(page.url()).searchParams.get(key));
}

const close = (x, y, tol, what) => assert.ok(Math.abs(x - y) <= tol, `${what}: ${x} is not within ${tol} of ${y}`);

test("the default configuration is the classic case: only B's first edge separates", async () => {
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
});

test("a configuration from the URL: every axis, the minimum push, the MTV and the manifold", async () => {
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
});

test("dragging and rotating B changes the answer as the geometry says", async () => {
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
  const handle = (await page.getAttribute("[data-testid=canvas]", "data-handle-b")).split(",").map(Number);
  const box = await page.locator("[data-testid=canvas]").boundingBox();
  const start = [box.x + handle[0], box.y + handle[1]];
  const pivot = await screen([3.5, 1]);
  const turn = (angle) => { // counter-clockwise on screen is clockwise in y-down pixels
    const [dx, dy] = [start[0] - pivot[0], start[1] - pivot[1]];
    const c = Math.cos(-angle), s = Math.sin(-angle);
    return [pivot[0] + c * dx - s * dy, pivot[1] + s * dx + c * dy];
  };
  await page.mouse.move(...start);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(...turn((Math.PI / 2) * (i / 12)));
  await page.mouse.up();
  await settled();
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
});

test("B as a circle, a capsule and a box; the swept test", async () => {
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
});

test("a bad configuration in the URL is reported, not silently replaced", async () => {
  await open(url(SQUARE, { type: "circle", center: [0, 0], radius: -1 }));
  const error = page.locator("[data-testid=error]");
  assert.ok(await error.isVisible());
  assert.match(await error.textContent(), /radius/i);
});
