import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering is the baseline: every shopper flow must work without JavaScript.
  ssr: true,
  buildDirectory: process.env.BUILD_DIR || "build",
  future: {
    // Loaders get the request as it came, not two rebuilt copies of it (React Router 8's default); they read the
    // page's address from their `url` argument (docs/decisions/0041-requests-passed-through.md).
    v8_passThroughRequests: true,
  },
} satisfies Config;
