import { describe, expect, it } from "vitest";
import { InvalidCredentialsError, TooManyAttemptsError } from "~/domain/shared/errors";
import { z } from "~/domain/shared/zod";
import { answerForm, intent, intentsOf, runForm } from "./form-action.server";

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};

const loginSchema = z.object({
  username: z.string().trim().min(3, "Too short."),
  password: z.string().min(6, "Password too short."),
});

describe("what a refusal sends back", () => {
  const intents = {
    login: intent(
      loginSchema,
      (value) => {
        if (value.username === "locked") throw new TooManyAttemptsError(60);
        if (value.password !== "right-one") throw new InvalidCredentialsError();
        return `welcome ${value.username}`;
      },
      { hide: ["password"], failure: "Login failed" },
    ),
    plain: intent(loginSchema, () => "ok"),
  };

  it("hands the handler's answer back as it is", async () => {
    const outcome = await runForm(form({ intent: "login", username: "ann", password: "right-one" }), intents);
    expect(outcome).toEqual({ ok: true, answer: "welcome ann" });
  });

  it("never echoes a hidden field, whether the schema or the handler refused", async () => {
    for (const password of ["12", "wrong-one"]) {
      const outcome = await runForm(form({ intent: "login", username: "ann", password }), intents);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.reply.result.initialValue).toEqual({ username: "ann" });
    }
    const plain = await runForm(form({ intent: "plain", username: "ann", password: "12" }), intents);
    expect(!plain.ok && plain.reply.result.initialValue).toMatchObject({ password: "12" });
  });

  it("pops the intent's failure toast up with the form's message, else the first field's", async () => {
    const refused = await runForm(form({ intent: "login", username: "ann", password: "wrong-one" }), intents);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      reply: {
        intent: "login",
        result: { error: { "": ["Invalid username or password"] } },
        toast: { type: "error", title: "Login failed", description: "Invalid username or password" },
      },
    });
    const invalid = await runForm(form({ intent: "login", username: "an", password: "right-one" }), intents);
    expect(invalid).toMatchObject({
      ok: false,
      status: 400,
      reply: { toast: { title: "Login failed", description: "Too short." } },
    });
    const locked = await runForm(form({ intent: "login", username: "locked", password: "right-one" }), intents);
    expect(locked).toMatchObject({ ok: false, status: 429, headers: { "Retry-After": "60" } });
  });

  it("pops nothing up for an intent without a failure title", async () => {
    const outcome = await runForm(form({ intent: "plain", username: "an", password: "12" }), intents);
    expect(!outcome.ok && outcome.reply).not.toHaveProperty("toast");
  });
});

describe("a union of forms told apart by their intent", () => {
  const buttons = z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("add"), recordId: z.coerce.number().int().positive("Pick a record.") }),
    z.object({ intent: z.literal("clear") }),
  ]);
  const intents = intentsOf(buttons.options, (value) => (value.intent === "add" ? `add ${value.recordId}` : "clear"));

  it("checks each member with its own schema and hands the parsed form to the one handler", async () => {
    expect(await answerForm(form({ intent: "add", recordId: "12" }), intents)).toBe("add 12");
    expect(await answerForm(form({ intent: "clear", recordId: "nonsense" }), intents)).toBe("clear");
    const refused = await runForm(form({ intent: "add", recordId: "0" }), intents);
    expect(!refused.ok && refused.reply).toMatchObject({ intent: "add", result: { error: { recordId: ["Pick a record."] } } });
    const unknown = await runForm(form({ intent: "steal" }), intents);
    expect(!unknown.ok && unknown.reply).toMatchObject({ intent: null, result: { error: { "": ["Unknown action."] } } });
  });
});

describe("a handler that sends the form back without refusing it", () => {
  it("echoes what was typed, its hidden fields left out, with the messages it gives", async () => {
    const intents = {
      pay: intent(loginSchema, (_value, _formData, echo) => ({ declined: echo({ formErrors: ["Declined."] }) }), {
        hide: ["password"],
      }),
    };
    const outcome = await runForm(form({ intent: "pay", username: "ann", password: "right-one" }), intents);
    expect(outcome).toMatchObject({ ok: true, answer: { declined: { error: { "": ["Declined."] } } } });
    expect(outcome.ok && outcome.answer.declined.initialValue).toEqual({ username: "ann" });
  });
});
