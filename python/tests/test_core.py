"""The binding itself: states, moves, action ids, observations, engines and errors."""

import json
import pickle
import threading
import time

import numpy as np
import pytest

import tabula

# `tabula perft GAME --depth 4` from the start position (the Rust perft).
PERFT = {
    "leeward": [27, 849, 29163, 1051497],
    "warp-weft": [6, 36, 216, 1260],
    "piracy": [3, 9, 27, 81],
    "seesaw": [6, 36, 258, 1849],
}


def test_games_are_the_registry():
    assert tabula.games() == ["leeward", "warp-weft", "piracy", "seesaw"]


@pytest.mark.parametrize("game", list(PERFT))
def test_perft_equals_the_rust_perft(game):
    state = tabula.State(game)
    assert [state.perft(d) for d in range(1, 5)] == PERFT[game]


def test_perft_with_options():
    # `tabula perft warp-weft --option size=5 --depth 4`, `tabula perft seesaw --option base=5 --depth 3`
    assert tabula.State("warp-weft", {"size": 5}).perft(4) == 240
    assert tabula.State("seesaw", {"base": 5}).perft(3) == 258


def test_play_undo_clone_text():
    s = tabula.State("leeward")
    start = s.to_text()
    assert s.current_player() == 0 and not s.is_over() and s.returns() == (0.0, 0.0)
    s.play("d1c2/N")
    assert s.current_player() == 1 and s.history() == ["d1c2/N"]
    c = s.clone()
    s.undo()
    assert s.to_text() == start and c.history() == ["d1c2/N"]
    assert tabula.State("leeward", position=c.to_text()).to_text() == c.to_text()


def test_a_game_played_to_the_end_has_returns():
    s = tabula.State("piracy")
    while not s.is_over():
        s.play(tabula.think(s, "greedy"))
    r = s.returns()
    assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0]) and s.outcome_reason()
    assert s.legal_moves() == [] and s.legal_actions() == []


@pytest.mark.parametrize("game", list(PERFT))
def test_action_ids_match_the_moves(game):
    s = tabula.State(game)
    rng = np.random.default_rng(1)
    for _ in range(60):
        if s.is_over():
            break
        moves, actions = s.legal_moves(), s.legal_actions()
        assert len(moves) == len(actions) == len(set(actions))
        assert all(0 <= a < s.num_actions() for a in actions)
        i = int(rng.integers(len(moves)))
        assert s.action_to_move(actions[i]) == moves[i]
        assert s.move_to_action(moves[i]) == actions[i]
        s.play_action(actions[i])
        assert s.history()[-1] == moves[i]


@pytest.mark.parametrize("game,shape", [("leeward", (14, 7, 7)), ("warp-weft", (6, 7, 7)), ("piracy", (10, 8, 8)), ("seesaw", (5, 37))])
def test_observations_have_the_declared_shape(game, shape):
    s = tabula.State(game)
    obs = s.observation()
    assert obs.shape == shape == tuple(s.observation_shape()) and obs.dtype == np.float32
    s.play_action(s.legal_actions()[0])
    assert not np.array_equal(obs, s.observation())


def test_leeward_observation_planes():
    obs = tabula.State("leeward").observation()
    assert obs[:8].sum() == 16  # eight pieces a side
    assert obs[8:12].sum() == 49  # one wind plane is all ones
    assert obs[12].sum() == 0  # Ink to move


def test_num_actions_per_game_and_options():
    assert tabula.State("leeward").num_actions() == 9604
    assert tabula.State("warp-weft", {"size": 5}).num_actions() == 26
    assert tabula.State("piracy").num_actions() == 5
    assert tabula.State("seesaw").num_actions() == 37 + 1 + 37 * 37 * 16


def test_pickle_and_copy_keep_the_history():
    s = tabula.State("warp-weft", {"size": 5, "pie": True})
    for _ in range(3):
        s.play_action(s.legal_actions()[-1])
    p = pickle.loads(pickle.dumps(s))
    assert p.to_text() == s.to_text() and p.history() == s.history()
    p.undo()
    assert p.history() == s.history()[:-1]


