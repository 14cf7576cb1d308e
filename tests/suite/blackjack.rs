//! The blackjack engine against published exact figures and an
//! independent card-by-card enumeration.

use std::path::Path;

use banluck_lab::cards::{RANK_COUNT, Rank};
use banluck_lab::games::blackjack::rules::{BlackjackRules, load_blackjack_rules};
use banluck_lab::games::blackjack::{self, BUSTS};
use banluck_lab::rules::{GameKind, Override, game_kind, game_of};

fn rules(file: &str, sets: &[&str]) -> BlackjackRules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    load_blackjack_rules(Some(Path::new(file)), &overrides).unwrap()
}

/// Infinite deck, S17, DAS, split to 4 hands (no resplitting aces), no
/// surrender, peek, 3:2: the published exact figure is -0.5117%. The split
/// convention is exact for the infinite deck.
#[test]
fn infinite_deck_reference_game() {
    let solution = blackjack::solve(&rules("rules/blackjack-infinite-s17.toml", &[]));
    let percent = solution.ev * 100.0;
    assert!((percent + 0.5117).abs() < 0.0005, "{percent:.6}%");
    let upcards: f64 = solution.upcards.iter().map(|u| u.probability).sum();
    assert!((upcards - 1.0).abs() < 1e-12);
    let by_upcard: f64 = solution.upcards.iter().map(|u| u.probability * u.ev).sum();
    assert!((by_upcard - solution.ev).abs() < 1e-12);
}

/// The dealer alone under a 6, from the full shoe minus the upcard (no
/// player cards removed): 0.423150 for the infinite deck, 0.420823 for one
/// deck (S17; a 6 makes no natural, so the peek does not matter).
#[test]
fn dealer_bust_under_a_six() {
    let six = Rank::new(4);
    let infinite = blackjack::dealer_alone(&rules("rules/blackjack-infinite-s17.toml", &[]), six);
    assert!(
        (infinite.p[BUSTS] - 0.423150).abs() < 5e-7,
        "{:?}",
        infinite.p
    );
    let one = blackjack::dealer_alone(&rules("rules/blackjack-1d-s17.toml", &[]), six);
    assert!((one.p[BUSTS] - 0.420823).abs() < 5e-7, "{:?}", one.p);
}

/// An independent enumeration of every ordered sequence of cards from an
/// explicit shoe, in the order they are dealt: the player's two cards, the
/// upcard, the hole card; the peek settles dealer naturals at once; the
/// player hits below `threshold`; the dealer draws to 17.
struct Enumeration {
    counts: [u32; RANK_COUNT],
    infinite: bool,
    threshold: u8,
    rules: BlackjackRules,
}

/// A hand as the enumeration keeps it: hard points (aces as 1), whether it
/// holds an ace, cards.
#[derive(Clone, Copy, Default)]
struct Hand {
    hard: u8,
    ace: bool,
    cards: u8,
}

impl Hand {
    fn add(self, rank: usize) -> Hand {
        let points = if rank == 9 {
            1
        } else {
            Rank::new(rank).pip_value()
        };
        Hand {
            hard: self.hard + points,
            ace: self.ace || rank == 9,
            cards: self.cards + 1,
        }
    }

    /// The total (an ace counts 11 when that stays at most 21) and softness.
    fn total(self) -> (u8, bool) {
        if self.ace && self.hard + 10 <= 21 {
            (self.hard + 10, true)
        } else {
            (self.hard, false)
        }
    }

    fn natural(self) -> bool {
        self.cards == 2 && self.total().0 == 21
    }
}

impl Enumeration {
    /// Sums `f(rank, next shoe)` weighted by each rank's draw probability.
    fn draw(&self, left: &[u32; RANK_COUNT], f: impl Fn(usize, [u32; RANK_COUNT]) -> f64) -> f64 {
        let all: u32 = left.iter().sum();
        let fresh: u32 = self.counts.iter().sum();
        (0..RANK_COUNT)
            .filter(|&r| left[r] > 0)
            .map(|r| {
                let mut next = *left;
                if self.infinite {
                    return f64::from(self.counts[r]) / f64::from(fresh) * f(r, next);
                }
                next[r] -= 1;
                f64::from(left[r]) / f64::from(all) * f(r, next)
            })
            .sum()
    }

