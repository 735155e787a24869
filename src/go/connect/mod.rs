//! Connection reading: can two strings of one colour be joined, or be
//! cut apart (or one of them captured)? Modelled on GNU Go 3.8's
//! readconnect.c (facts only, own code), its "alternate connections"
//! reader, the one GNU Go 3.8 uses.
//!
//! Files: [`state`] (the reader, board and tactical questions, cache),
//! [`distance`] and [`distance_rules`] (connection distances around a
//! string), [`moves`] (candidate moves from the distances), [`search`]
//! (the mutual recursion of the two sides), [`trace`] (a trace of the
//! search on stderr when `KIBITZ_CONN_TRACE` is set).
//!
//! Results use the tactical reader's [`Code`]s: a success through ko is
//! [`Code::KoA`] or [`Code::KoB`]. The depth limit is GNU Go's
//! `connect_depth2` (20 moves on the stack, two more per depth level
//! added with `increase_depths`) and the node budget 2000 connection
//! nodes, scaled down by 1.45 (connect) or 1.5 (disconnect) per move
//! already on the stack.

pub mod distance;
pub mod distance_rules;
pub mod moves;
pub mod search;
pub mod state;
pub mod trace;

use super::board::Position;
use super::reading::search::Reader;
use super::reading::{Code, ReadingLimits};
use state::Conn;

/// The node budget at level 10 with nothing on the stack.
const NODE_LIMIT: f64 = 2000.0;
/// The depth limit at level 10.
const DEPTH_LIMIT: isize = 20;
/// GNU Go's default reading depth, against which depth changes are
/// measured.
const BASE_DEPTH: isize = 16;

/// A connection result: the code for the side to move and its move
/// (`None` when the code is [`Code::Lose`] or nothing needs playing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection {
    /// The result for the side to move.
    pub code: Code,
    /// The move that achieves it, if one is needed.
    pub point: Option<usize>,
}

/// A connection reader on `pos`, with its budget for `factor`.
fn reader(pos: &Position, limits: &ReadingLimits, factor: f64) -> Conn {
    let r = Reader::new(pos, limits);
    let level = limits.depth as isize - BASE_DEPTH;
    let stackp = limits.start_depth as i32;
    let nodes = NODE_LIMIT * 1.45f64.powi(level as i32) * factor.powi(level as i32 - stackp);
    let depth = (DEPTH_LIMIT + 2 * level).max(2) as usize;
    Conn::new(r, nodes as usize, depth)
}

/// The answer for the padded result `res`.
fn answer(c: &Conn, (code, point): (Code, Option<usize>)) -> Connection {
    Connection {
        code,
        point: if code == Code::Lose {
            None
        } else {
            point.map(|p| c.r.board().to_plain(p))
        },
    }
}

/// The two strings as padded origins, smaller first; `None` when a point
/// is empty or the colours differ.
fn ends(c: &mut Conn, a: usize, b: usize) -> Option<(usize, usize)> {
    let (pa, pb) = (c.r.board().to_padded(a), c.r.board().to_padded(b));
    if c.color(pa).is_none() || c.color(pa) != c.color(pb) {
        return None;
    }
    let (oa, ob) = (c.origin(pa), c.origin(pb));
    Some((oa.min(ob), oa.max(ob)))
}

/// Can the owner of the stones at `a` and `b` (to move) connect them?
pub fn connect(pos: &Position, a: usize, b: usize, limits: &ReadingLimits) -> Connection {
    let mut c = reader(pos, limits, 1.45);
    let Some((s1, s2)) = ends(&mut c, a, b) else {
        return Connection {
            code: Code::Lose,
            point: None,
        };
    };
    let res = c.connect2(s1, s2, false);
    if c.trace {
        c.trace_stats();
    }
    answer(&c, res)
}

/// Can the opponent of the stones at `a` and `b` (to move) cut them
/// apart or capture one?
pub fn disconnect(pos: &Position, a: usize, b: usize, limits: &ReadingLimits) -> Connection {
    let mut c = reader(pos, limits, 1.5);
    let Some((s1, s2)) = ends(&mut c, a, b) else {
        return Connection {
            code: Code::Win,
            point: None,
        };
    };
    let res = c.disconnect2(s1, s2, false);
    if c.trace {
        c.trace_stats();
    }
    answer(&c, res)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    const EMPTY: &str = ".......";

    fn limits() -> ReadingLimits {
        ReadingLimits::default()
    }

    /// Stones one point apart with white above and below the gap: black
    /// to move connects by filling it; white to move cuts there.
    #[test]
    fn fill_the_gap() {
        let p = diagram(&[EMPTY, EMPTY, "..O....", ".X.X...", "..O....", EMPTY, EMPTY]);
        let (a, b, gap) = (3 * 7 + 1, 3 * 7 + 3, 3 * 7 + 2);
        let c = connect(&p, a, b, &limits());
        assert_eq!((c.code, c.point), (Code::Win, Some(gap)));
        let d = disconnect(&p, a, b, &limits());
        assert_eq!((d.code, d.point), (Code::Win, Some(gap)));
    }

    /// One string needs no move.
    #[test]
    fn one_string_is_connected() {
        let q = diagram(&["XX.....", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]);
        let c = connect(&q, 0, 1, &limits());
        assert_eq!((c.code, c.point), (Code::Win, None));
        let d = disconnect(&q, 0, 1, &limits());
        assert_eq!((d.code, d.point), (Code::Lose, None));
    }
}
