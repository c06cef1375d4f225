// The one module of every rules page (and of the rules dialog's diagrams):
// the top bar, the keys, and the diagrams, each drawn from positions the
// server worked out.
import { h, mountTopbar, registerKeys, showKeys } from './shell.js';

/** Sets up a rules page: its top bar and keys, then its diagrams from the game's `rules.js`. */
export async function mountRulesPage({ slug, name }) {
  mountTopbar({
    title: `${name} · Rules`,
    actions: [
      { label: 'Play', icon: 'play', href: `/play/${slug}` },
      { label: 'Keys', icon: 'help', key: '?', onClick: showKeys },
    ],
  });
  registerKeys([]);
  const { drawDiagrams } = await import(`/static/games/${slug}/rules.js`);
  await drawDiagrams(document);
  // Every diagram is in place (for tests, and anyone who waits for the page to settle).
  document.body.dataset.diagrams = 'drawn';
}

/**
 * Fills every `.diagram[data-diagram]` element under `root` with what the
 * matching function of `table` draws (it may be async); a diagram that
 * cannot be drawn says so in its place.
 */
export async function fillDiagrams(root, table) {
  const slots = [...root.querySelectorAll('.diagram[data-diagram]')].filter((el) => table[el.dataset.diagram]);
  await Promise.all(slots.map(async (el) => {
    try {
      el.replaceChildren(await table[el.dataset.diagram]());
    } catch (err) {
      el.replaceChildren(h('p', { class: 'note' }, `This diagram could not be drawn: ${err.message}`));
    }
  }));
}
