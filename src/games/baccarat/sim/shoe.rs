//! A physical shoe: shuffled in full, burnt, dealt coup by coup to the cut
//! card, then reshuffled.

use rand::Rng;

use crate::games::baccarat::exact::Shoe;
use crate::games::baccarat::rules::ShoeRules;
use crate::games::baccarat::tableau::coup_from_six;

/// A uniform integer in `0..n` (`n > 0`) from the 32 random bits `bits`,
/// by Lemire's multiply-and-reject method: a rejection (probability below
/// `n / 2^32`) draws fresh bits from `rng`.
#[inline]
fn below<R: Rng>(rng: &mut R, bits: u32, n: u32) -> u32 {
    let range = u64::from(n);
    let mut product = u64::from(bits) * range;
    if (product as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * range;
        }
    }
    (product >> 32) as u32
}

/// The cards of a shoe of card values 0 to 9, in dealing order.
#[derive(Debug, Clone)]
pub struct PhysicalShoe {
    cards: Vec<u8>,
    next: usize,
    /// Deal no coup once this many cards or fewer remain: the cut card, and
    /// never fewer than 6 (a coup may need six cards).
    stop_at: usize,
    rules: ShoeRules,
}

impl PhysicalShoe {
    /// A shoe of `rules.decks` decks with the rules' burn and cut card,
    /// not yet shuffled (call [`PhysicalShoe::shuffle`]).
    pub fn new(rules: &ShoeRules) -> PhysicalShoe {
        let full = Shoe::decks(rules.decks);
        let cards = (0..10u8)
            .flat_map(|value| std::iter::repeat_n(value, full.0[usize::from(value)] as usize))
            .collect();
        PhysicalShoe {
            cards,
            next: 0,
            stop_at: rules.stop_at(),
            rules: rules.clone(),
        }
    }

    /// Shuffles every card (Fisher–Yates) and burns as the rules say: none,
    /// a fixed count, or the first card and as many more as its face value
    /// (tens and faces 10).
    pub fn shuffle<R: Rng>(&mut self, rng: &mut R) {
        // Two 32-bit draws from each 64-bit output.
        let mut i = self.cards.len() - 1;
        while i >= 2 {
            let bits = rng.next_u64();
            let j = below(rng, bits as u32, i as u32 + 1) as usize;
            self.cards.swap(i, j);
            let j = below(rng, (bits >> 32) as u32, i as u32) as usize;
            self.cards.swap(i - 1, j);
            i -= 2;
        }
        if i == 1 {
            let bits = rng.next_u32();
            let j = below(rng, bits, 2) as usize;
            self.cards.swap(1, j);
        }
        self.next = self.rules.burn_count(self.cards[0]);
    }

    /// Every card of the shoe in dealing order (burnt cards first).
    pub fn cards(&self) -> &[u8] {
        &self.cards
    }

    /// The index in [`PhysicalShoe::cards`] of the next card to be dealt:
    /// the cards before it are burnt or dealt.
    pub fn position(&self) -> usize {
        self.next
    }

    /// Deals the next coup and returns its outcome class, or `None` when
    /// the cut card has come out (the shoe is finished).
    #[inline]
    pub fn deal(&mut self) -> Option<u8> {
        let left = self.cards.len() - self.next;
        if left <= self.stop_at {
            return None;
        }
        let six: [u8; 6] = self.cards[self.next..self.next + 6]
            .try_into()
            .expect("six cards remain past the stop");
        let (class, used) = coup_from_six(six);
        self.next += usize::from(used);
        Some(class)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::baccarat::rules::BaccaratRules;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    #[test]
    fn a_shoe_deals_to_the_cut_card_and_keeps_every_card() {
        let mut rules = BaccaratRules::default().shoe;
        rules.decks = 3;
        rules.cut_card = 20;
        let mut shoe = PhysicalShoe::new(&rules);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        shoe.shuffle(&mut rng);
        let burnt = shoe.next;
        assert!((2..=11).contains(&burnt), "{burnt}");
        let mut coups = 0;
        while shoe.deal().is_some() {
            coups += 1;
        }
        let left = shoe.cards.len() - shoe.next;
        assert!(left <= 20 && left + 6 > 20, "{left}");
        assert!((coups * 4..=coups * 6).contains(&(156 - burnt - left)));
        let mut counts = [0u32; 10];
        for &card in &shoe.cards {
            counts[usize::from(card)] += 1;
        }
        assert_eq!(Shoe(counts), Shoe::decks(3));
    }

    #[test]
    fn draws_below_stay_in_range() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert!((0..1000).all(|_| {
            let bits = rng.next_u32();
            below(&mut rng, bits, 7) < 7
        }));
        // Bits that the method rejects for n = 3 (product low word 1 < 2^32 mod 3).
        let mut fixed = Xoshiro256PlusPlus::seed_from_u64(2);
        assert!(below(&mut fixed, 0, 3) < 3);
    }
}
