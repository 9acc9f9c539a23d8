import { type AppLoadContext, data, redirect } from "react-router";
import type { ApiAnswer, ApiShape } from "#app/lib/api-answers.ts";
import { landingAfterSignIn } from "#domain/accounts/landing.ts";
import { returnPathOf, safeReturnTo } from "#domain/accounts/return-to.ts";
import { LOGIN_FAILED } from "#domain/copy.ts";
import { failure, formFields } from "./forms.server.ts";

/** What the code step shows after step 1 (or after a signup). */
export interface CodeStep {
  ok: true;
  intent: string;
  step: "code";
  oid: string;
  email: string;
  message: string;
  /** Carried through the code step: a page revalidated after the action no longer has it in its URL. */
  returnTo: string;
}

const stayOnCode = (f: Record<string, string>) => ({
  step: "code" as const,
  oid: f.oid,
  email: f.email,
  message: "",
  returnTo: f.returnTo ?? "",
});

const post = <T>(context: AppLoadContext, path: string, body: unknown) =>
  context.api<T>(path, { method: "POST", body });

async function codeStart(context: AppLoadContext, intent: string, email: string, returnTo: string) {
  const res = await post<ApiAnswer<"loginV2Step1">>(context, "/auth/loginV2Step1", { email });
  if (!res.ok) return failure(intent, res, "We could not send a code. Please try again.");
  return data<CodeStep>({
    ok: true,
    intent,
    step: "code",
    oid: res.data.oid,
    email,
    message: res.data.message,
    returnTo,
  });
}

/**
 * The /login page and the login modal: password, code login (both steps), and linking a social sign-in. Signed in,
 * the visitor goes back where they were sent from, else where their role lands (staff: the console).
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  const f = await formFields(request);
  const returnTo = returnPathOf(f.returnTo);
  const landed = (res: { data: ApiShape<"LoggedIn"> }) =>
    redirect(landingAfterSignIn(res.data.user.role, returnTo));
  switch (f.intent) {
    case "password": {
      const res = await post<ApiAnswer<"logIn">>(context, "/auth/login", {
        username: f.username ?? "",
        password: f.password ?? "",
      });
      return res.ok ? landed(res) : failure("password", res, LOGIN_FAILED);
    }
    case "code-start":
    case "link-code-start":
      return codeStart(context, f.intent, f.email ?? "", returnTo ?? "");
    case "code-verify": {
      const res = await post<ApiAnswer<"loginV2Step2">>(context, "/auth/loginV2Step2", {
        oid: f.oid,
        code: (f.code ?? "").trim(),
      });
      return res.ok ? landed(res) : failure("code-verify", res, LOGIN_FAILED, stayOnCode(f));
    }
    case "link-password": {
      const res = await post<ApiAnswer<"linkSSOToExistingUser">>(context, "/auth/linkSSOToExistingUser", {
        password: f.password ?? "",
      });
      return res.ok ? landed(res) : failure("link-password", res, LOGIN_FAILED);
    }
    case "link-code-verify": {
      const res = await post<ApiAnswer<"linkSSOToExistingUser">>(context, "/auth/linkSSOToExistingUser", {
        oid: f.oid,
        code: (f.code ?? "").trim(),
      });
      return res.ok ? landed(res) : failure("link-code-verify", res, LOGIN_FAILED, stayOnCode(f));
    }
    default:
      return data({ ok: false, intent: "unknown", error: "Please try again.", code: null }, { status: 400 });
  }
}

/** /signup and /signup/{promo}: the profile, then the emailed code that proves the email. */
export async function signupAction(request: Request, context: AppLoadContext, promo: string | undefined) {
  const f = await formFields(request);
  const returnTo = safeReturnTo(f.returnTo);
  if (f.intent === "code-verify") {
    const res = await post<ApiAnswer<"loginV2Step2">>(context, "/auth/loginV2Step2", {
      oid: f.oid,
      code: (f.code ?? "").trim(),
    });
    return res.ok ? redirect(returnTo) : failure("code-verify", res, LOGIN_FAILED, stayOnCode(f));
  }
  const res = await post<ApiAnswer<"signUp">>(context, "/auth/signup", {
    firstname: f.firstname ?? "",
    lastname: f.lastname ?? "",
    email: f.email ?? "",
    birthday: f.birthday ?? "",
    password: f.password || undefined,
    gender: f.gender || undefined,
    mobile: f.mobile || undefined,
    source: f.source || undefined,
    promo: promo || f.promo || undefined,
    ref: f.ref || undefined,
    direct_only: f.direct_only === "true" ? true : undefined,
  });
  if (!res.ok) return failure("signup", res, "We could not sign you up. Please try again.");
  if (res.data.status === "logged_in") return redirect(returnTo);
  return data<CodeStep>({
    ok: true,
    intent: "signup",
    step: "code",
    oid: res.data.oid,
    email: f.email ?? "",
    message: res.data.message,
    returnTo,
  });
}

/** /forgot-password: always the same answer for any email. */
export async function forgotAction(request: Request, context: AppLoadContext) {
  const f = await formFields(request);
  const res = await post<ApiAnswer<"requestPasswordReset">>(context, "/auth/forgot-password", {
    email: f.email ?? "",
  });
  if (!res.ok) return failure("forgot", res, "We could not send the link. Please try again.");
  return data({ ok: true as const, intent: "forgot", message: res.data.message });
}
