/**
 * Composes a short phrase for a record preview: tempo, key, scale, chords, bass line,
 * melody and drums, all drawn from a PRNG seeded by the catalogue id and shaped by genre.
 * Output is a list of timed notes; preview-wav.ts turns it into sound.
 */
import { between, intBetween, pick, type Rng } from "./prng";

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
const MIXOLYDIAN = [0, 2, 4, 5, 7, 9, 10];
const LYDIAN = [0, 2, 4, 6, 7, 9, 11];
const HARMONIC_MINOR = [0, 2, 3, 5, 7, 8, 11];
const MAJOR_PENT = [0, 2, 4, 7, 9];
const MINOR_PENT = [0, 3, 5, 7, 10];
const BLUES = [0, 3, 5, 6, 7, 10];

type Bass = "roots" | "rootFifth" | "walking" | "pulse" | "offbeat" | "boogie" | "syncopated" | "held";
type Comp = "pad" | "skank" | "arp" | "none";
export type Timbre = "sine" | "triangle" | "epiano";

interface Profile {
  bpm: [number, number];
  /** Harmony scale (7 notes) with the melody scale that suits it. */
  modes: [number[], number[]][];
  /** Progressions as harmony-scale degrees, one chord per bar. */
  progressions: number[][];
  bass: Bass[];
  comp: Comp[];
  lead: Timbre[];
  kick: "four" | "backbeat" | "onedrop" | "none";
  hats: boolean;
  swing: number;
  /** Melody rhythms per bar, in eighth notes; negative values are rests. */
  rhythms: number[][];
}

const BUSY = [
  [2, 2, 2, 2],
  [3, 1, 2, 2],
  [1, 1, 2, 1, 1, 2],
  [2, 1, 1, 4],
  [3, 3, 2],
  [2, 2, 1, 1, 2],
  [-2, 2, 1, 1, 2],
];
const CALM = [[4, 4], [6, 2], [2, 2, 4], [3, 1, 4], [8], [-2, 2, 4]];
const POP_PROGS = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [0, 3, 4, 3],
  [5, 3, 0, 4],
];
const MINOR_PROGS = [
  [0, 5, 2, 6],
  [0, 3, 4, 0],
  [0, 6, 5, 6],
  [0, 3, 6, 2],
];

