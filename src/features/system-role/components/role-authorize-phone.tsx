import { Button, CheckList, DotLoading, ErrorBlock, Tag } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { flattenPermissions, useRoleAuthorize, type RoleRef } from './role-authorize-state.ts';
import './role-authorize.css';

const INDENT_EM = 1.25;

/**
 * 角色权限配置 on the phone (antd-mobile only): a full-screen sheet with the menus and buttons as one
 * list indented by depth, each chosen on its own, starting from the role's grants.
 */
export function RoleAuthorizePhone({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  const auth = useRoleAuthorize(role);
  const close = () => {
    auth.reset();
    onClose();
  };
  const saveAndClose = async () => {
    if (await auth.submit()) close();
  };
  const allChosen = auth.allIds.length > 0 && auth.checked.length >= auth.allIds.length;

  let body;
  if (auth.loading) {
    body = (
      <div className="role-authorize-phone__loading" role="status">
        加载中
        <DotLoading />
      </div>
    );
  } else if (auth.failed) {
    body = (
      <ErrorBlock status="default" title="权限树加载失败" description="请检查网络后重试">
        <Button color="primary" onClick={auth.retry}>
          重试
        </Button>
      </ErrorBlock>
    );
  } else if (auth.tree.length === 0) {
    body = <ErrorBlock status="empty" title="暂无菜单" description="" />;
  } else {
    body = (
      <CheckList multiple value={auth.checked} onChange={(values) => auth.choose(values.map(String))} aria-label="菜单和按钮">
        {flattenPermissions(auth.tree).map((node) => (
          <CheckList.Item key={node.id} value={node.id}>
            <span className={`role-authorize-phone__title${node.depth === 0 ? ' role-authorize-phone__root' : ''}`} style={{ paddingLeft: `${node.depth * INDENT_EM}em` }}>
              {node.title}
              {node.menuType === 2 && (
                <Tag color="default" fill="outline">
                  按钮
                </Tag>
              )}
            </span>
          </CheckList.Item>
        ))}
      </CheckList>
    );
  }

  return (
    <Popup visible={role !== null} onMaskClick={close} position="right" destroyOnClose bodyClassName="role-authorize-phone">
      <div role="dialog" aria-modal="true" aria-label="角色权限配置" className="role-authorize-phone__dialog">
        <PhoneNavBar onBack={close}>角色权限配置</PhoneNavBar>
        <div className="role-authorize-phone__head">
          <span>
            {role?.name}：已选 {auth.checked.length} 项
          </span>
          <Button size="mini" fill="outline" disabled={auth.loading || auth.failed} onClick={allChosen ? auth.clearAll : auth.selectAll}>
            {allChosen ? '取消全选' : '全选'}
          </Button>
        </div>
        <div className="role-authorize-phone__body">{body}</div>
        <div className="role-authorize-phone__footer">
          <Button onClick={() => void auth.submit()} loading={auth.saving} disabled={auth.loading || auth.failed}>
            保存
          </Button>
          <Button color="primary" onClick={() => void saveAndClose()} loading={auth.saving} disabled={auth.loading || auth.failed}>
            保存并关闭
          </Button>
        </div>
      </div>
    </Popup>
  );
}
