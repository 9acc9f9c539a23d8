/** Filled by vite.config.ts's `viewScripts` plugin: the chunk of each catalogue view that has one of its own. */
declare module "virtual:view-scripts" {
  const scripts: Partial<Record<"product" | "category" | "group" | "city", string>>;
  export default scripts;
}
