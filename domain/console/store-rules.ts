import { minuteOfDay, WEEKDAYS, type Weekday, type WeeklyHours } from "../availability/hours.ts";

/**
 * What the store console accepts for a store's opening hours and delivery zone (issue 15: staff edit their store's
 * hours; admins replace zones). Each check answers every problem found, in words shown beside the form.
 */

export const DAY_NAMES: Record<Weekday, string> = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};

/** Opening windows one day may have (a lunch break makes two). */
export const MAX_WINDOWS_PER_DAY = 4;

/**
 * Opening hours: per weekday, ["HH:MM","HH:MM"] windows; a closed day has none (or is left out). A window opens
 * before it closes; one whose close is earlier than its open runs past midnight ("18:00"–"02:00", as the store's
 * late nights do, and as domain/availability reads them); "24:00" or "00:00" closes at midnight. A day's windows do
 * not overlap. Returns the problems; none: the hours are good.
 */
export function hoursProblems(hours: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(hours)) {
    if (!(WEEKDAYS as readonly string[]).includes(key)) {
      problems.push(`"${key}" is not a weekday (sun, mon, tue, wed, thu, fri, sat).`);
      continue;
    }
    const day = DAY_NAMES[key as Weekday];
    if (!Array.isArray(value)) {
      problems.push(`${day}: give a list of opening windows (none when closed).`);
      continue;
    }
    if (value.length > MAX_WINDOWS_PER_DAY) {
      problems.push(`${day}: at most ${MAX_WINDOWS_PER_DAY} opening windows.`);
      continue;
    }
    const spans: { open: number; close: number; text: string }[] = [];
    for (const w of value) {
      if (!Array.isArray(w) || w.length !== 2 || typeof w[0] !== "string" || typeof w[1] !== "string") {
        problems.push(`${day}: each window is an opening and a closing time.`);
        continue;
      }
      const [from, to] = w as [string, string];
      const open = minuteOfDay(from);
      const close = minuteOfDay(to);
      if (open === null || close === null || !/^\d\d:\d\d$/.test(from) || !/^\d\d:\d\d$/.test(to)) {
        problems.push(
          `${day}: ${[from, to].filter((t) => !/^\d\d:\d\d$/.test(t) || minuteOfDay(t) === null).join(" and ")} is not a time like 09:30.`,
        );
        continue;
      }
      if (open >= 24 * 60) {
        problems.push(`${day}: a window cannot open at 24:00 (open at 00:00).`);
        continue;
      }
      if (open === close) {
        problems.push(`${day}: ${from}–${to} opens and closes at the same time.`);
        continue;
      }
      // Closing at or before the opening time runs past midnight.
      spans.push({ open, close: close <= open ? close + 24 * 60 : close, text: `${from}–${to}` });
    }
    spans.sort((a, b) => a.open - b.open);
    for (let i = 1; i < spans.length; i++) {
      if (spans[i].open < spans[i - 1].close)
        problems.push(`${day}: ${spans[i - 1].text} and ${spans[i].text} overlap.`);
    }
  }
  return problems;
}

/** The hours as stored: every weekday present, closed days empty, windows in opening order. */
export function normaliseHours(hours: Record<string, [string, string][] | undefined>): WeeklyHours {
  const out: WeeklyHours = {};
  for (const day of WEEKDAYS) {
    out[day] = [...(hours[day] ?? [])].sort((a, b) => (minuteOfDay(a[0]) ?? 0) - (minuteOfDay(b[0]) ?? 0));
  }
  return out;
}

/** A zone may have at most this many positions in all (a city's outline fits many times over). */
export const MAX_ZONE_POINTS = 5000;

/**
 * A delivery zone: a GeoJSON Polygon or MultiPolygon ([lng, lat] positions in WGS 84). Each ring is closed (its
 * last position repeats the first), has at least three distinct corners, and lies on the map (longitude −180…180,
 * latitude −90…90); at most MAX_ZONE_POINTS positions in all. Returns the problems; none: the zone is good.
 */
export function zoneProblems(zone: unknown): string[] {
  if (!zone || typeof zone !== "object" || Array.isArray(zone)) return ["The zone must be a GeoJSON object."];
  const z = zone as { type?: unknown; coordinates?: unknown };
  if (z.type !== "Polygon" && z.type !== "MultiPolygon")
    return ['The zone must be a GeoJSON geometry of type "Polygon" or "MultiPolygon".'];
  if (!Array.isArray(z.coordinates) || z.coordinates.length === 0) return ["The zone has no coordinates."];
  const polygons: unknown[] = z.type === "Polygon" ? [z.coordinates] : z.coordinates;
  const problems: string[] = [];
  let points = 0;
  polygons.forEach((polygon, p) => {
    const where = z.type === "MultiPolygon" ? `Polygon ${p + 1}` : "The polygon";
    if (!Array.isArray(polygon) || polygon.length === 0) {
      problems.push(`${where} has no rings.`);
      return;
    }
    polygon.forEach((ring, r) => {
      const name = `${where}, ring ${r + 1}`;
      if (!Array.isArray(ring)) {
        problems.push(`${name} is not a list of positions.`);
        return;
      }
      points += ring.length;
      const bad = ring.findIndex(
        (pos) =>
          !Array.isArray(pos) ||
          pos.length < 2 ||
          !Number.isFinite(pos[0]) ||
          !Number.isFinite(pos[1]) ||
          Math.abs(pos[0]) > 180 ||
          Math.abs(pos[1]) > 90,
      );
      if (bad >= 0) {
        problems.push(`${name}: position ${bad + 1} is not [longitude, latitude] on the map.`);
        return;
      }
      const positions = ring as number[][];
      const first = positions[0];
      const last = positions[positions.length - 1];
      if (positions.length < 4) {
        problems.push(`${name} needs at least 4 positions (3 corners and the first again).`);
        return;
      }
      if (first[0] !== last[0] || first[1] !== last[1]) {
        problems.push(`${name} is not closed: its last position must repeat the first.`);
        return;
      }
      const distinct = new Set(positions.map((pos) => `${pos[0]},${pos[1]}`));
      if (distinct.size < 3) problems.push(`${name} needs at least 3 different corners.`);
    });
  });
  if (points > MAX_ZONE_POINTS)
    problems.push(`The zone has ${points} positions; at most ${MAX_ZONE_POINTS} are allowed.`);
  return problems;
}
