//! Worms: strings of stones and cavities of empty points, with the data of
//! the seed document "Worms and Dragons" (GNU Go's first analysis pass).
//!
//! Where GNU Go 3.8 computes a field differently from the seed's prose, the
//! computation follows GNU Go 3.8 (see the field docs).

use super::board::{Color, Position};
use super::liberties::liberties_by_order;
use super::reading::{self, Code, ReadingLimits, KO_A, WIN};

/// The colour field of a worm: a stone colour, or for a cavity (an empty
/// worm) the colour of the stones bordering it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WormColor {
    /// A black string.
    Black,
    /// A white string.
    White,
    /// A cavity bordered by black stones only.
    BlackBorder,
    /// A cavity bordered by white stones only.
    WhiteBorder,
    /// A cavity bordered by both colours, or by none (empty board).
    GrayBorder,
}

impl WormColor {
    /// The name GTP prints: `black`, `white`, `black_border`, ...
    pub fn name(self) -> &'static str {
        match self {
            WormColor::Black => "black",
            WormColor::White => "white",
            WormColor::BlackBorder => "black_border",
            WormColor::WhiteBorder => "white_border",
            WormColor::GrayBorder => "gray_border",
        }
    }

    /// The stone colour of a string, `None` for a cavity.
    pub fn stone(self) -> Option<Color> {
        match self {
            WormColor::Black => Some(Color::Black),
            WormColor::White => Some(Color::White),
            _ => None,
        }
    }
}

/// The data of one worm (the same for every point of it).
#[derive(Clone, Debug, PartialEq)]
pub struct Worm {
    /// Stone colour, or border colour for a cavity.
    pub color: WormColor,
    /// The number of points.
    pub size: usize,
    /// Stones plus half of each empty point within distance 4 that is at
    /// least as close to this worm as to any other, shared equally among
    /// the nearest worms (GNU Go 3.8); 0 for cavities.
    pub effective_size: f32,
    /// The first point of the worm in board order.
    pub origin: usize,
    /// Liberties (0 for cavities).
    pub liberties: usize,
    /// Liberties of order 2.
    pub liberties2: usize,
    /// Liberties of order 3.
    pub liberties3: usize,
    /// Liberties of order 4.
    pub liberties4: usize,
    /// 2 for a cutting string, 1 for a potential cutting string, else 0.
    pub cutstone: u8,
    /// Connected components of the string's complement, minus one.
    pub genus: usize,
    /// A ko stone in atari, or a cavity holding a ko point.
    pub ko: bool,
    /// A string without life potential inside the opponent's eye space.
    pub inessential: bool,
    /// The origin of an adjacent enemy string that can be captured.
    pub lunch: Option<usize>,
    /// [`WIN`] (5) if the simple reader captures the string, [`KO_A`] (4)
    /// if by a ko capture, else 0.
    pub attack_code: i32,
    /// Where to attack.
    pub attack_point: Option<usize>,
    /// [`WIN`] (5) if an attacked string can be saved, else 0.
    pub defense_code: i32,
    /// Where to defend.
    pub defense_point: Option<usize>,
}

/// All worms of a position.
#[derive(Clone, Debug)]
pub struct Worms {
    /// Worm index of every point.
    index: Vec<usize>,
    /// The worms, in board order of their origins.
    list: Vec<Worm>,
}

impl Worms {
    /// Computes every worm of `pos`.
    pub fn analyze(pos: &Position) -> Worms {
        let (index, mut list) = build(pos);
        let eff = effective_sizes(pos, &index, list.len());
        for (w, e) in list.iter_mut().zip(eff) {
            w.effective_size = e;
        }
        for w in list.iter_mut() {
            if w.color.stone().is_some() {
                let [l1, l2, l3, l4] = liberties_by_order(pos, w.origin);
                (w.liberties, w.liberties2, w.liberties3, w.liberties4) = (l1, l2, l3, l4);
                w.genus = genus(pos, &index, w.origin);
                let limits = ReadingLimits::default();
                let a = reading::attack(pos, w.origin, &limits).expect("a stone");
                if a.code != Code::Lose {
                    (w.attack_code, w.attack_point) = (a.code.gnugo(), a.point);
                    let d = reading::find_defense(pos, w.origin, &limits).expect("a stone");
                    if d.code != Code::Lose {
                        (w.defense_code, w.defense_point) = (d.code.gnugo(), d.point);
                    }
                }
            }
        }
        let cut: Vec<u8> = list.iter().map(|w| cutstone(pos, &index, w)).collect();
        for (w, c) in list.iter_mut().zip(cut) {
            w.cutstone = c;
        }
        let lunches: Vec<Option<usize>> = (0..list.len())
            .map(|i| lunch(pos, &index, &list, i))
            .collect();
        for (w, l) in list.iter_mut().zip(lunches) {
            w.lunch = l;
        }
        for w in list.iter_mut() {
            w.inessential = w.color.stone().is_some()
                && w.genus == 0
                && w.liberties2 == 0
                && w.cutstone == 0
                && w.lunch.is_none()
                && inessential_cavity(pos, w.origin);
        }
        Worms { index, list }
    }

