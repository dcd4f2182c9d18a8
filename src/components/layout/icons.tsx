/**
 * The few icons the always-loaded islands (header, toasts, sign-in) and the shared pieces of
 * `components/ui` (loading state, pager, login-first, search form) draw, as plain SVG with
 * lucide's geometry (ISC licence). lucide-react's shared runtime costs about 1.3 KB gzip, more
 * than these icons together, and these islands share the tightest budget; islands that draw
 * the same icons take them from here too, so each has one implementation. Other icons come
 * from lucide-react as usual.
 */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function icon(paths: string[]) {
  return function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className={className ?? 'size-4'}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const SearchIcon = icon(['m21 21-4.34-4.34', circle(11, 11, 8)]);
export const XIcon = icon(['M18 6 6 18', 'm6 6 12 12']);
export const MenuIcon = icon(['M4 5h16', 'M4 12h16', 'M4 19h16']);
export const ChevronDownIcon = icon(['m6 9 6 6 6-6']);
export const LanguagesIcon = icon(['m5 8 6 6', 'm4 14 6-6 2-3', 'M2 5h12', 'M7 2h1', 'm22 22-5-10-5 10', 'M14 18h6']);
export const CircleAlertIcon = icon([circle(12, 12, 10), 'M12 8v4', 'M12 16h.01']);
export const CircleCheckIcon = icon([circle(12, 12, 10), 'm16 9-5.5 5.5L8 12']);
export const LoaderCircleIcon = icon(['M21 12a9 9 0 1 1-6.219-8.56']);
export const ChevronLeftIcon = icon(['m15 18-6-6 6-6']);
export const ChevronRightIcon = icon(['m9 18 6-6-6-6']);
export const LockIcon = icon(['M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z', 'M7 11V7a5 5 0 0 1 10 0v4']);
