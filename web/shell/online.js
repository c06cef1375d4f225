// Online play on any game's play page: the invitation, taking the free seat,
// the live connection (a WebSocket that comes back by itself), who is
// connected, the clocks, resigning. The page itself keeps drawing the board
// from the views this module hands it.
import { api, ApiError, seatOf, rememberSeat } from './api.js';
import { h, toast, showError, openDialog, createStore, sentence } from './shell.js';
import { seatLabel, clockText, replayHref, recordHref } from './session.js';

const prefs = createStore('online', { name: '', clock: '5+3', side: 'first' });

const CLOCKS = [
  ['none', 'No clock'],
  ['3+2', '3 min + 2 s'],
  ['5+3', '5 min + 3 s'],
  ['10+5', '10 min + 5 s'],
  ['30+20', '30 min + 20 s'],
];

function radios(name, current, choices) {
  return h('div', { class: 'segmented', role: 'radiogroup' },
    ...choices.map(([value, label]) => h('label', {},
      h('input', { type: 'radio', name, value, checked: String(current) === String(value) }), label)));
}

function nameField(value) {
  return h('label', { class: 'field' },
    h('span', { class: 'field-label' }, 'Your name'),
    h('input', { type: 'text', name: 'name', maxlength: '40', value: value || '', placeholder: 'Shown to your opponent', autocomplete: 'nickname' }),
    h('span', { class: 'help' }, 'Optional. Up to 40 characters.'));
}

/**
 * The "play a friend online" dialog: name, side and clock; creates the match
 * (from the game's options, or from a position) and goes to it, after
 * `leaving()` (the page lets go of its own match) has settled.
 */
export function inviteDialog({ game, options = {}, position = null, seat = null, leaving = null }) {
  if (document.getElementById('invite-dialog')) return;
  const side = seat === 0 ? 'first' : seat === 1 ? 'second' : prefs.get('side');
  const form = h('form', { class: 'invite-form', onsubmit: (e) => e.preventDefault() },
    nameField(prefs.get('name')),
    h('fieldset', {}, h('legend', {}, 'You play'), radios('side', side, [
      ['first', `${game.sides[0]} (moves first)`], ['second', game.sides[1]], ['random', 'Either, by lot']])),
    h('fieldset', {}, h('legend', {}, 'Clock'), radios('clock', prefs.get('clock'), CLOCKS),
      h('span', { class: 'help' }, 'The server keeps the time: whoever runs out loses. The clock starts when your friend arrives.')),
    h('p', { class: 'help invite-what' }, position
      ? 'The game starts from the position on the board now.'
      : `${game.name}, with your current settings${describe(options)}.`));
  openDialog({
    title: 'Play a friend online',
    body: form,
    id: 'invite-dialog',
    actions: [
      { label: 'Cancel' },
      {
        label: 'Create the match',
        primary: true,
        run: async () => {
          const f = form.elements;
          const name = f.name.value.trim();
          let chosen = f.side.value === 'second' ? 1 : f.side.value === 'random' ? Math.floor(Math.random() * 2) : 0;
          const clock = f.clock.value;
          prefs.update({ name, clock, side: f.side.value });
          const online = { seat: chosen, name: name || undefined };
          if (clock !== 'none') {
            const [mins, inc] = clock.split('+').map(Number);
            online.clock = { initial: mins * 60, increment: inc };
          }
          const body = { game: game.slug, options, players: ['human', 'human'], online };
          if (position) body.position = position;
          try {
            const v = await api('/api/matches', { method: 'POST', body });
            rememberSeat(v.id, { seat: v.credentials.seat, token: v.credentials.token, invite: v.credentials.invite });
            if (leaving) await leaving();
            location.assign(`/play/${encodeURIComponent(game.slug)}?match=${encodeURIComponent(v.id)}`);
          } catch (err) {
            showError(err);
            return false;
          }
        },
      },
    ],
  });
}

