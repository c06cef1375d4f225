// Study copies: a finished game reopened to go through it again (Piracy's
// "1 then 3" analysis, between two people) is a match of its own, made from
// the original's moves. This browser remembers which matches are such copies
// and of which game, so that the games list shows the game once (the
// original, as it was played), a reload of a copy comes back to the study,
// and reopening the same game again goes to its copy instead of a new one.

const KEY = 'tabula.study-copies';
/** The most copies remembered; the oldest are forgotten first. */
const MAX_COPIES = 100;

function all() {
  try {
    const map = JSON.parse(localStorage.getItem(KEY) || '{}');
    return map && typeof map === 'object' && !Array.isArray(map) ? map : {};
  } catch {
    return {};
  }
}

/** Remembers that match `copy` is a study copy of match `original`. */
export function rememberCopy(copy, original) {
  const entries = Object.entries(all()).filter(([id]) => id !== copy);
  entries.push([copy, String(original)]);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(-MAX_COPIES))));
  } catch {
    /* private mode: the copy is only known while the page is open */
  }
}

/** Whether match `id` is a study copy made in this browser. */
export function isCopy(id) {
  return Object.prototype.hasOwnProperty.call(all(), id);
}

/** The study copy of match `original` made in this browser, if any (the newest). */
export function copyOf(original) {
  const found = Object.entries(all()).filter(([, of]) => of === original);
  return found.length ? found[found.length - 1][0] : null;
}

/** Forgets study copy `id` (it was deleted, or turned out not to exist). */
export function forgetCopy(id) {
  const map = all();
  if (!(id in map)) return;
  delete map[id];
  try {
    localStorage.setItem(KEY, JSON.stringify(map));
  } catch {
    /* nothing kept to forget */
  }
}
