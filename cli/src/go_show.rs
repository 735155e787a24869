//! `kibitz go show`: the board of an SGF position with each dragon drawn
//! as a letter (black dragons `A`, `B`, ..., white dragons `a`, `b`, ...
//! in board order of their origins, starting over after `Z`/`z`) and
//! coloured by status when writing to a terminal: green alive, yellow
//! unknown, white dead, red critical.

use kibitz::go::coord::{to_gtp, to_gtp_or_pass};
use kibitz::go::dragons::{Dragons, Status};
use kibitz::go::{Color, Position};

/// The ANSI colour of a status.
fn ansi(status: Status) -> &'static str {
    match status {
        Status::Alive => "\x1b[32m",
        Status::Unknown => "\x1b[33m",
        Status::Dead => "\x1b[37m",
        Status::Critical => "\x1b[31m",
    }
}

/// The ANSI reset sequence.
const RESET: &str = "\x1b[0m";

/// The letter of every dragon, by dragon index in board order.
fn letters(dragons: &Dragons) -> Vec<char> {
    let mut counts = [0u8; 2];
    dragons
        .all()
        .iter()
        .map(|d| {
            let k = &mut counts[d.color as usize];
            let base = if d.color == Color::Black { b'A' } else { b'a' };
            let ch = char::from(base + *k % 26);
            *k = k.wrapping_add(1);
            ch
        })
        .collect()
}

/// The board with dragon letters, then one legend line per dragon:
/// letter, origin, colour, stones, status (with the attack and defense
/// points when critical). `colour` adds ANSI colours to the letters.
pub fn render(pos: &Position, dragons: &Dragons, colour: bool) -> String {
    let n = pos.size();
    let names = letters(dragons);
    let index_of = |origin: usize| {
        dragons
            .all()
            .iter()
            .position(|d| d.origin == origin)
            .expect("a dragon origin")
    };
    let columns: String = (0..n).map(|c| format!(" {}", &to_gtp(n, c)[..1])).collect();
    let mut text = format!("  {columns}\n");
    for r in 0..n {
        text.push_str(&format!("{:>2}", n - r));
        for c in 0..n {
            let v = r * n + c;
            text.push(' ');
            match dragons.at(v) {
                None => text.push('.'),
                Some(d) => {
                    let ch = names[index_of(d.origin)];
                    if colour {
                        text.push_str(&format!("{}{ch}{RESET}", ansi(d.status)));
                    } else {
                        text.push(ch);
                    }
                }
            }
        }
        text.push_str(&format!(" {}\n", n - r));
    }
    text.push_str(&format!("  {columns}\n"));
    for (d, ch) in dragons.all().iter().zip(&names) {
        let mut status = d.status.name().to_string();
        if d.status == Status::Critical {
            status = format!(
                "{status} {} {}",
                to_gtp_or_pass(n, d.attack_point),
                to_gtp_or_pass(n, d.defense_point)
            );
        }
        text.push_str(&format!(
            "{ch} {} {} {} stones {status}\n",
            to_gtp(n, d.origin),
            d.color.name(),
            d.size
        ));
    }
    text
}
