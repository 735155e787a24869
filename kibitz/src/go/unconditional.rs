//! Unconditional life: strings that cannot be captured even if the
//! opponent may play any number of moves in a row (Benson's notion), and
//! the points that are therefore unconditionally dead or territory.
//!
//! The method follows GNU Go 3.8's description in its `unconditional.c`:
//! 1. The opponent fills the liberties of each of our strings in turn;
//!    a string reduced to one liberty (or captured) is removed, and this
//!    repeats until no string falls. The strings left are invincible.
//!    Isolated two-stone strings (no other friendly string in their
//!    8-neighbourhood, not on the edge) are set aside first: they may be
//!    the inside of a seki-shaped eye space.
//! 2. The opponent then plays on every liberty of the invincible strings
//!    where legal, and extends its strings in atari while that is legal.
//! 3. A set-aside two-stone string that could form the seki shape gets a
//!    third stone; then the opponent plays on the liberties of the
//!    set-aside strings.
//! 4. An opponent string left with two adjacent liberties fills one.
//!
//! Our stones left on the board are alive; their liberties, the opponent
//! strings in atari and the liberties of those are our territory (dead
//! stones where the original position has opponent stones).

use super::board::{Color, Position};

/// What [`unconditional_status`] says about a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unconditional {
    /// Nothing is settled here (GTP `undecided`).
    Undecided,
    /// A stone that can never be captured.
    Alive,
    /// A stone inside the opponent's unconditional territory.
    Dead,
    /// An empty point of white's unconditional territory.
    WhiteTerritory,
    /// An empty point of black's unconditional territory.
    BlackTerritory,
}

impl Unconditional {
    /// The word GNU Go's GTP `unconditional_status` prints.
    pub fn name(self) -> &'static str {
        match self {
            Unconditional::Undecided => "undecided",
            Unconditional::Alive => "alive",
            Unconditional::Dead => "dead",
            Unconditional::WhiteTerritory => "white_territory",
            Unconditional::BlackTerritory => "black_territory",
        }
    }
}

/// How a point belongs to one colour after [`unconditional_life`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owned {
    /// Not settled for this colour.
    No,
    /// An invincible stone of this colour.
    Invincible,
    /// Territory of this colour (empty, or a dead opponent stone).
    Territory,
}

/// The unconditional status of every point: white's analysis first, then
/// black's overriding it where black's settles something (GNU Go's order).
pub fn unconditional_status(pos: &Position) -> Vec<Unconditional> {
    let mut out = vec![Unconditional::Undecided; pos.area()];
    if (0..pos.area()).all(|v| pos.get(v).is_none()) {
        return out;
    }
    for color in [Color::White, Color::Black] {
        let owned = unconditional_life(pos, color);
        for (v, o) in owned.iter().enumerate() {
            if *o == Owned::No {
                continue;
            }
            out[v] = match pos.get(v) {
                Some(c) if c == color => Unconditional::Alive,
                None if color == Color::White => Unconditional::WhiteTerritory,
                None => Unconditional::BlackTerritory,
                Some(_) => Unconditional::Dead,
            };
        }
    }
    out
}

/// A position with a stack of tried moves.
struct Trial {
    pos: Position,
    stack: Vec<Position>,
}

impl Trial {
    /// Plays `color` at `v` if legal (no suicide, no forbidden ko retake).
    fn try_move(&mut self, color: Color, v: usize) -> bool {
        if !self.pos.is_legal(color, v) {
            return false;
        }
        self.stack.push(self.pos.clone());
        self.pos.play(color, v).is_ok()
    }

    /// Plays `color` at `v` ignoring the ko rule (the point must be a
    /// legal capture otherwise).
    fn try_ko(&mut self, color: Color, v: usize) {
        self.stack.push(self.pos.clone());
        self.pos.force_play(color, v);
    }

    /// Takes back moves until `depth` remain.
    fn pop_to(&mut self, depth: usize) {
        while self.stack.len() > depth {
            self.pos = self.stack.pop().expect("a move to take back");
        }
    }

    /// The origins (first stones) of the strings of `color`, board order.
    fn origins(&self, color: Color) -> Vec<usize> {
        let mut seen = vec![false; self.pos.area()];
        let mut out = Vec::new();
        for v in 0..self.pos.area() {
            if self.pos.get(v) == Some(color) && !seen[v] {
                for s in self.pos.string(v) {
                    seen[s] = true;
                }
                out.push(v);
            }
        }
        out
    }

