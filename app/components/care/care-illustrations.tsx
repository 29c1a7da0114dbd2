import type { CareCategory } from "~/domain/care/care-categories";

/**
 * Friendly line-and-colour drawings for the Vinyl Care Guide, inline SVG (no image requests, crisp at any
 * size). All decorative: each is aria-hidden, the text beside it says everything.
 */

const INK = "#16130f";
const PAPER = "#f7f3ec";
const LABEL = "#f1c453";
const NEEDLE = "#c2410c";

/** A record seen from above: grooves, a shine and a label. */
function Disc({ cx, cy, r, label = LABEL }: { cx: number; cy: number; r: number; label?: string }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={INK} />
      {[0.9, 0.78, 0.66, 0.54].map((k) => (
        <circle key={k} cx={cx} cy={cy} r={r * k} fill="none" stroke="#3a322a" strokeWidth={r * 0.025} />
      ))}
      <path
        d={`M ${cx - r * 0.62} ${cy - r * 0.5} A ${r * 0.8} ${r * 0.8} 0 0 1 ${cx + r * 0.1} ${cy - r * 0.8}`}
        fill="none"
        stroke="#ffffff"
        strokeOpacity={0.22}
        strokeWidth={r * 0.06}
        strokeLinecap="round"
      />
      <circle cx={cx} cy={cy} r={r * 0.34} fill={label} />
      <circle cx={cx} cy={cy} r={r * 0.05} fill={PAPER} />
    </g>
  );
}

/** The guide's cover drawing: a turntable from above, record on the platter, arm in the groove. */
export function TurntableIllustration({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 320 240" className={className} focusable="false">
      <rect x="14" y="22" width="292" height="200" rx="18" fill="#b07a45" />
      <rect x="14" y="22" width="292" height="200" rx="18" fill="url(#care-wood)" opacity="0.35" />
      <rect x="24" y="32" width="272" height="180" rx="12" fill="#8a5a2e" opacity="0.35" />
      <circle cx="130" cy="122" r="88" fill="#2b241c" />
      <Disc cx={130} cy={122} r={80} />
      {/* Tonearm: pivot, arm, headshell resting in the outer groove. */}
      <circle cx="262" cy="58" r="16" fill="#d6d3d1" stroke={INK} strokeWidth="3" />
      <circle cx="262" cy="58" r="6" fill={INK} />
      <path
        d="M 262 58 L 262 150 L 200 176"
        fill="none"
        stroke="#e7e5e4"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M 262 58 L 262 150 L 200 176"
        fill="none"
        stroke={INK}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity="0.5"
      />
      <rect x="186" y="166" width="26" height="16" rx="3" transform="rotate(-22 199 174)" fill={NEEDLE} />
      {/* Speed buttons and a little light. */}
      <rect x="236" y="190" width="22" height="9" rx="4" fill={PAPER} />
      <rect x="264" y="190" width="22" height="9" rx="4" fill="#d6d3d1" />
      <circle cx="38" cy="200" r="5" fill={NEEDLE} />
      {/* Music notes floating off the record. */}
      <g fill={INK}>
        <path d="M 36 56 v -22 l 16 -4 v 22" fill="none" stroke={INK} strokeWidth="3" />
        <ellipse cx="32" cy="57" rx="6" ry="4.5" />
        <ellipse cx="48" cy="53" rx="6" ry="4.5" />
      </g>
      <defs>
        <pattern id="care-wood" width="24" height="8" patternUnits="userSpaceOnUse">
          <path d="M 0 4 Q 6 1 12 4 T 24 4" fill="none" stroke="#4a2f17" strokeWidth="1" />
        </pattern>
      </defs>
    </svg>
  );
}

function Cleaning() {
  return (
    <>
      <Disc cx={70} cy={66} r={46} />
      {/* A carbon-fibre brush resting across the grooves. */}
      <g transform="rotate(-24 104 44)">
        <rect x="66" y="30" width="78" height="20" rx="6" fill="#0f766e" />
        <rect x="70" y="50" width="70" height="7" rx="2" fill="#292524" />
        {Array.from({ length: 12 }, (_, i) => (
          <line key={i} x1={72 + i * 6} y1="57" x2={72 + i * 6} y2="63" stroke="#57534e" strokeWidth="2" />
        ))}
      </g>
      {/* Sparkles: a clean record. */}
      <path d="M 132 86 l 4 10 l 10 4 l -10 4 l -4 10 l -4 -10 l -10 -4 l 10 -4 z" fill={LABEL} />
      <path d="M 20 18 l 2.5 6 l 6 2.5 l -6 2.5 l -2.5 6 l -2.5 -6 l -6 -2.5 l 6 -2.5 z" fill={LABEL} />
    </>
  );
}

