export * from './domain/exchanges.js';
export * from './domain/pairs.js';
export * from './domain/plans.js';
export * from './domain/user.js';
export * from './domain/health.js';
export * from './events/index.js';
export * from './queues/index.js';
export * from './messages/index.js';
