//! SGF (`FF[4]`) reading: the main line of a game record, and setting up a
//! board from it as GNU Go's `loadsgf` does.
//!
//! Only the first variation is followed. Understood properties: `SZ`,
//! `AB`/`AW`/`AE` (set-up, compressed point lists included), `B`/`W`
//! (moves; `[]` and `[tt]` are passes), `PL`, `HA` (with `HA[2]` or more
//! white moves first, and when white is to move on an empty board GNU Go's
//! fixed handicap stones are placed), `KM`. Other properties are read and
//! ignored.

use std::fmt;

use super::board::{Board, Color};

/// One node: its properties in file order, each with its values.
pub type Node = Vec<(String, Vec<String>)>;

/// Why an SGF text could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// The text is not an SGF game tree.
    Parse(String),
    /// The record cannot be set up (e.g. an unsupported board size).
    Load(String),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Parse(m) => write!(f, "SGF parse error: {m}"),
            SgfError::Load(m) => write!(f, "SGF load error: {m}"),
        }
    }
}

impl std::error::Error for SgfError {}

/// Where to stop loading a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Until {
    /// Load every move.
    End,
    /// Stop before move number `n` (1 = before the first move).
    Move(usize),
    /// Stop before the first move at this GTP vertex (`"Q16"`); text that
    /// is not a vertex of the record's board stops before the first pass,
    /// as in GNU Go.
    Vertex(String),
}

/// Parses `text` and returns the nodes of its main line (first game tree,
/// first variation at every branch).
pub fn main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let bytes = text.as_bytes();
    let mut i = bytes
        .iter()
        .position(|&b| b == b'(')
        .ok_or_else(|| SgfError::Parse("no game tree".into()))?;
    let mut nodes = Vec::new();
    // depth of '(' we are in; once we leave the first variation of a
    // branch we skip the remaining siblings.
    let mut depth = 0usize;
    let mut skipping_from: Option<usize> = None;
    let mut seen_node = false;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                if depth == 0 {
                    break;
                }
                if skipping_from.is_none() {
                    // The first variation is over: ignore the rest.
                    skipping_from = Some(depth);
                }
                i += 1;
            }
            b';' => {
                i += 1;
                let (node, next) = parse_node(bytes, i)?;
                i = next;
                if skipping_from.is_none() {
                    nodes.push(node);
                    seen_node = true;
                }
            }
            b if b.is_ascii_whitespace() => i += 1,
            _ if skipping_from.is_some() => {
                // Property text of a skipped variation.
                let (_, next) = parse_node(bytes, i)?;
                i = next.max(i + 1);
            }
            b => {
                return Err(SgfError::Parse(format!(
                    "unexpected '{}' at byte {i}",
                    b.escape_ascii()
                )))
            }
        }
    }
    if depth != 0 && skipping_from.is_none() && i >= bytes.len() {
        return Err(SgfError::Parse("unterminated game tree".into()));
    }
    if !seen_node {
        return Err(SgfError::Parse("no node".into()));
    }
    Ok(nodes)
}

/// Parses the properties of one node starting at `i` (after the `;`);
/// returns them and the index of the first byte after them.
fn parse_node(bytes: &[u8], mut i: usize) -> Result<(Node, usize), SgfError> {
    let mut node: Node = Vec::new();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() || !bytes[i].is_ascii_alphabetic() {
            return Ok((node, i));
        }
        let mut ident = String::new();
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            // FF[3] allows lower-case letters in identifiers: dropped.
            if bytes[i].is_ascii_uppercase() {
                ident.push(bytes[i] as char);
            }
            i += 1;
        }
        let mut values = Vec::new();
        loop {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] != b'[' {
                break;
            }
            i += 1;
            let mut value = Vec::new();
            loop {
                match bytes.get(i) {
                    None => return Err(SgfError::Parse("unterminated value".into())),
                    Some(b'\\') => {
                        if let Some(&b) = bytes.get(i + 1) {
                            value.push(b);
                        }
                        i += 2;
                    }
                    Some(b']') => {
                        i += 1;
                        break;
                    }
                    Some(&b) => {
                        value.push(b);
                        i += 1;
                    }
                }
            }
            values.push(String::from_utf8_lossy(&value).into_owned());
        }
        if values.is_empty() {
            return Err(SgfError::Parse(format!("property {ident} has no value")));
        }
        node.push((ident, values));
    }
}

