import { describe, expect, it } from 'vitest';
import type { NavItem } from '@/api/types';
import { buildNav, isHiddenNavTitle, NAV_VISIBLE } from '@/components/header/nav';

function item(navMenuType: number, title: string, extra: Partial<NavItem> = {}): NavItem {
  return { id: `${navMenuType}-${title}`, title, navMenuType, navUrl: '', linkUrl: '', isMenu: 1, target: '_self', ...extra };
}

describe('buildNav', () => {
  it('maps menu types to localized pages', () => {
    const items = [1, 2, 3, 4, 5, 6, 7].map((type) => item(type, `t${type}`));
    const { visible, more } = buildNav(items, '/', 'zh');
    expect([...visible, ...more].map((l) => l.href)).toEqual([
      '/home', '/train', '/knowledge', '/exam', '/lecturer', '/certificate', '/account',
    ]);
    expect(buildNav(items, '/en', 'en').visible[0]!.href).toBe('/en/home');
  });

  it(`shows the first ${NAV_VISIBLE} and puts the rest under more`, () => {
    const items = Array.from({ length: 9 }, (_, i) => item(3, `k${i}`));
    const { visible, more } = buildNav(items, '/', 'zh');
    expect(visible).toHaveLength(6);
    expect(more.map((l) => l.title)).toEqual(['k6', 'k7', 'k8']);
  });

  it('hides personal centre and lecturer items before counting', () => {
    const items = [
      item(7, '个人中心'),
      item(5, '讲师'),
      item(5, '明星讲师团'),
      item(7, 'Personal Centre'),
      item(7, 'personal center'),
      item(5, 'LECTURER'),
      ...Array.from({ length: 7 }, (_, i) => item(1, `h${i}`)),
    ];
    const { visible, more } = buildNav(items, '/', 'zh');
    expect(visible.map((l) => l.title)).toEqual(['h0', 'h1', 'h2', 'h3', 'h4', 'h5']);
    expect(more.map((l) => l.title)).toEqual(['h6']);
  });

  it('skips items that are not menu items and unknown types', () => {
    const { visible } = buildNav([item(1, 'a', { isMenu: 0 }), item(42, 'b'), item(2, 'c')], '/', 'zh');
    expect(visible.map((l) => l.title)).toEqual(['c']);
  });

  it('uses navUrl, else linkUrl, for custom links and honours the target', () => {
    const { visible } = buildNav(
      [
        item(10, 'docs', { navUrl: 'https://example.com/docs', linkUrl: 'https://other.example', target: '_blank' }),
        item(10, 'blog', { linkUrl: '/community/blog' }),
        item(10, 'empty'),
      ],
      '/en/community/blog/9',
      'en',
    );
    expect(visible).toEqual([
      { key: '10-docs', title: 'docs', href: 'https://example.com/docs', newTab: true, current: false },
      { key: '10-blog', title: 'blog', href: '/en/community/blog', newTab: false, current: true },
    ]);
  });

  it('marks the item of the current page, also below it, and /home for the root', () => {
    const items = [item(1, 'home'), item(4, 'exam'), item(3, 'knowledge')];
    const current = (path: string, locale: 'zh' | 'en' = 'zh') =>
      buildNav(items, path, locale).visible.filter((l) => l.current).map((l) => l.title);
    expect(current('/exam/index_bak')).toEqual(['exam']);
    expect(current('/en/knowledge/course/12', 'en')).toEqual(['knowledge']);
    expect(current('/')).toEqual(['home']);
    expect(current('/examples')).toEqual([]);
    expect(current('/login')).toEqual([]);
  });
});

describe('isHiddenNavTitle', () => {
  it.each(['个人中心', '讲师', 'Personal Centre', 'Personal center', 'lecturer', 'Our Lecturers'])('%s is hidden', (title) => {
    expect(isHiddenNavTitle(title)).toBe(true);
  });
  it.each(['首页', 'Knowledge', 'Exams'])('%s is shown', (title) => {
    expect(isHiddenNavTitle(title)).toBe(false);
  });
});
