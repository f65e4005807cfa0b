import { useState, type ReactNode } from 'react';
import { Button, List, Radio, Space, SpinLoading } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { workNoLabel } from '@contract/session.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { reloadPage } from '@/lib/page-leave.ts';
import { useSession } from '@/lib/session-store.ts';
import { currentDepartsQuery, useSelectDepart } from '../api/current-departs.ts';
import { currentRolesQuery, useSelectRole } from '../api/current-roles.ts';
import { currentRoleOf, hasDeparts, hasLoginUser, ROLE_REQUIRED } from './account-checks.ts';
import { accountDialogStore, useOpenAccountDialog, type AccountDialog } from './account-dialog-store.ts';
import PhonePasswordForm from './phone-password-form.tsx';
import PhoneProfileForm from './phone-profile-form.tsx';
import PhoneSettings from './phone-settings.tsx';
import './phone-account.css';

const SEX: Record<string, string> = { 1: '男', 2: '女' };

/** A full-screen page over the app with a back bar: the phone's form of a dialog. */
function Sheet({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Popup visible={open} position="right" onClose={onClose} destroyOnClose bodyClassName="phone-account__sheet">
      <PhoneNavBar onBack={onClose}>
        {title}
      </PhoneNavBar>
      <div className="phone-account__body">{children}</div>
    </Popup>
  );
}

/** The school's record above the editable fields. */
function ProfileSheet({ onDone }: { onDone: () => void }) {
  const { userInfo } = useSession();
  if (!userInfo) return null;
  return (
    <>
      <List header="学校登记的信息">
        <List.Item extra={userInfo.realname}>姓名</List.Item>
        <List.Item extra={userInfo.sex ? SEX[String(userInfo.sex)] : '—'}>性别</List.Item>
        <List.Item extra={userInfo.workNo ?? '—'}>{workNoLabel(userInfo.yhlx)}</List.Item>
        <List.Item extra={userInfo.orgCodeTxt ?? '—'}>单位</List.Item>
      </List>
      <PhoneProfileForm onDone={onDone} carried />
    </>
  );
}

function ChoiceForm({
  options,
  current,
  pending,
  loading,
  onConfirm,
}: {
  options: { value: string; label: string }[] | undefined;
  current: string | null | undefined;
  pending: boolean;
  loading: boolean;
  onConfirm: (value: string | null) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? current ?? null;
  if (loading) return <SpinLoading className="phone-account__loading" />;
  return (
    <div className="phone-account__choice">
      <Radio.Group value={value} onChange={(v) => setChosen(String(v))}>
        <Space direction="vertical" block>
          {options?.map((o) => (
            <Radio key={o.value} value={o.value} block>
              {o.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Button block color="primary" loading={pending} onClick={() => onConfirm(value)}>
        确定
      </Button>
    </div>
  );
}

function RoleChoice({ onDone, onFailed }: { onDone: () => void; onFailed: () => void }) {
  const { data, isLoading } = useQuery(currentRolesQuery());
  const select = useSelectRole();
  const current = currentRoleOf(data);
  const confirm = async (value: string | null) => {
    if (!value) return notify.warning(ROLE_REQUIRED);
    if (value === current) return onDone();
    const done = await select.mutateAsync(value).catch(() => null);
    if (done) reloadPage();
    else onFailed();
  };
  const options = data?.list.map((r) => ({ value: r.id, label: r.roleName }));
  return <ChoiceForm options={options} current={current} pending={select.isPending} loading={isLoading} onConfirm={confirm} />;
}

function DepartChoice({ onDone }: { onDone: () => void }) {
  const { data, isLoading } = useQuery(currentDepartsQuery());
  const select = useSelectDepart();
  const confirm = async (value: string | null) => {
    if (!value) return notify.warning('请选择部门');
    const done = await select.mutateAsync(value).catch(() => null);
    if (!done) return;
    notify.success('部门切换成功', { title: '切换部门' });
    onDone();
  };
  const options = data?.list.map((d) => ({ value: d.orgCode, label: d.departName }));
  return <ChoiceForm options={options} current={data?.orgCode} pending={select.isPending} loading={isLoading} onConfirm={confirm} />;
}

/**
 * The account actions in the phone drawer (antd-mobile only). Each opens a full-screen sheet (see
 * PhoneAccountSheets) with the same rules, calls and messages as the desktop dialogs.
 */
export default function PhoneAccount() {
  const client = useQueryClient();
  const { data: roles } = useQuery(currentRolesQuery());
  const open = async (next: AccountDialog) => {
    if (next === 'profile' && !hasLoginUser()) return;
    if (next === 'depart' && !(await hasDeparts(() => client.fetchQuery(currentDepartsQuery())))) return;
    accountDialogStore.open(next);
  };
  return (
    <List className="phone-account__list">
      <List.Item onClick={() => open('profile')}>个人信息</List.Item>
      <List.Item onClick={() => open('settings')}>系统设置</List.Item>
      <List.Item onClick={() => open('password')}>修改密码</List.Item>
      {roles && roles.list.length > 1 && <List.Item onClick={() => open('role')}>切换身份</List.Item>}
      <List.Item onClick={() => open('depart')}>切换部门</List.Item>
    </List>
  );
}

/**
 * The account sheets, mounted with the phone layout rather than inside the drawer, so a dialog left
 * open on a wider screen is open here too when the layout switches.
 */
export function PhoneAccountSheets({ onLogout }: { onLogout: () => void }) {
  const sheet = useOpenAccountDialog();
  const { close } = accountDialogStore;
  return (
    <>
      <Sheet title="个人信息" open={sheet === 'profile'} onClose={close}>
        <ProfileSheet onDone={close} />
      </Sheet>
      <Sheet title="系统设置" open={sheet === 'settings'} onClose={close}>
        <PhoneSettings />
      </Sheet>
      <Sheet title="修改密码" open={sheet === 'password'} onClose={close}>
        <PhonePasswordForm onDone={close} />
      </Sheet>
      <Sheet title="用户身份选择" open={sheet === 'role'} onClose={close}>
        <RoleChoice onDone={close} onFailed={onLogout} />
      </Sheet>
      <Sheet title="切换部门" open={sheet === 'depart'} onClose={close}>
        <DepartChoice onDone={close} />
      </Sheet>
    </>
  );
}
