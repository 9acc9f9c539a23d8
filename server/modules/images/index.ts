export { imageRoutes } from "./routes.ts";
