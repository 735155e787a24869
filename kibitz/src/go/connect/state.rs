//! The connection reader's state (a tactical [`Reader`] whose board the
//! search plays on, the node count, a result cache) and the board
//! questions the distance spread and the move generator ask.

use std::collections::HashMap;

use crate::key_hash::KeyBuild;

use super::distance::ConnData;
use super::search::Res;
use crate::go::board::Color;
use crate::go::reading::board::BORDER;
use crate::go::reading::search::Reader;
use crate::go::reading::{Code, ReadingLimits};

/// Fixed-point distances: `fp(1.0)` is one move.
pub type Dist = i32;

/// A distance in fixed point (four decimals).
pub const fn fp(x: f64) -> Dist {
    (x * 10_000.0 + 0.5) as Dist
}

/// The distance of a point not reached.
pub const HUGE: Dist = fp(100.0);

/// Which side a cached result belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The owner of the strings moves and wants them joined.
    Connect,
    /// The opponent moves and wants them apart.
    Disconnect,
}

/// A cache key: position hash, side, the two string origins.
type Key = (u64, Side, usize, usize);
/// A cache entry: the depth still allowed when stored, code and move.
type Entry = (isize, Code, Option<usize>);

/// True when `KIBITZ_CONN_TRACE` is set (read once: dragon building asks
/// many connection questions).
fn tracing() -> bool {
    static TRACE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TRACE.get_or_init(|| std::env::var_os("KIBITZ_CONN_TRACE").is_some())
}

/// The reader of one connection question.
pub struct Conn {
    /// The tactical reader; its board carries the search's moves.
    pub r: Reader,
    /// Connection nodes visited.
    pub nodes: usize,
    /// The node budget.
    pub node_limit: usize,
    /// No connection reading deeper than this many moves on the stack.
    pub max_depth: usize,
    /// Moves on the stack when the question was asked.
    pub root_depth: usize,
    /// True when the search is traced on stderr.
    pub trace: bool,
    /// Tactical calls made (statistics).
    pub calls: usize,
    /// Tactical nodes visited (statistics).
    pub tnodes: u64,
    cache: HashMap<Key, Entry, KeyBuild>,
    /// Tactical answers by reader state and question (see
    /// [`Conn::remembered`]); kept from one question to the next.
    tactical_memo: HashMap<u64, Res, KeyBuild>,
    /// Distance maps given back after use, refilled by the next
    /// [`Conn::connection_distances`] instead of allocated anew.
    pub(super) spare_distances: Vec<ConnData>,
}

impl Conn {
    /// A reader on `r`'s board with budget `node_limit`.
    pub fn new(r: Reader, node_limit: usize, max_depth: usize) -> Conn {
        Conn {
            root_depth: r.depth(),
            r,
            nodes: 0,
            node_limit,
            max_depth,
            trace: tracing(),
            calls: 0,
            tnodes: 0,
            cache: HashMap::default(),
            tactical_memo: HashMap::default(),
            spare_distances: Vec::new(),
        }
    }

    /// Forgets the previous question on the same board: node counts,
    /// statistics and connection cache (the tactical reader's cache
    /// stays).
    pub fn fresh_question(&mut self) {
        self.nodes = 0;
        self.calls = 0;
        self.tnodes = 0;
        self.cache.clear();
    }

    /// The answer of tactical question `kind` (a small number naming the
    /// question) about point `p` in the reader's current state (position,
    /// ko fight, depth), asked of `ask` only the first time: the answers
    /// depend on nothing else.
    pub fn remembered(&mut self, kind: u64, p: usize, ask: impl FnOnce(&mut Conn) -> Res) -> Res {
        let key = self.r.state_key((kind << 60) | p as u64);
        if let Some(&res) = self.tactical_memo.get(&key) {
            return res;
        }
        let res = ask(self);
        self.tactical_memo.insert(key, res);
        res
    }

    /// The limits in force.
    pub fn limits(&self) -> ReadingLimits {
        self.r.limits
    }

    /// Moves on the stack, those before the question included.
    pub fn stackp(&self) -> usize {
        self.r.depth()
    }

    /// The cell at padded point `p` ([`BORDER`] off the array).
    pub fn at(&self, p: usize) -> u8 {
        let b = self.r.board();
        let n = b.stride();
        if p >= n * n {
            BORDER
        } else {
            b.at(p)
        }
    }

    /// The colour at `p` (`None` when empty or off the board).
    pub fn color(&self, p: usize) -> Option<Color> {
        if self.at(p) == BORDER {
            None
        } else {
            self.r.board().color(p)
        }
    }

    /// True when `p` is an empty point of the board.
    pub fn is_empty(&self, p: usize) -> bool {
        self.at(p) == crate::go::reading::board::EMPTY
    }

    /// True when `p` is on the board.
    pub fn on_board(&self, p: usize) -> bool {
        self.at(p) != BORDER
    }

    /// The four neighbours of `p` (south, west, north, east).
    pub fn around(&self, p: usize) -> [usize; 4] {
        self.r.board().around(p)
    }

    /// The origin (smallest point) of the string at `p`.
    pub fn origin(&mut self, p: usize) -> usize {
        self.r.board().origin(p)
    }

