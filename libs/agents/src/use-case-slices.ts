/*
 * The use cases per capability, enforced at run time (ADR-0037, issue 38). The types already give a
 * tool, skill or command only the members of the capability it declares; these slices make the
 * object it receives hold nothing else, so a cast or an `any` cannot reach another capability's
 * use cases either.
 */
import type { Capability, MemoryService, UseCases } from './use-cases.js';

/** Each capability's members, by name. The compile-time check below keeps the lists complete. */
const MEMBERS = {
  memory: [
    'get', 'history', 'list', 'search', 'store', 'storeBatch', 'remember', 'forget', 'invalidate', 'update', 'supersede', 'archive', 'promote',
    'reinforce', 'exportAll', 'countAll', 'importLine', 'knownScopes',
  ],
  retrieval: ['retrieve', 'validate', 'recall', 'research'],
  continuity: ['prd', 'chains'],
  conversation: ['conversation', 'toc'],
  review: ['gate', 'cascades'],
  lifecycle: ['formImplicit', 'feedback', 'decisionEngine'],
} as const satisfies { readonly [C in Capability]: readonly (keyof UseCases[C])[] };

/** A member an interface gained but the list above lacks: the assignment below stops compiling. */
type Unlisted = { [C in Capability]: Exclude<keyof UseCases[C], (typeof MEMBERS)[C][number]> }[Capability];
const everyMemberListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyMemberListed;

/** One slice per capability of a service, each a frozen object with only that capability's members. */
export type UseCaseSlices = { readonly [C in Capability]: UseCases[C] };

function sliceOf<C extends Capability>(service: MemoryService, capability: C): UseCases[C] {
  const slice: Record<string, unknown> = Object.create(null);
  for (const member of MEMBERS[capability]) {
    let read = false;
    let cached: unknown;
    // Read from the service on first use (a composition root may hand over a service whose members
    // are filled later, and a test's service may throw on any access); bound, so a member that uses
    // `this` still reaches its own service, never the caller's slice.
    Object.defineProperty(slice, member, {
      enumerable: true,
      get() {
        if (!read) {
          const value: unknown = service[member];
          cached = typeof value === 'function' ? value.bind(service) : value;
          read = true;
        }
        return cached;
      },
    });
  }
  return Object.freeze(slice) as unknown as UseCases[C];
}

/** The slices of a service, built once (composition roots hand `slices[uses]` to each consumer). */
export function useCaseSlices(service: MemoryService): UseCaseSlices {
  return Object.freeze({
    memory: sliceOf(service, 'memory'),
    retrieval: sliceOf(service, 'retrieval'),
    continuity: sliceOf(service, 'continuity'),
    conversation: sliceOf(service, 'conversation'),
    review: sliceOf(service, 'review'),
    lifecycle: sliceOf(service, 'lifecycle'),
  });
}

/** The slice of the capability a consumer declared; an unknown name is a programming error. */
export function sliceFor<C extends Capability>(slices: UseCaseSlices, uses: C): UseCases[C] {
  if (!Object.hasOwn(slices, uses)) throw new Error(`unknown capability '${String(uses)}'`);
  return slices[uses];
}
