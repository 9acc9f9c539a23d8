import { data, Form, Link, useNavigation } from "react-router";
import { ProductPicture } from "#app/components/catalogue/product-picture.tsx";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-photos";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Product photos");

type Photo = ApiAnswer<"putProductPhoto">;

/** /console/photos (administrators, issue 34 §2): give a product its photo, see the latest, take one away. */
export async function loader({ context }: Route.LoaderArgs) {
  const recent = await context.api<ApiAnswer<"getRecentPhotos">>("/api/console/photos");
  if (!recent.ok)
    return data(
      { forbidden: apiErrorMessage(recent.data, "Only administrators can do this."), photos: [] as Photo[] },
      { status: recent.status === 403 ? 403 : 500 },
    );
  return { forbidden: null, photos: recent.data.photos };
}

type ActionAnswer =
  | { step: "uploaded"; photo: Photo }
  | { step: "removed"; sku: string }
  | { step: "error"; message: string; sku: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const sku = String(form.get("sku") ?? "")
    .trim()
    .toUpperCase();
  const fail = (message: string, status: number) =>
    data<ActionAnswer>({ step: "error", message, sku }, { status });
  if (!sku) return fail("Enter the product's SKU, as on its page (such as IA-18006-750).", 400);
  const path = `/api/console/products/${encodeURIComponent(sku)}/photo`;
  if (form.get("intent") === "remove") {
    const res = await context.api(path, { method: "DELETE" });
    if (!res.ok)
      return fail(
        apiErrorMessage(res.data, "That photo could not be taken away. Please try again."),
        res.status,
      );
    return { step: "removed", sku } satisfies ActionAnswer;
  }
  const file = form.get("photo");
  if (!(file instanceof File) || file.size === 0) return fail("Choose the photo to upload.", 400);
  const res = await context.api<Photo>(path, {
    method: "PUT",
    file: { type: file.type || "application/octet-stream", bytes: new Uint8Array(await file.arrayBuffer()) },
  });
  if (!res.ok)
    return fail(
      res.status === 415
        ? "Upload a JPEG, PNG, WebP or AVIF photo."
        : apiErrorMessage(res.data, "That photo could not be uploaded. Please try again."),
      res.status,
    );
  return { step: "uploaded", photo: res.data } satisfies ActionAnswer;
}

export default function ConsolePhotos({ loaderData, actionData: given }: Route.ComponentProps) {
  const actionData = useKeptActionData(given);
  const busy = useNavigation().state !== "idle";
  const answer = actionData as ActionAnswer | undefined;
  if (loaderData.forbidden)
    return (
      <div className="page page--narrow console">
        <ConsoleBar />
        <h1 className="page-head__title">Product photos</h1>
        <FormError message={loaderData.forbidden} />
      </div>
    );
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin />
      <header className="page-head">
        <h1 className="page-head__title">Product photos</h1>
        <p className="page-head__lead">
          A product's photo shows on its page, in listings and in the cart in place of its drawing. Upload a
          JPEG, PNG, WebP or AVIF photo up to 10 MB, at least 480 pixels on its longer side; the camera's
          details are removed.
        </p>
      </header>
      {answer?.step === "uploaded" ? (
        <div className="console-photos__done" role="status">
          <ProductPicture image={answer.photo.image} alt={answer.photo.title} box={240} size={120} />
          <p className="form-message form-message--success">
            {answer.photo.title} now shows this photo. <Link to={answer.photo.url}>See its page</Link>
          </p>
        </div>
      ) : null}
      {answer?.step === "removed" ? (
        <p className="form-message form-message--success" role="status">
          {answer.sku} shows its drawing again.
        </p>
      ) : null}
      {answer?.step === "error" ? <FormError message={answer.message} /> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="console-feed__upload"
        aria-label="Upload a photo"
      >
        <CsrfField />
        <input type="hidden" name="intent" value="upload" />
        <label>
          Product SKU
          <input
            name="sku"
            required
            autoComplete="off"
            placeholder="IA-18006-750"
            defaultValue={answer?.step === "error" ? answer.sku : ""}
          />
        </label>
        <label>
          Photo
          <input type="file" name="photo" accept="image/jpeg,image/png,image/webp,image/avif" required />
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Uploading…" : "Upload photo"}
        </button>
      </Form>
      <section aria-labelledby="recent-photos">
        <h2 id="recent-photos">Latest photos</h2>
        {loaderData.photos.length === 0 ? (
          <p>No product has a photo yet.</p>
        ) : (
          <ul className="console-photos__list">
            {loaderData.photos.map((p) => (
              <li key={p.sku}>
                <ProductPicture image={p.image} alt="" box={240} size={64} lazy />
                <span>
                  <Link to={p.url}>{p.title}</Link>
                  <br />
                  {p.sku} · {p.width}×{p.height} · {new Date(p.uploaded_at).toLocaleDateString("en-US")}
                </span>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="sku" value={p.sku} />
                  <button
                    type="submit"
                    className="button"
                    disabled={busy}
                    aria-label={`Remove the photo of ${p.title}`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
