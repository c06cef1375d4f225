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

/** A gain on the way out that swells from silence to `peak` in `attack` s after `t` and dies away by `decay` s. */
export function swell(audio, t, { peak, attack, decay }) {
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(peak, t + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + decay);
  gain.connect(audio.destination);
  return gain;
}

/**
 * One tone at `t`: a `wave` whose pitch glides from `from` to `to` Hz in
 * `fall` s, shaped by swell(); with `lowpass` ([from, to] Hz) it is muffled
 * more and more over the same time.
 */
export function tone(audio, t, { wave, from, to, fall, peak, attack, decay, lowpass = null }) {
  const osc = audio.createOscillator();
  osc.type = wave;
  osc.frequency.setValueAtTime(from, t);
  osc.frequency.exponentialRampToValueAtTime(to, t + fall);
  let out = swell(audio, t, { peak, attack, decay });
  if (lowpass) {
    const filter = audio.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(lowpass[0], t);
    filter.frequency.exponentialRampToValueAtTime(lowpass[1], t + fall);
    filter.connect(out);
    out = filter;
  }
  osc.connect(out);
  osc.start(t);
  osc.stop(t + decay + 0.05);
}

/**
 * Makes the tick a page plays for every move while its `sound` setting (in
 * `store`) is on: one short tone (see tone()).
 * @param {{get: (key: string) => any}} store
 * @param {{wave: OscillatorType, from: number, to: number, fall: number, peak: number, attack: number, decay: number}} voice
 * @returns {() => void}
 */
export function moveTick(store, voice) {
  return () => {
    if (!store.get('sound')) return;
    try {
      const audio = audioContext();
      tone(audio, audio.currentTime, voice);
    } catch {
      /* no audio here: stay quiet */
    }
  };
}
