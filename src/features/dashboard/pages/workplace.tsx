import dayjs from '@/lib/dayjs.ts';
import { greetingAt } from '@/lib/greeting.ts';
import { useSession } from '@/lib/session-store.ts';
import { MessageBox } from '../components/message-box.tsx';
import { ShortcutBox } from '../components/shortcut-box.tsx';
import { TodoBox } from '../components/todo-box.tsx';
import '../components/dashboard.css';
import './workplace.css';

const USER_TYPE_LABELS: Record<string, string> = { '0': '教职工', '1': '学生', '2': '企业导师' };

/**
 * 工作台: the greeting and the home boxes of what exists so far (待办 for the weekly summaries,
 * messages, shortcuts). Boxes of areas not built yet (schedule, timetable, my applications) come with
 * those areas.
 */
export default function WorkplacePage() {
  const { userInfo } = useSession();
  const now = dayjs();
  return (
    <div className="dashboard">
      <section className="workplace">
        <h2 className="workplace__greeting">
          {userInfo?.realname}，{greetingAt(now.hour())}
        </h2>
        <p className="workplace__meta">
          {USER_TYPE_LABELS[userInfo?.yhlx ?? '0']}
          {userInfo?.orgCodeTxt ? ` · ${userInfo.orgCodeTxt}` : ''} · 今天是{now.format('YYYY年M月D日 dddd')}
        </p>
      </section>
      <div className="home-boxes">
        <div className="home-boxes__column">
          <TodoBox />
          <MessageBox />
        </div>
        <ShortcutBox />
      </div>
    </div>
  );
}
