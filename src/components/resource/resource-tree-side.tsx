import { useMemo, type ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Result, Space, Spin, Tree } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { TreeRow } from './resource-api.ts';
import { ResourceFormPanel } from './resource-form-modal.tsx';
import { findNode } from './tree-nodes.ts';
import type { TreeScreen } from './use-tree-screen.ts';
import './resource-tree.css';

export interface ResourceTreeSideProps {
  screen: TreeScreen;
  /** The tree's card title (组织机构). */
  heading: string;
  /** Shown below the chosen row's form (a department's users). */
  detail?: (row: TreeRow) => ReactNode;
  /** Said under the delete confirmation (which rows the server refuses to delete). */
  removeNote?: string;
}

interface TreeNode {
  key: string;
  title: string;
  children: TreeNode[];
}
const treeNodes = (rows: readonly TreeRow[], titleField: string): TreeNode[] => rows.map((row) => ({ key: row.id, title: String(row[titleField] ?? ''), children: treeNodes(row.children ?? [], titleField) }));

function Loading({ text }: { text: string }) {
  return (
    <div className="resource-tree-side__loading" role="status">
      <Spin size="small" /> {text}
    </div>
  );
}

/**
 * A tree resource's desktop screen for rows with more to show (antd): the tree with its search on the left, the
 * chosen row's form (or a new row's) on the right, with what the page shows of the row below it.
 */
export function ResourceTreeSide({ screen, heading, detail, removeNote }: ResourceTreeSideProps) {
  const { resource, tree, query, nodes, matches, expandedKeys, chosen, editing, can } = screen;
  const { title } = resource;
  const nameOf = (row: TreeRow) => String(row[resource.titleField] ?? '');
  const adding = editing && !editing.row ? editing : null;
  const parent = adding?.parentId ? findNode(nodes, adding.parentId) : null;
  // Search results are a flat list; the whole tree otherwise.
  const treeData = useMemo(() => treeNodes(matches ? matches.map((row) => ({ ...row, children: [] })) : nodes, resource.titleField), [matches, nodes, resource.titleField]);

  let treeBody;
  if (query.isPending) treeBody = <Loading text="加载中…" />;
  else if (query.isError && !query.data) treeBody = <Result status="warning" title={`${title}加载失败`} extra={<Button onClick={() => void query.refetch()}>重试</Button>} />;
  else if (matches?.length === 0) treeBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`未找到匹配的${title}`} />;
  else if (!matches && nodes.length === 0) treeBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${title}，请先添加`} />;
  else {
    treeBody = (
      <Tree<TreeNode>
        aria-label={`${title}树`}
        className="resource-tree-side__tree"
        blockNode
        showLine
        treeData={treeData}
        expandedKeys={matches ? [] : expandedKeys}
        onExpand={(keys) => screen.setExpanded(keys.map(String))}
        selectedKeys={chosen ? [chosen.id] : []}
        onSelect={(keys) => {
          const row = keys[0] === undefined ? null : findNode(nodes, String(keys[0]));
          if (row) screen.show(row);
        }}
      />
    );
  }

  let main;
  if (adding) {
    main = (
      <Card title={parent ? `添加下级：${nameOf(parent)}` : `添加${title}`}>
        <ResourceFormPanel
          key={`add:${adding.parentId ?? ''}`}
          resource={resource}
          row={null}
          initialValues={adding.initialValues}
          onSaved={(row) => {
            screen.saved(row);
            if (row) screen.show(row);
          }}
          onCancel={() => {
            screen.closeForm();
            screen.choose(adding.parentId);
          }}
        />
      </Card>
    );
  } else if (chosen) {
    main = (
      <>
        <Card title={`${title}信息：${nameOf(chosen)}`}>
          <ResourceFormPanel key={chosen.id} resource={resource} row={chosen} onSaved={screen.saved} onRemove={() => screen.remove(chosen)} removing={screen.removing} removeNote={removeNote} />
        </Card>
        {detail?.(chosen)}
      </>
    );
  } else {
    main = (
      <Card>
        <Empty description={can.add ? `请在左侧选择一个${title}，或点击“添加${title}”` : `请在左侧选择一个${title}`} />
      </Card>
    );
  }

  return (
    <AntdProvider>
      <section className="resource-tree-side" aria-label={`${title}管理`}>
        <Card title={heading} className="resource-tree-side__tree-card">
          {can.add && (
            <Space className="resource-tree-side__actions" wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => screen.openAdd(null)}>
                添加{title}
              </Button>
              <Button icon={<PlusOutlined />} disabled={!chosen} onClick={() => chosen && screen.openAdd(chosen.id)}>
                添加下级
              </Button>
            </Space>
          )}
          {tree.search && (
            <Input.Search
              className="resource-tree-side__search"
              placeholder={tree.search.placeholder}
              aria-label={`搜索${title}`}
              allowClear
              maxLength={100}
              onSearch={(value) => screen.setKeyword(value.trim())}
              onChange={(event) => {
                if (!event.target.value) screen.setKeyword('');
              }}
            />
          )}
          {treeBody}
        </Card>
        <div className="resource-tree-side__main">{main}</div>
      </section>
    </AntdProvider>
  );
}
