import { lazy, Suspense } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice } from '@/hooks/use-device.ts';
import { useFormCarry } from './form-carry.ts';
import type { ResourcePhoneListProps } from './resource-phone.tsx';
import type { ResourceTableProps } from './resource-table.tsx';

const ResourceTable = lazy(() => import('./resource-table.tsx'));
const ResourcePhoneList = lazy(() => import('./resource-phone.tsx'));

export interface ResourcePageProps {
  desktop: ResourceTableProps;
  /** The phone's list; by default the same resource with the generic inputs. */
  phone?: ResourcePhoneListProps;
}

/** A plain resource's screen: the antd table on desktop and tablet, the antd-mobile list on the phone (which never loads antd). */
export function ResourcePage({ desktop, phone }: ResourcePageProps) {
  const device = useDevice();
  // The page outlives a layout switch; its open form and input move to the other layout with it.
  const { carry } = useFormCarry();
  return (
    <Suspense fallback={<PageLoading />}>
      {device === 'phone' ? <ResourcePhoneList {...(phone ?? { resource: desktop.resource, fixed: desktop.fixed })} carry={carry} /> : <ResourceTable {...desktop} carry={carry} />}
    </Suspense>
  );
}
