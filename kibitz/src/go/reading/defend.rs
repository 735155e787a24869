//! The defender's side of the search: save the string at a point.

use super::search::{Reader, Routine};
use super::Code;
use crate::go::board::Color;

impl Reader {
    /// The best defence of the string at padded point `s`, its owner to
    /// move: the code and the first move reaching it. Strings too strong
    /// to be attacked at this depth (see [`Reader::attack`]) succeed with
    /// no move; so does every defence once the node budget is spent.
    pub fn defend(&mut self, s: usize) -> (Code, Option<usize>) {
        let killer = self.next_killer.take();
        let Some(color) = self.board().color(s) else {
            return (Code::Lose, None);
        };
        let n = self.board_mut().count_libs(s, 5);
        let d = self.depth();
        let lim = self.limits;
        if n >= 5 || (n == 4 && d > lim.fourlib_depth) || (n == 3 && d > lim.depth) {
            return (Code::Win, None);
        }
        if d > lim.max_depth || !self.visit() {
            return (Code::Win, None);
        }
        if let Some(res) = self.cached(Routine::Defend, s) {
            return res;
        }
        if let Some(m) = self.fast_defense(s, color, n) {
            let res = (Code::Win, Some(m));
            self.store(Routine::Defend, s, res);
            return res;
        }
        // As GNU Go's, the killer only orders moves for three or more
        // liberties.
        let killer = killer.filter(|_| n > 2);
        let (first, second) = self.defense_moves(s, color, n, killer);
        let mut best = self.try_defenses(s, &first, (Code::Lose, None));
        let narrow = self.narrow(n);
        let done = |best: (Code, Option<usize>), tried: &[usize]| {
            best.0 == Code::Win || (narrow && !tried.is_empty())
        };
        let mut first = first;
        if !done(best, &first) {
            let second = self.order_later(s, color, n, second, killer);
            best = self.try_defenses(s, &second, best);
            first.extend(second);
        }
        if !done(best, &first) {
            let extra = self.defense_extra_moves(s, color, n);
            let extra: Vec<usize> = extra.into_iter().filter(|m| !first.contains(m)).collect();
            if !extra.is_empty() {
                // A string in atari may stay in atari after a backfilling
                // move that turns its capture into a ko.
                let keep = if n == 1 { extra.clone() } else { Vec::new() };
                let extra = self.order_defense_moves(s, color, &keep, extra, killer);
                best = self.try_defenses(s, &extra, best);
            }
        }
        self.store(Routine::Defend, s, best);
        best
    }

    /// A move that leaves the string at `s` (colour `color`, `n`
    /// liberties) too many liberties to be attacked one move deeper (five,
    /// or four past the four-liberty depth): a liberty, or the capture of
    /// a neighbour in atari whose stones free enough points around the
    /// string (not a ko, nor a snapback-prone capture on the string's last
    /// liberty). Such a move wins with no reading, as in GNU Go.
    fn fast_defense(&mut self, s: usize, color: Color, n: usize) -> Option<usize> {
        let goal = if self.depth() <= self.limits.fourlib_depth {
            5
        } else {
            4
        };
        let libs = self.board_mut().libs(s);
        if let Some(&l) = libs
            .iter()
            .find(|&&l| self.board().libs_after_move(color, l, goal) >= goal)
        {
            return Some(l);
        }
        let missing = goal - n;
        for e in self.board_mut().adjacent_with_libs(s, 1) {
            let b = self.board_mut();
            let lib = b.libs_max(e, 1)[0];
            if libs.contains(&lib) || b.is_ko_capture(color, lib) {
                continue;
            }
            let freed = b
                .stones(e)
                .iter()
                .filter(|&&q| b.around(q).iter().any(|&r| b.same_string(r, s)))
                .count();
            if freed >= missing {
                return Some(lib);
            }
        }
        None
    }

    /// Tries the defender's `moves` one by one, starting from the result
    /// `best` found so far.
    fn try_defenses(
        &mut self,
        s: usize,
        moves: &[usize],
        mut best: (Code, Option<usize>),
    ) -> (Code, Option<usize>) {
        let color = self.board().color(s).expect("a stone");
        let libs = self.board_mut().count_libs(s, 3);
        let narrow = self.narrow(libs);
        let mut suggest = None;
        for &m in moves {
            let conditional = self.depth() <= self.limits.ko_depth && best.0 == Code::Lose;
            let c = self.after_move_ko(color, m, conditional, |r| {
                r.next_killer = suggest;
                let (a, am) = r.attack(s);
                if a != Code::Lose {
                    suggest = am;
                }
                a.reverse()
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
}
