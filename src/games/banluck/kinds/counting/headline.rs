//! The counting report's answer in words, from its tables alone.

use super::answer::{counting_answer, deep_row};
use super::run::CountingTables;

/// The answer of at most three sentences ([`counting_answer`]) first,
/// then one sentence per finding: the fresh deck, the count, the exact EV
/// of decks dealt through, the simulated counter, the rounds that run out
/// of cards, and what a seat sees within a round.
pub fn counting_headline(tables: &CountingTables) -> Vec<String> {
    let mut sentences: Vec<String> = counting_answer(tables).into_iter().collect();
    if let Some(count) = tables.count.first() {
        sentences.push(format!(
            "With a fresh deck every round, counting is worth exactly 0 because the counter sees no card of the deck its round is dealt from before it bets or plays: every round starts from the full deck, so the count is always 0 and the counter bets and plays exactly as the flat bettor does (computed: {:+.6} units per round).",
            count.fresh_deck_gain
        ));
        let tags: Vec<String> = tables
            .effects
            .iter()
            .map(|e| format!("{} {:+}", e.rank, e.tag))
            .collect();
        sentences.push(format!(
            "The count derived from the exact effects of removal tags {} (level {}, betting correlation {:.3}); seeing one card before a round is worth {:+.6} units per round on average, against a house edge of {:.4} per round with the full deck.",
            tags.join(", "),
            count.level,
            count.betting_correlation,
            count.one_card_gain,
            -count.ev_full
        ));
    }
    let mut penetrations: Vec<f64> = Vec::new();
    for d in &tables.decks {
        if !penetrations.contains(&d.penetration) {
            penetrations.push(d.penetration);
        }
    }
    if let Some(&deepest) = penetrations.iter().max_by(|a, b| a.total_cmp(b)) {
        let decks: Vec<f64> = tables
            .decks
            .iter()
            .filter(|d| d.penetration == deepest)
            .map(|d| d.ev)
            .collect();
        let n = decks.len() as f64;
        let positive = decks.iter().filter(|&&e| e > 0.0).count() as f64 / n;
        let mean_positive = decks.iter().map(|&e| e.max(0.0)).sum::<f64>() / n;
        sentences.push(format!(
            "Dealt to {:.0} % of the deck, {:.1} % of the {} sampled decks leave a positive exact EV; a bettor who knew the exact EV and bet only then (1 unit) would win {:+.3} units per 100 rounds on those decks, the upper bound on what information before the bet is worth there.",
            100.0 * deepest,
            100.0 * positive,
            decks.len(),
            100.0 * mean_positive
        ));
    }
    let deep = deep_row(tables);
    if let Some(r) = deep {
        let fresh = tables
            .win_rate
            .iter()
            .find(|f| f.seats == r.seats && f.penetration == 0.0);
        sentences.push(format!(
            "Dealt to {:.0} % penetration at a table of {}, a 1–8 spread that plays the composition-dependent optimum of the cards left wins {:+.2} ± {:.2} units per 100 rounds (mean bet {:.3} units) where the flat bettor on the full deck's optimum wins {:+.2} ± {:.2}: counting gains {:+.3} ± {:.3} units per 100 rounds, of which the play {:+.3} ± {:.3}, and {:+.5} ± {:.5} per unit bet{}. {:.2} % of the rounds are played at a positive edge; the perfect-information bettor (8 units exactly when the exact EV of the cards left is positive) wins {:+.2} ± {:.2} per 100 rounds (a gain of {:+.3} ± {:.3}), the upper bound. These are exact expected wins of {} solved rounds of {}, each dealt from the cards left; the {:.1} % of rounds with fewer than 10 cards left are not valued.",
            100.0 * r.penetration,
            r.seats,
            r.counter_per_100,
            r.counter_std_error,
            r.counter_mean_bet,
            r.base_per_100,
            r.base_std_error,
            r.counter_gain_per_100,
            r.counter_gain_std_error,
            r.play_gain_per_100,
            r.play_gain_std_error,
            r.gain_per_unit_bet,
            r.gain_std_error,
            fresh.map_or(String::new(), |f| format!(
                " (with a fresh deck every round: {:+.5} ± {:.5})",
                f.gain_per_unit_bet, f.gain_std_error
            )),
            100.0 * r.share_positive,
            r.perfect_per_100,
            r.perfect_std_error,
            r.perfect_gain_per_100,
            r.perfect_gain_std_error,
            r.exact_rounds,
            r.rounds,
            100.0 * r.short_share
        ));
    }
    if let Some(sentence) = run_out_sentence(tables) {
        sentences.push(sentence);
    }
    let at = |k: u32| tables.within_round.iter().find(|r| r.seats == k);
    if let Some(row) = at(4).or_else(|| tables.within_round.iter().max_by_key(|r| r.seats)) {
        let most = tables
            .within_round
            .iter()
            .max_by_key(|r| r.seats)
            .map_or(row.exact_gain, |r| r.exact_gain);
        sentences.push(format!(
            "Seeing other seats' specials is worth {:+.7} units per round at a table of {} (exact; simulated {:+.7} ± {:.7}), and {:+.7} at the largest table: the Ban Ban and Ban Luck turned over at the deal shift the deck by a few aces and tens, which changes almost no decision. The dealer's early settlements come after every seat has acted, so within a round they inform nobody.",
            row.exact_gain, row.seats, row.sim_gain, row.sim_std_error, most
        ));
    }
    sentences
}

/// What the rounds that run out of cards do, at the deepest penetration
/// simulated.
fn run_out_sentence(tables: &CountingTables) -> Option<String> {
    let deepest = tables
        .win_rate
        .iter()
        .map(|r| r.penetration)
        .max_by(|a, b| a.total_cmp(b))
        .filter(|&p| p > 0.0)?;
    let rows: Vec<&super::WinRateRow> = tables
        .win_rate
        .iter()
        .filter(|r| r.penetration == deepest && r.run_out_share > 0.0)
        .collect();
    if rows.is_empty() {
        return None;
    }
    let each = |f: &dyn Fn(&super::WinRateRow) -> String| {
        rows.iter()
            .map(|r| {
                let plural = if r.seats == 1 { "" } else { "s" };
                format!("{} at {} seat{plural}", f(r), r.seats)
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    Some(format!(
        "When the stub runs out during a round ({} of the rounds dealt to {:.0} %), the house shuffles the discards and deals on: seat 1 has its cards from the counted stub, the dealer draws from the discards, whose composition is the opposite of the stub's. There the ramp's bets on the chart gain {} per unit bet, against {} in the rounds dealt from the stub alone. The simulation is right and the gain is real under this house practice, but it is not what the count knows about the cards the round is dealt from: the exact figures above deal the whole round from the stub and leave it out. Played out, the counter's solved rounds there (mostly short stubs near break-even) win {} units per 100 rounds more than their exact value: the stub's optimum is played on cards that partly come from the discards, so at that penetration the exact figures value the round dealt from the stub, not this house practice.",
        each(&|r| format!("{:.1} %", 100.0 * r.run_out_share)),
        100.0 * deepest,
        each(&|r| format!(
            "{:+.4} ± {:.4}",
            r.after_seat_gain_per_unit_bet, r.after_seat_gain_std_error
        )),
        each(&|r| format!(
            "{:+.4} ± {:.4}",
            r.stub_gain_per_unit_bet, r.stub_gain_std_error
        )),
        each(&|r| format!(
            "{:+.2} ± {:.2}",
            r.played_minus_exact_per_100, r.played_minus_exact_std_error
        )),
    ))
}
