/** Cart constants of spec §4 and §9. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 150_00;
export const QUANTITY_DEBOUNCE_MS = 500;
/** The split-cart modal closes in two animation steps of this length. */
export const SPLIT_MODAL_STEP_MS = 250;
export const ENGRAVING_LINE_MAX = 20;
export const MAX_LINE_QUANTITY = 99;
