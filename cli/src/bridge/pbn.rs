//! A byte-exact reader of PBN files: lines with their own line endings,
//! games, tag pairs, comments. Only what annotation needs is parsed; every
//! byte is kept, so a file can be written back with a few lines replaced.
//!
//! PBN 2.1 rules followed: a game is a run of lines that starts with a tag
//! pair and ends at an empty line; `;` starts a comment to the end of the
//! line and `{` a comment to the next `}` (possibly lines later); a line
//! starting with `%` is an escape line; lines after a tag that are not tags
//! are that tag's section (e.g. the rows of `[OptimumResultTable ...]`).
//! Bytes are not decoded, so Latin-1 and UTF-8 text pass through unchanged.

/// One line of the file, with its ending (`\n`, `\r\n`, or none at the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line's bytes without the ending.
    pub text: &'a [u8],
    /// The ending bytes.
    pub end: &'a [u8],
}

/// Splits `data` into lines, keeping every byte.
pub fn lines(data: &[u8]) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let (line, tail) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => rest.split_at(i + 1),
            None => (rest, &rest[rest.len()..]),
        };
        let cut = if line.ends_with(b"\r\n") {
            line.len() - 2
        } else if line.ends_with(b"\n") {
            line.len() - 1
        } else {
            line.len()
        };
        out.push(Line {
            text: &line[..cut],
            end: &line[cut..],
        });
        rest = tail;
    }
    out
}

/// A tag pair found in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag name.
    pub name: String,
    /// The value between the quotes, with `\"` and `\\` unescaped.
    pub value: Vec<u8>,
    /// Index of the line holding the tag.
    pub line: usize,
    /// The lines of its section (indices), after the tag line.
    pub section: Vec<usize>,
}

/// A game: a range of lines and its tags.
#[derive(Clone, Debug, Default)]
pub struct Game {
    /// First line (a tag line).
    pub start: usize,
    /// One past the last line, including the empty lines and comments
    /// that follow it up to the next game.
    pub end: usize,
    /// Its tags, in order.
    pub tags: Vec<Tag>,
}

impl Game {
    /// The first tag called `name` (case-sensitive, as PBN).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// A parsed file: the games (lines before the first game are the
/// prologue).
#[derive(Debug)]
pub struct PbnFile<'a> {
    /// All lines.
    pub lines: Vec<Line<'a>>,
    /// The games in order.
    pub games: Vec<Game>,
}

/// Whether a line is empty (PBN's game separator): only spaces and tabs.
fn is_blank(text: &[u8]) -> bool {
    text.iter().all(|&b| b == b' ' || b == b'\t')
}

/// Parses a tag pair at the start of `text` (after leading blanks):
/// `[Name "value"]`. Returns the name and value.
fn parse_tag(text: &[u8]) -> Option<(String, Vec<u8>)> {
    let start = text.iter().position(|&b| b != b' ' && b != b'\t')?;
    let t = &text[start..];
    if t.first() != Some(&b'[') {
        return None;
    }
    let mut i = 1;
    while t.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
        i += 1;
    }
    let name_start = i;
    while t
        .get(i)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        i += 1;
    }
    let name = std::str::from_utf8(&t[name_start..i]).ok()?.to_string();
    while t.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
        i += 1;
    }
    if name.is_empty() || t.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    let mut value = Vec::new();
    loop {
        match *t.get(i)? {
            b'\\' if matches!(t.get(i + 1), Some(b'"' | b'\\')) => {
                value.push(t[i + 1]);
                i += 2;
            }
            b'"' => break,
            b => {
                value.push(b);
                i += 1;
            }
        }
    }
    Some((name, value))
}

/// Updates the brace-comment state over `text` (outside a tag's quoted
/// value, `;` ends the scan for the line).
fn scan_comments(text: &[u8], mut in_brace: bool) -> bool {
    let mut in_quote = false;
    for &b in text {
        match (in_brace, in_quote, b) {
            (true, _, b'}') => in_brace = false,
            (true, _, _) => {}
            (false, true, b'"') => in_quote = false,
            (false, true, _) => {}
            (false, false, b'"') => in_quote = true,
            (false, false, b'{') => in_brace = true,
            (false, false, b';') => break,
            _ => {}
        }
    }
    in_brace
}

/// Parses `data` into lines and games.
pub fn parse(data: &[u8]) -> PbnFile<'_> {
    let lines = lines(data);
    let mut games: Vec<Game> = Vec::new();
    let mut in_brace = false;
    let mut in_game = false;
    for (i, line) in lines.iter().enumerate() {
        let text = line.text;
        if in_brace {
            in_brace = scan_comments(text, true);
            continue;
        }
        if text.first() == Some(&b'%') {
            continue;
        }
        if is_blank(text) {
            in_game = false;
            continue;
        }
        match parse_tag(text) {
            Some((name, value)) => {
                if !in_game {
                    if let Some(last) = games.last_mut() {
                        last.end = i;
                    }
                    games.push(Game {
                        start: i,
                        end: lines.len(),
                        tags: Vec::new(),
                    });
                    in_game = true;
                }
                let game = games.last_mut().expect("a game was just started");
                game.tags.push(Tag {
                    name,
                    value,
                    line: i,
                    section: Vec::new(),
                });
            }
            None if in_game => {
                let starts_comment = matches!(
                    text.iter().find(|&&b| b != b' ' && b != b'\t'),
                    Some(b';' | b'{')
                );
                if !starts_comment {
                    if let Some(tag) = games.last_mut().and_then(|g| g.tags.last_mut()) {
                        tag.section.push(i);
                    }
                }
            }
            None => {}
        }
        in_brace = scan_comments(text, false);
    }
    PbnFile { lines, games }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_endings() {
        let l = lines(b"a\r\nb\n\nc");
        assert_eq!(l.len(), 4);
        assert_eq!((l[0].text, l[0].end), (&b"a"[..], &b"\r\n"[..]));
        assert_eq!((l[1].text, l[1].end), (&b"b"[..], &b"\n"[..]));
        assert_eq!((l[3].text, l[3].end), (&b"c"[..], &b""[..]));
        let joined: Vec<u8> = l.iter().flat_map(|x| [x.text, x.end].concat()).collect();
        assert_eq!(joined, b"a\r\nb\n\nc");
    }

    #[test]
    fn tags_values_and_escapes() {
        assert_eq!(
            parse_tag(br#"[Event "A \"b\" c"] ; x"#),
            Some(("Event".into(), br#"A "b" c"#.to_vec()))
        );
        assert_eq!(
            parse_tag(b"  [Deal \"N:-\"]"),
            Some(("Deal".into(), b"N:-".to_vec()))
        );
        assert_eq!(parse_tag(b"N NT  6"), None);
        assert_eq!(parse_tag(b"[Deal \"N:"), None);
    }

    #[test]
    fn games_sections_and_comments() {
        let text = b"% PBN 2.1\n\n[Board \"1\"]\n{ a comment\n[Deal \"no\"]\n}\n[Deal \"N:-\"]\n[T \"x\"]\nrow 1\n; c\nrow 2\n\n\n[Board \"2\"]\n";
        let f = parse(text);
        assert_eq!(f.games.len(), 2);
        let g = &f.games[0];
        assert_eq!((g.start, g.end), (2, 13));
        let names: Vec<&str> = g.tags.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["Board", "Deal", "T"]);
        assert_eq!(g.tag("Deal").unwrap().line, 6);
        assert_eq!(g.tag("T").unwrap().section, [8, 10]);
        assert_eq!(f.games[1].start, 13);
    }
}
