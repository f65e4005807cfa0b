import { useSyncExternalStore } from 'react';
import { noticeStore } from './notification-store.ts';
import './notification.css';

const ICONS = { error: '✕', warning: '!', success: '✓', info: 'i' } as const;

export function NotificationHost() {
  const notices = useSyncExternalStore(noticeStore.subscribe, noticeStore.list);
  return (
    <div className="isps-notices" aria-live="assertive">
      {notices.map((n) => (
        <div key={n.id} role="alert" className={`isps-notice isps-notice--${n.kind}`}>
          <span className="isps-notice__icon" aria-hidden>
            {ICONS[n.kind]}
          </span>
          <div className="isps-notice__body">
            <div className="isps-notice__title">{n.title}</div>
            <div className="isps-notice__message">{n.message}</div>
            {n.action && (
              <button type="button" className="isps-notice__action" onClick={n.action.run}>
                {n.action.label}
              </button>
            )}
          </div>
          <button type="button" className="isps-notice__close" aria-label="关闭" onClick={() => noticeStore.close(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
