import { DEFAULT_PGLITE_MEMORY, pgliteMemoryFrom, pgliteStartParams } from './pglite-memory.js';

describe('PGlite memory settings', () => {
  it('bounds the engine by default and takes Postgres sizes from the environment', () => {
    expect(pgliteMemoryFrom({})).toEqual(DEFAULT_PGLITE_MEMORY);
    expect(pgliteMemoryFrom({ ENGRAM_PGLITE_SHARED_BUFFERS: '32MB', ENGRAM_PGLITE_MAINTENANCE_WORK_MEM: ' 16384kB ' }))
      .toEqual({ ...DEFAULT_PGLITE_MEMORY, sharedBuffers: '32MB', maintenanceWorkMem: '16384kB' });
  });

  it('refuses a value Postgres would not read as a size, naming the variable', () => {
    expect(() => pgliteMemoryFrom({ ENGRAM_PGLITE_WORK_MEM: '4' })).toThrow(/ENGRAM_PGLITE_WORK_MEM/);
    expect(() => pgliteMemoryFrom({ ENGRAM_PGLITE_SHARED_BUFFERS: '1GB; DROP' })).toThrow(/ENGRAM_PGLITE_SHARED_BUFFERS/);
  });

  it("keeps PGlite's own start parameters and adds ours after them", () => {
    const params = pgliteStartParams({ sharedBuffers: '24MB', workMem: '2MB', maintenanceWorkMem: '32MB' });
    expect(params.slice(0, 2)).toEqual(['--single', '-F']);
    expect(params.slice(-6)).toEqual(['-c', 'shared_buffers=24MB', '-c', 'work_mem=2MB', '-c', 'maintenance_work_mem=32MB']);
  });
});
