//! The match state and gnubg's 12-character match ID.
//!
//! The ID is the Base64 text of a 9-byte key whose bits are numbered from
//! the least significant bit of byte 0. Fields (offset, width): log2 cube
//! (0, 4), cube owner (4, 2; 3 = centred), player on roll (6, 1), Crawford
//! (7, 1), game state (8, 3), turn (11, 1), doubled (12, 1), resigned
//! (13, 2), dice (15, 3) and (18, 3) larger first, match length (21, 15),
//! scores (36, 15) and (51, 15), and *not* Jacoby (66, 1).

use super::base64;
use super::error::BgError;

/// Characters in a match ID.
pub const MATCH_ID_LEN: usize = 12;

/// The longest match gnubg accepts (`MAXSCORE`).
pub const MAX_MATCH_LENGTH: u32 = 64;

/// The largest score a 15-bit field holds (money sessions).
const MAX_FIELD: u32 = 0x7fff;

/// The state of the game in progress (gnubg's `gamestate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameState {
    /// No game started.
    None = 0,
    /// A game is being played.
    #[default]
    Playing = 1,
    /// The game is over.
    Over = 2,
    /// The game ended by resignation.
    Resigned = 3,
    /// The game ended by a dropped double.
    Dropped = 4,
}

impl GameState {
    /// The state of code 0..=4.
    pub fn from_code(code: u32) -> Option<GameState> {
        Some(match code {
            0 => GameState::None,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            _ => return None,
        })
    }
}

/// Everything a match ID records. Players are 0 and 1, as in gnubg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchState {
    /// Cube value: 1, 2, 4, ... 2^15.
    pub cube: u32,
    /// Cube owner: `None` centred, `Some(0)` or `Some(1)`.
    pub cube_owner: Option<u8>,
    /// The player on roll, or who rolled (gnubg's `fMove`).
    pub dice_owner: u8,
    /// This is the Crawford game.
    pub crawford: bool,
    /// The state of the game.
    pub game_state: GameState,
    /// The player who must decide now (gnubg's `fTurn`).
    pub turn: u8,
    /// A double is being offered.
    pub doubled: bool,
    /// Resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon.
    pub resigned: u8,
    /// The dice rolled, 0 when not rolled.
    pub dice: [u8; 2],
    /// Match length, 0 for money play.
    pub match_length: u32,
    /// Scores of players 0 and 1.
    pub score: [u32; 2],
    /// The Jacoby rule is in effect (money play).
    pub jacoby: bool,
}

impl Default for MatchState {
    /// A money game, centred cube, player 0 to roll, Jacoby on
    /// (`MAEAAAAAAAAA`).
    fn default() -> MatchState {
        MatchState {
            cube: 1,
            cube_owner: None,
            dice_owner: 0,
            crawford: false,
            game_state: GameState::Playing,
            turn: 0,
            doubled: false,
            resigned: 0,
            dice: [0, 0],
            match_length: 0,
            score: [0, 0],
            jacoby: true,
        }
    }
}

/// Writes `width` bits of `value` at bit `offset` of `key`.
fn set_bits(key: &mut [u8; 9], offset: usize, width: usize, value: u32) {
    for b in 0..width {
        if value & (1 << b) != 0 {
            let bit = offset + b;
            key[bit / 8] |= 1 << (bit % 8);
        }
    }
}

/// Reads `width` bits at bit `offset` of `key`.
fn get_bits(key: &[u8; 9], offset: usize, width: usize) -> u32 {
    (0..width)
        .filter(|b| {
            let bit = offset + b;
            key[bit / 8] & (1 << (bit % 8)) != 0
        })
        .fold(0, |v, b| v | (1 << b))
}

impl MatchState {
    /// Checks every field's range: cube a power of two up to 2^15, owner
    /// and players 0/1, resigned 0..=3, dice 0..=6, match length up to 64,
    /// scores at most the match length (up to 32767 in money play), and no
    /// Crawford game in money play.
    pub fn validate(&self) -> Result<(), BgError> {
        let err = |f| Err(BgError::MatchState(f));
        if !self.cube.is_power_of_two() || self.cube > 1 << 15 {
            return err("cube");
        }
        if self.cube_owner.is_some_and(|o| o > 1) {
            return err("cube_owner");
        }
        if self.dice_owner > 1 {
            return err("dice_owner");
        }
        if self.turn > 1 {
            return err("turn");
        }
        if self.resigned > 3 {
            return err("resigned");
        }
        if self.dice.iter().any(|&d| d > 6) {
            return err("dice");
        }
        if self.match_length > MAX_MATCH_LENGTH {
            return err("match_length");
        }
        let max_score = if self.match_length > 0 {
            self.match_length
        } else {
            MAX_FIELD
        };
        if self.score.iter().any(|&s| s > max_score) {
            return err("score");
        }
        if self.crawford && self.match_length == 0 {
            return err("crawford");
        }
        Ok(())
    }

