//! Studies that use more than one game family, above the games so that no
//! family uses another: [`compare`] sets Banluck's strategy beside
//! blackjack's.

pub mod compare;
