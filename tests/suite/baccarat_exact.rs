//! The baccarat engine against the seed's table, its identities, the
//! tableau as written in the seed, a brute-force enumeration of a small
//! shoe, and the side-bet effects of removal.

use banluck_lab::games::baccarat::bets::{Bet, bet_stats};
use banluck_lab::games::baccarat::count::removal_effects;
use banluck_lab::games::baccarat::exact::{Outcomes, Shoe, count_outcomes};
use banluck_lab::games::baccarat::rules::{BaccaratRules, BankerRule};
use banluck_lab::games::baccarat::tableau::{Outcome, play};

/// N (N−1) ⋯ (N−5).
fn six_ordered(n: u128) -> u128 {
    (0..6).map(|i| n - i).product()
}

#[test]
fn eight_decks_equal_the_seed_table_exactly() {
    let counts = count_outcomes(&Shoe::decks(8)).unwrap();
    assert_eq!(
        counts,
        Outcomes {
            // The seed prints 2,179,619,555,108,870: float-rounded.
            banker_win: 2_179_619_555_108_864,
            dragon7: 112_633_011_329_024,
            // The seed prints 2,230,518,282,592,250: float-rounded.
            player_win: 2_230_518_282_592_256,
            panda8: 172_660_763_262_976,
            tie: 475_627_426_473_216,
            total: 4_998_398_275_503_360,
        }
    );
    // The seed's rounded probabilities.
    let payouts = BaccaratRules::default().payouts;
    for (bet, p) in [
        (Bet::Banker, 0.436064),
        (Bet::Dragon7, 0.022534),
        (Bet::Tie, 0.095156),
        (Bet::Player, 0.446247),
        (Bet::Panda8, 0.034543),
    ] {
        let stats = bet_stats(bet, &counts, &payouts);
        assert!(
            (stats.win_probability - p).abs() < 5e-7,
            "{bet:?}: {stats:?}"
        );
    }
    // The main bets' EVs as in the seed (the side bets' EVs there are made
    // from rounded probabilities and differ in the sixth decimal).
    let banker = bet_stats(Bet::Banker, &counts, &payouts).ev;
    let player = bet_stats(Bet::Player, &counts, &payouts).ev;
    let tie = bet_stats(Bet::Tie, &counts, &payouts).ev;
    assert!((banker + 0.010183).abs() < 5e-7, "{banker}");
    assert!((player + 0.012351).abs() < 5e-7, "{player}");
    assert!((tie + 0.143596).abs() < 5e-7, "{tie}");
}

