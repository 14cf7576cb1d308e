//! The compiled rules: everything an engine needs, precomputed once,
//! so that no engine evaluates a rule in its hot loop.

use crate::cards::{CompId, CompositionIndex, Deck};
use crate::rules::content_hash;

use super::hand::{HandClass, HandValue, evaluate, is_hard_fifteen};
use super::schema::{
    BelowMin, BustTiming, DrawChoice, FiveCardTiming, RevealPolicy, RuleSet, SurrenderPolicy,
};
use super::settle::{forfeits, settle_deal_specials, settle_showdown};

/// Largest number of cards any hand holds in Banluck.
pub const MAX_HAND_CARDS: u8 = 5;

/// What the rules let the player do with a composition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerNode {
    /// The player may draw (below the card limit, live, below 21, not 777).
    pub may_hit: bool,
    /// The player must draw (`player.below_min = "must_hit"` below the minimum).
    pub must_hit: bool,
    /// The hand is over for the player and is settled at once against the
    /// dealer's first two cards (an immediate bust, 777, an immediate
    /// five-card hand); the dealer draws nothing for it.
    pub settles_at_deal: bool,
    /// A standing hand that forfeits whatever the dealer holds.
    pub forfeits: bool,
}

/// What the rules let the dealer do with a composition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealerNode {
    /// The dealer must stop: bust, 21, or `dealer.max_cards` cards.
    pub must_stand: bool,
    /// The dealer must draw: below `dealer.min_total` and not stopped.
    pub must_hit: bool,
    /// The dealer may reveal (settle) 3+-card players here.
    pub may_reveal: bool,
    /// Whether the fixed baseline dealer draws, indexed by the number of
    /// cards the player holds (0..=5; only 2..=5 occur).
    pub fixed_hits: [bool; MAX_HAND_CARDS as usize + 1],
    /// A two-card hard 15 that the rules let the dealer surrender.
    pub may_surrender: bool,
    /// Whether the house drawing rule of `[dealer.fixed]` draws here,
    /// reveal aside.
    pub rule_hits: bool,
    /// Whether the equilibrium dealer chooses between drawing and stopping
    /// (standing, or revealing 3+-card players), indexed by the number of
    /// cards the player holds.
    pub chooses: [bool; MAX_HAND_CARDS as usize + 1],
}

impl PlayerNode {
    /// The probability that the player draws here when its strategy says
    /// `chosen`: 0 where the rules forbid drawing, 1 where they require it.
    pub fn draw_probability(&self, chosen: f64) -> f64 {
        if !self.may_hit {
            0.0
        } else if self.must_hit {
            1.0
        } else {
            chosen
        }
    }
}

impl DealerNode {
    /// The probability that the equilibrium dealer draws here against a
    /// player holding `player_cards` when its strategy says `chosen`.
    pub fn equilibrium_draw(&self, player_cards: u8, chosen: f64) -> f64 {
        if self.must_stand {
            0.0
        } else if self.chooses[usize::from(player_cards)] {
            chosen
        } else {
            f64::from(u8::from(self.forced_hit(player_cards)))
        }
    }

    /// Whether the equilibrium dealer draws where it has no choice.
    pub fn forced_hit(&self, player_cards: u8) -> bool {
        !self.must_stand
            && (self.must_hit || self.rule_hits)
            && !self.chooses[usize::from(player_cards)]
    }
}

/// A rule set compiled for the engines: deck, every composition of up to five
/// cards with child links, each one's total, softness and class, what each
/// side may do with it, the fixed dealer's policy, and the settlement payoff
/// for every pair of player and dealer hands.
///
/// ```
/// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
/// let table = CompiledRules::compile(RuleSet::default());
/// assert_eq!(table.compositions().len(), 2994);
/// assert_eq!(table.hash().len(), 16);
/// ```
#[derive(Debug, Clone)]
pub struct CompiledRules {
    rules: RuleSet,
    hash: String,
    deck: Deck,
    compositions: CompositionIndex,
    hands: Vec<HandValue>,
    player: Vec<PlayerNode>,
    dealer: Vec<DealerNode>,
    showdown: Vec<f64>,
}

impl CompiledRules {
    /// Compiles a validated rule set (see [`crate::games::banluck::rules::load_rules`]).
    pub fn compile(rules: RuleSet) -> CompiledRules {
        let deck = Deck::new(u32::from(rules.deck.decks), rules.deck.infinite);
        let hash = rules_hash(&rules);
        CompiledRules::build(rules, deck, hash)
    }

