//! Dragons: strings amalgamated into groups that stand or fall together,
//! with their eyes, escape, lunch and a status from static analysis
//! (statuses that statics cannot settle come from owl reading, see
//! `go::owl`).
//!
//! Two strings of one colour join the same dragon when
//! - neither can be captured by the tactical reader, they form one of
//!   GNU Go 3.8's link shapes (`go::link_shapes`: a diagonal with
//!   one crossing point taken, a one- or two-point jump, a knight's or a
//!   large knight's move) whose empty points are not cutting points, and
//!   the connection reader (`go::connect::disconnect`) cannot cut
//!   them apart (GNU Go 3.8, built with experimental connections, joins
//!   no strings through eye spaces);
//! - neither can be captured and they stand three apart on the third
//!   line with the space between them and the edge open (no reading);
//! - they are the middle stone and the flank of the larger dragon
//!   (effective sizes) of a fragile double connection at a cutting point;
//! - both cannot be captured (or both are captured with no defense), and
//!   they share two or more liberties, or a liberty where the opponent
//!   would be in atari (or may not play);
//! - they touch the same enemy string that is in atari (not by a ko), or
//!   neither can be captured and they touch the same enemy string that
//!   the reader captures with no defense (capturing it joins them);
//! - both cannot be captured (or both are dead), they form a secure
//!   shape: a diagonal with both crossing points empty, or a one-point
//!   jump with an empty middle and no enemy stone beside it, and the
//!   connection reader cannot cut them apart;
//! - both can be captured and they form such a diagonal (the owl reads
//!   them as one, as GNU Go 3.8's connection patterns join them);
//!
//! never through a cutting point: an empty point that is a crossing point
//! or jump middle of two different links at once (one enemy move there
//! threatens two cuts), a point of a double cut (`go::double_cut`),
//! or a point of a cutting shape of that colour (`go::cut_shapes`).

use super::amalgamate::{amalgamate, Scope, UnionFind};
use super::board::{Color, Position};
use super::domains::Domains;
use super::eye_shape::ShapeCache;
use super::eyes::{evaluate, EyeSpace, EyeValue};
use super::owl::{owl_verdict, vital_points, OwlLimits, Verdict};
use super::reading::{Code, Outcome};
use super::unconditional::{unconditional_status, Unconditional};
use super::worms::Worms;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A dragon's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Safe: two sure eyes, room to run, or unconditionally alive.
    Alive,
    /// Cannot make two eyes and cannot run.
    Dead,
    /// Whoever plays first at the vital point decides.
    Critical,
    /// None of the above can be told statically.
    Unknown,
}

impl Status {
    /// The lower-case word GNU Go prints.
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Critical => "critical",
            Status::Unknown => "unknown",
        }
    }
}

/// The data of one dragon.
#[derive(Clone, Debug, PartialEq)]
pub struct Dragon {
    /// The stone colour.
    pub color: Color,
    /// The first stone in board order.
    pub origin: usize,
    /// The number of stones.
    pub size: usize,
    /// The sum of its worms' effective sizes.
    pub effective_size: f32,
    /// The origins of its worms, board order.
    pub worms: Vec<usize>,
    /// The combined value of its eye spaces.
    pub genus: EyeValue,
    /// A point that makes or destroys a half eye, if any.
    pub heye: Option<usize>,
    /// The most liberties of order 4 among its worms.
    pub escape_route: usize,
    /// An adjacent enemy string it can capture, if any.
    pub lunch: Option<usize>,
    /// The status.
    pub status: Status,
    /// The attacker's move when critical.
    pub attack_point: Option<usize>,
    /// The defender's move when critical.
    pub defense_point: Option<usize>,
}

/// How much of a dragon analysis is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Depth {
    /// Stones only: no eye values, statuses `Unknown`.
    Groups,
    /// Eye values and the static statuses.
    Static,
    /// Eye values, static statuses and owl reading for the rest.
    Owl,
}

