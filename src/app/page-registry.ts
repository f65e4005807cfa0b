import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names (as stored in sys_permission.component) mapped to pages. Each feature that
 * adds a menu in a migration adds its page here, so every menu has a page.
 */
export const PAGE_REGISTRY: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard/Workplace': lazy(() => import('@/features/dashboard/pages/workplace.tsx')),
  'isps/UserAnnouncement': lazy(() => import('@/features/announcement/pages/user-announcement.tsx')),
};
