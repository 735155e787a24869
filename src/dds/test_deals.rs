//! Deals the unit tests of the DDS functions share.

use std::os::raw::c_char;

use super::{holdings_from_pbn, types::deal};
use crate::c_string::write_c_string;

/// DDS's `list1.txt` hand.
pub const LIST1: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

/// `text` as a PBN field of DDS's structs.
pub fn pbn80(text: &str) -> [c_char; 80] {
    let mut out = [0 as c_char; 80];
    write_c_string(&mut out, text);
    out
}

/// `LIST1` with spades trumps and North on lead.
pub fn list1_deal() -> deal {
    deal {
        trump: 0,
        first: 0,
        currentTrickSuit: [0; 3],
        currentTrickRank: [0; 3],
        remainCards: holdings_from_pbn(&pbn80(LIST1)).unwrap(),
    }
}
