//! DDS's `DealerPar`: the par when the dealer's side may bid first, and its
//! binary form (`DealerParBin`).

use super::score::{contract_score, down_target, floor_contract, no_dno, no_level, penalty};
use super::types::{
    DealerContract, DealerParResult, ParContract, ParDenom, ParSeats, SidePar, Vulnerability,
};
use crate::bridge::DdTable;

/// Marks "no sacrifice possible".
const NONE: i32 = 9999;

/// One denomination of one side: its best contract number (1 = 1C ..
/// 35 = 7NT; zero or negative when it makes nothing).
#[derive(Clone, Copy, Default)]
struct Entry {
    score: i32,
    dno: i32,
    no: i32,
    down: i32,
}

/// The DDS table row of a `dno` (0 = C, 1 = D, 2 = H, 3 = S, 4 = NT).
fn row(table: &DdTable, dno: i32) -> &[i32; 4] {
    &table[[3, 2, 1, 0, 4][dno as usize]]
}

/// The par denomination of a `dno`.
fn par_denom(dno: i32) -> ParDenom {
    [
        ParDenom::Clubs,
        ParDenom::Diamonds,
        ParDenom::Hearts,
        ParDenom::Spades,
        ParDenom::NoTrump,
    ][dno as usize]
}

/// What the survey of both sides found.
struct Survey {
    primacy: usize,
    dearest_no: i32,
    lists: [[Entry; 5]; 2],
}

/// Each side's best contract per denomination, and the side entitled to a
/// plus score (`None`: pass it out). The primacy side's list comes back
/// sorted by falling contract number.
fn survey(table: &DdTable, dealer: usize, vul: [bool; 2]) -> Option<Survey> {
    let mut lists = [[Entry::default(); 5]; 2];
    let mut highest = [0; 2];
    let mut dearest = [(0, 0); 2]; // (score, no)
    for side in 0..2 {
        for dno in 0..5 {
            let t = row(table, dno);
            let best = t[side].max(t[side + 2]);
            let e = &mut lists[side][dno as usize];
            e.no = 5 * (best - 7) + dno + 1;
            if best < 7 {
                continue;
            }
            e.score = contract_score(e.no, vul[side]);
            e.dno = dno;
            let (ds, dn) = dearest[side];
            if e.score > ds || (e.score == ds && e.no < dn) {
                dearest[side] = (e.score, e.no);
            }
            highest[side] = highest[side].max(e.no);
        }
    }
    let primacy = if highest[0] > highest[1] {
        0
    } else if highest[0] < highest[1] {
        1
    } else if highest[0] == 0 {
        return None;
    } else {
        // Both sides make the same top contract: the first to bid it wins.
        let dno = no_dno(highest[0]);
        let t = row(table, dno);
        let t_max = no_level(highest[0]) + 6;
        (dealer..dealer + 4)
            .find(|p| t[p % 4] == t_max)
            .map_or(0, |p| p % 2)
    };
    lists[primacy].sort_by_key(|e| std::cmp::Reverse(e.no));
    Some(Survey {
        primacy,
        dearest_no: dearest[primacy].1,
        lists,
    })
}

/// Undertricks of the other side's cheapest sacrifice against contract
/// `no` in `dno`, per sacrifice denomination (`NONE` if above 7NT).
fn sacrifices(
    table: &DdTable,
    side: usize,
    no: i32,
    dno: i32,
    dealer: usize,
    other: &[Entry; 5],
) -> [i32; 5] {
    let mut downs = [NONE; 5];
    for (eno, sac) in other.iter().enumerate() {
        let mut down = NONE;
        if eno as i32 == dno {
            let t_max = (no + 34) / 5;
            let t = row(table, dno);
            let mut outbid = 0;
            for p in dealer..dealer + 4 {
                let diff = t_max - t[p % 4];
                if p % 2 == side {
                    if diff == 0 {
                        outbid = 1;
                    }
                } else {
                    down = down.min(diff + outbid);
                }
            }
        } else {
            down = (no - sac.no + 4) / 5;
        }
        if sac.no + 5 * down > 35 {
            down = NONE;
        }
        downs[eno] = down;
    }
    downs
}

