// The play pages' sounds, made on the spot with Web Audio: no files to fetch.
// Each page gives its move tick its own voice; Piracy builds its cannon on the
// same AudioContext.

let context = null;

/**
 * The page's one AudioContext, made at the first sound (browsers let it play
 * only after the player has interacted with the page, which a move is).
 * Throws where there is no Web Audio: callers stay quiet then.
 */
export function audioContext() {
  context = context || new AudioContext();
  return context;
}

/**
 * Makes the tick a page plays for every move while its `sound` setting (in
 * `store`) is on: one short tone whose pitch falls from `from` to `to` Hz in
 * `fall` seconds, rising to `peak` gain in `attack` seconds and dying away by
 * `decay` seconds.
 * @param {{get: (key: string) => any}} store
 * @param {{wave: OscillatorType, from: number, to: number, fall: number, peak: number, attack: number, decay: number}} voice
 * @returns {() => void}
 */
export function moveTick(store, { wave, from, to, fall, peak, attack, decay }) {
  return () => {
    if (!store.get('sound')) return;
    try {
      const audio = audioContext();
      const t = audio.currentTime;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(from, t);
      osc.frequency.exponentialRampToValueAtTime(to, t + fall);
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(peak, t + attack);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + decay);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + decay + 0.01);
    } catch {
      /* no audio here: stay quiet */
    }
  };
}
