import { LockOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Modal, type MenuProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session-store.ts';
import { currentDepartsQuery } from '../api/current-departs.ts';
import { currentRolesQuery } from '../api/current-roles.ts';
import { hasDeparts, hasLoginUser } from './account-checks.ts';
import { accountDialogStore, useOpenAccountDialog, type AccountDialog } from './account-dialog-store.ts';
import { DepartModal } from './depart-modal.tsx';
import { PasswordModal } from './password-modal.tsx';
import { ProfileModal } from './profile-modal.tsx';
import { RoleModal } from './role-modal.tsx';
import { ThemeDrawer } from './theme-drawer.tsx';

/** The header's user menu on desktop and tablet: the account dialogs and logout. */
export default function UserMenu({ onLogout }: { onLogout: () => void }) {
  const { userInfo } = useSession();
  const client = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const dialog = useOpenAccountDialog();
  const { data: roles } = useQuery(currentRolesQuery());
  const { open, close } = accountDialogStore;

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: '个人信息' },
    { key: 'settings', icon: <SettingOutlined />, label: '系统设置' },
    { key: 'password', icon: <LockOutlined />, label: '修改密码' },
    ...(roles && roles.list.length > 1 ? [{ key: 'role', icon: <SwapOutlined />, label: '切换身份' }] : []),
    { key: 'depart', icon: <TeamOutlined />, label: '切换部门' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '注销' },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'logout') {
      modal.confirm({ title: '提示', content: '真的要注销登录吗 ?', okText: '确定', cancelText: '取消', onOk: onLogout });
    } else if (key === 'depart') {
      if (await hasDeparts(() => client.fetchQuery(currentDepartsQuery()))) open('depart');
    } else if (key === 'profile') {
      if (hasLoginUser()) open('profile');
    } else {
      open(key as AccountDialog);
    }
  };

  return (
    <>
      {modalHolder}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" aria-label="用户菜单" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Avatar size="small" src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
          <span>{userInfo?.realname}</span>
        </Button>
      </Dropdown>
      <ProfileModal open={dialog === 'profile'} onClose={close} />
      <ThemeDrawer open={dialog === 'settings'} onClose={close} />
      <PasswordModal open={dialog === 'password'} onClose={close} />
      <RoleModal open={dialog === 'role'} onClose={close} onFailed={onLogout} />
      <DepartModal open={dialog === 'depart'} onClose={close} />
    </>
  );
}
