import { createServer, type Plugin, type PluginOption } from "vite";

const ENTRY = "/src/landing/prerender.tsx";
const PAGE = "landing.html";

/**
 * Renders the landing page to HTML (with the CSS it uses) into the built landing.html, so the
 * heading and text paint before any JavaScript runs; landing/main.tsx then hydrates it.
 * `plugins`: the ones the client's modules need to load in Node.
 */
export function prerenderLanding(plugins: PluginOption[]): Plugin {
  let root = "";
  return {
    name: "freightway:prerender-landing",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const page = bundle[PAGE];
      if (page?.type !== "asset" || typeof page.source !== "string") {
        throw new Error(`prerenderLanding: the build has no ${PAGE}`);
      }
      const template = page.source;
      if (!template.includes("<!--landing-->") || !template.includes("<!--landing-styles-->")) {
        throw new Error(`prerenderLanding: ${PAGE} lacks its <!--landing--> markers`);
      }
      const server = await createServer({
        root,
        configFile: false,
        logLevel: "error",
        plugins,
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule(
          ENTRY,
        )) as typeof import("./src/landing/prerender.tsx");
        const { html, styleTags } = renderLanding();
        page.source = template.replace("<!--landing-styles-->", styleTags).replace("<!--landing-->", html);
      } finally {
        await server.close();
      }
    },
  };
}
