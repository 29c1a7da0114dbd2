/**
 * Deterministic audio previews: a few bars of bass, chords, melody and (for some genres) soft
 * drums, synthesised from band-limited wavetables in a few milliseconds per file.
 * Pure: returns WAV bytes, touches no files.
 */
import { composePhrase, type Note, type Quality, type Timbre } from "./preview-music";
import { rngFor } from "./prng";
import { encodeWav, type BitDepth } from "./wav";

export interface PreviewInput {
  catalogueId: string;
  genre: string | null;
  /** Length in seconds (default 8). */
  seconds?: number;
  sampleRate?: 11025 | 16000;
  bitsPerSample?: BitDepth;
}

export const PREVIEW_SECONDS = 8;
export const PREVIEW_SAMPLE_RATE = 16000;

const TABLE_SIZE = 2048;

/** One cycle built from [harmonic, amplitude] pairs, normalised to a peak of 1. */
function table(harmonics: [number, number][]): Float64Array {
  const t = new Float64Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) {
    const x = (2 * Math.PI * i) / TABLE_SIZE;
    for (const [h, amp] of harmonics) t[i]! += amp * Math.sin(h * x);
  }
  let peak = 0;
  for (const v of t) peak = Math.max(peak, Math.abs(v));
  for (let i = 0; i < TABLE_SIZE; i++) t[i]! /= peak;
  return t;
}

const EPIANO: [number, number][] = [
  [1, 1],
  [2, 0.3],
  [3, 0.12],
  [4, 0.05],
];

// Band-limited tables: a few harmonics only, so nothing aliases even at 11 kHz.
const TABLES: Record<Timbre, Float64Array> = {
  sine: table([[1, 1]]),
  triangle: table([
    [1, 1],
    [3, -1 / 9],
    [5, 1 / 25],
    [7, -1 / 49],
  ]),
  epiano: table(EPIANO),
};

/**
 * Just-intoned triads are harmonics of one lower fundamental (major = 4:5:6 of root/4), so a
 * whole chord fits in one wavetable and costs one oscillator instead of three. Sounds sweeter too.
 */
const RATIOS: Record<Quality, [number, number, number]> = {
  maj: [4, 5, 6],
  min: [10, 12, 15],
  dim: [25, 30, 36],
  aug: [16, 20, 25],
};
const PAD: [number, number][] = [
  [1, 1],
  [2, 0.25],
  [3, 0.08],
];
const CHORDS = Object.fromEntries(
  Object.entries(RATIOS).map(([q, tones]) => [q, table(tones.flatMap((t) => PAD.map(([h, a]): [number, number] => [t * h, a])))]),
) as Record<Quality, Float64Array>;

interface Envelope {
  attack: number;
  /** Time constants (seconds) of the decay towards sustain and of the release. */
  decay: number;
  sustain: number;
  release: number;
}

const VOICES: Record<Note["voice"], { gain: number; env: Envelope }> = {
  lead: { gain: 0.3, env: { attack: 0.012, decay: 0.25, sustain: 0.45, release: 0.18 } },
  bass: { gain: 0.42, env: { attack: 0.008, decay: 0.3, sustain: 0.6, release: 0.06 } },
  comp: { gain: 0.07, env: { attack: 0.005, decay: 0.3, sustain: 0.4, release: 0.15 } },
  chord: { gain: 0.12, env: { attack: 0.08, decay: 0.6, sustain: 0.6, release: 0.3 } },
};

const PHASE_SHIFT = 32 - Math.log2(TABLE_SIZE);

interface Voice {
  /** Wrapping 32-bit fixed-point phase, so lookups need no float-to-int rounding. */
  phase: number;
  inc: number;
  level: number;
}

const BLOCK = 128;

/**
 * One envelope segment, samples [from, to), following level = level * mul + add (linear
 * attack, exponential decay towards sustain, exponential release). The exact curve is
 * evaluated every 128 samples and ramped linearly between: the inner loop then has no
 * multiply in its dependency chain, which makes it roughly twice as fast.
 */
function segment(out: Float64Array, tab: Float64Array, v: Voice, from: number, to: number, mul: number, add: number): void {
  let { phase, level } = v;
  const inc = v.inc;
  const settle = mul === 1 ? 0 : add / (1 - mul);
  for (let b = from; b < to; b += BLOCK) {
    const n = Math.min(BLOCK, to - b);
    const next = mul === 1 ? level + n * add : settle + (level - settle) * mul ** n;
    const step = (next - level) / n;
    for (let i = b, end = b + n; i < end; i++) {
      out[i]! += level * tab[phase >>> PHASE_SHIFT]!;
      level += step;
      phase = (phase + inc) | 0;
    }
  }
  v.phase = phase;
  v.level = level;
}

