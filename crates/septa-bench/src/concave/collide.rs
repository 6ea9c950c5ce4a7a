//! The collide set: one concave shape of 20 convex pieces, boxes placed all over it, and the
//! three ways of colliding them.
//!
//! The shape is a random terrain strip (see [`polygons::terrain`]) drawn until septa's optimal
//! decomposition of it has exactly [`PIECES`] pieces, recentred in f64, rounded to f32 and
//! placed by one pose with a random angle and a centre in `[-50, 50]²`. The boxes are placed
//! over its outline in its local frame ([`polygons::place_boxes`]: a third at seams, some deep,
//! some apart) and given world poses through the shape's pose.
//!
//! | implementation | what is called, per box |
//! |---|---|
//! | `septa-concave` | `septa::concave::overlaps` / `collide` (tree of piece boxes, ghost-normal correction, merging) |
//! | `septa-pieces` | `septa::overlaps` / `collide` on every piece's `ConvexPolygon` in turn, the same pose: the naive loop (no bounds, no ghost handling, no merging; `overlaps` stops at the first hit) |
//! | `septa-pieces-bounds` | the same loop, skipping pieces whose bounding box misses the box's (one box transform per query, then a box test per piece, no tree) |
//!
//! The exact answer each pair is checked against is computed in f64 from the polygon's outline
//! itself (not from septa's pieces), as septa is given it: the box and the outline overlap when
//! their boundaries cross or one holds a corner of the other. A pair counts as near touching,
//! and is not compared, when the box grown by [`NEAR`] and shrunk by [`NEAR`] disagree.

use std::ops::Range;

use glam::{DVec2, Vec2};
use septa::concave::{ConcavePolygon, PairOutcome, SimplePolygon};
use septa::{OrientedBox, Polygonal, Pose};

use super::polygons::{self, Placement};
use crate::crosscheck::{DEPTH_TOLERANCE, NEAR};
use crate::impls::{Answer, Implementation, Op};
use crate::workload::Rng;

/// The number of pieces of the shape.
pub const PIECES: usize = 20;

/// The implementations, in column order.
pub const NAMES: [&str; 3] = ["septa-concave", "septa-pieces", "septa-pieces-bounds"];

/// The shape, its pose, and the boxes.
pub struct CollideSet {
    /// The concave shape, in its local frame.
    pub shape: ConcavePolygon,
    /// Where it is.
    pub pose: Pose,
    /// Its outline as septa has it (f32 values, local frame, counter-clockwise), in f64.
    pub outline: Vec<DVec2>,
    /// The boxes as drawn, in the shape's local frame.
    pub placements: Vec<Placement>,
    /// The boxes: local shapes about their centres.
    pub boxes: Vec<OrientedBox>,
    /// And their world poses.
    pub box_poses: Vec<Pose>,
    /// The exact verdict per pair (do the box and the polygon overlap?), `None` when near
    /// touching.
    pub exact: Vec<Option<bool>>,
    /// Vertices of the terrain drawn.
    pub vertices: usize,
}

