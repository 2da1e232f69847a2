export * from './backend.js';
export * from './queues.js';
export * from './sockets.js';
