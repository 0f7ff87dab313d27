import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { renderToString } from "react-dom/server";
import { LandingDocument } from "./LandingDocument.tsx";

/**
 * The landing page as HTML plus the CSS it uses, for the build (client/prerender-landing.ts). The
 * style tag carries Emotion's ids, so the browser's Emotion adopts it instead of inserting again.
 */
export function renderLanding(): { html: string; styleTags: string } {
  const cache = createCache({ key: "css" });
  // Collect every rule in the cache instead of writing style tags into the markup.
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <LandingDocument />
    </CacheProvider>,
  );
  // Class rules the markup uses are adopted under "css" (rules registered for a class it does not
  // use were merged into another one); unregistered rules come from <GlobalStyles>, which Emotion
  // adopts one by one under "css-global" (as @emotion/server writes them).
  const ids: string[] = [];
  let css = "";
  let globals = "";
  for (const [id, rule] of Object.entries(cache.inserted)) {
    if (typeof rule !== "string") continue;
    if (cache.registered[`css-${id}`] !== undefined) {
      if (!html.includes(`css-${id}`)) continue;
      ids.push(id);
      css += rule;
    } else {
      globals += `<style data-emotion="css-global ${id}">${rule}</style>`;
    }
  }
  return { html, styleTags: `${globals}<style data-emotion="css ${ids.join(" ")}">${css}</style>` };
}
