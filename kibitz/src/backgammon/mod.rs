//! Backgammon core, compatible with GNU Backgammon (gnubg) 1.07: the board
//! in gnubg's orientation, position IDs and keys, match IDs, pip counts,
//! position classes and legal move generation with gnubg's move text.
//!
//! Orientation: a [`Board`] holds two sides; side 1 is the player on roll,
//! side 0 the opponent. Each side counts from its own ace point: index `i`
//! (0..=23) is that side's point `i + 1` and index 24 ([`BAR`]) its bar.
//! Chequers not on the board are borne off. A chequer of one side on index
//! `i` faces the other side's index `23 - i`.
//!
//! Players in a [`MatchState`] are numbered 0 and 1 (cube owner, scores);
//! the board's side 1 is the player `MatchState::dice_owner` (gnubg's
//! `fMove`), so with `dice_owner == 0` side 1 is player 0.
//!
//! ```
//! use kibitz::backgammon::{Board, MatchState};
//! let board = Board::from_position_id("4HPwATDgc/ABMA").unwrap();
//! assert_eq!(board, Board::starting());
//! assert_eq!(board.pip_count(), [167, 167]);
//! assert_eq!(board.legal_moves(3, 1).len(), 16);
//! let state = MatchState::from_match_id("cAkAAAAAAAAA").unwrap();
//! assert_eq!(state.dice_owner, 1);
//! ```

mod base64;
mod bearoff;
mod bearoff_cube;
mod bearoff_moves;
mod bearoff_one_sided;
mod board;
mod classify;
mod cube;
mod cube_decision;
mod cube_efficiency;
mod diagram;
mod error;
mod janowski;
mod match_id;
mod met;
mod met_kazaross;
mod met_xml;
mod move_text;
mod moves;
mod nply;
mod position_id;

pub use bearoff::{bearoff_index, two_sided_equities, two_sided_probabilities};
pub use bearoff_cube::bearoff_cube_eval;
pub use bearoff_one_sided::{bearoff_probabilities, one_sided_probabilities};
pub use board::{Board, BAR, CHEQUERS};
pub use classify::PositionClass;
pub use cube::{money_equity, mwc, CubeInfo, Probabilities};
pub use cube_decision::{best_decision, cubeful_0ply, CubeDecision, CubeEval};
pub use cube_efficiency::cube_efficiency;
pub use diagram::diagram;
pub use error::BgError;
pub use janowski::{cubeful, cubeful_match, cubeful_money};
pub use match_id::{GameState, MatchState, MAX_MATCH_LENGTH};
pub use met::{MatchEquityTable, MAX_AWAY};
pub use met_xml::{met_from_xml, MetError};
pub use moves::{LegalMove, Move, Step, MAX_MOVES};
pub use nply::{evaluate_cubeful, Evaluator, NplyError};
