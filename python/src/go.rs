//! The Go functions of the extension: a board loaded from SGF (or built
//! move by move) with its worms and dragons, and a GTP engine session.
//!
//! Vertices cross as GTP text (`"D4"`, `None` for a pass or no point) and
//! colours as `"black"` / `"white"`, as the command line prints them.

use kibitz::go::coord::{from_gtp, move_from_gtp, to_gtp};
use kibitz::go::dragons::Dragons;
use kibitz::go::gtp::Engine;
use kibitz::go::sgf::{self, Until};
use kibitz::go::{Board, Color, Worms};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A colour as GTP reads it: `black`, `b`, `white` or `w`, any case.
fn color(text: &str) -> PyResult<Color> {
    match text.trim().to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Color::Black),
        "white" | "w" => Ok(Color::White),
        _ => Err(value_error("invalid color")),
    }
}

/// Where loading stops: before move `n` (1 = before the first move), or
/// before the first move at a vertex; the command line's message for a
/// move number below 1.
fn until(moves: Option<i64>, vertex: Option<String>) -> PyResult<Until> {
    match (moves, vertex) {
        (Some(n), _) if n < 1 => Err(value_error(format!("bad move number '{n}'"))),
        (Some(n), _) => Ok(Until::Move(usize::try_from(n).unwrap_or(usize::MAX))),
        (None, Some(v)) => Ok(Until::Vertex(v)),
        (None, None) => Ok(Until::End),
    }
}

/// A Go position with its move history, and its worms and dragons
/// computed on first use.
#[pyclass(module = "kibitz._kibitz")]
pub struct GoBoard {
    board: Board,
    to_move: Color,
    komi: f32,
    worms: Option<Worms>,
    dragons: Option<Dragons>,
}

impl GoBoard {
    fn from_loaded(loaded: sgf::Loaded) -> GoBoard {
        GoBoard {
            board: loaded.board,
            to_move: loaded.to_move,
            komi: loaded.komi,
            worms: None,
            dragons: None,
        }
    }

    fn vertex(&self, v: usize) -> String {
        to_gtp(self.board.size(), v)
    }

    fn vertex_or_none(&self, v: Option<usize>) -> Option<String> {
        v.map(|v| self.vertex(v))
    }

    /// A point of the board from GTP text.
    fn point(&self, text: &str) -> PyResult<usize> {
        from_gtp(self.board.size(), text).ok_or_else(|| value_error("invalid coordinate"))
    }

    /// The worms, computed now if needed (without the GIL: reading).
    fn ensure_worms(&mut self, py: Python<'_>) {
        if self.worms.is_none() {
            let pos = self.board.position();
            self.worms = Some(py.allow_threads(|| Worms::analyze(pos)));
        }
    }

    /// The worms and dragons, computed now if needed.
    fn ensure_dragons(&mut self, py: Python<'_>) {
        self.ensure_worms(py);
        if self.dragons.is_none() {
            let pos = self.board.position();
            let worms = self.worms.as_ref().expect("computed above");
            self.dragons = Some(py.allow_threads(|| Dragons::analyze(pos, worms)));
        }
    }
}

#[pymethods]
impl GoBoard {
    /// An empty board of `size` x `size`, black to move.
    #[new]
    #[pyo3(signature = (size=19, komi=0.0))]
    fn new(size: i64, komi: f32) -> PyResult<GoBoard> {
        let size = usize::try_from(size).unwrap_or(0);
        let board = Board::new(size).map_err(|e| value_error(e.to_string()))?;
        Ok(GoBoard {
            board,
            to_move: Color::Black,
            komi,
            worms: None,
            dragons: None,
        })
    }

    /// The position of SGF `text` before move `moves` (or the first move
    /// at `vertex`).
    #[staticmethod]
    #[pyo3(signature = (text, moves=None, vertex=None))]
    fn from_sgf(text: &str, moves: Option<i64>, vertex: Option<String>) -> PyResult<GoBoard> {
        let until = until(moves, vertex)?;
        let loaded = sgf::load(text, &until).map_err(|e| value_error(e.to_string()))?;
        Ok(GoBoard::from_loaded(loaded))
    }

