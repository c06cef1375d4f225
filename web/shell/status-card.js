// The status card of a play page: whose turn it is and what to do, or the
// result banner (who won and why, with "New game" and "Replay" next to it).
// The words are the same for every game; each game gives its side names, its
// swatches and the line that tells the player what to do on its board.
import { h } from './shell.js';
import { replayHref } from './session.js';
import { inSentence } from './match-controller.js';

/** The engine in the browser's last report, as words ('' when it is stale). */
let lastReport = { text: '', at: 0 };

/** "Depth 7 · 1.2 M positions/s · best d4", or "3,400 playouts · best c1-b1". */
function progressText(p) {
  const parts = [];
  const perSecond = p.ms > 0 ? (p.nodes * 1000) / p.ms : 0;
  const rate = perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(1)} M` : perSecond >= 1e3 ? `${Math.round(perSecond / 1e3)} k` : String(Math.round(perSecond));
  if (p.playouts) parts.push(`${p.nodes.toLocaleString('en')} playouts`, `${rate}/s`);
  else parts.push(`Depth ${p.depth}`, `${rate} positions/s`);
  if (p.best) parts.push(`best ${p.best}`);
  return parts.join(' · ');
}

if (typeof window !== 'undefined') {
  window.addEventListener('tabula:thinking', (event) => {
    lastReport = { text: progressText(event.detail), at: performance.now() };
    const el = document.getElementById('engine-progress');
    if (el) el.textContent = lastReport.text;
  });
}

/** A spinner and a sentence: the computer is at work (with what it found so far, when it says). */
function thinkingLine(text = 'The computer is thinking…') {
  const fresh = performance.now() - lastReport.at < 1000 ? lastReport.text : '';
  return h('span', { class: 'thinking', id: 'thinking' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text,
    h('span', { class: 'engine-progress', id: 'engine-progress', 'aria-hidden': 'true' }, fresh));
}

/**
 * The result banner of a finished match.
 * @param {object} o
 * @param {object} o.view  the finished match's view
 * @param {string} o.slug  the game, for the replay link
 * @param {string} o.headline  "You win!", "Ink wins", "A draw"
 * @param {(seat: number) => Element} o.swatch
 * @param {string} [o.winClass]  e.g. "win-weft", for the banner's colour
 * @param {Node[]} o.actions  the buttons between "New game" and "Replay"
 * @param {Node} o.newGame  the "New game" button
 * @param {string} [o.replayLabel='Replay']
 */
export function resultBanner({ view, slug, headline, swatch, winClass, actions, newGame, replayLabel = 'Replay' }) {
  const w = view.result.winner;
  const won = w !== null && w !== undefined;
  return h('div', { class: `result-banner${winClass ? ` ${winClass}` : ''}`, id: 'result', role: 'status' },
    h('div', { class: 'result-head' }, won ? swatch(w) : null, h('strong', {}, headline)),
    h('p', { class: 'result-reason' }, (view.result.reason || '').replace(/(^|[\s(–])-(\d)/g, '$1−$2')),
    h('div', { class: 'result-actions' }, newGame, ...actions,
      view.replay ? null : h('a', {
        class: 'btn', href: replayHref(slug, view.id), id: 'replay-link',
        title: 'Step through the game move by move, with the engine’s view of it',
      }, replayLabel)));
}

/**
 * Who is to move and what happens now, for a match that goes on.
 * @param {object} o
 * @param {object} o.view
 * @param {number} o.mover  the seat to move
 * @param {string} o.side  the mover's side name ("Ink")
 * @param {Element} o.swatch  the mover's swatch
 * @param {string} [o.sideClass]  e.g. "turn-ink"
 * @param {boolean} o.thinking  the computer is thinking
 * @param {boolean} o.animating  the board still shows the last move arriving
 * @param {string} o.lastSide  the side name of the last move's player
 * @param {boolean} o.here  a person at this screen moves now
 * @param {boolean} o.personal  this screen has one player ("Your move"), not two on one screen
 * @param {(seat: number) => string} o.label  a seat's player ("Your opponent", "Ann")
 * @param {() => (Node|string)} o.detail  the game's line for the person to move
 * @param {string} [o.thinkingText]
 * @param {string} [o.yourMove='Your move']
 */
export function turnLine(o) {
  const { view, mover, side } = o;
  const watching = view.online && (view.online.seat === null || view.online.seat === undefined);
  let who = `${side} to move`;
  let detail;
  if (o.thinking) detail = thinkingLine(o.thinkingText);
  else if (o.animating) detail = h('span', { class: 'moving', id: 'moving' }, `${o.lastSide} moves…`);
  else if (view.replay) detail = `The position after move ${view.replay.ply} of ${view.replay.plies}.`;
  else if (view.online && !view.can_move) detail = watching ? 'You are watching this game.' : `Waiting for ${inSentence(o.label(mover))}.`;
  else if (view.can_move === false) detail = 'Waiting for the other player.';
  else {
    if (o.personal) who = o.yourMove || 'Your move';
    detail = o.detail();
  }
  return h('div', { class: `turn ${o.sideClass || ''}`.trim() }, o.swatch,
    h('div', {}, h('strong', { class: 'turn-who' }, who), h('div', { class: 'turn-detail', id: 'turn-detail' }, detail)));
}

