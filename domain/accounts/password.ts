/** Password rules shared by the signup form and the server (ASVS: at least 8 characters, no composition rules). */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT = `Your password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
