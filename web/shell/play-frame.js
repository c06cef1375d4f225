// The frame of every play page: the top bar, the board box, the side panel
// (status, the game's own cards, the controls, the move list, the match's
// facts), the dialogs (rules, settings, keys), the keys every game has, the
// session (what the address opens, new games, invitations, replays), the move
// sound, the result banner and the pace of the computer's moves (through
// match-controller.js). A game's play.js gives the frame its board, its own
// panel cards and its move builder, and the frame does the rest alike.
//
// Use, in a game's play.js:
//   const frame = await createPlayFrame(ctx, { settings… });   // the store, the page's stylesheet
//   frame.mount({ cards, controls, show, turnDetail, moveEntry, … }); // the page and its match
//   frame.boardBox.replaceChildren(board.svg);
//   await frame.start();                                        // the address's match, or a new one
import { openRulesDialog } from './rules-dialog.js';
import { openSettingsDialog } from './settings-dialog.js';
import { inviteFriend, replayHref } from './session.js';
import { moveTick } from './sound.js';
import { useStylesheet } from './stylesheet.js';
import { motionSettled } from './board-motion.js';
import { createMoveList } from './move-list.js';
import { turnLine, resultBanner } from './status-card.js';
import {
  createMatchController, humanCanMove, vsComputer, playersFromSettings, playerLabel, matchHeadline, inSentence,
} from './match-controller.js';

/**
 * The letters that mean the same in every game, shown at the top of each keys
 * dialog. A game's own document may give a letter more (Piracy's D F G steer
 * Silver; its T takes a move back).
 */
const KEY_MAP = 'The same letters in every game: N new game, R replay, U undo, P pass, F turn the board, S same board, V sound, F1 rules, ? these keys.';

/** Whether this page has marked its first drawn moves (see `show`). */
let firstMovesMarked = false;

/**
 * Prepares a play page: loads the game's page stylesheet and makes its
 * settings store (opponent, computer level, side, sound and the game's own).
 *
 * @param {{root: HTMLElement, game: object, shell: object, api: Function, params: URLSearchParams}} ctx  what play.html hands a game's mount()
 * @param {object} o
 * @param {URL|string} [o.css]  the game's page stylesheet
 * @param {string} [o.pageClass]  a class for the page's body (the game's CSS hangs on it)
 * @param {object} o.defaults  the game's own settings and their defaults (besides mode, level, side)
 * @param {string} o.levelDefault  the computer level to start with
 * @param {Array} o.sides  the choices for "You play": [value, label, swatch]; the first is the default
 * @param {string} [o.sideLegend]
 * @param {string} [o.friend]  how the settings call two people at one screen
 * @returns {Promise<PlayFrame>}
 */
export async function createPlayFrame(ctx, o) {
  if (o.css) await useStylesheet(o.css);
  if (o.pageClass) document.body.classList.add(o.pageClass);
  return new PlayFrame(ctx, o);
}

/** A play page's frame; see createPlayFrame and mount. */
class PlayFrame {
  constructor({ root, game, shell, api, params }, o) {
    this.root = root;
    this.game = game;
    this.shell = shell;
    this.api = api;
    this.params = params;
    this.setup = o;
    this.levels = game.levels && game.levels.length ? game.levels : [{ key: o.levelDefault, name: 'Medium', about: '' }];
    const defaults = {
      mode: 'computer',
      level: (this.levels.find((l) => l.key === o.levelDefault) || this.levels[0]).key,
      side: o.sides[0][0],
      sound: false,
      ...o.defaults,
    };
    this.store = shell.createStore(game.slug, defaults);
    const st = this.store;
    if (!this.levels.some((l) => l.key === st.get('level'))) st.set('level', defaults.level);
    if (!o.sides.some(([v]) => v === st.get('side'))) st.set('side', defaults.side);
    if (!['computer', 'two'].includes(st.get('mode'))) st.set('mode', defaults.mode);
    this.view = null; // the view on the page (the controller's latest)
    this.moving = false; // the board is drawing the latest move: the status waits for it
  }

