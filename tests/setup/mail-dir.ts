import fs from "node:fs";
import path from "node:path";
import type { OutgoingMail } from "../../server/mail/transport";

/** Every message the MAIL_DIR transport wrote into `dir`, oldest first. */
export function mailInDir(dir: string): OutgoingMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutgoingMail);
}

/** The newest message to `to` in `dir` whose subject matches, or undefined. */
export function lastMailTo(dir: string, to: string, subject?: RegExp): OutgoingMail | undefined {
  return mailInDir(dir).findLast((m) => m.to === to && (!subject || subject.test(m.subject)));
}