    /// The worm at point `v`.
    pub fn at(&self, v: usize) -> &Worm {
        &self.list[self.index[v]]
    }

    /// Every worm, in board order of their origins.
    pub fn all(&self) -> &[Worm] {
        &self.list
    }

    /// The points of the worm at `v`, in board order.
    pub fn points(&self, v: usize) -> Vec<usize> {
        let w = self.index[v];
        (0..self.index.len())
            .filter(|&p| self.index[p] == w)
            .collect()
    }
}

/// Flood-fills strings and cavities: worm index per point and the worms
/// with colour, size and origin set.
fn build(pos: &Position) -> (Vec<usize>, Vec<Worm>) {
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; pos.area()];
    let mut list = Vec::new();
    for v in 0..pos.area() {
        if index[v] != NONE {
            continue;
        }
        let stone = pos.get(v);
        let id = list.len();
        let mut stack = vec![v];
        index[v] = id;
        let (mut size, mut black, mut white, mut ko) = (0, false, false, false);
        while let Some(p) = stack.pop() {
            size += 1;
            ko |= stone.is_none() && pos.is_ko_point(p);
            for q in pos.neighbors(p) {
                let s = pos.get(q);
                if s == stone && index[q] == NONE {
                    index[q] = id;
                    stack.push(q);
                }
                black |= s == Some(Color::Black);
                white |= s == Some(Color::White);
            }
        }
        let color = match (stone, black, white) {
            (Some(Color::Black), _, _) => WormColor::Black,
            (Some(Color::White), _, _) => WormColor::White,
            (None, true, false) => WormColor::BlackBorder,
            (None, false, true) => WormColor::WhiteBorder,
            (None, _, _) => WormColor::GrayBorder,
        };
        if stone.is_some() {
            ko = pos.is_ko_point(v);
        }
        list.push(Worm {
            color,
            size,
            effective_size: 0.0,
            origin: v,
            liberties: 0,
            liberties2: 0,
            liberties3: 0,
            liberties4: 0,
            cutstone: 0,
            genus: 0,
            ko,
            inessential: false,
            lunch: None,
            attack_code: 0,
            attack_point: None,
            defense_code: 0,
            defense_point: None,
        });
    }
    (index, list)
}

/// Effective sizes (GNU Go 3.8): a breadth-first search from all stones at
/// once up to distance 4; each stone counts 1 for its string, each reached
/// empty point 0.5 shared equally among the strings nearest to it. Summed
/// in single precision in board order, as GNU Go does.
fn effective_sizes(pos: &Position, index: &[usize], n: usize) -> Vec<f32> {
    let area = pos.area();
    let mut dist: Vec<Option<usize>> = vec![None; area];
    let mut near: Vec<Vec<usize>> = vec![Vec::new(); area];
    for v in 0..area {
        if pos.get(v).is_some() {
            dist[v] = Some(0);
            near[v].push(index[v]);
        }
    }
    for d in 1..=4 {
        let mut grew = false;
        for v in 0..area {
            if dist[v].is_some() {
                continue;
            }
            let from: Vec<usize> = pos
                .neighbors(v)
                .filter(|&q| dist[q] == Some(d - 1))
                .collect();
            for q in from {
                grew = true;
                dist[v] = Some(d);
                for k in 0..near[q].len() {
                    let w = near[q][k];
                    if !near[v].contains(&w) {
                        near[v].push(w);
                    }
                }
            }
        }
        if !grew {
            break;
        }
    }
    let mut eff = vec![0f32; n];
    for (v, nearest) in near.iter().enumerate() {
        for &w in nearest {
            eff[w] = if pos.get(v).is_none() {
                (eff[w] as f64 + 0.5 / nearest.len() as f64) as f32
            } else {
                (eff[w] as f64 + 1.0) as f32
            };
        }
    }
    for (w, e) in eff.iter_mut().enumerate() {
        if pos.get(origin_of(index, w)).is_none() {
            *e = 0.0;
        }
    }
    eff
}

