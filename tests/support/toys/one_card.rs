//! Kuhn poker and Leduc hold'em in vector form: one private card per
//! player, so each player's hands are the ranks (or the cards) of the
//! deck, and the public tree is the betting, with Leduc's public card as a
//! chance event.
//!
//! The rules are those of [`Kuhn`](super::kuhn::Kuhn) and
//! [`Leduc`](super::leduc::Leduc), with the same action order at every
//! decision (fold when facing a bet, call or check, bet or raise). Card
//! removal is in the terminal values: a pair of hands is weighted by the
//! number of ways to deal it, and a public card by the copies of its rank
//! the two hands leave in the deck. [`OneCardPoker::leduc`] has one hand
//! per rank, like the per-history game; [`OneCardPoker::leduc_suited`] one
//! per card, which must give the same values. One deal at a time
//! ([`SampledGame`]), a pair of hands weighs the ways to deal it and a
//! public card the copies of its rank the two hands leave.

use banluck_lab::cfr::Player;
use banluck_lab::cfr::vector::{PublicNode, PublicTree, SampledGame, VectorGame};

/// The rules of a one-card poker game.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rules {
    /// The number of ranks.
    ranks: usize,
    /// The copies of each rank.
    copies: usize,
    /// The ante of each player.
    ante: i32,
    /// The bet and raise size of each betting round; a public card is dealt
    /// between consecutive rounds.
    bets: &'static [i32],
    /// The most bets and raises in one round.
    max_raises: usize,
}

/// How a terminal node settles.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ending {
    /// `folder` gives up, losing what it committed, with the public card
    /// `public`, if dealt.
    Fold {
        folder: Player,
        committed: [i32; 2],
        public: Option<usize>,
    },
    /// The better hand wins `stake` from the other; equal hands split.
    Showdown { stake: i32, public: Option<usize> },
}

/// A one-card poker game in vector form.
#[derive(Clone, Debug)]
pub struct OneCardPoker {
    rules: Rules,
    /// The cards one hand stands for: the copies of a rank, or 1 with suits.
    multiplicity: usize,
    tree: PublicTree,
    /// Per node: how it settles, if terminal.
    endings: Vec<Option<Ending>>,
    /// Every hand's initial weight (1).
    weights: Vec<f64>,
    /// The number of ordered pairs of distinct cards.
    pairs: f64,
    /// Per public card (none, then each hand-sized public outcome), `[hand
    /// × opponent hand]`: the deal weights of [`OneCardPoker::deal_weight`].
    deals: Vec<Vec<f64>>,
    /// The same, times the showdown's sign for the first hand (+1 win, -1
    /// loss, 0 split).
    showdowns: Vec<Vec<f64>>,
}

impl OneCardPoker {
    /// Kuhn poker: J, Q, K, ante 1, one round with one bet of 1.
    pub fn kuhn() -> OneCardPoker {
        OneCardPoker::new(
            Rules {
                ranks: 3,
                copies: 1,
                ante: 1,
                bets: &[1],
                max_raises: 1,
            },
            false,
        )
    }

    /// Leduc hold'em: two each of J, Q, K, ante 1, two rounds of at most two
    /// raises (size 2, then 4) around one public card; one hand per rank.
    pub fn leduc() -> OneCardPoker {
        OneCardPoker::new(LEDUC, false)
    }

    /// Leduc hold'em with one hand per card: the two cards of a rank are
    /// two hands, and the public card is one of six.
    pub fn leduc_suited() -> OneCardPoker {
        OneCardPoker::new(LEDUC, true)
    }

    fn new(rules: Rules, suited: bool) -> OneCardPoker {
        let cards = rules.ranks * rules.copies;
        let (hands, multiplicity) = if suited {
            (cards, 1)
        } else {
            (rules.ranks, rules.copies)
        };
        let mut builder = Builder {
            rules,
            hands,
            nodes: Vec::new(),
            endings: Vec::new(),
        };
        builder.round(0, [rules.ante; 2], 0, 0, None);
        let mut game = OneCardPoker {
            rules,
            multiplicity,
            tree: PublicTree::new(builder.nodes)
                .expect("the builder numbers children after their parent"),
            endings: builder.endings,
            weights: vec![1.0; hands],
            pairs: (cards * (cards - 1)) as f64,
            deals: Vec::new(),
            showdowns: Vec::new(),
        };
        let publics = std::iter::once(None).chain((0..hands).map(Some));
        for public in publics {
            let pairs = || (0..hands).flat_map(|mine| (0..hands).map(move |theirs| (mine, theirs)));
            let deals = pairs().map(|(mine, theirs)| game.deal_weight(mine, theirs, public));
            let showdowns = pairs().map(|(mine, theirs)| {
                let (mine_strength, theirs_strength) =
                    (game.strength(mine, public), game.strength(theirs, public));
                let sign = i8::from(mine_strength > theirs_strength)
                    - i8::from(mine_strength < theirs_strength);
                game.deal_weight(mine, theirs, public) * f64::from(sign)
            });
            let (deals, showdowns) = (deals.collect(), showdowns.collect());
            game.deals.push(deals);
            game.showdowns.push(showdowns);
        }
        game
    }

    /// The rank of `hand`.
    fn rank(&self, hand: usize) -> usize {
        hand * self.multiplicity / self.rules.copies
    }

    /// The showdown strength of `hand`: its rank, or above every rank if it
    /// pairs the public card.
    fn strength(&self, hand: usize, public: Option<usize>) -> usize {
        let rank = self.rank(hand);
        match public {
            Some(public) if self.rank(public) == rank => rank + self.rules.ranks,
            _ => rank,
        }
    }

