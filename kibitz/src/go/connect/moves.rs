//! Candidate moves to connect or cut two strings: points where the sum
//! of the two strings' distances after a move would be small, captures
//! and defences of the strings in between, and common vulnerable points
//! of friendly strings; scored with bonuses, sorted, and cut where the
//! scores fall off. GNU Go 3.8's `find_connection_moves`
//! (`readconnect.c`, facts only, own code).

use super::distance::ConnData;
use super::state::{fp, Conn, Dist, HUGE};
use crate::go::board::Color;
use crate::go::reading::Code;

/// Candidates with their scores (lower is better).
struct Candidates {
    moves: Vec<usize>,
    dists: Vec<Dist>,
}

impl Candidates {
    fn add(&mut self, m: usize, d: Dist) {
        if let Some(i) = self.moves.iter().position(|&x| x == m) {
            self.dists[i] = self.dists[i].min(d);
        } else {
            self.moves.push(m);
            self.dists.push(d);
        }
    }
}

impl Conn {
    /// The moves for `to_move` to connect (if it owns the strings) or cut
    /// the strings at `s1` and `s2`, best first, and the distance between
    /// the strings.
    pub fn string_connection_moves(
        &mut self,
        s1: usize,
        s2: usize,
        to_move: Color,
    ) -> (Vec<usize>, Dist) {
        let mut c1 = self.connection_distances(s1, Some(s2), fp(3.051), true);
        let mut c2 = self.connection_distances(s2, Some(s1), fp(3.051), true);
        let l1 = self.libs(s1);
        if l1.len() == 1 {
            let lib = l1[0];
            c1.dist[lib] = 0;
            c1.from[lib] = None;
            c2.dist[lib] = c2.dist[s1];
            c2.from[lib] = c1.from[s1];
        }
        let l2 = self.libs(s2);
        if l2.len() == 1 {
            let lib = l2[0];
            c2.dist[lib] = 0;
            c1.dist[lib] = c1.dist[s2];
        }
        let (max1, max2) = (c1.dist[s2], c2.dist[s1]);
        let total = max1.min(max2);
        let moves = self.connection_moves(s1, s2, to_move, &c1, &c2, (max1, max2), total);
        self.recycle(c1);
        self.recycle(c2);
        (moves, total)
    }

