/**
 * The version of the Terms of Use and the Privacy Policy (issue 16). Change it whenever either text changes
 * in substance: each user's accepted version is stored with the date (users.terms_version / terms_accepted_at).
 */
export const LEGAL_VERSION = '2026-11-23';
