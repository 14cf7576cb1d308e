//! What `banluck-lab solve` prints for people: the exact solution with its
//! best chart, and the equilibrium with its exploits.

use crate::games::banluck::dp::{Action, DpSolution};
use crate::games::banluck::equilibrium::{EquilibriumSolution, Exploit};
use crate::games::banluck::rules::CompiledRules;
pub(crate) fn print_human(rules: &str, table: &CompiledRules, s: &DpSolution) {
    println!(
        "{} (rules hash {}), exact solver against the fixed dealer, {:.1} ms",
        rules,
        table.hash(),
        s.seconds * 1e3
    );
    println!();
    println!(
        "  EV per hand, perfect play:   {:+.6} units  (house edge {:.3}%)",
        s.ev,
        -s.ev * 100.0
    );
    println!(
        "  EV per hand, best chart:     {:+.6} units  (the chart costs {:.6})",
        s.ev_chart,
        s.ev - s.ev_chart
    );
    println!("  standard deviation per hand: {:.4} units", s.std_dev);
    println!(
        "  void (dealer surrender) rate: {:.4}%",
        s.void_rate * 100.0
    );
    println!();
    println!("  payoff   probability");
    for (value, probability) in &s.outcomes {
        println!("  {value:>+6}   {probability:.6}");
    }
    println!();
    print_chart(s);
}

fn print_chart(s: &DpSolution) {
    let upcards: Vec<Option<char>> = {
        let mut u: Vec<Option<char>> = s.chart.iter().map(|c| c.upcard).collect();
        u.sort();
        u.dedup();
        u
    };
    let card_counts: Vec<u8> = {
        let mut c: Vec<u8> = s.chart.iter().map(|c| c.cards).collect();
        c.sort();
        c.dedup();
        c
    };
    println!(
        "Best chart: H hit, S stand; * = perfect play differs for some hands in the cell; . = no choice"
    );
    for upcard in &upcards {
        if let Some(card) = upcard {
            println!();
            println!("Dealer shows {card}");
        }
        print!("{:<9}", "total");
        for cards in &card_counts {
            print!(" {:>8}", format!("{cards} cards"));
        }
        println!();
        for soft in [false, true] {
            for total in (4..=21u8).rev() {
                let row: Vec<String> = card_counts
                    .iter()
                    .map(|&cards| {
                        s.chart
                            .iter()
                            .find(|c| {
                                c.upcard == *upcard
                                    && c.cards == cards
                                    && c.total == total
                                    && c.soft == soft
                            })
                            .map_or(".".to_string(), |c| {
                                let letter = if c.action == Action::Hit { "H" } else { "S" };
                                let mixed =
                                    c.optimal_hit_share > 1e-9 && c.optimal_hit_share < 1.0 - 1e-9;
                                format!("{letter}{}", if mixed { "*" } else { "" })
                            })
                    })
                    .collect();
                if row.iter().all(|cell| cell == ".") {
                    continue;
                }
                print!(
                    "{:<9}",
                    format!("{} {total}", if soft { "soft" } else { "hard" })
                );
                for cell in row {
                    print!(" {cell:>8}");
                }
                println!();
            }
        }
    }
}

/// Prints an equilibrium solution: the answer, the habits' EVs and the
/// player's compact chart; with `full`, every cell of both charts instead
/// of the compact chart.
pub(crate) fn print_equilibrium(
    rules: &str,
    s: &EquilibriumSolution,
    exploits: &[Exploit],
    full: bool,
) {
    println!(
        "{} (rules hash {}), CFR equilibrium with a strategic dealer",
        rules, s.rules_hash
    );
    println!();
    println!(
        "  game value per hand:   {:+.7} units (player's view)",
        s.value
    );
    println!(
        "  exploitability:        {:.2e} units per hand (bounds {:+.7} .. {:+.7})",
        s.exploitability, s.value_lower, s.value_upper
    );
    println!(
        "  iterations:            {} in {:.2} s ({} kernel entries)",
        s.iterations, s.seconds, s.kernel_entries
    );
    println!(
        "  reveal frequency:      {:.4} (the dealer stops at a reveal total facing 3+ cards)",
        s.reveal_frequency
    );
    println!(
        "  surrender frequency:   {:.4} (of dealt hard 15s)",
        s.surrender_frequency
    );
    println!();
    println!("Habits: EV per hand against the fixed dealer and against a dealer who exploits them");
    for e in exploits {
        println!(
            "  {:<40} {:+.5}   {:+.5}",
            e.habit, e.ev_vs_fixed_dealer, e.ev_vs_best_dealer
        );
    }
    println!();
    if !full {
        crate::cli::banluck::cfr_chart_out::print_compact_chart(&s.player_chart);
        return;
    }
    println!("Player: hit frequency by cell");
    for (i, cell) in s.player_chart.iter().enumerate() {
        upcard_heading(
            cell.upcard,
            i.checked_sub(1).map(|j| s.player_chart[j].upcard),
        );
        println!(
            "  {} cards {} {:>2}: hit {:.3}",
            cell.cards,
            if cell.soft { "soft" } else { "hard" },
            cell.total,
            cell.hit
        );
    }
    println!();
    println!("Dealer: draw / stand / reveal by cell and player card count");
    for (i, cell) in s.dealer_chart.iter().enumerate() {
        upcard_heading(
            cell.upcard,
            i.checked_sub(1).map(|j| s.dealer_chart[j].upcard),
        );
        println!(
            "  {} cards {} {:>2} vs {} cards: hit {:.3} stand {:.3} reveal {:.3}",
            cell.cards,
            if cell.soft { "soft" } else { "hard" },
            cell.total,
            cell.player_cards,
            cell.hit,
            cell.stand,
            cell.reveal
        );
    }
}

/// Prints "dealer shows X" before the first cell of each upcard (nothing
/// without an upcard).
fn upcard_heading(upcard: Option<char>, previous: Option<Option<char>>) {
    if let Some(card) = upcard.filter(|_| previous != Some(upcard)) {
        println!(" dealer shows {card}");
    }
}
