//! The action ids and observations every game declares for learning agents
//! (`Encode`): within range, distinct in every position, played back as the
//! moves they stand for, and observations of the declared shape.

use std::collections::HashSet;

use tabula_core::{seeded_rng, uniform_below, Options};
use tabula_games::registry;

#[test]
fn action_ids_are_distinct_in_range_and_play_their_moves() {
    for entry in registry() {
        for options in [vec![], vec!["size=5"], vec!["base=6"], vec!["pie=true"]] {
            let Ok(options) = Options::from_pairs(&options.iter().map(|s| s.to_string()).collect::<Vec<_>>()) else {
                continue;
            };
            let Ok(start) = entry.create(&options) else { continue };
            let space = start.action_space();
            assert!(space > 0, "{} declares action ids", entry.info().slug);
            let shape = start.observation_shape();
            assert!(!shape.is_empty(), "{} declares an observation", entry.info().slug);
            let mut rng = seeded_rng(7);
            let (mut ids, mut obs) = (Vec::new(), Vec::new());
            for _ in 0..30 {
                let mut game = start.clone_box();
                for _ in 0..300 {
                    game.observe(&mut obs);
                    assert_eq!(
                        obs.len(),
                        shape.iter().product::<usize>(),
                        "{}: the observation has its shape",
                        entry.info().slug
                    );
                    let legal = game.legal_moves();
                    game.legal_actions(&mut ids).unwrap();
                    assert_eq!(ids.len(), legal.len());
                    assert!(ids.iter().all(|&i| i < space));
                    assert_eq!(
                        ids.iter().collect::<HashSet<_>>().len(),
                        ids.len(),
                        "{}: distinct ids in {}",
                        entry.info().slug,
                        game.to_text()
                    );
                    if legal.is_empty() {
                        break;
                    }
                    let at = uniform_below(&mut rng, legal.len() as u64) as usize;
                    assert_eq!(game.action_move(ids[at]).unwrap(), legal[at]);
                    assert_eq!(game.move_action(&legal[at]).unwrap(), ids[at]);
                    let mut by_text = game.clone_box();
                    by_text.play_text(&legal[at]).unwrap();
                    game.play_action(ids[at]).unwrap();
                    assert_eq!(game.to_text(), by_text.to_text());
                }
                assert!(game.play_action(space).is_err(), "an id out of range is refused");
            }
        }
    }
}
