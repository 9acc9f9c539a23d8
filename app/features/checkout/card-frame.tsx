import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";

export interface CardToken {
  token: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

export interface CardFrameHandle {
  /** Asks the provider's page to tokenise what was typed; resolves with the token or the provider's message. */
  tokenize(): Promise<{ ok: true; value: CardToken } | { ok: false; message: string }>;
}

/**
 * The payment provider's card page, framed. The card number is typed there and sent only to the provider; this
 * page receives a token by postMessage (same origin, from that frame only). Nothing here ever reads the fields.
 */
export const CardFrame = forwardRef<CardFrameHandle, { src: string; onChange?: (complete: boolean) => void }>(
  function CardFrame({ src, onChange }, ref) {
    const frame = useRef<HTMLIFrameElement>(null);
    const pending = useRef(
      new Map<string, (answer: { ok: true; value: CardToken } | { ok: false; message: string }) => void>(),
    );
    const [ready, setReady] = useState(false);

    useEffect(() => {
      const listen = (event: MessageEvent) => {
        if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
        const message = event.data as {
          source?: string;
          type?: string;
          request?: string;
          token?: string;
          card?: CardToken["card"];
          message?: string;
          complete?: boolean;
        };
        if (message.source !== "nightcap-sandbox") return;
        if (message.type === "ready") setReady(true);
        if (message.type === "change") onChange?.(Boolean(message.complete));
        const resolve = message.request ? pending.current.get(message.request) : undefined;
        if (!resolve) return;
        pending.current.delete(message.request!);
        if (message.type === "token" && message.token && message.card)
          resolve({ ok: true, value: { token: message.token, card: message.card } });
        else resolve({ ok: false, message: message.message ?? "Your card could not be used." });
      };
      window.addEventListener("message", listen);
      return () => window.removeEventListener("message", listen);
    }, [onChange]);

    useImperativeHandle(ref, () => ({
      tokenize() {
        const target = frame.current?.contentWindow;
        if (!target)
          return Promise.resolve({ ok: false as const, message: "The card form has not loaded yet." });
        const request = Math.random().toString(36).slice(2);
        return new Promise((resolve) => {
          pending.current.set(request, resolve);
          target.postMessage({ type: "tokenize", request }, window.location.origin);
        });
      },
    }));

    return (
      <iframe
        ref={frame}
        src={src}
        title="Card details"
        className="card-frame"
        data-ready={ready ? "true" : "false"}
      />
    );
  },
);
