/**
 * Vinyl Trivia (spec §2 home page section 8; the home page shows the first three). Four options each;
 * `answer` is the index of the correct option.
 */
import type { TriviaItem } from "./types";

export const TRIVIA: TriviaItem[] = [
  {
    question: "At what speed does a standard 7-inch single play?",
    options: ["33⅓ RPM", "45 RPM", "78 RPM", "16⅔ RPM"],
    answer: 1,
    explanation:
      "The 7-inch single spins at 45 revolutions per minute, a speed chosen for it in 1949. Its large centre hole suited jukeboxes and autochangers.",
  },
  {
    question: "Which company introduced the 12-inch 33⅓ RPM microgroove LP in 1948?",
    options: ["RCA Victor", "Decca", "Columbia Records", "EMI"],
    answer: 2,
    explanation:
      "Columbia Records launched the microgroove LP in 1948. Playing at 33⅓ RPM, it held around twenty minutes a side, far more than a 78.",
  },
  {
    question: "Which company launched the 7-inch single in 1949?",
    options: ["Capitol", "RCA Victor", "Columbia Records", "Philips"],
    answer: 1,
    explanation:
      "RCA Victor answered its rival's new album record with a smaller disc of its own in 1949. After a brief 'war of the speeds', the 12-inch became the album format and the 7-inch the single.",
  },
  {
    question: "Before vinyl took over, what were most 78 RPM records made from?",
    options: ["Bakelite", "Shellac", "Celluloid", "Wax cylinders"],
    answer: 1,
    explanation:
      "Most 78s were pressed from a brittle compound based on shellac, a resin secreted by the lac insect. It was heavier, noisier and far more fragile than vinyl.",
  },
  {
    question: "Which plastic are modern vinyl records mainly made from?",
    options: ["Polyethylene", "Polystyrene", "Polyvinyl chloride (PVC)", "Polycarbonate"],
    answer: 2,
    explanation:
      "Records are pressed from polyvinyl chloride, which is where the name 'vinyl' comes from. Carbon black is usually added to give the classic black colour.",
  },
  {
    question: "What does the abbreviation 'LP' stand for?",
    options: ["Limited Pressing", "Long Player", "Low Pitch", "Lacquer Print"],
    answer: 1,
    explanation:
      "LP is short for long player (or long-playing record), the name given in 1948 to the 33⅓ RPM microgroove album format.",
  },
  {
    question: "Who invented the phonograph, the first machine to record and play back sound, in 1877?",
    options: ["Emile Berliner", "Alexander Graham Bell", "Thomas Edison", "Guglielmo Marconi"],
    answer: 2,
    explanation:
      "Thomas Edison's phonograph recorded sound on tinfoil wrapped around a cylinder. Flat discs came a decade later.",
  },
  {
    question: "Who patented the gramophone, which played flat discs instead of cylinders?",
    options: ["Emile Berliner", "Thomas Edison", "Nikola Tesla", "Eldridge Johnson"],
    answer: 0,
    explanation:
      "Emile Berliner patented the gramophone in 1887. Flat discs were easier to mass-produce than cylinders and eventually won out.",
  },
  {
    question: "What does '180g' mean on a record sticker?",
    options: [
      "The record plays for 180 minutes",
      "The disc weighs 180 grams",
      "It was cut at 180 RPM",
      "It is limited to 180 copies",
    ],
    answer: 1,
    explanation:
      "180g describes the weight of the disc. Heavier pressings are more rigid and resist warping, though good mastering matters more for sound.",
  },
  {
    question: "What is usually etched into the run-out groove, or 'dead wax', of a record?",
    options: ["The lyrics", "The track listing", "Matrix and stamper numbers", "The retail price"],
    answer: 2,
    explanation:
      "Matrix numbers and other markings in the dead wax identify the lacquer and stamper used, which helps collectors tell first pressings from later ones.",
  },
  {
    question: "Why does a turntable need a phono stage (phono preamp)?",
    options: [
      "To make the platter spin at the correct speed",
      "To boost the tiny cartridge signal and apply RIAA equalisation",
      "To convert the signal to digital for the speakers",
      "To stop the record from warping",
    ],
    answer: 1,
    explanation:
      "Records are cut with bass reduced and treble boosted. The phono stage amplifies the cartridge's weak signal and reverses that RIAA curve.",
  },
  {
    question: "Which material is most commonly used for the tip of a good stylus?",
    options: ["Sapphire", "Steel", "Diamond", "Ceramic"],
    answer: 2,
    explanation:
      "Diamond is the hardest practical material, so it holds its shape for hundreds of hours in the groove. Old 78 needles were often steel and replaced after every side.",
  },
  {
    question: "Which Pink Floyd album spent more than 900 weeks on the US Billboard 200 chart?",
    options: ["Wish You Were Here", "The Wall", "The Dark Side of the Moon", "Animals"],
    answer: 2,
    explanation:
      "The Dark Side of the Moon stayed on the Billboard 200 for well over 900 weeks, one of the longest chart runs of any album.",
  },
  {
    question: "Who designed most of Blue Note Records' classic covers of the 1950s and 1960s?",
    options: ["Reid Miles", "Peter Saville", "Andy Warhol", "Storm Thorgerson"],
    answer: 0,
    explanation:
      "Reid Miles combined bold typography with Francis Wolff's photographs to create Blue Note's distinctive look, from the mid-1950s to the late 1960s.",
  },
  {
    question: "Who co-founded Blue Note Records in New York in 1939?",
    options: ["Norman Granz", "Alfred Lion", "Orrin Keepnews", "Bob Weinstock"],
    answer: 1,
    explanation:
      "German-born Alfred Lion started Blue Note in 1939, later joined by his childhood friend Francis Wolff. The other three founded Verve, Riverside and Prestige respectively.",
  },
  {
    question: "The cover of Joy Division's Unknown Pleasures shows what?",
    options: [
      "A mountain range seen from above",
      "Radio pulses from a pulsar",
      "A heart monitor trace",
      "Sound waves from a Manchester factory",
    ],
    answer: 1,
    explanation:
      "The image plots successive radio pulses from the first pulsar ever discovered. Peter Saville designed the sleeve for Factory Records.",
  },
  {
    question: "Which artist designed the peelable banana cover of The Velvet Underground & Nico?",
    options: ["Roy Lichtenstein", "Peter Blake", "Andy Warhol", "Jamie Reid"],
    answer: 2,
    explanation: "Andy Warhol managed the band at the time, and early copies invited listeners to 'peel slowly and see'.",
  },
  {
    question: "Factory Records, home of Joy Division and New Order, was based in which city?",
    options: ["Liverpool", "Sheffield", "Manchester", "Leeds"],
    answer: 2,
    explanation:
      "Tony Wilson's Factory Records was based in Manchester and even gave catalogue numbers to its nightclub, the Haçienda (FAC 51).",
  },
  {
    question: "Which label released the Sex Pistols' Never Mind the Bollocks in the UK?",
    options: ["EMI", "A&M", "Virgin", "Stiff"],
    answer: 2,
    explanation:
      "After being dropped by both EMI and A&M, the band signed to Richard Branson's Virgin Records, which released the album in 1977.",
  },
  {
    question: "Which was the last album The Beatles recorded together?",
    options: ["Let It Be", "Abbey Road", "The Beatles (the White Album)", "Magical Mystery Tour"],
    answer: 1,
    explanation:
      "Let It Be came out last, in 1970, but most of it was recorded before Abbey Road, which was the final album the four made together.",
  },
  {
    question: "In which year was the first Record Store Day held?",
    options: ["2001", "2005", "2008", "2012"],
    answer: 2,
    explanation:
      "Record Store Day began in April 2008 to celebrate independent record shops, and it now features hundreds of limited releases every year.",
  },
  {
    question: "What is a 'test pressing'?",
    options: [
      "A record that failed quality control",
      "A small early run pressed to check the sound before full manufacture",
      "A demo recording sent to radio stations",
      "A record pressed on recycled vinyl",
    ],
    answer: 1,
    explanation:
      "Test pressings are made in small numbers so the artist, label and mastering engineer can approve the sound. They usually come in plain white sleeves.",
  },
  {
    question: "What is a gatefold sleeve?",
    options: [
      "A sleeve with a cut-out window",
      "A sleeve that opens out like a book",
      "A plastic outer sleeve",
      "A sleeve made from recycled card",
    ],
    answer: 1,
    explanation:
      "A gatefold folds open like a book, doubling the space for artwork and notes. Double albums often use one to hold both discs.",
  },
];
