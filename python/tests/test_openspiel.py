"""OpenSpiel: the registered games pass OpenSpiel's random simulation tests,
clone, serialize and pickle, and OpenSpiel's MCTS bot plays Tabula's engine."""

import pickle
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

import tabula.openspiel as tos  # noqa: E402

NAMES = ["tabula_leeward", "tabula_warp_weft", "tabula_piracy", "tabula_seesaw"]


@pytest.fixture(scope="module", autouse=True)
def registered():
    assert tos.register() == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_random_simulations_with_serialization(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_random_games_clone_serialize_and_pickle(name):
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(5)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            clone = state.clone()
            assert str(clone) == str(state) and clone.history() == state.history()
            text = pyspiel.serialize_game_and_state(game, state)
            _, back = pyspiel.deserialize_game_and_state(text)
            assert str(back) == str(state) and back.history() == state.history()
            legal = state.legal_actions()
            assert legal == sorted(legal) and all(0 <= a < game.num_distinct_actions() for a in legal)
            action = int(rng.choice(legal))
            assert state.action_to_string(state.current_player(), action) in state.tabula_state.legal_moves()
            state.apply_action(action)
            if len(state.history()) % 7 == 0:
                unpickled = pickle.loads(pickle.dumps(state))
                assert str(unpickled) == str(state) and unpickled.history() == state.history()
        returns = state.returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert sum(returns) == 0


def test_parameters_are_the_game_options():
    game = pyspiel.load_game("tabula_warp_weft", {"size": 5, "pie": True})
    assert game.num_distinct_actions() == 26
    assert game.observation_tensor_shape() == [6, 5, 5]
    assert "size=5" in game.new_initial_state().tabula_state.to_text()
    assert pyspiel.load_game("tabula_seesaw", {"base": 3}).num_distinct_actions() == 19 + 1 + 19 * 19 * 12


def test_max_moves_ends_a_game_as_a_draw():
    game = pyspiel.load_game("tabula_leeward", {"max_moves": 4})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 4 and state.returns() == [0.0, 0.0]


def test_observation_tensor_is_the_games():
    game = pyspiel.load_game("tabula_piracy")
    state = game.new_initial_state()
    assert np.array_equal(np.array(state.observation_tensor(0)), state.tabula_state.observation().reshape(-1))


def test_openspiel_mcts_plays_tabula_alpha_beta():
    game = pyspiel.load_game("tabula_warp_weft", {"size": 5})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=100, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    engine = tos.TabulaBot("ab:depth=4")
    for seats in ([bot, engine], [engine, bot]):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), seats, rng)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


GAME_PARAMETERS = [
    ("tabula_leeward", {"max_moves": 300}),
    ("tabula_warp_weft", {"size": 5, "komi": 3.5, "seed": 7}),
    ("tabula_piracy", {}),
    ("tabula_seesaw", {"base": 3}),
]


@pytest.mark.parametrize("name,params", GAME_PARAMETERS)
def test_games_pickle_with_their_parameters(name, params):
    game = pyspiel.load_game(name, params)
    back = pickle.loads(pickle.dumps(game))
    assert back == game and str(back) == str(game)
    assert back.get_parameters() == game.get_parameters()
    assert back.num_distinct_actions() == game.num_distinct_actions()
    assert back.max_game_length() == game.max_game_length()
    state, replayed = game.new_initial_state(), back.new_initial_state()
    for _ in range(6):
        action = state.legal_actions()[len(state.legal_actions()) // 2]
        state.apply_action(action)
        replayed.apply_action(action)
    assert str(replayed) == str(state)


def _unpickled_elsewhere(obj, script):
    """What ``script`` prints in a fresh interpreter that unpickles ``obj`` from stdin as ``x``."""
    code = "import pickle, sys\nx = pickle.loads(sys.stdin.buffer.read())\n" + script
    run = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(obj), capture_output=True)
    assert run.returncode == 0, run.stderr.decode()
    return run.stdout.decode().splitlines()


def test_a_pickled_state_loads_in_a_fresh_interpreter():
    """Unpickling imports tabula.openspiel, which registers the games: no register() call is needed first."""
    game = pyspiel.load_game("tabula_warp_weft", {"size": 5})
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[-1])
    out = _unpickled_elsewhere(state, "print(x.get_game())\nprint(x.history(), x.legal_actions())\n")
    assert out == [str(game), f"{state.history()} {state.legal_actions()}"]


def test_a_pickled_game_loads_in_a_fresh_interpreter():
    game = pyspiel.load_game("tabula_seesaw", {"base": 3, "max_moves": 50})
    out = _unpickled_elsewhere(game, "print(x)\nprint(x.new_initial_state().legal_actions())\n")
    assert out == [str(game), str(game.new_initial_state().legal_actions())]
