//! The owl's static look at a dragon: its eye spaces with their values
//! and vital points, the enemy strings it can eat, and whether it has
//! room to run.
//!
//! An enemy string is *dead* here when it has one liberty, or two and
//! the tactical reader captures it and finds no defence, or three or four
//! in a pocket of our stones no bigger than an eye space and the reader
//! captures it with no defence; a dead string is part of the eye space
//! around it. An eye space ("region") is a
//! connected set of dead enemy stones and empty points, each empty one
//! next to no live enemy stone and next to a stone of ours or to two
//! points that are, that touches the dragon; regions of more than 16 points are
//! open space (room to run), not eyes. Empty points next to a region or
//! to the dragon but outside every region are *margins*: the attacker can
//! push in there.
//!
//! A region is valued by its shape (the classical nakade shapes, the
//! topological rule for one and two points, seven or more points two
//! eyes); when it has margins its pessimistic count (eyes with the
//! attacker to move) is the value of what is left after pushing three
//! points in from the margins.

use crate::go::board::{Color, Position};
use crate::go::eye_shape::{evaluate_shape_cached, EnemyString, ShapeCache, Surroundings};
use crate::go::eyes::EyeValue;
use crate::go::liberties::liberties_by_order;
use crate::go::reading::point_set::PointSet;
use crate::go::reading::{self, Code, ReadingLimits};
use smallvec::SmallVec;

/// The static facts about a dragon in one position.
#[derive(Clone, Debug, Default)]
pub struct Life {
    /// The combined value of the dragon's eye spaces.
    pub eyes: EyeValue,
    /// Vital points for the attacker, best first.
    pub attack_points: Vec<usize>,
    /// Vital points for the defender, best first.
    pub defense_points: Vec<usize>,
    /// The empty points of the regions, larger regions first.
    pub region_points: Vec<usize>,
    /// The margins of the regions and of the dragon.
    pub margins: Vec<usize>,
    /// Adjacent enemy strings in atari or tactically capturable, with the
    /// capturing move.
    pub lunches: Vec<(usize, usize)>,
    /// The most liberties of order 4 among the dragon's strings.
    pub escape: usize,
    /// The tactical reader's defences of the lunches that can still be
    /// saved (candidates for the attacker).
    pub lunch_saves: Vec<usize>,
    /// Liberties of the weak strings of the dragon's colour, outside the
    /// dragon, that bound its eye spaces (taking them spoils an eye).
    pub weak_walls: Vec<usize>,
    /// True when a lunch can still be defended (it is not counted in the
    /// eye space yet).
    pub live_lunch: bool,
    /// True when one of the dragon's strings is in atari.
    pub in_atari: bool,
    /// True when the dragon touches open space (a region too big to be
    /// an eye space).
    pub open: bool,
}

/// The regions bigger than this count as two eyes whatever their shape.
const BIG_REGION: usize = 7;

/// How many steps into a region from a margin the attacker may push
/// in the pessimistic count.
const PUSH_DEPTH: usize = 3;

/// The regions bigger than this are open space, not eye space.
const OPEN_REGION: usize = 16;

/// Regions (with their margins) of up to this many empty points are
/// valued by the eye-space search ([`crate::go::eye_shape`]); bigger ones
/// by shape and pushing in. Measured 8 against 7: ld_owl.tst +1 (47),
/// owl.tst +6 -2, owl.tst about 20% slower. Counting empty points only
/// (dead stones inside free): ld_owl.tst dragon_status +2 (4, 192),
/// owl.tst +1 (160), both about 40% slower; all points up to 9: ld_owl
/// +3 -2 and four times slower.
const SEARCH_REGION: usize = 8;

/// The owl's cheap view of the strings around an eye space: every stone
/// of the dragon's colour is wall unless in atari outside the dragon; an
/// enemy string is dead or contested as the look at the node found it,
/// contested at its liberty when in atari, else safe.
struct NodeView<'a> {
    goal: &'a [bool],
    tactics: &'a [Option<EnemyString>],
}

impl Surroundings for NodeView<'_> {
    fn wall(&self, pos: &Position, q: usize) -> bool {
        self.goal[q] || pos.count_liberties(q) >= 2
    }

    fn enemy(&self, pos: &Position, q: usize) -> EnemyString {
        if let Some(t) = self.tactics[q] {
            return t;
        }
        let libs = pos.liberties(q);
        match libs[..] {
            [l] => EnemyString::Contested(Some(l)),
            _ => EnemyString::Safe,
        }
    }
}

