//! One deal: `SolveBoard` and `SolveBoardPBN` (the cards of a position and
//! the tricks each takes), `CalcDDtable` and `CalcDDtablePBN` (its double
//! dummy table, the strains on the configured threads as DDS).

use std::os::raw::{c_int, c_uint};

use kibitz::bridge::batch::strain_rows;
use kibitz::bridge::dds::dds_row;
use kibitz::bridge::dds::resources::{
    batch_workers, thread_count, with_pool_solver, with_thread_solver,
};
use kibitz::bridge::{dd_table, Deal, FutureTricks, Solver, Strain};

use super::{board_from_deal, holdings_from_pbn, table_deal_checked, types::*};
use crate::boundary::boundary;

/// The C form of a `SolveBoard` answer; unused slots are 0, and with no
/// card `score[0]` carries the "target not reachable" value.
pub(crate) fn future_tricks_to_c(ft: &FutureTricks) -> futureTricks {
    let mut out = futureTricks {
        nodes: ft.nodes,
        cards: ft.cards.len().min(13) as c_int,
        ..futureTricks::default()
    };
    for (i, c) in ft.cards.iter().take(13).enumerate() {
        out.suit[i] = c.card.suit.index() as c_int;
        out.rank[i] = c_int::from(c.card.rank);
        out.equals[i] = c_int::from(c.equals.0);
        out.score[i] = c.score;
    }
    if ft.cards.is_empty() {
        out.score[0] = ft.no_card_score;
    }
    out
}

/// Solves a checked board with the solver of `thread_index` and writes the
/// answer to `futp`; the shared body of `SolveBoard` and `SolveBoardPBN`.
///
/// # Safety
/// `futp` must be NULL or valid for writing one `futureTricks`.
unsafe fn solve_board_c(
    dl: &deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    thread_index: c_int,
) -> c_int {
    if thread_index < 0 || thread_index as usize >= thread_count() {
        return RETURN_THREAD_INDEX;
    }
    let board = match board_from_deal(dl, target, solutions, mode) {
        Ok(b) => b,
        Err(code) => return code,
    };
    if futp.is_null() {
        return RETURN_UNKNOWN_FAULT;
    }
    let ft = match with_thread_solver(thread_index, |s| {
        s.solve_board(&board, target, solutions, mode)
    }) {
        Ok(ft) => ft,
        Err(e) => return e.code(),
    };
    // SAFETY: futp is non-null and, per the contract, writable.
    unsafe { futp.write(future_tricks_to_c(&ft)) };
    RETURN_NO_FAULT
}

/// Solves one position (binary deal) with the solver of `threadIndex`.
/// Returns 1 on success. Errors: -15 bad thread index (checked first);
/// -5, -7, -8, -9, -16, -17, -18, -19, -12 bad target, solutions, mode,
/// trump, first, current trick or holding value; -2, -10, -3, -14, -13, -4
/// zero cards, too many cards, target too high, unequal hands, played card
/// still held, duplicate card; -1 `futp` is NULL or an internal error.
///
/// # Safety
/// `futp` must be NULL or point to a writable `futureTricks`.
#[no_mangle]
pub unsafe extern "C" fn SolveBoard(
    dl: deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    threadIndex: c_int,
) -> c_int {
    // SAFETY: futp's contract is the caller's.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        solve_board_c(&dl, target, solutions, mode, futp, threadIndex)
    })
}

/// Solves one position given as a PBN deal. Returns 1 on success; -99 if
/// the PBN text is bad (checked first), otherwise the errors of
/// `SolveBoard` (-15 bad thread index, ..., -1 `futp` is NULL).
///
/// # Safety
/// `futp` must be NULL or point to a writable `futureTricks`.
#[no_mangle]
pub unsafe extern "C" fn SolveBoardPBN(
    dlpbn: dealPBN,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    thrId: c_int,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        let remainCards = match holdings_from_pbn(&dlpbn.remainCards) {
            Ok(h) => h,
            Err(code) => return code,
        };
        let dl = deal {
            trump: dlpbn.trump,
            first: dlpbn.first,
            currentTrickSuit: dlpbn.currentTrickSuit,
            currentTrickRank: dlpbn.currentTrickRank,
            remainCards,
        };
        // SAFETY: futp's contract is the caller's.
        unsafe { solve_board_c(&dl, target, solutions, mode, futp, thrId) }
    })
}

