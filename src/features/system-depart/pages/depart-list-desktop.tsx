import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Radio, Result, Space, Spin, Table, Tree, TreeSelect, type TableColumnsType } from 'antd';
import { ORG_TYPES, type DepartTreeNode, type DepartUser } from '@contract/depart.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { useDepartTree } from '../api/get-depart-tree.ts';
import { useDepartUsers } from '../api/get-depart-users.ts';
import { useSearchDeparts } from '../api/search-departs.ts';
import { useDepartActions, useDepartPermissions, useDepartRules } from './depart-parts.ts';
import { ancestorsOf, departValues, findNode, newDepartValues, selfAndBelow, type DepartFormValues } from './depart-tree.ts';
import './depart-list.css';

interface TreeSelectNode {
  value: string;
  title: string;
  disabled: boolean;
  children: TreeSelectNode[];
}

/** The parent chooser's tree: the department itself and those under it cannot be chosen. */
const parentChoices = (nodes: readonly DepartTreeNode[], excluded: Set<string>): TreeSelectNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.departName, disabled: excluded.has(n.id), children: parentChoices(n.children, excluded) }));

/** What the right side shows: a chosen department, or the form of a new one under a parent (null: top level). */
type Editing = { kind: 'edit'; id: string } | { kind: 'add'; parentId: string | null };

function DepartForm({
  tree,
  node,
  parentId,
  onSaved,
  onCancel,
  onRemoved,
}: {
  tree: DepartTreeNode[];
  /** The department edited; null adds one under parentId. */
  node: DepartTreeNode | null;
  parentId: string | null;
  onSaved: (node: DepartTreeNode) => void;
  /** Adding: leaves the new department's form. */
  onCancel?: () => void;
  /** Editing: after the department is deleted. */
  onRemoved?: (parentId: string | null) => void;
}) {
  const [form] = Form.useForm<DepartFormValues>();
  const { canAdd, canEdit, canRemove } = useDepartPermissions();
  const actions = useDepartActions();
  const rules = useDepartRules(node?.id);
  const canSave = node ? canEdit : canAdd;
  const choices = useMemo(() => parentChoices(tree, node ? selfAndBelow(node) : new Set()), [tree, node]);

  const submit = async (values: DepartFormValues) => {
    const saved = await actions.save(values, node?.id);
    if (saved) onSaved(saved);
  };

  return (
    <Form<DepartFormValues>
      form={form}
      name="depart-form"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 16 }}
      autoComplete="off"
      disabled={!canSave}
      initialValues={node ? departValues(node) : newDepartValues(parentId)}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="departName" label="机构名称" required rules={rules.departName}>
        <Input placeholder="请输入机构名称" maxLength={100} />
      </Form.Item>
      <Form.Item name="orgCode" label="机构编码" required rules={rules.orgCode}>
        <Input placeholder="请输入机构编码" maxLength={64} />
      </Form.Item>
      <Form.Item name="orgType" label="机构类型">
        <Radio.Group options={ORG_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
      </Form.Item>
      <Form.Item name="parentId" label="上级部门">
        <TreeSelect<string | null>
          treeData={choices}
          placeholder="无（顶级部门）"
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          notFoundContent="暂无部门"
        />
      </Form.Item>
      <Form.Item name="sortNo" label="排序" rules={rules.sortNo}>
        <InputNumber controls={false} min={0} max={9999} precision={0} placeholder="越小越靠前" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
        <Space>
          {canSave && (
            <Button type="primary" htmlType="submit" loading={actions.saving}>
              保存
            </Button>
          )}
          {node && canRemove && (
            <Popconfirm
              title={`确定删除部门“${node.departName}”吗?`}
              description="有下级部门或用户的部门不能删除"
              okText="确定"
              cancelText="取消"
              onConfirm={async () => {
                if (await actions.remove(node.id)) onRemoved?.(node.parentId);
              }}
            >
              {/* Deleting is its own permission: the form being read-only does not turn it off. */}
              <Button danger disabled={false} loading={actions.removing}>
                删除
              </Button>
            </Popconfirm>
          )}
          {!node && <Button onClick={onCancel}>取消</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <div className="depart-list__loading" role="status">
      <Spin size="small" /> {text}
    </div>
  );
}

const userColumns: TableColumnsType<DepartUser> = [
  { title: '用户账号', dataIndex: 'username', width: 140 },
  { title: '用户姓名', dataIndex: 'realname', width: 120 },
  { title: '工号', dataIndex: 'workNo', width: 120, render: (v: string | null) => v || '—' },
  { title: '手机号', dataIndex: 'phone', width: 140, render: (v: string | null) => v || '—' },
  { title: '邮箱', dataIndex: 'email', ellipsis: true, render: (v: string | null) => v || '—' },
];

