import { z } from 'zod';
import { MESSAGES } from '../messages/index.js';

/** What a request validation answers: the parsed data, or ONE pt-BR message (the first rule broken). */
export type ValidationResult<T> =
  { success: true; data: T } | { success: false; message: string; field?: string };

/** Placeholder produced by the per-parse error map; replaced by a pt-BR message built from the issue. */
const GENERIC = '__arbitra_generic__';
const GENERIC_MISSING = '__arbitra_missing__';

/** A string "simple {email}" (SPEC §5): something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters that never belong in a name or an email: C0/C1 controls (Postgres refuses NUL outright),
 * bidirectional overrides and isolates (U+202E makes 'gnp.exe' read 'exe.png'), zero-width and BOM.
 */
export const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/** Longest unknown field name an error message repeats (a megabyte key is not echoed back). */
const ECHOED_KEY_MAX = 40;
const ECHOED_KEYS_MAX = 3;

function echoedKeys(keys: readonly string[]): string {
  const shown = keys
    .slice(0, ECHOED_KEYS_MAX)
    .map((k) => (k.length > ECHOED_KEY_MAX ? `${k.slice(0, ECHOED_KEY_MAX)}…` : k));
  return keys.length > ECHOED_KEYS_MAX
    ? `${shown.join(', ')} (+${keys.length - ECHOED_KEYS_MAX})`
    : shown.join(', ');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'uma lista',
  object: 'um objeto',
};

/**
 * A whole number in a query string: decimal digits only, so '0x10', '1e3', ' 7', '+1', '1.0' and
 * 'Infinity' are refused rather than read the way Number() would.
 */
export function queryInt(message?: string) {
  return z
    .string(message ? { error: message } : undefined)
    .regex(/^\d{1,9}$/, message)
    .transform(Number);
}

/** Longest password accepted: argon2 hashes anything, but a megabyte password is an attack, not a password. */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN = 8;
export const NAME_MAX = 120;
export const EMAIL_MAX = 254;

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || 'corpo';
}

function genericMessage(issue: z.core.$ZodIssue, missing: boolean): string {
  const field = fieldName(issue.path);
  if (issue.code === 'unrecognized_keys') return MESSAGES.validation.unknownField(echoedKeys(issue.keys));
  if (issue.code === 'too_big' && issue.origin === 'string')
    return MESSAGES.validation.tooLong(field, Number(issue.maximum));
  if (issue.code === 'too_small' && issue.origin === 'string')
    return MESSAGES.validation.tooShort(field, Number(issue.minimum));
  if (issue.path.length === 0) return MESSAGES.common.invalidRequest;
  if (issue.code === 'invalid_type' && missing) return MESSAGES.validation.requiredField(field);
  if (issue.code === 'invalid_type' && TYPE_NAMES[issue.expected])
    return MESSAGES.validation.wrongType(field, TYPE_NAMES[issue.expected] as string);
  return MESSAGES.validation.invalidField(field);
}

/** Does any string inside `value` hold a NUL or other control character (other than tab/newline)? */
export function hasForbiddenCharacters(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => hasForbiddenCharacters(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([k, v]) => k.includes('\u0000') || hasForbiddenCharacters(v, depth + 1),
    );
  }
  return false;
}

/**
 * Validates `input` with `schema` and returns the data, or the message of the first issue.
 * Issues come in the order the schema declares its fields, so a schema written in SPEC order
 * answers in SPEC order. Messages the schema does not set are phrased here in pt-BR.
 */
export function validateRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input, {
    error: (iss) => (iss.input === undefined ? GENERIC_MISSING : GENERIC),
  });
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues[0];
  if (!issue) return { success: false, message: MESSAGES.common.invalidRequest };
  const generic = issue.message === GENERIC || issue.message === GENERIC_MISSING;
  const message = generic ? genericMessage(issue, issue.message === GENERIC_MISSING) : issue.message;
  const field = issue.path.length > 0 ? fieldName(issue.path) : undefined;
  return field ? { success: false, message, field } : { success: false, message };
}

/** A required text field: missing, wrong type or blank (trimmed) → `required`; longer than `max` → `tooLong`. */
export function requiredText(required: string, max: number, tooLong: string) {
  // Missing (or null) → `required`; another type → the generic type message naming the field.
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : undefined) })
    .trim()
    .min(1, required)
    .max(max, tooLong);
}

/** A required email, trimmed and lower-cased, in SPEC §5's order: empty, then malformed. */
export function emailField() {
  return z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null ? MESSAGES.auth.emailRequired : undefined,
    })
    .trim()
    .min(1, MESSAGES.auth.emailRequired)
    .max(EMAIL_MAX, MESSAGES.auth.emailInvalid)
    .regex(EMAIL_PATTERN, MESSAGES.auth.emailInvalid)
    .refine((v) => !CONTROL_CHARACTERS.test(v), MESSAGES.auth.emailInvalid)
    .transform((v) => v.toLowerCase());
}

/**
 * What a visible name never holds (issue 25): format characters (Unicode category Cf: bidi controls, zero-width
 * joiners, tag characters U+E0000–E007F, U+180E MONGOLIAN VOWEL SEPARATOR…), line and paragraph separators (Zl, Zp:
 * U+2028, U+2029), controls (Cc) and the Hangul fillers that render as nothing (U+115F, U+1160, U+3164, U+FFA0).
 */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\p{Cc}\u115f\u1160\u3164\uffa0\u180e]/u;
/** More than 2 combining marks in a row ('Zalgo' text spilling over the lines around it). */
const STACKED_MARKS = /\p{M}{3,}/u;
/** At least one letter or digit: a name is not only punctuation and spaces. */
const SOMETHING_VISIBLE = /[\p{L}\p{N}]/u;

/** A name made of visible characters only (see INVISIBLE, STACKED_MARKS). */
export const isVisibleName = (v: string): boolean =>
  !CONTROL_CHARACTERS.test(v) && !INVISIBLE.test(v) && !STACKED_MARKS.test(v) && SOMETHING_VISIBLE.test(v);

/** A person's name: required, at most NAME_MAX characters, visible characters only. */
export function nameField() {
  return requiredText(MESSAGES.auth.nameRequired, NAME_MAX, MESSAGES.auth.nameTooLong).refine(
    isVisibleName,
    MESSAGES.auth.nameInvalid,
  );
}

/** An optional string of bounded length (absent, or a string up to `max`). */
export function optionalText(max: number) {
  return z.string().max(max).optional();
}
