import { ACCOUNT_MESSAGES, validateRegister } from '@arbitra/contracts';

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

/** The ONE message to show before calling the server: SPEC §5's order (the API's own rules), then the terms. */
export function registerFormError(values: RegisterValues): string | null {
  const { terms, ...fields } = values;
  return validateRegister(fields) ?? (terms ? null : ACCOUNT_MESSAGES.auth.termsRequired);
}
