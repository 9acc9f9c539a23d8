import { type Ref, useId } from "react";
import { ENGRAVING_LINE_MAX } from "#domain/cart/constants.ts";
import { engravingPreviewLines } from "#domain/cart/engraving.ts";
import type { Engraving } from "#domain/cart/merge.ts";

/**
 * Three engraving lines with a live preview of the bottle's etching (spec §3 Engraving, on _ETCH products). At
 * least one line is needed: an engraved bottle is made to order. `error` says what to fix, beside the fields.
 */
export function EngravingForm({
  value,
  onChange,
  error = null,
  firstFieldRef,
}: {
  value: Engraving;
  onChange(value: Engraving): void;
  error?: string | null;
  firstFieldRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const preview = engravingPreviewLines(value);
  const fields = ["line_1", "line_2", "line_3"] as const;
  return (
    <fieldset className="engraving" aria-describedby={`${id}-hint`}>
      <legend className="engraving__legend">Engraving</legend>
      <p id={`${id}-hint`} className="engraving__hint">
        Enter at least one line: we engrave it on the bottle.
      </p>
      <div className="engraving__body">
        <div className="engraving__fields">
          {fields.map((field, i) => (
            <div className="engraving__field" key={field}>
              <label htmlFor={`${id}-${field}`}>Line {i + 1}</label>
              <input
                ref={i === 0 ? firstFieldRef : undefined}
                id={`${id}-${field}`}
                name={field}
                type="text"
                maxLength={ENGRAVING_LINE_MAX}
                value={value[field]}
                onChange={(e) => onChange({ ...value, [field]: e.target.value })}
                aria-describedby={`${id}-${field}-count${error ? ` ${id}-error` : ""}`}
                aria-invalid={error ? true : undefined}
              />
              <span id={`${id}-${field}-count`} className="engraving__count">
                {value[field].length}/{ENGRAVING_LINE_MAX}
              </span>
            </div>
          ))}
          {error ? (
            <p id={`${id}-error`} className="engraving__error" role="alert" data-testid="engraving-error">
              {error}
            </p>
          ) : null}
        </div>
        <figure className="engraving__preview" aria-label="Engraving preview" data-testid="engraving-preview">
          <div className="engraving__bottle">
            {preview.length > 0 ? (
              preview.map((line, i) => (
                <span className="engraving__etched" key={i}>
                  {line}
                </span>
              ))
            ) : (
              <span className="engraving__placeholder">Your words here</span>
            )}
          </div>
          <figcaption className="engraving__caption">Preview</figcaption>
        </figure>
      </div>
    </fieldset>
  );
}
