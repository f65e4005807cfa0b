import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginInput } from '@contract/validators.ts';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { paths } from '@/config/paths.ts';
import { deployment } from '@/config/runtime.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { landingPath } from '@/lib/landing.ts';
import { STORAGE_KEYS, local } from '@/lib/storage.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { FormError } from '../components/form-error.tsx';
import { LoginForm } from '../components/login-form.tsx';

/** Query parameters that carry an external login (single sign-on ticket or key): the form stays hidden. */
const EXTERNAL_KEYS = ['ticket', 'key'];

/** Only in-app paths are followed after login; without one, the user's landing page. */
function safeRedirect(value: string | null, landing: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith(paths.login) ? value : landing;
}

export default function LoginPage() {
  usePageTitle('登录');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const remembered = local.get<string>(STORAGE_KEYS.rememberedUsername);
  const external = EXTERNAL_KEYS.some((k) => params.has(k) || new URLSearchParams(window.location.search).has(k));

  if (external) {
    return (
      <AuthCard title="统一身份登录">
        <p className="auth-note">正在验证身份，请稍候…</p>
        <div className="auth-links">
          <Link to={location.pathname}>返回账号登录</Link>
        </div>
      </AuthCard>
    );
  }

  const onFinish = async (values: LoginInput) => {
    const result = await loginMutation.mutateAsync({ ...values, username: values.username.trim() }).catch(() => null);
    if (!result) return;
    noticeStore.clear();
    if (values.remember_me) local.set(STORAGE_KEYS.rememberedUsername, result.userInfo.username, null);
    else local.remove(STORAGE_KEYS.rememberedUsername);
    navigate(safeRedirect(params.get('redirect'), landingPath(deployment().digitalCampus, result.userInfo.yhlx)), { replace: true });
  };

  return (
    <AuthCard title="账号登录">
      <LoginForm initialUsername={remembered ?? ''} pending={loginMutation.isPending} onFinish={(values) => void onFinish(values)} />
      <FormError error={loginMutation.error} />
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
