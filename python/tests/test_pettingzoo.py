"""PettingZoo: every game's AEC environment passes PettingZoo's own api_test, warning only of what it warns every environment off its name lists."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import tabula  # noqa: E402
from tabula.pettingzoo import env  # noqa: E402

GAMES = ["leeward", "warp-weft", "piracy", "seesaw"]


#: What api_test warns of every environment whose name is not on its own lists
#: (PettingZoo's classic games): the {observation, action_mask} dict is checked all the same.
NAME_LIST_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def api_test_warnings(e, num_cycles):
    """Runs PettingZoo's api_test on ``e`` (it raises on a failure); returns the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=num_cycles)
    return {str(w.message) for w in caught}


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes(game):
    assert api_test_warnings(env(game), 200) <= NAME_LIST_WARNINGS


def test_api_test_passes_with_options():
    assert api_test_warnings(env("warp-weft", size=5, pie=True), 100) <= NAME_LIST_WARNINGS
    assert api_test_warnings(env("seesaw", base=3), 100) <= NAME_LIST_WARNINGS


@pytest.mark.parametrize("game", GAMES)
def test_masks_follow_the_game_to_the_end(game):
    e = env(game, max_moves=400)
    e.reset(seed=1)
    rng = np.random.default_rng(2)
    shadow = tabula.State(game)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert agent == f"player_{shadow.current_player()}"
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(legal.tolist()) == sorted(shadow.legal_actions())
        assert np.array_equal(obs["observation"], shadow.observation())
        action = int(rng.choice(legal))
        shadow.play_action(action)
        e.step(action)
        steps += 1
    assert steps > 0
    if shadow.is_over():
        r = shadow.returns()
        assert r[0] == -r[1]


def test_an_illegal_action_raises():
    e = env("leeward")
    e.reset()
    with pytest.raises(tabula.IllegalMoveError):
        e.step(0)