impl CollideSet {
    /// Draws the shape and `count` boxes from `seed`.
    pub fn generate(count: usize, seed: u64) -> CollideSet {
        let mut rng = Rng::new(seed);
        let (polygon, decomposition, local) = loop {
            let n = 36 + (rng.next_u64() % 17) as usize;
            let mut points = polygons::terrain(n, 1.0, &mut rng);
            // Recentre in f64, then round (as `ConcavePolygon::from_world` does).
            let (lo, hi) = points
                .iter()
                .fold((DVec2::INFINITY, DVec2::NEG_INFINITY), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
            let center = (lo + hi) * 0.5;
            points.iter_mut().for_each(|p| *p -= center);
            let local = polygons::to_f32(&points);
            let polygon = SimplePolygon::new(&local).expect("a terrain is simple");
            let decomposition = polygon.decompose().expect("decomposition");
            if decomposition.len() == PIECES {
                break (polygon, decomposition, local);
            }
        };
        // Seams: outline corners (input indices) at the ends of internal edges.
        let mut seams: Vec<usize> = Vec::new();
        for piece in decomposition.pieces() {
            let m = piece.len();
            for e in (0..m).filter(|&e| piece.is_internal(e)) {
                for v in [piece.indices()[e], piece.indices()[(e + 1) % m]] {
                    seams.push(polygon.source(v).1);
                }
            }
        }
        seams.sort_unstable();
        seams.dedup();
        let outline: Vec<DVec2> = local.iter().map(|p| p.as_dvec2()).collect();
        let vertices = outline.len();
        let shape = ConcavePolygon::from_parts(polygon, decomposition.pieces(), decomposition.method())
            .expect("pieces");
        let angle = rng.uniform(0.0, core::f64::consts::TAU) as f32;
        let at = Vec2::new(rng.uniform(-50.0, 50.0) as f32, rng.uniform(-50.0, 50.0) as f32);
        let pose = Pose::new(at, angle);
        let placements = polygons::place_boxes(&outline, &seams, count, &mut rng);
        let boxes = placements
            .iter()
            .map(|b| OrientedBox::new(Vec2::ZERO, b.half_extents.as_vec2(), 0.0).expect("box"))
            .collect();
        let box_poses = placements
            .iter()
            .map(|b| Pose::new(pose.apply(b.center.as_vec2()), angle + b.angle as f32))
            .collect();
        let mut set =
            CollideSet { shape, pose, outline, placements, boxes, box_poses, exact: Vec::new(), vertices };
        set.exact = (0..count).map(|i| set.exact_verdict(i)).collect();
        set
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    /// The fraction of pairs that overlap (exactly, of those not near touching).
    pub fn fraction(&self) -> f64 {
        let known: Vec<bool> = self.exact.iter().flatten().copied().collect();
        known.iter().filter(|&&o| o).count() as f64 / known.len().max(1) as f64
    }

    /// The polygon's outline in the world (f64), from the f32 values septa uses: its local
    /// points, and its pose's translation and rotation (cosine and sine as septa computed them).
    fn world_outline(&self) -> Vec<DVec2> {
        let place = world(self.pose);
        self.outline.iter().map(|&p| place(p)).collect()
    }

    /// Box `i`'s corners in the world (f64, as septa has it), its half extents changed by `grow`.
    fn world_box(&self, i: usize, grow: f64) -> [DVec2; 4] {
        let h = self.boxes[i].half_extents().as_dvec2() + DVec2::splat(grow);
        let place = world(self.box_poses[i]);
        [DVec2::new(-h.x, -h.y), DVec2::new(h.x, -h.y), DVec2::new(h.x, h.y), DVec2::new(-h.x, h.y)]
            .map(place)
    }

    /// Does box `i` overlap the polygon, with a margin: `Some(true)` when the box shrunk by
    /// [`NEAR`] still does, `Some(false)` when the box grown by [`NEAR`] does not, `None` (near
    /// touching) otherwise.
    fn exact_verdict(&self, i: usize) -> Option<bool> {
        let outline = self.world_outline();
        if interiors_meet(&outline, &self.world_box(i, -NEAR)) {
            Some(true)
        } else if !interiors_meet(&outline, &self.world_box(i, NEAR)) {
            Some(false)
        } else {
            None
        }
    }
}

/// The map from a pose's local frame to the world, in f64 from its f32 values.
fn world(pose: Pose) -> impl Fn(DVec2) -> DVec2 {
    let (c, s) = (pose.rotation.apply(Vec2::X).as_dvec2(), pose.rotation.apply(Vec2::Y).as_dvec2());
    let t = pose.translation.as_dvec2();
    move |p: DVec2| c * p.x + s * p.y + t
}

/// Do the interiors of a simple polygon and a convex quadrilateral (both counter-clockwise)
/// meet? In general position: when an edge of one properly crosses an edge of the other, or one
/// holds a corner of the other. (Touching configurations are what the margin of
/// [`CollideSet::exact_verdict`] keeps out.)
pub fn interiors_meet(polygon: &[DVec2], quad: &[DVec2; 4]) -> bool {
    let turn = |p: DVec2, q: DVec2, r: DVec2| (q - p).perp_dot(r - p);
    let n = polygon.len();
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        for j in 0..4 {
            let (c, d) = (quad[j], quad[(j + 1) % 4]);
            if turn(a, b, c) * turn(a, b, d) < 0.0 && turn(c, d, a) * turn(c, d, b) < 0.0 {
                return true;
            }
        }
    }
    let in_quad = |p: DVec2| (0..4).all(|j| turn(quad[j], quad[(j + 1) % 4], p) > 0.0);
    polygon.iter().any(|&p| in_quad(p)) || quad.iter().any(|&p| winding(polygon, p) != 0)
}

/// The winding number of a closed polygon around `p` (`p` not on it).
fn winding(polygon: &[DVec2], p: DVec2) -> i32 {
    let n = polygon.len();
    let mut w = 0;
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        let side = (b - a).perp_dot(p - a);
        if a.y <= p.y && b.y > p.y && side > 0.0 {
            w += 1;
        } else if a.y > p.y && b.y <= p.y && side < 0.0 {
            w -= 1;
        }
    }
    w
}

