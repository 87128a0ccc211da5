/**
 * Told how far a long use case is: `done` of `total` units (events written, ids handled), with an
 * optional human-readable message. Only a report: a listener cannot change or abort the work, and
 * a use case that is all-or-nothing stays so (the final `done === total` comes once it is durable).
 */
export type ProgressListener = (done: number, total: number, message?: string) => void | Promise<void>;

/** Options of a use case that can report progress. */
export interface ProgressOptions {
  onProgress?: ProgressListener;
}