/// The largest eye space whose value the dragons take from the eye-space
/// search ([`super::eye_shape`]); it grows fast with the size. 9 (as
/// `eval_eye`) against 8: ld_owl.tst dragon_status +5 -1 (corner spaces
/// of 9 points that shape rules took for two eyes).
const GENUS_SEARCH: usize = 9;

/// The escape route (liberties of order 4) from which a dragon counts as
/// able to run away.
pub const ESCAPE_ALIVE: usize = 5;

/// All dragons of a position, with distances.
#[derive(Clone, Debug)]
pub struct Dragons {
    /// Dragon index of every stone.
    index: Vec<Option<usize>>,
    /// The dragons, in board order of their origins.
    list: Vec<Dragon>,
    /// Distance to the nearest black / white stone over empty points.
    distance: [Vec<Option<usize>>; 2],
    /// The same from stones of dragons that are not dead.
    strategic: [Vec<Option<usize>>; 2],
    /// The strings whose dragons are the full analysis's.
    scope: Scope,
}

impl Dragons {
    /// Computes the dragons of `pos` from its worms, statuses by owl
    /// reading (`go::owl`).
    pub fn analyze(pos: &Position, worms: &Worms) -> Dragons {
        Dragons::analyze_with(pos, worms, Depth::Owl, Scope::all())
    }

    /// The same with static statuses only (no owl reading: a dragon that
    /// is not settled statically is `Unknown`).
    pub fn analyze_static(pos: &Position, worms: &Worms) -> Dragons {
        Dragons::analyze_with(pos, worms, Depth::Static, Scope::all())
    }

    /// The dragons' stones, size, escape and lunch only: no eye values
    /// (genus, heye, vital points) and every status `Unknown`.
    pub fn analyze_groups(pos: &Position, worms: &Worms) -> Dragons {
        Dragons::analyze_with(pos, worms, Depth::Groups, Scope::all())
    }

    /// [`Dragons::analyze_groups`] for the dragon of the stone at `v`
    /// and those near it: only the strings that the joining rules could
    /// link with `v`'s, through any chain of joins, are joined (the
    /// dragons of those strings are the full analysis's; every other
    /// string is left a dragon of its own). [`Dragons::is_exact_for`]
    /// tells which stones. Skips most of the connection reading when a
    /// question is about one dragon.
    pub fn analyze_groups_around(pos: &Position, worms: &Worms, v: usize) -> Dragons {
        let scope = Scope::around(pos, worms, v);
        Dragons::analyze_with(pos, worms, Depth::Groups, scope)
    }

    /// True when the stone at `v` has the dragon the full analysis gives
    /// it (every stone, but for [`Dragons::analyze_groups_around`]).
    pub fn is_exact_for(&self, v: usize) -> bool {
        self.scope.covers(v)
    }

