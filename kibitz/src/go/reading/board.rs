//! The reader's own board: a bordered array with make/undo through a
//! change log, strings kept incrementally, and a Zobrist hash.
//!
//! Points are indices into a `(size + 2)^2` array whose outer ring is
//! [`BORDER`]; [`ReadBoard::to_padded`] and [`ReadBoard::to_plain`]
//! convert from and to the row-major vertices of
//! [`crate::go::Position`]. Every string is a chain record holding its
//! stones and its liberties as [`PointSet`]s, and `chain_of` maps each
//! stone to its record, so liberty counts and lists cost no flood fill:
//! the reader asks them at every candidate move. A move updates the
//! records it touches and logs their old values for [`ReadBoard::undo`].

use smallvec::SmallVec;

use super::point_set::{PointSet, CAPACITY};
use crate::go::board::{Color, Position};

/// A short list of points (stones, liberties, strings), kept inline:
/// the reader asks for thousands of them per question.
pub type Points = SmallVec<[usize; 8]>;

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

/// One string: its stones and its liberties, with their counts (kept
/// beside the sets: counting bits is the reader's commonest question).
#[derive(Clone, Copy, Debug, Default)]
struct Chain {
    stones: PointSet,
    libs: PointSet,
    n_stones: u16,
    n_libs: u16,
}

impl Chain {
    /// Sets the counts from the sets.
    fn recount(&mut self) {
        self.n_stones = self.stones.len() as u16;
        self.n_libs = self.libs.len() as u16;
    }
}

/// One saved state: where the change logs and the chain records stood,
/// and the ko and hash then.
#[derive(Clone, Copy, Debug)]
struct Frame {
    log_len: usize,
    chain_log_len: usize,
    flips_len: usize,
    chains: usize,
    ko: Option<usize>,
    hash: u64,
}

/// The board the reader plays on.
#[derive(Clone, Debug)]
pub struct ReadBoard {
    size: usize,
    stride: usize,
    cells: Vec<u8>,
    /// The chain record of each stone (stale on empty points).
    chain_of: Vec<u16>,
    chains: Vec<Chain>,
    /// The border ring's points.
    border: PointSet,
    ko: Option<usize>,
    hash: u64,
    /// The old cell and chain index of each changed point.
    log: Vec<(u16, u8, u16)>,
    /// The old value of each changed chain record.
    chain_log: Vec<(u16, Chain)>,
    /// Single points that entered or left a chain's liberties (`false`)
    /// or stones (`true`): undone by flipping them back.
    flips: Vec<(u16, u16, bool)>,
    frames: Vec<Frame>,
    /// Recent answers of [`ReadBoard::adjacent_strings`] by position hash
    /// and point: the move generators of one node ask it again and again.
    adjacent_memo: [(u64, usize, Points); ADJACENT_MEMO],
}

/// Entries of [`ReadBoard::adjacent_strings`]'s memo (a power of two).
const ADJACENT_MEMO: usize = 8;

/// A 64-bit mix of `x` (splitmix64's finaliser), for Zobrist keys.
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The Zobrist keys: `mix(4p + v)` for a stone cell `v` at point `p`,
/// then `mix(0x10000 + p)` for a ko point `p`; looked up, since every
/// move of the reader changes the hash.
static KEYS: [u64; 5 * CAPACITY] = {
    let mut t = [0u64; 5 * CAPACITY];
    let mut i = 0;
    while i < 4 * CAPACITY {
        t[i] = mix(i as u64);
        i += 1;
    }
    while i < 5 * CAPACITY {
        t[i] = mix(0x1_0000 + (i - 4 * CAPACITY) as u64);
        i += 1;
    }
    t
};

/// The Zobrist key of a stone cell `v` at point `p`.
fn stone_key(p: usize, v: u8) -> u64 {
    KEYS[p * 4 + v as usize]
}

/// The Zobrist key of a ko point.
fn ko_key(p: usize) -> u64 {
    KEYS[4 * CAPACITY + p]
}

/// Up to four distinct chain indices (those around one point).
#[derive(Default)]
struct Four {
    ids: [u16; 4],
    n: usize,
}

