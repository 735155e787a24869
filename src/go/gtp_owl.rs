//! The GTP engine's owl commands, with GNU Go 3.8's replies:
//! `owl_attack` and `owl_defend` answer `<code> <vertex>` or `0` (the
//! vertex `PASS` when the dragon is already alive or dead with no move
//! needed).

use super::Engine;
use crate::go::coord::{from_gtp, to_gtp_or_pass};
use crate::go::owl::{self, OwlLimits};
use crate::go::reading::Outcome;

/// A command's answer: success text or failure message.
type Reply = Result<String, String>;

/// The shape of [`owl::owl_attack`] and [`owl::owl_defend`].
type OwlQuestion = fn(&crate::go::Position, &[usize], usize, &OwlLimits) -> Option<Outcome>;

impl Engine {
    /// Runs owl command `name`; `None` when `name` is not one.
    pub(super) fn owl_command(&mut self, name: &str, args: &str) -> Option<Reply> {
        Some(match name {
            "owl_attack" => self.owl(args, owl::owl_attack),
            "owl_defend" => self.owl(args, owl::owl_defend),
            _ => return None,
        })
    }

    fn owl(&mut self, args: &str, f: OwlQuestion) -> Reply {
        let word = args.split_whitespace().next().unwrap_or("");
        let v = from_gtp(self.board.size(), word).ok_or("invalid coordinate")?;
        if self.board.position().get(v).is_none() {
            return Err("vertex must not be empty".into());
        }
        // The dragon's stones do not depend on the statuses: no owl
        // reading of every dragon first.
        let stones = self.groups().stones(v);
        let pos = self.board.position();
        let o = f(pos, &stones, v, &OwlLimits::default()).ok_or("vertex must not be empty")?;
        Ok(match o.code.gtp() {
            0 => "0".into(),
            c => format!("{c} {}", to_gtp_or_pass(self.board.size(), o.point)),
        })
    }
}
