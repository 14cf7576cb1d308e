//! The baccarat report's headline: the answer in words, from the model's
//! tables only.

use super::model::{BaccaratModel, CountRow, EdgeRow};

/// House edges as "Banker 1.02%, Player 1.24%, …" (the edge is minus the
/// EV).
fn edges_text(names: &[&str], row: &EdgeRow) -> String {
    names
        .iter()
        .zip(&row.ev)
        .map(|(name, ev)| format!("{name} {:.2}%", -100.0 * ev))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A whole number with thousands separators.
fn grouped(x: f64) -> String {
    let digits = format!("{x:.0}");
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "+0.53 ± 0.03".
fn pm(x: f64, se: f64) -> String {
    format!("{x:+.2} ± {se:.2}")
}

/// The headline sentences: the answer of at most three sentences (the
/// house edges under the first payouts, the burn and the cut card, the
/// best side-bet counter), then one sentence per finding.
pub fn headline(model: &BaccaratModel) -> Vec<String> {
    let findings = findings(model);
    let mut answer: Vec<String> = findings.first().cloned().into_iter().collect();
    if !model.sims.is_empty() && model.exact_ignores_shoe {
        answer.push(format!(
            "The burn and the cut card change no main bet's edge (exact, and all {} simulations agree).",
            model.sims.len()
        ));
    }
    answer.extend(best_counter(&model.counts));
    std::iter::once(answer.join(" ")).chain(findings).collect()
}

/// The side-bet counter that expects to win most per shoe at the most
/// decks, in words.
fn best_counter(rows: &[CountRow]) -> Option<String> {
    let decks = best_decks(rows)?.decks;
    let best = rows
        .iter()
        .filter(|r| r.decks == decks)
        .max_by(|a, b| a.counter.ev_per_shoe.total_cmp(&b.counter.ev_per_shoe))?;
    Some(format!(
        "A side-bet counter wins at most {} units per shoe at {} decks (a {} counter, {}; simulated, each hand valued exactly).",
        pm(best.counter.ev_per_shoe, best.counter.ev_per_shoe_se),
        best.decks,
        best.bet,
        best.shoe
    ))
}

/// One sentence per finding: the house edges per payouts, the burn and
/// the cut card, counting by shoe setting, and each counter at the most
/// decks.
fn findings(model: &BaccaratModel) -> Vec<String> {
    let mut out = Vec::new();
    for table in &model.edges {
        let (Some(few), Some(many)) = (table.rows.first(), table.rows.last()) else {
            continue;
        };
        let mut text = format!(
            "House edge with {} payouts (exact): at {} decks {}",
            table.payouts,
            many.decks,
            edges_text(&model.bets, many)
        );
        if few.decks != many.decks {
            text.push_str(&format!(
                "; at {} decks {}",
                few.decks,
                edges_text(&model.bets, few)
            ));
        }
        text.push('.');
        out.push(text);
    }
    if !model.sims.is_empty() {
        let worst = model.sims.iter().map(|s| s.max_abs_z).fold(0.0, f64::max);
        let worst_main = model
            .sims
            .iter()
            .flat_map(|s| s.main.iter().map(|m| m[3].abs()))
            .filter(|z| z.is_finite())
            .fold(0.0, f64::max);
        let hands = model
            .sims
            .iter()
            .map(|s| s.hands)
            .fold(f64::INFINITY, f64::min);
        out.push(format!(
            "Burn and cut card change nothing for the main bets: the exact figures depend only on the decks and the payouts ({}), and all {} simulations of at least {} coups agree with them (largest |z| {:.2} over the five outcome frequencies and {:.2} over the Banker and Player results, of every variant).",
            if model.exact_ignores_shoe {
                "identical for every shoe setting here"
            } else {
                "NOT identical across shoe settings here: check the engine"
            },
            model.sims.len(),
            grouped(hands),
            worst,
            worst_main
        ));
    }
    if let Some(sentence) = counting_by_shoe(&model.counts) {
        out.push(sentence);
    }
    if let Some(best) = best_decks(&model.counts) {
        let rows: Vec<&CountRow> = model
            .counts
            .iter()
            .filter(|r| r.decks == best.decks && r.shoe == best.shoe && r.payouts == best.payouts)
            .collect();
        for r in rows {
            out.push(format!(
                "{} counter at {} decks ({}): bets {:.1}% of hands from true count {:+.1}, at an edge of {:+.3} (the exact EV of the hands it bet; {} won per unit bet in this run), and wins {} units per shoe in expectation ({} actually won); perfect information bounds it at {} units per shoe ({:.1}% of hands bet).",
                r.bet,
                r.decks,
                r.shoe,
                100.0 * r.counter.share,
                r.trigger,
                r.counter.ev_per_shoe / (r.counter.share * r.hands_per_shoe),
                pm(r.counter.edge, r.counter.edge_se),
                pm(r.counter.ev_per_shoe, r.counter.ev_per_shoe_se),
                pm(r.counter.won_per_shoe, r.counter.won_per_shoe_se),
                pm(r.perfect.ev_per_shoe, r.perfect.ev_per_shoe_se),
                100.0 * r.perfect.share
            ));
        }
    }
    out
}

/// The first count row: the base variant.
fn best_decks(rows: &[CountRow]) -> Option<&CountRow> {
    let most = rows.iter().map(|r| r.decks).max()?;
    rows.iter().find(|r| r.decks == most)
}

/// How the shoe setting moves what a Dragon 7 counter expects, at the most
/// decks and the first payouts.
fn counting_by_shoe(rows: &[CountRow]) -> Option<String> {
    let base = best_decks(rows)?;
    let same: Vec<&CountRow> = rows
        .iter()
        .filter(|r| r.decks == base.decks && r.payouts == base.payouts && r.bet == base.bet)
        .collect();
    if same.len() < 2 {
        return None;
    }
    let parts: Vec<String> = same
        .iter()
        .map(|r| {
            format!(
                "{} with {} (perfect information {})",
                pm(r.counter.ev_per_shoe, r.counter.ev_per_shoe_se),
                r.shoe,
                pm(r.perfect.ev_per_shoe, r.perfect.ev_per_shoe_se)
            )
        })
        .collect();
    Some(format!(
        "They matter for counting: at {} decks a {} counter expects {} units per shoe.",
        base.decks,
        base.bet,
        parts.join(", ")
    ))
}
