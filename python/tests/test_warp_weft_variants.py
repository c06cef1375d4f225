"""Warp & Weft's variants (pass=once, passover=D, blocking=true) from Python:
as options of a State, with their moves, action ids and observations, and as
parameters of the OpenSpiel game."""

import pytest

import tabula

SMALL = {"size": 5, "seed": 42}


def grid_of(state):
    """The grid of a Warp & Weft position text, as rows of ints."""
    fields = dict(part.split("=", 1) for part in state.to_text().split(";"))
    return [[int(v) for v in row.split(",")] for row in fields["grid"].split("/")]


# `tabula perft warp-weft --option size=5 --option OPTION --depth 4` (depths 1 to 4).
PERFT = {
    "pass=once": [5, 25, 116, 528],
    "passover=2": [4, 16, 64, 240],
    "blocking=true": [4, 16, 64, 208],
}


@pytest.mark.parametrize("option", list(PERFT))
def test_perft_equals_the_rust_perft(option):
    key, value = option.split("=")
    state = tabula.State("warp-weft", {"size": 5, key: value})
    assert [state.perft(d) for d in range(1, 5)] == PERFT[option]


def test_pass_once_is_a_move_an_action_and_two_observation_planes():
    s = tabula.State("warp-weft", {**SMALL, "pass": "once"})
    assert s.num_actions() == 27  # 25 cells, the pie swap, the pass
    assert s.observation().shape == (8, 5, 5)
    assert "pass" in s.legal_moves()
    assert s.move_to_action("pass") == 26
    s.play("pass")
    assert "passed=weft" in s.to_text()
    # Warp, to move, may still pass; Weft may not pass again after it.
    s.play("pass")
    assert "passed=both" in s.to_text()
    assert "pass" not in s.legal_moves()
    assert sorted(s.legal_moves()) == ["a3", "b3", "d3", "e3"]
    s.undo()
    assert "passed=weft" in s.to_text() and "pass" in s.legal_moves()


def test_without_the_variant_there_is_no_pass():
    s = tabula.State("warp-weft", SMALL)
    assert s.num_actions() == 26 and "pass" not in s.legal_moves()
    with pytest.raises(tabula.IllegalMoveError):
        s.play("pass")


def test_passover_changes_the_crossed_cell_in_the_position_and_the_observation():
    s = tabula.State("warp-weft", {**SMALL, "passover": 2})
    before = grid_of(s)
    s.play("a3")  # from c3 over b3
    after = grid_of(s)
    assert after[2][1] == before[2][1] + 2
    changed = [(r, c) for r in range(5) for c in range(5) if after[r][c] != before[r][c]]
    assert changed == [(2, 1)]
    assert "passover=2" in s.to_text()


def test_blocking_stops_at_the_used_centre():
    s = tabula.State("warp-weft", {**SMALL, "blocking": True})
    for mv in ["b3", "b4", "c4"]:
        s.play(mv)
    assert s.legal_moves() == ["c5"]
    with pytest.raises(tabula.IllegalMoveError):
        s.play("c1")
    assert s.legal_moves() == ["c5"]


@pytest.mark.parametrize("options,message", [
    ({"passover": 5}, "option 'passover' of Warp & Weft must be one of -3, -2, -1, 0, 1, 2, 3, not '5'"),
    ({"pass": "twice"}, "option 'pass' of Warp & Weft must be one of off, once, not 'twice'"),
])
def test_bad_variant_options_say_why(options, message):
    with pytest.raises(tabula.BadOptionError) as caught:
        tabula.State("warp-weft", options)
    assert str(caught.value) == message


def test_openspiel_game_parameters_include_the_variants():
    pyspiel = pytest.importorskip("pyspiel")
    import tabula.openspiel as tos

    tos.register()
    spec = pyspiel.load_game("tabula_warp_weft").get_type().parameter_specification
    assert spec["pass"] == "off" and spec["passover"] == 0 and spec["blocking"] is False
    game = pyspiel.load_game("tabula_warp_weft", {"size": 5, "seed": 42, "pass": "once", "passover": -2, "blocking": True})
    assert game.num_distinct_actions() == 27
    state = game.new_initial_state()
    assert state.action_to_string(state.current_player(), 26) == "pass"
    state.apply_action(26)
    assert "passed=weft" in state.tabula_state.to_text()
    assert "passover=-2" in state.tabula_state.to_text() and "blocking=true" in state.tabula_state.to_text()
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
