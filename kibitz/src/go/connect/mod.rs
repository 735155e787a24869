//! Connection reading: can two strings of one colour be joined, or be
//! cut apart (or one of them captured)? Modelled on GNU Go 3.8's
//! readconnect.c (facts only, own code), its "alternate connections"
//! reader, the one GNU Go 3.8 uses.
//!
//! Files: [`state`] (the reader, board questions, cache), [`checker`]
//! (many disconnection questions on one position), [`tactics`]
//! (tactical and shape questions), [`distance`] and [`distance_rules`]
//! (connection distances around a string), [`moves`] (candidate moves
//! from the distances), [`search`] (the mutual recursion of the two
//! sides), [`trace`] (a trace of the search on stderr when
//! `KIBITZ_CONN_TRACE` is set).
//!
//! Results use the tactical reader's [`Code`]s: a success through ko is
//! [`Code::KoA`] or [`Code::KoB`]. The depth limit is GNU Go's
//! `connect_depth2` (20 moves on the stack, two more per depth level
//! added with `increase_depths`) and the node budget 2000 connection
//! nodes, scaled down by 1.45 (connect) or 1.5 (disconnect) per move
//! already on the stack.

pub mod checker;
pub mod distance;
pub mod distance_rules;
pub mod moves;
pub mod search;
pub mod state;
pub mod tactics;
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
/// The node budget's shrink per move on the stack for `connect`.
const CONNECT_FACTOR: f64 = 1.45;
/// The same for `disconnect`.
const DISCONNECT_FACTOR: f64 = 1.5;

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
    let mut c = reader(pos, limits, CONNECT_FACTOR);
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
    let mut c = reader(pos, limits, DISCONNECT_FACTOR);
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
    use crate::go::coord::from_gtp;
    use crate::go::sgf::{load, Until};
    use crate::go::worms::tests::diagram;
    use crate::go::worms::tests::vertex as at;

    // Every expected value is GNU Go 3.8's answer on the same position.

    fn limits() -> ReadingLimits {
        ReadingLimits::default()
    }

    fn ask(
        p: &Position,
        q: fn(&Position, usize, usize, &ReadingLimits) -> Connection,
        a: &str,
        b: &str,
    ) -> (i32, Option<usize>) {
        let c = q(p, at(p, a), at(p, b), &limits());
        (c.code.gtp(), c.point)
    }

    /// A bamboo joint cannot be cut; connecting plays a common liberty.
    #[test]
    fn bamboo_joint() {
        let e = ".......";
        let p = diagram(&[e, e, ".XX....", e, ".XX....", e, e]);
        assert_eq!(ask(&p, connect, "B5", "B3"), (1, Some(at(&p, "B4"))));
        assert_eq!(ask(&p, disconnect, "B5", "B3"), (0, None));
    }

    /// A two-point jump on an open board holds; connecting fills it.
    #[test]
    fn two_point_jump() {
        let e = ".......";
        let p = diagram(&[e, e, e, ".X..X..", e, e, e]);
        assert_eq!(ask(&p, connect, "B4", "E4"), (1, Some(at(&p, "C4"))));
        assert_eq!(ask(&p, disconnect, "B4", "E4"), (0, None));
    }

    /// A one-point gap between two white stones: whoever moves first
    /// takes it.
    #[test]
    fn contested_gap() {
        let e = ".......";
        let p = diagram(&[e, e, "..O....", ".X.X...", "..O....", e, e]);
        assert_eq!(ask(&p, connect, "B4", "D4"), (1, Some(at(&p, "C4"))));
        assert_eq!(ask(&p, disconnect, "B4", "D4"), (1, Some(at(&p, "C4"))));
    }

    /// Stones of one string need no move.
    #[test]
    fn one_string() {
        let e = ".......";
        let p = diagram(&["XX.....", e, e, e, e, e, e]);
        assert_eq!(ask(&p, connect, "A7", "B7"), (1, None));
        assert_eq!(ask(&p, disconnect, "A7", "B7"), (0, None));
    }

    /// GNU Go's regression position trevor_15: the cut at E7 works only
    /// through a ko that needs a threat first (connection.tst 117), and
    /// G7 cuts D7 from G6 outright (49).
    #[test]
    fn ko_cut() {
        let text = include_str!("../../../../tests/data/go/regress/games/trevor/trevor_15.sgf");
        let board = load(text, &Until::End).expect("a record").board;
        let p = board.position();
        assert_eq!(ask(p, disconnect, "D7", "F7"), (3, Some(at(p, "E7"))));
        assert_eq!(ask(p, disconnect, "D7", "G6"), (1, Some(at(p, "G7"))));
    }

    /// connection.tst 103 (incident169 move 210): K3 does not connect,
    /// since the white cut at J2 cannot be captured two moves deep; K2
    /// does.
    #[test]
    fn incident169_connect() {
        let text = include_str!("../../../../tests/data/go/regress/games/incident169.sgf");
        let board = load(text, &Until::Move(210)).expect("a record").board;
        let p = board.position();
        assert_eq!(ask(p, connect, "L2", "G4"), (1, Some(at(p, "K2"))));
    }

    /// Distances and candidates agree with GNU Go's verbose output
    /// (incident169 move 210, black K3 and white K2 played): H1 is at
    /// 1.40 (delta 1.00) from G4 and 3.05 (delta 0.95) from L2, and the
    /// one connecting move kept is H2 (score 0.45; H1 2.50, J1 2.55 and
    /// K1 2.65 fall past the cut).
    #[test]
    fn distances_and_candidates() {
        let text = include_str!("../../../../tests/data/go/regress/games/incident169.sgf");
        let mut board = load(text, &Until::Move(210)).expect("a record").board;
        let k3 = from_gtp(19, "K3").expect("a vertex");
        let k2 = from_gtp(19, "K2").expect("a vertex");
        board
            .play(crate::go::board::Color::Black, Some(k3))
            .expect("legal");
        board
            .play(crate::go::board::Color::White, Some(k2))
            .expect("legal");
        let p = board.position();
        let mut c = reader(p, &limits(), 1.45);
        let (s1, s2) = ends(&mut c, at(p, "L2"), at(p, "G4")).expect("two strings");
        let h1 = c.r.board().to_padded(at(p, "H1"));
        let d1 = c.connection_distances(s1, Some(s2), state::fp(3.051), true);
        let d2 = c.connection_distances(s2, Some(s1), state::fp(3.051), true);
        assert_eq!((d1.dist[h1], d1.delta[h1]), (14_000, 10_000));
        assert_eq!((d2.dist[h1], d2.delta[h1]), (30_500, 9_500));
        let (moves, total) = c.string_connection_moves(s1, s2, crate::go::board::Color::Black);
        let h2 = c.r.board().to_padded(at(p, "H2"));
        assert_eq!((moves, total), (vec![h2], state::HUGE));
    }
}