/// The stones of the strings of `color` holding a stone of `goal`.
pub fn expand_goal(pos: &Position, goal: &[usize]) -> Vec<bool> {
    let mut mask = vec![false; pos.area()];
    for &g in goal {
        if pos.get(g).is_some() && !mask[g] {
            for s in pos.string(g) {
                mask[s] = true;
            }
        }
    }
    mask
}

/// Looks at the dragon whose stones are marked in `goal` (all of one
/// colour, `color`); eye spaces searched before are taken from `shapes`.
pub fn analyze(
    pos: &Position,
    goal: &[bool],
    color: Color,
    limits: &ReadingLimits,
    shapes: &mut ShapeCache,
) -> Life {
    let enemy = color.other();
    let area = pos.area();
    let mut life = Life::default();
    // Enemy strings next to the dragon: dead ones, and lunches.
    let mut dead = vec![false; area];
    let mut tactics: Vec<Option<EnemyString>> = vec![None; area];
    let mut seen = vec![false; area];
    let near_goal: Vec<usize> = (0..area)
        .filter(|&v| goal[v])
        .flat_map(|v| pos.neighbors(v))
        .collect();
    let mut candidates: Vec<usize> = near_goal
        .iter()
        .copied()
        .filter(|&q| pos.get(q) == Some(enemy))
        .collect();
    // Lone enemy stones one step away (inside the eye space) too.
    for &q in &near_goal {
        if pos.get(q).is_none() {
            for r in pos.neighbors(q) {
                if pos.get(r) == Some(enemy) && pos.neighbors(r).all(|x| pos.get(x) != Some(enemy))
                {
                    candidates.push(r);
                }
            }
        }
    }
    for q in candidates {
        if seen[q] {
            continue;
        }
        let stones = pos.string(q);
        for &s in &stones {
            seen[s] = true;
        }
        let libs = pos.liberties(q);
        let touches_goal = stones.iter().any(|&s| pos.neighbors(s).any(|x| goal[x]));
        if libs.len() > 2 {
            // A string of three or four liberties in a pocket of ours
            // that the reader captures with no defence is dead too, and a
            // lunch next to the dragon (GNU Go's owl counts every
            // capturable neighbour as a lunch).
            if libs.len() <= 4 && enclosed(pos, &stones, color) {
                let a = reading::attack(pos, q, limits).expect("a stone");
                if a.code != Code::Lose
                    && reading::find_defense(pos, q, limits).expect("a stone").code == Code::Lose
                {
                    for &s in &stones {
                        dead[s] = true;
                        tactics[s] = Some(EnemyString::Dead);
                    }
                    if let Some(m) = a.point.filter(|_| touches_goal) {
                        life.lunches.push((q, m));
                    }
                }
            }
            continue;
        }
        let mut save = None;
        let (is_dead, capture) = if libs.len() == 1 {
            (!pos.is_ko_point(q) || stones.len() > 1, Some(libs[0]))
        } else {
            let a = reading::attack(pos, q, limits).expect("a stone");
            if a.code == Code::Lose {
                (false, None)
            } else {
                let d = reading::find_defense(pos, q, limits).expect("a stone");
                save = d.point;
                (d.code == Code::Lose, a.point)
            }
        };
        if is_dead && (touches_goal || stones.len() <= 2) {
            for &s in &stones {
                dead[s] = true;
            }
        }
        let t = match (is_dead, capture) {
            (true, _) => EnemyString::Dead,
            // A stone in atari that is not dead is taken by a ko capture.
            (false, Some(m)) if libs.len() == 1 => EnemyString::CapturedByKo(Some(m)),
            (false, Some(m)) => EnemyString::Contested(Some(m)),
            (false, None) => EnemyString::Safe,
        };
        for &s in &stones {
            tactics[s] = Some(t);
        }
        if touches_goal {
            if let Some(m) = capture {
                life.lunches.push((q, m));
                if !is_dead {
                    life.live_lunch = true;
                    if let Some(m) = save {
                        life.lunch_saves.push(m);
                    }
                }
            }
        }
    }
    let live_enemy = |v: usize| pos.get(v) == Some(enemy) && !dead[v];
    let own = |v: usize| pos.get(v) == Some(color);
    let near_own: Vec<bool> = (0..area)
        .map(|v| own(v) || pos.neighbors(v).any(own))
        .collect();
    // A point of the eye space is a dead enemy stone, or an empty point
    // touching our stones or two points that do (or a stone of ours
    // diagonally and one such point). A dead stone in the corner of a
    // space counts though only one of its neighbours is near us.
    let inner: Vec<bool> = (0..area)
        .map(|v| {
            dead[v]
                || pos.get(v).is_none()
                    && !pos.neighbors(v).any(live_enemy)
                    && (near_own[v] && pos.neighbors(v).any(own)
                        || pos.neighbors(v).filter(|&q| near_own[q]).count() >= 2)
        })
        .collect();
    // Regions touching the dragon.
    let mut region_of = vec![usize::MAX; area];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for start in 0..area {
        if !inner[start] || region_of[start] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut pts = vec![start];
        region_of[start] = id;
        let mut i = 0;
        while i < pts.len() {
            for q in pos.neighbors(pts[i]) {
                if inner[q] && region_of[q] == usize::MAX {
                    region_of[q] = id;
                    pts.push(q);
                }
            }
            i += 1;
        }
        pts.sort_unstable();
        regions.push(pts);
    }
    let margin = |v: usize| pos.get(v).is_none() && !inner[v];
    let mut values = Vec::new();
    for pts in regions.iter() {
        if !pts.iter().any(|&p| pos.neighbors(p).any(|q| goal[q])) {
            continue;
        }
        if pts.len() > OPEN_REGION {
            // Open space, not an eye: the dragon may run there.
            life.open = true;
            for &p in pts {
                if pos.get(p).is_none() && pos.neighbors(p).any(|q| goal[q]) {
                    life.margins.push(p);
                }
            }
            continue;
        }
        let margins: Vec<usize> = pts
            .iter()
            .flat_map(|&p| pos.neighbors(p))
            .filter(|&q| margin(q))
            .collect();
        for &m in &margins {
            if !life.margins.contains(&m) {
                life.margins.push(m);
            }
        }
        let mut space: Vec<usize> = pts.iter().chain(margins.iter()).copied().collect();
        space.sort_unstable();
        space.dedup();
        // Dead enemy stones inside do not count against the search's size.
        let empties = space.iter().filter(|&&p| pos.get(p).is_none()).count();
        if empties <= SEARCH_REGION {
            let view = NodeView {
                goal,
                tactics: &tactics,
            };
            let marginal = |p: usize| pts.binary_search(&p).is_err();
            if let Some(sv) = evaluate_shape_cached(pos, &view, color, &space, marginal, shapes) {
                let v = Shape {
                    value: sv.value,
                    attack: sv.vital_attack.into_iter().collect(),
                    defense: sv.vital_defense.into_iter().collect(),
                };
                values.push((pts.len(), v, pts.clone()));
                continue;
            }
        }
        let mut v = shape_value(pos, pts, color, &dead);
        if !margins.is_empty() {
            // Points within two steps of a margin (inside the region) are
            // the attacker's to push into.
            let mut pushed: Vec<usize> = margins.clone();
            for _ in 0..PUSH_DEPTH {
                let next: Vec<usize> = pts
                    .iter()
                    .copied()
                    .filter(|&p| {
                        !pushed.contains(&p) && pos.neighbors(p).any(|q| pushed.contains(&q))
                    })
                    .collect();
                pushed.extend(next);
            }
            let rest: Vec<usize> = pts
                .iter()
                .copied()
                .filter(|p| !pushed.contains(p))
                .collect();
            let pess = if rest.is_empty() {
                Shape::default()
            } else {
                let parts = components(pos, &rest);
                let mut total = Shape::default();
                // Parts cut off from the dragon by the push are not its eyes.
                for part in parts
                    .into_iter()
                    .filter(|part| part.iter().any(|&p| pos.neighbors(p).any(|q| goal[q])))
                {
                    total.value = total
                        .value
                        .combine(shape_value(pos, &part, color, &dead).value);
                }
                total
            };
            if pess.value.b < v.value.b {
                v.value.a = v.value.a.min(pess.value.a);
                v.value.b = pess.value.b;
                // The attacker pushes in from a margin next to the region.
                let entry: Vec<usize> = margins.clone();
                v.attack.extend(entry.iter().copied());
                v.defense.extend(
                    pts.iter()
                        .copied()
                        .filter(|&p| pos.neighbors(p).any(|q| margins.contains(&q))),
                );
            }
        }
        values.push((pts.len(), v, pts.clone()));
    }
    for (_, _, pts) in &values {
        for q in pts.iter().flat_map(|&p| pos.neighbors(p)) {
            if own(q) && !goal[q] {
                let libs = pos.liberties(q);
                if libs.len() <= 2 {
                    for l in libs {
                        if !life.weak_walls.contains(&l) {
                            life.weak_walls.push(l);
                        }
                    }
                }
            }
        }
    }
    values.sort_by_key(|(n, _, _)| std::cmp::Reverse(*n));
    for (_, v, pts) in values {
        life.eyes = life.eyes.combine(v.value);
        for p in v.attack {
            if !life.attack_points.contains(&p) {
                life.attack_points.push(p);
            }
        }
        for p in v.defense {
            if !life.defense_points.contains(&p) {
                life.defense_points.push(p);
            }
        }
        life.region_points
            .extend(pts.iter().copied().filter(|&p| pos.get(p).is_none()));
    }
    // Liberties of the dragon that lie outside its regions are margins
    // too (where it may run or be surrounded).
    for (v, &is_inner) in inner.iter().enumerate() {
        if pos.get(v).is_none()
            && !is_inner
            && pos.neighbors(v).any(|q| goal[q])
            && !life.margins.contains(&v)
        {
            life.margins.push(v);
        }
    }
    let mut counted = vec![false; area];
    for v in 0..area {
        if goal[v] && !counted[v] {
            for s in pos.string(v) {
                counted[s] = true;
            }
            let orders = liberties_by_order(pos, v);
            life.escape = life.escape.max(orders[3]);
            life.in_atari |= orders[0] == 1;
        }
    }
    life
}

