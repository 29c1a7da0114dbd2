import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CoverImage } from "./cover-image";

const render = (props: Partial<React.ComponentProps<typeof CoverImage>> = {}) =>
  renderToStaticMarkup(
    <CoverImage
      src="/media/covers/track-1.jpg"
      alt="Cover of A by B"
      sizes="(min-width: 768px) 25vw, 50vw"
      width={600}
      height={600}
      {...props}
    />,
  );

describe("CoverImage", () => {
  it("renders one srcset whose addresses leave the format to the endpoint, with sizes and a fitting src", () => {
    const html = render({ className: "h-full w-full" });
    expect(html).toMatch(/^<img loading="lazy" decoding="async" srcSet="[^"]+" sizes="[^"]+" src="[^"]+"/);
    expect(html).not.toContain("<picture");
    expect(html).not.toMatch(/\/(avif|webp|jpeg)\//);
    expect(html).toContain(
      'srcSet="/img/240/covers/track-1.jpg 240w, /img/320/covers/track-1.jpg 320w, /img/480/covers/track-1.jpg 480w, /img/640/covers/track-1.jpg 640w"',
    );
    expect(html).toContain('src="/img/640/covers/track-1.jpg"');
    expect(html.match(/sizes="\(min-width: 768px\) 25vw, 50vw"/g)).toHaveLength(1);
    expect(html).toContain('width="600" height="600"');
    expect(html).toContain('alt="Cover of A by B"');
    expect(html).toContain('class="h-full w-full"');
  });

  it("is lazy and async by default, eager and high priority for the main image", () => {
    const lazy = render();
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).toContain('decoding="async"');
    expect(lazy).not.toContain("fetchPriority");
    const priority = render({ priority: true });
    expect(priority).toContain('loading="eager"');
    expect(priority).toContain('fetchPriority="high"');
    expect(priority).not.toContain('loading="lazy"');
  });

  it("shows '.ki' covers as '.jpg' and honours custom widths", () => {
    const html = render({ src: "/media/covers/track-2.ki", widths: [100, 200] });
    expect(html).toContain("/img/100/covers/track-2.jpg 100w, ");
    expect(html).not.toContain(".ki");
  });

  it("shows addresses the endpoint cannot resize as they are, and the default sleeve for none", () => {
    const external = render({ src: "https://cdn.example.com/a.jpg" });
    expect(external).not.toContain("srcSet");
    expect(external).not.toContain("sizes");
    expect(external).toContain('src="https://cdn.example.com/a.jpg"');
    expect(render({ src: "" })).toContain("/img/640/images/default-cover.jpg");
  });

  it("gives each cover its own srcset when many are rendered, the same one again the same, custom widths their own", () => {
    const first = render({ src: "/media/covers/track-7.jpg" });
    const second = render({ src: "/media/covers/track-8.jpg" });
    expect(first).toContain("/img/240/covers/track-7.jpg 240w");
    expect(first).not.toContain("track-8");
    expect(second).toContain("/img/640/covers/track-8.jpg 640w");
    expect(render({ src: "/media/covers/track-7.jpg" })).toBe(first);
    expect(render({ src: "/media/covers/track-7.jpg", widths: [100] })).toContain('srcSet="/img/100/covers/track-7.jpg 100w"');
  });
});
