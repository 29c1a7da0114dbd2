/**
 * "Artist Stories" for the blog (/blog, /blog/{slug}, /blog/tag/{tag}, /blog/artist/{artistName}).
 * Each post is tied to an artist spelled exactly as in REAL_RECORDS. Bodies are Markdown (350–650 words),
 * written for the shop; blockquotes are the shop's own words, never quotations of real people.
 */
import type { BlogPost } from "./types";

export const BLOG_POSTS: BlogPost[] = [
  {
    slug: "blue-train-coltranes-only-blue-note-date",
    title: "Blue Train: Coltrane's Only Blue Note Date as Leader",
    artist: "John Coltrane",
    record: "Blue Train",
    publishedAt: "2026-01-14",
    tags: ["jazz", "blue-note", "collecting"],
    excerpt: "One September day in 1957 produced a hard bop classic, and we explain what to look for when buying a copy.",
    body: `John Coltrane recorded dozens of albums, but only one as leader for Blue Note. That single session, cut in Hackensack, New Jersey, on 15 September 1957, has become one of the most loved records in the label's whole catalogue, and it is still one of the first jazz LPs people ask us about at the counter.

## A turning point in 1957

The year mattered. Coltrane had left the Miles Davis Quintet, put his personal troubles behind him and spent the summer sharpening his ideas alongside Thelonious Monk. By the time he walked into Rudy Van Gelder's studio he had a clear plan and a set of tunes that stretched the hard bop language without abandoning it.

He also had a superb band:

- **Lee Morgan** on trumpet, still a teenager and already dazzling
- **Curtis Fuller** on trombone, adding a warm, burnished third voice
- **Kenny Drew** on piano
- **Paul Chambers** on bass
- **Philly Joe Jones** on drums

## The music

The title track opens with that unforgettable, slightly ominous horn theme, voiced across three horns so it sounds bigger than a sextet has any right to. 'Moment's Notice' is a workout of quick-moving chord changes that hints at the harmonic experiments Coltrane would push further on Giant Steps. 'Locomotion' is a fast blues that lets everyone stretch out, 'Lazy Bird' is playful and sly, and the one standard, 'I'm Old Fashioned', shows how tender his ballad playing could be.

What strikes us most on every listen is the balance. Nobody overplays, the solos are long enough to develop ideas but never wander, and the ensemble passages feel carefully arranged rather than simply thrown together on the day.

> Blue Train is the record we hand to anyone who says they do not get jazz. Five tracks, no filler, and a tune you will be humming for a week.

## Buying a copy

Original 1957 pressings (catalogue number BLP 1577, in mono) are rare and expensive, and condition is everything. If you are hunting one, collectors usually check for:

1. The West 63rd Street address on the labels
2. A deep groove ring pressed into the label area
3. Van Gelder's initials stamped in the run-out groove
4. A small 'ear' symbol in the dead wax, the mark of the original pressing plant

For most listeners a modern all-analogue reissue is the smarter buy. Several recent editions were cut from the original tapes and pressed on quiet, heavyweight vinyl with faithful gatefold packaging and extra photographs from the session. They sound wonderful, cost a fraction of an original and can be played every day without worry.

## Where to go next

If Blue Train clicks for you, try Lee Morgan's The Sidewinder for more hard bop swagger, Coltrane's own Giant Steps for the harmonic fireworks, and then A Love Supreme when you are ready for something more searching. Together they trace one of the most remarkable journeys in twentieth-century music.`,
  },
  {
    slug: "kind-of-blue-why-everyone-starts-here",
    title: "Kind of Blue: Why Everyone Starts Here",
    artist: "Miles Davis",
    record: "Kind of Blue",
    publishedAt: "2026-02-04",
    tags: ["jazz", "classic-albums", "reissues"],
    excerpt: "It is the best-known jazz album on earth, and its calm, spacious sound still rewards a careful listen on vinyl.",
    body: `Walk into almost any record shop in the country and you will find a copy of Kind of Blue. Released by Columbia in 1959, it is the jazz album that people who own only one jazz album tend to own, and it is also a record that serious collectors keep returning to decades later. Here is why it deserves its reputation.

## Two sessions, very little rehearsal

The album was recorded over two days in the spring of 1959 at Columbia's 30th Street Studio in New York, a converted church famous for its natural reverb. Miles Davis brought sketches rather than fully written tunes: scales and simple frameworks instead of busy chord changes. The musicians largely discovered the pieces as the tape rolled, which is part of why the playing feels so fresh.

The line-up reads like a roll call of giants:

- **Miles Davis** on trumpet
- **John Coltrane** on tenor saxophone
- **Cannonball Adderley** on alto saxophone
- **Bill Evans** on piano, with **Wynton Kelly** on 'Freddie Freeloader'
- **Paul Chambers** on bass
- **Jimmy Cobb** on drums

## A different way to improvise

Much of the jazz of the fifties raced through complicated chord sequences. Kind of Blue slowed things down. On 'So What' the soloists have long stretches on a single scale, so each musician's personality comes through clearly: Miles spare and lyrical, Cannonball bluesy and buoyant, Coltrane already pushing towards the dense flurries that would define his next few years.

'Blue in Green' is a miniature of hushed beauty, 'All Blues' rolls along in a gentle triple time, and 'Flamenco Sketches' closes the album in a mood of almost total stillness.

> If you only ever play one side of a jazz record in a quiet room with the lights low, make it side one of Kind of Blue.

## Notes for collectors

Original mono (CL 1355) and stereo copies on Columbia's 'six-eye' labels are prized, but they come with quirks. The first side of the original issue runs slightly fast, because one of the session tape machines was running slow, so the music sounds a touch higher in pitch than it was played. Later remasters corrected this. Some early copies also list two of the side-two titles in the wrong order, a small mistake that has become a favourite piece of collector trivia.

When choosing a copy, consider:

1. **Originals** for history and that particular Columbia sound, if the surfaces are quiet
2. **Speed-corrected reissues** if you want the band at its true pitch
3. **Mono editions** for a focused, centred sound that many listeners prefer

## The long shadow

Kind of Blue influenced rock, soul, ambient and film music as well as jazz. Its calm, open sound is a reminder that leaving space can be as powerful as filling it, and that may be the best lesson any record can teach.`,
  },
  {
    slug: "ok-computer-on-vinyl-a-listeners-guide",
    title: "OK Computer on Vinyl: A Listener's Guide",
    artist: "Radiohead",
    record: "OK Computer",
    publishedAt: "2026-03-11",
    tags: ["indie", "classic-albums", "listening-guide"],
    excerpt:
      "How an Oxfordshire band recorded a landmark album in a country house, and why it plays best across four sides of vinyl.",
    body: `Radiohead's third album arrived in 1997, in the thick of Britpop, and sounded nothing like the chirpy guitar music around it. OK Computer was anxious, intricate and strangely beautiful, and nearly three decades later it remains one of the most requested records in our racks.

## A house near Bath

After early sessions elsewhere, the band decamped to St Catherine's Court, a historic manor house near Bath, to record much of the album with producer Nigel Godrich. Instead of a conventional studio they used the building itself: a ballroom for its natural reverb, staircases and corridors for unusual vocal sounds. That sense of space is audible throughout the record, and vinyl, with its wide dynamic range on a good pressing, shows it off beautifully.

## Four sides, twelve songs

The original Parlophone release came as a double LP, catalogue number NODATA 02. Spreading twelve songs over four sides, three to a side, gives the grooves room to breathe and means each side works like a short chapter:

- **Side one** runs from the rush of 'Airbag' through the multi-part 'Paranoid Android' to the space-age calm of 'Subterranean Homesick Alien'
- **Side two** moves from the drama of 'Exit Music (For a Film)' to 'Let Down' and 'Karma Police'
- **Side three** holds the unsettling spoken-word 'Fitter Happier', the bruising 'Electioneering' and the menace of 'Climbing Up the Walls'
- **Side four** winds down with 'No Surprises', 'Lucky' and the gentle close of 'The Tourist'

Getting up to turn the record over can feel like an interruption at first. In practice it gives you a moment to absorb what you have just heard, and many listeners find the album makes more sense in four movements than as one long stream.

> The best way to hear OK Computer is the old-fashioned way: sleeve in hand, lyric sheet open, phone in another room.

## The artwork

Stanley Donwood's collage artwork, made with Thom Yorke, is full of fragments of text, diagrams and motorway imagery. The larger canvas of a twelve-inch sleeve makes the details much easier to explore, and the inner sleeves continue the theme, so it is worth looking after the paper parts of your copy as carefully as the discs.

## Which edition?

Original 1997 pressings have become expensive, particularly in clean condition. The good news is that the band's own anniversary release, OKNOTOK, gathered the original album with previously unreleased songs from the same era, including 'I Promise', 'Lift' and 'Man of War'. If you want the full story, that set is a fine place to start.

When buying second-hand, we recommend checking:

1. That all four sides play without persistent surface noise
2. The condition of the printed inner sleeves
3. The matrix numbers in the dead wax, if you are paying original-pressing prices

## Why it still matters

OK Computer predicted a world of screens, stress and isolation with uncanny accuracy. Yet it is also full of melody and warmth. Put it on from the beginning, let it play through, and it still feels like the future arriving slightly ahead of schedule.`,
  },
  {
    slug: "abbey-road-the-last-thing-they-made-together",
    title: "Abbey Road: The Last Thing They Made Together",
    artist: "The Beatles",
    record: "Abbey Road",
    publishedAt: "2026-04-08",
    tags: ["rock", "classic-albums", "collecting"],
    excerpt: "The Beatles' farewell in the studio is a glorious, generous record, and its side-two medley is made for vinyl.",
    body: `By 1969 The Beatles were weary of each other and tangled in business disputes. The sessions that became Let It Be had left everyone frustrated. And yet, somehow, they returned to EMI's studios in north-west London and made one of the warmest and most polished records of their career. Abbey Road was released in September 1969, and it was the last album the four of them recorded together.

## A different kind of Beatles record

Compared with the stripped-back Let It Be sessions, Abbey Road is lush and carefully produced, with George Martin back in the producer's chair and engineers making full use of the studio's new eight-track equipment. The Moog synthesiser makes some of its earliest appearances on a major pop album here, adding an otherworldly colour to several songs.

Each member shines:

- **John Lennon** brings the swampy groove of 'Come Together' and the heavy, hypnotic 'I Want You (She's So Heavy)'
- **Paul McCartney** delivers the raw vocal of 'Oh! Darling' and much of the side-two suite
- **George Harrison** writes two of his finest songs, 'Something' and 'Here Comes the Sun'
- **Ringo Starr** contributes 'Octopus's Garden' and a rare drum solo in 'The End'

## The medley

The second side is where vinyl really earns its place. After 'Here Comes the Sun' and 'Because', a chain of short song fragments flows together without a break, building through 'You Never Give Me Your Money', 'Golden Slumbers' and 'Carry That Weight' to the climactic guitar trading of 'The End'. It is designed to be heard in one go, and dropping the needle at the start of the side to let it run is one of the great pleasures of record collecting.

Then, after a few seconds of silence, comes a tiny unlisted song, 'Her Majesty', a joke that caught out many listeners in 1969 and still surprises first-timers.

> Play side two all the way through at least once without looking at your phone. It is twenty-odd minutes of the best music the band ever made.

## The crossing

The cover photograph, taken on the zebra crossing outside the studio one August morning, is one of the most copied images in popular culture. Visitors still stop traffic there every day to recreate it, and the crossing itself has been given protected status.

## Buying Abbey Road on vinyl

There are countless pressings, and the right one depends on your budget:

1. **Early UK pressings** on Apple, catalogue number PCS 7088, are the collector's choice
2. **Later UK and European pressings** offer good value if the surfaces are clean
3. **The 50th anniversary edition** features a new stereo mix and session outtakes, ideal for those who want to hear the songs take shape

Whichever you choose, make sure both sides play cleanly, because the quiet passages of 'Because' and 'Sun King' show up every scuff. Look after it, and this is a record that will outlast all of us.`,
  },
  {
    slug: "hounds-of-love-kate-bush-at-her-peak",
    title: "Hounds of Love: Kate Bush at Her Peak",
    artist: "Kate Bush",
    record: "Hounds of Love",
    publishedAt: "2026-05-06",
    tags: ["pop", "classic-albums", "british-music"],
    excerpt: "Two sides, two very different worlds: why Hounds of Love remains the perfect album to own on vinyl.",
    body: `Hounds of Love was released in 1985, and it remains one of the most inventive albums ever made by a British artist. Kate Bush had spent years growing in confidence as a producer, and here she finally had the time, technology and independence to make a record exactly as she imagined it.

## A studio of her own

Much of the album was made in a studio she had built near her family home, away from the pressures of the big London facilities. The Fairlight sampler sits at the centre of the sound, used not as a novelty but as a way to create rhythms, choirs and textures that could not have existed a few years earlier. Alongside it are booming drums, Irish traditional instruments, cello and layer upon layer of her own voice.

## Side one: the singles

The first side is a run of five songs, and almost every one became well known:

- **'Running Up That Hill (A Deal with God)'**, with its relentless drum pattern and yearning vocal
- **'Hounds of Love'**, a thunderous, cinematic title track
- **'The Big Sky'**, a joyful celebration of daydreaming and cloud watching
- **'Mother Stands for Comfort'**, quiet and unsettling
- **'Cloudbusting'**, inspired by a father and son's story and driven by urgent strings

Decades after its release, 'Running Up That Hill' found a brand-new audience through a hit television series and returned to the top of the UK singles chart, introducing a generation of younger listeners to her whole catalogue.

## Side two: The Ninth Wave

Turn the record over and everything changes. The second side is a continuous suite called The Ninth Wave, telling the story of a woman adrift in the sea at night, drifting between consciousness and dreams, visions of the past and the hope of rescue. Voices, sound effects and music blur into one another, and by the time dawn breaks in the final song it feels as though you have lived through something.

This is where owning the album on vinyl really pays off. The side is designed to be heard uninterrupted, and the physical act of turning the record over marks the move from pop brilliance to something stranger and more profound.

> Hounds of Love is two records in one sleeve: a perfect pop album and a radio play for the imagination. Both deserve your full attention.

## Choosing an edition

The original EMI pressing, catalogue number KAB 1, is widely available and usually affordable in good condition. The more recent remastered editions, overseen by the artist herself, offer excellent sound and sturdy packaging. When you buy, consider:

1. Whether you want the original 1985 cut or a modern remaster
2. The condition of the inner sleeve with its photographs and credits
3. Quiet surfaces for the delicate opening of The Ninth Wave

Whichever you choose, set aside the best part of an hour, sit down between the speakers, and let it carry you away.`,
  },
  {
    slug: "unknown-pleasures-and-the-factory-sleeve",
    title: "Unknown Pleasures and the Art of the Factory Sleeve",
    artist: "Joy Division",
    record: "Unknown Pleasures",
    publishedAt: "2026-06-03",
    tags: ["post-punk", "design", "collecting"],
    excerpt: "A Manchester debut, a pulsar and a textured black sleeve: how Joy Division's first album became a design icon.",
    body: `Few record sleeves are as recognisable as the cover of Unknown Pleasures. Those stacked white lines on black have appeared on T-shirts, posters, mugs and tattoos, often on people who have never heard the album. But the music inside is even more remarkable, and owning it on vinyl connects you to one of the great stories of British independent music.

## Manchester, 1979

Joy Division formed in the wake of the Sex Pistols' famous Manchester gigs of 1976, and by 1979 they had found a sound entirely their own. Tony Wilson's newly founded Factory Records agreed to fund an album, and the band went into Strawberry Studios in Stockport with producer Martin Hannett.

Hannett's approach was unusual. He isolated instruments, added space and echo, and gave the drums a cold, precise quality that the band themselves were not sure about at first. The result was a record that sounded like nothing else in punk:

- **Peter Hook's** bass often carries the melody, played high up the neck
- **Bernard Sumner's** guitar slices in and out rather than dominating
- **Stephen Morris's** drums sound clipped and machine-like
- **Ian Curtis's** voice, deep and unsettled, sits right at the centre

## The pulsar

The cover image was chosen by the band and handed to designer Peter Saville. It is a plot of successive radio pulses from the first pulsar ever discovered, taken from an astronomy reference book. Saville placed it small, in white, on a black textured card sleeve, with no band name or title on the front at all. It was a bold decision for a debut album, and it helped establish Factory's reputation for uncompromising design.

The labels continued the mystery: instead of 'Side A' and 'Side B', the two sides were called 'Outside' and 'Inside'.

> A great sleeve should make you want to hear the record before you know a single note of it. Unknown Pleasures still does that, more than forty years on.

## Factory's numbering

Factory gave catalogue numbers not only to records but to posters, films and even its nightclub, the Haçienda. Unknown Pleasures was FACT 10, the label's first album. Collecting Factory releases can become a lifelong project, and we often meet customers trying to fill gaps in their numbered runs.

## What to look for

If you are shopping for Unknown Pleasures on vinyl, here is our checklist:

1. **Original Factory pressings** with the textured sleeve are the most desirable
2. **Run-out grooves** carry matrix markings that help identify early pressings
3. **Modern reissues** are cut from remastered tapes and are a very good, affordable option
4. **Sleeve condition** matters, because the textured card marks easily

Once you have it home, play it loud in a dark room. Songs like 'Disorder', 'She's Lost Control' and 'New Dawn Fades' still sound urgent and strange, and the space Hannett built into them comes alive on a good system.`,
  },
  {
    slug: "blue-lines-and-the-bristol-sound",
    title: "Blue Lines and the Birth of the Bristol Sound",
    artist: "Massive Attack",
    record: "Blue Lines",
    publishedAt: "2026-07-01",
    tags: ["electronic", "trip-hop", "british-music"],
    excerpt: "How a Bristol sound system crew slowed hip-hop down, added dub and soul, and made one of the great British debuts.",
    body: `In 1991 a group of friends from Bristol released an album that changed the sound of British music. Blue Lines was slow, soulful and heavy with bass, and it did not fit neatly into any category. Journalists eventually called it trip hop, a label the band never much liked, but whatever you call it, its influence is everywhere.

## From sound system to studio

Massive Attack grew out of the Wild Bunch, a sound system and DJ collective that played parties across Bristol in the eighties. Their sets mixed hip-hop, reggae, soul, punk and anything else that moved a room. Robert Del Naja, Grant Marshall and Andrew Vowles took that open-minded approach into the studio, with help from friends and producers who believed in them.

Instead of copying American hip-hop, they slowed the tempos right down and leaned on the deep bass of reggae sound systems. Over these grooves they placed a remarkable cast of vocalists:

- **Shara Nelson**, whose soaring voice carries 'Unfinished Sympathy' and 'Safe from Harm'
- **Horace Andy**, the Jamaican singer whose high, fragile tone became a band trademark
- **Tricky**, whose whispered, conversational rapping added an eerie edge
- **The band members themselves**, trading laid-back verses

## 'Unfinished Sympathy'

The album's most famous moment is a soul song with a full string section, a looping rhythm and a sense of longing that builds and builds. Its single release arrived during the Gulf War, and the band briefly shortened their name to avoid controversy on radio, a strange footnote in the story of a song now regarded as one of the greatest British singles ever made.

> Blue Lines is a late-night record made by people who had spent years playing other people's music to packed rooms. You can hear that love of records in every sample.

## Why vinyl suits it

This is music built on bass and space. On a decent turntable and speakers, the low end of tracks like 'Safe from Harm' and 'Daydreaming' is physical, and the gaps in the mix feel deliberate rather than empty. The album also rewards close listening to its samples, which draw on soul, funk, jazz and reggae records that fans have spent years identifying.

## Collecting Massive Attack

Original 1991 pressings on the Wild Bunch label, catalogue number WBRLP 1, are sought after and rising in price. Here is what we suggest:

1. Check the sleeve for the flame logo and the original credits
2. Play-test both sides for surface noise in the quieter passages
3. Consider a recent remastered edition if you want deep, clean bass without the collector premium

## The legacy

Blue Lines opened the door for Portishead, Tricky's solo work and countless producers who learned that British dance music could be slow, moody and deeply personal. Decades later it still sounds like a city talking to itself after dark.`,
  },
  {
    slug: "catch-a-fire-reggae-goes-global",
    title: "Catch a Fire: The Album That Took Reggae Worldwide",
    artist: "Bob Marley & The Wailers",
    record: "Catch a Fire",
    publishedAt: "2026-08-05",
    tags: ["reggae", "classic-albums", "collecting"],
    excerpt:
      "The Wailers' first album for Island was polished for rock fans in London, and its Zippo lighter sleeve is a collector's prize.",
    body: `By the early seventies the Wailers were already stars in Jamaica, with a long run of singles behind them. What they did not yet have was a worldwide audience. Catch a Fire, released by Island Records in 1973, changed that, and it set the course for everything Bob Marley would achieve in the years that followed.

## Kingston to London

The band recorded the basic tracks in Kingston with their own musicians, including the brothers Aston and Carlton Barrett, whose bass and drums would become the foundation of the Wailers' sound. Island's founder, Chris Blackwell, then took the tapes to London, where extra guitar and keyboard parts were added and the mixes were shaped for rock listeners used to long guitar solos and polished production.

Some purists grumbled, but the approach worked. The songs reached new audiences without losing their message:

- **'Concrete Jungle'** captures the frustration of life in Kingston's poorer neighbourhoods
- **'Slave Driver'** links modern hardship to the history of slavery
- **'400 Years'**, written by Peter Tosh, carries the same theme forward
- **'Stir It Up'** shows the softer, romantic side of Marley's writing

The album was a true group effort. Peter Tosh and Bunny Wailer sang and wrote alongside Marley, and their three-part harmonies are among the loveliest sounds on the record.

> Catch a Fire is the sound of a great Jamaican band being introduced to the world, and you can hear them making the most of the chance.

## The Zippo sleeve

The first pressings came in one of the most inventive sleeves of the decade: a cardboard replica of a Zippo lighter, with a hinged top that lifted up to reveal the record inside. It was expensive to produce and was soon replaced by a conventional sleeve showing a photograph of Marley. Copies of the lighter sleeve in good condition, with the hinge intact, are now highly prized.

## Two versions of the album

Years later, the original Jamaican mixes were released alongside the familiar Island version, letting listeners compare the rawer sound the band first recorded with the album the world heard in 1973. Both are worth hearing, and together they tell a fascinating story about how music is shaped for different audiences.

## Buying tips

If you want a copy for your collection, consider:

1. **Lighter sleeve originals** on Island, catalogue number ILPS 9241, for the full experience
2. **Later UK pressings** in the photo sleeve, which are more affordable
3. **Deluxe editions** with both the Jamaican and Island mixes for the complete picture

However you hear it, Catch a Fire is the beginning of one of the great journeys in popular music. Put it on, turn up the bass and let the Barrett brothers do the rest.`,
  },
  {
    slug: "dark-side-of-the-moon-the-ultimate-test-record",
    title: "The Dark Side of the Moon: The Ultimate Hi-Fi Test Record",
    artist: "Pink Floyd",
    record: "The Dark Side of the Moon",
    publishedAt: "2026-08-26",
    tags: ["rock", "hi-fi", "classic-albums"],
    excerpt: "Why generations of hi-fi enthusiasts have reached for Pink Floyd's 1973 masterpiece when testing a new system.",
    body: `Visit a hi-fi show and sooner or later somebody will put on The Dark Side of the Moon. Released on Harvest in 1973, Pink Floyd's eighth album is a thoughtful, moving piece about time, money, conflict and madness. It is also one of the best-engineered rock records ever made, which is why it has become a standard test disc for turntables, amplifiers and speakers.

## Made at Abbey Road

The band recorded the album at EMI's studios in London over many months, with Alan Parsons as engineer. They had been performing much of the material on stage before recording it, so the songs were well developed, and the studio time could be spent on detail: sound effects, tape loops, spoken voices and carefully layered instruments.

Listen out for:

- **The heartbeat** that opens and closes the album, a test of how cleanly your system handles deep, quiet bass
- **The clocks** at the start of 'Time', a burst of ringing and chiming that spreads across the stereo image
- **The cash registers** looping at the beginning of 'Money', which moves in an unusual 7/4 rhythm
- **The wordless vocal** on 'The Great Gig in the Sky', improvised by session singer Clare Torry

## A single flowing piece

Each side plays almost without a break, with songs linked by sound effects and sustained notes. That makes it ideal for vinyl: put on side one, sit down and the next twenty minutes take care of themselves. It also makes worn or noisy copies particularly frustrating, because the quiet linking passages show up every crackle.

> If you want to know what your turntable can really do, play the opening heartbeat and the clocks on 'Time'. Then forget the test and just enjoy the record.

## The sleeve and the extras

The Hipgnosis design studio created the famous prism sleeve, with the spectrum continuing across the gatefold. Original UK pressings also came with two posters and two stickers, and a complete copy with all the inserts commands a real premium. It is worth checking carefully when you buy second-hand, as the extras were often lost or pinned to bedroom walls.

## Choosing your copy

With tens of millions of copies sold, there is no shortage of editions. Our advice:

1. **Early UK Harvest pressings** (SHVL 804) with solid blue triangle labels are the classic choice
2. **Anniversary remasters** offer quiet surfaces and excellent detail for everyday listening
3. **Check the inserts**, because posters and stickers add both value and enjoyment
4. **Inspect the vinyl** under good light, especially around the quiet opening and closing grooves

## Why it endures

Beyond the technical brilliance, the album works because it speaks to ordinary worries: getting older, earning a living, losing friends and fearing the pressures of modern life. Those themes never go out of date, and the music, carefully crafted and full of feeling, will still sound extraordinary on whatever system we are all using fifty years from now.`,
  },
  {
    slug: "back-to-black-amy-winehouse-and-sixties-soul",
    title: "Back to Black: Amy Winehouse and the Sound of Sixties Soul",
    artist: "Amy Winehouse",
    record: "Back to Black",
    publishedAt: "2026-09-16",
    tags: ["soul", "british-music", "modern-classics"],
    excerpt: "Amy Winehouse's second album looked back to classic girl groups and Motown, then made something fiercely modern.",
    body: `When Back to Black arrived in 2006, it sounded both completely familiar and entirely new. The arrangements, the echo, the horns and the backing vocals all pointed back to the girl groups and soul records of the sixties. The lyrics, though, were bold, funny and painfully honest in a way that belonged only to Amy Winehouse.

## A north London voice

Amy grew up in north London surrounded by jazz and soul, and her debut album, Frank, had already shown off her remarkable phrasing and sharp wit. For her second album she wanted something closer to the records she had been listening to obsessively: the girl groups, the doo-wop ballads and the raw soul singles that had shaped her taste.

Two producers helped her get there:

- **Mark Ronson**, who built the big, reverb-rich sixties sound of songs like 'Rehab' and 'Back to Black'
- **Salaam Remi**, who had worked on Frank and brought a looser, jazzier feel to several tracks

Many of the Ronson-produced songs feature the Dap-Kings, a brilliant soul band who played with an authentic, vintage feel. Their parts were cut in their own Brooklyn studio, which gave the album much of its warm, live character.

## The songs

Back to Black is a short album, but almost every song has become well known:

1. **'Rehab'**, a defiant, funny opener with a stomping beat
2. **'You Know I'm No Good'**, sultry and self-aware
3. **'Back to Black'**, a dark, grand ballad with a funereal pulse
4. **'Tears Dry on Their Own'**, which borrows the shape of a classic Motown duet and turns it into a break-up song
5. **'Love Is a Losing Game'**, a tender, jazz-tinged ballad and perhaps her most beautiful vocal

> The secret of Back to Black is the contrast: a sound that feels like a warm old jukebox, and lyrics that could only have been written by one person in one moment.

## Why it belongs on vinyl

The album was made with analogue records in mind. Its layered backing vocals, big drums and brass benefit from the warmth of a good pressing, and the running time fits neatly on a single LP. The cover photography and inner sleeve design also echo the look of classic soul records, so holding the physical album feels right.

## Collecting Amy Winehouse

Since her death in 2011, demand for Amy's records has stayed consistently high. Original 2006 pressings have become collectable, while later editions, including deluxe sets with B-sides and live recordings, offer a fuller picture of her talent. When buying, look for:

- Clean, quiet surfaces, especially on the quieter ballads
- Intact inner sleeves with credits and photographs
- Limited coloured vinyl editions if you enjoy special pressings

## A lasting influence

Back to Black opened the door for a wave of British soul singers and reminded the wider world how powerful a great voice with a great band can be. Two decades on, it still sounds timeless, and it remains one of the records we recommend most often to new collectors.`,
  },
  {
    slug: "pink-moon-and-the-slow-discovery-of-nick-drake",
    title: "Pink Moon and the Slow Discovery of Nick Drake",
    artist: "Nick Drake",
    record: "Pink Moon",
    publishedAt: "2026-10-07",
    tags: ["folk", "british-music", "collecting"],
    excerpt: "Nick Drake's final album barely sold in 1972, yet today it is one of the most cherished records in British folk.",
    body: `When Pink Moon was released by Island Records in 1972, very few people noticed. Nick Drake had already made two beautiful albums that had failed to sell, and he had little interest in interviews or touring. Yet this brief, stark record has since found a vast audience, and for many listeners it is the definitive Nick Drake album.

## Two nights in a London studio

Unlike its predecessors, which featured string arrangements and guest musicians, Pink Moon is almost entirely Nick alone. He recorded it in two late-night sessions in London with engineer John Wood, using just his voice and acoustic guitar, plus a short piano part on the title track. The whole album lasts under half an hour.

That simplicity is its strength. Without the string arrangements of Five Leaves Left or the jazzy band of Bryter Layter, every detail of his playing and singing comes into focus:

- **Open and unusual guitar tunings** that give the chords a ringing, unresolved quality
- **A soft, close-miked voice** that sounds as though he is sitting beside you
- **Short, poetic lyrics** about nature, seasons, loneliness and hope
- **Silence**, used as carefully as sound

## The slow rise

Nick Drake died in 1974, aged just 26, believing that his music had reached almost no one. In the years that followed, musicians and fans kept his name alive, recommending his records to friends and covering his songs. His reputation grew steadily through the eighties and nineties, and a car advert in the United States that used the title track around the turn of the millennium introduced Pink Moon to a whole new generation.

> Pink Moon is a record for a quiet evening on your own. Turn the lights down, sit close to the speakers and let it play through.

## Why vinyl suits it

This is an intimate album, full of small details: the squeak of fingers on strings, breaths between lines, the natural sound of the room. A clean pressing on a good turntable reveals all of this, and because the record is so short, it is easy to play both sides in a single sitting and then start again.

## Collecting Nick Drake

Original Island pressings of all three of his albums are highly sought after and can be very expensive in good condition. For most listeners, one of the many good reissues will be a better choice. Here is our advice:

1. **Originals** on Island, with catalogue number ILPS 9184 for Pink Moon, are the collector's prize
2. **Later reissues** cut from the original tapes offer excellent sound at a fraction of the price
3. **Check the surfaces carefully**, as the quiet passages show up every crackle and click
4. **Explore the whole catalogue**, because Five Leaves Left and Bryter Layter are just as rewarding

## A quiet legacy

Nick Drake never played to big crowds, and he never had a hit. But his influence can be heard in countless singer-songwriters, and his records continue to find new listeners every year. Pink Moon, so short and so quiet, has outlasted much of the louder music of its time.`,
  },
  {
    slug: "selected-ambient-works-bedroom-recordings",
    title: "Selected Ambient Works 85–92: Bedroom Recordings That Changed Everything",
    artist: "Aphex Twin",
    record: "Selected Ambient Works 85–92",
    publishedAt: "2026-11-04",
    tags: ["electronic", "ambient", "collecting"],
    excerpt: "A young Cornish producer's homemade tracks became one of the most influential electronic albums ever released.",
    body: `In 1992 a small Belgian label released a double album of electronic music by a young producer from Cornwall. The tracks had been made over several years, many of them while Richard D. James was still a teenager, using equipment he had bought cheaply, modified or built himself. Selected Ambient Works 85–92 went on to become one of the most loved and influential electronic records of all time.

## Homemade electronics

Richard D. James had been tinkering with synthesisers and electronics since childhood. He experimented constantly, recording on to cassette and building up a large archive of tracks long before he released any of them. That DIY approach gives the album much of its character: some tracks have a slightly muffled, tape-worn sound, which only adds to their warmth and mystery.

The album appeared on Apollo, an offshoot of the Belgian techno label R&S Records. At a time when much electronic music was built for the dance floor, these tracks were gentler, more melodic and better suited to headphones and home listening.

## Highlights

Although each track has its fans, several have become especially well loved:

- **'Xtal'**, a dreamy opener with a soft, wordless vocal and shimmering synthesisers
- **'Tha'**, a long, hypnotic piece full of muffled voices and slowly evolving textures
- **'Pulsewidth'**, bright, bouncy and melodic
- **'Ageispolis'**, with its lovely, rolling melody and crisp beats
- **'Heliosphan'**, driving yet gentle, one of the most instantly catchy pieces on the album

## A new kind of ambient

Despite the title, this is not ambient music in the strict, beatless sense of Brian Eno's early works. Most tracks have rhythms, often quite prominent ones. What makes them ambient is their mood: relaxed, reflective and immersive, music that changes the feel of a room as much as it demands attention.

> Play Selected Ambient Works late at night on a good pair of headphones and you will understand why so many producers call it the record that made them want to make music.

## Collecting Aphex Twin

Richard D. James has released music under many names and in many formats, often in small runs or anonymous white-label pressings, which makes collecting his work a fascinating challenge. For this album, consider:

1. **Original Apollo pressings** from 1992, catalogue number AMB 3922, which are highly collectable
2. **Later repressings**, which are more affordable and widely available
3. **The condition of the sleeve**, with its distinctive logo design
4. **Quiet surfaces**, as the softer tracks reveal every mark

## Its lasting influence

Selected Ambient Works 85–92 inspired a generation of electronic producers and helped establish the idea of electronic music for listening rather than dancing. Three decades on, it still sounds fresh, mysterious and unmistakably personal, the work of one young musician with a bedroom full of gear and a head full of extraordinary ideas.`,
  },
];
