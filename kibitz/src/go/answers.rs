//! Answers kept across questions, for reading that is asked the same
//! thing many times: a bounded table shared by every caller in the
//! process, keyed by everything the answer depends on (the whole
//! position among it), so a kept answer is the one reading would give.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard};

use super::board::{Color, Position};

/// A table of answers of type `V` by key `K`, emptied when it reaches
/// its limit.
pub(crate) struct Answers<K, V> {
    table: Mutex<Option<HashMap<K, V>>>,
    limit: usize,
}

impl<K: Hash + Eq, V: Copy> Answers<K, V> {
    /// An empty table holding at most `limit` answers.
    pub const fn new(limit: usize) -> Answers<K, V> {
        Answers {
            table: Mutex::new(None),
            limit,
        }
    }

    /// The table, locked. A panic elsewhere while the lock was held
    /// leaves a consistent table (every entry is written whole).
    fn lock(&self) -> MutexGuard<'_, Option<HashMap<K, V>>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The kept answer for `key`, if any.
    pub fn get(&self, key: &K) -> Option<V> {
        self.lock().as_ref().and_then(|t| t.get(key)).copied()
    }

    /// Keeps `v` as the answer for `key`.
    pub fn put(&self, key: K, v: V) {
        let mut guard = self.lock();
        let t = guard.get_or_insert_with(HashMap::new);
        if t.len() >= self.limit {
            t.clear();
        }
        t.insert(key, v);
    }

    /// The kept answer for `key`, or `read`'s, which is then kept. The
    /// lock is not held while reading.
    pub fn get_or(&self, key: K, read: impl FnOnce() -> V) -> V {
        if let Some(v) = self.get(&key) {
            return v;
        }
        let v = read();
        self.put(key, v);
        v
    }
}

/// The position's points, two bits each, with its size and ko point: the
/// position part of a key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PositionKey {
    stones: Vec<u8>,
    size: usize,
    ko: Option<usize>,
}

impl PositionKey {
    pub fn of(pos: &Position) -> PositionKey {
        let mut stones = vec![0u8; pos.area().div_ceil(4)];
        for p in 0..pos.area() {
            let c = match pos.get(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            };
            stones[p / 4] |= c << (2 * (p % 4));
        }
        PositionKey {
            stones,
            size: pos.size(),
            ko: pos.ko_point(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::worms::tests::diagram;

    #[test]
    fn kept_answers_are_the_read_ones_and_positions_differ() {
        let a = diagram(&[".XO..", "XO.O.", ".XO..", ".....", "....."]);
        let b = diagram(&[".XO..", "XO.O.", ".XO..", ".....", "....X"]);
        assert_ne!(PositionKey::of(&a), PositionKey::of(&b));
        assert_eq!(PositionKey::of(&a), PositionKey::of(&a.clone()));
        let table: Answers<(PositionKey, usize), u8> = Answers::new(2);
        assert_eq!(table.get_or((PositionKey::of(&a), 1), || 7), 7);
        assert_eq!(
            table.get_or((PositionKey::of(&a), 1), || unreachable!("kept")),
            7
        );
        assert_eq!(table.get_or((PositionKey::of(&b), 1), || 8), 8);
        // Full: emptied, then the new answer kept.
        assert_eq!(table.get_or((PositionKey::of(&a), 2), || 9), 9);
        assert_eq!(table.get_or((PositionKey::of(&a), 1), || 10), 10);
    }
}
