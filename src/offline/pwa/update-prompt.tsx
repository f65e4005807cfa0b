import { useEffect, useState } from 'react';
import { applyUpdate, dismissUpdate, usePwaState } from './pwa-store.ts';
import './pwa.css';

/** How long 已可离线使用 stays on screen. */
const OFFLINE_NOTE_MS = 4000;

/**
 * 新版本可用 with 刷新 / 稍后, and once 已可离线使用. Plain elements and CSS (no UI library): it is on
 * every screen, the phone's login page included. It never reloads by itself: 刷新 first lets the
 * before-reload hooks save unsaved input.
 */
export function UpdatePrompt() {
  const { needRefresh, offlineReady, updating } = usePwaState();
  const [offlineNoteDone, setOfflineNoteDone] = useState(false);
  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineNoteDone(true), OFFLINE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [offlineReady]);

  if (needRefresh) {
    return (
      <div className="pwa-card pwa-update" role="status" aria-label="版本更新">
        <span className="pwa-card__text">新版本可用</span>
        <button type="button" className="pwa-button" onClick={dismissUpdate} disabled={updating}>
          稍后
        </button>
        <button type="button" className="pwa-button pwa-button--primary" onClick={() => void applyUpdate()} disabled={updating}>
          {updating ? '正在刷新…' : '刷新'}
        </button>
      </div>
    );
  }
  if (offlineReady && !offlineNoteDone) {
    return (
      <div className="pwa-toast" role="status">
        已可离线使用
      </div>
    );
  }
  return null;
}