/// True when the enemy string `stones` sits in a pocket of `color`'s
/// stones: what can be reached from it without crossing one of them (empty
/// points and its own stones, no other enemy string) is no bigger than an
/// eye space ([`OPEN_REGION`] points).
fn enclosed(pos: &Position, stones: &[usize], color: Color) -> bool {
    // The walk stops after OPEN_REGION points, so its stack stays short:
    // no allocation at the owl's nodes.
    let mut seen = PointSet::default();
    let mut stack: SmallVec<[usize; 32]> = stones.iter().copied().collect();
    for &s in stones {
        seen.insert(s);
    }
    let mut count = 0;
    while let Some(p) = stack.pop() {
        count += 1;
        if count > OPEN_REGION {
            return false;
        }
        for q in pos.neighbors(p) {
            if seen.contains(q) || pos.get(q) == Some(color) {
                continue;
            }
            // Not ours and not yet seen: empty, or another enemy string.
            if pos.get(q).is_some() {
                return false;
            }
            seen.insert(q);
            stack.push(q);
        }
    }
    true
}

/// A region's value with its vital points.
#[derive(Clone, Debug, Default)]
struct Shape {
    value: EyeValue,
    attack: Vec<usize>,
    defense: Vec<usize>,
}

/// The connected parts of `points` (sorted).
pub(super) fn components(pos: &Position, points: &[usize]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; pos.area()];
    let mut out = Vec::new();
    for &start in points {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut part = vec![start];
        let mut i = 0;
        while i < part.len() {
            for q in pos.neighbors(part[i]) {
                if !seen[q] && points.binary_search(&q).is_ok() {
                    seen[q] = true;
                    part.push(q);
                }
            }
            i += 1;
        }
        part.sort_unstable();
        out.push(part);
    }
    out
}

