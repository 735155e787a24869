//! Matthew Kidd's par method as DDS's `SidesParBin` runs it: the par of each
//! side when that side starts the bidding.

use super::score::{doubled_down, made};
use super::types::{ParContract, ParDenom, ParSeats, SidePar, Vulnerability};
use crate::bridge::DdTable;

/// Whether side `k` (0 = NS, 1 = EW) is vulnerable under DDS code `vul`
/// (codes outside 0..=3 make nobody vulnerable).
fn side_vul(vul: i32, k: usize) -> bool {
    vul == 1 || (k == 1 && vul == 3) || (k == 0 && vul == 2)
}

/// Whether the defenders of a par contract are vulnerable (`ns_declares`:
/// NS hold the par contract). Codes outside 0..=3 count as vulnerable.
fn defender_vul(ns_declares: bool, vul: i32) -> bool {
    match vul {
        0 => false,
        1 => true,
        _ if ns_declares => vul != 2,
        _ => vul != 3,
    }
}

/// Tricks of side `k`'s two players in par denomination `j`.
fn pair(table: &DdTable, j: usize, k: usize) -> (i32, i32) {
    let row = &table[ParDenom::ALL[j].strain_index()];
    (row[k], row[k + 2])
}

/// One denomination's candidate while a side looks for a better result.
#[derive(Clone, Copy)]
struct Candidate {
    denom: usize,
    tricks: i32,
    score: i32,
}

/// The state of the auction for one bidding order.
#[derive(Clone, Copy)]
struct Auction {
    denom: i32,
    tricks: i32,
    score: i32,
    sac_under: i32,
}

impl Auction {
    const START: Auction = Auction {
        denom: -1,
        tricks: 6,
        score: 0,
        sac_under: 0,
    };

    /// Whether taking `tt` tricks in `j` outbids the current contract.
    fn beaten_by(&self, j: usize, tt: i32) -> bool {
        tt > self.tricks || (tt == self.tricks && (j as i32) < self.denom)
    }
}

/// One side's turn: tries every denomination not filtered out, best score
/// first, and keeps any improvement. Returns whether the score changed.
fn improve(
    table: &DdTable,
    vul: i32,
    order: usize,
    turn: usize,
    filter: &[bool; 5],
    a: &mut Auction,
) -> bool {
    let k = (order + turn) % 2;
    let isvul = side_vul(vul, k);
    let prev = *a;
    let mut cands: Vec<Candidate> = (0..5)
        .filter(|&j| !filter[j])
        .map(|j| {
            let (t1, t2) = pair(table, j, k);
            let tt = t1.max(t2);
            let score = if a.beaten_by(j, tt) {
                made(j as i32, tt, isvul)
            } else {
                doubled_down(prev.tricks - tt, isvul)
            };
            Candidate {
                denom: j,
                tricks: tt,
                score,
            }
        })
        .collect();
    // Stable sort, best score first (DDS's insertion sort).
    cands.sort_by_key(|c| std::cmp::Reverse(c.score));

    let mut changed = false;
    for c in cands {
        let (j, tt) = (c.denom, c.tricks);
        let mut ut = 0;
        let mut score = if a.beaten_by(j, tt) {
            made(j as i32, tt, isvul)
        } else {
            ut = prev.tricks - tt;
            if j as i32 >= prev.denom {
                if prev.tricks == 13 {
                    continue;
                }
                ut += 1;
            }
            if ut <= 0 {
                continue;
            }
            doubled_down(ut, isvul)
        };
        if turn == 1 {
            score = -score;
        }
        let better = if turn == 0 {
            score > a.score
        } else {
            score < a.score
        };
        if better {
            changed = true;
            a.score = score;
            a.denom = j as i32;
            let makes = if turn == 0 { score > 0 } else { score < 0 };
            if makes {
                a.tricks = tt;
                a.sac_under = 0;
            } else {
                a.tricks = tt + ut;
                a.sac_under = ut;
            }
        }
    }
    changed
}

/// The result of one bidding order before contracts are described.
struct OrderResult {
    score: i32,
    sac_under: i32,
    /// (denomination, tricks) of each par contract, in discovery order.
    found: Vec<(i32, i32)>,
}