    fn deal(&self, left: [u32; RANK_COUNT], player: Hand, dealer: Hand) -> f64 {
        if player.cards < 2 {
            return self.draw(&left, |r, next| self.deal(next, player.add(r), dealer));
        }
        if dealer.cards < 2 {
            return self.draw(&left, |r, next| self.deal(next, player, dealer.add(r)));
        }
        let pays = self.rules.payouts.blackjack;
        match (player.natural(), dealer.natural()) {
            (true, true) => 0.0,
            (true, false) => pays,
            (false, true) if self.rules.dealer.peek => -1.0,
            _ => self.player(left, player, dealer),
        }
    }

    fn player(&self, left: [u32; RANK_COUNT], player: Hand, dealer: Hand) -> f64 {
        let (points, _) = player.total();
        if points > 21 {
            return -1.0;
        }
        if points >= self.threshold {
            return self.dealer(left, points, dealer);
        }
        self.draw(&left, |r, next| self.player(next, player.add(r), dealer))
    }

    fn dealer(&self, left: [u32; RANK_COUNT], player: u8, dealer: Hand) -> f64 {
        let (points, soft) = dealer.total();
        if dealer.natural() {
            return -1.0;
        }
        if points > 21 {
            return 1.0;
        }
        let draws = points < 17 || (points == 17 && soft && self.rules.dealer.hit_soft_17);
        if !draws {
            return f64::from(i8::from(player > points) - i8::from(player < points));
        }
        self.draw(&left, |r, next| self.dealer(next, player, dealer.add(r)))
    }
}

fn enumerate(rules: &BlackjackRules, threshold: u8) -> f64 {
    let decks = u32::from(rules.deck.decks);
    let mut counts = [4 * decks; RANK_COUNT];
    counts[Rank::TEN.index()] = 16 * decks;
    if rules.deck.infinite {
        counts = [4; RANK_COUNT];
        counts[Rank::TEN.index()] = 16;
    }
    let enumeration = Enumeration {
        counts,
        infinite: rules.deck.infinite,
        threshold,
        rules: rules.clone(),
    };
    enumeration.deal(counts, Hand::default(), Hand::default())
}

/// The engine's aggregation (card removal, the peek's conditioning of the
/// player's draws and of the dealer, naturals) against the enumeration, on
/// a fixed policy: hit below 17, never double, split or surrender.
#[test]
fn fixed_policy_matches_card_by_card_enumeration() {
    for (sets, threshold) in [
        (vec!["deck.decks=1"], 17),
        (
            vec![
                "deck.decks=1",
                "dealer.peek=false",
                "dealer.hit_soft_17=true",
            ],
            13,
        ),
        (vec!["deck.infinite=true", "payouts.blackjack=1.2"], 15),
    ] {
        let rules = rules("rules/blackjack-6d-s17.toml", &sets);
        {
            let engine = blackjack::evaluate_hit_below(&rules, threshold);
            let enumerated = enumerate(&rules, threshold);
            assert!(
                (engine - enumerated).abs() < 1e-12,
                "{sets:?} hit below {threshold}: engine {engine} enumeration {enumerated}"
            );
        }
    }
}

