//! MTD(f) (Aske Plaat): the minimax value from a sequence of zero-window
//! searches, each test narrowing the interval known to hold the value,
//! with Don Dailey's step enlargement and the final convergence.

/// The outcome of [`mtdf`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mtdf {
    /// The minimax value (for a consistent zero-window search).
    pub value: i32,
    /// The number of zero-window searches made.
    pub passes: u32,
}

/// Runs MTD(f) from `first_guess` over `zw`, a fail-soft zero-window
/// search: `zw(beta)` searches the window `(beta - 1, beta)` and returns
/// `g >= beta` (the value is at least `g`) or `g < beta` (at most `g`).
///
/// With `step_bonus > 0` the test value moves further in the direction of
/// the search: after `k` passes in the same direction, `step_bonus *
/// (k / 2)` extra points (Dailey's scheme, "every two passes"). Once a
/// search fails in the other direction (the value was overshot), the bonus
/// is dropped for good and the last bounds converge without it. A
/// `step_bonus` of 0 or less gives plain MTD(f).
///
/// Every test value lies strictly inside the interval still open, so the
/// driver stops for any `zw`; if `zw` is inconsistent the last `g` is
/// returned.
pub fn mtdf(first_guess: i32, step_bonus: i32, mut zw: impl FnMut(i32) -> i32) -> Mtdf {
    let bonus = step_bonus.max(0) as i64;
    // The value lies in lower..=upper (i64: no overflow at the ends).
    let (mut lower, mut upper) = (i32::MIN as i64, i32::MAX as i64);
    let mut beta = (first_guess as i64).max(lower + 1);
    let mut passes = 0u32;
    // Consecutive passes in one direction; None once the value was overshot.
    let mut run: Option<(bool, i64)> = Some((true, 0));
    loop {
        let g = zw(beta as i32) as i64;
        passes = passes.saturating_add(1);
        let high = g >= beta;
        if high {
            lower = g;
        } else {
            upper = g;
        }
        if lower >= upper {
            return Mtdf {
                value: g as i32,
                passes,
            };
        }
        run = match run {
            Some((dir, k)) if dir == high || k == 0 => Some((high, k + 1)),
            _ => None,
        };
        let extra = run.map_or(0, |(_, k)| bonus * (k / 2));
        beta = if high {
            (lower + 1 + extra).min(upper)
        } else {
            (upper - extra).max(lower + 1)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random game tree: `leaves` under a complete tree of the given
    /// branching, root to move and maximising.
    struct Tree {
        leaves: Vec<i32>,
        branching: usize,
    }

    impl Tree {
        fn minimax(&self, lo: usize, len: usize, max: bool) -> i32 {
            if len == 1 {
                return self.leaves[lo];
            }
            let w = len / self.branching;
            let kids = (0..self.branching).map(|k| self.minimax(lo + k * w, w, !max));
            if max {
                kids.max().unwrap()
            } else {
                kids.min().unwrap()
            }
        }

        /// Fail-soft alpha-beta (negamax), `sign` 1 at max nodes.
        fn alpha_beta(&self, lo: usize, len: usize, sign: i32, mut alpha: i32, beta: i32) -> i32 {
            if len == 1 {
                return sign * self.leaves[lo];
            }
            let w = len / self.branching;
            let mut best = i32::MIN + 1;
            for k in 0..self.branching {
                let v = -self.alpha_beta(lo + k * w, w, -sign, -beta, -alpha);
                best = best.max(v);
                alpha = alpha.max(v);
                if best >= beta {
                    break;
                }
            }
            best
        }

        /// The zero-window search MTD(f) calls.
        /// Windows beyond the leaves' range are narrowed (without changing
        /// the answer) so that negation cannot overflow.
        fn zw(&self, beta: i32) -> i32 {
            let b = beta.clamp(-1_000_000, 1_000_000);
            self.alpha_beta(0, self.leaves.len(), 1, b - 1, b)
        }
    }

    fn rng(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn equals_minimax_on_random_trees() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        for case in 0..400 {
            let branching = 2 + (next() % 3) as usize;
            let depth = 1 + (next() % 5) as u32;
            let spread = [10, 300, 3000][case % 3];
            let len = branching.pow(depth);
            let leaves = (0..len)
                .map(|_| (next() % (2 * spread + 1)) as i32 - spread as i32)
                .collect();
            let tree = Tree { leaves, branching };
            let want = tree.minimax(0, len, true);
            for guess in [0, want, want + 37, want - 500, i32::MAX, i32::MIN] {
                for bonus in [0, 8] {
                    let r = mtdf(guess, bonus, |b| tree.zw(b));
                    assert_eq!(r.value, want, "case {case} guess {guess} bonus {bonus}");
                }
            }
            // A perfect first guess: one pass that fails high, one that fails low.
            let r = mtdf(want, 0, |b| tree.zw(b));
            assert_eq!(r.passes, 2);
        }
    }

    /// The zero-window search of a known value `v`: exact bounds.
    fn oracle(v: i32) -> impl Fn(i32) -> i32 {
        move |_| v
    }

    /// A "hard" zero-window search: returns only `beta` or `beta - 1`.
    fn hard(v: i32) -> impl Fn(i32) -> i32 {
        move |beta| if v >= beta { beta } else { beta - 1 }
    }

    #[test]
    fn pass_counts() {
        // Fail-soft with exact bounds: the first pass finds the value.
        assert_eq!(
            mtdf(0, 0, oracle(120)),
            Mtdf {
                value: 120,
                passes: 2
            }
        );
        // Fail-hard, plain: one pass per point, plus the closing one.
        assert_eq!(
            mtdf(0, 0, hard(10)),
            Mtdf {
                value: 10,
                passes: 12
            }
        );
        assert_eq!(
            mtdf(0, 0, hard(-10)),
            Mtdf {
                value: -10,
                passes: 11
            }
        );
        // Fail-hard with bonus 4: after two passes up the step grows to 5;
        // 11 overshoots and 10 closes without the bonus.
        let mut tests = Vec::new();
        let r = mtdf(0, 4, |b| {
            tests.push(b);
            hard(10)(b)
        });
        assert_eq!(r.value, 10);
        assert_eq!(tests, vec![0, 1, 6, 11, 10]);
        // Over a long distance the enlarged steps save passes.
        assert_eq!(mtdf(0, 0, hard(200)).passes, 202);
        // Tests 0, 1, 6, 11, 20, 29, ..., 181, 210 (over), 209 down to 200.
        assert_eq!(mtdf(0, 4, hard(200)).passes, 25);
        assert_eq!(mtdf(i32::MAX, 3, hard(i32::MAX)).value, i32::MAX);
        assert_eq!(mtdf(i32::MIN, 3, hard(i32::MIN)).value, i32::MIN);
        assert_eq!(mtdf(5, -9, hard(7)).passes, 4);
    }

    #[test]
    fn hard_search_every_start_and_bonus() {
        for v in -40..=40 {
            for guess in -45..=45 {
                for bonus in 0..=6 {
                    let r = mtdf(guess, bonus, hard(v));
                    assert_eq!(r.value, v, "v {v} guess {guess} bonus {bonus}");
                    if bonus == 0 {
                        let d = (v - guess).unsigned_abs();
                        let want = if v >= guess { d + 2 } else { d + 1 };
                        assert_eq!(r.passes, want, "v {v} guess {guess}");
                    }
                }
            }
        }
    }

    #[test]
    fn inconsistent_search_terminates() {
        let mut calls = 0;
        let r = mtdf(0, 2, |b| {
            calls += 1;
            if calls % 2 == 0 {
                b - 7
            } else {
                b + 5
            }
        });
        assert_eq!(r.passes as i32, calls);
        assert!(calls < 20);
    }
}
