use tabula_core::Game;
use tabula_games::piracy::*;
#[test]
fn scratch() {
    let v: Vec<usize> = (0..20).map(Piracy::island_for_seed).collect();
    println!("{v:?}");
    let p = Piracy::start(4);
    println!("{}", p.to_text());
    println!("{}", p.drawing());
    println!("{}", p.view());
    let mut m = Vec::new(); p.legal_moves(&mut m);
    for mv in m { println!("{} {}", p.format_move(mv), p.move_view(mv)); }
}