impl Four {
    fn add(&mut self, id: u16) {
        if !self.ids[..self.n].contains(&id) {
            self.ids[self.n] = id;
            self.n += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.ids[..self.n].iter().copied()
    }
}

impl ReadBoard {
    /// The reading board of `pos` (its stones and ko point).
    pub fn new(pos: &Position) -> ReadBoard {
        let size = pos.size();
        let stride = size + 2;
        debug_assert!(stride * stride <= CAPACITY);
        let mut b = ReadBoard {
            size,
            stride,
            cells: vec![BORDER; stride * stride],
            chain_of: vec![u16::MAX; stride * stride],
            chains: Vec::with_capacity(64),
            border: PointSet::default(),
            ko: None,
            hash: 0,
            log: Vec::new(),
            chain_log: Vec::new(),
            flips: Vec::new(),
            frames: Vec::new(),
            adjacent_memo: std::array::from_fn(|_| (0, 0, Points::new())),
        };
        // Row by row: the padded index of vertex (r, c) is (r+1)*stride + c+1.
        for (r, row) in pos.points().chunks(size).enumerate() {
            let base = (r + 1) * stride + 1;
            for (c, &point) in row.iter().enumerate() {
                let v = point.map_or(EMPTY, cell);
                b.cells[base + c] = v;
                if v != EMPTY {
                    b.hash ^= stone_key(base + c, v);
                }
            }
        }
        for (p, &v) in b.cells.iter().enumerate() {
            if v == BORDER {
                b.border.insert(p);
            }
        }
        for p in stride + 1..stride * (size + 1) {
            if matches!(b.cells[p], 1 | 2) && b.chain_of[p] == u16::MAX {
                b.build_chain(p);
            }
        }
        b.ko = pos.ko_point().map(|k| b.to_padded(k));
        if let Some(k) = b.ko {
            b.hash ^= ko_key(k);
        }
        b
    }