    /// The same from an SGF file, with the command line's messages.
    #[staticmethod]
    #[pyo3(signature = (path, moves=None, vertex=None))]
    fn from_sgf_file(path: &str, moves: Option<i64>, vertex: Option<String>) -> PyResult<GoBoard> {
        let until = until(moves, vertex)?;
        let bytes =
            std::fs::read(path).map_err(|e| value_error(format!("cannot read '{path}': {e}")))?;
        let loaded = sgf::load(&String::from_utf8_lossy(&bytes), &until)
            .map_err(|e| value_error(format!("{path}: {e}")))?;
        Ok(GoBoard::from_loaded(loaded))
    }

    #[getter]
    fn size(&self) -> usize {
        self.board.size()
    }

    #[getter]
    fn to_move(&self) -> &'static str {
        self.to_move.name()
    }

    #[getter]
    fn komi(&self) -> f32 {
        self.komi
    }

    /// Stones captured by `color`.
    fn captures(&self, color_name: &str) -> PyResult<usize> {
        Ok(self.board.captures(color(color_name)?))
    }

    /// Every stone in board order: `(vertex, colour)`.
    fn stones(&self) -> Vec<(String, &'static str)> {
        let pos = self.board.position();
        (0..pos.area())
            .filter_map(|v| pos.get(v).map(|c| (self.vertex(v), c.name())))
            .collect()
    }

    /// The colour of the stone at a vertex, `None` when empty.
    fn get(&self, vertex: &str) -> PyResult<Option<&'static str>> {
        let v = self.point(vertex)?;
        Ok(self.board.position().get(v).map(Color::name))
    }

    /// Whether `color` may play at `vertex` (a pass is always legal).
    fn is_legal(&self, color_name: &str, vertex: &str) -> PyResult<bool> {
        let c = color(color_name)?;
        match move_from_gtp(self.board.size(), vertex) {
            Some(None) => Ok(true),
            Some(Some(v)) => Ok(self.board.position().is_legal(c, v)),
            None => Err(value_error("invalid coordinate")),
        }
    }

    /// Plays a move (`"pass"` passes); the other colour is then to move.
    fn play(&mut self, color_name: &str, vertex: &str) -> PyResult<()> {
        let c = color(color_name)?;
        let mv = move_from_gtp(self.board.size(), vertex)
            .ok_or_else(|| value_error("invalid coordinate"))?;
        self.board
            .play(c, mv)
            .map_err(|_| value_error("illegal move"))?;
        self.to_move = c.other();
        self.worms = None;
        self.dragons = None;
        Ok(())
    }

    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool {
        let before = self.board.position().clone();
        if !self.board.undo() {
            return false;
        }
        // The player whose stone the undo removed moves again (also after
        // two moves of one colour); a pass removes none.
        let after = self.board.position();
        let n = self.board.size();
        self.to_move = (0..n * n)
            .find_map(|v| match (before.get(v), after.get(v)) {
                (Some(c), None) => Some(c),
                _ => None,
            })
            .unwrap_or(self.to_move.other());
        self.worms = None;
        self.dragons = None;
        true
    }

    /// Moves that can be taken back.
    fn moves_played(&self) -> usize {
        self.board.moves_played()
    }

    /// The data of every worm, strings first to last in board order of
    /// their origins; cavities (empty worms) too with `cavities`.
    #[pyo3(signature = (cavities=false))]
    fn worms<'py>(&mut self, py: Python<'py>, cavities: bool) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.ensure_worms(py);
        let worms = self.worms.as_ref().expect("computed above");
        let mut out = Vec::new();
        for w in worms.all() {
            if w.color.stone().is_none() && !cavities {
                continue;
            }
            let d = PyDict::new(py);
            d.set_item("origin", self.vertex(w.origin))?;
            d.set_item("color", w.color.name())?;
            d.set_item("size", w.size)?;
            d.set_item("effective_size", w.effective_size)?;
            d.set_item("liberties", w.liberties)?;
            d.set_item("liberties2", w.liberties2)?;
            d.set_item("liberties3", w.liberties3)?;
            d.set_item("liberties4", w.liberties4)?;
            d.set_item("cutstone", w.cutstone)?;
            d.set_item("genus", w.genus)?;
            d.set_item("attack_code", w.attack_code)?;
            d.set_item("attack_point", self.vertex_or_none(w.attack_point))?;
            d.set_item("defense_code", w.defense_code)?;
            d.set_item("defense_point", self.vertex_or_none(w.defense_point))?;
            d.set_item("lunch", self.vertex_or_none(w.lunch))?;
            d.set_item("ko", w.ko)?;
            d.set_item("inessential", w.inessential)?;
            let stones: Vec<String> = worms
                .points(w.origin)
                .iter()
                .map(|&p| self.vertex(p))
                .collect();
            d.set_item("stones", stones)?;
            out.push(d);
        }
        Ok(out)
    }

    /// The data of every dragon in board order of their origins, with
    /// statuses from owl reading.
    fn dragons<'py>(&mut self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.ensure_dragons(py);
        let dragons = self.dragons.as_ref().expect("computed above");
        let mut out = Vec::new();
        for g in dragons.all() {
            let d = PyDict::new(py);
            d.set_item("origin", self.vertex(g.origin))?;
            d.set_item("color", g.color.name())?;
            d.set_item("size", g.size)?;
            d.set_item("effective_size", g.effective_size)?;
            d.set_item("genus", g.genus.digits())?;
            d.set_item("heye", self.vertex_or_none(g.heye))?;
            d.set_item("escape_route", g.escape_route)?;
            d.set_item("lunch", self.vertex_or_none(g.lunch))?;
            d.set_item("status", g.status.name())?;
            d.set_item("attack_point", self.vertex_or_none(g.attack_point))?;
            d.set_item("defense_point", self.vertex_or_none(g.defense_point))?;
            let worms: Vec<String> = g.worms.iter().map(|&w| self.vertex(w)).collect();
            d.set_item("worms", worms)?;
            let stones: Vec<String> = dragons
                .stones(g.origin)
                .iter()
                .map(|&p| self.vertex(p))
                .collect();
            d.set_item("stones", stones)?;
            out.push(d);
        }
        Ok(out)
    }

    /// The origin of the dragon at `vertex`, `None` for an empty point.
    fn dragon_origin(&mut self, py: Python<'_>, vertex: &str) -> PyResult<Option<String>> {
        let v = self.point(vertex)?;
        self.ensure_dragons(py);
        let dragons = self.dragons.as_ref().expect("computed above");
        Ok(dragons.at(v).map(|d| self.vertex(d.origin)))
    }

    /// The origin of the worm at `vertex` (strings and cavities alike).
    fn worm_origin(&mut self, py: Python<'_>, vertex: &str) -> PyResult<String> {
        let v = self.point(vertex)?;
        self.ensure_worms(py);
        let worms = self.worms.as_ref().expect("computed above");
        Ok(self.vertex(worms.at(v).origin))
    }
}

/// A GTP engine: one line in, GNU Go's framed answer out.
#[pyclass(module = "kibitz._kibitz")]
pub struct GoGtp {
    engine: Engine,
    /// What `echo_err` wrote, until taken.
    err: Vec<u8>,
}

#[pymethods]
impl GoGtp {
    #[new]
    fn new() -> GoGtp {
        GoGtp {
            engine: Engine::new(),
            err: Vec::new(),
        }
    }

    /// The framed answer to one input line (`=id text` or `?id message`
    /// and a blank line) and whether it was `quit`; `None` for a line
    /// without a command.
    fn execute(&mut self, py: Python<'_>, line: &str) -> Option<(String, bool)> {
        let (engine, err) = (&mut self.engine, &mut self.err);
        // Reading and owl commands can search for a long time.
        py.allow_threads(|| engine.execute(line, err))
    }

    /// What `echo_err` wrote since the last call.
    fn take_err(&mut self) -> String {
        let text = String::from_utf8_lossy(&self.err).into_owned();
        self.err.clear();
        text
    }
}

/// Adds the Go classes to the extension.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GoBoard>()?;
    m.add_class::<GoGtp>()?;
    Ok(())
}
