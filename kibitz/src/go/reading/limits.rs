//! How far the reader may look: depth limits by liberty count and a node
//! budget per question.

/// Depth and node limits of one reading question. The depths count moves
/// from the position asked about; the defaults are GNU Go 3.8's level-10
/// depths for the liberty classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadingLimits {
    /// Beyond this depth strings with three liberties count as safe and
    /// two-liberty strings are only read as ladders (ataris).
    pub depth: usize,
    /// Beyond this depth the attacker no longer tries second-order
    /// liberties (approach moves, nets) against three-liberty strings.
    pub backfill_depth: usize,
    /// Beyond this depth the attacker no longer helps its own
    /// two-liberty strings around a three-liberty target.
    pub backfill2_depth: usize,
    /// Beyond this depth nobody plays on superstring liberties.
    pub superstring_depth: usize,
    /// Beyond this depth strings with four liberties count as safe.
    pub fourlib_depth: usize,
    /// Beyond this depth the defender no longer attacks surrounding
    /// strings with three or four liberties (break-chain moves).
    pub break_chain_depth: usize,
    /// From this depth on, a string with three or more liberties is read
    /// along one line: only the first candidate move of each side.
    pub branch_depth: usize,
    /// Beyond this depth nobody may retake a ko after a threat.
    pub ko_depth: usize,
    /// No reading at all beyond this depth (long ladders stop here).
    pub max_depth: usize,
    /// The most positions one question may visit; when spent, attacks
    /// fail and defences succeed.
    pub nodes: u64,
    /// Moves already on the stack when the question is asked (GTP
    /// `trymove`): they count towards every depth limit, as GNU Go's
    /// depths count its whole move stack.
    pub start_depth: usize,
}

impl Default for ReadingLimits {
    fn default() -> Self {
        ReadingLimits {
            depth: 16,
            backfill_depth: 12,
            backfill2_depth: 5,
            superstring_depth: 7,
            fourlib_depth: 7,
            break_chain_depth: 7,
            branch_depth: 13,
            ko_depth: 8,
            max_depth: 120,
            nodes: 200_000,
            start_depth: 0,
        }
    }
}

impl ReadingLimits {
    /// All depth limits moved by `delta` (GTP `increase_depths` and
    /// `decrease_depths`), never below zero.
    pub fn shifted(self, delta: isize) -> ReadingLimits {
        let f = |d: usize| d.saturating_add_signed(delta);
        ReadingLimits {
            depth: f(self.depth),
            backfill_depth: f(self.backfill_depth),
            backfill2_depth: f(self.backfill2_depth),
            superstring_depth: f(self.superstring_depth),
            fourlib_depth: f(self.fourlib_depth),
            break_chain_depth: f(self.break_chain_depth),
            branch_depth: f(self.branch_depth),
            ko_depth: f(self.ko_depth),
            ..self
        }
    }
}
