import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering is the baseline: every shopper flow must work without JavaScript.
  ssr: true,
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
