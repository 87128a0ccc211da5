/*
 * The error catalogue's promise (ADR-0037): every app maps every catalogued code, and adding a code
 * fails compilation until the MCP server, the A2A server and the CLI each map it. The type-level
 * half is checked by `tsc` (the typecheck step of `npm test`): each `@ts-expect-error` below must
 * meet an error, so if a mapping stopped being exhaustive the unused directive fails the build.
 */
import { InvalidInputError, mapCodedError, PrdNotFoundError } from '@engram/agents';
import { SweepBusyError } from '@engram/lifecycle';
import { InvalidEventError, VersionConflictError } from '@engram/memory';
import type { ErrorCode, ErrorMapping } from '@engram/runtime';
import { TASK_FAILURES, toTaskFailure } from '../../apps/a2a-server/src/errors/to-task-failure.js';
import { EXIT, EXIT_CODES, toExit } from '../../apps/admin-cli/src/errors/to-exit-code.js';
import { TOOL_ERRORS, toToolError } from '../../apps/mcp-server/src/errors/to-tool-error.js';

/** A code a lib might add tomorrow. */
type Tomorrow = ErrorCode | 'A_CODE_ADDED_TOMORROW';

// @ts-expect-error the MCP server's mapping lacks a code added to the catalogue
export const mcpWithNewCode: Readonly<Record<Tomorrow, unknown>> = TOOL_ERRORS;
// @ts-expect-error the A2A server's mapping lacks a code added to the catalogue
export const a2aWithNewCode: Readonly<Record<Tomorrow, unknown>> = TASK_FAILURES;
// @ts-expect-error the CLI's mapping lacks a code added to the catalogue
export const cliWithNewCode: Readonly<Record<Tomorrow, unknown>> = EXIT_CODES;
// @ts-expect-error a mapping that leaves a catalogued code out does not compile
export const partial: ErrorMapping<number> = { RECORD_NOT_FOUND: 1 };
// @ts-expect-error nor does one that maps a code nobody throws (a typo, a removed code)
export const stale: ErrorMapping<number, 'CHECKS_FAILED'> = { ...EXIT_CODES, NOT_A_CODE: 1 };

describe('error mappings per app', () => {
  it('map the same catalogue in every app (the CLI adds only its own CHECKS_FAILED)', () => {
    const mcp = Object.keys(TOOL_ERRORS).sort();
    expect(Object.keys(TASK_FAILURES).sort()).toEqual(mcp);
    expect(Object.keys(EXIT_CODES).filter((c) => c !== 'CHECKS_FAILED').sort()).toEqual(mcp);
  });

  it('turn one shared INVALID_EVENT into a caller error in each app', () => {
    const err = new InvalidEventError('kind must be a word');
    expect(toToolError(err, () => undefined).structuredContent).toEqual({ code: 'INVALID_EVENT', message: 'kind must be a word', remedy: 'fix-input' });
    expect(toTaskFailure(err)).toEqual({ code: 'INVALID_EVENT', message: 'kind must be a word' });
    expect(toExit(err)).toEqual({ exitCode: EXIT.input, message: 'engram: INVALID_EVENT: kind must be a word' });
  });

  it('map a lifecycle, a memory and an agents code by their own entries', () => {
    expect(toExit(new SweepBusyError('archive', 'r1')).exitCode).toBe(EXIT.conflict);
    expect(toToolError(new SweepBusyError('archive', 'r1'), () => undefined).structuredContent).toMatchObject({ code: 'SWEEP_BUSY', remedy: 'retry' });
    expect(toExit(new VersionConflictError('id', 2, 3)).exitCode).toBe(EXIT.conflict);
    expect(toExit(new PrdNotFoundError('p')).exitCode).toBe(EXIT.notFound);
    expect(toTaskFailure(new InvalidInputError('bad')).code).toBe('INVALID_INPUT');
  });

  it('leave an uncatalogued code (a driver SQLSTATE) to the internal path', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(mapCodedError(driver, TOOL_ERRORS)).toBeUndefined();
    expect(toExit(driver).exitCode).toBe(EXIT.internal);
    expect(toTaskFailure(driver).code).toBe('INTERNAL_ERROR');
    const logged: string[] = [];
    expect(toToolError(driver, (m) => logged.push(m)).structuredContent).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(logged).toHaveLength(1);
  });
});
