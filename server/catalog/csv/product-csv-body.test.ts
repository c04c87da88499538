import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyHtml, readBody } from "./product-csv-body.ts";

describe("descriptions as Shopify's Body (HTML)", () => {
  it("writes the shop's two paragraphs as HTML, escaped", () => {
    expect(bodyHtml("Silk & zari <b>border</b>", "")).toBe("<p>Silk &amp; zari &lt;b&gt;border&lt;/b&gt;</p>");
    expect(bodyHtml("One\r\nline\ttwo", 'Say "hi"')).toBe("<p>One&#13;<br>line&#9;two</p><p>Say &quot;hi&quot;</p>");
  });

  it("reads back exactly what it wrote, whatever the text", () => {
    const text = fc.string({ unit: "binary", maxLength: 80 }).map((value) => value.trim());
    fc.assert(
      fc.property(text.filter(Boolean), text, (description, description1) => {
        expect(readBody(bodyHtml(description, description1))).toEqual({ description, description1 });
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads another shop's HTML as a browser shows it", () => {
    const html =
      "<!-- imported --><h2>Banarasi   saree</h2>\n<p>Handwoven <strong>Katan</strong>\n silk,<br>zari &amp; meenakari&nbsp;work.</p>\n" +
      "<style>p { color: red }</style><script>alert(1)</script>" +
      "<ul>\n  <li>6.3&nbsp;m &ndash; with blouse piece</li>\n  <li>Dry clean &#8377;&#x20B9;</li>\n</ul>";
    expect(readBody(html)).toEqual({
      description: "Banarasi   saree",
      description1: "Handwoven Katan silk,\nzari & meenakari\u00A0work.\n6.3\u00A0m – with blouse piece\nDry clean ₹₹",
    });
  });

  it("takes plain text as it is, and a stray < as text", () => {
    expect(readBody("Fits 5 < 6 feet, 100% cotton")).toEqual({
      description: "Fits 5 < 6 feet, 100% cotton",
      description1: "",
    });
    expect(readBody("&bogus; &#0; &#xD800;")).toEqual({ description: "&bogus; &#0; &#xD800;", description1: "" });
    expect(readBody("")).toEqual({ description: "", description1: "" });
  });
});