/// A contract of `side` in `dno`: declarers are the players taking the most
/// tricks there.
fn contract(table: &DdTable, side: usize, no: i32, dno: i32, result: i32) -> DealerContract {
    let t = row(table, dno);
    let (a, b) = (t[side], t[side + 2]);
    let m = a.max(b);
    DealerContract {
        level: no_level(no),
        denom: par_denom(no_dno(no)),
        seats: ParSeats::of_side(side, a == m, b == m),
        result,
        single_sacrifice: false,
    }
}

/// The sacrifices of the other side against one par contract candidate
/// costing `best_down`, appended to `out`.
#[allow(clippy::too_many_arguments)]
fn sacrifice_texts(
    table: &DdTable,
    side: usize,
    dealer: usize,
    best_down: i32,
    no_decl: i32,
    dno: i32,
    other: &[Entry; 5],
    downs: &[i32; 5],
    out: &mut Vec<DealerContract>,
) {
    for eno in 0..5 {
        if downs[eno] != best_down {
            continue;
        }
        if eno as i32 != dno {
            let no_sac = other[eno].no + 5 * best_down;
            out.push(contract(table, 1 - side, no_sac, eno as i32, -best_down));
            continue;
        }
        let t_max = (no_decl + 34) / 5;
        let t = row(table, dno);
        let mut outbid = 0;
        let mut hits: Vec<(usize, i32)> = Vec::new();
        for p in dealer..dealer + 4 {
            let diff = t_max - t[p % 4];
            if p % 2 == side {
                if diff == 0 {
                    outbid = 1;
                }
            } else if diff + outbid == best_down {
                hits.push((p % 4, no_decl + 5 * outbid));
            }
        }
        let single = |(seat, no): (usize, i32)| DealerContract {
            level: no_level(no),
            denom: par_denom(no_dno(no)),
            seats: ParSeats::ALL[seat],
            result: -best_down,
            single_sacrifice: true,
        };
        match hits[..] {
            [h] => out.push(single(h)),
            [h0, h1] if h0.1 == h1.1 => {
                out.push(contract(table, 1 - side, h0.1, eno as i32, -best_down))
            }
            [h0, h1] => out.push(single(if h0.1 < h1.1 { h0 } else { h1 })),
            _ => {}
        }
    }
}

/// What a candidate contract of the side with primacy turns out to be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A contract to bid; the sacrifice gap (target minus cheapest down).
    Bid(i32),
    /// The first contract the opponents sacrifice against.
    Target,
    /// A later contract with a paying sacrifice: neither.
    Skip,
}

/// Lowers a making contract as far as the sacrifice gap allows without
/// losing its bonus. Returns (new contract number, overtricks).
fn reduce(no: i32, sac_gap: i32) -> (i32, i32) {
    if sac_gap >= -1 {
        return (no, 0);
    }
    let lowest = no + 5 * (sac_gap + 1);
    let new_no = lowest.max(floor_contract(no));
    (new_no, (no - new_no) / 5)
}

