import { List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { deployment, runtimeConfig } from '@/config/runtime.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';

/** Where an invalid software licence (code 901) leads: what this installation is, and whom to ask. */
export default function SysInfoPage() {
  usePageTitle('系统信息');
  const navigate = useNavigate();
  const { code, title } = deployment();
  return (
    <div style={{ maxWidth: 640, margin: '0 auto' }}>
      <PhoneNavBar onBack={() => navigate(-1)}>系统信息</PhoneNavBar>
      <List header="本系统">
        <List.Item extra={title}>系统名称</List.Item>
        <List.Item extra={code}>部署代码</List.Item>
        <List.Item extra={__APP_VERSION__}>版本</List.Item>
        <List.Item extra={runtimeConfig().apiBaseUrl}>服务地址</List.Item>
      </List>
      <p style={{ padding: '12px 16px', color: 'rgba(0,0,0,0.55)' }}>如提示“无效的软件授权信息”，请联系学校的系统管理员更新软件授权。</p>
    </div>
  );
}