/// Without splits the outcome distribution is defined: it sums to one and
/// its mean is the EV.
#[test]
fn outcome_distribution_without_splits() {
    for sets in [
        vec!["split.max_hands=1"],
        vec![
            "split.max_hands=1",
            "surrender.late=true",
            "dealer.peek=false",
        ],
    ] {
        let solution = blackjack::solve(&rules("rules/blackjack-1d-s17.toml", &sets));
        let outcomes = solution.outcomes.expect("no splits");
        let mass: f64 = outcomes.iter().map(|(_, p)| p).sum();
        let mean: f64 = outcomes.iter().map(|(x, p)| x * p).sum();
        assert!((mass - 1.0).abs() < 1e-12, "{sets:?} {mass}");
        assert!(
            (mean - solution.ev).abs() < 1e-12,
            "{sets:?} {mean} {}",
            solution.ev
        );
        assert!(outcomes.iter().any(|&(x, _)| x == 2.0));
    }
    let with_splits = blackjack::solve(&rules("rules/blackjack-1d-s17.toml", &[]));
    assert!(with_splits.outcomes.is_none());
}

/// Every shipped blackjack rules file loads through the game dispatch key
/// and solves; more options never lower the EV.
#[test]
fn shipped_files_solve() {
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        let name = path.display().to_string();
        if game_of(&path).unwrap().as_deref() != Some("blackjack") {
            assert!(!name.contains("blackjack"), "{name}");
            continue;
        }
        let solution = blackjack::solve(&rules(&name, &[]));
        assert!(solution.ev.abs() < 0.05, "{name}: {}", solution.ev);
        assert_eq!(solution.chart.len(), 10 * (15 + 8 + 10), "{name}");
    }
    let base = blackjack::solve(&rules(
        "rules/blackjack-1d-s17.toml",
        &["split.max_hands=2"],
    ))
    .ev;
    let resplit = blackjack::solve(&rules("rules/blackjack-1d-s17.toml", &[])).ev;
    let surrender = blackjack::solve(&rules(
        "rules/blackjack-1d-s17.toml",
        &["surrender.late=true"],
    ))
    .ev;
    assert!(resplit >= base && surrender >= resplit);
}

/// Seed 001's resolver (shared/seeds/001) as rules files: infinite deck, no
/// double after split, late surrender, split aces drawing, with its
/// `--no-peek`, `--hos` and `--ace-no-draw` flags. It prints 1 + EV.
///
/// Our figures (1 + EV): peek S17 0.995863, no peek 0.994738, H17 0.993776,
/// aces no draw 0.993953. The seed reports 1.00715 for peek S17 and
/// 0.974743..1.012566 over its flag table: about 1.1% above ours where its
/// rules are closest. Known differences: (1) the seed pays a split ace and a
/// ten as a natural (3:2) unless `--ace-no-bj`; our split hands never make
/// naturals, worth about +0.18% to it (1/169 pairs of aces x 2 hands x 4/13
/// tens x 0.5); (2) it does not say how many hands a split may make (two
/// here; four would add 0.038%); (3) its per-state values for an ace up
/// include the dealer's natural even with the peek (its "20 vs A" 1.146 is
/// our peeked +0.6559 x (1 - 4/13) - 4/13, and its natural row 2.038 is
/// 1.5 x 9/13 plus 1), so its totals weight peeked and unpeeked values in a
/// way we could not reproduce. The rest of the gap we could not attribute;
/// our engine reproduces the published -0.5117% for the standard
/// infinite-deck game (see `infinite_deck_reference_game`).
#[test]
fn seed_001_variants() {
    let ev = |file: &str| blackjack::solve(&rules(file, &[])).ev;
    let base = ev("rules/blackjack-seed001.toml");
    let no_peek = ev("rules/blackjack-seed001-no-peek.toml");
    let h17 = ev("rules/blackjack-seed001-h17.toml");
    let no_draw = ev("rules/blackjack-seed001-ace-no-draw.toml");
    for (name, value, expected) in [
        ("peek S17", base, 0.995863),
        ("no peek", no_peek, 0.994738),
        ("H17", h17, 0.993776),
        ("aces no draw", no_draw, 0.993953),
    ] {
        assert!(
            (1.0 + value - expected).abs() < 5e-7,
            "{name}: {}",
            1.0 + value
        );
    }
    assert!(base > no_peek && base > h17 && base > no_draw);
}

