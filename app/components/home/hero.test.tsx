import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toSlide } from "~/domain/home/slide-rules";
import { Hero } from "./hero";

const stored = {
  id: 7,
  title: "Record Store Day",
  description: "Limited pressings from 8 am.",
  buttonText: "See the list",
  buttonLink: "/browse?q=rsd",
  bgColor: "#0b3d2e",
  textColor: "#ffffff",
  bgImage: null,
  mobileImage: null,
};

describe("Hero", () => {
  it("shows the spec's default slide when the back office has set none", () => {
    const html = renderToString(<Hero slides={[]} />);
    expect(html).toMatch(/<h1[^>]*>Premium Vinyl Collection<\/h1>/);
    expect(html).toContain('href="/allvinyl"');
  });

  it("shows the slides set in the back office instead, the first title as the page's heading", () => {
    const html = renderToString(
      <Hero slides={[toSlide(stored), toSlide({ ...stored, id: 8, title: "Second", bgImage: "/media/slides/ab.jpg" })]} />,
    );
    expect(html).toMatch(/<h1[^>]*>Record Store Day<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Second<\/h2>/);
    expect(html).not.toContain("Premium Vinyl Collection");
    expect(html).toContain('href="/browse?q=rsd"');
    expect(html).toContain("background-color:#0b3d2e");
    // No image: no <img> for that slide; the second has its wide image, and phones get it too.
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain('src="/media/slides/ab.jpg"');
    expect(html).toContain('srcSet="/media/slides/ab.jpg"');
  });
});
