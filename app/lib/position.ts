/**
 * The shopper's position, sent as lat/lng headers on API calls (spec §7). The address feature sets it when an
 * address is known; any feature reads it. Module state: one shopper per browser tab.
 */
export interface Position {
  lat: number;
  lng: number;
}

let current: Position | null = null;

export function setShopperPosition(position: Position | null): void {
  // Server renders share this module across shoppers: only a browser keeps a position.
  if (typeof window === "undefined") return;
  current = position;
}

export function positionHeaders(): Record<string, string> {
  return current ? { lat: String(current.lat), lng: String(current.lng) } : {};
}