/// Blackjack files report errors like Banluck files: file, line, key, value
/// and what is allowed; an unknown game names the `game` key.
#[test]
fn blackjack_rules_errors_name_file_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.toml");
    std::fs::write(&base, "game = \"blackjack\"\n\n[split]\nmax_hands = 9\n").unwrap();
    let error = load_blackjack_rules(Some(&base), &[]).unwrap_err();
    let text = error.to_string();
    assert!(error.names_key("split.max_hands"), "{text}");
    assert!(
        text.contains("base.toml:4: key `split.max_hands` = 9"),
        "{text}"
    );
    let child = dir.path().join("child.toml");
    std::fs::write(&child, "extends = \"base.toml\"\n[dealer]\nfixed = 1\n").unwrap();
    assert_eq!(game_kind(&child).unwrap(), GameKind::Blackjack);
    let error =
        load_blackjack_rules(Some(&child), &["split.max_hands=2".parse().unwrap()]).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("child.toml:3: key `dealer.fixed`: unknown key"),
        "{error}"
    );
    let mahjong = dir.path().join("mahjong.toml");
    std::fs::write(&mahjong, "# a comment\ngame = \"mahjong\"\n").unwrap();
    let error = game_kind(&mahjong).unwrap_err().to_string();
    assert!(
        error.contains("mahjong.toml:2: key `game` = \"mahjong\""),
        "{error}"
    );
}

/// Six decks, H17, no hole card (a dealer natural takes doubles and splits
/// too), resplit to four hands except aces, one card to split aces: the
/// Wizard of Odds' Blackjack Appendix 9 gives -0.72705% with double after
/// split and -0.86975% without. Its splits count the hands already split
/// (removing their pair cards) but not the other cards drawn to them, as
/// ours do; we get -0.72678% and -0.86950%.
#[test]
fn six_deck_h17_no_hole_card_reference() {
    for (sets, published) in [
        (
            vec!["dealer.hit_soft_17=true", "dealer.peek=false"],
            -0.72705,
        ),
        (
            vec![
                "dealer.hit_soft_17=true",
                "dealer.peek=false",
                "double.after_split=false",
            ],
            -0.86975,
        ),
    ] {
        let percent = blackjack::solve(&rules("rules/blackjack-6d-s17.toml", &sets)).ev * 100.0;
        assert!(
            (percent - published).abs() < 0.002,
            "{sets:?}: {percent:.5}%"
        );
    }
}

/// J. A. Nairn's exact single-deck tables (geditcom.com, "Single Deck
/// Blackjack Expected Values", S17, double any two, peek) give the game at
/// -0.38485% without splitting, -0.02827% splitting once without double
/// after split, +0.10066% with it, +0.12948% resplitting to four hands
/// except aces. Our composition-dependent figures sit a constant 0.05%
/// above all four (-0.33349%, +0.02479%, +0.15406%, +0.18360%), the size of
/// the gain of composition-dependent over total-dependent play in one deck
/// (0.043% on hit/stand alone), so we check what the rules are worth: the
/// value of splitting, of doubling after a split and of resplitting.
#[test]
fn single_deck_rule_values_match_exact_tables() {
    let ev =
        |sets: &[&str]| blackjack::solve(&rules("rules/blackjack-1d-s17.toml", sets)).ev * 100.0;
    let no_split = ev(&["split.max_hands=1"]);
    let split_nd = ev(&["split.max_hands=2", "double.after_split=false"]);
    let split_das = ev(&["split.max_hands=2"]);
    let resplit_das = ev(&[]);
    for (name, ours, published) in [
        ("splitting", split_nd - no_split, -0.02827 + 0.38485),
        (
            "double after split",
            split_das - split_nd,
            0.10066 + 0.02827,
        ),
        ("resplitting", resplit_das - split_das, 0.12948 - 0.10066),
    ] {
        assert!(
            (ours - published).abs() < 0.003,
            "{name}: {ours:.5}% vs {published:.5}%"
        );
    }
}
