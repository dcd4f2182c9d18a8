/**
 * What a company registered on the platform starts with, having no tenant file: branding
 * derived from its name, the standard menu, and no domain (its site is reached with the
 * `eid` header the client keeps after sign-in). Enum lists fall back to the global ones.
 */
import type { navItems } from '../db/schema';

type NavItemRow = Omit<typeof navItems.$inferInsert, 'enterpriseId' | 'id'>;

const PRIMARY = '#1d4ed8';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

/**
 * A square logo with the company name's first character, as a data URL.
 *
 * @example initialLogo('云帆科技') → 'data:image/svg+xml;base64,…' (a blue square with 云)
 */
export function initialLogo(name: string, color = PRIMARY): string {
  const initial = escapeXml([...name.trim()][0]?.toUpperCase() ?? '?');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${color}"/>` +
    `<text x="32" y="43" font-size="32" font-family="sans-serif" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Columns of a new company's `enterprises` row, from the name it registered with. */
export function newCompanyBranding(name: string) {
  const logo = initialLogo(name);
  return {
    nameZh: name,
    nameEn: name,
    titleZh: `${name}学堂`,
    titleEn: `${name} Academy`,
    logo,
    icon: logo,
    colorPrimary: PRIMARY,
    colorPrimaryForeground: '#ffffff',
    colorAccent: '#dbeafe',
  };
}

/** The standard menu: every page type once, in the order of spec section 2. */
export const defaultNavItems: NavItemRow[] = [
  { titleZh: '首页', titleEn: 'Home', navMenuType: 1, navUrl: '/home' },
  { titleZh: '培训', titleEn: 'Training', navMenuType: 2, navUrl: '/train' },
  { titleZh: '知识库', titleEn: 'Knowledge', navMenuType: 3, navUrl: '/knowledge' },
  { titleZh: '考试', titleEn: 'Exams', navMenuType: 4, navUrl: '/exam' },
  { titleZh: '讲师', titleEn: 'Lecturer', navMenuType: 5, navUrl: '/lecturer' },
  { titleZh: '证书', titleEn: 'Certificates', navMenuType: 6, navUrl: '/certificate' },
  { titleZh: '个人中心', titleEn: 'Personal Centre', navMenuType: 7, navUrl: '/account' },
  { titleZh: '社区', titleEn: 'Community', navMenuType: 10, navUrl: '/community' },
].map((item, sort) => ({ ...item, sort, linkUrl: '', isMenu: 1, target: '_self' }));
