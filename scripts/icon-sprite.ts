// Writes app/components/icons/icons.svg, the one sprite every page's icons point into (`npm run icons`).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSprite } from "../app/components/icons/build-sprite";

const target = fileURLToPath(new URL("../app/components/icons/icons.svg", import.meta.url));
writeFileSync(target, buildSprite());
console.log(`wrote ${target}`);
