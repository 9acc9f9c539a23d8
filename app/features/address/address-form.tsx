import { useEffect, useId, useRef, useState } from "react";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import type { AddressResult, AddressSuggestion } from "#domain/geo/api.ts";

const SUGGEST_DELAY_MS = 200;
const SUGGEST_MIN_CHARS = 3;
const noSuggestions: AddressSuggestion[] = [];
const SAVE_FAILED = "We could not save that address. Please try again.";

/**
 * Typed address entry with suggestions (a combobox): the street line stays as typed, suggestions complete the
 * city, state and ZIP. Saving sends POST /order/address.
 */
export function AddressForm({
  initialText = "",
  onSaved,
  autoFocus = false,
  compact = false,
}: {
  initialText?: string;
  onSaved(result: AddressResult): void;
  autoFocus?: boolean;
  compact?: boolean;
}) {
  const [text, setText] = useState(initialText);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>(noSuggestions);
  const [active, setActive] = useState(-1);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const inputId = useId();
  const lastQuery = useRef("");

  useEffect(() => {
    const q = text.trim();
    if (q.length < SUGGEST_MIN_CHARS || q === lastQuery.current) {
      // Keeps the same (empty) list, so mounting does not re-render the form.
      if (q.length < SUGGEST_MIN_CHARS) setSuggestions(noSuggestions);
      return;
    }
    const timer = setTimeout(async () => {
      lastQuery.current = q;
      const res = await browserApi<ApiAnswer<"suggestAddresses">>(
        `/order/address/suggestions?q=${encodeURIComponent(q)}`,
      ).catch(() => null);
      setSuggestions(res?.ok ? res.data.suggestions.filter((s) => s.address !== q) : []);
      setActive(-1);
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const choose = (s: AddressSuggestion) => {
    lastQuery.current = s.address;
    setText(s.address);
    setSuggestions([]);
    setActive(-1);
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const res = await browserApi<ApiAnswer<"setAddress">>("/order/address", {
        method: "POST",
        body: { address: text },
      });
      if (res.ok) {
        setSuggestions([]);
        onSaved(res.data);
      } else {
        setError(apiErrorMessage(res.data, SAVE_FAILED));
      }
    } catch {
      setError(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape") {
      // Closes the suggestions, not the dialog the form may be in.
      event.preventDefault();
      setSuggestions([]);
    }
  };

  const open = suggestions.length > 0;
  return (
    <form
      className={compact ? "address-form address-form--compact" : "address-form"}
      onSubmit={save}
      noValidate
    >
      <label className="address-form__label" htmlFor={inputId}>
        Delivery address
      </label>
      <div className="address-form__row">
        <div className="address-form__combo">
          <input
            id={inputId}
            className="address-form__input"
            type="text"
            name="address"
            autoComplete="street-address"
            placeholder="Street address, city, state or ZIP"
            maxLength={200}
            required
            // biome-ignore lint/a11y/noAutofocus: the dialog exists to type an address
            autoFocus={autoFocus}
            data-autofocus={autoFocus || undefined}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
          />
          <div
            id={listId}
            className="address-form__suggestions"
            role="listbox"
            aria-label="Address suggestions"
            hidden={!open}
          >
            {suggestions.map((s, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard choice is handled on the combobox input
              <div
                key={`${s.zip}-${s.address}`}
                tabIndex={-1}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="address-form__suggestion"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(s)}
              >
                {s.address}
              </div>
            ))}
          </div>
        </div>
        <button
          className="button button--primary address-form__save"
          type="submit"
          disabled={saving || text.trim().length < 3}
        >
          {saving ? "Saving…" : "Save address"}
        </button>
      </div>
      {error ? (
        <p className="address-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
