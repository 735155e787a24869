//! Go board analysis after GNU Go's first pass ("Worms and Dragons"):
//! the board, SGF loading, worms with their data, and a GTP engine that
//! answers GNU Go 3.8's analysis commands.

pub mod board;
pub mod connect;
pub mod coord;
pub mod cut_shapes;
pub mod domains;
pub mod double_cut;
pub mod dragons;
pub mod eye_shape;
pub mod eyes;
pub mod gtp;
pub mod liberties;
pub mod link_shapes;
pub mod owl;
pub mod reading;
pub mod sgf;
pub mod unconditional;
pub mod worms;

pub use board::{Board, BoardError, Color, Position};
pub use worms::{Worm, WormColor, Worms};
