// The rules dialog every play page opens with F1: the game's own rules page,
// fetched and shown in place with its diagrams, or a short summary of the
// rules when the page cannot be loaded.
import { h, openDialog } from './shell.js';
import { useStylesheet } from './stylesheet.js';

/**
 * Opens the rules of a game in a dialog (once: a second call while it is open does nothing).
 * `summary` is the fallback text; `diagrams` loads the game's module that draws the
 * rules page's diagrams (its `drawDiagrams(root)`).
 */
export async function openRulesDialog({ slug, name, summary, diagrams }) {
  if (document.getElementById('rules-dialog')) return;
  const body = h('div', { class: 'prose' }, h('p', {}, 'Loading the rules…'));
  openDialog({ title: `Rules of ${name}`, body, wide: true, className: 'rules-dialog', id: 'rules-dialog' });
  try {
    const res = await fetch(`/rules/${slug}`);
    if (!res.ok) throw new Error(`The rules page answered ${res.status}.`);
    const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    const article = doc.querySelector('article');
    if (!article) throw new Error('The rules page has no rules in it.');
    article.querySelector('h1')?.remove();
    // The rules page's own stylesheets (its tables, its notes) come along with its prose.
    const sheets = [...doc.querySelectorAll('head link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
    await Promise.all(sheets.filter((href) => href.startsWith('/static/games/')).map(useStylesheet));
    const nodes = [...article.childNodes].map((n) => document.importNode(n, true));
    body.replaceChildren(
      h('p', { class: 'note' }, 'Also on its own page: ',
        h('a', { href: `/rules/${slug}`, target: '_blank', rel: 'noopener' }, `the full rules of ${name}`), '.'),
      ...nodes);
    if (diagrams) (await diagrams()).drawDiagrams(body);
  } catch (err) {
    body.replaceChildren(h('p', {}, summary), h('p', {}, h('a', { href: `/rules/${slug}` }, 'Open the full rules page')));
    console.warn('Rules dialog:', err);
  }
}
