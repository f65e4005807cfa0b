import { ROLE_RESOURCE } from '@contract/role.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { RoleAuthorizePhone } from '../components/role-authorize-phone.tsx';
import type { RoleListPage } from './role-list.ts';

/** 角色管理 on the phone (antd-mobile only): the generic list; a role's form offers 授权, which opens the permission list. */
export default function RoleListPhone({ actions, authorizing, closeAuthorizing }: RoleListPage) {
  return (
    <>
      <ResourcePhoneList resource={ROLE_RESOURCE} actions={actions} />
      <RoleAuthorizePhone role={authorizing} onClose={closeAuthorizing} />
    </>
  );
}
