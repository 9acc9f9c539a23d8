// The house's rules (docs/ARCHITECTURE.md, "Layout" and "Rules checked by CI"), checked by `npm run lint:arch`
// over app/, server/, domain/, db/ and scripts/. `npm run lint` runs it, so CI's lint phase does;
// server/architecture.test.ts plants a violation of each rule and sees it fail. Paths are relative to the
// repository's root. Type-only imports count: a type circle or a type reaching across a layer is still a tie.

/** Test files: they may reach across a layer to drive it (named where a rule lets them). */
const TESTS = "\\.test\\.tsx?$";
/** Test files and the shared test helpers under tests/ (factories, test databases). */
const TEST_CODE = ["\\.test\\.tsx?$", "^tests/"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment:
        "domain/ holds the pure rules the server and the storefront share: it imports nothing of ours outside " +
        "domain/ (ARCHITECTURE.md, Layout). npm packages with no I/O are allowed (@date-fns/tz, turf). Its " +
        "tests may use tests/'s fixtures (licence barcodes): test data, no server code.",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "^(app|server|db|scripts|bench)/" },
    },
    {
      name: "domain-is-pure-tests",
      comment: "As domain-is-pure, for domain/'s own code: not even tests/'s fixtures.",
      severity: "error",
      from: { path: "^domain/", pathNot: TESTS },
      to: { path: "^tests/" },
    },
    {
      name: "domain-no-io",
      comment:
        "domain/ has no I/O, no React, no node:* (ARCHITECTURE.md, Layout): the storefront bundles it for the " +
        "browser. Its tests may use node:* (a hash to check a seeded draw).",
      severity: "error",
      from: { path: "^domain/", pathNot: TESTS },
      to: {
        dependencyTypes: ["core"],
      },
    },
    {
      name: "domain-no-react",
      comment: "domain/ has no React (ARCHITECTURE.md, Layout): components and hooks live in app/.",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "node_modules/(react|react-dom|react-router)/" },
    },
    {
      name: "app-not-server",
      comment:
        "The storefront never imports server/ or db/ (ARCHITECTURE.md, Layout): loaders call the API through " +
        "context.api, and what it answers is typed from the OpenAPI document (app/lib/api-schema.ts, " +
        "generated), not from the server's code or the database's tables. This holds for app/'s tests too.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^(server|db)/" },
    },
    {
      name: "server-not-app",
      comment:
        "The server does not import the storefront's code: it renders the built app, loaded by path at run " +
        "time (server/ssr.ts). Two exceptions: (1) type-only imports of app/lib/, the contract the server " +
        "fulfils for the app (ApiFetch, the type of context.api; SharedPageHandle, a route's handle), which " +
        "erase at build time and point the right way (the app states what it needs, the server provides it); " +
        "(2) tests, which may drive the app's loaders against a real server.",
      severity: "error",
      from: { path: "^server/", pathNot: TESTS },
      to: {
        path: "^app/",
        pathNot: "^app/lib/",
      },
    },
    {
      name: "server-not-app-runtime",
      comment:
        "server/ may name app/lib/'s types (see server-not-app) but never loads app/ code at run time: " +
        "only type-only imports cross (tests aside).",
      severity: "error",
      from: { path: "^server/", pathNot: TESTS },
      to: { path: "^app/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-below-server",
      comment:
        "db/ (migrations, table types, the seed) sits below the server: server/platform opens the database " +
        "with db/'s migrations and types, so db/ importing server/ (or app/) would tie the two in a circle " +
        "(issue 32: db/seed imported server/platform's Db).",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(server|app)/" },
    },
    {
      name: "platform-below-modules",
      comment:
        "server/platform/ (database, Redis, jobs, payment providers, metrics, shutdown) is what modules stand " +
        "on: it never imports a module (ARCHITECTURE.md, Layout). Its tests may build the whole app.",
      severity: "error",
      from: { path: "^server/platform/", pathNot: TESTS },
      to: { path: "^server/modules/" },
    },
    {
      name: "module-through-index",
      comment:
        "A module reaches another only through its exported functions (ARCHITECTURE.md, Rules of the road): " +
        "from outside server/modules/<m>/ only <m>/index.ts is imported, so a module's files can change " +
        "without breaking another. Tests are exempt: a test may set up state through another module's " +
        "internals (the rule guards the code that ships).",
      severity: "error",
      from: { path: "^(server/modules/[^/]+)/", pathNot: TEST_CODE },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: ["^$1/", "^server/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "module-through-index-from-outside",
      comment:
        "As module-through-index, for the rest of the repository (server/app.ts, server/modules/index.ts, the " +
        "platform, scripts, db): a module is entered through its index.ts.",
      severity: "error",
      from: { pathNot: ["^server/modules/[^/]+/", ...TEST_CODE] },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: "^server/modules/[^/]+/index\\.ts$",
      },
    },
    {
      name: "components-below-features",
      comment:
        "app/components/ holds the shared pieces features are built from: it never imports app/features/ " +
        "(a shared component that needs a feature is part of a feature, or the piece it needs is shared).",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/features/" },
    },
    {
      name: "no-circular",
      comment:
        "No import circles, type-only ones included: a circle makes two files one unit that neither can be " +
        "read, tested or moved without the other, and a runtime circle can see a binding before it is set.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "An import that resolves to no file is a typo or a missing package. Three kinds resolve only in the " +
        "build: React Router's generated route types (./+types/<route>, made by `react-router typegen` under " +
        ".react-router/, reached through tsconfig's rootDirs), Vite's asset suffixes (?url) and our build's own " +
        "virtual modules (virtual:…, made by plugins in vite.config.ts).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["^\\./\\+types/", "\\?url$", "^virtual:"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {},
  },
};
