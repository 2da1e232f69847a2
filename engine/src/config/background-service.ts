import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';

/**
 * A service that starts its work (a queue worker, a timer, a feed, a subscription) once the application has
 * booted, so every provider it uses is ready, and stops it when its module is destroyed (shutdown closes the
 * transports after that: TransportLifecycle).
 */
export type BackgroundService = OnApplicationBootstrap & OnModuleDestroy;
