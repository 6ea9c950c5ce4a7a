//! The convex decomposition of concave polygons, checked against answers derived independently:
//! piece counts on families whose optimum follows from a hand argument (combs, zigzag strips,
//! stars, spirals), an exhaustive search over sets of diagonals on small random polygons, and
//! the validity of every decomposition of thousands of random polygons (pieces convex,
//! counter-clockwise, made of the polygon's own vertices, covering it exactly without
//! overlapping, internal edges shared by exactly two pieces).
//!
//! Nothing here uses septa's geometry: polygons are generated on an integer grid (exact in f32
//! and in f64 products), orientation is computed in i128, areas and overlaps in f64 by the
//! tests' own code.
// Conversions between `Real` and f64 are needed in the f32 build and do nothing in the f64 one.
#![cfg_attr(feature = "f64", allow(clippy::unnecessary_cast))]

mod rng;

use rng::Rng;
use septa::concave::{ConcaveError, Decomposition, Method, SimplePolygon, OPTIMAL_UP_TO};
use septa::{Real, Vector};

type P = (i64, i64);

fn cross(o: P, a: P, b: P) -> i128 {
    (a.0 - o.0) as i128 * (b.1 - o.1) as i128 - (a.1 - o.1) as i128 * (b.0 - o.0) as i128
}

fn to_vectors(points: &[P]) -> Vec<Vector> {
    points.iter().map(|&(x, y)| Vector::new(x as Real, y as Real)).collect()
}

fn to_grid(v: Vector) -> P {
    assert_eq!(v.x, v.x.round());
    (v.x as i64, v.y as i64)
}

/// Twice the signed area.
fn area2(points: &[P]) -> i128 {
    (0..points.len()).map(|i| cross((0, 0), points[i], points[(i + 1) % points.len()])).sum()
}

fn on_segment(a: P, b: P, p: P) -> bool {
    p.0 >= a.0.min(b.0) && p.0 <= a.0.max(b.0) && p.1 >= a.1.min(b.1) && p.1 <= a.1.max(b.1)
}

/// Do the closed segments meet?
fn meet(a: P, b: P, c: P, d: P) -> bool {
    let (o1, o2, o3, o4) =
        (cross(a, b, c).signum(), cross(a, b, d).signum(), cross(c, d, a).signum(), cross(c, d, b).signum());
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && on_segment(a, b, c))
        || (o2 == 0 && on_segment(a, b, d))
        || (o3 == 0 && on_segment(c, d, a))
        || (o4 == 0 && on_segment(c, d, b))
}

/// Is the ring simple, with no three consecutive points collinear?
fn simple(points: &[P]) -> bool {
    let n = points.len();
    if n < 3 || area2(points) == 0 {
        return false;
    }
    for i in 0..n {
        if cross(points[(i + n - 1) % n], points[i], points[(i + 1) % n]) == 0 {
            return false;
        }
        for j in i + 1..n {
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if !adjacent && meet(points[i], points[(i + 1) % n], points[j], points[(j + 1) % n]) {
                return false;
            }
        }
    }
    true
}

fn ccw(mut points: Vec<P>) -> Vec<P> {
    if area2(&points) < 0 {
        points.reverse();
    }
    points
}

fn reflex_count(points: &[P]) -> usize {
    let n = points.len();
    (0..n).filter(|&i| cross(points[(i + n - 1) % n], points[i], points[(i + 1) % n]) < 0).count()
}

// ---------------------------------------------------------------------------------------------
// Random simple polygons

/// A star-shaped polygon: `n` corners at sorted random angles and random radii about a centre.
fn star_shaped(rng: &mut Rng, n: usize, spiky: bool) -> Vec<P> {
    loop {
        let mut angles: Vec<f64> = (0..n).map(|_| rng.next() * std::f64::consts::TAU).collect();
        angles.sort_by(f64::total_cmp);
        let points: Vec<P> = angles
            .iter()
            .enumerate()
            .map(|(k, &a)| {
                let r =
                    if spiky && k % 2 == 1 { 150.0 + 250.0 * rng.next() } else { 300.0 + 700.0 * rng.next() };
                ((1000.0 + r * a.cos()).round() as i64, (1000.0 + r * a.sin()).round() as i64)
            })
            .collect();
        if simple(&points) {
            return ccw(points);
        }
    }
}

