//! The GTP engine's connection reading commands, with GNU Go 3.8's
//! replies: `connect A B` and `disconnect A B` answer `0` when the side to
//! move fails, else the result code (`1` unconditional, `2` or `3`
//! through ko) and the move (`PASS` when none is needed).

use super::Engine;
use crate::go::connect::{self, Connection};
use crate::go::coord::{from_gtp, to_gtp_or_pass};
use crate::go::reading::{Code, ReadingLimits};
use crate::go::Position;

/// A command's answer: success text or failure message.
type Reply = Result<String, String>;

/// The shape of [`connect::connect`] and [`connect::disconnect`].
type Question = fn(&Position, usize, usize, &ReadingLimits) -> Connection;

impl Engine {
    /// Runs connection command `name`; `None` when `name` is not one.
    pub(super) fn connect_command(&mut self, name: &str, args: &str) -> Option<Reply> {
        let question: Question = match name {
            "connect" => connect::connect,
            "disconnect" => connect::disconnect,
            _ => return None,
        };
        Some(self.connection(args, question))
    }

    fn connection(&mut self, args: &str, question: Question) -> Reply {
        let n = self.board.size();
        let mut words = args.split_whitespace();
        let mut vertex = || {
            from_gtp(n, words.next().unwrap_or("")).ok_or_else(|| "invalid coordinate".to_string())
        };
        let (a, b) = (vertex()?, vertex()?);
        let pos = self.board.position();
        let (Some(ca), Some(cb)) = (pos.get(a), pos.get(b)) else {
            return Err("vertex must not be empty".into());
        };
        if ca != cb {
            return Err("vertices must have same color".into());
        }
        let limits = ReadingLimits {
            start_depth: self.trymoves,
            ..self.limits
        };
        let c = question(pos, a, b, &limits);
        Ok(if c.code == Code::Lose {
            "0".into()
        } else {
            format!("{} {}", c.code.gtp(), to_gtp_or_pass(n, c.point))
        })
    }
}