    /// The 9-byte key of a valid state.
    pub fn key(&self) -> Result<[u8; 9], BgError> {
        self.validate()?;
        let mut key = [0u8; 9];
        set_bits(&mut key, 0, 4, self.cube.trailing_zeros());
        set_bits(&mut key, 4, 2, self.cube_owner.map_or(3, u32::from));
        set_bits(&mut key, 6, 1, u32::from(self.dice_owner));
        set_bits(&mut key, 7, 1, u32::from(self.crawford));
        set_bits(&mut key, 8, 3, self.game_state as u32);
        set_bits(&mut key, 11, 1, u32::from(self.turn));
        set_bits(&mut key, 12, 1, u32::from(self.doubled));
        set_bits(&mut key, 13, 2, u32::from(self.resigned));
        let hi = self.dice[0].max(self.dice[1]);
        let lo = self.dice[0].min(self.dice[1]);
        set_bits(&mut key, 15, 3, u32::from(hi));
        set_bits(&mut key, 18, 3, u32::from(lo));
        set_bits(&mut key, 21, 15, self.match_length);
        set_bits(&mut key, 36, 15, self.score[0]);
        set_bits(&mut key, 51, 15, self.score[1]);
        set_bits(&mut key, 66, 1, u32::from(!self.jacoby));
        Ok(key)
    }

    /// The state of a 9-byte key, with gnubg's checks (dice up to 6,
    /// match length up to 64, scores at most the match length, no Crawford
    /// in money play) plus a game state of 0..=4. An owner code of 2 or 3
    /// means centred. The dice come back larger first.
    pub fn from_key(key: &[u8; 9]) -> Result<MatchState, BgError> {
        let owner = get_bits(key, 4, 2);
        let state = MatchState {
            cube: 1 << get_bits(key, 0, 4),
            cube_owner: (owner <= 1).then_some(owner as u8),
            dice_owner: get_bits(key, 6, 1) as u8,
            crawford: get_bits(key, 7, 1) == 1,
            game_state: GameState::from_code(get_bits(key, 8, 3))
                .ok_or(BgError::MatchState("game_state"))?,
            turn: get_bits(key, 11, 1) as u8,
            doubled: get_bits(key, 12, 1) == 1,
            resigned: get_bits(key, 13, 2) as u8,
            dice: [get_bits(key, 15, 3) as u8, get_bits(key, 18, 3) as u8],
            match_length: get_bits(key, 21, 15),
            score: [get_bits(key, 36, 15), get_bits(key, 51, 15)],
            jacoby: get_bits(key, 66, 1) == 0,
        };
        state.validate()?;
        Ok(state)
    }

    /// gnubg's 12-character match ID of a valid state.
    pub fn match_id(&self) -> Result<String, BgError> {
        Ok(base64::encode(&self.key()?))
    }

    /// The state of a match ID: exactly 12 Base64 characters.
    pub fn from_match_id(id: &str) -> Result<MatchState, BgError> {
        let bytes = id.as_bytes();
        if bytes.len() != MATCH_ID_LEN {
            return Err(BgError::IdLength);
        }
        let key = base64::decode::<9>(bytes).ok_or(BgError::IdCharacter)?;
        MatchState::from_key(&key)
    }

    /// True in money play (match length 0).
    pub fn is_money(&self) -> bool {
        self.match_length == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_money_with_jacoby() {
        let m = MatchState::default();
        assert_eq!(m.match_id().unwrap(), "MAEAAAAAAAAA");
        let no_jacoby = MatchState { jacoby: false, ..m };
        assert_eq!(no_jacoby.match_id().unwrap(), "MAEAAAAAAAAE");
    }

    #[test]
    fn manual_example() {
        // 9-point match, 2-4, cube 2 owned by player 0, player 1 rolled 5-2.
        let m = MatchState {
            cube: 2,
            cube_owner: Some(0),
            dice_owner: 1,
            turn: 1,
            dice: [5, 2],
            match_length: 9,
            score: [2, 4],
            jacoby: false,
            ..MatchState::default()
        };
        assert_eq!(m.match_id().unwrap(), "QYkqASAAIAAE");
        assert_eq!(MatchState::from_match_id("QYkqASAAIAAE"), Ok(m));
    }

    #[test]
    fn rejects_out_of_range() {
        let m = MatchState {
            cube: 3,
            ..MatchState::default()
        };
        assert_eq!(m.match_id(), Err(BgError::MatchState("cube")));
        let m = MatchState {
            crawford: true,
            ..MatchState::default()
        };
        assert_eq!(m.match_id(), Err(BgError::MatchState("crawford")));
        assert_eq!(
            MatchState::from_match_id("MAEAAAAAAAA"),
            Err(BgError::IdLength)
        );
        assert_eq!(
            MatchState::from_match_id("MAEAAAAAAA*A"),
            Err(BgError::IdCharacter)
        );
        // Die A = 7 (bits 15..17 all set).
        let mut key = MatchState::default().key().unwrap();
        key[1] |= 0x80;
        key[2] |= 0x03;
        assert_eq!(MatchState::from_key(&key), Err(BgError::MatchState("dice")));
    }
}
