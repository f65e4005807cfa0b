import { PRIORITY_LABELS } from '@contract/announcement.ts';
import dayjs from '@/lib/dayjs.ts';
import { useSession } from '@/lib/session-store.ts';
import { useCurrentDeparts } from '../api/get-current-departs.ts';
import { useCurrentRoles } from '../api/get-current-roles.ts';
import { useRecentAnnouncements } from '../api/get-recent-announcements.ts';
import { DetailList } from '../components/detail-list.tsx';
import { USER_TYPES, userDetails } from '../components/user-details.tsx';
import '../components/profile.css';

const CATEGORY: Record<string, string> = { '1': '通知', '2': '系统消息' };

/**
 * 高级详情页 (/profile/advanced): the sample with a page header and figures, a four-column detail list,
 * and a table, all of the logged-in user's own data.
 */
export default function ProfileAdvancedPage() {
  const { userInfo } = useSession();
  const roles = useCurrentRoles();
  const departs = useCurrentDeparts();
  const messages = useRecentAnnouncements();
  if (!userInfo) return null;
  const unread = messages.data?.records.filter((r) => r.readFlag === '0').length;
  return (
    <div className="profile-page">
      <section className="profile-card profile-header" aria-labelledby="profile-advanced-title">
        <div>
          <h2 id="profile-advanced-title" className="profile-header__title">
            {userInfo.realname}
            <span className="profile-status">正常</span>
          </h2>
          <p className="profile-header__sub">
            {USER_TYPES[userInfo.yhlx] ?? ''} · 账号 {userInfo.username}
          </p>
        </div>
        <div className="profile-header__stats">
          <div className="profile-header__stat">
            <span>身份</span>
            <strong>{roles.data?.list.length ?? '—'}</strong>
          </div>
          <div className="profile-header__stat">
            <span>部门</span>
            <strong>{departs.data?.list.length ?? '—'}</strong>
          </div>
          <div className="profile-header__stat">
            <span>消息</span>
            <strong>{messages.data?.total ?? '—'}</strong>
          </div>
        </div>
      </section>
      <section className="profile-card">
        <DetailList title="详细信息" items={userDetails(userInfo)} columns={4} />
      </section>
      <section className="profile-card" aria-labelledby="profile-advanced-messages">
        <h3 id="profile-advanced-messages" className="profile-card__title">
          最近消息{unread ? `（${unread}条未读）` : ''}
        </h3>
        {messages.data?.records.length ? (
          <div className="profile-table-wrap">
            <table className="profile-table">
              <thead>
                <tr>
                  <th scope="col">标题</th>
                  <th scope="col">类型</th>
                  <th scope="col">优先级</th>
                  <th scope="col">发布人</th>
                  <th scope="col">发布时间</th>
                  <th scope="col">状态</th>
                </tr>
              </thead>
              <tbody>
                {messages.data.records.map((r) => (
                  <tr key={r.id}>
                    <td>{r.titile}</td>
                    <td>{CATEGORY[r.msgCategory] ?? '—'}</td>
                    <td>{PRIORITY_LABELS[r.priority]}</td>
                    <td>{r.sender || '—'}</td>
                    <td>{r.sendTime ? dayjs(r.sendTime).format('YYYY-MM-DD HH:mm') : '—'}</td>
                    <td>{r.readFlag === '0' ? '未读' : '已读'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="profile-empty">{messages.isPending ? '正在加载…' : messages.isError ? '消息加载失败' : '暂无消息'}</p>
        )}
      </section>
    </div>
  );
}
