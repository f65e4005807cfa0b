import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';

/** The end of an account flow: what happened, and the way back to the login page. */
export function DoneResult({ title, description }: { title: string; description?: string }) {
  const navigate = useNavigate();
  return (
    <>
      <Result status="success" title={title} description={description} />
      <div style={{ padding: '0 16px 12px' }}>
        <Button block color="primary" onClick={() => navigate(paths.login, { replace: true })}>
          返回登录
        </Button>
      </div>
    </>
  );
}
