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
  it("renders AVIF and WebP sources and a JPEG fallback, all with srcset and sizes", () => {
    const html = render({ className: "h-full w-full" });
    expect(html).toMatch(
      /^<picture class="contents"><source type="image\/avif" srcSet="[^"]+" sizes="[^"]+"\/><source type="image\/webp"/,
    );
    expect(html).toContain('srcSet="/api/album-image?url=/media/covers/track-1.jpg&amp;width=160&amp;format=avif 160w, ');
    expect(html).toContain("width=640&amp;format=webp 640w");
    expect(html).toContain('src="/api/album-image?url=/media/covers/track-1.jpg&amp;width=640&amp;format=jpeg"');
    expect(html).toContain("width=320&amp;format=jpeg 320w");
    expect(html.match(/sizes="\(min-width: 768px\) 25vw, 50vw"/g)).toHaveLength(3);
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
    expect(html).toContain("url=/media/covers/track-2.jpg&amp;width=100&amp;format=avif 100w, ");
    expect(html).not.toContain(".ki");
  });

  it("shows addresses the endpoint cannot resize as they are, and the default sleeve for none", () => {
    const external = render({ src: "https://cdn.example.com/a.jpg" });
    expect(external).not.toContain("<picture");
    expect(external).toContain('src="https://cdn.example.com/a.jpg"');
    expect(render({ src: "" })).toContain("url=/images/default-cover.jpg");
  });
});
