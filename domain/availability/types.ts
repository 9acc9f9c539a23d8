/** GET /menu/availability (spec §3 Availability): what can reach an address and when. */
export interface AvailabilitySlot {
  /** ISO instants (UTC). */
  start: string;
  end: string;
  /** Wall-clock range in the store's zone: "6:00 PM – 7:00 PM". */
  label: string;
}

export interface AvailabilityDate {
  /** Local calendar date in the store's zone: "2026-11-22". */
  date: string;
  /** "Today", "Tomorrow" or "Mon, Nov 23". */
  label: string;
  slots: AvailabilitySlot[];
}

export interface Availability {
  store_id: string;
  shipping: boolean;
  /** IANA zone the labels are written in. */
  timezone: string;
  immediate_delivery: boolean;
  scheduling: boolean;
  eta: { display: string; minutes: number | null };
  selection_text: string;
  dates: AvailabilityDate[];
}