/// A random simple polygon by 2-opt: random points in a random order, with crossing edges
/// uncrossed (reversing the path between them) until none cross.
fn two_opt(rng: &mut Rng, n: usize, size: i64) -> Vec<P> {
    'retry: loop {
        let mut points: Vec<P> =
            (0..n).map(|_| ((rng.next() * size as f64) as i64, (rng.next() * size as f64) as i64)).collect();
        for _ in 0..10 * n * n {
            let mut changed = false;
            for i in 0..n {
                for j in i + 2..n {
                    if i == 0 && j == n - 1 {
                        continue;
                    }
                    let (a, b, c, d) = (points[i], points[i + 1], points[j], points[(j + 1) % n]);
                    if meet(a, b, c, d) {
                        points[i + 1..=j].reverse();
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if simple(&points) {
            return ccw(points);
        }
        continue 'retry;
    }
}

// ---------------------------------------------------------------------------------------------
// Exhaustive minimum: the fewest diagonals that leave no angle above 180° at any vertex

/// Does the segment from vertex i to vertex j point strictly into the interior angle at i?
fn in_cone(p: &[P], i: usize, j: usize) -> bool {
    let n = p.len();
    let (prev, next) = (p[(i + n - 1) % n], p[(i + 1) % n]);
    let (a, b) = (cross(p[i], next, p[j]), cross(p[i], prev, p[j]));
    if cross(prev, p[i], next) > 0 {
        a > 0 && b < 0
    } else {
        !(a <= 0 && b >= 0)
    }
}

fn valid_diagonals(p: &[P]) -> Vec<(usize, usize)> {
    let n = p.len();
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            if !(in_cone(p, i, j) && in_cone(p, j, i)) {
                continue;
            }
            let clear = (0..n).all(|u| {
                let w = (u + 1) % n;
                [u, w].iter().any(|x| *x == i || *x == j) || !meet(p[i], p[j], p[u], p[w])
            });
            if clear {
                out.push((i, j));
            }
        }
    }
    out
}

/// Are all the gaps between consecutive segments at vertex v (its two edges and the chosen
/// diagonals) at most 180°?
fn resolved(p: &[P], v: usize, chosen: &[(usize, usize)]) -> bool {
    let n = p.len();
    let next = p[(v + 1) % n];
    let dir = |q: P| (q.0 - p[v].0, q.1 - p[v].1);
    let base = dir(next);
    let angle = |q: P| {
        let d = dir(q);
        let a = (d.1 as f64).atan2(d.0 as f64) - (base.1 as f64).atan2(base.0 as f64);
        a.rem_euclid(std::f64::consts::TAU)
    };
    let mut around: Vec<P> = vec![next];
    for &(a, b) in chosen {
        if a == v {
            around.push(p[b]);
        } else if b == v {
            around.push(p[a]);
        }
    }
    around.push(p[(v + n - 1) % n]);
    around[1..].sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
    around.windows(2).all(|w| {
        let (d1, d2) = (dir(w[0]), dir(w[1]));
        let c = d1.0 as i128 * d2.1 as i128 - d1.1 as i128 * d2.0 as i128;
        let dot = d1.0 as i128 * d2.0 as i128 + d1.1 as i128 * d2.1 as i128;
        c > 0 || (c == 0 && dot < 0)
    })
}

/// The fewest convex pieces (diagonals + 1), by iterative deepening: the first vertex with an
/// angle above 180° must get one of its own diagonals, so branch on those.
fn exhaustive_minimum(p: &[P]) -> usize {
    let diagonals = valid_diagonals(p);
    fn search(
        p: &[P],
        diagonals: &[(usize, usize)],
        chosen: &mut Vec<(usize, usize)>,
        budget: usize,
    ) -> bool {
        let Some(v) = (0..p.len()).find(|&v| !resolved(p, v, chosen)) else { return true };
        if budget == 0 {
            return false;
        }
        for &d in diagonals {
            if (d.0 != v && d.1 != v) || chosen.contains(&d) {
                continue;
            }
            let crosses = chosen.iter().any(|&e| {
                let shared = d.0 == e.0 || d.0 == e.1 || d.1 == e.0 || d.1 == e.1;
                !shared && meet(p[d.0], p[d.1], p[e.0], p[e.1])
            });
            if crosses {
                continue;
            }
            chosen.push(d);
            let found = search(p, diagonals, chosen, budget - 1);
            chosen.pop();
            if found {
                return true;
            }
        }
        false
    }
    (0..p.len()).find(|&m| search(p, &diagonals, &mut Vec::new(), m)).expect("a triangulation always works")
        + 1
}

// ---------------------------------------------------------------------------------------------
// Validity of a decomposition, in f64

fn area_f64(points: &[(f64, f64)]) -> f64 {
    let n = points.len();
    0.5 * (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.0 * b.1 - a.1 * b.0
        })
        .sum::<f64>()
}

