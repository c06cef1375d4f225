// Warp & Weft: the play page. The server keeps the match (docs/api.md); this
// module draws it, takes the player's moves, asks the computer for its moves,
// and explains what each lit cell would hand over.

import { openRulesDialog } from '/static/shell/rules-dialog.js';
import { radioGroup, checkbox } from '/static/shell/form.js';
import { BoardView, cellName, parseCell, fmtValue, fmtScore, axisName, other, swatch } from './board.js';
import { inviteFriend, replayHref } from '/static/shell/session.js';
import {
  createMatchController, inSentence, whoWithSide, humanCanMove, playersFromSettings, playerLabel as seatPlayer, matchHeadline,
} from '/static/shell/match-controller.js';
import { openSettingsDialog } from '/static/shell/settings-dialog.js';
import { moveTick } from '/static/shell/sound.js';

const SLUG = 'warp-weft';
const MIN_GAP_MS = 420; // let the eye follow one move before the next one lands

export async function mount({ root, game, shell, api, params }) {
  const { h, toast } = shell;

  /* ---------- Settings ---------- */

  const optDefault = (key, fallback) => {
    const o = (game.options || []).find((x) => x.key === key);
    return o ? o.default : fallback;
  };
  const sizeChoices = ((game.options || []).find((x) => x.key === 'size') || {}).choices || ['5', '7', '9'];
  const levels = game.levels && game.levels.length ? game.levels : [{ key: 'medium', name: 'Medium', about: '' }];
  const defaults = {
    mode: 'computer',
    level: (levels.find((l) => l.key === 'medium') || levels[0]).key,
    side: 'weft',
    size: String(optDefault('size', '7')),
    komi: String(optDefault('komi', '4.5')),
    pie: String(optDefault('pie', 'false')) === 'true',
    symmetric: String(optDefault('symmetric', 'true')) !== 'false',
    hints: true,
    gauge: false,
    sound: false,
  };
  const store = shell.createStore(SLUG, defaults);
  if (!levels.some((l) => l.key === store.get('level'))) store.set('level', defaults.level);
  if (!sizeChoices.includes(String(store.get('size')))) store.set('size', defaults.size);

  let hints = !!store.get('hints');

  /* ---------- Page ---------- */

  shell.mountTopbar({
    title: game.name,
    actions: [
      { label: 'New game', icon: 'new', key: 'R', onClick: () => newGame(), id: 'tb-new' },
      { label: 'Play online', icon: 'online', onClick: () => inviteFriend({ game, options: optionsFromSettings(randomBoard()) }), id: 'tb-online' },
      { label: 'Settings', icon: 'settings', onClick: () => showSettings(), id: 'tb-settings' },
      { label: 'Rules', icon: 'rules', key: 'F1', href: `/rules/${SLUG}`, onClick: () => showRules(), id: 'tb-rules' },
      { label: 'Keys', icon: 'help', key: '?', onClick: () => shell.showKeys(), id: 'tb-help' },
    ],
  });

  const boardBox = h('div', { class: 'board-box', id: 'board' });
  const statusCard = h('section', { class: 'card status-card', id: 'status', 'aria-label': 'Game status', 'aria-live': 'polite' });
  const scoresCard = h('section', { class: 'card scores-card', 'aria-label': 'Scores' });
  const hintCard = h('section', { class: 'card hint-card', id: 'hint-panel', 'aria-label': 'Preview of the pointed cell' });
  const undoBtn = h('button', { class: 'btn', type: 'button', id: 'undo-btn', onclick: () => undo() }, 'Undo', h('kbd', {}, 'U'));
  const hintsBtn = h('button', { class: 'btn toggle', type: 'button', id: 'hints-btn', 'aria-pressed': String(hints), onclick: () => toggleHints() },
    h('span', { class: 'switch', 'aria-hidden': 'true' }), 'Hints', h('kbd', {}, 'H'));
  const sameBtn = h('button', { class: 'btn', type: 'button', id: 'same-btn', onclick: () => sameBoard() }, 'Same board', h('kbd', {}, 'S'));
  const newBtn = h('button', { class: 'btn', type: 'button', id: 'new-btn', onclick: () => newGame() }, 'New game', h('kbd', {}, 'R'));
  const controls = h('div', { class: 'controls' }, undoBtn, hintsBtn, sameBtn, newBtn);
  const moveList = h('ol', { class: 'move-list', id: 'move-list', 'aria-live': 'polite', 'aria-label': 'Moves' });
  let pinned = true; // keep the newest move in view while the list is scrolled to its end
  moveList.addEventListener('scroll', () => {
    moveList.classList.toggle('scrolled', moveList.scrollTop > 0);
    pinned = moveList.scrollTop + moveList.clientHeight >= moveList.scrollHeight - 4;
  }, { passive: true });
  new ResizeObserver(() => {
    if (pinned) moveList.scrollTop = moveList.scrollHeight;
  }).observe(moveList);
  const movesCard = h('section', { class: 'card moves-card' }, h('h2', {}, 'Moves'), moveList);
  const footer = h('p', { class: 'match-facts', id: 'match-facts' });
  const side = h('aside', { class: 'side-panel', 'aria-label': 'Game panel' }, statusCard, scoresCard, hintCard, controls, movesCard, footer);
  root.replaceChildren(h('div', { class: 'board-area' }, boardBox), side);

  /* ---------- Match state ---------- */

  let view = null; // the view on the page: the controller's latest, handed to show()
  let board = null; // the BoardView
  let movesByName = new Map(); // legal move name → info
  let shownHistory = [];
  let exact = null; // the solver's value of each move here, once solved: { key, byName, best }
  let exactAsked = null; // the position (match:version) last sent to the solver

  const ctl = createMatchController({
    game, shell, api, params, panel: side, root,
    minGapMs: MIN_GAP_MS,
    show,
    renderStatus,
    mayPlay: () => {
      if (humanToMove()) return true;
      if (view.computer_to_move) toast('Wait a moment: the computer is still thinking.');
      return false;
    },
    fresh: () => {
      shownHistory = [];
    },
  });
  const { playMove, undo } = ctl;

  const humanSeat = (seat) => view && view.players[seat] === 'human';
  const vsComputer = () => view && view.players.some((p) => p !== 'human');
  const humanToMove = () => humanCanMove(view);
  const axisOfSeat = (seat) => (view.state.seats.weft === seat ? 'weft' : 'warp');
  const playerLabel = (axis) => seatPlayer(view, view.state.seats[axis], { levels });

  function makeBoard(size) {
    board = new BoardView({
      size,
      interactive: true,
      gauge: !!store.get('gauge'),
      label: `Warp & Weft board, ${size} by ${size}. Arrow keys move between cells, Enter plays.`,
      onPlay: (name) => playMove(name),
      onPreview: (name) => preview(name),
      onReject: (name) => refused(name),
    });
    boardBox.replaceChildren(board.svg);
  }

  /** Says why a cell cannot be taken now (the board has shaken it). */
  function refused(name) {
    if (!view || view.result) return;
    if (!humanToMove()) {
      const watching = view.online && (view.online.seat === null || view.online.seat === undefined);
      ctl.nudge(view.computer_to_move ? 'Wait a moment: the computer is thinking.'
        : watching ? 'You are watching: only the two players can move.'
          : `Wait for ${inSentence(playerLabel(view.state.axis_to_move))} to move.`);
      return;
    }
    const [r, c] = parseCell(name) || [];
    const st = view.state;
    const line = st.axis_to_move === 'weft' ? `row ${st.shuttle_rc[0] + 1}` : `column ${String.fromCharCode(97 + st.shuttle_rc[1])}`;
    ctl.nudge(st.taken[r] && st.taken[r][c] ? `${name} is used already: take a lit cell in ${line}.` : `${name} is not in ${line}: take one of its lit cells.`);
  }

  function lastMove(v) {
    const cells = v.history.filter((x) => x.move !== 'swap').map((x) => parseCell(x.move)).filter(Boolean);
    if (!cells.length) return null;
    const n = v.state.size;
    const centre = [(n - 1) / 2, (n - 1) / 2];
    const to = cells[cells.length - 1];
    const from = cells.length > 1 ? cells[cells.length - 2] : centre;
    return { from, to, axis: v.state.taken[to[0]][to[1]] };
  }

  /** Draws a view the controller accepted (`before`: the one it replaces). */
  function show(v, before) {
    view = v;
    if (!board || board.n !== v.state.size) makeBoard(v.state.size);
    movesByName = new Map();
    for (const m of v.moves || []) {
      const name = m.move === 'swap' ? 'swap' : m.info && m.info.cell ? cellName(m.info.cell[0], m.info.cell[1]) : (parseCell(m.move) ? cellName(...parseCell(m.move)) : m.move);
      movesByName.set(name, m.info || {});
    }
    const lit = humanToMove() ? [...movesByName.keys()].filter((k) => k !== 'swap') : [];
    board.update(v.state, { lit, last: lastMove(v) });
    if (before && before.id === v.id && v.history.length > before.history.length) {
      tick();
      const last = v.history[v.history.length - 1];
      if (last.move === 'swap' && vsComputer() && !humanSeat(last.side)) {
        toast(`The computer swapped seats: it now plays Weft, and you play ${axisName(axisOfSeat(v.players.indexOf('human')))}.`);
      }
    }
    renderPanel();
    preview(board.previewCandidate());
    askExact();
  }

  /* ---------- Panel ---------- */

  function renderPanel() {
    hintCard.hidden = !!view.result;
    renderStatus();
    renderScores();
    renderMoves();
    renderFacts();
    undoBtn.disabled = !ctl.canUndo();
  }

  function renderStatus() {
    if (!view) return;
    const st = view.state;
    const mover = st.axis_to_move;
    const parts = [];
    if (view.result) {
      const w = view.result.winner;
      const headline = matchHeadline(view, { levels, sideName: (seat) => axisName(axisOfSeat(seat)) });
      const winAxis = w === null || w === undefined ? null : axisOfSeat(w);
      parts.push(h('div', { class: `result-banner${winAxis ? ` win-${winAxis}` : ''}`, id: 'result', role: 'status' },
        h('div', { class: 'result-head' }, winAxis ? swatch(winAxis) : null, h('strong', {}, headline)),
        h('p', { class: 'result-reason' }, (view.result.reason || '').replace(/(^|[\s(–])-(\d)/g, '$1−$2')),
        h('div', { class: 'result-actions' },
          h('button', { class: 'btn primary', type: 'button', onclick: () => newGame() }, 'New game', h('kbd', {}, 'R')),
          h('button', { class: 'btn', type: 'button', onclick: () => sameBoard() }, 'Same board', h('kbd', {}, 'S')),
          view.replay ? null : h('a', { class: 'btn', href: replayHref(SLUG, view.id), id: 'replay-link' }, 'Replay'))));
    } else {
      const lineName = mover === 'weft' ? `row ${st.shuttle_rc[0] + 1}` : `column ${String.fromCharCode(97 + st.shuttle_rc[1])}`;
      const thinkingNow = view.computer_to_move;
      // Online, or replaying: this screen may not move now.
      const passive = !thinkingNow && (view.replay || (view.online && !view.can_move));
      const who = thinkingNow || passive
        ? `${axisName(mover)} to move`
        : vsComputer() || view.online ? 'Your move' : `${axisName(mover)} to move`;
      let detail;
      if (thinkingNow) detail = h('span', { class: 'thinking', id: 'thinking' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'The computer is thinking…');
      else if (view.replay) detail = h('span', {}, `The position after move ${view.replay.ply} of ${view.replay.plies}.`);
      else if (passive) detail = h('span', {}, view.online.seat === null || view.online.seat === undefined ? 'You are watching this game.' : `Waiting for ${inSentence(playerLabel(mover))}.`);
      else detail = h('span', {}, vsComputer() || view.online ? `You play ${axisName(mover)}: take a lit cell in ${lineName}.` : `Take a lit cell in ${lineName}.`);
      parts.push(h('div', { class: `turn turn-${mover}` },
        swatch(mover),
        h('div', {}, h('strong', { class: 'turn-who' }, who), h('div', { class: 'turn-detail' }, detail))));
      if (!thinkingNow && movesByName.has('swap')) {
        parts.push(h('div', { class: 'swap-offer' },
          h('p', {}, 'Pie rule: instead of moving, you may take over Weft’s seat and its first move.'),
          h('button', { class: 'btn', type: 'button', id: 'swap-btn', onclick: () => playMove('swap') }, 'Swap seats')));
      }
    }
    statusCard.replaceChildren(...parts);
  }

  function renderScores() {
    const st = view.state;
    const rows = ['weft', 'warp'].map((axis) => {
      const komi = axis === 'warp' && st.komi ? st.komi : 0;
      const toMove = !view.result && st.axis_to_move === axis;
      return h('div', { class: `score-row score-${axis}${toMove ? ' to-move' : ''}`, id: `score-${axis}` },
        swatch(axis),
        h('div', { class: 'score-who' },
          h('span', { class: 'score-side' }, axisName(axis), h('span', { class: 'score-dir' }, axis === 'weft' ? ' · rows' : ' · columns')),
          h('span', { class: 'score-player' }, playerLabel(axis))),
        h('div', { class: 'score-num' },
          h('span', { class: 'score-total' }, fmtScore(st.scores[axis])),
          komi ? h('span', { class: 'score-komi' }, `${fmtScore(st.points[axis])} + ${fmtScore(komi)} komi`) : null));
    });
    scoresCard.replaceChildren(...rows);
  }

  function renderHint(info, name) {
    if (!view) return;
    const st = view.state;
    const mover = st.axis_to_move;
    const opp = other(mover);
    const oppName = axisName(opp);
    if (!info || !info.cell) {
      const touch = matchMedia('(hover: none)').matches;
      const how = touch
        ? 'Tap a lit cell once to see'
        : 'Point at a lit cell, or move to it with the arrow keys, to see';
      const text = view.result
        ? 'The finished board shows who took each cell: red with stripes across for Weft, blue with stripes down for Warp.'
        : humanToMove()
          ? `${how} the line it hands over${hints ? ', the best reply to it and the net result' : ''}.${touch ? ' Tap it again to take it.' : ''}`
          : 'Waiting for the computer’s move.';
      const title = view.result ? 'The woven board' : hints ? 'Hints are on' : 'Preview';
      const known = hints && humanToMove() && exactHere();
      const solved = known
        ? h('p', { class: 'hint-solved', id: 'hint-solved' }, 'Solved: with perfect play from here, the best move ',
          h('strong', {}, parseCell(known.best.move) ? cellName(...parseCell(known.best.move)) : known.best.move), ` ${known.best.text}.`)
        : null;
      hintCard.replaceChildren(h('h2', {}, title), h('p', { class: 'hint-idle' }, text), ...(solved ? [solved] : []));
      hintCard.classList.remove('has-preview');
      return;
    }
    const [r, c] = info.cell;
    const lineName = opp === 'weft' ? `row ${r + 1}` : `column ${String.fromCharCode(97 + c)}`;
    const open = (info.open || []).length;
    const rows = [
      h('div', { class: 'hint-line' }, h('span', {}, `Take ${name}`), h('strong', { class: 'gain' }, signed(info.gain))),
      h('p', { class: 'hint-sub' }, info.strands
        ? `It hands ${oppName} ${lineName}, where nothing is left.`
        : `It hands ${oppName} ${lineName}: ${open} open cell${open === 1 ? '' : 's'}.`),
    ];
    if (hints) {
      if (info.strands) {
        const f = info.final || {};
        const verdict = info.winner ? `${info.winner} would win` : 'It would be a draw';
        rows.push(h('p', { class: 'hint-strand', id: 'hint-strands' },
          h('strong', {}, `This strands ${oppName}.`), ` The game would end there: ${verdict}${f.weft !== undefined ? `, ${fmtScore(f.weft)}–${fmtScore(f.warp)}` : ''}.`));
      } else if (info.reply) {
        rows.push(h('div', { class: 'hint-line' }, h('span', {}, `${oppName}’s best reply: ${info.reply.cell}`), h('strong', {}, signed(-info.reply.gain))));
      }
      const net = info.net;
      rows.push(h('div', { class: `hint-line hint-net ${net > 0 ? 'good' : net < 0 ? 'bad' : ''}`, id: 'hint-net' },
        h('span', {}, 'Net result'), h('strong', {}, signed(net))));
    }
    const known = hints && exactHere();
    if (known && known.byName.has(name)) {
      const m = known.byName.get(name);
      const best = m.score === known.best.score;
      rows.push(h('div', { class: `hint-line hint-exact ${m.score > 0 ? 'good' : m.score < 0 ? 'bad' : ''}`, id: 'hint-exact' },
        h('span', {}, best ? 'Perfect play: the best' : 'Perfect play'), h('strong', {}, m.text)));
    }
    hintCard.replaceChildren(h('h2', {}, hints ? 'Hint' : 'Preview'), ...rows);
    hintCard.classList.add('has-preview');
  }

  /** The solver's values for the position on the board, if it has solved it. */
  function exactHere() {
    return exact && view && exact.key === `${view.id}:${view.version}` ? exact : null;
  }

  /**
   * With hints on, asks the server's exact solver for every move's value
   * (it answers once the rest of the game can be solved in a moment; from
   * then on, at once). The hint panel then says what each move is worth.
   */
  async function askExact() {
    if (!hints || !view || view.result || view.online || view.replay || !humanToMove()) return;
    const key = `${view.id}:${view.version}`;
    if (exactAsked === key) return;
    exactAsked = key;
    let answer;
    try {
      answer = await api(`/api/matches/${encodeURIComponent(view.id)}/solve?ms=1500`);
    } catch {
      return; // hints help; they are never in the way
    }
    if (!answer.solved || !view || `${view.id}:${view.version}` !== key) return;
    const byName = new Map();
    for (const m of answer.moves) {
      const rc = parseCell(m.move);
      byName.set(rc ? cellName(...rc) : m.move, m);
    }
    exact = { key, byName, best: answer.moves[0] };
    preview(board.previewCandidate());
  }

  const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

  function preview(name) {
    if (!board || !view) return;
    const info = name && humanToMove() ? movesByName.get(name) : null;
    board.setPreview(info || null, { hints, name });
    renderHint(info, name);
  }

  function moveEntries(v) {
    const out = [];
    let axis = 'weft';
    for (const x of v.history) {
      if (x.move === 'swap') {
        out.push({ swap: true, seat: x.side });
        continue;
      }
      const rc = parseCell(x.move);
      const gain = rc ? v.state.grid[rc[0]][rc[1]] : null;
      out.push({ axis, move: rc ? cellName(...rc) : x.move, gain, seat: x.side });
      axis = other(axis);
    }
    return out;
  }

  function entryNode(e, isLast) {
    if (e.swap) {
      const who = vsComputer() ? (humanSeat(e.seat) ? 'You' : 'The computer') : `Player ${e.seat + 1}`;
      return h('li', { class: 'mv swap' }, h('span', { class: 'mv-text' }, `${who} swapped seats and took over Weft (pie rule).`));
    }
    const who = vsComputer() ? (humanSeat(e.seat) ? 'You' : 'Computer') : axisName(e.axis);
    return h('li', { class: `mv mv-${e.axis}${isLast ? ' last' : ''}` },
      swatch(e.axis),
      h('span', { class: 'visually-hidden' }, `${whoWithSide(who, axisName(e.axis))} took `),
      h('span', { class: 'mv-cell' }, e.move),
      h('span', { class: 'mv-gain' }, e.gain === null ? '' : signed(e.gain)));
  }

  function renderMoves() {
    const entries = moveEntries(view);
    const names = view.history.map((x) => x.move);
    const extends_ = shownHistory.length <= names.length && shownHistory.every((m, i) => m === names[i]) && moveList.dataset.match === view.id;
    if (!extends_) {
      moveList.replaceChildren();
      moveList.dataset.match = view.id;
      shownHistory = [];
    }
    moveList.querySelectorAll('.mv.last').forEach((x) => x.classList.remove('last'));
    // Rows of two: Weft's move and Warp's answer.
    let row = moveList.lastElementChild;
    for (let i = shownHistory.length; i < entries.length; i++) {
      const e = entries[i];
      const node = entryNode(e, i === entries.length - 1);
      if (e.swap || e.axis === 'weft' || !row || row.classList.contains('full') || row.classList.contains('swap-row')) {
        row = h('li', { class: `mv-row${e.swap ? ' swap-row' : ''}` }, h('span', { class: 'mv-num', 'aria-hidden': 'true' }, e.swap ? '' : `${moveList.querySelectorAll('.mv-row:not(.swap-row)').length + 1}.`), h('ol', { class: 'mv-pair' }));
        moveList.append(row);
        if (!e.swap && e.axis === 'warp') row.querySelector('.mv-pair').append(h('li', { class: 'mv mv-gap', 'aria-hidden': 'true' }, '…'));
      }
      row.querySelector('.mv-pair').append(node);
      if (e.swap || e.axis === 'warp') row.classList.add('full');
    }
    if (entries.length) {
      const lastNode = moveList.querySelector('.mv-row:last-child .mv:last-child');
      if (lastNode) lastNode.classList.add('last');
    }
    shownHistory = names;
    if (!entries.length) {
      moveList.replaceChildren(h('li', { class: 'mv-empty' }, view.computer_to_move ? 'Weft opens the game.' : 'No moves yet. Weft opens the game.'));
      moveList.dataset.match = '';
    }
    moveList.scrollTop = moveList.scrollHeight;
    pinned = true;
    moveList.classList.toggle('scrolled', moveList.scrollTop > 0);
  }

  function renderFacts() {
    const st = view.state;
    const bits = [];
    bits.push(h('span', { id: 'board-number' }, st.board !== null && st.board !== undefined ? `Board ${st.board}` : 'Custom board'));
    bits.push(h('span', {}, `${st.size} × ${st.size}`));
    bits.push(h('span', {}, `komi ${fmtScore(st.komi)}`));
    if (st.pie) bits.push(h('span', {}, 'pie rule'));
    if (view.options && String(view.options.symmetric) === 'false') bits.push(h('span', {}, 'asymmetric'));
    footer.replaceChildren(...bits.flatMap((b, i) => (i ? [h('span', { class: 'dot', 'aria-hidden': 'true' }, '·'), b] : [b])));
  }

  /* ---------- Actions ---------- */

  function randomBoard() {
    return 1 + Math.floor(Math.random() * 999999);
  }

  function seedValue(text) {
    const t = String(text || '').trim();
    if (!/^\d{1,20}$/.test(t)) return null;
    const n = Number(t);
    return Number.isSafeInteger(n) ? n : t;
  }

  const players = () => playersFromSettings(store.all(), 'warp');

  function optionsFromSettings(seed, overrides = {}) {
    const st = store.all();
    const komi = Number(st.komi);
    return {
      seed,
      size: Number(overrides.size || st.size),
      komi: Number.isFinite(komi) ? komi : 4.5,
      pie: !!st.pie,
      symmetric: overrides.symmetric !== undefined ? overrides.symmetric : !!st.symmetric,
    };
  }


  function newGame(seed) {
    if (ctl.stayInOnlineGame()) return undefined;
    return ctl.startMatch(optionsFromSettings(seed ?? randomBoard()), players());
  }

  function sameBoard() {
    if (ctl.stayInOnlineGame()) return undefined;
    if (!view) return newGame();
    const o = view.options || {};
    const st = view.state;
    const options = {
      seed: seedValue(st.board ?? o.seed) ?? randomBoard(),
      size: Number(st.size),
      komi: Number(st.komi),
      pie: !!st.pie,
      symmetric: String(o.symmetric ?? 'true') !== 'false',
    };
    return ctl.startMatch(options, [...view.players]);
  }

  function toggleHints() {
    hints = !hints;
    store.set('hints', hints);
    hintsBtn.setAttribute('aria-pressed', String(hints));
    if (board) preview(board.previewCandidate());
    askExact();
    toast(hints ? 'Hints on' : 'Hints off', { timeout: 1400 });
  }

  /* ---------- Sound (optional, made on the spot: no files) ---------- */

  const tick = moveTick(store, { wave: 'triangle', from: 660, to: 440, fall: 0.08, peak: 0.12, attack: 0.01, decay: 0.12 });

  /* ---------- Rules dialog ---------- */

  function showRules() {
    return openRulesDialog({
      slug: SLUG,
      name: game.name,
      summary: 'Weft (red) and Warp (blue) share one shuttle on a grid of numbers. Weft moves first and slides it along its row; Warp slides it along its column. Land on any unused cell of your line, hopping over used ones, and score its number. When the player to move has no unused cell left in their line, the game ends and the higher total wins. Warp starts with a few points of komi.',
      diagrams: () => import('./rules.js'),
    });
  }

  /* ---------- Settings dialog ---------- */

  function showSettings() {
    openSettingsDialog({
      shell, store, levels,
      sides: [['weft', 'Weft (red, moves first)', swatch('weft')], ['warp', 'Warp (blue, has komi)', swatch('warp')]],
      fields: (st) => ({
        game: [
          h('fieldset', {}, h('legend', {}, 'Board size'), radioGroup('size', st.size, sizeChoices.map((x) => [x, `${x} × ${x}`]))),
          h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Board number'),
            h('input', { type: 'text', name: 'seed', inputmode: 'numeric', pattern: '[0-9]*', placeholder: 'Empty: a random board', autocomplete: 'off' }),
            h('span', { class: 'help' }, 'The same number always gives the same grid, so a board can be replayed or shared.')),
        ],
        before: [
          h('details', { class: 'variants', open: true },
            h('summary', {}, 'Variants'),
            h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Komi for Warp'),
              h('input', { type: 'number', name: 'komi', step: '0.5', min: '0', max: '20', value: st.komi }),
              h('span', { class: 'help' }, 'Points Warp starts with. A half point rules out draws.')),
            checkbox('pie', st.pie, 'Pie rule', 'After Weft’s first move, Warp may swap seats instead of moving.'),
            checkbox('symmetric', st.symmetric, 'Mirror-symmetric board', 'Off: the two sides see different numbers.')),
        ],
        display: [
          checkbox('hints', hints, 'Hints', 'Ring the best reply and show the net result.'),
          checkbox('gauge', store.get('gauge'), 'Line gauge', 'Unused cells left in each row and column.'),
          checkbox('sound', store.get('sound'), 'Sound', 'A soft click on every move.'),
        ],
      }),
      onChange: (t) => {
        if (t.name === 'hints' && t.checked !== hints) toggleHints();
        if (t.name === 'gauge') {
          store.set('gauge', t.checked);
          board && board.setGauge(t.checked);
        }
        if (t.name === 'sound') store.set('sound', t.checked);
      },
      save: (f, st) => {
        const komi = Number(f.komi.value);
        store.update({
          mode: f.mode.value,
          level: f.level.value || st.level,
          side: f.side.value || st.side,
          size: f.size.value,
          komi: Number.isFinite(komi) && f.komi.value !== '' ? String(komi) : defaults.komi,
          pie: f.pie.checked,
          symmetric: f.symmetric.checked,
        });
      },
      start: (form, save) => {
        const raw = form.elements.seed.value.trim();
        const seed = raw ? seedValue(raw) : null;
        if (raw && seed === null) {
          toast('A board number is a whole number, such as 4821.', { error: true });
          form.elements.seed.focus();
          return false;
        }
        save();
        newGame(seed ?? undefined);
      },
    });
  }

  /* ---------- Keys ---------- */

  shell.registerKeys([
    { key: 'r', label: 'New game on a random board', run: () => newGame() },
    { key: 's', label: 'Same board again, from the start', run: () => sameBoard() },
    { key: 'u', label: 'Undo your last move (and the computer’s answer)', run: () => undo() },
    { key: 'h', label: 'Hints on or off', run: () => toggleHints() },
    { key: 'F1', label: 'Rules', run: () => showRules() },
    {
      keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
      label: 'Move between cells (a lit cell shows what it hands over)',
      run: () => {
        // From outside the board, the arrows enter it on a lit cell.
        if (!board || !view) return;
        const lit = [...board.lit];
        const start = board.lit.has(board.focusName) ? board.focusName : lit[0] || cellName(...view.state.shuttle_rc);
        board.focusCell(start);
      },
    },
    { key: 'Enter', label: 'Take the focused cell' },
  ]);

  /* ---------- Start ---------- */

  const urlSeed = seedValue(params.get('seed'));
  const urlSize = params.get('size');
  const overrides = {};
  if (urlSize && sizeChoices.includes(urlSize)) overrides.size = urlSize;
  if (params.get('symmetric') === 'false') overrides.symmetric = false;
  if (!(await ctl.openFromAddress())) await ctl.startMatch(optionsFromSettings(urlSeed ?? randomBoard(), overrides), players());
}
