import { useEffect, useState } from 'react';

/**
 * A sheet mounted at its first opening rather than with the page: an antd-mobile Popup sets up its
 * spring and its drag handling as it mounts, about 15 ms each on a phone's start. It mounts closed and
 * opens a frame later, so the first opening slides in like the later ones.
 */
export function useSheetOnceOpened(open: boolean): { mounted: boolean; visible: boolean } {
  const [mounted, setMounted] = useState(open);
  const [ready, setReady] = useState(false);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (!mounted || ready) return;
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, [mounted, ready]);
  return { mounted, visible: open && ready };
}
