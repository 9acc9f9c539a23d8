/** Zones whose cities are labelled by their code (spec §9). */
const CODE_LABEL_ZONES = new Set([1, 2, 3, 4, 6, 7, 8, 11]);

/**
 * The label a city shows in the city picker (spec §9): the code for zones 1, 2, 3, 4, 6, 7, 8 and 11, the
 * first two characters of the code for zone 15, 'South Bay' for zone 14, otherwise the city's name.
 */
export function cityLabel(city: { zone: number; code: string; name: string }): string {
  if (CODE_LABEL_ZONES.has(city.zone)) return city.code;
  if (city.zone === 15) return city.code.slice(0, 2);
  if (city.zone === 14) return "South Bay";
  return city.name;
}