    /// The opponent plays on every liberty of the string at `s` it can.
    fn fill_liberties(&mut self, s: usize, other: Color) {
        for l in self.pos.liberties(s) {
            self.try_move(other, l);
        }
    }
}

/// Benson-style analysis for `color`: which points hold its invincible
/// stones and which are its unconditional territory.
pub fn unconditional_life(pos: &Position, color: Color) -> Vec<Owned> {
    let other = color.other();
    let mut t = Trial {
        pos: pos.clone(),
        stack: Vec::new(),
    };
    let seki = potential_sekis(pos, color);
    let mut owned = vec![Owned::No; pos.area()];
    if !capture_non_invincible(&mut t, color, &seki) {
        return owned;
    }
    // Step 2: fill the liberties of the invincible strings.
    for s in t.origins(color) {
        if !seki[s] {
            t.fill_liberties(s, other);
        }
    }
    extend_ataris(&mut t, other);
    // Step 3: the seki shape, then the set-aside strings' liberties.
    for s in t.origins(color) {
        if seki[s] {
            break_seki(&mut t, s, color);
        }
    }
    for (v, &set_aside) in seki.iter().enumerate() {
        if set_aside && t.pos.get(v).is_some() {
            t.fill_liberties(v, other);
        }
    }
    // Step 4: opponent strings with two adjacent liberties fill one.
    for v in 0..pos.area() {
        if t.pos.get(v) != Some(other) {
            continue;
        }
        let libs = t.pos.liberties(v);
        if libs.len() != 2 || !adjacent(&t.pos, libs[0], libs[1]) {
            continue;
        }
        let (a, b) = (libs[0], libs[1]);
        let (a_open, b_open) = (approx_libs(&t.pos, a, color), approx_libs(&t.pos, b, color));
        let (a_lib, b_lib) = (approx_libs(&t.pos, a, other), approx_libs(&t.pos, b, other));
        let pick = if a_open > b_open || (a_open == b_open && a_lib >= b_lib) {
            a
        } else {
            b
        };
        t.try_move(other, pick);
    }
    for (v, &set_aside) in seki.iter().enumerate() {
        match t.pos.get(v) {
            Some(c) if c == color && !set_aside => {
                owned[v] = Owned::Invincible;
            }
            Some(c) if c == other && t.pos.count_liberties(v) == 1 => {
                owned[v] = Owned::Territory;
                owned[t.pos.liberties(v)[0]] = Owned::Territory;
            }
            _ => {}
        }
    }
    for (v, &set_aside) in seki.iter().enumerate() {
        if t.pos.get(v) == Some(color) && !set_aside {
            for l in t.pos.liberties(v) {
                owned[l] = Owned::Territory;
            }
        }
    }
    owned
}

/// Two-stone strings of `color` with no other friendly string and no edge
/// in the 8-neighbourhood of either stone.
fn potential_sekis(pos: &Position, color: Color) -> Vec<bool> {
    let mut out = vec![false; pos.area()];
    for v in 0..pos.area() {
        if pos.get(v) != Some(color) {
            continue;
        }
        let stones = pos.string(v);
        if stones.len() != 2 || stones[0] != v {
            continue;
        }
        let isolated = stones.iter().all(|&s| {
            (0..8).all(|d| match pos.step(s, d) {
                None => false,
                Some(q) => pos.get(q) != Some(color) || stones.contains(&q),
            })
        });
        if isolated {
            out[stones[0]] = true;
            out[stones[1]] = true;
        }
    }
    out
}

/// Step 1: removes every string of `color` (except the `skip` ones) that
/// the opponent can reduce to one liberty by filling its liberties,
/// leaving the moves on the board. False when no string was left to try.
fn capture_non_invincible(t: &mut Trial, color: Color, skip: &[bool]) -> bool {
    let other = color.other();
    let mut found = false;
    let mut captured = true;
    while captured {
        captured = false;
        found = false;
        for (v, &skipped) in skip.iter().enumerate() {
            if t.pos.get(v) != Some(color) || skipped || t.pos.string(v)[0] != v {
                continue;
            }
            found = true;
            let depth = t.stack.len();
            t.fill_liberties(v, other);
            if t.pos.get(v).is_none() {
                captured = true;
            } else if let [last] = t.pos.liberties(v)[..] {
                t.try_ko(other, last);
                captured = true;
            } else {
                t.pop_to(depth);
            }
        }
    }
    found
}

