import { Injectable } from '@nestjs/common';
import { MESSAGES, type SecurityLevel, type SecurityOverview } from '@arbitra/contracts';
import { SessionsService } from '../auth/sessions.service.js';
import { TwoFactorService } from '../auth/two-factor.service.js';
import { UsersService } from './users.service.js';
import type { OwnerId } from '@arbitra/db';

/** A password older than this lowers the security status. */
export const PASSWORD_MAX_AGE_DAYS = 180;

/** 'Forte' = 2FA on and a password changed within 180 days; 'Média' = one of the two; 'Fraca' = neither. */
export function securityLevel(twoFactorEnabled: boolean, passwordAgeDays: number): SecurityLevel {
  const score = (twoFactorEnabled ? 1 : 0) + (passwordAgeDays <= PASSWORD_MAX_AGE_DAYS ? 1 : 0);
  return score === 2 ? 'strong' : score === 1 ? 'medium' : 'weak';
}

const LABELS: Record<SecurityLevel, string> = {
  strong: MESSAGES.security.strong,
  medium: MESSAGES.security.medium,
  weak: MESSAGES.security.weak,
};

@Injectable()
export class SecurityService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** The summary cards of /security. */
  async overview(userId: OwnerId, now: Date = new Date()): Promise<SecurityOverview> {
    const user = await this.users.find(userId);
    const twoFactor = await this.twoFactor.status(userId);
    const latest = await this.sessions.latest(userId);
    const passwordAgeDays = Math.floor((now.getTime() - user.passwordChangedAt.getTime()) / 86_400_000);
    const level = securityLevel(twoFactor.enabled, passwordAgeDays);
    const recommendations: string[] = [];
    if (!twoFactor.enabled) recommendations.push(MESSAGES.security.enableTwoFactor);
    if (passwordAgeDays > PASSWORD_MAX_AGE_DAYS) recommendations.push(MESSAGES.security.changeOldPassword);
    return {
      twoFactorEnabled: twoFactor.enabled,
      backupCodesRemaining: twoFactor.backupCodesRemaining,
      passwordChangedAt: user.passwordChangedAt.toISOString(),
      passwordAgeDays,
      securityStatus: LABELS[level],
      securityLevel: level,
      recommendations,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      lastLoginIp: latest?.ip ?? null,
      lastLoginDevice: latest?.device ?? null,
      activeSessions: await this.sessions.countActive(userId),
    };
  }
}