/// The part of convex polygon `subject` inside convex polygon `clip` (both counter-clockwise),
/// by Sutherland–Hodgman.
fn clip_convex(subject: &[(f64, f64)], clip: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = subject.to_vec();
    for i in 0..clip.len() {
        let (a, b) = (clip[i], clip[(i + 1) % clip.len()]);
        let side = |p: (f64, f64)| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
        let input = std::mem::take(&mut out);
        for k in 0..input.len() {
            let (p, q) = (input[k], input[(k + 1) % input.len()]);
            let (sp, sq) = (side(p), side(q));
            if sp >= 0.0 {
                out.push(p);
            }
            if (sp >= 0.0) != (sq >= 0.0) {
                let t = sp / (sp - sq);
                out.push((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// Checks a decomposition of the ring(s): outline `outline` (counter-clockwise), holes (any
/// winding) — as the test built them, not as septa cleaned them.
fn check_valid(outline: &[P], holes: &[Vec<P>], d: &Decomposition, what: &str) {
    let ring_points: Vec<P> = outline.iter().chain(holes.iter().flatten()).copied().collect();
    // Directed boundary edges, with the interior on the left: outline ccw, holes cw.
    let mut boundary: Vec<(P, P)> = Vec::new();
    let mut push_ring = |ring: &[P], want_ccw: bool| {
        let mut ring = ring.to_vec();
        if (area2(&ring) > 0) != want_ccw {
            ring.reverse();
        }
        for i in 0..ring.len() {
            boundary.push((ring[i], ring[(i + 1) % ring.len()]));
        }
    };
    push_ring(outline, true);
    for hole in holes {
        push_ring(hole, false);
    }
    let expected_area =
        (area2(outline).abs() - holes.iter().map(|h| area2(h).abs()).sum::<i128>()) as f64 * 0.5;

    let mut total = 0.0;
    let mut pieces_f64: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut edges: Vec<(P, P, bool)> = Vec::new();
    for (k, piece) in d.pieces().iter().enumerate() {
        let pts: Vec<P> = piece.points().iter().map(|&v| to_grid(v)).collect();
        assert!(pts.len() >= 3, "{what}: piece {k} has {} corners", pts.len());
        assert_eq!(piece.internal().len(), pts.len());
        for &q in &pts {
            assert!(ring_points.contains(&q), "{what}: piece {k} corner {q:?} is not a polygon vertex");
        }
        let m = pts.len();
        for i in 0..m {
            let turn = cross(pts[(i + m - 1) % m], pts[i], pts[(i + 1) % m]);
            assert!(turn >= 0, "{what}: piece {k} is not convex (or not ccw) at corner {i}: {pts:?}");
            edges.push((pts[i], pts[(i + 1) % m], piece.is_internal(i)));
        }
        let a2 = area2(&pts);
        assert!(a2 > 0, "{what}: piece {k} has area {a2}");
        total += a2 as f64 * 0.5;
        pieces_f64.push(pts.iter().map(|&(x, y)| (x as f64, y as f64)).collect());
    }
    assert!(
        (total - expected_area).abs() <= 1e-9 * expected_area,
        "{what}: areas {total} vs {expected_area}"
    );
    for i in 0..pieces_f64.len() {
        for j in i + 1..pieces_f64.len() {
            let overlap = area_f64(&clip_convex(&pieces_f64[i], &pieces_f64[j]));
            assert!(overlap <= 1e-9 * expected_area, "{what}: pieces {i} and {j} overlap by {overlap}");
        }
    }
    // Edge flags: an internal edge is shared (reversed) by exactly one other piece; an outline
    // edge is a boundary edge; every boundary edge is covered by outline edges of pieces.
    for &(a, b, internal) in &edges {
        let twins = edges.iter().filter(|e| e.0 == b && e.1 == a).count();
        if internal {
            assert_eq!(twins, 1, "{what}: internal edge {a:?}→{b:?} is not shared by exactly two pieces");
            assert!(!boundary.contains(&(a, b)), "{what}: boundary edge {a:?}→{b:?} marked internal");
        } else {
            assert!(
                boundary.contains(&(a, b)),
                "{what}: edge {a:?}→{b:?} marked outline is not on the boundary"
            );
        }
    }
    for &(a, b) in &boundary {
        assert!(
            edges.iter().any(|e| e.0 == a && e.1 == b && !e.2),
            "{what}: boundary edge {a:?}→{b:?} not covered"
        );
    }
}

fn decompose(points: &[P]) -> Decomposition {
    SimplePolygon::new(&to_vectors(points)).unwrap().decompose().unwrap()
}

// ---------------------------------------------------------------------------------------------
// Families with a hand-derived optimum

/// A comb: a base `[0, W] × [0, 1]` with `k` teeth `[x, x + 1] × [1, 3]` strictly inside its top
/// edge. Every tooth has two reflex corners at its foot (r = 2k), so any decomposition needs
/// at least ⌈r/2⌉ + 1 = k + 1 pieces (each diagonal resolves at most two reflex corners), and
/// cutting each tooth off along its foot gives exactly that.
fn comb(k: usize) -> Vec<P> {
    let s = 3; // tooth pitch (grid units of 1/2)
    let width = 2 + s * k as i64;
    let mut points = vec![(0, 0), (2 * width, 0), (2 * width, 2)];
    for t in (0..k as i64).rev() {
        let x = 2 * (2 + s * t);
        points.extend([(x + 2, 2), (x + 2, 6), (x, 6), (x, 2)]);
    }
    points.push((0, 2));
    points
}

#[test]
fn combs_need_one_piece_per_tooth_and_one_for_the_base() {
    for k in 1..=20 {
        let points = comb(k);
        assert!(simple(&points));
        assert_eq!(reflex_count(&points), 2 * k);
        let d = decompose(&points);
        assert_eq!(d.method(), Method::Optimal);
        assert_eq!(d.len(), k + 1, "comb with {k} teeth");
        check_valid(&points, &[], &d, "comb");
    }
}

/// Is every reflex vertex's *resolving cone* free of other reflex vertices it can see? The cone
/// at a reflex vertex v is the set of directions that split its angle into two parts of at most
/// 180°: a single diagonal resolves v only if it lies in the cone. When every diagonal from v
/// inside its cone ends at a convex vertex, each reflex vertex needs either a diagonal of its
/// own to a convex vertex or at least two diagonals; either way the decomposition has at least
/// one diagonal per reflex vertex, r + 1 pieces.
fn cones_see_only_convex_vertices(p: &[P]) -> bool {
    let n = p.len();
    let reflex = |v: usize| cross(p[(v + n - 1) % n], p[v], p[(v + 1) % n]) < 0;
    valid_diagonals(p).iter().all(|&(a, b)| {
        [(a, b), (b, a)].iter().all(|&(v, w)| !(reflex(v) && reflex(w) && resolved(p, v, &[(a, b)])))
    })
}

/// A zigzag strip of `m` parallelogram segments: bottom corners (i, i mod 2) and the top ones
/// half a unit above them (×4 on the grid). The interior zigzag corners are reflex, one per
/// column (r = m − 1), and each one's resolving cone (45°–135° about the vertical) sees only the
/// corner straight across, which is convex; so at least r + 1 = m pieces, and the vertical cuts
/// give m.
fn zigzag(m: usize) -> Vec<P> {
    let bottom: Vec<P> = (0..=m as i64).map(|i| (4 * i, 4 * (i % 2))).collect();
    let mut points = bottom.clone();
    points.extend(bottom.iter().rev().map(|&(x, y)| (x, y + 2)));
    points
}

#[test]
fn zigzag_strips_need_one_piece_per_segment() {
    for m in 2..=30 {
        let points = zigzag(m);
        assert!(simple(&points));
        assert_eq!(reflex_count(&points), m - 1);
        if m <= 12 {
            assert!(cones_see_only_convex_vertices(&points));
        }
        let d = decompose(&points);
        assert_eq!(d.len(), m, "zigzag of {m} segments");
        check_valid(&points, &[], &d, "zigzag");
    }
}

/// A zigzag strip three units thick: its cones are wide enough for one cut to resolve two
/// reflex corners, and the optimum about halves the piece count.
fn fat_zigzag(m: usize) -> Vec<P> {
    let bottom: Vec<P> = (0..=m as i64).map(|i| (2 * i, 2 * (i % 2))).collect();
    let mut points = bottom.clone();
    points.extend(bottom.iter().rev().map(|&(x, y)| (x, y + 6)));
    points
}

#[test]
fn hertel_mehlhorn_is_never_better_and_often_worse() {
    // Triangulating first cannot beat the optimum.
    for (name, points) in
        [("comb", comb(12)), ("zigzag", zigzag(12)), ("spiral", spiral(16)), ("star", star(9))]
    {
        let polygon = SimplePolygon::new(&to_vectors(&points)).unwrap();
        let hm = polygon.decompose_with(Method::HertelMehlhorn).unwrap();
        assert_eq!(hm.method(), Method::HertelMehlhorn);
        check_valid(&points, &[], &hm, name);
        assert!(hm.len() >= polygon.decompose().unwrap().len(), "{name}");
    }
    // On the thick zigzag the optimum (checked by exhaustive search where that is quick) is
    // about half what Hertel–Mehlhorn finds.
    for m in [4, 5] {
        let points = fat_zigzag(m);
        assert_eq!(decompose(&points).len(), exhaustive_minimum(&points), "fat zigzag {m}");
    }
    let points = fat_zigzag(40);
    let polygon = SimplePolygon::new(&to_vectors(&points)).unwrap();
    let (optimal, hm) =
        (polygon.decompose().unwrap(), polygon.decompose_with(Method::HertelMehlhorn).unwrap());
    check_valid(&points, &[], &optimal, "fat zigzag");
    let lower_bound = reflex_count(&points).div_ceil(2) + 1;
    assert!(optimal.len() >= lower_bound);
    assert!(2 * optimal.len() < hm.len() + 4, "optimal {} vs Hertel–Mehlhorn {}", optimal.len(), hm.len());
}

/// A spiral band: `turns` quarter-turn steps of a centreline growing outwards, the band 2
/// units wide and its segments long, so its inner chain is reflex at every interior corner
/// and each reflex corner's resolving cone sees only the outer corner across the band. The
/// optimum is then r + 1 (see [`cones_see_only_convex_vertices`]), which the radial cuts reach.
fn spiral(steps: usize) -> Vec<P> {
    let mut inner = Vec::new();
    let mut outer = Vec::new();
    for s in 0..=steps {
        let angle = s as f64 * 0.5; // radians per step
        let radius = 200.0 + 60.0 * angle;
        let (c, sn) = (angle.cos(), angle.sin());
        inner.push((
            (1000.0 + (radius - 8.0) * c).round() as i64,
            (1000.0 + (radius - 8.0) * sn).round() as i64,
        ));
        outer.push((
            (1000.0 + (radius + 8.0) * c).round() as i64,
            (1000.0 + (radius + 8.0) * sn).round() as i64,
        ));
    }
    let mut points = outer;
    points.extend(inner.into_iter().rev());
    ccw(points)
}

#[test]
fn spirals_need_one_piece_more_than_reflex_corners() {
    for steps in [3, 5, 8, 11, 16] {
        let points = spiral(steps);
        assert!(simple(&points), "spiral {steps}");
        let r = reflex_count(&points);
        assert_eq!(r, steps - 1);
        assert!(cones_see_only_convex_vertices(&points), "spiral {steps}");
        let d = decompose(&points);
        assert_eq!(d.len(), r + 1, "spiral of {steps} steps");
        check_valid(&points, &[], &d, "spiral");
    }
}

/// A star with `k` sharp points: tips at radius 1000, notches at radius 300.
fn star(k: usize) -> Vec<P> {
    (0..2 * k)
        .map(|i| {
            let angle = std::f64::consts::PI * i as f64 / k as f64 + 0.1;
            let r = if i % 2 == 0 { 1000.0 } else { 300.0 };
            ((2000.0 + r * angle.cos()).round() as i64, (2000.0 + r * angle.sin()).round() as i64)
        })
        .collect()
}

#[test]
fn stars_against_hand_and_search() {
    // Three points: any two tips see each other only across a notch, so no piece holds two
    // tips: at least 3 pieces; the core triangle fits with one point (angles 60° + under 90°
    // at its corners), and the other two points are triangles: exactly 3.
    assert_eq!(decompose(&star(3)).len(), 3);
    // Four points: at least ⌈4/2⌉ + 1 = 3; opposite points share the core (90° + under 90° at
    // each notch), the other two are triangles: exactly 3.
    assert_eq!(decompose(&star(4)).len(), 3);
    for k in 3..=5 {
        let points = star(k);
        let d = decompose(&points);
        assert_eq!(d.len(), exhaustive_minimum(&points), "star with {k} points");
        check_valid(&points, &[], &d, "star");
    }
}

#[test]
fn axis_aligned_shapes_use_straight_corners() {
    // Collinear vertices everywhere: the optimum passes straight through reflex corners.
    // A plus: 4 reflex corners, so at least 3 pieces; the bar and the two stubs make 3.
    let plus =
        [(1, 0), (2, 0), (2, 1), (3, 1), (3, 2), (2, 2), (2, 3), (1, 3), (1, 2), (0, 2), (0, 1), (1, 1)];
    // A T: 2 reflex corners, at least 2; the bar and the stem (cut straight along the bar).
    let tee = [(1, 0), (2, 0), (2, 2), (3, 2), (3, 3), (0, 3), (0, 2), (1, 2)];
    // A U: its two reflex corners are joined only by an edge, so each needs a cut of its
    // own: 3 pieces.
    let u = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)];
    let stairs = [(0, 0), (4, 0), (4, 1), (3, 1), (3, 2), (2, 2), (2, 3), (1, 3), (1, 4), (0, 4)];
    for (name, points, want) in [
        ("plus", &plus[..], Some(3)),
        ("tee", &tee[..], Some(2)),
        ("u", &u[..], Some(3)),
        ("stairs", &stairs[..], None),
    ] {
        let d = decompose(points);
        if let Some(want) = want {
            assert_eq!(d.len(), want, "{name}");
        }
        assert_eq!(d.len(), exhaustive_minimum(points), "{name}");
        check_valid(points, &[], &d, name);
    }
    // A comb whose trapezoid teeth hang from a straight base line: the base piece runs
    // straight through every tooth's foot (a chain of cuts and edges along one line). Each
    // tooth has two reflex corners, so at least k + 1 pieces, and the feet give exactly that.
    for k in [3, 6, 10] {
        let mut points = vec![(0, 0)];
        for t in 0..k as i64 {
            let x = 1 + 4 * t;
            points.extend([(x, 0), (x + 1, -3), (x + 2, -3), (x + 3, 0)]);
        }
        points.extend([(4 * k as i64 + 1, 0), (4 * k as i64 + 1, 3), (0, 3)]);
        let d = decompose(&points);
        assert_eq!(d.len(), k + 1, "hanging comb {k}");
        check_valid(&points, &[], &d, "hanging comb");
    }
    // Random polygons on a coarse grid, full of collinear vertices.
    let mut rng = Rng(0x5eed_0005);
    for case in 0..300 {
        let points = two_opt(&mut rng, 6 + case % 5, 7);
        if reflex_count(&points) == 0 {
            continue;
        }
        let d = decompose(&points);
        assert_eq!(d.len(), exhaustive_minimum(&points), "grid case {case}: {points:?}");
        check_valid(&points, &[], &d, "grid");
    }
}

// ---------------------------------------------------------------------------------------------
// Random polygons

#[test]
fn optimum_matches_exhaustive_search_on_small_random_polygons() {
    let mut rng = Rng(0x5eed_0001);
    let mut checked = 0;
    for case in 0..600 {
        let n = 5 + case % 6; // 5 to 10 vertices
        let points =
            if case % 3 == 0 { star_shaped(&mut rng, n, case % 2 == 0) } else { two_opt(&mut rng, n, 64) };
        if reflex_count(&points) == 0 {
            continue;
        }
        let d = decompose(&points);
        assert_eq!(d.method(), Method::Optimal);
        let best = exhaustive_minimum(&points);
        assert_eq!(d.len(), best, "case {case}: {points:?}");
        check_valid(&points, &[], &d, "small random");
        checked += 1;
    }
    assert!(checked > 400);
}

#[test]
fn decompositions_of_random_polygons_are_valid() {
    let mut rng = Rng(0x5eed_0002);
    for case in 0..2500 {
        let n = 4 + case % 27;
        let points = match case % 3 {
            0 => star_shaped(&mut rng, n, true),
            1 => star_shaped(&mut rng, n, false),
            _ => two_opt(&mut rng, n.min(18), 400),
        };
        let polygon = SimplePolygon::new(&to_vectors(&points)).unwrap();
        let optimal = polygon.decompose().unwrap();
        check_valid(&points, &[], &optimal, "random optimal");
        let hm = polygon.decompose_with(Method::HertelMehlhorn).unwrap();
        check_valid(&points, &[], &hm, "random HM");
        assert!(optimal.len() <= hm.len());
        // Never fewer than the lower bound ⌈r/2⌉ + 1.
        let lower_bound = reflex_count(&points).div_ceil(2) + 1;
        assert!(optimal.len() >= lower_bound);
    }
}

#[test]
fn large_polygons_fall_back_to_hertel_mehlhorn() {
    let mut rng = Rng(0x5eed_0003);
    for n in [OPTIMAL_UP_TO, OPTIMAL_UP_TO + 1, 700] {
        let points = star_shaped(&mut rng, n, true);
        let d = decompose(&points);
        let want = if n <= OPTIMAL_UP_TO { Method::Optimal } else { Method::HertelMehlhorn };
        assert_eq!(d.method(), want, "{n} vertices");
        if n <= 400 {
            check_valid(&points, &[], &d, "large");
        } else {
            let total: f64 = d
                .pieces()
                .iter()
                .map(|p| area_f64(&p.points().iter().map(|v| (v.x as f64, v.y as f64)).collect::<Vec<_>>()))
                .sum();
            assert!((total - area2(&points) as f64 * 0.5).abs() < 1e-9 * total);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Holes

/// Is `p` inside the (simple) ring, strictly? Crossing count with exact arithmetic.
fn inside(ring: &[P], p: (f64, f64)) -> bool {
    let n = ring.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        let (ay, by) = (a.1 as f64, b.1 as f64);
        if (ay > p.1) != (by > p.1) {
            let x = a.0 as f64 + (p.1 - ay) / (by - ay) * (b.0 - a.0) as f64;
            if p.0 < x {
                inside = !inside;
            }
        }
    }
    inside
}

#[test]
fn polygons_with_holes_are_covered_exactly() {
    let mut rng = Rng(0x5eed_0004);
    let mut done = 0;
    while done < 150 {
        let outline = star_shaped(&mut rng, 12 + done % 20, done % 2 == 0);
        // Holes: small random triangles and squares placed at random, kept when they are
        // inside the outline and clear of it and of each other.
        let mut holes: Vec<Vec<P>> = Vec::new();
        for _ in 0..1 + done % 4 {
            let (cx, cy) = (700 + (rng.next() * 600.0) as i64, 700 + (rng.next() * 600.0) as i64);
            let s = 20 + (rng.next() * 60.0) as i64;
            let hole = if rng.next() < 0.5 {
                vec![(cx - s, cy - s), (cx - s, cy + s), (cx + s, cy + s), (cx + s, cy - s)]
            } else {
                vec![(cx, cy + s), (cx - s, cy - s), (cx + s, cy - s + (rng.next() * 20.0) as i64)]
            };
            let clear_of = |ring: &[P]| {
                (0..ring.len()).all(|i| {
                    (0..hole.len()).all(|j| {
                        !meet(ring[i], ring[(i + 1) % ring.len()], hole[j], hole[(j + 1) % hole.len()])
                    })
                })
            };
            let centre = (hole[0].0 as f64 + 0.5, hole[0].1 as f64 + 0.25);
            let inside_outline = hole.iter().all(|&q| inside(&outline, (q.0 as f64, q.1 as f64)));
            let apart = holes
                .iter()
                .all(|h| clear_of(h) && !inside(h, centre) && !inside(&hole, (h[0].0 as f64, h[0].1 as f64)));
            if inside_outline && clear_of(&outline) && apart {
                holes.push(hole);
            }
        }
        if holes.is_empty() {
            continue;
        }
        let hole_vectors: Vec<Vec<Vector>> = holes.iter().map(|h| to_vectors(h)).collect();
        let polygon = SimplePolygon::with_holes(&to_vectors(&outline), &hole_vectors).unwrap();
        let d = polygon.decompose().unwrap();
        assert_eq!(d.method(), Method::HertelMehlhorn);
        check_valid(&outline, &holes, &d, "holes");
        // Every sample point inside the polygon (and outside the holes) is in exactly one piece.
        for _ in 0..200 {
            let q = (rng.next() * 2000.0, rng.next() * 2000.0);
            let want = inside(&outline, q) && !holes.iter().any(|h| inside(h, q));
            let hits = d
                .pieces()
                .iter()
                .filter(|piece| {
                    let pts = piece.points();
                    (0..pts.len()).all(|i| {
                        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                        (b.x as f64 - a.x as f64) * (q.1 - a.y as f64)
                            - (b.y as f64 - a.y as f64) * (q.0 - a.x as f64)
                            > 0.0
                    })
                })
                .count();
            assert_eq!(hits, want as usize, "sample {q:?}");
        }
        done += 1;
    }
}

#[test]
fn a_square_frame_is_four_pieces_or_more_and_exact() {
    // A square with a square hole: at least 4 convex pieces (each piece is convex, so it
    // touches at most... the hole's four reflex corners need a cut each).
    let outline = [(0, 0), (10, 0), (10, 10), (0, 10)];
    let hole = vec![(3, 3), (3, 7), (7, 7), (7, 3)];
    let polygon = SimplePolygon::with_holes(&to_vectors(&outline), &[to_vectors(&hole)]).unwrap();
    assert_eq!(polygon.reflex_count(), 4);
    let d = polygon.decompose().unwrap();
    assert!(d.len() >= 4);
    check_valid(&outline, &[hole], &d, "frame");
}

#[test]
fn convex_input_is_one_piece() {
    let hexagon = [(4, 0), (8, 2), (8, 6), (4, 8), (0, 6), (0, 2)];
    let d = decompose(&hexagon);
    assert_eq!(d.len(), 1);
    assert!(d.pieces()[0].internal().iter().all(|&i| !i));
    assert_eq!(d.method(), Method::Optimal);
}

#[test]
fn pieces_use_the_cleaned_vertices() {
    // Clockwise, with a duplicate and a collinear point: both are dropped, and the pieces' indices
    // point into the cleaned vertex list.
    let l = [(0, 0), (0, 4), (2, 4), (2, 2), (4, 2), (4, 0), (4, 0), (2, 0)];
    let polygon = SimplePolygon::new(&to_vectors(&l)).unwrap();
    assert_eq!(polygon.outline().len(), 6);
    let d = polygon.decompose().unwrap();
    assert_eq!(d.len(), 2);
    for piece in d.pieces() {
        for (k, &i) in piece.indices().iter().enumerate() {
            assert_eq!(polygon.vertices()[i], piece.points()[k]);
        }
    }
    let _ = ConcaveError::Degenerate; // the error type is public
}
