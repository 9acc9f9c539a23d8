import { redirect } from "react-router";
import type { Route } from "./+types/logout";

/** POST /logout: ends the session on the server (the API drops the cookie), then home. A GET changes nothing. */
export async function loader() {
  return redirect("/");
}

export async function action({ context }: Route.ActionArgs) {
  await context.api("/auth/logout", { method: "POST" });
  return redirect("/");
}
