import { describe, expect, it } from 'vitest';
import { routeParam } from '@/i18n/locale-path';
import { matchRoute, localizePath, routeFile, routes } from '@/i18n/routes';

describe('route table', () => {
  it('matches exact routes before parameterised shells', () => {
    expect(matchRoute('/account/exam/detail')?.route.id).toBe('examDetail');
    expect(matchRoute('/en/account/exam/42')).toMatchObject({ locale: 'en', param: '42' });
    expect(matchRoute('/knowledge/course/')?.route.id).toBe('knowledgeCourse');
    expect(matchRoute('/redirect/account')?.route.id).toBe('redirectAccount');
    expect(matchRoute('/redirect/knowledge/course/9')).toMatchObject({ param: 'knowledge/course/9' });
    expect(matchRoute('/knowledge/course/1/2')).toBeUndefined();
    expect(matchRoute('/nowhere')).toBeUndefined();
  });
  it('localizes paths and files', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/exam', 'zh')).toBe('/exam');
    expect(routeFile({ path: '/' }, 'en')).toBe('en/index.html');
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
  });
  it('reads a parameter after a route path in either language', () => {
    expect(routeParam('/en/knowledge/course/123', '/knowledge/course')).toBe('123');
    expect(routeParam('/knowledge/course/%E8%AF%BE/', '/knowledge/course')).toBe('课');
    expect(routeParam('/knowledge/course/', '/knowledge/course')).toBeUndefined();
    expect(routeParam('/exam', '/knowledge/course')).toBeUndefined();
  });
});
