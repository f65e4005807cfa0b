import { useEffect, useMemo } from 'react';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Switch } from 'antd';
import { MENU_TYPE_OPTIONS, PERMISSION_STATUS_OPTIONS, type PermissionNode } from '@contract/permission-admin.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { useSaveResource } from '@/components/resource/resource-api.ts';
import { TreeParentSelect } from '@/components/resource/tree-parent-select.tsx';
import { findNode } from '@/components/resource/tree-nodes.ts';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';
import { menuIcon } from '@/layouts/shell/menu-icons.tsx';
import { warnOfRefusal } from '@/lib/api-client.ts';
import { PERMS_TYPE_OPTIONS, newNodeValues, nodeValues, schemaRule, toPermissionInput, uniquePermsRule, type PermissionFormValues } from './permission-parts.ts';

const MENU_TYPES = MENU_TYPE_OPTIONS.map((o) => ({ value: Number(o.value), label: o.label }));
const [IN_FORCE, SWITCHED_OFF] = PERMISSION_STATUS_OPTIONS;
const SWITCHES = [
  { name: 'route', label: '是否路由', extra: '关闭后不生成路由' },
  { name: 'hidden', label: '隐藏路由', extra: '不在菜单中显示' },
  { name: 'keepAlive', label: '缓存路由', extra: '切换标签页时保留页面' },
  { name: 'alwaysShow', label: '聚合路由', extra: '只有一个下级时也显示本级' },
] as const;

const half = { labelCol: { span: 10 }, wrapperCol: { span: 14 } };

/**
 * 菜单管理's form (antd), the screen's own: its fields follow the type, checked with the shared schema's messages,
 * and saved through the resource's calls.
 */
export function PermissionFormModal({ screen }: { screen: TreeScreen }) {
  const { resource, editing, nodes } = screen;
  const [form] = Form.useForm<PermissionFormValues>();
  const save = useSaveResource(resource, screen.saved);
  // The tree's rows are /sys/permission/list's nodes.
  const node = (editing?.row ?? null) as unknown as PermissionNode | null;
  const parent = editing && !editing.row && editing.parentId ? findNode(nodes, editing.parentId) : null;
  const menuType = Form.useWatch('menuType', form) ?? 0;
  const external = Form.useWatch('internalOrExternal', form) ?? false;
  const icon = Form.useWatch('icon', form);
  // One rule per opening, so its pause-while-typing sees every keystroke.
  const permsUnique = useMemo(() => uniquePermsRule(node?.id), [node]);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(node ? nodeValues(node) : newNodeValues(editing.parentId));
  }, [editing, node, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const input = toPermissionInput({ ...form.getFieldsValue(true), ...values } as PermissionFormValues);
    try {
      await save.mutateAsync({ id: node?.id, values: input });
      notify.success(node ? '编辑成功！' : '添加成功！');
    } catch (error) {
      // The server's refusal stays in the open form; HTTP refusals were shown by the client.
      warnOfRefusal(error);
    }
  };

  const isButton = menuType === 2;
  const title = node ? `编辑${isButton ? '按钮' : '菜单'}` : parent ? `添加下级：${String(parent.name)}` : '新增菜单';

  return (
    <Modal
      title={title}
      open={editing !== null}
      width={720}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={screen.closeForm}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="permission-form" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} autoComplete="off">
        <Form.Item name="menuType" label="菜单类型" required>
          <Radio.Group options={MENU_TYPES} />
        </Form.Item>
        <Form.Item name="name" label={isButton ? '按钮名称' : '菜单名称'} required rules={[schemaRule('name')]}>
          <Input placeholder={isButton ? '请输入按钮名称' : '请输入菜单名称'} maxLength={50} />
        </Form.Item>
        {menuType !== 0 && (
          <Form.Item name="parentId" label="上级菜单" required dependencies={['menuType']} rules={[schemaRule('parentId')]}>
            <TreeParentSelect resource={resource} selfId={node?.id} placeholder="请选择上级菜单" />
          </Form.Item>
        )}
        {isButton ? (
          <>
            <Form.Item
              name="perms"
              label="授权标识"
              required
              dependencies={['menuType']}
              rules={[schemaRule('perms'), permsUnique]}
              extra="格式如 system:user:add，与页面上按钮的权限编码一致"
            >
              <Input placeholder="请输入授权标识" maxLength={100} spellCheck={false} />
            </Form.Item>
            <Form.Item name="permsType" label="授权策略">
              <Radio.Group options={PERMS_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
            <Form.Item
              name="status"
              label="状态"
              valuePropName="checked"
              getValueProps={(value: string | undefined) => ({ checked: value !== '0' })}
              normalize={(checked: boolean) => (checked ? '1' : '0')}
              extra="生效：只有被授权的角色能看到并使用此按钮；停用：所有人都能看到并使用"
            >
              <Switch checkedChildren={IN_FORCE.label} unCheckedChildren={SWITCHED_OFF.label} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="internalOrExternal" label="打开方式">
              <Radio.Group
                options={[
                  { value: false, label: '内部' },
                  { value: true, label: '外部' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="url"
              label="菜单路径"
              required
              dependencies={['menuType', 'internalOrExternal']}
              rules={[schemaRule('url')]}
              extra={external ? '外部链接在新窗口打开，须以 http:// 或 https:// 开头' : '以 / 开头；填写 http(s) 地址时在页面内嵌显示'}
            >
              <Input placeholder={external ? 'https://' : '如 /system/user'} maxLength={500} spellCheck={false} />
            </Form.Item>
            {!external && (
              <>
                <Form.Item name="component" label="前端组件" dependencies={['menuType', 'internalOrExternal', 'url']} rules={[schemaRule('component')]}>
                  <Input placeholder="如 system/UserList" maxLength={200} spellCheck={false} />
                </Form.Item>
                <Form.Item name="componentName" label="组件名称" rules={[schemaRule('componentName')]}>
                  <Input placeholder="如 system-user" maxLength={100} spellCheck={false} />
                </Form.Item>
              </>
            )}
            <Form.Item name="redirect" label="默认跳转地址" rules={[schemaRule('redirect')]}>
              <Input placeholder="打开本菜单时跳转到的下级路径" maxLength={500} spellCheck={false} />
            </Form.Item>
            <Form.Item name="icon" label="菜单图标" rules={[schemaRule('icon')]} extra="图标名称，如 setting、team、user">
              <Input prefix={menuIcon(icon)} placeholder="请输入图标名称" maxLength={100} spellCheck={false} />
            </Form.Item>
          </>
        )}
        <Form.Item name="sortNo" label="排序" rules={[schemaRule('sortNo')]}>
          <InputNumber controls={false} min={0} max={9999} precision={0} placeholder="数字越小越靠前" style={{ width: 200 }} />
        </Form.Item>
        {!isButton && (
          <Row>
            {SWITCHES.map((s) => (
              <Col span={12} key={s.name}>
                <Form.Item name={s.name} label={s.label} valuePropName="checked" tooltip={s.extra} {...half}>
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
            ))}
          </Row>
        )}
      </Form>
    </Modal>
  );
}
