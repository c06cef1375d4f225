"""Ray: a match sharded over a local two-worker cluster equals `tabula match`, and so does the board study."""

import hashlib
import json

import pytest

pytest.importorskip("ray")

import tabula  # noqa: E402
import tabula.distributed as td  # noqa: E402
from test_core import CLI_MATCH  # noqa: E402

# The moves of every game of `tabula match warp-weft --a greedy --b ab:depth=2
# --games 6 --seed 11 --out FILE`, by index, as the SHA-256 of their JSON list.
CLI_MOVES_SHA256 = "7a26f8e4dc3a1d92ecca9f9c9a8831a2a1014dd751fd4e76b53bd4336d899cb5"

# `tabula solve warp-weft --option size=5 --boards 1..4 --out FILE` (nodes and time left out).
CLI_BOARDS = [
    {"best": "b3", "compensation": 4.5, "margin": 8, "options": ["size=5"], "seed": 1, "verdict": "weft"},
    {"best": "b3", "compensation": 4.5, "margin": 2, "options": ["size=5"], "seed": 2, "verdict": "warp"},
    {"best": "e3", "compensation": 4.5, "margin": 9, "options": ["size=5"], "seed": 3, "verdict": "weft"},
    {"best": "d3", "compensation": 4.5, "margin": 3, "options": ["size=5"], "seed": 4, "verdict": "warp"},
]


def test_the_ray_match_equals_the_cli(ray_cluster, tmp_path):
    assert ray_cluster.cluster_resources().get("CPU") == 2
    out = tmp_path / "games.jsonl"
    summary = td.match("warp-weft", a="greedy", b="ab:depth=2", games=6, seed=11, shards=3, out=str(out))
    assert summary == CLI_MATCH
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in records] == list(range(6))
    assert hashlib.sha256(json.dumps([r["moves"] for r in records]).encode()).hexdigest() == CLI_MOVES_SHA256


def test_the_ray_match_equals_the_local_one(ray_cluster):
    local = tabula.match("leeward", a="ab:depth=1", b="random", games=4, seed=7)
    assert td.match("leeward", a="ab:depth=1", b="random", games=4, seed=7, shards=2) == local
    assert local["games"] == 4 and local["a_wins"] == 4 and local["mean_length"] == 17.5


def test_bad_players_are_refused_before_any_task(ray_cluster):
    with pytest.raises(tabula.BadPlayerError, match="player 'ab' has no setting 'depht'"):
        td.match("piracy", a="ab:depht=2", games=2)


def test_the_ray_board_study_equals_the_cli(ray_cluster):
    rows = td.solve_boards("warp-weft", (1, 4), shards=2, options={"size": 5})
    assert [{k: v for k, v in r.items() if k not in ("nodes", "time")} for r in rows] == CLI_BOARDS
