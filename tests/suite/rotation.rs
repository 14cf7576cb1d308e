//! The rotating bank: exact heads-up sessions against simulated ones, the
//! bookkeeping of the schemes, and the answer.

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rotation::{
    Effort, RotationParams, RoundLaw, RoundMoments, Scheme, SessionParams, analyze_rotation,
    exact_session, imbalance_rows, profit_distribution_rows, schedule_moments, simulate_sessions,
};
use banluck_lab::games::banluck::rules::{CompiledRules, RotationScheme, RuleSet};
use banluck_lab::games::banluck::strategy::DealerStrategy;
use banluck_lab::games::banluck::strategy_file::Chart;

fn scheme(scheme: RotationScheme, period: u32) -> Scheme {
    Scheme { scheme, period }
}

fn canonical() -> (
    CompiledRules,
    banluck_lab::games::banluck::strategy::PlayerStrategy,
) {
    let table = CompiledRules::compile(RuleSet::default());
    let player = Chart::stand17().expand(&table).unwrap();
    (table, player)
}

#[test]
fn one_round_of_banking_is_the_negated_exact_hand_distribution() {
    let (table, player) = canonical();
    let law = RoundLaw::new(&table, &player).unwrap();
    let session = exact_session(&law, 1, scheme(RotationScheme::Never, 1), None);
    let exact = dp::evaluate(&table, &player, &DealerStrategy::fixed(&table)).outcomes;
    let mut negated: Vec<(f64, f64)> = exact
        .iter()
        .filter(|(_, p)| *p > 0.0)
        .map(|&(v, p)| (-v + 0.0, p))
        .collect();
    negated.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(session.distribution.len(), negated.len());
    for ((v, p), (w, q)) in session.distribution.iter().zip(&negated) {
        assert_eq!(v, w);
        assert!((p - q).abs() < 1e-12, "{v}: {p} against {q}");
    }
    // The player wins at the deal with Ban Ban (6 of the 1326 pairs) unless
    // the dealer surrenders one of the 96 hard 15s left or holds the last
    // two aces (a push): 1128 of 1225 dealer pairs. Ban Luck (64 pairs)
    // wins unless the dealer surrenders (92 hard 15s left), holds Ban Ban
    // (3 pairs) or Ban Luck (3 × 15, a push): 1085 of 1225.
    let exact = (6.0 * 1128.0 + 64.0 * 1085.0) / (1326.0 * 1225.0);
    assert!(
        (law.ban_rate() - exact).abs() < 1e-12,
        "{} against {exact}",
        law.ban_rate()
    );
}

#[test]
fn exact_session_probabilities_sum_to_one_and_means_add_up() {
    let (table, player) = canonical();
    let law = RoundLaw::new(&table, &player).unwrap();
    for s in [
        scheme(RotationScheme::Never, 1),
        scheme(RotationScheme::EveryN, 3),
        scheme(RotationScheme::OnBan, 1),
    ] {
        let session = exact_session(&law, 25, s, Some(10.0));
        let total: f64 = session.distribution.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9, "{}: {total}", s.label());
        let persons = &session.summary.persons;
        assert!((persons[0].mean_profit + persons[1].mean_profit).abs() < 1e-12);
        assert!((persons[0].rounds_banked + persons[1].rounds_banked - 25.0).abs() < 1e-9);
        let ruin = persons[0].p_ruin.unwrap();
        assert!((0.0..=1.0).contains(&ruin));
    }
    // Never passing: person 0 banks every round and expects -25 EV.
    let never = exact_session(&law, 25, scheme(RotationScheme::Never, 1), None);
    let expected = -25.0 * law.mean();
    assert!((never.summary.persons[0].mean_profit - expected).abs() < 1e-9);
    // every_n(3) over 25 rounds: person 0 banks rounds 0-2, 6-8, ..., 24.
    let every = exact_session(&law, 25, scheme(RotationScheme::EveryN, 3), None);
    assert!((every.summary.persons[0].rounds_banked - 13.0).abs() < 1e-9);
}

#[test]
fn exact_sessions_match_simulated_sessions() {
    let (table, player) = canonical();
    let law = RoundLaw::new(&table, &player).unwrap();
    for s in [
        scheme(RotationScheme::EveryN, 4),
        scheme(RotationScheme::OnBan, 1),
    ] {
        let session = exact_session(&law, 30, s, Some(8.0));
        // The exact fourth central moment gives the sampling error of the
        // simulated standard deviation: Var(s²) ≈ (μ₄ − σ⁴)/n, and by the
        // delta method SE(s) ≈ √((μ₄ − σ⁴)/n) / (2σ).
        let mean: f64 = session.distribution.iter().map(|(v, p)| v * p).sum();
        let moment = |k: i32| -> f64 {
            session
                .distribution
                .iter()
                .map(|(v, p)| (v - mean).powi(k) * p)
                .sum()
        };
        let (variance, fourth) = (moment(2), moment(4));
        let exact = session.summary;
        let params = SessionParams {
            people: 2,
            rounds: 30,
            scheme: s,
            bankroll: Some(8.0),
            sessions: 200_000,
            seed: 11,
            threads: 0,
        };
        let sim = simulate_sessions(&table, &player, &params).unwrap();
        let n = params.sessions as f64;
        for (e, m) in exact.persons.iter().zip(&sim.persons) {
            let z = (m.mean_profit - e.mean_profit) / m.std_error.unwrap();
            assert!(
                z.abs() < 4.0,
                "{} person {}: mean z = {z}",
                s.label(),
                e.person
            );
            for (name, p, q) in [
                ("ahead", e.p_ahead, m.p_ahead),
                ("ruin", e.p_ruin.unwrap(), m.p_ruin.unwrap()),
            ] {
                let z = (q - p) / (p * (1.0 - p) / n).sqrt();
                assert!(
                    z.abs() < 4.0,
                    "{} person {}: {name} z = {z}",
                    s.label(),
                    e.person
                );
            }
            let se = ((fourth - variance * variance) / n).sqrt() / (2.0 * variance.sqrt());
            let z = (m.std_dev - e.std_dev) / se;
            assert!(
                z.abs() < 4.0,
                "{} person {}: std dev z = {z}",
                s.label(),
                e.person
            );
        }
        let banked = sim.persons[0].rounds_banked - exact.persons[0].rounds_banked;
        match s.scheme {
            // Passing every 4 rounds fixes who banks: no sampling error.
            RotationScheme::EveryN => assert!(banked.abs() < 1e-9, "banked differs by {banked}"),
            // Rounds banked lie in [0, 30], so their standard deviation is at
            // most 15 (Popoviciu): a 4σ bound that needs no estimate.
            _ => assert!(
                banked.abs() < 4.0 * 15.0 / n.sqrt(),
                "{}: banked differs by {banked}",
                s.label()
            ),
        }
    }
}

