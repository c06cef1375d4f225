use std::sync::atomic::Ordering;
use tabula_core::{seeded_rng, uniform_below, Game, Outcome};
use tabula_games::seesaw::{Seesaw, eval::TOGGLE};
use tabula_search::{choose_move, PlayerSpec};
// args: specA toggleA specB toggleB games [base]
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sa = PlayerSpec::parse(&args[1], Seesaw::info()).unwrap();
    let ta: usize = args[2].parse().unwrap();
    let sb = PlayerSpec::parse(&args[3], Seesaw::info()).unwrap();
    let tb: usize = args[4].parse().unwrap();
    let games: u64 = args[5].parse().unwrap();
    let base: usize = args.get(6).map(|s| s.parse().unwrap()).unwrap_or(4);
    let (mut score_a, mut draws, mut total) = (0.0, 0, 0);
    let mut t = [0f64; 2]; let mut n = [0u32; 2];
    for g in 0..games {
        let mut rng = seeded_rng(g / 2 + 991);
        let mut p = Seesaw::with_base(base).unwrap();
        for _ in 0..4 { let mut m = Vec::new(); p.legal_moves(&mut m); if m.is_empty() {break;} let i = uniform_below(&mut rng, m.len() as u64) as usize; p.play(m[i]); }
        let a_seat = (g % 2) as usize;
        let mut len = 0;
        while p.outcome().is_none() && len < 300 {
            let who = if p.side_to_move().index() == a_seat { 0 } else { 1 };
            TOGGLE.store(if who == 0 { ta } else { tb }, Ordering::Relaxed);
            let r = choose_move(&p, if who == 0 { &sa } else { &sb }, &mut rng).unwrap();
            t[who] += r.elapsed.as_secs_f64(); n[who] += 1;
            p.play(r.best.unwrap());
            len += 1;
        }
        total += len;
        match p.outcome() { Some(Outcome::Win(s)) => if s.index() == a_seat { score_a += 1.0 }, _ => { draws += 1; score_a += 0.5 } }
    }
    println!("{} [{ta}] vs {} [{tb}] base {base}: A {score_a}/{games}, capped {draws}, mean length {:.1}, time/move {:.3}s / {:.3}s", args[1], args[3], total as f64 / games as f64, t[0]/n[0].max(1) as f64, t[1]/n[1].max(1) as f64);
}
