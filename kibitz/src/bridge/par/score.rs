//! Bridge scores as the par algorithms use them.

/// Score of a contract bid and made exactly, undoubled: `denom` in par order
/// (0 = NT, 1 = S, 2 = H, 3 = D, 4 = C), `tricks` 7..=13.
pub(crate) fn made(denom: i32, tricks: i32, vul: bool) -> i32 {
    let level = tricks - 6;
    let (trick_points, game_level) = match denom {
        0 => (30 * level + 10, 3),
        1 | 2 => (30 * level, 4),
        _ => (20 * level, 5),
    };
    let bonus = match (level >= game_level, vul) {
        (true, true) => 500,
        (true, false) => 300,
        (false, _) => 50,
    };
    let slam = match (level, vul) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    trick_points + bonus + slam
}

/// Declarer's score for a doubled contract going `down` (>= 1) tricks down
/// (negative). Kidd's formula, also applied by DDS to `down` <= 0.
pub(crate) fn doubled_down(down: i32, vul: bool) -> i32 {
    if vul {
        -300 * down + 100
    } else if down <= 3 {
        -200 * down + 100
    } else {
        -300 * down + 400
    }
}

/// The penalty collected against a doubled contract `down` 0..=13 tricks
/// down (positive, 0 for none).
pub(crate) fn penalty(down: i32, vul: bool) -> i32 {
    if down == 0 {
        0
    } else {
        -doubled_down(down, vul)
    }
}

/// Contract number 1..=35 (1 = 1C, 2 = 1D, ..., 5 = 1NT, ..., 35 = 7NT) of
/// a level and a `dno` (0 = C, 1 = D, 2 = H, 3 = S, 4 = NT).
pub(crate) fn contract_no(level: i32, dno: i32) -> i32 {
    5 * (level - 1) + dno + 1
}

/// Level of a contract number.
pub(crate) fn no_level(no: i32) -> i32 {
    (no - 1) / 5 + 1
}

/// `dno` (0 = C .. 4 = NT) of a contract number.
pub(crate) fn no_dno(no: i32) -> i32 {
    (no - 1) % 5
}

/// Par denomination code (0 = NT, 1 = S, ...) of a `dno`.
pub(crate) fn dno_to_par(dno: i32) -> i32 {
    [4, 3, 2, 1, 0][dno as usize]
}

/// Score of contract number `no` bid and made exactly.
pub(crate) fn contract_score(no: i32, vul: bool) -> i32 {
    made(dno_to_par(no_dno(no)), no_level(no) + 6, vul)
}

/// The most undertricks a doubled sacrifice (by a side with vulnerability
/// `sac_vul`) against contract `no` may cost and still gain.
pub(crate) fn down_target(no: i32, decl_vul: bool, sac_vul: bool) -> i32 {
    let value = contract_score(no, decl_vul);
    (0..=13)
        .take_while(|&d| penalty(d, sac_vul) < value)
        .last()
        .unwrap_or(0)
}

/// The lowest contract in the same denomination that keeps the bonus
/// (part score, game or slam) of contract `no`.
pub(crate) fn floor_contract(no: i32) -> i32 {
    let (level, dno) = (no_level(no), no_dno(no));
    let game = match dno {
        4 => 3,
        3 | 2 => 4,
        _ => 5,
    };
    if level >= 6 {
        no
    } else if level >= game {
        contract_no(game, dno)
    } else {
        contract_no(1, dno)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_scores() {
        assert_eq!(made(0, 9, false), 400); // 3NT
        assert_eq!(made(0, 9, true), 600);
        assert_eq!(made(2, 8, false), 110); // 2H
        assert_eq!(made(4, 11, true), 600); // 5C
        assert_eq!(made(1, 12, false), 980); // 6S
        assert_eq!(made(0, 13, true), 2220); // 7NT
        assert_eq!(contract_score(16, false), 130); // 4C
    }

    #[test]
    fn penalties() {
        assert_eq!(penalty(1, false), 100);
        assert_eq!(penalty(3, false), 500);
        assert_eq!(penalty(4, false), 800);
        assert_eq!(penalty(2, true), 500);
        assert_eq!(penalty(0, true), 0);
    }

    #[test]
    fn targets_and_floors() {
        // 3NT non-vulnerable (400): 2 down non-vulnerable (300) still pays.
        assert_eq!(down_target(15, false, false), 2);
        assert_eq!(down_target(15, false, true), 1);
        assert_eq!(down_target(28, true, false), 6); // 6H vul, 1430 > 1400
        assert_eq!(down_target(3, true, true), 0); // 1H
        assert_eq!(floor_contract(20), 15); // 4NT -> 3NT
        assert_eq!(floor_contract(23), 18); // 5H -> 4H
        assert_eq!(floor_contract(17), 2); // 4D -> 1D
        assert_eq!(floor_contract(30), 30);
    }
}
