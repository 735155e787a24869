//! Connection distances: a rough count of the moves needed to link a
//! string to each point near it, spread outwards cheapest first. Shapes
//! that hold (bamboo joints, diagonal links, points the opponent cannot
//! enter) add little; open points add most. Each point also gets a delta
//! (how much a move there would change the distance), the point it was
//! reached from, and up to two "vulnerable" points where the opponent
//! could break the link that reached it. Costly tests (ladders) are put
//! off on a heap until their distance comes up. The rules and numbers
//! are GNU Go 3.8's (`readconnect.c`, facts only, own code).

use super::state::{fp, Conn, Dist, HUGE};
use crate::go::board::Color;

/// A vulnerable pair (either may be missing).
pub type Vuln = [Option<usize>; 2];

/// A postponed propagation step and the test deciding its distance.
#[derive(Clone, Copy, Debug)]
struct Pending {
    distance: Dist,
    from: usize,
    target: usize,
    rule: Rule,
}

/// The tests put off on the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// An empty point next to a stone: cheap if an opponent stone there
    /// would be caught in a ladder.
    Open,
    /// An opponent string next to a stone: cheap if it cannot escape.
    Enemy,
    /// A diagonal empty point: cheap if the link can be secured.
    Diagonal,
}

/// The distances from one string (or goal) over the board.
#[derive(Clone, Debug)]
pub struct ConnData {
    /// Distance of each padded point ([`HUGE`] when not reached).
    pub dist: Vec<Dist>,
    /// How much a move at the point would lower the distance there.
    pub delta: Vec<Dist>,
    /// The point each point was reached from.
    pub from: Vec<Option<usize>>,
    /// The points where the link reaching each point can be attacked.
    pub vuln: Vec<Vuln>,
    /// The points reached, in the order handled (strings by origin).
    pub queue: Vec<usize>,
    start: usize,
    heap: Vec<Pending>,
    target: Option<usize>,
    cutoff: Dist,
    speculative: bool,
}

impl ConnData {
    /// The map of a new search, its buffers kept.
    fn reset(&mut self, target: Option<usize>, cutoff: Dist, speculative: bool) {
        self.dist.fill(HUGE);
        self.delta.fill(0);
        self.from.fill(None);
        self.vuln.fill([None, None]);
        self.queue.clear();
        self.start = 0;
        self.heap.clear();
        self.target = target;
        self.cutoff = cutoff;
        self.speculative = speculative;
    }

    fn new(cells: usize, target: Option<usize>, cutoff: Dist, speculative: bool) -> ConnData {
        ConnData {
            dist: vec![HUGE; cells],
            delta: vec![0; cells],
            from: vec![None; cells],
            vuln: vec![[None, None]; cells],
            queue: Vec::new(),
            start: 0,
            heap: Vec::new(),
            target,
            cutoff,
            speculative,
        }
    }

    /// Lowers the distance of point `p` to `d` if that is better.
    pub(super) fn enqueue(&mut self, from: usize, p: usize, d: Dist, delta: Dist, v: Vuln) {
        if d < self.dist[p] {
            if self.dist[p] == HUGE {
                self.queue.push(p);
            }
            self.dist[p] = d;
            self.delta[p] = delta;
            self.from[p] = Some(from);
            self.vuln[p] = v;
        }
    }

    /// Puts off the empty-point test (rules 6 and 7) for `t`.
    pub(super) fn push_open(&mut self, distance: Dist, from: usize, t: usize) {
        self.push(Pending {
            distance,
            from,
            target: t,
            rule: Rule::Open,
        });
    }

    /// Puts off the opponent-string test (rules 9 and 10) for `t`.
    pub(super) fn push_enemy(&mut self, distance: Dist, from: usize, t: usize) {
        self.push(Pending {
            distance,
            from,
            target: t,
            rule: Rule::Enemy,
        });
    }

    /// Puts off the diagonal test (rules 16 to 18) for `t`.
    pub(super) fn push_diagonal(&mut self, distance: Dist, from: usize, t: usize) {
        self.push(Pending {
            distance,
            from,
            target: t,
            rule: Rule::Diagonal,
        });
    }

    fn push(&mut self, e: Pending) {
        self.heap.push(e);
        let mut k = self.heap.len() - 1;
        while k > 0 {
            let parent = (k - 1) / 2;
            if self.heap[parent].distance <= e.distance {
                break;
            }
            self.heap.swap(k, parent);
            k = parent;
        }
    }

    fn pop(&mut self) -> Pending {
        let top = self.heap.swap_remove(0);
        let n = self.heap.len();
        let mut k = 0;
        loop {
            let (l, r) = (2 * k + 1, 2 * k + 2);
            let mut m = k;
            if l < n && self.heap[l].distance < self.heap[m].distance {
                m = l;
            }
            if r < n && self.heap[r].distance < self.heap[m].distance {
                m = r;
            }
            if m == k {
                break;
            }
            self.heap.swap(k, m);
            k = m;
        }
        top
    }
}

/// The step `off` from `p` (off-board steps land on border cells or
/// past the array, both read as border).
fn step(p: usize, off: isize) -> usize {
    p.wrapping_add_signed(off)
}

impl Conn {
    /// Lowers the distance of the string at `p` (by its origin), and the
    /// cutoff when it is the target.
    pub(super) fn enqueue_stone(
        &mut self,
        c: &mut ConnData,
        from: usize,
        p: usize,
        d: Dist,
        delta: Dist,
        v: Vuln,
    ) {
        let o = self.origin(p);
        if d < c.dist[o] {
            c.enqueue(from, o, d, delta, v);
            if Some(o) == c.target && d < c.cutoff {
                c.cutoff = d - 1;
            }
        }
    }

