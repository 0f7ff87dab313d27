// zod compiles object parsers with `new Function` when it may, and probes for it on first use: the
// app's Content-Security-Policy allows no eval, so the probe alone is a reported violation. The
// interpreted parsers are as fast as these small forms need. Imported first by each entry.
// zod keeps its global config on globalThis (so that several copies share it) and takes an object
// already there: setting it here, without importing zod, keeps zod out of every entry's code.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
