//! The board: chequer counts of both sides in gnubg's orientation, its
//! legality check, pip counts and side swapping.

use super::error::BgError;

/// Index of the bar in a side's array.
pub const BAR: usize = 24;

/// Chequers per side.
pub const CHEQUERS: u32 = 15;

/// A legal backgammon position. `side(1)` is the player on roll and
/// `side(0)` the opponent; index `i < 24` is that side's point `i + 1`,
/// index [`BAR`] its bar, and chequers missing from 15 are borne off.
///
/// Legal (gnubg's `CheckPosition`): at most 15 chequers a side, never both
/// sides on one point, and not both sides on the bar while both home
/// boards (points 1..=6) are closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    sides: [[u8; 25]; 2],
}

impl Board {
    /// The board of `sides` (`[opponent, on roll]`), if legal.
    pub fn new(sides: [[u8; 25]; 2]) -> Result<Board, BgError> {
        let counts = sides.map(|s| s.map(u32::from));
        Board::from_counts(&counts)
    }

    /// The board of the counts of a C `unsigned int [2][25]`, if legal.
    pub fn from_counts(counts: &[[u32; 25]; 2]) -> Result<Board, BgError> {
        for side in counts {
            let total: u64 = side.iter().map(|&n| u64::from(n)).sum();
            if total > u64::from(CHEQUERS) {
                return Err(BgError::TooManyChequers);
            }
        }
        for i in 0..24 {
            if counts[0][i] > 0 && counts[1][23 - i] > 0 {
                return Err(BgError::SharedPoint);
            }
        }
        let closed = |s: &[u32; 25]| s[..6].iter().all(|&n| n >= 2);
        if counts[0][BAR] > 0 && counts[1][BAR] > 0 && closed(&counts[0]) && closed(&counts[1]) {
            return Err(BgError::BothClosedOut);
        }
        Ok(Board {
            sides: counts.map(|s| s.map(|n| n as u8)),
        })
    }

    /// The starting position (either side on roll).
    pub fn starting() -> Board {
        let mut side = [0u8; 25];
        side[5] = 5;
        side[7] = 3;
        side[12] = 5;
        side[23] = 2;
        Board {
            sides: [side, side],
        }
    }

    /// Both sides, `[opponent, on roll]`.
    pub fn sides(&self) -> &[[u8; 25]; 2] {
        &self.sides
    }

    /// Side `s` (0 = opponent, 1 = on roll); panics if `s > 1`.
    pub fn side(&self, s: usize) -> &[u8; 25] {
        &self.sides[s]
    }

    /// The counts as a C `unsigned int [2][25]`.
    pub fn to_counts(&self) -> [[u32; 25]; 2] {
        self.sides.map(|s| s.map(u32::from))
    }

    /// Chequers of side `s` still on the board (bar included).
    pub fn chequers(&self, s: usize) -> u32 {
        self.sides[s].iter().map(|&n| u32::from(n)).sum()
    }

    /// Chequers side `s` has borne off.
    pub fn borne_off(&self, s: usize) -> u32 {
        CHEQUERS - self.chequers(s)
    }

    /// Pip counts `[opponent, on roll]`: the sum of chequers times
    /// (index + 1), the bar counting 25.
    pub fn pip_count(&self) -> [u32; 2] {
        self.sides.map(|s| {
            s.iter()
                .enumerate()
                .map(|(i, &n)| u32::from(n) * (i as u32 + 1))
                .sum()
        })
    }

    /// The highest occupied index of side `s`, `None` if it has no chequers.
    pub fn back(&self, s: usize) -> Option<usize> {
        self.sides[s].iter().rposition(|&n| n > 0)
    }

    /// The same position with the other player on roll.
    pub fn swapped(&self) -> Board {
        Board {
            sides: [self.sides[1], self.sides[0]],
        }
    }

    /// Puts the other player on roll.
    pub fn swap(&mut self) {
        self.sides.swap(0, 1);
    }

    /// The board of already-checked sides (inside the crate only).
    pub(crate) fn from_sides_unchecked(sides: [[u8; 25]; 2]) -> Board {
        Board { sides }
    }
}

impl Default for Board {
    /// The starting position.
    fn default() -> Board {
        Board::starting()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_position() {
        let b = Board::starting();
        assert_eq!(b.pip_count(), [167, 167]);
        assert_eq!(b.chequers(0), 15);
        assert_eq!(b.borne_off(1), 0);
        assert_eq!(b.back(1), Some(23));
    }

    #[test]
    fn rejects_illegal_boards() {
        let mut c = Board::starting().to_counts();
        c[1][0] = 1;
        assert_eq!(Board::from_counts(&c), Err(BgError::TooManyChequers));
        let mut c = [[0u32; 25]; 2];
        c[0][3] = 1;
        c[1][20] = 1;
        assert_eq!(Board::from_counts(&c), Err(BgError::SharedPoint));
        c[1][20] = 0;
        c[1][19] = u32::MAX;
        assert_eq!(Board::from_counts(&c), Err(BgError::TooManyChequers));
        let mut c = [[0u32; 25]; 2];
        for side in c.iter_mut() {
            side[..6].copy_from_slice(&[2; 6]);
            side[BAR] = 1;
        }
        assert_eq!(Board::from_counts(&c), Err(BgError::BothClosedOut));
        c[0][BAR] = 0;
        assert!(Board::from_counts(&c).is_ok());
    }

    #[test]
    fn swap_exchanges_sides() {
        let mut c = [[0u32; 25]; 2];
        c[1][BAR] = 2;
        c[0][5] = 3;
        let b = Board::from_counts(&c).unwrap();
        assert_eq!(b.pip_count(), [18, 50]);
        let s = b.swapped();
        assert_eq!(s.pip_count(), [50, 18]);
        let mut t = b;
        t.swap();
        assert_eq!(t, s);
    }
}
