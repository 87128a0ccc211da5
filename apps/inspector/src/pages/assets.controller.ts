import { Controller, Get, Headers, NotFoundException, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { asset } from '../views/assets.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `/assets/<name>`: with `?v=` of the current content, cached for a year (the URL changes with the
 * content); otherwise revalidated on each use. Either way ETag and Last-Modified, and a 304 for a
 * matching If-None-Match (or If-Modified-Since).
 */
@Controller()
export class AssetsController {
  @Get('/assets/:name')
  serve(
    @Param('name') name: string, @Query('v') version: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined, @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res() reply: FastifyReply,
  ): void {
    const a = asset(name);
    if (!a) throw new NotFoundException();
    void reply.header('etag', a.etag).header('last-modified', a.lastModified)
      .header('cache-control', version === a.hash ? IMMUTABLE : 'no-cache');
    const fresh = ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(a.etag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(a.lastModified);
    if (fresh) return void reply.status(304).send();
    void reply.header('content-type', a.type).send(a.body);
  }
}
