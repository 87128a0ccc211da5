import { canonicalJson, contentHash, type MemoryRecord, type MemoryStatus } from '@engram/memory';
import { firstDeniedScope } from './actor.js';
import { contextOf, rejectWith, type DecisionDeps, type Layer2Result } from './decision-context.js';
import { checkLinks } from './edges/link-check.js';
import type { GateDecision } from './gate-outcome.js';
import { sameVersion } from './import-presence.js';
import type { WriteRequest } from './write-request.js';

type IdRequest = Exclude<WriteRequest, { op: 'create' } | { op: 'import' }>;

const ALLOWED: Record<IdRequest['op'], MemoryStatus[]> = {
  update: ['active'], supersede: ['active'], invalidate: ['active', 'superseded', 'archived'], archive: ['active'],
  forget: ['active', 'superseded', 'invalidated', 'archived'], reinforce: ['active'], promote: ['active'],
};

const DECISION: Record<IdRequest['op'], GateDecision> = {
  update: 'UPDATE', supersede: 'SUPERSEDE', invalidate: 'INVALIDATE', archive: 'ARCHIVE', forget: 'FORGET', reinforce: 'REINFORCE', promote: 'PROMOTE',
};

/** Layer 2 for requests on existing records (and imports). */
export async function decideExisting(request: Exclude<WriteRequest, { op: 'create' }>, deps: DecisionDeps): Promise<Layer2Result> {
  if (request.op === 'import') return decideImport(request, deps);
  const target = await deps.reader.findHead(request.id);
  const bare = contextOf(request, deps.actor, [], [], undefined, []);
  if (!target) return rejectWith('RECORD_NOT_FOUND', `memory ${request.id} not found`, request, bare);
  const replacement = request.op === 'supersede' && request.replacementId ? await deps.reader.findHead(request.replacementId) : undefined;
  const types = [target.type, ...(request.op === 'supersede' ? [request.replacement?.type ?? replacement?.type ?? target.type] : [])];
  const scopes = [target.scope, ...(request.op === 'promote' ? ['global'] : []), ...(request.op === 'supersede' ? [request.replacement?.scope ?? replacement?.scope ?? target.scope] : [])];
  const impact = request.op === 'supersede' ? request.replacement?.metadata?.['impact'] ?? target.metadata['impact']
    : request.op === 'update' ? request.patch.metadata?.['impact'] ?? target.metadata['impact'] : target.metadata['impact'];
  const ctx = contextOf(request, deps.actor, types, scopes, impact, []);
  const denied = firstDeniedScope(deps.actor, ctx.scopes);
  if (denied) return rejectWith('SCOPE_DENIED', `actor ${deps.actor.id} may not write to scope ${denied}`, request, ctx, target);
  if (!ALLOWED[request.op].includes(target.status)) {
    return rejectWith('INVALID_STATE', `cannot ${request.op} memory ${target.id}: it is ${target.status}`, request, ctx, target);
  }
  if ('expectedVersion' in request && request.expectedVersion !== undefined && request.expectedVersion !== target.version) {
    return rejectWith('VERSION_CONFLICT', `memory ${target.id} is at version ${target.version}, expected ${request.expectedVersion}`, request, ctx, target);
  }
  const special = await checkSpecial(request, target, deps, replacement);
  if (special) return { ...special, request, context: ctx, target, flags: [] };
  // A new replacement may state links like any new record; the supersedes edge is the writer's.
  const edges = request.op === 'supersede' && request.replacement ? await checkLinks(request.replacement.links, request.replacement.scope, deps.reader) : [];
  if (!Array.isArray(edges)) return rejectWith(edges.code, edges.reason, request, ctx, target);
  return {
    decision: DECISION[request.op], reason: `${request.op} of ${target.type} ${target.id} (version ${target.version})`, request, flags: [], context: ctx, target,
    ...(edges.length ? { edges } : {}),
  };
}

type Special = Pick<Layer2Result, 'decision' | 'reason' | 'code'>;

