//! Published rule effects to set beside the computed ones: the Wizard of
//! Odds (Michael Shackleford) table of blackjack rule variations, in
//! percent of the initial bet, relative to eight decks, S17, double any
//! two, DAS, resplit to four hands, no surrender, 3:2. Each figure is
//! converted to a base of six decks with late surrender where the change
//! is measured from such a base (see [`published_effect`]).

/// The source, as cited in the report.
pub const SOURCE: &str = "Wizard of Odds (Michael Shackleford), blackjack rule variations table, \
     wizardofodds.com/games/blackjack/ (base: 8 decks, S17, double any two, DAS, resplit to 4, \
     no surrender, 3:2)";

/// The table's deck-count effects against eight decks.
const DECKS: [(u64, f64); 6] = [
    (1, 0.48),
    (2, 0.19),
    (4, 0.06),
    (5, 0.03),
    (6, 0.02),
    (8, 0.0),
];

/// The table's late-surrender effect.
const LATE_SURRENDER: f64 = 0.08;

/// The table's early surrender against a ten and against an ace; full
/// early surrender is their sum.
const EARLY_SURRENDER: f64 = 0.24 + 0.39;

/// The table's figure for one `key=value` change, in percent, converted
/// to a base of `base_decks` decks whose surrender is `base_late` (late)
/// or none, with a note on how it was converted; `None` where the table
/// has no such row.
pub fn published_effect(
    setting: &str,
    base_decks: u64,
    base_late: bool,
) -> Option<(f64, &'static str)> {
    let (key, value) = setting.split_once('=')?;
    let deck_effect = |d: u64| DECKS.iter().find(|(n, _)| *n == d).map(|(_, e)| *e);
    let plain = |x: f64| Some((x, ""));
    match (key, value) {
        ("deck.decks", v) => {
            let to = deck_effect(v.parse().ok()?)?;
            let from = deck_effect(base_decks)?;
            Some((
                to - from,
                if base_decks == 8 {
                    ""
                } else {
                    "difference of the table's deck rows"
                },
            ))
        }
        ("dealer.hit_soft_17", "true") => plain(-0.22),
        ("double.after_split", "false") => plain(-0.14),
        ("double.allowed", "9-11") => plain(-0.09),
        ("double.allowed", "10-11") => plain(-0.18),
        ("split.resplit_aces", "true") => plain(0.08),
        ("split.hit_split_aces", "true") => plain(0.19),
        ("payouts.blackjack", "1.2") => plain(-1.39),
        ("payouts.blackjack", "1" | "1.0") => plain(-2.27),
        ("dealer.peek", "false") | ("dealer.hole_card", "enhc") => plain(-0.11),
        ("surrender.late", "false") if base_late => plain(-LATE_SURRENDER),
        ("surrender.late", "true") if !base_late => plain(LATE_SURRENDER),
        ("surrender.early", "true") if base_late => Some((
            EARLY_SURRENDER - LATE_SURRENDER,
            "early against ten and ace, less late surrender",
        )),
        ("surrender.early", "true") => Some((EARLY_SURRENDER, "early against ten and ace")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_converted_to_the_base() {
        let (one, note) = published_effect("deck.decks=1", 6, true).unwrap();
        assert!((one - 0.46).abs() < 1e-12 && !note.is_empty());
        assert_eq!(published_effect("deck.decks=1", 8, true).unwrap().0, 0.48);
        assert_eq!(
            published_effect("surrender.late=false", 6, true).unwrap().0,
            -0.08
        );
        assert_eq!(published_effect("surrender.late=false", 6, false), None);
        let (early, _) = published_effect("surrender.early=true", 6, true).unwrap();
        assert!((early - 0.55).abs() < 1e-12);
        assert_eq!(published_effect("deck.decks=3", 6, true), None);
        assert_eq!(published_effect("nonsense", 6, true), None);
    }
}
