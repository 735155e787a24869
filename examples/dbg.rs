use dds::bridge::{Board, Deal, Seat, Solver, Strain};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deal = Deal::from_pbn(&args[1]).unwrap();
    let strain = Strain::from_index(args[2].parse().unwrap()).unwrap();
    let leader = Seat::from_index(args[3].parse().unwrap()).unwrap();
    let mut s = Solver::new();
    let t = std::time::Instant::now();
    let b = Board::new(deal, strain, leader);
    let v = s.max_tricks(&b);
    println!("leader side tricks {v} nodes {} in {:?} stats {:?}", s.nodes(), t.elapsed(), s.stats());
}