/// The DD table of a checked deal, as DDS reports it (see [`dds_row`]).
pub(crate) fn table_results(solver: &mut Solver, deal: &Deal) -> ddTableResults {
    ddTableResults {
        resTable: dd_table(solver, deal).map(|row| dds_row(deal, row)),
    }
}

/// The shared body of `CalcDDtable` and `CalcDDtablePBN`.
///
/// # Safety
/// `tablep` must be NULL or valid for writing one `ddTableResults`.
unsafe fn calc_table_c(
    cards: &[[c_uint; DDS_SUITS]; DDS_HANDS],
    tablep: *mut ddTableResults,
) -> c_int {
    let deal = match table_deal_checked(cards) {
        Ok(d) => d,
        Err(code) => return code,
    };
    if tablep.is_null() {
        return RETURN_UNKNOWN_FAULT;
    }
    let workers = batch_workers();
    let res = if workers.threads > 1 {
        // As DDS 2.9: the five strains on the configured threads.
        let jobs = Strain::ALL.map(|s| (deal, s));
        let rows = strain_rows(&jobs, workers);
        let mut res = ddTableResults::default();
        for ((_, strain), row) in jobs.iter().zip(rows) {
            res.resTable[strain.index()] = dds_row(&deal, row);
        }
        res
    } else {
        with_pool_solver(|s| table_results(s, &deal))
    };
    // SAFETY: tablep is non-null and, per the contract, writable.
    unsafe { tablep.write(res) };
    RETURN_NO_FAULT
}

/// Computes the double dummy table of a binary deal: `resTable[strain][hand]`
/// = declarer's tricks, the strains on the configured threads (as DDS).
/// Returns 1 on success. Errors: -12 bad holding
/// value; -2 zero cards; -10 too many cards; -14 unequal hands (or a card
/// count that is not a multiple of 4); -4 duplicate card; -1 `tablep` is
/// NULL or an internal error.
///
/// # Safety
/// `tablep` must be NULL or point to a writable `ddTableResults`.
#[no_mangle]
pub unsafe extern "C" fn CalcDDtable(tableDeal: ddTableDeal, tablep: *mut ddTableResults) -> c_int {
    // SAFETY: tablep's contract is the caller's.
    boundary(RETURN_UNKNOWN_FAULT, || unsafe {
        calc_table_c(&tableDeal.cards, tablep)
    })
}