    fn analyze_with(pos: &Position, worms: &Worms, depth: Depth, scope: Scope) -> Dragons {
        let mut sets = UnionFind::new(pos.area());
        amalgamate(pos, worms, &mut sets, &scope);
        let mut index = vec![None; pos.area()];
        let mut list: Vec<Dragon> = Vec::new();
        let uncond = unconditional_status(pos);
        let mut roots: Vec<Option<usize>> = vec![None; pos.area()];
        for (v, slot) in index.iter_mut().enumerate() {
            let Some(color) = pos.get(v) else { continue };
            let r = sets.find(v);
            let id = *roots[r].get_or_insert_with(|| {
                list.push(Dragon {
                    color,
                    origin: v,
                    size: 0,
                    effective_size: 0.0,
                    worms: Vec::new(),
                    genus: EyeValue::default(),
                    heye: None,
                    escape_route: 0,
                    lunch: None,
                    status: Status::Unknown,
                    attack_point: None,
                    defense_point: None,
                });
                list.len() - 1
            });
            *slot = Some(id);
            let d = &mut list[id];
            d.size += 1;
            let w = worms.at(v);
            if w.origin == v {
                d.worms.push(v);
                d.effective_size += w.effective_size;
                d.escape_route = d.escape_route.max(w.liberties4);
                if d.lunch.is_none() {
                    d.lunch = w.lunch;
                }
            }
        }
        let domains = Domains::analyze(pos, worms);
        let mut eye_points: Vec<Vec<usize>> = vec![Vec::new(); list.len()];
        let colors = if depth == Depth::Groups {
            &[][..]
        } else {
            &[Color::Black, Color::White][..]
        };
        for &color in colors {
            for space in domains.spaces(color) {
                let inner: Vec<usize> = space
                    .iter()
                    .copied()
                    .filter(|&p| !domains.is_marginal(color, p))
                    .collect();
                let mut owners: Vec<usize> = inner
                    .iter()
                    .flat_map(|&p| pos.neighbors(p))
                    .filter(|&q| pos.get(q) == Some(color))
                    .filter_map(|q| index[q])
                    .collect();
                owners.sort_unstable();
                owners.dedup();
                // Strings the reader can capture stay out of the dragons
                // around them; the eye space belongs to the others.
                if owners.len() > 1 {
                    let solid: Vec<usize> = owners
                        .iter()
                        .copied()
                        .filter(|&i| list[i].worms.iter().any(|&w| worms.at(w).attack_code == 0))
                        .collect();
                    if !solid.is_empty() {
                        owners = solid;
                    }
                }
                let [id] = owners[..] else { continue };
                eye_points[id].extend(inner.iter().copied());
                // Eye spaces up to GENUS_SEARCH points are valued by the
                // eye-space search, bigger ones by shape.
                let searched = (space.len() <= GENUS_SEARCH)
                    .then(|| {
                        super::eye_shape::evaluate_shape(pos, worms, color, space, |p| {
                            domains.is_marginal(color, p)
                        })
                    })
                    .flatten();
                // The static critical status takes the search's vital
                // points for the owl, `heye` the defence `eval_eye` gives.
                let (value, heye) = match searched {
                    Some(s) => (
                        EyeSpace {
                            owner: color,
                            points: space.to_vec(),
                            value: s.value,
                            attack: s.vital_attack,
                            defense: s.vital_defense,
                        },
                        s.defense,
                    ),
                    None => {
                        let v = evaluate(pos, worms, color, inner);
                        let heye = v.defense;
                        (v, heye)
                    }
                };
                let d = &mut list[id];
                d.genus = d.genus.combine(value.value);
                if value.value.b < value.value.c && d.heye.is_none() {
                    d.heye = heye;
                }
                if value.attack.is_some() && d.attack_point.is_none() {
                    d.attack_point = value.attack;
                    d.defense_point = value.defense;
                }
            }
        }
        let mut stones_of: Vec<Vec<usize>> = vec![Vec::new(); list.len()];
        for (id, d) in list.iter_mut().enumerate() {
            if depth == Depth::Groups {
                continue;
            }
            let stones: Vec<usize> = (0..pos.area()).filter(|&v| index[v] == Some(id)).collect();
            let outside = outside_liberties(pos, &stones, &eye_points[id]);
            d.status = status(d, worms, &uncond, outside);
            stones_of[id] = stones;
        }
        if depth == Depth::Owl {
            // The owl settles what the statics leave open, and it reads
            // the statics' critical dragons too: an eye space that looks
            // critical may still be alive or dead (owl oracle: status equal
            // to GNU Go's on alive dragons 1146 -> 1156, critical 233 ->
            // 225; ld_owl.tst +2). When the owl agrees, the statics'
            // eye-space points are named, shared as the owl's are.
            let jobs: Vec<usize> = (0..list.len())
                .filter(|&id| matches!(list[id].status, Status::Unknown | Status::Critical))
                .collect();
            let found = |point| Outcome {
                code: Code::Win,
                point,
            };
            let read = |k: usize, shapes: &mut ShapeCache| {
                let (d, stones) = (&list[jobs[k]], &stones_of[jobs[k]]);
                let limits = OwlLimits::default();
                match owl_verdict(pos, stones, &limits, shapes) {
                    Verdict::Settled(status) => (status, None, None),
                    Verdict::Critical { attack, defense } => {
                        let (attack, defense, both_ways) = if d.status == Status::Critical {
                            (found(d.attack_point), found(d.defense_point), false)
                        } else {
                            (attack, defense, true)
                        };
                        let (a, p) = vital_points(pos, stones, attack, defense, &limits, both_ways);
                        (Status::Critical, a, p)
                    }
                }
            };
            for (k, (status, a, p)) in on_all_cores(jobs.len(), read).into_iter().enumerate() {
                let d = &mut list[jobs[k]];
                (d.status, d.attack_point, d.defense_point) = (status, a, p);
            }
        }
        if depth != Depth::Groups {
            for d in list.iter_mut().filter(|d| d.status != Status::Critical) {
                d.attack_point = None;
                d.defense_point = None;
            }
        }
        let live = |v: usize| index[v].is_some_and(|i| list[i].status != Status::Dead);
        let distance = [Color::Black, Color::White].map(|c| distances(pos, c, |_| true));
        let strategic = [Color::Black, Color::White].map(|c| distances(pos, c, live));
        Dragons {
            index,
            list,
            distance,
            strategic,
            scope,
        }
    }

