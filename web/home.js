// The portal home: one card per game in the catalog, each with a live
// drawing of its start position made by the game's own board module.
import { api } from '/static/shell/api.js';
import { h, mountTopbar, showKeys, registerKeys, showError } from '/static/shell/shell.js';

mountTopbar({ actions: [
  { label: 'Games played', icon: 'archive', href: '/matches', id: 'tb-matches' },
  { label: 'Keys', icon: 'help', onClick: showKeys, key: '?' },
] });
registerKeys([]);

const list = document.getElementById('games');

async function boardModule(slug) {
  try {
    return await import(`/static/games/${slug}/board.js`);
  } catch {
    return null;
  }
}

function card(game, mod) {
  const art = h('a', { class: 'art', href: `/play/${game.slug}`, tabindex: '-1', 'aria-hidden': 'true' });
  if (mod && mod.drawStart && game.start) {
    try {
      art.append(mod.drawStart(game.start, game.start_moves || []));
    } catch (err) {
      console.warn(`No drawing for ${game.slug}:`, err);
    }
  }
  const sides = h('span', { class: 'sides' });
  game.sides.forEach((name, i) => {
    if (i) sides.append(h('span', { 'aria-hidden': 'true' }, 'vs'));
    sides.append(h('span', { class: 'side-name' }, mod && mod.swatch ? mod.swatch(i) : null, name));
  });
  return h('li', { class: 'game-card', 'data-slug': game.slug },
    art,
    h('div', { class: 'body' },
      h('h2', {}, h('a', { href: `/play/${game.slug}` }, game.name)),
      h('p', { class: 'tagline' }, game.tagline),
      h('div', { class: 'meta' }, h('span', { class: 'chip' }, game.category), sides),
      h('div', { class: 'actions' },
        h('a', { class: 'btn primary', href: `/play/${game.slug}` }, 'Play'),
        h('a', { class: 'btn', href: `/rules/${game.slug}` }, 'Rules'))));
}

try {
  const { games } = await api('/api/games');
  const modules = await Promise.all(games.map((g) => boardModule(g.slug)));
  list.replaceChildren(...games.map((g, i) => card(g, modules[i])));
  if (!games.length) list.replaceWith(h('p', { class: 'empty-note' }, 'No games are installed yet.'));
} catch (err) {
  list.replaceWith(h('p', { class: 'empty-note' }, 'The list of games could not be loaded. ', err.message || ''));
  showError(err);
} finally {
  list.removeAttribute('aria-busy');
}
