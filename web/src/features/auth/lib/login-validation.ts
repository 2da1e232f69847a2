import { loginRequestSchema, validateRequest } from '@arbitra/contracts';

/** What the login form holds. */
export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The login form's check, with the server's own schema (zod). A module of its own, loaded by the form when
 * the visitor starts using it, so zod is not part of /login's first load (issue 17).
 */
export function validateLogin(values: LoginValues) {
  return validateRequest(loginRequestSchema, values);
}
