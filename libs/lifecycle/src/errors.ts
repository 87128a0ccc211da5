/** Codes of @engram/lifecycle errors. */
export type LifecycleErrorCode = 'LIFECYCLE_CONFIG_INVALID' | 'INVALID_EVENT';

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

/** An implicit event failed validation (stage 1); nothing was recorded. */
export class InvalidEventError extends LifecycleError {
  override name = 'InvalidEventError';
  constructor(message: string) {
    super('INVALID_EVENT', message);
  }
}
