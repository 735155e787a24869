//! A GTP (version 2) engine speaking GNU Go 3.8's board and worm analysis
//! commands, with GNU Go's framing: `=id text` / `?id message`, each
//! answer ending with a blank line.
//!
//! [`Engine::run`] works on any reader and writers, so tests can script a
//! conversation without a process.

use std::io::{self, BufRead, Read, Write};

use super::board::{Board, Color, MAX_SIZE, MIN_SIZE};
use super::coord::{from_gtp, move_from_gtp, to_gtp, to_gtp_or_pass};
use super::domains::Domains;
use super::dragons::{Dragon, Dragons, Status};
use super::eye_shape::evaluate_shape;
use super::eyes::{evaluate, EyeValue};
use super::reading::ReadingLimits;
use super::sgf::{self, Until};
use super::unconditional::{unconditional_status, Unconditional};
use super::worms::Worms;

#[path = "gtp_reading.rs"]
mod reading_cmds;

#[path = "gtp_connect.rs"]
mod connect_cmds;
#[path = "gtp_owl.rs"]
mod owl_cmds;

/// The commands the engine knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "attack",
    "attack_either",
    "boardsize",
    "clear_board",
    "connect",
    "countlib",
    "dragon_data",
    "dragon_status",
    "dragon_stones",
    "decrease_depths",
    "defend",
    "defend_both",
    "disconnect",
    "does_attack",
    "does_defend",
    "echo",
    "echo_err",
    "eval_eye",
    "findlib",
    "increase_depths",
    "is_legal",
    "known_command",
    "komi",
    "ladder_attack",
    "list_commands",
    "list_stones",
    "loadsgf",
    "name",
    "owl_attack",
    "owl_defend",
    "owl_does_attack",
    "owl_does_defend",
    "play",
    "popgo",
    "protocol_version",
    "quit",
    "same_dragon",
    "showboard",
    "unconditional_status",
    "trymove",
    "undo",
    "version",
    "worm_cutstone",
    "worm_data",
    "worm_stones",
];

/// The largest SGF file `loadsgf` reads (bytes).
pub const MAX_SGF_BYTES: u64 = 16 << 20;

/// The engine's state: the board and the komi.
#[derive(Clone, Debug)]
pub struct Engine {
    board: Board,
    komi: f32,
    /// The worms of the current position, computed on first use.
    worms: Option<Worms>,
    /// The dragons of the current position, computed on first use.
    dragons: Option<Dragons>,
    /// The same for the stones only (no eye values, no statuses: for the
    /// commands that only need the partition into dragons).
    groups: Option<Dragons>,
    /// The same around some stones (see [`Dragons::analyze_groups_around`]),
    /// for the commands about one dragon.
    groups_around: Vec<Dragons>,
    /// The unconditional status of every point, computed on first use.
    unconditional: Option<Vec<Unconditional>>,
    /// The tactical reader's limits (`increase_depths` moves them).
    limits: ReadingLimits,
    /// Moves made by `trymove` that `popgo` may take back.
    trymoves: usize,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// A command's answer: success text or failure message.
type Reply = Result<String, String>;

impl Engine {
    /// A 19x19 engine with an empty board and komi 0.
    pub fn new() -> Engine {
        Engine {
            board: Board::new(19).expect("19 is a valid size"),
            komi: 0.0,
            worms: None,
            dragons: None,
            groups: None,
            groups_around: Vec::new(),
            unconditional: None,
            limits: ReadingLimits::default(),
            trymoves: 0,
        }
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Reads commands from `input` until `quit` or end of input, writing
    /// answers to `out` (flushed after each) and `echo_err` text to `err`.
    pub fn run<R: BufRead, W: Write + ?Sized, E: Write + ?Sized>(
        &mut self,
        mut input: R,
        out: &mut W,
        err: &mut E,
    ) -> io::Result<()> {
        let mut line = Vec::new();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            let text = String::from_utf8_lossy(&line);
            if let Some((answer, quit)) = self.execute(&text, err) {
                out.write_all(answer.as_bytes())?;
                out.flush()?;
                if quit {
                    return Ok(());
                }
            }
        }
    }

