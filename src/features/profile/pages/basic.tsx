import { useSession } from '@/lib/session-store.ts';
import { useCurrentDeparts } from '../api/get-current-departs.ts';
import { useCurrentRoles } from '../api/get-current-roles.ts';
import { DetailList } from '../components/detail-list.tsx';
import { userDetails } from '../components/user-details.tsx';
import '../components/profile.css';

/** 基础详情页 (/profile/basic): the detail-list sample, filled with the logged-in user's own record. */
export default function ProfileBasicPage() {
  const { userInfo } = useSession();
  const roles = useCurrentRoles();
  const departs = useCurrentDeparts();
  if (!userInfo) return null;
  const activeRole = roles.data?.list.find((r) => r.id === roles.data.roleId);
  const currentDepart = departs.data?.list.find((d) => d.orgCode === departs.data.orgCode);
  return (
    <div className="profile-page">
      <section className="profile-card" aria-labelledby="profile-basic-title">
        <h2 id="profile-basic-title" className="profile-card__title">
          基础详情页
        </h2>
        <DetailList title="用户信息" items={userDetails(userInfo)} />
        <hr className="profile-card__divider" />
        <DetailList
          title="身份与部门"
          items={[
            { label: '当前身份', value: activeRole?.roleName ?? (roles.isPending ? '正在加载…' : '—') },
            { label: '全部身份', value: roles.data ? roles.data.list.map((r) => r.roleName).join('、') || '—' : '—' },
            { label: '当前部门', value: currentDepart?.departName ?? (departs.isPending ? '正在加载…' : '—') },
            { label: '全部部门', value: departs.data ? departs.data.list.map((d) => d.departName).join('、') || '—' : '—' },
          ]}
          columns={2}
        />
      </section>
    </div>
  );
}