/// The par of a table when `dealer` (0..=3 = N, E, S, W; larger values
/// count modulo 4, as in DDS) has the first chance to bid.
///
/// # Panics
/// May panic if a table entry is outside 0..=13 (DDS reads outside its
/// tables there); the C layer refuses such tables first.
pub fn dealer_par(table: &DdTable, dealer: usize, vul: Vulnerability) -> DealerParResult {
    let dealer = dealer % 4;
    let vul_side = [vul.side(0), vul.side(1)];
    let Some(mut s) = survey(table, dealer, vul_side) else {
        return DealerParResult::PassedOut;
    };
    let side = s.primacy;
    let (decl_vul, sac_vul) = (vul_side[side], vul_side[1 - side]);
    let dearest = s.dearest_no;
    let n_cand = s.lists[side].iter().filter(|e| e.no >= dearest).count();
    let other = s.lists[1 - side];

    let mut best_plus = 0;
    let mut sac_found = false;
    let mut best_down = 0;
    let mut downs = [[0; 5]; 5];
    // Per candidate: `Bid(gap)` (the side bids it; gap = how far the best
    // sacrifice is from paying), `Target` (the first one the opponents
    // sacrifice against profitably) or `Skip`.
    let mut roles = Vec::with_capacity(n_cand);
    for e in s.lists[side].iter_mut().take(n_cand) {
        let target = down_target(e.no, decl_vul, sac_vul);
        let d = sacrifices(table, side, e.no, e.dno, dealer, &other);
        downs[e.dno as usize] = d;
        let down = d.iter().copied().min().unwrap_or(NONE);
        if down <= target {
            best_down = best_down.max(down);
            if sac_found {
                roles.push(Role::Skip);
            } else {
                sac_found = true;
                e.down = down;
                roles.push(Role::Target);
            }
        } else {
            best_plus = best_plus.max(e.score);
            roles.push(Role::Bid(target - down));
        }
    }
    let cands = s.lists[side].iter().zip(roles);

    let sac = penalty(best_down, sac_vul);
    let mut contracts = Vec::new();
    let score = if !sac_found || best_plus > sac {
        for (e, role) in cands {
            let Role::Bid(gap) = role else { continue };
            if e.score != best_plus {
                continue;
            }
            let (no, plus) = reduce(e.no, gap);
            contracts.push(contract(table, side, no, e.dno, plus));
        }
        best_plus
    } else {
        for (e, role) in cands {
            if role != Role::Target || e.down != best_down {
                continue;
            }
            sacrifice_texts(
                table,
                side,
                dealer,
                best_down,
                e.no,
                e.dno,
                &other,
                &downs[e.dno as usize],
                &mut contracts,
            );
        }
        sac
    };
    DealerParResult::Par {
        score: if side == 0 { score } else { -score },
        contracts,
    }
}

/// The seats DDS's `DealerParBin` reads back from a contract text, and
/// whether the text names a single player.
fn seats_of_text(text: &str) -> Option<(ParSeats, bool)> {
    [
        ("NS", ParSeats::NorthSouth, false),
        ("EW", ParSeats::EastWest, false),
        ("-N", ParSeats::North, true),
        ("-E", ParSeats::East, true),
        ("-S", ParSeats::South, true),
        ("-W", ParSeats::West, true),
    ]
    .iter()
    .find(|(pat, _, _)| text.contains(pat))
    .map(|&(_, seats, single)| (seats, single))
}

/// A digit of a contract text at `i` as DDS reads it (byte minus `'0'`).
fn digit_at(text: &[u8], i: usize) -> i32 {
    i32::from(text.get(i).copied().unwrap_or(0)) - i32::from(b'0')
}

