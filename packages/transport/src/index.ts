export * from './backend.js';
export * from './queues.js';
export * from './sockets.js';
export * from './live-metrics.js';
export * from './leases.js';
export * from './browser-events.js';
export * from './rate-budget.js';
export * from './providers.js';