/// How a contestant goes through the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// `septa::concave`.
    Concave,
    /// Every piece with `septa::collide`.
    Pieces,
    /// Every piece whose box meets the box's.
    PiecesBounds,
}

/// One contestant on the set (the set borrowed, so the three share one copy of the shapes).
pub struct Contestant<'a> {
    set: &'a CollideSet,
    way: Way,
}

/// The three contestants, in [`NAMES`] order.
pub fn contestants(set: &CollideSet) -> Vec<Box<dyn Implementation + '_>> {
    [Way::Concave, Way::Pieces, Way::PiecesBounds]
        .into_iter()
        .map(|way| Box::new(Contestant { set, way }) as Box<dyn Implementation + '_>)
        .collect()
}

/// The checksum of one manifold.
#[inline]
fn fold(m: &septa::Manifold) -> f32 {
    let mut sum = m.normal.x + m.normal.y;
    for p in m.points() {
        sum += p.point.x + p.point.y + p.depth;
    }
    sum
}

impl Contestant<'_> {
    /// The box of pair `i` in the shape's local frame, as a bounding box.
    #[inline]
    fn region(&self, i: usize) -> septa::concave::Bounds {
        let xf = self.set.pose.inv_mul(&self.set.box_poses[i]);
        let corners = self.set.boxes[i].vertices();
        let (mut min, mut max) = (Vec2::INFINITY, Vec2::NEG_INFINITY);
        for &c in corners {
            let p = xf.apply(c);
            min = min.min(p);
            max = max.max(p);
        }
        septa::concave::Bounds { min, max }
    }

    #[inline]
    fn overlaps(&self, i: usize) -> bool {
        let s = self.set;
        let (b, pose_b) = (&s.boxes[i], s.box_poses[i]);
        match self.way {
            Way::Concave => septa::concave::overlaps(&s.shape, s.pose, b, pose_b),
            Way::Pieces => s.shape.pieces().iter().any(|p| septa::overlaps(p.polygon(), s.pose, b, pose_b)),
            Way::PiecesBounds => {
                let region = self.region(i);
                s.shape
                    .pieces()
                    .iter()
                    .any(|p| p.bounds().overlaps(&region) && septa::overlaps(p.polygon(), s.pose, b, pose_b))
            }
        }
    }

    /// Runs `collide` on pair `i`, calling `visit` with each manifold.
    #[inline]
    fn collide(&self, i: usize, mut visit: impl FnMut(&septa::Manifold)) {
        let s = self.set;
        let (b, pose_b) = (&s.boxes[i], s.box_poses[i]);
        match self.way {
            Way::Concave => {
                for m in &septa::concave::collide(&s.shape, s.pose, b, pose_b) {
                    visit(&m.manifold);
                }
            }
            Way::Pieces => {
                for p in s.shape.pieces() {
                    if let Some(m) = &septa::collide(p.polygon(), s.pose, b, pose_b) {
                        visit(m);
                    }
                }
            }
            Way::PiecesBounds => {
                let region = self.region(i);
                for p in s.shape.pieces() {
                    if p.bounds().overlaps(&region) {
                        if let Some(m) = &septa::collide(p.polygon(), s.pose, b, pose_b) {
                            visit(m);
                        }
                    }
                }
            }
        }
    }
}

