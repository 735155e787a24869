//! The Go board: stones, captures, suicide and simple ko rules, and a move
//! history with undo.
//!
//! Vertices are row-major indices `row * size + col` with row 0 the top row
//! (GTP row `size`) and column 0 the left column (GTP `A`), so "board order"
//! (top row first, left to right) is increasing index order.

use std::fmt;

use super::reading::point_set::{PointSet, CAPACITY};

/// The smallest board size.
pub const MIN_SIZE: usize = 2;
/// The largest board size.
pub const MAX_SIZE: usize = 19;

/// A whole board's vertices fit a [`PointSet`] (see `Position::flood`).
const _AREA_FITS: () = assert!(MAX_SIZE * MAX_SIZE <= CAPACITY);

/// A stone colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Color {
    /// The opponent's colour.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `"black"` or `"white"`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// Why a move or a board operation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The board size is outside 2..=19.
    BadSize,
    /// The vertex is not on the board.
    OffBoard,
    /// The move is illegal: occupied point, suicide or ko retake.
    Illegal,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BoardError::BadSize => "board size must be 2 to 19",
            BoardError::OffBoard => "vertex is off the board",
            BoardError::Illegal => "illegal move",
        })
    }
}

impl std::error::Error for BoardError {}

/// A position: the stones and the simple-ko point, without history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    size: usize,
    points: Vec<Option<Color>>,
    /// The point the side to move may not retake right now.
    ko: Option<usize>,
}

impl Position {
    /// Every point's stone, row by row (the index is the vertex).
    pub fn points(&self) -> &[Option<Color>] {
        &self.points
    }

