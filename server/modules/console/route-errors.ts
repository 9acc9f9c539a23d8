/** The console's error descriptions for the API document, shared by its routes. */
export const STAFF_ONLY = "The account is a shopper's, not store staff's (`staff_only`).";
export const OTHER_STORE = "Staff naming another store than their own (`other_store`).";
export const STORE_REQUIRED = "An administrator named no store (`store_required`).";
export const NO_STORE = "No store has that id (`store_not_found`).";
