import { Button, ErrorBlock, List, PullToRefresh, Tag } from 'antd-mobile';
import { isButtonNode } from '@contract/permission-admin.ts';
import { PhoneLoading } from '@/components/phone-list/phone-list-state.tsx';
import { fieldText } from '@/components/resource/resource-fields.ts';
import { flattenTree } from '@/components/resource/tree-nodes.ts';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';
import './permission-list.css';

const INDENT_EM = 1.25;

/** 菜单管理 on the phone (antd-mobile only): the whole tree to read, indented by depth; its form is too large for a phone. */
export default function PermissionListPhone({ resource, query, nodes }: TreeScreen) {
  const labelOf = (name: string, value: unknown) => fieldText(resource.fields.find((f) => f.name === name)!, value);
  let body;
  if (query.isPending) {
    body = <PhoneLoading />;
  } else if (query.isError && !query.data) {
    body = (
      <ErrorBlock status="default" title="菜单加载失败" description="请检查网络后下拉刷新或重试">
        <Button color="primary" onClick={() => void query.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  } else if (nodes.length === 0) {
    body = <ErrorBlock status="empty" title="暂无菜单" description="下拉可刷新" />;
  } else {
    body = (
      <List aria-label="菜单列表">
        {flattenTree(nodes).map(({ node, depth }) => (
          <List.Item
            key={node.id}
            description={<span style={{ paddingLeft: `${depth * INDENT_EM}em` }}>{isButtonNode(node) ? <span className="permission-list-phone__code">{String(node.perms ?? '')}</span> : String(node.url ?? '')}</span>}
            extra={
              isButtonNode(node) ? (
                <Tag color={node.status === '1' ? 'success' : 'warning'} fill="outline">
                  {labelOf('status', node.status)}
                </Tag>
              ) : (
                <Tag color={node.menuType === 0 ? 'primary' : 'default'} fill="outline">
                  {labelOf('menuType', node.menuType)}
                </Tag>
              )
            }
          >
            <span className={`permission-list-phone__title${depth === 0 ? ' permission-list-phone__root' : ''}`} style={{ paddingLeft: `${depth * INDENT_EM}em` }}>
              {String(node.name ?? '')}
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
      <PullToRefresh onRefresh={async () => void (await query.refetch())}>{body}</PullToRefresh>
    </section>
  );
}