/// Runs the auction with side `order` (0 = NS, 1 = EW) bidding first,
/// repeating it with each par denomination filtered out to find all par
/// contracts of the same score.
fn run_order(table: &DdTable, vul: i32, order: usize) -> OrderResult {
    let mut filter = [false; 5];
    let mut res = OrderResult {
        score: 0,
        sac_under: 0,
        found: Vec::new(),
    };
    let mut a = Auction::START;
    let mut turn = 0;
    let mut both_once = false;
    loop {
        let changed = improve(table, vul, order, turn, &filter, &mut a);
        if changed || !both_once {
            both_once = true;
            turn = 1 - turn;
            continue;
        }
        if res.found.is_empty() {
            res.score = a.score;
            if res.score == 0 {
                break;
            }
            res.sac_under = a.sac_under;
        } else if res.score != a.score {
            break;
        }
        if res.found.len() >= 5 {
            break;
        }
        filter[a.denom as usize] = true;
        res.found.push((a.denom, a.tricks));
        both_once = false;
        turn = 0;
        a = Auction::START;
    }
    res
}

/// The seats of side (`dr + i`) parity taking `t1`/`t2` tricks.
fn seats(ns: bool, t1: i32, t2: i32) -> ParSeats {
    let side = if ns { 0 } else { 1 };
    ParSeats::of_side(side, t1 >= t2, t2 >= t1)
}

/// Levels a par contract may be lowered without losing its bonus, per
/// denomination class (NT, major, minor) and level 0..=7.
const MAX_LOWER: [[i32; 8]; 3] = [
    [0, 0, 1, 0, 1, 2, 0, 0],
    [0, 0, 1, 2, 0, 1, 0, 0],
    [0, 0, 1, 2, 3, 0, 0, 0],
];

/// Overtricks shown for a contract of `tricks` tricks lowered by up to
/// `max_lower` levels.
fn over_tricks(max_lower: i32, tricks: i32) -> i32 {
    match tricks - 6 {
        4 | 5 if (1..=3).contains(&max_lower) => max_lower,
        3 if (1..=2).contains(&max_lower) => max_lower,
        2 if max_lower == 1 => 1,
        _ => 0,
    }
}

/// The par of both bidding orders (`[0]`: NS starts, `[1]`: EW starts),
/// scores from the starting side's view, for DDS vulnerability code `vul`
/// (DDS accepts any code; outside 0..=3 nobody counts as vulnerable when
/// bidding and the defenders count as vulnerable when contracts are
/// lowered). Table entries must be 0..=13 (see [`sides_par`]).
pub fn sides_par_code(table: &DdTable, vul: i32) -> [SidePar; 2] {
    let orders = [run_order(table, vul, 0), run_order(table, vul, 1)];
    if orders[0].score == 0 {
        let none = ParContract {
            under_tricks: 0,
            over_tricks: 0,
            level: 0,
            denom: ParDenom::NoTrump,
            seats: ParSeats::North,
        };
        return [0, 1].map(|i| SidePar {
            score: orders[i].score,
            contracts: vec![none],
        });
    }
    // DDS keeps the highest denomination's index from one order to the next
    // when the opponents take no tricks anywhere.
    let mut denom_max = 0usize;
    let mut sides: Vec<SidePar> = Vec::with_capacity(2);
    for (i, o) in orders.iter().enumerate() {
        let mut contracts = Vec::new();
        if o.sac_under > 0 {
            let dr = if o.score > 0 { 0 } else { 1 };
            let ns = (dr + i) % 2 == 1;
            let mut found = o.found.clone();
            found.sort_by_key(|f| f.0);
            for &(j, tricks) in &found {
                let (t1, t2) = pair(table, j as usize, if ns { 0 } else { 1 });
                contracts.push(ParContract {
                    under_tricks: o.sac_under,
                    over_tricks: 0,
                    level: tricks - 6,
                    denom: ParDenom::ALL[j as usize],
                    seats: seats(ns, t1, t2),
                });
            }
        } else {
            let dr = if o.score < 0 { 0 } else { 1 };
            let ns = (dr + i) % 2 == 1;
            let opp = if ns { 1 } else { 0 };
            let mut opp_best = [0; 5];
            let mut tu_max = 0;
            for (m, best) in opp_best.iter_mut().enumerate() {
                let (a, b) = pair(table, m, opp);
                *best = a.max(b);
                if *best > tu_max {
                    tu_max = *best;
                    denom_max = m;
                }
            }
            let def_vul = defender_vul(orders[0].score > 0, vul);
            for &(j, tricks) in &o.found {
                let ju = j as usize;
                let (t1, t2) = pair(table, ju, if ns { 0 } else { 1 });
                let above = denom_max < ju;
                let mut max_lower = tricks - tu_max - if above { 1 } else { 0 };
                let sc2 = o.score.abs();
                while max_lower > 0 {
                    let down = tricks - max_lower - tu_max + if above { 0 } else { 1 };
                    let sc1 = -doubled_down(down, def_vul);
                    if sc2 < sc1 {
                        break;
                    }
                    max_lower -= 1;
                }
                while max_lower > 0 {
                    let sc3 = -doubled_down(tricks - max_lower - opp_best[ju], def_vul);
                    if sc2 > sc3 && o.score < 0 {
                        max_lower -= 1;
                    } else {
                        break;
                    }
                }
                let class = match j {
                    0 => 0,
                    1 | 2 => 1,
                    _ => 2,
                };
                max_lower = max_lower.min(MAX_LOWER[class][(tricks - 6) as usize]);
                let over = over_tricks(max_lower, tricks);
                contracts.push(ParContract {
                    under_tricks: 0,
                    over_tricks: over,
                    level: tricks - 6 - over,
                    denom: ParDenom::ALL[ju],
                    seats: seats(ns, t1, t2),
                });
            }
        }
        sides.push(SidePar {
            score: o.score,
            contracts,
        });
    }
    let mut sides: [SidePar; 2] = [sides.remove(0), sides.remove(0)];
    drop_dominated(&mut sides);
    sides
}

