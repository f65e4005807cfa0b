import { Suspense, lazy, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginResult } from '@contract/session.ts';
import type { LoginInput } from '@contract/validators.ts';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { landingPath } from '@/lib/landing.ts';
import { casLoginEnabled } from '@/lib/single-sign-on.ts';
import { STORAGE_KEYS, local } from '@/lib/storage.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { FormError } from '../components/form-error.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { SingleSignOn } from '../components/single-sign-on.tsx';

const PhoneLoginForm = lazy(() => import('../components/phone-login-form.tsx'));

const TABS = { account: '账号登录', phone: '手机号登录' } as const;
type Tab = keyof typeof TABS;

/**
 * The card's heading as two tabs, in the heading's place and size: index.html's first paint shows the
 * heading 账号登录, and the form below it does not move when the app takes over.
 */
function LoginTabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  return (
    <div className="auth-card__title auth-card__tabs" role="tablist">
      {(Object.keys(TABS) as Tab[]).map((key) => (
        <button key={key} type="button" role="tab" aria-selected={tab === key} className="auth-card__tab" onClick={() => onChange(key)}>
          {TABS[key]}
        </button>
      ))}
    </div>
  );
}

/** Query parameters that carry an external login (single sign-on ticket or key): the form stays hidden. */
const EXTERNAL_KEYS = ['ticket', 'key'];

/** Only in-app paths are followed after login; without one, the user's landing page. */
function safeRedirect(value: string | null, landing: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith(paths.login) ? value : landing;
}

export default function LoginPage() {
  usePageTitle('登录');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [tab, setTab] = useState<Tab>('account');
  const remembered = local.get<string>(STORAGE_KEYS.rememberedUsername);
  const external = EXTERNAL_KEYS.some((k) => params.has(k) || new URLSearchParams(window.location.search).has(k));

  const enter = (result: LoginResult) => {
    noticeStore.clear();
    navigate(safeRedirect(params.get('redirect'), landingPath(deployment().digitalCampus, result.userInfo.yhlx)), { replace: true });
  };

  // With single sign-on the CAS server's login takes the form's place (src/features/auth/components/single-sign-on.tsx).
  if (external || casLoginEnabled()) return <SingleSignOn onLoggedIn={enter} />;

  const onFinish = async (values: LoginInput) => {
    const result = await loginMutation.mutateAsync({ ...values, username: values.username.trim() }).catch(() => null);
    if (!result) return;
    if (values.remember_me) local.set(STORAGE_KEYS.rememberedUsername, result.userInfo.username, null);
    else local.remove(STORAGE_KEYS.rememberedUsername);
    enter(result);
  };

  return (
    <AuthCard title={TABS[tab]} heading={<LoginTabs tab={tab} onChange={setTab} />}>
      {tab === 'account' ? (
        <>
          <LoginForm initialUsername={remembered ?? ''} pending={loginMutation.isPending} onFinish={(values) => void onFinish(values)} />
          <FormError error={loginMutation.error} />
        </>
      ) : (
        <Suspense fallback={<p className="auth-note">加载中…</p>}>
          <PhoneLoginForm onLoggedIn={enter} />
        </Suspense>
      )}
      <div className="auth-links">
        <Link to={paths.retrieve}>忘记密码</Link>
        <Link to={paths.alteration}>修改密码</Link>
        <Link to={paths.register}>注册账户</Link>
        <Link to={paths.verifyDocument}>文件核验</Link>
      </div>
      <p className="auth-note">
        首次登录请使用学校分配的账号；学生账号为学号。
      </p>
    </AuthCard>
  );
}
