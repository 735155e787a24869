//! Search scores as chess engines represent them: mate scores at the ends
//! of a 16-bit range, table-base and recognised wins below them, saturated
//! heuristic values and draw scores in the middle; their transposition-table
//! adjustment, packing into bit fields, integrated bounds and values, and
//! the MTD(f) and target-trick drivers over a caller's zero-window search.
//!
//! Stockfish 15.1's numbers are the defaults ([`ScoreScale::STOCKFISH`]);
//! every function is total: out-of-range inputs saturate as documented.
//!
//! - [`value`]: [`Score`], [`ScoreScale`], mate scores, UCI text.
//! - [`band`]: the band a score lies in.
//! - [`draw`]: zero, contempt and ply-based draw scores, grain rounding.
//! - [`tt`]: `to_tt` / `from_tt` with the 50-move-rule guard.
//! - [`pack`]: signed and offset bit fields of 2 to 32 bits.
//! - [`pair`]: Stockfish's packed midgame/endgame pair.
//! - [`prune`]: mate-distance pruning of a search window.
//! - [`ibv`]: Beal's integrated bounds and values.
//! - [`mtdf`](mod@mtdf): the MTD(f) driver with Dailey's step enlargement.
//! - [`target`]: the DDS-style target driver for values `0..=n`.

pub mod band;
pub mod draw;
pub mod ibv;
pub mod mtdf;
pub mod pack;
pub mod pair;
pub mod prune;
pub mod target;
pub mod tt;
pub mod value;

pub use band::Band;
pub use draw::{DrawRule, Side};
pub use ibv::{ibv_exact, ibv_kind, ibv_lower, ibv_upper, ibv_value, IbvKind};
pub use mtdf::{mtdf, Mtdf};
pub use pack::BitField;
pub use pair::{eg, make_pair, mg};
pub use target::{target_search, Target};
pub use value::{ScaleError, Score, ScoreScale, SCORE_LIMIT};

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs at and around every boundary of the `i32` range and the scale.
    const EXTREMES: [i32; 15] = [
        i32::MIN,
        i32::MIN + 1,
        -65536,
        -32768,
        -32767,
        -32002,
        -32000,
        -1,
        0,
        1,
        246,
        32000,
        32767,
        65536,
        i32::MAX,
    ];

    /// Every function is total: no panic (overflow checks are on in tests)
    /// and every score stays in its documented range.
    #[test]
    fn total_on_extreme_inputs() {
        for sc in [ScoreScale::STOCKFISH, ScoreScale::CLASSIC] {
            let ok = |s: Score| assert!(s.get().abs() <= SCORE_LIMIT);
            for &v in &EXTREMES {
                let s = Score::new(v);
                ok(s);
                for &p in &EXTREMES {
                    ok(sc.mate_in(p));
                    ok(sc.mated_in(p));
                    ok(sc.tb_win_in(p));
                    ok(sc.known_win_by(p));
                    ok(sc.eval(p));
                    ok(sc.to_tt(s, p));
                    for &r in &EXTREMES {
                        ok(sc.from_tt(s, p, r));
                        ok(sc.draw(DrawRule::Ply(r), p, Side::Opponent));
                        ok(sc.draw(DrawRule::Contempt(r), p, Side::Root));
                        let (a, b) = sc.mate_distance_window(s, Score::new(r), p);
                        ok(a);
                        ok(b);
                    }
                    ok(sc.grain(s, p));
                    let _ = sc.to_uci(s, p);
                    let f = BitField::new(p.clamp(2, 32) as u32).unwrap();
                    assert_eq!(f.unpack(f.pack(v)), v.clamp(f.min(), f.max()));
                    let _ = (make_pair(v, p), ibv_value(v), ibv_kind(v), ibv_lower(v));
                    let _ = (ibv_upper(v), ibv_exact(v), mg(v), eg(v));
                }
                let _ = (sc.mate_moves(s), sc.band(s), sc.is_mate(s), sc.is_win(s));
                let _ = (
                    sc.is_loss(s),
                    sc.is_known_win(s),
                    draw::draw_jitter(v as u64),
                );
                assert_eq!(mtdf(v, v, |_| 5).value, 5);
                let _ = target_search(v.unsigned_abs() % 100, v as u32, |t| t < 7);
            }
        }
    }
}
