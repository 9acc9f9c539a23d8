/** Spec §1, §9: the minimum customer age. */
export const MINIMUM_AGE = 21;
export const UNDER_AGE_MESSAGE = `Sorry, you must be ${MINIMUM_AGE} or older to use Nightcap.`;
export const INVALID_BIRTHDAY = "Please enter your birthday as a valid date.";

/** A calendar date without a time zone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * Spec §5: the birth date must parse as a date. Accepts YYYY-MM-DD (date inputs, the API) and MM/DD/YYYY
 * (typed by hand); the day must exist on the calendar (no February 30).
 */
export function parseBirthday(value: string): CalendarDate | null {
  const text = value.trim();
  const iso = ISO.exec(text);
  const us = iso ? null : US.exec(text);
  if (!iso && !us) return null;
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(us![3]), Number(us![1]), Number(us![2])];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function formatCalendarDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** Spec §5, §2 (/account): the age in full years on `today`. */
export function ageInYears(birthday: CalendarDate, today: CalendarDate): number {
  const hadBirthdayThisYear =
    today.month > birthday.month || (today.month === birthday.month && today.day >= birthday.day);
  return today.year - birthday.year - (hadBirthdayThisYear ? 0 : 1);
}

/** Spec §5: a customer is under age when the age in full years is below 21. */
export function isUnderAge(birthday: CalendarDate, today: CalendarDate): boolean {
  return ageInYears(birthday, today) < MINIMUM_AGE;
}

export function isAfter(a: CalendarDate, b: CalendarDate): boolean {
  return formatCalendarDate(a) > formatCalendarDate(b);
}

/**
 * Today's date where the day starts last in the United States (Hawaii): nobody counts as 21 anywhere in the
 * country before they are 21 everywhere in it. `Intl` is available in browsers and on the server alike.
 */
export function todayForAgeCheck(now: Date): CalendarDate {
  const parts = honoluluDay().formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

/** Made once: building an Intl formatter costs far more than using one (checkout asks on every order). */
let honolulu: Intl.DateTimeFormat | null = null;
function honoluluDay(): Intl.DateTimeFormat {
  honolulu ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: "Pacific/Honolulu",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return honolulu;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, "0");
