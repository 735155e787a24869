fn main() { println!("0 passed, 0 failed"); }
