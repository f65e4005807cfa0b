import {
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  DashboardOutlined,
  DesktopOutlined,
  EditOutlined,
  FundOutlined,
  HomeOutlined,
  ProfileOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Menu icon names stored in sys_permission.icon; an unknown name gets the generic one. */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  desktop: <DesktopOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
  'area-chart': <AreaChartOutlined />,
  fund: <FundOutlined />,
  profile: <ProfileOutlined />,
  warning: <WarningOutlined />,
  solution: <SolutionOutlined />,
  edit: <EditOutlined />,
  audit: <AuditOutlined />,
};

export const menuIcon = (name: string | null | undefined): ReactNode => (name && ICONS[name]) || <AppstoreOutlined />;
