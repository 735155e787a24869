//! Switches for the search's pruning rules, so that the soundness net can
//! run the same positions with each rule off and on and require equal
//! values. Without the `rule-switches` feature every rule is always on and
//! the checks compile away.

/// A set of pruning rules, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules(pub u32);

impl Rules {
    /// The leader's quick tricks at a trick boundary.
    pub const QUICK_TRICKS: Rules = Rules(1 << 0);
    /// Within quick tricks at no trump: split tops and the crossings that
    /// rely on them.
    pub const SPLIT_TOPS: Rules = Rules(1 << 1);
    /// Sure trump tricks of either side (by length and by rank).
    pub const TRUMP_COUNTS: Rules = Rules(1 << 2);
    /// The other side's certain tricks: it wins the next trick, or the
    /// side cannot take all the tricks left.
    pub const LOSERS: Rules = Rules(1 << 3);
    /// Second hand's quick tricks in the middle of a trick.
    pub const SECOND_HAND: Rules = Rules(1 << 4);
    /// A follower's only card of the suit led played without a move list.
    pub const FORCED_CARD: Rules = Rules(1 << 5);
    /// Root cards valued from the bounds of earlier root searches.
    pub const ROOT_BOUNDS: Rules = Rules(1 << 6);
    /// Transposition table look-ups.
    pub const TABLE: Rules = Rules(1 << 7);
    /// Cards skipped as equivalent to a card already searched.
    pub const EQUIVALENT_CARDS: Rules = Rules(1 << 8);
    /// Value-only root searches use the shortcuts at the root.
    pub const ROOT_SHORTCUTS: Rules = Rules(1 << 9);
    /// Every rule.
    pub const ALL: Rules = Rules((1 << 10) - 1);
    /// Each rule alone, with its name.
    pub const EACH: [(&'static str, Rules); 10] = [
        ("quick tricks", Rules::QUICK_TRICKS),
        ("split tops", Rules::SPLIT_TOPS),
        ("trump counts", Rules::TRUMP_COUNTS),
        ("losers", Rules::LOSERS),
        ("second hand", Rules::SECOND_HAND),
        ("forced card", Rules::FORCED_CARD),
        ("root bounds", Rules::ROOT_BOUNDS),
        ("table", Rules::TABLE),
        ("equivalent cards", Rules::EQUIVALENT_CARDS),
        ("root shortcuts", Rules::ROOT_SHORTCUTS),
    ];

    /// These rules without `other`'s.
    pub fn without(self, other: Rules) -> Rules {
        Rules(self.0 & !other.0)
    }

    /// Whether every rule of `other` is in the set.
    #[cfg(feature = "rule-switches")]
    #[inline(always)]
    pub fn has(self, other: Rules) -> bool {
        self.0 & other.0 == other.0
    }

    /// Every rule is on in builds without the `rule-switches` feature.
    #[cfg(not(feature = "rule-switches"))]
    #[inline(always)]
    pub fn has(self, _other: Rules) -> bool {
        true
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::ALL
    }
}
