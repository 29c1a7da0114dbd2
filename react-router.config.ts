import type { Config } from "@react-router/dev/config";

export default {
  // Server-side rendering is the baseline: every shopper flow must work without JavaScript.
  ssr: true,
} satisfies Config;
