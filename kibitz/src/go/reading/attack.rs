//! The attacker's side of the search: capture the string at a point.

use super::search::{Komaster, Reader, Routine};
use super::Code;

impl Reader {
    /// The best attack on the string at padded point `s`, its opponent to
    /// move: the code and the first move reaching it. Strings with five or
    /// more liberties (four beyond the four-liberty depth, three beyond
    /// the main depth) cannot be attacked; a spent node budget or the
    /// maximum depth also make the attack fail.
    pub fn attack(&mut self, s: usize) -> (Code, Option<usize>) {
        let killer = self.next_killer.take();
        if self.board().color(s).is_none() {
            return (Code::Win, None);
        }
        let n = self.board_mut().count_libs(s, 5);
        let d = self.depth();
        let lim = self.limits;
        if n >= 5 || (n == 4 && d > lim.fourlib_depth) || (n == 3 && d > lim.depth) {
            return (Code::Lose, None);
        }
        if d > lim.max_depth || !self.visit() {
            return (Code::Lose, None);
        }
        if let Some(res) = self.cached(Routine::Attack, s) {
            return res;
        }
        let res = if n == 1 {
            let lib = self.board_mut().libs_max(s, 1)[0];
            let c = self.capture(s, lib);
            let direct = (c, (c != Code::Lose).then_some(lib));
            if c == Code::Win {
                direct
            } else {
                // A snapback or a ko: backfilling or taking the stones
                // around may do better.
                let other = self.attack_by_moves(s, n, Some(lib), None);
                if other.0 > c {
                    other
                } else {
                    direct
                }
            }
        } else {
            // As GNU Go's, the killer only orders moves against four
            // liberties.
            self.attack_by_moves(s, n, None, killer.filter(|_| n == 4))
        };
        self.store(Routine::Attack, s, res);
        res
    }

    /// The attacker's moves tried one by one (all but `skip`).
    fn attack_by_moves(
        &mut self,
        s: usize,
        n: usize,
        skip: Option<usize>,
        killer: Option<usize>,
    ) -> (Code, Option<usize>) {
        let color = self.board().color(s).expect("a stone");
        let first = self.attack_moves(s, color, n, killer);
        let best = self.try_attacks(s, &first, skip, (Code::Lose, None));
        if best.0 == Code::Win || (self.narrow(n) && !first.is_empty()) {
            return best;
        }
        let (extra, squeeze) = self.attack_extra_moves(s, color, n);
        let extra: Vec<usize> = extra.into_iter().filter(|m| !first.contains(m)).collect();
        if extra.is_empty() && squeeze.is_empty() {
            return best;
        }
        let libs = self.board_mut().libs(s);
        let mut extra = self.order_attack_moves(s, color, n, &libs, extra, killer);
        for m in squeeze {
            if !first.contains(&m) && !extra.contains(&m) {
                extra.push(m);
            }
        }
        self.try_attacks(s, &extra, skip, best)
    }

    /// Tries the attacker's `moves` (all but `skip`) one by one, starting
    /// from the result `best` found so far.
    fn try_attacks(
        &mut self,
        s: usize,
        moves: &[usize],
        skip: Option<usize>,
        mut best: (Code, Option<usize>),
    ) -> (Code, Option<usize>) {
        let color = self.board().color(s).expect("a stone");
        let libs = self.board_mut().count_libs(s, 3);
        let narrow = self.narrow(libs);
        let mut suggest = None;
        for &m in moves {
            if Some(m) == skip {
                continue;
            }
            // As GNU Go's attacker: no pair sent to be taken back as one
            // while no ko is on the board.
            if self.board().ko().is_none() && self.board().sends_two_returns_one(color.other(), m) {
                continue;
            }
            let floor = best.0;
            let conditional = self.depth() <= self.limits.ko_depth && floor == Code::Lose;
            let c = self.after_move_ko(color.other(), m, conditional, |r| {
                if r.board().color(s) != Some(color) {
                    return Code::Win;
                }
                r.next_killer = suggest;
                let (d, dm) = r.defend(s);
                if d != Code::Lose {
                    suggest = dm;
                }
                let c = d.reverse();
                // No defence found: the string must still be capturable
                // with the defender passing, or the move did nothing.
                if c > floor && r.attack(s).0 == Code::Lose {
                    Code::Lose
                } else {
                    c
                }
            });
            if c > best.0 {
                best = (c, Some(m));
                if c == Code::Win {
                    break;
                }
            }
            if narrow {
                break;
            }
        }
        best
    }

    /// The result of taking the last liberty `lib` of the string at `s`:
    /// a win, except that a single stone taken by a ko capture is worth
    /// [`Code::KoA`] (the owner may retake after a threat) unless the
    /// attacker owns the ko fight, a proper snapback (the owner retakes
    /// and keeps two liberties) fails, and a capture the board forbids
    /// is worth [`Code::KoB`] unless the owner owns the ko fight.
    fn capture(&mut self, s: usize, lib: usize) -> Code {
        let color = self.board().color(s).expect("a stone");
        let attacker = color.other();
        let single = self.board_mut().string_size(s) == 1;
        if !single {
            // Taking two stones or more is always legal and never a ko.
            return Code::Win;
        }
        let b = self.board_mut();
        if b.play(attacker, lib, false).is_none() {
            let owner_owns = self.komaster() == Komaster::Owner(color);
            let allowed = self.depth() <= self.limits.ko_depth;
            let ko = self.board_mut().is_ko_capture(attacker, lib);
            return if !owner_owns && allowed && ko {
                Code::KoB
            } else {
                Code::Lose
            };
        }
        let res = if b.count_libs(lib, 2) > 1 {
            Code::Win
        } else if b.string_size(lib) == 1 {
            if self.komaster() == Komaster::Owner(attacker) {
                Code::Win
            } else {
                Code::KoA
            }
        } else if b.play(color, s, false).is_some() {
            let proper = b.count_libs(s, 2) > 1;
            b.undo();
            if proper {
                Code::Lose
            } else {
                Code::Win
            }
        } else {
            Code::Win
        };
        self.board_mut().undo();
        res
    }
}