    /// An empty position of `size` x `size`.
    pub fn new(size: usize) -> Result<Position, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::BadSize);
        }
        Ok(Position {
            size,
            points: vec![None; size * size],
            ko: None,
        })
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of points (`size * size`).
    pub fn area(&self) -> usize {
        self.points.len()
    }

    /// The stone at `v` (`None` when empty).
    pub fn get(&self, v: usize) -> Option<Color> {
        self.points[v]
    }

    /// The simple-ko point: a retake there is forbidden for the side to move.
    pub fn ko_point(&self) -> Option<usize> {
        self.ko
    }

    /// The on-board neighbours of `v` in the order south, west, north, east.
    pub fn neighbors(&self, v: usize) -> impl Iterator<Item = usize> {
        let n = self.size;
        let (r, c) = (v / n, v % n);
        [
            (r + 1 < n).then(|| v + n),
            (c > 0).then(|| v - 1),
            (r > 0).then(|| v - n),
            (c + 1 < n).then(|| v + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// The neighbour of `v` one step in direction `d` (0 south, 1 west,
    /// 2 north, 3 east; 4..8 the diagonals SW, NW, NE, SE), if on the board.
    pub fn step(&self, v: usize, d: usize) -> Option<usize> {
        const DR: [isize; 8] = [1, 0, -1, 0, 1, -1, -1, 1];
        const DC: [isize; 8] = [0, -1, 0, 1, -1, -1, 1, 1];
        self.offset(v, (DC[d], DR[d]))
    }

    /// The point `dx` columns and `dy` rows (down the index order) away
    /// from `v`, if on the board.
    pub fn offset(&self, v: usize, (dx, dy): (isize, isize)) -> Option<usize> {
        let n = self.size as isize;
        let r = (v / self.size) as isize + dy;
        let c = (v % self.size) as isize + dx;
        ((0..n).contains(&r) && (0..n).contains(&c)).then(|| (r * n + c) as usize)
    }

    /// True when `v` is on the first line.
    pub fn is_edge(&self, v: usize) -> bool {
        let (r, c) = (v / self.size, v % self.size);
        r == 0 || c == 0 || r + 1 == self.size || c + 1 == self.size
    }

    /// The stones of the string at `v`, in board order (empty if `v` is empty).
    pub fn string(&self, v: usize) -> Vec<usize> {
        self.flood(v).0.iter().collect()
    }

    /// The liberties of the string at `v`, in board order.
    pub fn liberties(&self, v: usize) -> Vec<usize> {
        self.flood(v).1.iter().collect()
    }

    /// The number of liberties of the string at `v`.
    pub fn count_liberties(&self, v: usize) -> usize {
        self.flood(v).1.len()
    }

    /// The stones and the liberties of the string at `v` (both empty if
    /// `v` is empty), found without allocating: the owl and the worms
    /// ask this at every node. The sets hold plain vertices (a 19x19
    /// area fits a [`PointSet`]).
    fn flood(&self, v: usize) -> (PointSet, PointSet) {
        let (mut stones, mut libs) = (PointSet::default(), PointSet::default());
        let Some(color) = self.points[v] else {
            return (stones, libs);
        };
        let mut stack = [0u16; MAX_SIZE * MAX_SIZE];
        let mut top = 1;
        stack[0] = v as u16;
        stones.insert(v);
        while top > 0 {
            top -= 1;
            let p = stack[top] as usize;
            for q in self.neighbors(p) {
                match self.points[q] {
                    None => libs.insert(q),
                    Some(c) if c == color && !stones.contains(q) => {
                        stones.insert(q);
                        stack[top] = q as u16;
                        top += 1;
                    }
                    _ => {}
                }
            }
        }
        (stones, libs)
    }

    /// True if `color` playing at the empty point `v` would be a ko
    /// capture (GNU Go's definition): every neighbour is an opponent stone
    /// and exactly one stone would be captured.
    pub fn is_ko(&self, v: usize, color: Color) -> bool {
        if self.points[v].is_some() {
            return false;
        }
        let enemy = Some(color.other());
        // The shape first: most points fail it, and liberties need a flood.
        if self.neighbors(v).any(|q| self.points[q] != enemy) {
            return false;
        }
        let mut captured = 0;
        for q in self.neighbors(v) {
            if self.count_liberties(q) == 1 {
                if self.neighbors(q).any(|r| self.points[r] == enemy) {
                    // A string of two or more stones in atari.
                    return false;
                }
                captured += 1;
            }
        }
        captured == 1
    }

    /// True if `v` is a stone whose capture would be a ko, or an empty
    /// point where a ko capture can be made (GNU Go's `is_ko_point`).
    pub fn is_ko_point(&self, v: usize) -> bool {
        match self.points[v] {
            None => {
                let look = self.step(v, 0).or_else(|| self.step(v, 2));
                match look.and_then(|q| self.points[q]) {
                    Some(c) => self.is_ko(v, c.other()),
                    None => false,
                }
            }
            Some(c) => {
                // A lone stone (no neighbour of its colour): its liberties
                // are its empty neighbours, so no flood is needed.
                if self.neighbors(v).any(|q| self.points[q] == Some(c)) {
                    return false;
                }
                let mut open = self.neighbors(v).filter(|&q| self.points[q].is_none());
                match (open.next(), open.next()) {
                    (Some(l), None) => self.is_ko(l, c.other()),
                    _ => false,
                }
            }
        }
    }

    /// True if `color` may play at `v`: on the board, empty, not a
    /// forbidden ko retake and not suicide.
    pub fn is_legal(&self, color: Color, v: usize) -> bool {
        if v >= self.area() || self.points[v].is_some() {
            return false;
        }
        if self.ko == Some(v) && self.is_ko(v, color) {
            return false;
        }
        self.neighbors(v).any(|q| match self.points[q] {
            None => true,
            Some(c) if c == color => self.count_liberties(q) > 1,
            Some(_) => self.count_liberties(q) == 1,
        })
    }

    /// True when `color` may play at `v` and is not left in atari there
    /// (two or more liberties after the move).
    pub fn is_safe_move(&self, color: Color, v: usize) -> bool {
        let mut p = self.clone();
        p.play(color, v).is_ok() && p.count_liberties(v) >= 2
    }

    /// Plays a legal move; returns the number of stones captured.
    pub fn play(&mut self, color: Color, v: usize) -> Result<usize, BoardError> {
        if v >= self.area() {
            return Err(BoardError::OffBoard);
        }
        if !self.is_legal(color, v) {
            return Err(BoardError::Illegal);
        }
        Ok(self.force_play(color, v))
    }

    /// Passes: only clears the ko point.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Puts a stone at the empty point `v` whatever the rules say (as an
    /// SGF record may): captures, and removes the mover's own string if
    /// it is left without liberties. Returns the number of opponent stones
    /// captured.
    pub fn force_play(&mut self, color: Color, v: usize) -> usize {
        self.points[v] = Some(color);
        let mut captured = Vec::new();
        let adj: Vec<usize> = self.neighbors(v).collect();
        for q in adj {
            if self.points[q] == Some(color.other()) && self.count_liberties(q) == 0 {
                let stones = self.string(q);
                for &s in &stones {
                    self.points[s] = None;
                }
                captured.extend(stones);
            }
        }
        self.ko = None;
        if captured.len() == 1 && self.string(v).len() == 1 && self.count_liberties(v) == 1 {
            self.ko = Some(captured[0]);
        }
        if self.count_liberties(v) == 0 {
            for s in self.string(v) {
                self.points[s] = None;
            }
        }
        captured.len()
    }

    /// Sets the point `v` to `stone` (SGF set-up); clears the ko point.
    pub fn set(&mut self, v: usize, stone: Option<Color>) {
        self.points[v] = stone;
        self.ko = None;
    }

    /// The stones of `color` in board order.
    pub fn stones(&self, color: Color) -> Vec<usize> {
        (0..self.area())
            .filter(|&v| self.points[v] == Some(color))
            .collect()
    }
}

/// An offset `(dx, dy)` under the board symmetry `t` (0..8: bit 2 swaps
/// the axes, bit 0 mirrors columns, bit 1 mirrors rows), for matching a
/// shape in all eight orientations.
pub fn orient(t: usize, (dx, dy): (isize, isize)) -> (isize, isize) {
    let (x, y) = if t & 4 != 0 { (dy, dx) } else { (dx, dy) };
    (
        if t & 1 != 0 { -x } else { x },
        if t & 2 != 0 { -y } else { y },
    )
}

/// A position with a move history: what the GTP engine and the C API hold.
#[derive(Clone, Debug)]
pub struct Board {
    pos: Position,
    /// Stones captured by black and by white.
    captures: [usize; 2],
    /// The state before each move, for undo.
    history: Vec<(Position, [usize; 2])>,
}

impl Board {
    /// An empty board of `size` x `size` (2..=19).
    pub fn new(size: usize) -> Result<Board, BoardError> {
        Ok(Board {
            pos: Position::new(size)?,
            captures: [0, 0],
            history: Vec::new(),
        })
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The board size.
    pub fn size(&self) -> usize {
        self.pos.size
    }

    /// The number of stones `color` has captured.
    pub fn captures(&self, color: Color) -> usize {
        self.captures[color as usize]
    }

    /// Plays `color` at `v` (`None` = pass) if legal, recording it for undo.
    pub fn play(&mut self, color: Color, v: Option<usize>) -> Result<(), BoardError> {
        let before = (self.pos.clone(), self.captures);
        match v {
            None => self.pos.pass(),
            Some(v) => {
                let n = self.pos.play(color, v)?;
                self.captures[color as usize] += n;
            }
        }
        self.history.push(before);
        Ok(())
    }

    /// Plays a move from a game record: like [`Board::play`] but without
    /// the legality checks (the point must be empty).
    pub fn play_unchecked(&mut self, color: Color, v: Option<usize>) {
        let before = (self.pos.clone(), self.captures);
        match v {
            None => self.pos.pass(),
            Some(v) => {
                let n = self.pos.force_play(color, v);
                self.captures[color as usize] += n;
            }
        }
        self.history.push(before);
    }

    /// Sets a point without recording a move (SGF `AB`/`AW`/`AE`).
    pub fn set_stone(&mut self, v: usize, stone: Option<Color>) {
        self.pos.set(v, stone);
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((pos, caps)) => {
                self.pos = pos;
                self.captures = caps;
                true
            }
            None => false,
        }
    }

    /// The number of moves that can be undone.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }
}

/// A 5x5 test position with a ko in the top left, black to take it at
/// row 1, column 2 (capturing the white stone at row 1, column 1):
/// ```text
/// . X O . .
/// X O . O .
/// . X O . .
/// ```
#[cfg(test)]
pub(crate) fn ko_fixture() -> Position {
    let mut p = Position::new(5).expect("a size");
    for (r, c, col) in [
        (0, 1, Color::Black),
        (1, 0, Color::Black),
        (2, 1, Color::Black),
        (0, 2, Color::White),
        (1, 3, Color::White),
        (2, 2, Color::White),
        (1, 1, Color::White),
    ] {
        p.play(col, r * 5 + c).expect("legal");
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(pos: &Position, r: usize, c: usize) -> usize {
        r * pos.size() + c
    }

    /// `is_ko` is the definition itself (every neighbour an opponent
    /// stone, exactly one stone taken by playing there) on every empty
    /// point of the positions of a long pseudo-random game.
    #[test]
    fn is_ko_agrees_with_playing() {
        let mut p = Position::new(7).unwrap();
        let mut seed: u64 = 0x243f_6a88_85a3_08d3;
        let (mut kos, mut checked) = (0, 0);
        for turn in 0..600 {
            for v in 0..p.area() {
                for c in [Color::Black, Color::White] {
                    if p.get(v).is_some() {
                        continue;
                    }
                    let shape = p.neighbors(v).all(|q| p.get(q) == Some(c.other()));
                    let want = shape && p.clone().force_play(c, v) == 1;
                    assert_eq!(p.is_ko(v, c), want, "turn {turn} point {v} {c:?}");
                    kos += usize::from(want);
                    checked += 1;
                }
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let color = [Color::Black, Color::White][turn % 2];
            let start = (seed % 49) as usize;
            let played = (0..49).any(|k| p.play(color, (start + k) % 49).is_ok());
            if !played {
                p = Position::new(7).unwrap();
            }
        }
        assert!(kos > 20 && checked > 10_000, "{kos} {checked}");
    }

    #[test]
    fn capture_suicide_and_ko() {
        let mut p = ko_fixture();
        assert_eq!(p.play(Color::Black, v(&p, 1, 2)), Ok(1));
        assert_eq!(p.get(v(&p, 1, 1)), None);
        assert_eq!(p.ko_point(), Some(v(&p, 1, 1)));
        assert!(p.is_ko_point(v(&p, 1, 2)));
        assert!(p.is_ko_point(v(&p, 1, 1)));
        assert_eq!(p.play(Color::White, v(&p, 1, 1)), Err(BoardError::Illegal));
        p.pass();
        assert_eq!(p.play(Color::White, v(&p, 1, 1)), Ok(1));
        // Suicide: black at the corner a5 surrounded by white? (0,0) has
        // neighbours (0,1)=X and (1,0)=X: legal for black, suicide-free.
        let mut q = Position::new(3).unwrap();
        q.play(Color::White, 1).unwrap();
        q.play(Color::White, 3).unwrap();
        assert!(!q.is_legal(Color::Black, 0));
        assert_eq!(q.play(Color::Black, 0), Err(BoardError::Illegal));
        assert!(q.is_legal(Color::White, 0));
        assert_eq!(q.play(Color::Black, 1), Err(BoardError::Illegal));
        assert_eq!(q.play(Color::Black, 9), Err(BoardError::OffBoard));
    }

    #[test]
    fn undo_restores_captures() {
        let mut b = Board::new(3).unwrap();
        b.play(Color::Black, Some(1)).unwrap();
        b.play(Color::White, Some(0)).unwrap();
        b.play(Color::Black, Some(3)).unwrap();
        assert_eq!(b.position().get(0), None);
        assert_eq!(b.captures(Color::Black), 1);
        assert!(b.undo());
        assert_eq!(b.position().get(0), Some(Color::White));
        assert_eq!(b.captures(Color::Black), 0);
        assert!(b.undo() && b.undo());
        assert!(!b.undo());
        assert_eq!(Board::new(1).unwrap_err(), BoardError::BadSize);
        assert_eq!(Board::new(20).unwrap_err(), BoardError::BadSize);
    }
}
