//! Integrated bounds and values (Don Beal, ICCA Journal 1995): one integer
//! carries a value and whether it is exact, a lower or an upper bound.
//! Exact `n` is `4n`, "at least `n`" is `4n + 1`, "at most `n`" is `4n - 1`,
//! so `lower(n) > exact(n) > upper(n)`, and negation (negamax) turns a
//! lower bound into an upper bound of the negated value.

/// The largest `|n|` whose integrated forms fit an `i32`.
pub const IBV_LIMIT: i32 = (i32::MAX - 1) / 4;

/// What an integrated value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IbvKind {
    /// The value is exactly `ibv_value(x)`.
    Exact,
    /// The value is at least `ibv_value(x)` (`x = 4n + 1`).
    Lower,
    /// The value is at most `ibv_value(x)` (`x = 4n - 1`).
    Upper,
    /// `x = 4n + 2`: not an integrated value.
    Invalid,
}

/// `n` limited to `±IBV_LIMIT`.
const fn limit(n: i32) -> i32 {
    super::value::clamp(n, -IBV_LIMIT, IBV_LIMIT)
}

/// The exact value `n`: `4n` (`n` saturated to `±IBV_LIMIT`).
pub const fn ibv_exact(n: i32) -> i32 {
    4 * limit(n)
}

/// The lower bound "at least `n`": `4n + 1` (`n` saturated).
pub const fn ibv_lower(n: i32) -> i32 {
    4 * limit(n) + 1
}

/// The upper bound "at most `n`": `4n - 1` (`n` saturated).
pub const fn ibv_upper(n: i32) -> i32 {
    4 * limit(n) - 1
}

/// The value `n` an integrated value `x` speaks of (`(x + 1) >> 2`,
/// computed without overflow for every `x`).
pub const fn ibv_value(x: i32) -> i32 {
    (x >> 2) + ((x & 3) == 3) as i32
}

/// Whether `x` is exact, a lower or an upper bound.
pub const fn ibv_kind(x: i32) -> IbvKind {
    match x & 3 {
        0 => IbvKind::Exact,
        1 => IbvKind::Lower,
        3 => IbvKind::Upper,
        _ => IbvKind::Invalid,
    }
}

/// Beal's `forceExact(x) = (x + 1) & ~3`: the exact form of `x`'s value
/// (for the comparison with beta at a cut-off).
pub const fn ibv_force_exact(x: i32) -> i32 {
    ibv_exact(ibv_value(x))
}

/// Beal's `forceLB(x) = forceExact(x) + 1`: the lower bound of `x`'s value
/// (returned at a beta cut-off).
pub const fn ibv_force_lower(x: i32) -> i32 {
    ibv_lower(ibv_value(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding() {
        assert_eq!((ibv_exact(3), ibv_lower(3), ibv_upper(3)), (12, 13, 11));
        assert_eq!((ibv_exact(-2), ibv_lower(-2), ibv_upper(-2)), (-8, -7, -9));
        assert_eq!(ibv_kind(13), IbvKind::Lower);
        assert_eq!(ibv_kind(11), IbvKind::Upper);
        assert_eq!(ibv_kind(-9), IbvKind::Upper);
        assert_eq!(ibv_kind(-8), IbvKind::Exact);
        assert_eq!(ibv_kind(14), IbvKind::Invalid);
        assert_eq!(ibv_force_exact(11), 12);
        assert_eq!(ibv_force_lower(11), 13);
        assert_eq!(ibv_force_exact(13), 12);
        // Saturation at the ends.
        assert_eq!(ibv_lower(i32::MAX), 4 * IBV_LIMIT + 1);
        assert_eq!(ibv_upper(i32::MIN), -4 * IBV_LIMIT - 1);
        assert_eq!(ibv_value(i32::MAX), i32::MAX / 4 + 1);
        assert_eq!(ibv_value(i32::MIN), i32::MIN / 4);
    }

    #[test]
    fn order_negation_round_trip() {
        for n in -3000..=3000 {
            let (e, l, u) = (ibv_exact(n), ibv_lower(n), ibv_upper(n));
            assert!(l > e && e > u && u > ibv_lower(n - 1));
            assert_eq!((ibv_value(e), ibv_value(l), ibv_value(u)), (n, n, n));
            assert_eq!(ibv_kind(e), IbvKind::Exact);
            assert_eq!(ibv_kind(l), IbvKind::Lower);
            assert_eq!(ibv_kind(u), IbvKind::Upper);
            // Negamax: -(at least n) is at most -n, -(exact n) is exact -n.
            assert_eq!(-l, ibv_upper(-n));
            assert_eq!(-u, ibv_lower(-n));
            assert_eq!(-e, ibv_exact(-n));
        }
        for n in [IBV_LIMIT, -IBV_LIMIT] {
            assert_eq!(ibv_value(ibv_lower(n)), n);
            assert_eq!(ibv_value(ibv_upper(n)), n);
        }
    }

    /// A complete tree: `leaves[i]` under a root of the given branching.
    fn minimax(leaves: &[i32], branching: usize, lo: usize, len: usize, max: bool) -> i32 {
        if len == 1 {
            return leaves[lo];
        }
        let w = len / branching;
        let kids = (0..branching).map(|k| minimax(leaves, branching, lo + k * w, w, !max));
        if max {
            kids.max().unwrap()
        } else {
            kids.min().unwrap()
        }
    }

    /// Fail-soft negamax alpha-beta on IBV-encoded values (Beal's scheme:
    /// leaves are exact, a cut-off returns a lower bound).
    fn ibv_search(
        leaves: &[i32],
        b: usize,
        lo: usize,
        len: usize,
        sign: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if len == 1 {
            return ibv_exact(sign * leaves[lo]);
        }
        let w = len / b;
        let mut best = i32::MIN + 8;
        let mut alpha = alpha;
        for k in 0..b {
            let v = -ibv_search(leaves, b, lo + k * w, w, -sign, -beta, -alpha);
            if v > best {
                best = v;
            }
            if best >= beta {
                return ibv_force_lower(best);
            }
            alpha = alpha.max(best);
        }
        best
    }

    #[test]
    fn integrated_alpha_beta_matches_minimax() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let (b, depth) = (2 + (next() % 3) as usize, 2 + (next() % 4) as u32);
            let len = b.pow(depth);
            let leaves: Vec<i32> = (0..len).map(|_| (next() % 41) as i32 - 20).collect();
            let want = minimax(&leaves, b, 0, len, true);
            let got = ibv_search(&leaves, b, 0, len, 1, ibv_upper(-100), ibv_lower(100));
            assert_eq!(ibv_kind(got), IbvKind::Exact, "{leaves:?}");
            assert_eq!(ibv_value(got), want, "{leaves:?}");
            // A null window around the value: bound of the right kind.
            let hi = ibv_search(
                &leaves,
                b,
                0,
                len,
                1,
                ibv_exact(want + 1) - 1,
                ibv_exact(want + 1),
            );
            // Fails low: at most `want`, which is also its value.
            assert_eq!(ibv_value(hi), want, "{leaves:?}");
            assert_ne!(ibv_kind(hi), IbvKind::Lower, "{leaves:?}");
            // Fails high: "at least `want`".
            let lo = ibv_search(&leaves, b, 0, len, 1, ibv_exact(want) - 1, ibv_exact(want));
            assert_eq!(lo, ibv_lower(want), "{leaves:?}");
        }
    }
}
