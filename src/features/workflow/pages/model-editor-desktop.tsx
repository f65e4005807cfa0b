import { useMemo, useState } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { STEP_RELATIONS, STEP_RELATION_LABELS, assigneeLabel, type ProcessModel, type ProcessStep } from '@contract/workflow.ts';
import type { RoleRow } from '@contract/role.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import type { ValidatorRule } from '@/lib/form-rules.ts';
import { useModels } from '../api/get-models.ts';
import { useRoles } from '../api/get-roles.ts';
import { checkModel, modelFormValues, stepFieldKey, useSaveModel, type ModelFormValues } from '../api/save-model.ts';
import { sent } from '@/components/notification/show-failure.ts';
import { formatTime } from '../components/workflow-parts.tsx';

const MAX_STEPS = 10;

/** "1. 指导教师审批（学生的指导教师）→ 2. 实习办审批（实习办）" */
export const stepsText = (steps: ProcessStep[], roleNames: ReadonlyMap<string, string>) =>
  steps.map((step, index) => `${index + 1}. ${step.name}（${assigneeLabel(step.assignee, roleNames)}）`).join(' → ');

/** The 审批人 choices: the two relations to the applying student, then every role. */
function assigneeOptions(roles: RoleRow[], model: ProcessModel) {
  const known = new Set(roles.map((r) => r.id));
  // A step may go to a role deleted since: shown as such rather than as a bare id, and refused on saving.
  const missing = [...new Set(model.steps.flatMap((s) => (s.assignee.type === 'role' && !known.has(s.assignee.roleId) ? [s.assignee.roleId] : [])))];
  return [
    { label: '与申请学生的关系', title: '与申请学生的关系', options: STEP_RELATIONS.map((relation) => ({ value: `relation:${relation}`, label: STEP_RELATION_LABELS[relation] })) },
    {
      label: '角色',
      title: '角色',
      options: [...roles.map((role) => ({ value: `role:${role.id}`, label: role.roleName })), ...missing.map((id) => ({ value: `role:${id}`, label: `${id}（角色不存在）` }))],
    },
  ];
}

