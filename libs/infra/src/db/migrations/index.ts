// Every migration, listed by hand in order (CONVENTIONS C7): bundled apps cannot scan a folder.
export * as _20261122T060000000Z from './20261122T060000000Z-create-memory-core.js';
export * as _20261122T070000000Z from './20261122T070000000Z-create-service-role.js';
export * as _20261123T060000000Z from './20261123T060000000Z-forget-purge-and-audit-uniqueness.js';
export * as _20261123T080000000Z from './20261123T080000000Z-create-a2a-tasks.js';
export * as _20261123T090000000Z from './20261123T090000000Z-embedding-model-index.js';
export * as _20261123T120000000Z from './20261123T120000000Z-create-cascade-reviews.js';
export * as _20261123T120700000Z from './20261123T120700000Z-create-work-continuity.js';
export * as _20261123T150000000Z from './20261123T150000000Z-create-conversation-log.js';
export * as _20261123T160000000Z from './20261123T160000000Z-create-conversation-toc.js';
export * as _20261123T170000000Z from './20261123T170000000Z-create-lifecycle-engine.js';
export * as _20261123T180000000Z from './20261123T180000000Z-create-sweep-runs.js';
export * as _20261123T190000000Z from './20261123T190000000Z-commit-returns-head.js';
export * as _20261123T190100000Z from './20261123T190100000Z-layer2-candidate-indexes.js';
export * as _20261125T090000000Z from './20261125T090000000Z-layer2-group-terms-index.js';
export * as _20261125T093000000Z from './20261125T093000000Z-layer2-candidates-function.js';
export * as _20261125T100000000Z from './20261125T100000000Z-commit-heads-batch.js';
export * as _20261126T030000000Z from './20261126T030000000Z-write-path-function-languages.js';