  /**
   * Builds the page and its match controller.
   * @param {object} p
   * @param {(view: object, before: object|null, extra?: object) => void} p.show  draws a view on the board and the game's cards
   * @param {() => (Node|string)} p.turnDetail  what the person to move does now (the status line under "Your move")
   * @param {(i: number) => {node: Element, column?: number, wide?: boolean}} p.moveEntry  move i of the history, for the move list
   * @param {() => string} p.emptyMoves  the move list's sentence before the first move
   * @param {(arg?: any) => {options: object, position?: string, players?: string[]}} p.newMatch  what "New game" starts (arg: what the settings' start returned)
   * @param {() => {options: object, position?: string}} p.invite  what "Play online" offers
   * @param {object} p.rules  {summary, diagrams}: the F1 dialog
   * @param {(seat: number) => string} p.sideName
   * @param {(seat: number) => Element} p.swatch
   * @param {(seat: number) => string} [p.sideKey]  a class-friendly side name ("ink"), for turn-… and win-… classes
   * @param {(view: object) => number} [p.mover]  the seat to move (default the view's side_to_move)
   * @param {Element[]} [p.cards]  the game's panel cards, under the status
   * @param {Element[]} [p.controls]  the game's buttons (between Undo and New game)
   * @param {boolean} [p.undo=true]  an Undo button and key (Piracy has its own take-back)
   * @param {() => boolean} [p.undoOff]  whether Undo is off for a reason of the page's (an in-place replay)
   * @param {boolean} [p.newButton=true]  a New game button among the controls
   * @param {string} [p.newLabel='New game']  the key's line in the keys dialog
   * @param {string} [p.movesTitle='Moves']
   * @param {string} [p.movesClass]  extra classes of the move list's card
   * @param {Element} [p.boardTools]  buttons beside the board (Piracy's zoom), never over it
   * @param {string} [p.panelClass]  extra classes of the side panel
   * @param {object} [p.voice]  the move tick's voice (sound.js); none: the game makes its own sounds
   * @param {() => Node[]} [p.facts]  the line under the move list (board number, options)
   * @param {() => Node[]} [p.statusExtras]  what follows the turn line or the banner
   * @param {() => (Node[]|null)} [p.statusOverride]  the whole status card instead (an in-place replay)
   * @param {() => Node[]} [p.resultActions]  buttons of the result banner besides New game and Replay
   * @param {() => string} [p.replayLabel]
   * @param {() => boolean} [p.picking]  whether the person has started building a move (the status then follows it, even while the board still moves)
   * @param {() => string} [p.thinkingText]
   * @param {() => string} [p.yourMove]
   * @param {() => boolean} [p.personal]  whether this screen has one player (default: against the computer, or online)
   * @param {(seat: number) => (string|undefined)} [p.playerLabel]  how to call a seat's player, if not the usual way
   * @param {() => boolean} [p.computerHeadline]  whether the result speaks of the computer ("You win!")
   * @param {object} [p.settings]  {fields(st), onChange(target, form), save(elements, st) → object, start(form) → false | newMatch's arg}
   * @param {object[]} [p.keys]  the game's keys (shell.registerKeys entries), after the common ones; a game's own R or V replaces the frame's
   * @param {() => (Promise|false)} [p.replay]  R after the game: the page's own replay (in place); false: the replay page
   * @param {object} [p.controller]  more of createMatchController's hooks and policies
   */
  mount(p) {
    const { shell, game } = this;
    const { h } = shell;
    this.page = p;
    this.sideKey = p.sideKey || ((seat) => p.sideName(seat).toLowerCase());
    shell.mountTopbar({
      title: game.name,
      actions: [
        { label: 'New game', icon: 'new', key: 'N', onClick: (e) => this.newGameClick(e), id: 'tb-new' },
        { label: 'Play online', icon: 'online', onClick: () => inviteFriend({ game, ...p.invite(), leaving: () => this.ctl.leave() }), id: 'tb-online' },
        { label: 'Settings', icon: 'settings', onClick: () => this.showSettings(), id: 'tb-settings' },
        { label: 'Rules', icon: 'rules', key: 'F1', href: `/rules/${game.slug}`, onClick: () => this.showRules(), id: 'tb-rules' },
        { label: 'Keys', icon: 'help', key: '?', onClick: () => shell.showKeys(), id: 'tb-help' },
      ],
    });
    this.boardBox = h('div', { class: 'board-box', id: 'board' });
    this.statusCard = h('section', { class: 'card status-card', id: 'status', 'aria-label': 'Game status', 'aria-live': 'polite' });
    this.undoBtn = p.undo === false ? null : h('button', { class: 'btn', type: 'button', id: 'undo-btn', onclick: () => this.ctl.undo() }, 'Undo', h('kbd', {}, 'U'));
    const newBtn = p.newButton === false ? null : h('button', { class: 'btn', type: 'button', id: 'new-btn', onclick: (e) => this.newGameClick(e) }, 'New game', h('kbd', {}, 'N'));
    this.controls = h('div', { class: 'controls' }, this.undoBtn, ...(p.controls || []), newBtn);
    this.moves = createMoveList({ title: p.movesTitle, className: p.movesClass });
    this.footer = h('p', { class: 'match-facts', id: 'match-facts' });
    this.side = h('aside', { class: `side-panel ${p.panelClass || ''}`.trim(), 'aria-label': 'Game panel' },
      this.statusCard, ...(p.cards || []), this.controls, this.moves.card, this.footer);
    const tools = p.boardTools ? h('div', { class: 'board-tools' }, p.boardTools) : null;
    this.root.replaceChildren(h('div', { class: `board-area${tools ? ' with-tools' : ''}` }, this.boardBox, tools), this.side);
    this.tick = p.voice ? moveTick(this.store, p.voice) : () => {};

    this.ctl = createMatchController({
      game, shell, api: this.api, params: this.params, panel: this.side, root: this.root,
      show: (v, before, extra) => this.show(v, before, extra),
      renderStatus: () => this.renderStatus(),
      animated: () => {
        this.moving = false;
        delete this.boardBox.dataset.animating;
        this.renderStatus();
      },
      ...(p.controller || {}),
    });

    // One key map for every game (KEY_MAP): the frame's keys first, then the game's own.
    const own = p.keys || [];
    const ownKey = (k) => own.some((x) => (x.keys || [x.key]).includes(k));
    shell.registerKeys([
      { heading: 'Every game' },
      { note: KEY_MAP },
      { key: 'n', label: p.newLabel || 'New game', run: () => this.newGame() },
      ...(ownKey('r') ? [] : [{ key: 'r', label: 'Replay the game once it is over', run: () => this.replayKey() }]),
      ...(p.undo === false ? [] : [{ key: 'u', label: `Undo your last ${p.controller?.moveWord || 'move'} (and the computer’s answer)`, run: () => this.ctl.undo() }]),
      ...(ownKey('v') ? [] : [{ key: 'v', label: 'Sound on or off', run: () => this.toggleSound() }]),
      { key: 'F1', label: 'Rules', run: () => this.showRules() },
      { heading: game.name },
      ...own,
    ]);
  }

