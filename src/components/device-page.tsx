import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoading } from '@/components/page-loading.tsx';
import { useDevice, type Device } from '@/hooks/use-device.ts';

/** What the implementation passes on, whatever the page's hook gives. */
type Props = Record<string, unknown>;
type Rendering<P> = () => Promise<{ default: ComponentType<P> }>;

export interface DeviceRenderings<P extends object, Outer extends object = object> {
  /** antd, for the desktop and the tablet. Its props are what the hook gives (a rendering shared by several pages is generic). */
  desktop: Rendering<NoInfer<P>>;
  /** antd-mobile, for the phone. */
  phone: Rendering<NoInfer<P>>;
  /**
   * The screen's hook, loaded with the page: its state, queries and actions, which both renderings get as
   * props, so that turning the tablet or resizing the window keeps what the person was doing. It is given
   * the props the page itself was rendered with (a dialog's onLogout).
   */
  shared?: () => Promise<(device: Device, outer: Outer) => P>;
}

/**
 * A page written once with two renderings: the phone's or the desktop's, chosen by the device as it
 * changes. Each rendering is its own chunk, so a phone never loads antd's table for it, and the page's
 * hook arrives with the page rather than with the app.
 */
export function devicePage(renderings: Omit<DeviceRenderings<Props>, 'shared'>): LazyExoticComponent<ComponentType>;
export function devicePage<P extends object, Outer extends object = object>(renderings: Required<DeviceRenderings<P, Outer>>): LazyExoticComponent<ComponentType<Outer>>;
export function devicePage({ desktop, phone, shared }: DeviceRenderings<Props, Props>): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    const useShared = shared ? await shared() : () => ({});
    const Desktop = lazy(desktop);
    const Phone = lazy(phone);
    function DevicePage(outer: Props) {
      const device = useDevice();
      const props = useShared(device, outer);
      return <Suspense fallback={<PageLoading />}>{createElement(device === 'phone' ? Phone : Desktop, props)}</Suspense>;
    }
    return { default: DevicePage };
  });
}
