import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "~/domain/shared/zod";

type Bounds = { minLength?: number; maxLength?: number; min?: number; max?: number };

/**
 * Conform's getZodConstraint, with the length and number bounds it misses under Zod 4.6. Conform 1.21 reads them from
 * a cache Zod 4.6 no longer fills (edmundhung/conform#1340), so alone it writes only `required` and a choice's
 * `pattern`. The bounds are read here through Zod's own `toJSONSchema` of each field. Drop the second half once a
 * Conform release reads them again.
 */
export function schemaConstraint(schema: z.ZodType): Constraints {
  // Worked out once per schema: schemas are fixed values made when their modules load, and every page render of a
  // form asked for the same answer again (a few per cent of a page's server time).
  let constraint = known.get(schema);
  if (!constraint) known.set(schema, (constraint = constraintOf(schema)));
  return constraint;
}

type Constraints = ReturnType<typeof getZodConstraint>;
const known = new WeakMap<z.ZodType, Constraints>();

function constraintOf(schema: z.ZodType): Constraints {
  // Conform refuses a form schema that ends in a transform (a form read into another shape); its fields are the
  // object's before it.
  const form = schema instanceof z.ZodPipe && schema.def.out instanceof z.ZodTransform ? schema.def.in : schema;
  const constraint = getZodConstraint(form);
  for (const [name, bounds] of fieldBounds(schema, "")) Object.assign(constraint[name] ?? {}, bounds);
  return constraint;
}

/** Each field's bounds, by the name Conform gives it (`lines[].quantity` for a list's items). */
function* fieldBounds(schema: z.ZodType, name: string): Generator<[string, Bounds]> {
  if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>))
      yield* fieldBounds(field, name ? `${name}.${key}` : key);
  } else if (schema instanceof z.ZodPipe) {
    // A preprocess reads its value with the schema after it; a transform with the one before it.
    const { in: before, out: after } = schema.def;
    yield* fieldBounds((after instanceof z.ZodTransform ? before : after) as z.ZodType, name);
  } else if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodReadonly
  ) {
    yield* fieldBounds(schema.def.innerType as z.ZodType, name);
  } else if (schema instanceof z.ZodArray) {
    if (name) yield* fieldBounds(schema.element as z.ZodType, `${name}[]`);
  } else if (schema instanceof z.ZodString || schema instanceof z.ZodNumber) {
    if (name) yield [name, leafBounds(schema)];
  }
  // A union's branches may bound a field differently: Conform keeps what they share, and so do we (nothing more).
  // A regular expression is left to the schema: it often reads the value after a trim or a change of case, which
  // an HTML pattern cannot do, so the browser would refuse what the shop accepts.
}

function leafBounds(schema: z.ZodType): Bounds {
  const json = z.toJSONSchema(schema, { unrepresentable: "any" }) as {
    type?: string;
    minLength?: number;
    maxLength?: number;
    minimum?: number;
    maximum?: number;
    exclusiveMinimum?: number;
    exclusiveMaximum?: number;
  };
  const whole = json.type === "integer";
  const bounds: Bounds = {};
  if (json.minLength !== undefined && json.minLength > 0) bounds.minLength = json.minLength;
  if (json.maxLength !== undefined) bounds.maxLength = json.maxLength;
  const min = json.minimum ?? (whole && json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + 1 : undefined);
  const max = json.maximum ?? (whole && json.exclusiveMaximum !== undefined ? json.exclusiveMaximum - 1 : undefined);
  // Zod writes a whole number's safe range as its bounds; those say nothing to a person typing.
  if (min !== undefined && Math.abs(min) < Number.MAX_SAFE_INTEGER) bounds.min = min;
  if (max !== undefined && Math.abs(max) < Number.MAX_SAFE_INTEGER) bounds.max = max;
  return bounds;
}
