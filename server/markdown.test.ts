import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { countWords, readingMinutes, renderMarkdown, sanitizePostHtml } from "./markdown";

/** Every element and its attributes, as a browser would build them from the HTML. */
function elements(html: string): { name: string; attribs: Record<string, string> }[] {
  const out: { name: string; attribs: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (name, attribs) => out.push({ name, attribs }) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return out;
}

/** Nothing in the HTML can run: no script-ish element, no event handler, no script URL. */
function expectInert(html: string) {
  for (const { name, attribs } of elements(html)) {
    expect([
      "script",
      "iframe",
      "object",
      "embed",
      "style",
      "svg",
      "math",
      "form",
      "input",
      "button",
      "base",
      "meta",
      "link",
    ]).not.toContain(name);
    for (const [attr, value] of Object.entries(attribs)) {
      expect(attr).not.toMatch(/^on/i);
      expect(attr).not.toBe("style");
      expect(attr).not.toBe("srcdoc");
      if (attr === "href" || attr === "src") {
        // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL's scheme
        expect(value.replace(/[\s\x00-\x20]+/g, "")).not.toMatch(/^(javascript|data|vbscript):/i);
      }
    }
  }
}

describe("renderMarkdown", () => {
  it("renders the Markdown a post uses", () => {
    const html = renderMarkdown(
      "Intro with **bold** and *italic*.\n\n## A heading\n\n- one\n- two\n\n1. first\n\n> A pull quote.\n\n`code`",
    );
    expect(html).toContain("<p>Intro with <strong>bold</strong> and <em>italic</em>.</p>");
    expect(html).toContain("<h2>A heading</h2>");
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain("<ol>\n<li>first</li>");
    expect(html).toContain("<blockquote>\n<p>A pull quote.</p>\n</blockquote>");
    expect(html).toContain("<code>code</code>");
  });

  it("keeps the page's h1 the only one: a post's h1 becomes an h2", () => {
    expect(renderMarkdown("# Title")).toBe("<h2>Title</h2>\n");
  });

  it("drops a script and its text", () => {
    const html = renderMarkdown("Before\n\n<script>alert(1)</script>\n\nAfter <script>alert(2)</script>");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("alert(");
    expect(html).toContain("Before");
    expect(html).toContain("After");
    expectInert(html);
  });

  it("drops an image with an event handler, and an image from another host", () => {
    for (const md of [
      "<img src=x onerror=alert(1)>",
      '<img src="/media/covers/a.jpg" onerror="alert(1)">',
      "![x](https://evil.example/x.png)",
      "![x](//evil.example/x.png)",
      '<img src="/\\evil.example/x.png">',
      '<img src="\\\\evil.example/x.png">',
      "![x](data:image/svg+xml;base64,PHN2Zz4=)",
    ]) {
      const html = renderMarkdown(md);
      expect(html, md).not.toMatch(/onerror/i);
      expect(html, md).not.toContain("evil.example");
      expectInert(html);
    }
    // Our own images stay, loaded lazily, with no handler.
    const own = renderMarkdown('<img src="/media/covers/a.jpg" onerror="alert(1)" alt="A">');
    expect(own).toBe('<img src="/media/covers/a.jpg" alt="A" loading="lazy" decoding="async" />');
    expect(renderMarkdown("![Sleeve](/media/covers/a.jpg)")).toContain('<img src="/media/covers/a.jpg" alt="Sleeve"');
    // Markdown escapes a backslash in a path, so this one stays on our host ("/%5Cevil…").
    expect(renderMarkdown("![x](/\\evil.example/x.png)")).toMatch(/src="\/%5C/);
  });

  it("turns script links into plain text, in every disguise", () => {
    for (const md of [
      "[x](javascript:alert(1))",
      "[x](JaVaScRiPt:alert(1))",
      "[x](java\tscript:alert(1))",
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      "[x](vbscript:msgbox(1))",
      "[x](data:text/html,<script>alert(1)</script>)",
    ]) {
      const html = renderMarkdown(md);
      expect(html, md).not.toMatch(/<a\b/);
      expect(html, md).toContain("x");
      expectInert(html);
    }
  });

  it("marks links to other sites noopener noreferrer and leaves our own links and mail alone", () => {
    expect(renderMarkdown("[Label](https://example.com/a)")).toBe(
      '<p><a href="https://example.com/a" rel="noopener noreferrer">Label</a></p>\n',
    );
    expect(renderMarkdown('<a href="http://example.com" target="_blank" rel="opener" onclick="x()">L</a>')).toBe(
      '<p><a href="http://example.com" rel="noopener noreferrer">L</a></p>\n',
    );
    expect(renderMarkdown("[Shop](/browse?q=miles)")).toBe('<p><a href="/browse?q=miles">Shop</a></p>\n');
    expect(renderMarkdown("[Mail](mailto:shop@example.com)")).toBe('<p><a href="mailto:shop@example.com">Mail</a></p>\n');
    expect(renderMarkdown("[Protocol-relative](//example.com)")).not.toContain("href");
  });

  it("removes everything else that could run or restyle the page", () => {
    const html = renderMarkdown(
      [
        '<iframe src="https://evil.example"></iframe>',
        '<svg onload="alert(1)"><circle /></svg>',
        "<style>body{display:none}</style>",
        '<p style="position:fixed" class="evil" id="main">Styled</p>',
        '<form action="/logout"><button>Go</button></form>',
        '<object data="x.swf"></object><embed src="x.swf">',
        '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
        '<details open ontoggle="alert(1)">d</details>',
      ].join("\n\n"),
    );
    expect(html).not.toContain("display:none");
    expect(html).not.toContain("evil");
    expect(html).not.toMatch(/\bid=/);
    expect(html).toContain("<p>Styled</p>");
    expectInert(html);
  });

  it("sanitises HTML given directly too", () => {
    expect(sanitizePostHtml('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
  });
});

describe("reading time", () => {
  it("counts the words of the text, not the markup", () => {
    expect(countWords("<p>One <strong>two</strong> three-four don&#39;t</p><ul><li>five</li></ul>")).toBe(5);
    expect(countWords("<p>Rock &amp; roll</p>")).toBe(2);
    expect(countWords("")).toBe(0);
  });

  it("is words / 200 rounded up, at least one minute", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(650)).toBe(4);
  });
});
