//! Banluck's best chart against blackjack basic strategy.

use std::path::Path;

use banluck_lab::games::banluck::dp::Action;
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::blackjack::rules::load_blackjack_rules;
use banluck_lab::studies::compare::compare;

#[test]
fn each_chart_costs_in_the_other_game() {
    for banluck_file in ["rules/banluck.toml", "rules/upcard.toml"] {
        let banluck =
            CompiledRules::compile(load_rules(Some(Path::new(banluck_file)), &[]).unwrap());
        let blackjack =
            load_blackjack_rules(Some(Path::new("rules/blackjack-6d-s17.toml")), &[]).unwrap();
        let c = compare(&banluck, &blackjack);
        // Blackjack's hit/stand is a chart too: Banluck's best chart beats it.
        assert!(c.cost_in_banluck() > 0.0, "{banluck_file}: {c:?}");
        // Doubles and splits are worth more than any hit/stand rule.
        assert!(c.blackjack_ev > c.blackjack_ev_hit_stand, "{banluck_file}");
        assert!(
            c.blackjack_ev > c.blackjack_ev_with_banluck,
            "{banluck_file}"
        );
        let shown = c.cells.iter().any(|cell| cell.upcard.is_some());
        assert_eq!(shown, banluck_file.contains("upcard"));
        assert!(c.cells.iter().any(|cell| !cell.agree), "{banluck_file}");
        // Banluck forfeits below 16, so it hits a two-card hard 13 that
        // blackjack stands on against a 6.
        if let Some(hard13) = c.cells.iter().find(|cell| {
            cell.cards == 2 && cell.total == 13 && !cell.soft && cell.upcard == Some('6')
        }) {
            assert_eq!(hard13.banluck, Action::Hit, "{banluck_file}");
            assert_eq!(hard13.blackjack, Action::Stand, "{banluck_file}");
            assert!(!hard13.agree);
        } else {
            assert!(!shown, "{banluck_file}: no hard 13 against a 6");
        }
        println!(
            "{banluck_file}: Banluck chart {:+.4}, with blackjack's {:+.4}; blackjack best {:+.4}, hit/stand {:+.4}, Banluck's {:+.4}; {} of {} cells agree",
            c.banluck_ev_chart,
            c.banluck_ev_with_blackjack,
            c.blackjack_ev,
            c.blackjack_ev_hit_stand,
            c.blackjack_ev_with_banluck,
            c.cells.iter().filter(|x| x.agree).count(),
            c.cells.len()
        );
    }
}
