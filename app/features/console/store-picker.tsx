import { Form } from "react-router";
import type { ApiFetch } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";

/** A store an administrator may choose: its id and name. */
export type StoreChoice = Pick<ApiAnswer<"listAdminStores">["stores"][number], "id" | "name">;

/** For administrators: every store (GET /api/console/admin/stores); null for store staff (they have their own). */
export async function storesForAdmin(api: ApiFetch): Promise<StoreChoice[] | null> {
  const res = await api<ApiAnswer<"listAdminStores">>("/api/console/admin/stores");
  return res.ok ? res.data.stores.map((s) => ({ id: s.id, name: s.name })) : null;
}

/** Administrators choose the store a console page works on (a plain GET form: works without JavaScript). */
export function StorePicker({ stores, current }: { stores: StoreChoice[]; current: string | null }) {
  return (
    <Form method="get" className="console-picker">
      <label>
        Store
        <select name="store_id" defaultValue={current ?? ""} aria-label="Store">
          {current ? null : <option value="">Choose a store</option>}
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        Show
      </button>
    </Form>
  );
}
