import type { FastifyInstance } from "fastify";
import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "#app/lib/api-schema.ts";
import { applySetCookies } from "#server/ssr.ts";
import { type AnswerDocument, answerChecker } from "../support/openapi-answers.ts";
import { injectFetch } from "./inject-fetch.ts";

/**
 * The client a partner would generate from docs/openapi.json (openapi-typescript + openapi-fetch), over the app.
 * It keeps cookies as the apps' HTTP stacks do (a cookie store): the delivery address POST /order/address saves
 * rides in the `address` cookie, which priced calls and checkout read.
 */
export function nightcapClient(app: FastifyInstance) {
  return createClient<paths>({ baseUrl: "http://nightcap.test", fetch: withCookies(injectFetch(app)) });
}

function withCookies(send: typeof fetch): typeof fetch {
  let jar = "";
  return async (input, init) => {
    const request = new Request(input, init);
    if (jar && !request.headers.has("cookie")) request.headers.set("cookie", jar);
    const res = await send(request);
    const set = res.headers.getSetCookie();
    if (set.length > 0) jar = applySetCookies(jar, set);
    return res;
  };
}

/**
 * A middleware checking every success answer the client gets against the document (tests/support/
 * openapi-answers.ts): what is outside it is kept in `outside`, for the test to expect none.
 */
export function answersChecked(doc: AnswerDocument): Middleware & { outside: string[]; checked: number } {
  const checker = answerChecker(doc);
  const middleware = {
    outside: [] as string[],
    checked: 0,
    async onResponse({
      request,
      response,
      schemaPath,
    }: Parameters<NonNullable<Middleware["onResponse"]>>[0]) {
      if (response.status < 200 || response.status >= 300) return undefined;
      middleware.checked += 1;
      const problem = checker.check({
        method: request.method,
        path: schemaPath,
        status: response.status,
        contentType: response.headers.get("content-type") ?? undefined,
        body: await response.clone().text(),
      });
      if (problem) middleware.outside.push(problem);
      return undefined;
    },
  };
  return middleware;
}