    /// Compiles a rule set dealt from a custom deck instead of `[deck]`
    /// (reduced decks for cross-checks); the hash covers the deck's counts.
    pub fn compile_with_deck(rules: RuleSet, deck: Deck) -> CompiledRules {
        let counts: Vec<String> = crate::cards::Rank::all()
            .map(|r| deck.count(r).to_string())
            .collect();
        let text = format!("{}|deck {}", rules_hash(&rules), counts.join(","));
        let hash = blake3::hash(text.as_bytes()).to_hex()[..16].to_string();
        CompiledRules::build(rules, deck, hash)
    }

    fn build(rules: RuleSet, deck: Deck, hash: String) -> CompiledRules {
        let compositions = CompositionIndex::new(&deck, MAX_HAND_CARDS);
        let hands: Vec<HandValue> = (0..compositions.len() as CompId)
            .map(|id| evaluate(compositions.counts(id), &rules.ace))
            .collect();
        let player = hands.iter().map(|hand| player_node(hand, &rules)).collect();
        let dealer = (0..compositions.len() as CompId)
            .map(|id| dealer_node(compositions.counts(id), &hands[id as usize], &rules))
            .collect();
        let mut showdown = vec![0.0; HandClass::KEYS * HandClass::KEYS];
        for p in 0..HandClass::KEYS {
            for d in 0..HandClass::KEYS {
                showdown[p * HandClass::KEYS + d] =
                    settle_showdown(HandClass::from_key(p), HandClass::from_key(d), &rules);
            }
        }
        CompiledRules {
            rules,
            hash,
            deck,
            compositions,
            hands,
            player,
            dealer,
            showdown,
        }
    }

    /// The resolved rules this table was compiled from.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// A stable 16-hex-digit content hash of the rules that change the game
    /// (everything but `extends` and `description`).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The deck dealt from.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// Every composition of up to five cards, with child links.
    pub fn compositions(&self) -> &CompositionIndex {
        &self.compositions
    }

    /// Total, softness and class of composition `id`.
    pub fn hand(&self, id: CompId) -> &HandValue {
        &self.hands[id as usize]
    }

    /// What the player may do holding composition `id`.
    pub fn player(&self, id: CompId) -> &PlayerNode {
        &self.player[id as usize]
    }

    /// What the dealer may do holding composition `id`.
    pub fn dealer(&self, id: CompId) -> &DealerNode {
        &self.dealer[id as usize]
    }

    /// Payoff to the player of its composition `player` against the dealer's
    /// composition `dealer` at the showdown (or at once, for hands that
    /// settle at the deal, against the dealer's first two cards).
    pub fn payoff(&self, player: CompId, dealer: CompId) -> f64 {
        self.payoff_by_class(
            self.hands[player as usize].class,
            self.hands[dealer as usize].class,
        )
    }

    /// The showdown payoff by class (see [`HandClass::key`]).
    pub fn payoff_by_class(&self, player: HandClass, dealer: HandClass) -> f64 {
        self.showdown[player.key() * HandClass::KEYS + dealer.key()]
    }

    /// The row of showdown payoffs of a player class against every dealer
    /// class key.
    pub fn payoff_row(&self, player: HandClass) -> &[f64] {
        let start = player.key() * HandClass::KEYS;
        &self.showdown[start..start + HandClass::KEYS]
    }

    /// The settlement at the deal of two two-card hands when either is Ban
    /// Ban or Ban Luck, else `None` (the hand plays on). Surrender is not
    /// considered here: it is the dealer's decision, made first.
    pub fn deal_special(&self, player: CompId, dealer: CompId) -> Option<f64> {
        let (p, d) = (
            self.hands[player as usize].class,
            self.hands[dealer as usize].class,
        );
        (p.is_deal_special() || d.is_deal_special())
            .then(|| settle_deal_specials(p, d, &self.rules))
    }

    /// Whether the fixed baseline dealer surrenders two-card hand `dealer`.
    pub fn fixed_surrenders(&self, dealer: CompId) -> bool {
        self.dealer[dealer as usize].may_surrender
            && self.rules.dealer.fixed.surrender == SurrenderPolicy::Always
    }

