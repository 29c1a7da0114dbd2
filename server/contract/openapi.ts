/**
 * The OpenAPI 3.1 document of every /api call (spec §7), generated from the operation table (./operations.ts)
 * with Zod 4's own z.toJSONSchema() (JSON Schema 2020-12, which OpenAPI 3.1 uses as is): answers as sent
 * (./answers.ts), requests as the shims read them (the domain's schemas).
 */
import { z } from "zod";
import { ANSWER_SCHEMAS, API_OPERATIONS, type ApiOperation, type CacheRule } from "./operations";

/** Request bodies, by component name. */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  API_OPERATIONS.flatMap((op) => (op.body ? [[op.body.name, op.body.schema]] : [])),
);

// ---------------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------------

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Components for one direction: answers are described as sent (output), requests as accepted (input). */
function components(schemas: Record<string, z.ZodType>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, {
    io,
    uri: (id) => ref(id).$ref,
    unrepresentable: "any",
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(out).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]));
}

/** Query or path parameters: one entry per field of the object schema, as the server reads it (input). */
function parameters(schema: z.ZodObject | undefined, where: "query" | "path"): JsonSchema[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, { description, ...fieldSchema }]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: fieldSchema,
  }));
}

function cacheHeader(rule: CacheRule): JsonSchema {
  return "value" in rule
    ? { description: `Always ${rule.value}`, schema: { type: "string", const: rule.value } }
    : { description: rule.description, schema: { type: "string", pattern: rule.pattern.source } };
}

const RETRY_AFTER = { description: "Seconds until an attempt is taken again", schema: { type: "integer", minimum: 1 } };

function operationObject(op: ApiOperation): JsonSchema {
  const headers: Record<string, JsonSchema> = {};
  if (op.cache) headers["Cache-Control"] = cacheHeader(op.cache);
  for (const [name, description] of Object.entries(op.success.headers ?? {})) {
    headers[name] = { description, schema: { type: "string" } };
  }
  const content = op.success.schema
    ? { "application/json": { schema: ref(op.success.schema) } }
    : { [op.success.contentType ?? "application/octet-stream"]: {} };
  const statuses = typeof op.success.status === "number" ? [op.success.status] : op.success.status;
  const responses: Record<string, JsonSchema> = {};
  for (const status of statuses) {
    responses[String(status)] = { description: op.success.description, headers, content };
  }
  for (const [status, description] of Object.entries(op.errors ?? {})) {
    responses[status] = {
      description,
      ...(status === "429" ? { headers: { "Retry-After": RETRY_AFTER } } : {}),
      content: { "application/json": { schema: ref("Error") } },
    };
  }
  const params = [...parameters(op.params, "path"), ...parameters(op.query, "query")];
  return {
    operationId: `${op.method}${op.path.replace(/^\/api/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = "") => c.toUpperCase())}`,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(params.length ? { parameters: params } : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: ref(op.body.name) } } } } : {}),
    responses,
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of API_OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: "3.1.0",
    info: {
      title: "Needledrop REST API",
      version: "1.0.0",
      description:
        "The spec's /api calls. Requests send credentials (cookie session); mutations need a same-site Origin " +
        "header and a JSON body. Errors answer { error, message } with the same text in both.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    tags: [...new Set(API_OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components(ANSWER_SCHEMAS, "output"), ...components(REQUEST_SCHEMAS, "input") },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
