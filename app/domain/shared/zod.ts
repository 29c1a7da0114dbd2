import { z } from "zod";

// Zod 4 probes `new Function` (when it builds an object schema) to speed up parsing; our CSP has no
// 'unsafe-eval', so the probe is blocked and reported. Every module under app/ imports z from here, so
// this setting runs before the first schema is built, whatever order the bundler puts modules in.
z.config({ jitless: true });

export { z };
