import { Inject, Injectable, Logger } from '@nestjs/common';
import { createLeaseStore, rendezvousOwner, type LeaseStore } from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { ENGINE_IDENTITY, type EngineIdentity } from '../config/engine-identity.js';

/** The scanner's publisher lease: the one engine that publishes scanner:snapshot / delta / market:*. */
export const PUBLISHER_LEASE = 'scanner-publisher';
const botLease = (botId: string) => `bot:${botId}`;
const botOf = (key: string) => key.slice(4);

/** What the runner tells the ownership service, and hears back from it. */
export interface OwnedSet {
  /** Every running bot this engine knows of (all engines know all of them; each owns ~1/N). */
  candidates(): Iterable<string>;
  /** Leases taken: the bots are this engine's from now on (reload what another owner may have changed). */
  gained(botIds: readonly string[]): void;
  /** Leases about to be given up (or lost): stop matching them before anything else. */
  lost(botIds: readonly string[]): void;
}

export interface OwnershipChange {
  at: number;
  gained: string[];
  lost: string[];
}

/**
 * Bot ownership and the publisher election, by leases in the transport (packages/transport leases.ts: Redis
 * leases with fencing tokens, or Postgres advisory locks). Every LEASE_TICK_MS:
 *  1. say this engine is alive and read the live members;
 *  2. renew the leases held; a lease not renewed in time is dropped at once (the runner stops matching it);
 *  3. each running bot belongs to one live member by rendezvous hashing (~1/N each, and a join or a death moves
 *     only the bots that must move): the bots held that now belong to another are dropped FIRST (the runner stops
 *     matching them, synchronously) and only then released: the new owner can take a lease only after that
 *     (fencing: the old owner stops before the new one starts);
 *  4. the bots that belong here and are free are taken (a dead member's bots: when its leases expire, Redis, or
 *     at once when its session ends, Postgres);
 *  5. the publisher lease is taken by whoever finds it free, and kept while its holder lives.
 * `owns(botId)` is what the runner asks on the detection path (in memory, no I/O).
 */
@Injectable()
export class OwnershipService implements BackgroundService {
  private readonly logger = new Logger(OwnershipService.name);
  readonly store: LeaseStore;
  private readonly memberId: string;
  private readonly tickMs: number;
  /** Leases held, with their fencing tokens. */
  private readonly held = new Map<string, number>();
  /**
   * The bot ids among them: `owns()` runs for every running bot on every opportunity event (the runner filters its
   * bots with it), so it must not build the lease key each time (it was the largest item of an engine's profile in
   * bench/scale-out.ts's steady section).
   */
  private readonly heldBots = new Set<string>();
  /** When each held bot's lease was taken (the admin's system page: where each bot runs, since when). */
  private readonly heldSince = new Map<string, number>();
  /** The leases are ours until then (local clock; start of the last successful renew + ttl − margin). */
  private validUntil = 0;
  private source?: OwnedSet;
  private timer?: NodeJS.Timeout;
  private ticking: Promise<void> | null = null;
  private stopped = false;
  private publisherListeners: ((publishing: boolean) => void)[] = [];
  private changeListeners: ((c: OwnershipChange) => void)[] = [];
  members: string[] = [];

  constructor(
    @Inject(ENGINE_CONFIG) config: EngineConfig,
    @Inject(ENGINE_IDENTITY) identity: EngineIdentity,
  ) {
    this.memberId = identity.instanceId;
    this.tickMs = config.LEASE_TICK_MS;
    this.store = createLeaseStore(
      { databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, namespace: config.TRANSPORT_NAMESPACE },
      { memberId: identity.instanceId, ttlMs: config.LEASE_TTL_MS },
    );
  }

  /**
   * The runner registers itself once it knows every running bot: only then does this engine join the members
   * (before, the others would hand it bots it cannot run yet). Until then it only competes for the publisher lease.
   */
  track(source: OwnedSet): void {
    this.source = source;
    void this.tick();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    this.drop([...this.held.keys()]);
    await this.store.close(); // releases everything (Redis: DEL of our leases is left to expiry if this fails)
  }

  /** Does this engine own the bot now? (In memory: the detection path asks it for every match.) */
  owns(botId: string): boolean {
    return this.heldBots.has(botId) && Date.now() < this.validUntil;
  }

  /** The fencing token of the bot's lease (0: not owned). */
  token(botId: string): number {
    return this.owns(botId) ? (this.held.get(botLease(botId)) ?? 0) : 0;
  }

