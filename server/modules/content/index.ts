/** The content module: copy texts, city pages, brand fragments, sitemap and robots.txt. */
export { contentRoutes } from "./routes.ts";
export { copyTextsSchema } from "./answers.ts";