    /// The distances from the string at `s` (a `target` string stops the
    /// spread once reached), up to `cutoff`.
    pub fn connection_distances(
        &mut self,
        s: usize,
        target: Option<usize>,
        cutoff: Dist,
        speculative: bool,
    ) -> ConnData {
        let n = self.r.board().stride();
        let mut c = match self.spare_distances.pop() {
            Some(mut c) if c.dist.len() == n * n => {
                c.reset(target, cutoff, speculative);
                c
            }
            _ => ConnData::new(n * n, target, cutoff, speculative),
        };
        let o = self.origin(s);
        c.queue.push(o);
        c.dist[o] = 0;
        c.delta[o] = 0;
        let color = self.color(s).expect("a stone");
        self.spread(color, &mut c);
        c
    }

    /// Gives back a distance map for the next
    /// [`Conn::connection_distances`] to refill.
    pub fn recycle(&mut self, c: ConnData) {
        self.spare_distances.push(c);
    }

    /// Runs a postponed step.
    fn run_pending(&mut self, c: &mut ConnData, color: Color, e: Pending) {
        let other = color.other();
        let (pos, t, d) = (e.from, e.target, e.distance);
        match e.rule {
            Rule::Open => {
                if self.ladder_capturable(t, other) {
                    c.enqueue(pos, t, d, fp(0.6), [Some(t), None]);
                } else {
                    let libs = self.approxlib_count(t, other, 5).min(5) as Dist;
                    let delta = fp(0.85) + fp(0.05) * libs;
                    c.enqueue(pos, t, d + delta - fp(0.6), delta, [None, None]);
                }
            }
            Rule::Enemy => {
                if self.no_escape_from_ladder(t) {
                    self.enqueue_stone(c, pos, t, d, fp(0.3), [None, None]);
                } else if c.speculative {
                    self.enqueue_stone(c, pos, t, d + fp(0.7), fp(1.0), [None, None]);
                } else {
                    self.enqueue_stone(c, pos, t, d + fp(0.8), fp(1.1), [None, None]);
                }
            }
            Rule::Diagonal => {
                let stride = self.r.board().size() as isize + 2;
                let a = step(pos.min(t), stride);
                let g = step(pos.max(t), -stride);
                if self.is_empty(a) && self.does_secure_through_ladder(color, t, a) {
                    c.enqueue(pos, t, d, fp(1.0), [Some(a), None]);
                } else if self.is_empty(g) && self.does_secure_through_ladder(color, t, g) {
                    c.enqueue(pos, t, d, fp(1.0), [Some(g), None]);
                } else if c.dist[t] > d + fp(0.3) {
                    let short =
                        |me: &mut Conn, q: usize| me.color(q) == Some(other) && me.countlib(q) <= 3;
                    if self.is_empty(a) && short(self, g) {
                        c.enqueue(pos, t, d + fp(0.3), fp(1.0), [Some(a), None]);
                    } else if self.is_empty(g) && short(self, a) {
                        c.enqueue(pos, t, d + fp(0.3), fp(1.0), [Some(g), None]);
                    } else {
                        c.enqueue(pos, t, d + fp(0.6), fp(0.9), [None, None]);
                    }
                }
            }
        }
    }

    /// Spreads the distances of `c` (its queue holds the starting points)
    /// for the strings of `color`.
    pub fn spread(&mut self, color: Color, c: &mut ConnData) {
        let mut stones: Vec<usize> = Vec::new();
        let mut next_stone = 0;
        while c.start < c.queue.len() || !c.heap.is_empty() {
            while !c.heap.is_empty() && c.heap[0].distance >= c.dist[c.heap[0].target] {
                c.pop();
            }
            let pos;
            if next_stone == stones.len() {
                if c.start == c.queue.len() {
                    if !c.heap.is_empty() {
                        let e = c.pop();
                        self.run_pending(c, color, e);
                    }
                    continue;
                }
                let mut best = c.start;
                for k in c.start..c.queue.len() {
                    if c.dist[c.queue[k]] < c.dist[c.queue[best]] {
                        best = k;
                    }
                }
                c.queue.swap(c.start, best);
                let smallest = c.dist[c.queue[c.start]];
                if !c.heap.is_empty() && c.heap[0].distance < smallest {
                    let e = c.pop();
                    self.run_pending(c, color, e);
                    continue;
                }
                let mut p = c.queue[c.start];
                c.start += 1;
                if !self.is_empty(p) {
                    stones = self.stones(p);
                    p = stones[0];
                    next_stone = 1;
                }
                pos = p;
            } else {
                pos = stones[next_stone];
                next_stone += 1;
                let o = stones[0];
                c.dist[pos] = c.dist[o];
                c.delta[pos] = c.delta[o];
                c.from[pos] = c.from[o];
                c.vuln[pos] = c.vuln[o];
            }
            let distance = c.dist[pos];
            if distance > c.cutoff {
                break;
            }
            if self.color(pos) == Some(color) {
                self.spread_from_stone(color, c, pos, distance);
            } else if self.is_empty(pos)
                || (self.countlib(pos) <= 2 && self.no_escape_from_ladder(pos))
            {
                self.spread_from_open(color, c, pos, distance);
            }
        }
    }
}
