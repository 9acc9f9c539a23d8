import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { positionHeaders } from "#app/lib/position.ts";
import type { SearchSuggestion } from "#domain/catalogue/types.ts";
import { SearchIcon } from "../icons.tsx";

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;
const noSuggestions: SearchSuggestion[] = [];

/** /search/{query}: the query as one path segment. */
export const searchPath = (query: string) => `/search/${encodeURIComponent(query.trim())}`;

/** The query of a /search/{query} path; "" for any other path. */
export function queryFromPath(pathname: string): string {
  const match = /^\/search\/(.+)$/.exec(pathname);
  if (!match) return "";
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return "";
  }
}

/**
 * The header search: submits to /search/{query} (without JavaScript the form goes to /search?q=, which redirects),
 * with quick suggestions from POST /menu/search/v4 {autocomplete: true} as an ARIA combobox (arrows, Enter, Escape).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(() => queryFromPath(location.pathname));
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>(noSuggestions);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef(0);
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    setValue(queryFromPath(location.pathname));
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    const query = value.trim();
    const id = ++request.current;
    if (query.length < MIN_CHARS) {
      // Keeps the same (empty) list, so mounting does not re-render the box.
      setSuggestions(noSuggestions);
      return;
    }
    const timer = setTimeout(async () => {
      const res = await browserApi<ApiAnswer<"searchProducts">>("/menu/search/v4", {
        method: "POST",
        body: { query, autocomplete: true, facets: false, hitsPerPage: 8 },
        headers: positionHeaders(),
      }).catch(() => null);
      if (id !== request.current || !res?.ok) return;
      setSuggestions(res.data.suggestions ?? []);
      setActive(-1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const expanded = open && suggestions.length > 0;
  const go = (to: string) => {
    setOpen(false);
    // The page shows what is on its way at once (a search page: "Searching for …"), not once the answer is in:
    // the results the shopper sees never belong to another search than the one asked for.
    navigate(to, { flushSync: true });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the widely supported landmark
    <form
      className="search-box"
      role="search"
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        if (expanded && active >= 0) return go(suggestions[active].url);
        if (value.trim()) go(searchPath(value));
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Search products and brands
      </label>
      <SearchIcon className="search-box__icon" size={18} />
      <input
        id={inputId}
        className="search-box__input"
        type="search"
        name="q"
        value={value}
        placeholder="Search beer, wine, spirits…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            if (suggestions.length === 0) return;
            event.preventDefault();
            setOpen(true);
            const last = suggestions.length - 1;
            // -1 is "no suggestion": the typed text stays what Enter searches for.
            setActive((i) =>
              event.key === "ArrowDown" ? (i >= last ? -1 : i + 1) : i === -1 ? last : i - 1,
            );
          } else if (event.key === "Escape") {
            if (expanded) {
              event.preventDefault();
              setOpen(false);
              setActive(-1);
            }
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="search-box__list"
        hidden={!expanded}
      >
        {suggestions.map((s, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the input keeps focus and drives the options (aria-activedescendant)
          <div
            key={`${s.type}-${s.url}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="search-box__option"
            // Keep focus in the input: the click below still runs.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(s.url)}
          >
            <span className="search-box__option-text">{s.text}</span>
            <span className="search-box__option-kind">{s.type === "brand" ? "Brand" : "Product"}</span>
          </div>
        ))}
      </div>
      <button type="submit" className="visually-hidden">
        Search
      </button>
    </form>
  );
}