    /// Executes one input line; the full answer (framing included) and
    /// whether it was `quit`, or `None` for a line without a command.
    pub fn execute<E: Write + ?Sized>(
        &mut self,
        line: &str,
        err: &mut E,
    ) -> Option<(String, bool)> {
        let clean = preprocess(line);
        let (id, rest) = parse_id(&clean);
        // Words are separated by ASCII blanks only, as C's `%s` does.
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
        let name_len = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let (name, args) = rest.split_at(name_len);
        if name.is_empty() {
            return None;
        }
        let args = args.trim_start_matches(|c: char| c.is_ascii_whitespace());
        let reply = self.dispatch(name, args, err);
        let id = if id >= 0 {
            id.to_string()
        } else {
            String::new()
        };
        let answer = match reply {
            Ok(text) => format!("={id} {text}\n\n"),
            Err(msg) => format!("?{id} {msg}\n\n"),
        };
        Some((answer, name == "quit"))
    }

    /// Runs command `name` with argument text `args`.
    fn dispatch<E: Write + ?Sized>(&mut self, name: &str, args: &str, err: &mut E) -> Reply {
        if matches!(
            name,
            "boardsize" | "clear_board" | "play" | "undo" | "loadsgf" | "trymove" | "popgo"
        ) {
            self.worms = None;
            self.dragons = None;
            self.groups = None;
            self.groups_around.clear();
            self.unconditional = None;
        }
        if matches!(name, "boardsize" | "clear_board" | "loadsgf") {
            self.trymoves = 0;
        }
        if let Some(reply) = self.reading_command(name, args) {
            return reply;
        }
        if let Some(reply) = self.owl_command(name, args) {
            return reply;
        }
        if let Some(reply) = self.connect_command(name, args) {
            return reply;
        }
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("Kibitz".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let word = args.split_whitespace().next().unwrap_or("");
                Ok(if COMMANDS.contains(&word) {
                    "true"
                } else {
                    "false"
                }
                .into())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            // GNU Go echoes the rest of the line with its newline (so the
            // answer ends with an extra blank line); so do we.
            "echo" => Ok(args.into()),
            "echo_err" => {
                let _ = write!(err, "{args}");
                let _ = err.flush();
                Ok(args.into())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.board = Board::new(self.board.size()).expect("current size is valid");
                Ok(String::new())
            }
            "komi" => match parse_float(args) {
                Some(k) => {
                    self.komi = k;
                    Ok(String::new())
                }
                None => Err("komi not a float".into()),
            },
            "play" => self.play(args),
            "is_legal" => {
                let (color, mv) = self.color_and_move(args)?;
                let legal = match mv {
                    None => true,
                    Some(v) => self.board.position().is_legal(color, v),
                };
                Ok(if legal { "1" } else { "0" }.into())
            }
            "undo" => {
                if self.board.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            "showboard" => Ok(self.showboard()),
            "loadsgf" => self.loadsgf(args),
            "countlib" => {
                let v = self.stone_vertex(args)?;
                Ok(self.board.position().count_liberties(v).to_string())
            }
            "findlib" => {
                let v = self.stone_vertex(args)?;
                Ok(self.vertex_list(&self.board.position().liberties(v)))
            }
            "list_stones" => {
                let color = parse_color(args).ok_or("invalid color")?;
                Ok(self.vertex_list(&self.board.position().stones(color)))
            }
            "worm_stones" => self.worm_stones(args),
            "worm_cutstone" => {
                let v = self.stone_vertex(args)?;
                Ok(format!(" {}", self.worms().at(v).cutstone))
            }
            "worm_data" => self.worm_data(args),
            "dragon_stones" => self.dragon_stones(args),
            "same_dragon" => {
                let mut words = args.split_whitespace();
                let a = self.stone_vertex(words.next().unwrap_or(""))?;
                let b = self.stone_vertex(words.next().unwrap_or(""))?;
                let g = self.groups_around(a);
                let same = g.is_exact_for(b) && g.same(a, b);
                Ok(if same { "1" } else { "0" }.into())
            }
            "dragon_status" => self.dragon_status(args),
            "dragon_data" => self.dragon_data(args),
            "eval_eye" => self.eval_eye(args),
            "unconditional_status" => {
                let v = from_gtp(self.board.size(), args).ok_or("invalid coordinate")?;
                Ok(self.unconditional()[v].name().into())
            }
            _ => Err("unknown command".into()),
        }
    }

    fn boardsize(&mut self, args: &str) -> Reply {
        let n = parse_int(args).ok_or("boardsize not an integer")?;
        if n < MIN_SIZE as i64 || n > MAX_SIZE as i64 {
            return Err("unacceptable size".into());
        }
        self.board = Board::new(n as usize).expect("size checked");
        Ok(String::new())
    }

    fn play(&mut self, args: &str) -> Reply {
        let (color, mv) = self.color_and_move(args)?;
        self.board
            .play(color, mv)
            .map(|()| String::new())
            .map_err(|_| "illegal move".into())
    }

    /// A colour then a vertex or `pass`.
    fn color_and_move(&self, args: &str) -> Result<(Color, Option<usize>), String> {
        let bad = || "invalid color or coordinate".to_string();
        let mut words = args.splitn(2, char::is_whitespace);
        let color = parse_color(words.next().unwrap_or("")).ok_or_else(bad)?;
        let mv = move_from_gtp(self.board.size(), words.next().unwrap_or("")).ok_or_else(bad)?;
        Ok((color, mv))
    }

    /// A vertex holding a stone.
    fn stone_vertex(&self, args: &str) -> Result<usize, String> {
        let v = from_gtp(self.board.size(), args).ok_or("invalid coordinate")?;
        if self.board.position().get(v).is_none() {
            return Err("vertex must not be empty".into());
        }
        Ok(v)
    }

    /// Vertices sorted in board order (top row first), space separated.
    fn vertex_list(&self, vs: &[usize]) -> String {
        let mut vs = vs.to_vec();
        vs.sort_unstable();
        let names: Vec<String> = vs.iter().map(|&v| to_gtp(self.board.size(), v)).collect();
        names.join(" ")
    }

    /// The worms of the current position (cached until it changes).
    fn worms(&mut self) -> &Worms {
        let pos = self.board.position();
        self.worms.get_or_insert_with(|| Worms::analyze(pos))
    }

    /// The unconditional status of every point (cached until the position
    /// changes: a suite asks it of every point in turn).
    fn unconditional(&mut self) -> &[Unconditional] {
        let pos = self.board.position();
        self.unconditional
            .get_or_insert_with(|| unconditional_status(pos))
    }

    /// The dragons of the current position (cached until it changes).
    fn dragons(&mut self) -> &Dragons {
        self.worms();
        let pos = self.board.position();
        let worms = self.worms.as_ref().expect("computed");
        self.dragons
            .get_or_insert_with(|| Dragons::analyze(pos, worms))
    }

    /// The dragons of the current position for their stones only, with
    /// no eye values and no statuses (the full ones when already
    /// computed).
    fn groups(&mut self) -> &Dragons {
        if self.whole_groups().is_none() {
            self.worms();
            let pos = self.board.position();
            let worms = self.worms.as_ref().expect("computed");
            self.groups = Some(Dragons::analyze_groups(pos, worms));
        }
        self.whole_groups().expect("computed")
    }

    /// The dragons of the whole position if computed: the full ones, or
    /// those for their stones only.
    fn whole_groups(&self) -> Option<&Dragons> {
        self.dragons.as_ref().or(self.groups.as_ref())
    }

    /// Dragons of the current position that are right for the stone at
    /// `v` and the stones that could join it (the full ones when already
    /// computed).
    fn groups_around(&mut self, v: usize) -> &Dragons {
        if self.whole_groups().is_some() {
            return self.whole_groups().expect("computed");
        }
        let known = self.groups_around.iter().position(|g| g.is_exact_for(v));
        let k = match known {
            Some(k) => k,
            None => {
                self.worms();
                let pos = self.board.position();
                let worms = self.worms.as_ref().expect("computed");
                let g = Dragons::analyze_groups_around(pos, worms, v);
                self.groups_around.push(g);
                self.groups_around.len() - 1
            }
        };
        &self.groups_around[k]
    }

    fn dragon_stones(&mut self, args: &str) -> Reply {
        self.groups();
        let pos = self.board.position();
        let dragons = self.whole_groups().expect("computed");
        let word = args.split_whitespace().next();
        let (color, only) = match word {
            None => (None, None),
            Some(w) => match parse_color(w) {
                Some(c) => (Some(c), None),
                None => {
                    let v = from_gtp(pos.size(), w).ok_or("invalid coordinate")?;
                    if pos.get(v).is_none() {
                        return Err("dragon_stones called on an empty vertex".into());
                    }
                    (None, Some(v))
                }
            },
        };
        let lines: Vec<String> = dragons
            .all()
            .iter()
            .filter(|d| color.map_or(true, |c| d.color == c))
            .filter(|d| only.map_or(true, |v| dragons.same(v, d.origin)))
            .map(|d| {
                dragons
                    .stones(d.origin)
                    .iter()
                    .map(|&p| format!("{} ", to_gtp(pos.size(), p)))
                    .collect()
            })
            .collect();
        Ok(lines.join("\n"))
    }

    /// `alive`, `dead`, `unknown` or `critical ATTACK DEFENSE`.
    fn status_text(&self, d: &Dragon) -> String {
        let n = self.board.size();
        match d.status {
            Status::Critical => format!(
                "critical {} {}",
                to_gtp_or_pass(n, d.attack_point),
                to_gtp_or_pass(n, d.defense_point)
            ),
            s => s.name().into(),
        }
    }

    fn dragon_status(&mut self, args: &str) -> Reply {
        let n = self.board.size();
        if args.trim().is_empty() {
            let dragons = self.dragons().clone();
            let lines: Vec<String> = dragons
                .all()
                .iter()
                .map(|d| format!("{}: {}", to_gtp(n, d.origin), self.status_text(d)))
                .collect();
            return Ok(lines.join("\n"));
        }
        let v = self.stone_vertex(args)?;
        let d = self.dragons().at(v).expect("a stone").clone();
        Ok(self.status_text(&d))
    }

    fn dragon_data(&mut self, args: &str) -> Reply {
        let n = self.board.size();
        let points: Vec<usize> = if args.trim().is_empty() {
            let dragons = self.dragons();
            dragons.all().iter().map(|d| d.origin).collect()
        } else {
            vec![from_gtp(n, args).ok_or("invalid coordinate")?]
        };
        let dragons = self.dragons().clone();
        let vertex = |p| to_gtp_or_pass(n, p);
        let blocks: Vec<String> = points
            .iter()
            .map(|&v| {
                let Some(d) = dragons.at(v) else {
                    return format!("{} empty", to_gtp(n, v));
                };
                let strings: Vec<String> = d.worms.iter().map(|&w| to_gtp(n, w)).collect();
                let fields: [(&str, String); 11] = [
                    ("color", d.color.name().into()),
                    ("origin", to_gtp(n, d.origin)),
                    ("size", d.size.to_string()),
                    ("effective_size", format!("{:.2}", d.effective_size as f64)),
                    ("genus", d.genus.digits()),
                    ("heye", vertex(d.heye)),
                    ("escape_route", d.escape_route.to_string()),
                    ("lunch", vertex(d.lunch)),
                    ("status", d.status.name().into()),
                    ("attack_point", vertex(d.attack_point)),
                    ("defense_point", vertex(d.defense_point)),
                ];
                let mut text = format!("{}:\n", to_gtp(n, v));
                for (name, value) in fields {
                    text.push_str(&format!("{name:<23} {value}\n"));
                }
                text.push_str(&format!("{:<23} {}", "strings", strings.join(" ")));
                text
            })
            .collect();
        Ok(blocks.join("\n"))
    }

    /// The eye space (of the domains, black's first) holding the point,
    /// valued by its shape: `min max`, or `min max attack defense` when a
    /// move decides; `-1` when the point is in no eye space.
    fn eval_eye(&mut self, args: &str) -> Reply {
        let n = self.board.size();
        let v = from_gtp(n, args).ok_or("invalid coordinate")?;
        self.worms();
        let pos = self.board.position();
        let worms = self.worms.as_ref().expect("computed");
        let mut domains = Domains::analyze(pos, worms);
        domains.mark_false_eyes(pos, worms);
        for color in [Color::Black, Color::White] {
            if let Some(space) = domains.space_at(color, v) {
                if let Some(s) =
                    evaluate_shape(pos, worms, color, space, |p| domains.is_marginal(color, p))
                {
                    return Ok(eye_reply(n, s.value, s.attack, s.defense));
                }
                // Too big to search: marginal points are left out of the shape.
                let points: Vec<usize> = space
                    .iter()
                    .copied()
                    .filter(|&p| !domains.is_marginal(color, p))
                    .collect();
                if points.is_empty() {
                    continue;
                }
                let s = evaluate(pos, worms, color, points);
                return Ok(eye_reply(n, s.value, s.attack, s.defense));
            }
        }
        Ok("-1".into())
    }

    fn worm_stones(&mut self, args: &str) -> Reply {
        self.worms();
        let pos = self.board.position();
        let worms = self.worms.as_ref().expect("computed");
        let word = args.split_whitespace().next();
        let (color, only) = match word {
            None => (None, None),
            Some(w) => match parse_color(w) {
                Some(c) => (Some(c), None),
                None => {
                    let v = from_gtp(pos.size(), w).ok_or("invalid coordinate")?;
                    if pos.get(v).is_none() {
                        return Err("worm_stones called on an empty vertex".into());
                    }
                    (None, Some(v))
                }
            },
        };
        let lines: Vec<String> = worms
            .all()
            .iter()
            .filter(|w| w.color.stone().is_some())
            .filter(|w| color.map_or(true, |c| w.color.stone() == Some(c)))
            .filter(|w| only.map_or(true, |v| worms.at(v).origin == w.origin))
            .map(|w| {
                worms
                    .points(w.origin)
                    .iter()
                    .map(|&p| format!("{} ", to_gtp(pos.size(), p)))
                    .collect()
            })
            .collect();
        Ok(lines.join("\n"))
    }

    fn worm_data(&mut self, args: &str) -> Reply {
        self.worms();
        let pos = self.board.position();
        let n = pos.size();
        let worms = self.worms.as_ref().expect("computed");
        let points: Vec<usize> = if args.trim().is_empty() {
            (0..pos.area()).collect()
        } else {
            vec![from_gtp(n, args).ok_or("invalid color or coordinate")?]
        };
        let blocks: Vec<String> = points
            .iter()
            .map(|&v| {
                let w = worms.at(v);
                let vertex = |p| to_gtp_or_pass(n, p);
                let fields: [(&str, String); 16] = [
                    ("origin", to_gtp(n, w.origin)),
                    ("color", w.color.name().into()),
                    ("size", w.size.to_string()),
                    ("effective_size", format!("{:.2}", w.effective_size as f64)),
                    ("liberties", w.liberties.to_string()),
                    ("liberties2", w.liberties2.to_string()),
                    ("liberties3", w.liberties3.to_string()),
                    ("liberties4", w.liberties4.to_string()),
                    ("attack_code", w.attack_code.to_string()),
                    ("attack_point", vertex(w.attack_point)),
                    ("defense_code", w.defense_code.to_string()),
                    ("defense_point", vertex(w.defense_point)),
                    ("lunch", vertex(w.lunch)),
                    ("cutstone", w.cutstone.to_string()),
                    ("genus", w.genus.to_string()),
                    ("inessential", u8::from(w.inessential).to_string()),
                ];
                let mut text = format!("{}:\n", to_gtp(n, v));
                for (name, value) in fields {
                    text.push_str(&format!("{name:<20} {value}\n"));
                }
                text.push_str(&format!("{:<20} {}", "ko", u8::from(w.ko)));
                text
            })
            .collect();
        Ok(blocks.join("\n"))
    }

    fn loadsgf(&mut self, args: &str) -> Reply {
        let mut words = args.split_whitespace();
        let file = words.next().ok_or("missing filename")?;
        let until = match words.next() {
            None => Until::End,
            Some(w) if w.starts_with(|c: char| ('1'..='9').contains(&c)) => {
                Until::Move(parse_int(w).unwrap_or(0).max(0) as usize)
            }
            Some(w) => Until::Vertex(w.to_string()),
        };
        let cannot_parse = || format!("cannot open or parse '{file}'");
        let mut bytes = Vec::new();
        std::fs::File::open(file)
            .and_then(|f| f.take(MAX_SGF_BYTES).read_to_end(&mut bytes))
            .map_err(|_| cannot_parse())?;
        let text = String::from_utf8_lossy(&bytes);
        match sgf::load(&text, &until) {
            Ok(loaded) => {
                self.board = loaded.board;
                self.komi = loaded.komi;
                Ok(loaded.to_move.name().into())
            }
            Err(sgf::SgfError::Parse(_)) => Err(cannot_parse()),
            Err(sgf::SgfError::Load(_)) => Err(format!("cannot load '{file}'")),
        }
    }

    /// GNU Go's ASCII board: `X` black, `O` white, `+` hoshi, capture
    /// counts beside the middle rows.
    fn showboard(&self) -> String {
        let pos = self.board.position();
        let n = pos.size();
        let letters: String = (0..n).map(|c| format!(" {}", &to_gtp(n, c)[..1])).collect();
        let mut text = format!("\n  {letters}\n");
        let white_row = 8.min(n.saturating_sub(2));
        for r in 0..n {
            let row = n - r;
            text.push_str(&format!("{row:>2}"));
            for c in 0..n {
                let ch = match pos.get(r * n + c) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if is_hoshi(n, r, c) => '+',
                    None => '.',
                };
                text.push(' ');
                text.push(ch);
            }
            text.push_str(&format!(" {row}"));
            if r == white_row {
                text.push_str(&format!(
                    "     WHITE (O) has captured {} stones",
                    self.board.captures(Color::White)
                ));
            } else if r == white_row + 1 {
                text.push_str(&format!(
                    "     BLACK (X) has captured {} stones",
                    self.board.captures(Color::Black)
                ));
            }
            text.push('\n');
        }
        text.push_str(&format!("  {letters}"));
        text
    }
}

/// True at GNU Go's star points: none on 2x2 and 4x4; 2-2 points on 5x5,
/// 3-3 up to 11x11, 4-4 beyond; the centre on odd sizes; side stars from
/// 13x13 on odd sizes.
fn is_hoshi(n: usize, r: usize, c: usize) -> bool {
    if n == 2 || n == 4 {
        return false;
    }
    let line = match n {
        3 | 5 => 1,
        6..=11 => 2,
        _ => 3,
    };
    let (r, c) = (r.min(n - 1 - r), c.min(n - 1 - c));
    let middle = (n % 2 == 1).then_some(n / 2);
    if r == line && c == line {
        return true;
    }
    let Some(m) = middle else {
        return false;
    };
    if r == m && c == m {
        return true;
    }
    n >= 13 && ((r == line && c == m) || (r == m && c == line))
}

/// GNU Go's line clean-up: tabs become spaces, other control characters
/// (CR included) go, and a `#` starts a comment.
fn preprocess(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '\t' => out.push(' '),
            '#' => break,
            '\n' => out.push('\n'),
            c if (c as u32) < 32 || c as u32 == 127 => {}
            c => out.push(c),
        }
    }
    out
}

