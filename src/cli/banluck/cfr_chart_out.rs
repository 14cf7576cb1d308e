//! The equilibrium player's compact chart: one row per card count and
//! hard/soft (per upcard with `dealer.upcard = true`), one column per total,
//! each cell H (always hit), S (always stand) or the share of hits in
//! percent. `solve --engine cfr --full` prints every cell on its own line.

use crate::games::banluck::equilibrium::PlayerCell;

/// A cell's mark: H or S when the strategy is pure to three decimals (as
/// `--full` prints it), else the share of hits in percent (1 to 99).
fn mark(hit: f64) -> String {
    if hit >= 0.9995 {
        "H".to_string()
    } else if hit < 0.0005 {
        "S".to_string()
    } else {
        format!("{:.0}", (hit * 100.0).round().clamp(1.0, 99.0))
    }
}

/// Prints the compact chart of `cells` (in the solver's order: by upcard,
/// then card count, hard before soft, then total).
pub fn print_compact_chart(cells: &[PlayerCell]) {
    let (Some(low), Some(high)) = (
        cells.iter().map(|c| c.total).min(),
        cells.iter().map(|c| c.total).max(),
    ) else {
        return;
    };
    println!(
        "Player: H hit, S stand, a number the share of hits in %, by total (every cell and the dealer's chart: --full)"
    );
    let header: String = (low..=high).map(|t| format!("{t:>4}")).collect();
    let mut previous: Option<&PlayerCell> = None;
    let mut line = String::new();
    for cell in cells {
        let same_upcard = previous.is_some_and(|p| p.upcard == cell.upcard);
        let same_row =
            same_upcard && previous.is_some_and(|p| (p.cards, p.soft) == (cell.cards, cell.soft));
        if !same_row && !line.is_empty() {
            println!("{line}");
            line.clear();
        }
        if !same_upcard {
            if let Some(card) = cell.upcard {
                println!(" dealer shows {card}");
            }
            println!("{:<14}{header}", "");
        }
        let from = match previous {
            Some(p) if same_row => p.total + 1,
            _ => {
                let kind = if cell.soft { "soft" } else { "hard" };
                line = format!("  {} cards {kind}", cell.cards);
                low
            }
        };
        for _ in from..cell.total {
            line.push_str("    ");
        }
        line.push_str(&format!("{:>4}", mark(cell.hit)));
        previous = Some(cell);
    }
    if !line.is_empty() {
        println!("{line}");
    }
}
