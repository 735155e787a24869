//! Answers of [`super::attack()`] and [`super::find_defense`] kept across
//! questions: life-and-death reading asks the same string of the same
//! position many times (about half its questions are repeats).

use super::{Outcome, ReadingLimits};
use crate::go::answers::{Answers, PositionKey};
use crate::go::board::Position;

/// Which question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Question {
    Attack,
    Defend,
}

/// Everything an answer depends on.
type Key = (PositionKey, usize, Question, ReadingLimits);

/// At most this many answers (about 10 MB on 19x19).
static ANSWERS: Answers<Key, Outcome> = Answers::new(1 << 16);

/// The kept answer to `question` about the string at `v`, or `read`'s,
/// which is then kept.
pub(super) fn answer(
    pos: &Position,
    v: usize,
    question: Question,
    limits: &ReadingLimits,
    read: impl FnOnce() -> Outcome,
) -> Outcome {
    ANSWERS.get_or((PositionKey::of(pos), v, question, *limits), read)
}
