//! The par text formats of DDS 2.9.

use super::types::{DealerContract, DealerParResult, ParContract, SidePar};
use std::fmt;

impl fmt::Display for DealerContract {
    /// `DealerPar`'s form: `"4H-NS+1"`, `"2S-EW"`, `"4S*-EW-1"`, and for a
    /// sacrifice by one player `"4S-N-1"` (DDS 2.9.0 writes no `*` there).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.denom.letter())?;
        if self.single_sacrifice {
            return write!(f, "-{}-{}", self.seats.label(), -self.result);
        }
        let mark = if self.result < 0 { "*-" } else { "-" };
        write!(f, "{mark}{}", self.seats.label())?;
        if self.result != 0 {
            write!(f, "{:+}", self.result)?;
        }
        Ok(())
    }
}

impl fmt::Display for DealerParResult {
    /// The score and the contracts separated by spaces, or `"pass"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealerParResult::PassedOut => f.write_str("pass"),
            DealerParResult::Par { score, contracts } => {
                write!(f, "{score}")?;
                contracts.iter().try_for_each(|c| write!(f, " {c}"))
            }
        }
    }
}

/// `Par`'s four strings, made from [`sides_par`](super::sides_par)'s
/// result. `Display` writes them quoted, as DDS's hand files do:
/// `"NS -110" "EW 110" "NS:EW 2S" "EW:EW 2S"`.
#[derive(Clone, Copy, Debug)]
pub struct ParStrings<'a>(pub &'a [SidePar; 2]);

/// The levels a making contract scores par at, concatenated (`"234"` for
/// 4 with two overtricks).
fn levels(c: &ParContract) -> String {
    let top = c.level + c.over_tricks;
    let lowest = match (top, c.over_tricks) {
        (5, 1..=3) | (4, 1..=3) | (3, 1..=2) | (2, 1) => c.level,
        _ => top,
    };
    (lowest..=top).map(|l| l.to_string()).collect()
}

impl ParStrings<'_> {
    /// `parScore[side]`: `"NS <score>"` or `"EW <score>"`.
    pub fn score(&self, side: usize) -> String {
        format!("{} {}", ["NS", "EW"][side], self.0[side].score)
    }

    /// `parContractsString[side]`: `"NS:"` or `"EW:"` and the contracts.
    pub fn contracts(&self, side: usize) -> String {
        let mut s = format!("{}:", ["NS", "EW"][side]);
        if self.0[0].score == 0 {
            return s;
        }
        let list = &self.0[side].contracts;
        let sacrifice = list.first().is_some_and(|c| c.under_tricks > 0);
        let parts: Vec<String> = list
            .iter()
            .map(|c| {
                let who = c.seats.label();
                let d = c.denom.letter();
                if sacrifice {
                    format!("{who} {}{d}x", c.level)
                } else {
                    format!("{who} {}{d}", levels(c))
                }
            })
            .collect();
        s.push_str(&parts.join(","));
        s
    }
}

impl fmt::Display for ParStrings<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" \"{}\" \"{}\" \"{}\"",
            self.score(0),
            self.score(1),
            self.contracts(0),
            self.contracts(1)
        )
    }
}

/// One contract as the converters write it: `"<seats> <level><denom>"`
/// plus `"x-<under>"` or `"+<over>"`.
pub(crate) fn master_contract(c: &ParContract, nt: &str) -> String {
    let d = match c.denom.letter() {
        'N' => nt.to_string(),
        l => l.to_string(),
    };
    let mut s = format!("{} {}{d}", c.seats.label(), c.level);
    if c.under_tricks > 0 {
        s.push_str(&format!("x-{}", c.under_tricks));
    } else if c.over_tricks > 0 {
        s.push_str(&format!("+{}", c.over_tricks));
    }
    s
}

/// `ConvertToDealerTextFormat`'s text of a [`SidePar`]:
/// `"Par 110: NS 2S NS 2H"` (no trump written `N`).
#[derive(Clone, Copy, Debug)]
pub struct DealerText<'a>(pub &'a SidePar);

impl fmt::Display for DealerText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .0
            .contracts
            .iter()
            .map(|c| master_contract(c, "N"))
            .collect();
        write!(f, "Par {}: {}", self.0.score, parts.join(" "))
    }
}

/// `ConvertToSidesTextFormat`'s texts of both sides' [`SidePar`] (no trump
/// written `NT`). `Display` writes both lines.
#[derive(Clone, Copy, Debug)]
pub struct SidesText<'a>(pub &'a [SidePar; 2]);

impl SidesText<'_> {
    /// `parText[side]`: `"Par <score>: ..."`; `"Par 0"` and `""` when the
    /// first side's score is 0.
    pub fn text(&self, side: usize) -> String {
        if self.0[0].score == 0 {
            return if side == 0 {
                "Par 0".into()
            } else {
                String::new()
            };
        }
        let p = &self.0[side];
        let parts: Vec<String> = p
            .contracts
            .iter()
            .map(|c| master_contract(c, "NT"))
            .collect();
        format!("Par {}: {}", p.score, parts.join(" "))
    }

    /// `equal`: whether both results are the same (scores opposite);
    /// `None` when the first score is 0 (DDS leaves the flag unset).
    pub fn equal(&self) -> Option<bool> {
        let [a, b] = self.0;
        if a.score == 0 {
            return None;
        }
        Some(a.score == -b.score && a.contracts == b.contracts)
    }
}

