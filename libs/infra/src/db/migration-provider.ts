import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { MigrationContext } from './migration-context.js';

/** A migration module: `up` directly, or `buildUp(ctx)` when it depends on the context. */
export interface MigrationModule {
  up?: (db: Kysely<any>) => Promise<void>;
  buildUp?: (ctx: MigrationContext) => (db: Kysely<any>) => Promise<void>;
  down?: (db: Kysely<any>) => Promise<void>;
}

/**
 * Hands kysely's Migrator a fixed list of migrations with the context bound in (atproto's
 * CtxMigrationProvider). Keys are the export names (`_20261122T060000000Z`), which sort by time.
 */
export class CtxMigrationProvider implements MigrationProvider {
  constructor(
    private readonly modules: Record<string, MigrationModule>,
    private readonly ctx: MigrationContext,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(this.modules)) {
      const up = mod.buildUp ? mod.buildUp(this.ctx) : mod.up;
      if (!up) throw new Error(`migration ${name} exports neither up nor buildUp`);
      out[name] = mod.down ? { up, down: mod.down } : { up };
    }
    return out;
  }
}