    /// The composition of a hand written by a person (`"A 6 5"`, `"A65"`,
    /// `"10-6"`; 2 to 5 cards), or what is wrong with it.
    ///
    /// ```
    /// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
    /// let table = CompiledRules::compile(RuleSet::default());
    /// let hand = table.find_hand("A 6 5").unwrap();
    /// assert_eq!(table.hand(hand).total, 21);
    /// assert!(table.find_hand("A A A A A").is_err()); // one deck has four aces
    /// ```
    pub fn find_hand(&self, text: &str) -> Result<CompId, String> {
        crate::limits::check_len("hand", text, crate::limits::MAX_HAND_TEXT_BYTES)?;
        let ranks = crate::cards::parse_hand(text)?;
        if !(2..=usize::from(MAX_HAND_CARDS)).contains(&ranks.len()) {
            return Err(format!(
                "a hand holds 2 to 5 cards, this one {}; write hands like \"T6\" or \"A 6 5\"",
                ranks.len()
            ));
        }
        let deck = self.deck();
        self.compositions.find_ranks(&ranks).ok_or_else(|| {
            format!(
                "this hand cannot be dealt from {} deck{}",
                deck.size() / 52,
                if deck.size() > 52 { "s" } else { "" }
            )
        })
    }

    /// A composition's label with total and softness, e.g. `A65 (soft 12)`.
    pub fn describe(&self, id: CompId) -> String {
        let hand = self.hand(id);
        let kind = if hand.class.is_bust() {
            "bust".to_string()
        } else if hand.soft {
            format!("soft {}", hand.total)
        } else {
            format!("hard {}", hand.total)
        };
        format!("{} ({kind})", self.compositions.label(id))
    }
}

fn player_node(hand: &HandValue, rules: &RuleSet) -> PlayerNode {
    let live = !hand.class.is_bust();
    let may_hit = hand.cards >= 2
        && hand.cards < rules.player.max_cards
        && live
        && hand.total < 21
        && !matches!(
            hand.class,
            HandClass::TripleSeven | HandClass::BanBan | HandClass::BanLuck
        );
    let must_hit = may_hit
        && rules.player.below_min == BelowMin::MustHit
        && hand.total < rules.player.min_total;
    let settles_at_deal = match hand.class {
        HandClass::Bust | HandClass::BustFive => rules.player.bust == BustTiming::Immediate,
        HandClass::TripleSeven => true,
        HandClass::FiveCard(_) => rules.settlement.five_card_timing == FiveCardTiming::Immediate,
        _ => false,
    };
    PlayerNode {
        may_hit,
        must_hit,
        settles_at_deal,
        forfeits: forfeits(hand.class, rules),
    }
}

fn dealer_node(counts: &crate::cards::Counts, hand: &HandValue, rules: &RuleSet) -> DealerNode {
    let dealer = &rules.dealer;
    let must_stand = hand.class.is_bust() || hand.total >= 21 || hand.cards >= dealer.max_cards;
    let must_hit = !must_stand && hand.total < dealer.min_total;
    let may_reveal = dealer.allow_reveal
        && !must_stand
        && !must_hit
        && dealer.reveal_totals.contains(&hand.total);
    let fixed = &dealer.fixed;
    let rule_hits = !must_stand
        && (must_hit
            || hand.total < fixed.stand_on
            || (fixed.hit_soft_17 && hand.soft && hand.total == 17));
    let mut fixed_hits = [false; MAX_HAND_CARDS as usize + 1];
    let mut chooses = [false; MAX_HAND_CARDS as usize + 1];
    for player_cards in 0..=usize::from(MAX_HAND_CARDS) {
        let reveals_here = may_reveal && player_cards >= 3;
        fixed_hits[player_cards] = rule_hits && !(reveals_here && fixed.reveal == RevealPolicy::On);
        chooses[player_cards] = match dealer.draw_choice {
            DrawChoice::Free => !must_stand && !must_hit,
            DrawChoice::Fixed => rule_hits && !must_hit && reveals_here,
        };
    }
    DealerNode {
        must_stand,
        must_hit,
        may_reveal,
        fixed_hits,
        may_surrender: dealer.allow_surrender && is_hard_fifteen(counts, hand),
        rule_hits,
        chooses,
    }
}

/// The content hash of the rules that change the game: blake3 over the
/// canonical JSON of the rule set without `extends` and `description`, with
/// the ace values and reveal totals as sorted sets and no deck count for the
/// infinite deck, so that writing the same game differently hashes alike.
pub fn rules_hash(rules: &RuleSet) -> String {
    let mut game = rules.clone();
    game.extends = None;
    game.description.clear();
    game.ace.normalize();
    game.deck.normalize();
    game.dealer.reveal_totals.sort_unstable();
    game.dealer.reveal_totals.dedup();
    content_hash(&game)
}
