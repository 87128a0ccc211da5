import pg from 'pg';

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * A pg Pool for the embedded socket that, when a new connection cannot be made (the owner
 * closed or died), runs `recover` (take the lock over or wait for the new owner) and tries once
 * more. Statements already in flight still fail; only connection set-up is retried.
 */
export class TakeoverPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly recover: () => Promise<void>,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const attempt = this.connectWithRecovery();
    if (!callback) return attempt;
    attempt.then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error),
    );
  }

  private async connectWithRecovery(): Promise<pg.PoolClient> {
    try {
      return await super.connect();
    } catch (error) {
      if (this.ending) throw error;
      await this.recover();
      return super.connect();
    }
  }
}
