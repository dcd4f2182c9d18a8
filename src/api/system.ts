/** The `system` module's calls (spec section 7: system, home and site). */
import { call, type CallOptions } from '@/api/client';
import type { EnumOption, NavItem, WebInfo } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** Public web info of the tenant that owns `domain` (no token needed). */
export function getWebsiteViewPublic(domain: string, opts?: Extra): Promise<WebInfo> {
  return call<WebInfo>('websiteViewPublic', { ...opts, query: { domain } });
}

/** Web info for the signed-in user's enterprise. */
export function getWebsiteView(domain: string, opts?: Extra): Promise<WebInfo> {
  return call<WebInfo>('websiteView', { ...opts, query: { domain } });
}

/** Options of one enum list, labelled in the caller's language. */
export function getEnumList(enumName: string, opts?: Extra): Promise<EnumOption[]> {
  return call<EnumOption[]>('enumList', { ...opts, query: { enumName } });
}

/** The top bar's navigation menu. */
export function getNavBarList(opts?: Extra): Promise<NavItem[]> {
  return call<NavItem[]>('navBarList', opts);
}
