import type { Plugin } from "vite";

/**
 * Screens are lazy chunks, so a cold load fetches the entry first and the screen's chunks only
 * once the entry runs. This plugin adds a tiny inline script to index.html that, for the paths
 * given, starts fetching the screen's chunks (modulepreload) alongside the entry.
 * Keys: an exact path ("/login") or a prefix ending in "/*" ("/admin/*"); values: the module
 * under client/ whose chunk to preload.
 */
export function preloadRoutes(routes: Record<string, string>): Plugin {
  return {
    name: "freightway:preload-routes",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        // landing.html serves "/" only and preloads its own imports.
        if (!bundle || context.path.endsWith("/landing.html")) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) {
            closure(imported, seen);
          }
          return seen;
        };
        const table: [string, string[]][] = Object.entries(routes).map(([path, module]) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/client/${module}`));
          if (!chunk) throw new Error(`preloadRoutes: no chunk for ${module}`);
          return [path, [...closure(chunk.fileName)].map((file) => `/${file}`)];
        });
        const script = `(function(t,p){for(var i=0;i<t.length;i++){var k=t[i][0];if(k===p||(k.slice(-2)==="/*"&&p.indexOf(k.slice(0,-1))===0)){for(var j=0;j<t[i][1].length;j++){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=t[i][1][j];document.head.appendChild(l)}return}}})(${JSON.stringify(table)},location.pathname)`;
        return [{ tag: "script", children: script, injectTo: "head" }];
      },
    },
  };
}
