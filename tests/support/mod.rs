//! What the tests and benches share that the library does not ship: the
//! per-history CFR engine ([`history_cfr`]), the poker toys it and the
//! vector-form engine are checked on ([`toys`]) and heads-up Banluck
//! history by history ([`banluck_history`]). A test file includes it with
//! `mod support;`, a bench with
//! `#[path = "../tests/support/mod.rs"] mod support;`.
#![allow(
    dead_code,
    unused_imports,
    reason = "each test and bench binary compiles the whole module and uses a part of it"
)]

pub mod banluck_history;
pub mod history_cfr;
pub mod toys;
