import type { ReactNode } from 'react';
import { Button, List, PullToRefresh, SearchBar } from 'antd-mobile';
import type { ResourceField } from '@contract/resource.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import type { TreeRow } from './resource-api.ts';
import { fieldText } from './resource-fields.ts';
import { PhoneFieldText, ResourcePhoneForm } from './resource-phone.tsx';
import { findNode, pathOf } from './tree-nodes.ts';
import type { TreeScreen } from './use-tree-screen.ts';
import './resource-tree.css';

export interface ResourceTreePhoneProps {
  screen: TreeScreen;
  /** The top level's heading (组织机构); the resource's list by default. */
  heading?: string;
  /** Shown at a row's level below the rows under it (a department's users); with it every row opens its level. */
  detail?: (row: TreeRow) => ReactNode;
}

/** A card list found by its name (antd-mobile's List takes no role). */
function NamedList({ label, header, children }: { label: string; header?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <List mode="card" header={header ?? label}>
        {children}
      </List>
    </section>
  );
}

/**
 * A tree resource's phone screen (antd-mobile only): one level at a time. The top rows, and a row's level with its
 * fields, the rows under it and what the page shows of it; the search lists its matches flat. A row with nothing
 * under it to show opens its form; the form (full screen) holds 删除.
 */
export function ResourceTreePhone({ screen, heading, detail }: ResourceTreePhoneProps) {
  const { resource, tree, query, nodes, matches, chosen, editing, can } = screen;
  const { title } = resource;
  const nameOf = (row: TreeRow) => String(row[resource.titleField] ?? '');
  const shownFields = (resource.subtitleFields ?? []).map((name) => resource.fields.find((f) => f.name === name)).filter((f): f is ResourceField => Boolean(f));
  const parentField = resource.fields.find((f) => f.name === tree.parentField);
  const open = (row: TreeRow) => {
    if (!detail && !row.children?.length) return screen.openEdit(row);
    screen.setKeyword('');
    screen.choose(row.id);
  };
  const item = (row: TreeRow) => (
    <List.Item
      key={row.id}
      onClick={() => open(row)}
      description={shownFields
        .map((f) => fieldText(f, row[f.name]))
        .filter(Boolean)
        .join(' · ')}
      extra={row.children?.length ? `${row.children.length} 个下级` : undefined}
    >
      {nameOf(row)}
    </List.Item>
  );
  const confirmRemove = async (row: TreeRow) => {
    if (await confirmDialog({ content: `确定删除${title}“${nameOf(row)}”吗?`, confirmText: '删除', cancelText: '取消' })) await screen.remove(row);
  };

  let body;
  if (chosen) {
    const parent = screen.parentOf(chosen);
    const parentRow = parent ? findNode(nodes, parent) : null;
    body = (
      <>
        <List mode="card" header={`${title}信息`}>
          {shownFields.map((f) => (
            <List.Item key={f.name} extra={<PhoneFieldText field={f} value={chosen[f.name]} />}>
              {f.label}
            </List.Item>
          ))}
          {parentField && <List.Item extra={parentRow ? pathOf(nodes, parentRow, resource.titleField) : `无（顶级${title}）`}>{parentField.label}</List.Item>}
        </List>
        <NamedList
          label={`下级${title}`}
          header={
            <div className="resource-tree-phone__header-action">
              <span>下级{title}</span>
              {can.add && !tree.leaf?.when(chosen) && (
                <Button size="mini" color="primary" fill="outline" onClick={() => screen.openAdd(chosen.id)}>
                  新增下级
                </Button>
              )}
            </div>
          }
        >
          {chosen.children?.length ? chosen.children.map(item) : <List.Item>暂无下级{title}</List.Item>}
        </NamedList>
        {detail?.(chosen)}
      </>
    );
  } else if (matches) body = <NamedList label="搜索结果">{matches.map(item)}</NamedList>;
  else {
    body = (
      <NamedList label={`${title}列表`} header={heading}>
        {nodes.map(item)}
      </NamedList>
    );
  }

  return (
    <section className="resource-tree-phone" aria-label={`${title}管理`}>
      {chosen ? (
        <PhoneNavBar
          className="resource-tree-phone__nav"
          backText="返回"
          onBack={() => screen.choose(screen.parentOf(chosen))}
          right={
            can.edit ? (
              <Button size="mini" fill="none" color="primary" onClick={() => screen.openEdit(chosen)}>
                编辑
              </Button>
            ) : null
          }
        >
          {nameOf(chosen)}
        </PhoneNavBar>
      ) : (
        <div className="resource-tree-phone__top">
          {tree.search && <SearchBar placeholder={tree.search.placeholder} maxLength={100} onSearch={(value) => screen.setKeyword(value.trim())} onClear={() => screen.setKeyword('')} aria-label={`搜索${title}`} />}
          {can.add && (
            <Button size="small" color="primary" onClick={() => screen.openAdd(null)}>
              新增
            </Button>
          )}
        </div>
      )}
      <PullToRefresh onRefresh={() => query.refetch().then(() => undefined)} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
        <PhoneListState
          pending={query.isPending}
          failed={query.isError}
          empty={!chosen && (matches ?? nodes).length === 0}
          emptyTitle={matches ? `未找到匹配的${title}` : `暂无${title}`}
          emptyDescription={!matches && can.add ? '点击“新增”添加' : ''}
        >
          {body}
        </PhoneListState>
      </PullToRefresh>
      <ResourcePhoneForm
        resource={resource}
        row={editing?.row ?? null}
        open={editing !== null}
        onClose={screen.closeForm}
        title={editing && !editing.row && editing.parentId ? `新增下级${title}` : undefined}
        initialValues={editing?.initialValues}
        onChanged={screen.saved}
        extra={
          editing?.row && can.remove ? (
            <div className="resource-tree-phone__remove">
              <Button block color="danger" fill="outline" loading={screen.removing} onClick={() => void confirmRemove(editing.row!)}>
                删除
              </Button>
            </div>
          ) : null
        }
      />
    </section>
  );
}
