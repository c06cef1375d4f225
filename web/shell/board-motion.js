// When a board has finished moving: every play page's board animates a move
// (CSS transitions, or the Web Animations a board starts itself), and the
// frame waits for the end before the status says "Your move" (UI.md: the
// status never runs ahead of the board).

/**
 * Resolves once the animations running inside `el` have ended (CSS
 * transitions set off by the redraw count: asking for them brings the style
 * up to date). Endless ones (a pulsing ring) are not waited for, and a page
 * in the background, whose animations may not run, waits `atMost` ms at most.
 * @param {Element} el
 * @param {{atMost?: number}} [o]
 * @returns {Promise<void>}
 */
export function motionSettled(el, { atMost = 1500 } = {}) {
  const ended = (async () => {
    await null;
    for (;;) {
      const running = el.getAnimations({ subtree: true }).filter((a) => {
        const t = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
        return a.playState !== 'finished' && a.playState !== 'idle' && (!t || Number.isFinite(t.endTime));
      });
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => {})));
    }
  })();
  return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, atMost))]);
}
