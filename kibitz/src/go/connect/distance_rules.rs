//! The propagation rules of the connection distances: from a stone of
//! the connecting colour (twenty-one shapes, cheapest first) and from an
//! empty point or a doomed opponent string (plain steps and diagonals).
//! GNU Go 3.8's rules and costs (`readconnect.c`, facts only, own code).

use super::distance::ConnData;
use super::state::{fp, Conn, Dist};
use crate::go::board::Color;

/// The neighbourhood of a point for one orientation: with `*` the point,
/// `right` and `up` two perpendicular steps,
///
/// ```text
///  j e f
///  i g b
/// k h * a c
/// ```
struct Frame {
    a: usize,
    b: usize,
    c: usize,
    e: usize,
    f: usize,
    g: usize,
    h: usize,
    i: usize,
    j: usize,
    k: usize,
}

impl Frame {
    fn new(pos: usize, right: isize, up: isize) -> Frame {
        let at = |dr: isize, du: isize| pos.wrapping_add_signed(dr * right + du * up);
        Frame {
            a: at(1, 0),
            b: at(1, 1),
            c: at(2, 0),
            e: at(0, 2),
            f: at(1, 2),
            g: at(0, 1),
            h: at(-1, 0),
            i: at(-1, 1),
            j: at(-1, 2),
            k: at(-2, 0),
        }
    }
}

impl Conn {
    /// The four orientations (right, up) around a point.
    fn orientations(&self) -> [(isize, isize); 4] {
        let s = self.r.board().size() as isize + 2;
        let d = [s, -1, -s, 1];
        [(d[0], d[1]), (d[1], d[2]), (d[2], d[3]), (d[3], d[0])]
    }