impl Implementation for Contestant<'_> {
    fn name(&self) -> &'static str {
        match self.way {
            Way::Concave => NAMES[0],
            Way::Pieces => NAMES[1],
            Way::PiecesBounds => NAMES[2],
        }
    }

    fn supports(&self, op: Op) -> bool {
        matches!(op, Op::Overlaps | Op::Collide)
    }

    fn run(&mut self, op: Op, range: Range<usize>) -> f32 {
        let mut sum = 0.0f32;
        match op {
            Op::Collide => {
                for i in range {
                    self.collide(i, |m| sum += fold(m));
                }
            }
            _ => {
                for i in range {
                    sum += self.overlaps(i) as u32 as f32;
                }
            }
        }
        sum
    }

    /// `overlaps`: the verdict. `collide`: whether any manifold came, and the deepest point's
    /// depth over all of them.
    fn answer(&mut self, op: Op, i: usize) -> Answer {
        match op {
            Op::Collide => {
                let mut deepest: Option<f32> = None;
                self.collide(i, |m| deepest = Some(deepest.unwrap_or(0.0).max(m.depth())));
                Answer::depth(deepest)
            }
            _ => Answer::boolean(self.overlaps(i)),
        }
    }
}

/// The collide set's cross-check.
#[derive(Clone, Debug, Default)]
pub struct Check {
    /// Pairs not near touching.
    pub compared: usize,
    /// Per contestant and query: verdicts that differ from the exact answer (pairs compared).
    pub against_exact: Vec<(&'static str, Op, usize)>,
    /// Pairs (of all) where `septa-concave` and `septa-pieces` give different verdicts, per query.
    pub concave_vs_pieces: Vec<(Op, usize)>,
    /// Pairs (of all) where `septa-pieces-bounds` differs from `septa-pieces` (verdicts or
    /// deepest depth).
    pub bounds_vs_pieces: usize,
    /// Overlapping pairs whose every touching piece pair kept septa's manifold (no ghost
    /// correction, nothing set aside): their deepest depth must be the deepest piece
    /// manifold's, within [`DEPTH_TOLERANCE`] (`differ` must be 0).
    pub plain: Versus,
    /// Overlapping pairs where some piece pair's ghost normal was corrected (none set aside).
    pub corrected: Versus,
    /// Overlapping pairs where some piece pair gave no admissible contact and was set aside
    /// (a box sunk deep, or reaching a piece only across cuts).
    pub interior: Versus,
}

/// How `septa-concave`'s deepest depth compares with the deepest of `septa-pieces`' manifolds,
/// over some pairs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Versus {
    /// Pairs.
    pub pairs: usize,
    /// Deeper by more than [`DEPTH_TOLERANCE`].
    pub deeper: usize,
    /// Shallower by more than [`DEPTH_TOLERANCE`].
    pub shallower: usize,
    /// The largest difference either way.
    pub most: f32,
}

impl Versus {
    fn add(&mut self, concave: f32, pieces: f32) {
        self.pairs += 1;
        self.deeper += (concave > pieces + DEPTH_TOLERANCE) as usize;
        self.shallower += (concave < pieces - DEPTH_TOLERANCE) as usize;
        self.most = self.most.max((concave - pieces).abs());
    }

    fn differ(&self) -> usize {
        self.deeper + self.shallower
    }

    fn summary(&self) -> String {
        format!(
            "{} pairs, {} deeper, {} shallower (by up to {:.3})",
            self.pairs, self.deeper, self.shallower, self.most
        )
    }
}

impl Check {
    /// Disagreements that abort the run.
    pub fn failures(&self) -> usize {
        self.against_exact.iter().map(|r| r.2).sum::<usize>()
            + self.concave_vs_pieces.iter().map(|r| r.1).sum::<usize>()
            + self.bounds_vs_pieces
            + self.plain.differ()
    }

