import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "~/domain/shared/zod";
import { schemaValidation, useSchemaForm } from "./use-schema-form";

const schema = z.object({
  title: z.string().trim().min(1, "Enter a title").max(40),
  copies: z.coerce.number().int().min(0).max(99),
  note: z.string().max(200).optional(),
  service: z.enum(["tracked48", "tracked24"]),
});

function Example({ lastResult, nativeChecks }: { lastResult?: SubmissionResult<string[]>; nativeChecks?: boolean }) {
  const [form, fields] = useSchemaForm(schema, { id: "example", lastResult, defaultValue: { copies: "1" }, nativeChecks });
  return (
    <form method="post" {...getFormProps(form)}>
      <input {...getInputProps(fields.title, { type: "text" })} />
      <input {...getInputProps(fields.copies, { type: "number" })} />
      <input {...getInputProps(fields.note, { type: "text" })} />
      <select {...getSelectProps(fields.service)} />
      <p id={fields.title.errorId}>{fields.title.errors?.[0]}</p>
      <p id={form.errorId}>{form.errors?.[0]}</p>
    </form>
  );
}

const inputNamed = (html: string, name: string) => html.match(new RegExp(`<(?:input|select)[^>]*name="${name}"[^>]*>`))![0];

describe("useSchemaForm", () => {
  it("writes the schema's rules as native constraints, on a page the browser validates before any script runs", () => {
    const html = renderToStaticMarkup(<Example />);
    expect(html).not.toMatch(/novalidate/i);
    expect(inputNamed(html, "title")).toMatch(/required=""/);
    expect(inputNamed(html, "title")).toContain('minLength="1"');
    expect(inputNamed(html, "title")).toContain('maxLength="40"');
    expect(inputNamed(html, "copies")).toContain('min="0"');
    expect(inputNamed(html, "copies")).toContain('max="99"');
    expect(inputNamed(html, "copies")).toContain('value="1"');
    expect(inputNamed(html, "note")).not.toMatch(/required/);
    expect(inputNamed(html, "service")).toMatch(/required=""/);
  });

  it("leaves a form whose messages the server words to the server, its fields keeping their constraints", () => {
    const html = renderToStaticMarkup(<Example nativeChecks={false} />);
    expect(html).toMatch(/<form[^>]*noValidate=""/);
    expect(inputNamed(html, "title")).toMatch(/required=""/);
    expect(inputNamed(html, "title")).toContain('maxLength="40"');
  });

  it("shows the server's refusal: what was typed, the field's message and the form's", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { title: "  ", copies: "3" },
      error: { title: ["Enter a title"], "": ["That title is taken."] },
    };
    const html = renderToStaticMarkup(<Example lastResult={lastResult} />);
    expect(inputNamed(html, "title")).toContain('aria-invalid="true"');
    expect(inputNamed(html, "copies")).toContain('value="3"');
    expect(html).toContain(">Enter a title</p>");
    expect(html).toContain(">That title is taken.</p>");
  });
});

describe("schemaValidation", () => {
  const form = new FormData();
  form.set("title", " ");
  const validate = schemaValidation(schema);
  const button = (formMethod: string) => ({ formMethod }) as HTMLButtonElement;

  it("checks a post with the schema", () => {
    expect(validate({ formData: form, submitter: null }).status).toBe("error");
    expect(validate({ formData: form, submitter: button("") }).status).toBe("error");
  });

  it("lets a button that leaves with a GET (print, search) go, whatever the post would need", () => {
    expect(validate({ formData: form, submitter: button("get") }).status).toBe("success");
  });

  it("checks a button with a job of its own with that job's schema only", () => {
    const apply = schemaValidation(schema, { apply: z.object({ code: z.string().min(2, "Enter a code") }) });
    const named = (value: string) => ({ formMethod: "", name: "intent", value }) as HTMLButtonElement;
    form.set("code", "AB");
    expect(apply({ formData: form, submitter: named("apply") }).status).toBe("success");
    form.set("code", "A");
    expect(apply({ formData: form, submitter: named("apply") }).reply().error).toEqual({ code: ["Enter a code"] });
    expect(apply({ formData: form, submitter: named("toString") }).status).toBe("error");
    expect(apply({ formData: form, submitter: null }).reply().error).toHaveProperty("title");
  });
});
