import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Button, CheckList, DotLoading, ErrorBlock, Form, Input, List, PullToRefresh, SearchBar } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { Popup } from '@/components/sheet/popup.tsx';
import { ORG_TYPES, type DepartTreeNode, type OrgType } from '@contract/depart.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { useDepartTree } from '../api/get-depart-tree.ts';
import { useDepartUsers } from '../api/get-depart-users.ts';
import { useSearchDeparts } from '../api/search-departs.ts';
import { useDepartActions, useDepartPermissions, useDepartRules } from './depart-parts.ts';
import { ancestorsOf, departChoices, departValues, findNode, newDepartValues, orgTypeLabel, selfAndBelow, type DepartFormValues } from './depart-tree.ts';
import './depart-list.css';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';

const TOP_LEVEL = '';

function Loading() {
  return (
    <div className="depart-phone__loading" role="status">
      加载中
      <DotLoading />
    </div>
  );
}

function OrgTypeInput({ value, onChange, disabled }: { value?: OrgType; onChange?: (value: OrgType | undefined) => void; disabled?: boolean }) {
  return <SingleChoice options={ORG_TYPES} value={value} onChange={(next) => onChange?.(next)} disabled={disabled} />;
}

/** The parent chooser: a field that opens a bottom sheet with every department it may be put under. */
function ParentInput({
  id,
  value,
  onChange,
  disabled,
  choices,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  choices: { value: string; label: string }[];
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const text = choices.find((c) => c.value === value)?.label ?? '无（顶级部门）';
  const pick = (values: (string | number)[]) => {
    const next = values.length > 0 ? String(values[values.length - 1]) : TOP_LEVEL;
    onChange?.(next === TOP_LEVEL ? null : next);
    setOpen(false);
  };
  return (
    <>
      <button type="button" id={id} className="depart-phone__choice" aria-haspopup="dialog" aria-label="上级部门" disabled={disabled} onClick={() => setOpen(true)}>
        <span className="depart-phone__choice-text">{text}</span>
        <span className="depart-phone__choice-arrow" aria-hidden>
          ›
        </span>
      </button>
      <Popup visible={open} position="bottom" onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} destroyOnClose>
        <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="depart-phone__picker">
          <div className="depart-phone__picker-head">
            <h2 id={titleId} className="depart-phone__picker-title">
              选择上级部门
            </h2>
            <button type="button" className="depart-phone__picker-cancel" onClick={() => setOpen(false)}>
              取消
            </button>
          </div>
          <div className="depart-phone__picker-list">
            <CheckList value={[value ?? TOP_LEVEL]} onChange={pick}>
              <CheckList.Item value={TOP_LEVEL}>无（顶级部门）</CheckList.Item>
              {choices.map((c) => (
                <CheckList.Item key={c.value} value={c.value}>
                  {c.label}
                </CheckList.Item>
              ))}
            </CheckList>
          </div>
        </div>
      </Popup>
    </>
  );
}

