import fs from "node:fs";
import path from "node:path";

/** The installed React Router's production files (the ones the server bundle runs) whose code holds `marker`. */
export function reactRouterProductionFiles(marker: string): { file: string; code: string }[] {
  const dir = path.resolve("node_modules/react-router/dist/production");
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".mjs"))
    .map((name) => ({ file: path.join(dir, name), code: fs.readFileSync(path.join(dir, name), "utf8") }))
    .filter(({ code }) => code.includes(marker));
}
