import { lazy, Suspense } from 'react';
import { Badge } from 'antd-mobile';
import { useSheetOnceOpened } from '@/hooks/use-sheet-once-opened.ts';
import { bellLabel, useNoticeBell } from '../hooks/use-notice-bell.ts';
import { BellIcon } from './bell-icon.tsx';
import './phone-notice.css';

/**
 * The sheet and its lists load with the first opening: the badge is all a page's start needs, and
 * each file a phone asks for at the start costs its main thread about a millisecond.
 */
const PhoneNoticeSheet = lazy(() => import('./phone-notice-sheet.tsx'));
/** Loaded with the first notice opened (it brings the HTML sanitiser), not with every page. */
const PhoneNoticeDetail = lazy(() => import('./phone-notice-detail.tsx').then((m) => ({ default: m.PhoneNoticeDetail })));

/** The phone title bar's notice bell (antd-mobile): badge, a sheet with 通知 and 系统消息, and the detail sheet. */
export default function PhoneNoticeEntry() {
  const bell = useNoticeBell();
  const sheet = useSheetOnceOpened(bell.open);
  return (
    <>
      <button type="button" className="phone-notice__button" aria-label={bellLabel(bell.total)} aria-haspopup="dialog" aria-expanded={bell.open} onClick={() => bell.setOpen(true)}>
        <Badge content={bell.total > 0 ? (bell.total > 99 ? '99+' : String(bell.total)) : null}>
          <BellIcon />
        </Badge>
      </button>
      {sheet.mounted && (
        <Suspense fallback={null}>
          <PhoneNoticeSheet bell={bell} visible={sheet.visible} />
        </Suspense>
      )}
      {bell.detail.id !== null && (
        <Suspense fallback={null}>
          <PhoneNoticeDetail detail={bell.detail} onClose={bell.closeDetail} />
        </Suspense>
      )}
    </>
  );
}
