//! The blackjack engine's numbers do not depend on the number of threads:
//! the six-deck S17 DAS split-to-4 game under each split algorithm solved
//! on one thread and on two gives the same solution, bit for bit (the
//! dealer passes run several removals at a time and upcards run in
//! parallel).

use std::path::Path;

use banluck_lab::games::blackjack::rules::load_blackjack_rules;
use banluck_lab::games::blackjack::{self, BlackjackSolution};

fn solve_on(threads: usize, algorithm: &str) -> BlackjackSolution {
    let set = format!("split.algorithm={algorithm}")
        .parse()
        .expect("a valid override");
    let rules = load_blackjack_rules(Some(Path::new("rules/blackjack-6d-s17.toml")), &[set])
        .expect("shipped rules load");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let mut solution = pool.install(|| blackjack::solve(&rules));
    solution.seconds = 0.0;
    solution
}

#[test]
fn one_and_two_threads_give_the_same_solution() {
    for algorithm in ["cdp1", "cdp", "cdz-"] {
        let one = solve_on(1, algorithm);
        let two = solve_on(2, algorithm);
        assert_eq!(one.ev.to_bits(), two.ev.to_bits(), "{algorithm}");
        assert_eq!(one, two, "{algorithm}");
    }
}
