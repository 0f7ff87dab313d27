import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/**
 * Screens are lazy chunks, so a cold load fetches the entry first and the screen's chunks only
 * once the entry runs. This plugin adds a tiny script to index.html that, for the paths given,
 * starts fetching the screen's chunks (modulepreload) alongside the entry.
 * Keys: an exact path ("/login") or a prefix ending in "/*" ("/admin/*"); values: the modules
 * under client/ whose chunks to preload. The first key that matches wins: exact paths first.
 */
export function preloadRoutes(routes: Record<string, string | string[]>): Plugin {
  return {
    name: "freightway:preload-routes",
    apply: "build",
    enforce: "post",
    // After Vite wrote index.html: the script goes out as a hashed asset of its own (the CSP allows
    // no inline script), and index.html loads it before the entry.
    generateBundle(_options, bundle) {
      const page = bundle["index.html"];
      if (page?.type !== "asset" || typeof page.source !== "string") {
        throw new Error("preloadRoutes: the build has no index.html");
      }
      const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) {
          closure(imported, seen);
        }
        return seen;
      };
      const table: [string, string[]][] = Object.entries(routes).map(([path, modules]) => {
        const files = new Set<string>();
        for (const module of [modules].flat()) {
          // The screen's own chunk, or the group chunk (vite.config.ts) that took it in.
          const chunk = chunks.find((candidate) =>
            candidate.moduleIds.some((id) => id.endsWith(`/client/${module}`)),
          );
          if (!chunk) throw new Error(`preloadRoutes: no chunk for ${module}`);
          closure(chunk.fileName, files);
        }
        return [path, [...files].map((file) => `/${file}`)];
      });
      const script = `(function(t,p){for(var i=0;i<t.length;i++){var k=t[i][0];if(k===p||(k.slice(-2)==="/*"&&p.indexOf(k.slice(0,-1))===0)){for(var j=0;j<t[i][1].length;j++){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=t[i][1][j];document.head.appendChild(l)}return}}})(${JSON.stringify(table)},location.pathname)`;
      const hash = createHash("sha256").update(script).digest("base64url").slice(0, 10);
      const fileName = `assets/preload-routes-${hash}.js`;
      this.emitFile({ type: "asset", fileName, source: script });
      const tag = `<script src="/${fileName}"></script>`;
      page.source = page.source.replace(/(\s*)<script type="module"/, `$1${tag}$1<script type="module"`);
      if (!page.source.includes(tag)) throw new Error("preloadRoutes: index.html has no module entry");
    },
  };
}