/** Add or edit a department in a full-screen popup (antd-mobile only); 删除 under the form when editing. */
function DepartPhoneForm({
  tree,
  editing,
  onClose,
  onRemoved,
}: {
  tree: DepartTreeNode[];
  editing: { node: DepartTreeNode | null; parentId: string | null } | null;
  onClose: () => void;
  onRemoved: (parentId: string | null) => void;
}) {
  const [form] = Form.useForm<DepartFormValues>();
  const node = editing?.node ?? null;
  const { canAdd, canEdit, canRemove } = useDepartPermissions();
  const actions = useDepartActions();
  const rules = useDepartRules(node?.id);
  const canSave = node ? canEdit : canAdd;
  const title = node ? (canSave ? '编辑部门' : '查看部门') : editing?.parentId ? '新增下级部门' : '新增部门';
  const choices = useMemo(() => {
    const excluded = node ? selfAndBelow(node) : new Set<string>();
    return departChoices(tree).filter((c) => !excluded.has(c.value));
  }, [tree, node]);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.node ? departValues(editing.node) : newDepartValues(editing.parentId));
  }, [editing, form]);

  const submit = async (values: DepartFormValues) => {
    if (await actions.save(values, node?.id)) onClose();
  };

  const confirmRemove = async () => {
    if (!node) return;
    const confirmed = await confirmDialog({ content: `确定删除部门“${node.departName}”吗?`, confirmText: '删除', cancelText: '取消' });
    if (confirmed && (await actions.remove(node.id))) onRemoved(node.parentId);
  };

  return (
    <Popup visible={editing !== null} onMaskClick={onClose} position="right" destroyOnClose bodyClassName="depart-phone__sheet">
      <div role="dialog" aria-modal="true" aria-label={title} className="depart-phone__dialog">
        <PhoneNavBar onBack={onClose}>{title}</PhoneNavBar>
        <div className="depart-phone__sheet-body">
          <Form
            form={form}
            name="depart-phone-form"
            layout="horizontal"
            mode="card"
            disabled={!canSave}
            onFinish={(values: DepartFormValues) => void submit(values)}
            footer={
              canSave ? (
                <Button block type="submit" color="primary" size="large" loading={actions.saving}>
                  保存
                </Button>
              ) : null
            }
          >
            <Form.Item name="departName" label="机构名称" required rules={rules.departName}>
              <Input placeholder="请输入机构名称" maxLength={100} clearable />
            </Form.Item>
            <Form.Item name="orgCode" label="机构编码" required rules={rules.orgCode}>
              <Input placeholder="请输入机构编码" maxLength={64} clearable autoComplete="off" />
            </Form.Item>
            <Form.Item name="orgType" label="机构类型">
              <OrgTypeInput />
            </Form.Item>
            <Form.Item name="parentId" label="上级部门">
              <ParentInput choices={choices} />
            </Form.Item>
            <Form.Item name="sortNo" label="排序" rules={rules.sortNo}>
              <Input type="number" inputMode="numeric" placeholder="越小越靠前" />
            </Form.Item>
          </Form>
          {node && canRemove && (
            <div className="depart-phone__remove">
              <Button block color="danger" fill="outline" loading={actions.removing} onClick={() => void confirmRemove()}>
                删除
              </Button>
            </div>
          )}
        </div>
      </div>
    </Popup>
  );
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

function DepartItem({ node, onOpen }: { node: DepartTreeNode; onOpen: (id: string) => void }) {
  return (
    <List.Item
      onClick={() => onOpen(node.id)}
      description={`${node.orgCode} · ${orgTypeLabel(node.orgType)}`}
      extra={node.children.length > 0 ? `${node.children.length} 个下级` : undefined}
    >
      {node.departName}
    </List.Item>
  );
}

function DepartUsersList({ node }: { node: DepartTreeNode }) {
  const users = useDepartUsers(node.id);
  return (
    <NamedList label="部门用户" header={`部门用户（${users.data?.length ?? 0}）`}>
      {users.isPending ? (
        <List.Item>
          <Loading />
        </List.Item>
      ) : users.isError ? (
        <List.Item>加载失败，请下拉刷新重试</List.Item>
      ) : users.data.length === 0 ? (
        <List.Item>该部门暂无用户</List.Item>
      ) : (
        users.data.map((u) => (
          <List.Item key={u.id} description={[u.username, u.workNo, u.phone].filter(Boolean).join(' · ')}>
            {u.realname}
          </List.Item>
        ))
      )}
    </NamedList>
  );
}