#[test]
fn session_simulation_is_reproducible_at_any_thread_count() {
    let (table, player) = canonical();
    let params = |threads| SessionParams {
        people: 5,
        rounds: 20,
        scheme: scheme(RotationScheme::OnBan, 1),
        bankroll: Some(10.0),
        sessions: 3_000,
        seed: 5,
        threads,
    };
    let one = simulate_sessions(&table, &player, &params(1)).unwrap();
    let two = simulate_sessions(&table, &player, &params(2)).unwrap();
    assert_eq!(one, two);
    let banked: f64 = one.persons.iter().map(|p| p.rounds_banked).sum();
    assert!((banked - 20.0).abs() < 1e-9);
}

#[test]
fn scripted_schedules_book_each_role() {
    // Seats with distinct means: seat 0 = 0.1, seat 1 = 0.2; banker -0.3.
    let moments = RoundMoments {
        seat_means: vec![0.1, 0.2],
        seat_variances: vec![1.0, 2.0],
        banker_variance: 4.0,
        source: "script".into(),
    };
    // every_n(1) over 3 rounds: bankers 0, 1, 2.
    let persons = schedule_moments(&moments, 3, scheme(RotationScheme::EveryN, 1));
    // Person 0: banks (-0.3), seat 1 under banker 1 (0.2), seat 0 under banker 2 (0.1).
    assert!((persons[0].0 - 0.0).abs() < 1e-12);
    assert_eq!(persons[0].1, 7.0);
    assert_eq!(
        persons.iter().map(|p| p.2).collect::<Vec<_>>(),
        vec![1, 1, 1]
    );
    let never = schedule_moments(&moments, 4, scheme(RotationScheme::Never, 1));
    assert!((never[0].0 + 1.2).abs() < 1e-12);
    assert!((never[1].0 - 0.4).abs() < 1e-12 && (never[2].0 - 0.8).abs() < 1e-12);
}

#[test]
fn the_answer_names_a_fair_period_and_judges_on_ban() {
    let (table, player) = canonical();
    let params = RotationParams {
        people: 2,
        session_rounds: 100,
        tolerance: 0.01,
        bankroll: Some(20.0),
        scheme: scheme(RotationScheme::EveryN, 10),
        table_rounds: 100_000,
        sessions: 2_000,
        seed: 1,
        threads: 0,
    };
    let report = analyze_rotation(&table, &player, &params).unwrap();
    let answer = &report.answer;
    assert_eq!(answer.periods.len(), 100);
    let fair = answer.fair_period.expect("passing every round is fair");
    assert!(
        answer.periods[..fair as usize]
            .iter()
            .all(|r| r.within_tolerance)
    );
    assert!(!answer.periods[fair as usize].within_tolerance);
    // Passing every 50 rounds splits 100 rounds evenly: no imbalance.
    assert!(answer.periods[49].imbalance.abs() < 1e-9);
    assert!(answer.never.imbalance > answer.periods[0].imbalance);
    assert!(answer.statement.contains("Ban Luck"));
    let total: f64 = report.distribution.unwrap().iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9);
    // Three people: simulated moments and sessions.
    let three = analyze_rotation(
        &table,
        &player,
        &RotationParams {
            people: 3,
            ..params
        },
    )
    .unwrap();
    assert_eq!(three.answer.round.seat_means.len(), 2);
    assert!(three.configured.imbalance_std_error.is_some());
}

#[test]
fn experiment_rows_cover_what_was_asked() {
    let (table, player) = canonical();
    let effort = Effort {
        table_rounds: 50_000,
        sessions: 500,
        seed: 3,
        threads: 0,
    };
    let rows = imbalance_rows(&table, &player, &[2, 4], 40, &[1, 5, 10], 0.01, effort).unwrap();
    assert_eq!(rows.len(), 6);
    assert_eq!((rows[3].people, rows[3].period), (4, 1));
    let dist =
        profit_distribution_rows(&table, &player, 10, &[scheme(RotationScheme::OnBan, 1)]).unwrap();
    for person in 0..2 {
        let total: f64 = dist
            .iter()
            .filter(|r| r.person == person)
            .map(|r| r.probability)
            .sum();
        assert!((total - 1.0).abs() < 1e-9);
    }
}
