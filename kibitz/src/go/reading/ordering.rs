//! Move ordering with GNU Go 3.8's weights: each candidate is scored by
//! what it does next to it (liberties it gets or takes, stones it
//! captures, threatens or saves, open points, the edge) and the
//! candidates are sorted by score, best first, ties keeping the order in
//! which GNU Go's selection sort leaves them.

use super::search::Reader;
use crate::go::board::Color;

/// Defender: liberties of the new stone when it touches the string.
const DEFEND_LIB: [i32; 6] = [-5, -4, 0, 3, 5, 50];
/// Defender: liberties of the new stone away from the string.
const DEFEND_NOT_ADJACENT_LIB: [i32; 5] = [0, 0, 2, 3, 5];
/// Defender: stones captured.
const DEFEND_CAPTURE: [i32; 6] = [0, 6, 9, 13, 18, 24];
/// Defender: stones put in atari.
const DEFEND_ATARI: [i32; 6] = [0, 2, 4, 6, 7, 8];
/// Defender: own stones taken out of atari.
const DEFEND_SAVE: [i32; 6] = [0, 3, 6, 8, 10, 12];
/// Defender: empty neighbours.
const DEFEND_OPEN: [i32; 5] = [0, 1, 2, 3, 4];
/// Attacker: liberties of the new stone.
const ATTACK_OWN_LIB: [i32; 5] = [10, -4, 2, 3, 4];
/// Attacker: liberties the string would get by playing there itself.
const ATTACK_STRING_LIB: [i32; 6] = [-5, 2, 3, 7, 10, 19];
/// Attacker: stones captured.
const ATTACK_CAPTURE: [i32; 6] = [-4, 4, 10, 15, 20, 25];
/// Attacker: own stones taken out of atari.
const ATTACK_SAVE: [i32; 6] = [0, 10, 13, 18, 21, 24];
/// Attacker: empty neighbours.
const ATTACK_OPEN: [i32; 5] = [0, 0, 2, 4, 4];

/// What lies around a candidate move.
#[derive(Default)]
struct Around {
    edges: usize,
    same_string: usize,
    own: usize,
    captured: usize,
    threatened: usize,
    saved: usize,
    open: usize,
}

impl Reader {
    /// Counts what lies around `m` for a move by `color`, `s` a stone of
    /// the string read about, as GNU Go counts it: a string touching `m`
    /// on two sides counts twice, except a threatened one (two
    /// liberties); capturing a string also saves the mover's strings in
    /// atari next to it.
    fn around_move(&mut self, m: usize, color: Color, s: usize) -> Around {
        let mut a = Around::default();
        let mut threatened = [usize::MAX; 4];
        for q in self.board().around(m) {
            let Some(c) = self.board().color(q) else {
                if self.board().is_empty(q) {
                    a.open += 1;
                } else {
                    a.edges += 1;
                }
                continue;
            };
            if self.board().same_string(q, s) {
                a.same_string += 1;
            }
            let libs = self.board_mut().count_libs(q, 3);
            if c == color {
                a.own += 1;
                if libs == 1 {
                    a.saved += self.board_mut().string_size(q);
                }
            } else if libs == 1 {
                a.captured += self.board_mut().string_size(q);
                for e in self.board_mut().adjacent_strings(q) {
                    if self.board_mut().count_libs(e, 2) == 1 {
                        a.saved += self.board_mut().string_size(e);
                    }
                }
            } else if libs == 2 {
                let origin = self.board().origin(q);
                if let Some(slot) = threatened
                    .iter_mut()
                    .find(|t| **t == usize::MAX || **t == origin)
                {
                    if *slot != origin {
                        *slot = origin;
                        a.threatened += self.board().string_size(q);
                    }
                }
            }
        }
        a
    }

    /// GNU Go's score of the move `m` by `color` for reading the string
    /// at `s` (`string_libs` liberties).
    pub fn move_score(&mut self, m: usize, color: Color, s: usize, string_libs: usize) -> i32 {
        let a = self.around_move(m, color, s);
        let string_color = self.board().color(s).expect("a stone");
        let table = |t: &[i32], i: usize| t[i.min(t.len() - 1)];
        let mut score = 0;
        if color == string_color {
            let libs = self.libs_after_plain(color, m, 10);
            if a.same_string > 0 {
                score += if libs > 5 || (libs == 4 && self.depth() > self.limits.fourlib_depth) {
                    DEFEND_LIB[5] + libs as i32 - 4
                } else {
                    DEFEND_LIB[libs]
                };
            } else {
                score += table(&DEFEND_NOT_ADJACENT_LIB, libs);
            }
            score += table(&DEFEND_OPEN, a.open);
            if a.edges == 0 || a.captured > 0 {
                score += 5;
            }
            score += if a.captured <= 5 {
                DEFEND_CAPTURE[a.captured]
            } else {
                DEFEND_CAPTURE[5] + a.captured as i32
            };
            if libs + a.captured > 1 {
                score += if a.threatened <= 5 {
                    DEFEND_ATARI[a.threatened]
                } else {
                    DEFEND_ATARI[5] + a.threatened as i32
                };
            }
            score += table(&DEFEND_SAVE, a.saved);
        } else {
            let libs = self.libs_after_plain(color, m, 4).min(4);
            score += ATTACK_OWN_LIB[libs];
            if libs == 0 && a.captured == 1 {
                score -= 15;
            }
            let loose = libs + a.captured > 1 || (string_libs <= 2 && a.own == 0);
            if loose && a.same_string > 0 {
                let mut liberties = self.libs_after_plain(string_color, m, 5);
                if liberties > 5 || (liberties == 4 && self.depth() > self.limits.fourlib_depth) {
                    liberties = 5;
                }
                score += ATTACK_STRING_LIB[liberties];
                let safe_atari = string_libs <= 2 && libs + a.captured > 1;
                if liberties == 1 && a.saved == 0 && !safe_atari {
                    score -= 20;
                }
                if safe_atari {
                    score += 8;
                }
            }
            score += table(&ATTACK_OPEN, a.open);
            if a.edges == 0 {
                score += 1;
            }
            score += table(&ATTACK_CAPTURE, a.captured);
            score += table(&ATTACK_SAVE, a.saved);
        }
        score
    }

    /// The liberties a stone of `color` at empty `p` would have without
    /// counting captures (counted to `max`).
    fn libs_after_plain(&mut self, color: Color, p: usize, max: usize) -> usize {
        self.board_mut().libs_if_placed(color, p, max)
    }
}

/// Sorts (score, move) pairs by score, best first, the way GNU Go's
/// selection sort does (swapping the best of the rest into place).
pub fn selection_sort(scored: &mut [(i32, usize)]) {
    let n = scored.len();
    for i in 0..n.saturating_sub(1) {
        let mut best = i;
        for j in i + 1..n {
            if scored[j].0 > scored[best].0 {
                best = j;
            }
        }
        scored.swap(i, best);
    }
}
