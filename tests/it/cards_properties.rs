//! proptest properties of `CardSet` and of card notation.

use proptest::prelude::*;
use tricklab::cards::{Card, CardSet, Rank, Suit, parse_card_list};

fn any_card() -> impl Strategy<Value = Card> {
    (0usize..4, 0usize..13).prop_map(|(s, r)| Card::new(Suit::from_index(s), Rank::from_index(r)))
}

fn any_set() -> impl Strategy<Value = CardSet> {
    any::<u64>().prop_map(|b| CardSet(b & CardSet::ALL.0))
}

proptest! {
    #[test]
    fn set_algebra(a in any_set(), b in any_set()) {
        prop_assert_eq!((a | b).len() + (a & b).len(), a.len() + b.len());
        prop_assert_eq!(a - b, a & !b);
        prop_assert!((a & b).is_subset(a));
        prop_assert!((a - b).is_disjoint(b));
        prop_assert_eq!(!(!a), a);
        prop_assert_eq!(a ^ b, (a - b) | (b - a));
    }

    #[test]
    fn membership(a in any_set(), c in any_card()) {
        prop_assert!(a.with(c).contains(c));
        prop_assert!(!a.without(c).contains(c));
        prop_assert_eq!(a.with(c).len(), a.len() + usize::from(!a.contains(c)));
        let mut m = a;
        m.insert(c);
        prop_assert_eq!(m, a.with(c));
        m.remove(c);
        prop_assert_eq!(m, a.without(c));
    }

    #[test]
    fn iteration_is_ordered_exact_and_double_ended(a in any_set()) {
        let fwd: Vec<Card> = a.iter().collect();
        let mut back: Vec<Card> = a.iter().rev().collect();
        back.reverse();
        prop_assert_eq!(&fwd, &back);
        prop_assert_eq!(a.iter().len(), a.len());
        prop_assert!(fwd.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(fwd.iter().copied().collect::<CardSet>(), a);
        for (i, c) in fwd.iter().enumerate() {
            prop_assert_eq!(a.nth(i), Some(*c));
        }
        prop_assert_eq!(a.nth(a.len()), None);
        prop_assert_eq!(a.first(), fwd.first().copied());
        prop_assert_eq!(a.last(), fwd.last().copied());
    }

    #[test]
    fn suits_partition_the_set(a in any_set()) {
        let total: usize = Suit::ALL.iter().map(|&s| a.suit(s).len()).sum();
        prop_assert_eq!(total, a.len());
        for s in Suit::ALL {
            prop_assert!(a.suit(s).iter().all(|c| c.suit() == s));
            prop_assert_eq!(CardSet::from_lane(s, a.lane(s)), a.suit(s));
            prop_assert_eq!(a.highest_in(s), a.suit(s).iter().next_back());
            prop_assert_eq!(a.lowest_in(s), a.suit(s).iter().next());
        }
    }

    #[test]
    fn card_notation_round_trips(c in any_card()) {
        prop_assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        prop_assert_eq!(c.to_string().to_lowercase().parse::<Card>().unwrap(), c);
        prop_assert_eq!(c.pretty().parse::<Card>().unwrap(), c);
    }

    #[test]
    fn set_notation_round_trips(a in any_set()) {
        prop_assert_eq!(a.to_string().parse::<CardSet>().unwrap(), a);
        let pretty: Vec<String> = a.iter().map(|c| c.pretty()).collect();
        prop_assert_eq!(pretty.join(", ").parse::<CardSet>().unwrap(), a);
        prop_assert_eq!(parse_card_list(&a.to_string()).unwrap().len(), a.len());
    }

    #[test]
    fn junk_is_rejected(s in "[A-Za-z0-9♣♦♥♠]{1,4}") {
        // Either it parses to a card whose notation reads back the same, or it is an error.
        if let Ok(c) = s.parse::<Card>() {
            let canon = c.to_string();
            let t = s.to_uppercase().replace("10", "T")
                .replace('♣', "C").replace('♦', "D").replace('♥', "H").replace('♠', "S");
            prop_assert_eq!(canon, t);
        }
    }
}
