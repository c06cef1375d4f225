// Asks the browser to keep the portal's offline copy (service-worker.js,
// served at /service-worker.js so that it covers every page). Once a page of
// the portal has been opened, the portal opens again without the network,
// and games against the computer or at one screen go on in the browser.

import { STATIC_COPY } from './api.js';

let asked = false;

/**
 * Registers the portal's service worker, once per page; a browser without
 * one just goes on. It is registered once the page has loaded and the
 * browser is idle: a new worker fetches every file of the portal (the
 * engine's module too), which must not slow the page's own start.
 */
export function keepOfflineCopy() {
  if (asked || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  // A static copy (`tabula site`) has no worker script of the server's to register.
  if (STATIC_COPY) return;
  asked = true;
  const register = () => navigator.serviceWorker.register('/service-worker.js').catch((err) => {
    console.warn('The portal could not keep an offline copy:', err && err.message);
  });
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 2000 }) : setTimeout(register, 500));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
