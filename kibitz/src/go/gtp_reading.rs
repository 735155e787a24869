//! The GTP engine's tactical reading commands, with GNU Go 3.8's replies:
//! `attack`, `defend`, `ladder_attack` (`<code> <vertex>` or `0`),
//! `does_attack`, `does_defend`, `attack_either`, `defend_both` (a code),
//! and the reading stack commands `trymove`, `popgo`, `increase_depths`,
//! `decrease_depths`. Codes print as GTP does: 0 fails, 1 wins, 2 ko
//! taken first, 3 ko after a threat.

use super::Engine;
use crate::go::coord::{from_gtp, to_gtp_or_pass};
use crate::go::reading::{self, Outcome, ReadingLimits};

/// A command's answer: success text or failure message.
type Reply = Result<String, String>;

impl Engine {
    /// Runs reading command `name`; `None` when `name` is not one.
    pub(super) fn reading_command(&mut self, name: &str, args: &str) -> Option<Reply> {
        Some(match name {
            "attack" => self.tactical(args, reading::attack),
            "defend" => self.tactical(args, reading::find_defense),
            "ladder_attack" => self.ladder(args),
            "does_attack" => self.does(args, true),
            "does_defend" => self.does(args, false),
            "attack_either" => self.pair(args, reading::attack_either),
            "defend_both" => self.pair(args, reading::defend_both),
            "trymove" => self.trymove(args),
            "popgo" => self.popgo(),
            "increase_depths" => {
                self.limits = self.limits.shifted(1);
                Ok(String::new())
            }
            "decrease_depths" => {
                self.limits = self.limits.shifted(-1);
                Ok(String::new())
            }
            _ => return None,
        })
    }

    /// The `i`-th word of `args` as a vertex.
    fn word_vertex(&self, args: &str, i: usize) -> Result<usize, String> {
        let word = args.split_whitespace().nth(i).unwrap_or("");
        from_gtp(self.board.size(), word).ok_or_else(|| "invalid coordinate".to_string())
    }

    fn outcome_text(&self, o: Outcome) -> String {
        match o.code.gtp() {
            0 => "0".into(),
            c => format!("{c} {}", to_gtp_or_pass(self.board.size(), o.point)),
        }
    }

    /// The reading limits with the `trymove` stack counted as depth, as
    /// GNU Go's depth limits count its move stack.
    fn stack_limits(&self) -> ReadingLimits {
        ReadingLimits {
            start_depth: self.trymoves,
            ..self.limits
        }
    }

    fn tactical(&mut self, args: &str, f: reading::Question) -> Reply {
        let v = self.word_vertex(args, 0)?;
        let pos = self.board.position();
        let o = f(pos, v, &self.stack_limits()).ok_or("vertex must not be empty")?;
        Ok(self.outcome_text(o))
    }

    fn ladder(&mut self, args: &str) -> Reply {
        let v = self.word_vertex(args, 0)?;
        let pos = self.board.position();
        if pos.get(v).is_none() {
            return Err("vertex must not be empty".into());
        }
        let o = reading::ladder_attack(pos, v, &self.stack_limits())
            .ok_or("string must have exactly 2 liberties")?;
        Ok(self.outcome_text(o))
    }

    /// `does_attack` / `does_defend`. GNU Go 3.8 prints a successful
    /// `does_defend` as `3` (its function returns 1, which the printer
    /// takes for the KO_B code); we print the same.
    fn does(&mut self, args: &str, attack: bool) -> Reply {
        let m = self.word_vertex(args, 0)?;
        if self.board.position().get(m).is_some() {
            return Err("move vertex must be empty".into());
        }
        let v = self.word_vertex(args, 1)?;
        let pos = self.board.position();
        let empty = || "string vertex must not be empty".to_string();
        let code = if attack {
            reading::does_attack(pos, m, v, &self.stack_limits())
                .ok_or_else(empty)?
                .gtp()
        } else {
            let works = reading::does_defend(pos, m, v, &self.stack_limits()).ok_or_else(empty)?;
            if works {
                3
            } else {
                0
            }
        };
        Ok(code.to_string())
    }

    fn pair(&mut self, args: &str, f: reading::PairQuestion) -> Reply {
        let a = self.word_vertex(args, 0)?;
        let b = self.word_vertex(args, 1)?;
        let pos = self.board.position();
        // GNU Go 3.8's messages, including its inverted first one.
        if pos.get(a).is_none() {
            return Err("string vertex must be empty".into());
        }
        if pos.get(b).is_none() {
            return Err("string vertex must not be empty".into());
        }
        let c = f(pos, a, b, &self.stack_limits()).ok_or("strings must have the same color")?;
        Ok(c.gtp().to_string())
    }

    fn trymove(&mut self, args: &str) -> Reply {
        let (color, mv) = self.color_and_move(args)?;
        self.board
            .play(color, mv)
            .map_err(|_| "illegal move".to_string())?;
        self.trymoves += 1;
        Ok(String::new())
    }

    fn popgo(&mut self) -> Reply {
        if self.trymoves == 0 {
            return Err("Stack empty.".into());
        }
        self.board.undo();
        self.trymoves -= 1;
        Ok(String::new())
    }
}

#[cfg(test)]
mod tests {
    /// Answers of a script; each expected line was GNU Go 3.8's answer to
    /// the same script. (Not included: `defend D4` on the four-liberty
    /// stone, where GNU Go answers `1 D3` and we `1 C4`, both extensions
    /// to six liberties.)
    #[test]
    fn replies_and_errors() {
        let script = "boardsize 9\nplay black E5\nplay white D4\nplay black E6\n\
            1 defend E5\n2 defend A1\n3 trymove black D5\n4 popgo\n5 popgo\n\
            6 attack\n7 does_attack E5\n8 ladder_attack D4\n9 attack_either E5\n\
            10 defend_both E5 E6\n11 attack_either E5 E6\n\
            13 trymove black E5\n14 increase_depths\n15 does_defend E5 E5\n\
            16 attack_either C3 E5\n17 defend_both E5 C3\n18 does_attack D5 C3\n";
        let want = [
            "=1 1 PASS",
            "?2 vertex must not be empty",
            "=3 ",
            "=4 ",
            "?5 Stack empty.",
            "?6 invalid coordinate",
            "?7 move vertex must be empty",
            "?8 string must have exactly 2 liberties",
            "?9 invalid coordinate",
            "=10 1",
            "=11 0",
            "?13 illegal move",
            "=14 ",
            "?15 move vertex must be empty",
            "?16 string vertex must be empty",
            "?17 string vertex must not be empty",
            "?18 string vertex must not be empty",
        ];
        assert_eq!(super::super::owl_cmds::tests::replies(script), want);
    }
}
