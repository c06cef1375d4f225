use tabula_core::Game;

/// The number of legal move sequences of exactly `depth` moves from `game`,
/// stopping at the end of the game (the usual perft count). The last ply is
/// counted without playing its moves.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_inner(game, depth, &mut buffers)
}

fn perft_inner<G: Game>(game: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return game.move_count() as u64;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    game.legal_moves(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        game.play(mv);
        total += perft_inner(game, depth - 1, rest);
        game.undo(mv);
    }
    total
}
