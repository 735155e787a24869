//! A trace of the owl search on stderr (set `KIBITZ_OWL_TRACE` to the
//! deepest level to show, e.g. `2`): each node's static look, the moves
//! it tries and each move's result, indented by depth. Every function
//! here prints only when its depth is traced.

use super::life::Life;
use crate::go::board::Position;
use crate::go::coord::to_gtp_or_pass;
use crate::go::reading::Code;

/// True when nodes at `depth` are traced (`KIBITZ_OWL_TRACE` is read
/// once).
fn on(depth: usize) -> bool {
    static LEVEL: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    let level = *LEVEL.get_or_init(|| {
        let v = std::env::var("KIBITZ_OWL_TRACE").ok()?;
        Some(v.trim().parse().unwrap_or(2))
    });
    level.is_some_and(|l| depth <= l)
}

fn names(pos: &Position, moves: impl Iterator<Item = usize>) -> String {
    let v: Vec<String> = moves.map(|m| to_gtp_or_pass(pos.size(), Some(m))).collect();
    v.join(" ")
}

/// A node's static look and its candidate moves.
pub fn node(pos: &Position, depth: usize, attacker: bool, life: &Life, moves: &[usize]) {
    if !on(depth) {
        return;
    }
    let e = &life.eyes;
    eprintln!(
        "{}{} d{depth} eyes {}{}{}{} escape {} lunches [{}] moves [{}]",
        "  ".repeat(depth),
        if attacker { "attack" } else { "defend" },
        e.a,
        e.b,
        e.c,
        e.d,
        life.escape,
        names(pos, life.lunches.iter().map(|l| l.1)),
        names(pos, moves.iter().copied())
    );
}

/// A node ended by its static look `life` (`why`), before any move.
pub fn ended(pos: &Position, depth: usize, attacker: bool, life: &Life, why: &str) {
    node(pos, depth, attacker, life, &[]);
    settled(depth, why);
}

/// A node ended by the capture of the target or the limits.
pub fn settled(depth: usize, why: &str) {
    if on(depth) {
        eprintln!("{}= {why}", "  ".repeat(depth));
    }
}

/// The result of one move at a node at `depth`.
pub fn tried(pos: &Position, depth: usize, m: usize, code: Code, nodes: u64) {
    if on(depth) {
        eprintln!(
            "{}{} -> {:?} (nodes {nodes})",
            "  ".repeat(depth),
            to_gtp_or_pass(pos.size(), Some(m)),
            code
        );
    }
}
