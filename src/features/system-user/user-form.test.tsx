import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { ResourceFormModal } from '@/components/resource/resource-form-modal.tsx';
import { ResourcePhoneForm } from '@/components/resource/resource-phone.tsx';
import { sessionStore } from '@/lib/session-store.ts';

/**
 * 系统管理 → 用户管理 → 新增 (SPEC.md section 5): the confirmation says 请重新输入登陆密码! when empty and
 * 两次输入的密码不一致！ at the field while the user types, and again when the password changes after it.
 * Both layouts build the form from USER_RESOURCE; inputs that load data (roles, departments, user
 * types) are stand-ins here.
 */

const MISMATCH = '两次输入的密码不一致！';
const CONFIRM_REQUIRED = '请重新输入登陆密码!';
const stub = () => <input />;
const standIns = { selectedroles: stub, selecteddeparts: stub, yhlx: stub };

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** The field's error line under the desktop form item holding this input. */
const desktopError = (input: HTMLElement) => input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
/** The same under the phone's form item. */
const phoneError = (input: HTMLElement) => input.closest('.adm-form-item')?.querySelector('.adm-form-item-feedback-error')?.textContent ?? null;

describe.each([
  {
    layout: 'desktop',
    renderForm: () => render(withQueries(<ResourceFormModal resource={USER_RESOURCE} row={null} open onClose={() => undefined} customInputs={standIns} />)),
    inputs: () => ({ password: screen.getByLabelText('登录密码'), confirm: screen.getByLabelText('确认密码') }),
    errorOf: desktopError,
  },
  {
    layout: 'phone',
    renderForm: () => {
      act(() => sessionStore.savePermissions({ menu: [], auth: [{ action: 'system:user:add', describe: '新增', type: '2', status: '1' }], allAuth: [] }));
      return render(withQueries(<ResourcePhoneForm resource={USER_RESOURCE} row={null} open onClose={() => undefined} customInputs={standIns} />));
    },
    inputs: () => ({ password: screen.getByPlaceholderText('请输入登录密码'), confirm: screen.getByPlaceholderText('请输入确认密码') }),
    errorOf: phoneError,
  },
])('新增用户 on the $layout: the password confirmation', ({ renderForm, inputs, errorOf }) => {
  it('says 两次输入的密码不一致！ at the field as the user types, and 请重新输入登陆密码! when emptied', async () => {
    renderForm();
    const { password, confirm } = inputs();
    type(password, 'Abc@12345');
    type(confirm, 'Abc@1234');
    await waitFor(() => expect(errorOf(confirm)).toBe(MISMATCH));
    type(confirm, '');
    await waitFor(() => expect(errorOf(confirm)).toBe(CONFIRM_REQUIRED));
    type(confirm, 'Abc@12345');
    await waitFor(() => expect(errorOf(confirm)).toBeNull());
  });

  it('checks the confirmation again when the password changes after it', async () => {
    renderForm();
    const { password, confirm } = inputs();
    type(password, 'Abc@12345');
    type(confirm, 'Abc@12345');
    await waitFor(() => expect(errorOf(confirm)).toBeNull());
    type(password, 'Xyz@12345');
    await waitFor(() => expect(errorOf(confirm)).toBe(MISMATCH));
    type(password, 'Abc@12345');
    await waitFor(() => expect(errorOf(confirm)).toBeNull());
  });
});
