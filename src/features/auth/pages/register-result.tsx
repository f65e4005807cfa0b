import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { AuthCard } from '../components/auth-layout.tsx';

export default function RegisterResultPage() {
  usePageTitle('注册结果');
  const navigate = useNavigate();
  const username = (useLocation().state as { username?: string } | null)?.username;
  return (
    <AuthCard title="注册结果">
      <Result
        status="success"
        title={username ? `你的账户：${username} 注册成功` : '注册成功'}
        description="账户需经学校管理员审核后方可登录，审核结果请留意学校通知。"
      />
      <div style={{ padding: '0 16px 12px' }}>
        <Button block color="primary" onClick={() => navigate(paths.login, { replace: true })}>
          返回登录
        </Button>
      </div>
    </AuthCard>
  );
}
