//! Go board analysis after GNU Go's first pass ("Worms and Dragons"):
//! the board, SGF loading, worms with their data, and a GTP engine that
//! answers GNU Go 3.8's analysis commands.

mod amalgamate;
mod answers;
pub mod board;
mod connect;
pub mod coord;
mod cut_shapes;
mod domains;
mod double_cut;
pub mod dragons;
mod eye_shape;
mod eyes;
pub mod gtp;
mod liberties;
mod link_shapes;
mod owl;
pub mod reading;
pub mod sgf;
mod unconditional;
pub mod worms;

pub use board::{Board, BoardError, Color, Position};
pub use worms::{Worm, WormColor, Worms};
