/**
 * The header's dropdown menus (radix DropdownMenu with shadcn's styling: about 40 KB gzip
 * with what they share with other islands) load on first intent — pointer over, focus, or
 * activation of a trigger — instead of with the page, which keeps the header inside its
 * JavaScript budget. Until then each trigger is a plain button that looks the same.
 */
import { useCallback, useState } from 'react';

type MenusModule = typeof import('@/components/header/menus');

let loaded: MenusModule | undefined;
let loading: Promise<MenusModule> | undefined;

function loadMenus(): Promise<MenusModule> {
  loading ??= import('@/components/header/menus').then(
    (mod) => (loaded = mod),
    (error: unknown) => {
      loading = undefined;
      // Left unhandled on purpose: the chunk-reload guard reloads the page once.
      throw error;
    },
  );
  return loading;
}

/** The menus module once loaded, and a function that starts loading it. */
export function useMenus(): [MenusModule | undefined, () => void] {
  const [menus, setMenus] = useState<MenusModule | undefined>(loaded);
  const want = useCallback(() => {
    if (loaded) setMenus(loaded);
    else void loadMenus().then(setMenus);
  }, []);
  return [menus, want];
}
