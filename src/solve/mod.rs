pub mod cfr;
