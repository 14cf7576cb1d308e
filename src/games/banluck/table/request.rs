//! What a table study is asked to do and which engine serves it: the
//! combinations of dealers and settings each allows, and the rules each
//! needs, checked before any work so every front end answers a request
//! the same way. A setting is named by what it is; a front end words it
//! with its own spelling (the command line's flags).

use crate::games::banluck::rules::RuleSet;
use crate::rules::Refresh;

/// The dealer a table study plays against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableDealer {
    /// The rules' fixed dealer, simulated.
    Fixed,
    /// The dealer's best response to the seats.
    Strategic,
    /// The seats and the dealer all adapting.
    Equilibrium,
}

/// What one table study is asked to do: the dealer and which settings
/// are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRequest {
    /// The dealer.
    pub dealer: TableDealer,
    /// Whether what a seat sees within a round is valued.
    pub info: bool,
    /// Whether the seats play other than the exact optimum (`dp`).
    pub other_strategy: bool,
    /// Whether the fixed dealer's reveal is compared on and off.
    pub compare_reveal: bool,
    /// Whether the dealer counts the cards a reveal shows.
    pub count_revealed: bool,
    /// Whether an iteration count is given.
    pub iterations: bool,
    /// Whether a number of fresh rounds is given.
    pub fresh_rounds: bool,
}

/// The engine that serves a [`TableRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableRoute {
    /// What a seat sees within a round, exact and simulated.
    Info,
    /// The strategic dealer that counts the revealed cards.
    StrategicCounting,
    /// The strategic dealer's best response.
    Strategic,
    /// The table equilibrium.
    Equilibrium,
    /// The fixed dealer, simulated (with the reveal compared if asked).
    Fixed,
}

/// Settings that the seat-information study does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InfoExcludes {
    /// A strategic or equilibrium dealer.
    SolvedDealer,
    /// A seat strategy other than the exact optimum.
    Strategy,
    /// The reveal comparison or the counting dealer.
    RevealStudies,
    /// An iteration count or fresh rounds.
    Effort,
}

/// Why a [`TableRequest`] is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableRequestError {
    /// The strategic and equilibrium dealers are solved on fresh decks;
    /// the rules deal through several rounds (`refresh` describes how).
    SolvedDealerNeedsFreshDecks {
        /// The rules' `deck.refresh`, described.
        refresh: String,
    },
    /// The seat-information study compares with the heads-up optimum
    /// against the fixed dealer and takes none of these.
    InfoExcludes(InfoExcludes),
    /// The seat-information study values a round dealt from a full deck.
    InfoNeedsFreshDecks {
        /// The rules' `deck.refresh`, described.
        refresh: String,
    },
    /// Counting the revealed cards is the strategic dealer's.
    CountingNeedsStrategic,
    /// Only the equilibrium iterates.
    IterationsNeedEquilibrium,
    /// Fresh rounds value the strategic dealer's solve.
    FreshRoundsNeedStrategic,
    /// The reveal comparison needs rules that allow the reveal.
    CompareRevealNeedsReveal,
}

impl TableRequest {
    /// The engine that serves this request under `rules`.
    ///
    /// # Errors
    /// A combination of settings no engine takes, or rules the chosen
    /// engine cannot play.
    pub fn route(&self, rules: &RuleSet) -> Result<TableRoute, TableRequestError> {
        let refresh = &rules.deck.refresh;
        if self.dealer != TableDealer::Fixed && !refresh.is_every_round() {
            return Err(TableRequestError::SolvedDealerNeedsFreshDecks {
                refresh: refresh.describe(),
            });
        }
        if self.info {
            return self.info_route(refresh);
        }
        match self.dealer {
            TableDealer::Strategic if self.count_revealed => Ok(TableRoute::StrategicCounting),
            TableDealer::Strategic => Ok(TableRoute::Strategic),
            _ if self.count_revealed => Err(TableRequestError::CountingNeedsStrategic),
            TableDealer::Equilibrium => Ok(TableRoute::Equilibrium),
            TableDealer::Fixed if self.iterations => {
                Err(TableRequestError::IterationsNeedEquilibrium)
            }
            TableDealer::Fixed if self.fresh_rounds => {
                Err(TableRequestError::FreshRoundsNeedStrategic)
            }
            TableDealer::Fixed if self.compare_reveal && !rules.dealer.allow_reveal => {
                Err(TableRequestError::CompareRevealNeedsReveal)
            }
            TableDealer::Fixed => Ok(TableRoute::Fixed),
        }
    }

    /// The seat-information study's checks, in the order they are reported.
    fn info_route(&self, refresh: &Refresh) -> Result<TableRoute, TableRequestError> {
        let excluded = [
            (
                self.dealer != TableDealer::Fixed,
                InfoExcludes::SolvedDealer,
            ),
            (self.other_strategy, InfoExcludes::Strategy),
            (
                self.compare_reveal || self.count_revealed,
                InfoExcludes::RevealStudies,
            ),
            (self.iterations || self.fresh_rounds, InfoExcludes::Effort),
        ];
        if let Some(&(_, setting)) = excluded.iter().find(|(given, _)| *given) {
            return Err(TableRequestError::InfoExcludes(setting));
        }
        if !refresh.is_every_round() {
            return Err(TableRequestError::InfoNeedsFreshDecks {
                refresh: refresh.describe(),
            });
        }
        Ok(TableRoute::Info)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed() -> TableRequest {
        TableRequest {
            dealer: TableDealer::Fixed,
            info: false,
            other_strategy: false,
            compare_reveal: false,
            count_revealed: false,
            iterations: false,
            fresh_rounds: false,
        }
    }

    #[test]
    fn each_dealer_has_its_route_and_its_settings() {
        let rules = RuleSet::default();
        assert_eq!(fixed().route(&rules), Ok(TableRoute::Fixed));
        let strategic = TableRequest {
            dealer: TableDealer::Strategic,
            ..fixed()
        };
        assert_eq!(strategic.route(&rules), Ok(TableRoute::Strategic));
        let counting = TableRequest {
            count_revealed: true,
            ..strategic
        };
        assert_eq!(counting.route(&rules), Ok(TableRoute::StrategicCounting));
        let iterations = TableRequest {
            iterations: true,
            ..fixed()
        };
        assert_eq!(
            iterations.route(&rules),
            Err(TableRequestError::IterationsNeedEquilibrium)
        );
        let info = TableRequest {
            info: true,
            other_strategy: true,
            ..fixed()
        };
        assert_eq!(
            info.route(&rules),
            Err(TableRequestError::InfoExcludes(InfoExcludes::Strategy))
        );
    }

    #[test]
    fn the_reveal_comparison_needs_rules_that_allow_the_reveal() {
        let mut rules = RuleSet::default();
        rules.dealer.allow_reveal = false;
        let compare = TableRequest {
            compare_reveal: true,
            ..fixed()
        };
        assert_eq!(
            compare.route(&rules),
            Err(TableRequestError::CompareRevealNeedsReveal)
        );
    }
}
