import { describe, expect, it } from 'vitest';
import { redisOptionsFromUrl, transportKind } from './backend.js';

describe('transport backend choice', () => {
  it('uses Redis only when REDIS_URL is set', () => {
    expect(transportKind({ databaseUrl: 'postgres://x', redisUrl: 'redis://127.0.0.1:6379' })).toBe('redis');
    expect(transportKind({ databaseUrl: 'postgres://x' })).toBe('postgres');
    expect(transportKind({ databaseUrl: 'postgres://x', redisUrl: '' })).toBe('postgres');
  });

  it('reads host, port, credentials and db from the URL', () => {
    expect(redisOptionsFromUrl('redis://user:p%40ss@cache:6380/2')).toMatchObject({
      host: 'cache',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      maxRetriesPerRequest: null,
    });
  });
});