/// The command id like C's `%d`: blanks, a sign and digits, wrapped to
/// 32 bits as glibc does; -1 when there is none.
fn parse_id(line: &str) -> (i64, &str) {
    let t = line.trim_start_matches(|c: char| c.is_ascii_whitespace());
    match leading_int(t) {
        Some((v, rest)) => ((v as i32) as i64, rest),
        None => (-1, line),
    }
}

/// A leading decimal integer like C's `%d` (sign allowed).
fn parse_int(text: &str) -> Option<i64> {
    leading_int(text.trim_start()).map(|(v, _)| v)
}

/// The optionally signed decimal integer at the start of `t` (saturating)
/// and the text after it.
fn leading_int(t: &str) -> Option<(i64, &str)> {
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let len = body.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 {
        return None;
    }
    let v = body[..len].bytes().fold(0i64, |v, b| {
        v.saturating_mul(10).saturating_add((b - b'0') as i64)
    });
    Some((if neg { -v } else { v }, &body[len..]))
}

/// A leading float like C's `%f`: the longest prefix of the first word
/// that parses.
fn parse_float(text: &str) -> Option<f32> {
    let word = text.split_whitespace().next()?;
    (1..=word.len())
        .rev()
        .filter(|&i| word.is_char_boundary(i))
        .find_map(|i| word[..i].parse::<f32>().ok())
}

