/** DI tokens (Symbols: the providers are interfaces, not classes). */
export const INSPECTOR = Symbol('engram.inspector');