    /// Spreads from the stone `pos` of `color` at distance `d`.
    pub(super) fn spread_from_stone(
        &mut self,
        color: Color,
        c: &mut ConnData,
        pos: usize,
        d: Dist,
    ) {
        let other = color.other();
        let own = Some(color);
        let opp = Some(other);
        for (right, up) in self.orientations() {
            let x = Frame::new(pos, right, up);
            let mine = c.vuln[pos];
            // 1: an empty point the opponent cannot play (suicide).
            if self.is_empty(x.a) && self.is_suicide(x.a, other) {
                c.enqueue(pos, x.a, d, 0, [Some(x.a), None]);
            }
            // 2: an empty point that is self atari for the opponent.
            if self.is_empty(x.a) && c.dist[x.a] > d + fp(0.1) && self.is_self_atari(x.a, other) {
                let mut v = [None, None];
                if let Some(&lib) = self.approxlib(x.a, other, 1).first() {
                    if self.approxlib_count(lib, other, 3) > 2 {
                        v[0] = Some(lib);
                    }
                    if self.countlib(pos) == 2 {
                        for q in self.around(lib) {
                            if self.is_empty(q) && q != x.a && self.trymove(q, other) {
                                let caught =
                                    self.ladder_capture(pos).0 != crate::go::reading::Code::Lose;
                                self.undo();
                                if caught {
                                    v[1] = Some(q);
                                    break;
                                }
                            }
                        }
                    }
                }
                if !self.common_vulnerabilities(mine, v, color) {
                    c.enqueue(pos, x.a, d + fp(0.1), fp(0.1), v);
                }
            }
            // 3: a bamboo joint through b and g.
            if self.color(x.a) == own
                && self.is_empty(x.b)
                && self.color(x.f) == own
                && self.color(x.e) == own
                && self.is_empty(x.g)
            {
                c.enqueue(pos, x.b, d + fp(0.1), fp(0.1), [None, None]);
                c.enqueue(pos, x.g, d + fp(0.1), fp(0.1), [None, None]);
            }
            // 4: a diagonal link to a stone at b through empty a and g.
            if self.color(x.b) == own
                && self.is_empty(x.a)
                && self.is_empty(x.g)
                && !self.common_vulnerabilities(mine, [Some(x.a), Some(x.g)], color)
                && c.dist[x.b] > d + fp(0.1)
            {
                self.enqueue_stone(c, pos, x.b, d + fp(0.1), fp(0.1), [Some(x.a), Some(x.g)]);
            }
            // 5: almost a bamboo joint, to a stone at e over g.
            if self.is_empty(x.g)
                && self.color(x.e) == own
                && c.dist[x.e] > d + fp(0.2)
                && self.approxlib_count(x.g, other, 3) <= 2
            {
                for (side, corner, far) in [(x.a, x.b, x.f), (x.h, x.i, x.j)] {
                    if self.almost_bamboo(c, color, pos, x.e, x.g, side, corner, far) {
                        let v = match (self.is_empty(side), self.is_empty(far)) {
                            (true, true) => [Some(side), Some(far)],
                            (true, false) => [Some(side), None],
                            (false, true) => [Some(far), None],
                            (false, false) => [None, None],
                        };
                        self.enqueue_stone(c, pos, x.e, d + fp(0.2), fp(0.2), v);
                    }
                }
            }
            // 6 and 7: an empty point (ladder test put off).
            if self.is_empty(x.a) && c.dist[x.a] > d + fp(0.6) {
                c.push_open(d + fp(0.6), pos, x.a);
            }
            // 8: a next opponent string that cannot get out of atari.
            if self.color(x.a) == opp && c.dist[x.a] > d + fp(0.1) && self.no_escape_from_atari(x.a)
            {
                self.enqueue_stone(c, pos, x.a, d + fp(0.1), fp(0.1), [None, None]);
            }
            // 9 and 10: a next opponent string (ladder test put off).
            if self.color(x.a) == opp && c.dist[x.a] > d + fp(0.3) {
                c.push_enemy(d + fp(0.3), pos, x.a);
            }
            // 11: a diagonal point b over a or g, which it makes self
            // atari for the opponent.
            for via in [x.a, x.g] {
                if self.is_empty(x.b)
                    && self.is_empty(via)
                    && c.dist[x.b] > d + fp(1.1)
                    && self.does_secure(color, x.b, via)
                {
                    c.enqueue(pos, x.b, d + fp(1.1), fp(1.0), [Some(via), None]);
                }
            }
            // 12: a one-point jump to e making g self atari.
            if self.is_empty(x.g)
                && self.is_empty(x.e)
                && c.dist[x.e] > d + fp(1.1)
                && self.does_secure(color, x.e, x.g)
            {
                c.enqueue(pos, x.e, d + fp(1.1), fp(1.0), [Some(x.g), None]);
            }
            // 13: a one-point jump to e making a bamboo joint.
            if self.is_empty(x.g)
                && self.is_empty(x.e)
                && c.dist[x.e] > d + fp(1.1)
                && ((self.color(x.a) == own && self.color(x.f) == own && self.is_empty(x.b))
                    || (self.color(x.h) == own && self.color(x.j) == own && self.is_empty(x.i)))
            {
                c.enqueue(pos, x.e, d + fp(1.1), fp(1.0), [Some(x.g), None]);
            }
            // 14: a diagonal point b over empty a and g.
            if self.is_empty(x.b)
                && self.is_empty(x.a)
                && self.is_empty(x.g)
                && c.dist[x.b] > d + fp(1.3)
            {
                c.enqueue(pos, x.b, d + fp(1.3), fp(1.0), [Some(x.a), Some(x.g)]);
            }
            // 15: a knight's move and a one-point jump along the edge.
            for (s1, s2, far, beyond, back) in
                [(x.a, x.b, x.f, x.c, x.h), (x.h, x.i, x.j, x.a, x.k)]
            {
                if self.is_empty(s1)
                    && self.is_empty(s2)
                    && self.is_empty(x.g)
                    && self.is_empty(x.e)
                    && self.is_empty(far)
                    && (c.dist[far] > d + fp(1.3) || c.dist[x.e] > d + fp(1.3))
                    && self.countlib(pos) >= 3
                    && (!self.on_board(beyond) || !self.on_board(back))
                {
                    c.enqueue(pos, far, d + fp(1.3), fp(1.0), [None, None]);
                    c.enqueue(pos, x.e, d + fp(1.3), fp(1.0), [None, None]);
                }
            }
            // 16 to 18: a diagonal point b over a or g (tests put off).
            if self.is_empty(x.b)
                && (self.is_empty(x.a) || self.is_empty(x.g))
                && c.dist[x.b] > d + fp(1.2)
            {
                c.push_diagonal(d + fp(1.2), pos, x.b);
            }
            // 19: a clamp at e of a lone opponent stone at g.
            if self.color(x.g) == opp
                && self.is_empty(x.e)
                && c.dist[x.e] > d + fp(2.0)
                && self.string_size(x.g) == 1
            {
                c.enqueue(pos, x.e, d + fp(2.0), fp(1.0), [None, None]);
            }
            // 20 and 21: a diagonal point or stone at b past two opponent
            // strings short of liberties.
            if self.color(x.a) == opp && self.color(x.g) == opp {
                let libs = self.countlib(x.a) + self.countlib(x.g);
                if self.is_empty(x.b) && c.dist[x.b] > d + fp(2.0) && libs <= 6 {
                    c.enqueue(pos, x.b, d + fp(2.0), fp(1.0), [None, None]);
                }
                if self.color(x.b) == own && c.dist[x.b] > d + fp(2.0) && libs <= 5 {
                    self.enqueue_stone(c, pos, x.b, d + fp(2.0), fp(1.0), [None, None]);
                }
            }
        }
    }

