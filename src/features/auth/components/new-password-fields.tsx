import { Form, Input } from 'antd-mobile';
import type { z } from 'zod/mini';
import { MSG } from '@contract/messages.ts';
import { sameAsRule, zodRule } from '@/lib/form-rules.ts';

interface Props {
  /** The schema fields that check the password and its confirmation. */
  rules: { password: z.ZodMiniType; confirmpassword: z.ZodMiniType };
  labels?: { password: string; confirm: string };
  placeholders?: { password: string; confirm: string };
}

/** A new password and its confirmation, checked with the shared rules (registration, change, retrieval). */
export function NewPasswordFields({
  rules,
  labels = { password: '新密码', confirm: '确认新密码' },
  placeholders = { password: '请输入新密码', confirm: '请确认新密码' },
}: Props) {
  return (
    <>
      <Form.Item name="password" label={labels.password} rules={[zodRule(rules.password)]} description="8位以上，含字母、数字、符号">
        <Input type="password" placeholder={placeholders.password} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        label={labels.confirm}
        dependencies={['password']}
        rules={[zodRule(rules.confirmpassword), sameAsRule('password', MSG.passwordMismatch)]}
      >
        <Input type="password" placeholder={placeholders.confirm} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
