/** The orders module's public face. */
export { countPlacedCheckouts } from "./history-counts.ts";
