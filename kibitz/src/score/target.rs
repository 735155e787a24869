//! The DDS-style target driver for small integer values `0..=n` (tricks):
//! a yes/no search "does the side reach `target`?" is asked for targets
//! stepping from a first guess until the answer changes.

/// The outcome of [`target_search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The largest target reached (0 when `n` is 0 or no test succeeds).
    pub value: u32,
    /// The number of yes/no searches made.
    pub tests: u32,
}

/// Finds the value `v` in `0..=n` of a position from `reaches(t)`, which
/// answers `v >= t` for targets `1 <= t <= n` (and must be monotone: true
/// up to `v`, false above). Targets step by one from `first_guess`
/// (saturated to `1..=n`): upward while the answer is yes, downward while
/// it is no, as DDS iterates its target trick; each test is strictly
/// inside the interval still open, so an inconsistent `reaches` only
/// yields a wrong value, never a loop.
pub fn target_search(n: u32, first_guess: u32, mut reaches: impl FnMut(u32) -> bool) -> Target {
    let (mut lower, mut upper) = (0u32, n);
    let mut t = first_guess.clamp(1, n.max(1));
    let mut tests = 0u32;
    while lower < upper {
        tests += 1;
        // lower < t <= upper: each answer shrinks the interval.
        if reaches(t) {
            lower = t;
            t = lower.saturating_add(1);
        } else {
            upper = t - 1;
            t = upper;
        }
    }
    Target {
        value: lower,
        tests,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_and_guess() {
        for n in 0..=13u32 {
            for v in 0..=n {
                for guess in 0..=n + 2 {
                    let mut asked = Vec::new();
                    let r = target_search(n, guess, |t| {
                        asked.push(t);
                        v >= t
                    });
                    assert_eq!(r.value, v, "n {n} v {v} guess {guess}");
                    assert_eq!(r.tests as usize, asked.len());
                    assert!(asked.iter().all(|&t| (1..=n).contains(&t)));
                    // Exact count: the steps from the guess to the value plus
                    // the test that stops the walk.
                    let g = guess.clamp(1, n.max(1));
                    let want = if n == 0 {
                        0
                    } else if v >= g {
                        v - g + 1 + u32::from(v < n)
                    } else {
                        g - v + u32::from(v > 0)
                    };
                    assert_eq!(r.tests, want, "n {n} v {v} guess {guess}: {asked:?}");
                }
            }
        }
    }

    #[test]
    fn examples() {
        let mut asked = Vec::new();
        let r = target_search(13, 7, |t| {
            asked.push(t);
            t <= 9
        });
        assert_eq!(r, Target { value: 9, tests: 4 });
        assert_eq!(asked, [7, 8, 9, 10]);
        asked.clear();
        let r = target_search(13, 7, |t| {
            asked.push(t);
            t <= 5
        });
        assert_eq!(r, Target { value: 5, tests: 3 });
        assert_eq!(asked, [7, 6, 5]);
        assert_eq!(target_search(0, 5, |_| true), Target { value: 0, tests: 0 });
        assert_eq!(target_search(u32::MAX, u32::MAX, |_| true).value, u32::MAX);
        // Inconsistent answers stop too.
        let mut flip = false;
        let r = target_search(13, 1, |_| {
            flip = !flip;
            flip
        });
        assert!(r.tests <= 13 && r.value <= 13);
    }
}
