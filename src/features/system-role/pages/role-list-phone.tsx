import { useState } from 'react';
import { Button } from 'antd-mobile';
import { ROLE_AUTHORIZE_PERMISSION } from '@contract/permission-admin.ts';
import { ROLE_RESOURCE } from '@contract/role.ts';
import { Authorized } from '@/components/authorized.tsx';
import ResourcePhoneList from '@/components/resource/resource-phone.tsx';
import { RoleAuthorizePhone } from '../components/role-authorize-phone.tsx';
import type { RoleRef } from '../components/role-authorize-state.ts';

/** 角色管理 on the phone (antd-mobile only): the generic list; a role's form offers 授权. */
export default function RoleListPhone() {
  const [authorizing, setAuthorizing] = useState<RoleRef | null>(null);
  return (
    <>
      <ResourcePhoneList
        resource={ROLE_RESOURCE}
        rowActions={(row, close) => (
          <Authorized code={ROLE_AUTHORIZE_PERMISSION}>
            <div className="role-authorize-phone__entry">
              <Button
                block
                fill="outline"
                color="primary"
                onClick={() => {
                  close();
                  setAuthorizing({ id: row.id, name: String(row.roleName ?? '') });
                }}
              >
                授权
              </Button>
            </div>
          </Authorized>
        )}
      />
      <RoleAuthorizePhone role={authorizing} onClose={() => setAuthorizing(null)} />
    </>
  );
}
