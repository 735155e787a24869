//! Soundness of each trick-boundary bound, checked directly: on seeded
//! endings every claim a bound makes ("this side takes at least n tricks")
//! must hold in the exact value of the reference search, and must hold as
//! well in positions the transposition table would answer from it: the
//! same suit lengths and the same owners of the cards the bound relies on,
//! the cards below them dealt again among their holders.
//!
//! `KIBITZ_SOUNDNESS=full` checks ten times as many endings.

use super::quick;
use super::FULL;
use crate::bridge::reference::reference_tricks;
use crate::bridge::{Board, Deal, Hand, Holding, Seat, Strain};

/// A xorshift generator (the unit tests' own, seeded).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// An ending of `n` cards a hand drawn from `suits` suits, each hand
/// leaning to some of them.
fn ending(rng: &mut Rng, n: usize, suits: usize) -> [[u16; 4]; 4] {
    let mut free: Vec<(usize, u8)> = (0..suits)
        .flat_map(|s| (2..=14).map(move |r| (s, r)))
        .collect();
    let mut hands = [[0u16; 4]; 4];
    for hand in hands.iter_mut() {
        let favourite = rng.below(suits);
        for _ in 0..n {
            let pick = if rng.below(2) == 0 {
                let fav: Vec<usize> = (0..free.len())
                    .filter(|&i| free[i].0 == favourite)
                    .collect();
                if fav.is_empty() {
                    rng.below(free.len())
                } else {
                    fav[rng.below(fav.len())]
                }
            } else {
                rng.below(free.len())
            };
            let (s, r) = free.swap_remove(pick);
            hand[s] |= 1 << r;
        }
    }
    hands
}

/// North-South's exact tricks with `leader` on lead.
fn ns_tricks(hands: &[[u16; 4]; 4], trump: usize, leader: usize) -> u32 {
    let deal = Deal(std::array::from_fn(|h| {
        Hand(std::array::from_fn(|s| Holding(hands[h][s])))
    }));
    let seat = Seat::from_index(leader).unwrap();
    let board = Board::new(deal, Strain::from_index(trump).unwrap(), seat);
    let n = hands[0].iter().map(|h| h.count_ones()).sum::<u32>();
    let v = reference_tricks(&board) as u32;
    if leader & 1 == 0 {
        v
    } else {
        n - v
    }
}

/// A position the table answers for from a bound relying on `ranks`: the
/// same lengths, the same owners of each suit's cards at or above its
/// lowest rank in `ranks`, and the other cards' owners shuffled within
/// their suit (all of them in a suit relying on no rank).
fn variant(rng: &mut Rng, hands: &[[u16; 4]; 4], ranks: &[u16; 4]) -> [[u16; 4]; 4] {
    let mut out = [[0u16; 4]; 4];
    for s in 0..4 {
        let low = if ranks[s] == 0 {
            16
        } else {
            ranks[s].trailing_zeros()
        };
        let mut owners = Vec::new();
        let mut loose = Vec::new();
        for r in (2..=14u32).rev() {
            if let Some(h) = (0..4).find(|&h| hands[h][s] & (1 << r) != 0) {
                if r >= low {
                    out[h][s] |= 1 << r;
                } else {
                    owners.push(h);
                    loose.push(r);
                }
            }
        }
        for i in (1..owners.len()).rev() {
            owners.swap(i, rng.below(i + 1));
        }
        for (h, r) in owners.into_iter().zip(loose) {
            out[h][s] |= 1 << r;
        }
    }
    out
}

/// One claim: the side of `seat` takes at least `tricks`, relying on
/// `ranks`. Checked in the position and in `tries` variants of it.
struct Claim {
    name: &'static str,
    seat: usize,
    tricks: u32,
    ranks: [u16; 4],
}

