import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session-store.ts';
import { currentDepartsQuery } from '../api/current-departs.ts';
import { currentRolesQuery } from '../api/current-roles.ts';
import { Avatar, FieldList, USER_TYPE_LABELS, profileFields } from './account-fields.tsx';
import './account.css';

/** 个人中心 (/account/center): who the user is, their identities (roles) and departments. */
export default function AccountCenterPage() {
  const { userInfo } = useSession();
  const roles = useQuery(currentRolesQuery());
  const departs = useQuery(currentDepartsQuery());
  if (!userInfo) return null;
  return (
    <div className="account">
      <section className="account-card account-profile" aria-label="个人信息">
        <Avatar user={userInfo} />
        <div>
          <h2 className="account-profile__name">{userInfo.realname}</h2>
          <p className="account-profile__meta">
            {USER_TYPE_LABELS[userInfo.yhlx] ?? ''}
            {userInfo.orgCodeTxt ? ` · ${userInfo.orgCodeTxt}` : ''} · 账号 {userInfo.username}
          </p>
        </div>
      </section>
      <section className="account-card" aria-labelledby="center-basic">
        <h2 id="center-basic" className="account-card__title">
          基本信息
        </h2>
        <FieldList fields={profileFields(userInfo)} />
        <div className="account-actions">
          <Link className="account-button account-button--primary" to={`${paths.accountSettings}/base`}>
            个人设置
          </Link>
          <Link className="account-button" to={`${paths.accountSettings}/security`}>
            安全设置
          </Link>
        </div>
      </section>
      <section className="account-card" aria-labelledby="center-roles">
        <h2 id="center-roles" className="account-card__title">
          我的身份
        </h2>
        {roles.data ? (
          roles.data.list.length ? (
            <ul className="account-tags">
              {roles.data.list.map((role) => (
                <li key={role.id} className={`account-tag${role.id === roles.data.roleId ? ' account-tag--current' : ''}`}>
                  {role.roleName}
                  {role.id === roles.data.roleId && <span className="account-tag__mark">当前身份</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="account-empty">暂无身份</p>
          )
        ) : (
          <p className="account-empty">{roles.isError ? '身份加载失败' : '正在加载…'}</p>
        )}
      </section>
      <section className="account-card" aria-labelledby="center-departs">
        <h2 id="center-departs" className="account-card__title">
          我的部门
        </h2>
        {departs.data ? (
          departs.data.list.length ? (
            <ul className="account-tags">
              {departs.data.list.map((depart) => (
                <li key={depart.id} className={`account-tag${depart.orgCode === departs.data.orgCode ? ' account-tag--current' : ''}`}>
                  {depart.departName}
                  {depart.orgCode === departs.data.orgCode && <span className="account-tag__mark">当前部门</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="account-empty">您尚未设置部门信息</p>
          )
        ) : (
          <p className="account-empty">{departs.isError ? '部门加载失败' : '正在加载…'}</p>
        )}
      </section>
    </div>
  );
}
