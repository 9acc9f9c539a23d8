import type { components, operations } from "./api-schema.ts";

/**
 * Types of the API's answers, read from the client types generated from the OpenAPI document (api-schema.ts,
 * written by `npm run docs:api`; docs/adr/0056-api-contract.md). The document is made from the routes' own zod
 * schemas, which also serialise each answer, so these types are what the server sends:
 *
 *   const res = await browserApi<ApiAnswer<"getCart">>("/menu/cart/v2");
 */
export type OperationId = keyof operations;

type Responses<Op extends OperationId> = operations[Op]["responses"];
type JsonOf<R> = R extends { content: { "application/json": infer Body } } ? Body : never;

/** The success statuses an operation answers with a JSON body. */
type SuccessStatus = 200 | 201 | 202;

/**
 * The JSON body of an operation's success answer (200, 201 or 202). `never` for an operation whose answer has no
 * schema yet (docs/openapi.untyped.txt lists them).
 */
export type ApiAnswer<Op extends OperationId> = {
  [S in SuccessStatus & keyof Responses<Op>]: JsonOf<Responses<Op>[S]>;
}[SuccessStatus & keyof Responses<Op>];

/** A named shape of the document (`components.schemas`), e.g. `ApiShape<"Product">`. */
export type ApiShape<Name extends keyof components["schemas"]> = components["schemas"][Name];

/** The JSON body of an operation's request, where it takes one. */
export type ApiRequestBody<Op extends OperationId> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