fn claims(hands: &[[u16; 4]; 4], trump: usize, leader: usize, n: u32) -> Vec<Claim> {
    let removed: [u16; 4] =
        std::array::from_fn(|s| FULL & !(hands[0][s] | hands[1][s] | hands[2][s] | hands[3][s]));
    let other = (leader + 1) & 3;
    let lengths = |t: usize| -> [u32; 4] {
        std::array::from_fn(|h| if t < 4 { hands[h][t].count_ones() } else { 0 })
    };
    let mut out = Vec::new();
    for need in 1..=n {
        let (qt, ranks) = quick::quick_tricks(hands, removed, trump, leader, need, true);
        if qt >= need {
            let name = "quick tricks";
            out.push(Claim {
                name,
                seat: leader,
                tricks: need,
                ranks,
            });
            assert!(
                quick::quick_tricks_possible(hands, removed, trump, leader, need),
                "quick_tricks_possible denies {need}: {hands:?} {trump} {leader}"
            );
        }
        for seat in [leader, other] {
            let (st, rank) = quick::sure_trump_tricks(hands, trump, seat, need, &lengths(trump));
            if st >= need && trump < 4 {
                let mut ranks = [0; 4];
                ranks[trump] = rank;
                out.push(Claim {
                    name: "sure trumps",
                    seat,
                    tricks: need,
                    ranks,
                });
            }
        }
    }
    let (bt, rank) = quick::trump_tricks_below_top(hands, trump, other);
    if bt > 0 {
        let mut ranks = [0; 4];
        ranks[trump] = rank;
        out.push(Claim {
            name: "trumps below the top",
            seat: other,
            tricks: bt,
            ranks,
        });
    }
    if let Some(ranks) = quick::opponents_win_now(hands, removed, trump, leader) {
        out.push(Claim {
            name: "opponents win now",
            seat: other,
            tricks: 1,
            ranks,
        });
    }
    for seat in [leader, other] {
        if let Some(ranks) = quick::cannot_take_all(hands, removed, trump, seat, n) {
            let name = "cannot take all";
            out.push(Claim {
                name,
                seat: (seat + 1) & 3,
                tricks: 1,
                ranks,
            });
        }
    }
    out
}

#[test]
fn bounds_hold_in_every_position_they_answer_for() {
    let full = std::env::var("KIBITZ_SOUNDNESS").is_ok_and(|v| v == "full");
    let rounds = if full { 40_000 } else { 4_000 };
    let mut rng = Rng(0x5eed_b0b5_0f7a_11aa);
    let (mut checked, mut variants) = (0u32, 0u32);
    for round in 0..rounds {
        let n = 2 + round % 5;
        let suits = 2 + rng.below(3);
        let hands = ending(&mut rng, n, suits);
        let trump = [0, 1, 4, 4][rng.below(4)];
        let leader = rng.below(4);
        let cs = claims(&hands, trump, leader, n as u32);
        if cs.is_empty() {
            continue;
        }
        let exact = ns_tricks(&hands, trump, leader);
        let side = |ns: u32, seat: usize| if seat & 1 == 0 { ns } else { n as u32 - ns };
        for c in &cs {
            checked += 1;
            let got = side(exact, c.seat);
            assert!(
                got >= c.tricks,
                "{}: seat {} claims {} but takes {got}: {hands:?} trump {trump} leader {leader}",
                c.name,
                c.seat,
                c.tricks
            );
            for _ in 0..2 {
                let v = variant(&mut rng, &hands, &c.ranks);
                if v == hands {
                    continue;
                }
                variants += 1;
                let got = side(ns_tricks(&v, trump, leader), c.seat);
                assert!(
                    got >= c.tricks,
                    "{} relying on {:?}: seat {} claims {} in {hands:?} but takes {got} in \
                     {v:?}, trump {trump} leader {leader}",
                    c.name,
                    c.ranks,
                    c.seat,
                    c.tricks
                );
            }
        }
    }
    assert!(checked > 1000 && variants > 1000, "{checked} {variants}");
}
