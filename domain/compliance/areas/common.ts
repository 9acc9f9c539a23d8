/** When every area in this folder was last read against its sources. */
export const RETRIEVED = "2026-11-29";

/** "approximate, traced from <title>": the note an outline drawn by hand carries. */
export const tracedFrom = (title: string) => `approximate, traced from ${title}`;