/// `DealerParBin`: the [`dealer_par`] contracts in binary form, sorted by
/// denomination, score from NS's view; `None` when the deal is passed out
/// (DDS then writes score 0, number 1 and no contract).
pub fn dealer_par_master(table: &DdTable, dealer: usize, vul: Vulnerability) -> Option<SidePar> {
    let DealerParResult::Par { score, contracts } = dealer_par(table, dealer, vul) else {
        return None;
    };
    // DDS re-reads its own texts; doing the same keeps its quirks.
    let texts: Vec<String> = contracts.iter().map(|c| c.to_string()).collect();
    let mut sorted: Vec<(ParDenom, &str)> = contracts
        .iter()
        .zip(&texts)
        .map(|(c, t)| (c.denom, t.as_str()))
        .collect();
    sorted.sort_by_key(|s| s.0);
    let sacrifice = texts
        .first()
        .is_some_and(|t| t.as_bytes().get(2) == Some(&b'*'));
    let contracts = sorted
        .iter()
        .map(|&(denom, text)| {
            let b = text.as_bytes();
            let (seats, single) = seats_of_text(text).unwrap_or((ParSeats::North, true));
            let delta = if single { 0 } else { 1 };
            let (under, over) = if sacrifice {
                (digit_at(b, 6 + delta), 0)
            } else if text.contains('+') {
                (0, digit_at(b, 5 + delta))
            } else {
                (0, 0)
            };
            ParContract {
                under_tricks: under,
                over_tricks: over,
                level: digit_at(b, 0),
                denom,
                seats,
            }
        })
        .collect();
    Some(SidePar { score, contracts })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(flat: [i32; 20]) -> DdTable {
        let mut t = [[0; 4]; 5];
        for (i, v) in flat.iter().enumerate() {
            t[i / 4][i % 4] = *v;
        }
        t
    }

    #[test]
    fn sacrifice_in_two_denominations() {
        // list1000.txt hand 4, dealer E, NS vulnerable: PAR2 "100"
        // "3C*-EW-1" "2N*-EW-1".
        let t = table([8, 5, 8, 5, 7, 6, 7, 6, 7, 5, 7, 5, 5, 8, 5, 8, 6, 7, 6, 7]);
        let r = dealer_par(&t, 1, Vulnerability::NorthSouth);
        assert_eq!(r.to_string(), "100 3C*-EW-1 2N*-EW-1");
        let m = dealer_par_master(&t, 1, Vulnerability::NorthSouth).unwrap();
        let denoms: Vec<ParDenom> = m.contracts.iter().map(|c| c.denom).collect();
        assert_eq!(denoms, vec![ParDenom::NoTrump, ParDenom::Clubs]);
        assert!(m.contracts.iter().all(|c| c.under_tricks == 1));
    }

    #[test]
    fn dealer_decides_a_hot_table() {
        let mut flat = [6; 20];
        flat[16..].copy_from_slice(&[7, 7, 7, 7]);
        let t = table(flat);
        assert_eq!(
            dealer_par(&t, 0, Vulnerability::None).to_string(),
            "90 1N-NS"
        );
        assert_eq!(
            dealer_par(&t, 1, Vulnerability::None).to_string(),
            "-90 1N-EW"
        );
        assert_eq!(
            dealer_par(&t, 7, Vulnerability::None).to_string(),
            "-90 1N-EW"
        );
    }

    #[test]
    fn single_player_sacrifice_quirk() {
        // An arbitrary table where only West can sacrifice in 7H. Debian's
        // DDS 2.9.0 writes "7H-W-3" (no '*'), so DealerParBin reads it back
        // as a making contract.
        let t = table([
            2, 7, 7, 2, 13, 6, 0, 10, 8, 11, 9, 12, 2, 11, 5, 13, 0, 6, 12, 2,
        ]);
        let r = dealer_par(&t, 1, Vulnerability::None);
        assert_eq!(r.to_string(), "500 7H-W-3");
        let m = dealer_par_master(&t, 1, Vulnerability::None).unwrap();
        assert_eq!(m.score, 500);
        assert_eq!(
            m.contracts,
            vec![ParContract {
                under_tricks: 0,
                over_tricks: 0,
                level: 7,
                denom: ParDenom::Hearts,
                seats: ParSeats::West,
            }]
        );
    }

    #[test]
    fn passed_out() {
        let t = [[6; 4]; 5];
        assert_eq!(
            dealer_par(&t, 2, Vulnerability::Both),
            DealerParResult::PassedOut
        );
        assert_eq!(DealerParResult::PassedOut.to_string(), "pass");
        assert_eq!(dealer_par_master(&t, 2, Vulnerability::Both), None);
    }
}