async function checkSpecial(request: IdRequest, target: MemoryRecord, deps: DecisionDeps, replacement: MemoryRecord | undefined): Promise<Special | undefined> {
  switch (request.op) {
    case 'update': {
      const p = request.patch;
      if (p.content !== undefined && p.content !== target.content && deps.registry.get(target.type).mutability === 'immutable') {
        return { decision: 'REJECT', code: 'IMMUTABLE_RECORD', reason: `a ${target.type}'s content is immutable: supersede ${target.id} instead` };
      }
      const unchanged = (p.content === undefined || contentHash(p.content) === target.contentHash && p.content === target.content)
        && (p.metadata === undefined || canonicalJson(p.metadata) === canonicalJson(target.metadata))
        && (p.tags === undefined || canonicalJson([...new Set(p.tags)]) === canonicalJson(target.tags))
        && (p.confidence === undefined || Math.abs(p.confidence - target.confidence) < 1e-6)
        && (p.validFrom === undefined || p.validFrom.getTime() === target.validFrom.getTime())
        && (p.validTo === undefined || (p.validTo?.getTime() ?? null) === (target.validTo?.getTime() ?? null));
      return unchanged ? { decision: 'NOOP', reason: `update changes nothing in ${target.id}` } : undefined;
    }
    case 'supersede': {
      if (!request.replacementId) return undefined;
      if (!replacement) return { decision: 'REJECT', code: 'RECORD_NOT_FOUND', reason: `replacement ${request.replacementId} not found` };
      const chain = await deps.reader.supersessionChain(request.replacementId);
      if (chain.includes(target.id)) {
        return { decision: 'REJECT', code: 'SUPERSEDE_CYCLE', reason: `superseding ${target.id} by ${request.replacementId} would create a cycle` };
      }
      return replacement.status === 'active' ? undefined : { decision: 'REJECT', code: 'INVALID_STATE', reason: `replacement ${replacement.id} is ${replacement.status}` };
    }
    case 'reinforce':
      return target.confidence >= 1 ? { decision: 'NOOP', reason: `memory ${target.id} is already at full confidence` } : undefined;
    case 'promote':
      return target.scope === 'global' ? { decision: 'NOOP', reason: `memory ${target.id} is already global` } : undefined;
    default:
      return undefined;
  }
}

async function decideImport(request: Extract<WriteRequest, { op: 'import' }>, deps: DecisionDeps): Promise<Layer2Result> {
  const first = request.versions[0];
  const ctx = contextOf(request, deps.actor, request.versions.map((v) => v.type), request.versions.map((v) => v.scope), first?.metadata['impact'], []);
  const denied = firstDeniedScope(deps.actor, ctx.scopes);
  if (denied) return rejectWith('SCOPE_DENIED', `actor ${deps.actor.id} may not write to scope ${denied}`, request, ctx);
  const id = first?.id as string;
  const stored = await (deps.storedVersions ? deps.storedVersions(id) : deps.reader.versions(id).catch(() => []));
  const head = stored[stored.length - 1]?.version ?? 0;
  const missing = request.versions.filter((v) => v.version > head);
  if (first && first.version > head + 1) {
    return rejectWith('VERSION_CONFLICT', `import of ${id} starts at version ${first.version} but the store has ${head}: versions are missing`, request, ctx);
  }
  const differing = request.versions.find((v) => {
    const s = stored.find((x) => x.version === v.version);
    return s !== undefined && !sameVersion(s, v);
  });
  if (differing) {
    return rejectWith('VERSION_CONFLICT', `import of ${id} version ${differing.version} differs from the stored version`, request, ctx);
  }
  if (missing.length === 0) return { decision: 'NOOP', reason: `memory ${id} versions ${first?.version}..${head} already imported`, request, flags: [], context: ctx };
  return { decision: 'IMPORT', reason: `import ${missing.length} version(s) of ${id} (store has ${head})`, request, flags: [], context: ctx, freshImport: head === 0 };
}

