import { useLocation } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { DoneResult } from '../components/done-result.tsx';

/** The phone as a message may show it: 139****5678. */
const maskedPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/**
 * After a registration: the server answers alike whether or not the account could be created (nobody
 * learns from it which accounts exist), so this page says the outcome comes by SMS.
 */
export default function RegisterResultPage() {
  usePageTitle('注册结果');
  const state = useLocation().state as { username?: string; phone?: string } | null;
  const to = state?.phone ? `发送至 ${maskedPhone(state.phone)} 的短信` : '短信';
  return (
    <AuthCard title="注册结果">
      <DoneResult
        title={state?.username ? `账户 ${state.username} 的注册申请已提交` : '注册申请已提交'}
        description={`若信息无误，${to}将告知注册结果。账户需经学校管理员审核后方可登录，审核结果请留意学校通知。`}
      />
    </AuthCard>
  );
}
