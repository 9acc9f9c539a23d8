import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND_CONTENT_DIR, createFragmentReader, FRAGMENT_FILE, sanitizeFragment } from "./brand-fragments.ts";

describe("sanitizeFragment", () => {
  it.each([
    ["script tags and their content", "<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
    ["event handlers", '<p onclick="steal()">Hi</p>', "<p>Hi</p>"],
    ["onerror on images", '<img src="/images/a.png" onerror="alert(1)" alt="A">', '<img src="/images/a.png" alt="A" />'],
    ["javascript: links", '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ["styles", '<style>p{color:red}</style><p style="color:red">x</p>', "<p>x</p>"],
    ["iframes", '<iframe src="https://evil.example"></iframe><p>x</p>', "<p>x</p>"],
    ["images from elsewhere", '<img src="https://evil.example/x.png"><img src="//evil.example/y.png">', ""],
    ["data: images", '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ""],
    ["forms", '<form action="/x"><input name="a"></form><p>x</p>', "<p>x</p>"],
    ["h1 (the page owns it), text kept", "<h1>Big</h1>", "Big"],
  ])("strips %s", (_what, input, output) => {
    expect(sanitizeFragment(input)).toBe(output);
  });

  it.each([
    ["headings and formatting", "<h2>Title</h2><p><strong>bold</strong> <em>it</em></p>"],
    ["lists", "<ul><li>one</li></ul><ol><li>two</li></ol>"],
    ["images from /images", '<img src="/images/brands/jameson.webp" alt="Jameson" />'],
    ["classes", '<section class="brand-story"><p>x</p></section>'],
  ])("keeps %s", (_what, html) => {
    expect(sanitizeFragment(html)).toBe(html);
  });

  it("gives every link rel=noopener noreferrer, replacing any rel sent", () => {
    expect(sanitizeFragment('<a href="/whiskey" rel="opener">Whiskey</a>')).toBe(
      '<a href="/whiskey" rel="noopener noreferrer">Whiskey</a>',
    );
    expect(sanitizeFragment('<a href="https://example.org/x" target="_blank">x</a>')).toBe(
      '<a href="https://example.org/x" rel="noopener noreferrer">x</a>',
    );
  });
});

describe("brand fragment files", () => {
  it.each([
    ["jameson-header.html", true],
    ["makers-mark-footer.html", true],
    ["../secret-header.html", false],
    ["jameson-header.htm", false],
    ["jameson.html", false],
    ["Jameson-header.html", false],
    ["jameson--header.html", false],
    ["jameson-header.html/..", false],
  ])("%s is a fragment name: %s", (name, ok) => {
    expect(FRAGMENT_FILE.test(name)).toBe(ok);
  });

  it("ships a header and a footer per written brand, each already clean", () => {
    const files = fs.readdirSync(BRAND_CONTENT_DIR).filter((f) => f.endsWith(".html"));
    const slugs = new Set(files.map((f) => f.replace(/-(header|footer)\.html$/, "")));
    expect(slugs.size).toBeGreaterThanOrEqual(3);
    for (const slug of slugs) {
      for (const part of ["header", "footer"]) {
        const file = `${slug}-${part}.html`;
        expect(files).toContain(file);
        const raw = fs.readFileSync(path.join(BRAND_CONTENT_DIR, file), "utf8");
        expect(FRAGMENT_FILE.test(file)).toBe(true);
        // Nothing in our own files is thrown away by the sanitizer (so what we wrote is what shows).
        expect(sanitizeFragment(raw).replace(/\s+/g, " ")).toBe(raw.trim().replace(/\s+/g, " ").replace(/<a href="([^"]+)">/g, '<a href="$1" rel="noopener noreferrer">'));
      }
    }
  });

  it("refuses names that could leave the folder", async () => {
    const read = createFragmentReader(BRAND_CONTENT_DIR, false);
    await expect(read("../../package.json")).rejects.toMatchObject({ status: 400 });
    await expect(read("nope-header.html")).rejects.toMatchObject({ status: 404 });
  });
});
