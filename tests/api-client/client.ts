import type { FastifyInstance } from "fastify";
import createClient from "openapi-fetch";
import type { paths } from "../../app/lib/api-schema.ts";
import { injectFetch } from "./inject-fetch.ts";

/** The client a partner would generate from docs/openapi.json (openapi-typescript + openapi-fetch), over the app. */
export function nightcapClient(app: FastifyInstance) {
  return createClient<paths>({ baseUrl: "http://nightcap.test", fetch: injectFetch(app) });
}
