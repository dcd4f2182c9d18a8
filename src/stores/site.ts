/**
 * The tenant's web info and navigation (spec sections 3, 4). The site is one build for every
 * tenant: branding (title, favicon, colours, name, logo) arrives at run time from the website
 * view call for `location.hostname` and is cached per host so the next page paints with it.
 */
import { atom } from 'nanostores';
import { readToken } from '@/api/client';
import { getNavBarList, getWebsiteView, getWebsiteViewPublic } from '@/api/system';
import type { NavItem, WebInfo } from '@/api/types';
import { localeFromLang } from '@/i18n/locale-path';

/** Local storage key prefix of the cached web info: `brand:<host>`. */
export const BRAND_CACHE_PREFIX = 'brand:';

function cacheKey(): string {
  return BRAND_CACHE_PREFIX + location.host;
}

function readCache(): WebInfo | null {
  if (typeof localStorage === 'undefined' || typeof location === 'undefined') return null;
  try {
    const info = JSON.parse(localStorage.getItem(cacheKey()) ?? 'null') as WebInfo | null;
    return info && typeof info === 'object' ? info : null;
  } catch {
    return null;
  }
}

/** The web info: the cached one until {@link loadSite} brings the current one. */
export const $site = atom<WebInfo | null>(readCache());
export const $nav = atom<NavItem[]>([]);

$site.listen((info) => {
  if (!info) return;
  applyBranding(info);
  try {
    localStorage.setItem(cacheKey(), JSON.stringify(info));
  } catch {
    // Storage full or blocked: branding still applies to this page.
  }
});

let loadedAs: 'public' | 'auth' | undefined;
let pending: Promise<WebInfo> | undefined;

/** Which version of the web info this page has loaded, if any. */
export function siteLoadedAs(): 'public' | 'auth' | undefined {
  return loadedAs;
}

/** Loads the web info for this host: the authenticated version with a token, else the public one. */
export function loadSite(): Promise<WebInfo> {
  if (pending) return pending;
  const version = readToken() ? 'auth' : 'public';
  const domain = location.hostname;
  const task = version === 'auth' ? getWebsiteView(domain) : getWebsiteViewPublic(domain);
  pending = task
    .then((info) => {
      loadedAs = version;
      $site.set(info);
      return info;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** Loads the navigation menu; signed-out visitors have none. */
export async function loadNav(): Promise<NavItem[]> {
  if (!readToken()) {
    $nav.set([]);
    return [];
  }
  const list = await getNavBarList();
  $nav.set(list);
  return list;
}

/**
 * `<page> - <site title>`, keeping the page's own part before the first ' - '.
 *
 * @example brandedTitle('Exam - Xuetang', 'ACME') → 'Exam - ACME'
 */
export function brandedTitle(current: string, siteTitle: string): string {
  const cut = current.indexOf(' - ');
  const page = (cut < 0 ? current : current.slice(0, cut)).trim();
  return page ? `${page} - ${siteTitle}` : siteTitle;
}

/** The name and title for the page's language. */
export function brandTexts(info: WebInfo, lang: string): { name: string; title: string } {
  const locale = localeFromLang(lang);
  return {
    name: info.names?.[locale] || info.name,
    title: info.titles?.[locale] || info.websiteTitle,
  };
}

/** Applies web info to the page: title, favicon, brand colours, `data-eid`, name and logo slots. */
export function applyBranding(info: WebInfo, doc: Document = document): void {
  const root = doc.documentElement;
  const { name, title } = brandTexts(info, root.lang);
  if (title) doc.title = brandedTitle(doc.title, title);
  if (info.websiteIco) {
    const icons = doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]');
    if (icons.length === 0) {
      const link = doc.createElement('link');
      link.rel = 'icon';
      doc.head.append(link);
      link.setAttribute('href', info.websiteIco);
    }
    for (const icon of icons) icon.setAttribute('href', info.websiteIco);
  }
  const vars: Array<[string, string | undefined]> = [
    ['--brand-primary', info.colors?.primary],
    ['--brand-primary-foreground', info.colors?.primaryForeground],
    ['--brand-accent', info.colors?.accent],
  ];
  for (const [prop, value] of vars) if (value) root.style.setProperty(prop, value);
  if (info.eid) root.setAttribute('data-eid', info.eid);
  if (name) for (const el of doc.querySelectorAll('[data-brand="name"]')) el.textContent = name;
  // A logo the company removed leaves the page too (the boot script may have shown the cached one).
  for (const el of doc.querySelectorAll('img[data-brand="logo"]')) {
    if (info.logo) el.setAttribute('src', info.logo);
    else el.removeAttribute('src');
  }
}

/**
 * Source of the inline `<head>` script that applies the cached branding before first paint:
 * title suffix, favicon, colours and `data-eid` at once, and the `data-brand="name"` text and
 * `data-brand="logo"` image as those elements are parsed (each element once, so the runtime
 * {@link applyBranding} has the last word). Place it after `<title>` and the icon `<link>`.
 * No imports; it reads `localStorage['brand:' + location.host]` and stops at DOMContentLoaded.
 */
export function brandBootScript(): string {
  return `(function(){try{var d=document,r=d.documentElement,i=JSON.parse(localStorage.getItem('${BRAND_CACHE_PREFIX}'+location.host)||'null');if(!i)return;var l=/^en/i.test(r.lang)?'en':'zh',n=i.names&&i.names[l]||i.name,t=i.titles&&i.titles[l]||i.websiteTitle,c=i.colors||{},s=r.style,T;c.primary&&s.setProperty('--brand-primary',c.primary);c.primaryForeground&&s.setProperty('--brand-primary-foreground',c.primaryForeground);c.accent&&s.setProperty('--brand-accent',c.accent);i.eid&&r.setAttribute('data-eid',i.eid);function a(q,k,v){v&&d.querySelectorAll(q).forEach(function(e){if(e._xb)return;e._xb=1;k?e.setAttribute(k,v):e.textContent=v})}function f(){if(!T&&t&&d.querySelector('title')){T=1;var p=d.title,k=p.indexOf(' - ');p=(k<0?p:p.slice(0,k)).trim();d.title=p?p+' - '+t:t}a('link[rel~="icon"]','href',i.websiteIco);a('[data-brand="name"]','',n);a('img[data-brand="logo"]','src',i.logo)}f();var o=new MutationObserver(f);o.observe(r,{childList:!0,subtree:!0});d.addEventListener('DOMContentLoaded',function(){f();o.disconnect()})}catch(e){}})();`;
}

