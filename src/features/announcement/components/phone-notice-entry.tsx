import { lazy, Suspense, useState } from 'react';
import { Badge } from 'antd-mobile';
import { bellLabel, useNoticeBell } from '../hooks/use-notice-bell.ts';
import { BellIcon } from './bell-icon.tsx';
import './phone-notice.css';

/** Loaded with the first notice opened (it brings the HTML sanitiser), not with every page. */
const PhoneNoticeDetail = lazy(() => import('./phone-notice-detail.tsx').then((m) => ({ default: m.PhoneNoticeDetail })));

const PhoneNoticeSheet = lazy(() => import('./phone-notice-sheet.tsx'));

/** The phone title bar's notice bell (antd-mobile): badge, a sheet with 通知 and 系统消息, and the detail sheet. */
export default function PhoneNoticeEntry() {
  const bell = useNoticeBell();
  // Mounted from the first opening on, so later ones animate.
  const [sheetWanted, setSheetWanted] = useState(bell.open);
  if (bell.open && !sheetWanted) setSheetWanted(true);
  return (
    <>
      <button type="button" className="phone-notice__button" aria-label={bellLabel(bell.total)} aria-haspopup="dialog" aria-expanded={bell.open} onClick={() => bell.setOpen(true)}>
        <Badge content={bell.total > 0 ? (bell.total > 99 ? '99+' : String(bell.total)) : null}>
          <BellIcon />
        </Badge>
      </button>
      {sheetWanted && (
        <Suspense fallback={null}>
          <PhoneNoticeSheet bell={bell} />
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
