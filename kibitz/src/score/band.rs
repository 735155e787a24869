//! The bands of the score range (mate, table base, recognised win,
//! heuristic) and their names.

use std::fmt;

use super::value::{Score, ScoreScale};

/// The part of the range a score lies in (see [`ScoreScale`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Band {
    /// The side to move mates in this many plies.
    Mate(i32),
    /// The side to move is mated in this many plies.
    Mated(i32),
    /// A table-base win.
    TbWin,
    /// A table-base loss.
    TbLoss,
    /// A recognised win (`known_win ..`).
    KnownWin,
    /// A recognised loss.
    KnownLoss,
    /// A heuristic value (including the draw score 0).
    Heuristic,
    /// Beyond `±mate`: infinity, "no score" or a value of no band.
    Beyond,
}

impl ScoreScale {
    /// The band of `s`.
    pub const fn band(&self, s: Score) -> Band {
        let v = s.get();
        let a = v.abs();
        if a > self.mate() {
            Band::Beyond
        } else if a >= self.mate_in_max_ply() {
            if v > 0 {
                Band::Mate(self.mate() - a)
            } else {
                Band::Mated(self.mate() - a)
            }
        } else if a >= self.tb_win_in_max_ply() {
            if v > 0 {
                Band::TbWin
            } else {
                Band::TbLoss
            }
        } else if a >= self.known_win() {
            if v > 0 {
                Band::KnownWin
            } else {
                Band::KnownLoss
            }
        } else {
            Band::Heuristic
        }
    }
}

/// "ply" or "plies".
fn plies(n: i32) -> &'static str {
    if n == 1 {
        "ply"
    } else {
        "plies"
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Band::Mate(p) => write!(f, "mate in {p} {}", plies(*p)),
            Band::Mated(p) => write!(f, "mated in {p} {}", plies(*p)),
            Band::TbWin => f.write_str("table-base win"),
            Band::TbLoss => f.write_str("table-base loss"),
            Band::KnownWin => f.write_str("known win"),
            Band::KnownLoss => f.write_str("known loss"),
            Band::Heuristic => f.write_str("heuristic"),
            Band::Beyond => f.write_str("beyond mate"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SF: ScoreScale = ScoreScale::STOCKFISH;

    #[test]
    fn band_names() {
        let b = |v| SF.band(Score::new(v));
        assert_eq!(b(31997), Band::Mate(3));
        assert_eq!(b(-31754), Band::Mated(246));
        assert_eq!(b(31753), Band::TbWin);
        assert_eq!(b(-31508), Band::TbLoss);
        assert_eq!(b(31507), Band::KnownWin);
        assert_eq!(b(-10000), Band::KnownLoss);
        assert_eq!(b(9999), Band::Heuristic);
        assert_eq!(b(0), Band::Heuristic);
        assert_eq!(b(-32001), Band::Beyond);
        assert_eq!(Band::Mate(3).to_string(), "mate in 3 plies");
        assert_eq!(Band::Mated(1).to_string(), "mated in 1 ply");
    }
}