const PROFILES: [RegExp, Profile][] = [
  [
    /ambient|new age|drone/,
    {
      bpm: [60, 72],
      modes: [
        [LYDIAN, MAJOR_PENT],
        [MAJOR, MAJOR_PENT],
      ],
      progressions: [
        [0, 3],
        [0, 5],
        [3, 0],
      ],
      bass: ["held"],
      comp: ["pad"],
      lead: ["sine"],
      kick: "none",
      hats: false,
      swing: 0,
      rhythms: CALM,
    },
  ],
  [
    /electro|house|techno|trance|dance|synth|edm|garage|drum|idm/,
    {
      bpm: [118, 128],
      modes: [
        [MINOR, MINOR_PENT],
        [DORIAN, MINOR_PENT],
        [MINOR, MINOR],
      ],
      progressions: MINOR_PROGS,
      bass: ["offbeat", "pulse"],
      comp: ["pad", "arp"],
      lead: ["triangle", "sine"],
      kick: "four",
      hats: true,
      swing: 0,
      rhythms: BUSY,
    },
  ],
  [
    /hip.?hop|rap|trip.?hop|grime|trap|beats/,
    {
      bpm: [84, 94],
      modes: [
        [DORIAN, MINOR_PENT],
        [MINOR, MINOR_PENT],
      ],
      progressions: [
        [0, 3],
        [0, 6, 5, 6],
        [0, 0, 3, 3],
      ],
      bass: ["syncopated"],
      comp: ["pad"],
      lead: ["epiano"],
      kick: "backbeat",
      hats: true,
      swing: 0.2,
      rhythms: BUSY,
    },
  ],
  [
    /jazz|bop|swing|bossa|fusion/,
    {
      bpm: [100, 140],
      modes: [
        [DORIAN, DORIAN],
        [MAJOR, MAJOR],
      ],
      progressions: [
        [1, 4, 0, 0],
        [0, 5, 1, 4],
        [1, 4, 0, 5],
      ],
      bass: ["walking"],
      comp: ["pad"],
      lead: ["epiano"],
      kick: "none",
      hats: true,
      swing: 0.3,
      rhythms: BUSY,
    },
  ],
  [
    /blues/,
    {
      bpm: [72, 96],
      modes: [
        [MIXOLYDIAN, BLUES],
        [MIXOLYDIAN, MINOR_PENT],
      ],
      progressions: [
        [0, 3, 0, 4],
        [0, 0, 3, 0],
        [3, 0, 4, 0],
      ],
      bass: ["boogie"],
      comp: ["pad"],
      lead: ["triangle", "epiano"],
      kick: "none",
      hats: false,
      swing: 0.3,
      rhythms: BUSY,
    },
  ],
  [
    /soul|funk|r&b|rnb|motown|gospel|disco/,
    {
      bpm: [94, 112],
      modes: [
        [DORIAN, MINOR_PENT],
        [MIXOLYDIAN, MAJOR_PENT],
      ],
      progressions: [
        [0, 3],
        [0, 3, 0, 4],
        [1, 4, 0, 3],
      ],
      bass: ["syncopated", "pulse"],
      comp: ["pad", "skank"],
      lead: ["epiano"],
      kick: "backbeat",
      hats: true,
      swing: 0.1,
      rhythms: BUSY,
    },
  ],
  [
    /reggae|dub|ska|rocksteady/,
    {
      bpm: [70, 84],
      modes: [
        [MAJOR, MAJOR_PENT],
        [MINOR, MINOR_PENT],
      ],
      progressions: [
        [0, 3],
        [0, 4, 3, 4],
        [0, 5, 3, 4],
      ],
      bass: ["roots"],
      comp: ["skank"],
      lead: ["epiano", "sine"],
      kick: "onedrop",
      hats: true,
      swing: 0.1,
      rhythms: CALM,
    },
  ],
  [
    /folk|country|acoustic|americana|bluegrass|singer/,
    {
      bpm: [92, 116],
      modes: [
        [MAJOR, MAJOR_PENT],
        [MAJOR, MAJOR],
        [MIXOLYDIAN, MAJOR_PENT],
      ],
      progressions: [
        [0, 3, 0, 4],
        [0, 4, 5, 3],
        [0, 3, 4, 0],
      ],
      bass: ["rootFifth"],
      comp: ["arp"],
      lead: ["triangle"],
      kick: "none",
      hats: false,
      swing: 0,
      rhythms: CALM,
    },
  ],
  [
    /classical|baroque|opera|orchestra|choral|piano/,
    {
      bpm: [72, 96],
      modes: [
        [MAJOR, MAJOR],
        [HARMONIC_MINOR, HARMONIC_MINOR],
      ],
      progressions: [
        [0, 3, 4, 0],
        [0, 5, 1, 4],
        [0, 4, 5, 4],
      ],
      bass: ["held"],
      comp: ["arp"],
      lead: ["sine"],
      kick: "none",
      hats: false,
      swing: 0,
      rhythms: CALM,
    },
  ],
  [
    /metal|punk|rock|grunge|indie|alternative|shoegaze/,
    {
      bpm: [110, 140],
      modes: [
        [MINOR, MINOR_PENT],
        [MIXOLYDIAN, MAJOR_PENT],
        [MAJOR, MAJOR_PENT],
      ],
      progressions: [
        [0, 6, 3, 0],
        [0, 3, 5, 4],
        [0, 5, 3, 4],
      ],
      bass: ["pulse"],
      comp: ["pad"],
      lead: ["triangle"],
      kick: "backbeat",
      hats: true,
      swing: 0,
      rhythms: BUSY,
    },
  ],
];

