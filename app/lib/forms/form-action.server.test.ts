import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, TooManyAttemptsError, ValidationError } from "~/domain/shared/errors";
import { z } from "~/domain/shared/zod";
import { answerForm, formAction, intent, UNREADABLE_FORM } from "./form-action.server";
import type { FormReply } from "./form-reply";

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};
const reply = async (answer: unknown) => {
  const { data, init } = answer as { data: FormReply; init: { status: number; headers?: Record<string, string> } };
  return { status: init.status, headers: init.headers, ...data };
};

const packSchema = z.object({ service: z.enum(["tracked48", "tracked24"], { error: "Pick a service." }) });
const noteSchema = z.object({ note: z.string().trim().min(1, "Write a note.").max(20) });

describe("a form action with several intents", () => {
  const calls: string[] = [];
  const intents = {
    pack: intent(packSchema, (value) => {
      calls.push(`pack ${value.service}`);
      return "packed";
    }),
    note: intent(noteSchema, (value) => {
      if (value.note === "taken") throw new ConflictError("That note is taken.");
      if (value.note === "field") throw new ValidationError("Check the note.", { note: ["Too rude."] });
      if (value.note === "missing") throw new NotFoundError("No such order.");
      if (value.note === "busy") throw new TooManyAttemptsError(90, "Too many notes.");
      if (value.note === "bug") throw new Error("a bug");
      return `noted ${value.note}`;
    }),
  };

  it("runs the intent the form names with its parsed value", async () => {
    expect(await answerForm(form({ intent: "pack", service: "tracked24" }), intents)).toBe("packed");
    expect(calls).toEqual(["pack tracked24"]);
    expect(await answerForm(form({ intent: "note", note: "  hello " }), intents)).toBe("noted hello");
  });

  it("refuses an unknown or missing intent with a 400, running nothing", async () => {
    for (const fields of [{ intent: "delete" }, { intent: "toString" }, {}] as Record<string, string>[]) {
      const answer = await reply(await answerForm(form(fields), intents));
      expect(answer).toMatchObject({ status: 400, intent: null, result: { error: { "": ["Unknown action."] } } });
    }
  });

  it("answers the schema's messages on their fields, echoing what was typed", async () => {
    const answer = await reply(await answerForm(form({ intent: "note", note: "   " }), intents));
    expect(answer.status).toBe(400);
    expect(answer.intent).toBe("note");
    expect(answer.result.error).toEqual({ note: ["Write a note."] });
    expect(answer.result.initialValue).toMatchObject({ note: "   " });
  });

  it("maps a domain error to its status, its message on the form and its field messages on the fields", async () => {
    const taken = await reply(await answerForm(form({ intent: "note", note: "taken" }), intents));
    expect(taken).toMatchObject({ status: 409, intent: "note", result: { error: { "": ["That note is taken."] } } });
    const field = await reply(await answerForm(form({ intent: "note", note: "field" }), intents));
    expect(field).toMatchObject({ status: 400, result: { error: { "": ["Check the note."], note: ["Too rude."] } } });
    expect((await reply(await answerForm(form({ intent: "note", note: "missing" }), intents))).status).toBe(404);
    const busy = await reply(await answerForm(form({ intent: "note", note: "busy" }), intents));
    expect(busy.status).toBe(429);
    expect(busy.headers).toEqual({ "Retry-After": "90" });
  });

  it("throws on what is not a domain error: a bug is a 500, not a message", async () => {
    await expect(answerForm(form({ intent: "note", note: "bug" }), intents)).rejects.toThrow("a bug");
  });
});

describe("a form with one job", () => {
  it("sends no intent and is answered by its default", async () => {
    const intents = { default: intent(noteSchema, (value) => value.note.toUpperCase()) };
    expect(await answerForm(form({ note: "one" }), intents)).toBe("ONE");
  });
});

describe("a post that is no form", () => {
  it("is refused with a 400 and a message, running nothing", async () => {
    let ran = false;
    const intents = { default: intent(noteSchema, () => (ran = true)) };
    const broken = new Request("http://shop.test/admin", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: "--nope\r\nnot a part",
    });
    const answer = await reply(await formAction(broken, intents));
    expect(answer).toMatchObject({ status: 400, intent: null, result: { error: { "": [UNREADABLE_FORM] } } });
    expect(ran).toBe(false);
  });
});