  /** R: the finished game again, in place if the page replays there, else on the replay page. */
  replayKey() {
    const v = this.view;
    if (!v) return;
    if (v.replay) this.shell.toast('This is the replay: ← and → step through the game.');
    else if (!v.result) this.shell.toast('R replays the game once it is over; N starts a new one.');
    else if (!this.page.replay || this.page.replay() === false) location.href = replayHref(this.game.slug, v.id);
  }

  /** V: the move sound on or off, kept with the game's settings. */
  toggleSound() {
    const on = !this.store.get('sound');
    this.store.set('sound', on);
    this.shell.toast(on ? 'Sound on.' : 'Sound off.', { timeout: 1500 });
  }

  /** Opens what the address names, or else starts a new match (`arg` goes to newMatch). */
  async start(arg) {
    if (await this.ctl.openFromAddress()) return;
    const { options, position, players } = this.page.newMatch(arg);
    await this.ctl.startMatch(options, players || this.players(), { position });
  }

  /* ---------- Who plays, who may move ---------- */

  /** The players of a new match, from the settings. */
  players() {
    return playersFromSettings(this.store.all(), this.setup.sides[1][0]);
  }

  /** Whether a person at this screen may move now. */
  humanToMove() {
    return humanCanMove(this.view);
  }

  /** Whether the computer plays a seat of the match. */
  vsComputer() {
    return vsComputer(this.view);
  }