/// An SGF point (`"dd"`) on a `size` board; `Ok(None)` for a pass
/// (`""`, or `"tt"` on boards up to 19x19).
pub fn point(size: usize, value: &str) -> Result<Option<usize>, SgfError> {
    let b = value.trim().as_bytes();
    if b.is_empty() || (b == b"tt" && size <= 19) {
        return Ok(None);
    }
    let coord = |x: u8| -> Option<usize> {
        match x {
            b'a'..=b'z' => Some((x - b'a') as usize),
            b'A'..=b'Z' => Some((x - b'A') as usize + 26),
            _ => None,
        }
    };
    match (b.len(), coord(b[0]), b.get(1).and_then(|&y| coord(y))) {
        (2, Some(c), Some(r)) if c < size && r < size => Ok(Some(r * size + c)),
        _ => Err(SgfError::Load(format!("bad point '{value}'"))),
    }
}

/// The points of a set-up value: one point or a compressed `aa:cc`
/// rectangle.
fn points(size: usize, value: &str) -> Result<Vec<usize>, SgfError> {
    match value.split_once(':') {
        None => Ok(point(size, value)?.into_iter().collect()),
        Some((a, b)) => {
            let (Some(a), Some(b)) = (point(size, a)?, point(size, b)?) else {
                return Err(SgfError::Load(format!("bad rectangle '{value}'")));
            };
            let (r0, r1) = ((a / size).min(b / size), (a / size).max(b / size));
            let (c0, c1) = ((a % size).min(b % size), (a % size).max(b % size));
            Ok((r0..=r1)
                .flat_map(|r| (c0..=c1).map(move |c| r * size + c))
                .collect())
        }
    }
}

/// GNU Go 3.8's fixed handicap stones for `handicap` on a `size` board:
/// at most 9 on odd boards from 9x9, 4 on other boards from 7x7, none
/// below; corner stars on the 3-3 points up to 11x11 and on the 4-4 points
/// above; a handicap of 5 or 7 always puts a stone on the centre point
/// first (even where the rest is cut to the board's maximum).
pub fn fixed_handicap(size: usize, handicap: usize) -> Vec<usize> {
    if handicap < 2 {
        return Vec::new();
    }
    let max = match size {
        s if s % 2 == 1 && s >= 9 => 9,
        s if s >= 7 => 4,
        _ => 0,
    };
    let line = if size > 11 { 3 } else { 2 };
    let mid = size / 2;
    let far = size.saturating_sub(1 + line);
    let mut out = Vec::new();
    let mut left = handicap.min(max);
    if handicap == 5 || handicap == 7 {
        out.push(mid * size + mid);
        left = left.saturating_sub(1);
    }
    // (row, col) from the top left: corners, then the side points, then
    // the centre.
    let order = [
        (line, far),
        (far, line),
        (line, line),
        (far, far),
        (mid, line),
        (mid, far),
        (line, mid),
        (far, mid),
        (mid, mid),
    ];
    out.extend(order.iter().take(left).map(|&(r, c)| r * size + c));
    out
}

/// What [`load`] set up.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The board, moves of the record in its undo history.
    pub board: Board,
    /// The colour to move.
    pub to_move: Color,
    /// The komi (`KM`, else 5.5, or 0.5 with a handicap).
    pub komi: f32,
}

