import { z } from "zod";

declare module "zod" {
  interface GlobalMeta {
    /**
     * The value as the API sends it, for the document (OpenAPI 3.0's schema `example`): typed as the schema's
     * output, so an example missing a field or carrying one the schema lacks does not compile.
     */
    example?: z.$output;
  }
}

/**
 * Success answers (docs/adr/0056-api-contract.md). A route declares `response: { 200: schema }` with a zod schema;
 * fastify-type-provider-zod's serializer encodes each answer through it (unknown fields stripped, a wrong shape a
 * 500) and the OpenAPI document shows it. A shape several answers share is a named component
 * (`.meta({ id: "Product" })`), tied to the domain type it serialises with `describes<T>()`.
 */

/** Optional keys made required, recursively: a key the schema lacks then differs even when it is optional. */
type AllKeys<T> = T extends readonly (infer E)[]
  ? AllKeys<E>[]
  : T extends object
    ? { [K in keyof T]-?: AllKeys<Exclude<T[K], undefined>> }
    : T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The schema, when its output is exactly the domain type T (same keys, optional ones included, same types), else
 * a compile error: `describes<Product>()(z.object({ … }))`. The type the storefront and the server share and
 * the schema the document shows then cannot drift.
 */
export function describes<T>() {
  return <S extends z.ZodType>(
    schema: S,
    ..._exact: Same<AllKeys<z.output<S>>, AllKeys<T>> extends true
      ? []
      : [`the schema's output is not exactly the domain type`]
  ): S => schema;
}

/** Money: integer cents. The example (a bottle of Buffalo Trace Bourbon) is what the document shows. */
export const cents = () => z.number().int().meta({ example: 2699 });

/** An ISO 8601 instant as the server writes it (`Date.toISOString()`): `format: date-time`. */
export const instant = () => z.iso.datetime({ offset: true }).meta({ example: "2026-11-29T01:23:05.253Z" });

/** A date without a time, YYYY-MM-DD: `format: date`. */
export const calendarDate = () => z.iso.date().meta({ example: "2026-11-28" });

/** What a call that only says it worked answers. */
export const okAnswer = z.object({ ok: z.literal(true) });

/**
 * A body serialised ahead of time (an answer cache keeps the string) through the route's success schema, as the
 * serializer would: Fastify sends a string as it is.
 */
export function serializeAnswer<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/**
 * A body from `serializeAnswer`, handed to `reply.send` where the route's answer type is expected: Fastify sends a
 * string with a JSON content type as it is, without serialising it again.
 */
export function preSerialized<T>(body: string): T {
  return body as unknown as T;
}

/** A success answer that is not JSON (a sitemap, robots.txt, an SVG): its media type and a string schema. */
export function textAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}
