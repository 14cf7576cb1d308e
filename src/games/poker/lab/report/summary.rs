//! The poker report's headline: the answer in words, from the model's
//! table of variants only.

use super::model::{PokerModel, VariantRow};

/// One node's strategy in words: `checks 63.5%, bets 20 (33% of the pot)
/// with 32.0% and 45 (75% of the pot) with 4.5%`.
fn node_words(pairs: &[(String, f64)], pot: &str, whose: &str) -> String {
    let pot: f64 = pot.parse().unwrap_or(f64::NAN);
    let mut parts = Vec::new();
    let mut bets = Vec::new();
    for (action, share) in pairs {
        let share = 100.0 * share;
        match action.split_at(action.len().min(1)) {
            ("x", _) => parts.push(format!("checks {share:.1}%{whose}")),
            ("b", amount) => {
                let size = amount.parse::<f64>().unwrap_or(f64::NAN) / pot;
                bets.push(format!(
                    "{amount} ({:.0}% of the pot) with {share:.1}%",
                    100.0 * size
                ));
            }
            _ => parts.push(format!("{action} {share:.1}%")),
        }
    }
    if !bets.is_empty() {
        parts.push(format!("bets {}", bets.join(" and ")));
    }
    parts.join(", ")
}

/// One variant in a sentence (the strategy clauses left out where the
/// spot's history puts the tree past OOP's first decision).
fn variant_sentence(row: &VariantRow) -> String {
    let mut play = Vec::new();
    if !row.oop_pairs.is_empty() {
        play.push(format!(
            "OOP {}",
            node_words(&row.oop_pairs, &row.pot, " of its range")
        ));
    }
    if !row.ip_pairs.is_empty() {
        play.push(format!(
            "checked to, IP {}",
            node_words(&row.ip_pairs, &row.pot, "")
        ));
    }
    let play = if play.is_empty() {
        String::new()
    } else {
        format!(", {}", play.join("; "))
    };
    format!(
        "{}: with a {} chip pot and {} behind{play}. OOP's value is {:.2} chips ({:.1}% of the pot), IP's {:.2}; exploitability {:.4}% of the pot (OOP's game value is in [{:.3}, {:.3}]).",
        row.variant,
        row.pot,
        row.stack,
        row.value[0],
        100.0 * row.oop_share,
        row.value[1],
        row.exploitability_pct,
        row.bracket[0],
        row.bracket[1],
    )
}

/// Which of `rows` is best for OOP and which worst, in a sentence that
/// starts with `lead` (and whether their brackets keep them apart); none
/// for fewer than two rows.
fn best_and_worst(lead: &str, rows: &[&VariantRow]) -> Option<String> {
    let by_value = |a: &&&VariantRow, b: &&&VariantRow| a.value[0].total_cmp(&b.value[0]);
    let best = rows.iter().max_by(by_value)?;
    let worst = rows.iter().min_by(by_value)?;
    (rows.len() > 1).then(|| {
        let apart = worst.bracket[1] < best.bracket[0];
        format!(
                "{lead}OOP does best under {} ({:.2} chips, {:.1}% of the pot) and worst under {} ({:.2} chips, {:.1}%), IP the other way round: a difference of {:.2} chips, {}.",
                best.variant,
                best.value[0],
                100.0 * best.oop_share,
                worst.variant,
                worst.value[0],
                100.0 * worst.oop_share,
                best.value[0] - worst.value[0],
                if apart {
                    "larger than the two solves' brackets, so it is not solver noise"
                } else {
                    "within the two solves' brackets, so they are not told apart"
                }
        )
    })
}

/// The headline sentences: which variant is best for OOP and which worst
/// at each stack and pot (over the whole grid when every variant has the
/// same ones, or each its own; up to three groups as one answer), then
/// one per variant.
pub fn headline(model: &PokerModel) -> Vec<String> {
    let all: Vec<&VariantRow> = model.variants.iter().collect();
    let mut groups: Vec<(&str, &str)> = Vec::new();
    for row in &all {
        if !groups.contains(&(&row.pot, &row.stack)) {
            groups.push((&row.pot, &row.stack));
        }
    }
    let mut out = Vec::new();
    if groups.len() < 2 || groups.len() == all.len() {
        out.extend(best_and_worst("", &all));
    } else {
        for (pot, stack) in groups {
            let rows: Vec<&VariantRow> = all
                .iter()
                .copied()
                .filter(|r| r.pot == pot && r.stack == stack)
                .collect();
            let lead = format!("With a {pot} chip pot and {stack} behind, ");
            out.extend(best_and_worst(&lead, &rows));
        }
        // Up to three stack and pot groups answer together.
        if (2..=3).contains(&out.len()) {
            out = vec![out.join(" ")];
        }
    }
    out.extend(all.iter().map(|row| variant_sentence(row)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_reads_as_checks_then_bets() {
        let pairs = [
            ("x".to_string(), 0.635),
            ("b20".to_string(), 0.32),
            ("b45".to_string(), 0.045),
        ];
        assert_eq!(
            node_words(&pairs, "60", ""),
            "checks 63.5%, bets 20 (33% of the pot) with 32.0% and 45 (75% of the pot) with 4.5%"
        );
    }
}
