// The one way a Tabula page adds a stylesheet of its own: a <link> to a CSS
// file next to the module that needs it, added once however often it is
// asked for. Board modules await it at load (top-level await), so nothing is
// drawn before its style is there.

const loading = new Map(); // href → the promise of its load

/**
 * Adds the stylesheet at `href` to the page once and resolves when it has
 * loaded (or failed: a page without its extra style still works).
 * @param {string|URL} href  e.g. import.meta.resolve('./board.css')
 * @returns {Promise<void>}
 */
export function useStylesheet(href) {
  const url = new URL(String(href), location.href).pathname;
  if (!loading.has(url)) {
    loading.set(url, new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    }));
  }
  return loading.get(url);
}