/** 部门管理 on the phone (antd-mobile only): a drill-down list, each department with its sub-departments and users. */
export default function DepartListPhone() {
  const tree = useDepartTree();
  const [keyword, setKeyword] = useState('');
  const search = useSearchDeparts(keyword);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ node: DepartTreeNode | null; parentId: string | null } | null>(null);
  const { canAdd, canEdit, canSeeUsers } = useDepartPermissions();
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const current = currentId ? findNode(nodes, currentId) : null;
  const open = (id: string) => {
    setKeyword('');
    setCurrentId(id);
  };

  let body;
  if (tree.isPending) body = <Loading />;
  else if (tree.isError && !tree.data) body = <ErrorBlock status="default" title="部门加载失败" description="请下拉刷新重试" />;
  else if (current) {
    const path = ancestorsOf(nodes, current.id).map((n) => n.departName);
    body = (
      <>
        <List mode="card" header="部门信息">
          <List.Item extra={current.orgCode}>机构编码</List.Item>
          <List.Item extra={orgTypeLabel(current.orgType)}>机构类型</List.Item>
          <List.Item extra={path.length > 0 ? path.join(' / ') : '无（顶级部门）'}>上级部门</List.Item>
        </List>
        <NamedList
          label="下级部门"
          header={
            <div className="depart-phone__header-action">
              <span>下级部门</span>
              {canAdd && (
                <Button size="mini" color="primary" fill="outline" onClick={() => setEditing({ node: null, parentId: current.id })}>
                  新增下级
                </Button>
              )}
            </div>
          }
        >
          {current.children.length === 0 ? <List.Item>暂无下级部门</List.Item> : current.children.map((n) => <DepartItem key={n.id} node={n} onOpen={open} />)}
        </NamedList>
        {canSeeUsers && <DepartUsersList node={current} />}
      </>
    );
  } else if (keyword) {
    body = !search.data ? (
      search.isError ? <ErrorBlock status="default" title="搜索失败" description="请稍后重试" /> : <Loading />
    ) : search.data.length === 0 ? (
      <ErrorBlock status="empty" title="未找到匹配的部门" description="" />
    ) : (
      <NamedList label="搜索结果">
        {search.data.map((n) => (
          <DepartItem key={n.id} node={findNode(nodes, n.id) ?? n} onOpen={open} />
        ))}
      </NamedList>
    );
  } else if (nodes.length === 0) body = <ErrorBlock status="empty" title="暂无部门" description={canAdd ? '点击“新增”添加部门' : ''} />;
  else {
    body = (
      <NamedList label="部门列表" header="组织机构">
        {nodes.map((n) => (
          <DepartItem key={n.id} node={n} onOpen={open} />
        ))}
      </NamedList>
    );
  }

  return (
    <section className="depart-phone" aria-label="部门管理">
      {current ? (
        <PhoneNavBar
          className="depart-phone__nav"
          backText="返回"
          onBack={() => setCurrentId(current.parentId && findNode(nodes, current.parentId) ? current.parentId : null)}
          right={
            canEdit ? (
              <Button size="mini" fill="none" color="primary" onClick={() => setEditing({ node: current, parentId: current.parentId })}>
                编辑
              </Button>
            ) : null
          }
        >
          {current.departName}
        </PhoneNavBar>
      ) : (
        <div className="depart-phone__top">
          <SearchBar placeholder="搜索部门名称" maxLength={100} onSearch={(value) => setKeyword(value.trim())} onClear={() => setKeyword('')} aria-label="搜索部门" />
          {canAdd && (
            <Button size="small" color="primary" onClick={() => setEditing({ node: null, parentId: null })}>
              新增
            </Button>
          )}
        </div>
      )}
      <PullToRefresh onRefresh={() => tree.refetch().then(() => undefined)} pullingText="下拉刷新" canReleaseText="释放立即刷新" refreshingText="加载中…" completeText="刷新成功">
        {body}
      </PullToRefresh>
      <DepartPhoneForm tree={nodes} editing={editing} onClose={() => setEditing(null)} onRemoved={(parentId) => {
          setEditing(null);
          setCurrentId(parentId);
        }}
      />
    </section>
  );
}