/// Sets up the position of the record's main line before `until`, with
/// GNU Go 3.8's `loadsgf` semantics: set-up stones on occupied points are
/// skipped, moves are played without legality checks (captures and
/// suicide still apply), a move on an occupied point stops the loading.
/// The colour to move follows the last move, `PL`, or `HA`.
pub fn load(text: &str, until: &Until) -> Result<Loaded, SgfError> {
    let nodes = main_line(text)?;
    let root = &nodes[0];
    let prop = |name: &str| {
        root.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v[0].trim().to_string())
    };
    let size = match prop("SZ") {
        None => 19,
        Some(s) => s
            .parse::<usize>()
            .map_err(|_| SgfError::Load(format!("bad SZ '{s}'")))?,
    };
    let mut board = Board::new(size).map_err(|e| SgfError::Load(e.to_string()))?;
    let handicap: i64 = prop("HA").and_then(|h| h.parse().ok()).unwrap_or(0);
    if handicap < 0 || handicap > (size * size) as i64 - 1 {
        return Err(SgfError::Load(format!("unreasonable handicap {handicap}")));
    }
    let komi = prop("KM")
        .and_then(|k| k.parse::<f32>().ok())
        .unwrap_or(if handicap == 0 { 5.5 } else { 0.5 });
    let mut next = if handicap > 1 {
        Color::White
    } else {
        Color::Black
    };
    let until_vertex = match until {
        Until::Vertex(t) => Some(super::coord::move_from_gtp(size, t).flatten()),
        _ => None,
    };
    let mut played = 0usize;
    for node in &nodes {
        for (name, values) in node {
            match name.as_str() {
                "AB" | "AW" | "AE" => {
                    let stone = match name.as_str() {
                        "AB" => Some(Color::Black),
                        "AW" => Some(Color::White),
                        _ => None,
                    };
                    for value in values {
                        for v in points(size, value)? {
                            let here = board.position().get(v);
                            if stone.is_none() || here.is_none() {
                                board.set_stone(v, stone);
                            }
                        }
                    }
                }
                "PL" => {
                    let c = values[0].trim().bytes().next();
                    next = if matches!(c, Some(b'w' | b'W' | b'2')) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    place_handicap(&mut board, next, handicap);
                }
                "B" | "W" => {
                    next = if name == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    place_handicap(&mut board, next, handicap);
                    // A move off the board stops the loading, as in GNU Go.
                    let Ok(mv) = point(size, &values[0]) else {
                        return Ok(Loaded {
                            board,
                            to_move: next,
                            komi,
                        });
                    };
                    let stop = match until {
                        Until::End => false,
                        Until::Move(n) => played + 1 == *n,
                        Until::Vertex(_) => until_vertex == Some(mv),
                    };
                    if stop {
                        return Ok(Loaded {
                            board,
                            to_move: next,
                            komi,
                        });
                    }
                    if let Some(v) = mv {
                        if board.position().get(v).is_some() {
                            return Ok(Loaded {
                                board,
                                to_move: next,
                                komi,
                            });
                        }
                    }
                    board.play_unchecked(next, mv);
                    played += 1;
                    next = next.other();
                }
                _ => {}
            }
        }
    }
    Ok(Loaded {
        board,
        to_move: next,
        komi,
    })
}

