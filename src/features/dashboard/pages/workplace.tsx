import dayjs from '@/lib/dayjs.ts';
import { greetingAt } from '@/lib/greeting.ts';
import { useSession } from '@/lib/session-store.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import './workplace.css';

const USER_TYPE_LABELS: Record<string, string> = { '0': '教职工', '1': '学生', '2': '企业导师' };

export default function WorkplacePage() {
  usePageTitle('工作台');
  const { userInfo } = useSession();
  const now = dayjs();
  return (
    <section className="workplace">
      <h2 className="workplace__greeting">
        {userInfo?.realname}，{greetingAt(now.hour())}
      </h2>
      <p className="workplace__meta">
        {USER_TYPE_LABELS[userInfo?.yhlx ?? '0']}
        {userInfo?.orgCodeTxt ? ` · ${userInfo.orgCodeTxt}` : ''} · 今天是{now.format('YYYY年M月D日 dddd')}
      </p>
    </section>
  );
}