    /// The dragon of the stone at `v` (`None` for an empty point).
    pub fn at(&self, v: usize) -> Option<&Dragon> {
        self.index[v].map(|i| &self.list[i])
    }

    /// Every dragon, in board order of their origins.
    pub fn all(&self) -> &[Dragon] {
        &self.list
    }

    /// The stones of the dragon at `v`, board order (empty for an empty
    /// point).
    pub fn stones(&self, v: usize) -> Vec<usize> {
        let Some(id) = self.index[v] else {
            return Vec::new();
        };
        (0..self.index.len())
            .filter(|&p| self.index[p] == Some(id))
            .collect()
    }

    /// True when the stones at `a` and `b` belong to one dragon.
    pub fn same(&self, a: usize, b: usize) -> bool {
        self.index[a].is_some() && self.index[a] == self.index[b]
    }

    /// The distance from `v` to the nearest stone of `color` over empty
    /// points (0 on such a stone; `None` when no path exists). With
    /// `strategic` only stones of dragons that are not dead count.
    pub fn distance(&self, v: usize, color: Color, strategic: bool) -> Option<usize> {
        let table = if strategic {
            &self.strategic
        } else {
            &self.distance
        };
        table[color as usize][v]
    }
}

/// The status from the static facts, in this order: unconditionally alive
/// stones; a lone string the reader captures with no defense is dead; two
/// sure eyes is alive (when they stand two attacker moves, or the dragon
/// has a liberty outside its eye spaces); a decisive vital point is
/// critical, and owl reading confirms it; anything else unknown (left to
/// owl reading: a static "fewer than two eyes even moving first, no
/// lunch: dead" rule was dropped, the owl giving ld_owl.tst
/// dragon_status +3/-2 over it).
fn status(d: &Dragon, worms: &Worms, uncond: &[Unconditional], outside: usize) -> Status {
    if d.worms.iter().any(|&w| uncond[w] == Unconditional::Alive) {
        return Status::Alive;
    }
    if d.worms.len() == 1 {
        let w = worms.at(d.origin);
        if w.attack_code != 0 && w.defense_code == 0 {
            return Status::Dead;
        }
    }
    // Two eyes from the eye spaces alone are sure only with a liberty
    // outside them, or when they stand even two attacker moves: a dragon
    // whose every liberty is inside its eye space is short of liberties
    // (a big eye can then be reduced), and the owl reads it. Room to run
    // is left to the owl too: calling such dragons alive here missed 55
    // of 475 dragons GNU Go calls critical, and got 27 of 1205 alive ones.
    if d.genus.a >= 2 || (d.genus.b >= 2 && outside >= 1) {
        return Status::Alive;
    }
    if d.genus.c >= 2 && d.attack_point.is_some() {
        return Status::Critical;
    }
    // The rest is decided by owl reading (measured on ld_owl.tst:
    // dragon_status 37/99 with these static rules and the dead rule
    // first, 24/99 with owl reading for everything past the alive rule).
    Status::Unknown
}

