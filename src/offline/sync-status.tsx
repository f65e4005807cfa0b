import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useOffline } from '@/lib/connectivity.ts';
import { useOfflineStatus } from './offline-store.ts';
import { pageOfKind } from './sync-engine.ts';
import './sync-status.css';

/**
 * In the header on every page: how many of the user's records wait to reach the server, and how many
 * came back to be corrected, linking to where they are shown. Plain elements, for both layouts.
 */
export function SyncStatus() {
  const { waiting, needsFix, syncing, firstKind } = useOfflineStatus();
  if (waiting === 0 && needsFix === 0) return null;
  const label = [waiting > 0 ? `待同步 ${waiting} 条` : '', needsFix > 0 ? `需修改 ${needsFix} 条` : ''].filter(Boolean).join('，');
  // Where the record to correct (else the oldest waiting) is shown: a refused 请假 leads to 我的请假.
  const page = pageOfKind(firstKind) ?? { path: paths.myWeekly, title: '我的周记' };
  return (
    <Link to={page.path} className={`sync-status${needsFix > 0 ? ' sync-status--fix' : ''}`} aria-label={`${label}${syncing ? '（正在同步）' : ''}，查看${page.title}`}>
      {waiting > 0 && (
        <span className="sync-status__count" aria-hidden>
          {syncing ? '同步中' : '待同步'} {waiting}
        </span>
      )}
      {needsFix > 0 && (
        <span className="sync-status__count" aria-hidden>
          需修改 {needsFix}
        </span>
      )}
    </Link>
  );
}

/**
 * In the header on every page while the API cannot be reached: the one sign of being offline. What the
 * screens show is what the device kept; the reads run again by themselves once the network is back.
 */
export function OfflineIndicator() {
  if (!useOffline()) return null;
  return (
    <span className="sync-status sync-status--offline" role="status">
      离线，联网后更新
    </span>
  );
}
