//! `kind = "counting"`: can a Banluck player count cards? The study
//! answers for a fresh deck every round (exactly 0: the counter sees none
//! of the cards its round is dealt from), values the count derived from
//! the exact effects of removal on decks sampled at several penetrations
//! (the exact partial-deck DP per deck, binned by the true count), values
//! what a seat sees within a round at a table of K seats
//! ([`crate::games::banluck::table::info`]), and simulates the counter, the
//! flat bettor and the perfect-information bettor by penetration and table
//! size ([`crate::games::banluck::counting::count_study`]). Its parameters
//! are [`CountingSpec`] (`[counting]`); as the one study skeleton's kind
//! ([`CountingStudy`]) it writes Parquet tables and a manifest and renders
//! `templates/counting.{md,html}.tera` from them alone.

mod answer;
mod headline;
mod kind;
mod load;
mod model;
mod outputs;
mod run;
mod spec;
mod win_rate;

pub use headline::counting_headline;
pub use kind::CountingStudy;
pub use load::MAX_DECKS;
pub use model::CountingModel;
pub use outputs::{
    BY_COUNT, COUNT, COUNTING_HTML_TEMPLATE, COUNTING_MARKDOWN_TEMPLATE, DECKS, EFFECTS, SHOWN,
    WIN_RATE, WITHIN_ROUND,
};
pub use run::{
    BinRow, CountRow, CountingTables, DeckRow, EffectRow, ShownTableRow, TimingRow, WithinRoundRow,
    run_counting,
};
pub use spec::{CountingExperiment, CountingSpec};
pub use win_rate::WinRateRow;
