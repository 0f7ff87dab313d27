import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** The text of every page of a PDF, read with Mozilla's PDF.js: proof that the file parses. */
export async function pdfText(bytes: Uint8Array): Promise<{ pageCount: number; text: string }> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const pageCount = document.numPages;
  await document.destroy();
  return { pageCount, text: pages.join("\n").replace(/\s+/g, " ") };
}
