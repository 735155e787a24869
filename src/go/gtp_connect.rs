//! The GTP engine's connection reading commands, with GNU Go 3.8's
//! replies: `connect A B` and `disconnect A B` answer `0` when the side to
//! move fails, else `1` and the move (`PASS` when none is needed).

use super::Engine;
use crate::go::connect::{self, Connection};
use crate::go::coord::{from_gtp, to_gtp_or_pass};

/// A command's answer: success text or failure message.
type Reply = Result<String, String>;

/// Plies the GTP commands read.
const GTP_DEPTH: u8 = 7;

impl Engine {
    /// Runs connection command `name`; `None` when `name` is not one.
    pub(super) fn connect_command(&mut self, name: &str, args: &str) -> Option<Reply> {
        let question: fn(&crate::go::Position, usize, usize, u8) -> Connection = match name {
            "connect" => connect::connect,
            "disconnect" => connect::disconnect,
            _ => return None,
        };
        Some(self.connection(args, question))
    }

    fn connection(
        &mut self,
        args: &str,
        question: fn(&crate::go::Position, usize, usize, u8) -> Connection,
    ) -> Reply {
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
        let c = question(pos, a, b, GTP_DEPTH);
        Ok(if c.success {
            format!("1 {}", to_gtp_or_pass(n, c.point))
        } else {
            "0".into()
        })
    }
}
