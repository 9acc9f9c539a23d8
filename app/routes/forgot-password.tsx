import { forgotAction } from "../features/accounts/actions.server.ts";
import { AuthLayout } from "../features/accounts/auth-layout.tsx";
import { ForgotForm, type ForgotResult } from "../features/accounts/forgot-form.tsx";
import { usePageChannel } from "../features/accounts/form-channel.tsx";
import type { Route } from "./+types/forgot-password";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Nightcap" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  return forgotAction(request, context);
}

/** /forgot-password (spec §2, full screen): a single-use reset link by email. */
export default function ForgotPassword() {
  const channel = usePageChannel<ForgotResult>();
  return (
    <AuthLayout title="Forgot password">
      <ForgotForm channel={channel} />
    </AuthLayout>
  );
}
