interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: string[] } | null;
}

/**
 * A code-splitting group (rolldown's `codeSplitting.groups`) that gives each first screen one file
 * of its own instead of dozens of small shared ones (each a request; on HTTP/1.1 six at a time):
 * every module a `home` screen imports statically goes into that screen's chunk, and what the
 * signed-in frame imports, or more than one home screen, into `frame`'s. What any entry imports
 * statically stays with that entry (the landing page must never load the app's entry through a
 * shared component). `entries`, `frame` and `homes` are absolute module ids.
 */
export function firstScreenChunks(entries: string[], frame: string, homes: Record<string, string>) {
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
    const entryModules = new Set(entries.flatMap((entry) => [...closure(entry, ctx)]));
    for (const id of closure(frame, ctx, entryModules)) map.set(id, "frame");
    for (const [name, home] of Object.entries(homes)) {
      for (const id of closure(home, ctx, entryModules)) {
        const owner = map.get(id);
        map.set(id, owner === undefined || owner === name ? name : "frame");
      }
    }
    return map;
  };
  return {
    name(moduleId: string, ctx: ChunkingContext): string | null {
      owners ??= ownersOf(ctx);
      return owners.get(moduleId) ?? null;
    },
    includeDependenciesRecursively: false,
  };
}