function describe(options) {
  const parts = Object.entries(options || {}).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => `${k} ${v}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * Someone opened an invitation: offer the free seat. Resolves to the view
 * after joining, or null to watch.
 */
export function askToJoin({ game, view, invite }) {
  return new Promise((resolve) => {
    const free = view.online.joined.indexOf(false);
    if (free < 0 || view.result) {
      toast('Both seats of this match are taken: you are watching it.');
      resolve(null);
      return;
    }
    const host = view.names[1 - free];
    const clock = view.online.clock ? ` with a clock of ${clockText(view.online.clock)}` : '';
    const form = h('form', { class: 'invite-form', onsubmit: (e) => e.preventDefault() },
      h('p', {}, `${host || 'A friend'} invites you to a game of ${game.name}${clock}. You would play ${game.sides[free]}${free === 0 ? ', who moves first' : ''}.`),
      nameField(prefs.get('name')));
    let done = false;
    const finish = (v) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    openDialog({
      title: 'Join the match',
      body: form,
      id: 'join-dialog',
      onClose: () => finish(null),
      actions: [
        { label: 'Just watch', run: () => finish(null) },
        {
          label: 'Take the seat',
          primary: true,
          run: async () => {
            const name = form.elements.name.value.trim();
            prefs.set('name', name);
            try {
              const v = await api(`/api/matches/${encodeURIComponent(view.id)}/join`, { method: 'POST', body: { invite, name: name || undefined } });
              rememberSeat(view.id, { seat: v.credentials.seat, token: v.credentials.token });
              delete v.credentials;
              finish(v);
            } catch (err) {
              if (err instanceof ApiError && err.status === 409) toast('Someone has already taken that seat: you are watching the match.');
              else if (err instanceof ApiError && err.status === 403) toast('That invitation is not valid: you are watching the match.', { error: true });
              else showError(err);
              finish(null);
            }
          },
        },
      ],
    });
  });
}

/** How long a seat just taken counts as connecting rather than disconnected: the joiner's page opens its live connection right after joining. */
const JOIN_GRACE_MS = 10000;

function fmtClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.ceil(t / 1000);
  const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` : `${m}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Plays or watches an online match: a card at the top of the side panel, and
 * every new view from the server handed to `render`.
 */
export function startOnline({ game, view, panel, render, root }) {
  const id = view.id;
  let latest = view;
  let receivedAt = performance.now();
  let closed = false;
  let ws = null;
  let retry = 0;
  let retryTimer = null;
  let connection = 'connecting';
  let lastStatus = '';
  const joinedAt = [null, null]; // when this page saw each seat taken, for the moment before the joiner's page connects

  const card = h('section', { class: 'card online-card', id: 'online', 'aria-label': 'Online match' });
  panel.prepend(card);
  root.classList.add('online-mode');

  const label = (seat) => seatLabel(latest, seat, { levels: game.levels || [] });
  const mySeat = () => (latest.online && Number.isInteger(latest.online.seat) ? latest.online.seat : null);

  function left(seat) {
    const c = latest.online && latest.online.clock;
    if (!c) return null;
    const running = c.running === seat && !latest.result;
    return c.remaining[seat] - (running ? performance.now() - receivedAt : 0);
  }

  function statusText() {
    const me = mySeat();
    const o = latest.online;
    if (connection === 'reconnecting') return ['warn', 'The connection was lost. Reconnecting…'];
    if (connection === 'connecting') return ['', 'Connecting…'];
    if (latest.result) return ['', 'The game is over.'];
    if (me === null) return ['', 'You are watching. Only the two players can move.'];
    const opp = 1 - me;
    if (!o.joined[opp]) return ['', 'Waiting for your friend to open the invitation.'];
    if (!o.connected[opp] && joinedAt[opp] !== null && performance.now() - joinedAt[opp] < JOIN_GRACE_MS) {
      return ['', `${label(opp)} has joined. Waiting for their page to connect…`];
    }
    if (!o.connected[opp]) return ['warn', awayText(opp)];
    // "Your opponent" reads "your opponent" inside a sentence.
    const who = label(opp).replace(/^Your opponent$/, 'your opponent');
    return latest.can_move ? ['', 'Your move.'] : ['', `Waiting for ${who} to move.`];
  }

  /**
   * What happens while the opponent is away. The server keeps the clocks
   * whoever is connected (crates/server/src/clock.rs: only a move, the end or
   * a resignation stops them), so a dropped player's time runs on their turn.
   */
  function awayText(opp) {
    const who = label(opp);
    const clock = latest.online.clock;
    if (!clock) return `${who} is disconnected. There is no clock, so the game waits for them to come back.`;
    if (clock.running === opp) return `${who} is disconnected, and their clock is running: if it runs out before they are back, they lose.`;
    return `${who} is disconnected. Their clock will run on their turn, whether they are back or not.`;
  }

  function seatRow(seat) {
    const o = latest.online;
    const me = mySeat() === seat;
    const toMove = !latest.result && latest.side_to_move === seat;
    const presence = !o.joined[seat] ? 'empty' : o.connected[seat] ? 'on' : 'off';
    const presenceText = { empty: 'seat free', on: 'connected', off: 'disconnected' }[presence];
    const ms = left(seat);
    return h('li', { class: `seat${toMove ? ' to-move' : ''}${me ? ' me' : ''}`, id: `seat-${seat}` },
      h('span', { class: `presence ${presence}`, title: presenceText, role: 'img', 'aria-label': presenceText }),
      h('span', { class: 'seat-who' },
        h('span', { class: 'seat-name' }, o.joined[seat] ? label(seat) : 'Free seat'),
        h('span', { class: 'seat-side' }, `· ${game.sides[seat]}${seat === 0 ? ', moves first' : ''}`)),
      ms === null ? null : h('span', { class: `seat-clock${toMove && o.clock.running === seat ? ' running' : ''}${ms < 20000 ? ' low' : ''}`, 'data-seat': seat }, fmtClock(ms)));
  }

  function inviteBox() {
    const me = mySeat();
    if (me === null || latest.result || latest.online.joined[1 - me]) return null;
    const seat = seatOf(id);
    if (!seat || !seat.invite) return null;
    const link = `${location.origin}/play/${encodeURIComponent(latest.game)}?match=${encodeURIComponent(id)}&invite=${seat.invite}`;
    const input = h('input', { type: 'text', id: 'invite-link', readonly: true, value: link, 'aria-label': 'Invitation link', onfocus: (e) => e.target.select() });
    const copy = h('button', { class: 'btn', type: 'button', id: 'copy-invite', onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast('The invitation link is copied.');
      } catch {
        input.focus();
        input.select();
        toast('Select the link and copy it (Ctrl+C).');
      }
    } }, 'Copy');
    return h('div', { class: 'invite-box' },
      h('span', { class: 'field-label' }, 'Send this link to your friend'),
      h('div', { class: 'invite-row' }, input, copy),
      h('span', { class: 'help' }, 'Whoever opens it first takes the other seat.'));
  }

  function actions() {
    const me = mySeat();
    const out = [];
    if (latest.result) {
      out.push(h('a', { class: 'btn small', href: replayHref(latest.game, id), id: 'online-replay' }, 'Replay'));
      out.push(h('a', { class: 'btn small', href: recordHref(id), download: `tabula-${latest.game}-${id}.txt` }, 'Record'));
    } else if (me !== null) {
      out.push(h('button', { class: 'btn small', type: 'button', id: 'resign-btn', onclick: () => resign() }, 'Resign'));
    }
    return out.length ? h('div', { class: 'online-actions' }, ...out) : null;
  }

  function renderCard() {
    if (closed) return;
    const [tone, text] = statusText();
    const live = { live: 'Live', connecting: 'Connecting', reconnecting: 'Offline' }[connection];
    // "Your move." is the status card's to say: the line under the seats then stays out of the way of the move list.
    const plain = text === 'Your move.';
    const parts = [
      h('div', { class: 'online-head' },
        h('h2', {}, 'Online match'),
        latest.online.clock ? h('span', { class: 'clock-kind' }, clockText(latest.online.clock)) : null,
        h('span', { class: `live-chip ${connection}`, id: 'live-chip' }, h('span', { class: 'dot', 'aria-hidden': 'true' }), live),
        actions()),
      h('ul', { class: 'seats', 'aria-label': 'Players' }, seatRow(0), seatRow(1)),
      h('p', { class: `online-status ${tone}${plain ? ' visually-hidden' : ''}`, id: 'online-status', role: 'status' }, text),
      inviteBox(),
    ];
    card.replaceChildren(...parts.filter(Boolean));
    lastStatus = text;
  }

  function renderClocks() {
    if (closed || !latest.online.clock) return;
    for (const el of card.querySelectorAll('.seat-clock')) {
      const seat = Number(el.dataset.seat);
      const ms = left(seat);
      el.textContent = fmtClock(ms);
      el.classList.toggle('low', ms < 20000);
    }
  }

  function onView(v) {
    if (closed || v.id !== id) return;
    if (v.version < latest.version) return;
    for (const seat of [0, 1]) {
      if (!latest.online.joined[seat] && v.online.joined[seat]) {
        joinedAt[seat] = performance.now();
        // Past the grace, a joiner who never connected is said to be away.
        setTimeout(renderCard, JOIN_GRACE_MS + 50);
      }
      // Once connected, a player who drops out is away at once.
      if (v.online.connected[seat]) joinedAt[seat] = null;
    }
    latest = v;
    receivedAt = performance.now();
    renderCard();
    render(v);
  }

  function setConnection(state) {
    if (connection === state) return;
    connection = state;
    renderCard();
  }

  function connect() {
    if (closed) return;
    retryTimer = null;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${proto}//${location.host}/api/matches/${encodeURIComponent(id)}/live`);
    ws = socket;
    socket.onopen = () => {
      const seat = seatOf(id);
      socket.send(JSON.stringify({ type: 'hello', token: seat ? seat.token : null }));
    };
    socket.onmessage = (e) => {
      let m;
      try {
        m = JSON.parse(e.data);
      } catch {
        return;
      }
      if (m.type === 'view') {
        retry = 0;
        setConnection('live');
        onView(m.view);
      } else if (m.type === 'error') {
        if (m.error === 'forbidden' && connection !== 'live') {
          // This browser's token is not (any more) a seat of this match: watch instead.
          rememberSeat(id, null);
        } else {
          toast(sentence(m.message), { error: true });
        }
      }
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      if (closed) return;
      setConnection('reconnecting');
      const wait = Math.min(5000, 300 * 2 ** retry);
      retry += 1;
      retryTimer = setTimeout(connect, wait);
    };
  }

  function reconnectNow() {
    if (closed || ws || document.visibilityState !== 'visible') return;
    if (retryTimer) clearTimeout(retryTimer);
    connect();
  }

  function resign() {
    if (document.getElementById('resign-dialog')) return;
    const opp = 1 - mySeat();
    openDialog({
      title: 'Resign this game?',
      body: h('p', {}, `${latest.online.joined[opp] ? label(opp) : 'Your opponent'} will win. This cannot be undone.`),
      id: 'resign-dialog',
      actions: [
        { label: 'Keep playing' },
        {
          label: 'Resign',
          primary: true,
          run: async () => {
            try {
              onView(await api(`/api/matches/${encodeURIComponent(id)}/resign`, { method: 'POST', body: {} }));
            } catch (err) {
              showError(err);
            }
          },
        },
      ],
    });
  }

  const clockTimer = setInterval(renderClocks, 200);
  document.addEventListener('visibilitychange', reconnectNow);
  window.addEventListener('online', reconnectNow);
  renderCard();
  connect();

  return {
    kind: 'online',
    view,
    get latest() {
      return latest;
    },
    get status() {
      return lastStatus;
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(clockTimer);
      if (retryTimer) clearTimeout(retryTimer);
      document.removeEventListener('visibilitychange', reconnectNow);
      window.removeEventListener('online', reconnectNow);
      if (ws) ws.close();
      ws = null;
      card.remove();
      root.classList.remove('online-mode');
    },
  };
}
