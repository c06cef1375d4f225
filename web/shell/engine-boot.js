// Starts the engine while the play page is still being read: a plain
// (classic) script near the top of the page's head, so that it runs as soon
// as the parser reaches it, before any module has loaded. It starts
// compiling the engine's WebAssembly module (from the browser's cache on a
// later visit) and starts the engine's worker, which takes tens of
// milliseconds to come up: both happen while the page's modules load.
// engine.js takes them over when it loads (the handover is
// `window.tabulaEngineBoot`: {worker, compiled, error}); until then an error
// of the worker is kept for it. Nothing here plays or answers anything.
//
// Does nothing where the browser's engine is not to be used (no engine
// built, no WebAssembly or workers, or the player chose the server in the
// settings); engine.js then decides as it always did.
(function boot() {
  const meta = document.querySelector('meta[name="tabula-engine"]');
  if (!meta || !meta.content || !meta.dataset.wasm || !meta.dataset.worker) return;
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.compileStreaming !== 'function' || typeof Worker !== 'function') return;
  try {
    if ((JSON.parse(localStorage.getItem('tabula.site') || '{}') || {}).engine === 'server') return;
  } catch {
    // No storage, or a broken entry: the settings are the defaults.
  }
  let worker;
  try {
    worker = new Worker(meta.dataset.worker, { type: 'module', name: 'tabula-engine' });
  } catch {
    return;
  }
  const booted = { worker, compiled: WebAssembly.compileStreaming(fetch(meta.dataset.wasm)), error: null };
  booted.compiled.catch(() => {}); // engine.js hears of a failure when it takes the module over
  booted.onError = (event) => {
    event.preventDefault();
    booted.error = event.message || 'an error';
  };
  worker.addEventListener('error', booted.onError);
  window.tabulaEngineBoot = booted;
})();
