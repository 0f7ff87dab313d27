import { config } from "zod/v4/core";

// zod compiles object parsers with `new Function` when it may, and probes for it on first use: the
// app's Content-Security-Policy allows no eval, so the probe alone is a reported violation. The
// interpreted parsers are as fast as these small forms need. Imported first by each entry.
config({ jitless: true });