impl fmt::Display for SidesText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.text(0), self.text(1))
    }
}

/// `SidesPar`'s text of one contract: `"4H-NS+1"`, `"4S*-EW-1"`.
pub fn sides_contract_text(c: &ParContract) -> String {
    let mut s = format!("{}{}", c.level, c.denom.letter());
    if c.under_tricks > 0 {
        s.push('*');
    }
    s.push('-');
    s.push_str(c.seats.label());
    if c.under_tricks > 0 {
        s.push_str(&format!("-{}", c.under_tricks));
    } else if c.over_tricks > 0 {
        s.push_str(&format!("+{}", c.over_tricks));
    }
    s
}

/// A contract as a caller of the converters may pass it: raw codes that
/// need not be valid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawContract {
    /// Seats code (valid: 0..=5).
    pub seats: i32,
    /// Level (any number is printed).
    pub level: i32,
    /// Denomination code (valid: 0..=4).
    pub denom: i32,
    /// Undertricks (> 0: sacrifice).
    pub under_tricks: i32,
    /// Overtricks.
    pub over_tricks: i32,
}

/// The converters' text of a score and raw contracts (no trump written
/// `nt`). On an invalid seats or denomination code, returns `Err` with the
/// text written up to that point, as DDS leaves it.
pub fn converter_text(score: i32, contracts: &[RawContract], nt: &str) -> Result<String, String> {
    use super::types::{ParDenom, ParSeats};
    let mut s = format!("Par {score}: ");
    for (k, c) in contracts.iter().enumerate() {
        if k != 0 {
            s.push(' ');
        }
        let Some(seats) = ParSeats::from_code(c.seats) else {
            return Err(s);
        };
        s.push_str(&format!("{} {}", seats.label(), c.level));
        let Some(denom) = ParDenom::from_code(c.denom) else {
            return Err(s);
        };
        match denom {
            ParDenom::NoTrump => s.push_str(nt),
            d => s.push(d.letter()),
        }
        if c.under_tricks > 0 {
            s.push_str(&format!("x-{}", c.under_tricks));
        } else if c.over_tricks > 0 {
            s.push_str(&format!("+{}", c.over_tricks));
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::par::{ParDenom, ParSeats};

    fn contract(
        level: i32,
        over: i32,
        under: i32,
        denom: ParDenom,
        seats: ParSeats,
    ) -> ParContract {
        ParContract {
            under_tricks: under,
            over_tricks: over,
            level,
            denom,
            seats,
        }
    }

    #[test]
    fn par_strings_concatenate_levels() {
        // list1000.txt hand 8, EW vulnerable: "NS:NS 234C".
        let c = contract(2, 2, 0, ParDenom::Clubs, ParSeats::NorthSouth);
        let sides = [
            SidePar {
                score: 130,
                contracts: vec![c],
            },
            SidePar {
                score: -130,
                contracts: vec![c],
            },
        ];
        assert_eq!(
            ParStrings(&sides).to_string(),
            "\"NS 130\" \"EW -130\" \"NS:NS 234C\" \"EW:NS 234C\""
        );
        assert_eq!(DealerText(&sides[0]).to_string(), "Par 130: NS 2C+2");
        assert_eq!(sides_contract_text(&c), "2C-NS+2");
        assert_eq!(SidesText(&sides).equal(), Some(true));
    }

    #[test]
    fn sacrifices_and_no_trump() {
        // list1000.txt hand 4, NS vulnerable (DDS's texts).
        let list = vec![
            contract(2, 0, 1, ParDenom::NoTrump, ParSeats::EastWest),
            contract(3, 0, 1, ParDenom::Clubs, ParSeats::EastWest),
        ];
        let sides = [
            SidePar {
                score: 100,
                contracts: list.clone(),
            },
            SidePar {
                score: -100,
                contracts: list,
            },
        ];
        assert_eq!(ParStrings(&sides).contracts(0), "NS:EW 2Nx,EW 3Cx");
        assert_eq!(
            DealerText(&sides[0]).to_string(),
            "Par 100: EW 2Nx-1 EW 3Cx-1"
        );
        assert_eq!(SidesText(&sides).text(0), "Par 100: EW 2NTx-1 EW 3Cx-1");
        assert_eq!(sides_contract_text(&sides[0].contracts[0]), "2N*-EW-1");
    }

    #[test]
    fn zero_score_texts() {
        let none = contract(0, 0, 0, ParDenom::NoTrump, ParSeats::North);
        let sides = [0, 0].map(|score| SidePar {
            score,
            contracts: vec![none],
        });
        assert_eq!(
            ParStrings(&sides).to_string(),
            "\"NS 0\" \"EW 0\" \"NS:\" \"EW:\""
        );
        assert_eq!(SidesText(&sides).text(0), "Par 0");
        assert_eq!(SidesText(&sides).text(1), "");
        assert_eq!(SidesText(&sides).equal(), None);
        assert_eq!(sides_contract_text(&none), "0N-N");
    }

    #[test]
    fn converter_stops_at_bad_denomination() {
        let bad = RawContract {
            seats: 2,
            level: 4,
            denom: 7,
            under_tricks: 0,
            over_tricks: 0,
        };
        assert_eq!(
            converter_text(420, &[bad], "N"),
            Err("Par 420: S 4".to_string())
        );
    }
}
