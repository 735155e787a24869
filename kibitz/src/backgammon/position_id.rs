//! gnubg's position key (10 bytes) and position ID (its 14-character
//! Base64 text).
//!
//! The key is a bit string, least significant bit of byte 0 first: for
//! side 0 then side 1, for indices 0..=24, as many one-bits as chequers
//! followed by a zero-bit; zero-padded to 80 bits.

use super::base64;
use super::board::{Board, CHEQUERS};
use super::error::BgError;

/// Characters in a position ID.
pub const POSITION_ID_LEN: usize = 14;

impl Board {
    /// The 80-bit key as a number: bit `b` is bit `b % 8` of byte `b / 8`.
    fn key_bits(&self) -> u128 {
        let mut bits: u128 = 0;
        let mut at = 0;
        for side in self.sides() {
            for &n in side {
                bits |= ((1u128 << n) - 1) << at;
                at += u32::from(n) + 1;
            }
        }
        bits
    }

    /// gnubg's 10-byte position key (`oldPositionKey`).
    pub fn key(&self) -> [u8; 10] {
        let bytes = self.key_bits().to_le_bytes();
        let mut key = [0u8; 10];
        key.copy_from_slice(&bytes[..10]);
        key
    }

    /// The board of a 10-byte key, if it decodes to a legal position.
    /// Bits after the 50th zero-bit are ignored, as gnubg does.
    pub fn from_key(key: &[u8; 10]) -> Result<Board, BgError> {
        let mut bytes = [0u8; 16];
        bytes[..10].copy_from_slice(key);
        let mut bits = u128::from_le_bytes(bytes);
        let mut sides = [[0u8; 25]; 2];
        for side in sides.iter_mut() {
            let mut total = 0;
            for point in side.iter_mut() {
                // A run of n one-bits, then the zero-bit ending the point.
                let n = bits.trailing_ones();
                total += n;
                if total > CHEQUERS {
                    return Err(BgError::TooManyChequers);
                }
                *point = n as u8;
                bits = bits.checked_shr(n + 1).unwrap_or(0);
            }
        }
        Board::new(sides)
    }

    /// gnubg's 14-character position ID, e.g. `"4HPwATDgc/ABMA"`.
    pub fn position_id(&self) -> String {
        base64::encode(&self.key())
    }

    /// The board of a position ID: exactly 14 Base64 characters that
    /// decode to a legal position.
    pub fn from_position_id(id: &str) -> Result<Board, BgError> {
        let bytes = id.as_bytes();
        if bytes.len() != POSITION_ID_LEN {
            return Err(BgError::IdLength);
        }
        let key = base64::decode::<10>(bytes).ok_or(BgError::IdCharacter)?;
        Board::from_key(&key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_position() {
        let b = Board::starting();
        assert_eq!(b.key(), [224, 115, 240, 1, 48, 224, 115, 240, 1, 48]);
        assert_eq!(b.position_id(), "4HPwATDgc/ABMA");
        assert_eq!(Board::from_position_id("4HPwATDgc/ABMA"), Ok(b));
    }

    #[test]
    fn bad_ids() {
        assert_eq!(
            Board::from_position_id("4HPwATDgc/ABM"),
            Err(BgError::IdLength)
        );
        assert_eq!(
            Board::from_position_id("4HPwATDgc/ABMA="),
            Err(BgError::IdLength)
        );
        assert_eq!(
            Board::from_position_id("4HPwATDgc/AB A"),
            Err(BgError::IdCharacter)
        );
        // All one-bits: 16 chequers on side 0's ace point.
        assert_eq!(
            Board::from_position_id("//////////////"),
            Err(BgError::TooManyChequers)
        );
        // All zero-bits: both sides have borne everything off.
        let empty = Board::from_position_id("AAAAAAAAAAAAAA").unwrap();
        assert_eq!(empty.chequers(0) + empty.chequers(1), 0);
    }
}