/// `read(k, shapes)` for every `k` below `n`, in order, read on up to
/// as many threads as the machine has cores: the owl reads of one
/// position's dragons are independent, and every answer is the same on
/// any thread (the eye-space values in `shapes` are kept per thread).
fn on_all_cores<T: Send>(n: usize, read: impl Fn(usize, &mut ShapeCache) -> T + Sync) -> Vec<T> {
    let threads = crate::cores::cores().min(n);
    if threads <= 1 {
        let mut shapes = ShapeCache::default();
        return (0..n).map(|k| read(k, &mut shapes)).collect();
    }
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut shapes = ShapeCache::default();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= n {
                        break;
                    }
                    let answer = read(k, &mut shapes);
                    done.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(answer);
                }
            });
        }
    });
    done.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|a| a.expect("every job read"))
        .collect()
}

/// The liberties of a dragon's `stones` outside the eye spaces `eyes`
/// credited to it.
fn outside_liberties(pos: &Position, stones: &[usize], eyes: &[usize]) -> usize {
    let mut libs: Vec<usize> = stones
        .iter()
        .flat_map(|&v| pos.neighbors(v))
        .filter(|&q| pos.get(q).is_none() && !eyes.contains(&q))
        .collect();
    libs.sort_unstable();
    libs.dedup();
    libs.len()
}

