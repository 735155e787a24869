//! The reader's own board: a bordered array with make/undo through a
//! change log and an incrementally kept Zobrist hash.
//!
//! Points are indices into a `(size + 2)^2` array whose outer ring is
//! [`BORDER`]; [`ReadBoard::to_padded`] and [`ReadBoard::to_plain`]
//! convert from and to the row-major vertices of
//! [`crate::go::Position`]. Strings and liberties are found by
//! flood fill with a generation-stamped mark array, which is cheap for the
//! small strings tactical reading looks at.
//!
//! Liberty counts are asked far more often than the board changes (every
//! legality test and move score asks about the neighbours), so counts are
//! kept in a small direct-mapped cache keyed by the Zobrist hash of the
//! stones and the point; a count is reused while the stones are the same,
//! also after a move has been taken back. Counting a string records the
//! count for all its stones.

use crate::go::board::{Color, Position};

/// An empty point.
pub const EMPTY: u8 = 0;
/// Off the board.
pub const BORDER: u8 = 3;

/// The cell value of a stone of `c`.
pub fn cell(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// The colour of a stone cell.
pub fn color_of(v: u8) -> Option<Color> {
    match v {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// What [`ReadBoard::play`] did, for the ko rules of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// Stones captured.
    pub captured: usize,
    /// True when the move captured exactly one stone with a lone stone
    /// left in atari (a ko capture).
    pub ko_capture: bool,
}

/// One saved state: where the change log stood and the ko and hash then.
#[derive(Clone, Copy, Debug)]
struct Frame {
    log_len: usize,
    ko: Option<usize>,
    hash: u64,
    stone_hash: u64,
}

/// The board the reader plays on.
#[derive(Clone, Debug)]
pub struct ReadBoard {
    size: usize,
    stride: usize,
    cells: Vec<u8>,
    ko: Option<usize>,
    hash: u64,
    /// The Zobrist hash of the stones alone (no ko point).
    stone_hash: u64,
    /// Liberty counts by position and point: slot
    /// `key & (LIB_SLOTS - 1)` holds `(key, count)` for
    /// `key = stone_hash ^ point_key(p)`.
    lib_cache: Vec<(u64, u16)>,
    log: Vec<(usize, u8)>,
    frames: Vec<Frame>,
    mark: Vec<u32>,
    generation: u32,
    scratch: Vec<usize>,
    /// A second scratch list (the stones of a counted string).
    scratch_stones: Vec<usize>,
}

/// A 64-bit mix of `x` (splitmix64's finaliser), for Zobrist keys.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The Zobrist key of a stone cell `v` at point `p`.
fn stone_key(p: usize, v: u8) -> u64 {
    mix((p as u64) * 4 + v as u64)
}

/// The slots of the liberty-count cache (a power of two).
const LIB_SLOTS: usize = 1 << 12;

/// The cache key part of point `p`.
fn point_key(p: usize) -> u64 {
    mix(0x2_0000 + p as u64)
}

/// The Zobrist key of a ko point.
fn ko_key(p: usize) -> u64 {
    mix(0x1_0000 + p as u64)
}

impl ReadBoard {
    /// The reading board of `pos` (its stones and ko point).
    pub fn new(pos: &Position) -> ReadBoard {
        let size = pos.size();
        let stride = size + 2;
        let mut b = ReadBoard {
            size,
            stride,
            cells: vec![BORDER; stride * stride],
            ko: None,
            hash: 0,
            stone_hash: 0,
            lib_cache: vec![(0, 0); LIB_SLOTS],
            log: Vec::new(),
            frames: Vec::new(),
            mark: vec![0; stride * stride],
            generation: 0,
            scratch: Vec::new(),
            scratch_stones: Vec::new(),
        };
        for v in 0..pos.area() {
            let p = b.to_padded(v);
            b.cells[p] = pos.get(v).map_or(EMPTY, cell);
            if b.cells[p] != EMPTY {
                b.hash ^= stone_key(p, b.cells[p]);
            }
        }
        b.stone_hash = b.hash;
        b.ko = pos.ko_point().map(|k| b.to_padded(k));
        if let Some(k) = b.ko {
            b.hash ^= ko_key(k);
        }
        b
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The padded index of the row-major vertex `v`.
    pub fn to_padded(&self, v: usize) -> usize {
        (v / self.size + 1) * self.stride + v % self.size + 1
    }

    /// The row-major vertex of the padded index `p`.
    pub fn to_plain(&self, p: usize) -> usize {
        (p / self.stride - 1) * self.size + p % self.stride - 1
    }

    /// The four neighbours of `p` (some may be [`BORDER`]).
    pub fn around(&self, p: usize) -> [usize; 4] {
        [p + self.stride, p - 1, p - self.stride, p + 1]
    }

    /// The four diagonal neighbours of `p`.
    pub fn diagonals(&self, p: usize) -> [usize; 4] {
        let s = self.stride;
        [p + s - 1, p - s - 1, p - s + 1, p + s + 1]
    }

    /// True when `p` is on the first line (next to the border).
    pub fn is_edge(&self, p: usize) -> bool {
        self.around(p).iter().any(|&q| self.cells[q] == BORDER)
    }

    /// The cell at `p`.
    pub fn at(&self, p: usize) -> u8 {
        self.cells[p]
    }

    /// The colour of the stone at `p`.
    pub fn color(&self, p: usize) -> Option<Color> {
        color_of(self.cells[p])
    }

    /// True when `p` is an empty point of the board.
    pub fn is_empty(&self, p: usize) -> bool {
        self.cells[p] == EMPTY
    }

    /// The position hash (stones and ko point).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The number of moves made since the board was built.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// The current ko point (a forbidden retake).
    pub fn ko(&self) -> Option<usize> {
        self.ko
    }

    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// The stones of the string at `p` (unsorted).
    pub fn stones(&mut self, p: usize) -> Vec<usize> {
        let c = self.cells[p];
        let g = self.next_generation();
        let mut out = Vec::with_capacity(8);
        out.push(p);
        self.mark[p] = g;
        let mut i = 0;
        while i < out.len() {
            for q in self.around(out[i]) {
                if self.cells[q] == c && self.mark[q] != g {
                    self.mark[q] = g;
                    out.push(q);
                }
            }
            i += 1;
        }
        out
    }

    /// The liberties of the string at `p` (at most `max`, unsorted).
    pub fn libs_max(&mut self, p: usize, max: usize) -> Vec<usize> {
        let mut libs = Vec::with_capacity(max.min(8));
        self.flood_libs(p, max, |l| libs.push(l));
        libs
    }

    /// Calls `found` on each liberty of the string at `p` until `max`
    /// are found; the number found.
    fn flood_libs(&mut self, p: usize, max: usize, found: impl FnMut(usize)) -> usize {
        let c = self.cells[p];
        let (mut stack, g) = self.start_flood(p);
        let n = self.flood(&mut stack, c, g, 0, max, found, |_| {});
        self.scratch = stack;
        n
    }

    /// A new mark generation with `p` marked, and the scratch stack
    /// holding just `p`, to start a flood from `p`.
    fn start_flood(&mut self, p: usize) -> (Vec<usize>, u32) {
        let g = self.next_generation();
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        stack.push(p);
        self.mark[p] = g;
        (stack, g)
    }

    /// Floods the strings of cell `c` from the stones on `stack` (marked
    /// with generation `g`), depth first: calls `stone` on each stone
    /// taken from the stack and `found` on each new empty point, `n`
    /// counting the empty points, until `n` reaches `max`; the final `n`.
    #[allow(clippy::too_many_arguments)]
    fn flood(
        &mut self,
        stack: &mut Vec<usize>,
        c: u8,
        g: u32,
        mut n: usize,
        max: usize,
        mut found: impl FnMut(usize),
        mut stone: impl FnMut(usize),
    ) -> usize {
        while let Some(s) = stack.pop() {
            stone(s);
            for q in self.around(s) {
                if self.mark[q] == g {
                    continue;
                }
                if self.cells[q] == c {
                    self.mark[q] = g;
                    stack.push(q);
                } else if self.cells[q] == EMPTY {
                    self.mark[q] = g;
                    found(q);
                    n += 1;
                    if n >= max {
                        return n;
                    }
                }
            }
        }
        n
    }

    /// The liberties (counted to `max`) of a stone of `color` placed at
    /// empty `p` together with the strings it joins, captures not counted.
    pub fn libs_if_placed(&mut self, color: Color, p: usize, max: usize) -> usize {
        let own = cell(color);
        let g = self.next_generation();
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        self.mark[p] = g;
        let mut n = 0;
        for q in self.around(p) {
            if self.mark[q] == g {
                continue;
            }
            if self.cells[q] == EMPTY {
                self.mark[q] = g;
                n += 1;
            } else if self.cells[q] == own {
                self.mark[q] = g;
                stack.push(q);
            }
        }
        if n < max {
            n = self.flood(&mut stack, own, g, n, max, |_| {}, |_| {});
        }
        self.scratch = stack;
        n.min(max)
    }

    /// All liberties of the string at `p`, sorted.
    pub fn libs(&mut self, p: usize) -> Vec<usize> {
        let mut l = self.libs_max(p, usize::MAX);
        l.sort_unstable();
        l
    }

    /// The number of liberties of the string at `p`, counting to `max`.
    pub fn count_libs(&mut self, p: usize, max: usize) -> usize {
        let key = self.stone_hash ^ point_key(p);
        let (k, n) = self.lib_cache[key as usize & (LIB_SLOTS - 1)];
        if k == key {
            return (n as usize).min(max);
        }
        (self.count_all_libs(p) as usize).min(max)
    }

    /// Counts every liberty of the string at `p` and records the count
    /// for each of its stones.
    fn count_all_libs(&mut self, p: usize) -> u16 {
        let c = self.cells[p];
        let (mut stack, g) = self.start_flood(p);
        let mut stones = std::mem::take(&mut self.scratch_stones);
        stones.clear();
        let n = self.flood(&mut stack, c, g, 0, usize::MAX, |_| {}, |s| stones.push(s)) as u16;
        for &s in &stones {
            let key = self.stone_hash ^ point_key(s);
            self.lib_cache[key as usize & (LIB_SLOTS - 1)] = (key, n);
        }
        self.scratch = stack;
        self.scratch_stones = stones;
        n
    }

    /// One stone (the smallest index) of each enemy string touching the
    /// string at `p`, sorted.
    pub fn adjacent_strings(&mut self, p: usize) -> Vec<usize> {
        let c = self.cells[p];
        let enemy = 3 - c;
        let own = self.stones(p);
        let g = self.next_generation();
        let mut stack = std::mem::take(&mut self.scratch);
        let mut heads = Vec::new();
        for s in own {
            for q in self.around(s) {
                if self.cells[q] != enemy || self.mark[q] == g {
                    continue;
                }
                // Flood the enemy string at q, keeping its smallest point.
                stack.clear();
                stack.push(q);
                self.mark[q] = g;
                let mut head = q;
                while let Some(e) = stack.pop() {
                    head = head.min(e);
                    for r in self.around(e) {
                        if self.cells[r] == enemy && self.mark[r] != g {
                            self.mark[r] = g;
                            stack.push(r);
                        }
                    }
                }
                heads.push(head);
            }
        }
        self.scratch = stack;
        heads.sort_unstable();
        heads
    }

    /// The heads (as [`ReadBoard::adjacent_strings`]) of the enemy
    /// strings touching the string at `p` that have exactly `libs`
    /// liberties.
    pub fn adjacent_with_libs(&mut self, p: usize, libs: usize) -> Vec<usize> {
        let mut heads = self.adjacent_strings(p);
        heads.retain(|&e| self.count_libs(e, libs + 1) == libs);
        heads
    }

    /// True when `color` playing at empty `p` would capture exactly one
    /// stone with every neighbour an enemy stone (a ko capture shape).
    pub fn is_ko_capture(&mut self, color: Color, p: usize) -> bool {
        let enemy = cell(color.other());
        let mut captured = 0;
        for q in self.around(p) {
            if self.cells[q] == BORDER {
                continue;
            }
            if self.cells[q] != enemy {
                return false;
            }
            if self.count_libs(q, 2) == 1 {
                captured += self.stones(q).len();
            }
        }
        captured == 1
    }

    /// True if `color` may play at `p`: empty, not the ko retake, not
    /// suicide.
    pub fn is_legal(&mut self, color: Color, p: usize) -> bool {
        if self.cells[p] != EMPTY {
            return false;
        }
        if self.ko == Some(p) && self.is_ko_capture(color, p) {
            return false;
        }
        self.has_room(color, p)
    }

    /// True when a stone of `color` at empty `p` would have no liberty
    /// (and capture nothing).
    pub fn is_suicide(&mut self, color: Color, p: usize) -> bool {
        self.cells[p] == EMPTY && !self.has_room(color, p)
    }

    /// True when a stone of `color` at empty `p` would have a liberty
    /// (directly, through a friendly string, or by capturing).
    fn has_room(&mut self, color: Color, p: usize) -> bool {
        let own = cell(color);
        self.around(p).into_iter().any(|q| match self.cells[q] {
            EMPTY => true,
            BORDER => false,
            v if v == own => self.count_libs(q, 2) > 1,
            _ => self.count_libs(q, 2) == 1,
        })
    }

    fn set(&mut self, p: usize, v: u8) {
        let old = self.cells[p];
        self.log.push((p, old));
        if old != EMPTY {
            self.hash ^= stone_key(p, old);
            self.stone_hash ^= stone_key(p, old);
        }
        if v != EMPTY {
            self.hash ^= stone_key(p, v);
            self.stone_hash ^= stone_key(p, v);
        }
        self.cells[p] = v;
    }

    fn set_ko(&mut self, ko: Option<usize>) {
        if let Some(k) = self.ko {
            self.hash ^= ko_key(k);
        }
        if let Some(k) = ko {
            self.hash ^= ko_key(k);
        }
        self.ko = ko;
    }

    /// Plays `color` at `p` if legal (`ignore_ko`: the ko retake ban does
    /// not apply); `None` when illegal. A legal move pushes a frame for
    /// [`ReadBoard::undo`].
    pub fn play(&mut self, color: Color, p: usize, ignore_ko: bool) -> Option<Played> {
        if self.cells[p] != EMPTY {
            return None;
        }
        // One look at each neighbour: liberties for the legality test,
        // the enemy strings this move captures, and the ko shape.
        let own = cell(color);
        let enemy = cell(color.other());
        let mut all_enemy = true;
        let mut room = false;
        let mut atari = [0usize; 4];
        let mut n_atari = 0;
        for q in self.around(p) {
            match self.cells[q] {
                EMPTY => {
                    all_enemy = false;
                    room = true;
                }
                BORDER => {}
                v if v == own => {
                    all_enemy = false;
                    if !room && self.count_libs(q, 2) > 1 {
                        room = true;
                    }
                }
                _ => {
                    if self.count_libs(q, 2) == 1 {
                        atari[n_atari] = q;
                        n_atari += 1;
                        room = true;
                    }
                }
            }
        }
        let ko_capture = all_enemy
            && n_atari > 0
            && atari[..n_atari]
                .iter()
                .map(|&q| self.stones(q).len())
                .sum::<usize>()
                == 1;
        if !ignore_ko && self.ko == Some(p) && ko_capture {
            return None;
        }
        if !room {
            return None;
        }
        self.frames.push(Frame {
            log_len: self.log.len(),
            ko: self.ko,
            hash: self.hash,
            stone_hash: self.stone_hash,
        });
        self.set(p, own);
        let mut captured = 0;
        let mut last = p;
        for &q in &atari[..n_atari] {
            if self.cells[q] == enemy {
                for s in self.stones(q) {
                    self.set(s, EMPTY);
                    captured += 1;
                    last = s;
                }
            }
        }
        self.set_ko(ko_capture.then_some(last));
        Some(Played {
            captured,
            ko_capture,
        })
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        let f = self.frames.pop().expect("undo with no move");
        while self.log.len() > f.log_len {
            let (p, v) = self.log.pop().expect("log entry");
            self.cells[p] = v;
        }
        self.ko = f.ko;
        self.hash = f.hash;
        self.stone_hash = f.stone_hash;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    #[test]
    fn play_capture_ko_and_undo() {
        let pos = diagram(&[".XO..", "XO.O.", ".XO..", ".....", "....."]);
        let mut b = ReadBoard::new(&pos);
        let h0 = b.hash();
        let p = b.to_padded(7);
        let got = b.play(Color::Black, p, false).unwrap();
        assert_eq!(got.captured, 1);
        assert!(got.ko_capture);
        let ko = b.to_padded(6);
        assert_eq!(b.ko(), Some(ko));
        assert!(!b.is_legal(Color::White, ko));
        assert!(b.play(Color::White, ko, false).is_none());
        assert!(b.play(Color::White, ko, true).is_some());
        b.undo();
        b.undo();
        assert_eq!(b.hash(), h0);
        assert_eq!(b.color(b.to_padded(6)), Some(Color::White));
        assert_eq!(b.to_plain(b.to_padded(23)), 23);
        // White at the corner a5 takes b5 (a ko shape on the edge).
        let corner = b.to_padded(0);
        assert_eq!(b.libs(b.to_padded(1)), vec![corner]);
        assert!(b.is_ko_capture(Color::White, corner));
        // Black at e1, between two white stones, is suicide.
        let q = diagram(&[".....", ".....", ".....", "....O", "...O."]);
        let mut c = ReadBoard::new(&q);
        assert!(!c.is_legal(Color::Black, c.to_padded(24)));
        assert!(c.play(Color::Black, c.to_padded(24), false).is_none());
        assert!(c.is_legal(Color::White, c.to_padded(24)));
    }
}
