import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { EnquiryKind } from "#domain/leads/forms.ts";
import { CsrfField } from "../accounts/session.tsx";
import type { EnquiryResult } from "./action.server.ts";
import { ENQUIRY_FIELDS, SUBMIT_LABELS } from "./fields.ts";

/**
 * A form that takes input (/retailers, /business, /apply): labelled fields, the server's message beside each
 * wrong one (announced, and the first focused), the thanks in place of the form once sent.
 */
export function EnquiryForm({
  kind,
  title,
  result,
  initial = {},
}: {
  kind: EnquiryKind;
  title: string;
  result: EnquiryResult | undefined;
  initial?: Record<string, string>;
}) {
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const failed = result && !result.ok ? result : null;

  useEffect(() => {
    if (!failed) return;
    const first = Object.keys(failed.errors)[0];
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  }, [failed]);

  if (result?.ok)
    return (
      <section className="enquiry" aria-labelledby={`${kind}-title`}>
        <h2 id={`${kind}-title`}>{title}</h2>
        <p className="form-message form-message--info" role="status">
          {result.message}
        </p>
      </section>
    );

  const values = failed?.values ?? initial;
  return (
    <section className="enquiry" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`}>{title}</h2>
      {failed ? (
        <p className="form-message form-message--error" role="alert">
          {failed.message}
        </p>
      ) : null}
      <Form
        method="post"
        className="enquiry__form"
        aria-labelledby={`${kind}-title`}
        ref={formRef}
        noValidate
      >
        <CsrfField />
        {ENQUIRY_FIELDS[kind].map((field) => {
          const id = `${kind}-${field.name}`;
          const error = failed?.errors[field.name];
          const described = [error ? `${id}-error` : null, field.hint ? `${id}-hint` : null]
            .filter(Boolean)
            .join(" ");
          const common = {
            id,
            name: field.name,
            required: field.required,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": described || undefined,
            defaultValue: values[field.name] ?? "",
          };
          return (
            <div className="field" key={field.name}>
              <label className="field__label" htmlFor={id}>
                {field.label}
              </label>
              {field.options ? (
                <select className="input" {...common}>
                  <option value="">Choose a role</option>
                  {field.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : field.multiline ? (
                <textarea className="input enquiry__text" rows={6} maxLength={field.maxLength} {...common} />
              ) : (
                <input
                  className="input"
                  type={field.type ?? "text"}
                  autoComplete={field.autoComplete}
                  maxLength={field.maxLength}
                  {...common}
                />
              )}
              {error ? (
                <p className="field__error" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
              {field.hint ? (
                <p className="field__hint" id={`${id}-hint`}>
                  {field.hint}
                </p>
              ) : null}
            </div>
          );
        })}
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? "Sending…" : SUBMIT_LABELS[kind]}
        </button>
      </Form>
    </section>
  );
}
