/** The round-up module's public face: its routes. */
export { roundUpRoutes } from "./routes.ts";
