import { Injectable } from '@nestjs/common';
import type { OwnerId } from '@arbitra/db';

/** Adds a section to 'Exportar meus dados' (e.g. bots, exchange keys without secrets, trades). */
export type AccountDataExporter = (userId: OwnerId) => Promise<unknown>;

/** Runs before an account is deleted (e.g. stop the user's bots); rows then go by FK cascade. */
export type AccountDeletionHook = (userId: OwnerId) => Promise<void>;

/**
 * Where later modules plug into the LGPD features without this module knowing them:
 * `registry.addExporter('bots', ...)`, `registry.beforeDelete(...)`, from their onModuleInit.
 */
@Injectable()
export class AccountDataRegistry {
  private readonly exporters = new Map<string, AccountDataExporter>();
  private readonly deletionHooks: AccountDeletionHook[] = [];

  addExporter(section: string, exporter: AccountDataExporter): void {
    this.exporters.set(section, exporter);
  }

  beforeDelete(hook: AccountDeletionHook): void {
    this.deletionHooks.push(hook);
  }

  async exportSections(userId: OwnerId): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [section, exporter] of this.exporters) out[section] = await exporter(userId);
    return out;
  }

  async runDeletionHooks(userId: OwnerId): Promise<void> {
    for (const hook of this.deletionHooks) await hook(userId);
  }
}
