//! gnubg's position classes (`ClassifyPosition`, standard backgammon, with
//! the bearoff databases Debian's gnubg 1.07 ships).

use super::board::Board;

/// gnubg's `positionclass`; the number is gnubg's class number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PositionClass {
    /// A side has borne off all its chequers.
    Over = 0,
    /// Hypergammon with 1 chequer (not produced for standard boards).
    Hypergammon1 = 1,
    /// Hypergammon with 2 chequers (not produced for standard boards).
    Hypergammon2 = 2,
    /// Hypergammon with 3 chequers (not produced for standard boards).
    Hypergammon3 = 3,
    /// Both sides home with at most 6 chequers (two-sided database).
    Bearoff2 = 4,
    /// Larger two-sided database (not installed with Debian's gnubg).
    BearoffTs = 5,
    /// Both sides home (one-sided database, 15 chequers on 6 points).
    Bearoff1 = 6,
    /// Larger one-sided database (not installed with Debian's gnubg).
    BearoffOs = 7,
    /// No contact, not a bearoff.
    Race = 8,
    /// Contact, with a side's chequers crashed into its home board.
    Crashed = 9,
    /// Contact.
    Contact = 10,
}

impl PositionClass {
    /// gnubg's class number (0..=10).
    pub fn number(self) -> i32 {
        self as i32
    }

    /// The name gnubg's evaluator uses for the class.
    pub fn name(self) -> &'static str {
        match self {
            PositionClass::Over => "Over",
            PositionClass::Hypergammon1 => "Hypergammon-1",
            PositionClass::Hypergammon2 => "Hypergammon-2",
            PositionClass::Hypergammon3 => "Hypergammon-3",
            PositionClass::Bearoff2 => "Bearoff2",
            PositionClass::BearoffTs => "BearoffTS",
            PositionClass::Bearoff1 => "Bearoff1",
            PositionClass::BearoffOs => "BearoffOS",
            PositionClass::Race => "Race",
            PositionClass::Crashed => "Crashed",
            PositionClass::Contact => "Contact",
        }
    }
}

/// Points and chequers of the two-sided bearoff database (`gnubg_ts0.bd`).
const TWO_SIDED: (usize, u32) = (6, 6);

/// Points of the one-sided bearoff database (`gnubg_os0.bd`, 15 chequers).
const ONE_SIDED_POINTS: usize = 6;

/// True if one side of a contact position is crashed: few chequers left,
/// or most of them piled on its two lowest points.
fn crashed(side: &[u8; 25]) -> bool {
    const N: u32 = 6;
    let tot: u32 = side.iter().map(|&n| u32::from(n)).sum();
    let ace = u32::from(side[0]);
    let two = u32::from(side[1]);
    if tot <= N {
        return true;
    }
    if ace > 1 {
        tot <= N + ace || (two > 1 && 1 + tot - (ace + two) <= N)
    } else {
        // gnubg: tot <= N + (two - 1), which is tot <= 5 when two = 0.
        tot < N + two
    }
}

impl Board {
    /// gnubg's class of the position.
    pub fn class(&self) -> PositionClass {
        let (Some(back), Some(opp_back)) = (self.back(1), self.back(0)) else {
            return PositionClass::Over;
        };
        if back + opp_back > 22 {
            if crashed(self.side(0)) || crashed(self.side(1)) {
                PositionClass::Crashed
            } else {
                PositionClass::Contact
            }
        } else if back < TWO_SIDED.0
            && opp_back < TWO_SIDED.0
            && self.chequers(0) <= TWO_SIDED.1
            && self.chequers(1) <= TWO_SIDED.1
        {
            PositionClass::Bearoff2
        } else if back < ONE_SIDED_POINTS && opp_back < ONE_SIDED_POINTS {
            PositionClass::Bearoff1
        } else {
            PositionClass::Race
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_of_known_positions() {
        assert_eq!(Board::starting().class(), PositionClass::Contact);
        let id = |s| Board::from_position_id(s).unwrap().class();
        assert_eq!(id("2MY5BwDs7swAAA"), PositionClass::Race);
        assert_eq!(id("RgMAwBIAAAAAAA"), PositionClass::Bearoff2);
        assert_eq!(id("bXcPAADb7g4AAA"), PositionClass::Bearoff1);
        assert_eq!(id("bHcOBgDQAAAMAA"), PositionClass::Crashed);
        assert_eq!(id("AAAAAAAAAAAAAA"), PositionClass::Over);
        assert_eq!(PositionClass::Race.number(), 8);
    }
}