/// Extends opponent strings in atari while that is legal.
fn extend_ataris(t: &mut Trial, other: Color) {
    let mut again = true;
    while again {
        again = false;
        for v in 0..t.pos.area() {
            if t.pos.get(v) != Some(other) {
                continue;
            }
            if let [lib] = t.pos.liberties(v)[..] {
                again |= t.try_move(other, lib);
            }
        }
    }
}

/// The seki test of step 3 for the two-stone string at `s`: with our
/// second stone "up" of `s`, empty points beyond both ends and on one
/// side, if the opponent's stones on the two far corners would join into
/// one string, our string grows a third stone "down" of `s`.
fn break_seki(t: &mut Trial, s: usize, color: Color) {
    let other = color.other();
    let is =
        |p: &Position, v: Option<usize>, want: Option<Color>| v.is_some_and(|v| p.get(v) == want);
    for r in 0..4 {
        let (up, down) = (r, (r + 2) % 4);
        let up1 = t.pos.step(s, up);
        let up2 = up1.and_then(|q| t.pos.step(q, up));
        let below = t.pos.step(s, down);
        if !is(&t.pos, up1, Some(color)) || !is(&t.pos, up2, None) || !is(&t.pos, below, None) {
            continue;
        }
        for right in [(r + 1) % 4, (r + 3) % 4] {
            let left = (right + 2) % 4;
            let side = t.pos.step(s, right);
            let up_left = up1.and_then(|q| t.pos.step(q, left));
            if !is(&t.pos, side, None) || !is(&t.pos, up_left, None) {
                continue;
            }
            let depth = t.stack.len();
            let a = t.pos.step(s, left);
            let b = up1.and_then(|q| t.pos.step(q, right));
            for p in [a, b].into_iter().flatten() {
                if t.pos.get(p).is_none() {
                    t.try_move(other, p);
                }
            }
            let joined = match (a, b) {
                (Some(a), Some(b)) => {
                    t.pos.get(a) == Some(other)
                        && t.pos.get(b) == Some(other)
                        && t.pos.string(a).contains(&b)
                }
                _ => false,
            };
            t.pop_to(depth);
            if joined {
                t.try_move(color, below.expect("checked empty"));
                break;
            }
        }
        if t.pos.get(s).is_some() && t.pos.string(s).len() > 2 {
            break;
        }
    }
}

/// True when `a` and `b` are orthogonal neighbours.
fn adjacent(pos: &Position, a: usize, b: usize) -> bool {
    pos.neighbors(a).any(|q| q == b)
}

/// The liberties (at most 4) a stone of `color` at the empty point `v`
/// would have, captures ignored.
fn approx_libs(pos: &Position, v: usize, color: Color) -> usize {
    let mut libs: Vec<usize> = pos.neighbors(v).filter(|&q| pos.get(q).is_none()).collect();
    for q in pos.neighbors(v) {
        if pos.get(q) == Some(color) {
            libs.extend(pos.liberties(q).into_iter().filter(|&l| l != v));
        }
    }
    libs.sort_unstable();
    libs.dedup();
    libs.len().min(4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    /// A black group with two one-point eyes in the corner is alive, its
    /// eyes are territory; E7 (white can live there for all Benson knows)
    /// and the white stone stay undecided (GNU Go 3.8 answers the same).
    #[test]
    fn two_eyes_live() {
        let p = diagram(&[
            ".X.X.O.", "XXXXX..", ".......", ".......", ".......", ".......", ".......",
        ]);
        let s = unconditional_status(&p);
        assert_eq!(s[1], Unconditional::Alive);
        assert_eq!(s[0], Unconditional::BlackTerritory);
        assert_eq!(s[2], Unconditional::BlackTerritory);
        assert_eq!(s[4], Unconditional::Undecided);
        assert_eq!(s[5], Unconditional::Undecided);
        assert_eq!(s[20], Unconditional::Undecided);
    }

    /// One eye is not enough: nothing is settled.
    #[test]
    fn one_eye_dies() {
        let p = diagram(&["..X..", "XXX..", ".....", ".....", "....."]);
        let s = unconditional_status(&p);
        assert!(s.iter().all(|&x| x == Unconditional::Undecided));
    }
}
