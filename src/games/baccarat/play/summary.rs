//! What the table prints: the shoe and balance before a round, the round
//! summary, the bets with their payouts, and the profile. Colour (ANSI)
//! only when asked, i.e. when stdout is a terminal.

use std::fmt::Write as _;

use super::betline::bet_names;
use super::cards::{TableShoe, cards_text};
use super::round::{Coup, Hand, Settled};
use super::store::{Profile, Recorded};
use crate::games::baccarat::bets::Bet;
use crate::games::baccarat::rules::{BaccaratRules, BankerRule, BurnRule};
use crate::games::baccarat::tableau::Outcome;

/// How to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// ANSI colours on (stdout is a terminal).
    pub colour: bool,
    /// Echo each line read after the prompt (stdin is not a terminal, so
    /// a piped session reads like a typed one).
    pub echo: bool,
}

impl Style {
    fn paint(self, text: &str, code: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// `amount` with its sign, right-aligned in `width`, green when
    /// positive and red when negative.
    fn signed(self, amount: i64, width: usize) -> String {
        let text = format!("{amount:>+width$}");
        match amount.signum() {
            1 => self.paint(&text, "32"),
            -1 => self.paint(&text, "31"),
            _ => text,
        }
    }

    fn bold(self, text: &str) -> String {
        self.paint(text, "1")
    }
}

/// The announcement of a new shoe, with its burn.
pub fn new_shoe_text(number: i64, shoe: &TableShoe, rules: &BaccaratRules) -> String {
    let decks = rules.shoe.decks;
    let burn = match (rules.shoe.burn, shoe.burnt.first()) {
        (BurnRule::FaceValue, Some(first)) => format!(
            "burn card {first}, {} more burnt ({})",
            shoe.burnt.len() - 1,
            cards_text(&shoe.burnt)
        ),
        (_, None) => "no burn".to_string(),
        (_, Some(_)) => format!("{} cards burnt", shoe.burnt.len()),
    };
    format!("New shoe {number}: {decks} decks shuffled; {burn}.\n")
}

/// The line before the prompt: balance and shoe state.
pub fn status_text(
    balance: i64,
    shoe_number: i64,
    shoe: &TableShoe,
    hand: i64,
    style: Style,
) -> String {
    format!(
        "Balance {} · shoe {shoe_number}, {} cards left, hand {hand}\n",
        style.bold(&balance.to_string()),
        shoe.left()
    )
}

fn hand_line(name: &str, hand: &Hand) -> String {
    let drew = if hand.drew() {
        "drew a third card"
    } else {
        "stood"
    };
    format!(
        "  {name:<7} {:<12} total {}  {drew}\n",
        cards_text(&hand.cards),
        hand.total
    )
}

fn outcome_sentence(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::BankerWin => "Banker wins.",
        Outcome::Dragon7 => "Banker wins with a three-card 7 (Dragon 7).",
        Outcome::PlayerWin => "Player wins.",
        Outcome::Panda8 => "Player wins with a three-card 8 (Panda 8).",
        Outcome::Tie => "Tie.",
    }
}

/// The round summary: starting balance, the hands, natural and draws,
/// each bet's result, the net and the new balance.
pub fn summary_text(
    recorded: &Recorded,
    shoe_number: i64,
    hand: i64,
    coup: &Coup,
    settled: &[Settled],
    style: Style,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} (shoe {shoe_number}, hand {hand}) · starting balance {}",
        style.bold(&format!("Round {}", recorded.player_round)),
        recorded.balance_before
    );
    out.push_str(&hand_line("Player", &coup.player));
    out.push_str(&hand_line("Banker", &coup.banker));
    let natural = if coup.natural { "yes" } else { "no" };
    let _ = writeln!(
        out,
        "  Natural {natural}. {}",
        outcome_sentence(coup.outcome)
    );
    for s in settled {
        let result = match s.net.signum() {
            1 => "win",
            -1 => "lose",
            _ => "push",
        };
        let _ = writeln!(
            out,
            "  {:<9}{:>8}  {result:<4} {}",
            s.bet.name(),
            s.stake,
            style.signed(s.net, 9)
        );
    }
    let _ = writeln!(
        out,
        "  Net {} · balance {}",
        style.signed(recorded.net, 0),
        style.bold(&recorded.balance_after.to_string())
    );
    out
}

fn ratio(units: f64) -> String {
    format!("{units}:1")
}

/// `help`: every bet with its short forms and payout, the commands and
/// the table limits.
pub fn help_text(rules: &BaccaratRules) -> String {
    let p = &rules.payouts;
    let banker = match p.banker_rule {
        BankerRule::Ez => format!("{}, pushes on a tie and on a Dragon 7", ratio(p.banker)),
        BankerRule::Commission => format!(
            "{} less {}% commission, pushes on a tie",
            ratio(p.banker),
            p.commission * 100.0
        ),
    };
    let rows = [
        (
            Bet::Player,
            "Player's total is higher",
            format!("{}, pushes on a tie", ratio(p.player)),
        ),
        (Bet::Banker, "Banker's total is higher", banker),
        (Bet::Tie, "equal totals", ratio(p.tie)),
        (
            Bet::Dragon7,
            "Banker wins with three cards totalling 7",
            format!("{}, needs a Player or Banker bet", ratio(p.dragon7)),
        ),
        (
            Bet::Panda8,
            "Player wins with three cards totalling 8",
            format!("{}, needs a Player or Banker bet", ratio(p.panda8)),
        ),
    ];
    let mut out = String::from("Bets: a name and an amount each, e.g. `player 100 dragon7 10`.\n");
    for (bet, when, pays) in rows {
        let names = bet_names(bet)[..2].join("/");
        let _ = writeln!(out, "  {names:<11} {when:<41} pays {pays}");
    }
    let t = &rules.table;
    let tie = if t.tie_alone {
        "allowed"
    } else {
        "not allowed"
    };
    let _ = writeln!(
        out,
        "Stakes: whole chips, {} to {} per bet, in all no more than your balance. Tie alone: {tie}.",
        t.min_bet, t.max_bet
    );
    out.push_str("Commands: help, stats, q or quit (or end of input) to leave.\n");
    out
}

/// `stats`: the profile.
pub fn profile_text(profile: &Profile, style: Style) -> String {
    let p = profile;
    let mut out = String::new();
    let _ = writeln!(out, "Player {}", style.bold(&p.name));
    let _ = writeln!(
        out,
        "  balance      {:>12}  (started with {}, net {})",
        p.balance,
        p.initial_balance,
        style.signed(p.balance - p.initial_balance, 0)
    );
    let _ = writeln!(out, "  rounds       {:>12}", p.rounds_played);
    let _ = writeln!(out, "  wagered      {:>12}", p.total_wagered);
    let _ = writeln!(out, "  won          {:>12}", p.total_won);
    let _ = writeln!(out, "  lost         {:>12}", p.total_lost);
    let _ = writeln!(out, "  biggest win  {:>12}", p.biggest_win);
    let _ = writeln!(out, "  created      {}", p.created_at);
    let _ = writeln!(out, "  updated      {}", p.updated_at);
    out
}