#[test]
fn identities_hold_for_every_deck_count_and_uneven_shoes() {
    let uneven = [
        Shoe([40, 11, 9, 12, 10, 8, 13, 9, 11, 10]),
        Shoe([0, 0, 0, 0, 0, 0, 0, 3, 4, 0]),
        Shoe([2, 1, 0, 0, 0, 0, 1, 1, 0, 1]),
        Shoe([100, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
    ];
    let shoes = (1..=8).map(Shoe::decks).chain(uneven);
    for shoe in shoes {
        let c = count_outcomes(&shoe).unwrap();
        assert!(c.panda8 <= c.player_win, "{shoe:?}: {c:?}");
        assert_eq!(c.banker_win + c.dragon7 + c.player_win + c.tie, c.total);
        assert_eq!(c.total, six_ordered(u128::from(shoe.cards())), "{shoe:?}");
    }
    let one = count_outcomes(&Shoe::decks(1)).unwrap();
    assert_eq!(one.total, 52 * 51 * 50 * 49 * 48 * 47);
}

/// Every ordered six-card deal of `cards` played through the tableau,
/// tallied by outcome: the seed's convention, counted one deal at a time.
fn brute_force(cards: &[u8]) -> [u128; 5] {
    let mut tally = [0u128; 5];
    let n = cards.len();
    let mut index = [0usize; 6];
    fn distinct(index: &[usize]) -> bool {
        (0..index.len()).all(|i| (0..i).all(|j| index[i] != index[j]))
    }
    let total = n.pow(6);
    for code in 0..total {
        let mut rest = code;
        for slot in index.iter_mut() {
            *slot = rest % n;
            rest /= n;
        }
        if !distinct(&index) {
            continue;
        }
        let mut position = 0;
        let coup = play(|| {
            position += 1;
            cards[index[position - 1]]
        });
        tally[coup.outcome() as usize] += 1;
    }
    tally
}

#[test]
fn a_small_shoe_matches_brute_force_enumeration() {
    // Eleven cards with every kind of coup possible.
    let cards = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut counts = [0u32; 10];
    for &c in &cards {
        counts[usize::from(c)] += 1;
    }
    let exact = count_outcomes(&Shoe(counts)).unwrap();
    let brute = brute_force(&cards);
    assert_eq!(exact.banker_win, brute[Outcome::BankerWin as usize]);
    assert_eq!(exact.dragon7, brute[Outcome::Dragon7 as usize]);
    assert_eq!(
        exact.player_win,
        brute[Outcome::PlayerWin as usize] + brute[Outcome::Panda8 as usize]
    );
    assert_eq!(exact.panda8, brute[Outcome::Panda8 as usize]);
    assert_eq!(exact.tie, brute[Outcome::Tie as usize]);
    assert!(exact.dragon7 > 0 && exact.panda8 > 0);
}

/// The banker's rule as the seed writes it (section 3.4): for each banker
/// total, the player third cards on which the banker draws.
const BANKER_DRAWS_ON: [(u8, &[u8]); 8] = [
    (0, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    (1, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    (2, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    (3, &[0, 1, 2, 3, 4, 5, 6, 7, 9]),
    (4, &[2, 3, 4, 5, 6, 7]),
    (5, &[4, 5, 6, 7]),
    (6, &[6, 7]),
    (7, &[]),
];

#[test]
fn the_tableau_matches_the_seed_case_by_case() {
    let mut cases = 0;
    for player in 0..10u8 {
        for banker in 0..10u8 {
            for third in 0..10u8 {
                // Two cards to each total (0 + total), then the third card,
                // then a banker third card worth 1.
                let cards = [0, 0, player, banker, third, 1];
                let mut next = cards.into_iter();
                let coup = play(|| next.next().unwrap());
                let natural = player >= 8 || banker >= 8;
                let player_draws = !natural && player <= 5;
                let banker_draws = !natural
                    && if player_draws {
                        BANKER_DRAWS_ON
                            .iter()
                            .any(|&(total, on)| total == banker && on.contains(&third))
                    } else {
                        banker <= 5
                    };
                assert_eq!(
                    (coup.player_three, coup.banker_three),
                    (player_draws, banker_draws),
                    "player {player}, banker {banker}, third card {third}"
                );
                let player_final = if player_draws {
                    (player + third) % 10
                } else {
                    player
                };
                assert_eq!(coup.player_total, player_final);
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 1000);
}

#[test]
fn classic_commission_baccarat_comes_from_the_same_engine() {
    let counts = count_outcomes(&Shoe::decks(8)).unwrap();
    let mut payouts = BaccaratRules::default().payouts;
    payouts.banker_rule = BankerRule::Commission;
    // The well-known 8-deck house edges: Banker 1.0579 %, Player 1.2351 %.
    let banker = bet_stats(Bet::Banker, &counts, &payouts).ev;
    let player = bet_stats(Bet::Player, &counts, &payouts).ev;
    assert!((banker + 0.010579).abs() < 5e-7, "{banker}");
    assert!((player + 0.012351).abs() < 5e-7, "{player}");
}

#[test]
fn removal_effects_average_to_zero_and_tags_balance() {
    let payouts = BaccaratRules::default().payouts;
    for shoe in [Shoe::decks(8), Shoe([40, 11, 9, 12, 10, 8, 13, 9, 11, 10])] {
        for bet in removal_effects(&shoe, &payouts).unwrap() {
            // Removing a random card leaves the EV unchanged on average.
            let mean: f64 = (0..10)
                .map(|v| f64::from(shoe.0[v]) * bet.effect[v])
                .sum::<f64>()
                / f64::from(shoe.cards());
            assert!(mean.abs() < 1e-12, "{}: {mean}", bet.bet);
            assert!(bet.tag.iter().all(|t| t.abs() <= 3), "{bet:?}");
            assert!(bet.betting_correlation > 0.9, "{bet:?}");
        }
    }
    let [dragon, panda] = removal_effects(&Shoe::decks(8), &payouts).unwrap();
    assert_eq!(dragon.tag, [1, 0, -1, -1, -2, -2, -2, -2, 3, 3]);
    assert_eq!(panda.tag, [1, 1, 1, -2, -2, -2, -1, -1, -1, 3]);
    assert_eq!((dragon.full_shoe_count, panda.full_shoe_count), (0, 0));
    // Eights and nines leaving the shoe help Dragon 7 most.
    assert!(dragon.effect[8] > 0.0 && dragon.effect[7] < 0.0);
}