/// Breadth-first distances from the stones of `color` accepted by
/// `source`, through empty points.
fn distances(pos: &Position, color: Color, source: impl Fn(usize) -> bool) -> Vec<Option<usize>> {
    let mut dist = vec![None; pos.area()];
    let mut queue = std::collections::VecDeque::new();
    for (v, slot) in dist.iter_mut().enumerate() {
        if pos.get(v) == Some(color) && source(v) {
            *slot = Some(0);
            queue.push_back(v);
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[p].expect("queued points have a distance");
        for q in pos.neighbors(p) {
            if pos.get(q).is_none() && dist[q].is_none() {
                dist[q] = Some(d + 1);
                queue.push_back(q);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    /// Jobs read on several threads come back in order, each once.
    #[test]
    fn every_job_comes_back_in_order() {
        for n in [0, 1, 2, 7, 40] {
            let got = on_all_cores(n, |k, _| k * k);
            assert_eq!(got, (0..n).map(|k| k * k).collect::<Vec<_>>());
        }
    }

    /// The rectangular six in the corner: two eyes by its shape, but
    /// with every liberty of the wall inside the eye space the dragon is
    /// short of liberties and is left to the owl (static `Unknown`); with
    /// a liberty outside (E9 empty) the shape rule calls it alive.
    #[test]
    fn genus_alive_needs_an_outside_liberty() {
        let rows = |top: &'static str| {
            diagram(&[
                top,
                "...XO....",
                "XXXXO....",
                "OOOOO....",
                ".........",
                ".........",
                "......O..",
                ".........",
                ".........",
            ])
        };
        let status_at = |p: &Position, v: usize| {
            let d = Dragons::analyze_static(p, &Worms::analyze(p));
            let dr = d.at(v).expect("a stone").clone();
            (dr.genus.digits(), dr.status)
        };
        let closed = rows("...XO....");
        let (genus, st) = status_at(&closed, 3);
        assert!(
            genus.starts_with('1') && genus.as_bytes()[1] == b'2',
            "{genus}"
        );
        assert_eq!(st, Status::Unknown);
        let open = rows("...X.O...");
        assert_eq!(status_at(&open, 3).1, Status::Alive);
    }

    /// The reference notes' transcript 1 (GNU Go 3.8): the black strings
    /// C4-D4-C3 and E3 form one dragon around the dead white D3; every
    /// other string is its own dragon.
    #[test]
    fn transcript_dragons() {
        let p = diagram(&[
            ".........",
            ".........",
            "......O..",
            ".........",
            "...O.....",
            "..XXO....",
            "..XOX....",
            ".........",
            ".........",
        ]);
        let w = Worms::analyze(&p);
        let d = Dragons::analyze(&p, &w);
        let (c4, e3, d3, e4) = (5 * 9 + 2, 6 * 9 + 4, 6 * 9 + 3, 5 * 9 + 4);
        assert!(d.same(c4, e3));
        assert!(!d.same(d3, e4));
        assert_eq!(d.all().len(), 5);
        assert_eq!(d.at(d3).unwrap().status, Status::Dead);
        assert_eq!(d.stones(c4), vec![c4, c4 + 1, 6 * 9 + 2, e3]);
        assert_eq!(d.distance(7 * 9 + 3, Color::White, false), Some(1));
        // Strategic: the dead D3 does not count; the nearest live white
        // stone is E4, five steps away by F4, F3, F2 and E2.
        assert_eq!(d.distance(7 * 9 + 3, Color::White, true), Some(5));
        // The stones-only analysis has the same dragons, no statuses.
        let g = Dragons::analyze_groups(&p, &w);
        assert_eq!(g.all().len(), 5);
        for v in [c4, e3, d3, e4] {
            assert_eq!(g.stones(v), d.stones(v));
            assert_eq!(g.at(v).unwrap().status, Status::Unknown);
        }
    }

    /// A one-point jump joins when the connection reader cannot cut it:
    /// black C3-E3 alone on a 9x9 board is one dragon (GNU Go 3.8 agrees,
    /// `disconnect` 0). On a 13x13 board with white stones at C10, K10,
    /// C3, K3, G11, G2, B7 and L7 the reader cuts black F7-H7 at G7 (GNU
    /// Go's `disconnect F7 H7` also answers `1 G7`, though its jump
    /// pattern keeps one dragon): two dragons; F7 and H8 (a knight's
    /// move) are two dragons as for GNU Go.
    #[test]
    fn jump_joins_when_reader_cannot_cut() {
        let mut open = Position::new(9).unwrap();
        open.set(6 * 9 + 2, Some(Color::Black));
        open.set(6 * 9 + 4, Some(Color::Black));
        assert!(Dragons::analyze(&open, &Worms::analyze(&open)).same(6 * 9 + 2, 6 * 9 + 4));
        let board = |h: usize| {
            let mut p = Position::new(13).unwrap();
            for v in [
                3 * 13 + 2,
                3 * 13 + 9,
                10 * 13 + 2,
                10 * 13 + 9,
                2 * 13 + 6,
                11 * 13 + 6,
                6 * 13 + 1,
                6 * 13 + 10,
            ] {
                p.set(v, Some(Color::White));
            }
            p.set(6 * 13 + 5, Some(Color::Black));
            p.set(h, Some(Color::Black));
            p
        };
        let p = board(6 * 13 + 7);
        assert!(!Dragons::analyze(&p, &Worms::analyze(&p)).same(6 * 13 + 5, 6 * 13 + 7));
        let q = board(5 * 13 + 7);
        assert!(!Dragons::analyze(&q, &Worms::analyze(&q)).same(6 * 13 + 5, 5 * 13 + 7));
    }

    /// A double diagonal C5-D4-E5 with white stones around: D5 is the
    /// crossing point of both links, so a white stone there threatens two
    /// cuts and neither diagonal counts; C5-D4 alone (E5 moved to F5)
    /// is one dragon.
    #[test]
    fn cutting_point_blocks_links() {
        let rows = |e5: &str| {
            diagram(&[
                ".......", "...O...", e5, "...X...", "..O.O..", ".......", ".......",
            ])
        };
        let p = rows("O.X.X.O");
        let d = Dragons::analyze(&p, &Worms::analyze(&p));
        assert!(!d.same(2 * 7 + 2, 3 * 7 + 3));
        assert!(!d.same(2 * 7 + 4, 3 * 7 + 3));
        let q = rows("O.X..XO");
        let d = Dragons::analyze(&q, &Worms::analyze(&q));
        assert!(d.same(2 * 7 + 2, 3 * 7 + 3));
    }
}
