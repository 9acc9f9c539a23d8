import type { FastifyInstance } from "fastify";
import createClient from "openapi-fetch";
import { injectFetch } from "./inject-fetch.ts";
import type { paths } from "./schema.ts";

/** The client a partner would generate from docs/openapi.json (openapi-typescript + openapi-fetch), over the app. */
export function nightcapClient(app: FastifyInstance) {
  return createClient<paths>({ baseUrl: "http://nightcap.test", fetch: injectFetch(app) });
}
