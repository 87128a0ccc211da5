import { Inject, type OnApplicationShutdown } from '@nestjs/common';
import type { Runtime } from '@engram/runtime';
import { RUNTIME } from './tokens.js';

/** Releases the job queue, the embedder and the database when Nest shuts down (no process.exit). */
export class RuntimeShutdown implements OnApplicationShutdown {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async onApplicationShutdown(): Promise<void> {
    await this.runtime.close();
  }
}