    /// The stones of the string at `p`, sorted.
    pub fn stones(&mut self, p: usize) -> Vec<usize> {
        self.r.board_mut().stones(p).to_vec()
    }

    /// The liberties of the string at `p`, sorted.
    pub fn libs(&mut self, p: usize) -> Vec<usize> {
        self.r.board_mut().libs(p).to_vec()
    }

    /// The number of stones of the string at `p`.
    pub fn string_size(&self, p: usize) -> usize {
        self.r.board().string_size(p)
    }

    /// The liberty count of the string at `p`.
    pub fn countlib(&mut self, p: usize) -> usize {
        self.r.board_mut().count_libs(p, usize::MAX)
    }

    /// True when `a` and `b` are stones of one string.
    pub fn same_string(&mut self, a: usize, b: usize) -> bool {
        self.r.board().same_string(a, b)
    }

    /// True when empty `p` is a liberty of the string at `s`.
    pub fn liberty_of(&mut self, p: usize, s: usize) -> bool {
        if !self.is_empty(p) || self.color(s).is_none() {
            return false;
        }
        let around = self.around(p);
        around.into_iter().any(|q| self.same_string(q, s))
    }

    /// The enemy strings (origins) next to the string at `s`.
    pub fn chainlinks(&mut self, s: usize) -> Vec<usize> {
        self.r.board_mut().adjacent_strings(s).to_vec()
    }

    /// The enemy strings next to `s` with exactly `n` liberties.
    pub fn chainlinks2(&mut self, s: usize, n: usize) -> Vec<usize> {
        self.r.board_mut().adjacent_with_libs(s, n).to_vec()
    }

    /// True when the strings at `a` and `b` touch.
    pub fn adjacent_strings(&mut self, a: usize, b: usize) -> bool {
        let sb = self.stones(b);
        self.stones(a)
            .into_iter()
            .any(|s| self.around(s).iter().any(|q| sb.contains(q)))
    }

    /// The first common liberty of the strings at `a` and `b`.
    pub fn common_lib(&mut self, a: usize, b: usize) -> Option<usize> {
        let lb = self.libs(b);
        self.libs(a).into_iter().find(|l| lb.contains(l))
    }

    /// The liberties (up to `max`) of a `color` stone at empty `p`,
    /// captures ignored, in the order found: each neighbour in turn, an
    /// empty one itself, a friendly one with its string's liberties.
    pub fn approxlib(&mut self, p: usize, color: Color, max: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for q in self.around(p) {
            let found = if self.is_empty(q) {
                vec![q]
            } else if self.color(q) == Some(color) {
                self.libs(q)
            } else {
                Vec::new()
            };
            for l in found {
                if l != p && !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out.truncate(max);
        out
    }

    /// The number of [`Conn::approxlib`]'s liberties, counted without
    /// listing them.
    pub fn approxlib_count(&mut self, p: usize, color: Color, max: usize) -> usize {
        self.r.board_mut().libs_if_placed(color, p, max)
    }

    /// The liberty count (up to `max`) of a `color` stone at empty `p`
    /// after its captures; 0 when the move is suicide.
    pub fn accuratelib(&mut self, p: usize, color: Color, max: usize) -> usize {
        self.r.board().libs_after_move(color, p, max)
    }

    /// True when a `color` move at `p` leaves its string in atari (or is
    /// suicide).
    pub fn is_self_atari(&mut self, p: usize, color: Color) -> bool {
        self.is_empty(p) && self.accuratelib(p, color, 2) <= 1
    }

    /// True when a `color` move at `p` would capture one stone in a ko
    /// shape.
    pub fn is_ko(&mut self, p: usize, color: Color) -> bool {
        self.is_empty(p) && self.r.board_mut().is_ko_capture(color, p)
    }

    /// True when a `color` move at `p` is suicide.
    pub fn is_suicide(&mut self, p: usize, color: Color) -> bool {
        self.r.board_mut().is_suicide(color, p)
    }

    /// Plays a plain move (board ko rule, no komaster change); false
    /// when illegal. Undo with [`Conn::undo`].
    pub fn trymove(&mut self, p: usize, color: Color) -> bool {
        self.is_empty(p) && self.r.board_mut().play(color, p, false).is_some()
    }

    /// Takes back a [`Conn::trymove`].
    pub fn undo(&mut self) {
        self.r.board_mut().undo();
    }

    /// A cached result at the current position.
    pub fn cached(&self, side: Side, a: usize, b: usize) -> Option<(Code, Option<usize>)> {
        let rem = self.limits().depth as isize - self.stackp() as isize;
        let key = (self.r.board().hash(), side, a, b);
        match self.cache.get(&key) {
            Some(&(d, c, m)) if d >= rem => Some((c, m)),
            _ => None,
        }
    }

    /// Records a result at the current position and returns it.
    pub fn store(
        &mut self,
        side: Side,
        a: usize,
        b: usize,
        res: (Code, Option<usize>),
    ) -> (Code, Option<usize>) {
        let rem = self.limits().depth as isize - self.stackp() as isize;
        let key = (self.r.board().hash(), side, a, b);
        self.cache.insert(key, (rem, res.0, res.1));
        res
    }
}
