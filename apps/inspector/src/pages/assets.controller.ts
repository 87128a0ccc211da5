import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundled front-end (tools/build/build.mjs writes it next to main.js): nothing is loaded from elsewhere. */
const ASSET_DIR = fileURLToPath(new URL('./assets/', import.meta.url));
const TYPES: Record<string, string> = { 'app.js': 'text/javascript; charset=utf-8', 'app.css': 'text/css; charset=utf-8', 'favicon.svg': 'image/svg+xml' };
const cache = new Map<string, Buffer>();

@Controller()
export class AssetsController {
  @Get('/assets/:name')
  asset(@Param('name') name: string, @Res() reply: FastifyReply): void {
    const type = TYPES[name];
    if (!type) throw new NotFoundException();
    let body = cache.get(name);
    if (!body) {
      body = readFileSync(join(ASSET_DIR, name));
      cache.set(name, body);
    }
    void reply.header('content-type', type).header('cache-control', 'no-cache').send(body);
  }
}