    /// A few lines for the console.
    pub fn summary(&self) -> String {
        let mut out = format!("    verdicts against the exact answer ({} pairs compared):", self.compared);
        for (name, op, wrong) in &self.against_exact {
            out += &format!(" {name} {}: {wrong};", op.name());
        }
        out += "\n    septa-concave vs septa-pieces, every pair:";
        for (op, wrong) in &self.concave_vs_pieces {
            out += &format!(" {} verdicts {wrong};", op.name());
        }
        out += &format!(" septa-pieces-bounds vs septa-pieces: {} differences\n", self.bounds_vs_pieces);
        out += &format!(
            "    deepest depth of septa-concave vs septa-pieces (overlapping pairs): all piece pairs kept \
             septa's manifold: {}; some ghost normal corrected: {}; some piece pair set aside as \
             interior: {}\n",
            self.plain.summary(),
            self.corrected.summary(),
            self.interior.summary()
        );
        out
    }
}

/// Cross-checks the contestants on every pair.
pub fn check(set: &CollideSet) -> Check {
    let mut impls = contestants(set);
    let mut report = Check { compared: set.exact.iter().flatten().count(), ..Check::default() };
    for imp in impls.iter_mut() {
        for op in [Op::Overlaps, Op::Collide] {
            let wrong = (0..set.len())
                .filter(|&i| set.exact[i].is_some_and(|exact| imp.answer(op, i).overlaps != exact))
                .count();
            report.against_exact.push((imp.name(), op, wrong));
        }
    }
    for op in [Op::Overlaps, Op::Collide] {
        let wrong =
            (0..set.len()).filter(|&i| impls[0].answer(op, i).overlaps != impls[1].answer(op, i).overlaps);
        report.concave_vs_pieces.push((op, wrong.count()));
    }
    report.bounds_vs_pieces = (0..set.len())
        .filter(|&i| {
            [Op::Overlaps, Op::Collide].iter().any(|&op| impls[2].answer(op, i) != impls[1].answer(op, i))
        })
        .count();
    for i in 0..set.len() {
        let (Some(concave), Some(pieces)) =
            (impls[0].answer(Op::Collide, i).depth, impls[1].answer(Op::Collide, i).depth)
        else {
            continue;
        };
        let trace = septa::concave::trace(&set.shape, set.pose, &set.boxes[i], set.box_poses[i]);
        let outcome = |f: fn(&PairOutcome) -> bool| trace.pairs.iter().any(|p| f(&p.outcome));
        if outcome(|o| matches!(o, PairOutcome::Interior(_))) {
            report.interior.add(concave, pieces);
        } else if outcome(|o| matches!(o, PairOutcome::Corrected { .. })) {
            report.corrected.add(concave, pieces);
        } else {
            report.plain.add(concave, pieces);
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interiors_meet_by_hand() {
        let p = |x, y| DVec2::new(x, y);
        // An L: the unit squares at (0,0), (1,0), (0,1).
        let l = [p(0.0, 0.0), p(2.0, 0.0), p(2.0, 1.0), p(1.0, 1.0), p(1.0, 2.0), p(0.0, 2.0)];
        let quad =
            |x: f64, y: f64, h: f64| [p(x - h, y - h), p(x + h, y - h), p(x + h, y + h), p(x - h, y + h)];
        assert!(interiors_meet(&l, &quad(0.5, 0.5, 0.1))); // inside, no crossing
        assert!(interiors_meet(&l, &quad(1.0, 1.0, 5.0))); // around it
        assert!(interiors_meet(&l, &quad(2.0, 0.5, 0.2))); // across an edge
        assert!(!interiors_meet(&l, &quad(1.5, 1.5, 0.4))); // in the notch
        assert!(!interiors_meet(&l, &quad(3.0, 3.0, 0.5)));
        assert!(interiors_meet(&l, &quad(1.5, 1.5, 0.6))); // the notch's corner pokes in
    }

    #[test]
    fn small_set_agrees() {
        let set = CollideSet::generate(600, 17);
        assert_eq!(set.shape.pieces().len(), PIECES);
        let fraction = set.fraction();
        assert!((0.3..0.9).contains(&fraction), "{fraction}");
        let seams = set.placements.iter().filter(|p| p.at_seam).count();
        assert!(seams > 100, "{seams}");
        let check = check(&set);
        assert_eq!(check.failures(), 0, "{}", check.summary());
        assert!(
            check.compared > 550 && check.plain.pairs > 100 && check.corrected.pairs > 20,
            "{}",
            check.summary()
        );
    }
}
