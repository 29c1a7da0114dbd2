import { HOME_SLIDE_INTERVAL_MS, type Slide } from "~/domain/home/slideshow";
import { Slideshow } from "./slideshow";
import heroTall from "./hero-tall.svg?no-inline";
import heroWide from "./hero-wide.svg?no-inline";

/** Spec §2 home section 1: a single slide (spec §3 Slide shape). */
export const HOME_SLIDES: readonly Slide[] = [
  {
    id: "premium-vinyl",
    eyebrow: "Independent record shop · UK",
    title: "Premium Vinyl Collection",
    description:
      "Original pressings, careful reissues and the records everyone is waiting for — graded honestly, packed like they were our own.",
    buttonText: "Shop Collection",
    buttonLink: "/allvinyl",
    bgColor: "#16130f",
    textColor: "#ffffff",
    bgImage: heroWide,
    mobileImage: heroTall,
  },
];

/** The hero: the slides set in the back office (/marketing-tools/slides), or the spec's default slide when none is. */
export function Hero({ slides = [] }: { slides?: readonly Slide[] }) {
  return (
    <Slideshow
      slides={slides.length > 0 ? slides : HOME_SLIDES}
      interval={HOME_SLIDE_INTERVAL_MS}
      label="Featured collections"
      firstTitleIsPageHeading
    />
  );
}
