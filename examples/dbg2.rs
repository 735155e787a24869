use dds::bridge::{dd_table, Deal, Solver};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deal = Deal::from_pbn(&args[1]).unwrap();
    let mut s = Solver::new();
    let t = std::time::Instant::now();
    let tb = dd_table(&mut s, &deal);
    println!("{:?} nodes {} in {:?}", tb, s.nodes(), t.elapsed());
}
