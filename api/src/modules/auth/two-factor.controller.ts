import { Controller, Get } from '@nestjs/common';
import {
  MESSAGES,
  twoFactorCodeRequestSchema,
  type MessageResponse,
  type TwoFactorBackupCodesResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { TwoFactorService } from './two-factor.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

type CodeBody = z.output<typeof twoFactorCodeRequestSchema>;

/** The 2FA toggle of /security: setup (QR) → enable (first code) → backup codes; disable needs a code. */
@Controller('user/2fa')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  async status(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorStatusResponse> {
    const s = await this.twoFactor.status(user.id);
    return {
      enabled: s.enabled,
      enabledAt: s.enabledAt?.toISOString() ?? null,
      backupCodesRemaining: s.backupCodesRemaining,
    };
  }

  @Action('setup')
  setup(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorSetupResponse> {
    return this.twoFactor.setup(user.id, user.email);
  }

  @Action('enable')
  async enable(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(twoFactorCodeRequestSchema) body: CodeBody,
    @Client() client: ClientInfo,
  ): Promise<TwoFactorBackupCodesResponse> {
    await this.limit(user, client);
    const backupCodes = await this.twoFactor.enable(user.id, body.code);
    await this.succeeded(user);
    await this.audit.record('2fa_enabled', { userId: user.id, client });
    return { message: MESSAGES.twoFactor.enabled, backupCodes };
  }

  @Action('disable')
  async disable(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(twoFactorCodeRequestSchema) body: CodeBody,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.limit(user, client);
    const factor = await this.twoFactor.disable(user.id, body.code);
    await this.succeeded(user);
    await this.audit.record('2fa_disabled', { userId: user.id, client, metadata: { with: factor } });
    return { message: MESSAGES.twoFactor.disabled };
  }

  /** New set of 10 backup codes (the old ones stop working); needs a current code. */
  @Action('backup-codes')
  async regenerate(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(twoFactorCodeRequestSchema) body: CodeBody,
    @Client() client: ClientInfo,
  ): Promise<TwoFactorBackupCodesResponse> {
    await this.limit(user, client);
    const backupCodes = await this.twoFactor.regenerateBackupCodes(user.id, body.code);
    await this.succeeded(user);
    await this.audit.record('2fa_backup_codes_regenerated', { userId: user.id, client });
    return { message: MESSAGES.twoFactor.backupCodesRegenerated, backupCodes };
  }

  /** A right code clears the account's count of attempts. */
  private succeeded(user: AuthenticatedUser): Promise<void> {
    return this.rateLimits.reset({ name: 'twoFactorAccount', subject: user.id });
  }

  private limit(user: AuthenticatedUser, client: ClientInfo): Promise<void> {
    return this.rateLimits.consume(
      [
        { name: 'twoFactorIp', subject: client.ip ?? 'unknown' },
        { name: 'twoFactorAccount', subject: user.id },
      ],
      MESSAGES.twoFactor.tooManyAttempts,
    );
  }
}