/// The diagonal sum of the topological rule at `v` for an eye of
/// `owner`: 2 per live enemy stone, 1 per empty point the enemy can play
/// without being in atari, and the edge counts 2.
fn diagonal_sum(pos: &Position, v: usize, owner: Color, dead: &[bool]) -> (u8, Vec<usize>) {
    let enemy = owner.other();
    let mut value = 0u8;
    let mut off = 0u8;
    let mut contested = Vec::new();
    for d in 4..8 {
        let Some(q) = pos.step(v, d) else {
            off += 1;
            continue;
        };
        match pos.get(q) {
            Some(c) if c == enemy && !dead[q] => {
                if pos.count_liberties(q) == 1 {
                    value += 1;
                    contested.push(pos.liberties(q)[0]);
                } else {
                    value += 2;
                }
            }
            Some(_) => {}
            None => {
                if pos.is_safe_move(enemy, q) {
                    value += 1;
                    contested.push(q);
                }
            }
        }
    }
    (value + off.min(2), contested)
}

/// The value of one connected region by its shape.
fn shape_value(pos: &Position, pts: &[usize], owner: Color, dead: &[bool]) -> Shape {
    let n = pts.len();
    let inside = |q: &usize| pts.binary_search(q).is_ok();
    let degree = |p: usize| pos.neighbors(p).filter(inside).count();
    let empty = |p: usize| pos.get(p).is_none();
    let mut s = Shape {
        value: EyeValue::flat(2),
        ..Shape::default()
    };
    if n >= BIG_REGION {
        return s;
    }
    let nakade = |s: &mut Shape, vital: usize| {
        if empty(vital) {
            s.value = EyeValue {
                a: 1,
                b: 1,
                c: 2,
                d: 2,
            };
            s.attack.push(vital);
            s.defense.push(vital);
        } else {
            s.value = EyeValue::flat(1);
        }
    };
    let max_deg = pts.iter().map(|&p| degree(p)).max().unwrap_or(0);
    let with_deg = |d: usize| pts.iter().copied().find(|&p| degree(p) == d);
    let square = pts.iter().any(|&p| {
        [pos.step(p, 3), pos.step(p, 0), pos.step(p, 7)]
            .iter()
            .all(|q| q.is_some_and(|q| inside(&q)))
    });
    match n {
        1 | 2 => {
            let best = pts
                .iter()
                .map(|&p| (diagonal_sum(pos, p, owner, dead), p))
                .min_by_key(|((v, _), _)| *v)
                .expect("a point");
            let ((sum, contested), _) = best;
            s.value = match sum {
                0..=2 => EyeValue::flat(1),
                3 => {
                    s.attack.extend(contested.iter().copied());
                    s.defense.extend(contested.iter().copied());
                    EyeValue {
                        a: 0,
                        b: 0,
                        c: 1,
                        d: 1,
                    }
                }
                _ => EyeValue::flat(0),
            };
        }
        3 => nakade(&mut s, with_deg(2).expect("a middle point")),
        4 if square => s.value = EyeValue::flat(1),
        4 if max_deg == 3 => nakade(&mut s, with_deg(3).expect("a centre")),
        5 if max_deg == 4 => nakade(&mut s, with_deg(4).expect("a centre")),
        5 if square => nakade(&mut s, with_deg(3).expect("a centre")),
        6 if square && max_deg == 4 && pts.iter().filter(|&&p| degree(p) == 4).count() == 1 => {
            nakade(&mut s, with_deg(4).expect("a centre"))
        }
        _ => {}
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;
    use crate::go::worms::tests::vertex as at;

    /// Black's corner with the six-point space A7-B9, White's stone
    /// played at A9: the stone is dead (two liberties, no defence) and
    /// belongs to the space though only B9 of its neighbours touches
    /// Black. Counted in, the space is one eye with White to move and
    /// two with Black (`1122`); left out, its neighbours would leave the
    /// attacker a way out and the look `0011` (GNU Go 3.8: `owl_attack`
    /// 0 on `ld_owl.tst` 45, the same corner).
    #[test]
    fn dead_stone_in_the_corner_is_eye_space() {
        let p = diagram(&[
            "O.X......",
            "..XO.....",
            "..XO.....",
            "XXXO.....",
            ".OOO.....",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let goal = expand_goal(&p, &[at(&p, "C9"), at(&p, "A6")]);
        let life = analyze(
            &p,
            &goal,
            Color::Black,
            &ReadingLimits::default(),
            &mut ShapeCache::default(),
        );
        assert_eq!(life.eyes.digits(), "1122");
        let mut points = life.region_points.clone();
        points.sort_unstable();
        let mut want: Vec<usize> = ["B9", "A8", "B8", "A7", "B7"]
            .iter()
            .map(|v| at(&p, v))
            .collect();
        want.sort_unstable();
        assert_eq!(points, want);
    }
}
