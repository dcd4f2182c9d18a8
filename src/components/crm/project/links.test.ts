import { describe, expect, it } from 'vitest';
import { projectEditHref, projectListHref, projectMembersHref } from './links';

describe('study project links', () => {
  it('are localized and carry the id and status', () => {
    expect(projectListHref('zh')).toBe('/crm/projects');
    expect(projectListHref('en')).toBe('/en/crm/projects');
    expect(projectEditHref('zh')).toBe('/crm/projects/edit');
    expect(projectEditHref('en', 'a b')).toBe('/en/crm/projects/edit?id=a%20b');
    expect(projectMembersHref('zh', 'x', 0)).toBe('/crm/projects/members?id=x&status=0');
  });
});
