// Warp & Weft: the play page. The frame (shell/play-frame.js) runs the match
// and the page around it; this module draws the board, takes the player's
// cell, explains what each lit cell would hand over (the hint card), and
// keeps the scores card. The variants (pass once, passed-over cells that
// change value, blocking slides) are options of the match: the page only
// offers the moves the server lists and draws the values the server sends.

import { radioGroup, checkbox, numberField, seedFromField } from '/static/shell/form.js';
import { createPlayFrame } from '/static/shell/play-frame.js';
import { whoWithSide } from '/static/shell/match-controller.js';
import { BoardView, cellName, parseCell, fmtScore, axisName, other, swatch } from './board.js';

const SLUG = 'warp-weft';

export async function mount(ctx) {
  const { shell, game, params, api } = ctx;
  const { h, toast } = shell;
  const option = (key) => (game.options || []).find((x) => x.key === key) || {};
  const sizeChoices = option('size').choices || ['5', '7', '9'];
  const frame = await createPlayFrame(ctx, {
    levelDefault: 'medium',
    sides: [['weft', 'Weft (red, moves first)', swatch('weft')], ['warp', 'Warp (blue, has komi)', swatch('warp')]],
    defaults: {
      size: String(option('size').default ?? '7'),
      komi: String(option('komi').default ?? '4.5'),
      pie: String(option('pie').default ?? 'false') === 'true',
      symmetric: String(option('symmetric').default ?? 'true') !== 'false',
      pass: String(option('pass').default ?? 'off') === 'once',
      passover: String(option('passover').default ?? '0'),
      blocking: String(option('blocking').default ?? 'false') === 'true',
      hints: true,
      gauge: false,
    },
  });
  const { store } = frame;
  if (!sizeChoices.includes(String(store.get('size')))) store.set('size', String(option('size').default ?? '7'));
  const passoverChoices = option('passover').choices || ['-3', '-2', '-1', '0', '1', '2', '3'];
  if (!passoverChoices.includes(String(store.get('passover')))) store.set('passover', String(option('passover').default ?? '0'));
  let hints = !!store.get('hints');
  let board = null;
  let movesByName = new Map(); // legal move name → info
  let valuesBefore = null; // the grid of the position drawn before, to mark the values a slide changed
  let exact = null; // the solver's value of each move here, once solved: { key, byName, best }
  let exactAsked = null; // the position (match:version) last sent to the solver
  let exactAsking = null; // the solver's answer on its way: { id, asking: AbortController }

  const view = () => frame.view;
  const humanToMove = () => frame.humanToMove();
  const axisOfSeat = (seat) => (view().state.seats.weft === seat ? 'weft' : 'warp');
  const seatName = (seat) => axisName(axisOfSeat(seat));
  const lineOf = (axis, [r, c]) => (axis === 'weft' ? `row ${r + 1}` : `column ${String.fromCharCode(97 + c)}`);
  const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

  const scoresCard = h('section', { class: 'card scores-card', 'aria-label': 'Scores' });
  const hintCard = h('section', { class: 'card hint-card', id: 'hint-panel', 'aria-label': 'Preview of the pointed cell' });
  const hintsBtn = h('button', { class: 'btn toggle', type: 'button', id: 'hints-btn', 'aria-pressed': String(hints), onclick: () => toggleHints() },
    h('span', { class: 'switch', 'aria-hidden': 'true' }), 'Hints', h('kbd', {}, 'H'));
  const sameBtn = h('button', { class: 'btn', type: 'button', id: 'same-btn', onclick: () => sameBoard() }, 'Same board', h('kbd', {}, 'S'));

  frame.mount({
    cards: [scoresCard, hintCard],
    controls: [hintsBtn, sameBtn],
    sideName: seatName,
    sideKey: axisOfSeat,
    swatch: (seat) => swatch(axisOfSeat(seat)),
    voice: { wave: 'triangle', from: 660, to: 440, fall: 0.08, peak: 0.12, attack: 0.01, decay: 0.12 },
    rules: {
      summary: 'Weft (red) and Warp (blue) share one shuttle on a grid of numbers. Weft moves first and slides it along its row; Warp slides it along its column. Land on any unused cell of your line, hopping over used ones, and score its number. When the player to move has no unused cell left in their line, the game ends and the higher total wins. Warp starts with a few points of komi.',
      diagrams: () => import('./rules.js'),
    },
    newLabel: 'New game on a random board',
    newMatch: ({ seed, overrides } = {}) => ({ options: optionsFromSettings(seed ?? randomBoard(), overrides) }),
    invite: () => ({ options: optionsFromSettings(randomBoard()) }),
    show,
    turnDetail: () => {
      const st = view().state;
      const line = lineOf(st.axis_to_move, st.shuttle_rc);
      const cells = [...movesByName.keys()].some((k) => k !== 'swap' && k !== 'pass');
      const what = cells ? `take a lit cell in ${line}` : `nothing is left in ${line}: pass`;
      const you = frame.vsComputer() || view().online ? `You play ${axisName(st.axis_to_move)}: ${what}` : what[0].toUpperCase() + what.slice(1);
      return `${you}.`;
    },
    statusExtras: () => {
      if (view().result || view().computer_to_move || !humanToMove()) return [];
      const extras = [];
      if (movesByName.has('swap')) {
        extras.push(h('div', { class: 'swap-offer' },
          h('p', {}, 'Pie rule: instead of moving, you may take over Weft’s seat and its first move.'),
          h('button', { class: 'btn', type: 'button', id: 'swap-btn', onclick: () => frame.ctl.playMove('swap') }, 'Swap seats')));
      }
      if (movesByName.has('pass')) extras.push(passOffer(movesByName.get('pass')));
      return extras;
    },
    resultActions: () => [h('button', { class: 'btn', type: 'button', onclick: () => sameBoard() }, 'Same board', h('kbd', {}, 'S'))],
    moveEntry,
    emptyMoves: () => (view().computer_to_move ? 'Weft opens the game.' : 'No moves yet. Weft opens the game.'),
    facts,
    settings: {
      fields: (st) => ({
        game: [
          h('fieldset', {}, h('legend', {}, 'Board size'), radioGroup('size', st.size, sizeChoices.map((x) => [x, `${x} × ${x}`]))),
          numberField('seed', 'Board number', 'Empty: a random board', 'The same number always gives the same grid, so a board can be replayed or shared.'),
        ],
        before: [
          h('details', { class: 'variants', open: true },
            h('summary', {}, 'Variants'),
            h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Komi for Warp'),
              h('input', { type: 'number', name: 'komi', step: '0.5', min: '0', max: '20', value: st.komi }),
              h('span', { class: 'help' }, 'Points Warp starts with. A half point rules out draws.')),
            checkbox('pie', st.pie, 'Pie rule', 'After Weft’s first move, Warp may swap seats instead of moving.'),
            checkbox('symmetric', st.symmetric, 'Mirror-symmetric board', 'Off: the two sides see different numbers.'),
            checkbox('pass', st.pass, 'Pass once', 'Each player may pass one turn a game, even with nothing left on their line.'),
            h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Passed-over cells change by'),
              h('select', { name: 'passover', id: 'passover-select' },
                ...passoverChoices.map((d) => h('option', { value: d, selected: String(st.passover) === d }, d === '0' ? '0 (off)' : signed(Number(d))))),
              h('span', { class: 'help' }, 'Every unused cell a slide crosses gains (or loses) this much.')),
            checkbox('blocking', st.blocking, 'Blocking', 'A slide stops at used cells instead of hopping over them.')),
        ],
        display: [
          checkbox('hints', hints, 'Hints', 'Ring the best reply and show the net result.'),
          checkbox('gauge', st.gauge, 'Line gauge', 'Unused cells left in each row and column.'),
          checkbox('sound', st.sound, 'Sound', 'A soft click on every move.'),
        ],
      }),
      onChange: (t) => {
        if (t.name === 'hints' && t.checked !== hints) toggleHints();
        if (t.name === 'gauge') {
          store.set('gauge', t.checked);
          board && board.setGauge(t.checked);
        }
      },
      save: (f) => {
        const komi = Number(f.komi.value);
        return {
          size: f.size.value,
          komi: Number.isFinite(komi) && f.komi.value !== '' ? String(komi) : String(option('komi').default ?? '4.5'),
          pie: f.pie.checked,
          symmetric: f.symmetric.checked,
          pass: f.pass.checked,
          passover: passoverChoices.includes(f.passover.value) ? f.passover.value : '0',
          blocking: f.blocking.checked,
        };
      },
      start: (form) => seedFromField(form, 'seed', seedValue, 'A board number is a whole number, such as 4821.', toast),
    },
    keys: [
      { key: 's', label: 'Same board again, from the start', run: () => sameBoard() },
      { key: 'h', label: 'Hints on or off', run: () => toggleHints() },
      { key: 'p', label: 'Pass (with the pass-once variant, while your pass is left)', run: () => pass() },
      {
        keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
        label: 'Move between cells (a lit cell shows what it hands over)',
        run: () => {
          // From outside the board, the arrows enter it on a lit cell.
          if (!board || !view()) return;
          const start = board.lit.has(board.focusName) ? board.focusName : [...board.lit][0] || cellName(...view().state.shuttle_rc);
          board.focusCell(start);
        },
      },
      { key: 'Enter', label: 'Take the focused cell' },
    ],
  });

  function makeBoard(size) {
    board = new BoardView({
      size,
      interactive: true,
      gauge: !!store.get('gauge'),
      label: `Warp & Weft board, ${size} by ${size}. Arrow keys move between cells, Enter plays.`,
      onPlay: (name) => frame.ctl.playMove(name),
      onPreview: (name) => preview(name),
      onReject: (name) => refused(name),
    });
    frame.boardBox.replaceChildren(board.svg);
  }

  /** Says why a cell cannot be taken now (the board has shaken it). */
  function refused(name) {
    const v = view();
    if (!v || v.result) return;
    const notNow = frame.notNow();
    if (notNow) {
      frame.refuse(null, notNow);
      return;
    }
    const [r, c] = parseCell(name) || [];
    const st = v.state;
    const line = lineOf(st.axis_to_move, st.shuttle_rc);
    const inLine = st.axis_to_move === 'weft' ? r === st.shuttle_rc[0] : c === st.shuttle_rc[1];
    const why = st.taken[r] && st.taken[r][c]
      ? `${name} is used already: take a lit cell in ${line}.`
      : inLine && st.blocking
        ? `${name} is behind a used cell, and slides cannot cross used cells in this variant: take a lit cell.`
        : `${name} is not in ${line}: take one of its lit cells.`;
    frame.refuse(null, why);
  }

  function lastMove(v) {
    const cells = v.history.filter((x) => x.move !== 'swap' && x.move !== 'pass').map((x) => parseCell(x.move)).filter(Boolean);
    if (!cells.length) return null;
    const n = v.state.size;
    const to = cells[cells.length - 1];
    const from = cells.length > 1 ? cells[cells.length - 2] : [(n - 1) / 2, (n - 1) / 2];
    return { from, to, axis: v.state.taken[to[0]][to[1]] };
  }

  /** Draws a view on the board and the game's cards (`before`: the view it replaces). */
  function show(v, before) {
    if (exactAsking && exactAsking.id !== v.id) stopAskingExact(); // the old match may be gone already
    if (!board || board.n !== v.state.size) makeBoard(v.state.size);
    movesByName = new Map();
    for (const m of v.moves || []) {
      const rc = m.info && m.info.cell ? m.info.cell : parseCell(m.move);
      movesByName.set(m.move === 'swap' || m.move === 'pass' || !rc ? m.move : cellName(rc[0], rc[1]), m.info || {});
    }
    // The values a slide has just changed (passover): the same match, one position on.
    const sameGame = before && before.id === v.id && valuesBefore && valuesBefore.length === v.state.size;
    const changed = sameGame ? changedCells(valuesBefore, v.state) : [];
    valuesBefore = v.state.grid.map((row) => [...row]);
    board.update(v.state, {
      lit: humanToMove() ? [...movesByName.keys()].filter((k) => k !== 'swap' && k !== 'pass') : [],
      last: lastMove(v),
      changed,
    });
    const last = v.history[v.history.length - 1];
    if (before && before.id === v.id && v.history.length > before.history.length && last.move === 'swap' && frame.vsComputer() && !frame.humanSeat(last.side)) {
      toast(`The computer swapped seats: it now plays Weft, and you play ${seatName(v.players.indexOf('human'))}.`);
    }
    hintCard.hidden = !!v.result;
    renderScores();
    preview(board.previewCandidate());
    askExact();
  }

  /** The unused cells whose value differs from `grid` (the position before), as names. */
  function changedCells(grid, st) {
    const out = [];
    st.grid.forEach((row, r) => row.forEach((x, c) => {
      if (!st.taken[r][c] && grid[r] && grid[r][c] !== x) out.push(cellName(r, c));
    }));
    return out;
  }

  /** The pass offer under the turn line: what passing hands over, and the button. */
  function passOffer(info) {
    const st = view().state;
    const opp = other(st.axis_to_move);
    const open = (info.open || []).length;
    const what = info.strands
      ? `${axisName(opp)} would then have nothing to take and no pass left: the game would end.`
      : `The shuttle stays; ${axisName(opp)} then moves along ${lineOf(opp, st.shuttle_rc)} (${open} open cell${open === 1 ? '' : 's'}).`;
    return h('div', { class: 'swap-offer pass-offer' },
      h('p', {}, `You may pass once a game. ${what}`),
      h('button', { class: 'btn', type: 'button', id: 'pass-btn', onclick: () => pass() }, 'Pass', h('kbd', {}, 'P')));
  }

  /** Plays the pass, if the server lists it among the legal moves now. */
  function pass() {
    const v = view();
    if (!v || v.result) return;
    const notNow = frame.notNow();
    if (notNow) {
      frame.refuse(null, notNow);
      return;
    }
    if (!movesByName.has('pass')) {
      const why = !v.state.pass_rule
        ? 'This game has no passes: turn on “Pass once” in the settings for the next game.'
        : 'Your pass is used already: each player may pass once a game.';
      frame.refuse(null, why);
      return;
    }
    frame.ctl.playMove('pass');
  }

  function renderScores() {
    const st = view().state;
    scoresCard.replaceChildren(...['weft', 'warp'].map((axis) => {
      const komi = axis === 'warp' && st.komi ? st.komi : 0;
      const toMove = !view().result && st.axis_to_move === axis;
      return h('div', { class: `score-row score-${axis}${toMove ? ' to-move' : ''}`, id: `score-${axis}` },
        swatch(axis),
        h('div', { class: 'score-who' },
          h('span', { class: 'score-side' }, axisName(axis), h('span', { class: 'score-dir' }, axis === 'weft' ? ' · rows' : ' · columns')),
          h('span', { class: 'score-player' }, frame.label(st.seats[axis]))),
        h('div', { class: 'score-num' },
          h('span', { class: 'score-total' }, fmtScore(st.scores[axis])),
          komi ? h('span', { class: 'score-komi' }, `${fmtScore(st.points[axis])} + ${fmtScore(komi)} komi`) : null,
          st.pass_rule ? h('span', { class: 'score-pass', id: `pass-${axis}` }, st.passed[axis] ? 'pass used' : 'pass left') : null));
    }));
  }

  function renderHint(info, name) {
    if (!view()) return;
    const st = view().state;
    const mover = st.axis_to_move;
    const opp = other(mover);
    const oppName = axisName(opp);
    if (!info || !info.cell) {
      const touch = matchMedia('(hover: none)').matches;
      const how = touch
        ? 'Tap a lit cell once to see'
        : 'Point at a lit cell, or move to it with the arrow keys, to see';
      const text = view().result
        ? 'The finished board shows who took each cell: red with stripes across for Weft, blue with stripes down for Warp.'
        : humanToMove()
          ? `${how} the line it hands over${hints ? ', the best reply to it and the net result' : ''}.${touch ? ' Tap it again to take it.' : ''}`
          : 'Waiting for the computer’s move.';
      const title = view().result ? 'The woven board' : hints ? 'Hints are on' : 'Preview';
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
    if (info.passes_over && info.passes_over.length && st.passover) {
      const d = signed(st.passover);
      rows.push(h('p', { class: 'hint-sub', id: 'hint-passover' },
        `It slides over ${info.passes_over.join(', ')}: ${info.passes_over.length === 1 ? 'that cell changes' : 'each changes'} by ${d}.`));
    }
    if (hints) {
      if (info.strands) {
        const f = info.final || {};
        const verdict = info.winner ? `${info.winner} would win` : 'It would be a draw';
        // The winner's score first, as the result says it ("Warp wins 91.5 to 83").
        const scores = f.weft !== undefined ? [f.weft, f.warp].sort((a, b) => b - a) : null;
        rows.push(h('p', { class: 'hint-strand', id: 'hint-strands' },
          h('strong', {}, `This strands ${oppName}.`), ` The game would end there: ${verdict}${scores ? ` ${fmtScore(scores[0])} to ${fmtScore(scores[1])}` : ''}.`));
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
    return exact && view() && exact.key === `${view().id}:${view().version}` ? exact : null;
  }

  /**
   * With hints on, asks the server's exact solver for every move's value
   * (it answers once the rest of the game can be solved in a moment; from
   * then on, at once). The hint panel then says what each move is worth.
   */
  async function askExact() {
    const v = view();
    if (!hints || !v || v.result || v.online || v.replay || !humanToMove()) return;
    const key = `${v.id}:${v.version}`;
    if (exactAsked === key) return;
    exactAsked = key;
    stopAskingExact();
    const asking = new AbortController();
    exactAsking = { id: v.id, asking };
    let answer;
    try {
      answer = await api(`/api/matches/${encodeURIComponent(v.id)}/solve?ms=1500`, { signal: asking.signal });
    } catch {
      return; // hints help; they are never in the way
    } finally {
      if (exactAsking && exactAsking.asking === asking) exactAsking = null;
    }
    if (!answer.solved || !view() || `${view().id}:${view().version}` !== key) return;
    const byName = new Map(answer.moves.map((m) => [parseCell(m.move) ? cellName(...parseCell(m.move)) : m.move, m]));
    exact = { key, byName, best: answer.moves[0] };
    preview(board.previewCandidate());
  }

  /** Drops the solver's answer on its way (another match is shown, or another position asked about). */
  function stopAskingExact() {
    if (exactAsking) exactAsking.asking.abort();
    exactAsking = null;
  }

  function preview(name) {
    if (!board || !view()) return;
    const info = name && humanToMove() ? movesByName.get(name) : null;
    board.setPreview(info || null, { hints, name });
    renderHint(info, name);
  }

  /** Move i of the history for the move list: Weft's in the first column, Warp's in the second, a swap across. */
  function moveEntry(i) {
    const v = view();
    const x = v.history[i];
    if (x.move === 'pass') {
      const axis = v.history.slice(0, i).filter((y) => y.move !== 'swap').length % 2 === 0 ? 'weft' : 'warp';
      const who = frame.vsComputer() ? (frame.humanSeat(x.side) ? 'You' : 'Computer') : axisName(axis);
      return {
        column: axis === 'weft' ? 0 : 1,
        node: h('li', { class: `mv mv-${axis} mv-pass` },
          swatch(axis),
          h('span', { class: 'visually-hidden' }, `${whoWithSide(who, axisName(axis))} `),
          h('span', { class: 'mv-cell' }, 'pass'),
          h('span', { class: 'mv-gain' }, '')),
      };
    }
    if (x.move === 'swap') {
      const who = frame.vsComputer() ? (frame.humanSeat(x.side) ? 'You' : 'The computer') : `Player ${x.side + 1}`;
      return { wide: true, node: h('li', { class: 'mv swap' }, h('span', { class: 'mv-text' }, `${who} swapped seats and took over Weft (pie rule).`)) };
    }
    const axis = v.history.slice(0, i).filter((y) => y.move !== 'swap').length % 2 === 0 ? 'weft' : 'warp';
    const rc = parseCell(x.move);
    const gain = rc ? v.state.grid[rc[0]][rc[1]] : null;
    const who = frame.vsComputer() ? (frame.humanSeat(x.side) ? 'You' : 'Computer') : axisName(axis);
    return {
      column: axis === 'weft' ? 0 : 1,
      node: h('li', { class: `mv mv-${axis}` },
        swatch(axis),
        h('span', { class: 'visually-hidden' }, `${whoWithSide(who, axisName(axis))} took `),
        h('span', { class: 'mv-cell' }, rc ? cellName(...rc) : x.move),
        h('span', { class: 'mv-gain' }, gain === null ? '' : signed(gain))),
    };
  }

  function facts() {
    const st = view().state;
    return [
      h('span', { id: 'board-number' }, st.board !== null && st.board !== undefined ? `Board ${st.board}` : 'Custom board'),
      h('span', {}, `${st.size} × ${st.size}`),
      h('span', {}, `komi ${fmtScore(st.komi)}`),
      st.pie ? h('span', {}, 'pie rule') : null,
      view().options && String(view().options.symmetric) === 'false' ? h('span', {}, 'asymmetric') : null,
      st.pass_rule ? h('span', {}, 'pass once') : null,
      st.passover ? h('span', {}, `passover ${signed(st.passover)}`) : null,
      st.blocking ? h('span', {}, 'blocking') : null,
    ];
  }

  /* ---------- Actions ---------- */

  const randomBoard = () => 1 + Math.floor(Math.random() * 999999);

  function seedValue(text) {
    const t = String(text || '').trim();
    if (!/^\d{1,20}$/.test(t)) return null;
    const n = Number(t);
    return Number.isSafeInteger(n) ? n : t;
  }

  function optionsFromSettings(seed, overrides = {}) {
    const st = store.all();
    const komi = Number(st.komi);
    return {
      seed,
      size: Number(overrides.size || st.size),
      komi: Number.isFinite(komi) ? komi : 4.5,
      pie: !!st.pie,
      symmetric: overrides.symmetric !== undefined ? overrides.symmetric : !!st.symmetric,
      pass: (overrides.pass !== undefined ? overrides.pass : !!st.pass) ? 'once' : 'off',
      passover: Number(overrides.passover ?? st.passover) || 0,
      blocking: overrides.blocking !== undefined ? overrides.blocking : !!st.blocking,
    };
  }

  /** The board of this match again, from the start, with the same players. */
  function sameBoard() {
    const v = view();
    if (frame.ctl.stayInOnlineGame()) return undefined;
    if (!v) return frame.newGame();
    const o = v.options || {};
    const st = v.state;
    const options = {
      seed: seedValue(st.board ?? o.seed) ?? randomBoard(),
      size: Number(st.size),
      komi: Number(st.komi),
      pie: !!st.pie,
      symmetric: String(o.symmetric ?? 'true') !== 'false',
      pass: st.pass_rule ? 'once' : 'off',
      passover: Number(st.passover) || 0,
      blocking: !!st.blocking,
    };
    return frame.ctl.startMatch(options, [...v.players]);
  }

  function toggleHints() {
    hints = !hints;
    store.set('hints', hints);
    hintsBtn.setAttribute('aria-pressed', String(hints));
    if (board) preview(board.previewCandidate());
    askExact();
    toast(hints ? 'Hints on' : 'Hints off', { timeout: 1400 });
  }

  /* ---------- Start: the address's match, or a board from the address or the settings ---------- */

  const overrides = {};
  if (sizeChoices.includes(params.get('size'))) overrides.size = params.get('size');
  if (params.get('symmetric') === 'false') overrides.symmetric = false;
  // The variants from the address too (?pass=once, ?passover=2, ?blocking=true), as a shared link gives them.
  if (params.get('pass') === 'once') overrides.pass = true;
  if (passoverChoices.includes(params.get('passover'))) overrides.passover = params.get('passover');
  if (params.get('blocking') === 'true') overrides.blocking = true;
  await frame.start({ seed: seedValue(params.get('seed')) ?? undefined, overrides });
}
