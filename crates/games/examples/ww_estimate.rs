use std::time::Instant;
use tabula_core::{Game, Options};
use tabula_games::warp_weft::{Solver, WarpWeft};
fn main() {
    let text = std::fs::read_to_string("docs/studies/warp-weft/perfect-play.jsonl").unwrap();
    let truth: Vec<(u64, i64)> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["seed"].as_u64().unwrap(), v["margin"].as_i64().unwrap())
        })
        .collect();
    for depth in [0u32, 2, 4, 6, 8, 10, 12] {
        let (mut err, mut exact, mut within1, mut secs) = (0i64, 0, 0, 0.0);
        let mut bias = 0i64;
        let mut all = Vec::new();
        for &(seed, m) in &truth {
            let pos = WarpWeft::new(&Options::from_pairs(&[format!("seed={seed}")]).unwrap()).unwrap();
            let mut s = Solver::new(&pos, 1).unwrap();
            let c = Instant::now();
            let e = s.estimate(&pos, depth) as i64;
            secs += c.elapsed().as_secs_f64();
            err += (e - m).abs();
            bias += e - m;
            all.push(e - m);
            exact += (e == m) as i32;
            within1 += ((e - m).abs() <= 1) as i32;
        }
        let n = truth.len() as f64;
        let b = (bias as f64 / n).round() as i64;
        let cerr: f64 = all.iter().map(|d| (d - b).abs() as f64).sum::<f64>() / n;
        let c1 = all.iter().filter(|d| (*d - b).abs() <= 1).count();
        println!("   corrected by {b}: mean |err| {cerr:.2}, within 1 {c1}");
        println!(
            "depth {depth:2}: mean |err| {:.2}, bias {:+.2}, exact {exact}, within 1 {within1}, {:.4} s each",
            err as f64 / n,
            bias as f64 / n,
            secs / n
        );
    }
    let _ = WarpWeft::info();
}
