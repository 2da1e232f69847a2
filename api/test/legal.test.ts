import { describe, expect, it } from 'vitest';
import { LEGAL_VERSION, type ProfileResponse } from '@arbitra/contracts';
import { useTestPlatform } from './support/test-platform.js';
import { uniqueEmail, uniqueIp } from './support/http.js';

describe('the accepted Terms/Privacy version is stored with the date (issue 16)', () => {
  const t = useTestPlatform();
  const { call } = t;

  const body = (termsVersion: string) => ({
    name: 'Maria',
    email: uniqueEmail(),
    password: 'senha-segura-123',
    confirmPassword: 'senha-segura-123',
    termsVersion,
  });

  it('records the version accepted at registration, shown in the profile', async () => {
    const before = Date.now();
    const res = await call<{ token: string }>('POST', '/api/auth/register', {
      body: body(LEGAL_VERSION),
      ip: uniqueIp(),
    });
    expect(res.status).toBe(201);
    const profile = await call<ProfileResponse>('GET', '/api/user/profile', { token: res.body.token });
    expect(profile.body.user.termsVersion).toBe(LEGAL_VERSION);
    expect(new Date(profile.body.user.termsAcceptedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses an outdated version with a pt-BR message', async () => {
    const res = await call('POST', '/api/auth/register', { body: body('2020-01-01'), ip: uniqueIp() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Os Termos de Serviço e a Política de Privacidade foram atualizados. Recarregue a página e aceite a versão atual.',
    );
  });
});
