export * from './entities/index.js';
export * from './migrations/index.js';
export * from './data-source.js';
export * from './security/credential-cipher.js';
export * from './security/credentials-keys.config.js';
export * from './repositories/index.js';
export * from './query-stats.js';
export { adminActingOn, provenOwner, systemActingFor, type MethodsWithoutOwner, type OwnerId } from './tenancy.js';
