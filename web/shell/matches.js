// The list of games played: finished ones to replay, ongoing ones to go on
// with or watch, and importing records.
import { api, ApiError, seatOf } from './api.js';
import { h, mountTopbar, registerKeys, showKeys, showError, openDialog, toast, sentence } from './shell.js';
import { replayHref, recordLink, keepOnServer } from './session.js';
import { isCopy } from './study-copies.js';

const list = document.getElementById('match-list');
const more = document.getElementById('more-btn');
const filter = document.getElementById('game-filter');
const tabs = { finished: document.getElementById('tab-finished'), playing: document.getElementById('tab-playing') };

let games = [];
let status = new URLSearchParams(location.search).get('status') === 'playing' ? 'playing' : 'finished';
let cursor = null;
let loadToken = 0;
let highlight = new Set();

mountTopbar({
  title: 'Games played',
  actions: [
    { label: 'Import a record', icon: 'import', key: 'I', onClick: () => importDialog(), id: 'tb-import' },
    { label: 'Keys', icon: 'help', key: '?', onClick: () => showKeys(), id: 'tb-help' },
  ],
});
registerKeys([
  { key: 'f', label: 'Finished games', run: () => show('finished') },
  { key: 'g', label: 'Games in progress', run: () => show('playing') },
  { key: 'i', label: 'Import a record', run: () => importDialog() },
]);

const gameOf = (slug) => games.find((g) => g.slug === slug);

function playerName(m, seat) {
  if (m.names && m.names[seat]) return m.names[seat];
  const spec = m.players && m.players[seat];
  if (spec && spec !== 'human') {
    const g = gameOf(m.game);
    const lm = /^level:(.+)$/.exec(spec);
    const level = lm && g && g.levels.find((l) => l.key === lm[1]);
    return `Computer · ${level ? level.name : spec}`;
  }
  // A game this browser played against the computer was the person's own, as its page called them.
  if (m.local && m.players && m.players.some((p) => p !== 'human')) return 'You';
  return `Player ${seat + 1}`;
}

function when(ms) {
  if (!ms) return '';
  try {
    return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  }
}

function row(m) {
  const w = m.result ? m.result.winner : undefined;
  const player = (seat) => h('span', { class: `mr-player${w === seat ? ' winner' : ''}` },
    h('span', { class: 'mr-name' }, playerName(m, seat)),
    h('span', { class: 'mr-side' }, ` · ${m.sides[seat]}`));
  let outcome;
  if (!m.result) outcome = 'In progress';
  else if (w === null || w === undefined) outcome = 'A draw';
  else outcome = `${playerName(m, w)} won`;
  const facts = [outcome, `${m.plies} move${m.plies === 1 ? '' : 's'}`, when(m.finished_at || m.updated_at)].filter(Boolean).join(' · ');
  const mine = m.online && seatOf(m.id);
  const go = m.result
    ? h('a', { class: 'btn primary', href: replayHref(m.game, m.id) }, 'Replay')
    : h('a', { class: 'btn primary', href: `/play/${encodeURIComponent(m.game)}?match=${encodeURIComponent(m.id)}` }, m.online && !mine ? 'Watch' : 'Continue');
  const actions = [go];
  if (!m.result) actions.push(h('a', { class: 'btn', href: replayHref(m.game, m.id) }, 'Replay'));
  actions.push(recordLink(h('a', { class: 'btn', download: `tabula-${m.game}-${m.id}.txt`, title: 'Download the record' }, 'Record'), m.id));
  if (m.local) {
    actions.push(h('button', { class: 'btn', type: 'button', title: 'Send this game to the server, which checks it and keeps it', onclick: async () => {
      try {
        const id = await keepOnServer(m.id);
        highlight = new Set([id]);
        toast('The server checked the game and keeps it now.');
        show(status);
      } catch (err) {
        showError(err);
      }
    } }, 'Keep on server'));
  }
  if (!m.result && !m.online) {
    actions.push(h('button', { class: 'btn danger', type: 'button', title: 'Delete this unfinished game', onclick: () => deleteDialog(m) }, 'Delete'));
  }
  return h('li', { class: `match-row${highlight.has(m.id) ? ' fresh' : ''}`, 'data-id': m.id },
    h('div', { class: 'mr-main' },
      h('div', { class: 'mr-title' },
        h('span', { class: 'mr-game' }, m.game_name),
        m.online ? h('span', { class: 'chip' }, 'online') : null,
        m.imported ? h('span', { class: 'chip' }, 'imported') : null,
        m.local ? h('span', { class: 'chip', title: 'Played and kept in this browser' }, 'this browser') : null),
      h('div', { class: 'mr-players' }, player(0), h('span', { class: 'mr-vs' }, 'vs'), player(1)),
      h('div', { class: 'mr-facts' }, facts),
      m.result && m.result.reason ? h('div', { class: 'mr-reason' }, m.result.reason) : null),
    h('div', { class: 'mr-actions' }, ...actions));
}

