import type { CallContext } from '@engram/agents';

/**
 * Who the inspector is to the use cases: an operator (admin reads across scopes, like the CLI).
 * The audit trail names it `ui:<user>`; the retrieval pipeline still reads global + one scope.
 */
export function operatorContext(): CallContext {
  return { actor: reviewerName(), admin: true };
}

export function reviewerName(): string {
  return `ui:${process.env.USER ?? process.env.LOGNAME ?? 'operator'}`;
}
