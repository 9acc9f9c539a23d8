/** The search module: its routes and the search service the storefront's listings go through. */
export { searchRoutes } from "./routes.ts";
export { search } from "./service.ts";
