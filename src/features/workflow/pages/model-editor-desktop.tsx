import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Input, Select, Space } from 'antd';
import type { ProcessModel } from '@contract/workflow.ts';
import type { RoleRow } from '@contract/role.ts';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import { modelFormValues, stepFieldKey, type ModelFormValues } from '../api/save-model.ts';
import { useModelForm, type ModelEditorState } from '../components/use-model-editor.ts';
import { formatTime } from '../components/workflow-parts.tsx';

const MAX_STEPS = 10;

/** The steps of one process: name and 审批人 per step, moved, removed and added; checked with the shared schema before saving. */
function ModelForm({ model, roles, rolesPending, onDone }: { model: ProcessModel; roles: RoleRow[] | undefined; rolesPending: boolean; onDone: () => void }) {
  const [form] = Form.useForm<ModelFormValues>();
  const { options, ruleAt, recheckList, submit, pending } = useModelForm(form, model, roles, onDone);
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
        <Button type="primary" loading={pending} onClick={() => void submit()}>
          保存
        </Button>
        <Button disabled={pending} onClick={onDone}>
          取消
        </Button>
      </Space>
    </Form>
  );
}

/** 流程模型 on desktop and tablet: each process with its steps, edited in a drawer. */
export default function ModelEditorDesktop({ state }: { state: ModelEditorState }) {
  const { list, roles, editing } = state;
  return (
    <ListDesktop
      list={list}
      cells={{
        updatedAt: (row) => (
          <span className="workflow-models__updated">
            {formatTime(row.updatedAt)}
            <span>{row.updatedByName ?? '系统初始'}</span>
          </span>
        ),
      }}
      above={roles.isError && <Alert className="workflow-models__note" type="warning" showIcon title="角色列表加载失败：按角色审批的步骤只显示角色编号，编辑时无法选择角色。" />}
    >
      <Drawer title={editing ? `编辑流程：${editing.name}` : '编辑流程'} size={720} open={state.editorOpen} onClose={state.close} destroyOnHidden>
        {editing && <ModelForm key={`${editing.key}:${editing.updatedAt}`} model={editing} roles={roles.data} rolesPending={roles.isPending} onDone={state.close} />}
      </Drawer>
    </ListDesktop>
  );
}
