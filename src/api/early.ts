/**
 * Calls a page starts from its HTML, before its islands' JavaScript has arrived: a tiny inline
 * script sends the page's first reads with the same headers as the client would, and the
 * client takes each answer once, the first time the page asks for that row. On the home page
 * the carousel's list (and so its first picture, the largest paint) no longer waits for the
 * island's modules to download and hydrate.
 *
 * An answer is used only for the same row and the same token, within {@link EARLY_TTL} of the
 * page's start, and only once; anything else (a retry, a failure, another token) goes to the
 * network as usual.
 */
import {
  Code,
  DEFAULT_GATEWAY_PREFIX,
  EID_HEADER,
  EID_STORAGE_KEY,
  LANG_HEADER,
  TOKEN_COOKIE,
  TOKEN_HEADER,
} from '@/api/codes';
import { endpoints, type EndpointDef, type EndpointName } from '@/api/endpoints';

/** The window property the inline script fills. */
export const EARLY_KEY = '__xtEarly';
/** How long after the page's start an early answer may still be used, in ms. */
export const EARLY_TTL = 15_000;

/** What the inline script keeps per row path. */
export interface EarlyEntry {
  /** The token the call was sent with ('' without one). */
  token: string;
  /** `performance.now()` when it was sent. */
  at: number;
  /** The answer's media type and text; null when the call failed. */
  answer: Promise<EarlyAnswer | null>;
}

export interface EarlyAnswer {
  type: string;
  text: string;
}

type EarlyWindow = typeof globalThis & { [EARLY_KEY]?: Record<string, EarlyEntry> };

export interface EarlyOptions {
  /**
   * A row whose data is a list of items with an `image` address: the first item's picture is
   * preloaded as soon as the list arrives (the page's largest paint, before its island renders).
   */
  preloadFirstImage?: EndpointName;
}

/**
 * The inline script that sends the named rows' GET calls at once, when the visitor has a
 * session. Only GET rows without path parameters or default paging can start early.
 *
 * @example <script is:inline set:html={earlyCallsScript(['bannerList'], { preloadFirstImage: 'bannerList' })} />
 */
export function earlyCallsScript(names: EndpointName[], options: EarlyOptions = {}): string {
  const paths: string[] = names.map((name) => {
    const def: EndpointDef = endpoints[name];
    if (def.method !== 'GET' || def.path.includes('{') || def.paging) {
      throw new Error(`${name} cannot be called early: only GET rows without parameters or paging`);
    }
    return def.path;
  });
  const picture = options.preloadFirstImage ? endpoints[options.preloadFirstImage].path : '';
  if (picture && !paths.includes(picture)) throw new Error(`${options.preloadFirstImage} is not among the early calls`);
  const cookie = JSON.stringify(`${TOKEN_COOKIE}=`);
  return (
    `(function(){try{var d=document,c=d.cookie.split('; '),t='',i;` +
    `for(i=0;i<c.length;i++)if(c[i].indexOf(${cookie})===0)t=decodeURIComponent(c[i].slice(${TOKEN_COOKIE.length + 1}));` +
    `if(!t||typeof fetch!=='function')return;` +
    `var m=d.querySelector('meta[name="xt-gateway"]'),g=(m&&m.getAttribute('content')||'').trim()||${JSON.stringify(DEFAULT_GATEWAY_PREFIX)},` +
    `h={${JSON.stringify(LANG_HEADER)}:/^en/i.test(d.documentElement.lang)?'en':'zh',${JSON.stringify(TOKEN_HEADER)}:t},e=null;` +
    `try{e=localStorage.getItem(${JSON.stringify(EID_STORAGE_KEY)})}catch(x){}if(e)h[${JSON.stringify(EID_HEADER)}]=e;` +
    `var w=window.${EARLY_KEY}=window.${EARLY_KEY}||{};` +
    `function pic(x){try{var b=JSON.parse(x),a=b&&b.code===${Code.OK}&&b.data,j,l;if(!a||!a.length)return;` +
    `for(j=0;j<a.length;j++)if(a[j]&&typeof a[j].image==='string'&&a[j].image){l=d.createElement('link');l.rel='preload';l.as='image';` +
    `l.setAttribute('fetchpriority','high');l.href=a[j].image;d.head.appendChild(l);return}}catch(x){}}` +
    `${JSON.stringify(paths)}.forEach(function(p){w[p]={token:t,at:performance.now(),answer:fetch(g.replace(/\\/+$/,'')+'/'+p,{headers:h,credentials:'same-origin'})` +
    `.then(function(r){return r.text().then(function(x){if(p===${JSON.stringify(picture)})pic(x);return{type:r.headers.get('content-type')||'',text:x}})})` +
    `.catch(function(){return null})}})}catch(x){}})();`
  );
}

/**
 * The early answer for a row path sent with `token`, taken once; undefined when there is none
 * to use (none sent, another token, too old, already taken).
 */
export function takeEarly(path: string, token: string | undefined): Promise<EarlyAnswer | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const all = (window as EarlyWindow)[EARLY_KEY];
  const entry = all?.[path];
  if (!entry) return undefined;
  delete all[path];
  if (entry.token !== (token ?? '') || performance.now() - entry.at > EARLY_TTL) return undefined;
  return entry.answer;
}