    /// Rule 5's test for one side: the corner point is a good point for
    /// `color`, and the side and far points are own stones or empty
    /// points the opponent cannot use.
    #[allow(clippy::too_many_arguments)]
    fn almost_bamboo(
        &mut self,
        c: &ConnData,
        color: Color,
        pos: usize,
        e: usize,
        g: usize,
        side: usize,
        corner: usize,
        far: usize,
    ) -> bool {
        let other = color.other();
        let mine = c.vuln[pos];
        if !self.is_empty(corner) || self.approxlib_count(corner, color, 3) < 3 {
            return false;
        }
        let ok_side = self.color(side) == Some(color)
            || (self.is_empty(side)
                && self.countlib(pos) > 2
                && !self.common_vulnerabilities(mine, [Some(side), Some(g)], color)
                && self.approxlib_count(side, other, 3) <= 2);
        ok_side
            && (self.color(far) == Some(color)
                || (self.is_empty(far)
                    && self.countlib(e) > 2
                    && !self.common_vulnerabilities(mine, [Some(far), Some(g)], color)
                    && self.approxlib_count(far, other, 3) <= 2))
    }

    /// Spreads from the empty point (or doomed opponent string) `pos` at
    /// distance `d`.
    pub(super) fn spread_from_open(&mut self, color: Color, c: &mut ConnData, pos: usize, d: Dist) {
        let other = color.other();
        for (right, up) in self.orientations() {
            let x = Frame::new(pos, right, up);
            if self.color(x.a) == Some(color) {
                self.enqueue_stone(c, pos, x.a, d, 0, c.vuln[pos]);
            } else if self.is_empty(x.a) {
                let libs = self.approxlib_count(x.a, other, 6).min(6) as Dist;
                let delta = fp(0.8) + fp(0.05) * libs;
                c.enqueue(pos, x.a, d + delta, delta, [None, None]);
            } else if self.color(x.a) == Some(other) {
                self.enqueue_stone(c, pos, x.a, d + fp(1.0), fp(1.0), [None, None]);
            }
            if self.is_empty(x.b)
                && self.is_empty(x.a)
                && self.is_empty(x.g)
                && c.dist[x.b] > d + fp(1.5)
            {
                c.enqueue(pos, x.b, d + fp(1.5), fp(1.0), [None, None]);
            }
            if self.color(x.b) == Some(color)
                && self.is_empty(x.a)
                && self.is_empty(x.g)
                && c.dist[x.b] > d + fp(1.3)
            {
                self.enqueue_stone(c, pos, x.b, d + fp(1.3), fp(1.0), [None, None]);
            }
        }
    }
}