  /** Whether a person plays `seat` at this screen (against the computer, or both seats). */
  humanSeat(seat) {
    return !!this.view && this.view.players[seat] === 'human';
  }

  /** Online: whether this browser holds `seat`. */
  mine(seat) {
    return !!this.view && !!this.view.online && this.view.online.seat === seat;
  }

  /**
   * Whether the board should be turned round so that the person here has
   * their side at the bottom: they play the second seat (online, or alone
   * against the computer) and the game's orientation setting is 'auto';
   * `toggled` (the F key) turns it once more.
   */
  turnedRound(orient, toggled) {
    const v = this.view;
    let second = false;
    if (orient === 'auto' && v && v.online) second = v.online.seat === 1;
    else if (orient === 'auto' && v && this.vsComputer()) second = v.players[1] === 'human' && v.players[0] !== 'human';
    return second !== !!toggled;
  }

  /** How the page calls a seat's player ("You", "Computer · Easy", "Ann"). */
  label(seat) {
    return (this.page.playerLabel && this.page.playerLabel(seat)) || playerLabel(this.view, seat, { levels: this.levels });
  }

  /** Who made history entry `x`, for the move list: "You", "Computer", or the side's name. */
  mover(x) {
    if (this.vsComputer()) return this.humanSeat(x.side) ? 'You' : 'Computer';
    return this.mine(x.side) ? 'You' : this.page.sideName(x.side);
  }

  /**
   * Why a person here cannot move now, or null when they can: the game is
   * over, a replay, the computer thinks, a request of the page is on its way,
   * watching, or the other's turn online.
   */
  notNow() {
    const v = this.view;
    if (!v) return 'Wait a moment: the game is loading.';
    if (v.result) return 'The game is over: start a new one, or replay it.';
    if (v.replay) return 'This is a replay: nothing can be moved here.';
    if (v.computer_to_move) return 'Wait a moment: the computer is thinking.';
    if (this.ctl && this.ctl.busy) return 'Wait a moment: the last move is still on its way.';
    if (v.online && (v.online.seat === null || v.online.seat === undefined)) return 'You are watching: only the two players can move.';
    if (v.can_move === false) return `Not your turn: wait for ${inSentence(this.label(v.side_to_move))} to move.`;
    return null;
  }

  /**
   * A click that cannot play: `shake()` shakes what was clicked, and the
   * reason (a short sentence) shows for a moment; without a reason, only the
   * shake.
   */
  refuse(shake, reason) {
    if (shake) shake();
    if (reason) this.ctl.nudge(reason);
  }

  /* ---------- Drawing ---------- */

  /** Draws a view the controller accepted; resolves when the board has finished animating a move. */
  show(v, before, extra) {
    this.view = v;
    this.boardBox.dataset.match = v.id;
    const moved = before && before.id === v.id && !v.replay && before.history.length !== v.history.length;
    // From the first stroke of a move's drawing, the status waits for its end.
    if (moved) this.moving = true;
    else if (!before || before.id !== v.id) this.moving = false;
    if (moved) this.boardBox.dataset.animating = 'true';
    this.page.show(v, before, extra);
    // The moment this page first drew moves to play, for scripts/bench-wasm (a User Timing mark).
    if (!firstMovesMarked && v.moves && v.moves.length) {
      firstMovesMarked = true;
      performance.mark('tabula:first-moves');
    }
    if (before && before.id === v.id && v.history.length > before.history.length) this.tick();
    this.renderPanel();
    return moved ? motionSettled(this.boardBox) : undefined;
  }

  /** Redraws the panel: status, move list, facts, the Undo button. */
  renderPanel() {
    if (!this.view) return;
    this.renderStatus();
    this.renderMoves();
    if (this.page.facts) {
      const bits = this.page.facts().filter(Boolean);
      this.footer.replaceChildren(...bits.flatMap((b, i) => (i ? [this.shell.h('span', { class: 'dot', 'aria-hidden': 'true' }, '·'), b] : [b])));
    }
    if (this.undoBtn) this.undoBtn.disabled = !this.ctl.canUndo() || !!this.page.undoOff?.();
  }

