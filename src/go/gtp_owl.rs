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

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference notes' transcript 2 (white A2-D2, D1 under black
    /// A3-E3, E2, E1 on 9x9), then with white B1 (two eyes) and with black
    /// B1 (one eye). Every expected reply is GNU Go 3.8's to the same
    /// script (`gnugo --mode gtp --quiet`).
    #[test]
    fn replies_match_gnugo() {
        let script = "boardsize 9\nplay white A2\nplay white B2\nplay white C2\n\
            play white D2\nplay white D1\nplay white G7\nplay white G5\nplay black A3\n\
            play black B3\nplay black C3\nplay black D3\nplay black E3\nplay black E2\n\
            play black E1\n1 owl_attack A2\n2 owl_defend A2\n3 dragon_status A2\n\
            4 owl_attack A3\nplay white B1\n5 owl_attack A2\n6 owl_defend A2\n\
            7 dragon_status A2\nundo\nplay black B1\n8 owl_attack A2\n9 owl_defend A2\n\
            10 dragon_status A2\n11 owl_attack C5\n12 owl_defend\n";
        let want = [
            "=1 1 B1",
            "=2 1 B1",
            "=3 critical B1 B1",
            "=4 0",
            "=5 0",
            "=6 1 PASS",
            "=7 alive",
            "=8 1 A1",
            "=9 0",
            "=10 dead",
            "?11 vertex must not be empty",
            "?12 invalid coordinate",
        ];
        let mut e = Engine::new();
        let mut got = Vec::new();
        for line in script.lines() {
            if let Some((answer, _)) = e.execute(line, &mut std::io::sink()) {
                if line.starts_with(|c: char| c.is_ascii_digit()) {
                    got.push(answer.trim_end_matches('\n').to_string());
                }
            }
        }
        assert_eq!(got, want);
    }
}
