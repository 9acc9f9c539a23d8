import type { FastifyInstance, RouteOptions } from "fastify";
import { errorBodySchema } from "../errors.ts";
import { contractOf, type OperationContract, type RouteFacts } from "./route-contract.ts";

/**
 * Keeps the OpenAPI document honest, from two sides:
 * - at registration, every documented route (not `schema.hide`) must declare what the document needs and cannot
 *   guess: `schema.operationId` (camelCase, unique), `summary`, `tags`, and `config.auth`. A route without them
 *   stops the app from being built, so every test fails until it has them;
 * - in tests (`recordAnswers`), every answer a documented route gives must be one its operation lists, and every
 *   error answer must have the `Error` shape. What does not is kept in `undocumentedAnswers`, which
 *   tests/support/documented-answers.ts checks after each test file.
 */
export const undocumentedAnswers = new Set<string>();

const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;

export function checkDocumentedRoutes(app: FastifyInstance, opts: { recordAnswers: boolean }): void {
  const operationIds = new Map<string, string>();
  const contracts = new Map<string, OperationContract>();

  app.addHook("onRoute", (route) => {
    if (!isDocumented(route)) return;
    const where = `${String(route.method)} ${route.url}`;
    const schema = (route.schema ?? {}) as { operationId?: string; summary?: string; tags?: string[] };
    const problems: string[] = [];
    if (!schema.operationId || !OPERATION_ID.test(schema.operationId)) {
      problems.push("schema.operationId (camelCase, e.g. getCart)");
    } else if (operationIds.has(schema.operationId)) {
      problems.push(
        `a unique schema.operationId ("${schema.operationId}" is ${operationIds.get(schema.operationId)})`,
      );
    }
    if (!schema.summary) problems.push("schema.summary");
    if (!schema.tags?.length) problems.push("schema.tags");
    if (!route.config?.auth) problems.push('config.auth ("user", "optional" or "public")');
    if (typeof route.method !== "string") problems.push("one method per route");
    if (problems.length > 0) {
      throw new Error(
        `${where} must declare ${problems.join(", ")}: see docs/ARCHITECTURE.md, "Adding a route"`,
      );
    }
    operationIds.set(schema.operationId!, where);
    contracts.set(where, contractOf(route as unknown as RouteFacts));
  });

  if (!opts.recordAnswers) return;
  app.addHook("onSend", (req, reply, payload, done) => {
    const where = `${req.routeOptions.method} ${req.routeOptions.url}`;
    const contract = req.method === "HEAD" ? undefined : contracts.get(where);
    if (contract) {
      const status = reply.statusCode;
      const body = status >= 400 ? errorBodyOf(payload) : undefined;
      if (!contract.success.includes(status) && !contract.errors.has(status)) {
        undocumentedAnswers.add(`${where} answered ${status}${body ? ` ${body.error.code}` : ""}`);
      }
      if (status >= 400 && !body)
        undocumentedAnswers.add(`${where} answered ${status} without the Error body`);
    }
    done(null, payload);
  });
}

function isDocumented(route: RouteOptions): boolean {
  // HEAD routes are Fastify's automatic twins of GET routes; the document leaves them out.
  return route.method !== "HEAD" && (route.schema as { hide?: boolean } | undefined)?.hide !== true;
}

function errorBodyOf(payload: unknown) {
  if (typeof payload !== "string") return undefined;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
