import { Inject, Injectable } from '@nestjs/common';
import { CredentialCipher } from '@arbitra/db';
import { MESSAGES } from '@arbitra/contracts';
import { AppError } from '../../common/errors/app-error.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';

/**
 * The api's handle on the credentials keyring (CREDENTIALS_KEYS). Without it (development only: the
 * config refuses to start without it in production) credentials cannot be saved or read: 503.
 */
@Injectable()
export class CredentialVault {
  private readonly box: CredentialCipher | null;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.box = config.CREDENTIALS_KEYS ? CredentialCipher.fromSpec(config.CREDENTIALS_KEYS) : null;
  }

  get configured(): boolean {
    return this.box !== null;
  }

  /** The cipher, or a 503 'storage not configured'. */
  cipher(): CredentialCipher {
    if (!this.box) throw new AppError(503, 'credentials_storage_unavailable', MESSAGES.exchanges.storageUnavailable);
    return this.box;
  }
}