    /// Floods the string at `p` into a new chain record.
    fn build_chain(&mut self, p: usize) {
        let id = self.chains.len() as u16;
        let c = self.cells[p];
        let mut chain = Chain::default();
        let mut stack: SmallVec<[usize; 32]> = SmallVec::new();
        stack.push(p);
        chain.stones.insert(p);
        self.chain_of[p] = id;
        while let Some(s) = stack.pop() {
            for q in self.around(s) {
                if self.cells[q] == EMPTY {
                    chain.libs.insert(q);
                } else if self.cells[q] == c && !chain.stones.contains(q) {
                    chain.stones.insert(q);
                    self.chain_of[q] = id;
                    stack.push(q);
                }
            }
        }
        chain.recount();
        self.chains.push(chain);
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The distance between two rows of padded indices.
    pub fn stride(&self) -> usize {
        self.stride
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

    /// The chain record of the stone at `p`.
    fn chain(&self, p: usize) -> &Chain {
        debug_assert!(self.cells[p] == 1 || self.cells[p] == 2);
        &self.chains[self.chain_of[p] as usize]
    }

    /// The stones of the string at `p`, in increasing point order.
    pub fn stones(&mut self, p: usize) -> Points {
        let c = self.chain(p);
        c.stones.iter().take(c.n_stones as usize).collect()
    }

    /// The number of stones of the string at `p`.
    pub fn string_size(&self, p: usize) -> usize {
        self.chain(p).n_stones as usize
    }

    /// The smallest point of the string at `p`.
    pub fn origin(&self, p: usize) -> usize {
        self.chain(p).stones.first().expect("a string has a stone")
    }

    /// True when `a` and `b` are stones of one string.
    pub fn same_string(&self, a: usize, b: usize) -> bool {
        let stone = |p: usize| self.cells[p] == 1 || self.cells[p] == 2;
        stone(a) && stone(b) && self.chain_of[a] == self.chain_of[b]
    }

    /// The liberties of the string at `p`: the `max` smallest, in
    /// increasing point order.
    pub fn libs_max(&mut self, p: usize, max: usize) -> Points {
        // Knowing the count, the walk stops at the last liberty wanted.
        let c = self.chain(p);
        c.libs.iter().take(max.min(c.n_libs as usize)).collect()
    }

    /// The liberties (counted to `max`) of a stone of `color` placed at
    /// empty `p` together with the strings it joins, captures not counted.
    pub fn libs_if_placed(&mut self, color: Color, p: usize, max: usize) -> usize {
        let own = cell(color);
        let mut friends = Four::default();
        let mut open = [0usize; 4];
        let mut n_open = 0;
        for q in self.around(p) {
            if self.cells[q] == EMPTY {
                open[n_open] = q;
                n_open += 1;
            } else if self.cells[q] == own {
                friends.add(self.chain_of[q]);
            }
        }
        let open = &open[..n_open];
        let n = match friends.n {
            0 => n_open,
            // One string: its liberties but `p`, and the new open points.
            1 => {
                let c = &self.chains[friends.ids[0] as usize];
                c.n_libs as usize - 1 + open.iter().filter(|&&q| !c.libs.contains(q)).count()
            }
            _ => {
                let mut libs = PointSet::default();
                for id in friends.iter() {
                    libs.union_with(&self.chains[id as usize].libs);
                }
                for &q in open {
                    libs.insert(q);
                }
                libs.remove(p);
                libs.len()
            }
        };
        n.min(max)
    }

    /// The liberties (counted to `max`) of the string a stone of `color`
    /// at empty `p` would be part of once played, captures counted (a
    /// captured stone next to the new string is a liberty); 0 for a
    /// suicide. Ko is not checked and the board is not changed.
    pub fn libs_after_move(&self, color: Color, p: usize, max: usize) -> usize {
        if self.cells[p] != EMPTY {
            return 0;
        }
        let (friends, taken, open) = self.move_neighbours(color, p);
        if taken.n == 0 && friends.n <= 1 {
            // No capture and at most one string joined: counts suffice.
            let n = match friends.n {
                0 => open.len(),
                _ => {
                    let c = &self.chains[friends.ids[0] as usize];
                    let new = open.iter().filter(|&q| !c.libs.contains(q)).count();
                    c.n_libs as usize - 1 + new
                }
            };
            return n.min(max);
        }
        self.libs_set_after(p, &friends, &taken, open)
            .len()
            .min(max)
    }

    /// [`ReadBoard::libs_after_move`] as the liberties themselves (the
    /// `max` smallest, in increasing order); empty for a suicide.
    pub fn libs_list_after_move(&self, color: Color, p: usize, max: usize) -> Points {
        if self.cells[p] != EMPTY {
            return Points::new();
        }
        let (friends, taken, open) = self.move_neighbours(color, p);
        let libs = self.libs_set_after(p, &friends, &taken, open);
        libs.iter().take(max).collect()
    }

    /// The strings of `color` next to empty `p`, the opponent strings
    /// a stone there would capture, and `p`'s empty neighbours.
    fn move_neighbours(&self, color: Color, p: usize) -> (Four, Four, PointSet) {
        let own = cell(color);
        let mut friends = Four::default();
        let mut taken = Four::default();
        let mut open = PointSet::default();
        for q in self.around(p) {
            match self.cells[q] {
                EMPTY => open.insert(q),
                BORDER => {}
                v if v == own => friends.add(self.chain_of[q]),
                _ if self.chain(q).n_libs == 1 => taken.add(self.chain_of[q]),
                _ => {}
            }
        }
        (friends, taken, open)
    }

    /// The liberties of the string made by a stone at `p` joining the
    /// strings `friends` and capturing the strings `taken`, `open` being
    /// `p`'s empty neighbours.
    fn libs_set_after(&self, p: usize, friends: &Four, taken: &Four, open: PointSet) -> PointSet {
        let mut libs = open;
        let mut stones = PointSet::single(p);
        for id in friends.iter() {
            let c = &self.chains[id as usize];
            libs.union_with(&c.libs);
            stones.union_with(&c.stones);
        }
        libs.remove(p);
        if taken.n > 0 {
            let next = stones.neighbours(self.stride);
            for id in taken.iter() {
                let mut freed = self.chains[id as usize].stones;
                freed.retain_in(&next);
                libs.union_with(&freed);
            }
        }
        libs
    }

    /// All liberties of the string at `p`, sorted.
    pub fn libs(&mut self, p: usize) -> Points {
        let c = self.chain(p);
        c.libs.iter().take(c.n_libs as usize).collect()
    }

    /// The number of liberties of the string at `p`, counting to `max`.
    pub fn count_libs(&mut self, p: usize, max: usize) -> usize {
        (self.chain(p).n_libs as usize).min(max)
    }

    /// One stone (the smallest index) of each enemy string touching the
    /// string at `p`, sorted.
    pub fn adjacent_strings(&mut self, p: usize) -> Points {
        let slot = (self.hash ^ p as u64) as usize & (ADJACENT_MEMO - 1);
        let (h, q, heads) = &self.adjacent_memo[slot];
        if *h == self.hash && *q == p {
            return heads.clone();
        }
        let heads = self.find_adjacent_strings(p);
        self.adjacent_memo[slot] = (self.hash, p, heads.clone());
        heads
    }

    /// [`ReadBoard::adjacent_strings`] without the memo.
    fn find_adjacent_strings(&self, p: usize) -> Points {
        self.adjacent_heads(p, |_| true)
    }

    /// The heads, sorted, of the enemy strings touching the string at `p`
    /// whose records `keep` accepts. A string's neighbours are its
    /// liberties, the border and enemy stones: one set operation finds
    /// the stones, and each enemy string is then taken whole.
    fn adjacent_heads(&self, p: usize, keep: impl Fn(&Chain) -> bool) -> Points {
        if self.chain(p).n_stones == 1 {
            self.adjacent_heads_lone(p, keep)
        } else {
            self.adjacent_heads_set(p, keep)
        }
    }

    /// [`ReadBoard::adjacent_heads`] by set operations, for any string.
    fn adjacent_heads_set(&self, p: usize, keep: impl Fn(&Chain) -> bool) -> Points {
        let chain = self.chain(p);
        let mut enemy = chain.stones.neighbours(self.stride);
        enemy.remove_all(&chain.stones);
        enemy.remove_all(&chain.libs);
        enemy.remove_all(&self.border);
        let mut heads = Points::new();
        while let Some(q) = enemy.first() {
            let other = &self.chains[self.chain_of[q] as usize];
            if keep(other) {
                heads.push(other.stones.first().expect("a stone"));
            }
            enemy.remove_all(&other.stones);
        }
        heads.sort_unstable();
        heads
    }

    /// [`ReadBoard::adjacent_heads`] for a lone stone at `p`: its four
    /// neighbours looked at one by one cost less than a set dilation.
    fn adjacent_heads_lone(&self, p: usize, keep: impl Fn(&Chain) -> bool) -> Points {
        let own = self.cells[p];
        let mut seen = [u16::MAX; 4];
        let mut heads = Points::new();
        for (k, q) in self.around(p).into_iter().enumerate() {
            let v = self.cells[q];
            if v == EMPTY || v == BORDER || v == own {
                continue;
            }
            let id = self.chain_of[q];
            if seen[..k].contains(&id) {
                continue;
            }
            seen[k] = id;
            let other = &self.chains[id as usize];
            if keep(other) {
                heads.push(other.stones.first().expect("a stone"));
            }
        }
        heads.sort_unstable();
        heads
    }

    /// The heads (as [`ReadBoard::adjacent_strings`]) of the enemy
    /// strings touching the string at `p` that have exactly `libs`
    /// liberties.
    pub fn adjacent_with_libs(&mut self, p: usize, libs: usize) -> Points {
        self.adjacent_heads(p, |c| usize::from(c.n_libs) == libs)
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
                captured += self.string_size(q);
            }
        }
        captured == 1
    }

