import {
  CREDENTIAL_VALIDATION_STATUSES,
  exchangeInfo,
  isExchangeId,
  maskApiKey,
  type CredentialValidationStatus,
  type ExchangePermission,
  type UserExchange,
} from '@arbitra/contracts';
import type { ExchangeCredentialEntity } from '@arbitra/db';

export function validationStatusOf(value: string): CredentialValidationStatus {
  return (CREDENTIAL_VALIDATION_STATUSES as readonly string[]).includes(value)
    ? (value as CredentialValidationStatus)
    : 'pending';
}

/** The list item: never api_secret nor passphrase (DECISIONS §6). `apiKey` null: it could not be decrypted. */
export function toUserExchange(
  row: ExchangeCredentialEntity,
  apiKey: string | null,
  undecryptableReason: string,
): UserExchange {
  if (!isExchangeId(row.exchangeName)) throw new Error(`unknown exchange in row ${row.id}`);
  const info = exchangeInfo(row.exchangeName);
  const status = apiKey === null ? 'invalid' : validationStatusOf(row.validationStatus);
  return {
    id: row.id,
    exchange_name: info.id,
    display_name: info.displayName,
    requires_passphrase: info.requiresPassphrase,
    api_key: apiKey ?? '',
    api_key_preview: maskApiKey(apiKey ?? ''),
    has_passphrase: row.passphraseEncrypted !== null,
    is_active: row.isActive,
    is_validated: status === 'valid',
    validation_status: status,
    validation_reason: apiKey === null ? undecryptableReason : row.validationReason,
    validated_at: row.validatedAt?.toISOString() ?? null,
    permissions: (row.permissions as ExchangePermission[] | null) ?? null,
    can_withdraw: row.canWithdraw,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
