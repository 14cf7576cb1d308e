//! `[table]` of the baccarat rules: how the table game (`baccarat play`)
//! takes bets. It is policy, not game math, so it is not hashed.

use serde::{Deserialize, Serialize};

use crate::rules::{Violation, push_violation};

/// The largest balance a new player may start with (and the largest bet
/// limit): a trillion chips, far from any overflow.
pub const MAX_CHIPS: i64 = 1_000_000_000_000;

/// `[table]`: how the table game (`baccarat play`) takes bets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRules {
    /// The balance a new player starts with unless `--initial-balance`
    /// says otherwise (10,000).
    pub default_balance: i64,
    /// Whether a Tie bet may be the round's only main bet (the Panda 8
    /// rules allow it; `false` asks for a Player or Banker bet too).
    pub tie_alone: bool,
    /// The smallest stake on any one bet, in whole chips.
    pub min_bet: i64,
    /// The largest stake on any one bet, in whole chips.
    pub max_bet: i64,
}

/// Every violation in a `[table]` section, in schema order.
///
/// ```
/// use banluck_lab::games::baccarat::rules::{validate_table, BaccaratRules};
/// let mut table = BaccaratRules::default().table;
/// table.max_bet = 0;
/// assert_eq!(validate_table(&table)[0].key, "table.max_bet");
/// ```
pub fn validate_table(table: &TableRules) -> Vec<Violation> {
    let mut out = Vec::new();
    push_violation(
        &mut out,
        (1..=MAX_CHIPS).contains(&table.default_balance),
        "table.default_balance",
        table.default_balance.to_string(),
        format!("must be a whole number of chips from 1 to {MAX_CHIPS}"),
    );
    push_violation(
        &mut out,
        (1..=MAX_CHIPS).contains(&table.min_bet),
        "table.min_bet",
        table.min_bet.to_string(),
        format!("must be a whole number of chips from 1 to {MAX_CHIPS}"),
    );
    push_violation(
        &mut out,
        (table.min_bet..=MAX_CHIPS).contains(&table.max_bet),
        "table.max_bet",
        table.max_bet.to_string(),
        format!(
            "must be a whole number of chips from table.min_bet ({}) to {MAX_CHIPS}",
            table.min_bet
        ),
    );
    out
}