    /// True when `color` at empty `p` would only hand the opponent a
    /// pair of stones whose capture it retakes as one, repeating the
    /// position (GNU Go's "send two, return one"): `p` has no empty
    /// neighbour and no enemy neighbour in atari, its one friendly
    /// neighbour is a lone stone of two liberties, and that stone's other
    /// liberty is walled by friendly strings of two or more liberties.
    pub fn sends_two_returns_one(&self, color: Color, p: usize) -> bool {
        let own = cell(color);
        let mut friend = None;
        for q in self.around(p) {
            match self.cells[q] {
                EMPTY => return false,
                BORDER => {}
                v if v == own => {
                    let c = self.chain(q);
                    if friend.is_some() || c.n_stones != 1 || c.n_libs != 2 {
                        return false;
                    }
                    friend = Some(q);
                }
                _ if self.chain(q).n_libs == 1 => return false,
                _ => {}
            }
        }
        let Some(f) = friend else {
            return false;
        };
        let Some(other_lib) = self.chain(f).libs.iter().find(|&l| l != p) else {
            return false;
        };
        self.around(other_lib)
            .into_iter()
            .all(|q| match self.cells[q] {
                BORDER => true,
                v if v == own => self.chain(q).n_libs >= 2,
                _ => false,
            })
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

    /// Sets the cell at `p` to `v` with chain index `chain`, logging the
    /// old values and keeping the hash.
    fn set_point(&mut self, p: usize, v: u8, chain: u16) {
        let old = self.cells[p];
        self.log.push((p as u16, old, self.chain_of[p]));
        if old != EMPTY {
            self.hash ^= stone_key(p, old);
        }
        if v != EMPTY {
            self.hash ^= stone_key(p, v);
        }
        self.cells[p] = v;
        self.chain_of[p] = chain;
    }

    /// Logs the chain record `id` before it changes.
    fn save_chain(&mut self, id: u16) {
        self.chain_log.push((id, self.chains[id as usize]));
    }

    /// Adds (`on`) or removes liberty `p` of chain `id`, logging a change.
    fn set_lib(&mut self, id: u16, p: usize, on: bool) {
        let chain = &mut self.chains[id as usize];
        if chain.libs.contains(p) != on {
            if on {
                chain.libs.insert(p);
                chain.n_libs += 1;
            } else {
                chain.libs.remove(p);
                chain.n_libs -= 1;
            }
            self.flips.push((id, p as u16, false));
        }
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
                .map(|&q| self.string_size(q))
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
            chain_log_len: self.chain_log.len(),
            flips_len: self.flips.len(),
            chains: self.chains.len(),
            ko: self.ko,
            hash: self.hash,
        });
        // The strings around p lose p as a liberty.
        let mut friends = Four::default();
        let mut enemies = Four::default();
        let mut open = [0usize; 4];
        let mut n_open = 0;
        for q in self.around(p) {
            match self.cells[q] {
                EMPTY => {
                    open[n_open] = q;
                    n_open += 1;
                }
                BORDER => {}
                v if v == own => friends.add(self.chain_of[q]),
                _ => enemies.add(self.chain_of[q]),
            }
        }
        // The new stone joins the largest friendly string; the others
        // are merged into it. A merge saves the whole record first (the
        // single changes after it are undone before it is restored).
        let target = friends
            .iter()
            .max_by_key(|&id| self.chains[id as usize].n_stones)
            .unwrap_or(self.chains.len() as u16);
        if friends.n > 1 {
            self.save_chain(target);
        }
        for id in friends.iter().chain(enemies.iter()) {
            self.set_lib(id, p, false);
        }
        if target as usize == self.chains.len() {
            self.chains.push(Chain::default());
        }
        self.set_point(p, own, target);
        for id in friends.iter().filter(|&id| id != target) {
            let other = self.chains[id as usize];
            for s in other.stones.iter() {
                self.log.push((s as u16, own, id));
                self.chain_of[s] = target;
            }
            let t = &mut self.chains[target as usize];
            t.stones.union_with(&other.stones);
            t.libs.union_with(&other.libs);
            t.recount();
        }
        let t = &mut self.chains[target as usize];
        t.stones.insert(p);
        t.n_stones += 1;
        self.flips.push((target, p as u16, true));
        for &q in &open[..n_open] {
            self.set_lib(target, q, true);
        }
        // Enemy strings left with no liberty are taken off; their points
        // become liberties of the capturer's strings around them.
        let mut captured = 0;
        let mut last = p;
        for id in enemies.iter() {
            if self.chains[id as usize].n_libs != 0 {
                continue;
            }
            let dead = self.chains[id as usize].stones;
            for s in dead.iter() {
                self.set_point(s, EMPTY, id);
                captured += 1;
                last = s;
            }
            for s in dead.iter() {
                for q in self.around(s) {
                    if self.cells[q] == own {
                        let g = self.chain_of[q];
                        self.set_lib(g, s, true);
                    }
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
        for &(p, cell, chain) in self.log[f.log_len..].iter().rev() {
            self.cells[p as usize] = cell;
            self.chain_of[p as usize] = chain;
        }
        self.log.truncate(f.log_len);
        for &(id, p, stone) in self.flips[f.flips_len..].iter().rev() {
            let chain = &mut self.chains[id as usize];
            let (set, n) = if stone {
                (&mut chain.stones, &mut chain.n_stones)
            } else {
                (&mut chain.libs, &mut chain.n_libs)
            };
            if set.contains(p as usize) {
                *n -= 1;
            } else {
                *n += 1;
            }
            set.flip(p as usize);
        }
        self.flips.truncate(f.flips_len);
        for &(id, old) in self.chain_log[f.chain_log_len..].iter().rev() {
            self.chains[id as usize] = old;
        }
        self.chain_log.truncate(f.chain_log_len);
        self.chains.truncate(f.chains);
        self.ko = f.ko;
        self.hash = f.hash;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    #[test]
    fn zobrist_keys_are_the_mix_of_their_index() {
        assert_eq!(stone_key(300, 2), mix(1202));
        assert_eq!(ko_key(44), mix(0x1_0000 + 44));
        assert_eq!(stone_key(CAPACITY - 1, 3), mix(4 * CAPACITY as u64 - 1));
    }

    #[test]
    fn send_two_return_one_shape() {
        // White at d5 makes a pair with c5 that Black takes at b5 and
        // White retakes as one stone at c5: the same position again.
        let rows = ["O.O.X", "OOXXX", "O.X..", ".OX..", "..X.."];
        let b = ReadBoard::new(&diagram(&rows));
        let d5 = b.to_padded(3);
        assert!(b.sends_two_returns_one(Color::White, d5));
        assert!(!b.sends_two_returns_one(Color::Black, d5));
        // With a5 empty, b5 is not walled in: Black's capture there
        // would not be a lone stone in atari.
        let open = ReadBoard::new(&diagram(&["..O.X", "OOXXX", "O.X..", ".OX..", "..X.."]));
        assert!(!open.sends_two_returns_one(Color::White, d5));
        // A friendly neighbour of two stones is not the shape.
        let pair = ReadBoard::new(&diagram(&["O.O.X", "OOOXX", "O.X..", ".OX..", "..X.."]));
        assert!(!pair.sends_two_returns_one(Color::White, d5));
    }

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
        assert_eq!(b.libs(b.to_padded(1)).to_vec(), vec![corner]);
        assert!(b.is_ko_capture(Color::White, corner));
        // Black at e1, between two white stones, is suicide.
        let q = diagram(&[".....", ".....", ".....", "....O", "...O."]);
        let mut c = ReadBoard::new(&q);
        assert!(!c.is_legal(Color::Black, c.to_padded(24)));
        assert!(c.play(Color::Black, c.to_padded(24), false).is_none());
        assert!(c.is_legal(Color::White, c.to_padded(24)));
    }

    /// A lone stone's enemy neighbours found point by point are those the
    /// set operations find, on every stone of a long pseudo-random game.
    #[test]
    fn lone_stone_neighbours_agree_with_set_operations() {
        let mut b = ReadBoard::new(&Position::new(7).unwrap());
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut lone = 0;
        for turn in 0..400 {
            for v in 0..49 {
                let p = b.to_padded(v);
                if b.is_empty(p) || b.string_size(p) != 1 {
                    continue;
                }
                lone += 1;
                assert_eq!(
                    b.adjacent_heads_lone(p, |_| true),
                    b.adjacent_heads_set(p, |_| true)
                );
                let two = |c: &Chain| c.n_libs == 2;
                assert_eq!(b.adjacent_heads_lone(p, two), b.adjacent_heads_set(p, two));
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let color = [Color::Black, Color::White][turn % 2];
            let start = (seed % 49) as usize;
            let played = (0..49).any(|k| {
                b.play(color, b.to_padded((start + k) % 49), false)
                    .is_some()
            });
            if !played {
                b = ReadBoard::new(&Position::new(7).unwrap());
            }
        }
        assert!(lone > 1000, "{lone}");
    }

    /// The liberty count after a move, computed without playing, agrees
    /// with playing the move on every point of positions reached by a
    /// long pseudo-random game (captures, merges, suicides).
    #[test]
    fn libs_after_move_agrees_with_playing() {
        let mut b = ReadBoard::new(&Position::new(7).unwrap());
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let (mut checked, mut freeing) = (0, 0);
        for turn in 0..400 {
            let color = if turn % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            for v in 0..49 {
                let p = b.to_padded(v);
                for c in [Color::Black, Color::White] {
                    let fast = b.libs_after_move(c, p, 30);
                    let slow = match b.play(c, p, true) {
                        None => 0,
                        Some(_) => {
                            let n = b.count_libs(p, 30);
                            b.undo();
                            n
                        }
                    };
                    assert_eq!(fast, slow, "turn {turn} point {v} {c:?}");
                    let list = b.libs_list_after_move(c, p, 30);
                    let played = match b.play(c, p, true) {
                        None => Points::new(),
                        Some(_) => {
                            let l = b.libs_max(p, 30);
                            b.undo();
                            l
                        }
                    };
                    assert_eq!(list, played, "turn {turn} point {v} {c:?}");
                    checked += usize::from(fast > 0 && b.is_empty(p));
                    freeing += usize::from(fast > 0 && fast != b.libs_if_placed(c, p, 30));
                }
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let start = (seed % 49) as usize;
            let points: Vec<usize> = (0..49).map(|k| b.to_padded((start + k) % 49)).collect();
            let played = points.iter().any(|&p| b.play(color, p, false).is_some());
            if !played {
                b = ReadBoard::new(&Position::new(7).unwrap());
            }
        }
        assert!(checked > 10_000 && freeing > 100, "{checked} {freeing}");
    }
}
