//! `[table]`: the parameters of a table experiment, and the variants and
//! strategies they select.

use serde::{Deserialize, Serialize};

use crate::games::banluck::dp;
use crate::games::banluck::lab::engines::SimStrategy;
use crate::games::banluck::rules::{DrawChoice, RuleSet, SurrenderPolicy};
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::dealer::TableDealerParams;
use crate::games::banluck::table::play::MAX_PLAYERS;

/// `[table]`: the parameters of a table experiment. Every key is optional.
///
/// ```toml
/// kind = "table"
/// [table]
/// players = [1, 2, 3, 4, 5, 6, 7]   # seats facing the dealer, 1..7
/// allow_surrender = [true, false]    # dealer.allow_surrender per variant
/// draw_choice = ["free", "fixed"]    # dealer.draw_choice per variant: may the strategic dealer choose when to hit?
/// strategy = "dp"                    # every seat plays the exact optimum ("dp") or the best chart ("chart")
/// rounds = 200_000                   # sampled rounds the dealer's best response is solved on (2+ seats)
/// fresh_rounds = 200_000             # fresh rounds every dealer is valued on (2+ seats)
/// seed = 1                           # the seed of every sampled run
/// session_rounds = 100               # the rotation section: rounds per session
/// tolerance = 0.01                   # ... fair: imbalance at most this fraction of a session's std dev
/// rotation_rounds = 1_000_000        # ... rounds per table simulation of the moments (0: no rotation section;
///                                    #     simulated for the first draw_choice only)
/// reply_rounds = 0                   # rounds a seat's best reply to the strategic dealer is chosen on and
///                                    #     valued on (first surrender and draw_choice only; 0: none)
/// ```
///
/// Each variant (seats × surrender × draw choice) values four dealers on the same
/// rounds: the fixed dealer with the reveal off and forced on, and the
/// strategic dealer with the reveal forbidden and allowed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TableSpec {
    /// Seats facing the dealer, each 1..=7.
    pub players: Vec<usize>,
    /// `dealer.allow_surrender` per variant; `false` also sets
    /// `dealer.fixed.surrender = "never"`.
    pub allow_surrender: Vec<bool>,
    /// `dealer.draw_choice` per variant: `free` (the strategic dealer
    /// chooses when to hit from `dealer.min_total` to 20) or `fixed` (it
    /// draws by the house rule; the reveal and the surrender are its only
    /// choices).
    pub draw_choice: Vec<DrawChoice>,
    /// Every seat's strategy (the exact optimum against the rules' fixed
    /// dealer, or its best chart).
    pub strategy: SimStrategy,
    /// Sampled rounds the dealer's best response is solved on.
    pub rounds: u64,
    /// Fresh sampled rounds every dealer is valued on.
    pub fresh_rounds: u64,
    /// The seed of every sampled run.
    pub seed: u64,
    /// The rotation section: rounds per session.
    pub session_rounds: u32,
    /// The rotation section: the fairness tolerance, a fraction of a
    /// session's standard deviation.
    pub tolerance: f64,
    /// The rotation section: rounds per table simulation of the per-round
    /// moments (0: no rotation section).
    pub rotation_rounds: u64,
    /// Rounds one seat's best reply to the strategic dealer (the other
    /// seats on `strategy`) is chosen on, and fresh rounds it is valued on
    /// (the first surrender rule and draw choice only; 0: no reply).
    pub reply_rounds: u64,
}

impl Default for TableSpec {
    fn default() -> Self {
        TableSpec {
            players: (1..=MAX_PLAYERS).collect(),
            allow_surrender: vec![true, false],
            draw_choice: vec![DrawChoice::Free],
            strategy: SimStrategy::Dp,
            rounds: 200_000,
            fresh_rounds: 200_000,
            seed: 1,
            session_rounds: 100,
            tolerance: 0.01,
            rotation_rounds: 1_000_000,
            reply_rounds: 0,
        }
    }
}

/// One variant of a table experiment: seats, the surrender rule and the
/// dealer's draw choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableVariant {
    /// Seats facing the dealer.
    pub players: usize,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.draw_choice`.
    pub draw_choice: DrawChoice,
}

impl TableVariant {
    /// The variant's name, e.g. `K=3, surrender=on`.
    pub fn name(&self) -> String {
        format!(
            "K={}, surrender={}, draw_choice={}",
            self.players,
            if self.allow_surrender { "on" } else { "off" },
            draw_word(self.draw_choice)
        )
    }

    /// The base rules with this variant's seats and surrender rule.
    pub fn rules(&self, base: &RuleSet) -> RuleSet {
        let mut rules = base.clone();
        rules.table.players = self.players as u8;
        rules.dealer.allow_surrender = self.allow_surrender;
        rules.dealer.draw_choice = self.draw_choice;
        if !self.allow_surrender {
            rules.dealer.fixed.surrender = SurrenderPolicy::Never;
        }
        rules
    }
}

impl TableSpec {
    /// Every variant: seats in the order given, then the surrender values,
    /// then the draw choices.
    pub fn variants(&self) -> Vec<TableVariant> {
        let mut out = Vec::new();
        for &players in &self.players {
            for &allow_surrender in &self.allow_surrender {
                for &draw_choice in &self.draw_choice {
                    out.push(TableVariant {
                        players,
                        allow_surrender,
                        draw_choice,
                    });
                }
            }
        }
        out
    }

    /// Whether `variant` has the first surrender rule and draw choice.
    pub fn is_base(&self, variant: &TableVariant) -> bool {
        self.allow_surrender.first() == Some(&variant.allow_surrender)
            && self.draw_choice.first() == Some(&variant.draw_choice)
    }

    /// Variants per table size.
    pub fn per_size(&self) -> usize {
        self.allow_surrender.len() * self.draw_choice.len()
    }

    /// The table dealer's parameters at `players` seats.
    pub fn dealer_params(&self, players: usize, progress: bool) -> TableDealerParams {
        TableDealerParams {
            players,
            rounds: self.rounds,
            fresh_rounds: self.fresh_rounds,
            seed: self.seed,
            threads: 0,
            progress,
        }
    }

    /// The strategy every seat plays under `rules`.
    pub fn player(&self, table: &crate::games::banluck::rules::CompiledRules) -> PlayerStrategy {
        let solution = dp::solve(table);
        match self.strategy {
            SimStrategy::Dp => solution.player,
            SimStrategy::Chart => solution.chart_player,
        }
    }
}

/// The word of a draw choice in the rules (`free` or `fixed`).
pub fn draw_word(choice: DrawChoice) -> &'static str {
    match choice {
        DrawChoice::Free => "free",
        DrawChoice::Fixed => "fixed",
    }
}

/// A checked table experiment's own part: its base rules and parameters.
#[derive(Debug, Clone)]
pub struct TableExperiment {
    /// The resolved base rules.
    pub rules: RuleSet,
    /// The parameters.
    pub spec: TableSpec,
}
