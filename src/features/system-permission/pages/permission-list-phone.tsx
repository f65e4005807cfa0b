import { Button, DotLoading, ErrorBlock, List, PullToRefresh, Tag } from 'antd-mobile';
import { usePermissions } from '../api/get-permissions.ts';
import { MENU_TYPE_LABELS, STATUS_LABELS, flattenNodes, isButton } from '../components/permission-parts.ts';
import './permission-list.css';

const INDENT_EM = 1.25;

/** 菜单管理 on the phone (antd-mobile only): the tree to read, indented by depth; editing is for larger screens. */
export default function PermissionListPhone() {
  const list = usePermissions();

  let body;
  if (list.isPending) {
    body = (
      <div className="permission-list-phone__loading" role="status">
        加载中
        <DotLoading />
      </div>
    );
  } else if (list.isError && !list.data) {
    body = (
      <ErrorBlock status="default" title="菜单加载失败" description="请检查网络后下拉刷新或重试">
        <Button color="primary" onClick={() => void list.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  } else if (list.data.length === 0) {
    body = <ErrorBlock status="empty" title="暂无菜单" description="下拉可刷新" />;
  } else {
    body = (
      <List aria-label="菜单列表">
        {flattenNodes(list.data).map(({ node, depth }) => (
          <List.Item
            key={node.id}
            description={
              <span style={{ paddingLeft: `${depth * INDENT_EM}em` }}>
                {isButton(node) ? <span className="permission-list-phone__code">{node.perms}</span> : node.url}
              </span>
            }
            extra={
              isButton(node) ? (
                <Tag color={node.status === '1' ? 'success' : 'warning'} fill="outline">
                  {STATUS_LABELS[node.status]}
                </Tag>
              ) : (
                <Tag color={node.menuType === 0 ? 'primary' : 'default'} fill="outline">
                  {MENU_TYPE_LABELS[node.menuType]}
                </Tag>
              )
            }
          >
            <span className={`permission-list-phone__title${depth === 0 ? ' permission-list-phone__root' : ''}`} style={{ paddingLeft: `${depth * INDENT_EM}em` }}>
              {node.name}
            </span>
          </List.Item>
        ))}
      </List>
    );
  }

  return (
    <section className="permission-list-phone" aria-label="菜单管理">
      <div className="permission-list-phone__notice" role="note">
        菜单编辑请在电脑或平板上操作
      </div>
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>{body}</PullToRefresh>
    </section>
  );
}
