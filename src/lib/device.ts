/**
 * Phone and tablet detection from a user agent (spec section 2: mobile devices go to /h5).
 * Pure, so the gateway's server-side redirect and the browser agree.
 */

const PHONE = /iPhone|iPod|Android.+Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|\bMobile\b/i;
const TABLET = /iPad|Android(?!.+Mobile)|Tablet|Kindle|Silk|PlayBook/i;

/** @example isTablet('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) …') → true */
export function isTablet(userAgent: string, maxTouchPoints = 0): boolean {
  if (!userAgent) return false;
  // iPadOS presents itself as a Mac; only touch support tells them apart.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return true;
  return TABLET.test(userAgent) && !/Windows NT|CrOS|X11/i.test(userAgent);
}

/** @example isPhone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) … Mobile/15E148') → true */
export function isPhone(userAgent: string): boolean {
  return Boolean(userAgent) && PHONE.test(userAgent) && !/iPad/i.test(userAgent);
}

/**
 * Phone or tablet. Pass `navigator.maxTouchPoints` in the browser to recognise iPadOS.
 *
 * @example isMobile(navigator.userAgent, navigator.maxTouchPoints)
 */
export function isMobile(userAgent: string, maxTouchPoints = 0): boolean {
  return isPhone(userAgent) || isTablet(userAgent, maxTouchPoints);
}
