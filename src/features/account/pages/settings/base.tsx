import { lazy, Suspense, useState } from 'react';
import { workNoLabel } from '@contract/session.ts';
import { useDevice } from '@/hooks/use-device.ts';
import { useSession } from '@/lib/session-store.ts';
import { FieldList, profileFields } from '../account-fields.tsx';
import { useAccountDialog } from '../use-account-dialog.tsx';
import { SettingsLayout } from './settings-layout.tsx';

const PhoneProfileForm = lazy(() => import('../../components/phone-profile-form.tsx'));

/**
 * 基本设置: the profile, read-only where the school keeps it (name, sex, work number, unit); birthday,
 * e-mail and phone change in the personal-info dialog (desktop) or an antd-mobile form (phone).
 */
export default function BaseSettingPage() {
  const { userInfo } = useSession();
  const device = useDevice();
  const dialogs = useAccountDialog();
  const [editing, setEditing] = useState(false);
  if (!userInfo) return null;
  const fields = profileFields(userInfo);
  const edit = () => (device === 'phone' ? setEditing(true) : dialogs.open('profile'));
  return (
    <SettingsLayout section="base">
      <h3 className="account-card__title">学校登记的信息</h3>
      <p className="account-card__hint">姓名、性别、{workNoLabel(userInfo.yhlx)}和单位由学校维护，如有错误请联系管理员。</p>
      <FieldList fields={fields.filter((f) => !f.editable)} />
      <h3 className="account-card__title" style={{ marginTop: 24 }}>
        可以修改的信息
      </h3>
      {editing && device === 'phone' ? (
        <Suspense fallback={null}>
          <PhoneProfileForm onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
        </Suspense>
      ) : (
        <>
          <FieldList fields={fields.filter((f) => f.editable)} />
          <div className="account-actions">
            <button type="button" className="account-button account-button--primary" onClick={edit}>
              编辑资料
            </button>
          </div>
        </>
      )}
      {dialogs.element}
    </SettingsLayout>
  );
}
