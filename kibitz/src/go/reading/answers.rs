//! Answers of [`super::attack()`] and [`super::find_defense`] kept across
//! questions: life-and-death reading asks the same string of the same
//! position many times (about half its questions are repeats). The key is
//! the whole position, so a kept answer is the one reading would give.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use super::{Outcome, ReadingLimits};
use crate::go::board::{Color, Position};

/// Which question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Question {
    Attack,
    Defend,
}

/// Everything an answer depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    /// The points, two bits each.
    stones: Vec<u8>,
    size: usize,
    ko: Option<usize>,
    v: usize,
    question: Question,
    limits: ReadingLimits,
}

/// The table is emptied when it reaches this many answers (about 10 MB
/// on 19x19).
const LIMIT: usize = 1 << 16;

static ANSWERS: Mutex<Option<HashMap<Key, Outcome>>> = Mutex::new(None);

/// The table, locked. A panic elsewhere while the lock was held leaves a
/// consistent table (every entry is written whole).
fn table() -> MutexGuard<'static, Option<HashMap<Key, Outcome>>> {
    ANSWERS.lock().unwrap_or_else(|e| e.into_inner())
}

fn key(pos: &Position, v: usize, question: Question, limits: &ReadingLimits) -> Key {
    let mut stones = vec![0u8; pos.area().div_ceil(4)];
    for p in 0..pos.area() {
        let c = match pos.get(p) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        stones[p / 4] |= c << (2 * (p % 4));
    }
    Key {
        stones,
        size: pos.size(),
        ko: pos.ko_point(),
        v,
        question,
        limits: *limits,
    }
}

/// The kept answer to `question` about the string at `v`, or `read`'s,
/// which is then kept.
pub(super) fn answer(
    pos: &Position,
    v: usize,
    question: Question,
    limits: &ReadingLimits,
    read: impl FnOnce() -> Outcome,
) -> Outcome {
    let k = key(pos, v, question, limits);
    if let Some(&o) = table().as_ref().and_then(|t| t.get(&k)) {
        return o;
    }
    let o = read();
    let mut guard = table();
    let t = guard.get_or_insert_with(HashMap::new);
    if t.len() >= LIMIT {
        t.clear();
    }
    t.insert(k, o);
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    #[test]
    fn kept_answers_are_the_read_ones_and_keys_tell_positions_apart() {
        let a = diagram(&[".XO..", "XO.O.", ".XO..", ".....", "....."]);
        let b = diagram(&[".XO..", "XO.O.", ".XO..", ".....", "....X"]);
        let l = ReadingLimits::default();
        assert_ne!(
            key(&a, 1, Question::Attack, &l),
            key(&b, 1, Question::Attack, &l)
        );
        assert_ne!(
            key(&a, 1, Question::Attack, &l),
            key(&a, 1, Question::Defend, &l)
        );
        assert_ne!(
            key(&a, 1, Question::Attack, &l),
            key(&a, 5, Question::Attack, &l)
        );
        let read = Outcome {
            code: crate::go::reading::Code::Win,
            point: Some(7),
        };
        assert_eq!(answer(&a, 1, Question::Attack, &l, || read), read);
        let again = answer(&a, 1, Question::Attack, &l, || unreachable!("kept"));
        assert_eq!(again, read);
    }
}
