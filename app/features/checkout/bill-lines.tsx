import { Fragment, type ReactNode } from "react";
import { isTaxLine } from "#domain/cart/totals.ts";

interface LineItem {
  title: string;
  display: string;
  format: string;
}

/**
 * An order's bill: its line items, the tax line followed by its rows by jurisdiction and tax type (what a receipt
 * owes an inspector), then whatever the page adds (a tip given after delivery).
 */
export function BillLines({
  lineItems,
  taxes = [],
  children,
}: {
  lineItems: readonly LineItem[];
  taxes?: readonly { title: string; display: string }[];
  children?: ReactNode;
}) {
  return (
    <dl className="checkout__totals">
      {lineItems.map((l) => (
        <Fragment key={l.title}>
          <div
            className={`checkout__total checkout__total--${isTaxLine(l) ? "tax" : l.format.toLowerCase()}`}
          >
            <dt>{l.title}</dt>
            <dd>{l.display}</dd>
          </div>
          {isTaxLine(l)
            ? taxes.map((t) => (
                <div key={t.title} className="checkout__total checkout__tax-row">
                  <dt>{t.title}</dt>
                  <dd>{t.display}</dd>
                </div>
              ))
            : null}
        </Fragment>
      ))}
      {children}
    </dl>
  );
}