function DepartUsers({ node }: { node: DepartTreeNode }) {
  const users = useDepartUsers(node.id);
  return (
    <Card title={`部门用户（${users.data?.length ?? 0}）`} size="small" className="depart-list__users" aria-label="部门用户">
      <Table<DepartUser>
        rowKey="id"
        size="small"
        columns={userColumns}
        dataSource={users.data ?? []}
        loading={users.isFetching}
        pagination={{ ...PAGER_ICONS, pageSize: 10, hideOnSinglePage: true, showTotal: (total) => `共 ${total} 人` }}
        locale={{ emptyText: users.isError ? '加载失败，请稍后重试' : '该部门暂无用户' }}
      />
    </Card>
  );
}

/** 部门管理 on desktop and tablet: the tree with its search on the left, the chosen department's form and users on the right. */
export default function DepartListDesktop() {
  const tree = useDepartTree();
  const [keyword, setKeyword] = useState('');
  const search = useSearchDeparts(keyword);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const { canAdd, canSeeUsers } = useDepartPermissions();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const selected = editing?.kind === 'edit' ? findNode(nodes, editing.id) : null;
  const parent = editing?.kind === 'add' && editing.parentId ? findNode(nodes, editing.parentId) : null;
  // Until the user opens or closes a branch, the top level is open.
  const expandedKeys = expanded ?? nodes.map((n) => n.id);
  const searching = keyword.length > 0;

  /** Shows a department, opening the branches above it (a new one is not in the tree yet: its parent's chain counts). */
  const reveal = ({ id, parentId }: Pick<DepartTreeNode, 'id' | 'parentId'>) => {
    setEditing({ kind: 'edit', id });
    const above = parentId ? [...ancestorsOf(nodes, parentId).map((n) => n.id), parentId] : [];
    setExpanded((keys) => [...new Set([...(keys ?? nodes.map((n) => n.id)), ...above])]);
  };

  let treeBody;
  if (tree.isPending) treeBody = <Loading text="加载中…" />;
  else if (tree.isError && !tree.data) {
    treeBody = <Result status="warning" title="部门加载失败" extra={<Button onClick={() => void tree.refetch()}>重试</Button>} />;
  } else if (searching && !search.data) treeBody = search.isError ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="搜索失败，请稍后重试" /> : <Loading text="搜索中…" />;
  else if (searching && (search.data ?? []).length === 0) treeBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未找到匹配的部门" />;
  else if (!searching && nodes.length === 0) treeBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无部门，请先添加" />;
  else {
    treeBody = (
      <Tree<DepartTreeNode>
        aria-label="部门树"
        className="depart-list__tree"
        blockNode
        showLine
        // Search results are a flat list; the full tree otherwise.
        treeData={searching ? (search.data ?? []).map((n) => ({ ...n, children: [] })) : nodes}
        expandedKeys={searching ? [] : expandedKeys}
        onExpand={(keys) => setExpanded(keys.map(String))}
        selectedKeys={selected ? [selected.id] : []}
        onSelect={(keys) => {
          const node = keys[0] === undefined ? null : findNode(nodes, String(keys[0]));
          if (node) reveal(node);
        }}
      />
    );
  }

  let detail;
  if (editing?.kind === 'add') {
    detail = (
      <Card title={parent ? `添加下级：${parent.departName}` : '添加部门'} className="depart-list__detail">
        <DepartForm
          key={`add-${editing.parentId ?? ''}`}
          tree={nodes}
          node={null}
          parentId={editing.parentId}
          onSaved={reveal}
          onCancel={() => setEditing(editing.parentId ? { kind: 'edit', id: editing.parentId } : null)}
        />
      </Card>
    );
  } else if (selected) {
    detail = (
      <>
        <Card title={`部门信息：${selected.departName}`} className="depart-list__detail">
          <DepartForm
            key={selected.id}
            tree={nodes}
            node={selected}
            parentId={selected.parentId}
            onSaved={reveal}
            onRemoved={(parentId) => setEditing(parentId ? { kind: 'edit', id: parentId } : null)}
          />
        </Card>
        {canSeeUsers && <DepartUsers node={selected} />}
      </>
    );
  } else {
    detail = (
      <Card className="depart-list__detail">
        <Empty description={canAdd ? '请在左侧选择一个部门，或点击“添加部门”' : '请在左侧选择一个部门'} />
      </Card>
    );
  }

  return (
    <AntdProvider>
      <section className="depart-list" aria-label="部门管理">
        <Card title="组织机构" className="depart-list__side">
          {canAdd && (
            <Space className="depart-list__actions" wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'add', parentId: null })}>
                添加部门
              </Button>
              <Button icon={<PlusOutlined />} disabled={!selected} onClick={() => selected && setEditing({ kind: 'add', parentId: selected.id })}>
                添加下级
              </Button>
            </Space>
          )}
          <Input.Search
            className="depart-list__search"
            placeholder="搜索部门名称"
            aria-label="搜索部门"
            allowClear
            maxLength={100}
            onSearch={(value) => setKeyword(value.trim())}
            onChange={(event) => {
              if (!event.target.value) setKeyword('');
            }}
          />
          {treeBody}
        </Card>
        <div className="depart-list__main">{detail}</div>
      </section>
    </AntdProvider>
  );
}