    /// The candidate moves from the distances `c1` and `c2` of the two
    /// strings.
    #[allow(clippy::too_many_arguments)]
    fn connection_moves(
        &mut self,
        s1: usize,
        s2: usize,
        to_move: Color,
        c1: &ConnData,
        c2: &ConnData,
        (max1, max2): (Dist, Dist),
        total: Dist,
    ) -> Vec<usize> {
        let color = self.color(s1).expect("a stone");
        let other = color.other();
        let connecting = to_move == color;
        let mut cand = Candidates {
            moves: Vec::new(),
            dists: Vec::new(),
        };
        for &pos in &c1.queue {
            let (d1, dd1, d2, dd2) = (c1.dist[pos], c1.delta[pos], c2.dist[pos], c2.delta[pos]);
            if d1 - dd1 + d2 - dd2 > fp(2.5) || d1 > max1 + fp(0.2) || d2 > max2 + fp(0.2) {
                continue;
            }
            if self.trace {
                self.trace_point(pos, [d1, dd1, d2, dd2]);
            }
            let (e1, e2) = (d1 - dd1, d2 - dd2);
            let mut distance = e1 + e2;
            if 3 * e1 / 2 > e2 && 3 * e2 / 2 > e1 {
                distance -= fp(0.1);
            }
            // Not between the strings.
            if c1.from[pos].is_some() && c1.from[pos] == c2.from[pos] {
                continue;
            }
            if self.is_empty(pos) {
                if self.check_self_atari(pos, to_move) {
                    cand.add(pos, distance);
                } else if !connecting {
                    // Our addition: a cutting point the cutter cannot yet
                    // use; the points where the link through it is weak
                    // may prepare it.
                    for v in c1.vuln[pos].into_iter().chain(c2.vuln[pos]).flatten() {
                        if self.is_empty(v) && self.check_self_atari(v, to_move) {
                            cand.add(v, distance + fp(0.1));
                        }
                    }
                }
            } else if self.color(pos) == Some(other) {
                let (acode, apos) = self.attack(pos);
                if acode == Code::Lose {
                    continue;
                }
                let (dcode, dpos) = self.defend(pos);
                let apos = apos.expect("an attack move");
                if connecting {
                    if dcode == Code::Lose || c1.dist[apos] + c2.dist[apos] > d1 + d2 {
                        distance += fp(0.5);
                    }
                    cand.add(apos, distance - fp(0.15));
                } else if dcode != Code::Lose {
                    if let Some(dpos) = dpos {
                        cand.add(dpos, distance - fp(0.5));
                    }
                }
            } else if self.color(pos) == Some(color) {
                if !connecting && self.stackp() == self.root_depth {
                    // Our addition: at the root of a cutting question the
                    // cutter may also break the weak link that joins an
                    // end string to its first neighbour.
                    for (c, end) in [(c1, s1), (c2, s2)] {
                        let Some(f) = c.from[pos] else { continue };
                        if !self.same_string(f, end) {
                            continue;
                        }
                        for v in c.vuln[pos].into_iter().flatten() {
                            if self.is_empty(v) && self.check_self_atari(v, to_move) {
                                cand.add(v, distance + fp(0.0));
                            }
                        }
                    }
                }
                for k in 0..4 {
                    let a = c1.vuln[pos][if k & 1 == 1 { 0 } else { 1 }];
                    let b = c2.vuln[pos][if k & 2 == 2 { 0 } else { 1 }];
                    if self.common_vulnerability(a, b, color) {
                        let a = a.expect("a vulnerable point");
                        let b = b.expect("a vulnerable point");
                        if self.check_self_atari(a, to_move) {
                            cand.add(a, distance);
                        }
                        if b != a && self.check_self_atari(b, to_move) {
                            cand.add(b, distance);
                        }
                    }
                }
            }
        }
        for r in 0..cand.moves.len() {
            let bonus = self.move_bonus(s1, s2, cand.moves[r], color, connecting, c1, c2, total);
            cand.dists[r] -= bonus;
        }
        // Selection sort, smallest first.
        let n = cand.moves.len();
        for i in 0..n {
            let mut min_at = i;
            for j in i + 1..n {
                if cand.dists[j] < cand.dists[min_at] {
                    min_at = j;
                }
            }
            cand.moves.swap(i, min_at);
            cand.dists.swap(i, min_at);
        }
        if self.trace {
            self.trace_scores(&cand.moves, &cand.dists);
        }
        if n == 0 {
            return Vec::new();
        }
        let d = &cand.dists;
        let mut limit = if n <= 1 || !self.is_ko(cand.moves[0], to_move) {
            d[0] + fp(1.5)
        } else {
            d[1] + fp(1.5)
        };
        if n > 1 && d[1] < fp(1.0) && d[1] > limit {
            limit = d[1];
        }
        let mut keep = n;
        for r in 0..n {
            if r > 1 && d[r] > d[r - 1] && d[r] - d[r - 1] > (8 - r as Dist) * fp(0.2) {
                keep = r;
                break;
            }
            if d[r] > limit || d[r] > HUGE {
                keep = r;
                break;
            }
        }
        cand.moves.truncate(keep);
        cand.moves
    }

    /// The bonus (to subtract from the score) of candidate `m`: next to
    /// short opponent or own strings, captures of strings linking the
    /// two, cuts on the edge, liberties of three-liberty end strings;
    /// minus a penalty for moves caught in a ladder.
    #[allow(clippy::too_many_arguments)]
    fn move_bonus(
        &mut self,
        s1: usize,
        s2: usize,
        m: usize,
        color: Color,
        connecting: bool,
        c1: &ConnData,
        c2: &ConnData,
        total: Dist,
    ) -> Dist {
        let other = color.other();
        let to_move = if connecting { color } else { other };
        let mut bonus = 0;
        let mut next_to_attacker = false;
        let mut given = false;
        for q in self.around(m) {
            if self.color(q) == Some(other) {
                next_to_attacker = true;
                bonus += fp(0.15);
                if self.countlib(q) <= 2 {
                    bonus += fp(0.2);
                    let near = |c: &ConnData| {
                        c.dist[m] - c.delta[m] <= fp(0.5) || c.dist[q] - c.delta[q] <= fp(0.5)
                    };
                    if (connecting || !given)
                        && near(c1)
                        && near(c2)
                        && c1.dist[q] < total
                        && c2.dist[q] < total
                    {
                        given = true;
                        bonus += fp(0.7);
                    }
                }
            } else if self.color(q) == Some(color) {
                let libs = self.countlib(q);
                if libs <= 2 {
                    bonus += fp(0.2);
                }
                if !connecting && libs == 1 && self.accuratelib(m, other, 2) > 1 {
                    bonus += fp(0.1) * self.chainlinks2(q, 2).len() as Dist;
                    bonus += fp(0.5) * self.chainlinks2(q, 1).len() as Dist;
                }
            }
        }
        if next_to_attacker && !connecting && self.r.board().is_edge(m) {
            bonus += fp(0.1);
        }
        if self.ladder_capturable(m, to_move) {
            bonus -= fp(0.3);
        }
        if (self.liberty_of(m, s1) && self.countlib(s1) == 3)
            || (self.liberty_of(m, s2) && self.countlib(s2) == 3)
        {
            bonus += fp(0.1);
        }
        bonus
    }
}
