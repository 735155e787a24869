//! Connection reading: can two strings of one colour be kept together, or
//! be cut apart? A small depth-limited minimax over the points between
//! them, in the spirit of GNU Go's connection reader (`readconnect.c`;
//! facts only, own code).
//!
//! Inside the search two strings count as connected when they are one
//! string, or when they share two liberties, both have two or more, and
//! the cutter is to move. They count as cut when one of them is captured
//! or is in atari with the cutter to move, when the depth or the node
//! budget runs out, or when none of the connector's moves works (and
//! connected when the cutter has no legal move to try). At the
//! root a move is always asked for unless the strings are already one
//! (success with no move) or one is gone. The moves tried, for
//! both sides: the shared liberties, the liberties of one string next to
//! a liberty of the other, the last liberty of an enemy string in atari
//! next to either string, and the liberties of a string short of them.

use super::board::{Color, Position};

/// Plies searched by default.
pub const DEPTH: u8 = 5;

/// The node budget of one question (past it the search answers "cut").
const NODES: usize = 3000;

/// A connection result: whether the side to move succeeds, and its move
/// (`None` when nothing needs to be played).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection {
    /// True when the side to move succeeds.
    pub success: bool,
    /// The move that does it, if a move is needed.
    pub point: Option<usize>,
}

/// Can the owner of the stones at `a` and `b` (to move) connect them?
pub fn connect(pos: &Position, a: usize, b: usize, depth: u8) -> Connection {
    let mut r = Reader { nodes: 0 };
    r.root(pos, a, b, depth, true)
}

/// Can the opponent of the stones at `a` and `b` (to move) cut them apart
/// (or capture one)?
pub fn disconnect(pos: &Position, a: usize, b: usize, depth: u8) -> Connection {
    let mut r = Reader { nodes: 0 };
    r.root(pos, a, b, depth, false)
}

/// True when the stones at `a` and `b` stay connected with the opponent
/// to move.
pub fn is_connected(pos: &Position, a: usize, b: usize) -> bool {
    !disconnect(pos, a, b, DEPTH).success
}

struct Reader {
    nodes: usize,
}

/// The static verdict on a position: `Some(true)` connected, `Some(false)`
/// cut, `None` undecided.
fn verdict(pos: &Position, color: Color, a: usize, b: usize, connector: bool) -> Option<bool> {
    if pos.get(a) != Some(color) || pos.get(b) != Some(color) {
        return Some(false);
    }
    let sa = pos.string(a);
    if sa.contains(&b) {
        return Some(true);
    }
    let la = pos.liberties(a);
    let lb = pos.liberties(b);
    if !connector && (la.len() == 1 || lb.len() == 1) {
        return Some(false);
    }
    let shared: Vec<usize> = la.iter().copied().filter(|l| lb.contains(l)).collect();
    if !connector && shared.len() >= 2 && la.len() >= 2 && lb.len() >= 2 {
        return Some(true);
    }
    None
}

impl Reader {
    fn root(
        &mut self,
        pos: &Position,
        a: usize,
        b: usize,
        depth: u8,
        connector: bool,
    ) -> Connection {
        let Some(color) = pos.get(a) else {
            return Connection {
                success: !connector,
                point: None,
            };
        };
        if pos.get(b) != Some(color) {
            return Connection {
                success: !connector,
                point: None,
            };
        }
        if pos.string(a).contains(&b) {
            return Connection {
                success: connector,
                point: None,
            };
        }
        for m in candidates(pos, color, a, b) {
            let mover = if connector { color } else { color.other() };
            let mut p = pos.clone();
            if p.play(mover, m).is_err() {
                continue;
            }
            let ok = self.search(&p, color, a, b, depth.saturating_sub(1), !connector);
            // `ok` is the connector's success after the move.
            if ok == connector {
                return Connection {
                    success: true,
                    point: Some(m),
                };
            }
        }
        Connection {
            success: false,
            point: None,
        }
    }

