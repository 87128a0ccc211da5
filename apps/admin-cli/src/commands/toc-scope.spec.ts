import { projectOf } from './toc-scope.js';

describe('the project of a toc/events command', () => {
  it('takes --project, then ENGRAM_PROJECT (as the hook and the MCP server do), then the working directory\'s repository', () => {
    expect(projectOf({ project: 'acme' }, { ENGRAM_PROJECT: 'other' })).toBe('project:acme');
    expect(projectOf({ project: 'project:acme' }, {})).toBe('project:acme');
    expect(projectOf({}, { ENGRAM_PROJECT: 'shop' })).toBe('project:shop');
    expect(projectOf({}, { ENGRAM_PROJECT: '' })).toMatch(/^project:\S+$/);
  });
});
