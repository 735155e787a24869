//! Par scores and contracts of a double dummy table, as DDS 2.9 computes
//! them.
//!
//! Two algorithms, both reproduced exactly (including their quirks on tables
//! no deal can produce):
//! - [`sides_par`] (Matthew Kidd's method, DDS's `SidesParBin`): the par of
//!   each side when that side starts the bidding; `Par`'s strings
//!   ([`ParStrings`]) are made from it.
//! - [`dealer_par`] (DDS's `DealerPar`): the par when the dealer's side has
//!   the first chance to bid; [`dealer_par_master`] is its binary form.
//!
//! Text formats are `Display` implementations: [`ParStrings`],
//! [`DealerParResult`], [`DealerText`] and [`SidesText`].

mod dealer;
mod kidd;
mod score;
mod text;
mod types;

pub use dealer::{dealer_par, dealer_par_master};
pub use kidd::{sides_par, sides_par_code};
pub use text::{
    converter_text, sides_contract_text, DealerText, ParStrings, RawContract, SidesText,
};
pub use types::{
    DealerContract, DealerParResult, ParContract, ParDenom, ParSeats, SidePar, Vulnerability,
};