    /// The number of ways to deal hands `mine` and `theirs` and, if dealt,
    /// the public card `public` (as a hand of the same form), over the
    /// number of ordered pairs of distinct cards.
    fn deal_weight(&self, mine: usize, theirs: usize, public: Option<usize>) -> f64 {
        let copies = self.multiplicity;
        let pair = copies * (copies - usize::from(mine == theirs));
        let left = public.map_or(1, |public| {
            copies.saturating_sub(usize::from(mine == public) + usize::from(theirs == public))
        });
        (pair * left) as f64 / self.pairs
    }
}

/// Leduc hold'em's rules.
const LEDUC: Rules = Rules {
    ranks: 3,
    copies: 2,
    ante: 1,
    bets: &[2, 4],
    max_raises: 2,
};

/// Numbers the betting tree depth first, parents before children.
struct Builder {
    rules: Rules,
    /// The number of hands, which is also the number of public outcomes.
    hands: usize,
    nodes: Vec<PublicNode>,
    endings: Vec<Option<Ending>>,
}

impl Builder {
    /// A new node, settled later by the caller unless terminal.
    fn reserve(&mut self, ending: Option<Ending>) -> usize {
        self.nodes.push(PublicNode::Terminal);
        self.endings.push(ending);
        self.nodes.len() - 1
    }

    /// The decision after `moves` moves of round `round`, `raises` of them
    /// bets or raises, with `committed` chips in and the public card
    /// `public`, if dealt.
    fn round(
        &mut self,
        round: usize,
        committed: [i32; 2],
        moves: usize,
        raises: usize,
        public: Option<usize>,
    ) -> usize {
        let node = self.reserve(None);
        let player = Player::BOTH[moves % 2];
        let (me, other) = (player.index(), player.opponent().index());
        let mut children = Vec::with_capacity(3);
        if committed[me] < committed[other] {
            let fold = Ending::Fold {
                folder: player,
                committed,
                public,
            };
            children.push(self.reserve(Some(fold)));
        }
        let mut called = committed;
        called[me] = committed[other];
        children.push(if moves >= 1 {
            self.round_over(round, called, public)
        } else {
            self.round(round, called, moves + 1, raises, public)
        });
        if raises < self.rules.max_raises {
            let mut raised = committed;
            raised[me] = committed[other] + self.rules.bets[round];
            children.push(self.round(round, raised, moves + 1, raises + 1, public));
        }
        self.nodes[node] = PublicNode::Decision { player, children };
        node
    }

    /// The node after round `round` closed: the public card's deal before
    /// the next round, or the showdown.
    fn round_over(&mut self, round: usize, committed: [i32; 2], public: Option<usize>) -> usize {
        if round + 1 == self.rules.bets.len() {
            let showdown = Ending::Showdown {
                stake: committed[0],
                public,
            };
            return self.reserve(Some(showdown));
        }
        let node = self.reserve(None);
        // Each card the two hands leave is equally likely; the terminal
        // values count the copies of the dealt rank they leave.
        let weight = 1.0 / (self.rules.ranks * self.rules.copies - 2) as f64;
        let outcomes = (0..self.hands)
            .map(|card| (self.round(round + 1, committed, 0, 0, Some(card)), weight))
            .collect();
        self.nodes[node] = PublicNode::Chance(outcomes);
        node
    }
}

impl VectorGame for OneCardPoker {
    fn tree(&self) -> &PublicTree {
        &self.tree
    }

    fn initial_weights(&self, _player: Player) -> &[f64] {
        &self.weights
    }

    fn terminal_values(
        &self,
        node: usize,
        player: Player,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        let Some(ending) = self.endings[node] else {
            out.fill(0.0);
            return;
        };
        let (matrices, public, factor) = match ending {
            Ending::Fold {
                folder,
                committed,
                public,
            } => {
                let payoff = if folder == player {
                    -committed[player.index()]
                } else {
                    committed[player.opponent().index()]
                };
                (&self.deals, public, payoff)
            }
            Ending::Showdown { stake, public } => (&self.showdowns, public, stake),
        };
        let matrix = &matrices[public.map_or(0, |card| card + 1)];
        for (out, row) in out.iter_mut().zip(matrix.chunks(opponent_reach.len())) {
            let net: f64 = row.iter().zip(opponent_reach).map(|(w, r)| w * r).sum();
            *out = f64::from(factor) * net;
        }
    }
}

impl SampledGame for OneCardPoker {
    fn deal_factor(&self, [mine, theirs]: [usize; 2]) -> f64 {
        let copies = self.multiplicity;
        (copies * (copies - usize::from(mine == theirs))) as f64 / (copies * copies) as f64
    }

    fn chance_probability(&self, node: usize, outcome: usize, [mine, theirs]: [usize; 2]) -> f64 {
        // Outcome k deals public card (or rank) k; the tree's weight is one
        // card among those the two hands leave.
        let left = self
            .multiplicity
            .saturating_sub(usize::from(mine == outcome) + usize::from(theirs == outcome));
        self.tree.weights(node)[outcome] * left as f64
    }

    fn payoff(&self, node: usize, [mine, theirs]: [usize; 2]) -> f64 {
        match self.endings[node] {
            Some(Ending::Fold {
                folder, committed, ..
            }) => match folder {
                Player::P0 => -f64::from(committed[0]),
                Player::P1 => f64::from(committed[1]),
            },
            Some(Ending::Showdown { stake, public }) => {
                let sign = match self
                    .strength(mine, public)
                    .cmp(&self.strength(theirs, public))
                {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Less => -1.0,
                    std::cmp::Ordering::Equal => 0.0,
                };
                sign * f64::from(stake)
            }
            None => 0.0,
        }
    }
}
