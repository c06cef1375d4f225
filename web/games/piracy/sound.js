// Piracy's sounds, made on the spot with Web Audio (nothing is fetched):
// cannon fire for a hit, and a ship going down.
import { audioContext, tone, swell } from '/static/shell/sound.js';

/**
 * Plays `kind` ('hit', with `strength` shots, or 'sink') while the page's
 * `sound` setting (in `store`) is on. Each sound is also noted in
 * window.piracySounds, so that the browser tests can hear it.
 */
export function playSound(store, kind, strength = 1) {
  if (!store.get('sound')) return;
  window.piracySounds = window.piracySounds || [];
  window.piracySounds.push(kind);
  try {
    const audio = audioContext();
    if (audio.state === 'suspended') audio.resume();
    const t = audio.currentTime + 0.01;
    if (kind === 'hit') {
      for (let i = 0; i < Math.max(1, Math.min(2, strength)); i++) cannon(audio, t + i * 0.16);
    } else {
      cannon(audio, t);
      sinking(audio, t + 0.12);
    }
  } catch {
    /* no audio here: stay quiet */
  }
}

function noiseBuffer(audio, seconds) {
  const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * seconds), audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return buffer;
}

/** A cannon shot: a low thump and a burst of filtered noise. */
function cannon(audio, t) {
  tone(audio, t, { wave: 'sine', from: 110, to: 38, fall: 0.35, peak: 0.5, attack: 0.01, decay: 0.45 });
  const noise = audio.createBufferSource();
  noise.buffer = noiseBuffer(audio, 0.6);
  const filter = audio.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.setValueAtTime(1800, t);
  filter.frequency.exponentialRampToValueAtTime(200, t + 0.5);
  filter.connect(swell(audio, t, { peak: 0.35, attack: 0.008, decay: 0.55 }));
  noise.connect(filter);
  noise.start(t);
  noise.stop(t + 0.6);
}

/** A ship going down: a falling groan and bubbling water. */
function sinking(audio, t) {
  tone(audio, t, { wave: 'sawtooth', from: 220, to: 45, fall: 1.4, peak: 0.16, attack: 0.1, decay: 1.5, lowpass: [900, 150] });
  for (let i = 0; i < 9; i++) {
    const f = 300 + Math.random() * 500;
    tone(audio, t + 0.3 + i * 0.13 + Math.random() * 0.06, { wave: 'sine', from: f, to: f * 1.8, fall: 0.07, peak: 0.08, attack: 0.01, decay: 0.09 });
  }
}
