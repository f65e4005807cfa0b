import { useLayoutEffect, useRef } from 'react';

/**
 * Where a layout shows the pages. The pages live in one element the host owns; each layout moves that
 * element into its own content area, so switching layouts keeps every page and its unsaved input.
 */
export function ContentSlot({ content, className }: { content: HTMLElement; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.appendChild(content);
  }, [content]);
  return <div ref={ref} className={className} />;
}
