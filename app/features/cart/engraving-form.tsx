import { useId } from "react";
import { ENGRAVING_LINE_MAX } from "../../../domain/cart/constants.ts";
import { engravingPreviewLines } from "../../../domain/cart/engraving.ts";
import type { Engraving } from "../../../domain/cart/merge.ts";

/** Three engraving lines with a live preview of the bottle's etching (spec §3 Engraving, on _ETCH products). */
export function EngravingForm({ value, onChange }: { value: Engraving; onChange(value: Engraving): void }) {
  const id = useId();
  const preview = engravingPreviewLines(value);
  const fields = ["line_1", "line_2", "line_3"] as const;
  return (
    <fieldset className="engraving">
      <legend className="engraving__legend">Engraving</legend>
      <div className="engraving__body">
        <div className="engraving__fields">
          {fields.map((field, i) => (
            <div className="engraving__field" key={field}>
              <label htmlFor={`${id}-${field}`}>Line {i + 1}</label>
              <input
                id={`${id}-${field}`}
                name={field}
                type="text"
                maxLength={ENGRAVING_LINE_MAX}
                value={value[field]}
                onChange={(e) => onChange({ ...value, [field]: e.target.value })}
                aria-describedby={`${id}-${field}-count`}
              />
              <span id={`${id}-${field}-count`} className="engraving__count">
                {value[field].length}/{ENGRAVING_LINE_MAX}
              </span>
            </div>
          ))}
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
