import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { newestFirst } from '@contract/order.ts';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { useAnnouncementLists } from '@/hooks/use-announcement-lists.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { schoolDateLabel, schoolGreeting } from '@/lib/greeting.ts';
import { useSession } from '@/lib/session-store.ts';
import { NoticeItems } from '../components/notice-items.tsx';
import { WelcomeBell } from '../components/welcome-bell.tsx';
import { welcomeView } from '../utils/welcome-view.ts';
import './welcome.css';

const USER_TYPE_LABELS: Record<string, string> = { '0': '教职工', '1': '学生', '2': '企业导师' };

function Header({ children }: { children?: ReactNode }) {
  return (
    <header className="welcome-header">
      <span className="welcome-header__title">{deployment().title}</span>
      <span className="welcome-header__spacer" />
      {children}
    </header>
  );
}

/** Logged in as a student or company mentor on the digital campus: greeting, unread notices, the bell, logout. */
function PersonalWelcome({ onLogout }: { onLogout: () => Promise<void> }) {
  const { userInfo } = useSession();
  // The welcome page's bell reloads every minute, as the shell's bell does while closed.
  const { data, isError } = useAnnouncementLists({ refetchInterval: 60_000 });
  const [confirming, setConfirming] = useState(false);
  const notices = data ? [...data.anntMsgList, ...data.sysMsgList].sort((a, b) => newestFirst(a.createTime, b.createTime)) : [];
  return (
    <div className="welcome">
      <Header>
        <WelcomeBell lists={data} />
        <span className="welcome-header__name">{userInfo?.realname}</span>
        <button type="button" className="welcome-header__logout" onClick={() => setConfirming(true)}>
          退出
        </button>
      </Header>
      <main className="welcome-body">
        <section className="welcome-card welcome-greeting">
          <h1 className="welcome-greeting__title">
            {userInfo?.realname}，{schoolGreeting()}，欢迎使用{deployment().title}
          </h1>
          <p className="welcome-greeting__meta">
            {USER_TYPE_LABELS[userInfo?.yhlx ?? '1']}
            {userInfo?.orgCodeTxt ? ` · ${userInfo.orgCodeTxt}` : ''} · 今天是{schoolDateLabel()}
          </p>
        </section>
        <section className="welcome-card" aria-labelledby="welcome-notices">
          <h2 id="welcome-notices" className="welcome-card__title">
            未读通知 <span className="welcome-card__count">{data ? data.anntMsgTotal + data.sysMsgTotal : ''}</span>
          </h2>
          {isError ? <p className="welcome-empty">消息加载失败</p> : <NoticeItems items={notices} loading={!data} />}
        </section>
      </main>
      {confirming && (
        <div className="welcome-confirm" role="presentation">
          <div role="alertdialog" aria-modal="true" aria-labelledby="welcome-confirm-text" className="welcome-confirm__box">
            <p id="welcome-confirm-text">真的要注销登录吗 ?</p>
            <div className="welcome-confirm__actions">
              <button type="button" onClick={() => setConfirming(false)}>
                取消
              </button>
              <button type="button" className="welcome-confirm__ok" onClick={() => void onLogout().finally(() => setConfirming(false))}>
                确定
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** The digital campus's landing page for visitors: who we are, and the way in. */
function AnonymousWelcome() {
  return (
    <div className="welcome">
      <Header />
      <main className="welcome-body">
        <section className="welcome-card welcome-greeting welcome-greeting--visitor">
          <h1 className="welcome-greeting__title">
            {schoolGreeting()}，欢迎访问{deployment().title}
          </h1>
          <p className="welcome-greeting__meta">今天是{schoolDateLabel()}</p>
          <Link className="welcome-button" to={`${paths.login}?redirect=${encodeURIComponent(paths.welcome)}`}>
            登录
          </Link>
        </section>
      </main>
    </div>
  );
}

/**
 * /welcome (SPEC.md sections 1 and 2): the digital campus's landing page. Students and company mentors
 * (yhlx 1 and 2) see it full width without the left menu; everyone else logged in goes to the shell.
 * Logout is the app's, the same as the shell's (single sign-on included).
 */
export default function WelcomePage({ onLogout }: { onLogout: () => Promise<void> }) {
  usePageTitle('欢迎');
  const { token, userInfo } = useSession();
  const view = welcomeView({ hasToken: Boolean(token), digitalCampus: deployment().digitalCampus, yhlx: userInfo?.yhlx });
  if (view === 'home') return <Navigate to="/" replace />;
  return view === 'full' ? <PersonalWelcome onLogout={onLogout} /> : <AnonymousWelcome />;
}
