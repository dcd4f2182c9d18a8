import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localize, tenantConfigSchema, type TenantConfigInput } from './tenant-config';

const dir = new URL('../../../../tenants/', import.meta.url);
const files = readdirSync(dir).filter((n) => n.endsWith('.json'));
const read = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as TenantConfigInput;

describe('tenant config', () => {
  it.each(files)('accepts tenants/%s', (name) => {
    const result = tenantConfigSchema.safeParse(read(name));
    expect(result.error?.issues).toBeUndefined();
  });

  it('gives every demo company a full menu: types 1–7, a custom link, personal centre and lecturer', () => {
    for (const name of files) {
      const { seed } = tenantConfigSchema.parse(read(name));
      expect(seed.navItems.length).toBeGreaterThanOrEqual(9);
      expect(new Set(seed.navItems.map((n) => n.navMenuType))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 10]));
      expect(seed.navItems.some((n) => n.navMenuType === 10 && n.linkUrl && n.target === '_blank')).toBe(true);
      const titles = seed.navItems.map((n) => localize(n.title, 'en'));
      expect(titles).toEqual(expect.arrayContaining(['Personal Centre', 'Lecturer']));
    }
  });

  it('fills defaults and resolves texts per language', () => {
    const config = tenantConfigSchema.parse(read('localhost.json'));
    expect(config.seed.navItems[0]).toMatchObject({ target: '_self', isMenu: true, linkUrl: '' });
    expect(localize(config.branding.name, 'zh')).toBe('星辰科技');
    expect(localize(config.branding.name, 'en')).toBe('Xingchen Technology');
    expect(localize('学堂', 'en')).toBe('学堂');
  });

  it('refuses colours that are not #rrggbb, unknown menu types and unknown fields', () => {
    const base = read('localhost.json');
    const bad = (patch: (c: TenantConfigInput) => void) => {
      const copy = structuredClone(base);
      patch(copy);
      return tenantConfigSchema.safeParse(copy).success;
    };
    expect(bad((c) => (c.branding.colors.primary = 'red; background: url(x)'))).toBe(false);
    expect(bad((c) => (c.seed.navItems[0]!.navMenuType = 9 as never))).toBe(false);
    expect(bad((c) => Object.assign(c.branding, { slogan: 'x' }))).toBe(false);
    expect(bad((c) => (c.seed.navItems[0] = { title: 'x', navMenuType: 10 }))).toBe(false);
    expect(bad((c) => (c.seed.users[0]!.empNo = 'E'.repeat(21)))).toBe(false);
  });
});
