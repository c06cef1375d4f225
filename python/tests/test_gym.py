"""Gymnasium: every game against a Tabula player passes Gymnasium's own
env_checker, seats and seeds do what they say, and the masks are the legal moves."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tabula  # noqa: E402
import tabula.gym  # noqa: E402

GAMES = ["leeward", "warp-weft", "piracy", "seesaw"]


@pytest.mark.filterwarnings("error")  # the checker's warnings fail the test too
@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes(game):
    check_env(tabula.gym.env(game, opponent="level:easy"))


@pytest.mark.filterwarnings("error")
def test_check_env_passes_with_options_seats_and_render_modes():
    check_env(tabula.gym.env("warp-weft", opponent="random", seat=1, size=5, pie=True))
    check_env(tabula.gym.env("seesaw", opponent="greedy", seat=0, base=3, render_mode="ansi"))


def play_out(e, rng):
    """Plays random legal actions to the end; returns the last reward, the steps and the last flags."""
    steps = 0
    while True:
        mask = e.action_masks()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = e.step(action)
        steps += 1
        assert e.observation_space.contains(obs)
        if terminated or truncated:
            return reward, steps, terminated, truncated, info


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_a_whole_game_from_either_seat(game, seat):
    e = tabula.gym.env(game, opponent="level:easy", seat=seat)
    obs, info = e.reset(seed=3)
    assert e.state.current_player() == seat and e.agent_seat == seat
    assert (e.state.moves_played() > 0) == (seat == 1)
    assert np.array_equal(obs, e.state.observation())
    assert np.array_equal(np.flatnonzero(e.action_masks()), sorted(e.state.legal_actions()))
    assert np.array_equal(info["action_mask"], e.action_masks())
    reward, steps, terminated, truncated, info = play_out(e, np.random.default_rng(seat))
    assert steps > 0
    if terminated:
        assert e.state.is_over() and reward == e.state.returns()[seat]
    else:
        assert e.state.moves_played() >= e.max_moves and reward == 0.0


def test_the_opponent_follows_the_game_when_it_moves_several_times_running():
    """In Piracy a survivor moves alone: after each step it is the agent's turn again, or the game is over."""
    e = tabula.gym.env("piracy", opponent="random", seat=1)
    e.reset(seed=0)
    rng = np.random.default_rng(4)
    while True:
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        if terminated or truncated:
            break
        assert e.state.current_player() == 1


def test_a_random_seat_comes_from_the_reset_seed():
    def seats():
        e = tabula.gym.env("warp-weft", opponent="random", size=5)
        drawn = []
        for seed in range(12):
            e.reset(seed=seed)
            drawn.append(e.agent_seat)
        return drawn

    assert set(seats()) == {0, 1} and seats() == seats()


def test_reset_options_choose_the_seat_of_one_episode():
    e = tabula.gym.env("leeward", opponent="random", seat=0)
    e.reset(seed=1, options={"seat": 1})
    assert e.agent_seat == 1 and e.state.current_player() == 1
    e.reset(seed=1)
    assert e.agent_seat == 0 and e.state.moves_played() == 0


def test_the_same_seed_replays_the_same_games():
    def trajectory(seed):
        e = tabula.gym.env("warp-weft", opponent="level:easy", size=5)
        e.reset(seed=seed)
        rng = np.random.default_rng(9)
        play_out(e, rng)
        return e.state.history()

    assert trajectory(5) == trajectory(5)
    assert any(trajectory(5) != trajectory(s) for s in (6, 7, 8))


def test_an_illegal_action_loses_or_raises():
    e = tabula.gym.env("leeward", opponent="random", seat=0)
    e.reset(seed=0)
    illegal = next(a for a in range(e.action_space.n) if not e.action_masks()[a])
    obs, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert e.state.moves_played() == 0
    strict = tabula.gym.env("leeward", opponent="random", seat=0, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(tabula.IllegalMoveError):
        strict.step(illegal)


def test_max_moves_truncates():
    e = tabula.gym.env("leeward", opponent="random", seat=0, max_moves=6)
    e.reset(seed=0)
    reward, steps, terminated, truncated, info = play_out(e, np.random.default_rng(0))
    assert (reward, steps, terminated, truncated) == (0.0, 3, False, True)
    assert e.state.moves_played() == 6


def test_a_step_after_the_end_asks_for_reset():
    e = tabula.gym.env("leeward", opponent="random", max_moves=2, seat=0)
    e.reset(seed=0)
    play_out(e, np.random.default_rng(0))
    assert not e.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(tabula.BadPlayerError):
        tabula.gym.env("leeward", opponent="level:nonsense")
    with pytest.raises(ValueError, match="seat"):
        tabula.gym.env("leeward", seat=2)
    with pytest.raises(ValueError, match="illegal"):
        tabula.gym.env("leeward", illegal="ignore")
    with pytest.raises(tabula.BadOptionError):
        tabula.gym.env("warp-weft", size=6)
    with pytest.raises(ValueError, match="seat"):
        tabula.gym.env("leeward").reset(options={"seat": "north"})


def test_render_ansi_is_the_games_drawing():
    e = tabula.gym.env("warp-weft", opponent="random", size=5, render_mode="ansi")
    e.reset(seed=0)
    assert e.render() == e.state.drawing()


def test_gymnasium_make_knows_the_games():
    e = gymnasium.make("tabula/piracy-v0", opponent="random", seat=0)
    obs, info = e.reset(seed=2)
    assert e.unwrapped.agent_seat == 0 and obs.shape == (10, 8, 8)
    assert tabula.gym.env("seesaw", base=3).spec.kwargs["base"] == 3
    with pytest.raises(tabula.UnknownGameError):
        tabula.gym.env("chess")