  /**
   * Fencing at execution time: is `token` (attached to a job by the engine that matched it) still the token of the
   * bot's live lease? A job matched by an engine that has since lost the bot (paused, partitioned, dead) is refused.
   */
  isCurrent(botId: string, token: number): Promise<boolean> {
    return this.store.isCurrent(botLease(botId), token);
  }

  ownedBots(): string[] {
    if (Date.now() >= this.validUntil) return [];
    return [...this.held.keys()].filter((k) => k.startsWith('bot:')).map(botOf);
  }

  /** The bots owned now with the instant each lease was taken. */
  ownedBotsSince(): { id: string; since: number }[] {
    return this.ownedBots().map((id) => ({ id, since: this.heldSince.get(id) ?? this.validUntil }));
  }

  get publishing(): boolean {
    return this.held.has(PUBLISHER_LEASE) && Date.now() < this.validUntil;
  }

  /** The publisher lease taken (true) or given up / lost (false). A late renewal only pauses `publishing`. */
  onPublisherChange(fn: (publishing: boolean) => void): void {
    this.publisherListeners.push(fn);
  }

  onChange(fn: (c: OwnershipChange) => void): void {
    this.changeListeners.push(fn);
  }

  /** One round now (tests and the runner call it after a change of the running bots, instead of waiting). */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.ticking ??= this.round()
      .catch((e: Error) => {
        this.logger.warn(`leases: ${e.message}`);
        if (Date.now() >= this.validUntil) this.drop([...this.held.keys()]);
      })
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async round(): Promise<void> {
    const started = Date.now();
    const wasPublisher = this.held.has(PUBLISHER_LEASE);
    if (this.source) {
      this.members = await this.store.heartbeat();
      if (!this.members.includes(this.memberId)) this.members = [...this.members, this.memberId].sort();
    }

    // 2. renew
    const kept = await this.store.renew([...this.held.keys()]);
    const lostNow = [...this.held.keys()].filter((k) => !kept.has(k));
    if (lostNow.length) this.drop(lostNow);
    this.validUntil = started + this.store.ttlMs - Math.min(1_000, this.store.ttlMs / 3);

    // 3. bots that now belong to another member: stop, then release
    const candidates = new Set([...(this.source?.candidates() ?? [])].map(botLease));
    const desired = new Set<string>();
    if (this.source)
      for (const key of candidates)
        if (rendezvousOwner(key, this.members) === this.memberId) desired.add(key);
    const leaving = [...this.held.keys()].filter((k) => k.startsWith('bot:') && !desired.has(k));
    if (leaving.length) {
      this.drop(leaving);
      await this.store.release(leaving);
    }

    // 4 & 5. take what belongs here and is free, and the publisher lease if nobody has it
    const wanted = [...desired].filter((k) => !this.held.has(k));
    if (!this.held.has(PUBLISHER_LEASE)) wanted.push(PUBLISHER_LEASE);
    if (wanted.length) {
      const got = await this.store.acquire(wanted);
      if (this.stopped || Date.now() >= this.validUntil) {
        // Too late to use them safely (the round took longer than the lease): give them back.
        await this.store.release([...got.keys()]);
      } else {
        for (const [k, token] of got) {
          this.held.set(k, token);
          if (k.startsWith('bot:')) this.heldBots.add(botOf(k));
        }
        const gained = [...got.keys()].filter((k) => k.startsWith('bot:')).map(botOf);
        const at = Date.now();
        for (const id of gained) this.heldSince.set(id, at);
        if (gained.length) {
          this.source?.gained(gained);
          this.emit({ at: Date.now(), gained, lost: [] });
        }
      }
    }
    const isPublisher = this.held.has(PUBLISHER_LEASE);
    if (isPublisher !== wasPublisher) for (const l of this.publisherListeners) l(isPublisher);
  }

  /** Stops using leases (the runner stops matching at once), before any release. */
  private drop(keys: readonly string[]): void {
    const wasPublisher = this.held.has(PUBLISHER_LEASE);
    const bots: string[] = [];
    for (const k of keys) {
      if (!this.held.delete(k)) continue;
      if (k.startsWith('bot:')) {
        this.heldBots.delete(botOf(k));
        this.heldSince.delete(botOf(k));
        bots.push(botOf(k));
      }
    }
    if (bots.length) {
      this.source?.lost(bots);
      this.emit({ at: Date.now(), gained: [], lost: bots });
    }
    if (wasPublisher && !this.held.has(PUBLISHER_LEASE)) for (const l of this.publisherListeners) l(false);
  }

  private emit(c: OwnershipChange): void {
    for (const l of this.changeListeners) l(c);
    this.logger.log(`ownership ${JSON.stringify(c)}`);
  }
}
