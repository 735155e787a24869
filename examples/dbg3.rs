use dds::bridge::{dd_table, Deal, Solver};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(5);
    let skip: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(0);
    let text = std::fs::read_to_string("tests/data/list100.txt").unwrap();
    let mut s = Solver::new();
    let t = std::time::Instant::now();
    let lines: Vec<&str> = text.lines().collect();
    let mut k = 0;
    let mut bad = 0;
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with("PBN") { continue; }
        k += 1;
        if k <= skip { continue; }
        if k > skip + n { break; }
        let pbn = line.split('"').nth(1).unwrap();
        let deal = Deal::from_pbn(pbn).unwrap();
        let t1 = std::time::Instant::now();
        let tb = dd_table(&mut s, &deal);
        let flat: Vec<String> = tb.iter().flatten().map(|v| v.to_string()).collect();
        let want = lines[i + 2].trim().strip_prefix("TABLE ").unwrap();
        if flat.join(" ") != want { bad += 1; eprintln!("MISMATCH hand {k}: {} vs {}", flat.join(" "), want); }
        eprintln!("{k}: {:?}", t1.elapsed());
    }
    for h in s.cut_hist() { println!("{:?}", h); }
    println!("{n} tables ({bad} wrong) nodes {} in {:?} stats {:?}", s.nodes(), t.elapsed(), s.stats());
}
