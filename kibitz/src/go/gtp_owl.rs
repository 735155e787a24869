//! The GTP engine's owl commands, with GNU Go 3.8's replies:
//! `owl_attack` and `owl_defend` answer `<code> <vertex>` or `0` (the
//! vertex `PASS` when the dragon is already alive or dead with no move
//! needed); `owl_does_attack` and `owl_does_defend` answer a code alone.

use super::Engine;
use crate::go::coord::{from_gtp, to_gtp_or_pass};
use crate::go::owl::{self, OwlLimits};
use crate::go::reading::Outcome;
use crate::go::unconditional::Unconditional;

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
            "owl_does_attack" => self.owl_does(args, true),
            "owl_does_defend" => self.owl_does(args, false),
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
        let stones = self.groups_around(v).stones(v);
        let pos = self.board.position();
        let o = f(pos, &stones, v, &OwlLimits::default()).ok_or("vertex must not be empty")?;
        Ok(match o.code.gtp() {
            0 => "0".into(),
            c => format!("{c} {}", to_gtp_or_pass(self.board.size(), o.point)),
        })
    }
    /// `owl_does_attack <move> <dragon>` (`attack`) or `owl_does_defend`:
    /// the code of the move for the dragon's attacker or owner. Like GNU
    /// Go 3.8, a string that is unconditionally alive (for the attack) or
    /// dead (for the defence) answers `0` without reading.
    fn owl_does(&mut self, args: &str, attack: bool) -> Reply {
        let size = self.board.size();
        let mut words = args.split_whitespace();
        let mut vertex = || from_gtp(size, words.next().unwrap_or("")).ok_or("invalid coordinate");
        let m = vertex()?;
        if self.board.position().get(m).is_some() {
            return Err("move vertex must be empty".into());
        }
        let v = vertex()?;
        if self.board.position().get(v).is_none() {
            return Err("dragon vertex must not be empty".into());
        }
        let settled = if attack {
            Unconditional::Alive
        } else {
            Unconditional::Dead
        };
        if self.unconditional()[v] == settled {
            return Ok("0".into());
        }
        let stones = self.groups_around(v).stones(v);
        let pos = self.board.position();
        let l = OwlLimits::default();
        let code = owl::owl_does(pos, &stones, m, v, &l, attack);
        Ok(code.map_or(0, |c| c.gtp()).to_string())
    }
}

#[cfg(test)]
pub(crate) mod tests {
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
        assert_eq!(replies(script), want);
    }

    /// Runs `script` and returns the replies to the numbered commands.
    pub(crate) fn replies(script: &str) -> Vec<String> {
        let mut e = Engine::new();
        let mut got = Vec::new();
        for line in script.lines() {
            if let Some((answer, _)) = e.execute(line, &mut std::io::sink()) {
                if line.starts_with(|c: char| c.is_ascii_digit()) {
                    got.push(answer.trim_end_matches('\n').to_string());
                }
            }
        }
        got
    }

    /// `owl_does_attack` and `owl_does_defend` on the corner of
    /// `replies_match_gnugo` (B1 is the vital point for both), after
    /// white B1 (alive: black A1 is suicide, answered `0`), and with
    /// black's ko capture at C1 next to a white one-eyed corner, with
    /// GNU Go 3.8's replies and errors to the same scripts.
    #[test]
    fn does_replies_match_gnugo() {
        let corner = "boardsize 9\nplay white A2\nplay white B2\nplay white C2\n\
            play white D2\nplay white D1\nplay white G7\nplay white G5\nplay black A3\n\
            play black B3\nplay black C3\nplay black D3\nplay black E3\nplay black E2\n\
            play black E1\n";
        let script = format!(
            "{corner}1 owl_does_attack B1 A2\n2 owl_does_defend B1 A2\n\
            3 owl_does_attack C1 A2\n4 owl_does_defend C1 A2\n5 owl_does_attack A1 A2\n\
            6 owl_does_defend A1 A2\n7 owl_does_attack D2 A2\n8 owl_does_attack B1 C5\n\
            9 owl_does_attack Z1 A2\n10 owl_does_attack B1 Z1\n11 owl_does_defend B1\n\
            12 owl_does_attack B1 A3\n13 owl_does_defend B1 A3\n14 owl_does_attack H9 A2\n\
            play white B1\n15 owl_does_attack A1 A2\n16 owl_does_attack C1 A2\n\
            17 owl_does_defend C1 A2\n18 owl_does_defend A1 A2\n"
        );
        let want = [
            "=1 1",
            "=2 1",
            "=3 0",
            "=4 0",
            "=5 0",
            "=6 0",
            "?7 move vertex must be empty",
            "?8 dragon vertex must not be empty",
            "?9 invalid coordinate",
            "?10 invalid coordinate",
            "?11 invalid coordinate",
            "=12 0",
            "=13 1",
            "=14 0",
            "=15 0",
            "=16 0",
            "=17 0",
            "=18 0",
        ];
        assert_eq!(replies(&script), want);
        let ko = "boardsize 9\nplay white A3\nplay white B3\nplay white C3\n\
            play white C2\nplay white B2\nplay white B1\nplay white A2\nplay black A4\n\
            play black B4\nplay black C4\nplay black D4\nplay black D3\nplay black D2\n\
            play black C1\nplay black E1\nplay black G7\n1 owl_does_defend D1 A3\n\
            2 owl_does_attack D1 A3\n3 owl_does_attack A1 A3\n4 owl_does_defend A1 A3\n";
        assert_eq!(replies(ko), ["=1 0", "=2 1", "=3 1", "=4 0"]);
    }
}
