import { useLocation } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { DoneResult } from '../components/done-result.tsx';

export default function RegisterResultPage() {
  usePageTitle('注册结果');
  const username = (useLocation().state as { username?: string } | null)?.username;
  return (
    <AuthCard title="注册结果">
      <DoneResult
        title={username ? `你的账户：${username} 注册成功` : '注册成功'}
        description="账户需经学校管理员审核后方可登录，审核结果请留意学校通知。"
      />
    </AuthCard>
  );
}