    /// True when the connector wins from `pos` with `connector` to move.
    fn search(
        &mut self,
        pos: &Position,
        color: Color,
        a: usize,
        b: usize,
        depth: u8,
        connector: bool,
    ) -> bool {
        self.nodes += 1;
        if let Some(v) = verdict(pos, color, a, b, connector) {
            return v;
        }
        if depth == 0 || self.nodes > NODES {
            return false;
        }
        let mover = if connector { color } else { color.other() };
        let mut moved = false;
        for m in candidates(pos, color, a, b) {
            let mut p = pos.clone();
            if p.play(mover, m).is_err() {
                continue;
            }
            moved = true;
            let ok = self.search(&p, color, a, b, depth - 1, !connector);
            if ok == connector {
                return ok;
            }
        }
        if !moved && !connector {
            // The cutter has nothing to try: the strings hold.
            return true;
        }
        !connector
    }
}

/// The moves tried by both sides, shared liberties first, no duplicates.
fn candidates(pos: &Position, color: Color, a: usize, b: usize) -> Vec<usize> {
    let la = pos.liberties(a);
    let lb = pos.liberties(b);
    let mut out: Vec<usize> = la.iter().copied().filter(|l| lb.contains(l)).collect();
    let push = |out: &mut Vec<usize>, v: usize| {
        if !out.contains(&v) {
            out.push(v);
        }
    };
    for (mine, theirs) in [(&la, &lb), (&lb, &la)] {
        for &l in mine.iter() {
            if pos.neighbors(l).any(|q| theirs.contains(&q)) {
                push(&mut out, l);
            }
        }
    }
    for s in [a, b] {
        for st in pos.string(s) {
            for q in pos.neighbors(st) {
                if pos.get(q) == Some(color.other()) {
                    let libs = pos.liberties(q);
                    if libs.len() == 1 {
                        push(&mut out, libs[0]);
                    }
                }
            }
        }
    }
    for libs in [&la, &lb] {
        if libs.len() <= 2 {
            for &l in libs.iter() {
                push(&mut out, l);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    const EMPTY: &str = ".......";

    /// A bamboo joint (two shared liberties) holds with the cutter to
    /// move; a two-point jump on an open board can be cut.
    #[test]
    fn bamboo_holds_two_point_jump_cut() {
        let p = diagram(&[EMPTY, EMPTY, ".XX....", EMPTY, ".XX....", EMPTY, EMPTY]);
        assert!(is_connected(&p, 2 * 7 + 1, 4 * 7 + 1));
        let q = diagram(&[EMPTY, EMPTY, EMPTY, ".X..X..", EMPTY, EMPTY, EMPTY]);
        assert!(!is_connected(&q, 3 * 7 + 1, 3 * 7 + 4));
    }

    /// Stones one point apart with white above and below the gap: black
    /// to move connects by filling it; white to move cuts there.
    #[test]
    fn fill_the_gap() {
        let p = diagram(&[EMPTY, EMPTY, "..O....", ".X.X...", "..O....", EMPTY, EMPTY]);
        let (a, b, gap) = (3 * 7 + 1, 3 * 7 + 3, 3 * 7 + 2);
        let c = connect(&p, a, b, DEPTH);
        assert_eq!((c.success, c.point), (true, Some(gap)));
        let d = disconnect(&p, a, b, DEPTH);
        assert_eq!((d.success, d.point), (true, Some(gap)));
    }

    /// A stone in atari is cut off by its capture; one string needs no
    /// move.
    #[test]
    fn capture_cuts_and_one_string_is_connected() {
        let p = diagram(&["X.X....", "OOO....", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]);
        // A1-corner stone (0) and the stone at 2 share the liberty 1; both
        // are in atari there, so white captures at 1.
        let d = disconnect(&p, 0, 2, DEPTH);
        assert_eq!((d.success, d.point), (true, Some(1)));
        let q = diagram(&["XX.....", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]);
        let c = connect(&q, 0, 1, DEPTH);
        assert_eq!((c.success, c.point), (true, None));
    }
}