  /** Redraws the move list. */
  renderMoves() {
    if (this.view) this.moves.render(this.view, (i) => this.page.moveEntry(i), this.page.emptyMoves());
  }

  /** Redraws the status card: the turn (never ahead of the board) or the result. */
  renderStatus() {
    const v = this.view;
    const p = this.page;
    if (!v) return;
    const own = p.statusOverride && p.statusOverride();
    if (own) {
      this.statusCard.replaceChildren(...own.filter(Boolean));
      return;
    }
    const { h } = this.shell;
    const parts = [];
    if (v.result) {
      const w = v.result.winner;
      const won = w !== null && w !== undefined;
      parts.push(resultBanner({
        view: v,
        slug: this.game.slug,
        headline: matchHeadline(v, { levels: this.levels, sideName: p.sideName, computer: p.computerHeadline ? p.computerHeadline() : this.vsComputer() }),
        swatch: p.swatch,
        winClass: won ? `win-${this.sideKey(w)}` : '',
        newGame: h('button', { class: 'btn primary', type: 'button', onclick: (e) => this.newGameClick(e) }, 'New game', h('kbd', {}, 'N')),
        actions: p.resultActions ? p.resultActions() : [],
        replayLabel: p.replayLabel ? p.replayLabel() : 'Replay',
      }));
    } else {
      const mover = p.mover ? p.mover(v) : v.side_to_move;
      const last = v.history[v.history.length - 1];
      parts.push(turnLine({
        view: v,
        mover,
        side: p.sideName(mover),
        swatch: p.swatch(mover),
        sideClass: `turn-${this.sideKey(mover)}`,
        thinking: !!v.computer_to_move,
        // Once the person has started a move of their own, the status follows it.
        animating: (this.moving || this.ctl.animating) && !!last && !(p.picking && p.picking()),
        lastSide: last ? p.sideName(last.side) : '',
        personal: p.personal ? p.personal() : this.vsComputer() || !!v.online,
        label: (seat) => this.label(seat),
        detail: p.turnDetail,
        thinkingText: p.thinkingText && p.thinkingText(),
        yourMove: p.yourMove && p.yourMove(),
      }));
    }
    if (p.statusExtras) parts.push(...p.statusExtras());
    this.statusCard.replaceChildren(...parts.filter(Boolean));
  }

  /* ---------- Actions ---------- */

  /** Starts a new match from the settings (`arg`: what the settings' start gave, e.g. a board number); not while an online game of one's own goes on. */
  newGame(arg) {
    if (this.ctl.stayInOnlineGame()) return undefined;
    const { options, position, players } = this.page.newMatch(arg);
    return this.ctl.startMatch(options, players || this.players(), { position });
  }

  /** A click on a New game button: the second click of a double-click asks for nothing more. */
  newGameClick(e) {
    if (e && e.detail > 1) return undefined;
    return this.newGame();
  }

  /** The rules in a dialog (F1). */
  showRules() {
    const { rules } = this.page;
    return openRulesDialog({ slug: this.game.slug, name: this.game.name, summary: rules.summary, diagrams: rules.diagrams });
  }

  /** "New game and settings": the common fields, the game's own, and Sound. */
  showSettings() {
    const s = this.page.settings || {};
    const { store, setup } = this;
    openSettingsDialog({
      shell: this.shell, store, levels: this.levels,
      sides: setup.sides, sideLegend: setup.sideLegend, friend: setup.friend,
      fields: (st) => (s.fields ? s.fields(st) : {}),
      onChange: (t, form) => {
        if (t.name === 'sound' && !s.ownSound) store.set('sound', t.checked);
        if (s.onChange) s.onChange(t, form);
      },
      save: (f, st) => store.update({
        mode: f.mode.value,
        level: f.level.value || st.level,
        side: f.side.value || st.side,
        ...(s.save ? s.save(f, st) : {}),
      }),
      start: (form, save) => {
        const arg = s.start ? s.start(form) : undefined;
        if (arg === false) return false;
        save();
        this.newGame(arg);
        return undefined;
      },
    });
  }
}
