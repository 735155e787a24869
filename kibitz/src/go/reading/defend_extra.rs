//! The defender's second batch of moves, tried only when the first batch
//! (liberties, captures, counter-ataris, nearby rescues) found no sure
//! defence: preparing the capture of a two-liberty surrounding string
//! whose liberties the defender cannot fill directly (backfilling), and
//! saving the defender's own strings that hold such a surrounding string
//! in (secondary chain moves); backfilling so that the capture of a
//! lone stone becomes a ko; rescue points behind weak liberties and
//! moves on the superstring ([`super::superstring_moves`]).

use super::search::Reader;
use crate::go::board::Color;

/// Appends `p` to `v` unless present.
fn push(v: &mut Vec<usize>, p: usize) {
    if !v.contains(&p) {
        v.push(p);
    }
}

impl Reader {
    /// The defender's second-batch moves for the string at `s` (colour
    /// `color`, `n` liberties), not yet ordered.
    pub fn defense_extra_moves(&mut self, s: usize, color: Color, n: usize) -> Vec<usize> {
        let d = self.depth();
        let lim = self.limits;
        let mut moves = Vec::new();
        if d > lim.depth || n > 4 {
            return moves;
        }
        let libs = self.board_mut().libs(s);
        if n == 1 && d <= lim.backfill_depth {
            self.ko_backfill(s, color, libs[0], &mut moves);
            self.set_up_snapback(s, color, libs[0], &mut moves);
        }
        if n >= 3 {
            for &l in &libs {
                self.special_rescue(s, l, &mut moves);
            }
        }
        let ss_depth = match n {
            2 | 4 => lim.superstring_depth,
            _ => lim.backfill2_depth,
        };
        if n >= 2 && d <= ss_depth {
            if n <= 3 {
                self.superstring_break_chain(s, &mut moves);
            }
            self.superstring_moves(s, if n == 4 { 4 } else { 3 }, false, &mut moves);
            if n == 2 {
                self.squeeze_moves(s, color, &mut moves);
            }
        }
        if n > 3 {
            return moves;
        }
        for e in self.board_mut().adjacent_with_libs(s, 2) {
            let el = self.board_mut().libs_max(e, 2);
            let attacker = color.other();
            let room: Vec<usize> = el
                .iter()
                .map(|&l| self.libs_after(attacker, l, 4))
                .collect();
            if d <= lim.break_chain_depth && room.iter().all(|&r| r < 4) {
                self.secondary_chain(e, color, &mut moves);
            }
            let unsafe_libs = el.iter().all(|&l| self.libs_after(color, l, 2) < 2);
            let shared = el.iter().any(|l| libs.contains(l));
            if unsafe_libs && (d <= lim.backfill2_depth || shared) {
                self.backfill_chain(&el, color, &room, &mut moves);
            }
        }
        moves
    }

    /// A lone stone in atari whose capture at `lib` would be a ko
    /// capture: the liberties a defender stone on `lib` would have (at
    /// most five), played to make the capture a ko the defender can
    /// fight.
    fn ko_backfill(&mut self, s: usize, color: Color, lib: usize, v: &mut Vec<usize>) {
        let attacker = color.other();
        if self.board_mut().string_size(s) != 1 || !self.board_mut().is_ko_capture(attacker, lib) {
            return;
        }
        let Some(around) = self.breathing_points(color, lib) else {
            return;
        };
        for &p in &around {
            if around.len() == 1 || self.libs_after(attacker, p, 2) >= 2 {
                push(v, p);
            }
        }
    }

    /// A lone stone in atari where an attacker stone on its liberty `lib`
    /// would have one liberty (before captures): that liberty, when the
    /// defender can play it without self-atari or by a ko capture, so
    /// that taking the stone becomes a snapback or a ko.
    fn set_up_snapback(&mut self, s: usize, color: Color, lib: usize, v: &mut Vec<usize>) {
        let attacker = color.other();
        if self.board_mut().string_size(s) != 1 {
            return;
        }
        let around = self.plain_libs_list(attacker, lib);
        if let [p] = around[..] {
            if self.libs_after(color, p, 2) >= 2 || self.board_mut().is_ko_capture(color, p) {
                push(v, p);
            }
        }
    }

    /// Backfilling against a surrounding string with liberties `el`
    /// that the defender cannot fill safely: the other liberties the
    /// attacker would have after filling one of them, and (when the
    /// string is hemmed in, `room` its liberties after each extension)
    /// the one liberty of a defender stone on `el` if playing there
    /// gives three.
    fn backfill_chain(&mut self, el: &[usize], color: Color, room: &[usize], v: &mut Vec<usize>) {
        let attacker = color.other();
        for &l in el {
            let after = self.libs_list_after(attacker, l, 3);
            if after.len() == 2 {
                for p in after {
                    if self.libs_after(color, p, 2) >= 2 {
                        push(v, p);
                    }
                }
            }
        }
        if room.iter().all(|&r| r <= 2) {
            for &l in el {
                let own = self.libs_list_after(color, l, 2);
                if own.len() == 1 && self.libs_after(color, own[0], 3) >= 3 {
                    push(v, own[0]);
                }
            }
        }
    }

    /// Saving the defender's strings next to the surrounding string `e`:
    /// those in atari (extend when that gives two liberties, or capture
    /// an attacker string in atari next to them), or else those with two
    /// liberties sharing one with `e` (extend, capture, or atari an
    /// attacker string next to them that cannot easily escape).
    fn secondary_chain(&mut self, e: usize, color: Color, v: &mut Vec<usize>) {
        let around = self.board_mut().adjacent_strings(e);
        let mut found = false;
        for &f in &around {
            let fl = self.board_mut().libs_max(f, 2);
            if fl.len() != 1 {
                continue;
            }
            found = true;
            self.stretch_or_capture(f, e, color, &fl, v);
        }
        if found {
            return;
        }
        let el = self.board_mut().libs(e);
        for &f in &around {
            let fl = self.board_mut().libs_max(f, 3);
            if fl.len() != 2 || !fl.iter().any(|l| el.contains(l)) {
                continue;
            }
            self.stretch_or_capture(f, e, color, &fl, v);
            for g in self.board_mut().adjacent_with_libs(f, 2) {
                let gl = self.board_mut().libs_max(g, 2);
                for (k, &l) in gl.iter().enumerate() {
                    let escape = self.libs_after(color.other(), gl[1 - k], 3);
                    if escape < 3 && self.libs_after(color, l, 2) >= 2 {
                        push(v, l);
                    }
                }
            }
        }
    }

    /// Extending the defender string `f` on its liberties `fl` (when the
    /// new stone gets two liberties, counting `e`'s neighbourhood as one)
    /// and capturing attacker strings in atari next to it.
    fn stretch_or_capture(
        &mut self,
        f: usize,
        e: usize,
        color: Color,
        fl: &[usize],
        v: &mut Vec<usize>,
    ) {
        let e_stones = self.board_mut().stones(e);
        for &l in fl {
            let touches = self.board().around(l).iter().any(|q| e_stones.contains(q));
            if self.libs_after(color, l, 2) + touches as usize >= 2 {
                push(v, l);
            }
        }
        for g in self.board_mut().adjacent_with_libs(f, 1) {
            let gl = self.board_mut().libs_max(g, 1);
            if self.libs_after(color, gl[0], 2) >= 2 {
                push(v, gl[0]);
            }
        }
    }
}
