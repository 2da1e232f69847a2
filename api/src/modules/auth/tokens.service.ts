import { createSecretKey, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';

/** Seconds a 2FA challenge (password accepted, code pending) stays valid. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

interface AccessClaims {
  sub: string;
  sid: string;
  typ: 'access';
}

interface ChallengeClaims {
  sub: string;
  typ: '2fa';
  rem: boolean;
  /** Unique id: a challenge is spent by the login it completes (single use). */
  jti: string;
}

/**
 * JWTs (HS256, JWT_SECRET). An access token only names its session: the session row decides
 * whether it is still good. A challenge token is the half-way state of a 2FA login.
 */
@Injectable()
export class TokensService {
  private readonly jwt: JwtService;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    // The key as a KeyObject, made once: given the string, jsonwebtoken first tries it as a PEM public key on every
    // call (a thrown error), then makes the same secret key (issue 13: 7 % of the api's CPU under load).
    const key = createSecretKey(Buffer.from(config.JWT_SECRET));
    this.jwt = new JwtService({
      secretOrKeyProvider: () => key,
      signOptions: { algorithm: 'HS256', issuer: 'arbitra' },
      verifyOptions: { algorithms: ['HS256'], issuer: 'arbitra' },
    });
  }

  signAccess(userId: string, sessionId: string, expiresAt: Date): Promise<string> {
    const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    return this.jwt.signAsync<AccessClaims>({ sub: userId, sid: sessionId, typ: 'access' }, { expiresIn });
  }

  /** The claims of a valid access token, or null (bad signature, expired, wrong type). */
  async verifyAccess(token: string): Promise<{ userId: string; sessionId: string } | null> {
    const claims = await this.verify(token);
    if (
      !claims ||
      claims.typ !== 'access' ||
      typeof claims.sub !== 'string' ||
      typeof claims.sid !== 'string'
    )
      return null;
    return { userId: claims.sub, sessionId: claims.sid };
  }

  signChallenge(userId: string, remember: boolean): Promise<string> {
    return this.jwt.signAsync<ChallengeClaims>(
      { sub: userId, typ: '2fa', rem: remember, jti: randomUUID() },
      { expiresIn: CHALLENGE_TTL_SECONDS },
    );
  }

  async verifyChallenge(token: string): Promise<{ userId: string; remember: boolean; id: string } | null> {
    const claims = await this.verify(token);
    if (!claims || claims.typ !== '2fa' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string')
      return null;
    return { userId: claims.sub, remember: claims.rem === true, id: claims.jti };
  }

  private async verify(token: string): Promise<Record<string, unknown> | null> {
    try {
      return await this.jwt.verifyAsync<Record<string, unknown>>(token);
    } catch {
      return null;
    }
  }
}