/// The par of both bidding orders for a vulnerability (see
/// [`sides_par_code`]).
///
/// # Panics
/// If a table entry is outside 0..=13 (as DDS, which then reads outside
/// its tables); the C layer refuses such tables first.
pub fn sides_par(table: &DdTable, vul: Vulnerability) -> [SidePar; 2] {
    sides_par_code(table, vul.code())
}

/// Height of a contract for comparisons: level plus overtricks.
fn height(c: &ParContract) -> i32 {
    c.level + c.over_tricks
}

/// Removes par contracts that the other side's list outbids, when each
/// list holds a contract declared by the other side.
fn drop_dominated(sides: &mut [SidePar; 2]) {
    // dom[s]: the highest contract of list s declared by EW (list 1) or by
    // NS (list 0).
    let mut dom: [Option<(i32, i32)>; 2] = [None, None];
    for s in 0..2 {
        let (mut level, mut denom) = (-1, -1);
        for c in &sides[s].contracts {
            let h = height(c);
            let d = c.denom.code();
            let declarer_ok = if s == 1 {
                c.seats.code() % 2 != 0
            } else {
                c.seats.code() % 2 == 0
            };
            if (h > level || (h == level && d < denom)) && declarer_ok {
                level = h;
                denom = d;
            }
        }
        if denom != -1 {
            dom[s] = Some((level, denom));
        }
    }
    let (Some(d0), Some(d1)) = (dom[0], dom[1]) else {
        return;
    };
    let doms = [d1, d0];
    for (s, (level, denom)) in doms.iter().enumerate() {
        let removed: Vec<i32> = sides[s]
            .contracts
            .iter()
            .filter(|c| height(c) < *level || (height(c) == *level && *denom < c.denom.code()))
            .map(|c| c.denom.code())
            .collect();
        sides[s]
            .contracts
            .retain(|c| !removed.contains(&c.denom.code()));
    }
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
    fn list1_two_spades_for_ew() {
        // list1.txt: EW make 2S; DDS's PAR line "NS:EW 2S" "EW:EW 2S".
        let t = table([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]);
        let [ns, ew] = sides_par(&t, Vulnerability::None);
        let two_spades = ParContract {
            under_tricks: 0,
            over_tricks: 0,
            level: 2,
            denom: ParDenom::Spades,
            seats: ParSeats::EastWest,
        };
        assert_eq!((ns.score, ew.score), (-110, 110));
        assert_eq!(ns.contracts, vec![two_spades]);
        assert_eq!(ew.contracts, vec![two_spades]);
    }

    #[test]
    fn hot_table_depends_on_who_starts() {
        // Both sides take 7 tricks at no trump only (a table no deal gives):
        // whoever starts bids 1NT. DDS: "NS:NS 1N" "EW:EW 1N", both +90.
        let mut flat = [6; 20];
        flat[16..].copy_from_slice(&[7, 7, 7, 7]);
        let [ns, ew] = sides_par(&table(flat), Vulnerability::None);
        assert_eq!((ns.score, ew.score), (90, 90));
        assert_eq!(ns.contracts[0].seats, ParSeats::NorthSouth);
        assert_eq!(ew.contracts[0].seats, ParSeats::EastWest);
        assert_eq!(ew.contracts[0].denom, ParDenom::NoTrump);
    }

    #[test]
    fn nothing_makes() {
        let [ns, ew] = sides_par(&[[6; 4]; 5], Vulnerability::Both);
        assert_eq!((ns.score, ew.score), (0, 0));
        assert_eq!(ns.contracts.len(), 1);
        assert_eq!(ns.contracts[0].level, 0);
    }
}
