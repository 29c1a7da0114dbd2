/**
 * The Vinyl Care Guide (/vinyl-care) and the home page widget. Five or more tips per category,
 * each body 40–90 words of practical advice.
 */
import type { VinylCareTip } from "./types";

export const VINYL_CARE_TIPS: VinylCareTip[] = [
  // ── Cleaning ──
  {
    category: "cleaning",
    title: "Brush before every play",
    body: "A carbon-fibre brush is the cheapest upgrade you can make. With the record spinning, rest the bristles lightly on the surface for a couple of rotations, then slowly angle the brush off towards the edge, taking the dust with it. The conductive fibres also help to discharge static, which otherwise pulls fresh dust straight back into the grooves.",
  },
  {
    category: "cleaning",
    title: "Wet-clean second-hand finds",
    body: "Records from charity shops and car boot sales often carry years of grime that a dry brush cannot shift. Use a dedicated record-cleaning fluid or a few drops of surfactant in distilled water, apply it with a soft velvet or microfibre pad along the grooves, then rinse with distilled water and dry thoroughly. Keep the label dry throughout.",
  },
  {
    category: "cleaning",
    title: "Consider a record-cleaning machine",
    body: "If your collection runs to hundreds of records, a vacuum or ultrasonic cleaning machine is worth the investment. Vacuum machines lift fluid and dirt out of the grooves, while ultrasonic tanks use tiny collapsing bubbles to dislodge debris. Either will make old pressings noticeably quieter and protect your stylus from abrasive dirt.",
  },
  {
    category: "cleaning",
    title: "Avoid household cleaners",
    body: "Washing-up liquid, window cleaner and kitchen roll can do more harm than good. Household detergents leave residues in the grooves, some solvents can attack the vinyl itself, and paper towels scratch the surface and shed fibres. Stick to products made for records, use distilled rather than tap water, and never soak the centre label.",
  },
  {
    category: "cleaning",
    title: "Let records dry fully",
    body: "After wet cleaning, never slip a damp record back into its sleeve. Stand it upright in a clean drying rack, away from direct heat and sunlight, until both sides are completely dry. Trapped moisture encourages mould on paper sleeves and can leave water marks that add noise, undoing all your careful cleaning work.",
  },

  // ── Handling ──
  {
    category: "handling",
    title: "Hold records by the edges and label",
    body: "Skin oils attract dust and can leave fingerprints in the grooves that are hard to remove. Slide the record out of its sleeve on to your palm, with your thumb on the outer edge and fingers resting on the centre label. Transfer it to the platter the same way, and never touch the playing surface at all.",
  },
  {
    category: "handling",
    title: "Lower the tonearm with the cue lever",
    body: "Dropping the stylus by hand is a common cause of skips and chipped diamonds. Use the tonearm's cueing lever to lower and raise the stylus gently, both at the start of a side and at the end. If your turntable has no lift, steady your hand against the plinth and lower the arm slowly.",
  },
  {
    category: "handling",
    title: "Do not leave records on the platter",
    body: "It is tempting to leave the last record you played sitting on the turntable, but it will gather dust and is at risk of being scratched or knocked. Return each record to its inner sleeve as soon as you have finished with it, and keep the dust cover down while a record is playing or waiting.",
  },
  {
    category: "handling",
    title: "Turn the opening of the inner sleeve",
    body: "When you put a record back, rotate the inner sleeve so its opening faces upwards or sideways rather than out of the jacket's open edge. That way the disc cannot slide out when you pull the sleeve from a shelf, and dust has a much harder time finding its way into the grooves.",
  },
  {
    category: "handling",
    title: "Let cold records warm up",
    body: "Records delivered on a cold winter morning can be brittle and may carry condensation once they meet a warm room. Leave the parcel unopened for an hour or so to reach room temperature before playing. This protects both the vinyl and your stylus, and helps avoid static build-up from rapid changes in temperature.",
  },

  // ── Storage ──
  {
    category: "storage",
    title: "Always store records upright",
    body: "Stack records flat and the weight of those on top will gradually warp the ones below and press ring wear into the sleeves. Store them vertically, like books on a shelf, packed firmly enough that they stand straight but not so tightly that you have to force them out. Use dividers to stop leaning in part-filled shelves.",
  },
  {
    category: "storage",
    title: "Upgrade your inner sleeves",
    body: "Plain paper inner sleeves shed fibres and can scuff the playing surface every time you slide a record in or out. Anti-static inner sleeves with a polythene or rice-paper lining are inexpensive and protect against scratches and dust. Keep the original printed inners stored separately inside the jacket, as collectors value them highly.",
  },
  {
    category: "storage",
    title: "Use outer sleeves for the artwork",
    body: "A clear polythene or polypropylene outer sleeve keeps the cover free of shelf wear, ring marks and sun fading. Choose a sleeve sized for the format, slightly larger for gatefolds, and avoid old PVC outer sleeves, which can give off chemicals over time that damage both artwork and vinyl.",
  },
  {
    category: "storage",
    title: "Keep them cool, dry and out of the sun",
    body: "Heat is the biggest enemy of vinyl. Never store records near radiators, in a car or in a sunny window, where they can warp within hours. Aim for a steady room temperature and moderate humidity; damp lofts, garages and cellars encourage mould on sleeves, and large swings in temperature will stress the discs.",
  },
  {
    category: "storage",
    title: "Choose shelving that can take the weight",
    body: "Records are heavier than they look: a single shelf cube of 80 or so LPs can weigh around 20 kilograms. Use sturdy shelving designed for records, with cubes around 33 centimetres deep and high, and fix tall units to the wall. Sagging shelves let records lean and warp, so check the supports as your collection grows.",
  },

  // ── Stylus ──
  {
    category: "stylus",
    title: "Clean the stylus from back to front",
    body: "Dust clinging to the stylus tip dulls the sound and grinds into the grooves. Use a small, soft stylus brush and sweep it gently from the back of the cartridge towards the front, in the direction the record travels. Never brush side to side or front to back, which can bend or snap the delicate cantilever.",
  },
  {
    category: "stylus",
    title: "Know when to replace your stylus",
    body: "A diamond stylus wears gradually, so the decline is easy to miss. Many styli last somewhere between 300 and 1,000 hours of play, depending on the tip shape and how clean your records are. If you hear new distortion in loud or sibilant passages, or the stylus looks chipped under magnification, replace it promptly.",
  },
  {
    category: "stylus",
    title: "Set the tracking force to the maker's figure",
    body: "Every cartridge has a recommended tracking force, usually between 1.5 and 2.5 grams. Balance the tonearm so it floats level, zero the counterweight dial, then wind in the figure from the cartridge specification, ideally checking it with a digital stylus gauge. Too light and the stylus mistracks and chatters; too heavy and it wears records faster.",
  },
  {
    category: "stylus",
    title: "Match anti-skate to tracking force",
    body: "As a record spins, the stylus is pulled towards the centre of the disc. Anti-skate applies a small counter-force so the tip sits evenly between the groove walls. Start by setting it to the same value as your tracking force, then listen for distortion favouring one channel and adjust in small steps.",
  },
  {
    category: "stylus",
    title: "Go easy with stylus cleaning gels",
    body: "Sticky gel cleaners and liquid stylus cleaners can shift stubborn grime, but use them sparingly and follow the instructions exactly. Lower the stylus gently on to the gel with the cue lever, lift it straight off and never drag it sideways. Too much liquid can wick into the cantilever's suspension and soften it over time.",
  },

  // ── Setup ──
  {
    category: "setup",
    title: "Level the turntable",
    body: "A turntable that is not level can affect tracking, speed stability and stylus wear. Place a small spirit level on the platter, or a bubble level app on a flat card on the mat, and adjust the turntable's feet or the shelf until the bubble sits in the centre in both directions. Check again after moving anything.",
  },
  {
    category: "setup",
    title: "Isolate it from vibration",
    body: "Footsteps, bass from the speakers and washing machines can all travel into the stylus and muddy the sound or cause skips. Put the turntable on a solid, rigid surface such as a wall shelf or a sturdy sideboard, away from the speakers, and consider an isolation platform if you live in a flat with bouncy floors.",
  },
  {
    category: "setup",
    title: "Align the cartridge properly",
    body: "A cartridge that is slightly twisted in its headshell will cause distortion, especially towards the end of each side. Use a printed protractor that matches your tonearm's geometry and adjust the cartridge until the cantilever lines up with the grid at both null points. Tighten the screws evenly and recheck the tracking force afterwards.",
  },
  {
    category: "setup",
    title: "Use the right phono stage",
    body: "A turntable's output is far too quiet for a normal line input, so it needs a phono stage. Many turntables and amplifiers have one built in; otherwise buy a separate unit. Match it to your cartridge type, as moving-magnet and moving-coil designs need different gain, and switch off any built-in stage you are not using.",
  },
  {
    category: "setup",
    title: "Check the speed",
    body: "A platter running slightly fast or slow changes pitch and tempo, which musicians notice straight away. Check speed with a strobe disc and a suitable strobe light, or with a smartphone speed app, and adjust the motor or replace a stretched belt if needed. Belt-drive decks usually benefit from a new belt every few years.",
  },
];