@pytest.mark.parametrize(
    "spec", ["random", "greedy", "greedy:margin=4", "ab:depth=2", "ab:depth=2,threads=2", "ab:time=20ms", "mcts:iters=200", "level:easy", "level:medium"]
)
def test_think_with_every_kind_of_player(spec):
    s = tabula.State("warp-weft", {"size": 5})
    assert tabula.think(s, spec) in s.legal_moves()


def test_think_is_the_cli_think():
    # `tabula think leeward --player ab:depth=3` answers b1b2/N, score -7, depth 3, 1210 nodes.
    d = tabula.decide(tabula.State("leeward"), "ab:depth=3")
    assert (d["move"], d["score"], d["depth"], d["nodes"], d["pv"]) == ("b1b2/N", -7, 3, 1210, ["b1b2/N", "d6c5/W", "f1f2/N"])


def test_the_solver_plays_perfectly_on_a_small_board():
    s = tabula.State("warp-weft", {"size": 5})
    assert tabula.decide(s, "solver")["exact"]


def test_search_releases_the_gil():
    s = tabula.State("leeward")
    t = threading.Thread(target=s.perft, args=(5,))
    t.start()
    ticks = 0
    while t.is_alive():
        ticks += 1
        time.sleep(0.001)
    t.join()
    assert ticks > 5, "the main thread ran while perft counted"


# The same sentences as the command line prints after `error: `.
ERRORS = [
    (lambda: tabula.State("chess"), tabula.UnknownGameError, "no game called 'chess'; known games: leeward, warp-weft, piracy, seesaw"),
    (lambda: tabula.State("leeward", {"size": 5}), tabula.BadOptionError, "Leeward has no option 'size'; its options are: "),
    (lambda: tabula.State("warp-weft", {"size": 6}), tabula.BadOptionError, "option 'size' of Warp & Weft must be one of 5, 7, 9, not '6'"),
    (lambda: tabula.State("leeward").play("z9z9/N"), tabula.BadMoveError, "'z9' is off the board: files run from a to g and ranks from 1 to 7"),
    (lambda: tabula.State("leeward").play("d1d5/N"), tabula.IllegalMoveError, None),
    (lambda: tabula.State("leeward").play_action(9604), tabula.BadMoveError, "action 9604 does not exist: Leeward has actions 0 to 9603"),
    (lambda: tabula.State("leeward").play_action(-1), tabula.BadMoveError, "action -1 does not exist: action ids are 0 or more"),
    (lambda: tabula.State("leeward").play_action(0), tabula.IllegalMoveError, "action 0 is not a legal move here"),
    (lambda: tabula.State("leeward").play_action(2**70), tabula.BadMoveError,
     "action 1180591620717411303424 does not exist: Leeward has actions 0 to 9603"),
    (lambda: tabula.State("leeward").undo(), tabula.IllegalMoveError, "there is no move to take back"),
    (lambda: tabula.think(tabula.State("leeward"), "ab:depht=3"), tabula.BadPlayerError,
     "player 'ab' has no setting 'depht' (it has: depth, time, min_depth, nodes, hash, threads, margin, solve, plain, contempt, reduce, extend)"),
    (lambda: tabula.think(tabula.State("leeward"), "wizard"), tabula.BadPlayerError, "unknown player 'wizard': use random, greedy[:margin=N], ab:depth=N|time=1s, mcts:iters=N|time=1s, ugi:cmd=… or level:NAME"),
    (lambda: tabula.think(tabula.State("leeward"), "level:expert"), tabula.BadPlayerError, "Leeward has no level 'expert'; its levels are: easy, fair, strong"),
    (lambda: tabula.State("leeward", position="nonsense"), tabula.BadPositionError, "bad position: "),
]


@pytest.mark.parametrize("call,kind,message", ERRORS)
def test_bad_input_raises_with_the_cli_sentence(call, kind, message):
    with pytest.raises(kind) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    if message is not None:
        assert str(caught.value).startswith(message), str(caught.value)


def test_an_illegal_move_leaves_the_state_alone():
    s = tabula.State("leeward")
    before = s.to_text()
    with pytest.raises(tabula.IllegalMoveError):
        s.play("d1d5/N")
    assert s.to_text() == before and s.history() == []


