import { useSyncExternalStore } from 'react';

/**
 * Below antd's `md` breakpoint (768 px, the `screenMD` token): the phone layout (docs/mobile.md).
 * A media query read synchronously, unlike Grid.useBreakpoint, which answers `{}` on the first
 * render: a desktop would draw the phone layout for one frame and mount its parts twice.
 */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** Below antd's `lg` breakpoint (992 px): a tablet, where the side menu is already collapsed. */
export const TABLET_QUERY = '(max-width: 991.98px)';

// One subscribe function per query: a new one on every render would make React subscribe again.
const subscribers = new Map<string, (onChange: () => void) => () => void>();
function subscribeTo(query: string) {
  let fn = subscribers.get(query);
  if (!fn) {
    fn = (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    };
    subscribers.set(query, fn);
  }
  return fn;
}

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribeTo(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsPhone = (): boolean => useMediaQuery(PHONE_QUERY);
/** Phone or tablet: screens that must give up width, not change their layout. */
export const useIsNarrow = (): boolean => useMediaQuery(TABLET_QUERY);
