/** Codes of @engram/lifecycle errors. */
export type LifecycleErrorCode = 'LIFECYCLE_CONFIG_INVALID' | 'SWEEP_BUSY';

/** Base of lifecycle domain errors. */
export class LifecycleError extends Error {
  override name = 'LifecycleError';
  constructor(readonly code: LifecycleErrorCode, message: string) {
    super(message);
  }
}

/** A lifecycle config value is out of range or contradicts another. */
export class LifecycleConfigError extends LifecycleError {
  override name = 'LifecycleConfigError';
  constructor(message: string) {
    super('LIFECYCLE_CONFIG_INVALID', message);
  }
}
