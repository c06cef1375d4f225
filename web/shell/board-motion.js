// When a board has finished moving: every play page's board animates a move
// (CSS transitions, or the Web Animations a board starts itself), and the
// frame waits for the end before the status says "Your move" (UI.md: the
// status never runs ahead of the board).

/**
 * Resolves once the animations running inside `el` have ended: those that
 * have started by the next frame (so CSS transitions set off by the redraw
 * count). Endless ones (a pulsing ring) are not waited for.
 * @param {Element} el
 * @returns {Promise<void>}
 */
export async function motionSettled(el) {
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  for (;;) {
    const running = el.getAnimations({ subtree: true }).filter((a) => {
      const t = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
      return a.playState !== 'finished' && a.playState !== 'idle' && (!t || Number.isFinite(t.endTime));
    });
    if (!running.length) return;
    await Promise.all(running.map((a) => a.finished.catch(() => {})));
  }
}
