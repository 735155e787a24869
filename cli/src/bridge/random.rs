//! `kibitz bridge random`: seeded random deals and their tables.

use std::io::Write;

use clap::Args;
use kibitz::bridge::{Deal, Holding, Seat, Suit};

use super::table::{write_tables, TableOutput};
use crate::{CliError, HELP_TEMPLATE};

/// Examples of `kibitz bridge random --help`.
const RANDOM_EXAMPLES: &str = "\
The same seed always gives the same deals (a splitmix64 generator and a
Fisher-Yates shuffle); without --seed the seed is taken from the clock and
printed on stderr.

Examples:
  kibitz bridge random 3 --seed 7
  kibitz bridge random 1000 --seed 1 --format csv --vul all > random.csv";

/// Options of `kibitz bridge random`.
#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, after_help = RANDOM_EXAMPLES)]
pub struct RandomArgs {
    /// How many deals
    count: usize,
    /// Seed of the generator
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    output: TableOutput,
}

/// A splitmix64 generator.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 11) as u128 * n as u128) >> 53) as usize
    }
}

/// `count` random deals from `seed`.
pub fn random_deals(seed: u64, count: usize) -> Vec<Deal> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let mut cards: Vec<u8> = (0..52).collect();
            for i in (1..52).rev() {
                cards.swap(i, rng.below(i + 1));
            }
            let mut deal = Deal::default();
            for (k, &c) in cards.iter().enumerate() {
                let seat = Seat::ALL[k / 13];
                let suit = Suit::ALL[usize::from(c / 13)];
                let holding: &mut Holding = &mut deal.0[seat.index()].0[suit.index()];
                holding.insert(c % 13 + 2);
            }
            deal
        })
        .collect()
}

/// Entry point of `kibitz bridge random`.
pub fn run(args: RandomArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let seed = match args.seed {
        Some(s) => s,
        None => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            eprintln!("kibitz: seed {now}");
            now
        }
    };
    let deals = random_deals(seed, args.count);
    write_tables(&deals, &args.output, true, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_are_full_and_reproducible() {
        let a = random_deals(5, 20);
        assert_eq!(a, random_deals(5, 20));
        assert_ne!(a[0], a[1]);
        for d in &a {
            assert!(Seat::ALL.iter().all(|&s| d.hand(s).len() == 13));
        }
    }
}
