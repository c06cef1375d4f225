// Piracy's sounds, made on the spot with Web Audio (nothing is fetched):
// cannon fire for a hit, and a ship going down.
import { audioContext } from '/static/shell/sound.js';

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
  const thump = audio.createOscillator();
  const tg = audio.createGain();
  thump.type = 'sine';
  thump.frequency.setValueAtTime(110, t);
  thump.frequency.exponentialRampToValueAtTime(38, t + 0.35);
  tg.gain.setValueAtTime(0.0001, t);
  tg.gain.exponentialRampToValueAtTime(0.5, t + 0.01);
  tg.gain.exponentialRampToValueAtTime(0.0001, t + 0.45);
  thump.connect(tg).connect(audio.destination);
  thump.start(t);
  thump.stop(t + 0.5);
  const noise = audio.createBufferSource();
  noise.buffer = noiseBuffer(audio, 0.6);
  const filter = audio.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.setValueAtTime(1800, t);
  filter.frequency.exponentialRampToValueAtTime(200, t + 0.5);
  const ng = audio.createGain();
  ng.gain.setValueAtTime(0.0001, t);
  ng.gain.exponentialRampToValueAtTime(0.35, t + 0.008);
  ng.gain.exponentialRampToValueAtTime(0.0001, t + 0.55);
  noise.connect(filter).connect(ng).connect(audio.destination);
  noise.start(t);
  noise.stop(t + 0.6);
}

/** A ship going down: a falling groan and bubbling water. */
function sinking(audio, t) {
  const groan = audio.createOscillator();
  const gg = audio.createGain();
  const lp = audio.createBiquadFilter();
  groan.type = 'sawtooth';
  groan.frequency.setValueAtTime(220, t);
  groan.frequency.exponentialRampToValueAtTime(45, t + 1.4);
  lp.type = 'lowpass';
  lp.frequency.setValueAtTime(900, t);
  lp.frequency.exponentialRampToValueAtTime(150, t + 1.4);
  gg.gain.setValueAtTime(0.0001, t);
  gg.gain.exponentialRampToValueAtTime(0.16, t + 0.1);
  gg.gain.exponentialRampToValueAtTime(0.0001, t + 1.5);
  groan.connect(lp).connect(gg).connect(audio.destination);
  groan.start(t);
  groan.stop(t + 1.55);
  for (let i = 0; i < 9; i++) {
    const at = t + 0.3 + i * 0.13 + Math.random() * 0.06;
    const bubble = audio.createOscillator();
    const bg = audio.createGain();
    bubble.type = 'sine';
    const f = 300 + Math.random() * 500;
    bubble.frequency.setValueAtTime(f, at);
    bubble.frequency.exponentialRampToValueAtTime(f * 1.8, at + 0.07);
    bg.gain.setValueAtTime(0.0001, at);
    bg.gain.exponentialRampToValueAtTime(0.08, at + 0.01);
    bg.gain.exponentialRampToValueAtTime(0.0001, at + 0.09);
    bubble.connect(bg).connect(audio.destination);
    bubble.start(at);
    bubble.stop(at + 0.1);
  }
}
