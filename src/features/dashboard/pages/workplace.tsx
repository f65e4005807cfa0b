import { useRef } from 'react';
import { schoolDateLabel, schoolGreeting } from '@/lib/greeting.ts';
import { useSession } from '@/lib/session-store.ts';
import { StaleWaitingNote } from '@/offline/stale-waiting-note.tsx';
import { MessageBox } from '../components/message-box.tsx';
import { MyFigures } from '../components/my-figures.tsx';
import { ApplicationsBox, ScheduleBox, TimetableBox } from '../components/practice-boxes.tsx';
import { ShortcutBox } from '../components/shortcut-box.tsx';
import { TodoBox } from '../components/todo-box.tsx';
import { useHomeFirstPaint } from '../hooks/use-home-first-paint.ts';
import '../components/dashboard.css';
import './workplace.css';

const USER_TYPE_LABELS: Record<string, string> = { '0': '教职工', '1': '学生', '2': '企业导师' };

/**
 * 工作台, each person's home and the shell's first tab: the greeting, the home boxes (SPEC "home boxes"):
 * 待办, 今日日程, 本周课表, 未读消息, 我的申请 and shortcuts, each loading on its own so a slow one holds up
 * no other, stacked as cards on the phone; then the person's own internship figures (我的实习概况).
 */
export default function WorkplacePage() {
  const { userInfo } = useSession();
  const page = useRef<HTMLDivElement>(null);
  useHomeFirstPaint(userInfo?.username, page);
  return (
    <div className="dashboard" ref={page}>
      <section className="workplace">
        <h2 className="workplace__greeting">
          {userInfo?.realname}，{schoolGreeting()}
        </h2>
        <p className="workplace__meta">
          {USER_TYPE_LABELS[userInfo?.yhlx ?? '0']}
          {userInfo?.orgCodeTxt ? ` · ${userInfo.orgCodeTxt}` : ''} · 今天是{schoolDateLabel()}
        </p>
      </section>
      {userInfo?.yhlx === '1' && <StaleWaitingNote />}
      <div className="home-boxes">
        <div className="home-boxes__column">
          <TodoBox />
          <ScheduleBox />
          <TimetableBox />
        </div>
        <div className="home-boxes__column">
          <MessageBox />
          <ApplicationsBox />
          <ShortcutBox />
        </div>
      </div>
      <MyFigures />
    </div>
  );
}
