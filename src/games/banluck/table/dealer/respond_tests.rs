//! The solver's inner consistency: the value it optimises on the rounds it
//! solved on is the evaluator's value of its policy on those rounds.

use super::*;
use crate::games::banluck::dp;
use crate::games::banluck::rules::RuleSet;

#[test]
fn the_in_sample_value_is_the_policy_valued_on_the_same_rounds() {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    let params = TableDealerParams {
        players: 2,
        rounds: 3_000,
        fresh_rounds: 3_000,
        seed: 3,
        threads: 1,
        progress: false,
    };
    let solution = best_response(&table, &player, &params).unwrap();
    let plan = Plan::new(&table, &player, &DealerStrategy::fixed(&table)).unwrap();
    let sampler = SeatSampler::new(&table, plan, 2);
    let run = RunParams {
        rounds: 3_000,
        chunk: CHUNK_ROUNDS,
        seed: 3,
        threads: 1,
        progress: false,
    };
    let training = crate::sim::run(&sampler, &run).unwrap().tally;
    let nodes = DealerNodes::new(&table);
    let fixed = TablePolicy::fixed(&table, &nodes, RevealPolicy::Off);
    let policies = [&fixed, &fixed, &solution.policy_no_reveal, &solution.policy];
    let tally = PolicyEvaluator::new(&table, &nodes, policies, 2).value_all(&training);
    let in_sample = tally.sums[3] / tally.weight;
    assert!(
        (in_sample - solution.in_sample_strategic).abs() < 1e-12,
        "{in_sample} against {}",
        solution.in_sample_strategic
    );
    // Chosen on these rounds, the policy is at least as good there as the
    // dealer without the reveal and as the fixed dealer.
    assert!(tally.sums[3] >= tally.sums[2] - 1e-9);
    assert!(tally.sums[2] >= tally.sums[0]);
}
