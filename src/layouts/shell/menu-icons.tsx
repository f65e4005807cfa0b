import { AppstoreOutlined, DashboardOutlined, DesktopOutlined, HomeOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Menu icon names stored in sys_permission.icon; an unknown name gets the generic one. */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  desktop: <DesktopOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
};

export const menuIcon = (name: string | null | undefined): ReactNode => (name && ICONS[name]) || <AppstoreOutlined />;