def test_a_finished_game_refuses_moves_and_thinking():
    s = tabula.State("piracy")
    while not s.is_over():
        s.play_action(s.legal_actions()[0])
    with pytest.raises(tabula.IllegalMoveError, match="the game is over"):
        s.play_action(0)
    with pytest.raises(tabula.IllegalMoveError, match="the game is over: there is no move to choose"):
        tabula.think(s, "random")


def test_the_local_match_equals_the_cli():
    # `tabula match warp-weft --a greedy --b ab:depth=2 --games 6 --seed 11 --json`
    assert tabula.match("warp-weft", a="greedy", b="ab:depth=2", games=6, seed=11) == CLI_MATCH


CLI_MATCH = {
    "games": 6, "a_wins": 1, "draws": 0, "b_wins": 5, "a_score": 0.16666666666666666,
    "a_score_ci95": [0.0, 0.4648656906195262], "elo": -279.58800173440756, "elo_error": None,
    "first_player_win_rate": 0.3333333333333333, "first_player_decisive_share": 0.3333333333333333,
    "draw_rate": 0.0, "mean_length": 27.166666666666668, "adjudicated": 0,
}


@pytest.mark.parametrize("detach", [False, True])
def test_a_panic_in_rust_is_a_runtime_error(detach):
    from tabula import _tabula

    with pytest.raises(RuntimeError, match="internal error in Tabula: a test panic"):
        _tabula._panic_for_tests(detach)
    assert tabula.State("piracy").perft(2) == 9  # and the interpreter goes on


def run_module(*args):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "tabula", *args], capture_output=True, text=True, timeout=120)


def test_the_module_entry_point_counts_and_reports_errors():
    done = run_module("perft", "piracy", "--depth", "3")
    assert done.returncode == 0 and done.stdout.splitlines() == ["depth 1 3", "depth 2 9", "depth 3 27"]
    bad = run_module("match", "nope", "--games", "2")
    assert bad.returncode == 1
    assert bad.stderr.strip() == "error: no game called 'nope'; known games: leeward, warp-weft, piracy, seesaw"


def test_numpy_integers_are_action_ids_and_floats_are_not():
    s = tabula.State("leeward")
    s.play_action(np.int64(s.legal_actions()[0]))
    with pytest.raises(TypeError):
        s.play_action(1.0)


def test_summarize_computes_what_a_match_reports():
    lines = tabula.match_shard("warp-weft", "greedy", "ab:depth=2", 6, 11)
    records = [json.loads(r) for r in tabula.merge_records_json(lines)]
    results = [(r["a_score"], r["winner_seat"], r["length"], r["adjudicated"]) for r in records]
    assert tabula.summarize(results) == CLI_MATCH


def test_summarize_gives_the_score_interval():
    # 3 wins, 1 draw, 1 loss: score 0.7, per-game variance 0.16, so 0.7 ± 1.96 × √(0.16 / 5).
    results = [(1.0, 0, 30, False)] * 3 + [(0.5, None, 40, True), (0.0, 1, 20, False)]
    summary = tabula.summarize(results)
    assert (summary["a_wins"], summary["draws"], summary["b_wins"], summary["adjudicated"]) == (3, 1, 1, 1)
    assert summary["a_score"] == pytest.approx(0.7)
    assert summary["a_score_ci95"] == pytest.approx([0.7 - 1.959964 * (0.16 / 5) ** 0.5, 1.0])
    assert summary["mean_length"] == 30.0
    report = tabula.summarize(results, a="agent", b="level:easy", json=False)
    assert report.splitlines()[:3] == ["A = agent", "B = level:easy", "games 5: A won 3, drew 1, lost 1"]


def test_summarize_refuses_what_is_no_result():
    with pytest.raises(tabula.TabulaError, match="game 2: a score of 0.5 with winner seat 1 is no result"):
        tabula.summarize([(1.0, 0, 10, False), (0.5, 1, 10, False)])
    with pytest.raises(tabula.TabulaError, match="no games"):
        tabula.summarize([])