/** Asks before deleting an abandoned game, then takes it off the list. */
function deleteDialog(m) {
  const body = h('p', {}, `Delete this unfinished game of ${m.game_name} (${playerName(m, 0)} against ${playerName(m, 1)}, `
    + `${m.plies} move${m.plies === 1 ? '' : 's'})? It cannot be brought back.`);
  openDialog({
    title: 'Delete this game?',
    body,
    id: 'delete-dialog',
    actions: [
      { label: 'Keep it' },
      {
        label: 'Delete',
        primary: true,
        run: async () => {
          try {
            await api(`/api/matches/${encodeURIComponent(m.id)}`, { method: 'DELETE' });
            list.querySelector(`.match-row[data-id="${CSS.escape(m.id)}"]`)?.remove();
            toast('The game was deleted.');
            if (!list.children.length) load();
          } catch (err) {
            showError(err);
          }
        },
      },
    ],
  });
}

async function load(append = false) {
  const my = ++loadToken;
  list.setAttribute('aria-busy', 'true');
  const q = new URLSearchParams({ status, limit: '20' });
  if (filter.value) q.set('game', filter.value);
  if (append && cursor !== null) q.set('before', String(cursor));
  try {
    const data = await api(`/api/matches?${q}`);
    if (my !== loadToken) return;
    if (!append) list.replaceChildren();
    // A game reopened for study shows once: as it was played.
    list.append(...data.matches.filter((m) => !isCopy(m.id)).map(row));
    cursor = data.next;
    more.hidden = data.next === null || data.next === undefined;
    if (!list.children.length) {
      list.append(h('li', { class: 'empty-note match-empty' }, status === 'finished'
        ? 'No finished games yet. Play one from the games page, or import a record.'
        : 'No games are under way.'));
    }
  } catch (err) {
    showError(err);
  } finally {
    if (my === loadToken) list.removeAttribute('aria-busy');
  }
}

function show(which) {
  status = which;
  for (const [k, b] of Object.entries(tabs)) b.setAttribute('aria-selected', String(k === which));
  const q = new URLSearchParams(location.search);
  if (which === 'playing') q.set('status', 'playing');
  else q.delete('status');
  history.replaceState(null, '', `/matches${q.toString() ? `?${q}` : ''}`);
  cursor = null;
  load();
}

function importDialog() {
  if (document.getElementById('import-dialog')) return;
  const text = h('textarea', { id: 'record-text', rows: '12', spellcheck: 'false', 'aria-label': 'Records', placeholder: '[Game "warp-weft"]\n[Result "1-0"]\n…\n\n1. d2 f1 2. c4 c1 … 1-0' });
  const file = h('input', { type: 'file', id: 'record-file', accept: '.txt,.pgn,.tgn,text/plain' });
  const error = h('div', { class: 'import-error', id: 'import-error', role: 'alert', hidden: true });
  file.addEventListener('change', async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    if (f.size > 256 * 1024) {
      error.hidden = false;
      error.textContent = 'That file is larger than 256 KB: import it with “tabula record import” instead.';
      return;
    }
    text.value = await f.text();
    error.hidden = true;
  });
  const body = h('div', { class: 'import-body' },
    h('p', { class: 'help' }, 'Paste one or more game records, or choose a file. Every record is checked against the rules; if one is broken, nothing is imported and the line that is wrong is shown.'),
    text,
    h('label', { class: 'file-pick' }, h('span', {}, 'Or read a file: '), file),
    error);
  openDialog({
    title: 'Import game records',
    body,
    id: 'import-dialog',
    wide: true,
    actions: [
      { label: 'Cancel' },
      {
        label: 'Import',
        primary: true,
        run: async () => {
          if (!text.value.trim()) {
            error.hidden = false;
            error.textContent = 'There is nothing to import yet: paste a record or choose a file.';
            return false;
          }
          let res;
          try {
            res = await fetch('/api/records', { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8', accept: 'application/json' }, body: text.value });
          } catch {
            showError(new ApiError(0, 'network', 'The Tabula server cannot be reached. Is it still running?'));
            return false;
          }
          const data = await res.json().catch(() => null);
          if (!res.ok) {
            error.hidden = false;
            error.replaceChildren(
              h('strong', {}, 'Nothing was imported. '),
              sentence((data && data.message) || `The server answered ${res.status}.`));
            return false;
          }
          const n = data.imported.length;
          highlight = new Set(data.imported.map((m) => m.id));
          toast(`Imported ${n} game${n === 1 ? '' : 's'}.`);
          show(data.imported.every((m) => m.result) ? 'finished' : status);
        },
      },
    ],
  });
  setTimeout(() => text.focus(), 0);
}

tabs.finished.addEventListener('click', () => show('finished'));
tabs.playing.addEventListener('click', () => show('playing'));
filter.addEventListener('change', () => {
  cursor = null;
  load();
});
more.addEventListener('click', () => load(true));

try {
  ({ games } = await api('/api/games'));
  for (const g of games) filter.append(h('option', { value: g.slug }, g.name));
  const wanted = new URLSearchParams(location.search).get('game');
  if (wanted && games.some((g) => g.slug === wanted)) filter.value = wanted;
} catch (err) {
  showError(err);
}
show(status);