/** Adds one ADSR-enveloped wavetable note into `out`; anything past the end is dropped. */
function renderNote(out: Float64Array, rate: number, tab: Float64Array, note: Note, gain: number, env: Envelope): void {
  const start = Math.round(note.start * rate);
  const end = out.length;
  const clip = (n: number) => Math.min(end, start + Math.max(0, Math.round(n)));
  const amp = gain * note.vel;
  // A chord table's cycle is the triad's common fundamental, below the root.
  const freq = (440 * 2 ** ((note.midi - 69) / 12)) / (note.chord ? RATIOS[note.chord][0] : 1);
  const v: Voice = { phase: 0, inc: Math.round(((freq * TABLE_SIZE) / rate) * 2 ** PHASE_SHIFT) | 0, level: 0 };
  const attackEnd = clip(Math.min(env.attack, note.dur) * rate);
  const heldEnd = clip(note.dur * rate);
  const releaseEnd = clip((note.dur + env.release * 3) * rate);
  const tailEnd = clip((note.dur + env.release * 3) * rate + 64);
  segment(out, tab, v, start, attackEnd, 1, amp / Math.max(1, attackEnd - start));
  const kd = Math.exp(-1 / (env.decay * rate));
  segment(out, tab, v, attackEnd, heldEnd, kd, amp * env.sustain * (1 - kd));
  segment(out, tab, v, heldEnd, releaseEnd, Math.exp(-1 / (env.release * rate)), 0);
  // A short linear fade from the release's last level to silence, so the note never clicks off.
  segment(out, tab, v, releaseEnd, tailEnd, 1, -v.level / Math.max(1, tailEnd - releaseEnd));
}

const drumCache = new Map<number, { kick: Float64Array; hat: Float64Array }>();

/** A soft round kick (sine sweeping ~110 to 45 Hz) and a quiet bright-noise hi-hat, per rate. */
function drums(rate: number): { kick: Float64Array; hat: Float64Array } {
  const cached = drumCache.get(rate);
  if (cached) return cached;
  const kick = new Float64Array(Math.round(0.3 * rate));
  let phase = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / rate;
    kick[i] = 0.5 * Math.exp(-t / 0.12) * Math.min(1, i / 40) * Math.sin(phase);
    phase += (2 * Math.PI * (45 + 65 * Math.exp(-t / 0.035))) / rate;
  }
  const hat = new Float64Array(Math.round(0.05 * rate));
  let x = 0x9e3779b9 | 0;
  let prev = 0;
  for (let i = 0; i < hat.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const noise = x / 2147483648;
    // Differentiated noise is brighter, closer to a closed hat than plain white noise.
    hat[i] = 0.05 * Math.exp(-i / rate / 0.012) * (noise - prev);
    prev = noise;
  }
  const made = { kick, hat };
  drumCache.set(rate, made);
  return made;
}

function addAt(out: Float64Array, sample: Float64Array, time: number, rate: number): void {
  const start = Math.round(time * rate);
  const len = Math.min(sample.length, out.length - start);
  for (let i = 0; i < len; i++) out[start + i]! += sample[i]!;
}

function mix(input: PreviewInput): { out: Float64Array; peak: number } {
  const seconds = input.seconds ?? PREVIEW_SECONDS;
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) throw new Error(`Invalid preview length: ${seconds}`);
  const rate = input.sampleRate ?? PREVIEW_SAMPLE_RATE;
  const out = new Float64Array(Math.round(seconds * rate));
  const lead = new Float64Array(out.length);
  const phrase = composePhrase(rngFor(input.catalogueId, "audio"), input.genre, seconds);

  for (const note of phrase.notes) {
    const voice = VOICES[note.voice];
    const tab = note.chord
      ? CHORDS[note.chord]
      : note.voice === "bass"
        ? TABLES.triangle
        : note.voice === "lead"
          ? TABLES[phrase.lead]
          : TABLES.epiano;
    renderNote(note.voice === "lead" ? lead : out, rate, tab, note, voice.gain, voice.env);
  }
  const { kick, hat } = drums(rate);
  for (const t of phrase.kicks) addAt(out, kick, t, rate);
  for (const t of phrase.hats) addAt(out, hat, t, rate);

  // Melody through a dotted-eighth echo (gives it some space), mixed in while finding the peak.
  const delay = Math.round(phrase.beat * 0.75 * rate);
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    if (i >= delay) lead[i]! += 0.3 * lead[i - delay]!;
    const v = out[i]! + lead[i]!;
    out[i] = v;
    if (v > peak) peak = v;
    else if (-v > peak) peak = -v;
  }
  // Fade the ends so the preview neither starts nor stops with a click.
  const fadeIn = Math.min(out.length, Math.round(0.02 * rate));
  for (let i = 0; i < fadeIn; i++) out[i]! *= i / fadeIn;
  const fadeOut = Math.min(out.length, Math.round(Math.min(0.6, seconds / 4) * rate));
  for (let i = 0; i < fadeOut; i++) out[out.length - 1 - i]! *= i / fadeOut;
  return { out, peak };
}

export function previewWav(input: PreviewInput): Uint8Array {
  const { out, peak } = mix(input);
  // Normalising while encoding saves a pass over the samples.
  return encodeWav(out, input.sampleRate ?? PREVIEW_SAMPLE_RATE, input.bitsPerSample ?? 16, peak > 0 ? 0.8 / peak : 0);
}