/** The steps of one process: name and 审批人 per step, moved, removed and added; checked with the shared schema before saving. */
function ModelForm({ model, roles, rolesPending, onDone }: { model: ProcessModel; roles: RoleRow[] | undefined; rolesPending: boolean; onDone: () => void }) {
  const [form] = Form.useForm<ModelFormValues>();
  const save = useSaveModel();
  const knownRoleIds = useMemo(() => (roles ? new Set(roles.map((r) => r.id)) : null), [roles]);
  const options = useMemo(() => assigneeOptions(roles ?? [], model), [roles, model]);
  const check = () => checkModel({ steps: form.getFieldValue('steps') as ModelFormValues['steps'] }, knownRoleIds);
  /** A field's rule: the whole form's check, its message for this place. */
  const ruleAt = (key: string): ValidatorRule => ({
    validator: () => {
      const message = check().errors?.[key];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
  // The list's own message (no steps, too many) follows its changes once shown.
  const recheckList = () => {
    if (form.getFieldError('steps').length > 0) void form.validateFields([['steps']]).catch(() => undefined);
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const { input } = check();
    if (!input || !(await sent(save.mutateAsync({ key: model.key, input })))) return;
    notify.success('流程已保存，之后提交的申请按新流程审批', { title: '流程模型' });
    onDone();
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={modelFormValues(model)} aria-label={`编辑流程：${model.name}`}>
      <Alert className="workflow-models__note" type="info" showIcon title="保存后，之后提交的申请按新流程审批；已在审批中的申请仍按提交时的流程。" />
      <Form.List name="steps" rules={[ruleAt('steps')]}>
        {(fields, { add, remove, move }, { errors }) => (
          <>
            <ol className="workflow-steps-edit">
              {fields.map((field, index) => (
                <li key={field.key} className="workflow-step-edit" aria-label={`第${index + 1}步`}>
                  <span className="workflow-step-edit__no" aria-hidden="true">
                    {index + 1}
                  </span>
                  <Form.Item className="workflow-step-edit__name" name={[field.name, 'name']} label="步骤名称" rules={[ruleAt(stepFieldKey(field.name, 'name'))]}>
                    <Input maxLength={20} showCount placeholder="例如：指导教师审批" autoComplete="off" />
                  </Form.Item>
                  <Form.Item className="workflow-step-edit__assignee" name={[field.name, 'assignee']} label="审批人" rules={[ruleAt(stepFieldKey(field.name, 'assignee'))]}>
                    <Select options={options} placeholder="请选择审批人" loading={rolesPending} showSearch={{ optionFilterProp: 'label' }} />
                  </Form.Item>
                  <Space className="workflow-step-edit__tools" size={4}>
                    <Button icon={<ArrowUpOutlined />} aria-label="上移" title="上移" disabled={index === 0} onClick={() => move(index, index - 1)} />
                    <Button icon={<ArrowDownOutlined />} aria-label="下移" title="下移" disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} />
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除步骤"
                      title="删除步骤"
                      onClick={() => {
                        remove(field.name);
                        recheckList();
                      }}
                    />
                  </Space>
                </li>
              ))}
            </ol>
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              // Named by its words alone (antd's icon would add "plus").
              aria-label="添加步骤"
              disabled={fields.length >= MAX_STEPS}
              onClick={() => {
                add({ name: '', assignee: undefined });
                recheckList();
              }}
            >
              添加步骤
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
      <Space className="workflow-models__actions">
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          保存
        </Button>
        <Button disabled={save.isPending} onClick={onDone}>
          取消
        </Button>
      </Space>
    </Form>
  );
}

/** 流程模型 on desktop and tablet: each process with its steps, edited in a drawer. */
export default function ModelEditorDesktop() {
  const models = useModels();
  const roles = useRoles();
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.roleName])), [roles.data]);
  // The model stays while the drawer closes, so its content does not vanish mid-animation.
  const [editing, setEditing] = useState<{ model: ProcessModel | null; open: boolean }>({ model: null, open: false });
  const close = () => setEditing((e) => ({ ...e, open: false }));

  const columns: TableColumnsType<ProcessModel> = [
    { title: '流程', dataIndex: 'name', width: 120 },
    { title: '审批步骤', dataIndex: 'steps', render: (steps: ProcessStep[]) => stepsText(steps, roleNames) },
    {
      title: '最后修改',
      dataIndex: 'updatedAt',
      width: 200,
      render: (value: string, row) => (
        <span className="workflow-models__updated">
          {formatTime(value)}
          <span>{row.updatedByName ?? '系统初始'}</span>
        </span>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_value, row) => (
        <Button type="link" size="small" aria-label={`编辑${row.name}流程`} onClick={() => setEditing({ model: row, open: true })}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <AntdProvider>
      <section className="workflow-list" aria-label="流程模型">
        <div className="workflow-list__toolbar">
          <h2 className="workflow-list__heading">流程模型</h2>
        </div>
        {roles.isError && <Alert className="workflow-models__note" type="warning" showIcon title="角色列表加载失败：按角色审批的步骤只显示角色编号，编辑时无法选择角色。" />}
        <Table<ProcessModel>
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={models.data ?? []}
          loading={models.isFetching}
          pagination={false}
          locale={{ emptyText: models.isPending ? '加载中…' : models.isError ? '加载失败，请稍后重试' : '暂无流程模型' }}
        />
      </section>
      <Drawer title={editing.model ? `编辑流程：${editing.model.name}` : '编辑流程'} size={720} open={editing.open} onClose={close} destroyOnHidden>
        {editing.model && <ModelForm key={`${editing.model.key}:${editing.model.updatedAt}`} model={editing.model} roles={roles.data} rolesPending={roles.isPending} onDone={close} />}
      </Drawer>
    </AntdProvider>
  );
}
