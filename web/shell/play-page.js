// The generic play page: find the game named in the path (/play/{slug}),
// load its own play module and hand it the page.
import { api } from './api.js';
import * as shell from './shell.js';

const root = document.getElementById('app');
const slug = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');

let game = null;

// The game's own module is fetched beside the list of games, not after it
// (the engine's worker was started by engine-boot.js, from the page's head).
const gameModule = slug ? import(`/static/games/${encodeURIComponent(slug)}/play.js`) : null;
gameModule?.catch(() => {}); // no such game: said below, from the list of games

/** Puts a message in place of the game; the top bar keeps the game's name. */
function message(title, text) {
  document.body.classList.remove('play-page');
  shell.mountTopbar({ title: game ? game.name : title });
  root.className = '';
  root.replaceChildren(shell.h('div', { class: 'play-message' },
    shell.h('h1', {}, title), shell.h('p', {}, text), shell.h('p', {}, shell.h('a', { href: '/' }, 'See all games'))));
}

try {
  const { games } = await api('/api/games');
  game = games.find((g) => g.slug === slug) || null;
  if (!game) {
    message('No such game', `Tabula has no game called “${slug}”.`);
  } else {
    document.title = `${game.name} — Tabula`;
    const mod = await gameModule;
    await mod.mount({ root, game, shell, api, params: new URLSearchParams(location.search) });
    // The page's heading, for screen readers: the top bar shows the name to the eye.
    root.prepend(shell.h('h1', { class: 'visually-hidden' }, `${game.name}: play`));
  }
} catch (err) {
  // Said once, on the page (no toast besides), as a sentence.
  message('This game could not start', shell.sentence(err && err.message ? err.message : 'Something went wrong.'));
} finally {
  root.removeAttribute('aria-busy');
}
