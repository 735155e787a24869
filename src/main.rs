//! The `kibitz` command line.

fn main() {
    println!("kibitz");
}
