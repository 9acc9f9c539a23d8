import type { Config } from "@react-router/dev/config";

/** A blank React Router 7 app: the floor the bench compares our initial JS against. */
export default { appDirectory: "app", ssr: true } satisfies Config;
