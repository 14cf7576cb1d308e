//! `blackjack advise` (and `advise` with a blackjack rules file): the
//! exact engine's best move for one hand with each move's EV, as text or
//! JSON.

use crate::cli::CliError;
use crate::cli::output::{Output, print_json};
use crate::games::blackjack::advise::advise;
use crate::games::blackjack::chart::Move;
use crate::games::blackjack::rules::BlackjackRules;
use crate::rules::{Override, RulesText, load_layered_text};

/// The move as a word.
fn word(best: Move) -> &'static str {
    match best {
        Move::Stand => "STAND",
        Move::Hit => "HIT",
        Move::DoubleHit | Move::DoubleStand => "DOUBLE",
        Move::Split => "SPLIT",
        Move::SurrenderHit | Move::SurrenderStand => "SURRENDER",
    }
}

/// Advises `hand` against `upcard` under the blackjack rules `text` (read
/// once) with `overrides`.
pub fn run(
    text: &RulesText,
    overrides: &[Override],
    hand: &str,
    upcard: &str,
    out: Output,
) -> Result<(), CliError> {
    let rules: BlackjackRules = load_layered_text(Some(text), overrides)?;
    let advice = advise(&rules, hand, upcard).map_err(|e| CliError::input(e.to_string()))?;
    match out {
        Output::Json => return print_json(&advice),
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    let row = &advice.row;
    println!(
        "{} ({}{}) against a dealer {}: {}",
        row.hand,
        if row.soft { "soft " } else { "" },
        row.total,
        row.upcard,
        word(row.best_move)
    );
    let mut moves = vec![
        format!("stand EV {:+.4}", row.stand),
        format!("hit EV {:+.4}", row.hit),
    ];
    for (name, ev) in [
        ("double", row.double),
        ("split", row.split),
        ("surrender", row.surrender),
    ] {
        if let Some(ev) = ev {
            moves.push(format!("{name} EV {ev:+.4}"));
        }
    }
    println!("  {}   (units per initial bet)", moves.join("   "));
    Ok(())
}
