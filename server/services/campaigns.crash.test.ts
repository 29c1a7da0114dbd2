/**
 * A campaign send killed mid-way and started again delivers each message exactly once, checked on an SMTP server
 * this test runs. The sender is a process of its own (tests/setup/campaign-send-worker.ts), killed with SIGKILL
 * at two points of an SMTP conversation: after the relay has the whole message but before it has said "250"
 * (so the relay has not taken it), and at MAIL FROM of a later one. Each time one message was half-sent.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignSchema } from "../../app/domain/campaigns/campaign-schema";
import { parseInput } from "../../app/domain/shared/parse-input";
import { emailOutbox, subscribers, users } from "../../db/schema";
import { parseMail } from "../../tests/setup/smtp";
import { useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
const RECIPIENTS = 24;

interface Accepted {
  to: string;
  messageId: string;
  subject: string;
  text: string;
}

/** What the relay took (answered 250 to), and hooks that let the test act at a chosen point of a conversation. */
const accepted: Accepted[] = [];
let dataSeen = 0;
let mailFromSeen = 0;
let onData: ((n: number) => Promise<boolean>) | null = null;
let onMailFrom: ((n: number) => Promise<void>) | null = null;
let server: SMTPServer;
let smtpUrl = "";

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      mailFromSeen += 1;
      void (onMailFrom?.(mailFromSeen) ?? Promise.resolve()).then(() => callback());
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        dataSeen += 1;
        const raw = Buffer.concat(chunks).toString("utf8");
        void (onData?.(dataSeen) ?? Promise.resolve(true)).then((take) => {
          if (!take) return callback(new Error("connection lost before the reply"));
          const mail = parseMail(raw);
          accepted.push({
            to: /^To: (.+)$/im.exec(raw)?.[1]?.trim() ?? "",
            messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? "",
            subject: mail.subject,
            text: mail.text,
          });
          callback();
        });
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function startSender(): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("tests/setup/campaign-send-worker.ts"), shop.t.file, smtpUrl, "1200"],
    { env: { ...process.env, ACCESS_LOG: "off" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => out };
}

const outboxStatuses = () =>
  shop.t.db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .all()
    .map((r) => r.status);

describe("a campaign send killed mid-way", () => {
  it("resumes and delivers each message exactly once", { timeout: 60_000 }, async () => {
    const db = shop.t.db;
    const user = await shop.s.accounts.register({ username: "sender", email: "sender@example.com", password: "secret-password" });
    db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    const admin = { id: user.id, username: "sender" };
    db.delete(subscribers).run();
    const emails = Array.from({ length: RECIPIENTS }, (_, i) => `reader${String(i).padStart(2, "0")}@example.com`);
    db.insert(subscribers)
      .values(emails.map((email) => ({ email, favoriteGenre: "Jazz" })))
      .run();
    const campaign = shop.s.campaigns.create(
      admin,
      parseInput(campaignSchema, { subject: "Crash-proof", body: "Hello.", segment: "all" }),
    );
    shop.s.campaigns.send(admin, { campaignId: campaign.id, expected: RECIPIENTS });

    // First run: killed while the relay holds the 6th message whole but has not answered it.
    let run = startSender();
    onData = async (n) => {
      if (n !== 6) return true;
      run.child.kill("SIGKILL");
      await run.exited;
      return false;
    };
    expect(await run.exited).not.toBe(0);
    expect(accepted).toHaveLength(5);
    expect(outboxStatuses().filter((s) => s === "sending")).toHaveLength(1);

    // Second run: takes the half-sent one up again, and is killed at MAIL FROM of its 8th conversation.
    const mailFromAtRestart = mailFromSeen;
    onData = null;
    run = startSender();
    onMailFrom = async (n) => {
      if (n !== mailFromAtRestart + 8) return;
      run.child.kill("SIGKILL");
      await run.exited;
    };
    expect(await run.exited).not.toBe(0);
    expect(accepted).toHaveLength(12);
    expect(outboxStatuses().filter((s) => s === "sending")).toHaveLength(1);

    // Third run: left alone, it finishes.
    onMailFrom = null;
    run = startSender();
    expect(await run.exited, run.output()).toBe(0);

    expect(accepted.map((m) => m.to).sort()).toEqual(emails);
    expect(new Set(accepted.map((m) => m.messageId)).size).toBe(RECIPIENTS);
    expect(accepted.every((m) => m.subject === "Crash-proof" && /unsubscribe\?token=[a-z2-7]{32}/.test(m.text))).toBe(true);
    expect(shop.s.campaigns.get(campaign.id)).toMatchObject({
      status: "sent",
      counts: { recipients: RECIPIENTS, sent: RECIPIENTS, queued: 0, failed: 0, skipped: 0 },
    });
  });
});
