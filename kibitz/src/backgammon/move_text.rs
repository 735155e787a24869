//! gnubg's text form of a move (`"8/5 6/5"`, `"bar/22"`, `"6/off"`,
//! `"13/7*"`, `"24/21*/16"`, `"6/4(2)"`).
//!
//! The steps are sorted by source point (then destination) from the back;
//! a step that continues another chequer's step is joined to it, keeping
//! the intermediate point only when a blot was hit there; identical
//! resulting paths are written once with a count; a hit is marked once per
//! point. Hits are judged on the board before the move.

use std::fmt::Write;

use super::board::Board;
use super::moves::Move;

/// A point as gnubg writes it: `bar`, `off` or the number.
fn point(p: u8) -> String {
    match p {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        n => n.to_string(),
    }
}

impl Move {
    /// The move in gnubg's notation, judged on `before` (the board the
    /// move is played from, mover = side 1). Empty for the empty move.
    pub fn text(&self, before: &Board) -> String {
        let opp = before.side(0);
        let blot_at = |p: u8| (1..=24).contains(&p) && opp[24 - p as usize] > 0;
        let mut paths: Vec<Vec<u8>> = self.steps().iter().map(|s| vec![s.from, s.to]).collect();
        paths.sort_by(|a, b| b.cmp(a));
        let mut alive = vec![true; paths.len()];
        for i in 0..paths.len() {
            for j in i + 1..paths.len() {
                if !(alive[i] && alive[j]) {
                    continue;
                }
                let last = *paths[i].last().unwrap_or(&0);
                if last != paths[j][0] {
                    continue;
                }
                let dest = paths[j][1];
                if blot_at(last) {
                    paths[i].push(dest);
                } else if let Some(end) = paths[i].last_mut() {
                    *end = dest;
                }
                alive[j] = false;
            }
        }
        let mut rows: Vec<(Vec<u8>, usize)> = paths
            .into_iter()
            .zip(alive)
            .filter(|(_, a)| *a)
            .map(|(p, _)| (p, 1))
            .collect();
        let mut i = 0;
        while i < rows.len() {
            let mut j = i + 1;
            while j < rows.len() {
                if rows[j].0 == rows[i].0 {
                    rows[i].1 += 1;
                    rows.remove(j);
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
        let mut marked = [false; 26];
        let mut out = String::new();
        for (k, (path, count)) in rows.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(&point(path[0]));
            let dest = path[path.len() - 1];
            for &mid in &path[1..path.len() - 1] {
                let _ = write!(out, "/{}*", point(mid));
                marked[mid as usize] = true;
            }
            let _ = write!(out, "/{}", point(dest));
            if dest != 0 && blot_at(dest) && !marked[dest as usize] {
                out.push('*');
                marked[dest as usize] = true;
            }
            if *count > 1 {
                let _ = write!(out, "({count})");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::moves::Step;
    use super::*;

    fn mv(steps: &[(u8, u8)]) -> Move {
        let steps: Vec<Step> = steps.iter().map(|&(from, to)| Step { from, to }).collect();
        Move::new(&steps).unwrap()
    }

    #[test]
    fn opening_moves() {
        let b = Board::starting();
        assert_eq!(mv(&[(6, 5), (8, 5)]).text(&b), "8/5 6/5");
        assert_eq!(mv(&[(24, 18), (18, 13)]).text(&b), "24/13");
        assert_eq!(mv(&[(6, 4), (6, 4), (8, 6), (8, 6)]).text(&b), "8/4(2)");
        assert_eq!(mv(&[]).text(&b), "");
    }

    #[test]
    fn hits_bar_and_off() {
        // Side 1: a chequer on the bar and one on the 6; side 0 has blots
        // on side 1's points 22 and 18.
        let mut c = [[0u32; 25]; 2];
        c[1][24] = 1;
        c[1][5] = 1;
        c[0][23 - 21] = 1;
        c[0][23 - 17] = 1;
        let b = Board::from_counts(&c).unwrap();
        assert_eq!(mv(&[(25, 22), (22, 18)]).text(&b), "bar/22*/18*");
        assert_eq!(mv(&[(25, 20), (20, 18)]).text(&b), "bar/18*");
        assert_eq!(mv(&[(25, 22), (6, 0)]).text(&b), "bar/22* 6/off");
    }
}
