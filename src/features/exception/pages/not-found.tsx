import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/hooks/use-page-title.ts';

export default function NotFoundPage() {
  usePageTitle('404');
  const navigate = useNavigate();
  return (
    <div style={{ padding: '64px 16px', textAlign: 'center' }}>
      <ErrorBlock status="empty" title="404" description="抱歉，你访问的页面不存在" fullPage={false} />
      <Button color="primary" onClick={() => navigate('/', { replace: true })} style={{ marginTop: 16 }}>
        返回首页
      </Button>
    </div>
  );
}
