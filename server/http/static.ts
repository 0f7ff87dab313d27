import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".map"]);

interface CachedFile {
  body: Buffer;
  gzipped: Buffer | null;
  type: string;
}

/**
 * Serves the built client: hashed assets cached for a year, gzip when asked, the prerendered
 * landing.html for "/", and index.html for every other path so the client router takes over.
 */
export function createStaticHandler(root: string): (request: Request) => Response {
  const base = resolve(root);
  const cache = new Map<string, CachedFile>();

  function load(file: string): CachedFile {
    let cached = cache.get(file);
    if (!cached) {
      const body = readFileSync(file);
      const extension = extname(file);
      cached = {
        body,
        type: TYPES[extension] ?? "application/octet-stream",
        gzipped: COMPRESSIBLE.has(extension) && body.length > 1024 ? gzipSync(body, { level: 9 }) : null,
      };
      cache.set(file, cached);
    }
    return cached;
  }

  function send(request: Request, file: string, cacheControl: string): Response {
    const { body, gzipped, type } = load(file);
    const useGzip = gzipped !== null && /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
    const payload = useGzip ? gzipped : body;
    const headers: Record<string, string> = {
      "content-type": type,
      "cache-control": cacheControl,
      "content-length": String(payload.length),
      vary: "accept-encoding",
      "x-content-type-options": "nosniff",
    };
    if (useGzip) headers["content-encoding"] = "gzip";
    return new Response(request.method === "HEAD" ? null : new Uint8Array(payload), { status: 200, headers });
  }

  return (request) => {
    const index = join(base, "index.html");
    if (!existsSync(index)) {
      return new Response("The client is not built yet: run `npm run build`.", { status: 503 });
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return new Response("Bad request: the path is not valid percent-encoded UTF-8.", { status: 400 });
    }
    if (pathname.includes("\0")) return new Response("Not found", { status: 404 });
    const candidate = normalize(join(base, pathname));
    const inside = candidate === base || candidate.startsWith(base + sep);
    if (inside && candidate !== base && existsSync(candidate) && statSync(candidate).isFile()) {
      const immutable = pathname.startsWith("/assets/");
      return send(request, candidate, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    if (pathname.startsWith("/assets/") || extname(pathname))
      return new Response("Not found", { status: 404 });
    // "/" is the landing page rendered at build time (client/landing.html), when the build has it.
    const landing = join(base, "landing.html");
    if (pathname === "/" && existsSync(landing)) return send(request, landing, "no-cache");
    return send(request, index, "no-cache");
  };
}
