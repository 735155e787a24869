//! Superstrings: a string together with the friendly strings it is
//! practically connected to (GNU Go 3.8's definition without captured
//! lunches): through an empty point where an opponent stone would be in
//! atari at once (next to it, diagonal, or a one-point jump), through a
//! bamboo joint, or diagonally with both points between them empty. The
//! reader plays on the superstring's liberties and against its
//! surrounding strings when the direct moves fail.

use smallvec::SmallVec;

use super::board::Points;
use super::search::Reader;
use crate::go::board::Color;

/// What a superstring search collects.
#[derive(Debug, Default)]
pub struct Superstring {
    /// Liberties of the member strings that have at most `cap` liberties.
    pub libs: Vec<usize>,
    /// One stone of each opponent string next to a member with at most
    /// `cap` liberties (not those next to the first string when proper).
    pub links: Vec<usize>,
}

/// The state of one superstring search.
#[derive(Default)]
struct Walk {
    cap: usize,
    links_mode: bool,
    members: Stack,
    expand: Stack,
    seen_links: Stack,
    out: Superstring,
}

/// A walk's point lists, on the stack while they are short (most are).
type Stack = SmallVec<[usize; 32]>;

/// Appends `p` to `v` unless present.
fn push(v: &mut Vec<usize>, p: usize) {
    if !v.contains(&p) {
        v.push(p);
    }
}

impl Reader {
    /// The superstring of the string at `s`: liberties and surrounding
    /// strings of members with at most `cap` liberties. `links_mode`
    /// uses the looser test for an unsafe opponent point (fewer than two
    /// liberties before captures) and, with `proper`, leaves out the
    /// surrounding strings of `s` itself.
    pub fn superstring(
        &mut self,
        s: usize,
        cap: usize,
        links_mode: bool,
        proper: bool,
    ) -> Superstring {
        let color = self.board().color(s).expect("a stone");
        let mut w = Walk {
            cap,
            links_mode,
            ..Walk::default()
        };
        self.add_member(s, !proper, &mut w);
        let mut i = 0;
        while i < w.expand.len() {
            let pos = w.expand[i];
            i += 1;
            for k in 0..4 {
                for q in self.superstring_neighbours(pos, k, color, links_mode) {
                    if !w.members.contains(&q) {
                        self.add_member(q, true, &mut w);
                    }
                }
            }
        }
        w.out
    }

    /// The friendly stones joined to the stone at `pos` in direction `k`
    /// (right = k-th neighbour, up = the next one) by the superstring
    /// rules.
    fn superstring_neighbours(
        &mut self,
        pos: usize,
        k: usize,
        color: Color,
        links_mode: bool,
    ) -> Points {
        let dirs = self.board().around(pos).map(|q| q as isize - pos as isize);
        let (right, up) = (dirs[k], dirs[(k + 1) % 4]);
        let at = |d: isize| (pos as isize + d) as usize;
        let (a, b, g) = (at(right), at(right + up), at(up));
        let mut found = Points::new();
        if self.board().at(a) == super::board::BORDER {
            return found;
        }
        let mine = |r: &Reader, p: usize| r.board().color(p) == Some(color);
        if self.board().is_empty(a) {
            let other = color.other();
            let unsafe_point = if links_mode {
                self.plain_libs(other, a, 2) < 2
            } else {
                self.libs_after(other, a, 2) < 2
            };
            if unsafe_point {
                for p in [b, at(2 * right), at(right - up)] {
                    if mine(self, p) {
                        found.push(p);
                    }
                }
            }
        }
        if mine(self, a) && self.board().is_empty(b) && self.board().is_empty(g) {
            let (e, f) = (at(2 * up), at(right + 2 * up));
            if mine(self, e) && mine(self, f) {
                found.push(e);
            }
        }
        if mine(self, b) && self.board().is_empty(a) && self.board().is_empty(g) {
            found.push(b);
        }
        found
    }

    /// Adds the string at `q` to the superstring: its stones become
    /// members, and (in links mode, or when it has at most `cap`
    /// liberties) are searched for further members; when `record`, its
    /// liberties (if at most `cap`) and weak surrounding strings are
    /// collected.
    fn add_member(&mut self, q: usize, record: bool, w: &mut Walk) {
        let stones = self.board_mut().stones(q);
        w.members.extend_from_slice(&stones);
        let libs = self.board_mut().libs(q);
        if w.links_mode || libs.len() <= w.cap {
            w.expand.extend_from_slice(&stones);
        }
        if record && !w.links_mode && libs.len() <= w.cap {
            for l in libs {
                push(&mut w.out.libs, l);
            }
        }
        for e in self.board_mut().adjacent_strings(q) {
            if w.seen_links.contains(&e) {
                continue;
            }
            w.seen_links.push(e);
            if record && self.board_mut().count_libs(e, w.cap + 1) <= w.cap {
                w.out.links.push(e);
            }
        }
    }

    /// The liberties of a stone of `color` at empty `p` before captures
    /// (counted to `max`).
    pub fn plain_libs(&mut self, color: Color, p: usize, max: usize) -> usize {
        self.board_mut().libs_if_placed(color, p, max)
    }
}