/// GNU Go's rule for records with `HA` but no set-up stones: when white is
/// to move on an empty board, the fixed handicap stones are put down.
fn place_handicap(board: &mut Board, next: Color, handicap: i64) {
    let pos = board.position();
    let empty = (0..pos.area()).all(|v| pos.get(v).is_none());
    if next == Color::White && empty && handicap > 0 {
        let size = pos.size();
        for v in fixed_handicap(size, handicap.min(400) as usize) {
            if board.position().get(v).is_none() {
                board.set_stone(v, Some(Color::Black));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_line_follows_first_variation() {
        let nodes = main_line("(;FF[4]SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))").unwrap();
        let moves: Vec<&str> = nodes
            .iter()
            .flat_map(|n| n.iter())
            .filter(|(k, _)| k == "B" || k == "W")
            .map(|(_, v)| v[0].as_str())
            .collect();
        assert_eq!(moves, ["aa", "bb", "cc"]);
        assert!(main_line("garbage").is_err());
        assert!(main_line("(;C[unterminated").is_err());
        assert!(main_line("(;B)").is_err());
        assert_eq!(
            main_line("(;C[a\\]b]GN[x])").unwrap()[0],
            vec![
                ("C".into(), vec!["a]b".into()]),
                ("GN".into(), vec!["x".into()])
            ]
        );
    }

    /// GNU Go 3.8's `list_stones black` after `loadsgf` of
    /// `(;SZ[n]HA[h];W[aa])`.
    #[test]
    fn handicap_placement_as_gnugo() {
        use crate::go::coord::to_gtp;
        let stones = |size: usize, h: usize| {
            let l = load(&format!("(;SZ[{size}]HA[{h}];W[aa])"), &Until::End).unwrap();
            assert_eq!(l.to_move, Color::Black);
            let p = l.board.position();
            let v: Vec<String> = p
                .stones(Color::Black)
                .iter()
                .map(|&v| to_gtp(size, v))
                .collect();
            v.join(" ")
        };
        assert_eq!(stones(19, 2), "Q16 D4");
        assert_eq!(stones(19, 5), "D16 Q16 K10 D4 Q4");
        assert_eq!(stones(19, 8), "D16 K16 Q16 D10 Q10 D4 K4 Q4");
        assert_eq!(stones(19, 10), "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
        assert_eq!(stones(13, 7), "D10 K10 D7 G7 K7 D4 K4");
        assert_eq!(stones(9, 3), "C7 G7 C3");
        assert_eq!(stones(9, 6), "C7 G7 C5 G5 C3 G3");
        assert_eq!(stones(7, 5), "C5 E5 D4 C3");
        assert_eq!(stones(8, 7), "C6 F6 E4 C3");
        assert_eq!(stones(8, 9), "C6 F6 C3 F3");
        assert_eq!(stones(5, 5), "C3");
        assert_eq!(stones(5, 4), "");
        assert_eq!(stones(19, 1), "");
        assert!(load("(;SZ[5]HA[25])", &Until::End).is_err());
        assert!(load("(;SZ[5]HA[-1])", &Until::End).is_err());
    }

    #[test]
    fn load_until_move_and_vertex() {
        let sgf = "(;SZ[5]AB[aa:ba]AW[cc];B[dd];W[ee];B[tt];W[ab])";
        let all = load(sgf, &Until::End).unwrap();
        assert_eq!(all.to_move, Color::Black);
        assert_eq!(all.board.moves_played(), 4);
        // Before move 2 (W[ee]): white to move, one move played.
        let l = load(sgf, &Until::Move(2)).unwrap();
        assert_eq!(l.to_move, Color::White);
        assert_eq!(l.board.moves_played(), 1);
        let p = l.board.position();
        assert_eq!(p.get(0), Some(Color::Black));
        assert_eq!(p.get(1), Some(Color::Black));
        assert_eq!(p.get(12), Some(Color::White));
        assert_eq!(p.get(18), Some(Color::Black));
        // Before the pass.
        let l = load(sgf, &Until::Vertex("pass".into())).unwrap();
        assert_eq!((l.to_move, l.board.moves_played()), (Color::Black, 2));
        // W[ab] lands on a black stone: loading stops there.
        let l = load("(;SZ[5]AB[ab];W[ab];B[cc])", &Until::End).unwrap();
        assert_eq!((l.to_move, l.board.moves_played()), (Color::White, 0));
        // PL and HA.
        assert_eq!(
            load("(;SZ[5]PL[W])", &Until::End).unwrap().to_move,
            Color::White
        );
        assert_eq!(
            load("(;HA[2]AB[dd][pp])", &Until::End).unwrap().to_move,
            Color::White
        );
        assert!(load("(;SZ[25])", &Until::End).is_err());
        let l = load("(;SZ[5];B[aa];W[zz];B[bb])", &Until::End).unwrap();
        assert_eq!((l.to_move, l.board.moves_played()), (Color::White, 1));
    }
}
