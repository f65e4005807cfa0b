import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useOfflineStatus } from './offline-store.ts';
import './sync-status.css';

/**
 * In the header on every page: how many of the user's records wait to reach the server, and how many
 * came back to be corrected, linking to where they are shown. Plain elements, for both layouts.
 */
export function SyncStatus() {
  const { waiting, needsFix, syncing } = useOfflineStatus();
  if (waiting === 0 && needsFix === 0) return null;
  const label = [waiting > 0 ? `待同步 ${waiting} 条` : '', needsFix > 0 ? `需修改 ${needsFix} 条` : ''].filter(Boolean).join('，');
  return (
    <Link to={paths.myWeekly} className={`sync-status${needsFix > 0 ? ' sync-status--fix' : ''}`} aria-label={`${label}${syncing ? '（正在同步）' : ''}，查看我的周记`}>
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