/// `black`/`b`/`white`/`w` in any case.
fn parse_color(text: &str) -> Option<Color> {
    let word = text.split_whitespace().next()?.to_ascii_lowercase();
    match word.as_str() {
        "black" | "b" => Some(Color::Black),
        "white" | "w" => Some(Color::White),
        _ => None,
    }
}

/// `eval_eye`'s answer: `min max`, and the attack and defense points
/// when they differ.
fn eye_reply(n: usize, value: EyeValue, attack: Option<usize>, defense: Option<usize>) -> String {
    let (min, max) = (value.b, value.c);
    if min == max {
        format!("{min} {max}")
    } else {
        format!(
            "{min} {max} {} {}",
            to_gtp_or_pass(n, attack),
            to_gtp_or_pass(n, defense)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(script: &str) -> String {
        let mut e = Engine::new();
        let mut out = Vec::new();
        let mut err = Vec::new();
        e.run(script.as_bytes(), &mut out, &mut err).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn framing_and_ids() {
        assert_eq!(talk("1 name\n"), "=1 Kibitz\n\n");
        assert_eq!(talk("-5 protocol_version\n"), "= 2\n\n");
        assert_eq!(talk("99999999999 protocol_version\n"), "=1215752191 2\n\n");
        assert_eq!(talk("9x name\n"), "?9 unknown command\n\n");
        assert_eq!(talk("name\u{a0}x\n"), "? unknown command\n\n");
        assert_eq!(talk("\n  \n# c\n 10\n\r\n"), "");
        assert_eq!(talk("quit\nname\n"), "= \n\n");
        assert_eq!(
            talk("known_command play\nknown_command foo\n"),
            "= true\n\n= false\n\n"
        );
    }

    #[test]
    fn hoshi_points() {
        let count = |n| (0..n * n).filter(|&v| is_hoshi(n, v / n, v % n)).count();
        assert_eq!(
            (2..=19).map(count).collect::<Vec<_>>(),
            [0, 1, 0, 5, 4, 5, 4, 5, 4, 5, 4, 9, 4, 9, 4, 9, 4, 9]
        );
    }

    #[test]
    fn parsers() {
        assert_eq!(parse_float("1e3x"), Some(1000.0));
        assert_eq!(parse_float("x"), None);
        assert_eq!(parse_int(" -7 "), Some(-7));
        assert_eq!(parse_color("W"), Some(Color::White));
        assert_eq!(preprocess("a\tb\r#c"), "a b");
    }
}
