"""Tabula's games as OpenSpiel (``pyspiel``) games.

    import pyspiel, tabula.openspiel
    tabula.openspiel.register()
    game = pyspiel.load_game("tabula_warp_weft", {"size": 5})
    state = game.new_initial_state()

:func:`register` registers ``tabula_leeward``, ``tabula_warp_weft``,
``tabula_piracy`` and ``tabula_seesaw``. Their parameters are the game's
options (with the game's defaults) and ``max_moves``: a game still going
after that many moves (the game's own match limit unless given) ends as a
draw, so every game has a finite length. Actions are Tabula's fixed action
ids, the observation tensor is the game's own (``State.observation``),
returns are +1 / -1 / 0, and turns follow the game (a Piracy survivor may
move several times in a row). Games pickle with their parameters; states
clone, serialize through their action history
(``pyspiel.serialize_game_and_state``) and pickle. Importing this module
registers the games (as OpenSpiel's own Python games do), so a pickled game
or state loads in a fresh interpreter. :class:`TabulaBot` lets Tabula's
engines play in OpenSpiel's evaluations.
"""

import numpy as np
import pyspiel

from ._tabula import State, decide, game_info, games

#: OpenSpiel's name of each Tabula game.
NAMES = {slug: "tabula_" + slug.replace("-", "_") for slug in games()}


def _param_value(text):
    """An option's default as the OpenSpiel parameter type it reads as (int, float, bool or str)."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text in ("true", "false"):
        return text == "true"
    return text


def _option_text(value):
    """A parameter value as Tabula's option text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _game_type(slug):
    info = game_info(slug)
    params = {o["key"]: _param_value(o["default"]) for o in info["options"]}
    params["max_moves"] = State(slug).move_limit()
    return pyspiel.GameType(
        short_name=NAMES[slug],
        long_name="Tabula " + info["name"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class TabulaGame(pyspiel.Game):
    """One Tabula game with its options, as an OpenSpiel game."""

    def __init__(self, slug, game_type, params=None):
        params = dict(params or {})
        max_moves = int(params.get("max_moves", game_type.parameter_specification["max_moves"]))
        options = {k: _option_text(v) for k, v in params.items() if k != "max_moves"}
        start = State(slug, options or None)
        info = pyspiel.GameInfo(
            num_distinct_actions=start.num_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_moves,
        )
        super().__init__(game_type, info, params)
        self.slug = slug
        self.max_moves = max_moves
        self.options = options
        self.observation_shape = tuple(start.observation_shape())

    def new_initial_state(self):
        """The start position."""
        return TabulaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of the game's tensor (the same for both players: the game has no hidden information)."""
        return TabulaObserver(self, params)

    def __reduce__(self):
        """Pickles as the game's name and parameters. (pyspiel's own pickling of
        a game made in Python would load the game anew into an empty object,
        without the attributes ``__init__`` sets.)"""
        return (_load_game, (self.get_type().short_name, self.get_parameters()))


def _load_game(name, params):
    """The registered game ``name`` with ``params``: what an unpickled game is."""
    register()
    return pyspiel.load_game(name, params)


class TabulaState(pyspiel.State):
    """A position of a Tabula game inside OpenSpiel; ``tabula_state`` is Tabula's own ``State``."""

    def __init__(self, game):
        super().__init__(game)
        self._max_moves = game.max_moves
        self.tabula_state = State(game.slug, game.options or None)
        self._moves = 0

    def _stopped(self):
        return self._moves >= self._max_moves

    def current_player(self):
        """The seat to move, or ``TERMINAL``."""
        if self.tabula_state.is_over() or self._stopped():
            return pyspiel.PlayerId.TERMINAL
        return self.tabula_state.current_player()

    def _legal_actions(self, player):
        if self.is_terminal() or player != self.tabula_state.current_player():
            return []
        return sorted(self.tabula_state.legal_actions())

    def _apply_action(self, action):
        self.tabula_state.play_action(int(action))
        self._moves += 1

    def _action_to_string(self, player, action):
        try:
            return self.tabula_state.action_to_move(int(action))
        except ValueError:
            return f"action {action}"

    def is_terminal(self):
        """Whether the game is over (or stopped at ``max_moves`` as a draw)."""
        return self.tabula_state.is_over() or self._stopped()

    def returns(self):
        """+1 / -1 / 0 for the two seats at the end, 0 before."""
        return list(self.tabula_state.returns())

    def rewards(self):
        """The rewards of the last move (the returns, paid at the end)."""
        return self.returns()

    def __str__(self):
        return self.tabula_state.to_text()


class TabulaObserver:
    """OpenSpiel's observer of a Tabula game: ``tensor`` (flat float32) and ``dict["observation"]`` (shaped)."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(int(np.prod(game.observation_shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(game.observation_shape)}

    def set_from(self, state, player):
        """Fills ``tensor`` from ``state`` (the same for either player)."""
        self.tensor[:] = state.tabula_state.observation().reshape(-1)

    def string_from(self, state, player):
        """The position text."""
        return state.tabula_state.to_text()


def _game_class(slug, game_type):
    """A class per game, an attribute of this module (so it can be found by
    name, as pickle and tools expect): OpenSpiel's registry needs a class as
    the factory (a plain function kept there aborts the interpreter at exit)."""

    def __init__(self, params=None):
        TabulaGame.__init__(self, slug, game_type, params)

    name = "Tabula" + "".join(part.title() for part in slug.split("-")) + "Game"
    cls = type(name, (TabulaGame,), {"__init__": __init__, "__doc__": f"Tabula's {slug} as an OpenSpiel game."})
    cls.__module__ = __name__
    globals()[name] = cls
    return cls


_registered = False
_classes = {}


def register():
    """Registers every Tabula game with ``pyspiel`` (done once, when this
    module is imported; later calls do nothing). Returns the names."""
    global _registered
    if not _registered:
        for slug in games():
            game_type = _game_type(slug)
            cls = _game_class(slug, game_type)
            _classes[slug] = cls
            pyspiel.register_game(game_type, cls)
        _registered = True
    return list(NAMES.values())


class TabulaBot(pyspiel.Bot):
    """An OpenSpiel bot that plays with one of Tabula's engines (any player spec, e.g. ``ab:depth=4``)."""

    def __init__(self, player, seed=1):
        pyspiel.Bot.__init__(self)
        self.player = player
        self.seed = seed

    def step(self, state):
        """The action id of the engine's move in ``state`` (a :class:`TabulaState`)."""
        inner = state.tabula_state
        self.seed += 1
        move = decide(inner, self.player, self.seed)["move"]
        return inner.move_to_action(move)

    def restart_at(self, state):
        """Nothing to forget: each move is thought afresh."""

    def inform_action(self, state, player_id, action):
        """Nothing to follow."""


register()
