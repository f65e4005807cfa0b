import { useEffect } from 'react';
import { deployment } from '@/config/runtime.ts';

/** The page title is the route's title with the deployment's name, or the deployment's name alone. */
export function usePageTitle(title?: string | null) {
  useEffect(() => {
    const base = deployment().title;
    document.title = title ? `${title} - ${base}` : base;
  }, [title]);
}
