//! The typed par results.

/// Who is vulnerable (DDS codes 0 none, 1 both, 2 NS, 3 EW).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    /// Nobody vulnerable (code 0).
    None,
    /// Both sides vulnerable (code 1).
    Both,
    /// North-South vulnerable (code 2).
    NorthSouth,
    /// East-West vulnerable (code 3).
    EastWest,
}

impl Vulnerability {
    /// All four, in DDS code order.
    pub const ALL: [Vulnerability; 4] = [
        Vulnerability::None,
        Vulnerability::Both,
        Vulnerability::NorthSouth,
        Vulnerability::EastWest,
    ];

    /// The vulnerability of a DDS code 0..=3.
    pub fn from_code(code: i32) -> Option<Vulnerability> {
        usize::try_from(code)
            .ok()
            .and_then(|c| Self::ALL.get(c).copied())
    }

    /// The DDS code 0..=3.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// Whether a side (0 = NS, 1 = EW) is vulnerable.
    pub fn side(self, side: usize) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::Both => true,
            Vulnerability::NorthSouth => side == 0,
            Vulnerability::EastWest => side == 1,
        }
    }
}

/// A par contract's denomination, in par order (DDS `contractType.denom`:
/// 0 = NT, 1 = S, 2 = H, 3 = D, 4 = C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ParDenom {
    /// No trump (0).
    NoTrump,
    /// Spades (1).
    Spades,
    /// Hearts (2).
    Hearts,
    /// Diamonds (3).
    Diamonds,
    /// Clubs (4).
    Clubs,
}

impl ParDenom {
    /// All five in par order.
    pub const ALL: [ParDenom; 5] = [
        ParDenom::NoTrump,
        ParDenom::Spades,
        ParDenom::Hearts,
        ParDenom::Diamonds,
        ParDenom::Clubs,
    ];

    /// The denomination of a par code 0..=4.
    pub fn from_code(code: i32) -> Option<ParDenom> {
        usize::try_from(code)
            .ok()
            .and_then(|c| Self::ALL.get(c).copied())
    }

    /// The par code 0..=4.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// The row of a DDS table (strains S, H, D, C, NT).
    pub fn strain_index(self) -> usize {
        [4, 0, 1, 2, 3][self as usize]
    }

    /// The one-letter name (`N` for no trump).
    pub fn letter(self) -> char {
        ['N', 'S', 'H', 'D', 'C'][self as usize]
    }
}

/// Who declares a par contract (DDS `contractType.seats`: 0..=3 = N, E, S,
/// W, 4 = NS, 5 = EW).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParSeats {
    /// North only (0).
    North,
    /// East only (1).
    East,
    /// South only (2).
    South,
    /// West only (3).
    West,
    /// North or South (4).
    NorthSouth,
    /// East or West (5).
    EastWest,
}

impl ParSeats {
    /// All six in code order.
    pub const ALL: [ParSeats; 6] = [
        ParSeats::North,
        ParSeats::East,
        ParSeats::South,
        ParSeats::West,
        ParSeats::NorthSouth,
        ParSeats::EastWest,
    ];

    /// The seats of a code 0..=5.
    pub fn from_code(code: i32) -> Option<ParSeats> {
        usize::try_from(code)
            .ok()
            .and_then(|c| Self::ALL.get(c).copied())
    }

    /// The code 0..=5.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// The text: `N`, `E`, `S`, `W`, `NS` or `EW`.
    pub fn label(self) -> &'static str {
        ["N", "E", "S", "W", "NS", "EW"][self as usize]
    }

    /// One seat, or both seats of a side (0 = NS, 1 = EW) when `both`.
    pub(crate) fn of_side(side: usize, first: bool, second: bool) -> ParSeats {
        match (side, first, second) {
            (0, true, true) => ParSeats::NorthSouth,
            (0, true, false) => ParSeats::North,
            (0, _, _) => ParSeats::South,
            (_, true, true) => ParSeats::EastWest,
            (_, true, false) => ParSeats::East,
            _ => ParSeats::West,
        }
    }
}

/// One par contract of [`SidePar`] (DDS `contractType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParContract {
    /// Undertricks of a doubled sacrifice, 0 for a making contract.
    pub under_tricks: i32,
    /// Overtricks: the contract also scores par at up to this many levels
    /// lower.
    pub over_tricks: i32,
    /// Level 1..=7 (0 only in the placeholder of a passed-out deal).
    pub level: i32,
    /// Denomination.
    pub denom: ParDenom,
    /// Declarer(s).
    pub seats: ParSeats,
}

/// The par of one side's bidding order (DDS `parResultsMaster`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SidePar {
    /// Par score (see the producing function for whose view).
    pub score: i32,
    /// The par contracts.
    pub contracts: Vec<ParContract>,
}

/// One contract of [`DealerParResult`], as DDS's `DealerPar` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealerContract {
    /// Level 1..=7.
    pub level: i32,
    /// Denomination.
    pub denom: ParDenom,
    /// Declarer(s).
    pub seats: ParSeats,
    /// Overtricks (> 0) or undertricks of a doubled sacrifice (< 0).
    pub result: i32,
    /// A sacrifice by one player of a side, written `"<contract>-<seat>-<down>"`
    /// (without the `*` of other sacrifices, as DDS 2.9.0).
    pub single_sacrifice: bool,
}

/// The result of [`dealer_par`](super::dealer_par) (DDS `parResultsDealer`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DealerParResult {
    /// Nobody can make anything: DDS writes one contract `"pass"` and leaves
    /// the score unset.
    PassedOut,
    /// Par score (NS view) and contracts.
    Par {
        /// Score from North-South's view.
        score: i32,
        /// The contracts (possibly none on inconsistent tables).
        contracts: Vec<DealerContract>,
    },
}
