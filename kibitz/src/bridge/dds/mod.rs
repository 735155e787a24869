//! DDS 2.9's conventions, for a program that offers DDS's interface (the
//! C library is one): its error codes and texts, its input checks in its
//! order, and its resource rules (threads, memory cap, solver pool).
//!
//! ```
//! use kibitz::bridge::dds::{holdings_from_pbn, table_deal, DdsError};
//!
//! let pbn = b"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
//! let deal = table_deal(&holdings_from_pbn(pbn).unwrap()).unwrap();
//! assert_eq!(deal.len(), 52);
//! // DDS would write the fifth group of cards past its four hands.
//! assert_eq!(holdings_from_pbn(b"N:A K Q J T"), Err(DdsError::PbnFault));
//! assert_eq!(DdsError::PbnFault.code(), -99);
//! ```

mod error;
mod input;
pub mod resources;

pub use error::DdsError;
pub use input::{
    dds_row, deal_from_holdings, holdings_from_pbn, table_deal, RawBoard, RawHoldings,
};
