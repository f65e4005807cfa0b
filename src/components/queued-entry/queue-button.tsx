import { useEffect, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { prepareOffline, useShellCached } from '@/offline/pwa/pwa-store.ts';

/**
 * The button that puts a record in the outbox (提交, 签到): held, saying 正在准备离线使用, until the app's
 * own files are kept on the device. A record queued before that would be safe in IndexedDB, but a reload
 * offline would show the browser's offline page instead of the app holding it. The draft is kept meanwhile.
 */
export function QueueButton({ children, disabled, ...props }: Omit<ButtonProps, 'children'> & { children: ReactNode }) {
  const cached = useShellCached();
  useEffect(() => {
    if (!cached) prepareOffline();
  }, [cached]);
  return (
    <Button {...props} disabled={disabled || !cached}>
      {cached ? children : '正在准备离线使用…'}
    </Button>
  );
}
