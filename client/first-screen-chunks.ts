interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: string[] } | null;
}

/**
 * A code-splitting group (rolldown's `codeSplitting.groups`) that gives each first screen one file
 * of its own instead of dozens of small shared ones (each a request with about 1 KB of headers; on
 * HTTP/1.1 six at a time): every module a `home` screen imports statically goes into that screen's
 * chunk; what the signed-in frame imports, the app's entry imports, or more than one home screen,
 * into `frame`'s; and what the landing page and the app's first screens both import into `shared`.
 * What only the landing page imports statically stays with it (the landing page must never load the
 * app's entry or frame through a shared component). What the `early` modules import goes into
 * `early` (and what the landing page imports of it into `session`): chunks that import neither
 * React nor MUI nor Relay, so that the app's entry, importing them first, evaluates them before
 * those (the first screen's queries leave while the frameworks evaluate). `app`, `landing`,
 * `frame`, `homes` and `early` are absolute module ids.
 *
 * `libraries` come first, in their order: each a chunk name and the packages of the first screens it
 * holds, with every module those import (React with MUI's core for the landing page and the app; Relay with the
 * frame). What the landing page and the app share goes with the first library (one file fewer);
 * the bundler's runtime helpers go into `session`, which both load first.
 */
export function firstScreenChunks(
  app: string,
  landing: string,
  frame: string,
  homes: Record<string, string>,
  early: string[] = [],
  libraries: [string, RegExp][] = [],
) {
  let owners: Map<string, string> | null = null;
  const closure = (root: string, ctx: ChunkingContext, skip: Set<string> = new Set()) => {
    const seen = new Set<string>();
    const queue = [root];
    while (queue.length) {
      const id = queue.pop() as string;
      if (seen.has(id) || skip.has(id)) continue;
      seen.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const ownersOf = (ctx: ChunkingContext) => {
    const map = new Map<string, string>();
    const landingModules = closure(landing, ctx);
    const entry = new Set([landing]);
    const firstScreens = new Set<string>();
    for (const id of [...closure(app, ctx, landingModules), ...closure(frame, ctx, landingModules)]) {
      if (!entry.has(id)) map.set(id, "frame");
    }
    for (const [name, home] of Object.entries(homes)) {
      for (const id of closure(home, ctx, landingModules)) {
        const owner = map.get(id);
        map.set(id, owner === undefined || owner === name ? name : "frame");
      }
      for (const id of closure(home, ctx)) firstScreens.add(id);
    }
    for (const id of closure(app, ctx)) firstScreens.add(id);
    for (const id of closure(frame, ctx)) firstScreens.add(id);
    const sharedName = libraries[0]?.[0] ?? "shared";
    for (const id of landingModules) if (!entry.has(id) && firstScreens.has(id)) map.set(id, sharedName);
    for (const root of early) {
      for (const id of closure(root, ctx)) map.set(id, landingModules.has(id) ? "session" : "early");
    }
    const taken = new Set<string>();
    for (const [name, test] of libraries) {
      for (const id of firstScreens) {
        if (!test.test(id) || taken.has(id)) continue;
        for (const dep of closure(id, ctx, taken)) {
          taken.add(dep);
          map.set(dep, name);
        }
      }
    }
    return map;
  };
  return {
    name(moduleId: string, ctx: ChunkingContext): string | null {
      owners ??= ownersOf(ctx);
      if (/rolldown[\\/]runtime/.test(moduleId)) return "session";
      // A library's module that only the landing page or later screens import stays with them.
      return owners.get(moduleId) ?? null;
    },
    includeDependenciesRecursively: false,
  };
}