/// The first point of worm `w`.
fn origin_of(index: &[usize], w: usize) -> usize {
    index
        .iter()
        .position(|&i| i == w)
        .expect("worm has a point")
}

/// Cutting stone (GNU Go 3.8): the first and the last (in board order of
/// their stones) adjacent enemy strings; 2 if they share no liberty, 1 if
/// they do, 0 with fewer than two adjacent enemy strings.
fn cutstone(pos: &Position, index: &[usize], w: &Worm) -> u8 {
    let Some(color) = w.color.stone() else {
        return 0;
    };
    let me = index[w.origin];
    let (mut first, mut last) = (None, None);
    for p in 0..pos.area() {
        if pos.get(p) != Some(color.other()) {
            continue;
        }
        for q in pos.neighbors(p) {
            if index[q] != me {
                continue;
            }
            match first {
                None => first = Some(p),
                Some(f) if index[f] != index[p] => last = Some(p),
                Some(_) => {}
            }
        }
    }
    let (Some(a), Some(b)) = (first, last) else {
        return 0;
    };
    let la = pos.liberties(a);
    if pos.liberties(b).iter().any(|l| la.contains(l)) {
        1
    } else {
        2
    }
}

/// The genus of the string at `s`: the connected components of the rest of
/// the board, minus one.
fn genus(pos: &Position, index: &[usize], s: usize) -> usize {
    let me = index[s];
    let mut seen = vec![false; pos.area()];
    let mut components = 0usize;
    for v in 0..pos.area() {
        if seen[v] || index[v] == me {
            continue;
        }
        components += 1;
        let mut stack = vec![v];
        seen[v] = true;
        while let Some(p) = stack.pop() {
            for q in pos.neighbors(p) {
                if !seen[q] && index[q] != me {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
    }
    components.saturating_sub(1)
}

/// The lunch of worm `i` (GNU Go 3.8): among the enemy strings with a
/// stone in the 8-neighbourhood of the worm that can be attacked and are
/// not a ko stone, the one with the highest cutstone, then the fewest
/// liberties (first in board order on ties).
fn lunch(pos: &Position, index: &[usize], list: &[Worm], i: usize) -> Option<usize> {
    let color = list[i].color.stone()?;
    let mut best: Option<usize> = None;
    for p in 0..pos.area() {
        if pos.get(p) != Some(color.other()) {
            continue;
        }
        let touches = (0..8).any(|d| pos.step(p, d).is_some_and(|q| index[q] == i));
        if !touches {
            continue;
        }
        let cand = &list[index[p]];
        if cand.attack_code == 0 || pos.is_ko_point(p) {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) => {
                let b = &list[index[b]];
                cand.cutstone > b.cutstone
                    || (cand.cutstone == b.cutstone && cand.liberties < b.liberties)
            }
        };
        if better {
            best = Some(cand.origin);
        }
    }
    best.filter(|&b| matches!(list[index[b]].attack_code, WIN | KO_A))
}

/// Inessential cavity test (GNU Go 3.8): with the string at `s` removed,
/// the region it leaves (grown through empty points) borders one colour
/// only and has fewer than three empty edge points.
fn inessential_cavity(pos: &Position, s: usize) -> bool {
    let string = pos.string(s);
    let mut seen = vec![false; pos.area()];
    let mut stack = vec![s];
    seen[s] = true;
    let (mut black, mut white, mut edge) = (false, false, 0);
    while let Some(p) = stack.pop() {
        if pos.get(p).is_none() && pos.is_edge(p) {
            edge += 1;
        }
        for q in pos.neighbors(p) {
            if seen[q] {
                continue;
            }
            match pos.get(q) {
                Some(_) if !string.contains(&q) => {
                    black |= pos.get(q) == Some(Color::Black);
                    white |= pos.get(q) == Some(Color::White);
                }
                _ => {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
    }
    (black != white) && edge < 3
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The point of `p` named by the GTP vertex `v` (e.g. "B8").
    pub(crate) fn vertex(p: &Position, v: &str) -> usize {
        crate::go::coord::from_gtp(p.size(), v).expect("a vertex")
    }

    /// A position from rows of `X` (black), `O` (white) and `.`, top row
    /// first.
    pub(crate) fn diagram(rows: &[&str]) -> Position {
        let size = rows.len();
        let mut p = Position::new(size).unwrap();
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), size, "row {r}");
            for (c, ch) in row.chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                if stone.is_some() {
                    p.set(r * size + c, stone);
                }
            }
        }
        p
    }

    /// The seed's cutting stone diagrams: `XO/OX` (both X stones cut) and
    /// `XO/O.` (the X stone is a potential cut).
    #[test]
    fn cutstones() {
        let p = diagram(&[".....", ".XO..", ".OX..", ".....", "....."]);
        let w = Worms::analyze(&p);
        assert_eq!(w.at(6).cutstone, 2);
        assert_eq!(w.at(12).cutstone, 2);
        assert_eq!(w.at(7).cutstone, 2);
        let q = diagram(&[".....", ".XO..", ".O...", ".....", "....."]);
        let w = Worms::analyze(&q);
        assert_eq!(w.at(6).cutstone, 1);
        assert_eq!(w.at(7).cutstone, 0);
    }

    /// The seed's first diagram: two X strings around a three-point eye,
    /// inside an O wall (top left of a 7x7 board; GNU Go 3.8 gives the same
    /// genus values).
    #[test]
    fn genus_and_border_colours() {
        let p = diagram(&[
            ".OOOOO.", "OOXXXOO", "OX...XO", "OXXXXXO", ".OOOOO.", ".......", ".......",
        ]);
        let w = Worms::analyze(&p);
        // Neither X string encloses anything by itself: the eye joins the
        // rest of the board through the other X string.
        assert_eq!(w.at(9).genus, 0);
        assert_eq!(w.at(15).genus, 0);
        // The upper O string cuts off the two top corners: genus 2; the
        // lower O string (B3-F3) encloses nothing.
        assert_eq!(w.at(1).genus, 2);
        assert_eq!(w.at(29).genus, 0);
        // The eye is a black-bordered cavity of three points.
        let eye = w.at(16);
        assert_eq!(eye.color, WormColor::BlackBorder);
        assert_eq!((eye.size, eye.origin), (3, 16));
        // The cut-off corner and the outside touch only O stones.
        assert_eq!(w.at(0).color, WormColor::WhiteBorder);
        assert_eq!(w.at(48).color, WormColor::WhiteBorder);
        let e = diagram(&["...", "...", "..."]);
        assert_eq!(Worms::analyze(&e).at(4).color, WormColor::GrayBorder);
        let g = diagram(&["X..", "...", "..O"]);
        assert_eq!(Worms::analyze(&g).at(4).color, WormColor::GrayBorder);
    }

    /// A lone stone in the centre: 1 + 0.5 x 40 points within distance 4
    /// (the reference notes' check of GNU Go 3.8).
    #[test]
    fn effective_size_of_a_lone_stone() {
        let mut rows = vec!["........."; 9];
        rows[4] = "....X....";
        let w = Worms::analyze(&diagram(&rows));
        assert_eq!(w.at(40).effective_size, 21.0);
        assert_eq!(w.at(0).effective_size, 0.0);
    }

    #[test]
    fn ko_flags() {
        let p = diagram(&[".....", ".XO..", "XO.O.", ".XO..", "....."]);
        let w = Worms::analyze(&p);
        assert!(w.at(11).ko, "the O stone in atari is a ko stone");
        assert!(w.at(12).ko, "the cavity where X retakes");
        assert!(!w.at(6).ko && !w.at(7).ko && !w.at(0).ko);
        assert_eq!(w.at(11).attack_code, KO_A);
        assert_eq!(w.at(11).attack_point, Some(12));
        assert_eq!(w.at(12).color, WormColor::WhiteBorder);
    }
}