const DEFAULT: Profile = {
  bpm: [96, 120],
  modes: [
    [MAJOR, MAJOR_PENT],
    [MINOR, MINOR_PENT],
  ],
  progressions: POP_PROGS,
  bass: ["roots", "rootFifth", "pulse"],
  comp: ["pad", "arp"],
  lead: ["epiano", "triangle", "sine"],
  kick: "none",
  hats: false,
  swing: 0,
  rhythms: BUSY,
};

/** Triad qualities; a "chord" note sounds the whole triad from one just-intoned wavetable. */
export type Quality = "maj" | "min" | "dim" | "aug";

export interface Note {
  voice: "lead" | "bass" | "comp" | "chord";
  start: number;
  dur: number;
  /** Pitch, or the root for a chord. */
  midi: number;
  chord?: Quality;
  /** 0..1 loudness within the voice. */
  vel: number;
}

export interface Phrase {
  notes: Note[];
  kicks: number[];
  hats: number[];
  lead: Timbre;
  /** Seconds per beat, used for the echo time. */
  beat: number;
}

export function composePhrase(rng: Rng, genre: string | null, seconds: number): Phrase {
  const key = (genre ?? "").toLowerCase();
  const p = PROFILES.find(([re]) => re.test(key))?.[1] ?? DEFAULT;
  // Whole bars that fill the preview exactly, at a tempo close to the genre's.
  const target = between(rng, p.bpm[0], p.bpm[1]);
  const bars = Math.max(1, Math.round((seconds * target) / 240));
  const beat = seconds / (bars * 4);
  const swing = p.swing;
  const at = (eighth: number) => Math.floor(eighth / 2) * beat + (eighth % 2 ? (0.5 + swing * 0.5) * beat : 0);

  const [harmony, melodyScale] = pick(rng, p.modes);
  const progression = pick(rng, p.progressions);
  const tonic = 55 + intBetween(rng, 0, 7);
  const deg = (d: number) => tonic + (harmony[((d % 7) + 7) % 7] ?? 0) + 12 * Math.floor(d / 7);
  const chordAt = (bar: number) => progression[bar % progression.length] ?? 0;
  const chordPcs = (bar: number) => [0, 2, 4].map((k) => deg(chordAt(bar) + k) % 12);

  const notes: Note[] = [];
  const bassStyle = pick(rng, p.bass);
  const comp = pick(rng, p.comp);
  // Bass tonic between C2 and B2: low enough to be bass, high enough for small speakers.
  const down = tonic - 24 >= 36 ? 24 : 12;
  for (let bar = 0; bar < bars; bar++) {
    const root = deg(chordAt(bar)) - down;
    const third = deg(chordAt(bar) + 2) - down;
    const fifth = deg(chordAt(bar) + 4) - down;
    const sixth = deg(chordAt(bar) + 5) - down;
    const e0 = bar * 8;
    const bass = (e: number, len: number, midi: number, vel = 1) =>
      notes.push({ voice: "bass", start: at(e0 + e), dur: at(e0 + e + len) - at(e0 + e), midi, vel });
    if (bassStyle === "held") bass(0, 8, root);
    else if (bassStyle === "roots") [0, 2, 4, 6].forEach((e) => bass(e, 2, root));
    else if (bassStyle === "rootFifth") [0, 2, 4, 6].forEach((e, i) => bass(e, 2, i % 2 ? fifth : root));
    else if (bassStyle === "boogie") [root, third, fifth, sixth].forEach((m, i) => bass(i * 2, 2, m));
    else if (bassStyle === "pulse") for (let e = 0; e < 8; e++) bass(e, 1, root, e % 2 ? 0.7 : 1);
    else if (bassStyle === "offbeat") for (let e = 1; e < 8; e += 2) bass(e, 1, root);
    else if (bassStyle === "syncopated")
      [
        [0, 3, root],
        [3, 1, root + 12],
        [4, 2, fifth],
        [7, 1, root],
      ].forEach(([e, l, m]) => bass(e as number, l as number, m as number));
    else {
      // Walking: chord tones on strong beats, a chromatic approach into the next bar's root.
      const next = deg(chordAt(bar + 1)) - down;
      [root, third, fifth, next + (next > fifth ? -1 : 1)].forEach((m, i) => bass(i * 2, 2, m));
    }
    const chord = [0, 2, 4].map((k) => deg(chordAt(bar) + k) - 12);
    const [r0 = 0, r1 = 0, r2 = 0] = chord;
    const quality: Quality = r1 - r0 === 4 ? (r2 - r0 === 8 ? "aug" : "maj") : r2 - r0 === 6 ? "dim" : "min";
    if (comp === "pad") notes.push({ voice: "chord", start: at(e0), dur: at(e0 + 8) - at(e0), midi: r0, chord: quality, vel: 1 });
    else if (comp === "skank")
      for (let e = 2; e < 8; e += 4)
        notes.push({ voice: "chord", start: at(e0 + e), dur: beat * 0.35, midi: r0 + 12, chord: quality, vel: 1.3 });
    else if (comp === "arp") {
      const order = [chord[0], chord[2], chord[1], chord[2]];
      for (let e = 0; e < 8; e++)
        notes.push({
          voice: "comp",
          start: at(e0 + e),
          dur: at(e0 + e + 1) - at(e0 + e),
          midi: (order[e % 4] ?? 60) + 12,
          vel: e % 2 ? 1.1 : 1.4,
        });
    }
  }

  // Melody: a two-bar motif of mostly stepwise moves in the melody scale, an octave above the
  // tonic, landing on chord tones on strong beats; it repeats over later chords (re-snapped)
  // and the last note is held on the tonic, so the phrase resolves.
  const len = melodyScale.length;
  const mel = (i: number) => tonic + 12 + (melodyScale[((i % len) + len) % len] ?? 0) + 12 * Math.floor(i / len);
  const snap = (i: number, bar: number) => {
    const pcs = chordPcs(bar);
    for (const d of [0, 1, -1, 2, -2]) if (pcs.includes(mel(i + d) % 12)) return i + d;
    return i;
  };
  const motif: { e: number; len: number; idx: number }[] = [];
  let idx = snap(0, 0);
  for (let bar = 0; bar < Math.min(2, bars); bar++) {
    let e = 0;
    for (const dur of pick(rng, p.rhythms)) {
      if (dur > 0) {
        const r = rng();
        idx += r < 0.35 ? 1 : r < 0.75 ? -1 : r < 0.85 ? 2 : r < 0.95 ? -2 : 0;
        idx = Math.max(-3, Math.min(len + 1, idx));
        if (e % 4 === 0) idx = snap(idx, bar);
        motif.push({ e: bar * 8 + e, len: dur, idx });
      }
      e += Math.abs(dur);
    }
  }
  const lead: Note[] = [];
  for (let cyc = 0; cyc * 16 < bars * 8; cyc++) {
    for (const m of motif) {
      const e = cyc * 16 + m.e;
      if (e >= bars * 8) continue;
      const i = cyc > 0 && e % 4 === 0 ? snap(m.idx, Math.floor(e / 8)) : m.idx;
      const end = Math.min(e + m.len, bars * 8);
      lead.push({ voice: "lead", start: at(e), dur: at(end) - at(e), midi: mel(i), vel: e % 4 === 0 ? 1 : 0.8 });
    }
  }
  const last = lead[lead.length - 1];
  if (last && bars > 1) {
    last.midi = mel(Math.round((motif[motif.length - 1]?.idx ?? 0) / len) * len);
    last.dur = seconds - last.start;
  }
  notes.push(...lead);

  const kicks: number[] = [];
  const hats: number[] = [];
  for (let b = 0; b < bars * 4; b++) {
    const inBar = b % 4;
    if (p.kick === "four" || (p.kick === "backbeat" && inBar % 2 === 0) || (p.kick === "onedrop" && inBar === 2))
      kicks.push(b * beat);
    if (p.hats) hats.push(at(b * 2 + 1));
  }
  return { notes, kicks, hats, lead: pick(rng, p.lead), beat };
}