/// Computes the double dummy table of a PBN deal. Returns 1 on success;
/// -99 if the PBN text is bad, otherwise the errors of `CalcDDtable`.
///
/// # Safety
/// `tablep` must be NULL or point to a writable `ddTableResults`.
#[no_mangle]
pub unsafe extern "C" fn CalcDDtablePBN(
    tableDealPBN: ddTableDealPBN,
    tablep: *mut ddTableResults,
) -> c_int {
    boundary(RETURN_UNKNOWN_FAULT, || {
        let cards = match holdings_from_pbn(&tableDealPBN.cards) {
            Ok(h) => h,
            Err(code) => return code,
        };
        // SAFETY: tablep's contract is the caller's.
        unsafe { calc_table_c(&cards, tablep) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dds::test_deals::{list1_deal, pbn80, LIST1};
    use crate::dds::FreeMemory;

    fn solve(dl: deal, target: c_int, solutions: c_int, mode: c_int) -> (c_int, futureTricks) {
        let mut fut = futureTricks::default();
        let r = unsafe { SolveBoard(dl, target, solutions, mode, &mut fut, 0) };
        (r, fut)
    }

    fn code(dl: deal, target: c_int, solutions: c_int, mode: c_int) -> c_int {
        solve(dl, target, solutions, mode).0
    }

    /// The cards of an answer as sorted (suit, rank, equals, score).
    fn answer(fut: &futureTricks) -> Vec<(c_int, c_int, c_int, c_int)> {
        let mut v: Vec<_> = (0..fut.cards as usize)
            .map(|i| (fut.suit[i], fut.rank[i], fut.equals[i], fut.score[i]))
            .collect();
        v.sort();
        v
    }

    /// Removes `rank` of `suit` from `hand` and plays it to the trick.
    fn play(dl: &mut deal, k: usize, hand: usize, suit: usize, rank: c_int) {
        dl.remainCards[hand][suit] &= !(1 << rank);
        dl.currentTrickSuit[k] = suit as c_int;
        dl.currentTrickRank[k] = rank;
    }

    #[test]
    fn list1_solves_like_dds() {
        let (r, fut) = solve(list1_deal(), -1, 3, 1);
        assert_eq!(r, RETURN_NO_FAULT);
        assert_eq!(fut.cards, 9);
        assert_eq!(&fut.score[..9], &[5, 5, 5, 5, 5, 5, 4, 4, 4]);
        // DDS's FUT line as a set (the order is the move ordering's).
        let mut expect = vec![
            (2, 5, 0, 5),
            (2, 8, 0, 5),
            (2, 11, 0, 5),
            (3, 10, 768, 5),
            (0, 6, 0, 5),
            (0, 12, 2048, 5),
            (1, 2, 0, 4),
            (1, 6, 32, 4),
            (1, 13, 0, 4),
        ];
        expect.sort();
        assert_eq!(answer(&fut), expect);
        assert_eq!(&fut.suit[9..], &[0; 4]);
        assert_eq!(&fut.score[9..], &[0; 4]);
    }

    #[test]
    fn range_checks_in_dds_order() {
        let d = list1_deal();
        assert_eq!(code(d, -2, 0, -1), RETURN_TARGET_WRONG_LO);
        assert_eq!(code(d, 14, 0, -1), RETURN_TARGET_WRONG_HI);
        assert_eq!(code(d, -1, 0, -1), RETURN_SOLNS_WRONG_LO);
        assert_eq!(code(d, -1, 4, -1), RETURN_SOLNS_WRONG_HI);
        assert_eq!(code(d, -1, 1, -1), RETURN_MODE_WRONG_LO);
        assert_eq!(code(d, -1, 1, 3), RETURN_MODE_WRONG_HI);
        let bad = deal {
            trump: 5,
            first: 4,
            ..d
        };
        assert_eq!(code(bad, -1, 1, 1), RETURN_TRUMP_WRONG);
        assert_eq!(code(deal { trump: -1, ..d }, -1, 1, 1), RETURN_TRUMP_WRONG);
        assert_eq!(code(deal { trump: 4, ..bad }, -1, 1, 1), RETURN_FIRST_WRONG);
    }

    #[test]
    fn current_trick_range_checks() {
        fn with(ranks: [c_int; 3], suits: [c_int; 3]) -> deal {
            let mut d = list1_deal();
            d.currentTrickRank = ranks;
            d.currentTrickSuit = suits;
            d
        }
        assert_eq!(code(with([1, 0, 0], [0; 3]), -1, 1, 1), RETURN_SUIT_OR_RANK);
        assert_eq!(
            code(with([15, 0, 0], [0; 3]), -1, 1, 1),
            RETURN_SUIT_OR_RANK
        );
        assert_eq!(
            code(with([5, 0, 0], [4, 0, 0]), -1, 1, 1),
            RETURN_SUIT_OR_RANK
        );
        assert_eq!(code(with([0, 5, 0], [0; 3]), -1, 1, 1), RETURN_SUIT_OR_RANK);
        assert_eq!(code(with([5, 0, 6], [0; 3]), -1, 1, 1), RETURN_SUIT_OR_RANK);
        // With 52 cards, in-range trick fields are ignored.
        let (r, fut) = solve(with([14, 5, 0], [3, 1, 0]), -1, 3, 1);
        assert_eq!((r, fut.cards), (RETURN_NO_FAULT, 9));
        // A rank-0 card's suit is not range-checked.
        assert_eq!(code(with([0, 0, 0], [9, 9, 9]), -1, 1, 1), RETURN_NO_FAULT);
    }

    #[test]
    fn holding_values() {
        let mut d = list1_deal();
        d.remainCards[1][0] = 3;
        assert_eq!(code(d, -1, 1, 1), RETURN_SUIT_OR_RANK);
        let mut d = list1_deal();
        d.remainCards[1][0] |= 0x8000;
        assert_eq!(code(d, -1, 1, 1), RETURN_SUIT_OR_RANK);
        // The two low bits of a valid holding are ignored.
        let mut d = list1_deal();
        d.remainCards[0][0] |= 1;
        assert_eq!(solve(d, -1, 3, 1).1.score[..9], [5, 5, 5, 5, 5, 5, 4, 4, 4]);
        // Range checks come before value checks.
        let mut d = list1_deal();
        d.remainCards[0][0] |= 0x7ffc;
        assert_eq!(code(d, -1, 1, 1), RETURN_TOO_MANY_CARDS);
        d.currentTrickRank[0] = 99;
        assert_eq!(code(d, -1, 1, 1), RETURN_SUIT_OR_RANK);
    }

    #[test]
    fn value_checks_in_dds_order() {
        assert_eq!(code(deal::default(), -1, 1, 1), RETURN_ZERO_CARDS);
        assert_eq!(code(deal::default(), 5, 1, 1), RETURN_ZERO_CARDS);
        let mut d = list1_deal();
        d.remainCards[0][0] |= 1 << 2;
        assert_eq!(code(d, -1, 1, 1), RETURN_TOO_MANY_CARDS);
        // North also holds West's S2 (and gives up HK to keep 13 cards).
        let mut d = list1_deal();
        d.remainCards[0][0] |= 1 << 2;
        d.remainCards[0][1] &= !(1 << 13);
        assert_eq!(code(d, -1, 1, 1), RETURN_DUPLICATE_CARDS);
        // Unequal hands.
        let mut d = list1_deal();
        d.remainCards[1][0] &= !(1 << 8);
        d.currentTrickRank[0] = 8;
        assert_eq!(code(d, -1, 1, 1), RETURN_CARD_COUNT);
        // Played card still held (N leads SJ but keeps it).
        let mut d = list1_deal();
        d.remainCards[0][0] &= !(1 << 12);
        d.currentTrickRank[0] = 11;
        assert_eq!(code(d, -1, 1, 1), RETURN_PLAYED_CARD);
    }

    #[test]
    fn target_too_high_counts_trick_in_progress() {
        // 48 cards: 12 tricks.
        let mut d = list1_deal();
        for (h, r) in [(0, 8), (1, 4), (2, 2), (3, 3)] {
            d.remainCards[h][3] &= !(1 << r);
        }
        assert_eq!(code(d, 13, 1, 1), RETURN_TARGET_TOO_HIGH);
        let (r, fut) = solve(d, 12, 1, 1);
        assert_eq!((r, fut.cards, fut.score[0]), (RETURN_NO_FAULT, 0, -1));
        // 51 cards: the trick in progress counts, 13 tricks.
        let mut d = list1_deal();
        play(&mut d, 0, 0, 0, 12);
        let (r, fut) = solve(d, 13, 1, 1);
        assert_eq!((r, fut.cards, fut.score[0]), (RETURN_NO_FAULT, 0, -1));
        // One card: one trick.
        let mut d = deal::default();
        d.remainCards[3][0] = 4;
        assert_eq!(code(d, 2, 1, 1), RETURN_TARGET_TOO_HIGH);
    }

    #[test]
    fn trick_in_progress_matches_dds() {
        // DDS 2.9.0: N leads SQ -> E: 03/0/8 08/128/8.
        let mut d = list1_deal();
        play(&mut d, 0, 0, 0, 12);
        let (r, fut) = solve(d, -1, 3, 1);
        assert_eq!(r, RETURN_NO_FAULT);
        assert_eq!(answer(&fut), vec![(0, 3, 0, 8), (0, 8, 128, 8)]);
    }

    #[test]
    fn phantom_card_matches_dds() {
        // 51 cards, rank 0 led in spades: DDS gives 08/128/9 03/0/9.
        let mut d = list1_deal();
        play(&mut d, 0, 0, 0, 12);
        d.currentTrickRank[0] = 0;
        let (r, fut) = solve(d, -1, 3, 1);
        assert_eq!(r, RETURN_NO_FAULT);
        assert_eq!(answer(&fut), vec![(0, 3, 0, 9), (0, 8, 128, 9)]);
        // A phantom in a suit outside 0..=3 (DDS reads out of bounds).
        d.currentTrickSuit[0] = 7;
        assert_eq!(code(d, -1, 3, 1), RETURN_SUIT_OR_RANK);
    }

    #[test]
    fn last_trick_ignores_target() {
        let mut d = deal::default();
        d.remainCards[0][0] = 1 << 14;
        d.remainCards[1][1] = 1 << 14;
        d.remainCards[2][2] = 1 << 14;
        d.remainCards[3][0] = 1 << 2;
        let (r, fut) = solve(d, 1, 1, 1);
        assert_eq!(
            (r, fut.cards, fut.suit[0], fut.rank[0], fut.score[0]),
            (1, 1, 0, 14, 1)
        );
        d.first = 1;
        let (_, fut) = solve(d, 1, 1, 1);
        assert_eq!((fut.suit[0], fut.rank[0], fut.score[0]), (1, 14, 0));
        d.trump = 1;
        assert_eq!(solve(d, -1, 3, 1).1.score[0], 1);
        assert_eq!(code(d, 2, 1, 1), RETURN_TARGET_TOO_HIGH);
    }

    #[test]
    fn thread_index_is_checked_first() {
        let d = deal {
            trump: 9,
            ..list1_deal()
        };
        let n = thread_count() as c_int;
        let mut fut = futureTricks::default();
        for bad in [-1, n, 1000] {
            assert_eq!(
                unsafe { SolveBoard(d, -2, 9, 9, &mut fut, bad) },
                RETURN_THREAD_INDEX
            );
        }
        assert_eq!(
            unsafe { SolveBoard(d, -2, 9, 9, &mut fut, n - 1) },
            RETURN_TARGET_WRONG_LO
        );
    }

    #[test]
    fn null_output_is_a_general_error_after_validation() {
        let d = list1_deal();
        assert_eq!(
            unsafe { SolveBoard(d, -1, 1, 1, std::ptr::null_mut(), 0) },
            RETURN_UNKNOWN_FAULT
        );
        assert_eq!(
            unsafe { SolveBoard(d, -2, 1, 1, std::ptr::null_mut(), 0) },
            RETURN_TARGET_WRONG_LO
        );
        let td = ddTableDeal {
            cards: d.remainCards,
        };
        assert_eq!(
            unsafe { CalcDDtable(td, std::ptr::null_mut()) },
            RETURN_UNKNOWN_FAULT
        );
    }

    #[test]
    fn pbn_variant() {
        let mut p = dealPBN {
            trump: 0,
            first: 0,
            currentTrickSuit: [0; 3],
            currentTrickRank: [0; 3],
            remainCards: pbn80("   N:"),
        };
        let mut fut = futureTricks::default();
        // The PBN text is checked before the thread index.
        assert_eq!(
            unsafe { SolveBoardPBN(p, -1, 3, 1, &mut fut, 99) },
            RETURN_PBN_FAULT
        );
        p.remainCards = pbn80(LIST1);
        assert_eq!(
            unsafe { SolveBoardPBN(p, -1, 3, 1, &mut fut, 99) },
            RETURN_THREAD_INDEX
        );
        assert_eq!(
            unsafe { SolveBoardPBN(p, 9, 2, 1, &mut fut, 0) },
            RETURN_NO_FAULT
        );
        assert_eq!((fut.cards, fut.score[0]), (0, -1));
        assert_eq!(
            unsafe { SolveBoardPBN(p, 0, 1, 1, &mut fut, 0) },
            RETURN_NO_FAULT
        );
        assert_eq!((fut.cards, fut.score[0], fut.nodes), (1, 0, 0));
    }

    #[test]
    fn pbn_groups_beyond_dds_hands() {
        let h = |t: &str| holdings_from_pbn(&pbn80(t));
        assert!(h(&format!("{LIST1} ")).is_ok());
        assert_eq!(h(&format!("{LIST1} A")), Err(RETURN_PBN_FAULT));
        assert_eq!(h("E:A... K... Q... J... T..."), Err(RETURN_PBN_FAULT));
        assert_eq!(h("W:A... K... Q... J... T... 9..."), Err(RETURN_PBN_FAULT));
        assert_eq!(
            h("S:A... K... Q... J... T... 9... 8..."),
            Err(RETURN_PBN_FAULT)
        );
        // DDS wraps once for West and South: the fifth group is West's.
        let w = h("W:A... K... Q... J... T...").unwrap();
        assert_eq!(w[3][0], (1 << 14) | (1 << 10));
        let s = h("S:A... K... Q... J... T... 9...").unwrap();
        assert_eq!(
            (s[2][0], s[3][0]),
            ((1 << 14) | (1 << 10), (1 << 13) | (1 << 9))
        );
    }

    #[test]
    fn concurrent_calls_with_distinct_indices() {
        let n = thread_count().max(1);
        let handles: Vec<_> = (0..n)
            .map(|i| {
                std::thread::spawn(move || {
                    let mut fut = futureTricks::default();
                    let r = unsafe { SolveBoard(list1_deal(), -1, 1, 1, &mut fut, i as c_int) };
                    let mut t = ddTableResults::default();
                    let rt = unsafe {
                        CalcDDtable(
                            ddTableDeal {
                                cards: list1_deal().remainCards,
                            },
                            &mut t,
                        )
                    };
                    (r, fut.score[0], rt, t.resTable[0][0])
                })
            })
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), (1, 5, 1, 5));
        }
        FreeMemory();
        assert_eq!(code(list1_deal(), -1, 1, 1), RETURN_NO_FAULT);
    }

    #[test]
    fn tables() {
        let expect = [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6];
        let mut t = ddTableResults::default();
        let td = ddTableDealPBN {
            cards: pbn80(LIST1),
        };
        assert_eq!(unsafe { CalcDDtablePBN(td, &mut t) }, RETURN_NO_FAULT);
        assert_eq!(t.resTable.concat(), expect);
        let bad = ddTableDealPBN { cards: pbn80("x") };
        assert_eq!(unsafe { CalcDDtablePBN(bad, &mut t) }, RETURN_PBN_FAULT);
        // 48 cards: DDS counts 13 minus the defenders' tricks.
        let mut cards = list1_deal().remainCards;
        for (h, r) in [(0, 8), (1, 4), (2, 2), (3, 3)] {
            cards[h][3] &= !(1 << r);
        }
        assert_eq!(
            unsafe { CalcDDtable(ddTableDeal { cards }, &mut t) },
            RETURN_NO_FAULT
        );
        assert_eq!(
            t.resTable.concat(),
            [6, 8, 6, 8, 7, 6, 7, 6, 6, 7, 6, 7, 8, 5, 8, 5, 7, 6, 7, 6]
        );
        let mut errs = |cards| unsafe { CalcDDtable(ddTableDeal { cards }, &mut t) };
        assert_eq!(errs([[0; 4]; 4]), RETURN_ZERO_CARDS);
        let mut c = list1_deal().remainCards;
        c[0][0] = 1;
        assert_eq!(errs(c), RETURN_SUIT_OR_RANK);
        let mut c = list1_deal().remainCards;
        c[0][0] |= 4;
        assert_eq!(errs(c), RETURN_TOO_MANY_CARDS);
        let mut c = list1_deal().remainCards;
        c[0][0] &= !(1 << 12);
        assert_eq!(errs(c), RETURN_CARD_COUNT);
        let mut c = list1_deal().remainCards;
        c[1][0] &= !(1 << 8);
        assert_eq!(errs(c), RETURN_CARD_COUNT);
    }
}
