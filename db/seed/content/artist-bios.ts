/**
 * Artist Spotlight bios (spec §2 home page section 6). Each artist is spelled exactly as in REAL_RECORDS,
 * so the seed can link a featured release. Original prose, 80–140 words each.
 */
import type { ArtistBio } from "./types";

export const ARTIST_BIOS: ArtistBio[] = [
  {
    artist: "The Beatles",
    bio: "Four young men from Liverpool who rewrote the rules of popular music in less than a decade. The Beatles began as a tight, leather-jacketed beat group sharpened by long nights in Hamburg clubs, then used the studio at Abbey Road as a laboratory, pushing tape loops, orchestras and Indian instruments into the charts. For collectors their catalogue is a lifelong pursuit: early yellow-and-black Parlophone labels, mono mixes that many fans prefer to the stereo versions, and the white-sleeved double album with its stamped serial numbers. Whether you start with the beat-era energy of the early records or the studio craft of Revolver and Abbey Road, there is always another pressing detail to learn and another song to fall for.",
  },
  {
    artist: "Radiohead",
    bio: "Formed at school in Abingdon, Oxfordshire, Radiohead have spent three decades refusing to repeat themselves. They arrived with big guitar songs, grew into the anxious, widescreen rock of OK Computer, and then reinvented their sound with glitching electronics, jazz-inflected arrangements and string writing shaped by Jonny Greenwood's classical training. Their vinyl releases are a collector's delight, from the original double LP of OK Computer to the deluxe box editions that arrived with books and artwork by long-time collaborator Stanley Donwood. The band's records reward the ritual of a full album listen, with sequencing and quiet details that can get lost in shuffled playlists. Few modern groups have done more to keep the long-player alive as an art form.",
  },
  {
    artist: "Massive Attack",
    bio: "Massive Attack grew out of the Wild Bunch, a Bristol sound system crew that mixed hip-hop, reggae, soul and punk at parties across the city. Robert Del Naja, Grant Marshall and Andrew Vowles slowed the beats down, added dub-weight bass and invited extraordinary singers, from Shara Nelson and Horace Andy to Elizabeth Fraser. The result was a brooding, cinematic sound that the press called trip hop, though the band never much cared for the label. Blue Lines and Mezzanine are essential on vinyl, where the sub-bass and spacious mixes come into their own on a decent system. Original pressings are keenly sought, and the band's graffiti-inspired artwork makes every sleeve worth displaying.",
  },
  {
    artist: "The Smiths",
    bio: "In just five years the Manchester four-piece produced a body of work that still defines indie music. Morrissey's witty, literate and often mournful lyrics met Johnny Marr's shimmering, endlessly inventive guitar parts, while Andy Rourke and Mike Joyce gave the songs a supple, underrated swing. The Smiths cared deeply about the look and feel of their records, choosing cover stars from old films and sixties culture and scratching cryptic messages into the run-out grooves. That attention to detail makes them a joy to collect: original Rough Trade pressings, seven-inch singles with their distinctive tinted sleeves and the many matrix etchings give fans plenty to hunt for long after the band split in 1987.",
  },
  {
    artist: "Joy Division",
    bio: "Joy Division emerged from the Manchester punk scene in the late seventies and, in a very short career, created a sound that still casts a long shadow. Producer Martin Hannett gave their songs an eerie sense of space, while Peter Hook's high, melodic bass and Stephen Morris's precise drumming framed Ian Curtis's haunted voice. After Curtis's death in 1980 the remaining members became New Order. For collectors, the Factory Records releases are design objects as much as music, thanks to Peter Saville's minimal, striking sleeves. Original copies of Unknown Pleasures, with its textured card sleeve, are treasured, and the band's singles remain some of the most searched-for records in the British post-punk canon.",
  },
  {
    artist: "Kate Bush",
    bio: "Kate Bush was still a teenager when she signed to EMI, and her debut single arrived like nothing else on the radio. Over the following decades she built one of the most singular catalogues in British music, drawing on literature, film, folklore and dance, and taking increasing control of production with the arrival of the Fairlight sampler. Her albums are carefully sequenced worlds, best heard from start to finish on vinyl, and Hounds of Love remains a touchstone for artists across every genre. Collectors prize early EMI pressings, picture discs and the striking sleeves, while the newer remastered editions overseen by the artist herself offer a superb way to hear these intricate records in full detail.",
  },
  {
    artist: "Portishead",
    bio: "Named after a small coastal town near Bristol, Portishead paired Geoff Barrow's love of hip-hop production and old soundtrack records with Beth Gibbons's extraordinary, fragile voice. Guitarist Adrian Utley brought jazz experience and a taste for vintage equipment, and the trio pressed their own samples on to vinyl so they could scratch and degrade them for the right crackle. That painstaking approach produced Dummy, a Mercury Prize winner that still sounds unlike anything else, and later records that pushed into harsher, more experimental territory. Portishead release music rarely, so every record is an event, and original pressings are highly collectable. On a good turntable the dusty textures and deep bass show exactly why they belong on vinyl.",
  },
  {
    artist: "Oasis",
    bio: "Oasis came out of Burnage in Manchester with enormous self-belief and the songs to back it up. Noel Gallagher wrote anthems built on big chords and bigger choruses, and his brother Liam sang them with a sneer that made a generation want to start a band. Signed to Creation Records, they released two of the fastest-selling British albums of the nineties and played to vast crowds at Knebworth in 1996. Their feuds were as famous as their music, but the records endure. Original Creation pressings, promotional items and the many B-sides, which fans often rate as highly as the singles themselves, make Oasis one of the most rewarding Britpop bands to collect, and demand for their vinyl has never faded.",
  },
  {
    artist: "Blur",
    bio: "Formed in London by art-school friends, Blur began in the baggy indie scene before reinventing themselves as sharp-eyed chroniclers of British life. Damon Albarn's character sketches, Graham Coxon's inventive guitar, Alex James's melodic bass and Dave Rowntree's drumming gave Parklife and its neighbours a distinctly English wit. Later albums took in lo-fi American influences, gospel choirs and electronic textures, proving the band were far more adventurous than the Britpop tag suggested. Collectors chase original Food Records pressings, limited seven-inch singles and colourful promotional sleeves from the mid-nineties. With reunion shows bringing new listeners to their catalogue, Blur records have become steady sellers, and their sound remains a vivid snapshot of a particular moment in British pop culture.",
  },
  {
    artist: "Pink Floyd",
    bio: "Pink Floyd started as a psychedelic group in the London underground, led by the brilliant and fragile Syd Barrett. After his departure, Roger Waters, David Gilmour, Richard Wright and Nick Mason turned the band into masters of the long-form album, exploring time, madness, absence and alienation with painstaking studio craft. Their partnership with the Hipgnosis design studio produced some of the most recognisable sleeves ever printed, from the prism to the burning handshake. For vinyl lovers, Pink Floyd albums are a natural showcase: wide dynamics, sound effects panned across the speakers and inserts such as posters and stickers. Original Harvest pressings with their complete extras are prized, and the records remain favourites for testing a new hi-fi.",
  },
  {
    artist: "David Bowie",
    bio: "David Bowie spent five decades reinventing himself, and each new persona came with a new sound. He moved from folk-tinged songwriting to glam rock as Ziggy Stardust, on to plastic soul, then to the experimental Berlin-era records made with Brian Eno, and later into dance, drum and bass and jazz. Through it all he remained a remarkable songwriter with a sharp eye for collaborators and image. His catalogue is a deep well for collectors: early RCA pressings, withdrawn sleeves, promotional singles and international variations keep fans searching for years. Bowie also understood the album as a complete work, and records such as Hunky Dory and Ziggy Stardust still play best in one sitting, side after side.",
  },
  {
    artist: "The Clash",
    bio: "The Clash formed in west London in 1976 and quickly became punk's most politically engaged band. Joe Strummer and Mick Jones wrote urgent songs about unemployment, racism and city life, while Paul Simonon's love of reggae and Topper Headon's versatile drumming pushed them far beyond three-chord thrash. By London Calling they were absorbing rockabilly, ska, soul and jazz, and later records took in dub and hip-hop. The band insisted on giving fans value for money, selling double and even triple albums for little more than the price of one. Original CBS pressings, picture-sleeve singles and imports with different track listings make them a rich and rewarding band to collect.",
  },
  {
    artist: "Sex Pistols",
    bio: "Few bands have caused as much outrage in so short a time. The Sex Pistols, managed by Malcolm McLaren and styled through the King's Road boutique he ran with Vivienne Westwood, released just one studio album yet changed British music for good. Johnny Rotten's sneering vocals, Steve Jones's wall of guitar and Paul Cook's pounding drums turned songs like God Save the Queen into national scandals. The band were dropped by two labels before landing at Virgin, and that chaotic history is a gift to collectors: withdrawn singles, rare label variations and Jamie Reid's cut-and-paste artwork make original Sex Pistols records some of the most valuable and talked-about items in punk.",
  },
  {
    artist: "Amy Winehouse",
    bio: "Amy Winehouse grew up in north London steeped in jazz standards, classic soul and sixties girl groups, and she poured all of it into songs that were fiercely honest and often very funny. Her debut Frank showed off her jazz phrasing, and Back to Black, made with Mark Ronson, Salaam Remi and the Dap-Kings, turned her into a global star. Her voice, rich and instantly recognisable, sounds especially warm on vinyl, and the retro production of her second album suits the format perfectly. Since her death in 2011 her records have remained constant sellers, and collectors seek out early pressings, limited singles and deluxe editions that gather her live recordings and demos.",
  },
  {
    artist: "Aphex Twin",
    bio: "Richard D. James grew up in Cornwall, building and modifying his own electronic equipment as a teenager, and went on to become the most celebrated figure in experimental electronic music. As Aphex Twin and a host of other aliases he has released everything from gentle, melodic ambient pieces to ferociously complex, chopped-up breakbeats. His releases on Warp and his own Rephlex label are highly collectable, partly because so many were issued in small runs, on unmarked white labels or under puzzling pseudonyms. Fans enjoy the detective work of identifying rare pressings and hidden tracks. On vinyl, his lush analogue textures and sudden shifts in dynamics are a thrilling test for any stylus and speakers.",
  },
  {
    artist: "Bob Marley & The Wailers",
    bio: "Bob Marley and the Wailers grew from a harmony group in Trenchtown, Kingston, into the group that carried reggae to every corner of the globe. With Peter Tosh and Bunny Wailer they recorded ska and rocksteady in the sixties, before signing to Island Records, whose founder Chris Blackwell helped present their music to rock audiences. Marley's songs of faith, resistance and love, carried by the Barrett brothers' deep, rolling rhythm section, remain a soundtrack for protest and celebration alike. Collectors hunt for original Island pressings, Jamaican Tuff Gong issues and early singles on small labels. Few artists' records are found in so many homes, and the music still sounds vital every time the needle drops.",
  },
  {
    artist: "Björk",
    bio: "Björk Guðmundsdóttir released her first album as a child in Iceland, sang with the punk-influenced Sugarcubes and then launched one of the most adventurous solo careers in modern music. Her records blend club beats, strings, choirs, brass and custom-built instruments, and each one arrives with its own striking visual world created with photographers, designers and video directors. Her long association with the independent label One Little Indian means her vinyl releases are often lavish, with special packaging, coloured discs and limited box sets that collectors prize. Her voice, capable of a whisper and a roar within a single phrase, remains the centre of everything she does, and her albums reward close, attentive listening.",
  },
  {
    artist: "Sigur Rós",
    bio: "Sigur Rós formed in Reykjavík in 1994 and developed a sound as vast and slow-moving as the Icelandic landscape that surrounds them. Singer and guitarist Jónsi plays his guitar with a cello bow and sings in a soaring falsetto, sometimes in Icelandic and sometimes in an invented language fans call Hopelandic. Their music builds patiently from near silence to overwhelming crescendos, supported by strings, brass and keyboards. Vinyl suits the band perfectly, giving their long pieces room to breathe, and their releases often come with beautifully designed sleeves and artwork. Original pressings of their breakthrough albums are sought after, and their records are a favourite for quiet evenings and headphone listening alike.",
  },
  {
    artist: "Beyoncé",
    bio: "Beyoncé first found fame in Houston as a member of Destiny's Child before becoming one of the defining solo artists of the century. Her music moves easily between R&B, pop, hip-hop, soul, country and dance, and her albums are increasingly conceived as complete statements, accompanied by films and striking visual campaigns. Lemonade explored personal betrayal alongside Black history and Southern identity, and later projects celebrated house and country traditions with scholarly care. For collectors, her vinyl editions are eagerly awaited, often arriving in limited colours, alternative sleeves and deluxe packaging. Her meticulous production, layered harmonies and powerful vocals benefit from the warmth and depth of a well-pressed record played on a good system.",
  },
  {
    artist: "John Coltrane",
    bio: "John Coltrane's journey from sideman to spiritual seeker is one of the great stories in jazz. After paying his dues with Dizzy Gillespie and Miles Davis, he developed the dense, rapid-fire approach critics called sheets of sound, then explored modal playing and, with his classic quartet, an intensely devotional music. Blue Train, Giant Steps and A Love Supreme show three very different sides of his genius, and each is a pillar of any jazz collection. Collectors seek out original Blue Note, Prestige, Atlantic and Impulse! pressings, paying close attention to labels, addresses and deep-groove markings. In his later years he played with astonishing freedom, and his music remains a source of inspiration for musicians of every kind.",
  },
  {
    artist: "Miles Davis",
    bio: "Miles Davis changed the direction of jazz not once but several times. He helped shape the cool sound of the late forties, led a classic quintet in the fifties, explored modal improvisation on Kind of Blue and then plugged in to create jazz-rock fusion with Bitches Brew. He had a famous talent for spotting young musicians, and his bands became a training ground for future leaders including John Coltrane, Herbie Hancock and Wayne Shorter. His Columbia records are essential for any collector, with original six-eye labels and early stereo pressings especially prized. His spare, lyrical trumpet tone, often muted, is one of the most recognisable sounds in twentieth-century music and sounds glorious on vinyl.",
  },
  {
    artist: "Fleetwood Mac",
    bio: "Fleetwood Mac began in London in 1967 as a blues band led by the gifted guitarist Peter Green, and their early records remain favourites of the British blues boom. Over the following decade the line-up changed many times, and the arrival of Lindsey Buckingham and Stevie Nicks alongside Christine McVie, John McVie and Mick Fleetwood turned them into one of the biggest bands in the world. Their mid-seventies albums combine polished California production with songs shaped by complicated relationships within the group. For collectors, the band offer two very different eras: rare blues pressings on the Blue Horizon label and the multi-million-selling Warner Bros. albums that still turn up in almost every second-hand crate.",
  },
  {
    artist: "Nick Drake",
    bio: "Nick Drake recorded just three albums before his death in 1974, and during his lifetime they sold in tiny numbers. Yet his hushed voice, intricate open-tuned guitar playing and quietly devastating songs have since found an enormous audience. Produced by Joe Boyd for Island Records, his records range from the lush strings of Five Leaves Left to the stark, solitary Pink Moon. Original pink-label Island pressings are among the most treasured items in British folk collecting, and even later reissues are prized for their warmth. His music seems made for vinyl: intimate, unhurried and best heard in a quiet room, where every breath and string squeak adds to the feeling that he is playing just for you.",
  },
  {
    artist: "Marvin Gaye",
    bio: "Marvin Gaye began at Motown as a session drummer and smooth crooner before becoming one of the label's greatest hitmakers, both alone and in duets with Tammi Terrell. In 1971 he defied the company to release What's Going On, a deeply personal song cycle about war, poverty and faith that changed soul music's sense of what was possible. He followed it with sensual, meticulously produced records that shaped modern R&B. For collectors his catalogue is a treat, from early Tamla singles to original gatefold albums with their credits and photographs. The lush arrangements, layered vocals and Motown bass lines sound rich and warm on vinyl, and his finest records never seem to date.",
  },
  {
    artist: "Kraftwerk",
    bio: "Kraftwerk formed in Düsseldorf around Ralf Hütter and Florian Schneider, and from their own Kling Klang studio they imagined the sound of the future. Early records mixed organs, flutes and tape experiments, but by Autobahn they had found a clean, melodic electronic style that would influence synth-pop, hip-hop, electro, techno and house. Their albums explored motorways, railways, radio, robots and computers with wit and precision, always with striking graphic design. Collectors enjoy tracking German and English-language editions, which often differ in titles, artwork and mixes, and the band's later remastered boxes have brought the catalogue to a new generation. On vinyl, their crisp rhythms and warm analogue tones sound remarkably modern.",
  },
  {
    artist: "Joni Mitchell",
    bio: "Joni Mitchell grew up on the Canadian prairies, largely taught herself to play and developed dozens of unusual open tunings that gave her songs a sound all of their own. Her early albums established her as one of the great songwriters of her generation, with lyrics of startling candour and melodies that never take the obvious path. Through the seventies she drew increasingly on jazz, working with musicians such as Jaco Pastorius and Wayne Shorter, and also painted many of her own album covers. Original Reprise and Asylum pressings are treasured by collectors, and her intimate recordings, full of subtle detail in voice and guitar, reward careful listening on a quality system.",
  },
];
