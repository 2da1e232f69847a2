import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { TwoFactorRepository, type TwoFactorEntity } from '@arbitra/db';
import { MESSAGES, type TwoFactorSetupResponse } from '@arbitra/contracts';
import { badRequest, conflict } from '../../common/errors/app-error.js';
import { SecretBox } from '../../common/security/secret-box.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import type { OwnerId } from '@arbitra/db';

export const BACKUP_CODE_COUNT = 10;
const ISSUER = 'Arbitra';
/** Accept the previous and the next 30 s step too (clock drift), never the same step twice. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Unambiguous characters (no 0/O, 1/I/L). */
const BACKUP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export type SecondFactor = 'totp' | 'backup_code';

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  backupCodesRemaining: number;
}

/** TOTP (RFC 6238, otplib) with 10 single-use backup codes (DECISIONS §5). */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    private readonly repo: TwoFactorRepository,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.box = new SecretBox(config.TWO_FACTOR_KEY ?? config.JWT_SECRET);
  }

  async status(userId: OwnerId): Promise<TwoFactorStatus> {
    const row = await this.repo.find(userId);
    if (!row?.enabledAt) return { enabled: false, enabledAt: null, backupCodesRemaining: 0 };
    const remaining = await this.repo.unusedBackupCodes(userId);
    return { enabled: true, enabledAt: row.enabledAt, backupCodesRemaining: remaining };
  }

  async isEnabled(userId: OwnerId): Promise<boolean> {
    return (await this.status(userId)).enabled;
  }

  /** A new secret, kept (encrypted) as pending until a first code confirms it. */
  async setup(userId: OwnerId, email: string): Promise<TwoFactorSetupResponse> {
    const existing = await this.repo.find(userId);
    if (existing?.enabledAt) throw conflict('two_factor_already_enabled', MESSAGES.twoFactor.alreadyEnabled);
    const secret = generateSecret();
    await this.repo.savePending(userId, this.box.encrypt(secret));
    const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
    const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 240,
    });
    return { otpauthUrl, qrCodeDataUrl, secret };
  }

  /** Confirms the pending secret with a first code; returns the backup codes (shown once). */
  async enable(userId: OwnerId, code: string): Promise<string[]> {
    const row = await this.repo.find(userId);
    if (!row) throw badRequest('two_factor_setup_required', MESSAGES.twoFactor.setupFirst);
    if (row.enabledAt) throw conflict('two_factor_already_enabled', MESSAGES.twoFactor.alreadyEnabled);
    if (!(await this.checkTotp(userId, row, code))) throw badRequest('invalid_code', MESSAGES.twoFactor.invalidCode);
    const codes = newBackupCodes();
    await this.repo.enable(userId, this.hashes(codes));
    return codes;
  }

  /** Switches 2FA off (needs a current code or a backup code). */
  async disable(userId: OwnerId, code: string): Promise<SecondFactor> {
    const used = await this.requireValidCode(userId, code);
    await this.repo.disable(userId);
    return used;
  }

  /** New backup codes (the old ones stop working). */
  async regenerateBackupCodes(userId: OwnerId, code: string): Promise<string[]> {
    await this.requireValidCode(userId, code);
    const codes = newBackupCodes();
    await this.repo.replaceBackupCodes(userId, this.hashes(codes));
    return codes;
  }

  /** Checks a code of an enabled 2FA: TOTP, or a backup code (then spent). 400 when wrong or off. */
  async requireValidCode(userId: OwnerId, code: string): Promise<SecondFactor> {
    const row = await this.repo.find(userId);
    if (!row?.enabledAt) throw badRequest('two_factor_not_enabled', MESSAGES.twoFactor.notEnabled);
    const used = await this.verifyEnabled(userId, row, code);
    if (!used) throw badRequest('invalid_code', MESSAGES.twoFactor.invalidCode);
    return used;
  }

  /** For login: which factor matched, or null. */
  async verify(userId: OwnerId, code: string): Promise<SecondFactor | null> {
    const row = await this.repo.find(userId);
    if (!row?.enabledAt) return null;
    return this.verifyEnabled(userId, row, code);
  }

  private async verifyEnabled(userId: OwnerId, row: TwoFactorEntity, code: string): Promise<SecondFactor | null> {
    const trimmed = code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(trimmed)) return (await this.checkTotp(userId, row, trimmed)) ? 'totp' : null;
    return (await this.spendBackupCode(userId, trimmed)) ? 'backup_code' : null;
  }

  /** A valid TOTP for a step later than the last one accepted; records the step atomically. */
  private async checkTotp(userId: OwnerId, row: TwoFactorEntity, code: string): Promise<boolean> {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return false;
    let secret: string;
    try {
      secret = this.box.decrypt(row.secretEncrypted);
    } catch {
      return false;
    }
    const last = row.lastUsedStep === null ? undefined : Number(row.lastUsedStep);
    let step: number;
    try {
      const result = await verifyTotp({
        secret,
        token,
        epochTolerance: EPOCH_TOLERANCE_SECONDS,
        ...(last === undefined ? {} : { afterTimeStep: last }),
      });
      if (!result.valid || !('timeStep' in result)) return false;
      step = result.timeStep;
    } catch {
      return false;
    }
    // Two requests racing with the same code: only one moves the step forward.
    return this.repo.claimStep(userId, step);
  }

  private async spendBackupCode(userId: OwnerId, code: string): Promise<boolean> {
    const normalised = normaliseBackupCode(code);
    if (normalised.length !== 10) return false;
    return this.repo.spendBackupCode(userId, this.box.hash(normalised));
  }

  private hashes(codes: readonly string[]): string[] {
    return codes.map((c) => this.box.hash(normaliseBackupCode(c)));
  }
}

/** A new set of distinct backup codes (shown once). */
function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(generateBackupCode());
  return [...codes];
}

/** 'abcde-12345' → 'ABCDE12345'. */
export function normaliseBackupCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** XXXXX-XXXXX from an unambiguous alphabet (≈ 49 bits). */
export function generateBackupCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
