import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the catcher received it: envelope, headers and the decoded text/plain body. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** Resolves with the first message (already caught or still to come) that matches. */
  waitFor(match: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? "" : part.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Just enough MIME to read what nodemailer sends: single part or multipart/alternative. */
export function parseMail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHeaders(raw);
  const subject = headers.get("subject") ?? "";
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  let text = "";
  let html = "";
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith("--"))
        .map((p) => splitHeaders(p.replace(/^\r?\n/, "")))
    : [{ headers, body }];
  for (const part of parts) {
    const partType = (part.headers.get("content-type") ?? "text/plain").toLowerCase();
    const decoded = decodeBody(part.headers, part.body);
    if (partType.startsWith("text/html")) html ||= decoded;
    else if (partType.startsWith("text/plain")) text ||= decoded;
  }
  return { subject, text, html };
}

/** An SMTP server on a random loopback port (no TLS, no auth) that keeps every message it receives. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: { match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMail(raw),
          raw,
        };
        messages.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (m: CaughtMail) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No matching mail within ${timeoutMs} ms (caught ${messages.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
