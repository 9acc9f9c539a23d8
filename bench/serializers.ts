/**
 * The three ways an API answer can become its body (docs/adr/0056-api-contract.md, "Serialising from schemas"):
 * the zod serializer the server uses (the answer checked against the route's schema, unknown fields stripped),
 * plain JSON.stringify (no schema: the "before"), and fast-json-stringify compiled from the JSON Schema the OpenAPI
 * document publishes for the same answer.
 */
import fastJson from "fast-json-stringify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { productListSchema, searchResultsSchema } from "../server/modules/catalogue/answers.ts";

export const SERIALIZERS = ["json", "zod", "fjs"] as const;
export type SerializerKind = (typeof SERIALIZERS)[number];

export const SERIALIZER_NAMES: Record<SerializerKind, string> = {
  json: "JSON.stringify, no check",
  zod: "zod schema, the server's",
  fjs: "fast-json-stringify, document's schema",
};

/** The answers measured: the storefront's product page (getProducts) and search page (searchProducts). */
export const ANSWERS = {
  product: { operation: "getProducts", path: "/menu/product/{skus}", method: "get", zod: productListSchema },
  search: { operation: "searchProducts", path: "/menu/search/v4", method: "post", zod: searchResultsSchema },
} as const satisfies Record<string, { operation: string; path: string; method: string; zod: z.ZodType }>;
export type AnswerName = keyof typeof ANSWERS;

/** What the bench hands the serializer server: each answer's value and its schema as the document publishes it. */
export interface SerializerFixture {
  values: Record<AnswerName, unknown>;
  jsonSchemas: Record<AnswerName, object>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: object;
}

/** An operation's 200 JSON schema from the document, with the document's components for its `$ref`s to resolve. */
export function publishedSchema(doc: OpenApiDocument, name: AnswerName): object {
  const { path, method } = ANSWERS[name];
  const schema = doc.paths[path]?.[method]?.responses["200"]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`the document has no 200 JSON schema for ${method.toUpperCase()} ${path}`);
  return { ...schema, components: doc.components };
}

export function serializerFor(
  kind: SerializerKind,
  name: AnswerName,
  jsonSchema: object,
): (value: unknown) => string {
  if (kind === "json") return (value) => JSON.stringify(value);
  if (kind === "fjs") return fastJson(jsonSchema);
  const { path, method, zod } = ANSWERS[name];
  return serializerCompiler({ schema: zod, method, url: path, httpStatus: "200" });
}
