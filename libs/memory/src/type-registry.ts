import { InvalidRecordError, UnknownTypeError } from './errors.js';

/** Memory classes (complementary learning systems, seed 001 ADR-010). */
export type MemoryClass = 'episodic' | 'semantic' | 'procedural';

/**
 * `immutable`: content never changes in place (decisions, episodes are historical records);
 * changing it means superseding the record. Metadata, tags and validity may still be annotated.
 * `mutable`: updates create a new version with new content.
 */
export type Mutability = 'immutable' | 'mutable';

/** What the gate does with a write of this type when no policy rule matches. */
export type TypeGatePolicy = 'auto' | 'review';

/** One registered memory type. */
export interface TypeDefinition {
  readonly name: string;
  readonly memoryClass: MemoryClass;
  /** Default confidence decay half-life in days. */
  readonly halfLifeDays: number;
  readonly mutability: Mutability;
  readonly gatePolicy: TypeGatePolicy;
}

/** Config override for a type: a partial change of a built-in, or a full new type. */
export type TypeOverride = Partial<Omit<TypeDefinition, 'name'>>;

/** Read-only lookup of memory types. */
export interface TypeRegistry {
  has(name: string): boolean;
  /** Throws UnknownTypeError for unregistered names. */
  get(name: string): TypeDefinition;
  names(): string[];
  list(): TypeDefinition[];
  /**
   * The type's half-life; an unregistered type (a custom one removed from config) decays like
   * semantic knowledge ({@link FALLBACK_HALF_LIFE_DAYS}), the same for ranking, sweeps and the
   * decision engine.
   */
  halfLifeDays(name: string): number;
}

// Half-lives: seed 003 where it names the category, seed 004 class defaults otherwise.
const SEMANTIC_HALF_LIFE = 138;
const PROCEDURAL_HALF_LIFE = 693;
/** The half-life of a type the registry does not know (semantic knowledge's). */
export const FALLBACK_HALF_LIFE_DAYS = SEMANTIC_HALF_LIFE;

/** The built-in types (SPEC 3). */
export const BUILTIN_TYPES: readonly TypeDefinition[] = [
  { name: 'decision', memoryClass: 'semantic', halfLifeDays: SEMANTIC_HALF_LIFE, mutability: 'immutable', gatePolicy: 'auto' },
  { name: 'belief', memoryClass: 'semantic', halfLifeDays: SEMANTIC_HALF_LIFE, mutability: 'mutable', gatePolicy: 'review' },
  { name: 'fact', memoryClass: 'semantic', halfLifeDays: SEMANTIC_HALF_LIFE, mutability: 'mutable', gatePolicy: 'auto' },
  { name: 'preference', memoryClass: 'semantic', halfLifeDays: 90, mutability: 'mutable', gatePolicy: 'auto' },
  { name: 'episode', memoryClass: 'episodic', halfLifeDays: 14, mutability: 'immutable', gatePolicy: 'auto' },
  { name: 'task', memoryClass: 'episodic', halfLifeDays: 7, mutability: 'mutable', gatePolicy: 'auto' },
  { name: 'context', memoryClass: 'episodic', halfLifeDays: 1, mutability: 'mutable', gatePolicy: 'auto' },
  { name: 'skill', memoryClass: 'procedural', halfLifeDays: PROCEDURAL_HALF_LIFE, mutability: 'mutable', gatePolicy: 'auto' },
];

const TYPE_NAME_RE = /^[a-z][a-z0-9_-]{0,63}$/;

function buildDefinition(name: string, base: TypeDefinition | undefined, o: TypeOverride): TypeDefinition {
  if (!TYPE_NAME_RE.test(name)) throw new InvalidRecordError(`invalid memory type name "${name}"`);
  const memoryClass = o.memoryClass ?? base?.memoryClass;
  if (!memoryClass) throw new InvalidRecordError(`custom memory type "${name}" needs a memoryClass`);
  const def: TypeDefinition = {
    name,
    memoryClass,
    halfLifeDays: o.halfLifeDays ?? base?.halfLifeDays ?? (memoryClass === 'procedural' ? PROCEDURAL_HALF_LIFE : SEMANTIC_HALF_LIFE),
    mutability: o.mutability ?? base?.mutability ?? 'mutable',
    // Custom types are reviewed unless configured otherwise: new kinds of knowledge earn trust.
    gatePolicy: o.gatePolicy ?? base?.gatePolicy ?? 'review',
  };
  if (!(def.halfLifeDays > 0) || !Number.isFinite(def.halfLifeDays)) {
    throw new InvalidRecordError(`memory type "${name}": halfLifeDays must be a positive number`);
  }
  return def;
}

/**
 * Builds the type registry: the built-ins, changed and extended by `overrides`
 * (keyed by type name; a new name must give at least `memoryClass`).
 */
export function createTypeRegistry(overrides: Readonly<Record<string, TypeOverride>> = {}): TypeRegistry {
  const types = new Map<string, TypeDefinition>(BUILTIN_TYPES.map((t) => [t.name, t]));
  for (const [name, o] of Object.entries(overrides)) {
    types.set(name, buildDefinition(name, types.get(name), o));
  }
  return {
    has: (name) => types.has(name),
    get(name) {
      const def = types.get(name);
      if (!def) throw new UnknownTypeError(name);
      return def;
    },
    names: () => [...types.keys()],
    list: () => [...types.values()],
    halfLifeDays: (name) => types.get(name)?.halfLifeDays ?? FALLBACK_HALF_LIFE_DAYS,
  };
}