function Handling() {
  return (
    <>
      {/* A sleeve with the record sliding out, held at the edge. */}
      <rect x="18" y="26" width="76" height="76" rx="4" fill="#b45309" />
      <rect x="26" y="34" width="60" height="60" rx="30" fill="#fcd34d" opacity="0.5" />
      <Disc cx={100} cy={64} r={38} label={NEEDLE} />
      {/* A thumb on the outer edge, fingertips on the label. */}
      <path
        d="M 128 92 q 14 -4 18 -18 q 2 -8 -6 -8 q -6 0 -8 8 q -3 8 -10 10 z"
        fill="#f2c7a5"
        stroke={INK}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M 96 108 q 2 -10 6 -14" fill="none" stroke={INK} strokeWidth="2" strokeLinecap="round" opacity="0.4" />
    </>
  );
}

function Storage() {
  const spines = ["#be123c", "#1d4ed8", LABEL, "#15803d", "#7c3aed", NEEDLE, "#0e7490", INK, "#db2777"];
  return (
    <>
      {/* Records standing upright on a shelf, the way they keep flat. */}
      {spines.map((c, i) => (
        <rect key={c} x={16 + i * 14} y={i % 3 === 1 ? 26 : 20} width="12" height={i % 3 === 1 ? 78 : 84} rx="1.5" fill={c} />
      ))}
      <rect x="8" y="104" width="146" height="10" rx="2" fill="#8a5a2e" />
      <rect x="10" y="114" width="8" height="6" fill="#6b4423" />
      <rect x="144" y="114" width="8" height="6" fill="#6b4423" />
      {/* A thermometer: cool and steady. */}
      <rect x="142" y="22" width="10" height="46" rx="5" fill={PAPER} stroke={INK} strokeWidth="2" />
      <circle cx="147" cy="74" r="8" fill="#0e7490" stroke={INK} strokeWidth="2" />
      <rect x="145" y="46" width="4" height="24" fill="#0e7490" />
    </>
  );
}

function Stylus() {
  return (
    <>
      {/* Grooves in close-up, with the stylus riding in one. */}
      {[78, 90, 102, 114].map((y) => (
        <path key={y} d={`M 0 ${y} Q 40 ${y - 8} 80 ${y} T 160 ${y}`} fill="none" stroke={INK} strokeWidth="5" opacity={0.85} />
      ))}
      <rect x="40" y="14" width="70" height="30" rx="6" fill="#6d28d9" />
      <rect x="50" y="44" width="44" height="14" rx="3" fill="#a8a29e" />
      <line x1="86" y1="56" x2="100" y2="74" stroke="#57534e" strokeWidth="4" strokeLinecap="round" />
      <path d="M 97 70 l 8 0 l -4 9 z" fill="#e0f2fe" stroke={INK} strokeWidth="1.5" />
      {/* A glint on the diamond. */}
      <path d="M 124 40 l 3 7 l 7 3 l -7 3 l -3 7 l -3 -7 l -7 -3 l 7 -3 z" fill={LABEL} />
    </>
  );
}

function Setup() {
  return (
    <>
      {/* A turntable from the side, with a spirit level showing it true. */}
      <rect x="12" y="68" width="136" height="26" rx="6" fill="#b07a45" />
      <rect x="22" y="94" width="14" height="10" rx="2" fill={INK} />
      <rect x="124" y="94" width="14" height="10" rx="2" fill={INK} />
      <rect x="26" y="58" width="92" height="10" rx="2" fill="#44403c" />
      <rect x="30" y="52" width="84" height="6" rx="1.5" fill={INK} />
      <path
        d="M 136 66 L 136 34 L 104 48"
        fill="none"
        stroke="#d6d3d1"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="40" y="22" width="64" height="18" rx="9" fill="#fef3c7" stroke={INK} strokeWidth="2.5" />
      <ellipse cx="72" cy="31" rx="8" ry="5" fill="#65a30d" />
      <line x1="62" y1="24" x2="62" y2="38" stroke={INK} strokeWidth="1.5" />
      <line x1="82" y1="24" x2="82" y2="38" stroke={INK} strokeWidth="1.5" />
    </>
  );
}

const DRAWINGS: Record<CareCategory, () => React.ReactElement> = {
  cleaning: Cleaning,
  handling: Handling,
  storage: Storage,
  stylus: Stylus,
  setup: Setup,
};

/** The small drawing that opens each chapter of the guide. */
export function CareIllustration({ category, className }: { category: CareCategory; className?: string }) {
  const Drawing = DRAWINGS[category];
  return (
    <svg aria-hidden viewBox="0 0 160 124" className={className} focusable="false">
      <Drawing />
    </svg>
  );
}
